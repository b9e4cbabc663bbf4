//! End-to-end tests of the plausibility gate of device samples (issue 22):
//! the real daemon on a loopback socket, samples pushed over gRPC in real
//! time and replayed from a real take file; what the bodies do is read
//! from the frame stream, what was rejected from GetStats and the push
//! response.

mod common;
use common::{avatar, device_sample, solver_named, PATIENCE};

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use posewire::serve::config::{AvatarConfig, SourceConfig};
use posewire::serve::demo_source::DemoPerson;
use posewire::serve::{Config, Daemon};
use posewire_body::formats::{TrackerSample, TrackerTake};
use posewire_body::glam::DVec3;
use posewire_body::{BodyProfile, Device, Skeleton, Transform};
use posewire_client::{pb, Client};

/// The rate samples are pushed at, Hz.
const PUSH_HZ: f64 = 90.0;

async fn start(solver: &str, avatars: Vec<AvatarConfig>) -> (Daemon, Client) {
    let config = Config {
        listen: "127.0.0.1:0".into(),
        solver: solver_named(solver),
        avatars,
        ..Config::default()
    };
    common::start_daemon(&config).await
}

/// The demo person's head and hands at one instant, moved by `shift`: a
/// person standing still.
fn standing(shift: DVec3) -> Vec<TrackerSample> {
    let person = DemoPerson::new(
        &Skeleton::from_profile(&BodyProfile::from_stature(1.75)),
        0.0,
        [0.0; 3],
    );
    person
        .samples(0.0)
        .iter()
        .map(|s| {
            let pose = s.pose.expect("demo samples are valid");
            TrackerSample {
                pose: Some(Transform::new(pose.position + shift, pose.rotation)),
                ..*s
            }
        })
        .collect()
}

/// Pushes for avatar `id` one batch per tick at [`PUSH_HZ`] in real time,
/// `batches(k)` giving tick `k`'s samples (capture times are stamped
/// here), until it returns `None`; returns the push response.
async fn push_paced(
    client: &Client,
    id: &str,
    mut batches: impl FnMut(usize) -> Option<Vec<(TrackerSample, DVec3)>> + Send + 'static,
) -> pb::PushDevicesResponse {
    let (tx, rx) = tokio::sync::mpsc::channel(16);
    let id = id.to_string();
    let sender = tokio::spawn(async move {
        let start = Instant::now();
        let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / PUSH_HZ));
        for k in 0.. {
            tick.tick().await;
            let Some(batch) = batches(k) else { break };
            let ns = start.elapsed().as_nanos() as i64;
            let samples = batch.iter().map(|(s, p)| pushed(s, *p, ns)).collect();
            let request = pb::PushDevicesRequest {
                avatar_id: id.clone(),
                samples,
            };
            if tx.send(request).await.is_err() {
                break;
            }
        }
    });
    let response = tokio::time::timeout(
        PATIENCE * 2,
        client.push_devices(tokio_stream::wrappers::ReceiverStream::new(rx)),
    )
    .await
    .expect("the push ends within the patience")
    .expect("push");
    sender.await.expect("the sender ends");
    response
}

/// Every frame's root position of avatar `id` while `flag` is set, read by
/// a task of its own until `done`.
fn watch_root(
    client: &Client,
    id: &str,
    flag: Arc<AtomicBool>,
    done: Arc<AtomicBool>,
) -> tokio::task::JoinHandle<Vec<(bool, DVec3)>> {
    let client = client.clone();
    let id = id.to_string();
    tokio::spawn(async move {
        let mut stream = client
            .stream_frames(pb::StreamFramesRequest {
                avatar_ids: vec![id.clone()],
                ..Default::default()
            })
            .await
            .expect("stream");
        let mut out = Vec::new();
        while !done.load(Ordering::SeqCst) {
            let Ok(Ok(Some(frame))) = tokio::time::timeout(PATIENCE, stream.message()).await else {
                break;
            };
            let Some(frame) = frame.frame else { continue };
            for a in frame.avatars.iter().filter(|a| a.avatar_id == id) {
                if let Some(p) = a.root.as_ref().and_then(|r| r.position.as_ref()) {
                    out.push((flag.load(Ordering::SeqCst), DVec3::new(p.x, p.y, p.z)));
                }
            }
        }
        out
    })
}

/// The GetStats entry of one device of one avatar.
async fn device_stats(client: &Client, id: &str, device: pb::Device) -> pb::DeviceStats {
    let stats = client.get_stats().await.expect("stats");
    stats
        .devices
        .into_iter()
        .find(|d| d.avatar_id == id && d.device == device as i32)
        .unwrap_or_else(|| panic!("{id} {device:?} is in GetStats"))
}

