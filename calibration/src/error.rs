//! Why a calibration take could not give a body profile, and what to do.

use posewire_body::formats::CalibrationPose;
use posewire_body::Device;

/// Why calibration failed. Each message says what the user should do.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CalibrationError {
    /// A pose has no valid samples at all.
    #[error(
        "the calibration take has no valid samples of the `{}` pose: hold that pose for about one second and record the calibration again",
        .pose.name()
    )]
    MissingPose {
        /// The pose.
        pose: CalibrationPose,
    },
    /// A required device (head or a hand) has no valid samples at all.
    #[error(
        "the calibration take has no valid samples of the `{device}` device (calibration needs the head and both hands): switch it on, make sure it is tracked, and record the calibration again"
    )]
    MissingDevice {
        /// The device.
        device: Device,
    },
    /// A required device has too few valid samples in one pose.
    #[error(
        "only {found} valid samples of `{device}` in the `{}` pose (at least {needed} needed): keep the device tracked and hold the pose still for about one second, then record again",
        .pose.name()
    )]
    TooFewSamples {
        /// The pose.
        pose: CalibrationPose,
        /// The device.
        device: Device,
        /// Valid samples found.
        found: usize,
        /// Valid samples needed.
        needed: usize,
    },
    /// The samples do not describe a person holding the three poses.
    #[error("the calibration poses do not fit together: {what}")]
    Inconsistent {
        /// What does not fit, and what to do about it.
        what: String,
    },
}
