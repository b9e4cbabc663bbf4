//! The learned components' cost per 90 Hz frame: the `ik` solver with 3
//! devices (head and hands, so the pelvis and the feet are estimated) with
//! the embedded networks that run there (pelvis, legs, arms), fewer of
//! them, and the rules alone; and with 6 devices with and without the
//! arms and knees networks. The differences are the networks' features,
//! forward passes, smoothing and blends. The body walks a circle swinging
//! its arms.
//!
//! One forward pass of each network, unpacked and packed, is the
//! `forward` group.
//!
//! `cargo bench -p posewire-solver --bench learned`

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use posewire_body::formats::TrackerSample;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, BodyProfile, Device, Joint, Skeleton};
use posewire_solver::{IkSettings, IkSolver};

/// The pose at time `t`: walking a 2 m circle, arms swinging.
fn motion(sk: &Skeleton, t: f64) -> BodyPose {
    let mut pose = BodyPose::rest(sk);
    let a = 0.5 * t;
    let heading = DQuat::from_rotation_y(a + std::f64::consts::FRAC_PI_2);
    for j in Joint::ALL {
        pose.rotations[j] = heading;
    }
    pose.root = DVec3::new(a.sin(), pose.root.y, a.cos());
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
    pose
}

/// The first `count` (3 or 6) devices' samples at time `t`.
fn samples(profile: &BodyProfile, sk: &Skeleton, t: f64, count: usize) -> Vec<TrackerSample> {
    let joints = motion(sk, t).transforms(sk);
    // Device::ALL: head, hands, pelvis, feet.
    Device::ALL
        .iter()
        .take(count)
        .filter_map(|&d| profile.device_sample(d, &joints, t))
        .collect()
}

fn bench_learned(c: &mut Criterion) {
    let profile = BodyProfile::with_nominal_devices(1.75);
    let sk = Skeleton::from_profile(&profile);
    let mut group = c.benchmark_group("learned");
    group.measurement_time(Duration::from_secs(4));
    // Name, devices, and which networks: pelvis, legs, arms, knees.
    for (name, count, [pelvis, legs, arms, knees]) in [
        (
            "ik_3_devices_pelvis_legs_and_arms_networks",
            3,
            [true, true, true, false],
        ),
        (
            "ik_3_devices_pelvis_and_legs_networks",
            3,
            [true, true, false, false],
        ),
        (
            "ik_3_devices_pelvis_network",
            3,
            [true, false, false, false],
        ),
        ("ik_3_devices_rules", 3, [false, false, false, false]),
        (
            "ik_6_devices_arms_and_knees_networks",
            6,
            [false, false, true, true],
        ),
        ("ik_6_devices_rules", 6, [false, false, false, false]),
    ] {
        let mut settings = IkSettings::default();
        settings.learned_pelvis.enabled = pelvis;
        settings.learned_legs.enabled = legs;
        settings.learned_arms.enabled = arms;
        settings.learned_knees.enabled = knees;
        let mut ik = IkSolver::new(&profile, settings);
        assert_eq!(ik.has_learned_pelvis(), pelvis, "{name}");
        assert_eq!(ik.has_learned_legs(), legs, "{name}");
        assert_eq!(ik.has_learned_arms(), arms, "{name}");
        assert_eq!(ik.has_learned_knees(), knees, "{name}");
        let mut k = 0usize;
        group.bench_function(name, |b| {
            b.iter(|| {
                let t = k as f64 / 90.0;
                k += 1;
                for s in samples(&profile, &sk, t, count) {
                    ik.push(&s);
                }
                black_box(ik.step(t))
            })
        });
    }
    group.finish();
}

/// One forward pass of each embedded network, as trained (`layers`) and as
/// the solver runs it (`Mlp::packed`).
fn bench_forward(c: &mut Criterion) {
    use posewire_solver::learned::{arms, knees, legs, pelvis};
    let mut group = c.benchmark_group("forward");
    group.measurement_time(Duration::from_secs(3));
    for (name, model) in [
        ("pelvis", pelvis::embedded_model()),
        ("legs", legs::embedded_model()),
        ("arms", arms::embedded_model()),
        ("knees", knees::embedded_model()),
    ] {
        let Ok(Some(model)) = model else { continue };
        let x: Vec<f32> = (0..model.inputs())
            .map(|i| (i as f32 * 0.37).sin())
            .collect();
        let mut out = vec![0.0f32; model.outputs()];
        let mut scratch = Default::default();
        let packed = model.clone().packed();
        for (how, m) in [("layers", &model), ("packed", &packed)] {
            group.bench_function(format!("{name}_{how}"), |b| {
                b.iter(|| {
                    m.forward(black_box(&x), &mut out, &mut scratch);
                    black_box(out[0])
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_learned, bench_forward);
criterion_main!(benches);
