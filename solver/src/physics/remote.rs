//! Remote bodies (issue 27): people simulated elsewhere (another node of a
//! shared space), held here as kinematic capsules that the world's own
//! avatars and objects collide with but cannot move. Each is given as
//! capsules between points each tick; a body that arrives overlapping an
//! avatar of this world (two nodes' demos start at one spot) collides with
//! nothing until the caller says it has been apart ([`RemoteBody::collide`]).
//! A remote body never pushes this world's avatars: how they touch is
//! [`super::remote_contacts`].

use std::collections::BTreeMap;

use posewire_body::glam::{DQuat, DVec3};
use rapier3d::glamx::Pose3;
use rapier3d::prelude::{
    ActiveHooks, ColliderBuilder, Group, InteractionGroups, InteractionTestMode, RigidBodyBuilder,
    RigidBodyHandle,
};

use super::convert::{q32, v32};
use super::remote_contacts::{RemoteMotion, REMOTE_TAG};
use super::sim_avatar::{all_avatar_groups, OBJECT_GROUP};
use super::world::PhysicsWorld;

/// One capsule of a remote body: between two points, world metres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Capsule {
    /// One end.
    pub a: DVec3,
    /// The other end.
    pub b: DVec3,
    /// Radius, metres.
    pub radius: f64,
}

/// One capsule of a remote body in the world, and how it last moved.
#[derive(Debug)]
struct Part {
    body: RigidBodyHandle,
    motion: RemoteMotion,
}

/// A remote body in the world: its capsules and whether they collide.
#[derive(Debug, Default)]
pub struct RemoteBody {
    parts: Vec<Part>,
    collide: bool,
}

/// The remote bodies of a world, by key, and the remote objects
/// ([`super::remote_objects`]).
#[derive(Debug, Default)]
pub struct RemoteBodies {
    bodies: BTreeMap<String, RemoteBody>,
    pub(super) objects: super::remote_objects::RemoteObjects,
}

/// Which groups a remote capsule collides with: the avatars and the
/// objects when it collides, nothing before.
pub(super) fn groups(collide: bool) -> InteractionGroups {
    let filter = if collide {
        all_avatar_groups() | OBJECT_GROUP
    } else {
        Group::NONE
    };
    InteractionGroups::new(OBJECT_GROUP, filter, InteractionTestMode::And)
}

/// The pose of a capsule's body: centred between its ends, its Y axis
/// along them.
fn capsule_pose(c: &Capsule) -> Pose3 {
    let axis = c.b - c.a;
    let rotation = if axis.length() > 1e-6 {
        DQuat::from_rotation_arc(DVec3::Y, axis.normalize())
    } else {
        DQuat::IDENTITY
    };
    Pose3::from_parts(v32((c.a + c.b) * 0.5), q32(rotation))
}

fn usable(c: &Capsule) -> bool {
    c.a.is_finite() && c.b.is_finite() && c.radius.is_finite() && c.radius > 0.0
}

impl PhysicsWorld {
    /// Places remote body `key` as `capsules` (created on first call, with
    /// the capsules' lengths of that call; its kinematic bodies are moved
    /// on later calls, so that what touches them feels their speed), and
    /// sets whether it collides. A call with another number of capsules
    /// builds the body again. Non-finite capsules are left where they were.
    pub fn set_remote_body(&mut self, key: &str, capsules: &[Capsule], collide: bool) {
        let rebuild = self
            .remote
            .bodies
            .get(key)
            .is_none_or(|b| b.parts.len() != capsules.len());
        if rebuild {
            self.remove_remote_body(key);
            let mut body = RemoteBody::default();
            for c in capsules {
                let c = if usable(c) {
                    *c
                } else {
                    Capsule {
                        a: DVec3::new(0.0, -10.0, 0.0),
                        b: DVec3::new(0.0, -10.1, 0.0),
                        radius: 0.05,
                    }
                };
                let half = ((c.b - c.a).length() * 0.5) as f32;
                let h = self.rapier.bodies.insert(
                    RigidBodyBuilder::kinematic_position_based()
                        .pose(capsule_pose(&c))
                        .build(),
                );
                let collider = ColliderBuilder::capsule_y(half, c.radius as f32)
                    .collision_groups(groups(false))
                    .friction(0.8)
                    .user_data(REMOTE_TAG)
                    .active_hooks(ActiveHooks::MODIFY_SOLVER_CONTACTS)
                    .build();
                let ch =
                    self.rapier
                        .colliders
                        .insert_with_parent(collider, h, &mut self.rapier.bodies);
                body.parts.push(Part {
                    body: h,
                    motion: RemoteMotion {
                        collider: ch,
                        a: c.a,
                        b: c.b,
                        va: DVec3::ZERO,
                        vb: DVec3::ZERO,
                    },
                });
            }
            self.remote.bodies.insert(key.to_string(), body);
        }
        let rate = 1.0 / self.dt();
        let Some(body) = self.remote.bodies.get_mut(key) else {
            return;
        };
        for (part, c) in body.parts.iter_mut().zip(capsules) {
            if let (Some(b), true) = (self.rapier.bodies.get_mut(part.body), usable(c)) {
                b.set_next_kinematic_position(capsule_pose(c));
                let m = &mut part.motion;
                (m.va, m.vb) = if rebuild {
                    (DVec3::ZERO, DVec3::ZERO)
                } else {
                    ((c.a - m.a) * rate, (c.b - m.b) * rate)
                };
                (m.a, m.b) = (c.a, c.b);
            }
        }
        if body.collide != collide || rebuild {
            body.collide = collide;
            for part in &body.parts {
                if let Some(c) = self.rapier.colliders.get_mut(part.motion.collider) {
                    c.set_collision_groups(groups(collide));
                }
            }
        }
    }

