//! OpenXR end to end: the test runtime (`tests/openxr-test-runtime`, a
//! shared library playing a tracker take) registered to the real Khronos
//! loader through `XR_RUNTIME_JSON` -> the daemon's OpenXR source -> the
//! loop -> a gRPC subscriber. The loader (Debian's `libopenxr-loader1`) is
//! installed with apt-get when missing; without apt-get the tests say
//! `SKIPPED` and pass.
//!
//! The loader, the runtime and the environment variables that configure
//! it are per process, so the tests of this file run one at a time.
//! Takes recorded with hand tracking: `openxr_takes`.

mod bvh_fk;
mod debian;
mod grab_script;
mod openxr_input;
mod openxr_takes;

mod common;
use common::{first_seconds, next_frame, PATIENCE};

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use posewire::serve::config::{AvatarConfig, SourceConfig};
use posewire::serve::{Config, Daemon};
use posewire_body::bvh::Bvh;
use posewire_body::formats::TrackerTake;
use posewire_body::{BodyProfile, Device, DeviceSet, Joint};
use posewire_client::{pb, Client};
use posewire_evaluation::{synthesize, Condition, SynthOptions};
use posewire_openxr::{OpenXrSettings, OpenXrSource};

/// One test at a time (see the module documentation).
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Holds the one-test-at-a-time lock.
fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The loader's library name in Debian's `libopenxr-loader1`.
const LOADER: &str = "libopenxr_loader.so.1";

fn loader_present() -> bool {
    Command::new("ldconfig")
        .arg("-p")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains(LOADER))
        || [
            "/usr/lib/x86_64-linux-gnu",
            "/usr/lib64",
            "/usr/lib",
            "/usr/local/lib",
        ]
        .iter()
        .any(|d| Path::new(d).join(LOADER).exists())
}

/// Makes sure the Khronos loader is installed (apt-get, once per
/// process); `false` if it cannot be.
fn ensure_loader() -> bool {
    static READY: OnceLock<bool> = OnceLock::new();
    *READY.get_or_init(|| debian::ensure(&["libopenxr-loader1"], loader_present))
}

/// The test runtime's shared library, built by cargo as a dependency of
/// this test crate (next to the test binary, in `deps/`).
fn runtime_library() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let deps = exe.parent().expect("deps folder");
    let mut found: Vec<PathBuf> = [deps, deps.parent().unwrap_or(deps)]
        .iter()
        .filter_map(|d| std::fs::read_dir(d).ok())
        .flatten()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                n.starts_with("libposewire_openxr_test_runtime") && n.ends_with(".so")
            })
        })
        .collect();
    found.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
    found
        .pop()
        .expect("cargo built libposewire_openxr_test_runtime.so beside the test binary")
}

/// What a test needs: the loader installed, the runtime registered, the
/// take in a file. `None` (after saying `SKIPPED`) without a loader.
struct Fixture {
    dir: tempfile::TempDir,
    take: TrackerTake,
    control: PathBuf,
}

