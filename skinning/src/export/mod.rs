//! Writing skinned meshes to files: one Wavefront OBJ per frame
//! ([`obj`]), or one binary glTF 2.0 file holding the rest mesh, its skin
//! and a skeletal animation ([`gltf_write`]).

use std::path::PathBuf;

pub mod gltf_write;
pub mod obj;

pub use gltf_write::{write_glb, AnimationFrame};
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
