//! Retargeting a canonical [`BodyPose`] (world bone rotations relative to
//! the canonical T-pose) onto a mesh's own skeleton, from its bind pose.
//!
//! The rig's facing gives a rotation `A` from the canonical frame (x left,
//! y up, z forward) to the mesh's world. Each mapped bone's bind direction,
//! expressed in the canonical frame, differs from the T-pose direction by a
//! shortest-arc rotation `P`; the bone's world rotation from its bind pose is
//! then `A q P^-1 A^-1` for the canonical rotation `q`. Unmapped mesh joints
//! (fingers, helpers) keep their rotation relative to their parent. The
//! root moves by the canonical root's displacement, scaled by leg length.

use glam::{DQuat, DVec3, Quat};
use posewire_body::{BodyPose, Joint, JointMap, Skeleton};

use crate::deform::BoneTransform;
use crate::error::SkinError;
use crate::mesh::SkinnedMesh;
use crate::rig_map::RigMap;

/// Precomputed retargeting from canonical poses to one mesh skeleton.
#[derive(Debug, Clone)]
pub struct Retargeter {
    align: DQuat,
    /// Bind offset rotation `P` of every canonical joint.
    bind_offset: JointMap<DQuat>,
    /// Canonical joint played by each mesh joint.
    played: Vec<Option<Joint>>,
    parent: Vec<Option<usize>>,
    bind_pos: Vec<DVec3>,
    /// Mesh joints, parents first.
    order: Vec<usize>,
    pelvis: usize,
    rest_root: DVec3,
    root_scale: f64,
}

impl Retargeter {
    /// Prepares retargeting. Needs the pelvis, one of chest/neck/head, and a
    /// left/right pair (shoulders, hips, elbows or knees) to find the rig's
    /// facing.
    pub fn new(
        mesh: &SkinnedMesh,
        map: &RigMap,
        skeleton: &Skeleton,
    ) -> Result<Retargeter, SkinError> {
        let bind_pos: Vec<DVec3> = mesh.skeleton.iter().map(|j| j.bind_position).collect();
        let at = |j: Joint| map.joints[j].map(|i| bind_pos[i]);
        let pelvis = map.joints[Joint::Pelvis].ok_or_else(|| {
            SkinError::Mapping(format!("{}: no mesh joint for the pelvis", mesh.name))
        })?;
        let top = [Joint::Head, Joint::Neck, Joint::Chest]
            .into_iter()
            .find_map(at)
            .ok_or_else(|| {
                SkinError::Mapping(format!("{}: no head, neck or chest joint", mesh.name))
            })?;
        let mut left = DVec3::ZERO;
        for (l, r) in [
            (Joint::LeftShoulder, Joint::RightShoulder),
            (Joint::LeftHip, Joint::RightHip),
            (Joint::LeftElbow, Joint::RightElbow),
            (Joint::LeftKnee, Joint::RightKnee),
        ] {
            if let (Some(a), Some(b)) = (at(l), at(r)) {
                left += a - b;
            }
        }
        let up = (top - bind_pos[pelvis]).normalize_or_zero();
        let left = (left - up * left.dot(up)).normalize_or_zero();
        if up == DVec3::ZERO || left == DVec3::ZERO {
            return Err(SkinError::Mapping(format!(
                "{}: cannot find the rig's up and left directions (need a left/right joint pair)",
                mesh.name
            )));
        }
        let forward = left.cross(up);
        let align = DQuat::from_mat3(&glam::DMat3::from_cols(left, up, forward)).normalize();

        let rest = BodyPose::rest(skeleton).positions(skeleton);
        let mut bind_offset = JointMap::splat(DQuat::IDENTITY);
        for c in Joint::ALL {
            let inherited = c.parent().map_or(DQuat::IDENTITY, |p| bind_offset[p]);
            let child = primary_child(c);
            bind_offset[c] = match (
                map.joints[c],
                child.and_then(|ch| map.joints[ch].map(|i| (ch, i))),
            ) {
                (Some(mi), Some((ch, ci))) => {
                    let canon = (rest[ch] - rest[c]).normalize_or_zero();
                    let mesh_dir =
                        (align.inverse() * (bind_pos[ci] - bind_pos[mi])).normalize_or_zero();
                    if canon == DVec3::ZERO || mesh_dir == DVec3::ZERO {
                        inherited
                    } else {
                        DQuat::from_rotation_arc(canon, mesh_dir)
                    }
                }
                _ => inherited,
            };
        }
        let mut played = vec![None; mesh.skeleton.len()];
        for c in Joint::ALL {
            if let Some(i) = map.joints[c] {
                played[i] = Some(c);
            }
        }
        let parent: Vec<Option<usize>> = mesh.skeleton.iter().map(|j| j.parent).collect();
        let order = parents_first(&parent);
        let leg = |a: Joint, b: Joint, c: Joint| -> Option<f64> {
            Some((at(b)? - at(a)?).length() + (at(c)? - at(b)?).length())
        };
        let canon_leg = (rest[Joint::LeftKnee] - rest[Joint::LeftHip]).length()
            + (rest[Joint::LeftAnkle] - rest[Joint::LeftKnee]).length();
        let root_scale = leg(Joint::LeftHip, Joint::LeftKnee, Joint::LeftAnkle)
            .or_else(|| leg(Joint::RightHip, Joint::RightKnee, Joint::RightAnkle))
            .filter(|l| *l > 1e-6 && canon_leg > 1e-6)
            .map_or(1.0, |l| l / canon_leg);
        Ok(Retargeter {
            align,
            bind_offset,
            played,
            parent,
            bind_pos,
            order,
            pelvis,
            rest_root: rest[Joint::Pelvis],
            root_scale,
        })
    }

