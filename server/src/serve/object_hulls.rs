//! Objects shaped as the convex hull of a glTF mesh (`MeshHull`): the
//! model a client names is read from `<storage>/models/` only (symlinks
//! and `..` resolved, external buffers inside it too, every read bounded),
//! reduced to its hull's corners, and remembered by object id so that
//! answers name the file and mesh it came from.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use posewire_body::glam::DVec3;
use posewire_proto::v1 as pb;
use posewire_solver::physics::hull::hull_corners;
use tonic::Status;

use super::object_convert::status;
use super::source_paths::AllowedFolders;

/// The largest scale a hull's vertices may be multiplied by.
const MAX_SCALE: f64 = 1000.0;

/// The scale a request asks for (0: 1), or why it is refused.
fn scale(source: &pb::MeshHull) -> Result<f64, Status> {
    match source.scale {
        0.0 => Ok(1.0),
        s if s.is_finite() && s > 0.0 && s <= MAX_SCALE => Ok(s),
        _ => Err(Status::invalid_argument(format!(
            "`shape.mesh_hull.scale` must be above 0 and at most {MAX_SCALE} (0: 1)"
        ))),
    }
}

/// The hull's corners (scaled, in the object's frame) of the mesh a
/// request names. File work: call it off the async workers.
pub fn read_hull(models: &AllowedFolders, source: &pb::MeshHull) -> Result<Vec<DVec3>, Status> {
    let scale = scale(source)?;
    let file = models.resolve(&source.model, "`shape.mesh_hull.model`")?;
    let _reading = models
        .budget()
        .take_file(&file, "`shape.mesh_hull.model`")?;
    let points = posewire_skinning::gltf_import::mesh_points(&file, &source.mesh, models.base())
        .map_err(|e| Status::invalid_argument(format!("`shape.mesh_hull`: {e}")))?;
    let scaled: Vec<DVec3> = points.into_iter().map(|p| p * scale).collect();
    hull_corners(&scaled).map_err(|e| status(&e))
}

/// Where each hull object's mesh came from, by object id.
#[derive(Debug, Default)]
pub struct HullSources(Mutex<BTreeMap<String, pb::MeshHull>>);

impl HullSources {
    /// Remembers the file and mesh of object `id` (the request's words,
    /// its scale as used).
    pub fn insert(&self, id: &str, source: &pb::MeshHull) {
        let kept = pb::MeshHull {
            model: source.model.clone(),
            mesh: source.mesh.clone(),
            scale: scale(source).unwrap_or(1.0),
            points: Vec::new(),
        };
        self.lock().insert(id.to_string(), kept);
    }

    /// Forgets object `id`.
    pub fn remove(&self, id: &str) {
        self.lock().remove(id);
    }

    /// Names the file and mesh of every hull in `objects` (the loop
    /// answers with the hull's points alone).
    pub fn fill(&self, objects: &mut [pb::SceneObject]) {
        let sources = self.lock();
        for o in objects {
            let hull = o.shape.as_mut().and_then(|s| match s.kind.as_mut() {
                Some(pb::shape::Kind::MeshHull(h)) => Some(h),
                _ => None,
            });
            if let (Some(hull), Some(source)) = (hull, sources.get(&o.id)) {
                hull.model.clone_from(&source.model);
                hull.mesh.clone_from(&source.mesh);
                hull.scale = source.scale;
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, pb::MeshHull>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
