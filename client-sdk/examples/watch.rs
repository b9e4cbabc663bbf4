//! Watches a daemon's frames with a subscription that reconnects with
//! backoff: prints once a second how many frames came, how many were
//! skipped, the latency from publish to arrival, and every disconnection.
//!
//!   cargo run -p posewire-client --example watch [-- ADDR [SECONDS]]
//!
//! Start `posewire serve` first (or after: the example waits for it).
//! A token, if the daemon wants one, comes from POSEWIRE_TOKEN.

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use posewire_client::{Backoff, Client, ConnectOptions, SubscriptionEvent, DEFAULT_SERVER};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let address = args.next().unwrap_or_else(|| DEFAULT_SERVER.to_string());
    let seconds: f64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let options = ConnectOptions {
        token: std::env::var(posewire_client::TOKEN_ENV).ok(),
        ..ConnectOptions::default()
    };
    // Lazy: the first call connects, so the daemon may start later.
    let client = Client::connect_lazy_with(&address, &options)?;
    let mut frames = client.subscribe(Default::default(), Backoff::default());
    let end = Instant::now() + Duration::from_secs_f64(seconds);
    let mut window = Instant::now();
    let (mut count, mut skipped, mut worst_ms) = (0u64, 0u64, 0f64);
    while let Ok(Some(event)) = tokio::time::timeout_at(end.into(), frames.next()).await {
        match event {
            SubscriptionEvent::Frame(response) => {
                let frame = response.frame.unwrap_or_default();
                let now_ns = SystemTime::now()
                    .duration_since(UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos() as i64);
                worst_ms = worst_ms.max((now_ns - frame.publish_time_unix_ns) as f64 * 1e-6);
                count += 1;
                skipped += response.skipped;
            }
            SubscriptionEvent::Disconnected {
                error, retry_in, ..
            } => println!(
                "disconnected ({}); retrying in {retry_in:?}",
                error.message()
            ),
            SubscriptionEvent::Reconnected => println!("reconnected"),
            SubscriptionEvent::Failed(status) => anyhow::bail!("gave up: {status}"),
        }
        if window.elapsed() >= Duration::from_secs(1) {
            println!("{count} frames/s, {skipped} skipped, worst latency {worst_ms:.2} ms");
            (count, skipped, worst_ms) = (0, 0, 0.0);
            window = Instant::now();
        }
    }
    Ok(())
}