fn reject_count(response: &pb::PushDevicesResponse, reason: pb::RejectReason) -> u64 {
    response
        .rejections
        .iter()
        .find(|r| r.reason == reason as i32)
        .map_or(0, |r| r.count)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_physics_body_never_moves_on_samples_far_away_or_jumping() {
    // A take file whose head is 1 km and 1e308 m away every 10th sample,
    // standing 3 m to the side of the pushed avatar.
    let dir = tempfile::tempdir().expect("temp dir");
    let take_path = dir.path().join("far.trackers.csv");
    let mut samples = Vec::new();
    for k in 0..900 {
        let t = k as f64 / 90.0;
        for s in standing(DVec3::new(3.0, 0.0, 0.0)) {
            let mut s = TrackerSample { time_s: t, ..s };
            if s.device == Device::Head && k % 10 == 5 {
                let far = if k % 20 == 5 { 1e3 } else { 1e308 };
                if let Some(p) = s.pose.as_mut() {
                    p.position.x = far;
                }
            }
            samples.push(s);
        }
    }
    TrackerTake {
        samples,
        invalid: Default::default(),
    }
    .write(&take_path)
    .expect("the take is written");
    let (daemon, client) = start(
        "physics",
        vec![
            avatar("pushed", SourceConfig::Push {}),
            avatar(
                "replayed",
                SourceConfig::File {
                    path: take_path,
                    looping: true,
                },
            ),
        ],
    )
    .await;

    // 2 s standing still, then 2 s in which every other tick brings the
    // head 1 km or 1e308 m away and a hand 2 m away, then 0.5 s standing.
    let junk = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicBool::new(false));
    let roots = watch_root(&client, "pushed", junk.clone(), done.clone());
    let still = standing(DVec3::ZERO);
    let flag = junk.clone();
    let jumps = Arc::new(Mutex::new(0u64));
    let jumped = jumps.clone();
    let response = push_paced(&client, "pushed", move |k| {
        let phase = (180..360).contains(&k);
        flag.store(phase, Ordering::SeqCst);
        if k >= 405 {
            return None;
        }
        let mut batch: Vec<(TrackerSample, DVec3)> = still
            .iter()
            .map(|s| (*s, s.pose.expect("valid").position))
            .collect();
        if phase && k % 2 == 0 {
            let far = if k % 4 == 0 { 1e3 } else { 1e308 };
            batch[0].1 = DVec3::new(far, 1.6, -far);
            batch[1].1 += DVec3::new(2.0, 0.0, 0.0);
            *jumped.lock().expect("count") += 1;
        }
        Some(batch)
    })
    .await;
    done.store(true, Ordering::SeqCst);
    let roots = roots.await.expect("the watcher ends");

    // The pushed body stood where it stood before the junk, within 2 cm
    // (judged from 1.5 s on: the learned pelvis comes in after the first
    // second, once its past reaches back that far, and moves the pelvis
    // a few centimetres from the rules' estimate over 0.3 s).
    let before: Vec<DVec3> = roots.iter().filter(|r| !r.0).map(|r| r.1).collect();
    assert!(before.len() > 100, "{} frames before", before.len());
    let settled = before[before.len() * 3 / 4];
    let worst = roots
        .iter()
        .skip(before.len() * 3 / 4)
        .map(|r| r.1.distance(settled))
        .fold(0.0, f64::max);
    assert!(
        worst < 0.02,
        "the pelvis moved {worst:.3} m from where it stood"
    );

    // Far samples are refused by the push call, jumps counted in GetStats.
    let jumps = *jumps.lock().expect("count");
    assert!(jumps >= 80, "{jumps}");
    assert_eq!(
        reject_count(&response, pb::RejectReason::OutsideWorkspace),
        jumps
    );
    // Every jump is left out, unless a stall of the loaded machine kept
    // the hand silent for over 0.1 s just before one (the hand then counts
    // as lost and its next sample is taken wherever it is, and the samples
    // after it are the jump for a moment).
    let hand = device_stats(&client, "pushed", pb::Device::LeftHand).await;
    assert!(
        (jumps - jumps / 10..=jumps + 30).contains(&hand.rejected_too_fast),
        "{jumps} jumps: {hand:?}"
    );
    assert_eq!(hand.rejected_outside_workspace, 0);
    let head = device_stats(&client, "pushed", pb::Device::Head).await;
    assert_eq!(head.rejected_too_fast + head.rejected_outside_workspace, 0);

    // The replayed take's far heads never reach its body either, and are
    // counted per reason.
    let head = device_stats(&client, "replayed", pb::Device::Head).await;
    assert!(head.rejected_outside_workspace >= 20, "{head:?}");
    assert_eq!(head.rejected_too_fast, 0, "{head:?}");
    let frames = client
        .stream_frames(pb::StreamFramesRequest {
            avatar_ids: vec!["replayed".into()],
            ..Default::default()
        })
        .await;
    let mut frames = frames.expect("stream");
    let frame = tokio::time::timeout(PATIENCE, frames.message())
        .await
        .expect("a frame")
        .expect("no error")
        .and_then(|f| f.frame)
        .expect("a frame");
    let root = frame.avatars[0]
        .root
        .as_ref()
        .and_then(|r| r.position.as_ref())
        .expect("root");
    assert!(
        (root.x - 3.0).abs() < 0.5 && root.z.abs() < 0.5,
        "the replayed body stands at ({}, {})",
        root.x,
        root.z
    );
    daemon.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_device_lost_and_found_elsewhere_is_never_locked_out() {
    let (daemon, client) = start(
        "ik",
        vec![
            avatar("pushed", SourceConfig::Push {}),
            avatar(
                "demo",
                SourceConfig::Demo {
                    time_offset_s: 0.0,
                    origin: [0.0; 3],
                },
            ),
        ],
    )
    .await;
    let still = standing(DVec3::ZERO);
    let moved = [DVec3::new(20.0, 0.0, 0.0), DVec3::new(3.0, 0.0, 0.0)];
    // 1 s standing; the left hand then goes silent for 0.3 s and comes back
    // 20 m away (farther than the speed limit reaches in 0.3 s); the right
    // hand jumps 3 m with no gap at all; 1 s more.
    let pushing = still.clone();
    let response = push_paced(&client, "pushed", move |k| {
        if k >= 180 {
            return None;
        }
        let mut batch = Vec::new();
        for s in &pushing {
            let p = s.pose.expect("valid").position;
            match s.device {
                Device::LeftHand if (90..117).contains(&k) => continue,
                Device::LeftHand if k >= 90 => batch.push((*s, p + moved[0])),
                Device::RightHand if k >= 90 => batch.push((*s, p + moved[1])),
                _ => batch.push((*s, p)),
            }
        }
        Some(batch)
    })
    .await;
    assert_eq!(response.rejected, 0, "{response:?}");

    // The hand found again after its gap was taken at once.
    let left = device_stats(&client, "pushed", pb::Device::LeftHand).await;
    assert_eq!(left.rejected_too_fast, 0, "{left:?}");
    // The hand that jumped was left out only until it counted as lost
    // (0.1 s, 9 or 10 samples at 90 Hz), then taken where it was.
    let right = device_stats(&client, "pushed", pb::Device::RightHand).await;
    assert!((1..=12).contains(&right.rejected_too_fast), "{right:?}");
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest {
            avatar_ids: vec!["pushed".into()],
            ..Default::default()
        })
        .await
        .expect("stream");
    let frame = tokio::time::timeout(PATIENCE, stream.message())
        .await
        .expect("a frame")
        .expect("no error")
        .and_then(|f| f.frame)
        .expect("a frame");
    for (device, like) in [(pb::Device::LeftHand, 1), (pb::Device::RightHand, 2)] {
        let moved = moved[like - 1];
        let seen = frame.avatars[0]
            .devices
            .iter()
            .find(|d| d.device == device as i32)
            .and_then(|d| d.pose.as_ref())
            .and_then(|p| p.position.as_ref())
            .expect("the hand is in the frame");
        let want = still[like].pose.expect("valid").position + moved;
        assert!(
            (seen.x - want.x).abs() < 0.05,
            "{device:?} at x = {}, pushed at {}",
            seen.x,
            want.x
        );
    }

    // The demo person's ordinary motion, by now several seconds of it, was
    // never rejected.
    let stats = client.get_stats().await.expect("stats");
    let demo: Vec<_> = stats
        .devices
        .iter()
        .filter(|d| d.avatar_id == "demo")
        .collect();
    assert_eq!(demo.len(), 3, "{demo:?}");
    for d in demo {
        assert!(d.samples > 100, "{d:?}");
        assert_eq!(
            d.rejected_too_fast + d.rejected_outside_workspace,
            0,
            "{d:?}"
        );
    }
    daemon.shutdown().await.expect("clean shutdown");
}

/// A pushed sample of `like`'s device at `position` (rotation of `like`).
fn pushed(like: &TrackerSample, position: DVec3, capture_ns: i64) -> pb::DeviceSample {
    let rotation = like.pose.expect("valid").rotation;
    device_sample(like.device, Transform { position, rotation }, capture_ns)
}
