//! Development aid: mean position error per evaluation joint, over the clips
//! of a folder, for one device set and condition, with the project solver.
//!
//! `cargo run --release -p posewire-tools --bin joint_errors -- ../shared/data/mocap 3 clean --no-prop`
//!
//! Every solver setting tuned with it (the elbow pole, heading from the
//! hands, stepping, the filter, the physics body's springs, planted and
//! sliding feet, ...) is set in a settings file (`--settings FILE`, a
//! `[solver]` table as `posewire solve --settings` reads it).
//! `--all-joints` prints every joint; `--bias` prints mean signed errors
//! and chest-angle errors; `--no-prop` leaves out the prop clips, as the
//! issue's no-prop means.

use std::path::PathBuf;

use posewire_body::bvh::Bvh;
use posewire_body::glam::DVec3;
use posewire_body::Joint;
use posewire_evaluation::protocol::{bvh_clips, clip_name, is_prop_clip, setting_takes};
use posewire_evaluation::synth::Condition;
use posewire_solver::solve_take;
use posewire_tools::choices::{ConditionArg, SolverArg};
use posewire_tools::truth::truth_at;

/// Mean position error per evaluation joint over the clips of a folder.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// A folder of BVH clips.
    #[arg(default_value = "../shared/data/mocap")]
    dir: PathBuf,
    /// Devices: 3, 4 or 6.
    #[arg(default_value_t = 3)]
    devices: usize,
    /// Device condition.
    #[arg(value_enum, default_value_t = ConditionArg::Clean)]
    condition: ConditionArg,
    /// The solver.
    #[arg(long, value_enum, default_value_t = SolverArg::Ik)]
    solver: SolverArg,
    /// Leave out the clips with props.
    #[arg(long)]
    no_prop: bool,
    /// Print every joint's mean error.
    #[arg(long)]
    all_joints: bool,
    /// Print mean signed errors and chest-angle errors.
    #[arg(long)]
    bias: bool,
    #[command(flatten)]
    settings: posewire_tools::solver_file::SolverFile,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = <Args as clap::Parser>::parse();
    let dir = args.dir.clone();
    let count = args.devices;
    let condition: Condition = args.condition.into();
    let devices = posewire_tools::choices::devices(count)?;
    let mut clips = bvh_clips(&dir)?;
    if args.no_prop {
        clips.retain(|p| !is_prop_clip(&clip_name(p)));
    }
    let mut total = [0.0; Joint::COUNT];
    let mut n = 0usize;
    let mut all_metrics = Vec::new();
    let mut bias = [DVec3::ZERO; 6];
    let mut bias_n = 0.0;
    let mut rel_err = [0.0; 3];
    let mut chest_ang = [0.0; 3];
    let mut split = [0.0; 2];
    let mut split_local = DVec3::ZERO;
    for clip in &clips {
        let name = clip
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let bvh = Bvh::read(clip)?;
        let (takes, profile) = setting_takes(&bvh, &name, devices, condition, 1)?;
        let mut options = args.settings.options()?;
        options.solver = args.solver.into();
        let out = solve_take(&profile, &takes.trackers, &options)?;
        let start0 = takes.trackers.samples.first().map_or(0.0, |s| s.time_s) + 1.0;
        all_metrics.push(posewire_evaluation::evaluate(
            &out,
            &takes.truth.frames,
            start0,
        )?);
        let start = takes.trackers.samples.first().map_or(0.0, |s| s.time_s) + 1.0;
        let mut clip_err = [0.0; Joint::COUNT];
        let mut frames = 0usize;
        for f in out.iter().filter(|f| f.time_s >= start) {
            let Some(gt) = truth_at(&takes.truth.frames, f.time_s) else {
                continue;
            };
            for j in Joint::ALL {
                clip_err[j.index()] += (f.joints[j].position - gt[j]).length();
            }
            if let Some(gtf) = takes.truth.frames.iter().find(|g| g.time_s >= f.time_s) {
                let yaw = posewire_body::transform::yaw_rotation(posewire_body::transform::yaw_of(
                    gtf.joints[Joint::Pelvis].rotation,
                ));
                for (k, j) in [
                    Joint::LeftShoulder,
                    Joint::Neck,
                    Joint::Head,
                    Joint::LeftElbow,
                    Joint::LeftKnee,
                    Joint::LeftAnkle,
                ]
                .into_iter()
                .enumerate()
                {
                    bias[k] += yaw.inverse() * (f.joints[j].position - gt[j]);
                }
                bias_n += 1.0;
                let rel = |m: &posewire_body::JointMap<DVec3>, a: Joint, b: Joint| m[a] - m[b];
                let ours = f.positions();
                if let Some(g) = takes.truth.frames.iter().find(|g| g.time_s >= f.time_s) {
                    let oc = f.joints[Joint::Chest].rotation;
                    let gc = g.joints[Joint::Chest].rotation;
                    chest_ang[0] += posewire_body::transform::angle_between(oc, gc).to_degrees();
                    let oy = posewire_body::transform::yaw_of(oc);
                    let gy = posewire_body::transform::yaw_of(gc);
                    chest_ang[1] += ((oy - gy + 3.0 * std::f64::consts::PI)
                        .rem_euclid(2.0 * std::f64::consts::PI)
                        - std::f64::consts::PI)
                        .abs()
                        .to_degrees();
                    chest_ang[2] += (oc * DVec3::Y)
                        .dot(gc * DVec3::Y)
                        .clamp(-1.0, 1.0)
                        .acos()
                        .to_degrees();
                    let sh = f.joints[Joint::LeftShoulder].position;
                    let nk = f.joints[Joint::Neck].position;
                    let with_gt_rot = nk + gc * (oc.inverse() * (sh - nk));
                    let with_gt_neck = gt[Joint::Neck] + (sh - nk);
                    split[0] += (with_gt_rot - gt[Joint::LeftShoulder]).length();
                    split[1] += (with_gt_neck - gt[Joint::LeftShoulder]).length();
                    let gt_local = gc.inverse() * (gt[Joint::LeftShoulder] - gt[Joint::Neck]);
                    split_local += gt_local - oc.inverse() * (sh - nk);
                }
                rel_err[0] += (rel(&ours, Joint::LeftShoulder, Joint::Neck)
                    - rel(&gt, Joint::LeftShoulder, Joint::Neck))
                .length();
                rel_err[1] += (rel(&ours, Joint::Neck, Joint::Head)
                    - rel(&gt, Joint::Neck, Joint::Head))
                .length();
                rel_err[2] += (rel(&ours, Joint::LeftElbow, Joint::LeftShoulder)
                    - rel(&gt, Joint::LeftElbow, Joint::LeftShoulder))
                .length();
            }
            frames += 1;
        }
        let frames = frames.max(1) as f64;
        print!("{name:45}");
        for j in Joint::EVALUATED {
            print!(" {:5.1}", 100.0 * clip_err[j.index()] / frames);
        }
        println!();
        for j in Joint::ALL {
            total[j.index()] += clip_err[j.index()] / frames;
        }
        n += 1;
    }
    if args.all_joints {
        for j in Joint::ALL {
            println!(
                "{:16} {:5.1}",
                j.name(),
                100.0 * total[j.index()] / n as f64
            );
        }
    }
    if args.bias {
        for (k, name) in ["l_shoulder", "neck", "head", "l_elbow", "l_knee", "l_ankle"]
            .into_iter()
            .enumerate()
        {
            let b = bias[k] / bias_n * 100.0;
            println!(
                "bias {name:12} left {:5.1} up {:5.1} fwd {:5.1} cm",
                b.x, b.y, b.z
            );
        }
        println!(
            "chest angle err {:.1} yaw {:.1} tilt {:.1} deg",
            chest_ang[0] / bias_n,
            chest_ang[1] / bias_n,
            chest_ang[2] / bias_n
        );
        println!(
            "left shoulder error with GT chest rotation {:.1} cm, with GT neck position {:.1} cm; local offset bias (gt - ours) {:.3?}",
            100.0 * split[0] / bias_n,
            100.0 * split[1] / bias_n,
            split_local / bias_n
        );
        println!(
            "relative errors: shoulder-neck {:.1} neck-head {:.1} elbow-shoulder {:.1} cm",
            100.0 * rel_err[0] / bias_n,
            100.0 * rel_err[1] / bias_n,
            100.0 * rel_err[2] / bias_n
        );
    }
    let m = posewire_evaluation::mean_metrics(&all_metrics);
    println!("METRICS mpjpe {:.2} upper {:.2} lower {:.2} jitter_ratio {:.2} lag {:.1} ms skate {:.1} ({:.1})", m.mpjpe_cm, m.upper_pe_cm, m.lower_pe_cm, m.jitter_ratio, m.lag_ms, m.foot_skate_cm_s, m.gt_foot_skate_cm_s);
    print!("{:45}", "MEAN");
    for j in Joint::EVALUATED {
        print!(" {:5.1}", 100.0 * total[j.index()] / n as f64);
    }
    println!();
    print!("{:45}", "");
    for j in Joint::EVALUATED {
        let short: String = j
            .name()
            .split('_')
            .map(|w| &w[..w.len().min(3)])
            .collect::<Vec<_>>()
            .join("");
        print!(" {short:>5}");
    }
    println!();
    Ok(())
}
