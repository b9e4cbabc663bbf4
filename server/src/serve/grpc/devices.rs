//! `posewire.v1.DeviceService`: device samples streamed in for avatars
//! whose source is `push`. Each sample is checked (device, finite pose,
//! unit quaternion, inside the workspace, capture time not going backwards
//! per device, a known push avatar); an invalid one is rejected and counted with its reason
//! while the valid ones of the same stream are kept. Capture times in the
//! sender's clock are mapped onto the loop's clock through a tracked
//! offset and drift estimate ([`ClockTracker`]), reported in the answer
//! and, while the stream is open, in GetStats.

use std::collections::BTreeMap;
use std::sync::Arc;

use pb::device_service_server::DeviceService;
use posewire_body::formats::TrackerSample;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{ControllerInput, Device, Touch, Transform};
use posewire_proto::v1 as pb;
use posewire_solver::gate::GateSettings;
use tonic::{Request, Response, Status, Streaming};

use crate::serve::clock::ClockTracker;
use crate::serve::state::Shared;
use crate::serve::stats::PushStreamStat;

/// The device service.
#[derive(Debug, Clone)]
pub struct Devices {
    shared: Arc<Shared>,
}

impl Devices {
    /// The service over the daemon's shared state.
    pub fn new(shared: Arc<Shared>) -> Devices {
        Devices { shared }
    }

    /// Seconds on the loop's clock now.
    fn loop_now_s(&self) -> f64 {
        self.shared
            .stats()
            .started
            .map_or(0.0, |s| s.elapsed().as_secs_f64())
    }
}

/// The canonical device of the API's enum.
fn device_of(value: i32) -> Option<Device> {
    match pb::Device::try_from(value).ok()? {
        pb::Device::Unspecified => None,
        pb::Device::Head => Some(Device::Head),
        pb::Device::LeftHand => Some(Device::LeftHand),
        pb::Device::RightHand => Some(Device::RightHand),
        pb::Device::Pelvis => Some(Device::Pelvis),
        pb::Device::LeftFoot => Some(Device::LeftFoot),
        pb::Device::RightFoot => Some(Device::RightFoot),
    }
}

/// Checks one sample's content; the pose if valid. A position outside the
/// workspace of `gate` is rejected here at once; the loop's gate judges
/// the rest (speed) per device.
pub fn check(
    sample: &pb::DeviceSample,
    gate: &GateSettings,
) -> Result<(Device, Transform, Option<ControllerInput>), pb::RejectReason> {
    let device = device_of(sample.device).ok_or(pb::RejectReason::UnknownDevice)?;
    let pose = sample.pose.as_ref().ok_or(pb::RejectReason::NotFinite)?;
    let (p, q) = match (&pose.position, &pose.rotation) {
        (Some(p), Some(q)) => (p, q),
        _ => return Err(pb::RejectReason::NotFinite),
    };
    let position = DVec3::new(p.x, p.y, p.z);
    let rotation = DQuat::from_xyzw(q.x, q.y, q.z, q.w);
    if !(position.is_finite() && rotation.is_finite()) {
        return Err(pb::RejectReason::NotFinite);
    }
    if (rotation.length() - 1.0).abs() > 1e-3 {
        return Err(pb::RejectReason::NotUnitQuaternion);
    }
    if !gate.inside(position) {
        return Err(pb::RejectReason::OutsideWorkspace);
    }
    let input = match &sample.input {
        None => None,
        Some(_) if !matches!(device, Device::LeftHand | Device::RightHand) => {
            return Err(pb::RejectReason::InputOnATracker)
        }
        Some(i) => Some(input_of(i)?),
    };
    Ok((
        device,
        Transform::new(position, rotation.normalize()),
        input,
    ))
}

/// A controller's input as the wire carries it (what [`check`] reads).
pub fn input_message(i: &ControllerInput) -> pb::ControllerInput {
    pb::ControllerInput {
        grip: i.grip,
        trigger: i.trigger,
        primary: i.primary,
        secondary: i.secondary,
        thumbstick_x: i.thumbstick[0],
        thumbstick_y: i.thumbstick[1],
        touch_trigger: i.touch.trigger,
        touch_thumbstick: i.touch.thumbstick,
        touch_primary: i.touch.primary,
        touch_secondary: i.touch.secondary,
    }
}

