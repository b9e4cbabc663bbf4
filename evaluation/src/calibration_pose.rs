//! The BVH skeleton posed in the three calibration poses (EVALUATION.md
//! section 1 item 6): arms per the table (`posewire_calibration::poses`,
//! the one table of the poses), thighs and shins straight down,
//! everything else at its rest rotation, turned to a heading.

use posewire_body::bvh::cmu::{CmuMap, METRES_PER_UNIT};
use posewire_body::bvh::Bvh;
use posewire_body::formats::CalibrationPose;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{Joint, JointMap, Side, Transform};
use posewire_calibration::poses::bone_rotation;

/// Poses one BVH skeleton: knows which BVH joint is which canonical joint
/// and where every joint is at rest.
pub(crate) struct CalibrationPoser<'a> {
    bvh: &'a Bvh,
    map: &'a CmuMap,
    /// The canonical joint each BVH joint stands for, if any.
    canonical_of: Vec<Option<Joint>>,
    /// Rest world positions, file units.
    rest: Vec<DVec3>,
}

impl<'a> CalibrationPoser<'a> {
    /// A poser for `bvh` mapped by `map`.
    pub(crate) fn new(bvh: &'a Bvh, map: &'a CmuMap) -> Self {
        let mut canonical_of = vec![None; bvh.joints.len()];
        for j in Joint::ALL {
            if let Some(slot) = canonical_of.get_mut(map.bvh_joint(j)) {
                *slot = Some(j);
            }
        }
        let rest = bvh
            .rest_world_transforms()
            .into_iter()
            .map(|t| t.position)
            .collect();
        CalibrationPoser {
            bvh,
            map,
            canonical_of,
            rest,
        }
    }

    /// The smallest rotation (canonical frame) that points the bone
    /// starting at `joint` (ending at `child`) straight down.
    fn straight_down(&self, joint: Joint, child: Joint) -> DQuat {
        let along = self.rest[self.map.bvh_joint(child)] - self.rest[self.map.bvh_joint(joint)];
        let along = self.map.body_rotation().inverse() * along;
        match along.try_normalize() {
            Some(d) => DQuat::from_rotation_arc(d, -DVec3::Y),
            None => DQuat::IDENTITY,
        }
    }

    /// The canonical joints (metres, canonical bone rotations) of the
    /// skeleton in `pose`, turned by `heading` (radians about +Y) with the
    /// BVH root at the origin.
    pub(crate) fn pose(&self, pose: CalibrationPose, heading: f64) -> JointMap<Transform> {
        let world = self.world_rotations(pose, heading);
        self.place(world)
    }

    /// The world rotation of every BVH joint in `pose` turned by `heading`.
    fn world_rotations(&self, pose: CalibrationPose, heading: f64) -> Vec<DQuat> {
        let body_inverse = self.map.body_rotation().inverse();
        let turn = DQuat::from_rotation_y(heading);
        // Global rotations relative to rest in the canonical frame.
        let mut relative: Vec<DQuat> = Vec::with_capacity(self.bvh.joints.len());
        for (i, joint) in self.bvh.joints.iter().enumerate() {
            let r = match self.canonical_of[i] {
                Some(j @ (Joint::LeftHip | Joint::RightHip)) => {
                    let knee = if j == Joint::LeftHip {
                        Joint::LeftKnee
                    } else {
                        Joint::RightKnee
                    };
                    self.straight_down(j, knee)
                }
                Some(j @ (Joint::LeftKnee | Joint::RightKnee)) => {
                    let ankle = if j == Joint::LeftKnee {
                        Joint::LeftAnkle
                    } else {
                        Joint::RightAnkle
                    };
                    self.straight_down(j, ankle)
                }
                Some(j) => bone_rotation(j, pose),
                // Not canonical (CMU's `lwrist`, fingers, thumb, hip
                // joints, lower back, upper neck): rest local rotation,
                // i.e. the parent's global rotation.
                None => joint
                    .parent
                    .and_then(|p| relative.get(p).copied())
                    .unwrap_or(DQuat::IDENTITY),
            };
            relative.push(r);
        }
        relative
            .iter()
            .map(|r| (turn * *r * body_inverse).normalize())
            .collect()
    }

