//! Development aid: the foot offsets' online refinement
//! (`posewire_solver::offset_refine`) run on its own over the tracker
//! takes, against the true offsets. Per condition (clean, noisy), over the
//! no-prop clips: the mean error of the offset in use (length, and |y|,
//! |z| in the bone frame) at 0 (calibrated), 10, 30, 60 s and the end of
//! each clip, and the largest change of the offset in use between two
//! samples, and the cost of a sample through the device tracker with the
//! refinement and without (wall clock, this machine). `--stride k`: every
//! k-th clip.
//!
//! `cargo run --release -p posewire-tools --bin offset_refine -- ../shared/data/mocap-train`
//! `--settings FILE` (a `[solver]` table) sets `[solver.ik.offsets]`;
//! `--hands` reads the hand controllers instead of the feet (with
//! `hands = true` in that table).

use std::path::PathBuf;

use posewire_body::bvh::Bvh;
use posewire_body::glam::DVec3;
use posewire_body::Device;
use posewire_evaluation::protocol::{bvh_clips, clip_name, is_prop_clip, setting_takes};
use posewire_evaluation::synth::Condition;
use posewire_solver::tracking::DeviceTracker;

/// The times at which the offset in use is read, seconds (f64::INFINITY:
/// the end of the clip).
const TIMES: [f64; 5] = [0.0, 10.0, 30.0, 60.0, f64::INFINITY];
const FEET: [Device; 2] = [Device::LeftFoot, Device::RightFoot];
const HANDS: [Device; 2] = [Device::LeftHand, Device::RightHand];