fn fixture(take: TrackerTake, offer_htcx: bool) -> Option<Fixture> {
    if !ensure_loader() {
        println!(
            "SKIPPED: the OpenXR loader ({LOADER}) is not installed and apt-get could not install libopenxr-loader1"
        );
        return None;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let manifest = dir.path().join("posewire_test_runtime.json");
    let library = runtime_library();
    std::fs::write(
        &manifest,
        format!(
            "{{\n  \"file_format_version\": \"1.0.0\",\n  \"runtime\": {{\n    \"name\": \"Posewire test runtime\",\n    \"library_path\": \"{}\"\n  }}\n}}\n",
            library.display()
        ),
    )
    .expect("writes the runtime manifest");
    let take_path = dir.path().join("take.trackers.csv");
    take.write(&take_path).expect("writes the take");
    let control = dir.path().join("control");
    std::fs::write(&control, "up").expect("writes the control file");
    std::env::set_var("XR_RUNTIME_JSON", &manifest);
    std::env::set_var("POSEWIRE_XR_TEST_TAKE", &take_path);
    std::env::set_var("POSEWIRE_XR_TEST_CONTROL", &control);
    std::env::remove_var("POSEWIRE_XR_TEST_EPOCH_NS");
    std::env::remove_var("POSEWIRE_OPENXR_LOADER");
    std::env::remove_var("POSEWIRE_XR_TEST_PROFILE");
    std::env::remove_var("POSEWIRE_XR_TEST_REFUSE");
    std::env::remove_var("POSEWIRE_XR_TEST_HANDS");
    if offer_htcx {
        std::env::remove_var("POSEWIRE_XR_TEST_NO_HTCX");
    } else {
        std::env::set_var("POSEWIRE_XR_TEST_NO_HTCX", "1");
    }
    Some(Fixture { dir, take, control })
}

/// The first `seconds` of a clean 6-device synthetic take of the demo clip
/// shipped in `examples/` (so never skipped for want of data).
fn demo_take(seconds: f64) -> TrackerTake {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/demo_walk.bvh");
    let bvh = Bvh::read(&path).expect("the demo clip parses");
    let full = synthesize(
        &bvh,
        "demo_walk",
        &SynthOptions {
            devices: DeviceSet::standard(6).expect("6 devices"),
            condition: Condition::Clean,
            seed: 7,
        },
    )
    .expect("synthesises")
    .trackers;
    first_seconds(&full, seconds)
}

/// A daemon (`ik`) with one idle `push` avatar, so that the OpenXR avatar
/// can be added once a subscriber is listening.
async fn start(storage: &Path) -> (Daemon, Client) {
    start_with(storage, posewire_solver::SolverKind::Ik).await
}

/// As [`start`], with the solver `kind`.
async fn start_with(storage: &Path, kind: posewire_solver::SolverKind) -> (Daemon, Client) {
    let config = Config {
        listen: "127.0.0.1:0".into(),
        solver: posewire_solver::SolverSettings::of_kind(kind),
        avatars: vec![AvatarConfig {
            id: "idle".into(),
            source: SourceConfig::Push {},
            profile: None,
            model: None,
        }],
        storage: storage.to_path_buf(),
        subscriber_buffer: 1024,
        ..Config::default()
    };
    common::start_daemon(&config).await
}

async fn subscribe(client: &Client) -> tonic::Streaming<pb::StreamFramesResponse> {
    client
        // Every avatar: `xr` does not exist yet (the idle one never has a
        // body, so frames carry `xr` alone).
        .stream_frames(pb::StreamFramesRequest::default())
        .await
        .expect("subscribes")
}

async fn add_openxr_avatar(client: &Client) {
    client
        .create_avatar(pb::CreateAvatarRequest {
            id: "xr".into(),
            source: Some(pb::DeviceSource {
                kind: Some(pb::device_source::Kind::Openxr(pb::OpenXrSource {
                    floor_height_m: 0.0,
                })),
            }),
            profile_name: String::new(),
        })
        .await
        .expect("creates the OpenXR avatar");
}

/// The next frame that has the avatar: its loop time and body.
async fn next_body(
    stream: &mut tonic::Streaming<pb::StreamFramesResponse>,
) -> (f64, pb::AvatarFrame) {
    loop {
        let f = next_frame(stream).await;
        if let Some(a) = f.avatars.into_iter().find(|a| a.avatar_id == "xr") {
            return (f.simulation_time_s, a);
        }
    }
}

fn joint(a: &pb::AvatarFrame, j: usize) -> [f64; 3] {
    let p = &a.joint_positions;
    [p[3 * j], p[3 * j + 1], p[3 * j + 2]].map(f64::from)
}

fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

fn device_tracked(a: &pb::AvatarFrame, device: pb::Device) -> Option<bool> {
    a.devices
        .iter()
        .find(|d| d.device == device as i32)
        .map(|d| d.tracked)
}

fn no_joint_far_away(a: &pb::AvatarFrame) -> bool {
    a.joint_positions
        .iter()
        .all(|v| v.is_finite() && v.abs() < 20.0)
}

/// Runs one test's body alone (see the module documentation) on a tokio
/// runtime of its own.
fn alone(body: impl std::future::Future<Output = ()>) {
    let _one = one_at_a_time();
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a tokio runtime")
        .block_on(body);
}

#[test]
fn openxr_devices_stream_the_joints_of_the_offline_solve() {
    alone(follows_the_offline_solve());
}

async fn follows_the_offline_solve() {
    let Some(fx) = fixture(demo_take(3.0), true) else {
        return;
    };
    let storage = fx.dir.path().join("storage");
    let (daemon, client) = start(&storage).await;
    let mut stream = subscribe(&client).await;
    add_openxr_avatar(&client).await;
    let (first, span) = fx.take.time_range().expect("a take");
    let span = span - first;
    // The runtime plays the take's first sample at the first time the
    // source locates, which is for the avatar's first tick.
    let mut frames = vec![next_body(&mut stream).await];
    let t_first = frames[0].0;
    while frames[frames.len() - 1].0 - t_first < span + 0.2 {
        frames.push(next_body(&mut stream).await);
    }
    let stats = client.get_stats().await.expect("stats");
    daemon.shutdown().await.expect("clean shutdown");

    // Every device of the take arrived: the headset (VIEW), controllers
    // (grip actions) and the pelvis and feet (Vive tracker roles).
    let last = &frames[frames.len() - 1].1;
    for d in [
        pb::Device::Head,
        pb::Device::LeftHand,
        pb::Device::RightHand,
        pb::Device::Pelvis,
        pb::Device::LeftFoot,
        pb::Device::RightFoot,
    ] {
        assert_eq!(
            device_tracked(last, d),
            Some(true),
            "{d:?}: {:?}",
            last.devices
        );
    }
    let samples: u64 = stats
        .devices
        .iter()
        .filter(|d| d.avatar_id == "xr")
        .map(|d| d.samples)
        .sum();
    // One sample per device and tick, but for a tick whose request the
    // OpenXR thread answered late on a loaded machine.
    assert!(
        samples as usize >= 6 * frames.len() * 9 / 10,
        "{samples} samples in {} frames",
        frames.len()
    );

    let offline = posewire_solver::solve_take(
        &BodyProfile::from_stature(posewire::serve::daemon::DEFAULT_STATURE_M),
        &fx.take,
        &posewire_solver::SolveOptions::default(),
    )
    .expect("offline solve");
    let (o_first, o_last) = (offline[0].time_s, offline[offline.len() - 1].time_s);
    let errors_at = |shift: f64| {
        let mut errors = Vec::new();
        for (t_loop, a) in &frames {
            let tau = first + (t_loop - t_first) + shift;
            // Skip the first half second (the live solver starts at the
            // first located tick, the offline one at the first sample) and
            // the end.
            if tau < o_first + 0.5 || tau > o_last - 0.02 {
                continue;
            }
            let k = (((tau - o_first) * 90.0).floor() as usize).min(offline.len() - 2);
            let w = ((tau - offline[k].time_s) * 90.0).clamp(0.0, 1.0);
            for j in Joint::ALL {
                let (p, q) = (
                    offline[k].joints[j].position,
                    offline[k + 1].joints[j].position,
                );
                errors.push(dist(joint(a, j.index()), p.lerp(q, w).to_array()));
            }
        }
        errors.sort_by(f64::total_cmp);
        errors
    };
    // The live ticks fall between the take's samples at a phase the test
    // does not control, and a tick woken late shifts what is located by
    // as much: find the shift (at most two ticks either way) that fits
    // best, and check it is small.
    let median = |e: &[f64]| e[e.len() / 2];
    let shift = (-44..=44)
        .map(|k| k as f64 * 0.0005)
        .min_by(|a, b| median(&errors_at(*a)).total_cmp(&median(&errors_at(*b))))
        .expect("shifts");
    let errors = errors_at(shift);
    assert!(errors.len() > 21 * 150, "{} comparisons", errors.len());
    let p95 = errors[errors.len() * 95 / 100];
    println!(
        "openxr vs offline: {} joint positions, best time shift {:+.1} ms, median {:.2} mm, p95 {:.2} mm, max {:.2} mm",
        errors.len(),
        shift * 1e3,
        median(&errors) * 1e3,
        p95 * 1e3,
        errors[errors.len() - 1] * 1e3
    );
    // Same solver, same device poses: what differs is where each live tick
    // falls between two samples (the runtime interpolates there, the
    // offline solve has the samples themselves), a few millimetres at
    // walking speeds, as for the pushed take in live.rs.
    assert!(shift.abs() <= 0.0215, "shift {shift} s");
    assert!(median(&errors) < 0.005, "median {} m", median(&errors));
    assert!(p95 < 0.02, "p95 {p95} m");
}

#[test]
fn an_openxr_device_that_loses_tracking_is_reported_and_never_posed() {
    alone(loses_tracking());
}

async fn loses_tracking() {
    // The right hand's samples are missing from 1.0 s to 2.0 s of the take:
    // the runtime reports it untracked there (with a pose 99 m away, which
    // must never reach the body).
    let mut take = demo_take(3.0);
    let t0 = take.samples[0].time_s;
    take.samples.retain(|s| {
        !(s.device == posewire_body::Device::RightHand
            && s.time_s > t0 + 1.0
            && s.time_s < t0 + 2.0)
    });
    // Trackers through XR_MNDX_xdev_space this time (no Vive roles).
    let Some(fx) = fixture(take, false) else {
        return;
    };
    let storage = fx.dir.path().join("storage");
    let (daemon, client) = start(&storage).await;
    let mut stream = subscribe(&client).await;
    add_openxr_avatar(&client).await;
    let (_, t_first) = {
        let (t, a) = next_body(&mut stream).await;
        (a, t)
    };
    let mut lost_during = 0;
    let mut tracked_after = 0;
    let mut pelvis_tracked = false;
    loop {
        let (t, a) = next_body(&mut stream).await;
        assert!(no_joint_far_away(&a), "a joint went far away at {t}");
        for d in &a.devices {
            let p = d.pose.as_ref().and_then(|p| p.position.as_ref());
            assert!(
                p.is_none_or(|p| p.x.abs() < 20.0 && p.y.abs() < 20.0 && p.z.abs() < 20.0),
                "{d:?}"
            );
        }
        let tau = t - t_first;
        let right = device_tracked(&a, pb::Device::RightHand);
        if (1.2..1.8).contains(&tau) && right == Some(false) {
            lost_during += 1;
        }
        if tau > 2.3 && right == Some(true) {
            tracked_after += 1;
        }
        pelvis_tracked |= device_tracked(&a, pb::Device::Pelvis) == Some(true);
        assert_ne!(
            device_tracked(&a, pb::Device::LeftHand),
            Some(false),
            "the left hand stays tracked"
        );
        if tau > 2.6 {
            break;
        }
    }
    daemon.shutdown().await.expect("clean shutdown");
    // 0.6 s at 90 Hz, less the 0.1 s after which a device counts as lost.
    assert!(
        lost_during > 30,
        "right hand untracked in {lost_during} frames"
    );
    assert!(
        tracked_after > 10,
        "right hand tracked again in {tracked_after} frames"
    );
    assert!(pelvis_tracked, "the pelvis came through XR_MNDX_xdev_space");
}

#[test]
fn an_openxr_runtime_that_disappears_is_reported_and_reconnected() {
    alone(runtime_disappears());
}

async fn runtime_disappears() {
    let Some(fx) = fixture(demo_take(20.0), true) else {
        return;
    };
    let storage = fx.dir.path().join("storage");
    let (daemon, client) = start(&storage).await;
    let mut stream = subscribe(&client).await;
    add_openxr_avatar(&client).await;
    let head = |a: &pb::AvatarFrame| device_tracked(a, pb::Device::Head);
    // Each phase must be over within the patience (frames keep coming all
    // the while: the avatar keeps its body).
    // Running: the headset is tracked.
    tokio::time::timeout(PATIENCE, async {
        while head(&next_body(&mut stream).await.1) != Some(true) {}
    })
    .await
    .expect("the headset is tracked");
    // The runtime goes away: every device is reported lost.
    std::fs::write(&fx.control, "down").expect("writes the control file");
    let lost = tokio::time::timeout(PATIENCE, async {
        loop {
            let (t, a) = next_body(&mut stream).await;
            assert!(no_joint_far_away(&a));
            if !a.devices.is_empty() && a.devices.iter().all(|d| !d.tracked) {
                return t;
            }
        }
    })
    .await
    .expect("every device is reported lost");
    // It comes back: the source reconnects and the devices are tracked.
    std::fs::write(&fx.control, "up").expect("writes the control file");
    let back = tokio::time::timeout(PATIENCE, async {
        loop {
            let (t, a) = next_body(&mut stream).await;
            if a.devices.len() == 6 && a.devices.iter().all(|d| d.tracked) {
                return t;
            }
        }
    })
    .await
    .expect("the source reconnects and every device is tracked again");
    assert!(back > lost);
    daemon.shutdown().await.expect("clean shutdown");
}

/// What a source started now gives the hands for `seconds` after its
/// first located tick: `(s, device, input)` with `s` the seconds since
/// that tick.
fn hand_inputs(seconds: f64) -> Vec<openxr_input::Got> {
    let mut source = OpenXrSource::start(OpenXrSettings::default()).expect("the source starts");
    let start = Instant::now();
    let (mut out, mut got, mut first) = (Vec::new(), Vec::new(), None);
    while first.is_none_or(|t0| start.elapsed().as_secs_f64() - t0 < seconds) {
        assert!(start.elapsed() < PATIENCE, "{:?}", source.status());
        std::thread::sleep(Duration::from_millis(11));
        let t = start.elapsed().as_secs_f64();
        out.clear();
        source.poll(t, &mut out);
        for s in &out {
            if !matches!(s.device, Device::LeftHand | Device::RightHand) {
                continue;
            }
            let t0 = *first.get_or_insert(t);
            got.push((t - t0, s.device, s.input, s.pose.is_some()));
        }
    }
    got
}

#[test]
fn openxr_controller_inputs_arrive_as_scripted_through_every_controller_profile() {
    let _one = one_at_a_time();
    let span = 3.0;
    let Some(_fx) = fixture(openxr_input::with_script(demo_take(span)), true) else {
        return;
    };
    for profile in [
        "/interaction_profiles/khr/simple_controller",
        "/interaction_profiles/oculus/touch_controller",
        "/interaction_profiles/valve/index_controller",
        "/interaction_profiles/htc/vive_controller",
    ] {
        // Read at each instance's creation; the previous source's
        // instance is gone once its thread has ended.
        std::env::set_var("POSEWIRE_XR_TEST_PROFILE", profile);
        std::thread::sleep(Duration::from_millis(300));
        let got = hand_inputs(span);
        openxr_input::assert_follows(&got, profile, span);
    }
    // Controllers of a profile the source binds nothing for: no pose, no
    // input. A runtime that refuses the Touch controller's input
    // bindings: the grip poses are suggested again alone and come, the
    // input does not.
    for (profile, refuse, tracked) in [
        (
            "/interaction_profiles/microsoft/motion_controller",
            None,
            false,
        ),
        (
            "/interaction_profiles/oculus/touch_controller",
            Some("squeeze/value"),
            true,
        ),
    ] {
        std::env::set_var("POSEWIRE_XR_TEST_PROFILE", profile);
        if let Some(c) = refuse {
            std::env::set_var("POSEWIRE_XR_TEST_REFUSE", c);
        }
        std::thread::sleep(Duration::from_millis(300));
        let got = hand_inputs(0.5);
        assert!(got.len() > 40, "{profile}: {} hand samples", got.len());
        assert!(
            got.iter().all(|g| g.2.is_none() && g.3 == tracked),
            "{profile}: input without bindings, or the hands' tracking is not {tracked}"
        );
    }
    std::env::remove_var("POSEWIRE_XR_TEST_PROFILE");
    std::env::remove_var("POSEWIRE_XR_TEST_REFUSE");
}

#[test]
fn openxr_controller_inputs_are_recorded_with_their_samples() {
    alone(inputs_are_recorded());
}

async fn inputs_are_recorded() {
    let span = 3.0;
    let Some(fx) = fixture(openxr_input::with_script(demo_take(span)), true) else {
        return;
    };
    let storage = fx.dir.path().join("storage");
    let (daemon, client) = start(&storage).await;
    let mut stream = subscribe(&client).await;
    add_openxr_avatar(&client).await;
    let (t_first, _) = next_body(&mut stream).await;
    let mut takes = client.take_service();
    takes
        .start_recording(pb::StartRecordingRequest {
            avatar_id: "xr".into(),
            name: "grip".into(),
            timecode_start: String::new(),
            timecode_rate: String::new(),
        })
        .await
        .expect("records");
    while next_body(&mut stream).await.0 - t_first < span {}
    takes
        .stop_recording(pb::StopRecordingRequest {
            avatar_id: "xr".into(),
        })
        .await
        .expect("stops");
    daemon.shutdown().await.expect("clean shutdown");
    let take = posewire_takes::open(&storage.join("takes/grip.pwtake")).expect("the take opens");
    // The restarted solver's warm-up samples (those handed to the avatar
    // over the 1.2 s before the recording began) come first, then every
    // tick's samples.
    let got: Vec<_> = take
        .ticks
        .iter()
        .flat_map(|t| &t.samples)
        .filter(|s| matches!(s.device, Device::LeftHand | Device::RightHand))
        .filter(|s| s.time_s >= t_first)
        .map(|s| (s.time_s - t_first, s.device, s.input, s.pose.is_some()))
        .collect();
    openxr_input::assert_follows(&got, "/interaction_profiles/oculus/touch_controller", span);
}

#[test]
fn an_openxr_grip_picks_up_a_box() {
    alone(grip_picks_up_a_box());
}

/// The right controller's grip, played by the test runtime as its
/// `squeeze/value` action, reaches the physics body's grab logic.
async fn grip_picks_up_a_box() {
    let Some(fx) = fixture(grab_script::take(1.0), true) else {
        return;
    };
    let storage = fx.dir.path().join("storage");
    let (daemon, client) = start_with(&storage, posewire_solver::SolverKind::Physics).await;
    let box_id = grab_script::add_props(&client).await;
    let mut stream = subscribe(&client).await;
    add_openxr_avatar(&client).await;
    let seen = grab_script::watch(&mut stream, &box_id, "xr", grab_script::SPAN_S + 1.5).await;
    grab_script::assert_grabbed(&seen, "OpenXR");
    daemon.shutdown().await.expect("clean shutdown");
}

#[test]
fn openxr_hand_tracking_poses_the_fingers_and_without_it_the_controllers_do() {
    alone(hands_follow_the_runtime());
}

/// What a streamed hand matched: the runtime's open hand, its fist (with
/// `little_3`, served invalid, from the controller), the controller curls
/// alone, or none of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Matched {
    Open,
    Fist,
    Curls,
    Neither,
}