/// A controller's input from the wire, clamped to its ranges; NaN or
/// infinity anywhere rejects it.
fn input_of(i: &pb::ControllerInput) -> Result<ControllerInput, pb::RejectReason> {
    let analogue = [i.grip, i.trigger, i.thumbstick_x, i.thumbstick_y];
    if analogue.iter().any(|v| !v.is_finite()) {
        return Err(pb::RejectReason::NotFinite);
    }
    Ok(ControllerInput {
        grip: i.grip,
        trigger: i.trigger,
        primary: i.primary,
        secondary: i.secondary,
        thumbstick: [i.thumbstick_x, i.thumbstick_y],
        touch: Touch {
            trigger: i.touch_trigger,
            thumbstick: i.touch_thumbstick,
            primary: i.touch_primary,
            secondary: i.touch_secondary,
        },
    }
    .sanitized())
}

#[tonic::async_trait]
impl DeviceService for Devices {
    async fn push_devices(
        &self,
        request: Request<Streaming<pb::PushDevicesRequest>>,
    ) -> Result<Response<pb::PushDevicesResponse>, Status> {
        let peer = request
            .remote_addr()
            .map_or_else(|| "unknown".to_string(), |a| a.to_string());
        let listed = self.shared.push_streams.register(peer);
        let mut stream = request.into_inner();
        let mut accepted = 0u64;
        let mut rejected: BTreeMap<i32, u64> = BTreeMap::new();
        let mut clock = ClockTracker::default();
        // Per avatar and device, the last accepted capture time (ns).
        let mut last: BTreeMap<(String, Device), i64> = BTreeMap::new();
        while let Some(batch) = stream.message().await? {
            let arrival = self.loop_now_s();
            let mut reject = |reason: pb::RejectReason, n: u64| {
                *rejected.entry(reason as i32).or_default() += n;
            };
            let n = batch.samples.len() as u64;
            let queue =
                if self.shared.avatar(&batch.avatar_id).is_none() || batch.avatar_id.is_empty() {
                    reject(pb::RejectReason::UnknownAvatar, n);
                    None
                } else {
                    let queue = self.shared.push_queue(&batch.avatar_id);
                    if queue.is_none() {
                        reject(pb::RejectReason::NotAPushAvatar, n);
                    }
                    queue
                };
            let Some(queue) = queue else {
                listed.item.update(PushStreamStat {
                    avatar_id: batch.avatar_id,
                    accepted,
                    rejected: rejected.values().sum(),
                    ..stat_of(&clock)
                });
                continue;
            };
            let mut valid = Vec::with_capacity(batch.samples.len());
            for sample in &batch.samples {
                let (device, pose, input) = match check(sample, &self.shared.gate) {
                    Ok(v) => v,
                    Err(reason) => {
                        reject(reason, 1);
                        continue;
                    }
                };
                let key = (batch.avatar_id.clone(), device);
                if last.get(&key).is_some_and(|&t| sample.capture_time_ns < t) {
                    reject(pb::RejectReason::TimeBackwards, 1);
                    continue;
                }
                last.insert(key, sample.capture_time_ns);
                let sender_s = sample.capture_time_ns as f64 * 1e-9;
                valid.push(TrackerSample {
                    time_s: clock.observe(sender_s, arrival),
                    device,
                    pose: Some(pose),
                    input,
                });
            }
            accepted += valid.len() as u64;
            queue.extend(valid);
            listed.item.update(PushStreamStat {
                avatar_id: batch.avatar_id,
                accepted,
                rejected: rejected.values().sum(),
                ..stat_of(&clock)
            });
        }
        let rejections: Vec<pb::RejectCount> = rejected
            .into_iter()
            .map(|(reason, count)| pb::RejectCount { reason, count })
            .collect();
        Ok(Response::new(pb::PushDevicesResponse {
            accepted,
            rejected: rejections.iter().map(|r| r.count).sum(),
            rejections,
            clock_offset_s: clock.offset_s(),
            clock_offset_jitter_s: clock.jitter_s(),
            clock_drift_ppm: clock.drift_ppm(),
            clock_steps: clock.steps(),
        }))
    }
}

