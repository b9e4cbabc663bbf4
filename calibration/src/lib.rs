//! Estimating a body profile from the three calibration poses
//! (FORMATS.md section 2) and the optional fourth (`hands_on_hips`, the
//! hip height), and the wizard that records them.
//!
//! [`calibrate`] takes a [`CalibrationTake`](posewire_body::formats::CalibrationTake)
//! and returns a [`BodyProfile`](posewire_body::BodyProfile) with every
//! device's mount and, for the hands, the offset on the wrist, plus a
//! [`CalibrationReport`]. The steps:
//!
//! 1. a first heading from how the hands move between the poses;
//! 2. sway removal: the whole body's slow tilt, read from the device
//!    rotations, is undone about the feet ([`CalibrationOptions::remove_sway`]);
//! 3. the heading again; every device's mount as the mean of
//!    `bone rotation^-1 * device rotation` over all samples (the bone
//!    rotations are known in each pose, see [`poses`]);
//! 4. per arm, a linear least-squares fit of shoulder position, upper arm,
//!    forearm and hand offset to the hand's mean position in each pose;
//! 5. head, pelvis and ankle joints from their devices with the nominal
//!    offsets (the poses cannot reveal those offsets), and the remaining
//!    measures by anthropometric ratios, each marked with its
//!    [`Source`](posewire_body::Source). Measures that rest on offsets the
//!    poses cannot see (shoulder width, hip width, hip height) are combined
//!    with their ratio values by inverse-variance weighting
//!    ([`CalibrationOptions::ratio_priors`]);
//! 6. the hand offsets' two open directions from the body's symmetry
//!    (equal forearms, shoulders centred on the midline the head, pelvis
//!    and ankles show, the shoulder width's prior), and the head and
//!    pelvis put on that midline sideways
//!    ([`CalibrationOptions::symmetric_arms`]), about the body's usual
//!    departures from symmetry ([`CalibrationOptions::asymmetry`]).
//!
//! What the poses cannot tell apart, whatever the data: the hand offset
//! along the forearm from the forearm length, the hand offset across the
//! palm from the shoulder's sideways position, and the head, pelvis and foot
//! offsets from the joints under them. Those stay at the nominal offsets
//! (the hands' in part estimated by step 6), which sets an error floor of
//! about a centimetre on the forearm, the head height and (before the
//! prior) one and a half on the shoulder width.
//!
//! [`CalibrationWizard`] is the live state machine that asks for each pose,
//! waits until the person is still, records about a second and hands back
//! the take.

mod arm;
mod calibrate;
mod error;
mod heading;
mod linalg;
mod measures;
pub mod poses;
mod rows;
mod sway;
mod symmetry;
mod wizard;

pub use arm::ArmFit;
pub use calibrate::{
    calibrate, calibrate_with, Calibration, CalibrationOptions, CalibrationReport,
    FOREARM_LEFT_MINUS_RIGHT_M, HANDS_ON_HIPS_WRIST_ABOVE_HIP_M, MIN_SAMPLES_PER_POSE,
    SHOULDERS_LEFT_OF_MIDLINE_M,
};
pub use error::CalibrationError;
pub use symmetry::BodyAsymmetry;
pub use wizard::{CalibrationWizard, WizardConfig, WizardStep};
