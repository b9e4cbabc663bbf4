//! The recordings in progress, one per avatar at most: started by
//! `TakeService.StartRecording` (which creates the take file and the
//! writer thread, then hands the loop its end), stopped on request, by a
//! write error, or when the daemon shuts down.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{sync_channel, SyncSender};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use posewire_takes::{Record, SolveVersion, TakeInfo, TakeTimecode, TakeWriter, TimecodeRate};
use tonic::Status;

use super::loop_recorder::{LoopRecorder, CHANNEL_TICKS};
use super::names::{check_name, default_name, take_path, takes_dir};
use super::reserve::Reserve;
use super::status::RecordingStatus;
use super::writer_thread::{self, Msg};

/// One recording: its status, its writer's channel and thread.
#[derive(Debug)]
struct Active {
    name: String,
    status: Arc<RecordingStatus>,
    tx: SyncSender<Msg>,
    thread: Option<JoinHandle<()>>,
}

/// What the daemon records with: where takes go and what a take says of
/// the daemon.
#[derive(Debug, Clone)]
pub struct RecorderSettings {
    /// The storage folder (takes go to its `takes` folder).
    pub storage: PathBuf,
    /// The loop rate, Hz.
    pub rate_hz: f64,
    /// The solver's name.
    pub solver: String,
    /// The configuration in force, as TOML (the config record).
    pub config_toml: String,
}

/// The id a scene recording (every avatar of the space) is kept under, as
/// the API names it: the empty avatar id.
pub const SCENE: &str = "";

/// The timecode rate of a take whose request states none.
pub const DEFAULT_TIMECODE_RATE: TimecodeRate = TimecodeRate::Fps30;

/// The take's timecode: the label given (at the rate given, else
/// [`DEFAULT_TIMECODE_RATE`]), or the daemon's clock (UTC time of day) at
/// `now_unix_ns`.
pub fn take_timecode(label: &str, rate: &str, now_unix_ns: i64) -> Result<TakeTimecode, String> {
    let rate = if rate.is_empty() {
        DEFAULT_TIMECODE_RATE
    } else {
        TimecodeRate::parse(rate)?
    };
    if label.is_empty() {
        let seconds = now_unix_ns.rem_euclid(86_400 * 1_000_000_000) as f64 * 1e-9;
        return Ok(TakeTimecode {
            start_frame: rate.frames_at_time_of_day(seconds),
            rate,
            from_clock: true,
        });
    }
    Ok(TakeTimecode {
        start_frame: rate.frames_of(label)?,
        rate,
        from_clock: false,
    })
}

/// The recordings, by avatar id ([`SCENE`] for the space's).
#[derive(Debug)]
pub struct Recordings {
    settings: RecorderSettings,
    active: Mutex<BTreeMap<String, Active>>,
}

impl Recordings {
    /// No recordings yet.
    pub fn new(settings: RecorderSettings) -> Recordings {
        Recordings {
            settings,
            active: Mutex::new(BTreeMap::new()),
        }
    }

    /// The take folder.
    pub fn dir(&self) -> PathBuf {
        takes_dir(&self.settings.storage)
    }

    fn lock(&self) -> MutexGuard<'_, BTreeMap<String, Active>> {
        self.active.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether the take of this name is being recorded right now.
    pub fn is_recording(&self, take_name: &str) -> bool {
        self.lock()
            .values()
            .any(|a| a.name == take_name && !a.status.snapshot().stopped)
    }

    /// The status of an avatar's recording (running or ended, until it is
    /// stopped on request or replaced).
    pub fn status(&self, avatar_id: &str) -> Option<Arc<RecordingStatus>> {
        self.lock().get(avatar_id).map(|a| a.status.clone())
    }

