//! Integration elements: triangles (optionally subdivided) with their
//! area, centroid and mean weights over the union of their corners' bones.

use glam::Vec3;
use rayon::prelude::*;

use super::CorParams;
use crate::mesh::SkinnedMesh;

/// One piece of surface to integrate over.
#[derive(Debug, Clone)]
pub(super) struct Element {
    /// Bones with non-zero weight, ascending.
    pub bones: Vec<u16>,
    /// Weight of each bone in `bones`.
    pub weights: Vec<f32>,
    /// Centroid, metres.
    pub centroid: Vec3,
    /// Area, square metres.
    pub area: f32,
}

/// All elements of a mesh (parallel over triangles).
pub(super) fn integration_elements(mesh: &SkinnedMesh, params: &CorParams) -> Vec<Element> {
    mesh.triangles
        .par_iter()
        .flat_map_iter(|tri| {
            let mut bones: Vec<u16> = Vec::with_capacity(12);
            for &v in tri {
                for (j, _) in mesh.vertex_influences(v as usize) {
                    let j = j as u16;
                    if !bones.contains(&j) {
                        bones.push(j);
                    }
                }
            }
            bones.sort_unstable();
            let corner = |v: u32| -> (Vec3, Vec<f32>) {
                let mut w = vec![0f32; bones.len()];
                for (j, wt) in mesh.vertex_influences(v as usize) {
                    if let Some(i) = bones.iter().position(|&b| usize::from(b) == j) {
                        w[i] = wt;
                    }
                }
                (mesh.positions[v as usize], w)
            };
            let [a, b, c] = tri.map(corner);
            let mut out = Vec::new();
            let depth = if params.subdivide_epsilon.is_some() {
                params.max_subdivision
            } else {
                0
            };
            split(
                &bones,
                a,
                b,
                c,
                params.subdivide_epsilon.unwrap_or(f32::INFINITY),
                depth,
                &mut out,
            );
            out
        })
        .collect()
}

type Corner = (Vec3, Vec<f32>);

fn split(
    bones: &[u16],
    a: Corner,
    b: Corner,
    c: Corner,
    eps: f32,
    depth: u32,
    out: &mut Vec<Element>,
) {
    let l1 = |x: &[f32], y: &[f32]| x.iter().zip(y).map(|(p, q)| (p - q).abs()).sum::<f32>();
    let worst = l1(&a.1, &b.1).max(l1(&b.1, &c.1)).max(l1(&c.1, &a.1));
    if depth > 0 && worst > eps {
        let mid = |x: &Corner, y: &Corner| -> Corner {
            (
                (x.0 + y.0) * 0.5,
                x.1.iter().zip(&y.1).map(|(p, q)| 0.5 * (p + q)).collect(),
            )
        };
        let ab = mid(&a, &b);
        let bc = mid(&b, &c);
        let ca = mid(&c, &a);
        split(bones, a, ab.clone(), ca.clone(), eps, depth - 1, out);
        split(bones, ab.clone(), b, bc.clone(), eps, depth - 1, out);
        split(bones, ca.clone(), bc.clone(), c, eps, depth - 1, out);
        split(bones, ab, bc, ca, eps, depth - 1, out);
        return;
    }
    let area = 0.5 * (b.0 - a.0).cross(c.0 - a.0).length();
    if area.is_nan() || area <= 0.0 {
        return;
    }
    let mut eb = Vec::with_capacity(bones.len());
    let mut ew = Vec::with_capacity(bones.len());
    for (i, &bone) in bones.iter().enumerate() {
        let w = (a.1[i] + b.1[i] + c.1[i]) / 3.0;
        if w > 1e-6 {
            eb.push(bone);
            ew.push(w);
        }
    }
    out.push(Element {
        bones: eb,
        weights: ew,
        centroid: (a.0 + b.0 + c.0) / 3.0,
        area,
    });
}
