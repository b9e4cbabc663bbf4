//! The output's wrists held at the reference's (the controllers' point)
//! while the simulated hand is near it.
//!
//! The simulated arm follows its reference through joint motors and lags
//! it by a few millimetres, more in fast motion; the controllers say where
//! the wrists are to within their offsets' error. While the body tracks
//! and a simulated wrist is within [`WristHold::near_m`] of the
//! reference's, the output arm's two bones are turned (the shortest arc
//! each, so the bones keep their twist and the hand its orientation) to
//! put the wrist on the reference's; between `near_m` and `far_m` the
//! wrist is moved part of the way; beyond `far_m` (a hand held back by
//! the world, a push) the simulated arm is output as it is. Only the
//! output changes: the simulated body, its contacts and the ghost hands
//! stay as simulated.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::ik::{arm_rest, solve_two_bone};
use posewire_body::{BodyPose, Joint, Side, Skeleton};
use serde::{Deserialize, Serialize};

/// How far the output's wrists are held at the reference's
/// (`[solver.physics.hold_wrists]`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WristHold {
    /// Gap (simulated to reference wrist, metres) up to which the wrist is
    /// put on the reference's; 0: off.
    pub near_m: f64,
    /// Gap from which the simulated wrist is output as it is, metres (at
    /// least `near_m`); in between, the wrist moves part of the way.
    pub far_m: f64,
}

impl Default for WristHold {
    fn default() -> Self {
        WristHold {
            near_m: 0.0,
            far_m: 0.0,
        }
    }
}

impl WristHold {
    /// The share of the gap the wrist is moved by (1 within `near_m`, 0
    /// from `far_m`, linear between; 0 when off or not finite).
    pub fn share(&self, gap_m: f64) -> f64 {
        let near = self.near_m;
        if !(near > 0.0 && gap_m.is_finite()) {
            return 0.0;
        }
        let far = self.far_m.max(near);
        if gap_m <= near {
            1.0
        } else if gap_m >= far {
            0.0
        } else {
            (far - gap_m) / (far - near)
        }
    }
}

