//! Device samples as a client pushes them over `DeviceService.PushDevices`,
//! and the stretch of a take a test pushes.

use posewire::serve::frame_build::{device, quat, vec3};
use posewire_body::formats::TrackerTake;
use posewire_body::{Device, Transform};
use posewire_client::pb;

/// `device` at `pose`, stamped with the sender's capture time.
pub fn device_sample(d: Device, pose: Transform, capture_ns: i64) -> pb::DeviceSample {
    pb::DeviceSample {
        device: device(d) as i32,
        capture_time_ns: capture_ns,
        pose: Some(pb::Pose {
            position: Some(vec3(pose.position)),
            rotation: Some(quat(pose.rotation)),
        }),
        input: None,
    }
}

/// The first `seconds` of a tracker take (from its first sample's time).
pub fn first_seconds(take: &TrackerTake, seconds: f64) -> TrackerTake {
    let t0 = take.samples.first().map_or(0.0, |s| s.time_s);
    TrackerTake {
        samples: take
            .samples
            .iter()
            .copied()
            .filter(|s| s.time_s <= t0 + seconds)
            .collect(),
        ..Default::default()
    }
}
