//! The writer thread of one recording: takes the loop's ticks off the
//! channel, encodes them as take records, and hands them to the operating
//! system at least every [`FLUSH_EVERY`] (so a kill loses at most that
//! much). A failed write, or a take file that vanished, stops the
//! recording with the error; the records flushed before stay readable,
//! and the error goes into the take's end record (room for it is kept by
//! the take's [`Reserve`]).

use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use posewire_body::BodyPose;
use posewire_takes::{
    AppliedPush, AvatarRecord, HandTracking, Marker, ProfileChange, Record, SolvedFrame, TakeError,
    TakeWriter, Tick,
};

use super::reserve::Reserve;
use super::status::RecordingStatus;

/// How often the writer hands its batch to the operating system: half the
/// 100 ms a kill may cost, leaving room for a slow write.
pub const FLUSH_EVERY: Duration = Duration::from_millis(50);

/// What the loop and the services send a writer.
// Ticks are by far the most frequent message: their pose travels inline
// (no allocation per tick on the loop thread); the channel's slots are
// sized for it once.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Msg {
    /// The body profile in force from a tick on.
    Profile {
        /// The first tick it applies to.
        from_sequence: u64,
        /// The profile as TOML.
        toml: String,
    },
    /// One tick of the recorded avatar.
    Tick {
        /// The samples the tick consumed.
        tick: Tick,
        /// The pushes applied at the tick (usually none).
        pushes: Vec<AppliedPush>,
        /// The avatar's tracked fingers from the tick on, when they changed.
        hands: Option<Box<HandTracking>>,
        /// The objects' records of the tick (their states after it).
        objects: Vec<Record>,
        /// The body solved at the tick (none before the headset is seen).
        solved: Option<(BodyPose, [bool; 2])>,
    },
    /// Records to write as they are (changes made to the objects).
    Records(Vec<Record>),
    /// One tick of every avatar of a scene recording, and the objects'
    /// records of the tick.
    SceneTick {
        /// The loop's time of the tick, seconds.
        time_s: f64,
        /// Each avatar's tick, in the loop's order.
        ticks: Vec<AvatarTick>,
        /// The objects' records of the tick.
        objects: Vec<Record>,
    },
    /// A marker at the latest tick; the take time (seconds from the first
    /// tick) is sent back.
    Marker {
        /// The user's label.
        label: String,
        /// Where the take time goes.
        reply: tokio::sync::oneshot::Sender<Result<f64, String>>,
    },
    /// Ends the take with this reason.
    Stop {
        /// Why recording stopped.
        reason: String,
    },
}

/// One avatar's tick in a scene recording.
#[derive(Debug)]
pub struct AvatarTick {
    /// The avatar's id.
    pub avatar: String,
    /// The samples the tick consumed.
    pub tick: Tick,
    /// The pushes applied at the tick.
    pub pushes: Vec<AppliedPush>,
    /// Its tracked fingers from the tick on, when they changed.
    pub hands: Option<Box<HandTracking>>,
    /// The body solved at the tick.
    pub solved: Option<(BodyPose, [bool; 2])>,
}

/// Writes a scene tick: every avatar's tick and pushes, the objects, then
/// every avatar's solved frame.
fn push_scene_tick(
    take: &mut TakeWriter,
    ticks: Vec<AvatarTick>,
    objects: &[Record],
    status: &RecordingStatus,
) -> Result<(), TakeError> {
    let own = |avatar: &str, record: Record| {
        Record::Avatar(AvatarRecord {
            avatar: avatar.to_string(),
            record: Box::new(record),
        })
    };
    for t in &ticks {
        take.push(&own(&t.avatar, Record::Tick(t.tick.clone())))?;
        for p in &t.pushes {
            take.push(&own(&t.avatar, Record::Push(*p)))?;
        }
        if let Some(h) = &t.hands {
            push_hands(take, h, status)?;
        }
    }
    objects.iter().try_for_each(|r| take.push(r))?;
    for t in ticks {
        if let Some((pose, contacts)) = t.solved {
            let frame = Record::Solved(SolvedFrame {
                version: 1,
                sequence: t.tick.sequence,
                time_s: t.tick.time_s,
                pose,
                contacts,
            });
            take.push(&own(&t.avatar, frame))?;
        }
    }
    Ok(())
}

/// Writes a hand-tracking record; one the take refuses (a rotation that
/// is not one) is left out and noted, and the tick's other records are
/// still written.
fn push_hands(
    take: &mut TakeWriter,
    hands: &HandTracking,
    status: &RecordingStatus,
) -> Result<(), TakeError> {
    match take.push(&Record::HandTracking(hands.clone())) {
        Err(e @ TakeError::Refused { .. }) => {
            status.note_refused(&e);
            Ok(())
        }
        other => other,
    }
}

