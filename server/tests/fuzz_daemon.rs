//! The fuzz tier of what a client or an operator hands the daemon: its
//! configuration file (TOML), the push sample check (`grpc::devices`),
//! avatar and profile ids, and every request validator of the avatar,
//! calibration, frame and device services, called over real gRPC on a
//! loopback socket (the daemon started in-process). Nothing panics; a
//! request is served or refused with a client's error (never INTERNAL or
//! UNKNOWN); the daemon stays healthy. And after any sequence of calls
//! (huge finite numbers included) every frame a physics daemon streams,
//! forces included, is finite, and frames keep arriving in order.
//!
//! Brief in `cargo test`; for minutes:
//! `PROPTEST_CASES=20000 cargo test --release -p posewire --test fuzz_daemon`.

mod common;

use std::path::Path;
use std::sync::OnceLock;

use posewire::serve::config::{check_id, AvatarConfig, SourceConfig};
use posewire::serve::grpc::devices::check;
use posewire::serve::Config;
use posewire_body::Device;
use posewire_proto::v1 as pb;
use posewire_solver::GateSettings;
use proptest::prelude::*;
use tonic::transport::Channel;
use tonic::Code;

/// The shipped configuration, the seed of the mutated ones.
const DEFAULT_TOML: &str = include_str!("../../configs/default.toml");

/// Tokens spliced into a configuration.
const TOKENS: [&str; 16] = [
    "1e308",
    "-1",
    "0",
    "nan",
    "inf",
    "\"\"",
    "[",
    "]",
    "{",
    "}",
    ",",
    "\n",
    "=",
    "[[avatars]]",
    "kind = \"push\"",
    "99999999999999999999",
];

/// The default configuration (so `PROPTEST_CASES` scales it), without
/// writing failures into the source tree.
fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// One daemon for all cases, on its own runtime: a push avatar `p`, the
/// ik solver, storage in a temporary folder, no web port.
struct Fixture {
    runtime: tokio::runtime::Runtime,
    channel: Channel,
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let storage = tempfile::tempdir().expect("temp dir").keep();
        let mut config = Config {
            listen: "127.0.0.1:0".into(),
            storage,
            avatars: vec![AvatarConfig {
                id: "p".into(),
                source: SourceConfig::Push {},
                profile: None,
                model: None,
            }],
            ..Config::default()
        };
        config.web.enabled = false;
        let channel = runtime.block_on(async {
            let daemon = common::start_daemon_alone(&config).await;
            let address = format!("http://{}", daemon.local_addr());
            // The daemon lives as long as the test process.
            std::mem::forget(daemon);
            Channel::from_shared(address)
                .expect("an address")
                .connect()
                .await
                .expect("connects")
        });
        Fixture { runtime, channel }
    })
}

/// A second daemon for the frames property: the physics solver (the
/// default), a walking demo person `d` (a body with forces) and a push
/// avatar `p`.
fn physics_fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        let storage = tempfile::tempdir().expect("temp dir").keep();
        let mut config = Config {
            listen: "127.0.0.1:0".into(),
            storage,
            avatars: vec![
                common::avatar("d", common::demo_person(0.0, [0.0; 3])),
                common::avatar("p", SourceConfig::Push {}),
            ],
            ..Config::default()
        };
        config.web.enabled = false;
        let channel = runtime.block_on(async {
            let daemon = common::start_daemon_alone(&config).await;
            let address = format!("http://{}", daemon.local_addr());
            // The daemon lives as long as the test process.
            std::mem::forget(daemon);
            Channel::from_shared(address)
                .expect("an address")
                .connect()
                .await
                .expect("connects")
        });
        Fixture { runtime, channel }
    })
}

/// Whether a frame's debug text holds a non-finite number: an oracle
/// apart from the daemon's own check (every float field, whatever its
/// message, prints `NaN`, `inf` or `-inf` when not finite).
fn non_finite_in(frame: &pb::Frame) -> Option<String> {
    let text = format!("{frame:?}");
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.'))
        .find(|word| matches!(*word, "NaN" | "inf" | "-inf"))
        .map(|word| {
            let at = text.find(word).unwrap_or(0);
            let from = text[..at]
                .char_indices()
                .rev()
                .nth(120)
                .map_or(0, |(i, _)| i);
            format!("{word} in ...{}", &text[from..at + word.len()])
        })
}

