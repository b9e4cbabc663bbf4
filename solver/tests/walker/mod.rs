//! A synthetic walker for the solver's tests: a known body walking with
//! its head turning and arms swinging, seen through devices with known
//! mounts, with the true pose of every tick.

use posewire_body::formats::{TrackerSample, TrackerTake};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, BodyProfile, Device, DeviceSet, Joint, Skeleton, Source};

/// A person walking forward at 1 m/s, turning the head and swinging the arms.
pub fn motion(skeleton: &Skeleton, t: f64) -> BodyPose {
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

/// A 1.75 m body whose devices have their nominal offsets and distinct,
/// measured mounts.
pub fn profile_with_mounts() -> BodyProfile {
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

/// A take of `devices` on `profile` walking [`motion`] for `seconds` at
/// 90 Hz, and the true pose of every tick.
pub fn take_from(
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
        push_worn(&mut take, profile, devices, t, &pose, |_| false);
        truth.push(pose);
    }
    (take, truth)
}

/// Appends the samples at `t` of `devices` worn on `pose` through
/// `profile`'s mounts, leaving out the devices `silent` names.
pub fn push_worn(
    take: &mut TrackerTake,
    profile: &BodyProfile,
    devices: DeviceSet,
    t: f64,
    pose: &BodyPose,
    silent: impl Fn(Device) -> bool,
) {
    let joints = pose.transforms(&Skeleton::from_profile(profile));
    for d in devices.iter().filter(|&d| !silent(d)) {
        let m = profile.tracker(d).expect("mount");
        take.samples.push(TrackerSample {
            time_s: t,
            device: d,
            pose: Some(m.device_pose(joints[d.bone()])),
            input: None,
        });
    }
}
