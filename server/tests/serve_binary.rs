//! The real `posewire serve` binary: started on a free loopback port, it
//! logs where to connect, runs the physics solver without being told to,
//! streams the demo body to a gRPC subscriber, and shuts down cleanly on
//! SIGTERM.

mod common;

use std::time::Duration;

use common::{client_runtime, rest_of_log, spawn_serve_logged, spawn_serve_with, stop_cleanly};

use posewire_client::{pb, Client};

#[test]
fn serve_streams_the_demo_and_stops_cleanly_on_sigterm() {
    // The log says where to connect.
    let (child, address, before, rx) = spawn_serve_logged(&["--listen", "127.0.0.1:0"], &[]);
    let runtime = client_runtime();
    let (frames, solver) = runtime.block_on(async {
        let client = Client::connect(&address).await.expect("connects");
        let listed = client.list_avatars().await.expect("lists");
        let solver = listed.first().map(|a| a.solver());
        let mut stream = client
            .stream_frames(pb::StreamFramesRequest::default())
            .await
            .expect("subscribes");
        let mut sequences = Vec::new();
        while sequences.len() < 20 {
            let r = tokio::time::timeout(Duration::from_secs(20), stream.message())
                .await
                .expect("a frame in time")
                .expect("no error")
                .expect("stream goes on");
            let frame = r.frame.expect("frame");
            if !frame.avatars.is_empty() {
                sequences.push(frame.sequence);
            }
        }
        (sequences, solver)
    });
    // Close the client's connection before stopping the daemon.
    drop(runtime);
    assert!(frames.windows(2).all(|w| w[1] > w[0]), "{frames:?}");
    stop_cleanly(child);
    let rest = rest_of_log(&rx);
    assert!(
        rest.iter().any(|l| l.contains("shut down cleanly")),
        "{rest:?}"
    );
    // With no options: the physics solver, said in the log line outside
    // tests read, and over the API.
    let started = before
        .iter()
        .chain(&rest)
        .find(|l| l.contains("real-time loop started"))
        .expect("the loop's start is logged");
    assert!(
        started.contains("rate_hz=90") && started.contains("solver=\"physics\""),
        "{started}"
    );
    assert_eq!(solver, Some(pb::SolverKind::Physics));
}

/// SIGTERM while a client holds a frame stream it never reads and a
/// CreateAvatar names a FIFO without a writer (a read that blocks forever
/// when opened without care): the process is gone within 5 s, and it says
/// "shut down cleanly" only if it did.
#[test]
fn sigterm_ends_the_process_while_calls_hold_on() {
    let storage = tempfile::tempdir().expect("temp dir");
    let trackers = storage.path().join("trackers");
    std::fs::create_dir_all(&trackers).expect("trackers folder");
    let fifo = trackers.join("pipe.trackers.csv");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let config = storage.path().join("posewire.toml");
    std::fs::write(
        &config,
        format!("storage = {:?}\n", storage.path().display().to_string()),
    )
    .expect("write the configuration");
    let config = config.display().to_string();
    let (mut child, address, rx) =
        spawn_serve_with(&["--config", &config, "--listen", "127.0.0.1:0"], &[]);

    let client_runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("runtime");
    let (_unread_stream, mut call) = client_runtime.block_on(async {
        let client = Client::connect(&address).await.expect("connects");
        let stream = client
            .stream_frames(pb::StreamFramesRequest::default())
            .await
            .expect("subscribes");
        let fifo = fifo.display().to_string();
        let call = tokio::spawn(async move {
            client
                .create_avatar(pb::CreateAvatarRequest {
                    id: "pipe".into(),
                    source: Some(pb::DeviceSource {
                        kind: Some(pb::device_source::Kind::File(pb::FileSource {
                            path: fifo,
                            r#loop: true,
                        })),
                    }),
                    profile_name: String::new(),
                })
                .await
        });
        (stream, call)
    });
    // Give the call time to reach the daemon (it may be answered already).
    let answered = client_runtime
        .block_on(async { tokio::time::timeout(Duration::from_secs(1), &mut call).await });
    eprintln!("the FIFO call before SIGTERM: {answered:?}");

    let sent = std::time::Instant::now();
    let status = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let exit = loop {
        if let Some(exit) = child.try_wait().expect("polls the child") {
            break exit;
        }
        if sent.elapsed() > Duration::from_secs(5) {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "the daemon still ran 5 s after SIGTERM; its log: {:?}",
                rest_of_log(&rx)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    eprintln!(
        "exited {exit:?} {:.2} s after SIGTERM",
        sent.elapsed().as_secs_f64()
    );
    let rest = rest_of_log(&rx);
    let clean = rest.iter().any(|l| l.contains("shut down cleanly"));
    if exit.success() {
        assert!(clean, "{rest:?}");
    } else {
        assert!(!clean, "an unfinished shutdown said it was clean: {rest:?}");
        assert!(
            rest.iter().any(|l| l.contains("did not finish in time")),
            "{rest:?}"
        );
    }
    drop(client_runtime);
}

/// GetStats names every avatar's solver and its simulated body's state,
/// assist and counts: the demo avatar on the default (physics) solver tracks
/// with an assist, and a push on its chest is counted.
#[test]
fn get_stats_reports_the_demo_avatars_body_and_counts_a_push() {
    let (child, address, _rx) = spawn_serve_with(&["--listen", "127.0.0.1:0"], &[]);
    let runtime = client_runtime();
    runtime.block_on(async {
        let client = Client::connect(&address).await.expect("connects");
        let demo = |stats: &pb::GetStatsResponse| {
            stats
                .avatars
                .iter()
                .find(|a| a.avatar_id == "demo")
                .cloned()
        };
        let mut tracked = None;
        for _ in 0..200 {
            let stats = client.get_stats().await.expect("stats");
            // Empty until the loop's first tick; then the demo alone.
            assert!(stats.avatars.len() <= 1, "{:?}", stats.avatars);
            let Some(a) = demo(&stats) else {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            };
            assert_eq!(a.solver(), pb::SolverKind::Physics);
            if a.state() != pb::BodyState::Unspecified {
                tracked = Some(a);
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let a = tracked.expect("the demo body appears within 10 s");
        assert_eq!(a.state(), pb::BodyState::Tracking, "{a:?}");
        assert!(a.assist > 0.0 && a.assist <= 1.0, "{a:?}");
        assert_eq!((a.impulses, a.falls), (0, 0), "{a:?}");
        client
            .push_impulse(pb::PushImpulseRequest {
                id: "demo".into(),
                joint: "chest".into(),
                impulse: Some(pb::Vec3 {
                    x: 25.0,
                    y: 0.0,
                    z: 0.0,
                }),
            })
            .await
            .expect("the push is taken");
        let mut counted = None;
        for _ in 0..100 {
            let a = demo(&client.get_stats().await.expect("stats")).expect("listed");
            if a.impulses == 1 {
                counted = Some(a);
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let a = counted.expect("the push is counted within 5 s");
        assert_ne!(a.state(), pb::BodyState::Unspecified, "{a:?}");
        assert!((0.0..=1.0).contains(&a.assist), "{a:?}");
    });
    drop(runtime);
    stop_cleanly(child);
}
