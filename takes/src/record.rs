//! What a take holds, record by record.

use posewire_body::formats::TrackerSample;
use posewire_body::glam::DVec3;
use posewire_body::{BodyPose, Joint};

use crate::hand_record::HandTracking;
use crate::object_record::{ObjectChange, ObjectGone, ObjectMotion, ObjectSeen};
use crate::timecode::TakeTimecode;

/// Who and what a take is about; the first record of every take.
#[derive(Debug, Clone, PartialEq)]
pub struct TakeInfo {
    /// The take's name as the user gave it.
    pub name: String,
    /// The avatar that was recorded.
    pub avatar_id: String,
    /// When recording started, nanoseconds since the Unix epoch.
    pub created_unix_ns: i64,
    /// The loop rate the take was recorded at, Hz.
    pub rate_hz: f64,
    /// The SMPTE timecode of the first tick, if the user gave one
    /// (`HH:MM:SS:FF`).
    pub timecode_start: Option<String>,
    /// The solver that produced solved version 1 (`ik` or `physics`).
    pub solver: String,
    /// The program and version that wrote the take.
    pub software: String,
}

/// What one tick of the loop consumed for the recorded avatar: the device
/// samples, exactly as the solver received them. Re-solving a take feeds
/// these back tick by tick.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    /// The loop's frame sequence number.
    pub sequence: u64,
    /// The loop's simulation time of the tick, seconds.
    pub time_s: f64,
    /// The samples handed to the solver at this tick (possibly none), in
    /// the loop's clock; `pose: None` is a reported tracking loss.
    pub samples: Vec<TrackerSample>,
}

/// The solved body at one tick, in one solved version.
#[derive(Debug, Clone, PartialEq)]
pub struct SolvedFrame {
    /// Which solved version this frame belongs to (1 = recorded live).
    pub version: u32,
    /// The tick's sequence number.
    pub sequence: u64,
    /// The tick's simulation time, seconds.
    pub time_s: f64,
    /// The body: pelvis position and every bone's world rotation.
    pub pose: BodyPose,
    /// Whether the left and right foot were in contact with the floor.
    pub contacts: [bool; 2],
}

/// A solved version: version 1 is the live solve; each re-solve appends one.
#[derive(Debug, Clone, PartialEq)]
pub struct SolveVersion {
    /// The version number, from 1.
    pub version: u32,
    /// When the version was made, nanoseconds since the Unix epoch.
    pub created_unix_ns: i64,
    /// What made it (solver and settings, in words).
    pub description: String,
}

/// A point of interest the user marked during (or after) the take.
#[derive(Debug, Clone, PartialEq)]
pub struct Marker {
    /// Simulation time of the mark, seconds.
    pub time_s: f64,
    /// The user's label.
    pub label: String,
}

/// The body profile in force from a tick on (the profile can change
/// mid-take when the avatar is re-calibrated).
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileChange {
    /// The first tick the profile applies to.
    pub from_sequence: u64,
    /// The profile, as FORMATS.md section 5 TOML.
    pub toml: String,
}

/// An external impulse (a push, a hit) applied to the recorded avatar's
/// simulated body at a tick, before the bodies prepared for the step
/// (`posewire_solver::tick`); a re-solve applies it at the same tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AppliedPush {
    /// The tick's sequence number.
    pub sequence: u64,
    /// The tick's simulation time, seconds.
    pub time_s: f64,
    /// The segment pushed (the bone starting at this joint).
    pub joint: Joint,
    /// The impulse, newton-seconds, world axes.
    pub impulse: DVec3,
}

