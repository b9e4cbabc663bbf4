//! Opening a take: every valid record, with damaged regions skipped and a
//! torn tail left out, both reported.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::counts::RecordCounts;
use crate::damage::{Damage, TailCut};
use crate::error::TakeError;
use crate::frame::FILE_HEADER_BYTES;
use crate::guess::guess_info;
use crate::hand_record::HandTracking;
use crate::object_record::{ObjectChange, ObjectGone, ObjectMotion, ObjectSeen};
use crate::record::{
    AppliedPush, AvatarRecord, Marker, ProfileChange, Record, SolveVersion, SolvedFrame, TakeInfo,
    Tick, VitalCopy,
};
use crate::scan::scan;
use crate::timecode::TakeTimecode;
use posewire_body::hand_tracking::TrackedFingers;

/// One avatar's part of a scene take: what its records hold.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AvatarTrack {
    /// The avatar's id.
    pub id: String,
    /// Its body profiles, in tick order.
    pub profiles: Vec<ProfileChange>,
    /// What each of its ticks consumed, in order.
    pub ticks: Vec<Tick>,
    /// The pushes its body took, in tick order.
    pub pushes: Vec<AppliedPush>,
    /// Its solved frames of every version, in file order.
    pub solved: Vec<SolvedFrame>,
    /// Why its part ended before the take did (it was removed), if so.
    pub left: Option<String>,
    /// Its fingers as hand tracking tracked them, in tick order (each
    /// holds until the next).
    pub hand_tracking: Vec<HandTracking>,
}

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
    /// A scene take's avatars in the live loop's order (by their first
    /// tick, and at one tick in the order the loop wrote them); empty in a
    /// take of one avatar, whose records are the fields above.
    pub avatars: Vec<AvatarTrack>,
    /// The take's SMPTE timecode at its stated rate, when it has one
    /// (takes recorded before rates were stated have only
    /// `info.timecode_start`).
    pub timecode: Option<TakeTimecode>,
    /// The avatar's fingers as hand tracking tracked them, in tick order
    /// (each holds until the next); in a scene take, each avatar's are in
    /// its [`AvatarTrack`]. Empty when nothing was hand-tracked.
    pub hand_tracking: Vec<HandTracking>,
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

    /// Seconds from the first to the last tick (of any avatar).
    pub fn duration_s(&self) -> f64 {
        let ends = |ticks: &[Tick]| {
            ticks
                .first()
                .zip(ticks.last())
                .map(|(a, b)| (a.time_s, b.time_s))
        };
        let spans = std::iter::once(ends(&self.ticks))
            .chain(self.avatars.iter().map(|a| ends(&a.ticks)))
            .flatten();
        let (first, last) = spans.fold((f64::INFINITY, f64::NEG_INFINITY), |(f, l), (a, b)| {
            (f.min(a), l.max(b))
        });
        if first.is_finite() {
            last - first
        } else {
            0.0
        }
    }

    /// Whether this is a scene take: every avatar of the space, recorded
    /// with an empty avatar id (format version 2).
    pub fn is_scene(&self) -> bool {
        self.info.avatar_id.is_empty() || !self.avatars.is_empty()
    }

    /// Ticks of raw samples, of every avatar.
    pub fn tick_count(&self) -> usize {
        self.ticks.len() + self.avatars.iter().map(|a| a.ticks.len()).sum::<usize>()
    }

    /// The take of each avatar: a take of one avatar is itself; a scene
    /// take gives one per avatar (its profiles, ticks, pushes and solved
    /// frames, with the scene's identity, configuration and versions), in
    /// the loop's order. The objects and markers stay with the scene take
    /// (copying them to every avatar would cost avatars times objects).
    pub fn avatar_takes(&self) -> Vec<Take> {
        if !self.is_scene() {
            return vec![self.clone()];
        }
        self.avatars
            .iter()
            .map(|a| {
                let mut t = empty(&self.path, self.info.clone());
                t.info.avatar_id = a.id.clone();
                t.profiles = a.profiles.clone();
                t.config = self.config.clone();
                t.ticks = a.ticks.clone();
                t.pushes = a.pushes.clone();
                t.hand_tracking = a.hand_tracking.clone();
                t.versions = self.versions.clone();
                t.solved = a.solved.clone();
                t.ended = a.left.clone().or_else(|| self.ended.clone());
                t.cut = self.cut.clone();
                t.damage = self.damage.clone();
                t.guessed_info = self.guessed_info;
                t.restored = self.restored.clone();
                t.counts = self.counts;
                t.timecode = self.timecode;
                t
            })
            .collect()
    }

    /// Whether every byte of the file was read: no damage, no torn tail.
    pub fn is_whole(&self) -> bool {
        self.damage.is_empty() && self.cut.is_none()
    }

    /// What the take lacks to be exported or re-solved, if anything: its
    /// body profile, when neither the original nor a copy was readable.
    pub fn missing(&self) -> Option<&'static str> {
        if !self.is_scene() {
            return self
                .profiles
                .is_empty()
                .then_some("the take holds no body profile");
        }
        if self.avatars.is_empty() {
            return Some("the scene take holds no avatar");
        }
        self.avatars
            .iter()
            .any(|a| a.profiles.is_empty())
            .then_some("an avatar of the scene take has no body profile")
    }

    /// The error that stopped the recording, if its end record says so.
    pub fn stop_error(&self) -> Option<&str> {
        self.ended.as_deref()?.strip_prefix(STOPPED_BY_ERROR)
    }

    /// The tracked fingers in force at tick `sequence`: those of the last
    /// hand-tracking record at or before it (none tracked before the
    /// first).
    pub fn tracked_fingers_at(&self, sequence: u64) -> TrackedFingers {
        let n = self
            .hand_tracking
            .partition_point(|h| h.sequence <= sequence);
        n.checked_sub(1)
            .map_or([None; 2], |i| self.hand_tracking[i].fingers)
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
    let mut lanes = BTreeMap::new();
    // Where each avatar's first tick is (its sequence and offset).
    let mut first_ticks: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    let mut hands = Vec::new();
    for (offset, record) in records.into_iter().skip(skip) {
        let added = match record {
            Record::HandTracking(h) => {
                take.counts.hand_tracking += 1;
                hands.push((offset, h));
                Ok(())
            }
            Record::Avatar(a) => {
                if let Record::Tick(t) = &*a.record {
                    first_ticks
                        .entry(a.avatar.clone())
                        .or_insert((t.sequence, offset));
                }
                add_avatar(&mut take, &mut lanes, a, damaged)
            }
            other => add(&mut take, other, damaged),
        };
        added.map_err(|reason| malformed(offset, reason))?;
    }
    // The loop's order: by first tick, and at one tick in the order the
    // loop wrote them (a lost first record does not reorder them).
    take.avatars.sort_by_key(|a| {
        first_ticks
            .get(&a.id)
            .copied()
            .unwrap_or((u64::MAX, u64::MAX))
    });
    restore(&mut take, &copies);
    place_hand_tracking(&mut take, hands).map_err(|(offset, reason)| malformed(offset, reason))?;
    take.cut = scanned.cut;
    take.damage = scanned.damage;
    take.skipped_records = scanned.unknown_records;
    Ok(take)
}

