//! The space's objects between the physics world
//! (`posewire_solver::physics::objects`) and a take's object records
//! (`posewire_takes::ObjectBody`, `ObjectEdit`): what the recorder writes
//! and what a re-solve puts back.

use posewire_body::glam::DVec3;
use posewire_body::Transform;
use posewire_solver::physics::{ObjectShape, ObjectSpec};
use posewire_takes::{ObjectBody, ObjectEdit, ObjectHolder, ObjectShape as TakeShape};

use super::object_commands::ObjectChange;

/// What an object is made of, as a take stores it.
pub fn body_of(spec: &ObjectSpec) -> ObjectBody {
    ObjectBody {
        name: spec.name.clone(),
        shape: match &spec.shape {
            ObjectShape::Box { size } => TakeShape::Box { size: *size },
            ObjectShape::Sphere { radius_m } => TakeShape::Sphere {
                radius_m: *radius_m,
            },
            ObjectShape::Capsule { radius_m, length_m } => TakeShape::Capsule {
                radius_m: *radius_m,
                length_m: *length_m,
            },
            ObjectShape::Hull { points } => TakeShape::Hull {
                points: points.clone(),
            },
        },
        mass_kg: spec.mass_kg,
        friction: spec.friction,
        restitution: spec.restitution,
    }
}

/// The object a take's add puts back.
pub fn spec_of(body: &ObjectBody, pose: Transform, velocity: [DVec3; 2]) -> ObjectSpec {
    let shape = match &body.shape {
        TakeShape::Box { size } => ObjectShape::Box { size: *size },
        TakeShape::Sphere { radius_m } => ObjectShape::Sphere {
            radius_m: *radius_m,
        },
        TakeShape::Capsule { radius_m, length_m } => ObjectShape::Capsule {
            radius_m: *radius_m,
            length_m: *length_m,
        },
        TakeShape::Hull { points } => ObjectShape::Hull {
            points: points.clone(),
        },
    };
    ObjectSpec {
        name: body.name.clone(),
        shape,
        mass_kg: body.mass_kg,
        friction: body.friction,
        restitution: body.restitution,
        pose,
        linear_velocity: velocity[0],
        angular_velocity: velocity[1],
    }
}

/// The change a command makes to the objects, as a take records it (`None`
/// for a list, which changes nothing, and for a tool put in a hand, which
/// takes cannot hold yet). An add's id is the one the world
/// gives it, known only once applied: `added_id` (0 until then).
pub fn edit_of(change: &ObjectChange, added_id: u64) -> Option<ObjectEdit> {
    Some(match change {
        ObjectChange::Add(spec) => ObjectEdit::Add {
            id: added_id,
            body: body_of(spec),
            pose: spec.pose,
            linear_velocity: spec.linear_velocity,
            angular_velocity: spec.angular_velocity,
        },
        ObjectChange::Remove(id) => ObjectEdit::Remove { id: id.0 },
        ObjectChange::List => return None,
        // Not in the take format yet: a re-solve holds no tools (docs/TAKES.md).
        ObjectChange::AttachTool { .. } => return None,
        ObjectChange::SetPose { id, pose, velocity } => ObjectEdit::SetPose {
            id: id.0,
            pose: *pose,
            linear_velocity: velocity[0],
            angular_velocity: velocity[1],
        },
        ObjectChange::Grab { avatar, hand, id } => ObjectEdit::Grab {
            id: id.0,
            holder: ObjectHolder {
                avatar_id: avatar.clone(),
                hand: hand.device(),
            },
        },
        ObjectChange::Release { id, velocity } => ObjectEdit::Release {
            id: id.0,
            velocity: *velocity,
        },
    })
}
