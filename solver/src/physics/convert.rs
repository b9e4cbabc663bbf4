//! Between the body model's `f64` geometry and rapier's `f32`.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::Transform;
use rapier3d::glamx::Pose3;
use rapier3d::math::{Rotation, Vector};

/// A body-model vector as rapier's.
pub fn v32(v: DVec3) -> Vector {
    v.as_vec3()
}

/// A rapier vector as the body model's.
pub fn v64(v: Vector) -> DVec3 {
    v.as_dvec3()
}

/// A body-model rotation as rapier's.
pub fn q32(q: DQuat) -> Rotation {
    q.as_quat().normalize()
}

/// A rapier rotation as the body model's.
pub fn q64(q: Rotation) -> DQuat {
    q.as_dquat().normalize()
}

/// A body-model transform as a rapier pose.
pub fn pose32(t: Transform) -> Pose3 {
    Pose3::from_parts(v32(t.position), q32(t.rotation))
}

/// A rapier pose as a body-model transform.
pub fn pose64(p: &Pose3) -> Transform {
    Transform::new(v64(p.translation), q64(p.rotation))
}