    /// Creates the take file (info, configuration, timecode, solved
    /// version 1) and its writer thread; returns the loop's end, to hand
    /// to the avatar (or, for [`SCENE`], to the loop). A scene recording
    /// and recordings of single avatars exclude each other: a scene
    /// recording restarts every avatar's solver, which a take of one of
    /// them would not know of.
    pub fn start(
        &self,
        avatar_id: &str,
        name: &str,
        timecode: (&str, &str),
        now_unix_ns: i64,
    ) -> Result<LoopRecorder, Status> {
        let name = if name.is_empty() {
            default_name(
                if avatar_id == SCENE {
                    "scene"
                } else {
                    avatar_id
                },
                now_unix_ns,
            )
        } else {
            name.to_string()
        };
        check_name(&name).map_err(Status::invalid_argument)?;
        let tc =
            take_timecode(timecode.0, timecode.1, now_unix_ns).map_err(Status::invalid_argument)?;
        let mut active = self.lock();
        let running = |key: &str| {
            active
                .get(key)
                .filter(|a| !a.status.snapshot().stopped)
                .map(|a| a.name.clone())
        };
        if let Some(take) = running(avatar_id) {
            return Err(Status::already_exists(if avatar_id == SCENE {
                format!("the scene is already being recorded (take `{take}`)")
            } else {
                format!("avatar `{avatar_id}` is already being recorded (take `{take}`)")
            }));
        }
        let other = if avatar_id == SCENE {
            active
                .iter()
                .find(|(k, a)| k.as_str() != SCENE && !a.status.snapshot().stopped)
                .map(|(k, a)| format!("avatar `{k}` is being recorded (take `{}`): stop it first, a scene take records every avatar", a.name))
        } else {
            running(SCENE).map(|take| format!("the scene is being recorded (take `{take}`), which holds every avatar: stop it first"))
        };
        if let Some(why) = other {
            return Err(Status::failed_precondition(why));
        }
        let dir = self.dir();
        std::fs::create_dir_all(&dir).map_err(|e| {
            Status::failed_precondition(format!(
                "cannot create the take folder {}: {e}",
                dir.display()
            ))
        })?;
        let path = take_path(&dir, &name);
        if path.exists() {
            return Err(Status::already_exists(format!(
                "a take named `{name}` exists ({})",
                path.display()
            )));
        }
        let info = TakeInfo {
            name: name.clone(),
            avatar_id: avatar_id.to_string(),
            created_unix_ns: now_unix_ns,
            rate_hz: self.settings.rate_hz,
            timecode_start: Some(tc.label()),
            solver: self.settings.solver.clone(),
            software: format!("posewire {}", env!("CARGO_PKG_VERSION")),
        };
        let (take, reserve) = begin_take(&path, &info, tc, &self.settings, now_unix_ns)?;
        let status = Arc::new(RecordingStatus::new(
            path.clone(),
            avatar_id,
            &name,
            now_unix_ns,
        ));
        let (tx, rx) = sync_channel(CHANNEL_TICKS);
        let writer_status = status.clone();
        let spawned = std::thread::Builder::new()
            .name("posewire-recorder".into())
            .spawn(move || writer_thread::run(take, rx, writer_status, Some(reserve)));
        let thread = match spawned {
            Ok(t) => t,
            Err(e) => {
                // The closure (take and reserve) is dropped: take the file back.
                let _ = std::fs::remove_file(&path);
                return Err(Status::internal(format!(
                    "cannot start the recorder thread: {e}"
                )));
            }
        };
        tracing::info!(avatar = %avatar_id, take = %path.display(), "recording started");
        let recorder = LoopRecorder::new(tx.clone(), status.clone());
        active.insert(
            avatar_id.to_string(),
            Active {
                name,
                status,
                tx,
                thread: Some(thread),
            },
        );
        Ok(recorder)
    }

    /// Adds a marker at the latest recorded tick; the take time comes back.
    pub async fn marker(&self, avatar_id: &str, label: &str) -> Result<f64, Status> {
        let tx = match self.lock().get(avatar_id) {
            Some(a) if !a.status.snapshot().stopped => a.tx.clone(),
            _ => return Err(not_recording(avatar_id)),
        };
        let (reply, answer) = tokio::sync::oneshot::channel();
        let msg = Msg::Marker {
            label: label.to_string(),
            reply,
        };
        let sent = tokio::task::spawn_blocking(move || tx.send(msg).is_ok())
            .await
            .map_err(|e| Status::internal(e.to_string()))?;
        if !sent {
            return Err(not_recording(avatar_id));
        }
        answer
            .await
            .map_err(|_| not_recording(avatar_id))?
            .map_err(Status::failed_precondition)
    }

