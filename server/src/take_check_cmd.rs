//! `posewire takes check TAKE`: a take file's health, read from the file
//! itself (no daemon needed): whole, torn tail, or damaged regions with
//! their offsets and counts; the valid records by kind; whether and why
//! it ended. Exits non-zero when any byte of the take could not be read.

use std::fmt::Write as _;
use std::path::Path;

use posewire_takes::Take;

/// Checks the take (a file's path, or a take's name in `storage/takes/`):
/// prints its health on stdout, and fails, naming the damage, unless every
/// byte was read.
pub fn run(take: &str, storage: &Path) -> anyhow::Result<()> {
    let path = crate::export_cmd::locate_take(take, storage)?;
    let t = posewire_takes::open(&path)?;
    let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
    crate::print_stdout(&report(&t, bytes))?;
    if !t.is_whole() || t.missing().is_some() {
        anyhow::bail!("{}: {}", path.display(), verdict(&t));
    }
    Ok(())
}

/// The one-line verdict: whole, torn tail, damaged, or what it lacks to be
/// exported (a take is only called whole if it exports).
fn verdict(t: &Take) -> String {
    let mut parts = Vec::new();
    if let Some(missing) = t.missing() {
        parts.push(format!("cannot be exported: {missing}"));
    }
    if !t.damage.is_empty() {
        let skipped: u64 = t.damage.iter().map(|d| d.skipped_bytes).sum();
        parts.push(format!(
            "damaged: {} region(s), {skipped} bytes skipped",
            t.damage.len()
        ));
    }
    if let Some(cut) = &t.cut {
        parts.push(format!(
            "torn tail: {} bytes after byte {}",
            cut.dropped_bytes, cut.offset
        ));
    }
    if parts.is_empty() {
        "whole".to_string()
    } else {
        parts.join("; ")
    }
}

/// The health report, one fact per line.
fn report(t: &Take, bytes: u64) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "take\t{} ({bytes} bytes)", t.path.display());
    let _ = writeln!(out, "health\t{}", verdict(t));
    for d in &t.damage {
        let _ = writeln!(out, "damage\t{d}");
    }
    if let Some(cut) = &t.cut {
        let _ = writeln!(out, "torn tail\t{cut}");
    }
    if t.guessed_info {
        let _ = writeln!(
            out,
            "identity\tdamaged: name, rate and solver pieced together from the rest"
        );
    }
    if !t.restored.is_empty() {
        let _ = writeln!(
            out,
            "restored\t{} read from the copies later in the file (the originals were damaged)",
            t.restored.join(", ")
        );
    }
    let _ = writeln!(out, "records\t{}", t.counts);
    if t.skipped_records > 0 {
        let _ = writeln!(
            out,
            "unknown\t{} records of kinds this build does not know",
            t.skipped_records
        );
    }
    let ended = match (&t.ended, t.stop_error()) {
        (_, Some(error)) => format!("stopped by an error: {error}"),
        (Some(why), None) => format!("ended: {why}"),
        (None, None) => "no end record (cut short, or still recording)".to_string(),
    };
    let _ = writeln!(out, "end\t{ended}");
    out
}
