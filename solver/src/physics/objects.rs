//! Things in the space besides the bodies (issue 24): boxes, spheres,
//! capsules and convex hulls that fall, roll, collide with the floor, the
//! scene, each other and the avatars. A mass of 0 makes an object static
//! (a table that [`PhysicsWorld::set_object_pose`] may still move).
//!
//! Objects live in the [`PhysicsWorld`]; their ids stay valid until they
//! are removed, also across the world's rebuild when its last avatar
//! leaves (the objects are put back as they were).

use std::collections::BTreeMap;

use posewire_body::glam::DVec3;
use posewire_body::Transform;
use rapier3d::prelude::{
    ActiveHooks, ColliderBuilder, InteractionGroups, InteractionTestMode, RigidBodyBuilder,
    RigidBodyHandle,
};

use super::contact_filter::object_tag;
use super::convert::{pose32, pose64, v32, v64};
use super::sim_avatar::{all_avatar_groups, OBJECT_GROUP, SCENE_GROUP};
use super::world::PhysicsWorld;

/// Most objects one world holds.
pub const MAX_OBJECTS: usize = 256;

/// Largest edge, radius or length of an object, metres.
const MAX_SIZE_M: f64 = 100.0;

/// Smallest edge, radius or length, metres (thinner shapes tunnel).
const MIN_SIZE_M: f64 = 0.005;

/// Heaviest object, kilograms.
const MAX_MASS_KG: f64 = 10_000.0;

/// Most points of a convex hull.
pub const MAX_HULL_POINTS: usize = 4096;

/// Fastest an object may be set moving, m/s and rad/s.
const MAX_SPEED: f64 = 100.0;

/// An object's shape, in its own frame (centred on its pose).
#[derive(Debug, Clone, PartialEq)]
pub enum ObjectShape {
    /// A box of these full edge lengths, metres.
    Box {
        /// Full edge lengths along the object's x, y, z.
        size: DVec3,
    },
    /// A sphere.
    Sphere {
        /// Radius, metres.
        radius_m: f64,
    },
    /// A capsule along the object's y axis.
    Capsule {
        /// Radius, metres.
        radius_m: f64,
        /// Distance between the centres of its end caps, metres.
        length_m: f64,
    },
    /// The convex hull of points (a glTF mesh's vertices), metres.
    Hull {
        /// The points, in the object's frame.
        points: Vec<DVec3>,
    },
}

/// What an object is made of and where it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectSpec {
    /// A name for people (need not be unique; may be empty).
    pub name: String,
    /// Its shape.
    pub shape: ObjectShape,
    /// Kilograms; 0: static.
    pub mass_kg: f64,
    /// Coulomb friction coefficient, 0..10.
    pub friction: f64,
    /// Bounciness, 0..1.
    pub restitution: f64,
    /// World pose of its centre.
    pub pose: Transform,
    /// Initial velocity, m/s, world.
    pub linear_velocity: DVec3,
    /// Initial angular velocity, rad/s, world.
    pub angular_velocity: DVec3,
}

impl ObjectSpec {
    /// A spec with the usual surface (friction 0.6, restitution 0.2) at
    /// rest.
    pub fn new(shape: ObjectShape, mass_kg: f64, pose: Transform) -> ObjectSpec {
        ObjectSpec {
            name: String::new(),
            shape,
            mass_kg,
            friction: 0.6,
            restitution: 0.2,
            pose,
            linear_velocity: DVec3::ZERO,
            angular_velocity: DVec3::ZERO,
        }
    }

    /// Whether it has no mass (fixed in place).
    pub fn is_static(&self) -> bool {
        self.mass_kg == 0.0
    }

