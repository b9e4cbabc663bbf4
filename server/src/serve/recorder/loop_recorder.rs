//! The loop's end of one recording: hands each recorded tick, profile
//! change and object change to the recording's writer thread, never
//! waiting (a full channel counts a dropped tick).

use std::sync::atomic::Ordering;
use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::Arc;

use posewire_body::formats::TrackerSample;
use posewire_body::hand_tracking::TrackedFingers;
use posewire_body::BodyProfile;
use posewire_solver::{Push, Solved};
use posewire_takes::{AppliedPush, AvatarRecord, ObjectChange, ObjectEdit, Record, Tick};

use super::hands::HandsWritten;
use super::objects::{ObjectNow, SeenObjects};
use super::status::RecordingStatus;
use super::writer_thread::{AvatarTick, Msg};

/// Ticks the channel from the loop to a writer holds (about 11 s at
/// 90 Hz): the writer takes each within a millisecond or so, so it only
/// fills if the writer is stuck for seconds; then ticks are counted as
/// dropped rather than stalling the loop.
pub const CHANNEL_TICKS: usize = 1024;

/// The loop's end of one recording, kept on the recorded avatar.
#[derive(Debug)]
pub struct LoopRecorder {
    tx: SyncSender<Msg>,
    /// The objects described so far.
    seen: SeenObjects,
    /// The tracked fingers written so far.
    hands: HandsWritten,
    status: Arc<RecordingStatus>,
}

impl LoopRecorder {
    /// The loop's end of a recording started by [`super::Recordings::start`].
    pub fn new(tx: SyncSender<Msg>, status: Arc<RecordingStatus>) -> LoopRecorder {
        LoopRecorder {
            tx,
            seen: SeenObjects::default(),
            hands: HandsWritten::default(),
            status,
        }
    }

    /// Begins at tick `sequence` with the avatar's profile and the objects
    /// in the space (as adds at that tick, see
    /// [`super::objects::adds_at_start`]). The avatar's solver restarts
    /// here: the first tick's samples begin with the past ones it warms up
    /// on (see `AvatarRunner::restart_solver`).
    pub fn begin(&mut self, sequence: u64, profile: &BodyProfile, objects: Vec<ObjectEdit>) {
        self.profile_changed(sequence, profile);
        self.object_changes(sequence, objects);
    }

    /// The avatar's profile changed; it applies from tick `sequence` on.
    pub fn profile_changed(&mut self, sequence: u64, profile: &BodyProfile) {
        self.send(Msg::Profile {
            from_sequence: sequence,
            toml: profile.to_toml(),
        });
    }

    /// Ends the take (the avatar is going away).
    pub fn stop(&mut self, reason: &str) {
        self.send(Msg::Stop {
            reason: reason.to_string(),
        });
    }

    /// Hands one tick to the writer (called by the loop every tick, after
    /// solving, before the tick's samples and pushes are let go): the
    /// avatar's tick (the samples its solver was handed, the pushes its
    /// body took, the fingers its source tracks, its solved body) and the
    /// space's objects after the tick. Never waits; `false` when the
    /// writer has stopped (the recording is to be let go).
    pub fn tick(
        &mut self,
        sequence: u64,
        t: f64,
        avatar: AvatarTickRef<'_>,
        objects: &[ObjectNow],
    ) -> bool {
        let pushes = avatar
            .pushes
            .iter()
            .map(|p| AppliedPush {
                sequence,
                time_s: t,
                joint: p.joint,
                impulse: p.impulse,
            })
            .collect();
        let msg = Msg::Tick {
            tick: Tick {
                sequence,
                time_s: t,
                samples: avatar.samples.to_vec(),
            },
            pushes,
            hands: self.hands.record("", sequence, t, avatar.fingers),
            objects: self.seen.records(sequence, objects),
            solved: avatar.body.map(|b| (b.pose, b.contacts)),
        };
        self.send(msg)
    }

    fn send(&mut self, msg: Msg) -> bool {
        match self.tx.try_send(msg) {
            Ok(()) => true,
            Err(TrySendError::Full(_)) => {
                self.status.dropped_ticks.fetch_add(1, Ordering::Relaxed);
                true
            }
            Err(TrySendError::Disconnected(_)) => false,
        }
    }
}

impl LoopRecorder {
    /// Records changes made to the objects before tick `sequence`.
    pub fn object_changes(&mut self, sequence: u64, edits: Vec<ObjectEdit>) {
        if edits.is_empty() {
            return;
        }
        let records = edits
            .into_iter()
            .map(|edit| Record::ObjectChange(ObjectChange { sequence, edit }))
            .collect();
        self.send(Msg::Records(records));
    }
}

/// One avatar's tick as the loop hands it to a recording (its own or
/// the scene's).
#[derive(Debug, Clone, Copy)]
pub struct AvatarTickRef<'a> {
    /// The avatar's id.
    pub id: &'a str,
    /// The samples its solver was handed.
    pub samples: &'a [TrackerSample],
    /// The pushes its body took.
    pub pushes: &'a [Push],
    /// The fingers its source tracks (OpenXR hand tracking).
    pub fingers: &'a TrackedFingers,
    /// Its solved body, if any.
    pub body: Option<&'a Solved>,
}

/// A scene recording (every avatar of the space, one take): the same
/// loop's end, with each record an avatar's own.
impl LoopRecorder {
    /// An avatar's profile in force from tick `sequence` on (at the
    /// take's start, when it joins, when it is re-calibrated).
    pub fn avatar_profile(&mut self, avatar: &str, sequence: u64, profile: &BodyProfile) {
        let record = Record::Avatar(AvatarRecord {
            avatar: avatar.to_string(),
            record: Box::new(Record::Profile(posewire_takes::ProfileChange {
                from_sequence: sequence,
                toml: profile.to_toml(),
            })),
        });
        self.send(Msg::Records(vec![record]));
    }

    /// An avatar left the space (removed): its part of the take ends.
    pub fn avatar_left(&mut self, avatar: &str, reason: &str) {
        let record = Record::Avatar(AvatarRecord {
            avatar: avatar.to_string(),
            record: Box::new(Record::End(reason.to_string())),
        });
        self.send(Msg::Records(vec![record]));
    }

    /// Hands one tick of every avatar to the writer, with the space's
    /// objects after it. Never waits; `false` when the writer has stopped.
    pub fn scene_tick<'a>(
        &mut self,
        sequence: u64,
        t: f64,
        avatars: impl Iterator<Item = AvatarTickRef<'a>>,
        objects: &[ObjectNow],
    ) -> bool {
        let hands = &mut self.hands;
        let ticks = avatars
            .map(|a| AvatarTick {
                hands: hands.record(a.id, sequence, t, a.fingers),
                avatar: a.id.to_string(),
                tick: Tick {
                    sequence,
                    time_s: t,
                    samples: a.samples.to_vec(),
                },
                pushes: a
                    .pushes
                    .iter()
                    .map(|p| AppliedPush {
                        sequence,
                        time_s: t,
                        joint: p.joint,
                        impulse: p.impulse,
                    })
                    .collect(),
                solved: a.body.map(|b| (b.pose, b.contacts)),
            })
            .collect();
        let msg = Msg::SceneTick {
            time_s: t,
            ticks,
            objects: self.seen.records(sequence, objects),
        };
        self.send(msg)
    }
}
