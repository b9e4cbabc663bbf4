//! Animation curves: FBX keys every channel separately (`d|X`, `d|Y`,
//! `d|Z` of a model's `Lcl Translation` or `Lcl Rotation`), times in FBX
//! time units (46186158000 a second), values as floats, rotations as
//! Euler angles in degrees in FBX's default order `eXYZ` (X applied first:
//! the matrix is Rz Ry Rx), unwrapped frame to frame so no channel jumps
//! by a turn.

use posewire_body::glam::{DQuat, DVec3, EulerRot};
use posewire_skinning::export::PropTrack;

use super::binary::{Node, Prop};
use crate::scene_export::{AvatarAnimation, Bone, SceneAnimation};

/// FBX time units in a second.
pub const KTIME_PER_SECOND: i64 = 46_186_158_000;

/// `KeyAttrFlags`: linear interpolation (`eInterpolationLinear`).
const LINEAR: i32 = 0x0000_0004;

/// The three channel curves of one property of one model.
pub struct CurveSet {
    /// The curve node's name (`T`, `R`).
    pub short: &'static str,
    /// The model property it drives.
    pub property: &'static str,
    /// Key times, FBX time units.
    pub times: Vec<i64>,
    /// Key values per channel.
    pub values: [Vec<f32>; 3],
}

impl CurveSet {
    fn new(short: &'static str, property: &'static str) -> CurveSet {
        CurveSet {
            short,
            property,
            times: Vec::new(),
            values: [Vec::new(), Vec::new(), Vec::new()],
        }
    }

    fn push(&mut self, ktime: i64, v: DVec3) {
        self.times.push(ktime);
        for (c, x) in self.values.iter_mut().zip(v.to_array()) {
            c.push(x as f32);
        }
    }
}

/// The FBX time of frame `k`.
fn ktime(scene: &SceneAnimation, k: usize) -> i64 {
    (k as f64 * scene.frame_time * KTIME_PER_SECOND as f64).round() as i64
}

/// Euler angles (degrees, `eXYZ`) of `q`, each moved by whole turns to
/// within half a turn of `previous`.
fn euler_degrees(q: DQuat, previous: Option<DVec3>) -> DVec3 {
    let (z, y, x) = q.normalize().to_euler(EulerRot::ZYX);
    let mut e = DVec3::new(x, y, z) * (180.0 / std::f64::consts::PI);
    if let Some(p) = previous {
        e += ((p - e) / 360.0).round() * 360.0;
    }
    e
}

/// A joint's translation and rotation curves over every frame, lengths
/// times `scale`.
pub fn euler_track(
    scene: &SceneAnimation,
    avatar: &AvatarAnimation,
    bone: Bone,
    scale: f64,
) -> (CurveSet, CurveSet) {
    let mut t = CurveSet::new("T", "Lcl Translation");
    let mut r = CurveSet::new("R", "Lcl Rotation");
    let mut previous = None;
    for k in 0..avatar.poses.len() {
        let (translation, rotation) = avatar.pose_local(k, bone);
        let at = ktime(scene, k);
        t.push(at, translation * scale);
        let e = euler_degrees(rotation, previous);
        r.push(at, e);
        previous = Some(e);
    }
    (t, r)
}

/// An object's translation and rotation curves at the frames it was keyed.
pub fn object_curves(
    scene: &SceneAnimation,
    object: &PropTrack,
    scale: f64,
) -> (CurveSet, CurveSet) {
    let mut t = CurveSet::new("T", "Lcl Translation");
    let mut r = CurveSet::new("R", "Lcl Rotation");
    let mut previous = None;
    let keys = object
        .times
        .iter()
        .zip(&object.translations)
        .zip(&object.rotations);
    for ((time, p), q) in keys {
        let at = ktime(scene, scene.frame_of(*time));
        if t.times.last().is_some_and(|&last| last >= at) {
            continue;
        }
        t.push(at, p.as_dvec3() * scale);
        let e = euler_degrees(q.as_dquat(), previous);
        r.push(at, e);
        previous = Some(e);
    }
    (t, r)
}

/// One `AnimationCurve` record: linear keys.
pub fn curve_node(id: i64, times: &[i64], values: &[f32]) -> Node {
    let n = times.len() as i32;
    Node::new(
        "AnimationCurve",
        vec![Prop::I64(id), Prop::str("\0\x01AnimCurve"), Prop::str("")],
    )
    .with(vec![
        Node::new(
            "Default",
            vec![Prop::F64(values.first().map_or(0.0, |v| f64::from(*v)))],
        ),
        Node::new("KeyVer", vec![Prop::I32(4008)]),
        Node::new("KeyTime", vec![Prop::I64s(times.to_vec())]),
        Node::new("KeyValueFloat", vec![Prop::F32s(values.to_vec())]),
        Node::new("KeyAttrFlags", vec![Prop::I32s(vec![LINEAR])]),
        Node::new("KeyAttrDataFloat", vec![Prop::F32s(vec![0.0; 4])]),
        Node::new("KeyAttrRefCount", vec![Prop::I32s(vec![n])]),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn euler_angles_rebuild_the_rotation_in_fbx_order_and_unwrap() {
        let q = DQuat::from_euler(EulerRot::ZYX, 2.5, -0.4, 1.1);
        let e = euler_degrees(q, None).to_array().map(f64::to_radians);
        // eXYZ: X first, then Y, then Z (the matrix Rz Ry Rx).
        let back = DQuat::from_rotation_z(e[2])
            * DQuat::from_rotation_y(e[1])
            * DQuat::from_rotation_x(e[0]);
        assert!(back.angle_between(q) < 1e-9);
        let near = euler_degrees(q, Some(DVec3::new(0.0, 0.0, -200.0)));
        assert!(
            (near.z - (2.5f64.to_degrees() - 360.0)).abs() < 1e-9,
            "{near}"
        );
    }
}