    /// Checks every value; the error names the field.
    pub fn check(&self) -> Result<(), ObjectError> {
        let bad = |field: &str, reason: String| {
            Err(ObjectError::Invalid {
                field: field.to_string(),
                reason,
            })
        };
        let size = |v: f64| v.is_finite() && (MIN_SIZE_M..=MAX_SIZE_M).contains(&v);
        let sizes = format!("must be between {MIN_SIZE_M} and {MAX_SIZE_M} m");
        match &self.shape {
            ObjectShape::Box { size: s } if !s.to_array().iter().all(|&v| size(v)) => {
                return bad("shape.box.size", sizes)
            }
            ObjectShape::Sphere { radius_m } if !size(*radius_m) => {
                return bad("shape.sphere.radius_m", sizes)
            }
            ObjectShape::Capsule { radius_m, .. } if !size(*radius_m) => {
                return bad("shape.capsule.radius_m", sizes)
            }
            ObjectShape::Capsule { length_m, .. }
                if !(length_m.is_finite() && (0.0..=MAX_SIZE_M).contains(length_m)) =>
            {
                return bad(
                    "shape.capsule.length_m",
                    format!("must be 0 to {MAX_SIZE_M} m"),
                )
            }
            ObjectShape::Hull { points } => check_hull(points)?,
            _ => {}
        }
        if !(self.mass_kg.is_finite() && (0.0..=MAX_MASS_KG).contains(&self.mass_kg)) {
            return bad("mass_kg", format!("must be 0 (static) to {MAX_MASS_KG} kg"));
        }
        if !(self.friction.is_finite() && (0.0..=10.0).contains(&self.friction)) {
            return bad("friction", "must be 0 to 10".into());
        }
        if !(self.restitution.is_finite() && (0.0..=1.0).contains(&self.restitution)) {
            return bad("restitution", "must be 0 to 1".into());
        }
        check_pose(&self.pose)?;
        for (field, v) in [
            ("linear_velocity", self.linear_velocity),
            ("angular_velocity", self.angular_velocity),
        ] {
            if !(v.is_finite() && v.length() <= MAX_SPEED) {
                return bad(field, format!("must be finite and at most {MAX_SPEED}"));
            }
        }
        Ok(())
    }
}

fn check_hull(points: &[DVec3]) -> Result<(), ObjectError> {
    let bad = |reason: String| {
        Err(ObjectError::Invalid {
            field: "shape.hull".into(),
            reason,
        })
    };
    if points.len() < 4 || points.len() > MAX_HULL_POINTS {
        return bad(format!("needs 4 to {MAX_HULL_POINTS} points"));
    }
    if !points
        .iter()
        .all(|p| p.is_finite() && p.abs().max_element() <= MAX_SIZE_M)
    {
        return bad(format!("points must be finite and within {MAX_SIZE_M} m"));
    }
    Ok(())
}

/// Checks a pose: finite, within 10 km, a rotation of about unit length.
pub fn check_pose(pose: &Transform) -> Result<(), ObjectError> {
    let ok_position = pose.position.is_finite() && pose.position.abs().max_element() < 1e4;
    let len = pose.rotation.length();
    let ok_rotation = pose.rotation.is_finite() && (len - 1.0).abs() < 1e-3;
    if !ok_position {
        return Err(ObjectError::Invalid {
            field: "pose.position".into(),
            reason: "must be finite and within 10 km".into(),
        });
    }
    if !ok_rotation {
        return Err(ObjectError::Invalid {
            field: "pose.rotation".into(),
            reason: "must be a finite unit quaternion".into(),
        });
    }
    Ok(())
}

/// Which object of a world.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ObjectId(pub u64);

/// An object as it is now.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectState {
    /// Its id.
    pub id: ObjectId,
    /// What it was made as (its pose and velocities: at its creation).
    pub spec: ObjectSpec,
    /// World pose of its centre now.
    pub pose: Transform,
    /// Velocity now, m/s, world.
    pub linear_velocity: DVec3,
    /// Angular velocity now, rad/s, world.
    pub angular_velocity: DVec3,
}

/// Why an object change was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ObjectError {
    /// A value out of range.
    #[error("`{field}` {reason}")]
    Invalid {
        /// The field, e.g. `shape.box.size`.
        field: String,
        /// What is wrong.
        reason: String,
    },
    /// The points span no volume.
    #[error("`shape.hull`: the points span no volume (all on a plane or a line)")]
    FlatHull,
    /// The world is full.
    #[error("the space holds {MAX_OBJECTS} objects already (the most it takes)")]
    TooMany,
    /// No such object.
    #[error("no object {0}")]
    Unknown(ObjectId),
    /// A static object, which no hand can move.
    #[error("object {0} is static (mass 0): no hand can hold it")]
    NotMovable(ObjectId),
    /// The avatar has no simulated body (yet).
    #[error("the avatar has no simulated body yet")]
    NoBody,
}

impl std::fmt::Display for ObjectId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "o{}", self.0)
    }
}

