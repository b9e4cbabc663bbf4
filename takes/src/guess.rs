//! A take's identity pieced together when its identity record is damaged:
//! the name from the file, the rate and solver from the recorded
//! configuration (else the rate from the ticks' spacing), the rest marked
//! unknown. The records themselves are kept as they were.

use std::path::Path;

use crate::record::{Record, TakeInfo};

/// The loop rate assumed when neither the configuration nor the ticks say
/// (the daemon's default).
const FALLBACK_RATE_HZ: f64 = 90.0;

/// What stands for a value the damaged identity held.
const UNKNOWN: &str = "unknown (the identity record was damaged)";

/// The identity of a take whose identity record is damaged, from its
/// other records.
pub(crate) fn guess_info(path: &Path, records: &[(u64, Record)]) -> TakeInfo {
    let config = records.iter().find_map(|(_, r)| match r {
        Record::Config(c) => Some(c.as_str()),
        _ => None,
    });
    let setting = |key: &str| config.and_then(|c| setting(c, key));
    let rate_hz = setting("rate_hz")
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|r| r.is_finite() && *r > 0.0)
        .or_else(|| rate_from_ticks(records))
        .unwrap_or(FALLBACK_RATE_HZ);
    let name = records
        .iter()
        .rev()
        .find_map(|(_, r)| match r {
            Record::Renamed(n) => Some(n.clone()),
            _ => None,
        })
        .or_else(|| path.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .unwrap_or_else(|| UNKNOWN.to_string());
    TakeInfo {
        name,
        avatar_id: UNKNOWN.to_string(),
        created_unix_ns: 0,
        rate_hz,
        timecode_start: None,
        solver: setting("solver")
            .map(|s| s.trim_matches('"').to_string())
            .unwrap_or_else(|| UNKNOWN.to_string()),
        software: UNKNOWN.to_string(),
    }
}

/// The value of a top-level `key = value` line of the recorded
/// configuration (the daemon writes it so; no TOML parser needed here).
fn setting<'a>(config: &'a str, key: &str) -> Option<&'a str> {
    config.lines().find_map(|line| {
        let (k, v) = line.split_once('=')?;
        (k.trim() == key).then(|| v.trim())
    })
}

/// The rate of the ticks: one over the median gap between ticks one
/// sequence apart.
fn rate_from_ticks(records: &[(u64, Record)]) -> Option<f64> {
    let ticks: Vec<(u64, f64)> = records
        .iter()
        .filter_map(|(_, r)| match r {
            Record::Tick(t) => Some((t.sequence, t.time_s)),
            _ => None,
        })
        .collect();
    let mut gaps: Vec<f64> = ticks
        .windows(2)
        .filter(|w| w[1].0 == w[0].0 + 1)
        .map(|w| w[1].1 - w[0].1)
        .filter(|g| g.is_finite() && *g > 0.0)
        .collect();
    if gaps.is_empty() {
        return None;
    }
    gaps.sort_by(f64::total_cmp);
    Some(1.0 / gaps[gaps.len() / 2])
}