    /// The canonical pose that reproduces the mesh's bind pose (retargeting
    /// it gives identity transforms).
    pub fn bind_pose(&self) -> BodyPose {
        BodyPose {
            root: self.rest_root,
            rotations: self.bind_offset,
        }
    }

    /// The skinning transform of every mesh joint for a canonical pose.
    pub fn transforms(&self, pose: &BodyPose) -> Vec<BoneTransform> {
        let n = self.parent.len();
        let mut rot = vec![DQuat::IDENTITY; n];
        let mut pos = self.bind_pos.clone();
        for &j in &self.order {
            let parent_rot = self.parent[j].map_or(DQuat::IDENTITY, |p| rot[p]);
            rot[j] = match self.played[j] {
                Some(c) => {
                    let q = pose.rotations[c].normalize();
                    (self.align * q * self.bind_offset[c].inverse() * self.align.inverse())
                        .normalize()
                }
                None => parent_rot,
            };
            if let Some(p) = self.parent[j] {
                pos[j] = pos[p] + rot[p] * (self.bind_pos[j] - self.bind_pos[p]);
            }
        }
        let target = self.bind_pos[self.pelvis]
            + self.align * (pose.root - self.rest_root) * self.root_scale;
        let shift = target - pos[self.pelvis];
        (0..n)
            .map(|j| {
                let p = pos[j] + shift;
                BoneTransform {
                    rotation: Quat::from_xyzw(
                        rot[j].x as f32,
                        rot[j].y as f32,
                        rot[j].z as f32,
                        rot[j].w as f32,
                    ),
                    translation: (p - rot[j] * self.bind_pos[j]).as_vec3(),
                }
            })
            .collect()
    }
}

/// The child whose direction defines a canonical bone's direction.
fn primary_child(j: Joint) -> Option<Joint> {
    j.children().next()
}

/// Joint indices ordered so that parents come first.
fn parents_first(parent: &[Option<usize>]) -> Vec<usize> {
    let depth = |mut j: usize| {
        let mut d = 0;
        while let Some(p) = parent[j] {
            d += 1;
            j = p;
            if d > parent.len() {
                break;
            }
        }
        d
    };
    let mut order: Vec<usize> = (0..parent.len()).collect();
    order.sort_by_key(|&j| depth(j));
    order
}
