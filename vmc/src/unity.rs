//! Posewire's frame to and from Unity's, the frame of both VMC and VRChat.
//!
//! Posewire (`posewire_body::conventions`): right-handed, +Y up, a person
//! at rest faces +Z with their left side at +X. Unity: left-handed, +Y up,
//! +Z forward, +X to the right; a humanoid at rest faces +Z with its right
//! side at +X. Negating X maps one onto the other: a Posewire person
//! facing +Z with the left hand at +X becomes a Unity person facing +Z
//! with the left hand at -X, which is where Unity puts it. Left stays left:
//! Posewire's `left_*` joints are Unity's `Left*` bones.
//!
//! The mirror `M = diag(-1, 1, 1)` turns a rotation `R` into `M R M`. For a
//! unit quaternion `(x, y, z, w)` that is `(x, -y, -z, w)` (since
//! `M R M = P R P` with `P` the half turn about X, and conjugating by the
//! quaternion `i` negates the y and z parts). The mirror is its own
//! inverse, and it maps products to products, so local rotations
//! (`parent^-1 * child`) mirror the same way as world ones.
//!
//! Units are metres on both sides.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::Transform;

/// A Posewire position in Unity's frame.
pub fn position_to_unity(p: DVec3) -> DVec3 {
    DVec3::new(-p.x, p.y, p.z)
}

/// A Unity position in Posewire's frame.
pub fn position_from_unity(p: DVec3) -> DVec3 {
    DVec3::new(-p.x, p.y, p.z)
}

/// A Posewire rotation as Unity's quaternion (same meaning, mirrored frame).
pub fn rotation_to_unity(q: DQuat) -> DQuat {
    DQuat::from_xyzw(q.x, -q.y, -q.z, q.w)
}

/// A Unity quaternion as a Posewire rotation.
pub fn rotation_from_unity(q: DQuat) -> DQuat {
    DQuat::from_xyzw(q.x, -q.y, -q.z, q.w)
}

/// A Posewire pose in Unity's frame.
pub fn transform_to_unity(t: &Transform) -> Transform {
    Transform::new(position_to_unity(t.position), rotation_to_unity(t.rotation))
}

/// A Unity pose in Posewire's frame.
pub fn transform_from_unity(t: &Transform) -> Transform {
    Transform::new(
        position_from_unity(t.position),
        rotation_from_unity(t.rotation),
    )
}

/// Unity's Euler angles of a Unity quaternion, degrees `(x, y, z)`, as
/// `Transform.eulerAngles` reports them up to a full turn: the rotation is
/// a turn of `z` about Z, then `x` about X, then `y` about Y, all about the
/// fixed axes (so `q = Ry(y) * Rx(x) * Rz(z)`). Angles in (-180, 180], `x`
/// in [-90, 90].
pub fn euler_degrees(q: DQuat) -> DVec3 {
    let (y, x, z) = q.normalize().to_euler(posewire_body::glam::EulerRot::YXZ);
    DVec3::new(x.to_degrees(), y.to_degrees(), z.to_degrees())
}

/// The Unity quaternion of Unity Euler angles in degrees (the inverse of
/// [`euler_degrees`], Unity's `Quaternion.Euler(x, y, z)`).
pub fn from_euler_degrees(e: DVec3) -> DQuat {
    DQuat::from_euler(
        posewire_body::glam::EulerRot::YXZ,
        e.y.to_radians(),
        e.x.to_radians(),
        e.z.to_radians(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::conventions::{FORWARD, LEFT, UP};

    fn close(a: DVec3, b: DVec3) -> bool {
        (a - b).length() < 1e-9
    }

    #[test]
    fn vmc_unity_frame_keeps_left_left_and_up_up() {
        // A person's left side at rest is -X in Unity (its right is +X).
        assert!(close(position_to_unity(LEFT), DVec3::new(-1.0, 0.0, 0.0)));
        assert!(close(position_to_unity(FORWARD), DVec3::Z));
        assert!(close(position_to_unity(UP), DVec3::Y));
    }

    #[test]
    fn vmc_mirrored_rotations_turn_mirrored_vectors() {
        let qs = [
            DQuat::from_rotation_y(0.7),
            DQuat::from_rotation_x(-1.1),
            DQuat::from_axis_angle(DVec3::new(1.0, 2.0, -0.5).normalize(), 2.3),
        ];
        let v = DVec3::new(0.3, -0.2, 0.9);
        for q in qs {
            let posewire = q * v;
            let unity = rotation_to_unity(q) * position_to_unity(v);
            assert!(close(position_to_unity(posewire), unity));
            let back = rotation_from_unity(rotation_to_unity(q));
            assert!(back.abs_diff_eq(q, 1e-12));
        }
    }

    #[test]
    fn vmc_unity_euler_angles_follow_z_then_x_then_y() {
        let e = DVec3::new(20.0, -75.0, 35.0);
        let q = from_euler_degrees(e);
        let back = euler_degrees(q);
        assert!(close(back, e), "{back}");
        // Turning about the fixed axes Z, then X, then Y, one at a time.
        let v = DVec3::new(0.1, 0.2, 1.0);
        let step = DQuat::from_rotation_y(e.y.to_radians())
            * (DQuat::from_rotation_x(e.x.to_radians())
                * (DQuat::from_rotation_z(e.z.to_radians()) * v));
        assert!(close(q * v, step));
    }
}
