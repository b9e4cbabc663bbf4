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