/// The world's objects: their specs and rapier bodies.
#[derive(Debug, Default)]
pub struct Objects {
    entries: BTreeMap<ObjectId, (ObjectSpec, RigidBodyHandle)>,
    next: u64,
}

/// Objects collide with everything: the floor, the scene, each other and
/// every avatar.
fn object_groups() -> InteractionGroups {
    InteractionGroups::new(
        OBJECT_GROUP,
        SCENE_GROUP | OBJECT_GROUP | all_avatar_groups(),
        InteractionTestMode::And,
    )
}

/// The rapier collider of a shape alone (`None`: a hull that spans no
/// volume).
pub(super) fn shape_collider(shape: &ObjectShape) -> Option<ColliderBuilder> {
    Some(match shape {
        ObjectShape::Box { size } => {
            let h = *size * 0.5;
            ColliderBuilder::cuboid(h.x as f32, h.y as f32, h.z as f32)
        }
        ObjectShape::Sphere { radius_m } => ColliderBuilder::ball(*radius_m as f32),
        ObjectShape::Capsule { radius_m, length_m } => {
            ColliderBuilder::capsule_y((*length_m * 0.5) as f32, *radius_m as f32)
        }
        ObjectShape::Hull { points } => {
            let p: Vec<_> = points.iter().map(|&p| v32(p)).collect();
            ColliderBuilder::convex_hull(&p)?
        }
    })
}

/// The rapier collider of an object (`None`: a hull that spans no volume).
fn collider(spec: &ObjectSpec) -> Option<ColliderBuilder> {
    let c = shape_collider(&spec.shape)?
        .friction(spec.friction as f32)
        .restitution(spec.restitution as f32)
        .collision_groups(object_groups());
    Some(if spec.is_static() {
        c
    } else {
        // A hand may hold it: the contact filter then lets it pass its
        // holder's body (`super::contact_filter::HeldPass`). The hook is
        // on from the start: switching it on at the grab changed the
        // collider mid-contact and the reset contacts' first step tore a
        // 1 kg box from a 1.5 N s hold.
        c.mass(spec.mass_kg as f32)
            .active_hooks(ActiveHooks::FILTER_CONTACT_PAIRS)
    })
}

/// Inserts an object's body and collider into rapier.
fn insert(
    rapier: &mut super::world::RapierWorld,
    id: ObjectId,
    spec: &ObjectSpec,
) -> Result<RigidBodyHandle, ObjectError> {
    let shape = collider(spec)
        .ok_or(ObjectError::FlatHull)?
        .user_data(object_tag(id.0))
        .build();
    // A hull of points on a plane builds, but holds no volume (and no
    // mass to move with).
    if shape.shape().mass_properties(1.0).mass() < 1e-9 {
        return Err(ObjectError::FlatHull);
    }
    let body = if spec.is_static() {
        RigidBodyBuilder::fixed()
    } else {
        RigidBodyBuilder::dynamic()
            .linvel(v32(spec.linear_velocity))
            .angvel(v32(spec.angular_velocity))
            // A ball rolls to rest instead of forever; flight is not damped.
            .angular_damping(0.3)
            .ccd_enabled(true)
    }
    .pose(pose32(spec.pose))
    .build();
    let h = rapier.bodies.insert(body);
    rapier
        .colliders
        .insert_with_parent(shape, h, &mut rapier.bodies);
    Ok(h)
}

impl Objects {
    /// The rapier body of a dynamic object, or why there is none.
    pub(super) fn movable(&self, id: ObjectId) -> Result<RigidBodyHandle, ObjectError> {
        match self.entries.get(&id) {
            None => Err(ObjectError::Unknown(id)),
            Some((spec, _)) if spec.is_static() => Err(ObjectError::NotMovable(id)),
            Some((_, h)) => Ok(*h),
        }
    }

