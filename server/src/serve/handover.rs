//! A smooth hand-over in the live stream when an avatar's solver starts
//! again (a recording begins, or its profile changes). A fresh solver has
//! no history: with three devices its stepping planner puts the feet back
//! under the body, so the streamed body jumped (up to 43 cm at an ankle on
//! a walk). Instead the stream keeps the difference between the last
//! streamed pose and the new solver's first one and fades it out over
//! [`HANDOVER_S`] (offset blending, as games do between animations).
//!
//! Only the stream is blended: a recording stores the new solver's own
//! output, so a re-solve of the take still reproduces it bit for bit.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, Joint, JointMap};

/// How long the difference takes to fade out, seconds.
pub const HANDOVER_S: f64 = 0.5;

/// The streamed body's state across a solver restart.
#[derive(Debug, Clone, Default)]
pub struct Handover {
    /// The last pose streamed.
    last: Option<BodyPose>,
    /// Set when the solver restarted: the pose to blend from, until the
    /// new solver's first pose arrives.
    pending: Option<BodyPose>,
    /// The difference being faded: per joint, the parent-relative turn
    /// from the new solver's pose to the old one; the root's offset; and
    /// the loop time it began.
    fading: Option<(JointMap<DQuat>, DVec3, f64)>,
}

impl Handover {
    /// The solver restarted: the next poses fade in from the last one
    /// streamed (nothing to do if none was).
    pub fn solver_restarted(&mut self) {
        self.pending = self.last;
        self.fading = None;
    }

    /// The pose to stream at loop time `t` for the solver's `solved` pose.
    pub fn stream(&mut self, solved: &BodyPose, t: f64) -> BodyPose {
        if let Some(from) = self.pending.take() {
            let mut turn = JointMap::splat(DQuat::IDENTITY);
            for j in Joint::ALL {
                turn[j] = (from.local_rotation(j) * solved.local_rotation(j).inverse()).normalize();
            }
            let offset = from.root - solved.root;
            let finite = offset.is_finite() && Joint::ALL.iter().all(|&j| turn[j].is_finite());
            self.fading = finite.then_some((turn, offset, t));
        }
        let out = match self.fading {
            Some((turn, offset, start)) => {
                let x = ((t - start) / HANDOVER_S).clamp(0.0, 1.0);
                if x >= 1.0 {
                    self.fading = None;
                    *solved
                } else {
                    // Smoothstep down from 1 to 0: no jump at either end.
                    let w = 1.0 - x * x * (3.0 - 2.0 * x);
                    blend(solved, &turn, offset, w)
                }
            }
            None => *solved,
        };
        self.last = Some(out);
        out
    }

    /// Whether a difference is still fading out.
    pub fn is_fading(&self) -> bool {
        self.pending.is_some() || self.fading.is_some()
    }
}

/// `pose` with `w` of each joint's turn and of the root's offset added.
fn blend(pose: &BodyPose, turn: &JointMap<DQuat>, offset: DVec3, w: f64) -> BodyPose {
    let mut out = *pose;
    out.root = pose.root + offset * w;
    for j in Joint::ALL {
        let local = DQuat::IDENTITY.slerp(turn[j], w) * pose.local_rotation(j);
        out.rotations[j] = match j.parent() {
            Some(p) => (out.rotations[p] * local).normalize(),
            None => local.normalize(),
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::{BodyProfile, Skeleton};

    fn poses() -> (Skeleton, BodyPose, BodyPose) {
        let sk = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
        let old = BodyPose::rest(&sk);
        let mut new = old;
        new.root += DVec3::new(0.3, 0.0, 0.1);
        // The new solver's left leg swung forward, the trunk turned.
        let mut locals = JointMap::splat(DQuat::IDENTITY);
        locals[Joint::LeftHip] = DQuat::from_rotation_x(-0.7);
        locals[Joint::Chest] = DQuat::from_rotation_y(0.4);
        for j in Joint::ALL {
            if let Some(p) = j.parent() {
                new.rotations[j] = new.rotations[p] * locals[j] * old.local_rotation(j);
            }
        }
        (sk, old, new)
    }

    fn largest_move(sk: &Skeleton, a: &BodyPose, b: &BodyPose) -> f64 {
        let (pa, pb) = (a.positions(sk), b.positions(sk));
        Joint::ALL
            .iter()
            .map(|&j| (pa[j] - pb[j]).length())
            .fold(0.0, f64::max)
    }

    #[test]
    fn a_restart_fades_in_instead_of_jumping() {
        let (sk, old, new) = poses();
        let mut h = Handover::default();
        let dt = 1.0 / 90.0;
        assert_eq!(h.stream(&old, 0.0), old);
        h.solver_restarted();
        let jump = largest_move(&sk, &old, &new);
        assert!(jump > 0.3, "the two solvers disagree by {jump} m");
        // The new solver holds its pose; the stream moves toward it in
        // small steps and ends exactly on it.
        let mut prev = old;
        let mut worst: f64 = 0.0;
        let mut t = dt;
        while h.is_fading() || t < dt * 2.0 {
            let out = h.stream(&new, t);
            worst = worst.max(largest_move(&sk, &prev, &out));
            prev = out;
            t += dt;
            assert!(t < 2.0, "the hand-over never ended");
        }
        assert_eq!(prev, new, "the stream ends on the solver's pose");
        let ticks = HANDOVER_S / dt;
        assert!(
            worst < 2.0 * jump / ticks,
            "a tick moved a joint {worst} m (the whole jump {jump} m over {ticks} ticks)"
        );
        assert!(worst > 0.0);
    }

    #[test]
    fn the_first_streamed_pose_after_a_restart_is_the_old_one() {
        let (sk, old, new) = poses();
        let mut h = Handover::default();
        h.stream(&old, 0.0);
        h.solver_restarted();
        let first = h.stream(&new, 1.0 / 90.0);
        assert!(largest_move(&sk, &first, &old) < 1e-9);
    }

    #[test]
    fn without_a_restart_the_stream_is_the_solver_pose() {
        let (_, old, new) = poses();
        let mut h = Handover::default();
        assert_eq!(h.stream(&old, 0.0), old);
        assert_eq!(h.stream(&new, 0.1), new);
        assert!(!h.is_fading());
    }

    #[test]
    fn a_restart_before_anything_was_streamed_streams_the_solver_pose() {
        let (_, _, new) = poses();
        let mut h = Handover::default();
        h.solver_restarted();
        assert_eq!(h.stream(&new, 0.0), new);
    }
}
