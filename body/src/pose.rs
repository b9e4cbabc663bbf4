//! A whole-body pose and forward kinematics on the canonical skeleton.

use glam::{DQuat, DVec3};

use crate::joint::{Joint, JointMap};
use crate::skeleton::Skeleton;
use crate::transform::Transform;

/// A body pose: where the pelvis is and how every bone is turned, both in
/// the world frame (rotations relative to the canonical rest pose).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyPose {
    /// World position of the `pelvis` joint.
    pub root: DVec3,
    /// World rotation of every bone relative to rest.
    pub rotations: JointMap<DQuat>,
}

impl BodyPose {
    /// The rest pose (T-pose) of a skeleton, standing at the origin.
    pub fn rest(skeleton: &Skeleton) -> BodyPose {
        BodyPose {
            root: skeleton.offsets[Joint::Pelvis],
            rotations: JointMap::splat(DQuat::IDENTITY),
        }
    }

    /// Forward kinematics: world position of every joint. Each joint sits at
    /// its parent's position plus the parent bone's rotation applied to the
    /// rest offset, so bone lengths never change.
    pub fn positions(&self, skeleton: &Skeleton) -> JointMap<DVec3> {
        let mut p = JointMap::splat(DVec3::ZERO);
        for j in Joint::ALL {
            p[j] = match j.parent() {
                Some(parent) => p[parent] + self.rotations[parent] * skeleton.offsets[j],
                None => self.root,
            };
        }
        p
    }

    /// World transforms (position and bone rotation) of every joint.
    pub fn transforms(&self, skeleton: &Skeleton) -> JointMap<Transform> {
        let p = self.positions(skeleton);
        JointMap::from_fn(|j| Transform::new(p[j], self.rotations[j]))
    }

    /// The rotation of a bone relative to its parent bone (`parent^-1 *
    /// child`); the root's is its world rotation.
    pub fn local_rotation(&self, joint: Joint) -> DQuat {
        match joint.parent() {
            Some(parent) => self.rotations[parent].inverse() * self.rotations[joint],
            None => self.rotations[joint],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::BodyProfile;

    #[test]
    fn bone_lengths_stay_constant_under_forward_kinematics() {
        let skeleton = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
        let mut pose = BodyPose::rest(&skeleton);
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
        };
        for trial in 0..50 {
            pose.root = DVec3::new(next(), 1.0 + next() * 0.2, next());
            for j in Joint::ALL {
                let axis = DVec3::new(next(), next(), next()).normalize_or(DVec3::Y);
                pose.rotations[j] = DQuat::from_axis_angle(axis, next() * 3.0);
            }
            let p = pose.positions(&skeleton);
            for j in Joint::ALL {
                if let Some(parent) = j.parent() {
                    let len = (p[j] - p[parent]).length();
                    assert!(
                        (len - skeleton.bone_length(j)).abs() < 1e-12,
                        "trial {trial}: bone {parent}->{j} is {len}"
                    );
                }
            }
        }
    }

    #[test]
    fn rest_pose_matches_profile_measures() {
        let profile = BodyProfile::from_stature(1.80);
        let skeleton = Skeleton::from_profile(&profile);
        let p = BodyPose::rest(&skeleton).positions(&skeleton);
        assert!((p[Joint::Head].y - profile.body.head_height).abs() < 1e-9);
        assert!((p[Joint::LeftShoulder].y - profile.body.shoulder_height).abs() < 1e-9);
        let sw = (p[Joint::LeftShoulder] - p[Joint::RightShoulder]).length();
        assert!((sw - profile.body.shoulder_width).abs() < 1e-9);
        assert!((p[Joint::LeftAnkle].y - profile.body.ankle_height).abs() < 1e-9);
        assert!(p[Joint::LeftWrist].x > 0.0, "left is +X");
    }
}
