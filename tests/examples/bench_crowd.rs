//! Benchmark of the live daemon with a crowd of physics avatars (issue 23,
//! "8 avatars on 2 cores at 90 Hz with 0 overruns over 60 s"): N demo
//! people, 3 m apart and each at another moment of the demo loop, all in
//! one physics world on the default solver, one subscriber to every
//! avatar's frames; at the end, GetStats' loop frame times and overruns
//! over the run and each body's state and counts (a crowd that fell over
//! would be cheaper, not better).
//!
//! Run in a release build:
//!   cargo run --release -p posewire-e2e --example bench_crowd [-- SECONDS [AVATARS]]
//! defaults 60 s and 8 avatars.

use std::time::{Duration, Instant};

use posewire::serve::{Config, Daemon};
use posewire_client::{pb, Client};

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// The daemon's configuration: `n` demo people in a row along +X.
fn crowd_toml(n: usize, storage: &std::path::Path) -> String {
    let mut toml = format!(
        "listen = \"127.0.0.1:0\"\nstorage = {:?}\n",
        storage.display().to_string()
    );
    for i in 0..n {
        toml += &format!(
            "[[avatars]]\nid = \"p{i}\"\nsource = {{ kind = \"demo\", origin = [{}.0, 0.0, 0.0], time_offset_s = {}.0 }}\n",
            3 * i,
            2 * i
        );
    }
    toml
}

/// Reads every frame for `seconds`; returns (frames, sequence gaps).
async fn subscribe(client: &Client, seconds: f64) -> anyhow::Result<(u64, u64)> {
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest::default())
        .await?;
    let (mut frames, mut gaps, mut last) = (0u64, 0u64, None::<u64>);
    let end = Instant::now() + Duration::from_secs_f64(seconds);
    while Instant::now() < end {
        let Some(message) = stream.message().await? else {
            break;
        };
        let Some(frame) = message.frame else { continue };
        if last.is_some_and(|s| frame.sequence != s + 1) {
            gaps += 1;
        }
        last = Some(frame.sequence);
        frames += 1;
    }
    Ok((frames, gaps))
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seconds: f64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(60.0);
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(8);
    let storage = std::env::temp_dir().join(format!("posewire-crowd-{}", std::process::id()));
    let config = Config::from_toml(
        &crowd_toml(n, &storage),
        "bench configuration",
        std::path::Path::new("."),
    )?;
    let daemon_runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("daemon")
        .enable_all()
        .build()?;
    let daemon = daemon_runtime.block_on(Daemon::start(&config))?;
    let address = daemon.local_addr().to_string();
    let clients = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    println!(
        "daemon on {address}, 90 Hz, solver {}, {n} demo avatars; {seconds} s; load average {} on {} cores",
        config.solver.kind.name(),
        load_average(),
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    clients.block_on(async {
        let client = Client::connect(&address).await?;
        // Every body in the world and settled before the run is timed.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let before = client.get_stats().await?;
        let (frames, gaps) = subscribe(&client, seconds).await?;
        let after = client.get_stats().await?;
        if let Some(ft) = &after.frame_time {
            println!(
                "loop frame time (GetStats, last {} ticks): p50={:.3} ms p99={:.3} ms max={:.3} ms ({:.3} ms per avatar-frame at p50)",
                ft.count,
                ft.p50_ms,
                ft.p99_ms,
                ft.max_ms,
                ft.p50_ms / n.max(1) as f64
            );
        }
        println!(
            "overruns {} in {} ticks; the subscriber got {frames} frames with {gaps} sequence gaps; load {}",
            after.overruns - before.overruns,
            after.frames - before.frames,
            load_average()
        );
        for a in &after.avatars {
            println!(
                "  {}: {:?}, state {:?}, staggers {}, falls {}",
                a.avatar_id,
                a.solver(),
                a.state(),
                a.staggers,
                a.falls
            );
        }
        anyhow::Ok(())
    })?;
    drop(clients);
    daemon_runtime.block_on(daemon.shutdown())?;
    let _ = std::fs::remove_dir_all(&storage);
    Ok(())
}
