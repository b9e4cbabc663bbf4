//! Remote objects (issue 27): objects that belong to another node of a
//! shared space, held here as kinematic copies placed each tick from that
//! node's frames. This world's avatars and objects collide with a copy but
//! cannot move it; a local avatar meets it as a remote body
//! ([`super::remote_contacts`]: a copy thrown at it does not push it, its
//! home node stops it against the avatar's copy there). Like a remote body, a copy that arrives
//! overlapping something of this world (two nodes' demos put their props at
//! one spot) collides with nothing until the caller says so, once
//! [`PhysicsWorld::remote_object_touches_local`] is false.

use std::collections::BTreeMap;

use posewire_body::glam::DVec3;
use posewire_body::Transform;
use rapier3d::glamx::Pose3;
use rapier3d::parry::bounding_volume::BoundingVolume;
use rapier3d::prelude::{ActiveHooks, ColliderHandle, RigidBodyBuilder, RigidBodyHandle};

use super::convert::{q32, v32};
use super::objects::{shape_collider, ObjectShape};
use super::remote::groups;
use super::remote_contacts::{RemoteMotion, REMOTE_TAG};
use super::world::PhysicsWorld;

/// A remote object in the world.
#[derive(Debug)]
pub struct RemoteObject {
    body: RigidBodyHandle,
    collider: ColliderHandle,
    shape: ObjectShape,
    collide: bool,
    /// Its centre and velocity over its last move (both "ends" at the
    /// centre), for the contact rule.
    motion: RemoteMotion,
}

/// The remote objects of a world, by key.
pub type RemoteObjects = BTreeMap<String, RemoteObject>;

/// How close (metres) something of this world may be to a copy for the
/// copy to count as touching it.
const TOUCH_M: f32 = 0.01;

fn pose_of(t: &Transform) -> Pose3 {
    Pose3::from_parts(v32(t.position), q32(t.rotation))
}

fn usable(t: &Transform) -> bool {
    t.position.is_finite() && t.rotation.is_finite() && t.rotation.length() > 0.5
}

impl PhysicsWorld {
    /// Places remote object `key` of `shape` at `pose` (created on first
    /// call, and again when its shape changes; moved as a kinematic body on
    /// later calls) and sets whether it collides. False (and nothing
    /// placed) for a shape that holds no volume; a pose that is not finite
    /// leaves the copy where it was.
    pub fn set_remote_object(
        &mut self,
        key: &str,
        shape: &ObjectShape,
        pose: &Transform,
        collide: bool,
    ) -> bool {
        let rebuild = self
            .remote
            .objects
            .get(key)
            .is_none_or(|o| &o.shape != shape);
        if rebuild {
            self.remove_remote_object(key);
            if !usable(pose) {
                return false;
            }
            let Some(builder) = shape_collider(shape) else {
                return false;
            };
            let collider = builder
                .collision_groups(groups(false))
                .friction(0.6)
                .user_data(REMOTE_TAG)
                .active_hooks(ActiveHooks::MODIFY_SOLVER_CONTACTS)
                .build();
            // A hull of points on a plane builds, but holds no volume.
            if collider.shape().mass_properties(1.0).mass() < 1e-9 {
                return false;
            }
            let body = self.rapier.bodies.insert(
                RigidBodyBuilder::kinematic_position_based()
                    .pose(pose_of(pose))
                    .build(),
            );
            let collider =
                self.rapier
                    .colliders
                    .insert_with_parent(collider, body, &mut self.rapier.bodies);
            self.remote.objects.insert(
                key.to_string(),
                RemoteObject {
                    body,
                    collider,
                    shape: shape.clone(),
                    collide: false,
                    motion: RemoteMotion {
                        collider,
                        a: pose.position,
                        b: pose.position,
                        va: DVec3::ZERO,
                        vb: DVec3::ZERO,
                    },
                },
            );
        }
        let rate = 1.0 / self.dt();
        let Some(o) = self.remote.objects.get_mut(key) else {
            return false;
        };
        if let (Some(b), true) = (self.rapier.bodies.get_mut(o.body), usable(pose)) {
            let m = &mut o.motion;
            let v = if rebuild {
                b.set_position(pose_of(pose), true);
                DVec3::ZERO
            } else {
                b.set_next_kinematic_position(pose_of(pose));
                (pose.position - m.a) * rate
            };
            (m.a, m.b, m.va, m.vb) = (pose.position, pose.position, v, v);
        }
        if o.collide != collide || rebuild {
            o.collide = collide;
            if let Some(c) = self.rapier.colliders.get_mut(o.collider) {
                c.set_collision_groups(groups(collide));
            }
        }
        true
    }

