//! Benchmark of concurrent large reads of client-named files (issue 42):
//! four SetAvatarSource calls at once, each naming the same 512 MiB tracker
//! take in `<storage>/trackers/`, against a daemon in this process (the
//! default configuration: the physics solver, the demo person, `[limits]
//! read_budget_mib` = 768). Reports each call's answer, the process's peak
//! resident memory (VmHWM) before and after, and the loop's rate and
//! overruns (GetStats) over the reads.
//!
//! Run in a release build:
//!   cargo run --release -p posewire --example bench_reads [-- MIB [CALLS [BUDGET_MIB]]]
//! defaults 512 MiB, 4 calls, the default budget. The file is written to a
//! temporary folder first (about 100 bytes a row, 6 devices at 90 Hz) and
//! removed at the end.

use std::io::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use posewire::serve::{Config, Daemon};
use posewire_body::formats::{TrackerSample, TrackerTake};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{Device, Transform};
use posewire_client::{pb, Client};

/// A line of /proc/self/status in MB (its value is in kB).
fn status_mb(key: &str) -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(key))
        .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1000.0)
}

/// Writes a tracker take of about `mib` MiB: six devices walking slowly in
/// a circle at 90 Hz, one second of rows at a time.
fn write_take(path: &Path, mib: u64) -> std::io::Result<u64> {
    let mut file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut written = 0u64;
    let mut second = 0u64;
    while written < mib << 20 {
        let samples = (0..90u64)
            .flat_map(|i| {
                let t = second as f64 + i as f64 / 90.0;
                let (s, c) = (0.1 * t).sin_cos();
                Device::ALL.into_iter().map(move |device| TrackerSample {
                    time_s: t,
                    device,
                    pose: Some(Transform::new(
                        DVec3::new(2.0 * s, 0.2 + 0.25 * device.index() as f64, 2.0 * c),
                        DQuat::from_rotation_y(0.1 * t),
                    )),
                    input: None,
                })
            })
            .collect();
        let text = TrackerTake {
            samples,
            invalid: Default::default(),
        }
        .to_csv();
        let rows = if second == 0 {
            text.as_str()
        } else {
            text.split_once('\n').map_or("", |(_, rows)| rows)
        };
        file.write_all(rows.as_bytes())?;
        written += rows.len() as u64;
        second += 1;
    }
    file.flush()?;
    Ok(written)
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mib: u64 = args.first().map_or(Ok(512), |a| a.parse())?;
    let calls: usize = args.get(1).map_or(Ok(4), |a| a.parse())?;
    let dir = tempfile::tempdir()?;
    let trackers = dir.path().join("trackers");
    std::fs::create_dir_all(&trackers)?;
    let take = trackers.join("big.trackers.csv");
    let bytes = write_take(&take, mib)?;
    println!("tracker take: {} MiB ({bytes} bytes)", bytes >> 20);
    let mut config = Config {
        listen: "127.0.0.1:0".into(),
        storage: dir.path().to_path_buf(),
        ..Config::default()
    };
    config.web.enabled = false;
    if let Some(budget) = args.get(2) {
        config.limits.read_budget_mib = budget.parse()?;
    }
    println!(
        "read budget {} MiB; before the daemon: VmHWM {:.0} MB, VmRSS {:.0} MB",
        config.limits.read_budget_mib,
        status_mb("VmHWM:"),
        status_mb("VmRSS:")
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let daemon = Daemon::start(&config).await?;
        let client = Client::connect(&daemon.local_addr().to_string()).await?;
        // Let the loop settle, then measure over the reads.
        tokio::time::sleep(Duration::from_secs(3)).await;
        let before = client.get_stats().await?;
        println!(
            "daemon running: VmHWM {:.0} MB, VmRSS {:.0} MB",
            status_mb("VmHWM:"),
            status_mb("VmRSS:")
        );
        let started = Instant::now();
        let mut reads = tokio::task::JoinSet::new();
        for i in 0..calls {
            let client = client.clone();
            reads.spawn(async move {
                let asked = Instant::now();
                let answer = client
                    .set_avatar_source(pb::SetAvatarSourceRequest {
                        id: "demo".into(),
                        source: Some(pb::DeviceSource {
                            kind: Some(pb::device_source::Kind::File(pb::FileSource {
                                path: "big.trackers.csv".into(),
                                r#loop: true,
                            })),
                        }),
                    })
                    .await;
                (i, asked.elapsed(), answer.map(|_| ()))
            });
        }
        while let Some(done) = reads.join_next().await {
            let (i, took, answer) = done?;
            match answer {
                Ok(()) => println!("call {i}: read in {:.1} s", took.as_secs_f64()),
                Err(e) => println!("call {i}: refused after {:.2} s: {e}", took.as_secs_f64()),
            }
        }
        let window = started.elapsed().as_secs_f64();
        let after = client.get_stats().await?;
        let frames = after.frames - before.frames;
        let uptime = after.uptime_s - before.uptime_s;
        println!(
            "over the reads ({window:.1} s): loop {:.2} Hz ({frames} ticks in {uptime:.2} s), \
             overruns {}, frame time p99 {:.2} ms max {:.2} ms",
            frames as f64 / uptime,
            after.overruns - before.overruns,
            after.frame_time.as_ref().map_or(f64::NAN, |t| t.p99_ms),
            after.frame_time.as_ref().map_or(f64::NAN, |t| t.max_ms),
        );
        println!(
            "peak resident memory (VmHWM) {:.0} MB; now VmRSS {:.0} MB",
            status_mb("VmHWM:"),
            status_mb("VmRSS:")
        );
        daemon.shutdown().await?;
        anyhow::Ok(())
    })?;
    Ok(())
}