    /// Every dynamic object's id and body.
    pub(super) fn dynamic_bodies(&self) -> impl Iterator<Item = (ObjectId, RigidBodyHandle)> + '_ {
        self.entries
            .iter()
            .filter(|(_, (spec, _))| !spec.is_static())
            .map(|(&id, (_, h))| (id, *h))
    }

    /// Half an object's smallest extent, metres (how far its centre sits
    /// from a palm it rests in).
    pub(super) fn inner_radius(&self, id: ObjectId) -> Option<f64> {
        let (spec, _) = self.entries.get(&id)?;
        Some(match &spec.shape {
            ObjectShape::Box { size } => size.min_element() * 0.5,
            ObjectShape::Sphere { radius_m } | ObjectShape::Capsule { radius_m, .. } => *radius_m,
            ObjectShape::Hull { points } => {
                let (lo, hi) = points.iter().fold((DVec3::MAX, DVec3::MIN), |(lo, hi), p| {
                    (lo.min(*p), hi.max(*p))
                });
                (hi - lo).min_element() * 0.5
            }
        })
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Puts every object back into a fresh rapier world as it is in `old`
    /// (pose and velocities), keeping the ids.
    pub(super) fn rebuild(
        &mut self,
        old: &super::world::RapierWorld,
        fresh: &mut super::world::RapierWorld,
    ) {
        for (&id, (spec, handle)) in &mut self.entries {
            let mut now = spec.clone();
            if let Some(b) = old.bodies.get(*handle) {
                now.pose = pose64(b.position());
                now.linear_velocity = v64(b.linvel());
                now.angular_velocity = v64(b.angvel());
            }
            // The spec was accepted before and rebuilds the same way.
            if let Ok(h) = insert(fresh, id, &now) {
                *handle = h;
            }
        }
    }
}

impl PhysicsWorld {
    /// Adds an object; its id.
    pub fn add_object(&mut self, spec: ObjectSpec) -> Result<ObjectId, ObjectError> {
        spec.check()?;
        if self.objects.len() >= MAX_OBJECTS {
            return Err(ObjectError::TooMany);
        }
        let id = ObjectId(self.objects.next + 1);
        let handle = insert(&mut self.rapier, id, &spec)?;
        self.objects.next += 1;
        self.objects.entries.insert(id, (spec, handle));
        Ok(id)
    }

    /// Removes an object; whether there was one.
    pub fn remove_object(&mut self, id: ObjectId) -> bool {
        let Some((_, handle)) = self.objects.entries.remove(&id) else {
            return false;
        };
        self.rapier.remove_body(handle);
        self.forget_holds(None, Some(id));
        true
    }

    /// Moves an object (a static one too) and sets its velocity; its new
    /// state.
    pub fn set_object_pose(
        &mut self,
        id: ObjectId,
        pose: Transform,
        linear_velocity: DVec3,
        angular_velocity: DVec3,
    ) -> Result<ObjectState, ObjectError> {
        check_pose(&pose)?;
        for (field, v) in [
            ("linear_velocity", linear_velocity),
            ("angular_velocity", angular_velocity),
        ] {
            if !(v.is_finite() && v.length() <= MAX_SPEED) {
                return Err(ObjectError::Invalid {
                    field: field.into(),
                    reason: format!("must be finite and at most {MAX_SPEED}"),
                });
            }
        }
        let (_, handle) = self
            .objects
            .entries
            .get(&id)
            .ok_or(ObjectError::Unknown(id))?;
        if let Some(b) = self.rapier.bodies.get_mut(*handle) {
            b.set_position(pose32(pose), true);
            if b.is_dynamic() {
                b.set_linvel(v32(linear_velocity), true);
                b.set_angvel(v32(angular_velocity), true);
            }
        }
        self.object(id).ok_or(ObjectError::Unknown(id))
    }

    /// One object now.
    pub fn object(&self, id: ObjectId) -> Option<ObjectState> {
        let (spec, handle) = self.objects.entries.get(&id)?;
        let b = self.rapier.bodies.get(*handle)?;
        Some(ObjectState {
            id,
            spec: spec.clone(),
            pose: pose64(b.position()),
            linear_velocity: v64(b.linvel()),
            angular_velocity: v64(b.angvel()),
        })
    }

    /// Every object now, by id.
    pub fn objects(&self) -> Vec<ObjectState> {
        self.objects
            .entries
            .keys()
            .filter_map(|&id| self.object(id))
            .collect()
    }