    /// The canonical joints of the skeleton given every joint's world
    /// rotation, the BVH root at the origin.
    fn place(&self, world: Vec<DQuat>) -> JointMap<Transform> {
        let positions = self.bvh.positions_from_world_rotations(DVec3::ZERO, &world);
        let transforms: Vec<Transform> = positions
            .into_iter()
            .zip(world)
            .map(|(p, r)| Transform::new(p, r))
            .collect();
        self.map.canonical(&transforms)
    }

    /// The skeleton with both hands on the hips (the optional
    /// `hands_on_hips` calibration pose), turned by `heading`: the legs and
    /// trunk as in the other poses, each wrist joint `above_hip_m` above its
    /// hip joint and `out_m` further out to the side, reached by two-bone
    /// IK with the elbow out to the side and a little back.
    pub(crate) fn hands_on_hips(
        &self,
        heading: f64,
        above_hip_m: f64,
        out_m: f64,
    ) -> JointMap<Transform> {
        let mut world = self.world_rotations(CalibrationPose::ArmsDown, heading);
        let positions = self.bvh.positions_from_world_rotations(DVec3::ZERO, &world);
        let turn = DQuat::from_rotation_y(heading);
        let (left, forward) = (turn * DVec3::X, turn * DVec3::Z);
        for side in [Side::Left, Side::Right] {
            let s = side.sign();
            let pick = |l: Joint| if side == Side::Left { l } else { l.mirror() };
            let (shoulder, elbow, wrist, hip) = (
                self.map.bvh_joint(pick(Joint::LeftShoulder)),
                self.map.bvh_joint(pick(Joint::LeftElbow)),
                self.map.bvh_joint(pick(Joint::LeftWrist)),
                self.map.bvh_joint(pick(Joint::LeftHip)),
            );
            let upper_rest = self.rest[elbow] - self.rest[shoulder];
            let lower_rest = self.rest[wrist] - self.rest[elbow];
            let (a, b) = (upper_rest.length(), lower_rest.length());
            let start = positions[shoulder];
            let target = positions[hip]
                + left * (s * out_m / METRES_PER_UNIT)
                + DVec3::Y * (above_hip_m / METRES_PER_UNIT);
            let Some(dir) = (target - start).try_normalize() else {
                continue;
            };
            let d = (target - start)
                .length()
                .clamp((a - b).abs() + 1e-6, a + b - 1e-6);
            let pole = s * left - 0.5 * forward;
            let across = (pole - dir * pole.dot(dir))
                .try_normalize()
                .unwrap_or(left * s);
            let along = (a * a - b * b + d * d) / (2.0 * d);
            let up = (a * a - along * along).max(0.0).sqrt();
            let elbow_at = start + dir * along + across * up;
            let wrist_at = start + dir * d;
            let arc = |from: DVec3, to: DVec3| match (from.try_normalize(), to.try_normalize()) {
                (Some(f), Some(t)) => DQuat::from_rotation_arc(f, t),
                _ => DQuat::IDENTITY,
            };
            let upper = arc(upper_rest, elbow_at - start);
            let lower = arc(lower_rest, wrist_at - elbow_at);
            // The shoulder bone turns with the upper arm; the elbow and
            // everything below it (forearm twist, hand, fingers) with the
            // forearm.
            for (i, joint) in self.bvh.joints.iter().enumerate() {
                if i == shoulder {
                    world[i] = upper;
                } else if i == elbow || joint.parent.is_some_and(|p| self.below(p, elbow)) {
                    world[i] = lower;
                }
            }
        }
        self.place(world)
    }

    /// Whether BVH joint `i` is `top` or below it.
    fn below(&self, mut i: usize, top: usize) -> bool {
        loop {
            if i == top {
                return true;
            }
            match self.bvh.joints.get(i).and_then(|j| j.parent) {
                Some(p) if p < i => i = p,
                _ => return false,
            }
        }
    }
}
