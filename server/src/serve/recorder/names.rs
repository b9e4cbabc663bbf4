//! Take names and where takes live: `<storage>/takes/NAME.pwtake`.

use std::path::{Path, PathBuf};

/// The extension of take files.
pub const EXTENSION: &str = "pwtake";

/// The longest take name.
pub const MAX_NAME_LEN: usize = 100;

/// The take folder of a storage folder.
pub fn takes_dir(storage: &Path) -> PathBuf {
    storage.join("takes")
}

/// The file of a take name in a take folder.
pub fn take_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("{name}.{EXTENSION}"))
}

/// Checks a take name: letters, digits, `-`, `_`, `.`, at most 100
/// characters, not starting with `.`.
pub fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("a take name cannot be empty".into());
    }
    if name.len() > MAX_NAME_LEN {
        return Err(format!(
            "take name `{name}` is longer than {MAX_NAME_LEN} characters"
        ));
    }
    if name.starts_with('.') {
        return Err(format!("take name `{name}` cannot start with `.`"));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
    {
        return Err(format!(
            "take name `{name}` holds `{c}`: use letters, digits, `-`, `_` and `.`"
        ));
    }
    Ok(())
}

/// A default take name: the avatar's id and the UTC date and time.
pub fn default_name(avatar_id: &str, unix_ns: i64) -> String {
    let secs = unix_ns.div_euclid(1_000_000_000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{avatar_id}-{y:04}{m:02}{d:02}-{:02}{:02}{:02}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// Year, month, day of a day count since 1970-01-01 (H. Hinnant's
/// algorithm).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        assert!(check_name("scene-1_take.2").is_ok());
        for bad in ["", ".hidden", "a/b", "a b", &"x".repeat(101)] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        // 2026-11-30 09:18:01 UTC.
        assert_eq!(
            default_name("alice", 1_796_030_281_000_000_000),
            "alice-20261130-091801"
        );
    }
}