/// `call` aimed at the demo person `d` (the avatar with a body).
fn aimed_at_d(call: Call) -> Call {
    let d = "d".to_string();
    match call {
        Call::Impulse(_, joint, v) => Call::Impulse(d, joint, v),
        Call::Gaze(_, v) => Call::Gaze(d, v),
        Call::SetProfile(_, p) => Call::SetProfile(d, p),
        Call::Push(_, samples) => Call::Push(d, samples),
        other => other,
    }
}

/// Calls for the frames property: any call, half of them aimed at `d`,
/// with the values issue 42 found poisoning every frame among them.
fn call_on_d() -> impl Strategy<Value = Call> {
    let huge = prop_oneof![
        Just(1e308),
        Just(-1e308),
        Just(1e30),
        Just(f64::MAX),
        -1e6f64..1e6
    ];
    prop_oneof![
        2 => (call(), any::<bool>()).prop_map(|(c, d)| if d { aimed_at_d(c) } else { c }),
        1 => (prop::sample::select(vec!["chest", "pelvis", "head", "left_wrist"]), huge.clone())
            .prop_map(|(j, z)| Call::Impulse("d".into(), j.into(), Some(pb::Vec3 { x: 0.0, y: 0.0, z }))),
        1 => huge.prop_map(|x| Call::Gaze("d".into(), Some(pb::Vec3 { x, y: 1.6, z: 0.0 }))),
    ]
}

/// Reads `n` frames with forces from the physics daemon: every number
/// finite, sequences increasing.
async fn frames_are_finite(channel: Channel, n: usize) -> Result<(), TestCaseError> {
    use pb::frame_service_client::FrameServiceClient;
    let mut stream = FrameServiceClient::new(channel)
        .stream_frames(pb::StreamFramesRequest {
            include_forces: true,
            ..Default::default()
        })
        .await
        .map_err(|e| TestCaseError::fail(format!("StreamFrames: {e:?}")))?
        .into_inner();
    let mut last = None;
    for _ in 0..n {
        let frame = common::next_frame(&mut stream).await;
        prop_assert!(
            last.is_none_or(|l| frame.sequence > l),
            "frames out of order"
        );
        last = Some(frame.sequence);
        if let Some(found) = non_finite_in(&frame) {
            return Err(TestCaseError::fail(format!(
                "frame {}: {found}",
                frame.sequence
            )));
        }
    }
    Ok(())
}

/// Whether a refusal is a client's error (what validation answers), not a
/// server fault.
fn refused_cleanly(status: &tonic::Status) -> bool {
    matches!(
        status.code(),
        Code::InvalidArgument
            | Code::NotFound
            | Code::AlreadyExists
            | Code::FailedPrecondition
            | Code::OutOfRange
            | Code::ResourceExhausted
            | Code::Unimplemented
    )
}

fn check_answer<T>(rpc: &str, answer: Result<T, tonic::Status>) -> Result<(), TestCaseError> {
    if let Err(status) = &answer {
        prop_assert!(refused_cleanly(status), "{rpc}: {status:?}");
    }
    Ok(())
}

fn vec3() -> impl Strategy<Value = Option<pb::Vec3>> {
    let number = prop_oneof![
        4 => -5.0f64..5.0,
        1 => any::<f64>(),
        1 => Just(f64::NAN),
        1 => Just(f64::INFINITY),
        1 => Just(1e308),
    ];
    prop::option::weighted(0.9, prop::array::uniform3(number))
        .prop_map(|v| v.map(|[x, y, z]| pb::Vec3 { x, y, z }))
}

/// Ids as clients send them: valid, nearly valid, or anything.
fn id() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => "[a-z0-9_-]{1,8}",
        1 => Just("p".to_string()),
        1 => "[A-Za-z0-9 ./\\\\_-]{0,80}",
        1 => ".{0,40}",
    ]
}

