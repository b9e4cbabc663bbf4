//! Opening a take: every valid record, with damaged regions skipped and a
//! torn tail left out, both reported.

use std::path::{Path, PathBuf};

use crate::counts::RecordCounts;
use crate::damage::{Damage, TailCut};
use crate::error::TakeError;
use crate::frame::FILE_HEADER_BYTES;
use crate::guess::guess_info;
use crate::object_record::{ObjectChange, ObjectGone, ObjectMotion, ObjectSeen};
use crate::record::{
    AppliedPush, Marker, ProfileChange, Record, SolveVersion, SolvedFrame, TakeInfo, Tick,
    VitalCopy,
};
use crate::scan::scan;

/// How an end record starts when recording was stopped by an error (a full
/// disk, a vanished folder); the error follows.
pub const STOPPED_BY_ERROR: &str = "stopped by an error: ";

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
    /// The pushes applied to the body, in tick order.
    pub pushes: Vec<AppliedPush>,
    /// The space's objects as first seen (takes recorded before objects
    /// have none).
    pub objects: Vec<ObjectSeen>,
    /// The objects' states after each recorded tick, in file order.
    pub object_motion: Vec<ObjectMotion>,
    /// Objects that left the space.
    pub objects_gone: Vec<ObjectGone>,
    /// The changes applied to the objects between ticks, in tick order
    /// (a re-solve replays them).
    pub object_changes: Vec<ObjectChange>,
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
    /// The damaged regions skipped in the middle of the file (valid
    /// records follow each), in file order.
    pub damage: Vec<Damage>,
    /// Whether the take's identity record was damaged, so that [`info`]
    /// was pieced together from the rest (the file's name, the recorded
    /// configuration, the ticks' spacing).
    ///
    /// [`info`]: Take::info
    pub guessed_info: bool,
    /// The vital records whose originals were lost and that were read
    /// from their later copies instead ("identity", "configuration",
    /// "profile").
    pub restored: Vec<&'static str>,
    /// The valid records read, by kind.
    pub counts: RecordCounts,
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

    /// Whether every byte of the file was read: no damage, no torn tail.
    pub fn is_whole(&self) -> bool {
        self.damage.is_empty() && self.cut.is_none()
    }

    /// What the take lacks to be exported or re-solved, if anything: its
    /// body profile, when neither the original nor a copy was readable.
    pub fn missing(&self) -> Option<&'static str> {
        self.profiles
            .is_empty()
            .then_some("the take holds no body profile")
    }

    /// The error that stopped the recording, if its end record says so.
    pub fn stop_error(&self) -> Option<&str> {
        self.ended.as_deref()?.strip_prefix(STOPPED_BY_ERROR)
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

/// Reads a take. Damaged records are skipped and reported in
/// [`Take::damage`], a torn tail is left out and reported in [`Take::cut`]
/// (the file is not changed; [`cut_tail`] cuts a torn tail before
/// appending).
pub fn open(path: &Path) -> Result<Take, TakeError> {
    let bytes = posewire_body::bounded_read::read_bounded(path, posewire_body::bounded_read::TAKE)?;
    parse(path, &bytes)
}

/// Cuts a take's torn tail off the file itself, so that records can be
/// appended after it; returns what was cut. Only bytes after the last
/// valid record are ever cut: damage in the middle stays as it is.
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
    from_bytes(path, bytes)
}

/// Reads a take from its bytes (`path` names it in errors and is the
/// take's [`Take::path`]).
pub fn from_bytes(path: &Path, bytes: &[u8]) -> Result<Take, TakeError> {
    let scanned = scan(path, bytes)?;
    let malformed = |offset: u64, reason: String| TakeError::Malformed {
        path: path.to_path_buf(),
        offset,
        reason,
    };
    let (records, copies): (Vec<_>, Vec<_>) = scanned
        .records
        .into_iter()
        .partition(|(_, r)| !matches!(r, Record::Copy(_)));
    let copies: Vec<VitalCopy> = copies
        .into_iter()
        .filter_map(|(_, r)| match r {
            Record::Copy(c) => Some(c),
            _ => None,
        })
        .collect();
    let copied_info = copies.iter().find_map(|c| match c {
        VitalCopy::Info(i) => Some(i.clone()),
        _ => None,
    });
    let (mut take, skip) = match (records.first(), copied_info) {
        (Some((_, Record::Info(info))), _) => (empty(path, info.clone()), 1),
        (Some((offset, _)), _) if scanned.damage.is_empty() => {
            return Err(malformed(
                *offset,
                "the first record is not the take's identity".into(),
            ))
        }
        (_, Some(info)) => {
            let mut t = empty(path, info);
            t.restored.push("identity");
            (t, 0)
        }
        (Some(_), None) => {
            let mut t = empty(path, guess_info(path, &records));
            t.guessed_info = true;
            (t, 0)
        }
        (None, None) => {
            return Err(malformed(
                FILE_HEADER_BYTES,
                match (&scanned.cut, scanned.damage.first()) {
                    (Some(c), _) => {
                        format!("the take's identity record is not whole: {}", c.reason)
                    }
                    (None, Some(d)) => format!("the take holds no valid record: {}", d.reason),
                    (None, None) => "the take holds no records".into(),
                },
            ))
        }
    };
    take.counts.info = usize::from(skip == 1);
    take.counts.copy = copies.len();
    let damaged = !scanned.damage.is_empty();
    for (offset, record) in records.into_iter().skip(skip) {
        add(&mut take, record, damaged).map_err(|reason| malformed(offset, reason))?;
    }
    restore(&mut take, &copies);
    take.cut = scanned.cut;
    take.damage = scanned.damage;
    take.skipped_records = scanned.unknown_records;
    Ok(take)
}