/// Gives each hand-tracking record (with its offset) to its avatar: the
/// take's own when it names none, else the scene avatar's part it names
/// (a record of an avatar without a part poses nothing and is left out).
/// Each avatar's records must not go back in tick order.
fn place_hand_tracking(
    take: &mut Take,
    hands: Vec<(u64, HandTracking)>,
) -> Result<(), (u64, String)> {
    for (offset, h) in hands {
        let list = if h.avatar.is_empty() {
            &mut take.hand_tracking
        } else {
            match take.avatars.iter_mut().find(|a| a.id == h.avatar) {
                Some(lane) => &mut lane.hand_tracking,
                None => continue,
            }
        };
        if let Some(last) = list.last() {
            if h.sequence < last.sequence {
                let who = if h.avatar.is_empty() {
                    String::new()
                } else {
                    format!("avatar `{}`: ", lane_id(&h.avatar))
                };
                return Err((
                    offset,
                    format!(
                        "{who}hand tracking at tick {} after tick {} (in tick order)",
                        h.sequence, last.sequence
                    ),
                ));
            }
        }
        list.push(h);
    }
    Ok(())
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
    for copy in copies {
        if let VitalCopy::AvatarProfile(id, p) = copy {
            // An avatar whose every record was lost has no part to restore.
            if let Some(lane) = take.avatars.iter_mut().find(|a| &a.id == id) {
                if !lane
                    .profiles
                    .iter()
                    .any(|q| q.from_sequence == p.from_sequence)
                {
                    lane.profiles.push(p.clone());
                    lane.profiles.sort_by_key(|p| p.from_sequence);
                    restored_profile = true;
                }
            }
        }
    }
    if restored_profile {
        take.profiles.sort_by_key(|p| p.from_sequence);
        take.restored.push("profile");
    }
}

