//! Benchmarks of the live daemon on this machine (issue 6, "Done when"):
//!
//! 1. latency from a pushed device sample to the frame carrying it, as the
//!    subscriber receives it (p50, p99), split into the wait for the next
//!    tick and what the daemon adds after the tick took the sample;
//! 2. the loop's frame-time distribution (GetStats) and its cadence
//!    jitter (intervals between consecutive publish times);
//! 3. how many pose-only subscribers, each on its own connection, get
//!    every frame at 90 Hz (no skipped frame, contiguous sequences);
//! 4. the same for vertex subscribers of the shared model with the most
//!    vertices (`../shared/data/models/*.glb`), in each encoding (FLOAT32,
//!    INT16), with the loop's frame time and skinning cost meanwhile.
//!
//! Run in a release build:
//!   cargo run --release -p posewire --example bench_daemon \
//!     [-- SECONDS [POSE_COUNTS [VERTEX_COUNTS]]]
//! where the counts are comma-separated lists (`none` skips that part);
//! defaults 10 s, 50,100,200,300 and 10,25,50,100. Vertex counts stop
//! rising for an encoding once a count skips frames.
//!
//! The daemon runs in this process on its own runtime (2 workers, as
//! `posewire serve`) and its own loop thread; clients run on a second
//! runtime. Everything shares the machine's cores, so the numbers are
//! pessimistic for a daemon with a machine to itself.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use posewire::serve::demo_source::DemoPerson;
use posewire::serve::{Config, Daemon};
use posewire_body::{BodyProfile, Device, Joint, Skeleton};
use posewire_client::{pb, Client};

fn unix_ns() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX))
}

fn percentile(values: &mut [f64], q: f64) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(f64::total_cmp);
    values[((values.len() - 1) as f64 * q).round() as usize]
}

fn summary(name: &str, values: &mut [f64]) -> String {
    let n = values.len();
    format!(
        "{name}: n={n} p50={:.3} ms p90={:.3} ms p99={:.3} ms max={:.3} ms",
        percentile(values, 0.5),
        percentile(values, 0.9),
        percentile(values, 0.99),
        percentile(values, 1.0)
    )
}

fn pb_device(d: Device) -> pb::Device {
    match d {
        Device::Head => pb::Device::Head,
        Device::LeftHand => pb::Device::LeftHand,
        _ => pb::Device::RightHand,
    }
}

/// The three pushed devices of a person standing still, shifted by `dx`
/// metres along x.
fn standing_samples(person: &DemoPerson, dx: f64, now_ns: i64) -> Vec<pb::DeviceSample> {
    person
        .samples(0.0)
        .iter()
        .filter_map(|s| {
            let pose = s.pose?;
            Some(pb::DeviceSample {
                device: pb_device(s.device) as i32,
                capture_time_ns: now_ns,
                pose: Some(pb::Pose {
                    position: Some(pb::Vec3 {
                        x: pose.position.x + dx,
                        y: pose.position.y,
                        z: pose.position.z,
                    }),
                    rotation: Some(pb::Quat {
                        x: pose.rotation.x,
                        y: pose.rotation.y,
                        z: pose.rotation.z,
                        w: pose.rotation.w,
                    }),
                }),
                input: None,
            })
        })
        .collect()
}

