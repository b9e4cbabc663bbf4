//! glTF 2.0 import (`.glb`, or `.gltf` with external or `data:` buffers):
//! the first skinned mesh of the file, its skin and its bind pose, and its
//! texture coordinates (`TEXCOORD_0`) when every primitive has them.
//!
//! The rest geometry is the mesh skinned by the scene's node transforms
//! (node world matrix times inverse bind matrix), so it is in world
//! coordinates with the model's own up and facing; the joints' bind pose is
//! their node world transform (scale is ignored: the run-time transforms are
//! rigid). Every accessor is bounds-checked before it is read, so a
//! truncated or inconsistent file is an error, never a panic.

use std::path::Path;

use glam::{DMat4, DVec3, Vec3};
use gltf::mesh::Mode;
use gltf::Semantic;

use crate::error::SkinError;
use crate::mesh::{MeshJoint, SkinnedMesh, WeightFix};

mod buffers;
mod mesh_points;

use buffers::Layout;
pub use mesh_points::mesh_points;

/// How to import a model.
#[derive(Debug, Clone, Copy, Default)]
pub struct ImportOptions {
    /// What to do with weights that do not sum to one.
    pub weight_fix: WeightFix,
}

/// Loads the first skinned mesh of a glTF file (all its triangle
/// primitives, joined).
pub fn load_gltf(path: &Path, options: ImportOptions) -> Result<SkinnedMesh, SkinError> {
    let bytes = posewire_body::bounded_read::read_bounded(path, posewire_body::bounded_read::GLTF)?;
    load_gltf_bytes(&bytes, path, options)
}

/// Loads a glTF from memory; `path` names it in errors and locates
/// external buffers.
pub fn load_gltf_bytes(
    bytes: &[u8],
    path: &Path,
    options: ImportOptions,
) -> Result<SkinnedMesh, SkinError> {
    let gltf = parse(bytes, path)?;
    let data = buffers::load(&gltf, path, None)?;
    let doc = &gltf.document;
    let (mesh, skin) = skinned_mesh_node(doc, path)?;
    let (world, parent_node) = node_world_matrices(doc);
    let joint_nodes: Vec<usize> = skin.joints().map(|j| j.index()).collect();
    if joint_nodes.is_empty() {
        return Err(unsupported(
            path,
            format!("skin {} has no joints", skin.index()),
        ));
    }
    let ibms = inverse_bind_matrices(&skin, &data, path, joint_nodes.len())?;
    let skeleton = build_skeleton(doc, &joint_nodes, &world, &parent_node);
    let skin_mats: Vec<DMat4> = joint_nodes
        .iter()
        .zip(&ibms)
        .map(|(&n, ibm)| world[n] * *ibm)
        .collect();
    let mut geometry = Geometry::default();
    for prim in mesh.primitives() {
        geometry.add_primitive(&prim, &data, path, &skin_mats)?;
    }
    let mut mesh = SkinnedMesh::from_vertex_weights(
        &path.display().to_string(),
        geometry.positions,
        geometry.normals,
        geometry.triangles,
        &geometry.lists,
        skeleton,
        options.weight_fix,
    )?;
    if let Some(uvs) = geometry.uvs {
        mesh = mesh.with_uvs(uvs)?;
    }
    tracing::info!(
        model = %path.display(),
        vertices = mesh.vertex_count(),
        triangles = mesh.triangles.len(),
        joints = mesh.skeleton.len(),
        influences = mesh.influences,
        uvs = mesh.uvs.is_some(),
        "loaded skinned mesh"
    );
    Ok(mesh)
}

/// The file cannot be imported, for `reason`.
fn unsupported(path: &Path, reason: String) -> SkinError {
    SkinError::Unsupported {
        path: path.to_path_buf(),
        reason,
    }
}

/// The first node with both a mesh and a skin: its mesh and skin.
fn skinned_mesh_node<'a>(
    doc: &'a gltf::Document,
    path: &Path,
) -> Result<(gltf::Mesh<'a>, gltf::Skin<'a>), SkinError> {
    let node = doc
        .nodes()
        .find(|n| n.mesh().is_some() && n.skin().is_some())
        .ok_or_else(|| {
            if doc.nodes().any(|n| n.mesh().is_some()) {
                unsupported(
                    path,
                    "the mesh has no skin (no node has both a mesh and a skin)".into(),
                )
            } else {
                unsupported(path, "the file contains no mesh".into())
            }
        })?;
    match (node.mesh(), node.skin()) {
        (Some(mesh), Some(skin)) => Ok((mesh, skin)),
        _ => Err(unsupported(path, "the mesh has no skin".into())),
    }
}