/// Runs the writer until it is told to stop, the loop lets go of it, or a
/// write fails; the outcome goes into `status`, and an error into the
/// take's end record (the `reserve` is given back first to make room).
pub fn run(
    mut take: TakeWriter,
    rx: Receiver<Msg>,
    status: Arc<RecordingStatus>,
    mut reserve: Option<Reserve>,
) {
    let mut last_flush = Instant::now();
    let mut first_time: Option<f64> = None;
    let mut last_time: Option<f64> = None;
    let outcome: Result<String, TakeError> = loop {
        let wait = FLUSH_EVERY.saturating_sub(last_flush.elapsed());
        let pushed = match rx.recv_timeout(wait) {
            Ok(Msg::Profile {
                from_sequence,
                toml,
            }) => take.push(&Record::Profile(ProfileChange {
                from_sequence,
                toml,
            })),
            Ok(Msg::Records(records)) => records.iter().try_for_each(|r| take.push(r)),
            Ok(Msg::Tick {
                tick,
                pushes,
                hands,
                objects,
                solved,
            }) => {
                first_time.get_or_insert(tick.time_s);
                last_time = Some(tick.time_s);
                let (sequence, time_s) = (tick.sequence, tick.time_s);
                let pushed = take
                    .push(&Record::Tick(tick))
                    .and_then(|()| {
                        pushes
                            .into_iter()
                            .try_for_each(|p| take.push(&Record::Push(p)))
                    })
                    .and_then(|()| match &hands {
                        Some(h) => push_hands(&mut take, h, &status),
                        None => Ok(()),
                    })
                    .and_then(|()| objects.iter().try_for_each(|r| take.push(r)))
                    .and_then(|()| match solved {
                        Some((pose, contacts)) => take.push(&Record::Solved(SolvedFrame {
                            version: 1,
                            sequence,
                            time_s,
                            pose,
                            contacts,
                        })),
                        None => Ok(()),
                    });
                if pushed.is_ok() {
                    status.ticks.fetch_add(1, Ordering::Relaxed);
                    if let Some(first) = first_time {
                        status.set_duration(time_s - first);
                    }
                }
                pushed
            }
            Ok(Msg::SceneTick {
                time_s,
                ticks,
                objects,
            }) => {
                first_time.get_or_insert(time_s);
                last_time = Some(time_s);
                let pushed = push_scene_tick(&mut take, ticks, &objects, &status);
                if pushed.is_ok() {
                    status.ticks.fetch_add(1, Ordering::Relaxed);
                    if let Some(first) = first_time {
                        status.set_duration(time_s - first);
                    }
                }
                pushed
            }
            Ok(Msg::Marker { label, reply }) => {
                let time_s = last_time.unwrap_or(0.0);
                let pushed = take.push(&Record::Marker(Marker { time_s, label }));
                let answer = match &pushed {
                    Ok(()) => {
                        status.markers.fetch_add(1, Ordering::Relaxed);
                        Ok(time_s - first_time.unwrap_or(time_s))
                    }
                    Err(e) => Err(e.to_string()),
                };
                let _ = reply.send(answer);
                pushed
            }
            Ok(Msg::Stop { reason }) => break Ok(reason),
            Err(RecvTimeoutError::Timeout) => Ok(()),
            Err(RecvTimeoutError::Disconnected) => {
                break Ok("the avatar was removed or the daemon stopped".to_string())
            }
        };
        match pushed {
            Err(e @ TakeError::Io { .. }) => break Err(e),
            Err(e) => {
                // A value that cannot be stored (never from the loop's
                // validated samples): left out, said once per kind.
                status.note_refused(&e);
            }
            Ok(()) => {}
        }
        if last_flush.elapsed() >= FLUSH_EVERY {
            last_flush = Instant::now();
            if let Err(e) = flush(&mut take) {
                break Err(e);
            }
            status.bytes.store(take.written_bytes(), Ordering::Relaxed);
        }
    };
    let error = match outcome {
        Ok(reason) => take
            .push(&Record::End(reason))
            .and_then(|()| take.sync())
            .err(),
        Err(e) => Some(e),
    };
    match &error {
        None => status.bytes.store(take.written_bytes(), Ordering::Relaxed),
        Some(e) => {
            tracing::warn!(take = %take_path(&status), error = %e, "recording stopped by an error");
            if let Some(r) = reserve.as_mut() {
                r.release();
            }
            match take.end_after_failure(&e.to_string()) {
                Ok(bytes) => status.bytes.store(bytes, Ordering::Relaxed),
                Err(again) => tracing::warn!(
                    take = %take_path(&status),
                    error = %again,
                    "the error could not be kept in the take's end record; only StopRecording and WatchRecording report it"
                ),
            }
        }
    }
    drop(reserve);
    status.stopped(error.map(|e| e.to_string()));
}

fn take_path(status: &RecordingStatus) -> String {
    status.path.display().to_string()
}

