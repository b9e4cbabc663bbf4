//! What a reader found wrong with a take's bytes: damaged regions it
//! skipped (valid records follow them) and a torn tail (nothing valid
//! follows).

use std::fmt;

/// A damaged stretch of a take in the middle of the file: bytes that are
/// not a whole, checked, readable record, followed by valid records. The
/// reader skips it and goes on with the next valid record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damage {
    /// Where the damaged bytes start in the file.
    pub offset: u64,
    /// How many bytes were skipped.
    pub skipped_bytes: u64,
    /// How many records the skipped bytes held, when their length fields
    /// still lead from one to the next (`None`: unknown, at least one).
    pub skipped_records: Option<u64>,
    /// Whole records read after it, up to the next damage or the end.
    pub recovered_records: u64,
    /// What was found at the offset.
    pub reason: String,
}

impl fmt::Display for Damage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let records = match self.skipped_records {
            Some(1) => "1 record".to_string(),
            Some(n) => format!("{n} records"),
            None => "at least 1 record".to_string(),
        };
        write!(
            f,
            "damaged at byte {} ({}): {} bytes ({records}) skipped, {} records recovered after it",
            self.offset, self.reason, self.skipped_bytes, self.recovered_records
        )
    }
}

/// Where a take's file stopped being whole, and what was dropped: the tail
/// of a write that was interrupted (a crash, a kill, a full disk), or
/// damage with no valid record after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TailCut {
    /// The length of the whole part: the file is cut here.
    pub offset: u64,
    /// Bytes after the cut that were not a whole record.
    pub dropped_bytes: u64,
    /// What was found at the cut.
    pub reason: String,
}

impl fmt::Display for TailCut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the take was cut short at byte {} ({}); the {} bytes after it were dropped",
            self.offset, self.reason, self.dropped_bytes
        )
    }
}
