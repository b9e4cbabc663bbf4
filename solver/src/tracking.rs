//! The latest state of every device, filtered, turned into bone targets
//! through the body profile, and predicted to the frame time.

use posewire_body::formats::TrackerSample;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyProfile, Device, Transform};

use crate::filter::{PoseFilterSettings, PoseSmoother};
use crate::gate::{DeviceGate, GateSettings, Verdict};
use crate::offset_refine::{FootOffsetRefiner, OffsetRefineSettings};

/// How long a device may stay silent before it counts as lost, seconds.
pub const LOST_AFTER_S: f64 = 0.1;
/// How far ahead a device is predicted at most, seconds.
pub const MAX_PREDICTION_S: f64 = 0.05;

#[derive(Debug, Clone)]
struct DeviceState {
    smoother: PoseSmoother,
    last_time: f64,
    last_valid_time: f64,
    seen: bool,
    /// The last sample was invalid (NaN, non-unit): lost right now.
    invalid_now: bool,
    /// Where the last accepted sample was, for the plausibility gate.
    gate: DeviceGate,
}

/// Where a device says its bone is, at the frame time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoneTarget {
    /// The bone's world pose (joint position, bone rotation).
    pub bone: Transform,
    /// The bone joint's velocity, m/s.
    pub velocity: DVec3,
}

/// Every device's filtered state, and the profile mounts that turn device
/// poses into bone poses.
#[derive(Debug, Clone)]
pub struct DeviceTracker {
    states: [DeviceState; Device::COUNT],
    mounts: [Option<(DVec3, DQuat)>; Device::COUNT],
    gate: GateSettings,
    /// The foot devices' offsets refined during use (`None`: as the
    /// profile has them).
    refiners: [Option<FootOffsetRefiner>; Device::COUNT],
    refine: OffsetRefineSettings,
    /// Devices whose smoother holds the bone joint's position instead of
    /// the device's ([`PoseFilterSettings::feet_at_ankle`]).
    at_bone: [bool; Device::COUNT],
}

impl DeviceTracker {
    /// A tracker for the devices the profile knows; devices without a mount
    /// in the profile use the nominal offset and an identity mount. Samples
    /// pass the plausibility gate of `gate` first ([`crate::gate`]). The
    /// foot devices' offsets are refined during use with the default
    /// settings ([`crate::offset_refine`]).
    pub fn new(
        profile: &BodyProfile,
        settings: &PoseFilterSettings,
        gate: &GateSettings,
    ) -> DeviceTracker {
        DeviceTracker::with_refinement(profile, settings, gate, &OffsetRefineSettings::default())
    }

    /// As [`DeviceTracker::new`], the foot devices' offsets refined during
    /// use as `refine` says.
    pub fn with_refinement(
        profile: &BodyProfile,
        settings: &PoseFilterSettings,
        gate: &GateSettings,
        refine: &OffsetRefineSettings,
    ) -> DeviceTracker {
        let states = Device::ALL.map(|d| DeviceState {
            smoother: PoseSmoother::new(settings.for_device(d)),
            last_time: f64::NEG_INFINITY,
            last_valid_time: f64::NEG_INFINITY,
            seen: false,
            invalid_now: false,
            gate: DeviceGate::default(),
        });
        let mounts = Device::ALL.map(|d| profile.tracker(d).map(|m| (m.offset(), m.mount())));
        let refiners = Device::ALL.map(|d| {
            let foot = matches!(d, Device::LeftFoot | Device::RightFoot);
            let hand = matches!(d, Device::LeftHand | Device::RightHand);
            let head = d == Device::Head;
            let (offset, _) = mounts[d.index()]?;
            match (
                refine.enabled,
                foot,
                hand && refine.hands,
                head && refine.head,
            ) {
                (true, true, _, _) => Some(FootOffsetRefiner::new(offset)),
                (true, _, true, _) => Some(FootOffsetRefiner::for_hand(offset)),
                (true, _, _, true) => Some(FootOffsetRefiner::for_head(offset)),
                _ => None,
            }
        });
        let at_bone = Device::ALL.map(|d| {
            settings.feet_at_ankle
                && matches!(d, Device::LeftFoot | Device::RightFoot)
                && mounts[d.index()].is_some()
        });
        DeviceTracker {
            states,
            mounts,
            gate: *gate,
            refiners,
            refine: *refine,
            at_bone,
        }
    }

    /// Takes one sample (in time order). An invalid sample marks the device
    /// lost until its next valid one; a sample the plausibility gate
    /// rejects is left out (the device keeps its last accepted state, and
    /// counts as lost once that is older than [`LOST_AFTER_S`]).
    pub fn push(&mut self, sample: &TrackerSample) -> Verdict {
        let state = &mut self.states[sample.device.index()];
        let Some(pose) = sample.pose.filter(Transform::is_finite) else {
            state.invalid_now = true;
            state.last_time = sample.time_s;
            return Verdict::Lost;
        };
        let gap = sample.time_s - state.last_valid_time;
        let found = !state.seen || state.invalid_now || gap > LOST_AFTER_S;
        if let Err(reason) = state
            .gate
            .judge(&self.gate, pose.position, sample.time_s, found)
        {
            return Verdict::Rejected(reason);
        }
        let restart = !state.seen || gap > LOST_AFTER_S;
        if restart {
            state.smoother.reset();
        }
        let dt = if state.seen { gap.max(0.0) } else { 0.0 };
        let index = sample.device.index();
        let filtered_position = match self.mounts[index] {
            Some((calibrated, mount)) if self.at_bone[index] => {
                let offset = self.refiners[index]
                    .as_ref()
                    .map_or(calibrated, FootOffsetRefiner::offset);
                pose.position - (pose.rotation * mount.inverse()).normalize() * offset
            }
            _ => pose.position,
        };
        let state = &mut self.states[index];
        state.smoother.update(filtered_position, pose.rotation, dt);
        state.seen = true;
        state.invalid_now = false;
        state.last_time = sample.time_s;
        state.last_valid_time = sample.time_s;
        if let (Some(refiner), Some((_, mount))) = (&mut self.refiners[index], self.mounts[index]) {
            let bone_rotation = (pose.rotation * mount.inverse()).normalize();
            refiner.push(
                sample.time_s,
                bone_rotation,
                pose.position,
                restart,
                &self.refine,
            );
        }
        Verdict::Accepted
    }