fn quat() -> impl Strategy<Value = Option<pb::Quat>> {
    prop::option::weighted(
        0.9,
        prop_oneof![
            3 => prop::array::uniform4(-1.0f64..1.0),
            1 => prop::array::uniform4(any::<f64>()),
            1 => Just([0.0, 0.0, 0.0, 1.0]),
        ],
    )
    .prop_map(|q| q.map(|[x, y, z, w]| pb::Quat { x, y, z, w }))
}

/// A controller's input with any numbers (NaN, infinities, out of range).
fn input() -> impl Strategy<Value = Option<pb::ControllerInput>> {
    proptest::option::of(
        (
            [any::<f64>(), any::<f64>(), any::<f64>(), any::<f64>()],
            any::<[bool; 6]>(),
        )
            .prop_map(|([grip, trigger, x, y], b)| pb::ControllerInput {
                grip,
                trigger,
                primary: b[0],
                secondary: b[1],
                thumbstick_x: x,
                thumbstick_y: y,
                touch_trigger: b[2],
                touch_thumbstick: b[3],
                touch_primary: b[4],
                touch_secondary: b[5],
            }),
    )
}

fn sample() -> impl Strategy<Value = pb::DeviceSample> {
    (
        -1i32..9,
        any::<i64>(),
        vec3(),
        quat(),
        any::<bool>(),
        input(),
    )
        .prop_map(
            |(device, capture_time_ns, position, rotation, has_pose, input)| pb::DeviceSample {
                device,
                capture_time_ns,
                pose: has_pose.then_some(pb::Pose { position, rotation }),
                input,
            },
        )
}

/// One request to any of the services.
#[derive(Debug, Clone)]
enum Call {
    Create(String, Option<pb::Vec3>, f64, String, bool),
    Remove(String),
    SetProfile(String, String),
    Impulse(String, String, Option<pb::Vec3>),
    Gaze(String, Option<pb::Vec3>),
    Skeleton(String),
    Mesh(String),
    Profile(String),
    DeleteProfile(String),
    Frames(Vec<String>, u32, i32),
    Push(String, Vec<pb::DeviceSample>),
}

fn call() -> impl Strategy<Value = Call> {
    prop_oneof![
        (id(), vec3(), any::<f64>(), id(), any::<bool>())
            .prop_map(|(i, o, t, p, demo)| Call::Create(i, o, t, p, demo)),
        id().prop_map(Call::Remove),
        (id(), id()).prop_map(|(i, p)| Call::SetProfile(i, p)),
        (id(), "[a-z_]{0,14}|.{0,10}", vec3()).prop_map(|(i, j, v)| Call::Impulse(i, j, v)),
        (id(), vec3()).prop_map(|(i, v)| Call::Gaze(i, v)),
        id().prop_map(Call::Skeleton),
        id().prop_map(Call::Mesh),
        id().prop_map(Call::Profile),
        id().prop_map(Call::DeleteProfile),
        (
            prop::collection::vec(id(), 0..3),
            any::<u32>(),
            any::<i32>()
        )
            .prop_map(|(ids, d, e)| Call::Frames(ids, d, e)),
        (id(), prop::collection::vec(sample(), 0..6)).prop_map(|(i, s)| Call::Push(i, s)),
    ]
}

