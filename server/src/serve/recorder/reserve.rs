//! Room on the disk for a take's last word: while a take records, a small
//! file beside it (`.NAME.pwtake.reserve`) holds [`RESERVE_BYTES`]. When a
//! write fails because the disk is full, the reserve is removed first, so
//! that the end record saying why the recording stopped fits in the take
//! (and `ListTakes` shows the reason later, after a restart too). A
//! recording that ends normally removes its reserve; one left behind by a
//! crash is removed when the take is deleted or the name recorded again.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Bytes kept free for the end record (which holds at most about 2 KB of
/// error text): several blocks of any file system.
pub const RESERVE_BYTES: usize = 16 << 10;

/// The reserve of the take at `take`: a hidden file beside it (not a
/// `.pwtake`, so never listed as a take).
pub fn reserve_path(take: &Path) -> PathBuf {
    let name = take
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    take.with_file_name(format!(".{name}.reserve"))
}

/// A take's reserve on disk, removed when released or dropped.
#[derive(Debug)]
pub struct Reserve {
    path: Option<PathBuf>,
}

impl Reserve {
    /// Writes the reserve of the take at `take` (replacing a stale one),
    /// synced so that its room is really taken. Fails on a full disk, and
    /// then leaves nothing behind.
    pub fn create(take: &Path) -> std::io::Result<Reserve> {
        let path = reserve_path(take);
        let written = std::fs::File::create(&path).and_then(|mut f| {
            f.write_all(&[0u8; RESERVE_BYTES])?;
            f.sync_all()
        });
        match written {
            Ok(()) => Ok(Reserve { path: Some(path) }),
            Err(e) => {
                let _ = std::fs::remove_file(&path);
                Err(e)
            }
        }
    }

    /// Gives the room back (before the end record is written).
    pub fn release(&mut self) {
        if let Some(path) = self.path.take() {
            if let Err(e) = std::fs::remove_file(&path) {
                if e.kind() != std::io::ErrorKind::NotFound {
                    tracing::warn!(reserve = %path.display(), error = %e, "cannot remove a take's space reserve");
                }
            }
        }
    }
}

impl Drop for Reserve {
    fn drop(&mut self) {
        self.release();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reserve_holds_its_room_beside_the_take_until_released() {
        let dir = tempfile::tempdir().expect("temp dir");
        let take = dir.path().join("walk.pwtake");
        let path = reserve_path(&take);
        assert_eq!(path, dir.path().join(".walk.pwtake.reserve"));
        std::fs::write(&path, b"stale").expect("a stale reserve");
        let mut reserve = Reserve::create(&take).expect("created");
        let len = std::fs::metadata(&path).expect("on disk").len();
        assert_eq!(len, RESERVE_BYTES as u64);
        reserve.release();
        assert!(!path.exists());
        // Dropping releases too.
        drop(Reserve::create(&take).expect("created again"));
        assert!(!path.exists());
    }
}