/// The skin's inverse bind matrices, one per joint, finite (identities
/// when the file gives none).
fn inverse_bind_matrices(
    skin: &gltf::Skin<'_>,
    data: &[Vec<u8>],
    path: &Path,
    joints: usize,
) -> Result<Vec<DMat4>, SkinError> {
    let Some(acc) = skin.inverse_bind_matrices() else {
        return Ok(vec![DMat4::IDENTITY; joints]);
    };
    buffers::check_accessor(&acc, Layout::MAT4, data, path, "inverse bind matrices")?;
    let reader = skin.reader(|b| data.get(b.index()).map(Vec::as_slice));
    let list: Vec<DMat4> = reader
        .read_inverse_bind_matrices()
        .map(|it| {
            it.map(|m| DMat4::from_cols_array_2d(&m.map(|c| c.map(f64::from))))
                .collect()
        })
        .unwrap_or_default();
    if list.len() != joints {
        return Err(unsupported(
            path,
            format!("{} inverse bind matrices for {} joints", list.len(), joints),
        ));
    }
    if let Some(i) = list.iter().position(|m| !m.is_finite()) {
        return Err(unsupported(
            path,
            format!("inverse bind matrix {i} is not finite"),
        ));
    }
    Ok(list)
}

/// The mesh's primitives joined: rest positions and normals, triangles,
/// each vertex's joint influences, and texture coordinates while every
/// primitive has them.
struct Geometry {
    positions: Vec<Vec3>,
    normals: Option<Vec<Vec3>>,
    triangles: Vec<[u32; 3]>,
    lists: Vec<Vec<(usize, f32)>>,
    uvs: Option<Vec<[f32; 2]>>,
}

impl Default for Geometry {
    fn default() -> Self {
        Geometry {
            positions: Vec::new(),
            normals: Some(Vec::new()),
            triangles: Vec::new(),
            lists: Vec::new(),
            uvs: Some(Vec::new()),
        }
    }
}

impl Geometry {
    /// Adds one triangle primitive, every accessor checked first; its rest
    /// geometry is skinned by `skin_mats` (node world matrix times inverse
    /// bind matrix, per joint).
    fn add_primitive(
        &mut self,
        prim: &gltf::Primitive<'_>,
        data: &[Vec<u8>],
        path: &Path,
        skin_mats: &[DMat4],
    ) -> Result<(), SkinError> {
        if prim.mode() != Mode::Triangles {
            return Err(unsupported(
                path,
                format!(
                    "primitive {} uses mode {:?}; only triangles are supported",
                    prim.index(),
                    prim.mode()
                ),
            ));
        }
        check_primitive(prim, data, path)?;
        let what = |s: &str| format!("primitive {} {s}", prim.index());
        let base = self.positions.len();
        let reader = prim.reader(|b| data.get(b.index()).map(Vec::as_slice));
        let local: Vec<Vec3> = reader
            .read_positions()
            .map(|it| it.map(Vec3::from).collect())
            .unwrap_or_default();
        let n = local.len();
        let prim_lists = read_influences(&reader, n, path, &what)?;
        let local_normals: Option<Vec<Vec3>> =
            reader.read_normals().map(|it| it.map(Vec3::from).collect());
        self.add_rest_vertices(
            &local,
            local_normals.as_deref(),
            &prim_lists,
            skin_mats,
            path,
        )?;
        match (self.uvs.as_mut(), reader.read_tex_coords(0)) {
            (Some(all), Some(read)) => all.extend(read.into_f32()),
            (Some(_), None) => {
                if base > 0 {
                    tracing::warn!(
                        model = %path.display(),
                        primitive = prim.index(),
                        "a primitive has no TEXCOORD_0; the mesh is imported without UVs"
                    );
                }
                self.uvs = None;
            }
            (None, _) => {}
        }
        let idx: Vec<u32> = match reader.read_indices() {
            Some(r) => r.into_u32().collect(),
            None => (0..n as u32).collect(),
        };
        if !idx.len().is_multiple_of(3) {
            return Err(unsupported(
                path,
                what(&format!("has {} indices, not a multiple of 3", idx.len())),
            ));
        }
        for t in idx.chunks_exact(3) {
            if let Some(&bad) = t.iter().find(|&&i| i as usize >= n) {
                return Err(unsupported(
                    path,
                    what(&format!("index {bad} is outside its {n} vertices")),
                ));
            }
            self.triangles
                .push([t[0], t[1], t[2]].map(|i| i + base as u32));
        }
        self.lists.extend(prim_lists);
        Ok(())
    }