    /// Takes remote body `key` out of the world; whether there was one.
    pub fn remove_remote_body(&mut self, key: &str) -> bool {
        let Some(body) = self.remote.bodies.remove(key) else {
            return false;
        };
        for part in body.parts {
            self.rapier.remove_body(part.body);
        }
        true
    }

    /// Every remote capsule's and object's collider and how it last moved
    /// (for the contact hook).
    pub(super) fn remote_motions(&self) -> Vec<RemoteMotion> {
        self.remote
            .bodies
            .values()
            .flat_map(|b| b.parts.iter().map(|p| p.motion))
            .chain(self.remote_object_motions())
            .collect()
    }

    /// The keys of the remote bodies in the world.
    pub fn remote_body_keys(&self) -> Vec<String> {
        self.remote.bodies.keys().cloned().collect()
    }

    /// Whether remote body `key` collides now.
    pub fn remote_body_collides(&self, key: &str) -> Option<bool> {
        self.remote.bodies.get(key).map(|b| b.collide)
    }

    /// Forgets the remote bodies' handles after the rapier world was
    /// rebuilt (they are placed again by the next call).
    pub(super) fn forget_remote_bodies(&mut self) {
        self.remote.bodies.clear();
        self.remote.objects.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::{ObjectShape, ObjectSpec, Scene, WorldSettings};
    use posewire_body::Transform;

    fn wall() -> Vec<Capsule> {
        // A post 1 m tall at x = 0.
        vec![Capsule {
            a: DVec3::new(0.0, 0.2, 0.0),
            b: DVec3::new(0.0, 1.2, 0.0),
            radius: 0.15,
        }]
    }

    /// A ball rolled at x = -1 toward +x, and where it is after 2 s.
    fn roll(collide: bool) -> (f64, usize) {
        let mut world = PhysicsWorld::new(&Scene::default(), WorldSettings::default());
        let mut spec = ObjectSpec::new(
            ObjectShape::Sphere { radius_m: 0.2 },
            1.0,
            Transform::new(DVec3::new(-1.0, 0.5, 0.0), DQuat::IDENTITY),
        );
        spec.linear_velocity = DVec3::new(2.0, 0.0, 0.0);
        let id = world.add_object(spec).expect("a ball");
        for _ in 0..180 {
            world.set_remote_body("b/demo", &wall(), collide);
            world.step();
        }
        let x = world.object(id).expect("the ball").pose.position.x;
        (x, world.remote_body_keys().len())
    }

    #[test]
    fn a_colliding_remote_body_stops_what_runs_into_it_and_a_new_one_does_not() {
        let (stopped, n) = roll(true);
        assert_eq!(n, 1);
        assert!(stopped < 0.0, "the ball passed the post: x = {stopped}");
        let (passed, _) = roll(false);
        assert!(
            passed > 0.5,
            "the ball was stopped by a non-colliding body: x = {passed}"
        );
    }

    #[test]
    fn a_remote_body_is_removed_and_moved_without_panicking_on_bad_input() {
        let mut world = PhysicsWorld::new(&Scene::default(), WorldSettings::default());
        world.set_remote_body("x", &wall(), false);
        let bad = [Capsule {
            a: DVec3::NAN,
            b: DVec3::ZERO,
            radius: -1.0,
        }];
        world.set_remote_body("x", &bad, true);
        world.step();
        assert_eq!(world.remote_body_collides("x"), Some(true));
        assert!(world.remove_remote_body("x"));
        assert!(!world.remove_remote_body("x"));
        assert!(world.remote_body_keys().is_empty());
    }
}
