//! What a take holds of the space's objects (props a body can hit, hold
//! and throw): each object's description when first seen, its state at
//! every recorded tick, when it left, and the changes applied to the
//! objects between ticks (adds, removals, moves, grabs and releases
//! asked for through `SceneService`), which a re-solve replays.

use posewire_body::glam::DVec3;
use posewire_body::{Device, Transform};

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
    /// The convex hull of points, metres, in the object's frame.
    Hull {
        /// The points.
        points: Vec<DVec3>,
    },
}

/// What an object is made of (all but where it is).
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectBody {
    /// A name for people (may be empty).
    pub name: String,
    /// Its shape.
    pub shape: ObjectShape,
    /// Kilograms; 0: static.
    pub mass_kg: f64,
    /// Coulomb friction coefficient.
    pub friction: f64,
    /// Bounciness, 0..1.
    pub restitution: f64,
}

/// An object as first seen in the take (record kind 11).
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectSeen {
    /// The tick it was first seen at.
    pub sequence: u64,
    /// Its id in the live space (`o5` in the API is 5).
    pub id: u64,
    /// What it is.
    pub body: ObjectBody,
}

/// A hand holding an object.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectHolder {
    /// The avatar whose hand it is.
    pub avatar_id: String,
    /// `LeftHand` or `RightHand`.
    pub hand: Device,
}

/// An object's state after a recorded tick's step (record kind 12).
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectMotion {
    /// The tick.
    pub sequence: u64,
    /// The object.
    pub id: u64,
    /// World pose of its centre.
    pub pose: Transform,
    /// Velocity, m/s, world.
    pub linear_velocity: DVec3,
    /// Angular velocity, rad/s, world.
    pub angular_velocity: DVec3,
    /// The hands holding it.
    pub held_by: Vec<ObjectHolder>,
}

/// An object left the space (removed) before a tick (record kind 13).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ObjectGone {
    /// The first tick it was no longer there.
    pub sequence: u64,
    /// The object.
    pub id: u64,
}

/// A change applied to the space's objects between ticks, before tick
/// `sequence` ran (record kind 14). Objects already in the space when
/// recording began are recorded as adds at the first tick, with their
/// state of that moment.
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectChange {
    /// The tick it was applied before.
    pub sequence: u64,
    /// What changed.
    pub edit: ObjectEdit,
}

/// The changes a re-solve replays.
#[derive(Debug, Clone, PartialEq)]
pub enum ObjectEdit {
    /// An object was put in the space.
    Add {
        /// The id the live space gave it.
        id: u64,
        /// What it is.
        body: ObjectBody,
        /// Where.
        pose: Transform,
        /// Its velocity, m/s, world.
        linear_velocity: DVec3,
        /// Its angular velocity, rad/s, world.
        angular_velocity: DVec3,
    },
    /// An object was taken out.
    Remove {
        /// Which.
        id: u64,
    },
    /// An object was moved and its velocity set.
    SetPose {
        /// Which.
        id: u64,
        /// Where.
        pose: Transform,
        /// m/s, world.
        linear_velocity: DVec3,
        /// rad/s, world.
        angular_velocity: DVec3,
    },
    /// A hand was made to take hold of an object (`GrabObject`).
    Grab {
        /// Which object.
        id: u64,
        /// Whose hand.
        holder: ObjectHolder,
    },
    /// Every hand let go of an object (`ReleaseObject`), with a velocity
    /// (linear, angular) if one was given.
    Release {
        /// Which.
        id: u64,
        /// m/s and rad/s, world.
        velocity: Option<[DVec3; 2]>,
    },
}

impl ObjectEdit {
    /// The object it changes.
    pub fn id(&self) -> u64 {
        match self {
            ObjectEdit::Add { id, .. }
            | ObjectEdit::Remove { id }
            | ObjectEdit::SetPose { id, .. }
            | ObjectEdit::Grab { id, .. }
            | ObjectEdit::Release { id, .. } => *id,
        }
    }
}
