//! Remote avatars as kinematic bodies of this node's physics world: capsules
//! between their joints, placed every tick from the newest frame. A remote
//! avatar collides only once its pelvis has been [`APART_M`] from every local
//! avatar's (horizontally), so that two nodes' demos starting at one spot
//! do not throw each other across the room; from then on it collides until
//! it is dropped.

use std::collections::BTreeSet;

use posewire_body::glam::DVec3;
use posewire_proto::v1 as pb;
use posewire_solver::physics::remote::Capsule;
use posewire_solver::physics::PhysicsWorld;

/// How far apart (pelvis to pelvis, on the floor) a remote and every local
/// avatar must have been before they collide, metres.
pub const APART_M: f64 = 0.8;

/// The capsules of a body: (joint, joint, radius), canonical joint indices.
const SEGMENTS: [(usize, usize, f64); 14] = [
    (0, 2, 0.14), // pelvis to chest
    (2, 3, 0.13), // chest to neck
    (3, 4, 0.10), // neck to head
    (7, 9, 0.05), // upper arms
    (8, 10, 0.05),
    (9, 11, 0.045), // forearms
    (10, 12, 0.045),
    (13, 15, 0.07), // thighs
    (14, 16, 0.07),
    (15, 17, 0.055), // shins
    (16, 18, 0.055),
    (17, 19, 0.04), // feet
    (18, 20, 0.04),
    (4, 4, 0.11), // the head
];

/// Joint `i` of a frame's avatar, if the array holds it.
fn joint(a: &pb::AvatarFrame, i: usize) -> Option<DVec3> {
    let p = a.joint_positions.get(3 * i..3 * i + 3)?;
    Some(DVec3::new(
        f64::from(p[0]),
        f64::from(p[1]),
        f64::from(p[2]),
    ))
}

/// An avatar's capsules (none if its joint array is short).
pub fn capsules(a: &pb::AvatarFrame) -> Option<Vec<Capsule>> {
    SEGMENTS
        .iter()
        .map(|&(i, j, radius)| {
            let a_end = joint(a, i)?;
            let mut b_end = joint(a, j)?;
            if i == j {
                b_end += DVec3::new(0.0, 0.12, 0.0);
            }
            Some(Capsule {
                a: a_end,
                b: b_end,
                radius,
            })
        })
        .collect()
}

/// Which remote avatars collide already.
#[derive(Debug, Default)]
pub struct RemoteColliders {
    apart: BTreeSet<String>,
}

impl RemoteColliders {
    /// Places every remote avatar of `avatars` (one frame's, local and
    /// remote) in `world` and removes the bodies of those gone.
    pub fn update(&mut self, world: &mut PhysicsWorld, avatars: &[pb::AvatarFrame]) {
        let locals: Vec<DVec3> = avatars
            .iter()
            .filter(|a| a.remote.is_none())
            .filter_map(|a| joint(a, 0))
            .collect();
        let mut present = BTreeSet::new();
        for a in avatars.iter().filter(|a| a.remote.is_some()) {
            let Some(parts) = capsules(a) else { continue };
            let Some(pelvis) = joint(a, 0) else { continue };
            present.insert(a.avatar_id.clone());
            if !self.apart.contains(&a.avatar_id)
                && locals.iter().all(|l| {
                    let d = *l - pelvis;
                    (d.x * d.x + d.z * d.z).sqrt() >= APART_M
                })
            {
                self.apart.insert(a.avatar_id.clone());
            }
            world.set_remote_body(&a.avatar_id, &parts, self.apart.contains(&a.avatar_id));
        }
        for key in world.remote_body_keys() {
            if !present.contains(&key) {
                world.remove_remote_body(&key);
            }
        }
        self.apart.retain(|k| present.contains(k));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_solver::physics::{Scene, WorldSettings};

    fn avatar(id: &str, x: f32, remote: bool) -> pb::AvatarFrame {
        let mut joint_positions = Vec::new();
        for i in 0..posewire_proto::JOINT_COUNT {
            joint_positions.extend([x, 0.1 + 0.08 * i as f32, 0.0]);
        }
        pb::AvatarFrame {
            avatar_id: id.into(),
            joint_positions,
            remote: remote.then(pb::RemoteAvatar::default),
            ..Default::default()
        }
    }

    #[test]
    fn a_remote_body_collides_once_it_has_been_apart_and_goes_when_dropped() {
        let mut world = PhysicsWorld::new(&Scene::default(), WorldSettings::default());
        let mut colliders = RemoteColliders::default();
        // At the same spot as the local avatar: held, not colliding.
        colliders.update(
            &mut world,
            &[avatar("demo", 0.0, false), avatar("b/demo", 0.0, true)],
        );
        assert_eq!(world.remote_body_collides("b/demo"), Some(false));
        // Apart: collides, and keeps colliding when it comes back.
        colliders.update(
            &mut world,
            &[avatar("demo", 0.0, false), avatar("b/demo", 1.0, true)],
        );
        assert_eq!(world.remote_body_collides("b/demo"), Some(true));
        colliders.update(
            &mut world,
            &[avatar("demo", 0.0, false), avatar("b/demo", 0.1, true)],
        );
        assert_eq!(world.remote_body_collides("b/demo"), Some(true));
        // Dropped: out of the world.
        colliders.update(&mut world, &[avatar("demo", 0.0, false)]);
        assert!(world.remote_body_keys().is_empty());
        // Back at the same spot: not colliding again until apart.
        colliders.update(
            &mut world,
            &[avatar("demo", 0.0, false), avatar("b/demo", 0.0, true)],
        );
        assert_eq!(world.remote_body_collides("b/demo"), Some(false));
    }
}
