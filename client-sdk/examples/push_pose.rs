//! Pushes a person standing still (head and hands) to a daemon avatar whose
//! source is `push`, at 90 Hz for a few seconds, then prints what the
//! daemon made of it: samples accepted and rejected, and its estimate of
//! this process's clock against its own (offset, drift).
//!
//!   cargo run -p posewire-client --example push_pose [-- ADDR AVATAR [SECONDS]]
//!
//! for a daemon configured with `source = { kind = "push" }` on AVATAR.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use posewire_client::{pb, Client, ConnectOptions, DEFAULT_SERVER};

fn sample(device: pb::Device, [x, y, z]: [f64; 3], capture_time_ns: i64) -> pb::DeviceSample {
    pb::DeviceSample {
        device: device as i32,
        capture_time_ns,
        pose: Some(pb::Pose {
            position: Some(pb::Vec3 { x, y, z }),
            rotation: Some(pb::Quat {
                x: 0.0,
                y: 0.0,
                z: 0.0,
                w: 1.0,
            }),
        }),
        input: None,
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let address = args.next().unwrap_or_else(|| DEFAULT_SERVER.to_string());
    let avatar = args.next().unwrap_or_else(|| "pushed".to_string());
    let seconds: f64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(3.0);
    let options = ConnectOptions {
        token: std::env::var(posewire_client::TOKEN_ENV).ok(),
        ..ConnectOptions::default()
    };
    let client = Client::connect_with(&address, &options).await?;
    let (tx, rx) = tokio::sync::mpsc::channel(16);
    let sender = tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs_f64(1.0 / 90.0));
        for _ in 0..(seconds * 90.0) as usize {
            tick.tick().await;
            // Capture times in this machine's clock (any epoch will do).
            let now = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as i64);
            let samples = vec![
                sample(pb::Device::Head, [0.0, 1.65, 0.0], now),
                sample(pb::Device::LeftHand, [0.25, 0.85, 0.05], now),
                sample(pb::Device::RightHand, [-0.25, 0.85, 0.05], now),
            ];
            let batch = pb::PushDevicesRequest {
                avatar_id: avatar.clone(),
                samples,
            };
            if tx.send(batch).await.is_err() {
                break;
            }
        }
    });
    let answer = client
        .push_devices(tokio_stream::wrappers::ReceiverStream::new(rx))
        .await?;
    sender.await?;
    println!(
        "accepted {} rejected {}; clock offset {:+.6} s, drift {:+.1} ppm, jitter {:.3} ms",
        answer.accepted,
        answer.rejected,
        answer.clock_offset_s,
        answer.clock_drift_ppm,
        answer.clock_offset_jitter_s * 1e3
    );
    for r in &answer.rejections {
        println!(
            "  rejected {:?}: {}",
            pb::RejectReason::try_from(r.reason),
            r.count
        );
    }
    Ok(())
}
