//! A pelvis device that stops sending for a moment (`[solver.ik]
//! lost_pelvis_hold_s`): the pelvis is carried by the headset in the pose
//! it last had against it, instead of being frozen and then hung upright
//! below the head (issue 43: in a dive roll the hung pelvis went 30 cm
//! under the floor and the physics body's head hit it).

use posewire_body::formats::{JointFrame, TrackerTake};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, Device, DeviceSet, Joint, JointMap, Skeleton};
use posewire_solver::{solve_take, SolveOptions, SolverKind};

// Only the mounted profile is used here.
#[allow(dead_code)]
mod walker;
use walker::{profile_with_mounts, push_worn};

/// A rigid body in its rest posture, every bone turned by `turn(t)` about
/// the pelvis held at `pelvis`, seen through 6 devices at 90 Hz for
/// `seconds`; the pelvis device silent during `lost` (seconds).
fn rigid_body(
    seconds: f64,
    lost: (f64, f64),
    pelvis: DVec3,
    turn: impl Fn(f64) -> DQuat,
) -> (TrackerTake, Vec<(f64, DVec3)>) {
    let profile = profile_with_mounts();
    let skeleton = Skeleton::from_profile(&profile);
    let pose_at = |t: f64| BodyPose {
        root: pelvis,
        rotations: JointMap::splat(turn(t)),
    };
    let (mut take, mut truth) = (TrackerTake::default(), Vec::new());
    for k in 0..=(seconds * 90.0) as usize {
        let t = k as f64 / 90.0;
        let pose = pose_at(t);
        truth.push((t, pose.transforms(&skeleton)[Joint::Pelvis].position));
        let silent = |d| d == Device::Pelvis && t >= lost.0 && t < lost.1;
        push_worn(
            &mut take,
            &profile,
            DeviceSet::standard(6).expect("6"),
            t,
            &pose,
            silent,
        );
    }
    (take, truth)
}

/// The `ik` frames of a take with the pelvis held for `hold_s`.
fn solve(take: &TrackerTake, hold_s: f64) -> Vec<JointFrame> {
    let mut o = SolveOptions {
        solver: SolverKind::Ik,
        ..SolveOptions::default()
    };
    o.ik.lost_pelvis_hold_s = hold_s;
    solve_take(&profile_with_mounts(), take, &o).expect("solve")
}

/// The pelvis's largest distance from the truth over `window`, metres.
fn pelvis_error(frames: &[JointFrame], truth: &[(f64, DVec3)], window: (f64, f64)) -> f64 {
    frames
        .iter()
        .filter(|f| f.time_s >= window.0 && f.time_s < window.1)
        .filter_map(|f| {
            let (_, p) = truth.iter().find(|(t, _)| (t - f.time_s).abs() < 1e-6)?;
            Some((f.joints[Joint::Pelvis].position - *p).length())
        })
        .fold(0.0, f64::max)
}

#[test]
fn a_lying_body_keeps_its_pelvis_while_the_pelvis_device_is_silent() {
    // Lying on its back (turned a quarter turn about x), the pelvis 20 cm
    // up; the pelvis device silent for 0.3 s.
    let lost = (2.0, 2.3);
    let lying = |_: f64| DQuat::from_rotation_x(-std::f64::consts::FRAC_PI_2);
    let (take, truth) = rigid_body(3.0, lost, DVec3::new(0.0, 0.2, 0.0), lying);
    let held = pelvis_error(&solve(&take, 0.5), &truth, lost);
    let hung = pelvis_error(&solve(&take, 0.0), &truth, lost);
    assert!(held < 0.03, "held: the pelvis {held} m from the truth");
    // Without the hold the lost pelvis is hung upright below the head.
    assert!(hung > 0.2, "hung: the pelvis {hung} m from the truth");
}

#[test]
fn a_rolling_body_carries_its_pelvis_with_the_head() {
    // Pitching forward at half a turn a second (a slow roll), the pelvis
    // device silent for 0.3 s mid-roll.
    let lost = (2.0, 2.3);
    let roll = |t: f64| DQuat::from_rotation_x(std::f64::consts::PI * (t - 1.8).max(0.0));
    let (take, truth) = rigid_body(3.0, lost, DVec3::new(0.0, 0.9, 0.0), roll);
    let held = pelvis_error(&solve(&take, 0.5), &truth, lost);
    let hung = pelvis_error(&solve(&take, 0.0), &truth, lost);
    assert!(held < 0.05, "held: the pelvis {held} m from the truth");
    assert!(hung > 0.2, "hung: the pelvis {hung} m from the truth");
}

#[test]
fn a_pelvis_lost_for_good_counts_as_lost_after_the_hold() {
    let lost = (1.5, 10.0);
    let lying = |_: f64| DQuat::from_rotation_x(-std::f64::consts::FRAC_PI_2);
    let (take, _) = rigid_body(3.0, lost, DVec3::new(0.0, 0.2, 0.0), lying);
    let (held, at_once) = (solve(&take, 0.5), solve(&take, 0.0));
    // 0.5 s after its last sample the held pelvis is handed over: from
    // then on the two solves agree (give the trunk's filters 0.3 s).
    let after = 1.5 + 0.5 + 0.3;
    let mut compared = 0;
    for (a, b) in held.iter().zip(&at_once).filter(|(a, _)| a.time_s > after) {
        let d = (a.joints[Joint::Pelvis].position - b.joints[Joint::Pelvis].position).length();
        assert!(d < 0.01, "at {} s the pelvis differs by {d} m", a.time_s);
        compared += 1;
    }
    assert!(compared > 30, "{compared} frames compared");
}

#[test]
fn the_hold_moves_nothing_while_the_pelvis_is_tracked() {
    let roll = |t: f64| DQuat::from_rotation_x(std::f64::consts::PI * (t - 1.0).max(0.0));
    let (take, _) = rigid_body(2.0, (10.0, 10.0), DVec3::new(0.0, 0.9, 0.0), roll);
    let (a, b) = (solve(&take, 0.0), solve(&take, 0.5));
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        for j in [Joint::Pelvis, Joint::Chest, Joint::Head, Joint::LeftAnkle] {
            let d = (x.joints[j].position - y.joints[j].position).length();
            assert!(d < 1e-12, "tracked frames moved by {d} m ({j:?})");
        }
    }
}
