//! The writer thread of one recording: takes the loop's ticks off the
//! channel, encodes them as take records, and hands them to the operating
//! system at least every [`FLUSH_EVERY`] (so a kill loses at most that
//! much). A failed write, or a take file that vanished, stops the
//! recording with the error; the records flushed before stay readable.

use std::sync::atomic::Ordering;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

use posewire_body::BodyPose;
use posewire_takes::{Marker, ProfileChange, Record, SolvedFrame, TakeError, TakeWriter, Tick};

use super::registry::RecordingStatus;

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
        /// The body solved at the tick (none before the headset is seen).
        solved: Option<(BodyPose, [bool; 2])>,
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

/// Runs the writer until it is told to stop, the loop lets go of it, or a
/// write fails; the outcome goes into `status`.
pub fn run(mut take: TakeWriter, rx: Receiver<Msg>, status: Arc<RecordingStatus>) {
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
            Ok(Msg::Tick { tick, solved }) => {
                first_time.get_or_insert(tick.time_s);
                last_time = Some(tick.time_s);
                let (sequence, time_s) = (tick.sequence, tick.time_s);
                let pushed = take.push(&Record::Tick(tick)).and_then(|()| match solved {
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
    let result = match outcome {
        Ok(reason) => take.finish(&reason).map(|bytes| {
            status.bytes.store(bytes, Ordering::Relaxed);
        }),
        Err(e) => Err(e),
    };
    if let Err(e) = &result {
        tracing::warn!(take = %take_path(&status), error = %e, "recording stopped by an error");
    }
    status.stopped(result.err().map(|e| e.to_string()));
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
