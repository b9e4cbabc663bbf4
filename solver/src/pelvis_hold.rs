//! A pelvis device that stops sending, carried by the headset for a
//! while ([`crate::IkSettings::lost_pelvis_hold_s`]).
//!
//! Without it, a pelvis whose samples stop is first frozen where its last
//! prediction put it and then, once lost, hung below the head as if the
//! body stood upright: in a dive roll (the head near the floor, upside
//! down) that put the pelvis 30 cm under the floor and twisted the trunk
//! half a turn in one tick. Held, the pelvis keeps the pose it last had
//! against the head, so it moves and turns with the head until its
//! samples come back.

use posewire_body::{Device, Transform};

use crate::tracking::{BoneTarget, DeviceTracker, MAX_PREDICTION_S};

/// The pelvis's last pose against the head, and the pelvis target built
/// from it while the pelvis device is silent.
#[derive(Debug, Clone, Default)]
pub struct PelvisHold {
    /// The pelvis bone in the head bone's frame, from the last tick with a
    /// fresh pelvis sample.
    against_head: Option<Transform>,
}

impl PelvisHold {
    /// The pelvis target at time `t`: the device's while its last sample is
    /// at most [`MAX_PREDICTION_S`] old (its own prediction covers that);
    /// after that, for up to `hold_s` seconds since that sample, the last
    /// fresh pose against the head carried by `head`; then `None` (lost).
    /// `hold_s` <= 0 (or NaN) is off: the device's target as before.
    pub fn target(
        &mut self,
        devices: &DeviceTracker,
        head: &BoneTarget,
        t: f64,
        hold_s: f64,
    ) -> Option<BoneTarget> {
        let device = devices.bone_target(Device::Pelvis, t);
        if hold_s.is_nan() || hold_s <= 0.0 {
            return device;
        }
        let Some(age) = devices.sample_age(Device::Pelvis, t) else {
            self.against_head = None;
            return device;
        };
        if let Some(pelvis) = device.filter(|_| age <= MAX_PREDICTION_S) {
            self.against_head = Some(head.bone.inverse() * pelvis.bone);
            return Some(pelvis);
        }
        match self.against_head {
            Some(relative) if age <= hold_s => Some(BoneTarget {
                bone: head.bone * relative,
                velocity: head.velocity,
            }),
            _ => device,
        }
    }
}
