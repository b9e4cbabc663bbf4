//! Binary glTF 2.0 (`.glb`) export: the rest mesh (positions, normals,
//! triangles, up to 8 joints and weights per vertex), its skin (the
//! skeleton as a node hierarchy in the bind pose, inverse bind matrices)
//! and one animation with a rotation and a translation channel per joint
//! (linear keys at the frames' times), so DCC tools and viewers play it.
//!
//! Viewers skin with linear blending: the file carries the skeleton's
//! motion, not the vertices of a particular skinning method (for those,
//! [`super::gltf_baked`] bakes the deformed vertices as morph targets).

use std::path::Path;

use glam::{DMat4, DQuat, DVec3, Quat, Vec3};
use serde_json::{json, Value};

use super::gltf_props::{prop_parts, PropTrack};
use super::ExportError;
use crate::deform::BoneTransform;
use crate::mesh::SkinnedMesh;

/// One key of the animation: its time and the skinning transform of every
/// mesh joint (as from [`crate::Retargeter::transforms`]).
#[derive(Debug, Clone, PartialEq)]
pub struct AnimationFrame {
    /// Seconds from the start of the animation.
    pub time_s: f32,
    /// One transform per skeleton joint (missing ones: identity).
    pub bones: Vec<BoneTransform>,
}

pub(super) const FLOAT: u32 = 5126;
pub(super) const UNSIGNED_SHORT: u32 = 5123;
pub(super) const UNSIGNED_INT: u32 = 5125;
pub(super) const ARRAY_BUFFER: u32 = 34962;
pub(super) const ELEMENT_ARRAY_BUFFER: u32 = 34963;

/// The binary chunk and the views and accessors into it.
#[derive(Default)]
pub(super) struct Bin {
    pub(super) data: Vec<u8>,
    pub(super) views: Vec<Value>,
    pub(super) accessors: Vec<Value>,
}

impl Bin {
    /// Appends little-endian words as a new view and accessor; returns the
    /// accessor index.
    pub(super) fn push(&mut self, words: &[[u8; 4]], spec: Accessor) -> usize {
        self.push_bytes(words.iter().flatten().copied().collect(), spec)
    }

    pub(super) fn push_bytes(&mut self, bytes: Vec<u8>, spec: Accessor) -> usize {
        while !self.data.len().is_multiple_of(4) {
            self.data.push(0);
        }
        let mut view = json!({
            "buffer": 0,
            "byteOffset": self.data.len(),
            "byteLength": bytes.len(),
        });
        if let Some(target) = spec.target {
            view["target"] = json!(target);
        }
        self.data.extend_from_slice(&bytes);
        self.views.push(view);
        let mut acc = json!({
            "bufferView": self.views.len() - 1,
            "componentType": spec.component,
            "count": spec.count,
            "type": spec.kind,
        });
        if let Some((min, max)) = spec.bounds {
            acc["min"] = json!(min);
            acc["max"] = json!(max);
        }
        self.accessors.push(acc);
        self.accessors.len() - 1
    }
}

/// The description of one accessor (and its buffer view's target).
pub(super) struct Accessor {
    pub(super) component: u32,
    pub(super) count: usize,
    pub(super) kind: &'static str,
    pub(super) target: Option<u32>,
    pub(super) bounds: Option<(Vec<f32>, Vec<f32>)>,
}

impl Accessor {
    pub(super) fn new(component: u32, count: usize, kind: &'static str) -> Accessor {
        Accessor {
            component,
            count,
            kind,
            target: None,
            bounds: None,
        }
    }
}

pub(super) fn floats(values: impl IntoIterator<Item = f32>) -> Vec<[u8; 4]> {
    values.into_iter().map(f32::to_le_bytes).collect()
}

/// World rotation and position of every joint for a set of skinning
/// transforms (bind pose moved by each joint's transform).
fn posed_world(mesh: &SkinnedMesh, bones: &[BoneTransform]) -> Vec<(Quat, Vec3)> {
    mesh.skeleton
        .iter()
        .enumerate()
        .map(|(j, joint)| {
            let b = bones.get(j).copied().unwrap_or(BoneTransform::IDENTITY);
            let bind_rot = joint.bind_rotation.as_quat().normalize();
            let bind_pos = joint.bind_position.as_vec3();
            (
                (b.rotation * bind_rot).normalize(),
                b.rotation * bind_pos + b.translation,
            )
        })
        .collect()
}

