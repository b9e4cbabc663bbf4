//! What can go wrong with a take file.

use std::path::PathBuf;

/// An error reading or writing a take, naming the file and what was wrong.
#[derive(Debug, thiserror::Error)]
pub enum TakeError {
    /// The operating system refused a read, write, flush or sync (disk full,
    /// folder removed, permissions...). Records written before stay readable.
    #[error("{}: {action}: {source}", path.display())]
    Io {
        /// The take file.
        path: PathBuf,
        /// What was being done ("writing a record", "opening"...).
        action: &'static str,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// The file does not start like a take (another kind of file).
    #[error("{}: not a Posewire take (the file does not start with the take signature)", path.display())]
    NotATake {
        /// The file.
        path: PathBuf,
    },
    /// Another writer has the take open: the daemon is recording it, or
    /// another re-solve is appending to it. Nothing was changed.
    #[error("{}: the take is being written by another process (recording or a re-solve); try again when it has finished", path.display())]
    Busy {
        /// The take file.
        path: PathBuf,
    },
    /// The take was written by a newer format version than this build reads.
    #[error("{}: take format version {found} is newer than the versions this build reads (up to {supported}); update Posewire", path.display())]
    NewerVersion {
        /// The file.
        path: PathBuf,
        /// The version in the file.
        found: u32,
        /// The newest version this build reads.
        supported: u32,
    },
    /// The first record is not the take's header, or a record breaks the
    /// rules of the format although its checksum is right.
    #[error("{}: byte {offset}: {reason}", path.display())]
    Malformed {
        /// The file.
        path: PathBuf,
        /// Where the bad record starts.
        offset: u64,
        /// What is wrong with it.
        reason: String,
    },
    /// A value handed to the writer cannot be stored (a NaN position, a
    /// string too long...). Nothing was written.
    #[error("{}: refused to record {what}", path.display())]
    Refused {
        /// The file.
        path: PathBuf,
        /// What was refused and why.
        what: String,
    },
    /// The file could not be read: missing, not a regular file, or larger
    /// than the take limit (`posewire_body::bounded_read::TAKE`).
    #[error(transparent)]
    Read(#[from] posewire_body::bounded_read::ReadError),
}