    /// The rest geometry: each vertex (and normal) skinned by the node
    /// pose, its joint indices checked first.
    fn add_rest_vertices(
        &mut self,
        local: &[Vec3],
        local_normals: Option<&[Vec3]>,
        prim_lists: &[Vec<(usize, f32)>],
        skin_mats: &[DMat4],
        path: &Path,
    ) -> Result<(), SkinError> {
        let base = self.positions.len();
        for (v, list) in prim_lists.iter().enumerate() {
            let mut m = DMat4::ZERO;
            let mut total = 0.0;
            for &(j, w) in list {
                if w != 0.0 {
                    let Some(sm) = skin_mats.get(j) else {
                        return Err(SkinError::BadVertex {
                            path: path.to_path_buf(),
                            vertex: base + v,
                            reason: format!(
                                "joint index {j} is outside the skin's {} joints",
                                skin_mats.len()
                            ),
                        });
                    };
                    m += *sm * f64::from(w);
                    total += f64::from(w);
                }
            }
            if total > 1e-9 && total.is_finite() {
                m *= 1.0 / total;
            } else {
                m = DMat4::IDENTITY;
            }
            let p = m.transform_point3(local[v].as_dvec3()).as_vec3();
            self.positions.push(p);
            if let (Some(all), Some(ln)) = (self.normals.as_mut(), local_normals) {
                let nr = m.transform_vector3(ln[v].as_dvec3()).normalize_or_zero();
                all.push(nr.as_vec3());
            }
        }
        if local_normals.is_none() {
            self.normals = None;
        }
        Ok(())
    }
}

/// Checks a primitive's accessors before anything is read: POSITION,
/// JOINTS_0 and WEIGHTS_0 present, every accessor within its buffer and
/// as long as POSITION (indices aside), at most two influence sets.
fn check_primitive(
    prim: &gltf::Primitive<'_>,
    data: &[Vec<u8>],
    path: &Path,
) -> Result<(), SkinError> {
    let what = |s: &str| format!("primitive {} {s}", prim.index());
    let acc_pos = prim
        .get(&Semantic::Positions)
        .ok_or_else(|| unsupported(path, what("has no POSITION")))?;
    buffers::check_accessor(&acc_pos, Layout::VEC3, data, path, &what("POSITION"))?;
    let (Some(acc_j0), Some(acc_w0)) = (
        prim.get(&Semantic::Joints(0)),
        prim.get(&Semantic::Weights(0)),
    ) else {
        return Err(unsupported(
            path,
            what("has no JOINTS_0/WEIGHTS_0 (not skinned)"),
        ));
    };
    let mut checked = vec![
        (acc_j0, "JOINTS_0", Layout::JOINTS),
        (acc_w0, "WEIGHTS_0", Layout::WEIGHTS),
    ];
    for (sem, label, layout) in [
        (Semantic::Normals, "NORMAL", Layout::VEC3),
        (Semantic::TexCoords(0), "TEXCOORD_0", Layout::TEXCOORD),
        (Semantic::Joints(1), "JOINTS_1", Layout::JOINTS),
        (Semantic::Weights(1), "WEIGHTS_1", Layout::WEIGHTS),
    ] {
        if let Some(a) = prim.get(&sem) {
            checked.push((a, label, layout));
        }
    }
    if let Some(a) = prim.indices() {
        checked.push((a, "indices", Layout::INDICES));
    }
    for (a, label, layout) in &checked {
        buffers::check_accessor(a, *layout, data, path, &what(label))?;
        if a.count() != acc_pos.count() && *label != "indices" {
            return Err(unsupported(
                path,
                what(&format!(
                    "{label} has {} entries but POSITION has {}",
                    a.count(),
                    acc_pos.count()
                )),
            ));
        }
    }
    if prim.get(&Semantic::Joints(2)).is_some() || prim.get(&Semantic::Weights(2)).is_some() {
        return Err(unsupported(
            path,
            what("has JOINTS_2/WEIGHTS_2: more than 8 influences per vertex are not supported"),
        ));
    }
    Ok(())
}