/// The hand's 15 streamed rotations (`h` 0 left, 1 right).
fn streamed_hand(f: &pb::Fingers, h: usize) -> Vec<posewire_body::glam::DQuat> {
    (0..15)
        .map(|k| {
            let q = &f.local_rotations[4 * (15 * h + k)..4 * (15 * h + k) + 4];
            posewire_body::glam::DQuat::from_xyzw(
                q[0].into(),
                q[1].into(),
                q[2].into(),
                q[3].into(),
            )
        })
        .collect()
}

/// The largest angle between the streamed hand and `want`'s hand `h`,
/// radians.
fn worst_angle(
    got: &[posewire_body::glam::DQuat],
    want: &[posewire_body::glam::DQuat],
    h: usize,
) -> f64 {
    got.iter()
        .zip(&want[15 * h..15 * h + 15])
        .map(|(a, b)| posewire_body::hand_tracking::angle_between(*a, *b))
        .fold(0.0, f64::max)
}

/// The right middle fingertip's distance to the right wrist in a streamed
/// frame (the fingertip from `right_middle_3` and its bone's rotation).
fn middle_tip_to_wrist(a: &pb::AvatarFrame, hands: &posewire_body::fingers::HandSkeleton) -> f64 {
    let f = a.fingers.as_ref().expect("fingers");
    let k = posewire_body::fingers::FingerJoint::from_name("right_middle_3")
        .expect("a finger joint")
        .index();
    let p = &f.joint_positions[3 * k..3 * k + 3];
    let q = &f.world_rotations[4 * k..4 * k + 4];
    let q =
        posewire_body::glam::DQuat::from_xyzw(q[0].into(), q[1].into(), q[2].into(), q[3].into());
    let tip = posewire_body::glam::DVec3::new(p[0].into(), p[1].into(), p[2].into())
        + q * hands.tips[1][2];
    dist(tip.to_array(), joint(a, Joint::RightWrist.index()))
}

