//! Rigid objects beside the body in a `.glb` (props a body held or hit):
//! each a node with a mesh of its own, animated by translation and
//! rotation keys (linear) and a scale channel (step) that shows it only
//! while it was in the space.

use glam::{Quat, Vec3};
use serde_json::{json, Value};

use super::gltf_write::{
    check_times, floats, triangle_indices, vertex_attributes, Accessor, Bin, FLOAT,
};

/// One rigid object and its motion.
#[derive(Debug, Clone, PartialEq)]
pub struct PropTrack {
    /// The node's name.
    pub name: String,
    /// The mesh's name (its shape: `box`, `sphere`, `capsule`, `hull`).
    pub mesh_name: String,
    /// Mesh vertices in the object's frame, metres.
    pub positions: Vec<Vec3>,
    /// One normal per vertex.
    pub normals: Vec<Vec3>,
    /// Triangles (counter-clockwise seen from outside).
    pub triangles: Vec<[u32; 3]>,
    /// Key times, seconds from the start of the animation, increasing.
    pub times: Vec<f32>,
    /// World position at each key.
    pub translations: Vec<Vec3>,
    /// World rotation at each key.
    pub rotations: Vec<Quat>,
    /// When it appears and disappears: (time, shown), increasing times;
    /// empty: shown throughout.
    pub shown: Vec<(f32, bool)>,
    /// What the file says of it beside (`extras`: id, shape, size, mass).
    pub extras: Value,
}

impl PropTrack {
    fn check(&self) -> Result<(), String> {
        let n = self.times.len();
        if n == 0 || self.translations.len() != n || self.rotations.len() != n {
            return Err(format!(
                "object {}: {} times, {} positions, {} rotations",
                self.name,
                n,
                self.translations.len(),
                self.rotations.len()
            ));
        }
        if self.positions.is_empty() || self.triangles.is_empty() {
            return Err(format!("object {}: its mesh has no triangles", self.name));
        }
        check_times(&self.times).map_err(|e| format!("object {}: {e}", self.name))?;
        let shown: Vec<f32> = self.shown.iter().map(|s| s.0).collect();
        check_times(&shown).map_err(|e| format!("object {}: shown: {e}", self.name))?;
        let finite = self.translations.iter().all(|t| t.is_finite())
            && self.rotations.iter().all(|r| r.is_finite())
            && self.positions.iter().all(|p| p.is_finite());
        if !finite {
            return Err(format!("object {}: a value is not finite", self.name));
        }
        Ok(())
    }
}

/// What the props add to a document: nodes (numbered from `first_node`),
/// meshes (from `first_mesh`) and animation samplers and channels.
pub(super) struct PropParts {
    pub(super) nodes: Vec<Value>,
    pub(super) meshes: Vec<Value>,
    pub(super) samplers: Vec<Value>,
    pub(super) channels: Vec<Value>,
}

/// Writes the props' meshes and keys into `bin`; their parts of the
/// document. `first_sampler` is the number of samplers already in the
/// animation.
pub(super) fn prop_parts(
    props: &[PropTrack],
    bin: &mut Bin,
    first_node: usize,
    first_mesh: usize,
    first_sampler: usize,
) -> Result<PropParts, String> {
    let mut parts = PropParts {
        nodes: Vec::new(),
        meshes: Vec::new(),
        samplers: Vec::new(),
        channels: Vec::new(),
    };
    for (i, p) in props.iter().enumerate() {
        p.check()?;
        let attributes = vertex_attributes(bin, &p.positions, &p.normals);
        let indices = triangle_indices(bin, &p.triangles);
        parts.meshes.push(json!({
            "name": p.mesh_name,
            "primitives": [{ "attributes": attributes, "indices": indices, "mode": 4 }],
        }));
        parts.nodes.push(json!({
            "name": p.name,
            "mesh": first_mesh + i,
            "translation": p.translations[0].to_array(),
            "rotation": p.rotations[0].to_array(),
            "extras": p.extras,
        }));
        let node = first_node + i;
        let mut time_acc = Accessor::new(FLOAT, p.times.len(), "SCALAR");
        time_acc.bounds = Some((vec![p.times[0]], vec![p.times[p.times.len() - 1]]));
        let input = bin.push(&floats(p.times.iter().copied()), time_acc);
        let t = bin.push(
            &floats(p.translations.iter().flat_map(|v| v.to_array())),
            Accessor::new(FLOAT, p.times.len(), "VEC3"),
        );
        let r = bin.push(
            &floats(hemisphere(&p.rotations).iter().flat_map(|q| q.to_array())),
            Accessor::new(FLOAT, p.times.len(), "VEC4"),
        );
        let mut keyed = vec![
            (input, t, "translation", "LINEAR"),
            (input, r, "rotation", "LINEAR"),
        ];
        if !p.shown.is_empty() {
            let mut at = Accessor::new(FLOAT, p.shown.len(), "SCALAR");
            at.bounds = Some((vec![p.shown[0].0], vec![p.shown[p.shown.len() - 1].0]));
            let input = bin.push(&floats(p.shown.iter().map(|s| s.0)), at);
            let scale = bin.push(
                &floats(p.shown.iter().flat_map(|s| [f32::from(u8::from(s.1)); 3])),
                Accessor::new(FLOAT, p.shown.len(), "VEC3"),
            );
            keyed.push((input, scale, "scale", "STEP"));
        }
        for (input, output, path, interpolation) in keyed {
            parts
                .samplers
                .push(json!({ "input": input, "output": output, "interpolation": interpolation }));
            parts.channels.push(json!({
                "sampler": first_sampler + parts.samplers.len() - 1,
                "target": { "node": node, "path": path },
            }));
        }
    }
    Ok(parts)
}

/// Rotations with consecutive keys in one hemisphere, so that
/// interpolation takes the short way.
fn hemisphere(rotations: &[Quat]) -> Vec<Quat> {
    let mut out: Vec<Quat> = Vec::with_capacity(rotations.len());
    for &r in rotations {
        let r = match out.last() {
            Some(prev) if prev.dot(r) < 0.0 => -r,
            _ => r,
        };
        out.push(r);
    }
    out
}
