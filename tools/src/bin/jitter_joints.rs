//! Development aid: where the jitter is. For each clip given, per evaluation
//! joint, the mean magnitude of the third finite difference of positions
//! (m/s^3, as the evaluation's jitter) of the solver's output and of the
//! ground truth at the same times, plus the share of the output's jitter that
//! its worst 2 % of frames carry (spikes) against broadband noise.
//!
//! With several clips, a last block gives per joint the mean over clips of
//! the output's and the ground truth's jitter and their ratio (as the
//! evaluation's ratio of means). `--decimate N` keeps every Nth frame of
//! each clip first (4: a 120 fps clip as a 30 fps capture, as `posewire
//! eval --decimate`).
//!
//! `cargo run --release -p posewire-tools --bin jitter_joints -- [--settings FILE] [--decimate N] DEVICES clean|noisy ik|physics CLIP.bvh... [--trace JOINT]`

use posewire_body::bvh::Bvh;
use posewire_body::formats::JointFrame;
use posewire_body::glam::DVec3;
use posewire_body::{Joint, JointMap};
use posewire_evaluation::protocol::setting_takes;
use posewire_evaluation::synth::Condition;
use posewire_solver::{solve_take, SolverKind};
use posewire_tools::choices::{ConditionArg, SolverArg};
use posewire_tools::truth::truth_at;

/// Where the jitter is: per joint, the output's against the ground truth's.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// Devices: 3, 4 or 6.
    devices: usize,
    /// Device condition.
    #[arg(value_enum)]
    condition: ConditionArg,
    /// The solver.
    #[arg(value_enum)]
    solver: SolverArg,
    /// BVH clips.
    #[arg(required = true)]
    clips: Vec<std::path::PathBuf>,
    /// Prints the largest jerks of this joint with their times.
    #[arg(long, value_name = "JOINT")]
    trace: Option<String>,
    /// Keeps every Nth frame of each clip (a capture at 1/N of its rate).
    #[arg(long, default_value_t = 1, value_name = "N")]
    decimate: usize,
    #[command(flatten)]
    settings: posewire_tools::solver_file::SolverFile,
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let count = args.devices;
    let condition: Condition = args.condition.into();
    let kind: SolverKind = args.solver.into();
    let devices = posewire_tools::choices::devices(count)?;
    let mut totals = vec![(0.0, 0.0); Joint::EVALUATED.len()];
    for path in &args.clips {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut bvh = Bvh::read(path)?;
        if args.decimate > 1 {
            bvh.frames = bvh.frames.into_iter().step_by(args.decimate).collect();
            bvh.frame_time *= args.decimate as f64;
        }
        let (takes, profile) = setting_takes(&bvh, &name, devices, condition, 1)?;
        let mut options = args.settings.options()?;
        options.solver = kind;
        let out = solve_take(&profile, &takes.trackers, &options)?;
        let start = takes.trackers.samples.first().map_or(0.0, |s| s.time_s) + 1.0;
        let frames: Vec<&JointFrame> = out.iter().filter(|f| f.time_s >= start).collect();
        let mut rec = Vec::new();
        let mut gt = Vec::new();
        for f in &frames {
            if let Some(g) = truth_at(&takes.truth.frames, f.time_s) {
                rec.push(f.positions());
                gt.push(g);
            }
        }
        let dt = 1.0 / 90.0;
        println!("{name} ({count} {condition:?} {kind:?})");
        let mut sum = (0.0, 0.0);
        for (k, j) in Joint::EVALUATED.into_iter().enumerate() {
            let r = jerks(&rec, j, dt);
            let g = jerks(&gt, j, dt);
            let (rm, gm) = (mean(&r), mean(&g));
            sum.0 += rm;
            sum.1 += gm;
            totals[k].0 += rm;
            totals[k].1 += gm;
            println!(
                "  {:<14} out {:7.0} gt {:7.0}  top2% share {:.2}",
                format!("{j:?}"),
                rm,
                gm,
                top_share(&r, 0.02)
            );
        }
        if let Some(t) = &args.trace {
            trace(&rec, &frames, t, dt);
        }
        let n = Joint::EVALUATED.len() as f64;
        println!(
            "  mean           out {:7.0} gt {:7.0}",
            sum.0 / n,
            sum.1 / n
        );
    }
    if args.clips.len() > 1 {
        let c = args.clips.len() as f64;
        println!("all {} clips: mean over clips, out / gt", args.clips.len());
        let (mut o, mut g) = (0.0, 0.0);
        for (j, (ro, go)) in Joint::EVALUATED.into_iter().zip(&totals) {
            o += ro;
            g += go;
            println!(
                "  {:<14} out {:7.0} gt {:7.0}  ratio {:.2}",
                format!("{j:?}"),
                ro / c,
                go / c,
                ro / go
            );
        }
        println!("  mean           ratio {:.2}", o / g);
    }
    Ok(())
}

/// Third-difference magnitudes of one joint, over / dt^3.
fn jerks(p: &[JointMap<DVec3>], j: Joint, dt: f64) -> Vec<f64> {
    p.windows(4)
        .map(|w| (w[3][j] - 3.0 * w[2][j] + 3.0 * w[1][j] - w[0][j]).length() / (dt * dt * dt))
        .collect()
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

/// The share of the sum carried by the largest `p` of values.
fn top_share(v: &[f64], p: f64) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(|a, b| b.total_cmp(a));
    let k = ((s.len() as f64 * p) as usize).max(1);
    s.iter().take(k).sum::<f64>() / s.iter().sum::<f64>().max(1e-12)
}

/// Prints the 12 largest jerks of the named joint: time, jerk, knee angle.
fn trace(rec: &[JointMap<DVec3>], frames: &[&JointFrame], name: &str, dt: f64) {
    let Some(j) = Joint::ALL.into_iter().find(|j| format!("{j:?}") == name) else {
        return;
    };
    let r = jerks(rec, j, dt);
    let mut idx: Vec<usize> = (0..r.len()).collect();
    idx.sort_by(|a, b| r[*b].total_cmp(&r[*a]));
    for &i in idx.iter().take(12) {
        let f = &rec[i + 2];
        let (hip, knee, ankle) = if name.starts_with("Left") {
            (Joint::LeftHip, Joint::LeftKnee, Joint::LeftAnkle)
        } else {
            (Joint::RightHip, Joint::RightKnee, Joint::RightAnkle)
        };
        let a = (f[hip] - f[knee])
            .angle_between(f[ankle] - f[knee])
            .to_degrees();
        let reach = (f[hip] - f[ankle]).length();
        println!(
            "    t {:7.3} jerk {:8.0} knee angle {:6.1} reach {:.3} ankle y {:.3}",
            frames.get(i + 2).map_or(0.0, |f| f.time_s),
            r[i],
            a,
            reach,
            f[ankle].y
        );
    }
}
