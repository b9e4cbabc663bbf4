//! Rigid transforms (a position and a rotation) and small rotation helpers.

use glam::{DQuat, DVec3};

/// A rigid pose in some parent frame: first rotate, then translate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Transform {
    /// Where the frame's origin is, metres.
    pub position: DVec3,
    /// How the frame is turned (unit quaternion).
    pub rotation: DQuat,
}

impl Default for Transform {
    fn default() -> Self {
        Transform::IDENTITY
    }
}

impl Transform {
    /// No translation, no rotation.
    pub const IDENTITY: Transform = Transform {
        position: DVec3::ZERO,
        rotation: DQuat::IDENTITY,
    };

    /// A transform from its parts.
    pub fn new(position: DVec3, rotation: DQuat) -> Self {
        Transform { position, rotation }
    }

    /// Maps a point from this frame into the parent frame.
    pub fn transform_point(&self, p: DVec3) -> DVec3 {
        self.position + self.rotation * p
    }

    /// Maps a direction from this frame into the parent frame.
    pub fn transform_vector(&self, v: DVec3) -> DVec3 {
        self.rotation * v
    }

    /// The inverse transform.
    pub fn inverse(&self) -> Transform {
        let r = self.rotation.inverse();
        Transform {
            position: -(r * self.position),
            rotation: r,
        }
    }

    /// Whether every component is finite.
    pub fn is_finite(&self) -> bool {
        self.position.is_finite() && self.rotation.is_finite()
    }
}

impl std::ops::Mul for Transform {
    type Output = Transform;
    /// `a * b` applies `b` first, then `a`.
    fn mul(self, b: Transform) -> Transform {
        Transform {
            position: self.transform_point(b.position),
            rotation: (self.rotation * b.rotation).normalize(),
        }
    }
}

/// The rotation by `degrees` about world `axis` (right-handed).
pub fn rotation_deg(axis: DVec3, degrees: f64) -> DQuat {
    DQuat::from_axis_angle(axis.normalize(), degrees.to_radians())
}

/// The angle between two rotations, radians in `[0, pi]` (q and -q are equal).
pub fn angle_between(a: DQuat, b: DQuat) -> f64 {
    let d = a.dot(b).abs().min(1.0);
    2.0 * d.acos()
}

/// Flips `q` into the hemisphere of `reference` (same rotation, shortest
/// interpolation path).
pub fn align_hemisphere(q: DQuat, reference: DQuat) -> DQuat {
    if q.dot(reference) < 0.0 {
        -q
    } else {
        q
    }
}

/// The heading (yaw about +Y, radians) of a direction projected on the
/// floor: 0 for +Z, positive turning toward +X.
pub fn heading_of(direction: DVec3) -> f64 {
    direction.x.atan2(direction.z)
}

/// The rotation about +Y by a heading from [`heading_of`].
pub fn yaw_rotation(heading: f64) -> DQuat {
    DQuat::from_rotation_y(heading)
}

/// The yaw part of a rotation: the heading its +Z axis points to on the
/// floor (swing-twist around +Y, robust near vertical by falling back to the
/// rotated +X axis).
pub fn yaw_of(rotation: DQuat) -> f64 {
    let f = rotation * DVec3::Z;
    let flat = DVec3::new(f.x, 0.0, f.z);
    if flat.length_squared() > 1e-6 {
        heading_of(flat)
    } else {
        let l = rotation * DVec3::X;
        // left = +X at heading 0; heading h maps +X to (cos h, 0, -sin h)
        (-l.z).atan2(l.x)
    }
}

/// The shortest rotation that turns unit vector `from` onto unit vector `to`.
pub fn rotation_between(from: DVec3, to: DVec3) -> DQuat {
    DQuat::from_rotation_arc(from.normalize(), to.normalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_and_composition() {
        let a = Transform::new(DVec3::new(1.0, 2.0, 3.0), rotation_deg(DVec3::Y, 40.0));
        let b = Transform::new(DVec3::new(-0.5, 0.1, 0.3), rotation_deg(DVec3::X, -70.0));
        let p = DVec3::new(0.3, -0.2, 0.9);
        let ab = a * b;
        assert!((ab.transform_point(p) - a.transform_point(b.transform_point(p))).length() < 1e-12);
        assert!((a.inverse().transform_point(a.transform_point(p)) - p).length() < 1e-12);
    }

    #[test]
    fn yaw_matches_heading() {
        for deg in [-170.0, -45.0, 0.0, 30.0, 120.0] {
            let q = yaw_rotation(f64::to_radians(deg)) * rotation_deg(DVec3::X, 20.0);
            assert!((yaw_of(q).to_degrees() - deg).abs() < 1e-9);
        }
    }
}
