//! The learned pelvis's cost per 90 Hz frame: the `ik` solver with 3
//! devices (head and hands, so the pelvis is estimated) with the embedded
//! network and with the rules alone; the difference is the network's
//! features, forward pass, smoothing and blend. The body walks a circle
//! swinging its arms.
//!
//! `cargo bench -p posewire-solver --bench learned_pelvis`

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

/// Head and hand samples at time `t`.
fn samples(profile: &BodyProfile, sk: &Skeleton, t: f64) -> Vec<TrackerSample> {
    let joints = motion(sk, t).transforms(sk);
    [Device::Head, Device::LeftHand, Device::RightHand]
        .iter()
        .filter_map(|&d| profile.device_sample(d, &joints, t))
        .collect()
}

fn bench_learned_pelvis(c: &mut Criterion) {
    let profile = BodyProfile::with_nominal_devices(1.75);
    let sk = Skeleton::from_profile(&profile);
    let mut group = c.benchmark_group("learned_pelvis");
    group.measurement_time(Duration::from_secs(4));
    for (name, enabled) in [
        ("ik_3_devices_network", true),
        ("ik_3_devices_rules", false),
    ] {
        let mut settings = IkSettings::default();
        settings.learned_pelvis.enabled = enabled;
        let mut ik = IkSolver::new(&profile, settings);
        assert_eq!(ik.has_learned_pelvis(), enabled, "{name}");
        let mut k = 0usize;
        group.bench_function(name, |b| {
            b.iter(|| {
                let t = k as f64 / 90.0;
                k += 1;
                for s in samples(&profile, &sk, t) {
                    ik.push(&s);
                }
                black_box(ik.step(t))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_learned_pelvis);
criterion_main!(benches);