/// Fills in, from the copies, the vital records whose originals were
/// lost: the configuration, and each profile by the tick it starts at.
fn restore(take: &mut Take, copies: &[VitalCopy]) {
    if take.config.is_none() {
        if let Some(c) = copies.iter().rev().find_map(|c| match c {
            VitalCopy::Config(c) => Some(c),
            _ => None,
        }) {
            take.config = Some(c.clone());
            take.restored.push("configuration");
        }
    }
    let mut restored_profile = false;
    for copy in copies {
        if let VitalCopy::Profile(p) = copy {
            if !take
                .profiles
                .iter()
                .any(|q| q.from_sequence == p.from_sequence)
            {
                take.profiles.push(p.clone());
                restored_profile = true;
            }
        }
    }
    if restored_profile {
        take.profiles.sort_by_key(|p| p.from_sequence);
        take.restored.push("profile");
    }
}

/// Adds one record (after the identity) to the take, enforcing the rules
/// of the format; `damaged` allows a solved frame whose version record
/// was in a damaged region.
fn add(t: &mut Take, record: Record, damaged: bool) -> Result<(), String> {
    if t.ended.is_some() {
        // Appending after an end (a re-solve, a late marker) reopens it.
        t.ended = None;
    }
    t.counts.count(&record);
    match record {
        Record::Info(_) => return Err("a second identity record".into()),
        Record::Profile(p) => t.profiles.push(p),
        Record::Config(c) => t.config = Some(c),
        Record::Tick(tick) => {
            if let Some(last) = t.ticks.last() {
                if tick.sequence <= last.sequence {
                    return Err(format!(
                        "tick {} after tick {} (ticks must increase)",
                        tick.sequence, last.sequence
                    ));
                }
            }
            t.ticks.push(tick);
        }
        Record::Version(v) => {
            if t.versions.iter().any(|o| o.version == v.version) {
                return Err(format!("solved version {} appears twice", v.version));
            }
            t.versions.push(v);
        }
        Record::Solved(f) => {
            if !t.versions.iter().any(|v| v.version == f.version) {
                if !damaged {
                    return Err(format!(
                        "a frame of solved version {}, which was never started",
                        f.version
                    ));
                }
                t.versions.push(SolveVersion {
                    version: f.version,
                    created_unix_ns: 0,
                    description: "(its version record was damaged)".into(),
                });
            }
            t.solved.push(f);
        }
        Record::Marker(m) => t.markers.push(m),
        Record::Renamed(name) => t.info.name = name,
        Record::End(why) => t.ended = Some(why),
        Record::Push(p) => {
            if let Some(last) = t.pushes.last() {
                if p.sequence < last.sequence {
                    return Err(format!(
                        "a push at tick {} after one at tick {} (pushes are in tick order)",
                        p.sequence, last.sequence
                    ));
                }
            }
            t.pushes.push(p);
        }
        Record::ObjectSeen(o) => t.objects.push(o),
        Record::ObjectMotion(m) => t.object_motion.push(m),
        Record::ObjectGone(g) => t.objects_gone.push(g),
        // Set aside by `from_bytes` before the records are added.
        Record::Copy(_) => {}
        Record::ObjectChange(c) => {
            if let Some(last) = t.object_changes.last() {
                if c.sequence < last.sequence {
                    return Err(format!(
                        "an object change at tick {} after one at tick {} (changes are in tick order)",
                        c.sequence, last.sequence
                    ));
                }
            }
            t.object_changes.push(c);
        }
    }
    Ok(())
}

fn empty(path: &Path, info: TakeInfo) -> Take {
    Take {
        path: path.to_path_buf(),
        info,
        profiles: Vec::new(),
        config: None,
        ticks: Vec::new(),
        pushes: Vec::new(),
        objects: Vec::new(),
        object_motion: Vec::new(),
        objects_gone: Vec::new(),
        object_changes: Vec::new(),
        versions: Vec::new(),
        solved: Vec::new(),
        markers: Vec::new(),
        ended: None,
        cut: None,
        damage: Vec::new(),
        guessed_info: false,
        restored: Vec::new(),
        counts: RecordCounts::default(),
        skipped_records: 0,
    }
}
