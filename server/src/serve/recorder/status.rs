//! What is known of one recording while it runs and after it ends: the
//! counters the writer keeps and the progress the services watch. A leaf of
//! the recorder: the registry, the writer and the loop's end share it.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use posewire_proto::v1 as pb;
use tokio::sync::watch;

/// What is known of one recording while it runs and after it ends.
#[derive(Debug)]
pub struct RecordingStatus {
    /// The take file.
    pub path: PathBuf,
    /// Ticks recorded.
    pub ticks: AtomicU64,
    /// Bytes of whole records handed to the operating system.
    pub bytes: AtomicU64,
    /// Markers added.
    pub markers: AtomicU32,
    /// Ticks the loop could not hand over (the writer's channel was full).
    pub dropped_ticks: AtomicU64,
    duration_bits: AtomicU64,
    refused_said: AtomicU32,
    /// The progress the watchers see, updated when it ends.
    progress: watch::Sender<pb::Recording>,
}

impl RecordingStatus {
    /// A recording that has just begun (ticks counted from zero).
    pub(super) fn new(
        path: PathBuf,
        avatar_id: &str,
        take_name: &str,
        started_unix_ns: i64,
    ) -> Self {
        let (progress, _) = watch::channel(pb::Recording {
            avatar_id: avatar_id.to_string(),
            take_name: take_name.to_string(),
            started_unix_ns,
            ..pb::Recording::default()
        });
        RecordingStatus {
            path,
            ticks: AtomicU64::new(0),
            bytes: AtomicU64::new(0),
            markers: AtomicU32::new(0),
            dropped_ticks: AtomicU64::new(0),
            duration_bits: AtomicU64::new(0),
            refused_said: AtomicU32::new(0),
            progress,
        }
    }

    /// Sets the seconds recorded so far.
    pub fn set_duration(&self, seconds: f64) {
        self.duration_bits
            .store(seconds.to_bits(), Ordering::Relaxed);
    }

    /// Logs a refused record (the first few only).
    pub fn note_refused(&self, error: &posewire_takes::TakeError) {
        if self.refused_said.fetch_add(1, Ordering::Relaxed) < 3 {
            tracing::warn!(%error, "a record was refused and left out of the take");
        }
    }

    /// The recording ended, with the error that stopped it if any.
    pub fn stopped(&self, error: Option<String>) {
        let snapshot = self.snapshot();
        self.progress.send_replace(pb::Recording {
            stopped: true,
            stop_error: error.unwrap_or_default(),
            ..snapshot
        });
    }

    /// The progress now.
    pub fn snapshot(&self) -> pb::Recording {
        let base = self.progress.borrow().clone();
        pb::Recording {
            ticks: self.ticks.load(Ordering::Relaxed),
            duration_s: f64::from_bits(self.duration_bits.load(Ordering::Relaxed)),
            bytes_written: self.bytes.load(Ordering::Relaxed),
            markers: self.markers.load(Ordering::Relaxed),
            ..base
        }
    }

    /// Follows the progress (changes when the recording ends).
    pub fn watch(&self) -> watch::Receiver<pb::Recording> {
        self.progress.subscribe()
    }
}
