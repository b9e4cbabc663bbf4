//! Reading a whole file with a bound: the one way Posewire reads a file a
//! client or another file can name. The file is opened without blocking
//! (`O_NONBLOCK`: a FIFO without a writer or a device does not hang the
//! open), the opened handle must be a regular file (checked on the handle,
//! so a file swapped after a path check is still caught), and at most the
//! kind's limit is read (one byte more tells "too large" apart from "just
//! fits"). Errors name the path, the limit and the rule, never a byte of
//! the content.

use std::fs::File;
use std::io::Read as _;
use std::path::{Path, PathBuf};

/// How much of one kind of file may be read, and its name in messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// The most bytes read.
    pub bytes: u64,
    /// The kind of file, as errors name it ("a CSV take or track").
    pub what: &'static str,
}

const MIB: u64 = 1 << 20;
const GIB: u64 = 1 << 30;

/// CSV tracker and calibration takes and joint tracks: 2 GiB. A tracker row
/// is at most about 100 bytes, so 6 devices at 90 Hz write 194 MB an hour
/// and 2 GiB holds 11 hours; a joint track (21 joints) holds 3.3 hours.
pub const CSV: Limit = Limit {
    bytes: 2 * GIB,
    what: "a CSV take or track",
};

/// BVH motion files: 512 MiB (a 31-joint skeleton at 120 Hz writes about
/// 270 MB an hour; the CMU clips are under 5 MB).
pub const BVH: Limit = Limit {
    bytes: 512 * MIB,
    what: "a BVH file",
};

/// TOML documents (body profiles, scenes, the daemon's configuration,
/// look-at chains): 16 MiB. The shipped ones are a few kB; a scene of
/// 100,000 boxes is about 12 MB.
pub const TOML: Limit = Limit {
    bytes: 16 * MIB,
    what: "a TOML file",
};

/// glTF models (`.glb`, `.gltf`) and each of their external buffers: 1 GiB
/// (a rig of a few million vertices with 8 influences is a few hundred MB).
pub const GLTF: Limit = Limit {
    bytes: GIB,
    what: "a glTF model or buffer",
};

/// Take files (`.pwtake`): 4 GiB. A tick's samples of 6 devices are about
/// 0.45 kB and each solved version of it 0.75 kB: with a re-solve, 2 kB a
/// tick, 650 MB an hour at 90 Hz, so 4 GiB holds 6 hours.
pub const TAKE: Limit = Limit {
    bytes: 4 * GIB,
    what: "a take file",
};

/// PEM certificates and keys: 1 MiB (a chain of a few certificates is a
/// few kB).
pub const PEM: Limit = Limit {
    bytes: MIB,
    what: "a PEM certificate or key",
};

/// Why a file was not read; never holds any of its content.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened (missing, no permission...).
    #[error("{}: cannot open: {source}", path.display())]
    Open {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// The path names a FIFO, a device, a folder or a socket.
    #[error("{}: is {kind}, not a regular file (only regular files are read)", path.display())]
    NotRegular {
        /// The file.
        path: PathBuf,
        /// What it is instead ("a FIFO", "a device"...).
        kind: &'static str,
    },
    /// The file is larger than its kind's limit.
    #[error("{}: larger than {limit} bytes, the limit for {what}", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The limit, bytes.
        limit: u64,
        /// The kind of file.
        what: &'static str,
    },
    /// Reading failed part way.
    #[error("{}: cannot read: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A text file holds a byte sequence that is not UTF-8.
    #[error("{}:{line}:{column}: not valid UTF-8 text (first invalid byte at offset {offset})", path.display())]
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// 1-based line of the first invalid byte.
        line: usize,
        /// 1-based column (in bytes) of the first invalid byte.
        column: usize,
        /// 0-based byte offset of the first invalid byte.
        offset: usize,
    },
}

/// Opens `path` for reading without blocking on a FIFO or a device, and
/// checks on the opened handle that it is a regular file.
pub fn open_regular(path: &Path) -> Result<File, ReadError> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|source| ReadError::Open {
        path: path.to_path_buf(),
        source,
    })?;
    let kind = file
        .metadata()
        .map_err(|source| ReadError::Read {
            path: path.to_path_buf(),
            source,
        })?
        .file_type();
    if kind.is_file() {
        Ok(file)
    } else {
        Err(ReadError::NotRegular {
            path: path.to_path_buf(),
            kind: kind_name(&kind),
        })
    }
}

/// Reads the whole of `path` (a regular file of at most `limit.bytes`).
pub fn read_bounded(path: &Path, limit: Limit) -> Result<Vec<u8>, ReadError> {
    let file = open_regular(path)?;
    read_open(file, path, limit)
}