async fn run(channel: Channel, call: Call) -> Result<(), TestCaseError> {
    use pb::avatar_service_client::AvatarServiceClient;
    use pb::calibration_service_client::CalibrationServiceClient;
    use pb::device_service_client::DeviceServiceClient;
    use pb::frame_service_client::FrameServiceClient;
    let mut avatars = AvatarServiceClient::new(channel.clone());
    let mut calibration = CalibrationServiceClient::new(channel.clone());
    let mut frames = FrameServiceClient::new(channel.clone());
    match call {
        Call::Create(id, origin, time_offset_s, profile_name, demo) => {
            // Demo and push sources only: file and VMC sources read files
            // and bind sockets (their paths and addresses have tests of
            // their own).
            let kind = if demo {
                pb::device_source::Kind::Demo(pb::DemoSource {
                    time_offset_s,
                    origin,
                })
            } else {
                pb::device_source::Kind::Push(pb::PushSource {})
            };
            let created = avatars
                .create_avatar(pb::CreateAvatarRequest {
                    id: id.clone(),
                    source: Some(pb::DeviceSource { kind: Some(kind) }),
                    profile_name,
                })
                .await;
            let made = created.is_ok();
            check_answer("CreateAvatar", created)?;
            if made && id != "p" {
                let removed = avatars.remove_avatar(pb::RemoveAvatarRequest { id }).await;
                prop_assert!(removed.is_ok(), "{removed:?}");
            }
        }
        Call::Remove(id) if id != "p" && id != "d" => {
            check_answer(
                "RemoveAvatar",
                avatars.remove_avatar(pb::RemoveAvatarRequest { id }).await,
            )?;
        }
        Call::Remove(_) => {}
        Call::SetProfile(id, profile_name) => {
            let answer = avatars
                .set_avatar_profile(pb::SetAvatarProfileRequest { id, profile_name })
                .await;
            check_answer("SetAvatarProfile", answer)?;
        }
        Call::Impulse(id, joint, impulse) => {
            let answer = avatars
                .push_impulse(pb::PushImpulseRequest { id, joint, impulse })
                .await;
            check_answer("PushImpulse", answer)?;
        }
        Call::Gaze(id, target) => {
            let answer = avatars
                .set_gaze_target(pb::SetGazeTargetRequest { id, target })
                .await;
            check_answer("SetGazeTarget", answer)?;
        }
        Call::Skeleton(avatar_id) => {
            let answer = frames
                .get_skeleton(pb::GetSkeletonRequest { avatar_id })
                .await;
            check_answer("GetSkeleton", answer)?;
        }
        Call::Mesh(avatar_id) => {
            let answer = frames.get_mesh(pb::GetMeshRequest { avatar_id }).await;
            check_answer("GetMesh", answer)?;
        }
        Call::Profile(name) => {
            let answer = calibration
                .get_profile(pb::GetProfileRequest { name })
                .await;
            check_answer("GetProfile", answer)?;
        }
        Call::DeleteProfile(name) => {
            let answer = calibration
                .delete_profile(pb::DeleteProfileRequest { name })
                .await;
            check_answer("DeleteProfile", answer)?;
        }
        Call::Frames(avatar_ids, decimation, vertex_encoding) => {
            let answer = frames
                .stream_frames(pb::StreamFramesRequest {
                    avatar_ids,
                    decimation,
                    vertex_encoding,
                    ..Default::default()
                })
                .await;
            check_answer("StreamFrames", answer)?;
        }
        Call::Push(avatar_id, samples) => {
            let answer = DeviceServiceClient::new(channel)
                .push_devices(tokio_stream::iter([pb::PushDevicesRequest {
                    avatar_id,
                    samples,
                }]))
                .await;
            check_answer("PushDevices", answer)?;
        }
    }
    Ok(())
}