/// Part 1: step the pushed body by 0.4 m every 400 ms; time each step
/// from the push to the first frame showing it.
async fn push_latency(address: &str, seconds: f64) -> anyhow::Result<()> {
    let client = Client::connect(address).await?;
    let skeleton = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
    let person = DemoPerson::new(&skeleton, 0.0, [0.0; 3]);
    let (tx, rx) = tokio::sync::mpsc::channel::<pb::PushDevicesRequest>(64);
    let pusher = client.clone();
    let push_task = tokio::spawn(async move {
        pusher
            .push_devices(tokio_stream::wrappers::ReceiverStream::new(rx))
            .await
    });
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest {
            avatar_ids: vec!["pushed".into()],
            ..Default::default()
        })
        .await?;
    // (send time of the step, the step's level)
    let steps: Arc<Mutex<Vec<(i64, bool)>>> = Arc::default();
    let done = Arc::new(AtomicBool::new(false));
    let sender = {
        let steps = steps.clone();
        let done = done.clone();
        tokio::spawn(async move {
            let mut level = false;
            let mut last_step = Instant::now();
            let mut lcg: u64 = 0x2545_f491_4f6c_dd1d;
            let settle = Instant::now();
            while !done.load(Ordering::Relaxed) {
                // Samples every 4-12 ms, out of phase with the 90 Hz loop.
                lcg = lcg.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let wait_us = 4_000 + (lcg >> 33) % 8_000;
                tokio::time::sleep(Duration::from_micros(wait_us)).await;
                let stepping = settle.elapsed() > Duration::from_secs(1)
                    && last_step.elapsed() > Duration::from_millis(400);
                if stepping {
                    level = !level;
                    last_step = Instant::now();
                }
                let now = unix_ns();
                let dx = if level { 0.4 } else { 0.0 };
                if stepping {
                    if let Ok(mut s) = steps.lock() {
                        s.push((now, level));
                    }
                }
                let request = pb::PushDevicesRequest {
                    avatar_id: "pushed".into(),
                    samples: standing_samples(&person, dx, now),
                };
                if tx.send(request).await.is_err() {
                    break;
                }
            }
        })
    };
    let head = Joint::Head.index();
    let mut base_x: Option<f64> = None;
    let mut seen = 0usize;
    let (mut total, mut wait, mut added) = (Vec::new(), Vec::new(), Vec::new());
    let mut half = Vec::new();
    let mut first_move_of: Option<usize> = None;
    let end = Instant::now() + Duration::from_secs_f64(seconds);
    while Instant::now() < end {
        let Some(message) =
            tokio::time::timeout(Duration::from_secs(5), stream.message()).await??
        else {
            break;
        };
        let received = unix_ns();
        let Some(frame) = message.frame else { continue };
        let Some(avatar) = frame.avatars.first() else {
            continue;
        };
        let Some(&x) = avatar.joint_positions.get(3 * head) else {
            continue;
        };
        let x = f64::from(x);
        let pending = steps.lock().map(|s| s.get(seen).copied()).ok().flatten();
        match (base_x, pending) {
            (None, None) => base_x = Some(x),
            (Some(base), Some((sent, level))) => {
                // First movement: the first tick that used the step's
                // sample (the solver's smoothing then takes its time).
                let moved = if level {
                    x > base + 0.001
                } else {
                    x < base + 0.4 - 0.001
                };
                if moved && first_move_of != Some(seen) {
                    first_move_of = Some(seen);
                    total.push((received - sent) as f64 * 1e-6);
                    wait.push((frame.capture_time_unix_ns - sent) as f64 * 1e-6);
                    added.push((received - frame.capture_time_unix_ns) as f64 * 1e-6);
                }
                if (x > base + 0.2) == level {
                    seen += 1;
                    half.push((received - sent) as f64 * 1e-6);
                }
            }
            _ => {}
        }
    }
    done.store(true, Ordering::Relaxed);
    sender.await?;
    let pushed = push_task.await??;
    println!(
        "pushed samples: accepted {} rejected {} (clock offset {:.3} ms, drift {:+.1} ppm, jitter {:.3} ms)",
        pushed.accepted,
        pushed.rejected,
        pushed.clock_offset_s * 1e3,
        pushed.clock_drift_ppm,
        pushed.clock_offset_jitter_s * 1e3
    );
    println!(
        "{}",
        summary("push -> delivery of the first frame that moved", &mut total)
    );
    println!(
        "{}",
        summary("  wait for the tick that took the sample", &mut wait)
    );
    println!(
        "{}",
        summary(
            "  added after that tick (solve, publish, deliver)",
            &mut added
        )
    );
    println!(
        "{}",
        summary(
            "push -> half of the 0.4 m step shown (with the solver's smoothing)",
            &mut half
        )
    );
    Ok(())
}

