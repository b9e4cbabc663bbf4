//! The Posewire humanoid: canonical joints and devices, proportions, the
//! rest skeleton, forward kinematics, and the body profile.
//!
//! Plain synchronous Rust with no I/O beyond the files a caller names: a
//! game engine can embed it. See [`conventions`] for the frames and units.

pub mod atomic_file;
pub mod bounded_read;
pub mod controller_input;
pub mod conventions;
pub mod device;
pub mod finger_curls;
pub mod fingers;
pub mod hand_tracking;
pub mod joint;
pub mod pose;
pub mod profile;
pub mod proportions;
pub mod skeleton;
#[cfg(test)]
mod test_rng;
pub mod toml_error;
pub mod transform;

pub use controller_input::{ControllerInput, Touch};
pub use device::{Device, DeviceSet};
pub use joint::{Joint, JointMap, Side};
pub use pose::BodyPose;
pub use profile::{BodyProfile, Source, TrackerMount};
pub use skeleton::Skeleton;
pub use transform::Transform;

pub use glam;

pub mod bvh;
pub mod formats;
pub mod ik;
pub mod inertia;
pub mod limits;
pub mod look_at;
