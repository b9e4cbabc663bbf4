//! Memory a frame subscriber holds is given back when it leaves (issue 22):
//! the real `posewire serve` binary (its resident memory read from
//! `/proc/PID/status`), 200 vertex subscribers that never read, each on its
//! own connection, then gone at once; then 2,500 connections that open a
//! vertex stream and drop it. A stalled subscriber must hold, and leave
//! behind, a bounded share of memory, and connections that come and go
//! must reuse it rather than add to it (margins, no wall-clock
//! assertion). The figures are printed
//! (`cargo test -p posewire --test serve_memory -- --nocapture`).

mod common;

use std::time::{Duration, Instant};

use common::{spawn_serve_with, stop_cleanly};
use posewire_client::pb;
use tonic::transport::{Channel, Endpoint};

/// The longest any wait may take before the test fails.
const PATIENCE: Duration = Duration::from_secs(60);

/// Stalled vertex subscribers of the first round.
const STALLED: usize = 200;

/// Connections of the second round, and how many at once.
const ABRUPT: usize = 2500;
const ABRUPT_AT_ONCE: usize = 50;

/// Resident memory of process `pid`, MB (`VmRSS` of /proc/PID/status).
fn rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("the status");
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .expect("a VmRSS line");
    kb / 1024.0
}

async fn channel(address: &str) -> Channel {
    Endpoint::from_shared(format!("http://{address}"))
        .expect("an endpoint")
        .connect()
        .await
        .expect("connects")
}

fn vertices() -> pb::StreamFramesRequest {
    pb::StreamFramesRequest {
        include_vertices: true,
        vertex_encoding: pb::VertexEncoding::Float32 as i32,
        ..Default::default()
    }
}

/// Opens a vertex stream on `channel`; `read_one`: waits for its first
/// frame (else it never reads).
async fn open_stream(
    channel: Channel,
    read_one: bool,
) -> tonic::Streaming<pb::StreamFramesResponse> {
    let mut client = pb::frame_service_client::FrameServiceClient::new(channel);
    let mut stream = client
        .stream_frames(vertices())
        .await
        .expect("a stream")
        .into_inner();
    if read_one {
        stream
            .message()
            .await
            .expect("no error")
            .expect("a first frame");
    }
    stream
}

/// The daemon's subscribers, by GetStats.
async fn subscribers(stats: &Channel) -> usize {
    pb::stats_service_client::StatsServiceClient::new(stats.clone())
        .get_stats(pb::GetStatsRequest {})
        .await
        .expect("stats")
        .into_inner()
        .subscribers
        .len()
}

/// Waits until GetStats lists `n` subscribers.
async fn until_subscribers(stats: &Channel, n: usize) {
    let deadline = Instant::now() + PATIENCE;
    while subscribers(stats).await != n {
        assert!(Instant::now() < deadline, "never {n} subscribers");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Memory after the subscribers left settles: a few readings a second
/// apart (the daemon frees at once; this leaves time for it to run).
async fn settled_rss(pid: u32) -> f64 {
    let mut last = rss_mb(pid);
    for _ in 0..5 {
        tokio::time::sleep(Duration::from_secs(1)).await;
        let now = rss_mb(pid);
        if (now - last).abs() < 1.0 {
            return now;
        }
        last = now;
    }
    last
}

#[test]
fn memory_held_for_subscribers_is_given_back_when_they_leave() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("daemon.toml");
    std::fs::write(
        &config,
        format!(
            "listen = \"127.0.0.1:0\"\nstorage = {:?}\n[web]\nenabled = false\n",
            dir.path().join("storage")
        ),
    )
    .expect("write the configuration");
    let config = config.to_str().expect("a UTF-8 path").to_string();
    let (child, address, _log) = spawn_serve_with(&["--config", &config], &[]);
    let pid = child.id();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let figures = runtime.block_on(async {
        let stats = channel(&address).await;
        // Warm up: the mesh is built on the first vertex subscriber and
        // kept; a few come and go so that the "before" figure has it.
        for _ in 0..3 {
            drop(open_stream(channel(&address).await, true).await);
        }
        until_subscribers(&stats, 0).await;
        let before = settled_rss(pid).await;

        let mut stalled = Vec::new();
        for _ in 0..STALLED {
            let ch = channel(&address).await;
            stalled.push((open_stream(ch.clone(), false).await, ch));
        }
        until_subscribers(&stats, STALLED).await;
        // Let their queues and connection windows fill.
        tokio::time::sleep(Duration::from_secs(3)).await;
        let with = rss_mb(pid);
        drop(stalled);
        until_subscribers(&stats, 0).await;
        let after_stalled = settled_rss(pid).await;

        let mut peak = after_stalled;
        for _ in 0..ABRUPT / ABRUPT_AT_ONCE {
            let mut round = Vec::new();
            for _ in 0..ABRUPT_AT_ONCE {
                let address = address.clone();
                round.push(tokio::spawn(async move {
                    let stream = open_stream(channel(&address).await, true).await;
                    drop(stream);
                }));
            }
            for task in round {
                tokio::time::timeout(PATIENCE, task)
                    .await
                    .expect("a connection within the patience")
                    .expect("the connection task");
            }
            peak = peak.max(rss_mb(pid));
        }
        until_subscribers(&stats, 0).await;
        let after_abrupt = settled_rss(pid).await;
        (before, with, after_stalled, peak, after_abrupt)
    });
    let (before, with, after_stalled, peak, after_abrupt) = figures;
    println!(
        "daemon RSS: before {before:.1} MB, with {STALLED} stalled vertex subscribers {with:.1} MB, \
         after they left {after_stalled:.1} MB; during {ABRUPT} abrupt vertex connects \
         (at most {ABRUPT_AT_ONCE} at once) at most {peak:.1} MB, after them {after_abrupt:.1} MB"
    );
    stop_cleanly(child);
    // Per stalled subscriber: what it holds, and what stays resident after
    // it left. Before issue 22 each held its own copy of 16 frames'
    // vertices (about 1.2 MB here) and 0.7 MB stayed; now the queued
    // frames share the loop's vertex buffers, and what stays is the
    // allocator keeping freed connection buffers for reuse.
    let n = STALLED as f64;
    let held = (with - before) / n;
    let left = (after_stalled - before) / n;
    assert!(
        held <= 0.5,
        "a stalled vertex subscriber holds {held:.2} MB ({before:.1} -> {with:.1} MB for {STALLED})"
    );
    assert!(
        left <= 0.35,
        "a stalled vertex subscriber left {left:.2} MB resident ({before:.1} -> {after_stalled:.1} MB)"
    );
    // Connections that come and go reuse that memory instead of adding
    // to it.
    assert!(
        after_abrupt <= after_stalled + 10.0 && peak <= after_stalled + 20.0,
        "{ABRUPT} abrupt connects grew the daemon from {after_stalled:.1} MB to {after_abrupt:.1} MB \
         (peak {peak:.1} MB)"
    );
}
