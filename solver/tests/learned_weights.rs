//! Learned networks given at run time: weights read back from the
//! embedded files give bit-identical solves to the embedded build, with
//! the `ik` solver and the physics avatar's reference alike, and a solver
//! built with other networks solves differently (the networks given are
//! the ones run).

use posewire_body::formats::{TrackerSample, TrackerTake};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, BodyProfile, Device, DeviceSet, Joint, Skeleton, Source};
use posewire_solver::learned::{LearnedModels, Net};
use posewire_solver::{solve_take, SolveOptions, SolverKind};

/// A person walking forward at 1 m/s, turning the head and swinging the arms.
fn motion(skeleton: &Skeleton, t: f64) -> BodyPose {
    let mut pose = BodyPose::rest(skeleton);
    let yaw = DQuat::from_rotation_y(0.3 * (0.7 * t).sin());
    for j in Joint::ALL {
        pose.rotations[j] = yaw;
    }
    pose.root += DVec3::new(0.0, 0.0, 1.0 * t);
    pose.rotations[Joint::Head] = yaw * DQuat::from_rotation_y(0.5 * (1.3 * t).sin());
    for (s, sho, elb, wri) in [
        (1.0, Joint::LeftShoulder, Joint::LeftElbow, Joint::LeftWrist),
        (
            -1.0,
            Joint::RightShoulder,
            Joint::RightElbow,
            Joint::RightWrist,
        ),
    ] {
        // Arm down and swinging, elbow bent forward; the hand in line with
        // the forearm.
        let down = DQuat::from_rotation_z(-s * 1.3);
        let swing = DQuat::from_rotation_x(-0.4 * (2.0 * t + s).sin());
        let upper = yaw * swing * down;
        let flex = DQuat::from_axis_angle(DVec3::new(0.0, -s, 0.0), 0.6 + 0.4 * (1.5 * t).sin());
        pose.rotations[sho] = upper;
        pose.rotations[elb] = upper * flex;
        pose.rotations[wri] = upper * flex;
    }
    pose
}

fn profile_with_mounts() -> BodyProfile {
    let mut profile = BodyProfile::from_stature(1.75);
    for (i, d) in Device::ALL.into_iter().enumerate() {
        let mount =
            DQuat::from_axis_angle(DVec3::new(1.0, 2.0, i as f64).normalize(), 0.5 + i as f64);
        profile.set_tracker(
            d,
            d.nominal_offset(),
            mount,
            Source::Nominal,
            Source::Measured,
        );
    }
    profile
}

fn take_from(
    profile: &BodyProfile,
    devices: DeviceSet,
    seconds: f64,
) -> (TrackerTake, Vec<BodyPose>) {
    let skeleton = Skeleton::from_profile(profile);
    let mut take = TrackerTake::default();
    let mut truth = Vec::new();
    let n = (seconds * 90.0) as usize;
    for k in 0..=n {
        let t = k as f64 / 90.0;
        let pose = motion(&skeleton, t);
        let joints = pose.transforms(&skeleton);
        for d in devices.iter() {
            let m = profile.tracker(d).expect("mount");
            let bone = joints[d.bone()];
            let dev = m.device_pose(bone);
            take.samples.push(TrackerSample {
                time_s: t,
                device: d,
                pose: Some(dev),
                input: None,
            });
        }
        truth.push(pose);
    }
    (take, truth)
}

/// The embedded networks, each read back from its weights file's bytes.
fn from_files() -> LearnedModels {
    Net::ALL
        .into_iter()
        .fold(LearnedModels::embedded(), |m, net| {
            if net.embedded_bytes().is_empty() {
                return m;
            }
            m.with_model(net, None)
                .with_weights(net, net.embedded_bytes(), &format!("{}.bin", net.name()))
                .expect("the embedded weights are valid")
        })
}

#[test]
fn weights_equal_to_the_embedded_ones_solve_bit_identically() {
    let profile = profile_with_mounts();
    for solver in [SolverKind::Ik, SolverKind::Physics] {
        for count in [3, 4, 6] {
            let devices = DeviceSet::standard(count).expect("standard set");
            let (take, _) = take_from(&profile, devices, 2.0);
            let embedded = SolveOptions {
                solver,
                ..SolveOptions::default()
            };
            let given = SolveOptions {
                models: from_files(),
                ..embedded.clone()
            };
            let a = solve_take(&profile, &take, &embedded).expect("solve");
            let b = solve_take(&profile, &take, &given).expect("solve");
            assert!(!a.is_empty());
            assert_eq!(a, b, "{} with {count} devices", solver.name());
        }
    }
}

#[test]
fn the_networks_given_are_the_ones_run() {
    let profile = profile_with_mounts();
    let devices = DeviceSet::standard(3).expect("standard set");
    let (take, _) = take_from(&profile, devices, 2.0);
    let embedded = SolveOptions::default();
    let pelvis = embedded
        .models
        .get(Net::Pelvis)
        .expect("the build embeds a pelvis network");
    // The same network with its output biases moved: the pelvis lands
    // elsewhere.
    let mut moved = (*pelvis).clone();
    moved.out_mean.iter_mut().for_each(|v| *v += 0.05);
    for solver in [SolverKind::Ik, SolverKind::Physics] {
        let options = SolveOptions {
            solver,
            ..SolveOptions::default()
        };
        let other = SolveOptions {
            models: LearnedModels::embedded().with_model(Net::Pelvis, Some(moved.clone().into())),
            ..options.clone()
        };
        let a = solve_take(&profile, &take, &options).expect("solve");
        let b = solve_take(&profile, &take, &other).expect("solve");
        let last = |f: &[posewire_body::formats::JointFrame]| {
            f.last().expect("frames").joints[Joint::Pelvis].position
        };
        assert!(
            last(&a).distance(last(&b)) > 1e-3,
            "{}: the given pelvis network changed nothing",
            solver.name()
        );
    }
}
