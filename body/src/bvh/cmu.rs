//! The CMU motion-capture clips mapped onto the canonical joints
//! (EVALUATION.md 1.2-1.3, `../shared/data/mocap/README.md`).
//!
//! The clips use CMU's ASF bone names (`lfemur`, `lhand`, ...); the names of
//! the cgspeed BVH release (`LeftUpLeg`, `LeftFingerBase`, ...) are accepted
//! too. A BVH joint sits at the start of the ASF bone of the same name.

use glam::{DMat3, DQuat, DVec3};

use super::{Bvh, BvhError};
use crate::joint::{Joint, JointMap};
use crate::transform::Transform;

/// Metres per CMU length unit: one unit is 1/0.45 inch.
pub const METRES_PER_UNIT: f64 = 0.0254 / 0.45;

/// The ASF bone name and the cgspeed name of the BVH joint that stands for
/// a canonical joint. For `pelvis` these name the root, whose rotation the
/// pelvis takes (its position is the midpoint of the hips).
pub const fn source_names(joint: Joint) -> (&'static str, &'static str) {
    match joint {
        Joint::Pelvis => ("root", "Hips"),
        Joint::Spine => ("upperback", "Spine"),
        Joint::Chest => ("thorax", "Spine1"),
        Joint::Neck => ("lowerneck", "Neck"),
        Joint::Head => ("head", "Head"),
        Joint::LeftClavicle => ("lclavicle", "LeftShoulder"),
        Joint::RightClavicle => ("rclavicle", "RightShoulder"),
        Joint::LeftShoulder => ("lhumerus", "LeftArm"),
        Joint::RightShoulder => ("rhumerus", "RightArm"),
        Joint::LeftElbow => ("lradius", "LeftForeArm"),
        Joint::RightElbow => ("rradius", "RightForeArm"),
        Joint::LeftWrist => ("lhand", "LeftFingerBase"),
        Joint::RightWrist => ("rhand", "RightFingerBase"),
        Joint::LeftHip => ("lfemur", "LeftUpLeg"),
        Joint::RightHip => ("rfemur", "RightUpLeg"),
        Joint::LeftKnee => ("ltibia", "LeftLeg"),
        Joint::RightKnee => ("rtibia", "RightLeg"),
        Joint::LeftAnkle => ("lfoot", "LeftFoot"),
        Joint::RightAnkle => ("rfoot", "RightFoot"),
        Joint::LeftToe => ("ltoes", "LeftToeBase"),
        Joint::RightToe => ("rtoes", "RightToeBase"),
    }
}

/// Which BVH joint stands for each canonical joint, and the rest body frame
/// `R_body` of the clip.
#[derive(Debug, Clone, PartialEq)]
pub struct CmuMap {
    /// BVH joint index per canonical joint (for `pelvis`: the root).
    indices: JointMap<usize>,
    /// The rest body frame: columns (left, up, forward) in world axes.
    body_rotation: DQuat,
}

impl CmuMap {
    /// Finds every canonical joint by its ASF name (or, failing that, by
    /// its cgspeed name) and computes the rest body frame. The error lists
    /// every missing joint.
    pub fn new(bvh: &Bvh) -> Result<CmuMap, BvhError> {
        let lookup = |cgspeed: bool| -> (Vec<Option<usize>>, Vec<&'static str>) {
            let mut found = Vec::with_capacity(Joint::COUNT);
            let mut missing = Vec::new();
            for j in Joint::ALL {
                let (asf, cg) = source_names(j);
                let name = if cgspeed { cg } else { asf };
                let index = bvh.joint_index(name);
                if index.is_none() {
                    missing.push(name);
                }
                found.push(index);
            }
            (found, missing)
        };
        let (asf, asf_missing) = lookup(false);
        let (found, missing) = if asf_missing.is_empty() {
            (asf, asf_missing)
        } else {
            let (cg, cg_missing) = lookup(true);
            if cg_missing.len() < asf_missing.len() {
                (cg, cg_missing)
            } else {
                (asf, asf_missing)
            }
        };
        if !missing.is_empty() {
            return Err(BvhError::Mapping {
                path: None,
                reason: format!(
                    "the CMU mapping needs joints the hierarchy lacks: {}",
                    missing.join(", ")
                ),
            });
        }
        let indices = JointMap::from_fn(|j| found[j.index()].unwrap_or(0));

        let rest = bvh.rest_world_transforms();
        let across =
            rest[indices[Joint::LeftHip]].position - rest[indices[Joint::RightHip]].position;
        let x = DVec3::new(across.x, 0.0, across.z);
        if x.length() < 1e-9 * across.length().max(1.0) || !x.is_finite() {
            return Err(BvhError::Mapping {
                path: None,
                reason: "the hips are not side by side at rest: no body frame".to_string(),
            });
        }
        let x = x.normalize();
        let y = DVec3::Y;
        let z = x.cross(y);
        let body_rotation = DQuat::from_mat3(&DMat3::from_cols(x, y, z)).normalize();
        Ok(CmuMap {
            indices,
            body_rotation,
        })
    }

    /// The BVH joint of a canonical joint (for `pelvis`: the root, whose
    /// rotation the pelvis takes).
    pub fn bvh_joint(&self, joint: Joint) -> usize {
        self.indices[joint]
    }

