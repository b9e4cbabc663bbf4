//! Skinned vertices in the live daemon: each avatar's mesh (the built-in
//! body fitted to its skeleton, or a rigged glTF model), prepared once with
//! centres of rotation (cached in the storage folder), deformed by the loop
//! only while someone subscribed to that avatar's vertices; and the two
//! wire encodings of `posewire.v1.SkinnedVertices`.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use posewire_body::glam::Vec3;
use posewire_body::{BodyPose, Skeleton};
use posewire_proto::v1 as pb;
use posewire_skinning::{
    body_mesh, load_gltf, CentresOfRotation, CorParams, Deformed, Deformer, ImportOptions, Method,
    Retargeter, RigMap, SkinnedMesh,
};

/// The skinning method of the live stream (centres of rotation: no
/// candy-wrapper twist, no bulge).
pub const METHOD: Method = Method::Cor;

/// One avatar's mesh, ready to deform.
#[derive(Debug)]
pub struct LiveRig {
    /// The mesh in its rest pose.
    pub mesh: SkinnedMesh,
    /// `builtin` or the model file's name.
    pub model: String,
    retarget: Retargeter,
    deformer: Deformer,
}

impl LiveRig {
    /// Builds the rig: loads the model (or the built-in body fitted to
    /// `skeleton`), maps it onto the canonical joints, and computes the
    /// centres of rotation, cached under `cache_dir`.
    pub fn build(
        skeleton: &Skeleton,
        model: Option<&Path>,
        cache_dir: &Path,
    ) -> Result<LiveRig, String> {
        let (mesh, name) = match model {
            Some(path) => (
                load_gltf(path, ImportOptions::default())
                    .map_err(|e| format!("cannot load the model {}: {e}", path.display()))?,
                path.file_name().map_or_else(
                    || path.display().to_string(),
                    |n| n.to_string_lossy().into(),
                ),
            ),
            None => (
                body_mesh::default_body(skeleton)
                    .map_err(|e| format!("cannot build the built-in body: {e}"))?,
                "builtin".to_string(),
            ),
        };
        let map = RigMap::for_mesh(&mesh);
        let retarget = Retargeter::new(&mesh, &map, skeleton)
            .map_err(|e| format!("cannot retarget onto {}: {e}", mesh.name))?;
        let centres = CentresOfRotation::compute_cached(&mesh, &CorParams::default(), cache_dir)
            .map_err(|e| format!("centres of rotation of {}: {e}", mesh.name))?;
        let deformer = Deformer::new(&mesh, Some(&centres));
        tracing::info!(
            model = %name,
            vertices = mesh.vertex_count(),
            triangles = mesh.triangles.len(),
            "skinning ready"
        );
        Ok(LiveRig {
            mesh,
            model: name,
            retarget,
            deformer,
        })
    }

    /// Deforms the mesh into the canonical pose `pose`.
    pub fn skin(&self, pose: &BodyPose, out: &mut Deformed) {
        let bones = self.retarget.transforms(pose);
        self.deformer.deform(&bones, METHOD, out);
    }

    /// The rest mesh as the API's `Mesh`, with the model's UVs if it has
    /// any (the built-in body has none).
    pub fn mesh_message(&self, avatar_id: &str) -> pb::Mesh {
        pb::Mesh {
            avatar_id: avatar_id.to_string(),
            rest_positions: self
                .mesh
                .positions
                .iter()
                .flat_map(|p| [p.x, p.y, p.z])
                .collect(),
            triangles: self.mesh.triangles.iter().flatten().copied().collect(),
            uvs: self.mesh.uvs.iter().flatten().flatten().copied().collect(),
            model: self.model.clone(),
        }
    }
}

/// An avatar's rig, built on first need (a GetMesh call or a vertex
/// subscriber) on a blocking thread, never by the loop, which only takes a
/// rig that is ready.
#[derive(Debug)]
pub struct RigSlot {
    skeleton: Skeleton,
    model: Option<PathBuf>,
    cache_dir: PathBuf,
    state: Mutex<Option<Result<Arc<LiveRig>, String>>>,
    building: std::sync::atomic::AtomicBool,
}

impl RigSlot {
    /// A slot for `skeleton` and an optional model; centres of rotation
    /// are cached in `cache_dir`.
    pub fn new(skeleton: Skeleton, model: Option<PathBuf>, cache_dir: PathBuf) -> RigSlot {
        RigSlot {
            skeleton,
            model,
            cache_dir,
            state: Mutex::new(None),
            building: std::sync::atomic::AtomicBool::new(false),
        }
    }

