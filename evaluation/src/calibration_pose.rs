//! The BVH skeleton posed in the three calibration poses (EVALUATION.md
//! section 1 item 6): arms per the table (`posewire_calibration::poses`,
//! the one table of the poses), thighs and shins straight down,
//! everything else at its rest rotation, turned to a heading.

use posewire_body::bvh::cmu::CmuMap;
use posewire_body::bvh::Bvh;
use posewire_body::formats::CalibrationPose;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{Joint, JointMap, Transform};
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
        let world: Vec<DQuat> = relative
            .iter()
            .map(|r| (turn * *r * body_inverse).normalize())
            .collect();
        let positions = self.bvh.positions_from_world_rotations(DVec3::ZERO, &world);
        let transforms: Vec<Transform> = positions
            .into_iter()
            .zip(world)
            .map(|(p, r)| Transform::new(p, r))
            .collect();
        self.map.canonical(&transforms)
    }
}
