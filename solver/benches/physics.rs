//! Solver time per avatar per 90 Hz frame: the physics avatar (kinematic
//! reference, force arrays, rapier step with 16 substeps, pose read back)
//! for 1 and for 8 avatars in one world, 1 avatar with the per-substep
//! leg support (`1_avatars_leg_support_*`), 1 avatar with the whole-body
//! inverse-dynamics controller (`1_avatars_whole_body_*`), and the `ik`
//! solver alone. Each
//! avatar walks in a circle of its own, swinging its arms; all six devices.
//! Each case is timed twice: by the wall clock, and by the thread's CPU
//! clock (`*_cpu_time`), which a machine busy with other work inflates
//! much less. `stepping_1_avatar_frame` is the self-supporting body of
//! `stepping_balance` stepping in place: the 16 physics steps at 1440 Hz
//! that make one 90 Hz frame, each with its control.
//!
//! `cargo bench -p posewire-solver --bench physics`

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use posewire_body::formats::TrackerSample;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, BodyProfile, Device, Joint, Skeleton};
use posewire_solver::physics::stepping_balance::{
    stepping_world_settings, SteppingBalance, SteppingSettings,
};
use posewire_solver::physics::{
    AvatarController, PhysicsSettings, PhysicsWorld, Scene, WorldSettings,
};
use posewire_solver::{IkSettings, IkSolver};
use rustix::time::{clock_gettime, ClockId};

fn profile() -> BodyProfile {
    BodyProfile::with_nominal_devices(1.75)
}

/// Avatar `i` at time `t`: walking a 2 m circle around its own centre.
fn motion(sk: &Skeleton, i: usize, t: f64) -> BodyPose {
    let mut pose = BodyPose::rest(sk);
    let centre = DVec3::new(3.0 * i as f64, 0.0, 0.0);
    let a = 0.5 * t + i as f64;
    let heading = DQuat::from_rotation_y(a + std::f64::consts::FRAC_PI_2);
    for j in Joint::ALL {
        pose.rotations[j] = heading;
    }
    pose.root = centre + DVec3::new(a.sin(), pose.root.y, a.cos());
    for (s, sh, el) in [
        (1.0, Joint::LeftShoulder, Joint::LeftElbow),
        (-1.0, Joint::RightShoulder, Joint::RightElbow),
    ] {
        let swing = heading
            * DQuat::from_rotation_x(0.4 * (4.0 * t + s).sin())
            * DQuat::from_rotation_z(-s * 1.3);
        pose.rotations[sh] = swing;
        pose.rotations[el] = swing;
    }
    pose.rotations[Joint::LeftWrist] = pose.rotations[Joint::LeftElbow];
    pose.rotations[Joint::RightWrist] = pose.rotations[Joint::RightElbow];
    pose
}

fn samples(profile: &BodyProfile, sk: &Skeleton, i: usize, t: f64) -> Vec<TrackerSample> {
    let joints = motion(sk, i, t).transforms(sk);
    Device::ALL
        .iter()
        .filter_map(|&d| profile.device_sample(d, &joints, t))
        .collect()
}

/// CPU time this thread has used.
fn thread_cpu_time() -> Duration {
    let t = clock_gettime(ClockId::ThreadCPUTime);
    Duration::new(
        t.tv_sec.max(0) as u64,
        t.tv_nsec.clamp(0, 999_999_999) as u32,
    )
}

fn bench_physics(c: &mut Criterion) {
    let profile = profile();
    let sk = Skeleton::from_profile(&profile);
    let mut group = c.benchmark_group("physics_frame");
    // (avatars, the per-substep controller on: "" none)
    for (n, control) in [
        (1usize, ""),
        (8, ""),
        (1, "leg_support"),
        (1, "whole_body"),
        (1, "simbicon_legs"),
    ] {
        let mut settings = PhysicsSettings::default();
        settings.leg_support.enabled = control == "leg_support";
        settings.whole_body.enabled = control == "whole_body";
        settings.simbicon_legs.enabled = control == "simbicon_legs";
        let world_settings = settings.world_settings(WorldSettings::default());
        let mut world = PhysicsWorld::new(&Scene::default(), world_settings);
        let mut avatars: Vec<AvatarController> = (0..n)
            .map(|_| AvatarController::new(&profile, settings))
            .collect();
        let name = if control.is_empty() {
            format!("{n}_avatars")
        } else {
            format!("{n}_avatars_{control}")
        };
        let mut k = 0usize;
        let mut frame = |world: &mut PhysicsWorld, avatars: &mut Vec<AvatarController>| {
            let t = k as f64 / 90.0;
            k += 1;
            for (i, a) in avatars.iter_mut().enumerate() {
                for s in samples(&profile, &sk, i, t) {
                    a.push(&s);
                }
                a.prepare(world, t);
            }
            world.step_with(&mut |w| {
                for a in avatars.iter_mut() {
                    a.substep(w);
                }
            });
            for a in avatars.iter_mut() {
                black_box(a.finish(world));
            }
        };
        // Settle for a second first.
        for _ in 0..90 {
            frame(&mut world, &mut avatars);
        }
        group.bench_function(format!("{name}_whole_frame"), |b| {
            b.iter(|| frame(&mut world, &mut avatars))
        });
        // The same frames timed by this thread's CPU clock: on a machine
        // shared with other work, wall time also counts the time the
        // thread waited for a core.
        group.bench_function(format!("{name}_whole_frame_cpu_time"), |b| {
            b.iter_custom(|iters| {
                let start = thread_cpu_time();
                for _ in 0..iters {
                    frame(&mut world, &mut avatars);
                }
                thread_cpu_time().saturating_sub(start)
            })
        });
    }
    {
        let ws = stepping_world_settings();
        let per_frame = (ws.rate_hz / 90.0).round() as usize;
        let mut world = PhysicsWorld::new(&Scene::default(), ws);
        let (id, mut control) = SteppingBalance::add_avatar(
            &mut world,
            &profile,
            DVec3::ZERO,
            0.0,
            SteppingSettings::default(),
        );
        let mut frame = |world: &mut PhysicsWorld| {
            for _ in 0..per_frame {
                black_box(control.control(world, id));
                world.step();
            }
        };
        for _ in 0..90 {
            frame(&mut world);
        }
        group.bench_function("stepping_1_avatar_frame", |b| b.iter(|| frame(&mut world)));
        group.bench_function("stepping_1_avatar_frame_cpu_time", |b| {
            b.iter_custom(|iters| {
                let start = thread_cpu_time();
                for _ in 0..iters {
                    frame(&mut world);
                }
                thread_cpu_time().saturating_sub(start)
            })
        });
        // The frames timed were of a standing body, not of one lying on
        // the floor.
        let head = world
            .avatar(id)
            .and_then(|a| a.bone(world.rapier(), Joint::Head))
            .map_or(0.0, |t| t.position.y);
        assert!(
            head > 1.3,
            "the stepping body fell during the bench (head {head} m)"
        );
    }
    let mut ik = IkSolver::new(&profile, IkSettings::default());
    let mut k = 0usize;
    group.bench_function("ik_1_avatar_frame", |b| {
        b.iter(|| {
            let t = k as f64 / 90.0;
            k += 1;
            for s in samples(&profile, &sk, 0, t) {
                ik.push(&s);
            }
            black_box(ik.step(t))
        })
    });
    group.finish();
}

criterion_group!(benches, bench_physics);
criterion_main!(benches);
