//! Shared test fixtures: a capped cylinder on two bones.
#![allow(dead_code)]

use glam::{DQuat, DVec3, Vec3};
use posewire_skinning::{MeshJoint, SkinnedMesh, WeightFix};

/// Radius of the test cylinder, metres.
pub const RADIUS: f32 = 0.1;
/// Half-width of the weight transition around the joint at the origin.
pub const BLEND: f32 = 0.2;

/// A closed cylinder along +X from -1 to 1, bone 0 on x < 0 and bone 1
/// (joint at the origin) on x > 0, weights a smoothstep across |x| < BLEND.
pub fn cylinder(rings: usize, segments: usize) -> SkinnedMesh {
    let mut positions = Vec::new();
    let mut weights = Vec::new();
    for r in 0..rings {
        let x = -1.0 + 2.0 * r as f32 / (rings - 1) as f32;
        let t = ((x + BLEND) / (2.0 * BLEND)).clamp(0.0, 1.0);
        let w1 = t * t * (3.0 - 2.0 * t);
        for s in 0..segments {
            let a = std::f32::consts::TAU * s as f32 / segments as f32;
            positions.push(Vec3::new(x, RADIUS * a.cos(), RADIUS * a.sin()));
            weights.push(vec![(0, 1.0 - w1), (1, w1)]);
        }
    }
    let mut triangles = Vec::new();
    let idx = |r: usize, s: usize| (r * segments + s % segments) as u32;
    for r in 0..rings - 1 {
        for s in 0..segments {
            let (a, b, c, d) = (idx(r, s), idx(r, s + 1), idx(r + 1, s), idx(r + 1, s + 1));
            triangles.push([a, b, d]);
            triangles.push([a, d, c]);
        }
    }
    let start = positions.len() as u32;
    positions.push(Vec3::new(-1.0, 0.0, 0.0));
    weights.push(vec![(0, 1.0)]);
    let end = start + 1;
    positions.push(Vec3::new(1.0, 0.0, 0.0));
    weights.push(vec![(1, 1.0)]);
    for s in 0..segments {
        triangles.push([start, idx(0, s + 1), idx(0, s)]);
        triangles.push([end, idx(rings - 1, s), idx(rings - 1, s + 1)]);
    }
    let skeleton = vec![
        MeshJoint {
            name: "upper".into(),
            parent: None,
            bind_position: DVec3::new(-1.0, 0.0, 0.0),
            bind_rotation: DQuat::IDENTITY,
        },
        MeshJoint {
            name: "lower".into(),
            parent: Some(0),
            bind_position: DVec3::ZERO,
            bind_rotation: DQuat::IDENTITY,
        },
    ];
    match SkinnedMesh::from_vertex_weights(
        "cylinder",
        positions,
        None,
        triangles,
        &weights,
        skeleton,
        WeightFix::Strict,
    ) {
        Ok(m) => m,
        Err(e) => panic!("cylinder fixture: {e}"),
    }
}

/// The shared models folder, or `None` (with a printed SKIPPED line).
pub fn models_dir(test: &str) -> Option<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/models");
    if dir.join("CesiumMan.glb").is_file() {
        Some(dir)
    } else {
        println!("SKIPPED: ../shared/data not found (test {test})");
        None
    }
}
