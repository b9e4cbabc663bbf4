//! Forward kinematics of a [`Bvh`]: local and world transforms per frame,
//! in file units.

use glam::{DQuat, DVec3};

use super::{Bvh, Channel};
use crate::transform::Transform;

/// The local transform given one joint's offset, channels and values:
/// translation = offset + position channels, rotation = the rotation
/// channels multiplied in the order listed (`Zrotation Yrotation Xrotation`
/// gives `Rz * Ry * Rx` on column vectors), degrees. Missing values count
/// as zero.
pub fn local_from_channels(offset: DVec3, channels: &[Channel], values: &[f64]) -> Transform {
    let mut position = offset;
    let mut rotation = DQuat::IDENTITY;
    for (k, channel) in channels.iter().enumerate() {
        let v = values.get(k).copied().unwrap_or(0.0);
        match channel {
            Channel::Xposition => position.x += v,
            Channel::Yposition => position.y += v,
            Channel::Zposition => position.z += v,
            Channel::Xrotation => rotation *= DQuat::from_rotation_x(v.to_radians()),
            Channel::Yrotation => rotation *= DQuat::from_rotation_y(v.to_radians()),
            Channel::Zrotation => rotation *= DQuat::from_rotation_z(v.to_radians()),
        }
    }
    Transform::new(position, rotation.normalize())
}

impl Bvh {
    /// The transform of `joint` relative to its parent in `frame`: its
    /// offset plus any position channels, and the rotation of its rotation
    /// channels (file units).
    ///
    /// # Panics
    /// If `frame >= frame_count()` or `joint >= joints.len()`.
    pub fn local_transform(&self, frame: usize, joint: usize) -> Transform {
        let j = &self.joints[joint];
        let start = self.channel_start(joint);
        let values = self.frames[frame].get(start..).unwrap_or(&[]);
        local_from_channels(j.offset, &j.channels, values)
    }

    /// Forward kinematics: the world transform of every joint in `frame`,
    /// file units, in joint order.
    ///
    /// # Panics
    /// If `frame >= frame_count()`.
    pub fn world_transforms(&self, frame: usize) -> Vec<Transform> {
        let mut out = Vec::with_capacity(self.joints.len());
        self.world_transforms_into(frame, &mut out);
        out
    }

    /// [`Bvh::world_transforms`] into a caller's buffer (no allocation once
    /// the buffer is large enough).
    ///
    /// # Panics
    /// If `frame >= frame_count()`.
    pub fn world_transforms_into(&self, frame: usize, out: &mut Vec<Transform>) {
        self.world_from_values(&self.frames[frame], out);
    }

    /// Forward kinematics of one frame's channel values (laid out like an
    /// entry of [`Bvh::frames`]; missing values count as zero).
    pub fn world_from_values(&self, values: &[f64], out: &mut Vec<Transform>) {
        out.clear();
        let mut start = 0;
        for (i, j) in self.joints.iter().enumerate() {
            let vals = values.get(start..).unwrap_or(&[]);
            start += j.channels.len();
            let local = local_from_channels(j.offset, &j.channels, vals);
            let world = match j.parent {
                Some(p) if p < i => out[p] * local,
                _ => local,
            };
            out.push(world);
        }
    }

    /// World transforms at rest (every channel zero).
    pub fn rest_world_transforms(&self) -> Vec<Transform> {
        let mut out = Vec::with_capacity(self.joints.len());
        self.world_from_values(&[], &mut out);
        out
    }

    /// The world rotation of every joint in `frame` (identity for every
    /// joint at rest, when all channels are zero).
    ///
    /// # Panics
    /// If `frame >= frame_count()`.
    pub fn world_rotations(&self, frame: usize) -> Vec<DQuat> {
        self.world_transforms(frame)
            .into_iter()
            .map(|t| t.rotation)
            .collect()
    }

    /// Positions of every joint given each joint's WORLD rotation (file
    /// units): a root is at `root_position`, and every other joint at
    /// `pos[parent] + world_rotations[parent] * offset`. Position channels
    /// are not used. Poses the skeleton in calibration poses. Missing
    /// rotations count as identity.
    pub fn positions_from_world_rotations(
        &self,
        root_position: DVec3,
        world_rotations: &[DQuat],
    ) -> Vec<DVec3> {
        let mut pos: Vec<DVec3> = Vec::with_capacity(self.joints.len());
        for (i, j) in self.joints.iter().enumerate() {
            let p = match j.parent {
                Some(p) if p < i => {
                    let r = world_rotations.get(p).copied().unwrap_or(DQuat::IDENTITY);
                    pos[p] + r * j.offset
                }
                _ => root_position,
            };
            pos.push(p);
        }
        pos
    }

