//! Objects across nodes: each node's own objects travel in its
//! `ClusterFrame.objects` (with their shapes); the other nodes check them
//! ([`spec_of`]), carry the dynamic ones in their frames as `NODE/ID`
//! (and every one in ListObjects), and hold every one as a kinematic copy
//! in their physics world ([`RemoteObjectCopies`]). A copy that arrives touching a local avatar
//! or object (two nodes' demos put their props at one spot) collides with
//! nothing until it has been clear of them; from then on it collides until
//! it is dropped.

use std::collections::BTreeSet;

use posewire_proto::v1 as pb;
use posewire_solver::physics::{ObjectSpec, PhysicsWorld};

use crate::serve::object_convert;

/// The most objects one node's message may carry.
pub const MAX_OBJECTS: usize = 256;

/// The solver's description of an object received from another node, or
/// why it is refused.
pub fn spec_of(o: &pb::SceneObject) -> Result<ObjectSpec, String> {
    crate::serve::ids::check_id(&o.id)?;
    let hull = match o.shape.as_ref().and_then(|s| s.kind.as_ref()) {
        Some(pb::shape::Kind::MeshHull(h)) => Some(
            h.points
                .iter()
                .map(|p| posewire_body::glam::DVec3::new(p.x, p.y, p.z))
                .collect(),
        ),
        _ => None,
    };
    let request = pb::AddObjectRequest {
        shape: o.shape.clone(),
        mass_kg: o.mass_kg,
        pose: o.pose,
        friction: Some(o.friction),
        restitution: Some(o.restitution),
        name: o.name.clone(),
        linear_velocity: o.linear_velocity,
        angular_velocity: o.angular_velocity,
    };
    let spec = object_convert::spec(&request, hull)
        .map_err(|s| format!("object `{}`: {}", o.id, s.message()))?;
    spec.check()
        .map_err(|e| format!("object `{}`: {e}", o.id))?;
    Ok(spec)
}

/// The frame entry of a remote dynamic object: id `NODE/ID`, its holders'
/// avatar ids `NODE/ID` too.
pub fn remote_object_frame(node: &str, o: &pb::SceneObject) -> pb::ObjectFrame {
    pb::ObjectFrame {
        id: format!("{node}/{}", o.id),
        pose: o.pose,
        linear_velocity: o.linear_velocity,
        angular_velocity: o.angular_velocity,
        held_by: remote_holders(node, &o.held_by),
    }
}

/// A remote object's holders with their avatar ids `NODE/ID`.
fn remote_holders(node: &str, held_by: &[pb::ObjectHolder]) -> Vec<pb::ObjectHolder> {
    held_by
        .iter()
        .map(|h| pb::ObjectHolder {
            avatar_id: format!("{node}/{}", h.avatar_id),
            hand: h.hand,
        })
        .collect()
}

/// The other nodes' objects (`(NODE/ID, object)`, as
/// [`super::remote::RemoteStore::objects`] gives them) as ListObjects
/// answers them: id `NODE/ID`, holders' avatar ids `NODE/ID`.
pub fn remote_scene_objects(objects: Vec<(String, pb::SceneObject)>) -> Vec<pb::SceneObject> {
    objects
        .into_iter()
        .map(|(key, o)| {
            let node = key.split_once('/').map_or("", |(n, _)| n);
            pb::SceneObject {
                held_by: remote_holders(node, &o.held_by),
                id: key,
                ..o
            }
        })
        .collect()
}

/// Which remote objects collide already.
#[derive(Debug, Default)]
pub struct RemoteObjectCopies {
    clear: BTreeSet<String>,
}

impl RemoteObjectCopies {
    /// Places every remote object of `objects` (key `NODE/ID`) in `world`
    /// and removes the copies of those gone.
    pub fn update(&mut self, world: &mut PhysicsWorld, objects: &[(String, pb::SceneObject)]) {
        let mut present = BTreeSet::new();
        for (key, o) in objects {
            // Checked when received; one that fails here is left out.
            let Ok(spec) = spec_of(o) else { continue };
            let collide = self.clear.contains(key);
            if !world.set_remote_object(key, &spec.shape, &spec.pose, collide) {
                continue;
            }
            present.insert(key.clone());
            if !collide && !world.remote_object_touches_local(key) {
                self.clear.insert(key.clone());
            }
        }
        for key in world.remote_object_keys() {
            if !present.contains(&key) {
                world.remove_remote_object(&key);
            }
        }
        self.clear.retain(|k| present.contains(k));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_solver::physics::{Scene, WorldSettings};

    fn cube(id: &str, x: f64, mass_kg: f64) -> pb::SceneObject {
        let v = |x, y, z| pb::Vec3 { x, y, z };
        pb::SceneObject {
            id: id.into(),
            shape: Some(pb::Shape {
                kind: Some(pb::shape::Kind::Box(pb::Box {
                    size: Some(v(0.3, 0.3, 0.3)),
                })),
            }),
            mass_kg,
            friction: 0.6,
            restitution: 0.2,
            pose: Some(pb::Pose {
                position: Some(v(x, 0.15, 0.0)),
                rotation: None,
            }),
            ..Default::default()
        }
    }

    #[test]
    fn objects_from_the_wire_are_checked() {
        assert!(spec_of(&cube("o1", 0.0, 1.0)).is_ok());
        assert!(spec_of(&cube("../x", 0.0, 1.0)).is_err());
        assert!(spec_of(&cube("o1", f64::NAN, 1.0)).is_err());
        assert!(spec_of(&cube("o1", 0.0, -1.0)).is_err());
        let mut no_shape = cube("o1", 0.0, 1.0);
        no_shape.shape = None;
        assert!(spec_of(&no_shape).is_err());
    }

    #[test]
    fn a_copy_collides_once_clear_of_what_is_here_and_goes_when_dropped() {
        let mut world = PhysicsWorld::new(&Scene::default(), WorldSettings::default());
        let local = spec_of(&cube("o1", 0.0, 0.0)).expect("a cube");
        world.add_object(local).expect("added");
        let mut copies = RemoteObjectCopies::default();
        // On top of the local cube: held, not colliding.
        copies.update(&mut world, &[("a/o1".into(), cube("o1", 0.0, 1.0))]);
        world.step();
        copies.update(&mut world, &[("a/o1".into(), cube("o1", 0.1, 1.0))]);
        assert_eq!(world.remote_object_collides("a/o1"), Some(false));
        // Clear of it: collides from the next update on, and stays so.
        copies.update(&mut world, &[("a/o1".into(), cube("o1", 2.0, 1.0))]);
        world.step();
        copies.update(&mut world, &[("a/o1".into(), cube("o1", 2.0, 1.0))]);
        copies.update(&mut world, &[("a/o1".into(), cube("o1", 2.0, 1.0))]);
        assert_eq!(world.remote_object_collides("a/o1"), Some(true));
        copies.update(&mut world, &[]);
        assert!(world.remote_object_keys().is_empty());
    }
}
