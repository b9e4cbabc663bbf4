//! The operator's limits on frame subscribers (issue 22, `[limits]`),
//! through the real daemon on a free loopback port: beyond each limit a
//! StreamFrames call ends RESOURCE_EXHAUSTED naming the key that sets it,
//! and a subscriber that leaves frees its place. Waits are bounded;
//! nothing asserts on durations.

mod common;
use common::PATIENCE;

use std::time::{Duration, Instant};

use posewire::serve::limits::LimitsConfig;
use posewire::serve::{Config, Daemon};
use posewire_client::pb;
use tonic::transport::{Channel, Endpoint};
use tonic::Code;

async fn connection(daemon: &Daemon) -> Channel {
    Endpoint::from_shared(format!("http://{}", daemon.local_addr()))
        .expect("an endpoint")
        .connect()
        .await
        .expect("connects")
}

/// Opens a frame stream on `channel` (`vertices`: with skinned vertices).
async fn subscribe(
    channel: &Channel,
    vertices: bool,
) -> Result<tonic::Streaming<pb::StreamFramesResponse>, tonic::Status> {
    let mut client = pb::frame_service_client::FrameServiceClient::new(channel.clone());
    let request = pb::StreamFramesRequest {
        include_vertices: vertices,
        ..Default::default()
    };
    tokio::time::timeout(PATIENCE, client.stream_frames(request))
        .await
        .expect("an answer within the patience")
        .map(tonic::Response::into_inner)
}

/// Asserts a refusal for the limit set by `key`.
fn refused<T>(result: Result<T, tonic::Status>, key: &str) {
    let Err(status) = result else {
        panic!("admitted beyond `{key}`");
    };
    assert_eq!(status.code(), Code::ResourceExhausted, "{status:?}");
    assert!(status.message().contains(&format!("`{key}`")), "{status:?}");
}