    /// The BVH joint of the left hip (`lfemur`).
    pub fn left_hip(&self) -> usize {
        self.indices[Joint::LeftHip]
    }

    /// The BVH joint of the right hip (`rfemur`).
    pub fn right_hip(&self) -> usize {
        self.indices[Joint::RightHip]
    }

    /// The rest body frame `R_body` (EVALUATION.md 1.3): turns world axes
    /// into the body's (left, up, forward) at rest. Identity for CMU clips.
    pub fn body_rotation(&self) -> DQuat {
        self.body_rotation
    }

    /// Canonical joints in METRES from one frame's BVH world transforms
    /// (file units, from [`Bvh::world_transforms`] of the same file):
    /// position = the mapped joint's position (pelvis: the hip midpoint)
    /// times [`METRES_PER_UNIT`]; rotation = the mapped joint's world
    /// rotation (pelvis: the root's) times `R_body`. Missing entries of
    /// `world` count as identity.
    pub fn canonical(&self, world: &[Transform]) -> JointMap<Transform> {
        let at = |i: usize| world.get(i).copied().unwrap_or(Transform::IDENTITY);
        JointMap::from_fn(|j| {
            let source = at(self.indices[j]);
            let position = if j == Joint::Pelvis {
                (at(self.left_hip()).position + at(self.right_hip()).position) * 0.5
            } else {
                source.position
            };
            Transform::new(
                position * METRES_PER_UNIT,
                (source.rotation * self.body_rotation).normalize(),
            )
        })
    }

    /// [`CmuMap::canonical`] of frame `frame` of `bvh`.
    ///
    /// # Panics
    /// If `frame >= bvh.frame_count()`.
    pub fn canonical_frame(&self, bvh: &Bvh, frame: usize) -> JointMap<Transform> {
        self.canonical(&bvh.world_transforms(frame))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bvh::{BvhJoint, Channel};

    /// A minimal body with every ASF joint on a chain from the root; the
    /// hips at +-1 along `across`.
    fn tiny(across: DVec3) -> Bvh {
        let mut joints = vec![BvhJoint {
            name: "root".into(),
            parent: None,
            offset: DVec3::ZERO,
            channels: vec![Channel::Yrotation],
            end_site: None,
        }];
        for j in Joint::ALL.into_iter().skip(1) {
            let offset = match j {
                Joint::LeftHip => across,
                Joint::RightHip => -across,
                _ => DVec3::Y,
            };
            joints.push(BvhJoint {
                name: source_names(j).0.into(),
                parent: Some(0),
                offset,
                channels: vec![],
                end_site: None,
            });
        }
        Bvh {
            joints,
            frame_time: 0.01,
            frames: vec![vec![90.0]],
        }
    }

    #[test]
    fn bvh_cmu_body_frame_follows_the_hips() {
        let map = CmuMap::new(&tiny(DVec3::X)).expect("maps");
        assert!(map.body_rotation().angle_between(DQuat::IDENTITY) < 1e-12);
        // A clip whose rest pose faces -Z (left = -X): R_body turns 180 deg.
        let bvh = tiny(-DVec3::X);
        let map = CmuMap::new(&bvh).expect("maps");
        assert!((map.body_rotation() * DVec3::X - -DVec3::X).length() < 1e-12);
        assert!((map.body_rotation() * DVec3::Z - -DVec3::Z).length() < 1e-12);
        // Root turned 90 deg about +Y: pelvis frame x (left) = R * (-X) = +Z.
        let c = map.canonical_frame(&bvh, 0);
        assert!((c[Joint::Pelvis].rotation * DVec3::X - DVec3::Z).length() < 1e-12);
        assert!(c[Joint::Pelvis].position.length() < 1e-12);
        assert!(
            (c[Joint::Head].position - DVec3::Y * METRES_PER_UNIT).length() < 1e-12,
            "{}",
            c[Joint::Head].position
        );
    }

    #[test]
    fn bvh_cmu_mapping_errors() {
        let mut bvh = tiny(DVec3::X);
        bvh.joints[Joint::LeftWrist.index()].name = "lwrist".into();
        bvh.joints[Joint::Neck.index()].name = "neck".into();
        let err = CmuMap::new(&bvh)
            .expect_err("lhand missing")
            .with_path("x.bvh");
        let msg = err.to_string();
        assert!(
            msg.starts_with("x.bvh:") && msg.contains("lhand") && msg.contains("lowerneck"),
            "{msg}"
        );
        let err = CmuMap::new(&tiny(DVec3::Y)).expect_err("hips stacked");
        assert!(err.to_string().contains("hips"), "{err}");
    }

    #[test]
    fn bvh_cmu_accepts_cgspeed_names() {
        let mut bvh = tiny(DVec3::X);
        for j in Joint::ALL {
            bvh.joints[j.index()].name = source_names(j).1.into();
        }
        let map = CmuMap::new(&bvh).expect("cgspeed names map");
        assert_eq!(map.bvh_joint(Joint::LeftWrist), Joint::LeftWrist.index());
        assert_eq!(map.left_hip(), Joint::LeftHip.index());
        assert_eq!(map.right_hip(), Joint::RightHip.index());
    }
}
