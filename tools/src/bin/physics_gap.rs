//! Development aid: per joint, the mean angle between the simulated bone and
//! the kinematic reference it tracks, on one clip, clean; with a joint name
//! as the third argument, that joint's angles are traced. The devices are
//! synthesized as the evaluation does (same clip name, so the same offsets
//! and mounts), so per-clip numbers match `joint_errors`'. The body and
//! world (world-space targets, substeps, joint and end-effector spring
//! rates, self-collision and its friction) are set in the settings file's
//! `[solver.physics]` and `[solver.world]` tables (`--settings FILE`, as
//! `posewire solve --settings` reads it).
//!
//! `cargo run --release -p posewire-tools --bin physics_gap -- ../shared/data/mocap/cmu_49_01_walk.bvh 6 --trace LeftKnee`

use posewire_body::bvh::Bvh;
use posewire_body::transform::angle_between;
use posewire_body::Joint;
use posewire_evaluation::protocol::setting_takes;
use posewire_evaluation::synth::Condition;
use posewire_solver::physics::joint_frames::joint_frame;
use posewire_solver::physics::{PhysicsSettings, PhysicsSolver, Scene, WorldSettings};
use posewire_tools::physics_run::each_physics_frame;

/// Per joint, the angle between the simulated bone and its reference.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// A BVH clip.
    clip: std::path::PathBuf,
    /// Devices: 3, 4 or 6.
    #[arg(default_value_t = 6)]
    devices: usize,
    /// Trace this joint's angles (every `--trace-every` ticks).
    #[arg(long, value_name = "JOINT")]
    trace: Option<String>,
    /// Ticks between traced lines.
    #[arg(long, default_value_t = 45)]
    trace_every: usize,
    /// Seconds into the clip: print the reference's parent-relative
    /// rotations then, as test poses are written.
    #[arg(long, value_name = "SECONDS")]
    dump_at: Option<f64>,
    /// Also the distance between `solve_take`'s ik and physics outputs.
    #[arg(long)]
    via_solve: bool,
    #[command(flatten)]
    settings: posewire_tools::solver_file::SolverFile,
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let file = args.settings.load()?;
    let clip = args.clip.clone();
    let count = args.devices;
    let bvh = Bvh::read(&clip)?;
    let (takes, profile) = setting_takes(
        &bvh,
        &posewire_evaluation::protocol::clip_name(&clip),
        posewire_tools::choices::devices(count)?,
        Condition::Clean,
        1,
    )?;
    let settings = PhysicsSettings {
        ik: file.ik,
        ..file.physics
    };
    let world = WorldSettings {
        rate_hz: 90.0,
        ..file.world
    };
    let mut solver = PhysicsSolver::new(&profile, settings, &Scene::default(), world);
    let samples = &takes.trackers.samples;
    let Some(first) = samples.first() else {
        anyhow::bail!("empty take");
    };
    let trace = args.trace.as_deref().and_then(Joint::from_name);
    let dump_at = args.dump_at;
    let mut gap = [0.0; Joint::COUNT];
    let mut dist = [0.0; Joint::COUNT];
    let skeleton = posewire_body::Skeleton::from_profile(&profile);
    let mut frames: f64 = 0.0;
    each_physics_frame(&mut solver, samples, |k, t, f, _| {
        for j in Joint::ALL {
            gap[j.index()] +=
                angle_between(f.pose.rotations[j], f.reference.rotations[j]).to_degrees();
        }
        let (ps, pr) = (
            f.pose.positions(&skeleton),
            f.reference.positions(&skeleton),
        );
        for j in Joint::ALL {
            dist[j.index()] += (ps[j] - pr[j]).length() * 100.0;
        }
        frames += 1.0;
        if let Some(at) = dump_at {
            if (t - first.time_s - at).abs() < 0.5 / 90.0 {
                for j in Joint::ALL {
                    if let Some(p) = j.parent() {
                        let q = f.reference.rotations[p].inverse() * f.reference.rotations[j];
                        println!(
                            "DUMP {:?} local({:.4}, {:.4}, {:.4}, {:.4})",
                            j, q.x, q.y, q.z, q.w
                        );
                    }
                }
                let q = f.reference.rotations[Joint::Pelvis];
                println!(
                    "DUMP root {:?} rot ({:.4}, {:.4}, {:.4}, {:.4})",
                    f.reference.root, q.x, q.y, q.z, q.w
                );
            }
        }
        if let Some(j) = trace {
            if k % args.trace_every.max(1) == 0 {
                if let (Some(frame), Some(parent)) = (joint_frame(j), j.parent()) {
                    let local = |p: &posewire_body::BodyPose| {
                        p.rotations[parent].inverse() * p.rotations[j]
                    };
                    let (ps, pr) = (
                        f.pose.positions(&skeleton),
                        f.reference.positions(&skeleton),
                    );
                    println!(
                        "t {:5.2} {} sim {:6.2?} reference {:6.2?} height sim {:5.3} reference {:5.3} apart {:5.1} cm",
                        t,
                        j.name(),
                        frame.angles(local(&f.pose)),
                        frame.angles(local(&f.reference)),
                        ps[j].y,
                        pr[j].y,
                        (ps[j] - pr[j]).length() * 100.0
                    );
                }
            }
        }
        Ok(())
    })?;
    if args.via_solve {
        use posewire_solver::{solve_take, SolveOptions, SolverKind};
        let ik = solve_take(&profile, &takes.trackers, &SolveOptions::default())?;
        let ph = solve_take(
            &profile,
            &takes.trackers,
            &SolveOptions {
                solver: SolverKind::Physics,
                ..SolveOptions::default()
            },
        )?;
        println!("frames ik {} physics {}", ik.len(), ph.len());
        let mut d = [0.0; Joint::COUNT];
        for (a, b) in ik.iter().zip(ph.iter()) {
            for j in Joint::ALL {
                d[j.index()] += (a.joints[j].position - b.joints[j].position).length() * 100.0;
            }
        }
        for j in Joint::ALL {
            println!(
                "via solve {:16} {:6.1} cm",
                j.name(),
                d[j.index()] / ik.len().max(1) as f64
            );
        }
    }
    for j in Joint::ALL {
        println!(
            "{:16} {:6.1} deg {:6.1} cm",
            j.name(),
            gap[j.index()] / frames.max(1.0),
            dist[j.index()] / frames.max(1.0)
        );
    }
    Ok(())
}
