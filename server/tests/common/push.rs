//! Device samples as a client pushes them over `DeviceService.PushDevices`.

use posewire::serve::frame_build::{device, quat, vec3};
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
