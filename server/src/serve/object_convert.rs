//! The space's objects between the API (`posewire.v1.SceneService`,
//! `Frame.objects`) and the physics world's (`posewire_solver::physics::
//! objects`). Every refusal names the field at fault.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::Transform;
use posewire_proto::v1 as pb;
use posewire_solver::physics::{ObjectError, ObjectId, ObjectShape, ObjectSpec, ObjectState};
use tonic::Status;

use super::frame_build::{quat, vec3};

/// A vector field, `None` when unset.
fn vector(v: Option<&pb::Vec3>) -> Option<DVec3> {
    v.map(|v| DVec3::new(v.x, v.y, v.z))
}

/// A pose field (the solver checks its values).
pub fn transform(p: Option<&pb::Pose>, field: &str) -> Result<Transform, Status> {
    let p = p.ok_or_else(|| Status::invalid_argument(format!("give `{field}`")))?;
    let position = vector(p.position.as_ref())
        .ok_or_else(|| Status::invalid_argument(format!("give `{field}.position`")))?;
    let rotation = p
        .rotation
        .map_or(DQuat::IDENTITY, |q| DQuat::from_xyzw(q.x, q.y, q.z, q.w));
    Ok(Transform::new(position, rotation))
}

/// A pose as the API's.
pub fn pose(t: &Transform) -> pb::Pose {
    pb::Pose {
        position: Some(vec3(t.position)),
        rotation: Some(quat(t.rotation)),
    }
}

/// The shape of a request; a mesh hull must be read by the caller first
/// (`hull`).
fn shape(s: Option<&pb::Shape>, hull: Option<Vec<DVec3>>) -> Result<ObjectShape, Status> {
    use pb::shape::Kind;
    match s.and_then(|s| s.kind.as_ref()) {
        None => Err(Status::invalid_argument(
            "give `shape` (a box, sphere, capsule or mesh_hull)",
        )),
        Some(Kind::Box(b)) => Ok(ObjectShape::Box {
            size: vector(b.size.as_ref())
                .ok_or_else(|| Status::invalid_argument("give `shape.box.size`"))?,
        }),
        Some(Kind::Sphere(s)) => Ok(ObjectShape::Sphere {
            radius_m: s.radius_m,
        }),
        Some(Kind::Capsule(c)) => Ok(ObjectShape::Capsule {
            radius_m: c.radius_m,
            length_m: c.length_m,
        }),
        Some(Kind::MeshHull(_)) => hull
            .map(|points| ObjectShape::Hull { points })
            .ok_or_else(|| Status::internal("the mesh was not read")),
    }
}

/// The object an `AddObject` asks for; `hull` holds the vertices of a
/// `mesh_hull` shape.
pub fn spec(req: &pb::AddObjectRequest, hull: Option<Vec<DVec3>>) -> Result<ObjectSpec, Status> {
    let mut spec = ObjectSpec::new(
        shape(req.shape.as_ref(), hull)?,
        req.mass_kg,
        transform(req.pose.as_ref(), "pose")?,
    );
    spec.name = req.name.clone();
    spec.friction = req.friction.unwrap_or(spec.friction);
    spec.restitution = req.restitution.unwrap_or(spec.restitution);
    spec.linear_velocity = vector(req.linear_velocity.as_ref()).unwrap_or(DVec3::ZERO);
    spec.angular_velocity = vector(req.angular_velocity.as_ref()).unwrap_or(DVec3::ZERO);
    Ok(spec)
}

/// An object id of the API (`o7`).
pub fn object_id(id: &str) -> Result<ObjectId, Status> {
    if let Some((node, own)) = id.split_once('/') {
        let (id, node, own) = (
            super::ids::clip(id),
            super::ids::clip(node),
            super::ids::clip(own),
        );
        return Err(Status::failed_precondition(format!(
            "`{id}` is an object of node `{node}` of the shared space: only its own node moves \
             or removes it (there, as `{own}`)"
        )));
    }
    id.strip_prefix('o')
        .and_then(|n| n.parse().ok())
        .map(ObjectId)
        .ok_or_else(|| {
            Status::not_found(format!(
                "no object `{}` (ids read `o1`, `o2`, ...)",
                super::ids::clip(id)
            ))
        })
}

