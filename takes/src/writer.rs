//! Writing a take: records are encoded into memory by [`TakeWriter::push`]
//! (cheap, on the caller's thread) and handed to the operating system by
//! [`TakeWriter::flush`], which the recorder calls every 50 ms.
//! Once flushed, a record survives the process being killed; after
//! [`TakeWriter::sync`] it also survives the machine losing power.

use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use crate::codec::encode;
use crate::damage::TailCut;
use crate::error::TakeError;
use crate::frame::{file_header, frame};
use crate::reader::{cut_tail, open, Take, STOPPED_BY_ERROR};
use crate::record::{Record, TakeInfo, VitalCopy};

/// Takes the take's exclusive writer lock, held until `file` is closed.
fn lock(file: &File, path: &Path) -> Result<(), TakeError> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => Err(TakeError::Busy {
            path: path.to_path_buf(),
        }),
        Err(std::fs::TryLockError::Error(source)) => Err(TakeError::Io {
            path: path.to_path_buf(),
            action: "locking the take for writing",
            source,
        }),
    }
}

/// An open take being appended to.
#[derive(Debug)]
pub struct TakeWriter {
    path: PathBuf,
    file: File,
    /// Bytes of the file known to hold whole records.
    written: u64,
    /// Framed records not yet handed to the operating system.
    pending: Vec<u8>,
    /// Where each pending record ends in `pending`.
    boundaries: Vec<usize>,
    /// Set after a failed write: the take accepts nothing more.
    failed: Option<String>,
    scratch: Vec<u8>,
    /// The vital records pushed so far (identity, the latest
    /// configuration, every profile), copied again through the file.
    vital: Vec<VitalCopy>,
    /// The file length from which the next copies are due.
    next_copies_at: Option<u64>,
    /// The avatars of a scene take written so far (at most
    /// [`crate::MAX_SCENE_AVATARS`]).
    avatars: std::collections::BTreeSet<String>,
}

/// Bytes after the last vital record before their first copies: past the
/// first few KiB, where damage to a file's start usually lies, and within
/// about 0.2 s of a live take.
pub const FIRST_COPIES_AFTER_BYTES: u64 = 16 << 10;

/// Bytes between later copies of the vital records: about every 2.5 s of
/// a live take (about 100 KB a second).
pub const COPIES_EVERY_BYTES: u64 = 256 << 10;

