//! The trunk in the kinematic solver: the look-at chain shares a head turn
//! with the chest, the neck-only comparison keeps the chest square to the
//! pelvis, and a gaze target given directly turns the head toward it.

use posewire_body::formats::TrackerTake;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::{angle_between, yaw_of};
use posewire_body::{BodyPose, BodyProfile, DeviceSet, Joint, Skeleton};
use posewire_solver::{solve_take, IkSettings, IkSolver, SolveOptions, TrunkMode};

/// A person standing still, facing +Z, with the head turned `head_yaw`
/// radians to the left; the device samples of `devices` for `seconds`.
fn standing_take(
    profile: &BodyProfile,
    devices: DeviceSet,
    head_yaw: f64,
    seconds: f64,
) -> TrackerTake {
    let skeleton = Skeleton::from_profile(profile);
    let mut pose = BodyPose::rest(&skeleton);
    pose.rotations[Joint::Head] = DQuat::from_rotation_y(head_yaw);
    let joints = pose.transforms(&skeleton);
    let mut take = TrackerTake::default();
    for k in 0..=(seconds * 90.0) as usize {
        for d in devices.iter() {
            take.samples
                .extend(profile.device_sample(d, &joints, k as f64 / 90.0));
        }
    }
    take
}

fn profile() -> BodyProfile {
    BodyProfile::with_nominal_devices(1.75)
}

fn last_yaws(trunk: TrunkMode, head_yaw: f64) -> (f64, f64, DQuat) {
    let profile = profile();
    let take = standing_take(&profile, DeviceSet::standard(4).expect("4"), head_yaw, 1.5);
    let mut options = SolveOptions::default();
    options.ik.trunk = trunk;
    let frames = solve_take(&profile, &take, &options).expect("solves");
    let last = frames.last().expect("frames");
    (
        yaw_of(last.joints[Joint::Chest].rotation),
        yaw_of(last.joints[Joint::Pelvis].rotation),
        last.joints[Joint::Head].rotation,
    )
}

#[test]
fn look_at_trunk_shares_a_large_head_turn_with_the_chest() {
    let turn = 70f64.to_radians();
    let (chest, pelvis, head) = last_yaws(TrunkMode::LookAt, turn);
    assert!(pelvis.abs() < 1e-3, "pelvis yaw {pelvis}");
    let chest_deg = chest.to_degrees();
    assert!(
        chest_deg > 5.0 && chest_deg < 40.0,
        "chest yaw {chest_deg} degrees"
    );
    // The head keeps the headset's orientation exactly.
    let want = DQuat::from_rotation_y(turn);
    assert!(angle_between(head, want).to_degrees() < 0.1);
}

#[test]
fn look_at_neck_only_keeps_the_chest_square_to_the_pelvis() {
    let turn = 70f64.to_radians();
    let (chest, pelvis, head) = last_yaws(TrunkMode::NeckOnly, turn);
    assert!(
        (chest - pelvis).abs().to_degrees() < 0.5,
        "chest {chest} pelvis {pelvis}"
    );
    assert!(angle_between(head, DQuat::from_rotation_y(turn)).to_degrees() < 0.1);
}

#[test]
fn look_at_small_head_turn_stays_off_the_chest() {
    let (chest, _, _) = last_yaws(TrunkMode::LookAt, 10f64.to_radians());
    assert!(chest.abs().to_degrees() < 0.5, "chest yaw {chest}");
}

#[test]
fn look_at_gaze_target_turns_the_head_toward_it() {
    let profile = profile();
    let take = standing_take(&profile, DeviceSet::standard(4).expect("4"), 0.0, 0.5);
    let mut solver = IkSolver::new(&profile, IkSettings::default());
    for s in &take.samples {
        solver.push(s);
    }
    let before = solver.step(0.5);
    let sk = *solver.skeleton();
    let head_pos = before.positions(&sk)[Joint::Head];
    // A point up and to the left, within the chain's reach.
    let target = head_pos + DVec3::new(1.0, 0.3, 1.0);
    solver.set_gaze_target(Some(target));
    let pose = solver.step(0.5 + 1.0 / 90.0);
    let joints = pose.transforms(&sk);
    let head = joints[Joint::Head];
    assert!(
        (head.position - head_pos).length() < 1e-3,
        "the head stays at the headset"
    );
    let aim = (head.rotation * DVec3::Z).angle_between(target - head.position);
    assert!(
        aim.to_degrees() < 5.0,
        "aim off by {} degrees",
        aim.to_degrees()
    );
    // Back to the headset.
    solver.set_gaze_target(None);
    let back = solver.step(0.5 + 2.0 / 90.0).transforms(&sk)[Joint::Head];
    assert!(angle_between(back.rotation, DQuat::IDENTITY).to_degrees() < 0.1);
}
