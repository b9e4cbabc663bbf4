//! Connects to the active OpenXR runtime for a few seconds and prints what
//! the source reports and locates: a quick check of a set-up
//! (`cargo run -p posewire-openxr --example openxr_probe [SECONDS]`).

use std::time::{Duration, Instant};

fn main() {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3.0);
    let mut source = match posewire_openxr::OpenXrSource::start(Default::default()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("cannot start the OpenXR thread: {e}");
            std::process::exit(1);
        }
    };
    let start = Instant::now();
    let mut samples = Vec::new();
    let mut k = 0u64;
    while start.elapsed().as_secs_f64() < seconds {
        std::thread::sleep(Duration::from_secs_f64(1.0 / 90.0));
        k += 1;
        samples.clear();
        source.poll(k as f64 / 90.0, &mut samples);
        if k.is_multiple_of(90) {
            for s in &samples {
                println!(
                    "{:8.3} {:10} {:?}",
                    s.time_s,
                    s.device.name(),
                    s.pose.map(|p| p.position)
                );
            }
        }
    }
    println!("{:#?}", source.status());
}