/// Flushes, after checking that the file is still where it was (writing
/// into a file whose folder was removed would lose everything silently).
fn flush(take: &mut TakeWriter) -> Result<(), TakeError> {
    if let Err(source) = std::fs::metadata(take.path()) {
        return Err(TakeError::Io {
            path: take.path().to_path_buf(),
            action: "checking that the take is still on disk (its folder was removed or unmounted; recording stopped)",
            source,
        });
    }
    take.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::formats::TrackerSample;
    use posewire_body::{Device, Transform};
    use posewire_takes::TakeInfo;
    use std::sync::mpsc::sync_channel;

    fn info() -> TakeInfo {
        TakeInfo {
            name: "t".into(),
            avatar_id: "a".into(),
            created_unix_ns: 0,
            rate_hz: 90.0,
            timecode_start: None,
            solver: "ik".into(),
            software: "test".into(),
        }
    }

    fn tick(sequence: u64) -> Msg {
        Msg::Tick {
            tick: Tick {
                sequence,
                time_s: sequence as f64 / 90.0,
                samples: vec![TrackerSample {
                    time_s: sequence as f64 / 90.0,
                    device: Device::Head,
                    pose: Some(Transform::IDENTITY),
                    input: None,
                }],
            },
            pushes: Vec::new(),
            hands: None,
            objects: Vec::new(),
            solved: None,
        }
    }

    #[test]
    fn a_vanished_folder_stops_the_recording_with_an_error_naming_the_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let folder = dir.path().join("takes");
        std::fs::create_dir_all(&folder).expect("folder");
        let path = folder.join("t.pwtake");
        let take = TakeWriter::create(&path, &info()).expect("created");
        let status = Arc::new(RecordingStatus::new(path.clone(), "a", "t", 0));
        let (tx, rx) = sync_channel(16);
        let writer = {
            let status = status.clone();
            std::thread::spawn(move || run(take, rx, status, None))
        };
        let mut watch = status.watch();
        tx.send(tick(0)).expect("sent");
        std::fs::remove_dir_all(&folder).expect("the folder goes away");
        // The writer notices at its next flush, whatever arrives.
        for s in 1..100 {
            if tx.send(tick(s)).is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        writer.join().expect("the writer ends");
        let last = watch.borrow_and_update().clone();
        assert!(last.stopped);
        assert!(
            last.stop_error.contains(&path.display().to_string()),
            "{}",
            last.stop_error
        );
        assert!(last.stop_error.contains("removed"), "{}", last.stop_error);
    }

    #[test]
    fn a_refused_hand_record_is_left_out_and_the_tick_kept() {
        use posewire_body::glam::{DQuat, DVec3};
        use posewire_body::JointMap;
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("t.pwtake");
        let mut take = TakeWriter::create(&path, &info()).expect("created");
        take.push(&Record::Version(posewire_takes::SolveVersion {
            version: 1,
            created_unix_ns: 0,
            description: "live".into(),
        }))
        .expect("version");
        let status = Arc::new(RecordingStatus::new(path.clone(), "a", "t", 0));
        let (tx, rx) = sync_channel(16);
        let hands = |sequence: u64, q: DQuat| {
            let mut right = [None; 15];
            right[0] = Some(q);
            Some(Box::new(HandTracking {
                sequence,
                avatar: String::new(),
                fingers: [None, Some(right)],
            }))
        };
        let pose = BodyPose {
            root: DVec3::ZERO,
            rotations: JointMap::splat(DQuat::IDENTITY),
        };
        for (s, q) in [
            (0, DQuat::from_rotation_x(0.5)),
            (1, DQuat::from_xyzw(0.0, 0.0, 0.0, 3.0)),
        ] {
            let Msg::Tick { tick, .. } = tick(s) else {
                unreachable!("a tick")
            };
            tx.send(Msg::Tick {
                tick,
                pushes: Vec::new(),
                hands: hands(s, q),
                objects: Vec::new(),
                solved: Some((pose, [true, false])),
            })
            .expect("sent");
        }
        tx.send(Msg::Stop {
            reason: "done".into(),
        })
        .expect("sent");
        run(take, rx, status, None);
        let read = posewire_takes::open(&path).expect("opens");
        assert_eq!(read.ticks.len(), 2);
        assert_eq!(read.frames(1).count(), 2, "both ticks' bodies");
        assert_eq!(read.hand_tracking.len(), 1, "the bad one left out");
        assert_eq!(read.hand_tracking[0].sequence, 0);
    }

    #[test]
    fn a_stopped_take_holds_every_tick_and_its_end() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("t.pwtake");
        let take = TakeWriter::create(&path, &info()).expect("created");
        let status = Arc::new(RecordingStatus::new(path.clone(), "a", "t", 0));
        let (tx, rx) = sync_channel(256);
        for s in 0..200 {
            tx.send(tick(s)).expect("sent");
        }
        tx.send(Msg::Stop {
            reason: "done".into(),
        })
        .expect("sent");
        run(take, rx, status.clone(), None);
        let read = posewire_takes::open(&path).expect("opens");
        assert_eq!(read.ticks.len(), 200);
        assert_eq!(read.ended.as_deref(), Some("done"));
        let snapshot = status.snapshot();
        assert!(snapshot.stopped && snapshot.stop_error.is_empty());
        assert_eq!(snapshot.ticks, 200);
        assert_eq!(
            snapshot.bytes_written,
            std::fs::metadata(&path).expect("file").len()
        );
    }
}
