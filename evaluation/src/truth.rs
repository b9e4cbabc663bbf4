//! What really happened in a synthetic take: the GT joints, the true body
//! measures, the true device offsets and mounts and where the calibration
//! take was placed. For evaluation only: the solver never sees it.

use std::collections::BTreeMap;
use std::path::Path;

use posewire_body::formats::{CalibrationPose, FormatError, JointFrame, JointTrack};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::Device;
use serde::Serialize;

/// The true body measures of the GT skeleton, metres (EVALUATION.md
/// section 3, calibration).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TruthMeasures {
    /// Floor to the `head` joint standing in the `arms_down` pose.
    pub head_height: f64,
    /// Between the shoulder joints.
    pub shoulder_width: f64,
    /// Between the hip joints.
    pub hip_width: f64,
    /// Shoulder to elbow, mean of left and right.
    pub upper_arm: f64,
    /// Elbow to wrist, mean of left and right.
    pub forearm: f64,
    /// Hip to knee, mean of left and right.
    pub thigh: f64,
    /// Knee to ankle, mean of left and right.
    pub shin: f64,
}

/// Where one device truly sat on its bone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DeviceTruth {
    /// The device.
    pub device: Device,
    /// Position in the bone frame, metres.
    pub offset: DVec3,
    /// Device rotation = bone rotation * mount.
    pub mount: DQuat,
}

/// How the calibration take was placed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CalibrationPlacement {
    /// The clip's initial heading (yaw of the root's forward in frame 0),
    /// radians, 0 = +Z, positive toward +X.
    pub clip_heading: f64,
    /// The calibration take's heading, radians (same convention).
    pub heading: f64,
    /// The pelvis position in the calibration poses (before sway), metres.
    pub pelvis: DVec3,
    /// The order of the three blocks.
    pub pose_order: [CalibrationPose; 3],
}

/// The ground truth of one synthetic clip.
#[derive(Debug, Clone, PartialEq)]
pub struct Truth {
    /// GT canonical joints at the BVH frame times (time 0 = first frame),
    /// metres, canonical bone rotations.
    pub frames: Vec<JointFrame>,
    /// True body measures.
    pub measures: TruthMeasures,
    /// True offset and mount of every device (all six, in file order).
    pub devices: Vec<DeviceTruth>,
    /// How the calibration take was placed.
    pub calibration: CalibrationPlacement,
}

impl Truth {
    /// The truth of one device.
    pub fn device(&self, device: Device) -> Option<&DeviceTruth> {
        self.devices.iter().find(|d| d.device == device)
    }
}

/// Why the truth files could not be written.
#[derive(Debug, thiserror::Error)]
pub enum TruthError {
    /// The joint track could not be written.
    #[error(transparent)]
    Format(#[from] FormatError),
    /// The TOML file could not be written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// The truth could not be turned into TOML.
    #[error("{path}: {message}")]
    Toml {
        /// The file.
        path: String,
        /// What the serializer said.
        message: String,
    },
}

#[derive(Serialize)]
struct DeviceFile {
    bone: &'static str,
    offset_position: [f64; 3],
    mount_rotation: [f64; 4],
}

#[derive(Serialize)]
struct CalibrationFile {
    clip_heading_deg: f64,
    heading_deg: f64,
    pelvis_position: [f64; 3],
    pose_order: Vec<&'static str>,
}

#[derive(Serialize)]
struct TruthFile<'a> {
    measures: &'a TruthMeasures,
    calibration: CalibrationFile,
    trackers: BTreeMap<&'static str, DeviceFile>,
}

/// The truth as TOML text: measures, calibration placement and the true
/// offset and mount of every device (the keys of a profile's trackers).
pub fn truth_toml(truth: &Truth) -> Result<String, String> {
    let c = &truth.calibration;
    let file = TruthFile {
        measures: &truth.measures,
        calibration: CalibrationFile {
            clip_heading_deg: c.clip_heading.to_degrees(),
            heading_deg: c.heading.to_degrees(),
            pelvis_position: c.pelvis.to_array(),
            pose_order: c.pose_order.iter().map(|p| p.name()).collect(),
        },
        trackers: truth
            .devices
            .iter()
            .map(|d| {
                (
                    d.device.name(),
                    DeviceFile {
                        bone: d.device.bone().name(),
                        offset_position: d.offset.to_array(),
                        mount_rotation: d.mount.to_array(),
                    },
                )
            })
            .collect(),
    };
    toml::to_string(&file)
        .map(|body| {
            format!(
                "# Ground truth of a synthetic take (evaluation only; metres, x,y,z,w).\n{body}"
            )
        })
        .map_err(|e| e.to_string())
}

/// Writes `NAME.truth.joints.csv` (the GT joint track at the BVH rate) and
/// `NAME.truth.toml` (measures, true offsets and mounts, calibration
/// placement) into `dir`.
pub fn write_truth(truth: &Truth, dir: &Path, name: &str) -> Result<(), TruthError> {
    let track = JointTrack {
        frames: truth.frames.clone(),
        has_rotations: true,
        fingers: Vec::new(),
    };
    track.write(&dir.join(format!("{name}.truth.joints.csv")))?;
    let path = dir.join(format!("{name}.truth.toml"));
    let shown = path.display().to_string();
    let text = truth_toml(truth).map_err(|message| TruthError::Toml {
        path: shown.clone(),
        message,
    })?;
    posewire_body::atomic_file::write_atomic(&path, text.as_bytes()).map_err(|source| {
        TruthError::Io {
            path: shown,
            source,
        }
    })
}