    /// Takes remote object `key` out of the world; whether there was one.
    pub fn remove_remote_object(&mut self, key: &str) -> bool {
        let Some(o) = self.remote.objects.remove(key) else {
            return false;
        };
        self.rapier.remove_body(o.body);
        true
    }

    /// The keys of the remote objects in the world.
    pub fn remote_object_keys(&self) -> Vec<String> {
        self.remote.objects.keys().cloned().collect()
    }

    /// Every remote object's collider and how it last moved (for the
    /// contact hook).
    pub(super) fn remote_object_motions(&self) -> impl Iterator<Item = RemoteMotion> + '_ {
        self.remote.objects.values().map(|o| o.motion)
    }

    /// Whether remote object `key` collides now.
    pub fn remote_object_collides(&self, key: &str) -> Option<bool> {
        self.remote.objects.get(key).map(|o| o.collide)
    }

    /// Whether remote object `key` touches (within 1 cm) an avatar or an
    /// object of this world (the floor and the scene do not count).
    pub fn remote_object_touches_local(&self, key: &str) -> bool {
        let Some(o) = self.remote.objects.get(key) else {
            return false;
        };
        let Some(copy) = self.rapier.colliders.get(o.collider) else {
            return false;
        };
        // An avatar's colliders carry a tag, an object's too; the floor's
        // and the scene's are 0. Boxes first: most are far.
        let near = copy.compute_aabb().loosened(TOUCH_M);
        self.rapier.colliders.iter().any(|(h, c)| {
            let local = h != o.collider && c.user_data != 0 && c.user_data & REMOTE_TAG == 0;
            local
                && near.intersects(&c.compute_aabb())
                && rapier3d::parry::query::distance(
                    copy.position(),
                    copy.shape(),
                    c.position(),
                    c.shape(),
                )
                .is_ok_and(|d| d.distance <= TOUCH_M)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::{ObjectSpec, Scene, WorldSettings};
    use posewire_body::glam::DQuat;

    fn table() -> ObjectShape {
        ObjectShape::Box {
            size: DVec3::new(1.0, 0.1, 1.0),
        }
    }

    fn at(x: f64, y: f64) -> Transform {
        Transform::new(DVec3::new(x, y, 0.0), DQuat::IDENTITY)
    }

    /// A ball dropped from 1 m onto a remote table top at 0.5 m (colliding
    /// or not): where it is after 1.5 s.
    fn drop_ball(collide: bool) -> f64 {
        let mut world = PhysicsWorld::new(&Scene::default(), WorldSettings::default());
        let ball = world
            .add_object(ObjectSpec::new(
                ObjectShape::Sphere { radius_m: 0.1 },
                1.0,
                at(0.0, 1.0),
            ))
            .expect("a ball");
        for _ in 0..135 {
            assert!(world.set_remote_object("a/o1", &table(), &at(0.0, 0.5), collide));
            world.step();
        }
        world.object(ball).expect("the ball").pose.position.y
    }

    #[test]
    fn a_local_ball_rests_on_a_remote_objects_copy() {
        let on = drop_ball(true);
        assert!((on - 0.65).abs() < 0.02, "the ball is at {on} m");
        let through = drop_ball(false);
        assert!(
            through < 0.2,
            "a non-colliding copy held the ball: {through}"
        );
    }

    #[test]
    fn a_copy_knows_what_it_touches_and_goes_when_removed() {
        let mut world = PhysicsWorld::new(&Scene::default(), WorldSettings::default());
        world
            .add_object(ObjectSpec::new(table(), 0.0, at(0.0, 0.5)))
            .expect("a local table");
        assert!(world.set_remote_object("a/o1", &table(), &at(0.2, 0.5), false));
        world.step();
        assert!(world.remote_object_touches_local("a/o1"));
        assert!(world.set_remote_object("a/o1", &table(), &at(3.0, 0.5), false));
        world.step();
        assert!(!world.remote_object_touches_local("a/o1"));
        let flat = ObjectShape::Hull {
            points: vec![DVec3::ZERO, DVec3::X, DVec3::Z],
        };
        assert!(!world.set_remote_object("a/o2", &flat, &at(0.0, 0.0), true));
        let nan = Transform::new(DVec3::NAN, DQuat::IDENTITY);
        assert!(world.set_remote_object("a/o1", &table(), &nan, true));
        assert_eq!(world.remote_object_collides("a/o1"), Some(true));
        assert_eq!(world.remote_object_keys(), vec!["a/o1"]);
        assert!(world.remove_remote_object("a/o1"));
        assert!(world.remote_object_keys().is_empty());
    }
}
