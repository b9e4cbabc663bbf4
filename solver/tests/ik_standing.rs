//! The standing rule (`[solver.ik.standing]`, issue 43): a person standing
//! still with the head read a few centimetres below its calibrated height
//! gets the calibrated standing pose (pelvis at the hip height, feet under
//! the hips on the floor); a walking person is solved exactly as without
//! the rule.

use posewire_body::formats::{JointFrame, TrackerTake};
use posewire_body::glam::DQuat;
use posewire_body::{BodyPose, DeviceSet, Joint, Skeleton};
use posewire_solver::{solve_take, SolveOptions, SolverKind};

#[allow(dead_code)]
mod walker;
use walker::{profile_with_mounts, push_worn, take_from};

/// The `ik` frames of a take with the standing rule at `share`.
fn solve(take: &TrackerTake, share: f64) -> Vec<JointFrame> {
    let mut o = SolveOptions {
        solver: SolverKind::Ik,
        ..SolveOptions::default()
    };
    o.ik.standing.share = share;
    o.ik.standing.pelvis_below_m = 0.0;
    solve_take(&profile_with_mounts(), take, &o).expect("solve")
}

/// 3 s of the rest posture, arms down, `drop` metres lower than
/// calibrated (a slight crouch as the devices read it), 3 devices.
fn still(drop: f64) -> TrackerTake {
    let profile = profile_with_mounts();
    let mut pose = BodyPose::rest(&Skeleton::from_profile(&profile));
    pose.root.y -= drop;
    for (s, joints) in [
        (
            1.0,
            [Joint::LeftShoulder, Joint::LeftElbow, Joint::LeftWrist],
        ),
        (
            -1.0,
            [Joint::RightShoulder, Joint::RightElbow, Joint::RightWrist],
        ),
    ] {
        for j in joints {
            pose.rotations[j] = DQuat::from_rotation_z(-s * 1.05);
        }
    }
    let mut take = TrackerTake::default();
    for k in 0..=270 {
        let devices = DeviceSet::standard(3).expect("3");
        push_worn(&mut take, &profile, devices, k as f64 / 90.0, &pose, |_| {
            false
        });
    }
    take
}

#[test]
fn a_still_person_a_little_low_gets_the_calibrated_standing_pose() {
    let skeleton = Skeleton::from_profile(&profile_with_mounts());
    let rest = skeleton.rest_positions();
    let ankle = profile_with_mounts().body.ankle_height;
    let take = still(0.08);
    let (on, off) = (solve(&take, 1.0), solve(&take, 0.0));
    let last = |f: &[JointFrame], j: Joint| f[f.len() - 1].joints[j].position;
    let hip = rest[Joint::Pelvis].y;
    let pelvis_on = last(&on, Joint::Pelvis).y;
    let pelvis_off = last(&off, Joint::Pelvis).y;
    assert!((pelvis_on - hip).abs() < 0.01, "{pelvis_on} vs {hip}");
    assert!(pelvis_off < hip - 0.03, "without the rule: {pelvis_off}");
    for j in [Joint::LeftAnkle, Joint::RightAnkle] {
        let a = last(&on, j);
        assert!((a.y - ankle).abs() < 0.015, "{j:?} at {a}");
    }
    let width = (last(&on, Joint::LeftAnkle) - last(&on, Joint::RightAnkle))
        .x
        .abs();
    let hips = (rest[Joint::LeftHip] - rest[Joint::RightHip]).x.abs();
    assert!((width - hips).abs() < 0.02, "stance {width} vs hips {hips}");
    // No jump between ticks while it blends in.
    let step = on
        .windows(2)
        .map(|w| {
            (w[1].joints[Joint::Pelvis].position - w[0].joints[Joint::Pelvis].position).length()
        })
        .fold(0.0, f64::max);
    assert!(step < 0.01, "largest pelvis step {step}");
}

#[test]
fn a_walking_person_is_solved_as_without_the_rule() {
    let (take, _) = take_from(
        &profile_with_mounts(),
        DeviceSet::standard(3).expect("3"),
        4.0,
    );
    let (on, off) = (solve(&take, 1.0), solve(&take, 0.0));
    assert_eq!(on.len(), off.len());
    let moved = on
        .iter()
        .zip(&off)
        .flat_map(|(a, b)| {
            Joint::ALL.map(|j| (a.joints[j].position - b.joints[j].position).length())
        })
        .fold(0.0, f64::max);
    assert_eq!(moved, 0.0);
}
