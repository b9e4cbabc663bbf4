//! Run-time deformation: linear blend skinning, dual quaternion skinning and
//! skinning with optimized centres of rotation, over one structure-of-arrays
//! layout shared by the three methods (see `kernel.rs`).

use glam::{Quat, Vec3};
use rayon::prelude::*;

use crate::cor::CentresOfRotation;
use crate::mesh::SkinnedMesh;

mod kernel;

pub use kernel::CHUNK;

/// Vertices per parallel task; meshes smaller than [`PARALLEL_MIN`] run on
/// the calling thread.
const BLOCK: usize = CHUNK * 16;
/// Smallest mesh deformed on several threads.
pub const PARALLEL_MIN: usize = 8192;

/// A bone's rigid skinning transform from the bind pose to the current pose:
/// a bind-pose world point `x` moves to `rotation * x + translation`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoneTransform {
    /// Unit rotation.
    pub rotation: Quat,
    /// Translation, metres.
    pub translation: Vec3,
}

impl BoneTransform {
    /// The bind pose.
    pub const IDENTITY: BoneTransform = BoneTransform {
        rotation: Quat::IDENTITY,
        translation: Vec3::ZERO,
    };

    /// A rotation by `rotation` about the point `pivot`.
    pub fn about(pivot: Vec3, rotation: Quat) -> BoneTransform {
        BoneTransform {
            rotation,
            translation: pivot - rotation * pivot,
        }
    }
}

/// Which skinning method to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// Linear blend skinning: blend the bone matrices.
    Lbs,
    /// Dual quaternion skinning: blend unit dual quaternions.
    Dqs,
    /// Optimized centres of rotation: blended quaternion rotation about a
    /// precomputed centre moved by linear blending.
    Cor,
}

impl Method {
    /// All methods, for comparisons.
    pub const ALL: [Method; 3] = [Method::Lbs, Method::Dqs, Method::Cor];

    /// Short lower-case name (`lbs`, `dqs`, `cor`).
    pub fn name(self) -> &'static str {
        match self {
            Method::Lbs => "lbs",
            Method::Dqs => "dqs",
            Method::Cor => "cor",
        }
    }
}

/// Deformed vertices of one frame.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Deformed {
    /// Positions, metres.
    pub positions: Vec<Vec3>,
    /// Unit normals.
    pub normals: Vec<Vec3>,
}

/// A mesh prepared for deformation: rest data as structure of arrays,
/// padded to whole chunks, influence slots stored slot-major.
#[derive(Debug, Clone)]
pub struct Deformer {
    pub(crate) n: usize,
    pub(crate) padded: usize,
    pub(crate) k: usize,
    pub(crate) joints_count: usize,
    pub(crate) rest: [Vec<f32>; 3],
    pub(crate) normal: [Vec<f32>; 3],
    pub(crate) centre: [Vec<f32>; 3],
    /// `slot * padded + vertex`.
    pub(crate) joint: Vec<u32>,
    /// `slot * padded + vertex`: index into `pairs` of the slot's joint and
    /// the vertex's heaviest joint (slot 0), for quaternion blending.
    pub(crate) pair: Vec<u32>,
    /// Distinct (joint, heaviest joint) pairs: each frame aligns the
    /// joint's quaternion to the heaviest one's hemisphere once per pair
    /// instead of once per vertex and slot.
    pub(crate) pairs: Vec<[u32; 2]>,
    /// `slot * padded + vertex`.
    pub(crate) weight: Vec<f32>,
}

impl Deformer {
    /// Prepares a mesh. Without centres (or for CoR with no centres) the
    /// centre of every vertex is its rest position, which makes CoR equal
    /// to linear blending for positions.
    pub fn new(mesh: &SkinnedMesh, centres: Option<&CentresOfRotation>) -> Deformer {
        let n = mesh.vertex_count();
        let padded = n.div_ceil(CHUNK).max(1) * CHUNK;
        let k = mesh.influences;
        let soa = |get: &dyn Fn(usize) -> Vec3| -> [Vec<f32>; 3] {
            let mut xs = vec![0f32; padded];
            let mut ys = vec![0f32; padded];
            let mut zs = vec![0f32; padded];
            for (v, ((x, y), z)) in xs
                .iter_mut()
                .zip(ys.iter_mut())
                .zip(zs.iter_mut())
                .enumerate()
                .take(n)
            {
                let p = get(v);
                (*x, *y, *z) = (p.x, p.y, p.z);
            }
            [xs, ys, zs]
        };
        let rest = soa(&|v| mesh.positions[v]);
        let normal = soa(&|v| mesh.normals[v]);
        let centre = match centres {
            Some(c) if c.centres.len() == n => soa(&|v| c.centres[v]),
            _ => rest.clone(),
        };
        let mut joint = vec![0u32; k * padded];
        let mut weight = vec![0f32; k * padded];
        for s in 0..k {
            for v in 0..padded {
                if v < n {
                    joint[s * padded + v] = u32::from(mesh.joint_indices[v * k + s]);
                    weight[s * padded + v] = mesh.weights[v * k + s];
                } else if s == 0 {
                    // Padding lanes: full weight on joint 0, output dropped.
                    weight[v] = 1.0;
                }
            }
        }
        let mut pairs: Vec<[u32; 2]> = Vec::new();
        let mut pair_of: std::collections::HashMap<[u32; 2], u32> = Default::default();
        let mut pair = vec![0u32; k * padded];
        for v in 0..padded {
            let dominant = joint[v];
            for s in 0..k {
                let key = [joint[s * padded + v], dominant];
                let next = pairs.len() as u32;
                let index = *pair_of.entry(key).or_insert(next);
                if index == next {
                    pairs.push(key);
                }
                pair[s * padded + v] = index;
            }
        }
        Deformer {
            n,
            padded,
            k,
            joints_count: mesh.skeleton.len(),
            rest,
            normal,
            centre,
            joint,
            pair,
            pairs,
            weight,
        }
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.n
    }

    /// Deforms one frame into `out` (resized as needed). `bones` must have
    /// one transform per skeleton joint; missing ones count as identity.
    pub fn deform(&self, bones: &[BoneTransform], method: Method, out: &mut Deformed) {
        let table = kernel::BoneTable::new(bones, self.joints_count, &self.pairs, method);
        out.positions.resize(self.n, Vec3::ZERO);
        out.normals.resize(self.n, Vec3::ZERO);
        let run = |start: usize, pos: &mut [Vec3], nrm: &mut [Vec3]| {
            let mut base = start;
            let mut off = 0;
            while off < pos.len() {
                let len = CHUNK.min(pos.len() - off);
                kernel::chunk(
                    self,
                    &table,
                    method,
                    base,
                    &mut pos[off..off + len],
                    &mut nrm[off..off + len],
                );
                base += CHUNK;
                off += CHUNK;
            }
        };
        if self.n >= PARALLEL_MIN {
            out.positions
                .par_chunks_mut(BLOCK)
                .zip(out.normals.par_chunks_mut(BLOCK))
                .enumerate()
                .for_each(|(b, (p, nr))| run(b * BLOCK, p, nr));
        } else {
            run(0, &mut out.positions, &mut out.normals);
        }
    }
}

#[cfg(test)]
mod tests;
