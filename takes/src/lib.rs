//! Take files: the crash-safe record of a performance.
//!
//! A take holds, for one avatar, the raw device samples exactly as each
//! tick of the real-time loop consumed them, the body profile and the
//! configuration in force, the user's markers, and one or more versions of
//! the solved body (version 1 is the live solve; each offline re-solve
//! appends another). The file is append-only and made of checksummed
//! records (layout in `docs/TAKES.md`): a crash, a kill or a full disk
//! leaves at most a torn last record, which [`open`] leaves out and
//! reports, and [`cut_tail`] removes before more is appended.
//!
//! The recorder in the daemon pushes records from a writer thread and
//! flushes at least every 100 ms; nothing here blocks on a clock or knows
//! about threads.

mod codec;
mod error;
mod frame;
mod reader;
mod record;
mod writer;

pub use codec::MAX_STRING_BYTES;
pub use error::TakeError;
pub use frame::{FORMAT_VERSION, MAX_PAYLOAD_BYTES, SIGNATURE};
pub use reader::{cut_tail, open, TailCut, Take};
pub use record::{Marker, ProfileChange, Record, SolveVersion, SolvedFrame, TakeInfo, Tick};
pub use writer::TakeWriter;
