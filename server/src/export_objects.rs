//! The space's objects of a take in a glTF export: each recorded object a
//! node beside the body, with a mesh of its shape (a box, a sphere, a
//! capsule; a convex hull as the box of its points' bounds) and its
//! recorded motion keyed at the body's frames (`--fps` resamples both
//! alike), shown only while it was in the space.

use std::collections::BTreeMap;

use posewire_body::glam::{DQuat, DVec3, Vec3};
use posewire_skinning::export::PropTrack;
use posewire_takes::{ObjectSeen, ObjectShape, Take};
use serde_json::json;

/// Segments around and rings from pole to pole of a sphere's mesh: fine
/// enough that a 10 cm ball's facets stay under 1.2 mm from the true
/// surface (1 - cos(pi/24) of the radius), small enough to stay a few KB.
const SEGMENTS: usize = 24;
const RINGS: usize = 12;

/// A mesh: vertices, normals, triangles.
type Mesh = (Vec<Vec3>, Vec<Vec3>, Vec<[u32; 3]>);

/// Every object of the take as a glTF node track, keyed at `times` (the
/// exported body's frame times, loop clock; keys are relative to the
/// first). Objects whose description was lost to damage, or that were in
/// the space at none of `times`, are left out and said on stderr.
pub fn object_tracks(take: &Take, times: &[f64]) -> Vec<PropTrack> {
    let Some(&t0) = times.first() else {
        return Vec::new();
    };
    let tick_time = tick_times(take);
    let mut motion: BTreeMap<u64, Vec<(f64, DVec3, DQuat)>> = BTreeMap::new();
    for m in &take.object_motion {
        if let Some(&t) = tick_time.get(&m.sequence) {
            motion
                .entry(m.id)
                .or_default()
                .push((t, m.pose.position, m.pose.rotation));
        }
    }
    let mut described: BTreeMap<u64, &ObjectSeen> = BTreeMap::new();
    for o in &take.objects {
        described.entry(o.id).or_insert(o);
    }
    for id in motion.keys().filter(|id| !described.contains_key(id)) {
        eprintln!(
            "warning: {}: object o{id} was left out of the export: its description record was damaged",
            take.path.display()
        );
    }
    let mut out = Vec::new();
    for (id, seen) in described {
        let Some(samples) = motion.get_mut(&id) else {
            continue;
        };
        samples.sort_by(|a, b| a.0.total_cmp(&b.0));
        let gone = take
            .objects_gone
            .iter()
            .find(|g| g.id == id)
            .and_then(|g| tick_time.get(&g.sequence).copied());
        match track(seen, samples, times, t0, gone) {
            Some(t) => out.push(t),
            None => eprintln!(
                "warning: {}: object o{id} was in the space at none of the exported frames; left out",
                take.path.display()
            ),
        }
    }
    out
}

/// The loop time of each tick the take knows (its tick records, and its
/// solved frames for ticks whose record was lost).
fn tick_times(take: &Take) -> BTreeMap<u64, f64> {
    let mut times: BTreeMap<u64, f64> =
        take.solved.iter().map(|f| (f.sequence, f.time_s)).collect();
    times.extend(take.ticks.iter().map(|t| (t.sequence, t.time_s)));
    // A scene take's ticks are its avatars'.
    for a in &take.avatars {
        times.extend(a.ticks.iter().map(|t| (t.sequence, t.time_s)));
    }
    times
}

/// One object's node track, or `None` if none of `times` falls within
/// its recorded motion.
fn track(
    seen: &ObjectSeen,
    samples: &[(f64, DVec3, DQuat)],
    times: &[f64],
    t0: f64,
    gone: Option<f64>,
) -> Option<PropTrack> {
    let (first, last) = (samples.first()?.0, samples.last()?.0);
    let mut keys = (Vec::new(), Vec::new(), Vec::new());
    let mut k = 0usize;
    for &t in times.iter().filter(|&&t| t >= first && t <= last) {
        while k + 1 < samples.len() && samples[k + 1].0 <= t {
            k += 1;
        }
        let (ta, pa, ra) = samples[k];
        let (p, r) = match samples.get(k + 1) {
            Some(&(tb, pb, rb)) if tb > ta => {
                let s = ((t - ta) / (tb - ta)).clamp(0.0, 1.0);
                (pa.lerp(pb, s), ra.slerp(rb, s))
            }
            _ => (pa, ra),
        };
        keys.0.push((t - t0) as f32);
        keys.1.push(p.as_vec3());
        keys.2.push(r.as_quat().normalize());
    }
    if keys.0.is_empty() {
        return None;
    }
    let mut shown = Vec::new();
    if first > t0 {
        shown.push((0.0, false));
        shown.push(((first - t0) as f32, true));
    }
    if let Some(g) = gone.filter(|&g| g > first) {
        if shown.is_empty() {
            shown.push((0.0, true));
        }
        shown.push(((g - t0) as f32, false));
    }
    let (mesh_name, (positions, normals, triangles)) = shape_mesh(&seen.body.shape);
    let name = match seen.body.name.as_str() {
        "" => format!("o{}", seen.id),
        n => format!("o{} {n}", seen.id),
    };
    Some(PropTrack {
        name,
        mesh_name: mesh_name.into(),
        positions,
        normals,
        triangles,
        times: keys.0,
        translations: keys.1,
        rotations: keys.2,
        shown,
        extras: json!({ "posewire_object": describe(seen) }),
    })
}

