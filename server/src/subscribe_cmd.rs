//! `posewire subscribe`: a client of the daemon built on the client SDK.
//! Prints the live frame rate, delivery latency and skipped frames once a
//! second, or collects one avatar's frames into a joint track.

use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::Context as _;
use clap::Args;
use posewire_body::formats::{JointFrame, JointTrack};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{Joint, JointMap, Transform};
use posewire_client::{pb, Backoff, Client, SubscriptionEvent};

/// `posewire subscribe`.
#[derive(Debug, Args)]
pub struct SubscribeArgs {
    /// The daemon's address (HOST:PORT).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:50051")]
    pub server: String,
    /// Only this avatar (default: every avatar; with --out, the first one
    /// in the stream).
    #[arg(long, value_name = "ID")]
    pub avatar: Option<String>,
    /// Write the stream as a joint track here (FORMATS.md section 3) when
    /// it ends (after --frames, or at Ctrl-C).
    #[arg(long, value_name = "JOINTS.csv")]
    pub out: Option<PathBuf>,
    /// Stop after this many frames (default: run until Ctrl-C).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub frames: Option<u64>,
    /// Take every Nth frame of the daemon's loop.
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub decimation: u32,
    /// Token and TLS.
    #[command(flatten)]
    pub access: crate::client_access::ClientAccessArgs,
}

/// Runs `posewire subscribe`.
pub fn run(args: &SubscribeArgs) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(subscribe(args))
}

/// One avatar's frame as a joint-track frame; `None` if its arrays are
/// short.
pub fn joint_frame(time_s: f64, avatar: &pb::AvatarFrame) -> Option<JointFrame> {
    let p = &avatar.joint_positions;
    let q = &avatar.world_rotations;
    if p.len() < 3 * Joint::COUNT || q.len() < 4 * Joint::COUNT {
        return None;
    }
    let joints = JointMap::from_fn(|j| {
        let i = j.index();
        let f = |v: f32| f64::from(v);
        Transform::new(
            DVec3::new(f(p[3 * i]), f(p[3 * i + 1]), f(p[3 * i + 2])),
            DQuat::from_xyzw(
                f(q[4 * i]),
                f(q[4 * i + 1]),
                f(q[4 * i + 2]),
                f(q[4 * i + 3]),
            )
            .normalize(),
        )
    });
    Some(JointFrame { time_s, joints })
}

fn now_unix_ns() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX))
}

/// What one second of frames looked like.
#[derive(Debug, Default)]
struct Window {
    frames: u64,
    skipped: u64,
    latencies_ms: Vec<f64>,
}

impl Window {
    fn report(&mut self, elapsed: Duration, total: u64, skipped_total: u64) -> String {
        self.latencies_ms.sort_by(f64::total_cmp);
        let pct = |q: f64| -> f64 {
            let v = &self.latencies_ms;
            if v.is_empty() {
                return f64::NAN;
            }
            v[((v.len() - 1) as f64 * q).round() as usize]
        };
        let line = format!(
            "{:7.1} Hz | latency p50 {:6.2} ms p99 {:6.2} ms | skipped {} (total {}) | frames {}\n",
            self.frames as f64 / elapsed.as_secs_f64().max(1e-9),
            pct(0.5),
            pct(0.99),
            self.skipped,
            skipped_total,
            total
        );
        *self = Window::default();
        line
    }
}

async fn subscribe(args: &SubscribeArgs) -> anyhow::Result<()> {
    let options = args.access.options(|var| std::env::var(var).ok())?;
    let client = Client::connect_lazy_with(&args.server, &options)?;
    let request = pb::StreamFramesRequest {
        avatar_ids: args.avatar.iter().cloned().collect(),
        decimation: args.decimation,
        ..Default::default()
    };
    let mut subscription = client.subscribe(request, Backoff::default());
    tracing::info!(server = %args.server, "subscribing (Ctrl-C to stop)");
    let mut window = Window::default();
    let mut window_start = Instant::now();
    let mut total = 0u64;
    let mut skipped_total = 0u64;
    let mut track = JointTrack {
        frames: Vec::new(),
        has_rotations: true,
        fingers: Vec::new(),
    };
    let mut recorded: Option<String> = args.avatar.clone();
    let ctrl_c = tokio::signal::ctrl_c();
    tokio::pin!(ctrl_c);
    loop {
        let event = tokio::select! {
            e = subscription.next() => e,
            _ = &mut ctrl_c => break,
        };
        let Some(event) = event else { break };
        match event {
            SubscriptionEvent::Frame(response) => {
                let received = now_unix_ns();
                let Some(frame) = response.frame else {
                    continue;
                };
                total += 1;
                window.frames += 1;
                window.skipped += response.skipped;
                skipped_total = response.skipped_total;
                window
                    .latencies_ms
                    .push((received - frame.publish_time_unix_ns) as f64 * 1e-6);
                if args.out.is_some() {
                    let chosen = recorded.get_or_insert_with(|| {
                        frame
                            .avatars
                            .first()
                            .map(|a| a.avatar_id.clone())
                            .unwrap_or_default()
                    });
                    if let Some(a) = frame.avatars.iter().find(|a| &a.avatar_id == chosen) {
                        if let Some(f) = joint_frame(frame.simulation_time_s, a) {
                            track.frames.push(f);
                        }
                    }
                }
                if window_start.elapsed() >= Duration::from_secs(1) {
                    let line = window.report(window_start.elapsed(), total, skipped_total);
                    crate::print_stdout(&line)?;
                    window_start = Instant::now();
                }
                if args.frames.is_some_and(|n| total >= n) {
                    break;
                }
            }
            SubscriptionEvent::Disconnected {
                error,
                attempt,
                retry_in,
            } => tracing::warn!(
                attempt,
                retry_in_ms = retry_in.as_millis() as u64,
                "disconnected: {}",
                error.message()
            ),
            SubscriptionEvent::Reconnected => tracing::info!("reconnected"),
            SubscriptionEvent::Failed(status) => {
                anyhow::bail!("the daemon refused the subscription: {}", status.message())
            }
        }
    }
    if window.frames > 0 {
        let line = window.report(window_start.elapsed(), total, skipped_total);
        crate::print_stdout(&line)?;
    }
    if let Some(out) = &args.out {
        crate::create_parent(out)?;
        let count = track.frames.len();
        track.write(out).context("cannot write the joint track")?;
        tracing::info!(
            joints = %out.display(),
            frames = count,
            avatar = recorded.as_deref().unwrap_or(""),
            "wrote the joint track"
        );
    }
    Ok(())
}