/// Local (parent-relative) rotation and translation of every joint.
fn local(mesh: &SkinnedMesh, world: &[(Quat, Vec3)]) -> Vec<(Quat, Vec3)> {
    mesh.skeleton
        .iter()
        .enumerate()
        .map(|(j, joint)| {
            let (r, p) = world[j];
            match joint.parent.and_then(|i| world.get(i)) {
                Some(&(pr, pp)) => {
                    let inv = pr.inverse();
                    ((inv * r).normalize(), inv * (p - pp))
                }
                None => (r, p),
            }
        })
        .collect()
}

/// The `.glb` bytes of a mesh and its animation (no animation when
/// `frames` is empty). Errors say what is wrong (times not increasing,
/// non-finite data, a parent cycle).
pub fn glb_bytes(mesh: &SkinnedMesh, frames: &[AnimationFrame]) -> Result<Vec<u8>, String> {
    glb_bytes_with_props(mesh, frames, &[])
}

/// As [`glb_bytes`], with rigid objects beside the body: each a node with
/// its mesh, animated in the same animation ([`PropTrack`]).
pub fn glb_bytes_with_props(
    mesh: &SkinnedMesh,
    frames: &[AnimationFrame],
    props: &[PropTrack],
) -> Result<Vec<u8>, String> {
    let body = SceneBody {
        name: None,
        mesh,
        frames,
    };
    glb_bytes_scene(&[body], props, None)
}

/// One skinned body of a scene: its mesh and skeleton, its animation, and
/// the node it goes under (named after its avatar), if any.
#[derive(Debug, Clone, Copy)]
pub struct SceneBody<'a> {
    /// The node holding the body's skeleton and mesh (none: at the root).
    pub name: Option<&'a str>,
    /// The mesh, with its skeleton.
    pub mesh: &'a SkinnedMesh,
    /// Its animation's keys (the same times for every body of a scene).
    pub frames: &'a [AnimationFrame],
}

