//! Development aid: how fast tracked devices move on real motion, to choose
//! the plausibility gate's speed limit (`posewire_solver::gate`) from data.
//! Per folder of BVH clips: the six devices' poses synthesized as the
//! evaluation does (seed 1, clean and noisy), and per device the highest
//! speed between two consecutive samples (position difference over their
//! time difference, across dropouts too), with the clip it comes from; then
//! how many samples the default gate would reject (it must be none).
//!
//! `cargo run --release -p posewire-tools --bin device_speeds -- ../shared/data/mocap-train ../shared/data/mocap`

use posewire_body::bvh::Bvh;
use posewire_body::formats::TrackerTake;
use posewire_body::{BodyProfile, Device, DeviceSet};
use posewire_evaluation::protocol::{bvh_clips, clip_name};
use posewire_evaluation::synth::{synthesize, Condition, SynthOptions};
use posewire_solver::filter::PoseFilterSettings;
use posewire_solver::gate::{GateSettings, Verdict};
use posewire_solver::tracking::DeviceTracker;

/// Every move of each device in one take: (m/s, time of the sample).
fn speeds(take: &TrackerTake) -> [Vec<(f64, f64)>; Device::COUNT] {
    let mut last = [None; Device::COUNT];
    let mut out: [Vec<(f64, f64)>; Device::COUNT] = Default::default();
    for s in &take.samples {
        let Some(pose) = s.pose else { continue };
        let i = s.device.index();
        if let Some((p, t)) = last[i] {
            let dt: f64 = s.time_s - t;
            if dt > 0.0 {
                out[i].push((pose.position.distance(p) / dt, s.time_s));
            }
        }
        last[i] = Some((pose.position, s.time_s));
    }
    out
}

/// Samples of a take the default gate rejects: (device, time, reason).
fn rejected(take: &TrackerTake) -> Vec<String> {
    let mut tracker = DeviceTracker::new(
        &BodyProfile::from_stature(1.75),
        &PoseFilterSettings::default(),
        &GateSettings::default(),
    );
    take.samples
        .iter()
        .filter_map(|s| match tracker.push(s) {
            Verdict::Rejected(r) => {
                Some(format!("{} at {:.2} s ({r:?})", s.device.name(), s.time_s))
            }
            _ => None,
        })
        .collect()
}

/// How many of the fastest moves are listed per device.
const TOP: usize = 8;

/// How fast tracked devices move on real motion (for the gate's limit).
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// Folders of BVH clips.
    #[arg(required = true)]
    folders: Vec<String>,
}

fn main() -> anyhow::Result<()> {
    let folders = <Args as clap::Parser>::parse().folders;
    let devices = DeviceSet::standard(6).ok_or_else(|| anyhow::anyhow!("six devices"))?;
    println!("folder | condition | device | speeds between consecutive samples, m/s");
    for folder in &folders {
        let clips = bvh_clips(std::path::Path::new(folder))?;
        for condition in Condition::ALL {
            let mut all: Vec<Vec<(f64, String, f64)>> = vec![Vec::new(); Device::COUNT];
            let mut rejections = Vec::new();
            let mut samples = 0;
            for path in &clips {
                let name = clip_name(path);
                let bvh = Bvh::read(path)?;
                let takes = synthesize(
                    &bvh,
                    &name,
                    &SynthOptions {
                        devices,
                        condition,
                        seed: 1,
                    },
                )?;
                samples += takes.trackers.samples.len();
                rejections.extend(
                    rejected(&takes.trackers)
                        .into_iter()
                        .map(|r| format!("{name}: {r}")),
                );
                for (i, moves) in speeds(&takes.trackers).into_iter().enumerate() {
                    all[i].extend(moves.into_iter().map(|(v, t)| (v, name.clone(), t)));
                }
            }
            for d in Device::ALL {
                let moves = &mut all[d.index()];
                moves.sort_by(|a, b| b.0.total_cmp(&a.0));
                let at = |q: f64| moves[((moves.len() - 1) as f64 * q) as usize].0;
                let top: Vec<String> = moves
                    .iter()
                    .take(TOP)
                    .map(|(v, clip, t)| format!("{v:.1} {clip}@{t:.2}"))
                    .collect();
                println!(
                    "{folder} | {} | {} | max {:.2} | 99.99 % below {:.2}, 99.9 % below {:.2} | fastest: {}",
                    condition.name(),
                    d.name(),
                    moves.first().map_or(0.0, |m| m.0),
                    at(0.0001),
                    at(0.001),
                    top.join(", ")
                );
            }
            println!(
                "{folder} | {} | {} clips, {samples} samples: {} rejected by the default gate{}{}",
                condition.name(),
                clips.len(),
                rejections.len(),
                if rejections.is_empty() { "" } else { ": " },
                rejections.join("; ")
            );
        }
    }
    Ok(())
}
