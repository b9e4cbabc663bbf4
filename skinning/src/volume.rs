//! Local volume measures for comparing methods: the signed volume of the
//! cones from a centre point to a patch of the surface (for a closed
//! surface around the point, its enclosed volume).

use glam::{DVec3, Vec3};

/// Signed volume of the cones from `apex` to the given triangles.
pub fn cone_volume(
    positions: &[Vec3],
    triangles: &[[u32; 3]],
    selected: &[usize],
    apex: Vec3,
) -> f64 {
    let o = apex.as_dvec3();
    selected
        .iter()
        .map(|&t| {
            let [a, b, c] = triangles[t].map(|i| positions[i as usize].as_dvec3() - o);
            a.dot(b.cross(c)) / 6.0
        })
        .sum()
}

/// Signed volume enclosed by a closed triangle mesh.
pub fn mesh_volume(positions: &[Vec3], triangles: &[[u32; 3]]) -> f64 {
    triangles
        .iter()
        .map(|t| {
            let [a, b, c]: [DVec3; 3] = t.map(|i| positions[i as usize].as_dvec3());
            a.dot(b.cross(c)) / 6.0
        })
        .sum()
}

/// Triangles whose rest centroid lies within `radius` of `centre`.
pub fn triangles_near(
    positions: &[Vec3],
    triangles: &[[u32; 3]],
    centre: Vec3,
    radius: f32,
) -> Vec<usize> {
    triangles
        .iter()
        .enumerate()
        .filter(|(_, t)| {
            let c = t.iter().map(|&i| positions[i as usize]).sum::<Vec3>() / 3.0;
            c.distance(centre) <= radius
        })
        .map(|(i, _)| i)
        .collect()
}
