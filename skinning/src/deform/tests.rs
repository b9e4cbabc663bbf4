//! The chunked kernel against a plain per-vertex reference of each method
//! (in f64), on a mesh with 8 influences, more vertices than one chunk, and
//! bone rotations far enough apart that quaternion signs must be aligned.

use glam::{DQuat, DVec3, Vec3};

use super::*;
use crate::mesh::{MeshJoint, WeightFix};

/// A small deterministic generator (tests only).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

const JOINTS: usize = 11;

fn mesh(rng: &mut Lcg) -> SkinnedMesh {
    let n = 3 * CHUNK + 17;
    let positions: Vec<Vec3> = (0..n)
        .map(|_| Vec3::new(rng.next() as f32, rng.next() as f32, rng.next() as f32) * 2.0 - 1.0)
        .collect();
    let weights: Vec<Vec<(usize, f32)>> = (0..n)
        .map(|v| {
            let count = 1 + v % 8;
            let first = v % JOINTS;
            (0..count)
                .map(|i| ((first + 3 * i) % JOINTS, 0.05 + rng.next() as f32))
                .collect()
        })
        .collect();
    let triangles = (0..n as u32 - 2).map(|i| [i, i + 1, i + 2]).collect();
    let skeleton = (0..JOINTS)
        .map(|j| MeshJoint {
            name: format!("j{j}"),
            parent: j.checked_sub(1),
            bind_position: DVec3::new(0.1 * j as f64, 0.0, 0.0),
            bind_rotation: DQuat::IDENTITY,
        })
        .collect();
    SkinnedMesh::from_vertex_weights(
        "random",
        positions,
        None,
        triangles,
        &weights,
        skeleton,
        WeightFix::Renormalise,
    )
    .expect("a valid mesh")
}

/// Bones turned by up to 330 degrees, some given as the negated quaternion.
fn bones(rng: &mut Lcg) -> Vec<BoneTransform> {
    (0..JOINTS)
        .map(|j| {
            let axis = DVec3::new(rng.next() - 0.5, rng.next() - 0.5, rng.next() - 0.5)
                .normalize_or(DVec3::X);
            let q = DQuat::from_axis_angle(axis, rng.next() * 5.8);
            let q = if j % 3 == 1 { -q } else { q };
            BoneTransform {
                rotation: q.as_quat(),
                translation: Vec3::new(rng.next() as f32, rng.next() as f32, 0.3),
            }
        })
        .collect()
}

fn reference(
    mesh: &SkinnedMesh,
    centres: &[Vec3],
    bones: &[BoneTransform],
    method: Method,
    v: usize,
) -> (DVec3, DVec3) {
    let r = mesh.positions[v].as_dvec3();
    let n = mesh.normals[v].as_dvec3();
    let c = centres[v].as_dvec3();
    let infl: Vec<(DQuat, DVec3, f64)> = mesh
        .vertex_influences(v)
        .map(|(j, w)| {
            let b = bones[j];
            (
                b.rotation.as_dquat().normalize(),
                b.translation.as_dvec3(),
                f64::from(w),
            )
        })
        .collect();
    let q0 = infl[0].0;
    let aligned = |q: DQuat| if q.dot(q0) < 0.0 { -q } else { q };
    let blend_q = || {
        infl.iter()
            .fold(DQuat::from_xyzw(0.0, 0.0, 0.0, 0.0), |acc, &(q, _, w)| {
                acc + aligned(q) * w
            })
    };
    match method {
        Method::Lbs => {
            let p = infl.iter().map(|&(q, t, w)| (q * r + t) * w).sum();
            let nn: DVec3 = infl.iter().map(|&(q, _, w)| q * n * w).sum();
            (p, nn.normalize())
        }
        Method::Cor => {
            let q = blend_q().normalize();
            let moved: DVec3 = infl.iter().map(|&(qj, t, w)| (qj * c + t) * w).sum();
            (q * (r - c) + moved, q * n)
        }
        Method::Dqs => {
            let real = blend_q();
            let dual = infl
                .iter()
                .fold(DQuat::from_xyzw(0.0, 0.0, 0.0, 0.0), |acc, &(q, t, w)| {
                    let d = DQuat::from_xyzw(t.x, t.y, t.z, 0.0) * q * 0.5;
                    acc + if q.dot(q0) < 0.0 { -d } else { d } * w
                });
            let len = real.length();
            let (real, dual) = (real / len, dual / len);
            let t = dual * real.conjugate() * 2.0;
            (real * r + DVec3::new(t.x, t.y, t.z), real * n)
        }
    }
}

#[test]
fn deform_kernel_matches_a_per_vertex_reference_for_every_method() {
    let mut rng = Lcg(7);
    let mesh = mesh(&mut rng);
    assert_eq!(mesh.influences, 8);
    let centres: Vec<Vec3> = mesh
        .positions
        .iter()
        .map(|p| *p * 0.5 + Vec3::new(0.0, 0.1, 0.0))
        .collect();
    let deformer = Deformer::new(
        &mesh,
        Some(&CentresOfRotation {
            centres: centres.clone(),
            fallback_vertices: 0,
        }),
    );
    for _ in 0..4 {
        let bones = bones(&mut rng);
        for method in Method::ALL {
            let mut out = Deformed::default();
            deformer.deform(&bones, method, &mut out);
            assert_eq!(out.positions.len(), mesh.vertex_count());
            for v in 0..mesh.vertex_count() {
                let (p, n) = reference(&mesh, &centres, &bones, method, v);
                let dp = (out.positions[v].as_dvec3() - p).length();
                let dn = (out.normals[v].as_dvec3() - n).length();
                assert!(dp < 2e-5, "{method:?} vertex {v}: position off by {dp}");
                assert!(dn < 2e-5, "{method:?} vertex {v}: normal off by {dn}");
            }
        }
    }
}

#[test]
fn deform_negated_bone_quaternions_give_the_same_mesh() {
    let mut rng = Lcg(11);
    let mesh = mesh(&mut rng);
    let deformer = Deformer::new(&mesh, None);
    let bones = bones(&mut rng);
    let flipped: Vec<BoneTransform> = bones
        .iter()
        .map(|b| BoneTransform {
            rotation: -b.rotation,
            translation: b.translation,
        })
        .collect();
    for method in Method::ALL {
        let (mut a, mut b) = (Deformed::default(), Deformed::default());
        deformer.deform(&bones, method, &mut a);
        deformer.deform(&flipped, method, &mut b);
        for v in 0..mesh.vertex_count() {
            let d = a.positions[v].distance(b.positions[v]);
            assert!(d < 1e-5, "{method:?} vertex {v}: {d}");
        }
    }
}
