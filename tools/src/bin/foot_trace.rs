//! Development aid: one foot of the physics solver traced against the
//! ground truth and the `ik` reference it tracks, on one clip: per traced
//! tick the three ankle positions, their heights, the horizontal gaps,
//! whether the simulated foot touches the floor, whether it is planted, and
//! the force holding it. Devices are synthesized as the evaluation does.
//!
//! `cargo run --release -p posewire-tools --bin foot_trace -- ../shared/data/mocap/cmu_49_01_walk.bvh 6 left --from 2 --to 4 --condition noisy`
//!
//! The sliding-foot settings are `[solver.physics.body.effectors]`
//! `slide_*` in the settings file (`--settings FILE`).

use posewire_body::bvh::Bvh;
use posewire_body::glam::DVec3;
use posewire_body::{Device, Joint};
use posewire_calibration::CalibrationOptions;
use posewire_evaluation::protocol::setting_takes_with;
use posewire_evaluation::synth::Condition;
use posewire_evaluation::synth::SynthExtras;
use posewire_solver::physics::{PhysicsSolver, Scene, WorldSettings};
use posewire_tools::choices::ConditionArg;
use posewire_tools::physics_run::each_physics_frame;
use posewire_tools::truth::truth_at;

/// Which foot is traced.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum Foot {
    Left,
    Right,
}

/// One foot of the physics solver traced against the ground truth and its
/// reference.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// A BVH clip.
    clip: std::path::PathBuf,
    /// Devices: 3, 4 or 6.
    #[arg(default_value_t = 6)]
    devices: usize,
    /// The foot.
    #[arg(value_enum, default_value_t = Foot::Left)]
    foot: Foot,
    /// Trace from this time, s.
    #[arg(long, default_value_t = 0.0)]
    from: f64,
    /// Trace until this time, s.
    #[arg(long, default_value_t = 1e9)]
    to: f64,
    /// Device condition.
    #[arg(long, value_enum, default_value_t = ConditionArg::Clean)]
    condition: ConditionArg,
    /// Ticks between traced lines.
    #[arg(long, default_value_t = 3)]
    every: usize,
    /// Only lines where the simulated ankle is at least this far (cm,
    /// horizontally) from the ground truth.
    #[arg(long, default_value_t = 0.0)]
    gap_min: f64,
    /// Calibrate without `CalibrationOptions::feet_under_hips`.
    #[arg(long)]
    no_feet_under_hips: bool,
    /// Calibrate without `CalibrationOptions::pelvis_height_prior`.
    #[arg(long)]
    no_pelvis_height_prior: bool,
    /// Seed of the synthesis (as `posewire eval --seed`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also print the evaluation's contact band of this foot (ticks within
    /// 3 cm of each ankle's lowest height after the settling second) for
    /// the truth, the reference and the simulation, and their skate.
    #[arg(long)]
    band: bool,
    #[command(flatten)]
    settings: posewire_tools::solver_file::SolverFile,
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let physics = args.settings.physics()?;
    let clip = args.clip;
    let count = args.devices;
    let left = args.foot == Foot::Left;
    let (from, to, every, gap_min) = (args.from, args.to, args.every, args.gap_min);
    let condition: Condition = args.condition.into();
    let bvh = Bvh::read(&clip)?;
    let extras = SynthExtras {
        calibration: CalibrationOptions {
            feet_under_hips: !args.no_feet_under_hips,
            pelvis_height_prior: !args.no_pelvis_height_prior,
            ..CalibrationOptions::default()
        },
        ..SynthExtras::default()
    };
    let (takes, profile) = setting_takes_with(
        &bvh,
        &posewire_evaluation::protocol::clip_name(&clip),
        posewire_tools::choices::devices(count)?,
        condition,
        args.seed,
        &extras,
    )?;
    let settings = physics;
    let mut solver = PhysicsSolver::new(
        &profile,
        settings,
        &Scene::default(),
        WorldSettings::default(),
    );
    let skeleton = posewire_body::Skeleton::from_profile(&profile);
    let samples = &takes.trackers.samples;
    if samples.is_empty() {
        anyhow::bail!("empty take");
    }
    let ankle = if left {
        Joint::LeftAnkle
    } else {
        Joint::RightAnkle
    };
    let side = usize::from(!left);
    let flat = |d: DVec3| DVec3::new(d.x, 0.0, d.z).length() * 100.0;
    let mut prev_gt: Option<DVec3> = None;
    let (mut sum_sim, mut sum_ref, mut n) = (0.0, 0.0, 0.0_f64);
    let first = samples.first().map_or(0.0, |s| s.time_s);
    let mut ankles: Vec<(f64, [DVec3; 3])> = Vec::new();
    each_physics_frame(&mut solver, samples, |k, t, f, solver| {
        let Some(gt) = truth_at(&takes.truth.frames, t).map(|m| m[ankle]) else {
            return Ok(());
        };
        let speed = prev_gt.map_or(0.0, |p| flat(gt - p) * 90.0);
        prev_gt = Some(gt);
        let sim = f.pose.positions(&skeleton)[ankle];
        let reference = f.reference.positions(&skeleton)[ankle];
        if t >= first + posewire_evaluation::protocol::SETTLING_S {
            ankles.push((t, [gt, reference, sim]));
        }
        if t >= from && t <= to {
            sum_sim += (sim - gt).length() * 100.0;
            sum_ref += (reference - gt).length() * 100.0;
            n += 1.0;
        }
        if k % every != 0 || t < from || t > to || flat(sim - gt) < gap_min {
            return Ok(());
        }
        let id = solver.controller_mut().id();
        let planted = solver.controller_mut().planted_feet()[side].is_some();
        let device = if left {
            Device::LeftFoot
        } else {
            Device::RightFoot
        };
        let tracked = samples
            .iter()
            .any(|s| s.device == device && s.pose.is_some() && (s.time_s - t).abs() < 0.006);
        if std::env::var_os("FOOT_TRACE_DEV").is_some() {
            let dev = samples
                .iter()
                .filter(|s| s.device == device && (s.time_s - t).abs() < 0.006)
                .filter_map(|s| s.pose)
                .next_back();
            let i = takes
                .truth
                .frames
                .partition_point(|f| f.time_s <= t)
                .saturating_sub(1);
            let g = takes.truth.frames[i].joints[ankle].rotation;
            if let (Some(d), Some(m)) = (dev, profile.tracker(device)) {
                let br = d.rotation * m.mount().inverse();
                let bp = d.position - br * m.offset();
                println!(
                    "   raw ankle ({:6.3} {:5.3} {:6.3}) offset {:?}",
                    bp.x,
                    bp.y,
                    bp.z,
                    m.offset()
                );
            }
            if let Some(d) = dev {
                println!(
                    "   dev ({:6.3} {:5.3} {:6.3}) tilt {:4.0} | gt ankle tilt {:4.0} fwd {:?}",
                    d.position.x,
                    d.position.y,
                    d.position.z,
                    tilt_deg(d.rotation),
                    tilt_deg(g),
                    (g * DVec3::Z)
                );
            }
        }
        let world = solver.world_mut();
        let (touch, hold) = match id {
            Some(id) => {
                let s = world.stance(id);
                (
                    if left { s.left } else { s.right },
                    world.foot_hold_force(id, ankle),
                )
            }
            None => (false, 0.0),
        };
        println!(
            "t {t:5.2} gt ({:6.3} {:5.3} {:6.3}) v {speed:5.0} cm/s | ref-gt {:5.1} sim-gt {:5.1} sim-ref {:5.1} | h gt {:4.1} ref {:4.1} sim {:4.1} | tilt ref {:4.0} sim {:4.0} | touch {} plant {} hold {:6.0} N dev {}",
            gt.x,
            gt.y,
            gt.z,
            flat(reference - gt),
            flat(sim - gt),
            flat(sim - reference),
            gt.y * 100.0,
            reference.y * 100.0,
            sim.y * 100.0,
            tilt_deg(f.reference.rotations[ankle]),
            tilt_deg(f.pose.rotations[ankle]),
            u8::from(touch),
            u8::from(planted),
            hold,
            u8::from(tracked)
        );
        Ok(())
    })?;
    println!(
        "mean over [{from}, {to}] s: ref-gt {:.2} cm, sim-gt {:.2} cm",
        sum_ref / n.max(1.0),
        sum_sim / n.max(1.0)
    );
    if args.band {
        print_bands(&ankles);
    }
    Ok(())
}