/// Part 2: cadence of publish times and GetStats' frame times.
async fn cadence(address: &str, seconds: f64) -> anyhow::Result<()> {
    let client = Client::connect(address).await?;
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest {
            avatar_ids: vec!["demo".into()],
            ..Default::default()
        })
        .await?;
    let mut last: Option<(u64, i64)> = None;
    let mut jitter = Vec::new();
    let mut delivery = Vec::new();
    let end = Instant::now() + Duration::from_secs_f64(seconds);
    while Instant::now() < end {
        let Some(message) = stream.message().await? else {
            break;
        };
        let received = unix_ns();
        let Some(frame) = message.frame else { continue };
        delivery.push((received - frame.publish_time_unix_ns) as f64 * 1e-6);
        if let Some((seq, t)) = last {
            if frame.sequence == seq + 1 {
                let interval_ms = (frame.publish_time_unix_ns - t) as f64 * 1e-6;
                jitter.push((interval_ms - 1e3 / 90.0).abs());
            }
        }
        last = Some((frame.sequence, frame.publish_time_unix_ns));
    }
    println!(
        "{}",
        summary("cadence jitter |publish interval - 11.111 ms|", &mut jitter)
    );
    println!(
        "{}",
        summary("publish -> delivery, one subscriber", &mut delivery)
    );
    let stats = client.get_stats().await?;
    if let Some(ft) = stats.frame_time {
        println!(
            "loop frame time (GetStats, last {} ticks): p50={:.3} ms p99={:.3} ms max={:.3} ms; overruns {} of {} frames",
            ft.count, ft.p50_ms, ft.p99_ms, ft.max_ms, stats.overruns, stats.frames
        );
    }
    Ok(())
}

/// Parts 3 and 4: `n` subscribers sending `request` on their own
/// connections for `seconds`; returns (frames delivered, frames skipped,
/// sequence gaps).
async fn fan_out(
    address: &str,
    n: usize,
    seconds: f64,
    request: &pb::StreamFramesRequest,
) -> anyhow::Result<(u64, u64, u64)> {
    let delivered = Arc::new(AtomicU64::new(0));
    let skipped = Arc::new(AtomicU64::new(0));
    let gaps = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for _ in 0..n {
        let client = Client::connect(address).await?;
        let (delivered, skipped, gaps) = (delivered.clone(), skipped.clone(), gaps.clone());
        let mut stream = client.stream_frames(request.clone()).await?;
        tasks.push(tokio::spawn(async move {
            let end = Instant::now() + Duration::from_secs_f64(seconds);
            let mut last: Option<u64> = None;
            while Instant::now() < end {
                let Ok(Some(message)) = stream.message().await else {
                    break;
                };
                let Some(frame) = message.frame else { continue };
                delivered.fetch_add(1, Ordering::Relaxed);
                skipped.fetch_add(message.skipped, Ordering::Relaxed);
                if last.is_some_and(|l| frame.sequence != l + 1) {
                    gaps.fetch_add(1, Ordering::Relaxed);
                }
                last = Some(frame.sequence);
            }
            drop(client);
        }));
    }
    for task in tasks {
        task.await?;
    }
    Ok((
        delivered.load(Ordering::Relaxed),
        skipped.load(Ordering::Relaxed),
        gaps.load(Ordering::Relaxed),
    ))
}

/// The shared model with the most vertices, and that count.
fn largest_model() -> Option<(std::path::PathBuf, usize)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/models");
    let mut best: Option<(std::path::PathBuf, usize)> = None;
    for entry in std::fs::read_dir(&dir).ok()?.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "glb") {
            let options = posewire_skinning::ImportOptions::default();
            if let Ok(mesh) = posewire_skinning::load_gltf(&path, options) {
                if best.as_ref().is_none_or(|(_, n)| mesh.vertex_count() > *n) {
                    best = Some((path, mesh.vertex_count()));
                }
            }
        }
    }
    best
}

/// The machine's load averages (1, 5, 15 min), for the record.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn counts(arg: Option<&String>, default: &[usize]) -> Vec<usize> {
    match arg.map(String::as_str) {
        None => default.to_vec(),
        Some("none") => Vec::new(),
        Some(list) => list.split(',').filter_map(|n| n.parse().ok()).collect(),
    }
}