/// One record of a take file.
// Records live one at a time (pushed by reference, decoded one by one), so
// the solved frame's 720 bytes inline cost nothing and spare an allocation
// per frame.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Record {
    /// The take's identity (always first).
    Info(TakeInfo),
    /// The body profile from a tick on.
    Profile(ProfileChange),
    /// The daemon configuration in force, as TOML.
    Config(String),
    /// What a tick consumed.
    Tick(Tick),
    /// The start of a solved version.
    Version(SolveVersion),
    /// A solved frame.
    Solved(SolvedFrame),
    /// A marker.
    Marker(Marker),
    /// The take was renamed.
    Renamed(String),
    /// Recording stopped, and why (the last record of a take that was
    /// stopped rather than cut short).
    End(String),
    /// A push applied at a tick.
    Push(AppliedPush),
    /// An object of the space, when first seen.
    ObjectSeen(ObjectSeen),
    /// An object's state after a tick.
    ObjectMotion(ObjectMotion),
    /// An object left the space.
    ObjectGone(ObjectGone),
    /// A change applied to the objects between ticks (replayed by a
    /// re-solve).
    ObjectChange(ObjectChange),
    /// A later copy of a vital record (identity, configuration, profile),
    /// written again through the file so that damage at its start does not
    /// cost the whole take.
    Copy(VitalCopy),
    /// One avatar's record in a scene take (format version 2): its
    /// profile, tick, solved frame, push, or the end of its part.
    Avatar(AvatarRecord),
    /// The take's SMPTE timecode at a stated rate.
    Timecode(TakeTimecode),
    /// An avatar's fingers as hand tracking tracked them, from a tick on.
    HandTracking(HandTracking),
}

/// One avatar's record in a scene take (kind 16): which avatar, and the
/// record (kinds 2 profile, 4 tick, 6 solved frame, 9 end of its part:
/// why it left, 10 push).
#[derive(Debug, Clone, PartialEq)]
pub struct AvatarRecord {
    /// The avatar's id.
    pub avatar: String,
    /// Its record.
    pub record: Box<Record>,
}

impl AvatarRecord {
    /// Whether a record of this kind can be an avatar's own in a scene
    /// take.
    pub(crate) fn allowed_kind(kind: u8) -> bool {
        matches!(kind, 2 | 4 | 6 | 9 | 10)
    }
}

/// A vital record written again later in the take (kind 15): readers use it
/// when the original was damaged; readers that predate it skip it.
#[derive(Debug, Clone, PartialEq)]
pub enum VitalCopy {
    /// The take's identity as first written.
    Info(TakeInfo),
    /// A body profile in force.
    Profile(ProfileChange),
    /// The daemon configuration in force.
    Config(String),
    /// An avatar's body profile in a scene take.
    AvatarProfile(String, ProfileChange),
}

impl VitalCopy {
    /// The copy of `record`, if it is a vital one.
    pub fn of(record: &Record) -> Option<VitalCopy> {
        match record {
            Record::Info(i) => Some(VitalCopy::Info(i.clone())),
            Record::Profile(p) => Some(VitalCopy::Profile(p.clone())),
            Record::Config(c) => Some(VitalCopy::Config(c.clone())),
            Record::Avatar(AvatarRecord { avatar, record }) => match &**record {
                Record::Profile(p) => Some(VitalCopy::AvatarProfile(avatar.clone(), p.clone())),
                _ => None,
            },
            _ => None,
        }
    }

    /// The original record it copies.
    pub fn original(&self) -> Record {
        match self {
            VitalCopy::Info(i) => Record::Info(i.clone()),
            VitalCopy::Profile(p) => Record::Profile(p.clone()),
            VitalCopy::Config(c) => Record::Config(c.clone()),
            VitalCopy::AvatarProfile(avatar, p) => Record::Avatar(AvatarRecord {
                avatar: avatar.clone(),
                record: Box::new(Record::Profile(p.clone())),
            }),
        }
    }
}

/// The kind byte of a vital record's copy.
pub(crate) const COPY_KIND: u8 = 15;

/// The kind byte of an avatar's record in a scene take.
pub(crate) const AVATAR_KIND: u8 = 16;

impl Record {
    /// The kind byte of the record on disk.
    pub(crate) fn kind(&self) -> u8 {
        match self {
            Record::Info(_) => 1,
            Record::Profile(_) => 2,
            Record::Config(_) => 3,
            Record::Tick(_) => 4,
            Record::Version(_) => 5,
            Record::Solved(_) => 6,
            Record::Marker(_) => 7,
            Record::Renamed(_) => 8,
            Record::End(_) => 9,
            Record::Push(_) => 10,
            Record::ObjectSeen(_) => 11,
            Record::ObjectMotion(_) => 12,
            Record::ObjectGone(_) => 13,
            Record::ObjectChange(_) => 14,
            Record::Copy(_) => COPY_KIND,
            Record::Avatar(_) => AVATAR_KIND,
            Record::Timecode(_) => 17,
            Record::HandTracking(_) => crate::hand_record::HAND_TRACKING_KIND,
        }
    }
}