/// A push stream's clock estimate, for GetStats.
fn stat_of(clock: &ClockTracker) -> PushStreamStat {
    PushStreamStat {
        clock_offset_s: clock.offset_s(),
        clock_drift_ppm: clock.drift_ppm(),
        clock_jitter_s: clock.jitter_s(),
        clock_steps: clock.steps(),
        ..PushStreamStat::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(device: pb::Device, q: [f64; 4]) -> pb::DeviceSample {
        pb::DeviceSample {
            device: device as i32,
            capture_time_ns: 0,
            pose: Some(pb::Pose {
                position: Some(pb::Vec3 {
                    x: 0.0,
                    y: 1.6,
                    z: 0.0,
                }),
                rotation: Some(pb::Quat {
                    x: q[0],
                    y: q[1],
                    z: q[2],
                    w: q[3],
                }),
            }),
            input: None,
        }
    }

    fn check(
        sample: &pb::DeviceSample,
    ) -> Result<(Device, Transform, Option<ControllerInput>), pb::RejectReason> {
        super::check(sample, &GateSettings::default())
    }

    #[test]
    fn samples_outside_the_workspace_are_rejected_at_once() {
        let unit = [0.0, 0.0, 0.0, 1.0];
        for x in [1e308, -1e308, 1000.0, 50.5] {
            let mut far = sample(pb::Device::Head, unit);
            if let Some(p) = far.pose.as_mut().and_then(|p| p.position.as_mut()) {
                p.x = x;
            }
            assert_eq!(
                check(&far).err(),
                Some(pb::RejectReason::OutsideWorkspace),
                "{x}"
            );
        }
        let mut near = sample(pb::Device::Head, unit);
        if let Some(p) = near.pose.as_mut().and_then(|p| p.position.as_mut()) {
            p.x = 49.0;
        }
        assert!(check(&near).is_ok());
    }

    #[test]
    fn controller_input_is_taken_on_hands_clamped_and_refused_elsewhere() {
        let unit = [0.0, 0.0, 0.0, 1.0];
        let wire = pb::ControllerInput {
            grip: 1.2,
            trigger: 0.5,
            primary: true,
            thumbstick_x: -2.0,
            touch_thumbstick: true,
            ..pb::ControllerInput::default()
        };
        let mut hand = sample(pb::Device::RightHand, unit);
        hand.input = Some(wire);
        let (_, _, input) = check(&hand).expect("a hand's input is taken");
        let input = input.expect("carried");
        assert_eq!((input.grip, input.trigger), (1.0, 0.5));
        assert_eq!(input.thumbstick, [-1.0, 0.0]);
        assert!(input.primary && !input.secondary && input.touch.thumbstick);
        assert_eq!(input_of(&input_message(&input)), Ok(input));
        let mut nan = hand;
        if let Some(i) = nan.input.as_mut() {
            i.trigger = f64::NAN;
        }
        assert_eq!(check(&nan).err(), Some(pb::RejectReason::NotFinite));
        let mut head = sample(pb::Device::Head, unit);
        head.input = Some(wire);
        assert_eq!(check(&head).err(), Some(pb::RejectReason::InputOnATracker));
        let (_, _, none) = check(&sample(pb::Device::LeftHand, unit)).expect("taken");
        assert_eq!(none, None);
    }

    #[test]
    fn samples_are_checked_with_a_reason() {
        let unit = [0.0, 0.0, 0.0, 1.0];
        assert!(check(&sample(pb::Device::Head, unit)).is_ok());
        assert_eq!(
            check(&sample(pb::Device::Unspecified, unit)).err(),
            Some(pb::RejectReason::UnknownDevice)
        );
        assert_eq!(
            check(&sample(pb::Device::Head, [0.0, 0.0, 0.0, 1.1])).err(),
            Some(pb::RejectReason::NotUnitQuaternion)
        );
        assert_eq!(
            check(&sample(pb::Device::Head, [f64::NAN, 0.0, 0.0, 1.0])).err(),
            Some(pb::RejectReason::NotFinite)
        );
        let mut no_pose = sample(pb::Device::Head, unit);
        no_pose.pose = None;
        assert_eq!(check(&no_pose).err(), Some(pb::RejectReason::NotFinite));
    }
}