/// What the file says of an object beside its node.
fn describe(seen: &ObjectSeen) -> serde_json::Value {
    let mut d = json!({
        "id": format!("o{}", seen.id),
        "name": seen.body.name,
        "mass_kg": seen.body.mass_kg,
    });
    match &seen.body.shape {
        ObjectShape::Box { size } => {
            d["shape"] = json!("box");
            d["size"] = json!(size.to_array());
        }
        ObjectShape::Sphere { radius_m } => {
            d["shape"] = json!("sphere");
            d["radius_m"] = json!(radius_m);
        }
        ObjectShape::Capsule { radius_m, length_m } => {
            d["shape"] = json!("capsule");
            d["radius_m"] = json!(radius_m);
            d["length_m"] = json!(length_m);
        }
        ObjectShape::Hull { points } => {
            d["shape"] = json!("hull");
            d["points"] = json!(points.len());
            d["mesh"] = json!("the box of the hull's bounds");
        }
    }
    d
}

/// A shape's mesh and the name it goes by.
pub fn shape_mesh(shape: &ObjectShape) -> (&'static str, Mesh) {
    match shape {
        ObjectShape::Box { size } => ("box", box_mesh(DVec3::ZERO, size.as_vec3() * 0.5)),
        ObjectShape::Sphere { radius_m } => ("sphere", round_mesh(*radius_m as f32, 0.0)),
        ObjectShape::Capsule { radius_m, length_m } => (
            "capsule",
            round_mesh(*radius_m as f32, *length_m as f32 * 0.5),
        ),
        ObjectShape::Hull { points } => {
            let (lo, hi) = points.iter().fold((DVec3::MAX, DVec3::MIN), |(lo, hi), p| {
                (lo.min(*p), hi.max(*p))
            });
            (
                "hull",
                box_mesh((lo + hi) * 0.5, ((hi - lo) * 0.5).as_vec3()),
            )
        }
    }
}

/// A box around `centre` with half extents `half`: four vertices per face
/// (flat normals).
fn box_mesh(centre: DVec3, half: Vec3) -> Mesh {
    let c = centre.as_vec3();
    let mut mesh: Mesh = (Vec::new(), Vec::new(), Vec::new());
    for axis in 0..3 {
        for sign in [1.0f32, -1.0] {
            let mut n = Vec3::ZERO;
            n[axis] = sign;
            // Two axes across the face, ordered so that u x v = n.
            let (mut u, mut v) = (Vec3::ZERO, Vec3::ZERO);
            u[(axis + 1) % 3] = 1.0;
            v[(axis + 2) % 3] = sign;
            let base = mesh.0.len() as u32;
            for (a, b) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                mesh.0.push(c + (n + u * a + v * b) * half);
                mesh.1.push(n);
            }
            mesh.2.push([base, base + 1, base + 2]);
            mesh.2.push([base, base + 2, base + 3]);
        }
    }
    mesh
}

/// A sphere of `radius` (`half_length` 0) or a capsule along y whose cap
/// centres are `half_length` above and below the centre.
fn round_mesh(radius: f32, half_length: f32) -> Mesh {
    let mut mesh: Mesh = (Vec::new(), Vec::new(), Vec::new());
    // Rings from the top pole to the bottom; the equator twice (once per
    // cap) so that a capsule's cylinder joins them.
    let mut rings: Vec<(f32, f32)> = Vec::new();
    for i in 0..=RINGS {
        let polar = std::f32::consts::PI * i as f32 / RINGS as f32;
        let offset = if i <= RINGS / 2 {
            half_length
        } else {
            -half_length
        };
        rings.push((polar, offset));
        if i == RINGS / 2 {
            rings.push((polar, -half_length));
        }
    }
    for &(polar, offset) in &rings {
        for s in 0..=SEGMENTS {
            let around = std::f32::consts::TAU * s as f32 / SEGMENTS as f32;
            let n = Vec3::new(
                polar.sin() * around.cos(),
                polar.cos(),
                -polar.sin() * around.sin(),
            );
            mesh.0.push(n * radius + Vec3::Y * offset);
            mesh.1.push(n);
        }
    }
    let row = SEGMENTS as u32 + 1;
    for r in 0..rings.len() as u32 - 1 {
        for s in 0..SEGMENTS as u32 {
            let (a, b) = (r * row + s, (r + 1) * row + s);
            mesh.2.push([a, b, a + 1]);
            mesh.2.push([a + 1, b, b + 1]);
        }
    }
    mesh
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(p: &[Vec3]) -> (Vec3, Vec3) {
        p.iter().fold((Vec3::MAX, Vec3::MIN), |(lo, hi), v| {
            (lo.min(*v), hi.max(*v))
        })
    }

    #[test]
    fn shapes_make_closed_meshes_of_their_size_facing_out() {
        let shapes = [
            (
                ObjectShape::Box {
                    size: DVec3::new(0.3, 0.2, 0.1),
                },
                Vec3::new(0.15, 0.1, 0.05),
            ),
            (ObjectShape::Sphere { radius_m: 0.1 }, Vec3::splat(0.1)),
            (
                ObjectShape::Capsule {
                    radius_m: 0.05,
                    length_m: 0.4,
                },
                Vec3::new(0.05, 0.25, 0.05),
            ),
        ];
        for (shape, half) in shapes {
            let (name, (p, n, t)) = shape_mesh(&shape);
            let (lo, hi) = bounds(&p);
            assert!((hi - half).abs().max_element() < 1e-6, "{name}: {hi}");
            assert!((lo + half).abs().max_element() < 1e-6, "{name}: {lo}");
            // Every triangle faces away from the centre (counter-clockwise
            // from outside), so viewers light the outside.
            for tri in &t {
                let [a, b, c] = tri.map(|i| p[i as usize]);
                let face = (b - a).cross(c - a);
                let centre = (a + b + c) / 3.0;
                if face.length() > 1e-9 {
                    assert!(face.dot(centre) > 0.0, "{name}: a triangle faces in");
                }
            }
            assert_eq!(p.len(), n.len());
        }
    }
}
