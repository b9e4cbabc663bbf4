//! The take being played: each device's samples, and its pose and
//! controller input at any take time (interpolated between samples; no
//! pose in a gap or at an invalid sample, which is how a take says the
//! device lost tracking; no input where the take's sample has none).

use std::collections::BTreeMap;

use posewire_body::formats::TrackerTake;
use posewire_body::{ControllerInput, Device, Transform};

/// Two samples further apart than this leave a gap: the device is not
/// tracked in between, seconds.
pub const GAP_S: f64 = 0.1;

/// One sample of a device: time, pose, input.
type Sample = (f64, Option<Transform>, Option<ControllerInput>);

/// A take's devices, ready to be played.
#[derive(Debug, Clone, Default)]
pub struct Player {
    devices: BTreeMap<Device, Vec<Sample>>,
    first_s: f64,
}

fn lerp(a: f64, b: f64, w: f64) -> f64 {
    a + (b - a) * w
}

/// The analogue values of `a` moved towards `b` by `w`; buttons and
/// touch flags are `a`'s.
fn blend(a: ControllerInput, b: ControllerInput, w: f64) -> ControllerInput {
    ControllerInput {
        grip: lerp(a.grip, b.grip, w),
        trigger: lerp(a.trigger, b.trigger, w),
        thumbstick: [0, 1].map(|i| lerp(a.thumbstick[i], b.thumbstick[i], w)),
        ..a
    }
}

impl Player {
    /// Splits a take by device.
    pub fn new(take: &TrackerTake) -> Player {
        let mut devices: BTreeMap<Device, Vec<Sample>> = BTreeMap::new();
        for s in &take.samples {
            devices
                .entry(s.device)
                .or_default()
                .push((s.time_s, s.pose, s.input));
        }
        Player {
            devices,
            first_s: take.time_range().map_or(0.0, |(a, _)| a),
        }
    }

    /// The take's first sample time, seconds.
    pub fn first_s(&self) -> f64 {
        self.first_s
    }

    /// Whether the take has this device at all.
    pub fn has(&self, device: Device) -> bool {
        self.devices.contains_key(&device)
    }

    /// The device's pose at take time `t`: before the first sample the
    /// first, after the last the last; between two valid samples less
    /// than [`GAP_S`] apart their interpolation; otherwise none.
    pub fn pose(&self, device: Device, t: f64) -> Option<Transform> {
        let samples = self.devices.get(&device)?;
        let (first, last) = (samples.first()?, samples.last()?);
        if t <= first.0 {
            return first.1;
        }
        if t >= last.0 {
            return last.1;
        }
        let k = samples.partition_point(|s| s.0 <= t).max(1);
        let (a, b) = (samples[k - 1], samples[k]);
        if b.0 - a.0 > GAP_S {
            return None;
        }
        let (pa, pb) = (a.1?, b.1?);
        let w = ((t - a.0) / (b.0 - a.0)).clamp(0.0, 1.0);
        Some(Transform::new(
            pa.position.lerp(pb.position, w),
            pa.rotation.slerp(pb.rotation, w).normalize(),
        ))
    }

    /// The device's controller input at take time `t`: before the first
    /// sample the first's, after the last the last's; between two samples
    /// the earlier one's buttons and touches, and grip, trigger and stick
    /// interpolated when the later one has input too; none where the
    /// earlier sample has none.
    pub fn input(&self, device: Device, t: f64) -> Option<ControllerInput> {
        let samples = self.devices.get(&device)?;
        let (first, last) = (samples.first()?, samples.last()?);
        if t <= first.0 {
            return first.2;
        }
        if t >= last.0 {
            return last.2;
        }
        let k = samples.partition_point(|s| s.0 <= t).max(1);
        let (a, b) = (samples[k - 1], samples[k]);
        let ia = a.2?;
        match b.2 {
            Some(ib) if b.0 - a.0 <= GAP_S => {
                Some(blend(ia, ib, ((t - a.0) / (b.0 - a.0)).clamp(0.0, 1.0)))
            }
            _ => Some(ia),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::{DQuat, DVec3};
    use posewire_body::formats::TrackerSample;

    fn sample(t: f64, x: f64) -> TrackerSample {
        TrackerSample {
            time_s: t,
            device: Device::Pelvis,
            pose: Some(Transform::new(DVec3::new(x, 1.0, 0.0), DQuat::IDENTITY)),
            input: None,
        }
    }

    #[test]
    fn poses_interpolate_and_gaps_are_untracked() {
        let take = TrackerTake {
            samples: vec![sample(1.0, 0.0), sample(1.05, 1.0), sample(2.0, 2.0)],
            ..Default::default()
        };
        let p = Player::new(&take);
        let x = |t| p.pose(Device::Pelvis, t).map(|t| t.position.x);
        assert_eq!(x(0.0), Some(0.0));
        assert!((x(1.025).expect("tracked") - 0.5).abs() < 1e-9);
        assert_eq!(x(1.5), None, "a 0.95 s gap");
        assert_eq!(x(3.0), Some(2.0));
        assert_eq!(p.pose(Device::Head, 1.0), None);
    }

    #[test]
    fn inputs_interpolate_their_analogue_values_and_hold_their_buttons() {
        let with = |t: f64, grip: f64, primary: bool| TrackerSample {
            input: Some(ControllerInput {
                grip,
                primary,
                ..Default::default()
            }),
            ..sample(t, 0.0)
        };
        let take = TrackerTake {
            samples: vec![
                with(1.0, 0.0, true),
                with(1.05, 1.0, false),
                sample(1.1, 0.0),
            ],
            ..Default::default()
        };
        let p = Player::new(&take);
        let at = |t| p.input(Device::Pelvis, t);
        assert_eq!(at(0.0).map(|i| i.grip), Some(0.0));
        let mid = at(1.025).expect("input");
        assert!((mid.grip - 0.5).abs() < 1e-9 && mid.primary);
        assert_eq!(at(1.07).map(|i| (i.grip, i.primary)), Some((1.0, false)));
        assert_eq!(at(1.2), None, "the last sample has no input");
        assert_eq!(p.input(Device::Head, 1.0), None);
    }
}