/// Reads the whole of an opened regular file (from [`open_regular`]) of at
/// most `limit.bytes`; `path` names it in errors.
pub fn read_open(file: File, path: &Path, limit: Limit) -> Result<Vec<u8>, ReadError> {
    let too_large = || ReadError::TooLarge {
        path: path.to_path_buf(),
        limit: limit.bytes,
        what: limit.what,
    };
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    if size > limit.bytes {
        return Err(too_large());
    }
    // The size said is only a hint (files in /proc say 0; a file can grow):
    // the read itself stops one byte past the limit.
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0).saturating_add(1));
    file.take(limit.bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|source| ReadError::Read {
            path: path.to_path_buf(),
            source,
        })?;
    if bytes.len() as u64 > limit.bytes {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Reads the whole of `path` as UTF-8 text, as [`read_bounded`]; invalid
/// UTF-8 is an error naming the line, column and offset of its first byte.
pub fn read_text_bounded(path: &Path, limit: Limit) -> Result<String, ReadError> {
    let bytes = read_bounded(path, limit)?;
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let (line, column) = line_and_column(&e.as_bytes()[..offset]);
        ReadError::NotUtf8 {
            path: path.to_path_buf(),
            line,
            column,
            offset,
        }
    })
}

/// The 1-based line and column (bytes) just after `before`.
fn line_and_column(before: &[u8]) -> (usize, usize) {
    let line = 1 + before.iter().filter(|b| **b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    (line, before.len() - line_start + 1)
}

/// Names a file type that is not a regular file.
fn kind_name(kind: &std::fs::FileType) -> &'static str {
    if kind.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt as _;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: Limit = Limit {
        bytes: 10,
        what: "a test file",
    };

    #[test]
    fn a_regular_file_within_the_limit_is_read_whole() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("ten.txt");
        std::fs::write(&path, b"0123456789").expect("write");
        assert_eq!(read_bounded(&path, SMALL).expect("reads"), b"0123456789");
    }

    #[test]
    fn a_file_one_byte_over_the_limit_is_refused_with_the_limit_named() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("eleven.txt");
        std::fs::write(&path, b"secret-data").expect("write");
        let err = read_bounded(&path, SMALL).expect_err("too large");
        assert!(
            matches!(err, ReadError::TooLarge { limit: 10, .. }),
            "{err}"
        );
        let message = err.to_string();
        assert!(message.contains("eleven.txt") && message.contains("10 bytes"));
        assert!(message.contains("a test file"), "{message}");
        assert!(!message.contains("secret"), "{message}");
    }

    #[test]
    fn a_fifo_without_a_writer_is_refused_at_once() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        // A blocking open would wait for a writer forever.
        let err = read_bounded(&path, SMALL).expect_err("a FIFO");
        assert!(
            matches!(err, ReadError::NotRegular { kind: "a FIFO", .. }),
            "{err}"
        );
        assert!(err.to_string().contains("not a regular file"), "{err}");
    }

    #[test]
    fn devices_and_folders_are_refused() {
        let err = read_bounded(Path::new("/dev/zero"), SMALL).expect_err("a device");
        assert!(
            matches!(
                err,
                ReadError::NotRegular {
                    kind: "a device",
                    ..
                }
            ),
            "{err}"
        );
        let dir = tempfile::tempdir().expect("temp dir");
        let err = read_bounded(dir.path(), SMALL).expect_err("a folder");
        assert!(
            matches!(
                err,
                ReadError::NotRegular {
                    kind: "a folder",
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn a_file_that_says_size_zero_is_still_bounded() {
        // /proc files report 0 bytes but hold more: the read itself stops.
        let err = read_bounded(Path::new("/proc/self/status"), SMALL).expect_err("over 10");
        assert!(matches!(err, ReadError::TooLarge { .. }), "{err}");
    }

    #[test]
    fn invalid_utf8_names_line_column_and_offset() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("bad.bvh");
        std::fs::write(&path, b"ab\ncd\nef\xffgh").expect("write");
        let limit = Limit {
            bytes: 100,
            what: "a test file",
        };
        let err = read_text_bounded(&path, limit).expect_err("not UTF-8");
        assert!(
            matches!(
                err,
                ReadError::NotUtf8 {
                    line: 3,
                    column: 3,
                    offset: 8,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("bad.bvh:3:3"), "{err}");
    }

    #[test]
    fn a_missing_file_names_its_path() {
        let err = read_bounded(Path::new("/nonexistent/x.csv"), SMALL).expect_err("missing");
        assert!(matches!(err, ReadError::Open { .. }), "{err}");
        assert!(err.to_string().contains("/nonexistent/x.csv"), "{err}");
    }
}
