//! Writing skinned meshes to files: one Wavefront OBJ per frame
//! ([`obj`]), or one binary glTF 2.0 file holding either the rest mesh, its
//! skin and a skeletal animation ([`gltf_write`]; viewers skin it with
//! linear blending) or the rest mesh with every frame's deformed vertices
//! baked as morph targets ([`gltf_baked`]; viewers show those vertices,
//! as [`gltf_view`] reads them back). Rigid objects can go beside the
//! body, each a node with its mesh and keys ([`gltf_props`]).

use std::path::PathBuf;

pub mod gltf_baked;
pub mod gltf_props;
pub mod gltf_view;
pub mod gltf_write;
pub mod obj;

pub use gltf_baked::{baked_glb_bytes, write_baked_glb, BakedFrame};
pub use gltf_props::PropTrack;
pub use gltf_view::{view_morph_glb, ViewedKey};
pub use gltf_write::{
    glb_bytes_scene, glb_bytes_with_props, write_glb, write_glb_scene, write_glb_with_props,
    AnimationFrame, SceneBody,
};
pub use obj::{obj_text, write_obj};

/// Why a mesh could not be exported.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The file could not be written.
    #[error("{path}: cannot write: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The data cannot be written in this format.
    #[error("{path}: not written: {reason}")]
    Invalid {
        /// The file that was to be written.
        path: PathBuf,
        /// What is wrong, in words.
        reason: String,
    },
}

/// The name a written file gives the mesh's node: the model's file stem
/// (`CesiumMan`) when the mesh came from a file, so that DCC tools show a
/// name rather than the path it was loaded from; otherwise its description.
fn node_name(mesh_name: &str) -> String {
    let path = std::path::Path::new(mesh_name);
    match (path.extension(), path.file_stem()) {
        (Some(_), Some(stem)) => stem.to_string_lossy().into_owned(),
        _ => mesh_name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::node_name;

    #[test]
    fn a_mesh_from_a_file_is_named_by_its_stem() {
        assert_eq!(node_name("/data/models/CesiumMan.glb"), "CesiumMan");
        assert_eq!(node_name("built-in body"), "built-in body");
    }
}