/// Adds one avatar's record of a scene take to its part (made at its first
/// record), enforcing the rules of the format as [`add`] does.
fn add_avatar(
    t: &mut Take,
    lanes: &mut BTreeMap<String, usize>,
    a: AvatarRecord,
    damaged: bool,
) -> Result<(), String> {
    if t.ended.is_some() {
        t.ended = None;
    }
    t.counts.count(&a.record);
    let index = match lanes.get(&a.avatar) {
        Some(&i) => i,
        None if t.avatars.len() >= MAX_SCENE_AVATARS => {
            return Err(format!(
                "avatar `{}` is one more than a scene take holds (at most {MAX_SCENE_AVATARS})",
                lane_id(&a.avatar)
            ))
        }
        None => {
            t.avatars.push(AvatarTrack {
                id: a.avatar.clone(),
                ..AvatarTrack::default()
            });
            lanes.insert(a.avatar.clone(), t.avatars.len() - 1);
            t.avatars.len() - 1
        }
    };
    let versions = &mut t.versions;
    let lane = &mut t.avatars[index];
    let who = |what: String| format!("avatar `{}`: {what}", lane_id(&a.avatar));
    match *a.record {
        Record::Profile(p) => lane.profiles.push(p),
        Record::Tick(tick) => {
            if let Some(last) = lane.ticks.last() {
                if tick.sequence <= last.sequence {
                    return Err(who(format!(
                        "tick {} after tick {} (ticks must increase)",
                        tick.sequence, last.sequence
                    )));
                }
            }
            lane.left = None;
            lane.ticks.push(tick);
        }
        Record::Solved(f) => {
            if !versions.iter().any(|v| v.version == f.version) {
                if !damaged {
                    return Err(who(format!(
                        "a frame of solved version {}, which was never started",
                        f.version
                    )));
                }
                versions.push(SolveVersion {
                    version: f.version,
                    created_unix_ns: 0,
                    description: "(its version record was damaged)".into(),
                });
            }
            lane.solved.push(f);
        }
        Record::Push(p) => {
            if lane
                .pushes
                .last()
                .is_some_and(|last| p.sequence < last.sequence)
            {
                return Err(who(format!(
                    "a push at tick {} out of tick order",
                    p.sequence
                )));
            }
            lane.pushes.push(p);
        }
        Record::End(why) => lane.left = Some(why),
        // The codec reads no other kind as an avatar's.
        _ => return Err(who("a record that is not an avatar's own".into())),
    }
    Ok(())
}

/// The most avatars a scene take holds (the writer refuses more).
pub const MAX_SCENE_AVATARS: usize = 1024;

/// An avatar id as errors show it: at most 64 characters of it.
fn lane_id(id: &str) -> String {
    id.chars().take(64).collect()
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
        // Added by `add_avatar`.
        Record::Avatar(_) => return Err("an avatar's record out of place".into()),
        // Placed by `place_hand_tracking` once every avatar's part is known.
        Record::HandTracking(_) => {}
        Record::Timecode(tc) => t.timecode = Some(tc),
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
        avatars: Vec::new(),
        timecode: None,
        hand_tracking: Vec::new(),
    }
}
