//! Writing a whole file atomically: through a temporary file in the same
//! folder, flushed to disk, then renamed over the target. A reader never
//! sees a half-written file, and a failed write (disk full, no permission)
//! leaves any previous file intact and no temporary file behind.

use std::hash::{BuildHasher, Hasher};
use std::io::Write as _;
use std::path::Path;

/// Writes `contents` to `path` atomically (see the module docs). The error
/// is the operating system's; callers add the file name.
pub fn write_atomic(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let file_name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file path"))?
        .to_string_lossy()
        .into_owned();
    let mut attempt = 0;
    let (tmp, mut file) = loop {
        // A random token per attempt keeps concurrent writers apart.
        let token = std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish();
        let tmp = path.with_file_name(format!(
            ".{file_name}.{}.{token:016x}.tmp",
            std::process::id()
        ));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempt < 8 => {
                attempt += 1;
            }
            Err(e) => return Err(e),
        }
    };
    let result = file
        .write_all(contents)
        .and_then(|()| file.sync_all())
        .and_then(|()| {
            drop(file);
            std::fs::rename(&tmp, path)
        });
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_the_file_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("a.txt");
        write_atomic(&path, b"first").expect("write");
        write_atomic(&path, b"second").expect("overwrite");
        assert_eq!(std::fs::read(&path).expect("read"), b"second");
        assert_eq!(std::fs::read_dir(dir.path()).expect("list").count(), 1);
    }

    #[test]
    fn atomic_write_failure_keeps_the_old_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        // The target is a folder: the rename fails after the data is written.
        let target = dir.path().join("taken");
        std::fs::create_dir(&target).expect("mkdir");
        std::fs::write(target.join("keep"), b"x").expect("write");
        assert!(write_atomic(&target, b"new").is_err());
        assert!(target.is_dir());
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("taken")]);
        assert!(write_atomic(&dir.path().join("missing").join("f"), b"x").is_err());
    }
}
