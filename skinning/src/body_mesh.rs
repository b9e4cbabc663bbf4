//! The built-in default body: capped tubes around the bones of the
//! canonical skeleton (torso, limbs, a round head), with smooth automatic
//! weights blending each bone with its neighbours across every joint, so
//! skinning works with no model file. Its skeleton is the canonical one
//! (joint names are the canonical names, bind pose = rest T-pose).

use glam::{DQuat, Vec3};
use posewire_body::{BodyPose, Joint, Skeleton};

use crate::error::SkinError;
use crate::mesh::{MeshJoint, SkinnedMesh, WeightFix};

/// Rings along and segments around every tube.
const RINGS: usize = 14;
const SEGMENTS: usize = 18;
/// Share of a bone's length (from each end) over which it blends with its
/// neighbour; 50/50 at the joint itself.
const BLEND: f32 = 0.2;

/// Tube radius of the bone starting at a joint, metres (for 1.75 m).
fn radius(j: Joint) -> f32 {
    use Joint::*;
    match j {
        Pelvis => 0.14,
        Spine => 0.14,
        Chest => 0.15,
        Neck => 0.055,
        Head => 0.1,
        LeftClavicle | RightClavicle => 0.055,
        LeftShoulder | RightShoulder => 0.05,
        LeftElbow | RightElbow => 0.04,
        LeftWrist | RightWrist => 0.035,
        LeftHip | RightHip => 0.08,
        LeftKnee | RightKnee => 0.055,
        LeftAnkle | RightAnkle => 0.045,
        LeftToe | RightToe => 0.035,
    }
}

/// The default body for a canonical skeleton (a few thousand vertices).
pub fn default_body(skeleton: &Skeleton) -> Result<SkinnedMesh, SkinError> {
    let rest = BodyPose::rest(skeleton).positions(skeleton);
    let p = |j: Joint| rest[j].as_vec3();
    let mut positions = Vec::new();
    let mut weights: Vec<Vec<(usize, f32)>> = Vec::new();
    let mut triangles = Vec::new();
    for j in Joint::ALL {
        // Bone segment from j toward its primary child, or a short
        // extension of the parent's direction for leaves.
        let (a, b, child) = match j {
            Joint::Pelvis => (
                p(Joint::Pelvis) - Vec3::Y * 0.05,
                p(Joint::Spine),
                Some(Joint::Spine),
            ),
            Joint::LeftHip | Joint::RightHip => {
                let knee = if j == Joint::LeftHip {
                    Joint::LeftKnee
                } else {
                    Joint::RightKnee
                };
                (p(j), p(knee), Some(knee))
            }
            Joint::LeftClavicle | Joint::RightClavicle => {
                let sh = if j == Joint::LeftClavicle {
                    Joint::LeftShoulder
                } else {
                    Joint::RightShoulder
                };
                (p(j), p(sh), Some(sh))
            }
            _ => match j.children().next() {
                Some(c) => (p(j), p(c), Some(c)),
                None => {
                    let parent = j.parent().map_or(p(j) - Vec3::Y, p);
                    let dir = (p(j) - parent).normalize_or(Vec3::Y);
                    let len = if j == Joint::Head { 0.22 } else { 0.09 };
                    (p(j), p(j) + dir * len, None)
                }
            },
        };
        tube(
            j,
            child,
            a,
            b,
            radius(j),
            &mut positions,
            &mut weights,
            &mut triangles,
        );
    }
    let skeleton_joints = Joint::ALL
        .iter()
        .map(|&j| MeshJoint {
            name: j.name().to_string(),
            parent: j.parent().map(Joint::index),
            bind_position: rest[j],
            bind_rotation: DQuat::IDENTITY,
        })
        .collect();
    SkinnedMesh::from_vertex_weights(
        "built-in body",
        positions,
        None,
        triangles,
        &weights,
        skeleton_joints,
        WeightFix::Strict,
    )
}

/// A capped tube from `a` to `b` on bone `j`, blended with the parent bone
/// near `a` and with `child` near `b`.
#[allow(clippy::too_many_arguments)]
fn tube(
    j: Joint,
    child: Option<Joint>,
    a: Vec3,
    b: Vec3,
    r: f32,
    positions: &mut Vec<Vec3>,
    weights: &mut Vec<Vec<(usize, f32)>>,
    triangles: &mut Vec<[u32; 3]>,
) {
    let axis = (b - a).normalize_or(Vec3::Y);
    let side = axis.any_orthonormal_vector();
    let other = axis.cross(side);
    let base = positions.len() as u32;
    let weight_at = |t: f32| -> Vec<(usize, f32)> {
        let mut w = vec![(j.index(), 1.0f32)];
        let ramp = |x: f32| 0.5 * (1.0 - (x / BLEND).clamp(0.0, 1.0)).powi(2);
        if let Some(parent) = j.parent() {
            let s = ramp(t);
            if s > 0.0 {
                w.push((parent.index(), s));
            }
        }
        if let Some(c) = child {
            let s = ramp(1.0 - t);
            if s > 0.0 {
                w.push((c.index(), s));
            }
        }
        let total: f32 = w.iter().map(|x| x.1).sum();
        w.into_iter().map(|(k, x)| (k, x / total)).collect()
    };
    for ring in 0..RINGS {
        let t = ring as f32 / (RINGS - 1) as f32;
        // Rounded ends: the radius narrows in the outer tenths.
        let end = (t.min(1.0 - t) / 0.1).clamp(0.0, 1.0);
        let rr = r * (0.6 + 0.4 * (end * std::f32::consts::FRAC_PI_2).sin());
        let centre = a + (b - a) * t;
        for s in 0..SEGMENTS {
            let ang = std::f32::consts::TAU * s as f32 / SEGMENTS as f32;
            positions.push(centre + (side * ang.cos() + other * ang.sin()) * rr);
            weights.push(weight_at(t));
        }
    }
    let idx = |ring: usize, s: usize| base + (ring * SEGMENTS + s % SEGMENTS) as u32;
    for ring in 0..RINGS - 1 {
        for s in 0..SEGMENTS {
            let (p0, p1, p2, p3) = (
                idx(ring, s),
                idx(ring, s + 1),
                idx(ring + 1, s),
                idx(ring + 1, s + 1),
            );
            triangles.push([p0, p2, p3]);
            triangles.push([p0, p3, p1]);
        }
    }
    let cap_a = positions.len() as u32;
    positions.push(a);
    weights.push(weight_at(0.0));
    let cap_b = cap_a + 1;
    positions.push(b);
    weights.push(weight_at(1.0));
    for s in 0..SEGMENTS {
        triangles.push([cap_a, idx(0, s), idx(0, s + 1)]);
        triangles.push([cap_b, idx(RINGS - 1, s + 1), idx(RINGS - 1, s)]);
    }
}