    /// The model file, if not the built-in body.
    pub fn model(&self) -> Option<&Path> {
        self.model.as_deref()
    }

    /// The rig, building it first if needed (blocks: call from a blocking
    /// thread). A failed build is remembered and reported again.
    pub fn get_or_build(&self) -> Result<Arc<LiveRig>, String> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(done) = &*state {
            return done.clone();
        }
        let built =
            LiveRig::build(&self.skeleton, self.model.as_deref(), &self.cache_dir).map(Arc::new);
        if let Err(e) = &built {
            tracing::warn!("skinning unavailable: {e}");
        }
        *state = Some(built.clone());
        built
    }

    /// Starts building the rig on a helper thread unless that was done
    /// already (the loop asks for it when someone wants vertices).
    pub fn build_in_background(self: &Arc<Self>) {
        if self
            .building
            .swap(true, std::sync::atomic::Ordering::SeqCst)
        {
            return;
        }
        let slot = self.clone();
        let spawned = std::thread::Builder::new()
            .name("posewire-rig".into())
            .spawn(move || {
                let _ = slot.get_or_build();
            });
        if let Err(e) = spawned {
            tracing::warn!("cannot start a thread to build a mesh: {e}");
        }
    }

    /// The rig if it is built; never waits (a build in progress holds the
    /// lock, so this answers `None`).
    pub fn ready(&self) -> Option<Arc<LiveRig>> {
        match self.state.try_lock() {
            Ok(state) => state.as_ref().and_then(|r| r.as_ref().ok().cloned()),
            Err(std::sync::TryLockError::Poisoned(p)) => p
                .into_inner()
                .as_ref()
                .and_then(|r| r.as_ref().ok().cloned()),
            Err(std::sync::TryLockError::WouldBlock) => None,
        }
    }
}

/// Positions as FLOAT32 (12 bytes per vertex, little-endian x, y, z).
pub fn encode_float32(positions: &[Vec3]) -> pb::SkinnedVertices {
    let mut data = Vec::with_capacity(positions.len() * 12);
    for p in positions {
        for c in [p.x, p.y, p.z] {
            data.extend_from_slice(&c.to_le_bytes());
        }
    }
    pb::SkinnedVertices {
        encoding: pb::VertexEncoding::Float32 as i32,
        vertex_count: u32::try_from(positions.len()).unwrap_or(u32::MAX),
        data: data.into(),
        bounds_min: None,
        bounds_max: None,
    }
}

/// Positions as INT16 against their bounding box (6 bytes per vertex):
/// `q = round((x - min) / (max - min) * 65535) - 32768`, so that decoding
/// `min + (q + 32768) * (max - min) / 65535` is off by at most
/// `(max - min) / 131070`.
pub fn encode_int16(positions: &[Vec3]) -> pb::SkinnedVertices {
    let mut lo = [f64::INFINITY; 3];
    let mut hi = [f64::NEG_INFINITY; 3];
    for p in positions {
        for (k, c) in [p.x, p.y, p.z].into_iter().enumerate() {
            lo[k] = lo[k].min(f64::from(c));
            hi[k] = hi[k].max(f64::from(c));
        }
    }
    if positions.is_empty() {
        lo = [0.0; 3];
        hi = [0.0; 3];
    }
    let mut data = Vec::with_capacity(positions.len() * 6);
    for p in positions {
        for (k, c) in [p.x, p.y, p.z].into_iter().enumerate() {
            let range = hi[k] - lo[k];
            let unit = if range > 0.0 {
                (f64::from(c) - lo[k]) / range
            } else {
                0.0
            };
            let q = ((unit * 65535.0).round() - 32768.0).clamp(-32768.0, 32767.0) as i16;
            data.extend_from_slice(&q.to_le_bytes());
        }
    }
    let v = |a: [f64; 3]| pb::Vec3 {
        x: a[0],
        y: a[1],
        z: a[2],
    };
    pb::SkinnedVertices {
        encoding: pb::VertexEncoding::Int16 as i32,
        vertex_count: u32::try_from(positions.len()).unwrap_or(u32::MAX),
        data: data.into(),
        bounds_min: Some(v(lo)),
        bounds_max: Some(v(hi)),
    }
}

