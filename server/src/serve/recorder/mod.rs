//! Recording avatars into takes (`docs/TAKES.md`): the loop hands each
//! recorded avatar's tick (the device samples it consumed, the pushes its
//! body took and the solved body: the samples themselves, never the
//! avatar) to that recording's writer thread over a bounded channel, never
//! waiting; the writer batches records and hands them to the operating
//! system at least every [`FLUSH_EVERY`]. A write that fails (full disk,
//! vanished file) stops the recording with an error naming the file; what
//! was written stays readable.
//!
//! - [`registry`]: the recordings in progress, started and stopped by the
//!   services, finished at shutdown.
//! - [`loop_recorder`]: the loop's end of one recording.
//! - [`status`]: what is known of one recording, for the services.
//! - [`writer`]: the writer thread of one recording.
//! - [`names`]: take names, the take folder, timecodes.
//! - [`hands`]: the tracked fingers' records (OpenXR hand tracking).
//! - [`reserve`]: room kept on the disk for the end record that says why
//!   a recording stopped.

pub mod hands;
pub mod loop_recorder;
pub mod names;
pub mod objects;
pub mod registry;
pub mod reserve;
pub mod status;
pub mod writer_thread;

pub use loop_recorder::{LoopRecorder, CHANNEL_TICKS};
pub use registry::Recordings;
pub use status::RecordingStatus;
pub use writer_thread::{Msg, FLUSH_EVERY};
