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
use posewire_body::{BodyPose, Joint, JointMap, Side, Skeleton};
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
    /// Time constant of the low-pass on the gap, seconds (0: none): the
    /// slow part of the gap (the arm's lag) is closed, the reference's
    /// sample-to-sample noise not passed on.
    pub smoothing_s: f64,
}

impl Default for WristHold {
    fn default() -> Self {
        WristHold {
            near_m: 0.0,
            far_m: 0.0,
            smoothing_s: 0.0,
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

/// The low-passed gaps between the simulated wrists and the reference's.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct HeldWrists {
    gaps: [Option<DVec3>; 2],
}

impl HeldWrists {
    /// Forgets the gaps (the body stopped tracking).
    pub fn reset(&mut self) {
        self.gaps = [None, None];
    }

    /// Low-passes each wrist's gap over `dt` seconds and turns `pose`'s
    /// arms to close the filtered gap as [`hold_wrists`] closes the gap.
    pub fn apply(
        &mut self,
        pose: &mut BodyPose,
        reference: &BodyPose,
        skeleton: &Skeleton,
        s: &WristHold,
        dt: f64,
    ) {
        if s.near_m <= 0.0 {
            return;
        }
        let at = pose.positions(skeleton);
        let want = reference.positions(skeleton);
        let alpha = if s.smoothing_s > 0.0 && dt.is_finite() && dt > 0.0 {
            1.0 - (-dt / s.smoothing_s).exp()
        } else {
            1.0
        };
        let mut targets = want;
        for (i, wrist) in [Joint::LeftWrist, Joint::RightWrist]
            .into_iter()
            .enumerate()
        {
            let gap = want[wrist] - at[wrist];
            if !gap.is_finite() {
                self.gaps[i] = None;
                continue;
            }
            let filtered = match self.gaps[i] {
                Some(g) => g + (gap - g) * alpha,
                None => gap,
            };
            self.gaps[i] = Some(filtered);
            targets[wrist] = at[wrist] + filtered;
        }
        hold_at(pose, &at, &targets, skeleton, s);
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
    hold_at(pose, &at, &want, skeleton, s);
}

/// [`hold_wrists`] with the joint positions of the pose (`at`) and of the
/// reference (`want`) given.
fn hold_at(
    pose: &mut BodyPose,
    at: &JointMap<DVec3>,
    want: &JointMap<DVec3>,
    skeleton: &Skeleton,
    s: &WristHold,
) {
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
            smoothing_s: 0.0,
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
            smoothing_s: 0.0,
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
            smoothing_s: 0.0,
        };
        hold_wrists(&mut pose, &reference, &sk, &s);
        assert_eq!(pose, before);
        assert_eq!(s.share(f64::NAN), 0.0);
    }

    #[test]
    fn a_smoothed_hold_closes_a_steady_gap_and_damps_a_flickering_one() {
        let sk = skeleton();
        let s = WristHold {
            near_m: 0.05,
            far_m: 0.1,
            smoothing_s: 0.05,
        };
        let dt = 1.0 / 90.0;
        let wrist = |p: &BodyPose| p.positions(&sk)[Joint::LeftWrist];
        // A steady gap: closed within a few time constants.
        let mut held = HeldWrists::default();
        let (sim, reference) = (bent_arm(0.5), bent_arm(0.6));
        let mut out = sim;
        for _ in 0..60 {
            out = sim;
            held.apply(&mut out, &reference, &sk, &s, dt);
        }
        assert!((wrist(&out) - wrist(&reference)).length() < 1e-3);
        // A reference flickering between two poses every sample: the output
        // moves by much less than the reference does.
        let mut held = HeldWrists::default();
        let (a, b) = (bent_arm(0.55), bent_arm(0.65));
        let mut outs = Vec::new();
        for k in 0..60 {
            let mut out = sim;
            held.apply(&mut out, if k % 2 == 0 { &a } else { &b }, &sk, &s, dt);
            outs.push(wrist(&out));
        }
        let flicker = (wrist(&a) - wrist(&b)).length();
        let moved = (outs[59] - outs[58]).length();
        assert!(moved < 0.3 * flicker, "{moved} against {flicker}");
        held.reset();
        assert_eq!(held, HeldWrists::default());
    }
}