/// Subscribes on `channel` as soon as a place is free: refusals until then
/// must be RESOURCE_EXHAUSTED; `never` is the failure after the patience.
async fn admitted_once_freed(
    channel: &Channel,
    never: &str,
) -> tonic::Streaming<pb::StreamFramesResponse> {
    let deadline = Instant::now() + PATIENCE;
    loop {
        match subscribe(channel, false).await {
            Ok(stream) => return stream,
            Err(status) => {
                assert_eq!(status.code(), Code::ResourceExhausted, "{status:?}");
                assert!(Instant::now() < deadline, "{never}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn subscribers_beyond_each_limit_are_refused_with_its_key() {
    let storage = tempfile::tempdir().expect("a folder");
    let config = Config {
        listen: "127.0.0.1:0".into(),
        storage: storage.path().to_path_buf(),
        limits: LimitsConfig {
            max_subscribers: 4,
            max_subscribers_per_connection: 2,
            max_vertex_subscribers: 1,
            ..LimitsConfig::default()
        },
        ..Config::default()
    };
    let daemon = common::start_daemon_alone(&config).await;
    let a = connection(&daemon).await;
    let first = subscribe(&a, false).await.expect("first on a connection");
    let _second = subscribe(&a, false).await.expect("second on it");
    refused(
        subscribe(&a, false).await,
        "limits.max_subscribers_per_connection",
    );
    let b = connection(&daemon).await;
    let _vertices = subscribe(&b, true).await.expect("one with vertices");
    refused(subscribe(&b, true).await, "limits.max_vertex_subscribers");
    let c = connection(&daemon).await;
    let _fourth = subscribe(&c, false).await.expect("fourth in all");
    refused(subscribe(&c, false).await, "limits.max_subscribers");

    // A subscriber that leaves frees its place.
    drop(first);
    let _again = admitted_once_freed(&c, "the place was never freed").await;
    daemon.shutdown().await.expect("shuts down");
}

/// Issue 42's bar: 1,500 WatchRecording streams opened at once on one
/// connection during a recording: at most 1,000 are held (the default
/// limits: 200 on one connection), every other one ends RESOURCE_EXHAUSTED
/// naming its key, and the daemon goes on serving.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_recording_streams_are_counted_like_frame_subscribers() {
    let storage = tempfile::tempdir().expect("a folder");
    let config = Config {
        listen: "127.0.0.1:0".into(),
        storage: storage.path().to_path_buf(),
        solver: common::solver_named("ik"),
        ..Config::default()
    };
    let daemon = common::start_daemon_alone(&config).await;
    let channel = connection(&daemon).await;
    let mut takes = pb::take_service_client::TakeServiceClient::new(channel.clone());
    takes
        .start_recording(pb::StartRecordingRequest {
            avatar_id: "demo".into(),
            name: "watched".into(),
            timecode_start: String::new(),
            timecode_rate: String::new(),
        })
        .await
        .expect("records");
    let mut opening = tokio::task::JoinSet::new();
    for _ in 0..1500 {
        let mut client = takes.clone();
        opening.spawn(async move {
            let request = pb::WatchRecordingRequest {
                avatar_id: "demo".into(),
            };
            tokio::time::timeout(PATIENCE, client.watch_recording(request))
                .await
                .expect("an answer within the patience")
        });
    }
    let (mut held, mut refused_here) = (Vec::new(), 0);
    while let Some(answer) = opening.join_next().await {
        match answer.expect("the task ends") {
            Ok(stream) => held.push(stream.into_inner()),
            Err(status) => {
                refused(
                    Err::<(), _>(status),
                    "limits.max_subscribers_per_connection",
                );
                refused_here += 1;
            }
        }
    }
    println!(
        "{} WatchRecording streams held, {refused_here} refused",
        held.len()
    );
    assert!(
        (1..=1000).contains(&held.len()),
        "{} streams held",
        held.len()
    );
    assert_eq!(
        held.len(),
        LimitsConfig::default().max_subscribers_per_connection
    );
    assert_eq!(held.len() + refused_here, 1500);
    // The held streams report; frames still flow to another connection.
    let first = tokio::time::timeout(PATIENCE, held[0].message())
        .await
        .expect("an update in time")
        .expect("no error");
    assert!(first.is_some(), "the stream reports the recording");
    drop(held);
    let other = connection(&daemon).await;
    let mut frames = admitted_once_freed(&other, "no place freed").await;
    common::next_frame(&mut frames).await;
    daemon.shutdown().await.expect("shuts down");
}

/// A loopback TCP proxy to `target` that forwards until `freeze` turns
/// true, then holds both sockets open and silent: a client that vanished
/// without closing (power loss, a cut network), as the daemon sees it.
async fn freezing_proxy(
    target: std::net::SocketAddr,
    freeze: tokio::sync::watch::Receiver<bool>,
) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a proxy port");
    let addr = listener.local_addr().expect("the proxy address");
    tokio::spawn(async move {
        let Ok((client, _)) = listener.accept().await else {
            return;
        };
        let Ok(server) = tokio::net::TcpStream::connect(target).await else {
            return;
        };
        let (mut client_read, mut client_write) = client.into_split();
        let (mut server_read, mut server_write) = server.into_split();
        let up = tokio::io::copy(&mut client_read, &mut server_write);
        let down = tokio::io::copy(&mut server_read, &mut client_write);
        let mut frozen = freeze.clone();
        tokio::select! {
            _ = async { tokio::join!(up, down) } => {}
            _ = frozen.wait_for(|f| *f) => {}
        }
        // Frozen: keep every socket open and read nothing, until the test
        // ends.
        let _held = (client_read, client_write, server_read, server_write);
        std::future::pending::<()>().await;
    });
    addr
}

/// A client that vanishes without closing its connection gives its
/// subscriber place back once the daemon's HTTP/2 pings go unanswered
/// (`limits.keepalive_s`); without pings the place stays taken for good.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vanished_client_gives_its_place_back_by_keepalive() {
    let storage = tempfile::tempdir().expect("a folder");
    let config = Config {
        listen: "127.0.0.1:0".into(),
        storage: storage.path().to_path_buf(),
        limits: LimitsConfig {
            max_subscribers: 1,
            keepalive_s: 0.5,
            ..LimitsConfig::default()
        },
        ..Config::default()
    };
    let daemon = common::start_daemon_alone(&config).await;
    let (freeze, frozen) = tokio::sync::watch::channel(false);
    let proxy = freezing_proxy(daemon.local_addr(), frozen).await;
    let vanishing = Endpoint::from_shared(format!("http://{proxy}"))
        .expect("an endpoint")
        .connect()
        .await
        .expect("connects through the proxy");
    let mut held = subscribe(&vanishing, false).await.expect("the one place");
    let first = tokio::time::timeout(PATIENCE, held.message()).await;
    assert!(
        matches!(first, Ok(Ok(Some(_)))),
        "a frame through the proxy: {first:?}"
    );
    let direct = connection(&daemon).await;
    refused(subscribe(&direct, false).await, "limits.max_subscribers");
    freeze.send(true).expect("the proxy listens");
    let _taken =
        admitted_once_freed(&direct, "the vanished client's place was never given back").await;
    daemon.shutdown().await.expect("shuts down");
}
