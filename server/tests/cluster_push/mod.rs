//! Device samples pushed to a daemon over `DeviceService.PushDevices` in
//! real time, for the shared-space tests (`cluster.rs`): one batch per tick
//! at 90 Hz from a task of its own, until the batches run out or the test
//! says stop. Included with `mod`.

#![allow(dead_code)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use posewire_body::formats::TrackerSample;
use posewire_body::glam::DVec3;
use posewire_body::Transform;
use posewire_client::{pb, Client};

/// The rate batches are pushed at, Hz (the loop's).
pub const PUSH_HZ: f64 = 90.0;

/// Pushes for avatar `id` one batch per tick in real time, `batches(k)`
/// giving tick `k`'s samples (moved by `shift`), until it returns `None`
/// or `stop` is set. The task ends with the push's answer.
pub fn push_paced(
    client: &Client,
    id: &str,
    shift: DVec3,
    stop: Arc<AtomicBool>,
    mut batches: impl FnMut(usize) -> Option<Vec<TrackerSample>> + Send + 'static,
) -> tokio::task::JoinHandle<Result<pb::PushDevicesResponse, posewire_client::ClientError>> {
    let (tx, rx) = tokio::sync::mpsc::channel(16);
    let id = id.to_string();
    tokio::spawn(async move {
        let start = Instant::now();
        let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / PUSH_HZ));
        for k in 0.. {
            tick.tick().await;
            if stop.load(Ordering::SeqCst) {
                break;
            }
            let Some(batch) = batches(k) else { break };
            let ns = i64::try_from(start.elapsed().as_nanos()).unwrap_or(i64::MAX);
            let samples = batch.iter().filter_map(|s| pushed(s, shift, ns)).collect();
            let request = pb::PushDevicesRequest {
                avatar_id: id.clone(),
                samples,
            };
            if tx.send(request).await.is_err() {
                break;
            }
        }
    });
    let client = client.clone();
    tokio::spawn(async move {
        client
            .push_devices(tokio_stream::wrappers::ReceiverStream::new(rx))
            .await
    })
}

/// A sample as pushed, moved by `shift`, stamped `capture_ns` (`None` for
/// a tracking loss).
fn pushed(s: &TrackerSample, shift: DVec3, capture_ns: i64) -> Option<pb::DeviceSample> {
    let pose = s.pose?;
    let moved = Transform {
        position: pose.position + shift,
        ..pose
    };
    Some(super::common::device_sample(s.device, moved, capture_ns))
}

/// A person of the daemon's default stature standing still (headset at
/// head height, hands at the sides), pushed for avatar `id` at `at` until
/// `stop` is set: the standing body of the own-feet tests.
pub fn push_standing(
    client: &Client,
    id: &str,
    at: DVec3,
    stop: Arc<AtomicBool>,
) -> tokio::task::JoinHandle<Result<pb::PushDevicesResponse, posewire_client::ClientError>> {
    let profile =
        posewire_body::BodyProfile::from_stature(posewire::serve::daemon::DEFAULT_STATURE_M);
    let still = posewire_solver::physics::trials::standing_samples(&profile, 1.0 / PUSH_HZ, false);
    push_paced(client, id, at, stop, move |_| Some(still.clone()))
}
