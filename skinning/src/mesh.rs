//! The skinned mesh every method deforms: rest geometry in the world frame
//! of the bind pose, sparse weights (4 or 8 slots per vertex, heaviest
//! first), and the mesh's own skeleton.

use std::path::PathBuf;

use glam::{DQuat, DVec3, Vec3};

use crate::error::SkinError;
use crate::hash::Fnv64;

/// Most influences per vertex that are supported (`JOINTS_0` + `JOINTS_1`).
pub const MAX_INFLUENCES: usize = 8;

/// One joint of a mesh's own skeleton, as posed in the bind pose.
#[derive(Debug, Clone, PartialEq)]
pub struct MeshJoint {
    /// Name (glTF node name, or `joint_N` when unnamed).
    pub name: String,
    /// Index of the nearest ancestor that is also a joint.
    pub parent: Option<usize>,
    /// World position in the bind pose.
    pub bind_position: DVec3,
    /// World rotation in the bind pose.
    pub bind_rotation: DQuat,
}

/// What to do with a vertex whose weights do not sum to one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WeightFix {
    /// Divide the weights by their sum (documented fix-up, logged once with
    /// the number of vertices changed); a vertex whose weights sum to zero is
    /// still an error.
    #[default]
    Renormalise,
    /// Reject a vertex whose sum differs from one by more than 1e-3.
    Strict,
}

/// A mesh ready for skinning. Positions and normals are the bind-pose
/// geometry in world coordinates (the skinning transforms of the bind pose
/// are identities).
#[derive(Debug, Clone, PartialEq)]
pub struct SkinnedMesh {
    /// Where the mesh came from (file path or a description), for messages.
    pub name: String,
    /// Rest positions, metres.
    pub positions: Vec<Vec3>,
    /// Rest unit normals.
    pub normals: Vec<Vec3>,
    /// Triangles (counter-clockwise seen from outside).
    pub triangles: Vec<[u32; 3]>,
    /// Slots per vertex in `joint_indices` / `weights` (4 or 8).
    pub influences: usize,
    /// Joint of every slot, `vertex * influences + slot`, heaviest first.
    pub joint_indices: Vec<u16>,
    /// Weight of every slot (zero for unused slots), summing to one.
    pub weights: Vec<f32>,
    /// The mesh's skeleton; `joint_indices` point into it.
    pub skeleton: Vec<MeshJoint>,
    /// Texture coordinates (glTF `TEXCOORD_0`: u right, v down, one pair per
    /// vertex), when the source has them; kept for clients that texture the
    /// mesh, unused by skinning.
    pub uvs: Option<Vec<[f32; 2]>>,
}

impl SkinnedMesh {
    /// Builds and validates a mesh from per-vertex `(joint, weight)` lists.
    ///
    /// Errors name the vertex: a non-finite position, normal or weight, a
    /// negative weight, a joint index outside the skeleton, more than
    /// [`MAX_INFLUENCES`] non-zero weights, a triangle index outside the
    /// vertices, or weights that do not sum to one under [`WeightFix::Strict`].
    /// Missing normals are computed from the triangles.
    pub fn from_vertex_weights(
        name: &str,
        positions: Vec<Vec3>,
        normals: Option<Vec<Vec3>>,
        triangles: Vec<[u32; 3]>,
        vertex_weights: &[Vec<(usize, f32)>],
        skeleton: Vec<MeshJoint>,
        fix: WeightFix,
    ) -> Result<SkinnedMesh, SkinError> {
        let n = positions.len();
        let bad = |vertex: usize, reason: String| SkinError::BadVertex {
            path: PathBuf::from(name),
            vertex,
            reason,
        };
        if vertex_weights.len() != n {
            return Err(SkinError::Unsupported {
                path: name.into(),
                reason: format!("{} vertices but {} weight lists", n, vertex_weights.len()),
            });
        }
        if skeleton.is_empty() || skeleton.len() > usize::from(u16::MAX) {
            return Err(SkinError::Unsupported {
                path: name.into(),
                reason: format!(
                    "skeleton has {} joints (1 to 65535 supported)",
                    skeleton.len()
                ),
            });
        }
        for (v, p) in positions.iter().enumerate() {
            if !p.is_finite() {
                return Err(bad(v, format!("position {p} is not finite")));
            }
        }
        for (t, tri) in triangles.iter().enumerate() {
            if let Some(&i) = tri.iter().find(|&&i| i as usize >= n) {
                return Err(SkinError::Unsupported {
                    path: name.into(),
                    reason: format!("triangle {t} uses vertex {i} but there are {n} vertices"),
                });
            }
        }
        let normals = match normals {
            Some(ns) if ns.len() == n => {
                for (v, nr) in ns.iter().enumerate() {
                    if !nr.is_finite() {
                        return Err(bad(v, format!("normal {nr} is not finite")));
                    }
                }
                ns.iter().map(|nr| nr.normalize_or(Vec3::Y)).collect()
            }
            _ => vertex_normals(&positions, &triangles),
        };
        let mut lists = Vec::with_capacity(n);
        let mut max_count = 1;
        let mut renormalised = 0usize;
        for (v, list) in vertex_weights.iter().enumerate() {
            let mut kept: Vec<(usize, f32)> = Vec::with_capacity(list.len());
            for &(j, w) in list {
                if !w.is_finite() {
                    return Err(bad(v, format!("weight {w} of joint {j} is not finite")));
                }
                if w < 0.0 {
                    return Err(bad(v, format!("negative weight {w} of joint {j}")));
                }
                if w == 0.0 {
                    continue;
                }
                if j >= skeleton.len() {
                    return Err(bad(
                        v,
                        format!(
                            "joint index {j} is outside the skin's {} joints",
                            skeleton.len()
                        ),
                    ));
                }
                match kept.iter_mut().find(|(k, _)| *k == j) {
                    Some(slot) => slot.1 += w,
                    None => kept.push((j, w)),
                }
            }
            if kept.len() > MAX_INFLUENCES {
                return Err(bad(
                    v,
                    format!(
                        "{} influences, at most {MAX_INFLUENCES} are supported",
                        kept.len()
                    ),
                ));
            }
            let sum: f32 = kept.iter().map(|(_, w)| w).sum();
            if sum <= 1e-6 {
                return Err(bad(v, "weights sum to zero".into()));
            }
            if (sum - 1.0).abs() > 1e-3 {
                if fix == WeightFix::Strict {
                    return Err(bad(v, format!("weights sum to {sum}, not 1")));
                }
                renormalised += 1;
            }
            for slot in &mut kept {
                slot.1 /= sum;
            }
            kept.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            max_count = max_count.max(kept.len());
            lists.push(kept);
        }
        if renormalised > 0 {
            tracing::warn!(
                mesh = name,
                vertices = renormalised,
                "weights did not sum to one; renormalised"
            );
        }
        let influences = if max_count <= 4 { 4 } else { MAX_INFLUENCES };
        let mut joint_indices = vec![0u16; n * influences];
        let mut weights = vec![0f32; n * influences];
        for (v, kept) in lists.iter().enumerate() {
            for (s, &(j, w)) in kept.iter().enumerate() {
                // j < skeleton.len() <= u16::MAX was checked above.
                joint_indices[v * influences + s] = j as u16;
                weights[v * influences + s] = w;
            }
            // Unused slots repeat the heaviest joint with weight zero so that
            // gathers stay in bounds and cost nothing.
            for s in kept.len()..influences {
                joint_indices[v * influences + s] = joint_indices[v * influences];
            }
        }
        Ok(SkinnedMesh {
            name: name.to_string(),
            positions,
            normals,
            triangles,
            influences,
            joint_indices,
            weights,
            skeleton,
            uvs: None,
        })
    }