/// The `.glb` bytes of several skinned bodies (each its skeleton, mesh
/// and skin, under a node named after it) and rigid objects, all animated
/// in one animation; `extras` goes into the asset's `extras` (the take's
/// timecode).
pub fn glb_bytes_scene(
    bodies: &[SceneBody<'_>],
    props: &[PropTrack],
    extras: Option<Value>,
) -> Result<Vec<u8>, String> {
    let mut bin = Bin::default();
    let mut nodes: Vec<Value> = Vec::new();
    let mut roots: Vec<usize> = Vec::new();
    let mut meshes: Vec<Value> = Vec::new();
    let mut skins: Vec<Value> = Vec::new();
    let mut anim: Option<Value> = None;
    for body in bodies {
        let part = body_part(body, &mut bin, nodes.len(), meshes.len(), skins.len())?;
        roots.extend(part.roots);
        nodes.extend(part.nodes);
        meshes.push(part.mesh);
        skins.push(part.skin);
        if let Some(mut more) = part.animation {
            match anim.as_mut() {
                None => anim = Some(more),
                Some(a) => {
                    let base = a["samplers"].as_array().map_or(0, Vec::len);
                    if let Some(channels) = more["channels"].as_array_mut() {
                        for c in channels.iter_mut() {
                            let k = c["sampler"].as_u64().unwrap_or(0) as usize;
                            c["sampler"] = json!(k + base);
                        }
                    }
                    for key in ["samplers", "channels"] {
                        let extra = more[key].as_array().cloned().unwrap_or_default();
                        if let Some(list) = a[key].as_array_mut() {
                            list.extend(extra);
                        }
                    }
                }
            }
        }
    }
    if !props.is_empty() {
        let samplers = anim
            .as_ref()
            .and_then(|a| a["samplers"].as_array())
            .map_or(0, Vec::len);
        let first_node = nodes.len();
        let parts = prop_parts(props, &mut bin, first_node, meshes.len(), samplers)?;
        roots.extend(first_node..first_node + parts.nodes.len());
        nodes.extend(parts.nodes);
        meshes.extend(parts.meshes);
        let a = anim
            .get_or_insert_with(|| json!({ "name": "posewire", "samplers": [], "channels": [] }));
        for (key, more) in [("samplers", parts.samplers), ("channels", parts.channels)] {
            if let Some(list) = a[key].as_array_mut() {
                list.extend(more);
            }
        }
    }
    let mut doc = json!({
        "asset": { "version": "2.0", "generator": "posewire skin" },
        "scene": 0,
        "scenes": [{ "nodes": roots }],
        "nodes": nodes,
        "meshes": meshes,
        "skins": skins,
    });
    if let Some(extras) = extras {
        doc["asset"]["extras"] = extras;
    }
    if let Some(a) = anim {
        doc["animations"] = json!([a]);
    }
    doc["accessors"] = json!(bin.accessors);
    doc["bufferViews"] = json!(bin.views);
    doc["buffers"] = json!([{ "byteLength": bin.data.len() }]);
    let text = serde_json::to_string(&doc).map_err(|e| e.to_string())?;
    Ok(container(text.into_bytes(), bin.data))
}

/// One body's part of a glTF document.
struct BodyPart {
    nodes: Vec<Value>,
    roots: Vec<usize>,
    mesh: Value,
    skin: Value,
    animation: Option<Value>,
}

/// A body's nodes (numbered from `base`: its avatar node if named, its
/// joints, its mesh node), mesh, skin and animation (channels numbered
/// from its own samplers).
fn body_part(
    body: &SceneBody<'_>,
    bin: &mut Bin,
    base: usize,
    mesh_index: usize,
    skin_index: usize,
) -> Result<BodyPart, String> {
    let (mesh, frames) = (body.mesh, body.frames);
    let n = mesh.vertex_count();
    let joints = mesh.skeleton.len();
    if n == 0 || mesh.triangles.is_empty() {
        return Err("the mesh has no triangles".into());
    }
    check_times(&frames.iter().map(|f| f.time_s).collect::<Vec<_>>())?;
    for (j, joint) in mesh.skeleton.iter().enumerate() {
        // Walk up at most `joints` steps: longer means a cycle.
        let mut at = joint.parent;
        let mut steps = 0;
        while let Some(p) = at {
            steps += 1;
            if p >= joints || steps > joints {
                return Err(format!("joint {j} ({}) has a bad parent chain", joint.name));
            }
            at = mesh.skeleton[p].parent;
        }
    }
    let mut attributes = vertex_attributes(bin, &mesh.positions, &mesh.normals);
    let k = mesh.influences;
    for set in 0..k.div_ceil(4) {
        let mut joint_bytes = Vec::with_capacity(n * 8);
        let mut weight_words = Vec::with_capacity(n * 4);
        for v in 0..n {
            for s in set * 4..set * 4 + 4 {
                // Unused slots get joint 0 with weight 0 (as the spec's
                // validator expects).
                let (j, w) = match mesh.weights.get(v * k + s) {
                    Some(&w) if s < k && w > 0.0 => (mesh.joint_indices[v * k + s], w),
                    _ => (0, 0.0),
                };
                joint_bytes.extend_from_slice(&j.to_le_bytes());
                weight_words.push(w.to_le_bytes());
            }
        }
        let mut ja = Accessor::new(UNSIGNED_SHORT, n, "VEC4");
        ja.target = Some(ARRAY_BUFFER);
        let mut wa = Accessor::new(FLOAT, n, "VEC4");
        wa.target = Some(ARRAY_BUFFER);
        attributes[format!("JOINTS_{set}")] = json!(bin.push_bytes(joint_bytes, ja));
        attributes[format!("WEIGHTS_{set}")] = json!(bin.push(&weight_words, wa));
    }
    let indices = triangle_indices(bin, &mesh.triangles);
    let ibms = bin.push(
        &floats(
            mesh.skeleton
                .iter()
                .flat_map(|j| inverse_bind(j.bind_rotation, j.bind_position)),
        ),
        Accessor::new(FLOAT, joints, "MAT4"),
    );

    let bind_world: Vec<(Quat, Vec3)> = mesh
        .skeleton
        .iter()
        .map(|j| {
            (
                j.bind_rotation.as_quat().normalize(),
                j.bind_position.as_vec3(),
            )
        })
        .collect();
    let bind_local = local(mesh, &bind_world);
    // The avatar's node, when named, comes first and holds the rest.
    let first = base + usize::from(body.name.is_some());
    let mut nodes: Vec<Value> = Vec::with_capacity(joints + 2);
    let joint_nodes = mesh.skeleton.iter().enumerate().map(|(j, joint)| {
        let (r, t) = bind_local[j];
        let mut node = json!({
            "name": joint.name,
            "rotation": r.to_array(),
            "translation": t.to_array(),
        });
        let children: Vec<usize> = (0..joints)
            .filter(|&c| mesh.skeleton[c].parent == Some(j))
            .map(|c| first + c)
            .collect();
        if !children.is_empty() {
            node["children"] = json!(children);
        }
        node
    });
    let mut top: Vec<usize> = (0..joints)
        .filter(|&j| mesh.skeleton[j].parent.is_none())
        .map(|j| first + j)
        .collect();
    top.push(first + joints);
    let roots = match body.name {
        Some(name) => {
            nodes.push(json!({ "name": name, "children": top }));
            vec![base]
        }
        None => top,
    };
    nodes.extend(joint_nodes);
    nodes.push(json!({
        "name": super::node_name(&mesh.name),
        "mesh": mesh_index,
        "skin": skin_index,
    }));
    let mesh_json = json!({
        "name": super::node_name(&mesh.name),
        "primitives": [{ "attributes": attributes, "indices": indices, "mode": 4 }],
    });
    let skin = json!({
        "joints": (first..first + joints).collect::<Vec<_>>(),
        "inverseBindMatrices": ibms,
    });
    let animation = if frames.is_empty() {
        None
    } else {
        Some(animation(mesh, frames, bin, first)?)
    };
    Ok(BodyPart {
        nodes,
        roots,
        mesh: mesh_json,
        skin,
        animation,
    })
}

/// Frame times must be finite and increase.
pub(super) fn check_times(times: &[f32]) -> Result<(), String> {
    if let Some(w) = times.windows(2).position(|w| w[1] <= w[0]) {
        return Err(format!("frame {} does not come after frame {w}", w + 1));
    }
    if times.iter().any(|t| !t.is_finite()) {
        return Err("a frame time is not finite".into());
    }
    Ok(())
}

/// Per-component minimum and maximum of vectors (the bounds glTF requires
/// on `POSITION` accessors).
pub(super) fn bounds(values: &[Vec3]) -> (Vec<f32>, Vec<f32>) {
    let mut lo = Vec3::splat(f32::INFINITY);
    let mut hi = Vec3::splat(f32::NEG_INFINITY);
    for v in values {
        lo = lo.min(*v);
        hi = hi.max(*v);
    }
    (lo.to_array().to_vec(), hi.to_array().to_vec())
}

/// Vertex positions and normals as accessors; returns the `attributes`
/// object of a primitive holding them.
pub(super) fn vertex_attributes(bin: &mut Bin, positions: &[Vec3], normals: &[Vec3]) -> Value {
    let n = positions.len();
    let mut position = Accessor::new(FLOAT, n, "VEC3");
    position.target = Some(ARRAY_BUFFER);
    position.bounds = Some(bounds(positions));
    let position = bin.push(
        &floats(positions.iter().flat_map(|p| p.to_array())),
        position,
    );
    let mut normal = Accessor::new(FLOAT, n, "VEC3");
    normal.target = Some(ARRAY_BUFFER);
    let normal = bin.push(&floats(normals.iter().flat_map(|p| p.to_array())), normal);
    json!({ "POSITION": position, "NORMAL": normal })
}

/// The triangle index accessor.
pub(super) fn triangle_indices(bin: &mut Bin, triangles: &[[u32; 3]]) -> usize {
    let mut ia = Accessor::new(UNSIGNED_INT, triangles.len() * 3, "SCALAR");
    ia.target = Some(ELEMENT_ARRAY_BUFFER);
    bin.push(
        &triangles
            .iter()
            .flatten()
            .map(|i| i.to_le_bytes())
            .collect::<Vec<_>>(),
        ia,
    )
}

/// The inverse of a joint's rigid bind transform, column-major, computed
/// in f64 with an exact `0 0 0 1` bottom row (validators reject a rounded
/// one).
fn inverse_bind(rotation: DQuat, position: DVec3) -> [f32; 16] {
    let inv = DMat4::from_rotation_translation(rotation.normalize(), position).inverse();
    let mut m = inv.as_mat4().to_cols_array();
    for col in 0..4 {
        m[col * 4 + 3] = if col == 3 { 1.0 } else { 0.0 };
    }
    m
}

/// The animation object: per joint a rotation and a translation channel
/// (joint `j` is node `first + j`).
fn animation(
    mesh: &SkinnedMesh,
    frames: &[AnimationFrame],
    bin: &mut Bin,
    first: usize,
) -> Result<Value, String> {
    let joints = mesh.skeleton.len();
    let t0 = frames.first().map_or(0.0, |f| f.time_s);
    let times: Vec<f32> = frames.iter().map(|f| f.time_s - t0).collect();
    let mut time_acc = Accessor::new(FLOAT, times.len(), "SCALAR");
    time_acc.bounds = Some((
        vec![times.first().copied().unwrap_or(0.0)],
        vec![times.last().copied().unwrap_or(0.0)],
    ));
    let input = bin.push(&floats(times.iter().copied()), time_acc);
    let mut rot: Vec<Vec<Quat>> = vec![Vec::with_capacity(frames.len()); joints];
    let mut trans: Vec<Vec<Vec3>> = vec![Vec::with_capacity(frames.len()); joints];
    for (f, frame) in frames.iter().enumerate() {
        let local = local(mesh, &posed_world(mesh, &frame.bones));
        for (j, (r, t)) in local.into_iter().enumerate() {
            if !r.is_finite() || !t.is_finite() {
                return Err(format!("frame {f}: joint {j} has a non-finite transform"));
            }
            // Keep consecutive keys in one hemisphere so interpolation
            // takes the short way.
            let r = match rot[j].last() {
                Some(prev) if prev.dot(r) < 0.0 => -r,
                _ => r,
            };
            rot[j].push(r);
            trans[j].push(t);
        }
    }
    let mut samplers = Vec::with_capacity(2 * joints);
    let mut channels = Vec::with_capacity(2 * joints);
    for j in 0..joints {
        let r = bin.push(
            &floats(rot[j].iter().flat_map(|q| q.to_array())),
            Accessor::new(FLOAT, frames.len(), "VEC4"),
        );
        let t = bin.push(
            &floats(trans[j].iter().flat_map(|v| v.to_array())),
            Accessor::new(FLOAT, frames.len(), "VEC3"),
        );
        for (output, path) in [(r, "rotation"), (t, "translation")] {
            samplers.push(json!({ "input": input, "output": output, "interpolation": "LINEAR" }));
            channels.push(json!({
                "sampler": samplers.len() - 1,
                "target": { "node": first + j, "path": path },
            }));
        }
    }
    Ok(json!({ "name": "posewire", "samplers": samplers, "channels": channels }))
}

/// The GLB container: header, JSON chunk (space-padded), BIN chunk.
pub(super) fn container(mut json: Vec<u8>, mut bin: Vec<u8>) -> Vec<u8> {
    while !json.len().is_multiple_of(4) {
        json.push(b' ');
    }
    while !bin.len().is_multiple_of(4) {
        bin.push(0);
    }
    let total = 12 + 8 + json.len() + 8 + bin.len();
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(b"glTF");
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&(total as u32).to_le_bytes());
    out.extend_from_slice(&(json.len() as u32).to_le_bytes());
    out.extend_from_slice(b"JSON");
    out.extend_from_slice(&json);
    out.extend_from_slice(&(bin.len() as u32).to_le_bytes());
    out.extend_from_slice(b"BIN\0");
    out.extend_from_slice(&bin);
    out
}