/// Turns `pose`'s arms so that each wrist moves toward `reference`'s by
/// [`WristHold::share`] of their gap, within the arm's reach from `pose`'s
/// shoulder; the elbow keeps its side. Nothing else moves.
pub fn hold_wrists(pose: &mut BodyPose, reference: &BodyPose, skeleton: &Skeleton, s: &WristHold) {
    if s.near_m <= 0.0 {
        return;
    }
    let at = pose.positions(skeleton);
    let want = reference.positions(skeleton);
    for (side, shoulder, elbow, wrist) in [
        (
            Side::Left,
            Joint::LeftShoulder,
            Joint::LeftElbow,
            Joint::LeftWrist,
        ),
        (
            Side::Right,
            Joint::RightShoulder,
            Joint::RightElbow,
            Joint::RightWrist,
        ),
    ] {
        let gap = want[wrist] - at[wrist];
        let share = s.share(gap.length());
        if share <= 0.0 || !gap.is_finite() || gap.length() < 1e-9 {
            continue;
        }
        let target = at[wrist] + gap * share;
        let root = at[shoulder];
        let upper = skeleton.offsets[elbow].length();
        let lower = skeleton.offsets[wrist].length();
        // The elbow bends the way it does now (or as the reference's
        // when the arm is straight).
        let bent = at[elbow] - 0.5 * (root + at[wrist]);
        let pole = if bent.length() > 1e-3 {
            bent
        } else {
            want[elbow] - 0.5 * (want[shoulder] + want[wrist])
        };
        let pole = if pole.length() > 1e-6 {
            pole
        } else {
            arm_rest(side).hinge_axis.cross(arm_rest(side).upper_dir)
        };
        let sol = solve_two_bone(root, target, upper, lower, pole);
        if !(sol.middle.is_finite() && sol.end.is_finite()) {
            continue;
        }
        let turn = |from: DVec3, to: DVec3| match (from.try_normalize(), to.try_normalize()) {
            (Some(a), Some(b)) => DQuat::from_rotation_arc(a, b),
            _ => DQuat::IDENTITY,
        };
        let upper_turn = turn(at[elbow] - root, sol.middle - root);
        let lower_turn = turn(at[wrist] - at[elbow], sol.end - sol.middle);
        pose.rotations[shoulder] = (upper_turn * pose.rotations[shoulder]).normalize();
        pose.rotations[elbow] = (lower_turn * pose.rotations[elbow]).normalize();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skeleton() -> Skeleton {
        Skeleton::from_profile(&posewire_body::BodyProfile::from_stature(1.75))
    }

    /// A pose with the left arm's elbow bent by `bend` radians about the
    /// vertical.
    fn bent_arm(bend: f64) -> BodyPose {
        let sk = skeleton();
        let mut pose = BodyPose::rest(&sk);
        let q = DQuat::from_rotation_y(bend);
        pose.rotations[Joint::LeftElbow] = q;
        pose.rotations[Joint::LeftWrist] = q;
        pose
    }

    #[test]
    fn a_near_wrist_is_put_on_the_reference_and_the_hand_keeps_its_turn() {
        let sk = skeleton();
        let mut pose = bent_arm(0.5);
        let reference = bent_arm(0.6);
        let hand = pose.rotations[Joint::LeftWrist];
        let right_before = pose.positions(&sk)[Joint::RightWrist];
        let s = WristHold {
            near_m: 0.05,
            far_m: 0.1,
        };
        let gap_before = (pose.positions(&sk)[Joint::LeftWrist]
            - reference.positions(&sk)[Joint::LeftWrist])
            .length();
        assert!(gap_before > 0.01 && gap_before < 0.05, "{gap_before}");
        hold_wrists(&mut pose, &reference, &sk, &s);
        let p = pose.positions(&sk);
        let r = reference.positions(&sk);
        assert!((p[Joint::LeftWrist] - r[Joint::LeftWrist]).length() < 1e-3);
        // Bone lengths are the skeleton's (rotations only), the hand's
        // world rotation and the other arm unchanged.
        let forearm = (p[Joint::LeftWrist] - p[Joint::LeftElbow]).length();
        assert!((forearm - sk.offsets[Joint::LeftWrist].length()).abs() < 1e-9);
        assert_eq!(pose.rotations[Joint::LeftWrist], hand);
        assert!((p[Joint::RightWrist] - right_before).length() < 1e-12);
    }

    #[test]
    fn a_far_wrist_stays_as_simulated_and_between_it_moves_part_way() {
        let sk = skeleton();
        let reference = bent_arm(1.2);
        let s = WristHold {
            near_m: 0.02,
            far_m: 0.1,
        };
        let mut far = bent_arm(0.0);
        let before = far;
        hold_wrists(&mut far, &reference, &sk, &s);
        assert_eq!(far, before);

        let mut mid = bent_arm(0.95);
        let at = mid.positions(&sk)[Joint::LeftWrist];
        let want = reference.positions(&sk)[Joint::LeftWrist];
        let gap = (want - at).length();
        assert!(gap > 0.02 && gap < 0.1, "{gap}");
        hold_wrists(&mut mid, &reference, &sk, &s);
        let moved = (mid.positions(&sk)[Joint::LeftWrist] - at).length();
        assert!((moved - gap * s.share(gap)).abs() < 2e-3, "{moved} {gap}");
        assert!(moved > 0.0 && moved < gap);
    }

    #[test]
    fn off_or_not_finite_leaves_the_pose() {
        let sk = skeleton();
        let mut pose = bent_arm(0.5);
        let before = pose;
        hold_wrists(&mut pose, &bent_arm(0.6), &sk, &WristHold::default());
        assert_eq!(pose, before);
        let mut reference = bent_arm(0.6);
        reference.root = DVec3::NAN;
        let s = WristHold {
            near_m: 0.05,
            far_m: 0.1,
        };
        hold_wrists(&mut pose, &reference, &sk, &s);
        assert_eq!(pose, before);
        assert_eq!(s.share(f64::NAN), 0.0);
    }
}