    /// World position of `joint`'s End Site, given the world transforms of
    /// one frame; `None` if the joint has no End Site.
    pub fn end_site_position(&self, world: &[Transform], joint: usize) -> Option<DVec3> {
        let end = self.joints.get(joint)?.end_site?;
        Some(world.get(joint)?.transform_point(end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bvh::BvhJoint;

    fn two_joint_bvh(values: Vec<f64>) -> Bvh {
        Bvh {
            joints: vec![
                BvhJoint {
                    name: "hips".into(),
                    parent: None,
                    offset: DVec3::new(0.0, 0.0, 0.0),
                    channels: vec![
                        Channel::Xposition,
                        Channel::Yposition,
                        Channel::Zposition,
                        Channel::Zrotation,
                        Channel::Yrotation,
                        Channel::Xrotation,
                    ],
                    end_site: None,
                },
                BvhJoint {
                    name: "arm".into(),
                    parent: Some(0),
                    offset: DVec3::new(2.0, 0.0, 0.0),
                    channels: vec![Channel::Zrotation, Channel::Xrotation],
                    end_site: Some(DVec3::new(3.0, 0.0, 0.0)),
                },
            ],
            frame_time: 0.1,
            frames: vec![values],
        }
    }

    #[test]
    fn bvh_fk_two_joints_matches_hand_computation() {
        // Root at (1,2,3), turned 90 deg about +Z: its +X goes to +Y.
        // Arm joint: (1,2,3) + Rz90 * (2,0,0) = (1,4,3).
        // Arm rotation: Rz90 * (Rz90 * Rx0) = Rz180 -> End Site (3,0,0) maps
        // to (-3,0,0): (1,4,3) + (-3,0,0) = (-2,4,3).
        let bvh = two_joint_bvh(vec![1.0, 2.0, 3.0, 90.0, 0.0, 0.0, 90.0, 0.0]);
        let w = bvh.world_transforms(0);
        assert!((w[0].position - DVec3::new(1.0, 2.0, 3.0)).length() < 1e-12);
        assert!((w[1].position - DVec3::new(1.0, 4.0, 3.0)).length() < 1e-12);
        let end = bvh.end_site_position(&w, 1).expect("arm has an end site");
        assert!((end - DVec3::new(-2.0, 4.0, 3.0)).length() < 1e-12, "{end}");
        assert!(bvh.end_site_position(&w, 0).is_none());
    }

    #[test]
    fn bvh_euler_order_is_the_channel_order() {
        // Root ZYX with Z=90, Y=90: Rz90 * Ry90. Ry90 sends +Z to +X, then
        // Rz90 sends +X to +Y. The other order would send +Z to +X.
        let bvh = two_joint_bvh(vec![0.0, 0.0, 0.0, 90.0, 90.0, 0.0, 0.0, 0.0]);
        let r = bvh.local_transform(0, 0).rotation;
        assert!((r * DVec3::Z - DVec3::Y).length() < 1e-12);
        // Arm: Zrotation then Xrotation -> Rz * Rx. Rx90 sends +Y to +Z,
        // Rz90 leaves +Z: +Y -> +Z. (Rx * Rz would give +Y -> -X -> -X.)
        let bvh = two_joint_bvh(vec![0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 90.0, 90.0]);
        let local = bvh.local_transform(0, 1);
        assert!((local.rotation * DVec3::Y - DVec3::Z).length() < 1e-12);
        assert!((local.position - DVec3::new(2.0, 0.0, 0.0)).length() < 1e-12);
    }

    #[test]
    fn bvh_positions_from_world_rotations_match_fk() {
        let bvh = two_joint_bvh(vec![0.5, -1.0, 2.0, 30.0, -20.0, 10.0, 45.0, -60.0]);
        let w = bvh.world_transforms(0);
        let rots = bvh.world_rotations(0);
        let p = bvh.positions_from_world_rotations(w[0].position, &rots);
        for (a, b) in p.iter().zip(&w) {
            assert!((*a - b.position).length() < 1e-12);
        }
        let rest = bvh.rest_world_transforms();
        assert_eq!(rest[1].rotation, DQuat::IDENTITY);
        assert!((rest[1].position - DVec3::new(2.0, 0.0, 0.0)).length() < 1e-12);
    }
}