/// The foot offsets' online refinement against the true offsets.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// A folder of BVH clips.
    #[arg(default_value = "../shared/data/mocap-train")]
    dir: PathBuf,
    /// Every k-th no-prop clip only.
    #[arg(long, default_value_t = 1)]
    stride: usize,
    /// The hand controllers instead of the foot devices.
    #[arg(long)]
    hands: bool,
    /// The headset instead of the foot devices (with `head = true` in the
    /// settings' `[solver.ik.offsets]`).
    #[arg(long, conflicts_with = "hands")]
    head: bool,
    #[command(flatten)]
    solver: posewire_tools::solver_file::SolverFile,
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let settings = args.solver.load()?;
    let (dir, stride) = (args.dir, args.stride);
    let pair: &[Device] = if args.hands {
        &HANDS
    } else if args.head {
        &[Device::Head]
    } else {
        &FEET
    };
    let devices = posewire_tools::choices::devices(6)?;
    let mut clips = bvh_clips(&dir)?;
    clips.retain(|p| !is_prop_clip(&clip_name(p)));
    for condition in [Condition::Clean, Condition::Noisy] {
        // Per time: sum of error lengths, |y|, |z| and the count.
        let mut sums = [[0.0f64; 4]; TIMES.len()];
        let mut largest_step = 0.0f64;
        let mut evidence = 0.0;
        let mut windows: Vec<DVec3> = Vec::new();
        let mut raw: Vec<(DVec3, f64)> = Vec::new();
        // Seconds and samples through the tracker, with and without.
        let mut cost = ((0.0f64, 0usize), (0.0f64, 0usize));
        for clip in clips.iter().step_by(stride.max(1)) {
            let bvh = Bvh::read(clip)?;
            let name = clip_name(clip);
            let (takes, profile) = setting_takes(&bvh, &name, devices, condition, 1)?;
            let ik = settings.ik;
            let mut tracker =
                DeviceTracker::with_refinement(&profile, &ik.filter, &ik.gate, &ik.offsets);
            let start = takes.trackers.samples.first().map_or(0.0, |s| s.time_s);
            let mut next = 0;
            let mut last = pair.iter().map(|&d| tracker.offset(d)).collect::<Vec<_>>();
            let read = |tracker: &DeviceTracker, at: usize, sums: &mut [[f64; 4]; 5]| {
                for &d in pair {
                    let (Some(o), Some(t)) = (tracker.offset(d), takes.truth.device(d)) else {
                        continue;
                    };
                    let e: DVec3 = o - t.offset;
                    sums[at][0] += e.length();
                    sums[at][1] += e.y.abs();
                    sums[at][2] += e.z.abs();
                    sums[at][3] += 1.0;
                }
            };
            let mut seen = [0usize; 2];
            for sample in &takes.trackers.samples {
                while next < TIMES.len() && sample.time_s - start >= TIMES[next] {
                    read(&tracker, next, &mut sums);
                    next += 1;
                }
                tracker.push(sample);
                let now = pair.iter().map(|&d| tracker.offset(d)).collect::<Vec<_>>();
                for (a, b) in now.iter().zip(&last) {
                    if let (Some(a), Some(b)) = (a, b) {
                        largest_step = largest_step.max((*a - *b).length());
                    }
                }
                last = now;
                for (i, d) in pair.iter().enumerate() {
                    let (Some(r), Some(t)) = (tracker.refiner(*d), takes.truth.device(*d)) else {
                        continue;
                    };
                    if let (n, Some((o, _))) = r.windows() {
                        if n > seen[i] {
                            seen[i] = n;
                            windows.push(o - t.offset);
                        }
                    }
                }
            }
            // Times past the clip's end read the end (the clip is shorter).
            while next < TIMES.len() {
                read(&tracker, next, &mut sums);
                next += 1;
            }
            let mut off = ik.offsets;
            for (enabled, slot) in [(true, &mut cost.0), (false, &mut cost.1)] {
                off.enabled = enabled;
                let mut timed =
                    DeviceTracker::with_refinement(&profile, &ik.filter, &ik.gate, &off);
                let clock = std::time::Instant::now();
                for sample in &takes.trackers.samples {
                    std::hint::black_box(timed.push(sample));
                }
                slot.0 += clock.elapsed().as_secs_f64();
                slot.1 += takes.trackers.samples.len();
            }
            for &d in pair {
                let (Some(r), Some(t)) = (tracker.refiner(d), takes.truth.device(d)) else {
                    continue;
                };
                if let Some(e) = r.raw_estimate() {
                    raw.push((e - t.offset, r.evidence_rad()));
                }
            }
            evidence += pair
                .iter()
                .filter_map(|d| tracker.refiner(*d).map(|r| r.evidence_rad()))
                .sum::<f64>();
        }
        println!("{}:", condition.name());
        let (with, without) = cost;
        println!(
            "  device tracker push: {:.0} ns per sample with the refinement, {:.0} ns without",
            with.0 * 1e9 / with.1.max(1) as f64,
            without.0 * 1e9 / without.1.max(1) as f64
        );
        for (t, s) in TIMES.iter().zip(&sums) {
            let n = s[3].max(1.0);
            println!(
                "  at {:>4} s  error {:.2} cm (|y| {:.2} |z| {:.2}) over {} feet",
                if t.is_finite() {
                    format!("{t:.0}")
                } else {
                    "end".into()
                },
                100.0 * s[0] / n,
                100.0 * s[1] / n,
                100.0 * s[2] / n,
                s[3]
            );
        }
        let n = windows.len().max(1) as f64;
        let mean = windows.iter().copied().sum::<DVec3>() / n;
        let sd = (windows
            .iter()
            .map(|w| (*w - mean) * (*w - mean))
            .sum::<DVec3>()
            / n)
            .powf(0.5);
        println!(
            "  {} windows: estimate - truth mean ({:.2}, {:.2}, {:.2}) sd ({:.2}, {:.2}, {:.2}) cm",
            windows.len(),
            100.0 * mean.x,
            100.0 * mean.y,
            100.0 * mean.z,
            100.0 * sd.x,
            100.0 * sd.y,
            100.0 * sd.z
        );
        for min_evidence in [0.0, 2.0, 5.0, 10.0] {
            let r: Vec<DVec3> = raw
                .iter()
                .filter(|x| x.1 >= min_evidence)
                .map(|x| x.0)
                .collect();
            let n = r.len().max(1) as f64;
            let mean = r.iter().copied().sum::<DVec3>() / n;
            let sd = (r.iter().map(|w| (*w - mean) * (*w - mean)).sum::<DVec3>() / n).powf(0.5);
            println!(
                "  per foot (evidence >= {min_evidence} rad, {} feet): raw estimate - truth mean ({:.2}, {:.2}, {:.2}) sd ({:.2}, {:.2}, {:.2}) cm",
                r.len(),
                100.0 * mean.x,
                100.0 * mean.y,
                100.0 * mean.z,
                100.0 * sd.x,
                100.0 * sd.y,
                100.0 * sd.z
            );
        }
        println!(
            "  largest change between samples {:.3} mm; evidence {:.1} rad per foot",
            1000.0 * largest_step,
            evidence / sums[4][3].max(1.0)
        );
    }
    Ok(())
}
