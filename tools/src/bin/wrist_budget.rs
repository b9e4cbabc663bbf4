//! Development aid: the wrist error's budget, stage by stage, as eval's
//! hand figure averages it (per-clip means of both wrists over the output
//! frames after settling, then the mean over clips). Over the no-prop clips
//! of a folder, one device set and condition, each output frame's wrist:
//!
//! - `direct`: the latest controller sample through the calibrated offset;
//! - `target`: the `ik` solver's bone target for the hand (the device
//!   filter and the prediction to the frame time);
//! - `ik`: the `ik` output wrist (the arm chain: reach, shoulder);
//! - `physics` (with `--physics`): the physics output wrist.
//!
//! Each stage's share is split by the frame's kind (the target out of the
//! chain's reach from the solved shoulder or not; the true wrist's speed),
//! so the shares add up to the difference between the stages' figures.
//! With `--per-clip` each clip's figures are printed too.
//!
//! `cargo run --release -p posewire-tools --bin wrist_budget -- ../shared/data/mocap 6 --physics`

use std::path::Path;

use posewire_body::bvh::Bvh;
use posewire_body::glam::DVec3;
use posewire_body::ik::MAX_EXTENSION;
use posewire_body::Skeleton;
use posewire_evaluation::protocol::{
    bvh_clips, clip_name, is_prop_clip, setting_takes, SETTLING_S,
};
use posewire_solver::ik::IkSolver;
use posewire_solver::{solve_take, take_ticks, SolverKind};
use posewire_tools::choices::ConditionArg;
use posewire_tools::hands::HANDS;
use posewire_tools::truth::truth_at;

/// The wrist error's budget, stage by stage.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    #[command(flatten)]
    clips: posewire_tools::choices::ClipsAndDevices,
    /// The condition.
    #[arg(long, value_enum, default_value_t = ConditionArg::Clean)]
    condition: ConditionArg,
    /// Run the physics solver too (slower).
    #[arg(long)]
    physics: bool,
    /// Print each clip's figures.
    #[arg(long)]
    per_clip: bool,
    #[command(flatten)]
    settings: posewire_tools::solver_file::SolverFile,
}

/// The stages, in order.
const STAGES: [&str; 4] = ["direct", "target", "ik", "physics"];

/// One clip's sums (cm): per stage the error; per step between stages the
/// error change split by frame kind (0 in reach, 1 out of reach) and by
/// speed bin.
#[derive(Debug, Default, Clone)]
struct Clip {
    n: f64,
    err: [f64; 4],
    by_reach: [[f64; 2]; 3],
    by_speed: [[f64; 3]; 3],
    out_of_reach: f64,
    speed_frames: [f64; 3],
    /// The `target` stage's distance from `direct` (filter, prediction).
    target_gap: f64,
    /// The hand filters' measured noise (mm, degrees).
    noise: [f64; 2],
}

impl Clip {
    fn mean(&self, v: f64) -> f64 {
        if self.n > 0.0 {
            v / self.n
        } else {
            f64::NAN
        }
    }
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let devices = args.clips.device_set()?;
    let settings = args.settings.load()?;
    let mut clips = bvh_clips(&args.clips.dir)?;
    clips.retain(|p| !is_prop_clip(&clip_name(p)));
    let mut all = Vec::new();
    for clip in &clips {
        let c = clip_budget(clip, devices, args.condition, &settings, args.physics)?;
        if args.per_clip {
            println!(
                "{:<14} {}  out of reach {:.3}, noise {:.3} mm {:.3} deg",
                clip_name(clip),
                stage_figures(&c, args.physics),
                c.mean(c.out_of_reach),
                c.mean(c.noise[0]),
                c.mean(c.noise[1])
            );
        }
        all.push(c);
    }
    print(&all, args.physics);
    Ok(())
}

fn stage_figures(c: &Clip, physics: bool) -> String {
    let stages = if physics { 4 } else { 3 };
    (0..stages)
        .map(|k| format!("{} {:.3}", STAGES[k], c.mean(c.err[k])))
        .collect::<Vec<_>>()
        .join(", ")
}

