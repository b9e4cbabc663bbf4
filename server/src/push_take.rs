//! Pushing a tracker take to a daemon (`posewire push` and the end-to-end
//! tests): the take's samples grouped by time into `PushDevices` batches
//! with capture timestamps in this machine's clock, sent at once or paced
//! in real time.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use posewire_body::formats::TrackerTake;
use posewire_client::{pb, Client, ClientError};

/// One batch and when it is due, seconds after the take's first sample.
#[derive(Debug, Clone, PartialEq)]
pub struct Batch {
    /// Seconds after the first sample.
    pub due_s: f64,
    /// The samples captured at that instant.
    pub request: pb::PushDevicesRequest,
}

use crate::serve::frame_build::device;

/// Now, Unix epoch nanoseconds.
pub fn unix_ns() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX))
}

/// The take's valid samples as batches for `avatar`, one per distinct
/// time, captured at `start_unix_ns` + (time - first time). Invalid samples
/// (tracking loss in the take) are left out; returns how many.
pub fn batches(take: &TrackerTake, avatar: &str, start_unix_ns: i64) -> (Vec<Batch>, usize) {
    let Some(first) = take.samples.first().map(|s| s.time_s) else {
        return (Vec::new(), 0);
    };
    let mut out: Vec<Batch> = Vec::new();
    let mut invalid = 0;
    for s in &take.samples {
        let Some(pose) = s.pose else {
            invalid += 1;
            continue;
        };
        let due_s = s.time_s - first;
        let sample = pb::DeviceSample {
            device: device(s.device) as i32,
            capture_time_ns: start_unix_ns + (due_s * 1e9).round() as i64,
            pose: Some(pb::Pose {
                position: Some(crate::serve::frame_build::vec3(pose.position)),
                rotation: Some(crate::serve::frame_build::quat(pose.rotation)),
            }),
            input: s
                .input
                .as_ref()
                .map(crate::serve::grpc::devices::input_message),
        };
        match out.last_mut() {
            Some(b) if b.due_s == due_s => b.request.samples.push(sample),
            _ => out.push(Batch {
                due_s,
                request: pb::PushDevicesRequest {
                    avatar_id: avatar.to_string(),
                    samples: vec![sample],
                },
            }),
        }
    }
    (out, invalid)
}

/// Pushes the take with its first sample captured at `start_unix_ns`
/// (this machine's clock; [`unix_ns`] for now): in real time (each batch
/// when due, the take's pace) or, without `realtime`, all at once. Returns
/// the daemon's answer.
pub async fn push(
    client: &Client,
    take: &TrackerTake,
    avatar: &str,
    realtime: bool,
    start_unix_ns: i64,
) -> Result<pb::PushDevicesResponse, ClientError> {
    let start = tokio::time::Instant::now()
        + Duration::from_nanos(u64::try_from(start_unix_ns - unix_ns()).unwrap_or(0));
    let (batches, _) = batches(take, avatar, start_unix_ns);
    if !realtime {
        return client
            .push_devices(tokio_stream::iter(batches.into_iter().map(|b| b.request)))
            .await;
    }
    let (tx, rx) = tokio::sync::mpsc::channel(64);
    tokio::spawn(async move {
        for b in batches {
            tokio::time::sleep_until(start + Duration::from_secs_f64(b.due_s)).await;
            if tx.send(b.request).await.is_err() {
                break;
            }
        }
    });
    client
        .push_devices(tokio_stream::wrappers::ReceiverStream::new(rx))
        .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::formats::TrackerSample;
    use posewire_body::{Device, Transform};

    #[test]
    fn samples_of_one_instant_share_a_batch_and_invalid_ones_are_left_out() {
        let at = |t: f64, device: Device, valid: bool| TrackerSample {
            time_s: t,
            device,
            pose: valid.then(Transform::default),
            input: None,
        };
        let take = TrackerTake {
            samples: vec![
                at(10.0, Device::Head, true),
                at(10.0, Device::LeftHand, true),
                at(10.5, Device::Head, false),
                at(10.5, Device::RightHand, true),
            ],
            ..Default::default()
        };
        let (b, invalid) = batches(&take, "p", 1_000);
        assert_eq!(invalid, 1);
        assert_eq!(b.len(), 2);
        assert_eq!(b[0].request.samples.len(), 2);
        assert_eq!(b[1].due_s, 0.5);
        assert_eq!(b[1].request.samples[0].capture_time_ns, 1_000 + 500_000_000);
        assert_eq!(b[1].request.avatar_id, "p");
    }
}
