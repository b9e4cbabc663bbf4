//! Development aid: how smoothly the legs move on the dev clips (the no-prop
//! clips, clean). For each clip the devices are synthesized as the
//! evaluation does and solved (`ik`, or `--solver physics`); over
//! all clips it prints the 99th, 99.9th and 99.99th percentiles and the
//! largest change of a knee's or ankle's move from one 90 Hz tick to the
//! next (a knee snapping straight shows as a large one), and the lower
//! foot's height above its standing height (median, 90th, 99th
//! percentile: a foot drawn off the floor shows in the median). The legs'
//! soft reach is `[solver.ik]` `leg_soft_reach_m` in the settings file (0:
//! off).
//!
//! `cargo run --release -p posewire-tools --bin leg_smoothness -- ../shared/data/mocap 3`
//! `--settings FILE` (a `[solver]` table, as `posewire solve --settings`)
//! sets the solver's settings.

use posewire_body::bvh::Bvh;
use posewire_body::Joint;
use posewire_evaluation::protocol::{bvh_clips, clip_name, is_prop_clip, setting_takes};
use posewire_evaluation::synth::Condition;
use posewire_solver::solve_take;
use posewire_tools::choices::SolverArg;

/// The `p`-quantile of sorted values.
fn quantile(sorted: &[f64], p: f64) -> f64 {
    let i = ((sorted.len().max(1) - 1) as f64 * p) as usize;
    sorted.get(i).copied().unwrap_or(f64::NAN)
}

/// How smoothly the legs move on the no-prop clips (clean).
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// A folder of BVH clips.
    dir: std::path::PathBuf,
    /// Devices: 3, 4 or 6.
    #[arg(default_value_t = 3)]
    devices: usize,
    /// The solver.
    #[arg(long, value_enum, default_value_t = SolverArg::Ik)]
    solver: SolverArg,
    #[command(flatten)]
    settings: posewire_tools::solver_file::SolverFile,
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let dir = &args.dir;
    let devices = posewire_tools::choices::devices(args.devices)?;
    // The clips with props are left out, as the evaluation's no-prop means
    // do.
    let mut clips = bvh_clips(dir)?;
    clips.retain(|p| !is_prop_clip(&clip_name(p)));
    let mut options = args.settings.options()?;
    options.solver = args.solver.into();
    let (mut changes, mut heights) = (Vec::new(), Vec::new());
    for clip in clips {
        let name = clip_name(&clip);
        let (takes, profile) =
            setting_takes(&Bvh::read(&clip)?, &name, devices, Condition::Clean, 1)?;
        let frames = solve_take(&profile, &takes.trackers, &options)?;
        for f in &frames {
            let lower = f.joints[Joint::LeftAnkle]
                .position
                .y
                .min(f.joints[Joint::RightAnkle].position.y);
            heights.push((lower - profile.body.ankle_height) * 100.0);
        }
        let mut largest: f64 = 0.0;
        for w in frames.windows(3) {
            for j in [
                Joint::LeftKnee,
                Joint::RightKnee,
                Joint::LeftAnkle,
                Joint::RightAnkle,
            ] {
                let [a, b, c] = [0, 1, 2].map(|i| w[i].joints[j].position);
                let change = ((c - b) - (b - a)).length() * 100.0;
                changes.push(change);
                largest = largest.max(change);
            }
        }
        println!("{name:50} largest {largest:.2} cm");
    }
    changes.sort_by(f64::total_cmp);
    heights.sort_by(f64::total_cmp);
    println!(
        "knees and ankles, change of the move between ticks (cm): p99 {:.2} p99.9 {:.2} p99.99 {:.2} largest {:.2}",
        quantile(&changes, 0.99),
        quantile(&changes, 0.999),
        quantile(&changes, 0.9999),
        changes.last().copied().unwrap_or(f64::NAN)
    );
    println!(
        "lower foot above its standing height (cm): median {:.2} p90 {:.2} p99 {:.2}",
        quantile(&heights, 0.5),
        quantile(&heights, 0.9),
        quantile(&heights, 0.99)
    );
    Ok(())
}