    /// The position offset in use for a device (bone frame, metres): the
    /// profile's, or its refinement during use; `None` for a device the
    /// profile has no mount for. What the daemon stores into the profile
    /// on request.
    pub fn offset(&self, device: Device) -> Option<DVec3> {
        let index = device.index();
        match &self.refiners[index] {
            Some(r) => Some(r.offset()),
            None => self.mounts[index].map(|m| m.0),
        }
    }

    /// The refinement of a device's offset, if it has one.
    pub fn refiner(&self, device: Device) -> Option<&FootOffsetRefiner> {
        self.refiners[device.index()].as_ref()
    }

    /// A device's measured sample noise (position, metres per axis;
    /// rotation, radians), as its filter reads it.
    pub fn noise(&self, device: Device) -> (f64, f64) {
        let s = &self.states[device.index()].smoother;
        (s.position_noise_m(), s.rotation_noise_rad())
    }

    /// Whether the device is tracked at time `t` (seen recently, last
    /// sample valid).
    pub fn is_tracked(&self, device: Device, t: f64) -> bool {
        let s = &self.states[device.index()];
        s.seen && !s.invalid_now && t - s.last_valid_time <= LOST_AFTER_S
    }

    /// How long a device that was seen has been lost at time `t`, seconds
    /// (since its last valid sample); `None` while tracked or never seen.
    pub fn lost_for(&self, device: Device, t: f64) -> Option<f64> {
        let s = &self.states[device.index()];
        (s.seen && !self.is_tracked(device, t)).then(|| (t - s.last_valid_time).max(0.0))
    }

    /// Seconds since the device's last valid sample at time `t`; `None`
    /// if it never sent one.
    pub fn sample_age(&self, device: Device, t: f64) -> Option<f64> {
        let s = &self.states[device.index()];
        s.seen.then(|| (t - s.last_valid_time).max(0.0))
    }

    /// Whether the device was ever seen.
    pub fn was_seen(&self, device: Device) -> bool {
        self.states[device.index()].seen
    }

    /// The bone target a tracked device gives at time `t` (predicted from
    /// its last sample), or `None` when the device is lost.
    pub fn bone_target(&self, device: Device, t: f64) -> Option<BoneTarget> {
        if !self.is_tracked(device, t) {
            return None;
        }
        Some(self.last_bone_target(device, t))
    }

    /// The device's own filtered velocity at its last valid state, m/s:
    /// with the feet filtered at the ankle
    /// ([`PoseFilterSettings::feet_at_ankle`]), the ankle's plus the
    /// device's turn about it (a foot rolling over its ball moves its ankle
    /// faster than its device); else the smoother's.
    pub fn device_velocity(&self, device: Device) -> DVec3 {
        let s = &self.states[device.index()];
        let velocity = s.smoother.velocity();
        match self.mounts[device.index()] {
            Some((calibrated, mount)) if self.at_bone[device.index()] => {
                let offset = self.offset(device).unwrap_or(calibrated);
                let (_, rotation) = s.smoother.value();
                let lever = (rotation * mount.inverse()).normalize() * offset;
                velocity + s.smoother.angular_velocity().cross(lever)
            }
            _ => velocity,
        }
    }

    /// The bone target from the device's last valid state, even if lost
    /// (prediction capped), for holding a pose through a short loss.
    pub fn last_bone_target(&self, device: Device, t: f64) -> BoneTarget {
        let s = &self.states[device.index()];
        let ahead = (t - s.last_valid_time).clamp(0.0, MAX_PREDICTION_S);
        let velocity = s.smoother.velocity();
        let omega = s.smoother.angular_velocity();
        let (position, rotation) = s.smoother.value();
        let device_position = position + velocity * ahead;
        let device_rotation = (DQuat::from_scaled_axis(omega * ahead) * rotation).normalize();
        let (offset, mount) = match self.mounts[device.index()] {
            Some((calibrated, mount)) => (self.offset(device).unwrap_or(calibrated), mount),
            None => (device.nominal_offset(), DQuat::IDENTITY),
        };
        let bone_rotation = (device_rotation * mount.inverse()).normalize();
        // Filtered at the bone: the smoothed position is the joint's.
        let bone_position = if self.at_bone[device.index()] {
            device_position
        } else {
            device_position - bone_rotation * offset
        };
        BoneTarget {
            bone: Transform::new(bone_position, bone_rotation),
            velocity,
        }
    }
}