/// Decodes either encoding back to positions (what a client does).
pub fn decode(v: &pb::SkinnedVertices) -> Result<Vec<Vec3>, String> {
    let n = v.vertex_count as usize;
    match pb::VertexEncoding::try_from(v.encoding) {
        Ok(pb::VertexEncoding::Float32 | pb::VertexEncoding::Unspecified) => {
            if v.data.len() != n * 12 {
                return Err(format!("{} bytes for {n} float32 vertices", v.data.len()));
            }
            Ok(v.data
                .chunks_exact(12)
                .map(|c| {
                    let f = |i: usize| f32::from_le_bytes([c[i], c[i + 1], c[i + 2], c[i + 3]]);
                    Vec3::new(f(0), f(4), f(8))
                })
                .collect())
        }
        Ok(pb::VertexEncoding::Int16) => {
            if v.data.len() != n * 6 {
                return Err(format!("{} bytes for {n} int16 vertices", v.data.len()));
            }
            let (Some(lo), Some(hi)) = (&v.bounds_min, &v.bounds_max) else {
                return Err("int16 vertices without bounds".into());
            };
            let (lo, hi) = ([lo.x, lo.y, lo.z], [hi.x, hi.y, hi.z]);
            Ok(v.data
                .chunks_exact(6)
                .map(|c| {
                    let x = |k: usize| {
                        let q = f64::from(i16::from_le_bytes([c[2 * k], c[2 * k + 1]]));
                        (lo[k] + (q + 32768.0) * (hi[k] - lo[k]) / 65535.0) as f32
                    };
                    Vec3::new(x(0), x(1), x(2))
                })
                .collect())
        }
        Err(_) => Err(format!("unknown vertex encoding {}", v.encoding)),
    }
}

/// The same vertices in `encoding` (the loop publishes FLOAT32; an INT16
/// subscriber gets its copy re-encoded by its own task).
pub fn reencode(v: &pb::SkinnedVertices, encoding: pb::VertexEncoding) -> pb::SkinnedVertices {
    if v.encoding == encoding as i32
        || (encoding == pb::VertexEncoding::Unspecified
            && v.encoding == pb::VertexEncoding::Float32 as i32)
    {
        return v.clone();
    }
    match decode(v) {
        Ok(p) if encoding == pb::VertexEncoding::Int16 => encode_int16(&p),
        Ok(p) => encode_float32(&p),
        Err(_) => v.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::BodyProfile;

    #[test]
    fn int16_decodes_within_the_stated_bound() {
        let positions: Vec<Vec3> = (0..500)
            .map(|i| {
                let t = i as f32 * 0.37;
                Vec3::new(t.sin() * 0.4, 1.8 * (i as f32 / 499.0), t.cos() * 0.3 - 2.0)
            })
            .collect();
        let enc = encode_int16(&positions);
        assert_eq!(enc.data.len(), 500 * 6);
        let back = decode(&enc).expect("decodes");
        let lo = enc.bounds_min.expect("min");
        let hi = enc.bounds_max.expect("max");
        let bound = [hi.x - lo.x, hi.y - lo.y, hi.z - lo.z].map(|r| r / 131070.0 + 1e-6);
        for (a, b) in positions.iter().zip(&back) {
            for k in 0..3 {
                let e = f64::from((a[k] - b[k]).abs());
                assert!(e <= bound[k], "axis {k}: {e} > {}", bound[k]);
            }
        }
        let exact = decode(&encode_float32(&positions)).expect("decodes");
        assert_eq!(exact, positions);
        let re = reencode(&encode_float32(&positions), pb::VertexEncoding::Int16);
        assert_eq!(re, enc);
    }

    #[test]
    fn the_builtin_body_skins_to_its_rest_mesh_in_the_rest_pose() {
        let skeleton = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
        let dir = tempfile::tempdir().expect("temp dir");
        let slot = RigSlot::new(skeleton, None, dir.path().to_path_buf());
        assert!(slot.ready().is_none(), "built on first need only");
        let rig = slot.get_or_build().expect("builds");
        assert!(slot.ready().is_some());
        let mut out = Deformed::default();
        rig.skin(&BodyPose::rest(&skeleton), &mut out);
        assert_eq!(out.positions.len(), rig.mesh.vertex_count());
        let worst = out
            .positions
            .iter()
            .zip(&rig.mesh.positions)
            .map(|(a, b)| a.distance(*b))
            .fold(0f32, f32::max);
        assert!(worst < 1e-4, "rest pose moved a vertex by {worst} m");
        let mesh = rig.mesh_message("a");
        assert_eq!(mesh.rest_positions.len(), 3 * rig.mesh.vertex_count());
        assert_eq!(mesh.model, "builtin");
    }
}