    /// The same mesh with texture coordinates, one pair per vertex; errors
    /// when the count differs from the vertices' or a value is not finite.
    pub fn with_uvs(mut self, uvs: Vec<[f32; 2]>) -> Result<SkinnedMesh, SkinError> {
        if uvs.len() != self.positions.len() {
            return Err(SkinError::Unsupported {
                path: self.name.clone().into(),
                reason: format!(
                    "{} texture coordinates for {} vertices",
                    uvs.len(),
                    self.positions.len()
                ),
            });
        }
        if let Some(v) = uvs.iter().position(|uv| !uv.iter().all(|c| c.is_finite())) {
            return Err(SkinError::BadVertex {
                path: self.name.clone().into(),
                vertex: v,
                reason: format!("texture coordinate {:?} is not finite", uvs[v]),
            });
        }
        self.uvs = Some(uvs);
        Ok(self)
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.positions.len()
    }

    /// The non-zero `(joint, weight)` pairs of a vertex, heaviest first.
    pub fn vertex_influences(&self, v: usize) -> impl Iterator<Item = (usize, f32)> + '_ {
        let k = self.influences;
        self.joint_indices[v * k..(v + 1) * k]
            .iter()
            .zip(&self.weights[v * k..(v + 1) * k])
            .filter(|(_, &w)| w > 0.0)
            .map(|(&j, &w)| (usize::from(j), w))
    }

    /// Index of a skeleton joint by name.
    pub fn joint_by_name(&self, name: &str) -> Option<usize> {
        self.skeleton.iter().position(|j| j.name == name)
    }

    /// A stable hash of the geometry and weights (the cache key's mesh part).
    pub fn content_hash(&self) -> u64 {
        let mut h = Fnv64::new();
        h.u32s([self.positions.len() as u32, self.influences as u32]);
        h.f32s(self.positions.iter().flat_map(|p| p.to_array()));
        h.u32s(self.triangles.iter().flatten().copied());
        h.u32s(self.joint_indices.iter().map(|&j| u32::from(j)));
        h.f32s(self.weights.iter().copied());
        h.finish()
    }
}

/// Area-weighted vertex normals (for meshes without a NORMAL attribute).
pub fn vertex_normals(positions: &[Vec3], triangles: &[[u32; 3]]) -> Vec<Vec3> {
    let mut acc = vec![Vec3::ZERO; positions.len()];
    for t in triangles {
        let [a, b, c] = t.map(|i| positions[i as usize]);
        let n = (b - a).cross(c - a);
        for &i in t {
            acc[i as usize] += n;
        }
    }
    acc.into_iter().map(|n| n.normalize_or(Vec3::Y)).collect()
}