/// The status of a refused change.
pub fn status(e: &ObjectError) -> Status {
    match e {
        ObjectError::Invalid { .. } | ObjectError::FlatHull => {
            Status::invalid_argument(e.to_string())
        }
        ObjectError::TooMany => Status::resource_exhausted(e.to_string()),
        ObjectError::Unknown(_) => Status::not_found(e.to_string()),
        ObjectError::NotMovable(_) | ObjectError::NoBody => {
            Status::failed_precondition(e.to_string())
        }
    }
}

/// A shape as the API answers it (a hull with its points; the service names
/// its file and mesh, `HullSources`).
fn api_shape(s: &ObjectShape) -> pb::Shape {
    use pb::shape::Kind;
    let kind = match s {
        ObjectShape::Box { size } => Kind::Box(pb::Box {
            size: Some(vec3(*size)),
        }),
        ObjectShape::Sphere { radius_m } => Kind::Sphere(pb::Sphere {
            radius_m: *radius_m,
        }),
        ObjectShape::Capsule { radius_m, length_m } => Kind::Capsule(pb::Capsule {
            radius_m: *radius_m,
            length_m: *length_m,
        }),
        ObjectShape::Hull { points } => Kind::MeshHull(pb::MeshHull {
            points: points.iter().map(|&p| vec3(p)).collect(),
            ..Default::default()
        }),
    };
    pb::Shape { kind: Some(kind) }
}

/// An object as `SceneService` answers it, with the hands that hold it.
pub fn scene_object(s: &ObjectState, held_by: Vec<pb::ObjectHolder>) -> pb::SceneObject {
    pb::SceneObject {
        id: s.id.to_string(),
        name: s.spec.name.clone(),
        shape: Some(api_shape(&s.spec.shape)),
        mass_kg: s.spec.mass_kg,
        friction: s.spec.friction,
        restitution: s.spec.restitution,
        pose: Some(pose(&s.pose)),
        linear_velocity: Some(vec3(s.linear_velocity)),
        angular_velocity: Some(vec3(s.angular_velocity)),
        held_by,
    }
}

/// A dynamic object's part of a frame, with the hands that hold it.
pub fn object_frame(s: &ObjectState, held_by: Vec<pb::ObjectHolder>) -> pb::ObjectFrame {
    pb::ObjectFrame {
        id: s.id.to_string(),
        pose: Some(pose(&s.pose)),
        linear_velocity: Some(vec3(s.linear_velocity)),
        angular_velocity: Some(vec3(s.angular_velocity)),
        held_by,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn object_ids_read_back_and_strangers_are_not_found() {
        assert_eq!(object_id("o12").ok(), Some(ObjectId(12)));
        for bad in ["12", "o", "ox", "o-1", ""] {
            let e = object_id(bad).expect_err("refused");
            assert_eq!(e.code(), tonic::Code::NotFound, "{bad}");
        }
    }

    #[test]
    fn an_add_request_without_a_shape_or_pose_names_what_is_missing() {
        let req = pb::AddObjectRequest {
            mass_kg: 1.0,
            ..Default::default()
        };
        let e = spec(&req, None).expect_err("no shape");
        assert!(e.message().contains("shape"), "{e}");
        let req = pb::AddObjectRequest {
            shape: Some(pb::Shape {
                kind: Some(pb::shape::Kind::Sphere(pb::Sphere { radius_m: 0.1 })),
            }),
            ..req
        };
        let e = spec(&req, None).expect_err("no pose");
        assert!(e.message().contains("pose"), "{e}");
    }
}