    /// How many objects.
    pub fn object_count(&self) -> usize {
        self.objects.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::{Scene, WorldSettings};

    fn world() -> PhysicsWorld {
        PhysicsWorld::new(&Scene::default(), WorldSettings::default())
    }

    fn at(x: f64, y: f64, z: f64) -> Transform {
        Transform::new(DVec3::new(x, y, z), posewire_body::glam::DQuat::IDENTITY)
    }

    fn steps(w: &mut PhysicsWorld, n: usize) {
        for _ in 0..n {
            w.step();
        }
    }

    #[test]
    fn a_dropped_box_lands_and_rests_on_the_floor() {
        let mut w = world();
        let shape = ObjectShape::Box {
            size: DVec3::splat(0.3),
        };
        let id = w
            .add_object(ObjectSpec::new(shape, 2.0, at(0.0, 1.0, 0.0)))
            .expect("adds");
        steps(&mut w, 180);
        let s = w.object(id).expect("still there");
        assert!((s.pose.position.y - 0.15).abs() < 0.01, "{:?}", s.pose);
        assert!(s.linear_velocity.length() < 0.05, "{:?}", s.linear_velocity);
    }

    #[test]
    fn a_static_object_stays_and_a_ball_bounces_off_it() {
        let mut w = world();
        let table = ObjectShape::Box {
            size: DVec3::new(1.0, 0.1, 1.0),
        };
        let t = w
            .add_object(ObjectSpec::new(table, 0.0, at(0.0, 0.75, 0.0)))
            .expect("adds the table");
        let ball = w
            .add_object(ObjectSpec::new(
                ObjectShape::Sphere { radius_m: 0.1 },
                0.5,
                at(0.0, 1.5, 0.0),
            ))
            .expect("adds the ball");
        steps(&mut w, 180);
        assert_eq!(w.object(t).expect("table").pose.position.y, 0.75);
        let b = w.object(ball).expect("ball");
        assert!(
            (b.pose.position.y - 0.9).abs() < 0.02,
            "rests on the table: {:?}",
            b.pose
        );
    }

    #[test]
    fn bad_objects_are_refused_with_the_field_named() {
        let mut w = world();
        let cases = [
            (ObjectShape::Sphere { radius_m: f64::NAN }, 1.0, "radius_m"),
            (
                ObjectShape::Box {
                    size: DVec3::new(0.3, -1.0, 0.3),
                },
                1.0,
                "shape.box.size",
            ),
            (ObjectShape::Sphere { radius_m: 0.1 }, -1.0, "mass_kg"),
            (
                ObjectShape::Hull {
                    points: vec![DVec3::ZERO; 3],
                },
                1.0,
                "shape.hull",
            ),
        ];
        for (shape, mass, field) in cases {
            let e = w
                .add_object(ObjectSpec::new(shape, mass, at(0.0, 1.0, 0.0)))
                .expect_err("refused");
            assert!(e.to_string().contains(field), "{e}");
        }
        let flat = (0..8)
            .map(|i| DVec3::new(f64::from(i), f64::from(i % 3), 0.0))
            .collect();
        let e = w
            .add_object(ObjectSpec::new(
                ObjectShape::Hull { points: flat },
                1.0,
                at(0.0, 1.0, 0.0),
            ))
            .expect_err("flat");
        assert_eq!(e, ObjectError::FlatHull);
        let mut nan_pose = at(0.0, 1.0, 0.0);
        nan_pose.rotation.w = f64::NAN;
        let e = w
            .add_object(ObjectSpec::new(
                ObjectShape::Sphere { radius_m: 0.1 },
                1.0,
                nan_pose,
            ))
            .expect_err("nan pose");
        assert!(e.to_string().contains("pose.rotation"), "{e}");
        assert_eq!(w.object_count(), 0);
    }

    #[test]
    fn objects_are_moved_removed_and_capped() {
        let mut w = world();
        let ball = || {
            ObjectSpec::new(
                ObjectShape::Sphere { radius_m: 0.05 },
                0.1,
                at(0.0, 0.05, 0.0),
            )
        };
        let id = w.add_object(ball()).expect("adds");
        let moved = w
            .set_object_pose(
                id,
                at(2.0, 3.0, 0.0),
                DVec3::new(1.0, 0.0, 0.0),
                DVec3::ZERO,
            )
            .expect("moves");
        assert_eq!(moved.pose.position, DVec3::new(2.0, 3.0, 0.0));
        assert!(w.remove_object(id));
        assert!(!w.remove_object(id));
        assert_eq!(
            w.set_object_pose(id, at(0.0, 0.0, 0.0), DVec3::ZERO, DVec3::ZERO),
            Err(ObjectError::Unknown(id))
        );
        for _ in 0..MAX_OBJECTS {
            w.add_object(ball()).expect("room");
        }
        assert_eq!(w.add_object(ball()), Err(ObjectError::TooMany));
    }
}