/// The runtime serves scripted hand joints (`XR_EXT_hand_tracking`): the
/// right hand open, a fist, not tracked, in turn, a second each, the left
/// hand open; the controllers' grips and triggers are held fully closed
/// all along. Through the real loader and the daemon's gRPC
/// (`include_fingers`): tracked fingers take the served rotations over
/// the controller's, a joint served invalid and a hand not tracked fall
/// back to the controller curls, and the right middle fingertip's
/// distance to the wrist is the served hand's. A runtime without the
/// extension gives the controller curls throughout.
async fn hands_follow_the_runtime() {
    use posewire_body::fingers::{local_rotations, FingerJoint, HandSkeleton};
    use posewire_body::hand_tracking::{xr_hand_joints, XR_WRIST};
    use posewire_body::{ControllerInput, Side, Skeleton, Transform};
    use posewire_openxr_test_runtime::hands;

    let span = 3.6;
    let mut take = demo_take(span);
    for s in &mut take.samples {
        if matches!(s.device, Device::LeftHand | Device::RightHand) && s.pose.is_some() {
            s.input = Some(ControllerInput {
                grip: 1.0,
                trigger: 1.0,
                ..ControllerInput::default()
            });
        }
    }
    // The daemon's default person: the runtime's hands are the same size.
    let body_hands = HandSkeleton::from_skeleton(&Skeleton::from_profile(
        &BodyProfile::from_stature(posewire::serve::daemon::DEFAULT_STATURE_M),
    ));
    assert_eq!(body_hands, hands::hand_skeleton());
    // A full grip and trigger without touches: the thumb half round the
    // handle, every finger closed.
    let curls = local_rotations(&[[0.5, 1.0, 1.0, 1.0, 1.0]; 2]);
    let open = hands::pose(false);
    let mut fist = hands::pose(true);
    let little_3 = FingerJoint::from_name("right_little_3")
        .expect("a finger joint")
        .index();
    fist[little_3] = curls[little_3];
    // The served hands' fingertip-to-wrist distances (XR joints 15 and 1).
    let served_tip = |pose: &[posewire_body::glam::DQuat; 30]| {
        let xr = xr_hand_joints(Side::Right, Transform::IDENTITY, &body_hands, pose);
        (xr[15].position - xr[XR_WRIST].position).length()
    };
    let (open_tip, fist_tip) = (
        served_tip(&hands::pose(false)),
        served_tip(&hands::pose(true)),
    );
    // float32 rotations on the wire.
    let tolerance = 0.2f64.to_radians();
    for offer in [true, false] {
        let Some(fx) = fixture(take.clone(), true) else {
            return;
        };
        if offer {
            std::env::set_var("POSEWIRE_XR_TEST_HANDS", "1");
        }
        let storage = fx.dir.path().join("storage");
        let (daemon, client) = start(&storage).await;
        let mut stream = client
            .stream_frames(pb::StreamFramesRequest {
                include_fingers: true,
                ..Default::default()
            })
            .await
            .expect("subscribes");
        add_openxr_avatar(&client).await;
        let mut frames = vec![next_body(&mut stream).await];
        let t_first = frames[0].0;
        while frames[frames.len() - 1].0 - t_first < span - 0.1 {
            frames.push(next_body(&mut stream).await);
        }
        daemon.shutdown().await.expect("clean shutdown");
        std::env::remove_var("POSEWIRE_XR_TEST_HANDS");

        let mut runs: Vec<(Matched, usize)> = Vec::new();
        let (mut left_open, mut counted) = (0, 0);
        let (mut tips_open, mut tips_fist) = (Vec::new(), Vec::new());
        for (t, a) in &frames {
            // The controller curls settle within a few of their 40 ms
            // time constants of the first input.
            if t - t_first < 0.3 {
                continue;
            }
            counted += 1;
            let f = a.fingers.as_ref().expect("the stream carries the fingers");
            let right = streamed_hand(f, 1);
            let matched = if worst_angle(&right, &open, 1) < tolerance {
                tips_open.push(middle_tip_to_wrist(a, &body_hands));
                Matched::Open
            } else if worst_angle(&right, &fist, 1) < tolerance {
                tips_fist.push(middle_tip_to_wrist(a, &body_hands));
                Matched::Fist
            } else if worst_angle(&right, &curls, 1) < tolerance {
                Matched::Curls
            } else {
                Matched::Neither
            };
            match runs.last_mut() {
                Some((m, n)) if *m == matched => *n += 1,
                _ => runs.push((matched, 1)),
            }
            let left = streamed_hand(f, 0);
            let want_left = if offer { &open } else { &curls };
            if worst_angle(&left, want_left, 0) < tolerance {
                left_open += 1;
            }
        }
        println!("hand tracking offered: {offer}; right hand runs: {runs:?}; left hand as expected in {left_open} of {counted} frames");
        assert!(counted > 150, "{counted} frames");
        assert_eq!(left_open, counted, "the left hand");
        let total = |m: Matched| runs.iter().filter(|r| r.0 == m).map(|r| r.1).sum::<usize>();
        if !offer {
            assert_eq!(total(Matched::Curls), counted, "{runs:?}");
            continue;
        }
        assert_eq!(total(Matched::Neither), 0, "{runs:?}");
        // In the script's order, each phase about a second (90 ticks).
        let order: Vec<Matched> = runs.iter().map(|r| r.0).collect();
        let cycle = [Matched::Open, Matched::Fist, Matched::Curls];
        let start = cycle.iter().position(|m| *m == order[0]).expect("a phase");
        for (i, m) in order.iter().enumerate() {
            assert_eq!(*m, cycle[(start + i) % 3], "{runs:?}");
        }
        for m in cycle {
            assert!(total(m) >= 50, "{m:?}: {runs:?}");
        }
        let worst =
            |tips: &[f64], want: f64| tips.iter().map(|d| (d - want).abs()).fold(0.0, f64::max);
        println!(
            "right middle fingertip to wrist: served open {:.1} mm, fist {:.1} mm; streamed worst difference open {:.4} mm, fist {:.4} mm",
            open_tip * 1e3,
            fist_tip * 1e3,
            worst(&tips_open, open_tip) * 1e3,
            worst(&tips_fist, fist_tip) * 1e3
        );
        assert!(open_tip - fist_tip > 0.05);
        assert!(worst(&tips_open, open_tip) < 1e-3);
        assert!(worst(&tips_fist, fist_tip) < 1e-3);
    }
}
