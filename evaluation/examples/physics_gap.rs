//! Development aid: per joint, the mean angle between the simulated bone and
//! the kinematic reference it tracks, on one clip, clean; with a joint name
//! as the third argument, that joint's angles are traced. The devices are
//! synthesized as the evaluation does (same clip name, so the same offsets
//! and mounts), so per-clip numbers match `joint_errors`'. Environment:
//! WORLD (world-space targets), SUBSTEPS, JOINT_HZ, EE_HZ and EE_AHZ (end-effector springs), NOSELF (no self-collision), SELF_FRICTION (friction where the body touches itself, 0 by default), SELF_ALL (shins and feet collide with their own body too), TRACE_EVERY (ticks between traced lines), DUMP_AT (seconds into the clip: the reference's parent-relative rotations then, as test poses are written), VIA_SOLVE (also the distance between `solve_take`'s ik and physics outputs).
//!
//! `cargo run --release -p posewire-evaluation --example physics_gap -- ../shared/data/mocap/cmu_49_01_walk.bvh 6`
//! `--settings FILE` (a `[solver]` table, as `posewire solve --settings`)
//! sets the base settings; the environment variables apply on top.

use posewire_body::bvh::Bvh;
use posewire_body::transform::angle_between;
use posewire_body::{DeviceSet, Joint};
use posewire_evaluation::protocol::setting_takes;
use posewire_evaluation::synth::Condition;
use posewire_solver::physics::joint_frames::joint_frame;
use posewire_solver::physics::{PhysicsSettings, PhysicsSolver, Scene, WorldSettings};
use posewire_solver::take_ticks;

#[path = "common/settings_arg.rs"]
mod settings_arg;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().collect();
    let file = settings_arg::take_settings(&mut args)?.unwrap_or_default();
    let clip = std::path::PathBuf::from(args.get(1).ok_or("give a BVH clip")?);
    let count: usize = args.get(2).map_or(Ok(6), |s| s.parse())?;
    let bvh = Bvh::read(&clip)?;
    let (takes, profile) = setting_takes(
        &bvh,
        &posewire_evaluation::protocol::clip_name(&clip),
        DeviceSet::standard(count).ok_or("devices must be 3, 4 or 6")?,
        Condition::Clean,
        1,
    )?;
    let mut settings = PhysicsSettings {
        ik: file.ik,
        ..file.physics
    };
    if std::env::var("WORLD").is_ok() {
        settings.world_space_targets = true;
    }
    let mut world = WorldSettings {
        rate_hz: 90.0,
        ..file.world
    };
    if let Some(f) = std::env::var("SELF_FRICTION")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        world.self_friction = f;
    }
    if let Some(n) = std::env::var("SUBSTEPS").ok().and_then(|v| v.parse().ok()) {
        world.substeps = n;
    }
    if std::env::var("SELF_ALL").is_ok() {
        settings.body.self_collision = posewire_solver::physics::avatar::SelfCollision::All;
    }
    if std::env::var("NOSELF").is_ok() {
        settings.body.self_collision = posewire_solver::physics::avatar::SelfCollision::Off;
    }
    if let Some(hz) = std::env::var("EE_HZ").ok().and_then(|v| v.parse().ok()) {
        settings.body.effectors.hz = hz;
    }
    if let Some(hz) = std::env::var("EE_AHZ").ok().and_then(|v| v.parse().ok()) {
        settings.body.effectors.angular_hz = hz;
    }
    if let Some(hz) = std::env::var("JOINT_HZ").ok().and_then(|v| v.parse().ok()) {
        settings.body.joint_hz = hz;
    }
    let mut solver = PhysicsSolver::new(&profile, settings, &Scene::default(), world);
    let samples = &takes.trackers.samples;
    let Some(first) = samples.first() else {
        return Err("empty take".into());
    };
    // A joint named as the third argument is traced every half second.
    let trace = args.get(3).and_then(|n| Joint::from_name(n));
    let dump_at = std::env::var("DUMP_AT")
        .ok()
        .and_then(|v| v.parse::<f64>().ok());
    let mut gap = [0.0; Joint::COUNT];
    let mut dist = [0.0; Joint::COUNT];
    let skeleton = posewire_body::Skeleton::from_profile(&profile);
    let mut frames: f64 = 0.0;
    for (k, (t, due)) in take_ticks(samples, 90.0).enumerate() {
        for sample in due {
            solver.push(sample);
        }
        if !solver.ready() {
            continue;
        }
        let Some(f) = solver.step(t) else { continue };
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
            if k % std::env::var("TRACE_EVERY")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(45)
                == 0
            {
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
    }
    if std::env::var("VIA_SOLVE").is_ok() {
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
