//! End-to-end tests: the real daemon (the same code `posewire serve` runs)
//! on a real TCP socket on a free loopback port, driven over gRPC by the
//! client SDK, a raw tonic client and the reflection client.
//!
//! Waits are bounded (a hung daemon fails the test instead of hanging it);
//! nothing asserts on wall-clock durations.

mod common;
use common::{device_sample, next_response, PATIENCE};

use std::collections::BTreeSet;
use std::time::Duration;

use posewire::serve::{Config, Daemon};
use posewire_body::Joint;
use posewire_client::{pb, Client};
use tokio_stream::StreamExt as _;
use tonic::transport::Endpoint;
use tonic::Code;
use tonic_health::pb::health_check_response::ServingStatus;

async fn start(rate_hz: f64, subscriber_buffer: usize) -> Daemon {
    let config = Config {
        listen: "127.0.0.1:0".into(),
        rate_hz,
        subscriber_buffer,
        ..Config::default()
    };
    common::start_daemon_alone(&config).await
}

async fn connect(daemon: &Daemon) -> Client {
    Client::connect(&daemon.local_addr().to_string())
        .await
        .expect("connects")
}

fn position(a: &pb::AvatarFrame, j: usize) -> [f64; 3] {
    let p = &a.joint_positions;
    [p[3 * j], p[3 * j + 1], p[3 * j + 2]].map(f64::from)
}

fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn frames_stream_in_order_with_the_skeleton_of_get_skeleton() {
    let daemon = start(120.0, 64).await;
    let client = connect(&daemon).await;

    let skeleton = client.get_skeleton("demo").await.expect("skeleton");
    assert_eq!(skeleton.joints.len(), Joint::COUNT);
    for (j, joint) in Joint::ALL.iter().zip(&skeleton.joints) {
        assert_eq!(joint.name, j.name());
        assert_eq!(joint.parent, j.parent().map_or(-1, |p| p.index() as i32));
    }
    let unknown = client
        .get_skeleton("nobody")
        .await
        .expect_err("unknown avatar");
    assert!(
        unknown.to_string().contains("NotFound") || unknown.to_string().contains("not found"),
        "{unknown}"
    );

    let mut stream = client
        .stream_frames(pb::StreamFramesRequest::default())
        .await
        .expect("subscribes");
    let mut frames = Vec::new();
    while frames.len() < 60 {
        let f = next_response(&mut stream).await.frame.expect("a frame");
        // Frames before the headset's first sample carry no avatar.
        if !f.avatars.is_empty() {
            frames.push(f);
        }
    }
    for w in frames.windows(2) {
        assert!(
            w[1].sequence > w[0].sequence,
            "{} then {}",
            w[0].sequence,
            w[1].sequence
        );
        assert!(w[1].simulation_time_s > w[0].simulation_time_s);
        assert!(w[1].publish_time_unix_ns >= w[0].publish_time_unix_ns);
    }
    for f in &frames {
        assert_eq!(f.avatars.len(), 1);
        let a = &f.avatars[0];
        assert_eq!(a.avatar_id, "demo");
        assert_eq!(a.joint_positions.len(), 3 * Joint::COUNT);
        assert_eq!(a.local_rotations.len(), 4 * Joint::COUNT);
        assert_eq!(a.world_rotations.len(), 4 * Joint::COUNT);
        // Every bone has the length of its skeleton's rest offset.
        for (j, joint) in skeleton.joints.iter().enumerate() {
            let Ok(parent) = usize::try_from(joint.parent) else {
                continue;
            };
            let o = joint.rest_offset.expect("offset");
            let rest = (o.x * o.x + o.y * o.y + o.z * o.z).sqrt();
            let got = dist(position(a, j), position(a, parent));
            assert!((got - rest).abs() < 1e-4, "{}: {got} vs {rest}", joint.name);
        }
        // The demo's three devices are the ghosts.
        let devices: BTreeSet<i32> = a.devices.iter().map(|d| d.device).collect();
        let expected: BTreeSet<i32> = [
            pb::Device::Head,
            pb::Device::LeftHand,
            pb::Device::RightHand,
        ]
        .map(|d| d as i32)
        .into();
        assert_eq!(devices, expected);
    }
    // The demo person moves.
    let first = position(&frames[0].avatars[0], Joint::Head.index());
    let last = position(&frames[frames.len() - 1].avatars[0], Joint::Head.index());
    assert!(
        dist(first, last) > 0.005,
        "the head did not move: {first:?} {last:?}"
    );

    let avatars = client.list_avatars().await.expect("list");
    assert_eq!(avatars.len(), 1);
    assert_eq!(avatars[0].id, "demo");
    assert!(avatars[0].ready);
    assert_eq!(avatars[0].devices.len(), 3);
    drop(stream);
    daemon.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_subscriber_that_never_reads_does_not_make_another_miss_frames() {
    // A fast loop so that the stalled subscriber's queue (256 frames) and
    // its HTTP/2 window fill within a second or two.
    let daemon = start(400.0, 256).await;
    let addr = format!("http://{}", daemon.local_addr());
    // The stalled subscriber has its own connection with small HTTP/2
    // windows, and never reads.
    let stalled_channel = Endpoint::from_shared(addr.clone())
        .expect("uri")
        .initial_stream_window_size(16 * 1024)
        .initial_connection_window_size(16 * 1024)
        .connect()
        .await
        .expect("connects");
    let stalled = Client::from_channel(stalled_channel)
        .stream_frames(pb::StreamFramesRequest::default())
        .await
        .expect("subscribes");

    let reader = connect(&daemon).await;
    let mut stream = reader
        .stream_frames(pb::StreamFramesRequest::default())
        .await
        .expect("subscribes");
    let mut previous = next_response(&mut stream)
        .await
        .frame
        .expect("frame")
        .sequence;
    for _ in 0..1200 {
        let r = next_response(&mut stream).await;
        let sequence = r.frame.expect("frame").sequence;
        assert_eq!(r.skipped, 0, "the reading subscriber skipped frames");
        assert_eq!(sequence, previous + 1, "a gap in the reader's frames");
        previous = sequence;
    }
    let stats = reader.get_stats().await.expect("stats");
    assert_eq!(stats.subscribers.len(), 2, "{:?}", stats.subscribers);
    let most_skipped = stats
        .subscribers
        .iter()
        .map(|s| s.skipped)
        .max()
        .unwrap_or(0);
    let least_skipped = stats
        .subscribers
        .iter()
        .map(|s| s.skipped)
        .min()
        .unwrap_or(0);
    assert!(
        most_skipped > 100,
        "the stalled subscriber skipped only {most_skipped}"
    );
    assert_eq!(least_skipped, 0);
    assert!(stats.frames >= 1200);
    drop(stalled);
    daemon.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_disconnects_mid_stream_leaves_the_daemon_healthy() {
    let daemon = start(120.0, 64).await;
    {
        let leaving = connect(&daemon).await;
        let mut stream = leaving
            .stream_frames(pb::StreamFramesRequest::default())
            .await
            .expect("subscribes");
        for _ in 0..10 {
            next_response(&mut stream).await;
        }
        // Stream and connection dropped here, mid-stream.
    }
    let client = connect(&daemon).await;
    assert_eq!(
        client.health("").await.expect("health"),
        ServingStatus::Serving
    );
    assert_eq!(
        client
            .health("posewire.v1.FrameService")
            .await
            .expect("health"),
        ServingStatus::Serving
    );
    // The departed subscriber is unlisted.
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let stats = client.get_stats().await.expect("stats");
        if stats.subscribers.is_empty() {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{:?}",
            stats.subscribers
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // A new subscriber streams, decimated by 3.
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest {
            decimation: 3,
            avatar_ids: vec!["demo".into()],
            ..Default::default()
        })
        .await
        .expect("subscribes");
    let mut last = None;
    for _ in 0..10 {
        let s = next_response(&mut stream)
            .await
            .frame
            .expect("frame")
            .sequence;
        assert_eq!(s % 3, 0, "decimation by 3 sends every third tick");
        if let Some(l) = last {
            assert!(s > l);
        }
        last = Some(s);
    }
    let stats = client.get_stats().await.expect("stats");
    assert_eq!(stats.subscribers.len(), 1);
    assert_eq!(stats.subscribers[0].decimation, 3);
    assert!(stats.frame_time.expect("frame times").count > 0);
    assert!(!stats.devices.is_empty());
    // The daemon shuts down with the stream open; the stream ends with
    // UNAVAILABLE (or simply ends).
    daemon.shutdown().await.expect("clean shutdown");
    let end = tokio::time::timeout(PATIENCE, async {
        loop {
            match stream.message().await {
                Ok(Some(_)) => continue,
                other => break other,
            }
        }
    })
    .await
    .expect("the stream ends");
    match end {
        Ok(None) => {}
        Err(status) => assert_eq!(status.code(), Code::Unavailable, "{status:?}"),
        Ok(Some(_)) => unreachable!(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reflection_v1_and_v1alpha_list_every_service() {
    use tonic_reflection::pb::{v1, v1alpha};
    let daemon = start(90.0, 16).await;
    let channel = connect(&daemon).await.channel();
    let expected: BTreeSet<String> = posewire_proto::SERVICE_NAMES
        .iter()
        .map(|s| s.to_string())
        .chain(["grpc.health.v1.Health".to_string()])
        .collect();

    let request = v1::ServerReflectionRequest {
        host: String::new(),
        message_request: Some(v1::server_reflection_request::MessageRequest::ListServices(
            String::new(),
        )),
    };
    let mut responses = v1::server_reflection_client::ServerReflectionClient::new(channel.clone())
        .server_reflection_info(tokio_stream::iter([request]))
        .await
        .expect("v1 reflection")
        .into_inner();
    let response = responses
        .next()
        .await
        .expect("an answer")
        .expect("no error");
    let Some(v1::server_reflection_response::MessageResponse::ListServicesResponse(list)) =
        response.message_response
    else {
        panic!("not a service list: {response:?}");
    };
    let names: BTreeSet<String> = list.service.into_iter().map(|s| s.name).collect();
    assert!(names.is_superset(&expected), "v1 lists {names:?}");

    // v1alpha: the file defining the frame service, with its dependency.
    let request = v1alpha::ServerReflectionRequest {
        host: String::new(),
        message_request: Some(
            v1alpha::server_reflection_request::MessageRequest::FileContainingSymbol(
                "posewire.v1.FrameService".into(),
            ),
        ),
    };
    let mut responses =
        v1alpha::server_reflection_client::ServerReflectionClient::new(channel.clone())
            .server_reflection_info(tokio_stream::iter([request]))
            .await
            .expect("v1alpha reflection")
            .into_inner();
    let response = responses
        .next()
        .await
        .expect("an answer")
        .expect("no error");
    let Some(v1alpha::server_reflection_response::MessageResponse::FileDescriptorResponse(files)) =
        response.message_response
    else {
        panic!("not file descriptors: {response:?}");
    };
    assert!(!files.file_descriptor_proto.is_empty());
    daemon.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_with_a_reason() {
    let daemon = start(90.0, 16).await;
    let client = connect(&daemon).await;
    let errors = [
        (
            client.get_profile("nobody").await.map(|_| ()),
            Code::NotFound,
            "nobody",
        ),
        (
            client
                .calibrate(pb::CalibrateRequest::default())
                .await
                .map(|_| ()),
            Code::InvalidArgument,
            "profile_name",
        ),
        (client.remove_avatar("ghost").await, Code::NotFound, "ghost"),
    ];
    for (result, code, word) in errors {
        match result.expect_err("refused") {
            posewire_client::ClientError::Status(s) => {
                assert_eq!(s.code(), code, "{s:?}");
                assert!(s.message().contains(word), "{s:?}");
            }
            other => panic!("{other}"),
        }
    }
    let encoding = client
        .stream_frames(pb::StreamFramesRequest {
            include_vertices: true,
            vertex_encoding: 7,
            ..Default::default()
        })
        .await
        .expect_err("no such encoding");
    assert!(encoding.to_string().contains("encoding"), "{encoding}");
    let unknown = client
        .stream_frames(pb::StreamFramesRequest {
            avatar_ids: vec!["nobody".into()],
            ..Default::default()
        })
        .await
        .expect_err("unknown avatar");
    assert!(unknown.to_string().contains("nobody"), "{unknown}");
    daemon.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pushed_devices_are_checked_counted_and_posed() {
    use posewire::serve::config::{AvatarConfig, SourceConfig};
    use posewire::serve::demo_source::DemoPerson;
    use posewire_body::{BodyProfile, Skeleton};
    let mut config = Config {
        listen: "127.0.0.1:0".into(),
        ..Config::default()
    };
    config.avatars.push(AvatarConfig {
        id: "pushed".into(),
        source: SourceConfig::Push {},
        profile: None,
        model: None,
    });
    let daemon = common::start_daemon_alone(&config).await;
    let client = connect(&daemon).await;

    // One second of the demo person at 90 Hz, in a sender clock 1000 s
    // ahead, with five bad samples mixed in.
    let person = DemoPerson::new(
        &Skeleton::from_profile(&BodyProfile::from_stature(1.75)),
        0.0,
        [0.0; 3],
    );
    let mut batches = Vec::new();
    let mut valid = 0u64;
    for k in 0..90 {
        let t = k as f64 / 90.0;
        let ns = ((1000.0 + t) * 1e9) as i64;
        let mut samples: Vec<pb::DeviceSample> =
            person.samples(t).iter().map(|s| pushed(s, ns)).collect();
        valid += samples.len() as u64;
        if k == 10 {
            let mut nan = samples[0];
            nan.pose
                .as_mut()
                .and_then(|p| p.position.as_mut())
                .expect("pos")
                .x = f64::NAN;
            let mut long = samples[1];
            long.pose
                .as_mut()
                .and_then(|p| p.rotation.as_mut())
                .expect("rot")
                .w = 2.0;
            let mut nobody = samples[2];
            nobody.device = 0;
            let mut old = samples[0];
            old.capture_time_ns = ns - 1_000_000_000;
            samples.extend([nan, long, nobody, old]);
        }
        batches.push(pb::PushDevicesRequest {
            avatar_id: "pushed".into(),
            samples,
        });
    }
    batches.push(pb::PushDevicesRequest {
        avatar_id: "demo".into(),
        samples: vec![batches[0].samples[0]],
    });
    let response = client
        .push_devices(tokio_stream::iter(batches))
        .await
        .expect("push");
    assert_eq!(response.accepted, valid);
    assert_eq!(response.rejected, 5);
    let count = |reason: pb::RejectReason| {
        response
            .rejections
            .iter()
            .find(|r| r.reason == reason as i32)
            .map_or(0, |r| r.count)
    };
    assert_eq!(count(pb::RejectReason::NotFinite), 1);
    assert_eq!(count(pb::RejectReason::NotUnitQuaternion), 1);
    assert_eq!(count(pb::RejectReason::UnknownDevice), 1);
    assert_eq!(count(pb::RejectReason::TimeBackwards), 1);
    assert_eq!(count(pb::RejectReason::NotAPushAvatar), 1);
    // The sender's clock is about 1000 s ahead of the loop's.
    assert!(
        (response.clock_offset_s + 1000.0).abs() < 30.0,
        "{}",
        response.clock_offset_s
    );

    // While a push stream is open, GetStats lists it with its counts and
    // clock estimate; once closed, it is gone.
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    let pusher = client.clone();
    let open = tokio::spawn(async move {
        pusher
            .push_devices(tokio_stream::wrappers::ReceiverStream::new(rx))
            .await
    });
    let samples: Vec<pb::DeviceSample> = person
        .samples(0.0)
        .iter()
        .map(|s| pushed(s, 5_000_000_000_000))
        .collect();
    let sent = samples.len() as u64;
    tx.send(pb::PushDevicesRequest {
        avatar_id: "pushed".into(),
        samples,
    })
    .await
    .expect("the stream is open");
    let mut listed = None;
    for _ in 0..1000 {
        let stats = client.get_stats().await.expect("stats");
        listed = stats.push_streams.into_iter().find(|p| p.accepted == sent);
        if listed.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let listed = listed.expect("GetStats lists the open push stream");
    assert_eq!(listed.avatar_id, "pushed");
    assert_eq!(listed.rejected, 0);
    // The sender's clock is about 5000 s ahead of the loop's.
    assert!((listed.clock_offset_s + 5000.0).abs() < 30.0, "{listed:?}");
    drop(tx);
    let closed = open.await.expect("joins").expect("push answers");
    assert_eq!(closed.accepted, sent);
    assert_eq!(closed.clock_offset_s, listed.clock_offset_s);
    assert!(client
        .get_stats()
        .await
        .expect("stats")
        .push_streams
        .is_empty());

    // The pushed avatar now has a body with the pushed devices.
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest {
            avatar_ids: vec!["pushed".into()],
            ..Default::default()
        })
        .await
        .expect("subscribes");
    let frame = loop {
        let f = next_response(&mut stream).await.frame.expect("frame");
        if !f.avatars.is_empty() {
            break f;
        }
    };
    assert_eq!(frame.avatars[0].avatar_id, "pushed");
    assert_eq!(frame.avatars[0].devices.len(), 3);
    let head = position(&frame.avatars[0], Joint::Head.index());
    assert!(head[1] > 1.3, "the pushed head stands: {head:?}");
    daemon.shutdown().await.expect("clean shutdown");
}

/// A demo sample as pushed.
fn pushed(sample: &posewire_body::formats::TrackerSample, capture_ns: i64) -> pb::DeviceSample {
    let pose = sample.pose.expect("demo samples are valid");
    device_sample(sample.device, pose, capture_ns)
}