impl TakeWriter {
    /// Starts a new take at `path` (which must not exist yet) with its
    /// identity record, flushed at once. If that fails (a full disk), the
    /// file is removed again: nothing is left behind and the name is free.
    pub fn create(path: &Path, info: &TakeInfo) -> Result<TakeWriter, TakeError> {
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|source| TakeError::Io {
                path: path.to_path_buf(),
                action: "creating the take",
                source,
            })?;
        Self::start(file, path, info).inspect_err(|_| {
            // The file is ours (created just now): take it back.
            let _ = std::fs::remove_file(path);
        })
    }

    fn start(mut file: File, path: &Path, info: &TakeInfo) -> Result<TakeWriter, TakeError> {
        lock(&file, path)?;
        // Earlier builds read a take of one avatar; a scene take is version 2.
        let version = if info.avatar_id.is_empty() {
            crate::frame::SCENE_FORMAT_VERSION
        } else {
            1
        };
        let header = file_header(version);
        file.write_all(&header).map_err(|source| TakeError::Io {
            path: path.to_path_buf(),
            action: "writing the take's header",
            source,
        })?;
        let mut w = TakeWriter {
            path: path.to_path_buf(),
            file,
            written: header.len() as u64,
            pending: Vec::new(),
            boundaries: Vec::new(),
            failed: None,
            scratch: Vec::new(),
            vital: Vec::new(),
            next_copies_at: None,
            avatars: Default::default(),
        };
        w.push(&Record::Info(info.clone()))?;
        w.flush()?;
        Ok(w)
    }

    /// Opens an existing take to append to it (a re-solve, a marker, a
    /// rename): reads it, cuts a torn tail off the file first, and returns
    /// the take as it stands with what was cut.
    ///
    /// Only one writer holds a take at a time (an exclusive advisory lock,
    /// taken before anything is cut): a take the daemon is recording is
    /// refused with [`TakeError::Busy`] and left untouched.
    pub fn append(path: &Path) -> Result<(TakeWriter, Take, Option<TailCut>), TakeError> {
        let io = |action: &'static str| {
            move |source| TakeError::Io {
                path: path.to_path_buf(),
                action,
                source,
            }
        };
        let mut file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(io("opening the take to append"))?;
        lock(&file, path)?;
        let cut = cut_tail(path)?;
        let take = open(path)?;
        let written = file
            .seek(SeekFrom::End(0))
            .map_err(io("finding the take's end"))?;
        Ok((
            TakeWriter {
                path: path.to_path_buf(),
                file,
                written,
                pending: Vec::new(),
                boundaries: Vec::new(),
                failed: None,
                scratch: Vec::new(),
                vital: Vec::new(),
                next_copies_at: None,
                avatars: take.avatars.iter().map(|a| a.id.clone()).collect(),
            },
            take,
            cut,
        ))
    }

    /// The take's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Bytes waiting for the next [`flush`](Self::flush).
    pub fn pending_bytes(&self) -> usize {
        self.pending.len()
    }

    /// Bytes of whole records on disk.
    pub fn written_bytes(&self) -> u64 {
        self.written
    }

    /// Adds a record to the pending batch. A value that cannot be stored
    /// (not finite, not a unit rotation) is refused and nothing is added.
    pub fn push(&mut self, record: &Record) -> Result<(), TakeError> {
        self.check_open()?;
        if !matches!(record, Record::Copy(_)) {
            self.copies_if_due()?;
        }
        if let Record::Avatar(a) = record {
            if !self.avatars.contains(&a.avatar) {
                if self.avatars.len() >= crate::MAX_SCENE_AVATARS {
                    return Err(TakeError::Refused {
                        path: self.path.clone(),
                        what: format!(
                            "a record of one more avatar than a scene take holds (at most {})",
                            crate::MAX_SCENE_AVATARS
                        ),
                    });
                }
                self.avatars.insert(a.avatar.clone());
            }
        }
        self.scratch.clear();
        encode(record, &mut self.scratch).map_err(|what| TakeError::Refused {
            path: self.path.clone(),
            what,
        })?;
        frame(record.kind(), &self.scratch, &mut self.pending);
        self.boundaries.push(self.pending.len());
        if let Some(copy) = VitalCopy::of(record) {
            if matches!(copy, VitalCopy::Config(_)) {
                self.vital.retain(|v| !matches!(v, VitalCopy::Config(_)));
            }
            self.vital.push(copy);
            self.next_copies_at = Some(self.end() + FIRST_COPIES_AFTER_BYTES);
        }
        Ok(())
    }

    /// The file's length once the pending records are written.
    fn end(&self) -> u64 {
        self.written + self.pending.len() as u64
    }

    /// Adds copies of the vital records to the batch when they are due
    /// (before the record being pushed, so that they lie where the bytes
    /// say, whenever the batches are flushed).
    fn copies_if_due(&mut self) -> Result<(), TakeError> {
        let Some(at) = self.next_copies_at else {
            return Ok(());
        };
        if self.end() < at {
            return Ok(());
        }
        for copy in std::mem::take(&mut self.vital) {
            let pushed = self.push(&Record::Copy(copy.clone()));
            self.vital.push(copy);
            pushed?;
        }
        self.next_copies_at = Some(self.end() + COPIES_EVERY_BYTES);
        Ok(())
    }

    /// Hands every pending record to the operating system. On failure (a
    /// full disk, a vanished folder) the file is cut back to its last whole
    /// record, the take refuses further records, and the error says why;
    /// everything flushed before stays readable.
    pub fn flush(&mut self) -> Result<(), TakeError> {
        self.check_open()?;
        if self.pending.is_empty() {
            return Ok(());
        }
        let mut done = 0usize;
        let result = loop {
            if done == self.pending.len() {
                break Ok(());
            }
            match self.file.write(&self.pending[done..]) {
                Ok(0) => break Err(std::io::Error::from(std::io::ErrorKind::WriteZero)),
                Ok(n) => done += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => break Err(e),
            }
        };
        match result {
            Ok(()) => {
                self.written += self.pending.len() as u64;
                self.pending.clear();
                self.boundaries.clear();
                Ok(())
            }
            Err(source) => {
                // Keep the whole records that made it; drop the torn one.
                let whole = self
                    .boundaries
                    .iter()
                    .take_while(|&&b| b <= done)
                    .last()
                    .copied()
                    .unwrap_or(0);
                self.written += whole as u64;
                let _ = self.file.set_len(self.written);
                let _ = self.file.seek(SeekFrom::Start(self.written));
                self.pending.clear();
                self.boundaries.clear();
                self.failed = Some(source.to_string());
                Err(TakeError::Io {
                    path: self.path.clone(),
                    action: "writing records (recording stopped; what was written before is kept)",
                    source,
                })
            }
        }
    }

    /// Flushes, then asks the operating system to put the file on the disk.
    pub fn sync(&mut self) -> Result<(), TakeError> {
        self.flush()?;
        self.file.sync_data().map_err(|source| TakeError::Io {
            path: self.path.clone(),
            action: "syncing the take to disk",
            source,
        })
    }

    /// Ends the take with the reason recording stopped, flushed and synced.
    pub fn finish(mut self, reason: &str) -> Result<u64, TakeError> {
        self.push(&Record::End(reason.to_string()))?;
        self.sync()?;
        Ok(self.written)
    }

    /// Ends a take whose recording was stopped by a failed write (see
    /// [`flush`](Self::flush)): the file, already cut back to its last
    /// whole record, gets an end record that says so
    /// ([`Take::stop_error`] reads it back), flushed and synced. Records
    /// still pending are dropped. Fails when the disk still has no room.
    pub fn end_after_failure(mut self, error: &str) -> Result<u64, TakeError> {
        self.failed = None;
        self.pending.clear();
        self.boundaries.clear();
        let io = |action: &'static str, path: &Path| {
            let path = path.to_path_buf();
            move |source| TakeError::Io {
                path,
                action,
                source,
            }
        };
        self.file
            .set_len(self.written)
            .and_then(|()| self.file.seek(SeekFrom::Start(self.written)).map(|_| ()))
            .map_err(io("going back to the take's last whole record", &self.path))?;
        self.finish(&format!("{STOPPED_BY_ERROR}{}", bounded(error)))
    }

    fn check_open(&self) -> Result<(), TakeError> {
        match &self.failed {
            None => Ok(()),
            Some(why) => Err(TakeError::Refused {
                path: self.path.clone(),
                what: format!(
                    "more records: recording stopped after an earlier write failed ({why})"
                ),
            }),
        }
    }
}

/// The longest error text an end record keeps, bytes.
const MAX_ERROR_BYTES: usize = 2048;

/// `text`, cut at a character boundary to at most [`MAX_ERROR_BYTES`].
fn bounded(text: &str) -> &str {
    let mut end = text.len().min(MAX_ERROR_BYTES);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}
