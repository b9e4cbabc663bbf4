//! Optimized centres of rotation (Le and Hodgins, "Real-time skeletal skinning
//! with optimized centers of rotation", SIGGRAPH 2016).
//!
//! For a vertex with weights `w_p`, the centre is the area- and
//! similarity-weighted mean of triangle centroids, with the similarity
//! `s(w_p, w_v) = sum_{j != k} w_pj w_pk w_vj w_vk exp(-(w_pj w_vk - w_pk w_vj)^2 / sigma^2)`
//! and a triangle's weights the mean of its corners'. Triangles may first
//! be subdivided until no edge changes the weights by more than
//! `subdivide_epsilon` (`elements.rs`); integration elements are grouped by
//! their set of bones and merged on a fine weight grid (`index.rs`), so a
//! vertex visits only groups sharing at least two bones with it; and since
//! a centre depends only on the vertex's weights, vertices whose weights
//! agree on that grid share one computation.

use std::path::Path;

use glam::Vec3;

use crate::error::SkinError;
use crate::hash::Fnv64;
use crate::mesh::SkinnedMesh;

mod cache;
mod elements;
mod index;

/// Parameters of the centre computation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CorParams {
    /// Width of the similarity kernel (the paper's sigma), default 0.1.
    pub sigma: f32,
    /// Subdivide triangles whose edges change the weights (L1) by more than
    /// this; `None` integrates over the original triangles.
    pub subdivide_epsilon: Option<f32>,
    /// Most 1-to-4 subdivision levels per triangle.
    pub max_subdivision: u32,
    /// Integration elements of one bone set whose weights round to the same
    /// point of this grid are merged (area-weighted); 0 merges only exact
    /// duplicates. The default 1/256 changes centres by well under a
    /// millimetre on the shared models while making large meshes fast.
    pub weight_grid: f32,
}

impl Default for CorParams {
    fn default() -> Self {
        CorParams {
            sigma: 0.1,
            subdivide_epsilon: Some(0.1),
            max_subdivision: 3,
            weight_grid: 1.0 / 256.0,
        }
    }
}

impl CorParams {
    fn hash_into(&self, h: &mut Fnv64) {
        h.bytes(b"cor-v4");
        h.f32s([
            self.sigma,
            self.subdivide_epsilon.unwrap_or(-1.0),
            self.weight_grid,
        ]);
        h.u32s([self.max_subdivision]);
    }
}

/// The precomputed centres of a mesh.
#[derive(Debug, Clone, PartialEq)]
pub struct CentresOfRotation {
    /// One centre per vertex (the rest position where linear blending is
    /// used: single-bone vertices and vertices with no similar triangle).
    pub centres: Vec<Vec3>,
    /// Multi-bone vertices that found no similar triangle (linear blending).
    pub fallback_vertices: usize,
}

impl CentresOfRotation {
    /// Computes the centres (rayon-parallel over triangles and vertices).
    pub fn compute(mesh: &SkinnedMesh, params: &CorParams) -> CentresOfRotation {
        let start = std::time::Instant::now();
        let elems = elements::integration_elements(mesh, params);
        let element_count = elems.len();
        let t_elements = start.elapsed().as_secs_f64();
        let idx = index::WeightIndex::build(elems, params.weight_grid);
        let t_index = start.elapsed().as_secs_f64() - t_elements;
        let (centres, fallback_vertices) = idx.centres(mesh, params.sigma, params.weight_grid);
        tracing::info!(
            mesh = %mesh.name,
            vertices = mesh.vertex_count(),
            elements = element_count,
            merged = idx.len(),
            groups = idx.group_count(),
            fallback_vertices,
            elements_s = t_elements,
            index_s = t_index,
            seconds = start.elapsed().as_secs_f64(),
            "computed centres of rotation"
        );
        CentresOfRotation {
            centres,
            fallback_vertices,
        }
    }

    /// The cache key: a hash of the mesh's geometry and weights and of the
    /// parameters.
    pub fn cache_key(mesh: &SkinnedMesh, params: &CorParams) -> u64 {
        let mut h = Fnv64::new();
        h.bytes(&mesh.content_hash().to_le_bytes());
        params.hash_into(&mut h);
        h.finish()
    }

    /// Loads the centres from `cache_dir` when a valid entry for this mesh
    /// and parameters exists, else computes and writes them. Logs whether
    /// the cache was hit or written. A corrupt entry is recomputed; a cache
    /// that cannot be written is an error.
    pub fn compute_cached(
        mesh: &SkinnedMesh,
        params: &CorParams,
        cache_dir: &Path,
    ) -> Result<CentresOfRotation, SkinError> {
        let key = Self::cache_key(mesh, params);
        let path = cache::path(cache_dir, key);
        if let Some(found) = cache::read(&path, key, mesh.vertex_count()) {
            tracing::info!(mesh = %mesh.name, cache = %path.display(), "centres of rotation: cache hit");
            return Ok(found);
        }
        let cor = Self::compute(mesh, params);
        cache::write(&path, key, &cor)?;
        tracing::info!(mesh = %mesh.name, cache = %path.display(), "centres of rotation: cache written");
        Ok(cor)
    }
}

/// The similarity of two weight vectors given as dense values over the same
/// bones (the formula above; both ordered pairs counted).
pub fn similarity(wp: &[f32], wv: &[f32], sigma: f32) -> f32 {
    let inv = 1.0 / (sigma * sigma);
    let mut s = 0.0;
    for j in 0..wp.len().min(wv.len()) {
        for k in j + 1..wp.len().min(wv.len()) {
            let d = wp[j] * wv[k] - wp[k] * wv[j];
            s += 2.0 * wp[j] * wp[k] * wv[j] * wv[k] * (-d * d * inv).exp();
        }
    }
    s
}
