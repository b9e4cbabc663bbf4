//! Benchmark of a shared space over NATS (issue 27) on this machine: a real
//! `nats-server` (Debian's, installed with apt-get when missing), NODES
//! nodes of AVATARS demo people each (the physics solver), RELAYS relays
//! and SUBSCRIBERS subscribers on each relay. Measured over SECONDS:
//!
//! - the bus hop's latency, node publish to relay receipt (p50, p99): per
//!   delivered remote avatar, the relay frame's `publish_time_unix_ns`
//!   minus the avatar's `remote.age_s` minus its
//!   `remote.source_publish_time_unix_ns` (one clock: one machine);
//! - node publish to subscriber receipt (p50, p99): the hop, the wait for
//!   the relay's next tick (up to one period) and the relay's fan-out;
//! - frames per second each subscriber received (min, mean), the loops'
//!   overruns, and CPU (whole process, and the loop threads).
//!
//! Run in a release build:
//!   cargo run --release -p posewire --example bench_cluster \
//!     [-- SECONDS [NODES [AVATARS [RELAYS [SUBSCRIBERS]]]]]
//! defaults 10 2 4 4 100. Everything but nats-server runs in this process
//! (daemons on one runtime of 2 workers, clients on another), sharing the
//! machine's cores.

#[path = "../tests/debian/mod.rs"]
mod debian;
#[path = "../tests/nats_server/mod.rs"]
mod nats_server;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use posewire::serve::cluster::relay::relay_config;
use posewire::serve::config::{AvatarConfig, SourceConfig};
use posewire::serve::{Config, Daemon};
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

/// CPU seconds of this process's threads whose name starts with `prefix`
/// (all threads: the empty prefix).
fn cpu_s(prefix: &str) -> f64 {
    let ticks = 100.0; // USER_HZ on Linux
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return f64::NAN;
    };
    let mut total = 0.0;
    for t in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(t.path().join("stat")) else {
            continue;
        };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        if !stat[open + 1..close].starts_with(prefix) {
            continue;
        }
        let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
        // utime and stime are fields 14 and 15 (11 and 12 after the name).
        let n = |i: usize| {
            fields
                .get(i)
                .and_then(|v| v.parse::<f64>().ok())
                .unwrap_or(0.0)
        };
        total += (n(11) + n(12)) / ticks;
    }
    total
}

fn node_config(nats: &str, node: usize, avatars: usize) -> Config {
    let mut config = Config {
        listen: "127.0.0.1:0".into(),
        ..Config::default()
    };
    config.web.enabled = false;
    config.avatars = (0..avatars)
        .map(|i| AvatarConfig {
            id: format!("p{i}"),
            source: SourceConfig::Demo {
                time_offset_s: i as f64 * 2.5,
                origin: [node as f64 * 6.0, 0.0, i as f64 * 3.0],
            },
            profile: None,
            model: None,
        })
        .collect();
    let text = format!("[cluster]\nnats = \"{nats}\"\nspace = \"bench\"\nnode = \"n{node}\"\n");
    config.cluster = Config::from_toml(&text, "bench", std::path::Path::new("."))
        .expect("valid")
        .cluster;
    config
}

#[derive(Default)]
struct Samples {
    hop_ms: Vec<f64>,
    total_ms: Vec<f64>,
    /// Encoded size of one avatar's frame as it travels on the bus, bytes.
    avatar_bytes: usize,
}

