//! Interpolation of time series at arbitrary times: linear for positions,
//! slerp for rotations. The GT is interpolated to tracker sample times
//! (synthesis) and to the solver's output times (metrics).

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::align_hemisphere;
use posewire_body::{Joint, JointMap, Transform};

/// Where time `t` falls in the increasing `times`: the index `i` of the
/// sample at or before it and the fraction `a` toward sample `i + 1`.
/// Times outside the range clamp to the first or last sample (`a` = 0).
pub(crate) fn locate(times: &[f64], t: f64) -> (usize, f64) {
    let n = times.len();
    if n < 2 || t <= times[0] {
        return (0, 0.0);
    }
    if t >= times[n - 1] {
        return (n - 1, 0.0);
    }
    // First index whose time is > t, minus one: times[i] <= t < times[i + 1].
    let i = times.partition_point(|&x| x <= t) - 1;
    let span = times[i + 1] - times[i];
    let a = if span > 0.0 {
        (t - times[i]) / span
    } else {
        0.0
    };
    (i, a)
}

/// Linear interpolation of a series of vectors at `(i, a)` from [`locate`].
pub(crate) fn lerp_at(values: &[DVec3], (i, a): (usize, f64)) -> DVec3 {
    if a == 0.0 || i + 1 >= values.len() {
        values[i]
    } else {
        values[i].lerp(values[i + 1], a)
    }
}

/// Interpolates a rigid transform: linear position, slerp rotation (on the
/// shorter arc, whatever the signs of the stored quaternions).
pub(crate) fn interpolate_transform(a: &Transform, b: &Transform, s: f64) -> Transform {
    if s == 0.0 {
        return *a;
    }
    let rb: DQuat = align_hemisphere(b.rotation, a.rotation);
    Transform::new(
        a.position.lerp(b.position, s),
        a.rotation.slerp(rb, s).normalize(),
    )
}

/// Interpolates every joint's position of a frame sequence at time `t`
/// (positions only: the metrics need no rotations).
pub(crate) fn positions_at(times: &[f64], frames: &[JointMap<DVec3>], t: f64) -> JointMap<DVec3> {
    let (i, a) = locate(times, t);
    if a == 0.0 || i + 1 >= frames.len() {
        return frames[i];
    }
    JointMap::from_fn(|j: Joint| frames[i][j].lerp(frames[i + 1][j], a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_brackets_and_clamps_for_synth_and_metrics() {
        let times = [0.0, 1.0, 2.0, 4.0];
        assert_eq!(locate(&times, -1.0), (0, 0.0));
        assert_eq!(locate(&times, 0.0), (0, 0.0));
        assert_eq!(locate(&times, 1.0), (1, 0.0));
        assert_eq!(locate(&times, 3.0), (2, 0.5));
        assert_eq!(locate(&times, 4.0), (3, 0.0));
        assert_eq!(locate(&times, 9.0), (3, 0.0));
        let v = [DVec3::ZERO, DVec3::X, DVec3::Y, DVec3::Z];
        assert!((lerp_at(&v, locate(&times, 0.25)) - DVec3::new(0.25, 0.0, 0.0)).length() < 1e-15);
    }

    #[test]
    fn slerp_takes_the_short_arc_for_synth() {
        let a = Transform::new(DVec3::ZERO, DQuat::from_rotation_y(0.2));
        let b = Transform::new(DVec3::X, -DQuat::from_rotation_y(0.4));
        let m = interpolate_transform(&a, &b, 0.5);
        let expected = DQuat::from_rotation_y(0.3);
        assert!(m.rotation.dot(expected).abs() > 1.0 - 1e-12);
        assert!((m.position - DVec3::new(0.5, 0.0, 0.0)).length() < 1e-15);
    }
}
