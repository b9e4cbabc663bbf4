//! The id rule shared by avatars, profiles, objects and cluster nodes and
//! spaces. A leaf, so the configuration, the services and the cluster can
//! all check ids without importing each other.

/// Checks an avatar or profile id: 1 to 64 characters of a-z, 0-9, `-`, `_`.
pub fn check_id(id: &str) -> Result<(), String> {
    let ok = !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(format!(
            "`{}` is not an id: use 1 to 64 characters of a-z, 0-9, `-` and `_`",
            clip(id)
        ))
    }
}

/// The most characters of a client's text an error repeats.
pub const CLIPPED_CHARS: usize = 120;

/// A client's text as an error repeats it: at most [`CLIPPED_CHARS`]
/// characters, then how long it was, so that an error (and its
/// `grpc-message` header) stays short whatever was sent.
pub fn clip(text: &str) -> String {
    match text.char_indices().nth(CLIPPED_CHARS) {
        None => text.to_string(),
        Some((end, _)) => format!("{}... ({} bytes in all)", &text[..end], text.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_are_clipped_to_a_prefix_and_their_length() {
        assert_eq!(clip("short"), "short");
        let long = "é".repeat(70_000);
        let c = clip(&long);
        assert!(c.len() < 300, "{}", c.len());
        assert!(c.ends_with("... (140000 bytes in all)"), "{c}");
        assert!(check_id(&long).expect_err("long").len() < 400);
    }
}
