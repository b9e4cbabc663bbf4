//! Benchmark of the live daemon with a crowd of physics avatars (issue 23,
//! "8 avatars on 2 cores at 90 Hz with 0 overruns over 60 s"): N demo
//! people, 3 m apart and each at another moment of the demo loop, all in
//! one physics world on the default solver, one subscriber to every
//! avatar's frames; at the end, GetStats' loop frame times and overruns
//! over the run and each body's state and counts (a crowd that fell over
//! would be cheaper, not better).
//!
//! With OBJECTS (issue 24, "20 dynamic objects and 4 avatars"), that many
//! more dynamic objects (boxes, spheres and capsules in turn, 0.5-3 kg)
//! are dropped among the walkers before the run, so that they fall, roll
//! and are kicked; the objects the demo people bring with them come on top
//! and are counted too.
//!
//! Run in a release build:
//!   cargo run --release -p posewire --example bench_crowd [-- SECONDS [AVATARS [OBJECTS]]]
//! defaults 60 s, 8 avatars and no extra objects.

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

/// The `k`th extra object: a box, a sphere or a capsule in turn, dropped
/// from 0.5-1.7 m on a grid over the walkers' circles (x from -1 to
/// 3 * avatars, z from -1.5 to 1.5).
fn extra_object(k: usize, avatars: usize) -> pb::AddObjectRequest {
    use pb::shape::Kind;
    let v = |x: f64, y: f64, z: f64| pb::Vec3 { x, y, z };
    let kind = match k % 3 {
        0 => Kind::Box(pb::Box {
            size: Some(v(0.3, 0.2, 0.25)),
        }),
        1 => Kind::Sphere(pb::Sphere { radius_m: 0.12 }),
        _ => Kind::Capsule(pb::Capsule {
            radius_m: 0.06,
            length_m: 0.3,
        }),
    };
    let span = 3.0 * avatars.max(1) as f64;
    let x = -1.0 + (k as f64 * 0.618_034).fract() * span;
    let z = -1.5 + (k as f64 * 0.414_214).fract() * 3.0;
    pb::AddObjectRequest {
        shape: Some(pb::Shape { kind: Some(kind) }),
        mass_kg: 0.5 + (k % 6) as f64 * 0.5,
        pose: Some(pb::Pose {
            position: Some(v(x, 0.5 + (k % 4) as f64 * 0.4, z)),
            rotation: None,
        }),
        name: format!("bench{k}"),
        ..Default::default()
    }
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seconds: f64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(60.0);
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(8);
    let extra: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
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
        let mut scene = client.scene_service();
        for k in 0..extra {
            scene.add_object(extra_object(k, n)).await?;
        }
        let objects = scene
            .list_objects(pb::ListObjectsRequest {})
            .await?
            .into_inner()
            .objects;
        let dynamic = objects.iter().filter(|o| o.mass_kg > 0.0).count();
        println!(
            "{} objects in the space ({dynamic} dynamic, {extra} of them added by the bench)",
            objects.len()
        );
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
