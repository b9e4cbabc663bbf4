//! Each hand's device and the arm joints it hangs from, as the wrist and
//! hand-offset tools (`wrist_errors`, `hand_offsets`) read them.

use posewire_body::{Device, Joint};

/// Each hand's device with its shoulder, elbow and wrist, left then right.
pub const HANDS: [(Device, Joint, Joint, Joint); 2] = [
    (
        Device::LeftHand,
        Joint::LeftShoulder,
        Joint::LeftElbow,
        Joint::LeftWrist,
    ),
    (
        Device::RightHand,
        Joint::RightShoulder,
        Joint::RightElbow,
        Joint::RightWrist,
    ),
];

/// The true wrist speed bins' upper bounds, m/s (slow, medium, fast).
pub const SPEED_BINS: [f64; 3] = [0.3, 1.0, f64::INFINITY];

/// The bin of a wrist moving at `speed` m/s (0, 1 or 2).
pub fn speed_bin(speed: f64) -> usize {
    SPEED_BINS.iter().position(|&v| speed < v).unwrap_or(2)
}
