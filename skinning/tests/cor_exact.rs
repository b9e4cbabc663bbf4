//! The accelerated centres of rotation (bone-set groups, exp cut-off, shared
//! computation for equal weights) against the definition summed directly.

mod common;

use glam::Vec3;
use posewire_skinning::cor::similarity;
use posewire_skinning::{CentresOfRotation, CorParams, SkinnedMesh, WeightFix};

/// A wavy sheet on three bones with smoothly varying weights; some vertices
/// repeat others' weights exactly.
fn sheet() -> SkinnedMesh {
    let (nx, ny) = (24usize, 8usize);
    let mut positions = Vec::new();
    let mut weights = Vec::new();
    for j in 0..ny {
        for i in 0..nx {
            let x = i as f32 / (nx - 1) as f32;
            let y = j as f32 / (ny - 1) as f32;
            positions.push(Vec3::new(2.0 * x, 0.5 * y, 0.1 * (7.0 * x).sin()));
            // Three overlapping bands along x; every fourth row repeats the
            // first row's weights exactly.
            let yw = if j % 4 == 3 { 0.0 } else { y };
            let raw = [
                (1.0 - 2.0 * x).max(0.0) + 0.05,
                1.0 - (2.0 * x - 1.0).abs() + 0.05 * yw,
                (2.0 * x - 1.0).max(0.0) + 0.05,
            ];
            let sum: f32 = raw.iter().sum();
            weights.push(
                raw.iter()
                    .enumerate()
                    .map(|(b, w)| (b, w / sum))
                    .collect::<Vec<_>>(),
            );
        }
    }
    let mut triangles = Vec::new();
    for j in 0..ny - 1 {
        for i in 0..nx - 1 {
            let v = |i: usize, j: usize| (j * nx + i) as u32;
            triangles.push([v(i, j), v(i + 1, j), v(i + 1, j + 1)]);
            triangles.push([v(i, j), v(i + 1, j + 1), v(i, j + 1)]);
        }
    }
    let mut skeleton = common::cylinder(3, 4).skeleton;
    let mut third = skeleton[1].clone();
    third.name = "third".into();
    skeleton.push(third);
    SkinnedMesh::from_vertex_weights(
        "sheet",
        positions,
        None,
        triangles,
        &weights,
        skeleton,
        WeightFix::Strict,
    )
    .expect("a valid sheet")
}

#[test]
fn skinning_centres_match_the_definition_summed_directly() {
    let mesh = sheet();
    let params = CorParams {
        subdivide_epsilon: None,
        weight_grid: 0.0,
        ..CorParams::default()
    };
    let fast = CentresOfRotation::compute(&mesh, &params);
    let dense = |v: usize| {
        let mut w = [0f32; 3];
        for (j, x) in mesh.vertex_influences(v) {
            w[j] = x;
        }
        w
    };
    let mut worst: f32 = 0.0;
    for v in 0..mesh.vertex_count() {
        let wp = dense(v);
        let (mut num, mut den) = (Vec3::ZERO, 0f64);
        for t in &mesh.triangles {
            let [a, b, c] = t.map(|i| i as usize);
            let (pa, pb, pc) = (mesh.positions[a], mesh.positions[b], mesh.positions[c]);
            let area = 0.5 * (pb - pa).cross(pc - pa).length();
            let (wa, wb, wc) = (dense(a), dense(b), dense(c));
            let wt: Vec<f32> = (0..3).map(|k| (wa[k] + wb[k] + wc[k]) / 3.0).collect();
            let s = similarity(&wp, &wt, params.sigma) * area;
            num += (pa + pb + pc) / 3.0 * s;
            den += f64::from(s);
        }
        let want = num / den as f32;
        worst = worst.max((fast.centres[v] - want).length());
    }
    println!("worst centre {worst:.2e} m from the definition");
    assert!(worst < 1e-4, "a centre is {worst} m from the definition");
    assert_eq!(fast.fallback_vertices, 0);
}