/// Part 4: vertex subscribers of the `model` avatar in each encoding.
async fn vertex_fan_out(
    address: &str,
    vertices: usize,
    ns: &[usize],
    seconds: f64,
) -> anyhow::Result<()> {
    let client = Client::connect(address).await?;
    // Build the rig (centres of rotation) before timing anything.
    let mesh = client.get_mesh("model").await?;
    anyhow::ensure!(
        mesh.rest_positions.len() == 3 * vertices,
        "GetMesh vertex count"
    );
    for (encoding, bytes) in [
        (pb::VertexEncoding::Float32, 12),
        (pb::VertexEncoding::Int16, 6),
    ] {
        let request = pb::StreamFramesRequest {
            avatar_ids: vec!["model".into()],
            include_vertices: true,
            vertex_encoding: encoding as i32,
            ..Default::default()
        };
        for &n in ns {
            let before = client.get_stats().await?;
            let (delivered, skipped, gaps) = fan_out(address, n, seconds, &request).await?;
            let after = client.get_stats().await?;
            let expected = (n as f64 * seconds * 90.0).round();
            let ft = after.frame_time.unwrap_or_default();
            let sk = after.skinning.unwrap_or_default();
            println!(
                "{n:4} vertex subscribers {:?} ({} KB/frame): delivered {delivered} (~{expected}), skipped {skipped}, gaps {gaps}, {:.1} Hz each, {:.1} MB/s in all; loop frame p50 {:.3} ms p99 {:.3} ms max {:.3} ms, skinning p50 {:.3} ms, overruns +{}, skinned frames +{} in {} ticks; load {}",
                encoding,
                bytes * vertices / 1000,
                delivered as f64 / n as f64 / seconds,
                delivered as f64 * (bytes * vertices) as f64 / seconds / 1e6,
                ft.p50_ms,
                ft.p99_ms,
                ft.max_ms,
                sk.p50_ms,
                after.overruns - before.overruns,
                after.skinned_frames - before.skinned_frames,
                after.frames - before.frames,
                load_average()
            );
            if skipped > 0 || gaps > 0 {
                break;
            }
        }
    }
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seconds: f64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let pose_counts = counts(args.get(1), &[50, 100, 200, 300]);
    let vertex_counts = counts(args.get(2), &[10, 25, 50, 100]);
    let model = if vertex_counts.is_empty() {
        None
    } else {
        let found = largest_model();
        if found.is_none() {
            println!("SKIPPED vertex subscribers: ../shared/data/models not found");
        }
        found
    };
    let storage = std::env::temp_dir().join(format!("posewire-bench-{}", std::process::id()));
    let mut toml = format!(
        "listen = \"127.0.0.1:0\"\nsubscriber_buffer = 16\nstorage = {:?}\n\
         [[avatars]]\nid = \"demo\"\nsource = {{ kind = \"demo\" }}\n\
         [[avatars]]\nid = \"pushed\"\nsource = {{ kind = \"push\" }}\n",
        storage.display().to_string()
    );
    if let Some((path, _)) = &model {
        toml += &format!(
            "[[avatars]]\nid = \"model\"\nsource = {{ kind = \"demo\", origin = [2.0, 0.0, 0.0] }}\nmodel = {:?}\n",
            path.display().to_string()
        );
    }
    let config = Config::from_toml(&toml, "bench configuration", std::path::Path::new("."))?;
    let daemon_runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("daemon")
        .enable_all()
        .build()?;
    let daemon = daemon_runtime.block_on(Daemon::start(&config))?;
    let address = daemon.local_addr().to_string();
    let clients = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("clients")
        .enable_all()
        .build()?;
    println!(
        "daemon on {address}, 90 Hz, solver {}, avatars demo + pushed{}; {seconds} s per part; load average {} on {} cores",
        config.solver.kind.name(),
        model.as_ref().map_or(String::new(), |(p, n)| format!(
            " + model ({}, {n} vertices)",
            p.file_name().map_or_else(String::new, |f| f.to_string_lossy().into())
        )),
        load_average(),
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );
    clients.block_on(async {
        tokio::time::sleep(Duration::from_secs(1)).await;
        push_latency(&address, seconds).await?;
        cadence(&address, seconds).await?;
        let poses = pb::StreamFramesRequest {
            avatar_ids: vec!["demo".into()],
            ..Default::default()
        };
        for n in pose_counts {
            let (delivered, skipped, gaps) = fan_out(&address, n, seconds, &poses).await?;
            let expected = (n as f64 * seconds * 90.0).round();
            println!(
                "{n:4} pose-only subscribers: delivered {delivered} frames (~{expected} at 90 Hz), skipped {skipped}, sequence gaps {gaps}, {:.1} Hz per subscriber; load {}",
                delivered as f64 / n as f64 / seconds,
                load_average()
            );
        }
        if let Some((_, vertices)) = model {
            vertex_fan_out(&address, vertices, &vertex_counts, seconds).await?;
        }
        anyhow::Ok(())
    })?;
    drop(clients);
    daemon_runtime.block_on(daemon.shutdown())?;
    let _ = std::fs::remove_dir_all(&storage);
    Ok(())
}
