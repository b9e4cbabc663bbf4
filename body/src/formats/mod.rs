//! The exchange formats of FORMATS.md: tracker takes, calibration takes and
//! joint tracks (CSV). Body profiles (TOML) live in [`crate::profile`].
//!
//! Readers are strict: a syntax error stops the read with the file, the line
//! and the reason ([`FormatError`]); an invalid sample (`nan`, `inf`, a
//! non-unit quaternion) is kept as a row without a pose, counted and
//! reported in [`InvalidSamples`], and the solver treats that device as lost
//! at that instant.

mod calibration_take;
mod csv;
mod input_columns;
mod joint_track;
mod line_blocks;
mod tracker_take;

use glam::DVec3;

use crate::device::Device;
use crate::joint::JointMap;
use crate::transform::Transform;

/// One row of a tracker take: where one device was at one instant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrackerSample {
    /// Seconds.
    pub time_s: f64,
    /// Which device.
    pub device: Device,
    /// The device's world pose; `None` for an invalid sample (tracking loss).
    pub pose: Option<Transform>,
    /// A hand controller's buttons, triggers and stick at that instant;
    /// `None` for a device without them or a source that gives none.
    pub input: Option<crate::controller_input::ControllerInput>,
}

/// Invalid samples met while reading: how many, and where the first were.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct InvalidSamples {
    /// How many rows held an invalid sample.
    pub count: usize,
    /// The 1-based line numbers of the first few (at most
    /// [`InvalidSamples::MAX_LINES`]).
    pub first_lines: Vec<usize>,
}

impl InvalidSamples {
    /// How many line numbers are kept.
    pub const MAX_LINES: usize = 10;
}

/// A tracker take (`*.trackers.csv`): rows sorted by time.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TrackerTake {
    /// Every row, in file order.
    pub samples: Vec<TrackerSample>,
    /// Rows that parsed but held no valid pose.
    pub invalid: InvalidSamples,
}

/// The calibration poses (FORMATS.md section 2): the three required ones
/// and the optional `hands_on_hips`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CalibrationPose {
    /// Arms held forward, straight and horizontal, palms facing each other.
    ArmsForward,
    /// Upper arms forward, forearms straight up, palms facing each other.
    ForearmsUp,
    /// Arms hanging relaxed along the sides, palms facing the thighs.
    ArmsDown,
    /// Optional: standing straight, both hands on the hips (palms on the
    /// top of the pelvis at the sides, elbows out). Puts the hip height
    /// between the controllers.
    HandsOnHips,
}

impl CalibrationPose {
    /// The three required poses, in the order of FORMATS.md.
    pub const ALL: [CalibrationPose; 3] = [
        CalibrationPose::ArmsForward,
        CalibrationPose::ForearmsUp,
        CalibrationPose::ArmsDown,
    ];

    /// Every pose, the optional one last.
    pub const EVERY: [CalibrationPose; 4] = [
        CalibrationPose::ArmsForward,
        CalibrationPose::ForearmsUp,
        CalibrationPose::ArmsDown,
        CalibrationPose::HandsOnHips,
    ];

    /// The name used in files.
    pub const fn name(self) -> &'static str {
        match self {
            CalibrationPose::ArmsForward => "arms_forward",
            CalibrationPose::ForearmsUp => "forearms_up",
            CalibrationPose::ArmsDown => "arms_down",
            CalibrationPose::HandsOnHips => "hands_on_hips",
        }
    }

    /// Parses a file name; `None` for anything else.
    pub fn from_name(name: &str) -> Option<CalibrationPose> {
        CalibrationPose::EVERY
            .into_iter()
            .find(|p| p.name() == name)
    }

    /// Whether a calibration take needs this pose (`hands_on_hips` does
    /// not).
    pub const fn is_required(self) -> bool {
        !matches!(self, CalibrationPose::HandsOnHips)
    }
}

/// One row of a calibration take.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CalibrationSample {
    /// Which pose the person was holding.
    pub held: CalibrationPose,
    /// The device sample itself.
    pub sample: TrackerSample,
}

/// A calibration take (`*.calibration.csv`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CalibrationTake {
    /// Every row, in file order.
    pub samples: Vec<CalibrationSample>,
    /// Rows that parsed but held no valid pose.
    pub invalid: InvalidSamples,
}

/// One output frame of a joint track: every canonical joint at one instant.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointFrame {
    /// Seconds.
    pub time_s: f64,
    /// World position and bone rotation (relative to rest) of every joint.
    pub joints: JointMap<Transform>,
}

impl JointFrame {
    /// The world positions alone.
    pub fn positions(&self) -> JointMap<DVec3> {
        self.joints.map(|_, t| t.position)
    }
}

/// A joint track (`*.joints.csv`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct JointTrack {
    /// Frames in time order.
    pub frames: Vec<JointFrame>,
    /// Whether the file carried rotation columns (if not, every rotation is
    /// the identity).
    pub has_rotations: bool,
    /// The finger joints of every frame (FORMATS.md section 4), in
    /// [`crate::fingers::FingerJoint::all`] order; empty for a track
    /// without fingers, else one per frame.
    pub fingers: Vec<FingerFrame>,
}

/// The 30 finger joints of one frame: world position and bone rotation
/// (relative to rest) of each, [`crate::fingers::FingerJoint::all`] order.
pub type FingerFrame = [Transform; crate::fingers::FingerJoint::COUNT];

/// Why a file could not be read: which file, which line, what was wrong.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The file could not be read: missing, not a regular file, too large,
    /// not UTF-8 ([`crate::bounded_read`]).
    #[error(transparent)]
    Read(#[from] crate::bounded_read::ReadError),
    /// The file could not be opened, read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// Data that must not be written: the file would not read back (for
    /// example a joint track holding `nan`). Nothing was written.
    #[error("{path}: not written: {reason}")]
    Invalid {
        /// The file that was to be written.
        path: String,
        /// What is wrong with the data, in words.
        reason: String,
    },
    /// A syntax error: the whole file is invalid.
    #[error("{path}:{line}: {reason}")]
    Syntax {
        /// The file.
        path: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong, in words.
        reason: String,
    },
}