/// The evaluation's contact band of the traced ankle for the truth, the
/// reference and the simulation: its lowest height, the ticks in it (time,
/// height, horizontal speed) and the mean speed over them (the skate).
fn print_bands(ankles: &[(f64, [DVec3; 3])]) {
    let band = posewire_evaluation::metrics::CONTACT_BAND_M;
    for (k, name) in ["gt", "ref", "sim"].into_iter().enumerate() {
        let lowest = ankles
            .iter()
            .map(|(_, a)| a[k].y)
            .fold(f64::INFINITY, f64::min);
        let (mut sum, mut count) = (0.0, 0usize);
        let mut ticks = Vec::new();
        for i in 1..ankles.len().saturating_sub(1) {
            let (t, a) = ankles[i];
            if a[k].y > lowest + band {
                continue;
            }
            let d = ankles[i + 1].1[k] - ankles[i - 1].1[k];
            let v = DVec3::new(d.x, 0.0, d.z).length() / (ankles[i + 1].0 - ankles[i - 1].0);
            sum += v;
            count += 1;
            ticks.push(format!("{t:.2}:{:.1}/{:.0}", a[k].y * 100.0, v * 100.0));
        }
        println!(
            "band {name}: lowest {:.1} cm, {count} ticks, skate {:.1} cm/s",
            lowest * 100.0,
            100.0 * sum / count.max(1) as f64
        );
        println!("  {}", ticks.join(" "));
    }
}

/// How far a rotation tips its up axis from the vertical, degrees.
fn tilt_deg(q: posewire_body::glam::DQuat) -> f64 {
    (q * DVec3::Y)
        .dot(DVec3::Y)
        .clamp(-1.0, 1.0)
        .acos()
        .to_degrees()
}
