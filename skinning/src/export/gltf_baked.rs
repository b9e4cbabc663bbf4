//! Binary glTF 2.0 (`.glb`) with the deformation baked in: the rest mesh
//! (positions, normals, triangles; no skin) with one morph target per
//! frame holding the frame's position and normal displacements from the
//! rest mesh, and one animation of the mesh's morph weights with `STEP`
//! interpolation that switches on frame k's target (weight 1, the others
//! 0) from the k-th time on. Any glTF viewer then shows exactly the
//! vertices of the skinning method that produced the frames (what a
//! skeletal animation cannot carry: viewers skin those with linear
//! blending).
//!
//! Size: 24 bytes per vertex per frame (two `f32` vectors) plus
//! `4 * frames^2` bytes of weight keys; keep fewer frames for long takes.

use std::path::Path;

use glam::Vec3;
use serde_json::{json, Value};

use super::gltf_write::{
    bounds, check_times, container, floats, triangle_indices, vertex_attributes, Accessor, Bin,
    ARRAY_BUFFER, FLOAT,
};
use super::ExportError;
use crate::mesh::SkinnedMesh;

/// One deformed frame to bake.
#[derive(Debug, Clone, PartialEq)]
pub struct BakedFrame {
    /// Seconds from the start of the animation (must increase).
    pub time_s: f32,
    /// Name of the frame's morph target (e.g. `frame_000001`).
    pub name: String,
    /// Deformed positions, one per mesh vertex.
    pub positions: Vec<Vec3>,
    /// Deformed unit normals, one per mesh vertex.
    pub normals: Vec<Vec3>,
}

/// The `.glb` bytes of a mesh and its baked frames (at least one). Errors
/// say what is wrong: no triangles or frames, times not increasing, a
/// frame with the wrong vertex count or non-finite data.
pub fn baked_glb_bytes(mesh: &SkinnedMesh, frames: &[BakedFrame]) -> Result<Vec<u8>, String> {
    let n = mesh.vertex_count();
    if n == 0 || mesh.triangles.is_empty() {
        return Err("the mesh has no triangles".into());
    }
    if frames.is_empty() {
        return Err("no frames to bake".into());
    }
    let estimate = frames.len() as f64 * (24.0 * n as f64 + 4.0 * frames.len() as f64);
    if estimate > f64::from(u32::MAX) {
        return Err(format!(
            "{} frames of {n} vertices need about {:.1} GB, more than a .glb can hold \
             (4 GiB); keep fewer frames (--every)",
            frames.len(),
            estimate / 1e9
        ));
    }
    let t0 = frames[0].time_s;
    let times: Vec<f32> = frames.iter().map(|f| f.time_s - t0).collect();
    check_times(&times)?;
    for (f, frame) in frames.iter().enumerate() {
        if frame.positions.len() != n || frame.normals.len() != n {
            return Err(format!(
                "frame {f} has {} positions and {} normals for {n} vertices",
                frame.positions.len(),
                frame.normals.len()
            ));
        }
        if let Some(v) = frame
            .positions
            .iter()
            .zip(&frame.normals)
            .position(|(p, q)| !p.is_finite() || !q.is_finite())
        {
            return Err(format!("frame {f}: vertex {v} is not finite"));
        }
    }

    let mut bin = Bin::default();
    let attributes = vertex_attributes(&mut bin, &mesh.positions, &mesh.normals);
    let indices = triangle_indices(&mut bin, &mesh.triangles);
    let mut targets = Vec::with_capacity(frames.len());
    for frame in frames {
        let dp: Vec<Vec3> = frame
            .positions
            .iter()
            .zip(&mesh.positions)
            .map(|(p, r)| *p - *r)
            .collect();
        let dn: Vec<Vec3> = frame
            .normals
            .iter()
            .zip(&mesh.normals)
            .map(|(p, r)| *p - *r)
            .collect();
        let mut pa = Accessor::new(FLOAT, n, "VEC3");
        pa.target = Some(ARRAY_BUFFER);
        pa.bounds = Some(bounds(&dp));
        let position = bin.push(&floats(dp.iter().flat_map(|v| v.to_array())), pa);
        let mut na = Accessor::new(FLOAT, n, "VEC3");
        na.target = Some(ARRAY_BUFFER);
        let normal = bin.push(&floats(dn.iter().flat_map(|v| v.to_array())), na);
        targets.push(json!({ "POSITION": position, "NORMAL": normal }));
    }

    let count = frames.len();
    let one_hot = |k: usize| (0..count).map(move |i| if i == k { 1.0 } else { 0.0 });
    let mut time_acc = Accessor::new(FLOAT, count, "SCALAR");
    time_acc.bounds = Some((vec![times[0]], vec![times[count - 1]]));
    let input = bin.push(&floats(times.iter().copied()), time_acc);
    let output = bin.push(
        &floats((0..count).flat_map(one_hot)),
        Accessor::new(FLOAT, count * count, "SCALAR"),
    );
    let names: Vec<&str> = frames.iter().map(|f| f.name.as_str()).collect();

    let mut doc = json!({
        "asset": { "version": "2.0", "generator": "posewire skin (baked morph targets)" },
        "scene": 0,
        "scenes": [{ "nodes": [0] }],
        "nodes": [{ "name": super::node_name(&mesh.name), "mesh": 0 }],
        "meshes": [{
            "name": super::node_name(&mesh.name),
            "primitives": [{
                "attributes": attributes,
                "indices": indices,
                "mode": 4,
                "targets": targets,
            }],
            "weights": one_hot(0).collect::<Vec<f32>>(),
            "extras": { "targetNames": names },
        }],
        "animations": [{
            "name": "posewire",
            "samplers": [{ "input": input, "output": output, "interpolation": "STEP" }],
            "channels": [{ "sampler": 0, "target": { "node": 0, "path": "weights" } }],
        }],
    });
    doc["accessors"] = Value::from(bin.accessors);
    doc["bufferViews"] = Value::from(bin.views);
    doc["buffers"] = json!([{ "byteLength": bin.data.len() }]);
    let text = serde_json::to_string(&doc).map_err(|e| e.to_string())?;
    Ok(container(text.into_bytes(), bin.data))
}

/// Writes the mesh and its baked frames as one `.glb` file (atomically).
pub fn write_baked_glb(
    path: &Path,
    mesh: &SkinnedMesh,
    frames: &[BakedFrame],
) -> Result<(), ExportError> {
    let invalid = |reason: String| ExportError::Invalid {
        path: path.to_path_buf(),
        reason,
    };
    let bytes = baked_glb_bytes(mesh, frames).map_err(invalid)?;
    if u32::try_from(bytes.len()).is_err() {
        return Err(invalid(format!(
            "{} bytes is more than a .glb can hold (4 GiB); keep fewer frames (--every)",
            bytes.len()
        )));
    }
    posewire_body::atomic_file::write_atomic(path, &bytes).map_err(|source| ExportError::Io {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests;
