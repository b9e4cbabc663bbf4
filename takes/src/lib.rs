//! Take files: the crash-safe record of a performance.
//!
//! A take holds, for one avatar, the raw device samples exactly as each
//! tick of the real-time loop consumed them, the body profile and the
//! configuration in force, the pushes its simulated body took, the
//! fingers a hand-tracking runtime tracked ([`HandTracking`]), the user's
//! markers, and one or more versions of
//! the solved body (version 1 is the live solve; each offline re-solve
//! appends another). The file is append-only and made of checksummed
//! records (layout in `docs/TAKES.md`): a crash, a kill or a full disk
//! leaves at most a torn last record, which [`open`] leaves out and
//! reports, and [`cut_tail`] removes before more is appended. A damaged
//! record in the middle (a flipped byte) is skipped and reported, and
//! reading goes on at the next valid record; [`repair`] writes a clean
//! copy of what was recovered. The vital records (identity, configuration,
//! profile) are written again through the file ([`VitalCopy`]), so that
//! damage at the take's start costs only the frames it covers.
//!
//! The recorder in the daemon pushes records from a writer thread and
//! flushes every 50 ms; nothing here blocks on a clock or knows
//! about threads.

mod codec;
mod counts;
mod damage;
mod error;
mod frame;
mod guess;
mod hand_record;
mod object_codec;
mod object_record;
mod reader;
mod record;
mod repair;
mod scan;
mod timecode;
mod writer;

pub use codec::MAX_STRING_BYTES;
pub use counts::RecordCounts;
pub use damage::{Damage, TailCut};
pub use error::TakeError;
pub use frame::{FORMAT_VERSION, MAX_PAYLOAD_BYTES, SCENE_FORMAT_VERSION, SIGNATURE};
pub use hand_record::{stored as stored_fingers, HandTracking};
pub use object_codec::MAX_HULL_POINTS;
pub use object_record::{
    ObjectBody, ObjectChange, ObjectEdit, ObjectGone, ObjectHolder, ObjectMotion, ObjectSeen,
    ObjectShape,
};
pub use reader::{cut_tail, from_bytes, open, Take, STOPPED_BY_ERROR};
pub use reader::{AvatarTrack, MAX_SCENE_AVATARS};
pub use record::{
    AppliedPush, AvatarRecord, Marker, ProfileChange, Record, SolveVersion, SolvedFrame, TakeInfo,
    Tick, VitalCopy,
};
pub use repair::repair;
pub use scan::{scan, Scan};
pub use timecode::{TakeTimecode, TimecodeRate};
pub use writer::{TakeWriter, COPIES_EVERY_BYTES, FIRST_COPIES_AFTER_BYTES};
