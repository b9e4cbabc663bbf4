//! Opening a take: every whole record, with a torn tail cut cleanly and
//! reported.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::codec::decode;
use crate::error::TakeError;
use crate::frame::{split, FILE_HEADER_BYTES, FORMAT_VERSION, SIGNATURE};
use crate::record::{Marker, ProfileChange, Record, SolveVersion, SolvedFrame, TakeInfo, Tick};

/// Where a take's file stopped being whole, and what was dropped: the tail
/// of a write that was interrupted (a crash, a kill, a full disk).
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

/// A take as read from disk.
#[derive(Debug, Clone, PartialEq)]
pub struct Take {
    /// The file it was read from.
    pub path: PathBuf,
    /// The take's identity (with the latest name if it was renamed).
    pub info: TakeInfo,
    /// The body profiles in force, in tick order (usually one).
    pub profiles: Vec<ProfileChange>,
    /// The daemon configuration in force, as TOML, if recorded.
    pub config: Option<String>,
    /// What each tick consumed, in order.
    pub ticks: Vec<Tick>,
    /// The solved versions, in order (1 = the live solve).
    pub versions: Vec<SolveVersion>,
    /// Every solved frame of every version, in file order.
    pub solved: Vec<SolvedFrame>,
    /// The markers.
    pub markers: Vec<Marker>,
    /// Why recording stopped, if it was stopped rather than cut short.
    pub ended: Option<String>,
    /// The torn tail that was left out, if any.
    pub cut: Option<TailCut>,
    /// Records of kinds this build does not know, skipped.
    pub skipped_records: usize,
}

impl Take {
    /// The newest solved version, if any.
    pub fn latest_version(&self) -> Option<u32> {
        self.versions.iter().map(|v| v.version).max()
    }

    /// The solved frames of one version, in order.
    pub fn frames(&self, version: u32) -> impl Iterator<Item = &SolvedFrame> {
        self.solved.iter().filter(move |f| f.version == version)
    }

    /// Seconds from the first to the last tick.
    pub fn duration_s(&self) -> f64 {
        match (self.ticks.first(), self.ticks.last()) {
            (Some(a), Some(b)) => b.time_s - a.time_s,
            _ => 0.0,
        }
    }

    /// The profile in force at a tick.
    pub fn profile_at(&self, sequence: u64) -> Option<&ProfileChange> {
        self.profiles
            .iter()
            .rev()
            .find(|p| p.from_sequence <= sequence)
            .or(self.profiles.first())
    }
}

/// Reads a take. A torn tail is left out and reported in [`Take::cut`]
/// (the file is not changed; [`cut_tail`] does that before appending).
pub fn open(path: &Path) -> Result<Take, TakeError> {
    let bytes = posewire_body::bounded_read::read_bounded(path, posewire_body::bounded_read::TAKE)?;
    parse(path, &bytes)
}

/// Cuts a take's torn tail off the file itself, so that records can be
/// appended after it; returns what was cut.
pub fn cut_tail(path: &Path) -> Result<Option<TailCut>, TakeError> {
    let take = open(path)?;
    if let Some(cut) = &take.cut {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .and_then(|f| f.set_len(cut.offset).and_then(|()| f.sync_all()))
            .map_err(|source| TakeError::Io {
                path: path.to_path_buf(),
                action: "cutting the torn tail",
                source,
            });
        file?;
    }
    Ok(take.cut)
}

pub(crate) fn parse(path: &Path, bytes: &[u8]) -> Result<Take, TakeError> {
    let path_buf = path.to_path_buf();
    if bytes.len() < 8 || bytes[..8] != SIGNATURE {
        return Err(TakeError::NotATake { path: path_buf });
    }
    if bytes.len() < FILE_HEADER_BYTES as usize {
        return Err(TakeError::Malformed {
            path: path_buf,
            offset: 8,
            reason: "the format version is cut short".into(),
        });
    }
    let mut v = [0u8; 4];
    v.copy_from_slice(&bytes[8..12]);
    let version = u32::from_le_bytes(v);
    if version > FORMAT_VERSION || version == 0 {
        return Err(TakeError::NewerVersion {
            path: path_buf,
            found: version,
            supported: FORMAT_VERSION,
        });
    }
    let split = split(&bytes[FILE_HEADER_BYTES as usize..], FILE_HEADER_BYTES);
    let malformed = |offset: u64, reason: String| TakeError::Malformed {
        path: path.to_path_buf(),
        offset,
        reason,
    };
    let mut take: Option<Take> = None;
    let mut skipped = 0usize;
    for framed in &split.records {
        let record = decode(framed.kind, framed.payload)
            .map_err(|reason| malformed(framed.offset, reason))?;
        let Some(record) = record else {
            skipped += 1;
            continue;
        };
        let Some(t) = take.as_mut() else {
            match record {
                Record::Info(info) => {
                    take = Some(empty(path, info));
                    continue;
                }
                _ => {
                    return Err(malformed(
                        framed.offset,
                        "the first record is not the take's identity".into(),
                    ))
                }
            }
        };
        if t.ended.is_some() {
            // Appending after an end (a re-solve, a late marker) reopens it.
            t.ended = None;
        }
        match record {
            Record::Info(_) => {
                return Err(malformed(framed.offset, "a second identity record".into()))
            }
            Record::Profile(p) => t.profiles.push(p),
            Record::Config(c) => t.config = Some(c),
            Record::Tick(tick) => {
                if let Some(last) = t.ticks.last() {
                    if tick.sequence <= last.sequence {
                        return Err(malformed(
                            framed.offset,
                            format!(
                                "tick {} after tick {} (ticks must increase)",
                                tick.sequence, last.sequence
                            ),
                        ));
                    }
                }
                t.ticks.push(tick);
            }
            Record::Version(v) => {
                if t.versions.iter().any(|o| o.version == v.version) {
                    return Err(malformed(
                        framed.offset,
                        format!("solved version {} appears twice", v.version),
                    ));
                }
                t.versions.push(v);
            }
            Record::Solved(f) => {
                if !t.versions.iter().any(|v| v.version == f.version) {
                    return Err(malformed(
                        framed.offset,
                        format!(
                            "a frame of solved version {}, which was never started",
                            f.version
                        ),
                    ));
                }
                t.solved.push(f);
            }
            Record::Marker(m) => t.markers.push(m),
            Record::Renamed(name) => t.info.name = name,
            Record::End(why) => t.ended = Some(why),
        }
    }
    let cut = split.tail.map(|(offset, reason)| TailCut {
        offset,
        dropped_bytes: bytes.len() as u64 - offset,
        reason,
    });
    match take {
        Some(mut t) => {
            t.cut = cut;
            t.skipped_records = skipped;
            Ok(t)
        }
        None => Err(malformed(
            FILE_HEADER_BYTES,
            match cut {
                Some(c) => format!("the take's identity record is not whole: {}", c.reason),
                None => "the take holds no records".into(),
            },
        )),
    }
}

fn empty(path: &Path, info: TakeInfo) -> Take {
    Take {
        path: path.to_path_buf(),
        info,
        profiles: Vec::new(),
        config: None,
        ticks: Vec::new(),
        versions: Vec::new(),
        solved: Vec::new(),
        markers: Vec::new(),
        ended: None,
        cut: None,
        skipped_records: 0,
    }
}