/// Each of the primitive's `n` vertices' (joint, weight) influences, from
/// JOINTS_0/WEIGHTS_0 and JOINTS_1/WEIGHTS_1 (each set whole or absent).
fn read_influences<'a, 's, F>(
    reader: &gltf::mesh::Reader<'a, 's, F>,
    n: usize,
    path: &Path,
    what: &dyn Fn(&str) -> String,
) -> Result<Vec<Vec<(usize, f32)>>, SkinError>
where
    F: Clone + Fn(gltf::Buffer<'a>) -> Option<&'s [u8]>,
{
    let mut lists: Vec<Vec<(usize, f32)>> = vec![Vec::new(); n];
    for set in 0..2u32 {
        let joints: Option<Vec<[u16; 4]>> = reader.read_joints(set).map(|r| r.into_u16().collect());
        let weights: Option<Vec<[f32; 4]>> =
            reader.read_weights(set).map(|r| r.into_f32().collect());
        match (joints, weights) {
            (Some(js), Some(ws)) => {
                for (v, (j4, w4)) in js.iter().zip(&ws).enumerate() {
                    for (j, w) in j4.iter().zip(w4) {
                        lists[v].push((usize::from(*j), *w));
                    }
                }
            }
            (None, None) => {}
            _ => {
                return Err(unsupported(
                    path,
                    what(&format!("has only one of JOINTS_{set} and WEIGHTS_{set}")),
                ))
            }
        }
    }
    Ok(lists)
}

/// World matrix and parent of every node (nodes outside any scene are
/// treated as roots).
fn node_world_matrices(doc: &gltf::Document) -> (Vec<DMat4>, Vec<Option<usize>>) {
    let count = doc.nodes().count();
    let local: Vec<DMat4> = doc
        .nodes()
        .map(|n| DMat4::from_cols_array_2d(&n.transform().matrix().map(|c| c.map(f64::from))))
        .collect();
    let mut parent = vec![None; count];
    for n in doc.nodes() {
        for c in n.children() {
            parent[c.index()] = Some(n.index());
        }
    }
    let mut world = vec![None; count];
    for i in 0..count {
        // Walk up to a resolved ancestor, guarding against cycles.
        let mut chain = vec![i];
        let mut cur = i;
        while let Some(p) = parent[cur] {
            if world[p].is_some() || chain.contains(&p) || chain.len() > count {
                break;
            }
            chain.push(p);
            cur = p;
        }
        for &n in chain.iter().rev() {
            if world[n].is_some() {
                continue;
            }
            let base = parent[n].and_then(|p| world[p]).unwrap_or(DMat4::IDENTITY);
            world[n] = Some(base * local[n]);
        }
    }
    (
        world
            .into_iter()
            .map(|m| m.unwrap_or(DMat4::IDENTITY))
            .collect(),
        parent,
    )
}

/// The skin's joints with their nearest joint ancestor and bind transform.
fn build_skeleton(
    doc: &gltf::Document,
    joint_nodes: &[usize],
    world: &[DMat4],
    parent_node: &[Option<usize>],
) -> Vec<MeshJoint> {
    let names: Vec<Option<String>> = doc.nodes().map(|n| n.name().map(str::to_string)).collect();
    let mut scale_warned = false;
    joint_nodes
        .iter()
        .enumerate()
        .map(|(ji, &n)| {
            let mut parent = None;
            let mut cur = parent_node[n];
            let mut steps = 0;
            while let Some(p) = cur {
                if let Some(pj) = joint_nodes.iter().position(|&x| x == p) {
                    parent = Some(pj);
                    break;
                }
                steps += 1;
                if steps > parent_node.len() {
                    break;
                }
                cur = parent_node[p];
            }
            let (scale, rotation, translation) = world[n].to_scale_rotation_translation();
            if !scale_warned && (scale - DVec3::ONE).abs().max_element() > 1e-3 {
                scale_warned = true;
                tracing::warn!(
                    joint = ji,
                    ?scale,
                    "joint has scale; bone transforms use rotation and translation only"
                );
            }
            MeshJoint {
                name: names[n].clone().unwrap_or_else(|| format!("joint_{ji}")),
                parent,
                bind_position: translation,
                bind_rotation: rotation.normalize(),
            }
        })
        .collect()
}

/// Parses and validates the glTF document. The `gltf` crate's validation
/// indexes some arrays before checking them (a primitive's POSITION
/// accessor index out of range panics in gltf-json 1.4.1, found by the
/// fuzz tier), so a panic in it is caught and reported as an invalid
/// model instead of taking the caller down.
fn parse(bytes: &[u8], path: &Path) -> Result<gltf::Gltf, SkinError> {
    let invalid = |reason: String| SkinError::Gltf {
        path: path.to_path_buf(),
        reason,
    };
    match std::panic::catch_unwind(|| gltf::Gltf::from_slice(bytes)) {
        Ok(parsed) => parsed.map_err(|e| invalid(e.to_string())),
        Err(_) => Err(invalid(
            "the document refers to an object that does not exist (an index out of range)".into(),
        )),
    }
}
