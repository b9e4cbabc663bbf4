//! The vertices of one mesh of a glTF file, for an object's convex hull
//! (`posewire.v1.MeshHull`): the mesh's POSITION values in its own frame,
//! every primitive joined, read from a file a client named, so external
//! buffers must lie in the same folder tree.

use std::path::Path;

use glam::DVec3;

use super::buffers::{self, Layout};
use crate::error::SkinError;

/// Most vertices read from one mesh (a hull needs far fewer; this bounds
/// the work of a hostile file).
pub const MAX_MESH_POINTS: usize = 1_000_000;

/// The vertices of the mesh named `mesh` (empty: the file's first mesh)
/// of the glTF file at `path`; external buffers must lie inside `within`.
pub fn mesh_points(path: &Path, mesh: &str, within: &Path) -> Result<Vec<DVec3>, SkinError> {
    let bytes = posewire_body::bounded_read::read_bounded(path, posewire_body::bounded_read::GLTF)?;
    let gltf = super::parse(&bytes, path)?;
    let data = buffers::load(&gltf, path, Some(within))?;
    let unsupported = |reason: String| SkinError::Unsupported {
        path: path.to_path_buf(),
        reason,
    };
    let mut meshes = gltf.document.meshes();
    let found = if mesh.is_empty() {
        meshes.next()
    } else {
        meshes.find(|m| m.name() == Some(mesh))
    };
    let found = found.ok_or_else(|| {
        unsupported(if mesh.is_empty() {
            "the file contains no mesh".into()
        } else {
            format!("the file has no mesh named `{mesh}`")
        })
    })?;
    let mut points = Vec::new();
    for prim in found.primitives() {
        let what = format!("primitive {} POSITION", prim.index());
        let acc = prim
            .get(&gltf::Semantic::Positions)
            .ok_or_else(|| unsupported(format!("primitive {} has no POSITION", prim.index())))?;
        buffers::check_accessor(&acc, Layout::VEC3, &data, path, &what)?;
        if points.len() + acc.count() > MAX_MESH_POINTS {
            return Err(unsupported(format!(
                "the mesh has more than {MAX_MESH_POINTS} vertices"
            )));
        }
        let reader = prim.reader(|b| data.get(b.index()).map(Vec::as_slice));
        if let Some(it) = reader.read_positions() {
            points.extend(it.map(|p| DVec3::from(p.map(f64::from))));
        }
    }
    if let Some(i) = points.iter().position(|p| !p.is_finite()) {
        return Err(unsupported(format!("vertex {i} of the mesh is not finite")));
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn models() -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/models")
    }

    #[test]
    fn the_vertices_of_a_models_first_mesh_are_read_and_a_missing_mesh_is_named() {
        let dir = models();
        let Some(file) = std::fs::read_dir(&dir).ok().and_then(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path())
                .find(|p| p.extension().is_some_and(|x| x == "glb"))
        }) else {
            println!("SKIPPED: ../shared/data not found");
            return;
        };
        let points = mesh_points(&file, "", &dir).expect("reads");
        assert!(points.len() > 100, "{}", points.len());
        let e = mesh_points(&file, "no such mesh", &dir).expect_err("missing");
        assert!(
            e.to_string().contains("no mesh named `no such mesh`"),
            "{e}"
        );
    }
}
