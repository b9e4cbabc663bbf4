//! The take being played: each device's samples, and its pose at any
//! take time (interpolated between samples; none in a gap or at an
//! invalid sample, which is how a take says the device lost tracking).

use std::collections::BTreeMap;

use posewire_body::formats::TrackerTake;
use posewire_body::{Device, Transform};

/// Two samples further apart than this leave a gap: the device is not
/// tracked in between, seconds.
pub const GAP_S: f64 = 0.1;

/// A take's devices, ready to be played.
#[derive(Debug, Clone, Default)]
pub struct Player {
    devices: BTreeMap<Device, Vec<(f64, Option<Transform>)>>,
    first_s: f64,
}

impl Player {
    /// Splits a take by device.
    pub fn new(take: &TrackerTake) -> Player {
        let mut devices: BTreeMap<Device, Vec<(f64, Option<Transform>)>> = BTreeMap::new();
        for s in &take.samples {
            devices
                .entry(s.device)
                .or_default()
                .push((s.time_s, s.pose));
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
}