fn mutate_config(tokens: &[(usize, usize)], bytes: &[(usize, u8)]) -> String {
    let mut out = DEFAULT_TOML.as_bytes().to_vec();
    for &(at, t) in tokens {
        let p = at % (out.len() + 1);
        out.splice(p..p, TOKENS[t % TOKENS.len()].bytes());
    }
    for &(at, b) in bytes {
        let n = out.len();
        out[at % n] = b;
    }
    String::from_utf8_lossy(&out).into_owned()
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_requests_are_served_or_refused_cleanly(calls in prop::collection::vec(call(), 1..6)) {
        let f = fixture();
        for c in calls {
            f.runtime.block_on(run(f.channel.clone(), c))?;
        }
        // The daemon is still there and well.
        let stats = f.runtime.block_on(
            pb::stats_service_client::StatsServiceClient::new(f.channel.clone())
                .get_stats(pb::GetStatsRequest {}),
        );
        prop_assert!(stats.is_ok(), "{stats:?}");
    }

    #[test]
    fn fuzz_push_samples_are_checked(sample in sample()) {
        let gate = GateSettings::default();
        if let Ok((device, pose, input)) = check(&sample, &gate) {
            if let Some(i) = input {
                prop_assert!(matches!(device, Device::LeftHand | Device::RightHand));
                prop_assert_eq!(i.sanitized(), i);
            }
            prop_assert!(pose.is_finite());
            prop_assert!((pose.rotation.length() - 1.0).abs() < 1e-9);
            prop_assert!(gate.inside(pose.position));
        }
    }

    #[test]
    fn fuzz_ids_are_accepted_exactly_when_valid(id in id()) {
        let valid = !id.is_empty()
            && id.len() <= 64
            && id.bytes().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-' || c == b'_');
        prop_assert_eq!(check_id(&id).is_ok(), valid);
    }

    #[test]
    fn fuzz_arbitrary_configurations_never_panic(text in ".{0,300}") {
        let _ = Config::from_toml(&text, "posewire.toml", Path::new("/nonexistent"));
    }

    #[test]
    fn fuzz_mutated_configurations_are_valid_or_refused_by_key(
        tokens in prop::collection::vec((any::<usize>(), any::<usize>()), 0..5),
        bytes in prop::collection::vec((any::<usize>(), any::<u8>()), 0..3),
    ) {
        let text = mutate_config(&tokens, &bytes);
        match Config::from_toml(&text, "posewire.toml", Path::new("/nonexistent")) {
            Ok(config) => {
                prop_assert!(config.validate("again").is_ok());
                prop_assert!(config.listen_addr().is_ok());
            }
            Err(e) => prop_assert!(e.to_string().starts_with("posewire.toml"), "{}", e),
        }
    }
}

proptest! {
    // Each case reads half a second of frames: an eighth of the cases of
    // the others (32 by default; `PROPTEST_CASES` scales it too).
    #![proptest_config(ProptestConfig { cases: (config().cases / 8).max(1), ..config() })]

    #[test]
    fn fuzz_frames_after_any_calls_are_finite(calls in prop::collection::vec(call_on_d(), 1..8)) {
        let f = physics_fixture();
        for c in calls {
            f.runtime.block_on(run(f.channel.clone(), c))?;
        }
        // Half a second of frames at 90 Hz, forces included.
        f.runtime.block_on(frames_are_finite(f.channel.clone(), 45))?;
    }
}

/// Issue 42's bar: `SetGazeTarget {x: 1e308}`, and `PushImpulse {z: 1e30}`
/// then `{z: -1e308}`, are refused naming the field and the limit's key,
/// and one second of frames with forces after them holds no non-finite
/// number.
#[test]
fn huge_finite_gaze_targets_and_impulses_are_refused_and_frames_stay_finite() {
    use pb::avatar_service_client::AvatarServiceClient;
    let f = physics_fixture();
    f.runtime.block_on(async {
        let mut avatars = AvatarServiceClient::new(f.channel.clone());
        let v = |x: f64, z: f64| Some(pb::Vec3 { x, y: 1.6, z });
        let gaze = avatars
            .set_gaze_target(pb::SetGazeTargetRequest {
                id: "d".into(),
                target: v(1e308, 0.0),
            })
            .await
            .expect_err("a gaze target 1e308 m away");
        assert_eq!(gaze.code(), Code::InvalidArgument, "{gaze:?}");
        assert!(
            gaze.message().contains("`target`")
                && gaze.message().contains("devices.workspace_radius_m"),
            "{gaze:?}"
        );
        for z in [1e30, -1e308] {
            let push = avatars
                .push_impulse(pb::PushImpulseRequest {
                    id: "d".into(),
                    joint: "chest".into(),
                    impulse: Some(pb::Vec3 { x: 0.0, y: 0.0, z }),
                })
                .await
                .expect_err("a huge impulse");
            assert_eq!(push.code(), Code::InvalidArgument, "{push:?}");
            assert!(
                push.message().contains("limits.max_impulse_n_s"),
                "{push:?}"
            );
        }
        // Within the limits both are taken.
        avatars
            .set_gaze_target(pb::SetGazeTargetRequest {
                id: "d".into(),
                target: v(1.0, 2.0),
            })
            .await
            .expect("a gaze target in the room");
        // One second of frames at 90 Hz.
        frames_are_finite(f.channel.clone(), 90)
            .await
            .expect("finite frames in order");
    });
}