    /// Stops an avatar's recording (or takes note of one that stopped by
    /// itself) and waits for its take to be closed; returns its status.
    pub async fn stop(
        self: &Arc<Self>,
        avatar_id: &str,
        reason: &str,
    ) -> Result<Arc<RecordingStatus>, Status> {
        let active = self
            .lock()
            .remove(avatar_id)
            .ok_or_else(|| not_recording(avatar_id))?;
        let reason = reason.to_string();
        tokio::task::spawn_blocking(move || finish(active, &reason))
            .await
            .map_err(|e| Status::internal(e.to_string()))
    }

    /// Finishes every recording (the daemon is shutting down).
    pub fn stop_all(&self, reason: &str) {
        let all = std::mem::take(&mut *self.lock());
        for (_, active) in all {
            finish(active, reason);
        }
    }

    /// The path of a take name, checked.
    pub fn path_of(&self, name: &str) -> Result<PathBuf, Status> {
        check_name(name).map_err(Status::invalid_argument)?;
        Ok(take_path(&self.dir(), name))
    }
}

/// Creates the take file with its first records and its space reserve.
/// On failure (a full disk) nothing is left behind: the name stays free.
fn begin_take(
    path: &Path,
    info: &TakeInfo,
    timecode: TakeTimecode,
    settings: &RecorderSettings,
    now_unix_ns: i64,
) -> Result<(TakeWriter, Reserve), Status> {
    let failed = |e: posewire_takes::TakeError| Status::failed_precondition(e.to_string());
    let mut take = TakeWriter::create(path, info).map_err(failed)?;
    let begun = take
        .push(&Record::Config(settings.config_toml.clone()))
        .and_then(|()| take.push(&Record::Timecode(timecode)))
        .and_then(|()| {
            take.push(&Record::Version(SolveVersion {
                version: 1,
                created_unix_ns: now_unix_ns,
                description: format!(
                    "live: solver {}, {} Hz, settings of the config record",
                    settings.solver, settings.rate_hz
                ),
            }))
        })
        .and_then(|()| take.flush())
        .map_err(failed)
        .and_then(|()| {
            Reserve::create(path).map_err(|e| {
                Status::failed_precondition(format!(
                    "{}: cannot keep room for the take's end record (is the disk full?): {e}",
                    path.display()
                ))
            })
        });
    match begun {
        Ok(reserve) => Ok((take, reserve)),
        Err(e) => {
            drop(take);
            let _ = std::fs::remove_file(path);
            Err(e)
        }
    }
}

/// Tells a writer to end its take and waits for it.
fn finish(mut active: Active, reason: &str) -> Arc<RecordingStatus> {
    // Fails only if the writer already stopped by itself.
    let _ = active.tx.send(Msg::Stop {
        reason: reason.to_string(),
    });
    if let Some(thread) = active.thread.take() {
        if thread.join().is_err() {
            tracing::error!(take = %active.status.path.display(), "the recorder thread panicked");
            active
                .status
                .stopped(Some("the recorder thread panicked".into()));
        }
    }
    tracing::info!(take = %active.status.path.display(), "recording stopped");
    active.status
}

fn not_recording(avatar_id: &str) -> Status {
    if avatar_id == SCENE {
        return Status::failed_precondition("the scene is not being recorded");
    }
    Status::failed_precondition(format!("avatar `{avatar_id}` is not being recorded"))
}

/// The configuration record of a daemon: what a re-solve needs to
/// reproduce the live solve (tokens and addresses left out).
pub fn config_toml(config: &super::super::Config) -> String {
    let mut out = String::from("# The daemon settings in force when this take was recorded.\n");
    out.push_str(&format!("rate_hz = {:?}\n", config.rate_hz));
    if let Some(scene) = &config.scene {
        out.push_str(&format!("scene = {:?}\n", path_str(scene)));
    }
    super::super::device_gate::append_toml(&config.devices, &mut out);
    super::super::solver_config::append_toml(&config.solver, &mut out);
    out
}

fn path_str(p: &Path) -> String {
    p.display().to_string()
}
