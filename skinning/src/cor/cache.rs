//! The on-disk cache of centres: one little-endian binary file per key,
//! `cor-<key>.bin` = magic, key, vertex count, fallback count, xyz f32s.

use std::path::{Path, PathBuf};

use glam::Vec3;

use super::CentresOfRotation;
use crate::error::SkinError;

const MAGIC: &[u8; 8] = b"PWCOR\x00\x01\x00";

/// The cache file of a key.
pub(super) fn path(dir: &Path, key: u64) -> PathBuf {
    dir.join(format!("cor-{key:016x}.bin"))
}

/// The cached centres, if the file exists and matches key and size.
pub(super) fn read(path: &Path, key: u64, n: usize) -> Option<CentresOfRotation> {
    let header = 8 + 8 + 8 + 8;
    // The size is known: read no more than it (a cache is only ever this).
    let limit = posewire_body::bounded_read::Limit {
        bytes: (header + n * 12) as u64,
        what: "a centres-of-rotation cache",
    };
    let bytes = match posewire_body::bounded_read::read_bounded(path, limit) {
        Ok(bytes) => bytes,
        Err(posewire_body::bounded_read::ReadError::TooLarge { .. }) => Vec::new(),
        Err(_) => return None,
    };
    if bytes.len() != header + n * 12 || &bytes[..8] != MAGIC {
        tracing::warn!(cache = %path.display(), "ignoring malformed centres cache");
        return None;
    }
    let u64_at = |o: usize| -> Option<u64> {
        Some(u64::from_le_bytes(bytes.get(o..o + 8)?.try_into().ok()?))
    };
    if u64_at(8)? != key || u64_at(16)? != n as u64 {
        return None;
    }
    let fallback_vertices = u64_at(24)? as usize;
    let mut centres = Vec::with_capacity(n);
    for c in bytes[header..].chunks_exact(12) {
        let f = |i: usize| f32::from_le_bytes([c[i], c[i + 1], c[i + 2], c[i + 3]]);
        let p = Vec3::new(f(0), f(4), f(8));
        if !p.is_finite() {
            return None;
        }
        centres.push(p);
    }
    Some(CentresOfRotation {
        centres,
        fallback_vertices,
    })
}

/// Writes the centres atomically (creating the directory).
pub(super) fn write(path: &Path, key: u64, cor: &CentresOfRotation) -> Result<(), SkinError> {
    let err = |source| SkinError::Cache {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(err)?;
    }
    let mut bytes = Vec::with_capacity(32 + cor.centres.len() * 12);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&key.to_le_bytes());
    bytes.extend_from_slice(&(cor.centres.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&(cor.fallback_vertices as u64).to_le_bytes());
    for c in &cor.centres {
        for v in c.to_array() {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
    }
    posewire_body::atomic_file::write_atomic(path, &bytes).map_err(err)
}