/// Writes the mesh and its animation as one `.glb` file (atomically).
pub fn write_glb(
    path: &Path,
    mesh: &SkinnedMesh,
    frames: &[AnimationFrame],
) -> Result<(), ExportError> {
    write_glb_with_props(path, mesh, frames, &[])
}

/// Writes several bodies and objects as one `.glb` file (atomically; see
/// [`glb_bytes_scene`]).
pub fn write_glb_scene(
    path: &Path,
    bodies: &[SceneBody<'_>],
    props: &[PropTrack],
    extras: Option<Value>,
) -> Result<(), ExportError> {
    let bytes = glb_bytes_scene(bodies, props, extras).map_err(|reason| ExportError::Invalid {
        path: path.to_path_buf(),
        reason,
    })?;
    write_bytes(path, &bytes)
}

/// Writes a `.glb`'s bytes (atomically), refusing more than 4 GiB.
fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), ExportError> {
    if u32::try_from(bytes.len()).is_err() {
        return Err(ExportError::Invalid {
            path: path.to_path_buf(),
            reason: format!("{} bytes is more than a .glb can hold (4 GiB)", bytes.len()),
        });
    }
    posewire_body::atomic_file::write_atomic(path, bytes).map_err(|source| ExportError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// As [`write_glb`], with rigid objects beside the body ([`PropTrack`]).
pub fn write_glb_with_props(
    path: &Path,
    mesh: &SkinnedMesh,
    frames: &[AnimationFrame],
    props: &[PropTrack],
) -> Result<(), ExportError> {
    let bytes =
        glb_bytes_with_props(mesh, frames, props).map_err(|reason| ExportError::Invalid {
            path: path.to_path_buf(),
            reason,
        })?;
    if u32::try_from(bytes.len()).is_err() {
        return Err(ExportError::Invalid {
            path: path.to_path_buf(),
            reason: format!("{} bytes is more than a .glb can hold (4 GiB)", bytes.len()),
        });
    }
    posewire_body::atomic_file::write_atomic(path, &bytes).map_err(|source| ExportError::Io {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests;