/// One clip's figures.
fn clip_budget(
    clip: &Path,
    devices: posewire_body::DeviceSet,
    condition: ConditionArg,
    settings: &posewire_solver::SolverSettings,
    physics: bool,
) -> anyhow::Result<Clip> {
    let bvh = Bvh::read(clip)?;
    let name = clip_name(clip);
    let (takes, _) = setting_takes(&bvh, &name, devices, condition.into(), 1)?;
    let profile = posewire_calibration::calibrate(&takes.calibration)?.profile;
    let truth = &takes.truth.frames;
    let samples = &takes.trackers.samples;
    let start = samples.first().map_or(0.0, |x| x.time_s) + SETTLING_S;
    let options = posewire_solver::SolveOptions::from_settings(&posewire_solver::SolverSettings {
        kind: SolverKind::Physics,
        ..*settings
    });
    let physics_frames = if physics {
        Some(solve_take(&profile, &takes.trackers, &options)?)
    } else {
        None
    };
    let skeleton = Skeleton::from_profile(&profile);
    let mut solver = IkSolver::new(&profile, settings.ik);
    let mut c = Clip::default();
    let mut physics_index = 0;
    let mut last_raw: [Option<DVec3>; 2] = [None, None];
    for (t, due) in take_ticks(samples, options.rate_hz) {
        for s in due {
            solver.push(s);
            for (i, &(device, ..)) in HANDS.iter().enumerate() {
                if s.device == device {
                    last_raw[i] = s.pose.and_then(|p| {
                        let mount = profile.tracker(device)?;
                        let bone = p.rotation * mount.mount().inverse();
                        Some(p.position - bone * mount.offset())
                    });
                }
            }
        }
        if !solver.ready() {
            continue;
        }
        let pose = solver.step(t);
        if t < start {
            continue;
        }
        let phys = physics_frames.as_ref().and_then(|frames| {
            while physics_index < frames.len() && frames[physics_index].time_s < t - 1e-9 {
                physics_index += 1;
            }
            frames
                .get(physics_index)
                .filter(|f| (f.time_s - t).abs() < 1e-6)
        });
        let (Some(gt), Some(a), Some(b)) = (
            truth_at(truth, t),
            truth_at(truth, t - 0.01),
            truth_at(truth, t + 0.01),
        ) else {
            continue;
        };
        let positions = pose.positions(&skeleton);
        for (i, &(device, shoulder, elbow, wrist)) in HANDS.iter().enumerate() {
            let (Some(direct), Some(target)) = (
                last_raw[i],
                solver
                    .devices()
                    .bone_target(device, t)
                    .map(|b| b.bone.position),
            ) else {
                continue;
            };
            let out = positions[wrist];
            let phys_wrist = match (physics, phys) {
                (false, _) => None,
                (true, Some(f)) => Some(f.joints[wrist].position),
                (true, None) => continue,
            };
            let err = |p: DVec3| 100.0 * (p - gt[wrist]).length();
            let e = [
                err(direct),
                err(target),
                err(out),
                phys_wrist.map_or(0.0, err),
            ];
            let reach = MAX_EXTENSION
                * ((positions[elbow] - positions[shoulder]).length()
                    + (out - positions[elbow]).length());
            let far = usize::from((target - positions[shoulder]).length() > reach);
            let speed = (b[wrist] - a[wrist]).length() / 0.02;
            let bin = posewire_tools::hands::speed_bin(speed);
            c.n += 1.0;
            c.out_of_reach += far as f64;
            c.speed_frames[bin] += 1.0;
            c.target_gap += 100.0 * (target - direct).length();
            let (np, nr) = solver.devices().noise(device);
            c.noise[0] += 1000.0 * np;
            c.noise[1] += nr.to_degrees();
            for (sum, v) in c.err.iter_mut().zip(e) {
                *sum += v;
            }
            for step in 0..3 {
                let d = e[step + 1] - e[step];
                c.by_reach[step][far] += d;
                c.by_speed[step][bin] += d;
            }
        }
    }
    eprintln!("{name}");
    Ok(c)
}

fn print(all: &[Clip], physics: bool) {
    let n = all.len() as f64;
    let mean = |f: &dyn Fn(&Clip) -> f64| all.iter().map(f).sum::<f64>() / n;
    println!("{} clips (per-clip means, then their mean; cm)", all.len());
    let stages = if physics { 4 } else { 3 };
    for (k, stage) in STAGES.iter().enumerate().take(stages) {
        println!("  {stage:<8} {:.3}", mean(&|c| c.mean(c.err[k])));
    }
    println!(
        "  target from direct {:.3} cm; frames out of reach {:.3}, by true speed <0.3 / 0.3-1 / >1 m/s {:.3} / {:.3} / {:.3}",
        mean(&|c| c.mean(c.target_gap)),
        mean(&|c| c.mean(c.out_of_reach)),
        mean(&|c| c.mean(c.speed_frames[0])),
        mean(&|c| c.mean(c.speed_frames[1])),
        mean(&|c| c.mean(c.speed_frames[2])),
    );
    println!("step               in reach  out of reach | slow   medium  fast");
    for step in 0..stages - 1 {
        println!(
            "  {:<8} -> {:<8} {:+.4} {:+.4}      | {:+.4} {:+.4} {:+.4}",
            STAGES[step],
            STAGES[step + 1],
            mean(&|c| c.mean(c.by_reach[step][0])),
            mean(&|c| c.mean(c.by_reach[step][1])),
            mean(&|c| c.mean(c.by_speed[step][0])),
            mean(&|c| c.mean(c.by_speed[step][1])),
            mean(&|c| c.mean(c.by_speed[step][2])),
        );
    }
}
