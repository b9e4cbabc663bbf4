//! A large mesh for measuring the skinning (a model subdivided to a vertex
//! count) and a pose of it, shared by the criterion bench and the
//! `skin_cost` aid (`tools/`): not used by the skinning itself.

use std::collections::HashMap;

use crate::{BoneTransform, SkinError, SkinnedMesh, WeightFix};
use glam::{Quat, Vec3};

/// 1-to-4 subdivision of the largest triangles (midpoints shared, weights
/// averaged, kept to the 4 heaviest) until the mesh has `target` vertices.
pub fn subdivide(mesh: &SkinnedMesh, target: usize) -> Result<SkinnedMesh, SkinError> {
    let mut pos = mesh.positions.clone();
    let mut wts: Vec<Vec<(usize, f32)>> = (0..mesh.vertex_count())
        .map(|v| mesh.vertex_influences(v).collect())
        .collect();
    let mut tris = mesh.triangles.clone();
    while pos.len() < target {
        let mut order: Vec<usize> = (0..tris.len()).collect();
        let area = |t: &[u32; 3]| {
            let [a, b, c] = t.map(|i| pos[i as usize]);
            (b - a).cross(c - a).length()
        };
        order.sort_by(|&a, &b| area(&tris[b]).total_cmp(&area(&tris[a])));
        let mut mids: HashMap<(u32, u32), u32> = HashMap::new();
        let mut split = vec![false; tris.len()];
        for &t in &order {
            if pos.len() >= target {
                break;
            }
            split[t] = true;
            let tri = tris[t];
            for e in 0..3 {
                let (a, b) = (tri[e], tri[(e + 1) % 3]);
                let key = (a.min(b), a.max(b));
                if mids.contains_key(&key) {
                    continue;
                }
                let mut w: Vec<(usize, f32)> = Vec::new();
                for &(j, x) in wts[a as usize].iter().chain(&wts[b as usize]) {
                    match w.iter_mut().find(|(k, _)| *k == j) {
                        Some(s) => s.1 += 0.5 * x,
                        None => w.push((j, 0.5 * x)),
                    }
                }
                w.sort_by(|p, q| q.1.total_cmp(&p.1));
                w.truncate(4);
                mids.insert(key, pos.len() as u32);
                pos.push((pos[a as usize] + pos[b as usize]) * 0.5);
                wts.push(w);
            }
        }
        let mut next = Vec::with_capacity(tris.len() * 2);
        for (t, tri) in tris.iter().enumerate() {
            if !split[t] {
                next.push(*tri);
                continue;
            }
            let m = |a: u32, b: u32| mids[&(a.min(b), a.max(b))];
            let [a, b, c] = *tri;
            let (ab, bc, ca) = (m(a, b), m(b, c), m(c, a));
            next.extend([[a, ab, ca], [ab, b, bc], [ca, bc, c], [ab, bc, ca]]);
        }
        tris = next;
    }
    SkinnedMesh::from_vertex_weights(
        "subdivided",
        pos,
        None,
        tris,
        &wts,
        mesh.skeleton.clone(),
        WeightFix::Renormalise,
    )
}

/// The bench's pose: every joint turned a little more than its parent.
pub fn pose(mesh: &SkinnedMesh) -> Vec<BoneTransform> {
    mesh.skeleton
        .iter()
        .enumerate()
        .map(|(j, joint)| {
            let axis = Vec3::new(1.0, (j as f32).sin(), 0.5).normalize();
            BoneTransform::about(
                joint.bind_position.as_vec3(),
                Quat::from_axis_angle(axis, 0.1 * j as f32),
            )
        })
        .collect()
}
