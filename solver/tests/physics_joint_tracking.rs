//! How the simulated joints track their reference while the body tracks
//! undisturbed (the joint motors at `[solver.physics.body]
//! tracking_hz_share` of `joint_hz`): a reference that shakes comes out
//! smoother, and a reference that steps is followed within a fraction of
//! a second.

mod noise;
use noise::Noise;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, BodyProfile, Joint, Skeleton};
use posewire_solver::physics::sim_avatar::BodySettings;
use posewire_solver::physics::{
    AvatarController, PhysicsSettings, PhysicsWorld, Scene, WorldSettings,
};

const DT: f64 = 1.0 / 90.0;

/// A standing person whose left leg is lifted, the knee bent by `knee`
/// radians (the thigh forward by half as much); `shake` adds a random
/// turn (radians per axis, fresh every tick) to the left hip and knee.
fn lifted_leg(rest: &BodyPose, knee: f64, shake: Option<&mut Noise>) -> BodyPose {
    let mut pose = *rest;
    let mut hip = DQuat::from_rotation_x(-0.5 * knee);
    let mut bend = DQuat::from_rotation_x(knee);
    if let Some(n) = shake {
        let mut turn = || {
            DQuat::from_scaled_axis(DVec3::new(
                n.gaussian(0.02),
                n.gaussian(0.02),
                n.gaussian(0.02),
            ))
        };
        hip = turn() * hip;
        bend = turn() * bend;
    }
    pose.rotations[Joint::LeftHip] = rest.rotations[Joint::LeftHip] * hip;
    pose.rotations[Joint::LeftKnee] = pose.rotations[Joint::LeftHip] * bend;
    pose.rotations[Joint::LeftAnkle] = rest.rotations[Joint::LeftAnkle];
    pose
}

/// Runs the body on `reference(t)` for `seconds` with the tracking joint
/// motors at `share` of `joint_hz`: the simulated and the reference left
/// knee and ankle, per tick.
fn run(
    share: f64,
    seconds: f64,
    mut reference: impl FnMut(f64) -> BodyPose,
) -> Vec<([DVec3; 2], [DVec3; 2])> {
    let profile = BodyProfile::with_nominal_devices(1.75);
    let sk = Skeleton::from_profile(&profile);
    let settings = PhysicsSettings {
        body: BodySettings {
            tracking_hz_share: share,
            ..BodySettings::default()
        },
        ..PhysicsSettings::default()
    };
    let mut world = PhysicsWorld::new(&Scene::default(), WorldSettings::default());
    let mut avatar = AvatarController::new(&profile, settings);
    avatar.set_start_pose(reference(0.0));
    let mut out = Vec::new();
    for k in 0..(seconds / DT) as usize {
        let t = k as f64 * DT;
        let r = reference(t);
        avatar.prepare_with_reference(&mut world, t, &r);
        world.step();
        let Some(f) = avatar.finish(&world) else {
            continue;
        };
        let (sim, want) = (f.pose.positions(&sk), r.positions(&sk));
        let pick = |p: &posewire_body::JointMap<DVec3>| [p[Joint::LeftKnee], p[Joint::LeftAnkle]];
        out.push((pick(&sim), pick(&want)));
    }
    out
}

/// Mean magnitude of the third differences of a track, m/s^3.
fn jerk(track: &[DVec3]) -> f64 {
    let d: Vec<f64> = track
        .windows(4)
        .map(|w| (w[3] - 3.0 * w[2] + 3.0 * w[1] - w[0]).length() / DT.powi(3))
        .collect();
    d.iter().sum::<f64>() / d.len().max(1) as f64
}

/// The simulated and the reference knee's and ankle's jerk (summed) from
/// 1 s on, the lifted leg's reference shaking.
fn shaken_jerk(share: f64) -> (f64, f64) {
    let profile = BodyProfile::with_nominal_devices(1.75);
    let rest = BodyPose::rest(&Skeleton::from_profile(&profile));
    let mut noise = Noise(0x2545_f491_4f6c_dd1d);
    let frames = run(share, 4.0, |_| lifted_leg(&rest, 0.6, Some(&mut noise)));
    let settled = &frames[90..];
    let track = |sim: bool, j: usize| -> Vec<DVec3> {
        settled
            .iter()
            .map(|(s, w)| if sim { s[j] } else { w[j] })
            .collect()
    };
    let sum = |sim: bool| jerk(&track(sim, 0)) + jerk(&track(sim, 1));
    (sum(true), sum(false))
}

#[test]
fn physics_a_shaking_reference_comes_out_smoother_with_the_tracking_joint_gains() {
    let share = BodySettings::default().tracking_hz_share;
    let (sim, reference) = shaken_jerk(share);
    let (stiff, _) = shaken_jerk(1.0);
    println!(
        "shaking lifted leg, knee + ankle jerk: reference {reference:.0} m/s^3, simulated {sim:.0} at {share} of joint_hz, {stiff:.0} at joint_hz"
    );
    assert!(
        sim < 0.5 * reference,
        "the simulated leg passes the shake on: {sim} against {reference}"
    );
    assert!(
        sim <= stiff * 1.001,
        "{share} of joint_hz shakes more than joint_hz: {sim} against {stiff}"
    );
}

#[test]
fn physics_a_stepping_reference_is_followed_within_a_fifteenth_of_a_second() {
    // The lifted knee bends from 0.3 to 0.9 rad at once at 1 s.
    let share = BodySettings::default().tracking_hz_share;
    let profile = BodyProfile::with_nominal_devices(1.75);
    let rest = BodyPose::rest(&Skeleton::from_profile(&profile));
    let frames = run(share, 2.0, |t| {
        lifted_leg(&rest, if t < 1.0 { 0.3 } else { 0.9 }, None)
    });
    // The knee's and the ankle's larger distance from the reference's.
    let gap = |k: usize| {
        let (sim, want) = frames[k];
        (sim[0] - want[0]).length().max((sim[1] - want[1]).length())
    };
    let before = gap(89);
    let moved = (frames[150].1[0] - frames[80].1[0]).length();
    let after = gap(90 + 6);
    let late = (90 + 6..frames.len()).map(gap).fold(0.0, f64::max);
    println!(
        "stepping knee at {share} of joint_hz: {before:.3} m off before, the reference knee moved {moved:.3} m, {after:.3} m off 6 ticks after, at most {late:.3} m later"
    );
    assert!(moved > 0.1, "the step moves the knee: {moved} m");
    assert!(before < 0.01, "settled before the step: {before} m");
    assert!(
        after < 0.1 * moved,
        "6 ticks after the step: {after} m of {moved}"
    );
    assert!(late < 0.1 * moved, "and stays close: {late} m of {moved}");
}
