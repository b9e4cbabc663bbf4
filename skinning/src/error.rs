//! Errors of the skinning crate: every one names the file (when there is
//! one) and what is wrong, so a bad model never panics.

use std::path::PathBuf;

/// Why a model could not be loaded, mapped or prepared.
#[derive(Debug, thiserror::Error)]
pub enum SkinError {
    /// The file could not be read: missing, not a regular file, too large
    /// (`posewire_body::bounded_read::GLTF`).
    #[error(transparent)]
    Read(#[from] posewire_body::bounded_read::ReadError),
    /// The file could not be read.
    #[error("{path}: cannot read: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The glTF container or JSON is invalid.
    #[error("{path}: not a valid glTF 2.0 file: {reason}")]
    Gltf {
        /// The file.
        path: PathBuf,
        /// What the parser said.
        reason: String,
    },
    /// The model is valid glTF but cannot be skinned, with the reason.
    #[error("{path}: {reason}")]
    Unsupported {
        /// The file (or a description of the in-memory mesh).
        path: PathBuf,
        /// What is missing or unsupported.
        reason: String,
    },
    /// A vertex's skinning data is bad.
    #[error("{path}: vertex {vertex}: {reason}")]
    BadVertex {
        /// The file (or a description of the in-memory mesh).
        path: PathBuf,
        /// Index of the vertex.
        vertex: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// A canonical joint needed for retargeting has no mesh joint.
    #[error("rig mapping: {0}")]
    Mapping(String),
    /// The centres-of-rotation cache could not be written.
    #[error("{path}: cannot write the centres-of-rotation cache: {source}")]
    Cache {
        /// The cache file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
}
