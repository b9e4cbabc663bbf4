//! Small vector helpers the physics controllers share.

use posewire_body::glam::{DQuat, DVec3};

/// Rotation vector of a quaternion, the short way round.
pub(crate) fn rotvec(q: DQuat) -> DVec3 {
    let q = if q.w < 0.0 { -q } else { q };
    let (axis, angle) = q.to_axis_angle();
    if angle.abs() < 1e-12 || !angle.is_finite() {
        DVec3::ZERO
    } else {
        axis * angle
    }
}

/// `v` shortened to at most `max` (a negative or NaN limit allows nothing).
pub(crate) fn clamp_len(v: DVec3, max: f64) -> DVec3 {
    let max = max.max(0.0);
    let l = v.length();
    if l > max && l > 0.0 {
        v * (max / l)
    } else {
        v
    }
}