fn main() -> anyhow::Result<()> {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap_or(0))
        .collect();
    let arg = |i: usize, default: usize| args.get(i).copied().filter(|v| *v > 0).unwrap_or(default);
    let (seconds, nodes, avatars, relays, subscribers) =
        (arg(0, 10), arg(1, 2), arg(2, 4), arg(3, 4), arg(4, 100));
    let nats = nats_server::NatsServer::start();
    let url = nats.url();
    let daemons_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("daemons")
        .enable_all()
        .build()?;
    let clients_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("clients")
        .enable_all()
        .build()?;
    let (node_daemons, relay_daemons) = daemons_rt.block_on(async {
        let mut n = Vec::new();
        for i in 0..nodes {
            n.push(Daemon::start(&node_config(&url, i, avatars)).await?);
        }
        let mut r = Vec::new();
        for _ in 0..relays {
            let base = Config {
                listen: "127.0.0.1:0".into(),
                ..Config::default()
            };
            let mut config = relay_config(base, &url, "bench");
            config.web.enabled = false;
            config.limits.max_subscribers = config.limits.max_subscribers.max(subscribers + 8);
            r.push(Daemon::start(&config).await?);
        }
        anyhow::Ok((n, r))
    })?;
    let expected = nodes * avatars;
    let samples = Arc::new(Mutex::new(Samples::default()));
    let counts: Arc<Vec<AtomicU64>> = Arc::new(
        (0..relays * subscribers)
            .map(|_| AtomicU64::new(0))
            .collect(),
    );
    let measuring = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let relay_addrs: Vec<String> = relay_daemons
        .iter()
        .map(|d| d.local_addr().to_string())
        .collect();
    let node_addrs: Vec<String> = node_daemons
        .iter()
        .map(|d| d.local_addr().to_string())
        .collect();
    clients_rt.block_on(async {
        // Every relay carries every avatar before the clock starts.
        for addr in &relay_addrs {
            let client = Client::connect(addr).await?;
            let mut s = client
                .stream_frames(pb::StreamFramesRequest::default())
                .await?;
            let deadline = Instant::now() + Duration::from_secs(30);
            loop {
                let f = s.message().await?.and_then(|r| r.frame).unwrap_or_default();
                if f.avatars.len() == expected {
                    break;
                }
                anyhow::ensure!(Instant::now() < deadline, "relay {addr} lacks avatars");
            }
        }
        for (r, addr) in relay_addrs.iter().enumerate() {
            for s in 0..subscribers {
                let client = Client::connect(addr).await?;
                let mut stream = client
                    .stream_frames(pb::StreamFramesRequest::default())
                    .await?;
                let (samples, counts, measuring) =
                    (samples.clone(), counts.clone(), measuring.clone());
                let index = r * subscribers + s;
                tokio::spawn(async move {
                    while let Ok(Some(response)) = stream.message().await {
                        let received = unix_ns();
                        if !measuring.load(Ordering::Relaxed) {
                            continue;
                        }
                        let Some(frame) = response.frame else {
                            continue;
                        };
                        counts[index].fetch_add(1, Ordering::Relaxed);
                        // One remote avatar per frame (the first one).
                        let Some(remote) = frame.avatars.first().and_then(|a| a.remote.clone())
                        else {
                            continue;
                        };
                        let hop = frame.publish_time_unix_ns as f64
                            - remote.age_s * 1e9
                            - remote.source_publish_time_unix_ns as f64;
                        let total = (received - remote.source_publish_time_unix_ns) as f64;
                        if let Ok(mut s) = samples.lock() {
                            if let Some(a) = frame.avatars.first() {
                                let on_bus = pb::AvatarFrame {
                                    remote: None,
                                    ..a.clone()
                                };
                                s.avatar_bytes = prost::Message::encoded_len(&on_bus);
                            }
                            s.hop_ms.push(hop / 1e6);
                            s.total_ms.push(total / 1e6);
                        }
                    }
                });
            }
        }
        anyhow::Ok(())
    })?;
    std::thread::sleep(Duration::from_secs(1));
    let overruns = |addrs: &[String]| -> anyhow::Result<Vec<u64>> {
        clients_rt.block_on(async {
            let mut v = Vec::new();
            for a in addrs {
                v.push(Client::connect(a).await?.get_stats().await?.overruns);
            }
            anyhow::Ok(v)
        })
    };
    let (nodes_before, relays_before) = (overruns(&node_addrs)?, overruns(&relay_addrs)?);
    let (cpu0, loops0, t0) = (cpu_s(""), cpu_s("posewire-loop"), Instant::now());
    measuring.store(true, Ordering::SeqCst);
    std::thread::sleep(Duration::from_secs(seconds as u64));
    measuring.store(false, Ordering::SeqCst);
    let wall = t0.elapsed().as_secs_f64();
    let (cpu, loops) = (cpu_s("") - cpu0, cpu_s("posewire-loop") - loops0);
    let (nodes_after, relays_after) = (overruns(&node_addrs)?, overruns(&relay_addrs)?);
    let fps: Vec<f64> = counts
        .iter()
        .map(|c| c.load(Ordering::Relaxed) as f64 / wall)
        .collect();
    let mut s = samples.lock().map_err(|_| anyhow::anyhow!("poisoned"))?;
    let Samples {
        hop_ms,
        total_ms,
        avatar_bytes,
    } = &mut *s;
    let n = hop_ms.len();
    println!(
        "{nodes} nodes x {avatars} avatars, {relays} relays x {subscribers} subscribers, {wall:.1} s ({n} samples), load average {}",
        std::fs::read_to_string("/proc/loadavg").unwrap_or_default().trim()
    );
    println!(
        "one avatar on the bus: {avatar_bytes} bytes per frame ({:.0} kB/s per avatar at 90 Hz)",
        *avatar_bytes as f64 * 90.0 / 1e3
    );
    println!(
        "bus hop, node publish to relay receipt: p50 {:.2} ms, p99 {:.2} ms",
        percentile(hop_ms, 0.5),
        percentile(hop_ms, 0.99)
    );
    println!(
        "node publish to subscriber receipt: p50 {:.2} ms, p99 {:.2} ms",
        percentile(total_ms, 0.5),
        percentile(total_ms, 0.99)
    );
    let mean = fps.iter().sum::<f64>() / fps.len().max(1) as f64;
    let min = fps.iter().copied().fold(f64::INFINITY, f64::min);
    println!("frames per second per subscriber: min {min:.1}, mean {mean:.1}");
    let delta =
        |a: &[u64], b: &[u64]| -> Vec<u64> { a.iter().zip(b).map(|(x, y)| x - y).collect() };
    println!(
        "overruns in the window: nodes {:?}, relays {:?}",
        delta(&nodes_after, &nodes_before),
        delta(&relays_after, &relays_before)
    );
    println!(
        "CPU: {:.2} cores for the whole process, {:.2} cores for the {} loop threads",
        cpu / wall,
        loops / wall,
        nodes + relays
    );
    drop(s);
    daemons_rt.block_on(async {
        for d in relay_daemons.into_iter().chain(node_daemons) {
            d.shutdown().await?;
        }
        anyhow::Ok(())
    })?;
    drop(clients_rt);
    Ok(())
}
