//! One run of the calibration wizard (`CalibrationService.Calibrate`):
//! live, the calibration crate's [`CalibrationWizard`] is fed the avatar's
//! samples as the loop takes them and its steps become the streamed
//! instructions, hold-still countdown and progress; from a recorded take,
//! the take's pose blocks are replayed as the same updates and the profile
//! is exactly `posewire_calibration::calibrate` of the take. Either way the
//! profile is stored by name and, on request, given to the avatar.

use std::sync::Arc;

use posewire_body::formats::{CalibrationPose, CalibrationTake};
use posewire_body::{BodyProfile, Device};
use posewire_calibration::{calibrate, CalibrationWizard, WizardConfig, WizardStep};
use posewire_proto::v1 as pb;
use tokio::sync::mpsc;
use tonic::Status;

use super::live::Command;
use super::profiles::{status, ProfileStore};
use super::state::Shared;

/// Where the updates go.
pub type Updates = mpsc::Sender<Result<pb::CalibrateUpdate, Status>>;

/// The API's pose.
pub fn pose(p: CalibrationPose) -> pb::CalibrationPose {
    match p {
        CalibrationPose::ArmsForward => pb::CalibrationPose::ArmsForward,
        CalibrationPose::ForearmsUp => pb::CalibrationPose::ForearmsUp,
        CalibrationPose::ArmsDown => pb::CalibrationPose::ArmsDown,
        CalibrationPose::HandsOnHips => pb::CalibrationPose::HandsOnHips,
    }
}

/// What the person should do for a pose, in words (FORMATS.md section 2).
pub fn instruction_text(p: CalibrationPose) -> &'static str {
    match p {
        CalibrationPose::ArmsForward => {
            "Stand upright, legs together, look straight ahead; hold both arms forward, \
             straight and horizontal, palms facing each other. Hold still."
        }
        CalibrationPose::ForearmsUp => {
            "Keep the upper arms forward and horizontal and bend the forearms straight up \
             (elbows at 90 degrees), palms facing each other. Hold still."
        }
        CalibrationPose::ArmsDown => {
            "Stand upright, legs together, look straight ahead; let the arms hang relaxed \
             along the sides, palms facing the thighs. Hold still."
        }
        CalibrationPose::HandsOnHips => {
            "Stand upright, legs together, look straight ahead; put both hands on the hips \
             (palms on the top of the pelvis at the sides, elbows out). Hold still."
        }
    }
}

fn instruction(p: CalibrationPose, text: String, progress: f64) -> pb::CalibrateUpdate {
    pb::CalibrateUpdate {
        step: Some(pb::calibrate_update::Step::Instruction(pb::Instruction {
            pose: pose(p) as i32,
            text,
        })),
        progress,
    }
}

fn holding(p: CalibrationPose, still: bool, left: f64, progress: f64) -> pb::CalibrateUpdate {
    pb::CalibrateUpdate {
        step: Some(pb::calibrate_update::Step::Holding(pb::Holding {
            pose: pose(p) as i32,
            still,
            seconds_left: left.max(0.0),
        })),
        progress,
    }
}

/// Share of the whole calibration done: poses recorded plus the current
/// hold's share, of `total` poses.
fn progress(done: usize, hold: f64, total: usize) -> f64 {
    ((done as f64 + hold.clamp(0.0, 1.0)) / total.max(1) as f64).clamp(0.0, 1.0)
}

/// Turns wizard steps into updates, sending only what changed (a holding
/// countdown at most every 0.1 s).
#[derive(Debug, Default)]
struct Narrator {
    last_kind: Option<String>,
    last_left: f64,
}

impl Narrator {
    fn update(
        &mut self,
        wizard: &CalibrationWizard,
        step: &WizardStep,
    ) -> Option<pb::CalibrateUpdate> {
        let poses = wizard.poses();
        let total = poses.len();
        let done = wizard
            .pose()
            .and_then(|p| poses.iter().position(|&q| q == p))
            .unwrap_or(total);
        let hold_s = WizardConfig::default().hold_s;
        let (kind, update) = match step {
            WizardStep::WaitingForDevices { missing } => {
                let names: Vec<&str> = missing.iter().map(|d: &Device| d.name()).collect();
                let next = wizard.pose().unwrap_or(CalibrationPose::ArmsForward);
                (
                    format!("wait {names:?}"),
                    instruction(
                        next,
                        format!("Waiting for the tracking of: {}.", names.join(", ")),
                        progress(done, 0.0, total),
                    ),
                )
            }
            WizardStep::GetInto { pose: p } => (
                format!("get {}", p.name()),
                instruction(*p, instruction_text(*p).into(), progress(done, 0.0, total)),
            ),
            WizardStep::Hold {
                pose: p,
                progress: share,
            } => {
                let left = (1.0 - share) * hold_s;
                let kind = format!("hold {}", p.name());
                if self.last_kind.as_deref() == Some(kind.as_str()) && (self.last_left - left) < 0.1
                {
                    return None;
                }
                self.last_left = left;
                (kind, holding(*p, true, left, progress(done, *share, total)))
            }
            WizardStep::Done(_) => return None,
        };
        if let WizardStep::Hold { .. } = step {
            self.last_kind = Some(kind);
            return Some(update);
        }
        if self.last_kind.as_deref() == Some(kind.as_str()) {
            return None;
        }
        self.last_kind = Some(kind);
        self.last_left = f64::INFINITY;
        Some(update)
    }
}

/// What a session needs from the daemon.
#[derive(Debug, Clone)]
pub struct Session {
    /// The daemon.
    pub shared: Arc<Shared>,
    /// The request.
    pub request: pb::CalibrateRequest,
}

impl Session {
    /// Runs the session to its end, sending updates; errors are sent as
    /// the stream's final status.
    pub async fn run(self, tx: Updates) {
        let result = if self.request.take_csv.is_empty() {
            self.live(&tx).await
        } else {
            self.recorded(&tx).await
        };
        match result {
            Ok(update) => {
                let _ = tx.send(Ok(update)).await;
            }
            Err(status) => {
                let _ = tx.send(Err(status)).await;
            }
        }
    }

    /// Live: the wizard over the avatar's samples as the loop takes them.
    async fn live(&self, tx: &Updates) -> Result<pb::CalibrateUpdate, Status> {
        let id = &self.request.avatar_id;
        let mut samples = self.shared.live.tap(id);
        let mut shutdown = self.shared.shutdown.clone();
        let mut wizard = CalibrationWizard::with_config(WizardConfig {
            hands_on_hips: self.request.hands_on_hips,
            ..WizardConfig::default()
        });
        let mut narrator = Narrator::default();
        let first = wizard.pose().unwrap_or(CalibrationPose::ArmsForward);
        tx.send(Ok(instruction(first, instruction_text(first).into(), 0.0)))
            .await
            .map_err(|_| Status::cancelled("the client left"))?;
        narrator.last_kind = Some(format!("get {}", first.name()));
        loop {
            let batch = tokio::select! {
                b = samples.recv() => b,
                _ = shutdown.changed() => None,
                () = tx.closed() => return Err(Status::cancelled("the client left")),
            };
            let Some(batch) = batch else {
                return Err(Status::unavailable("the daemon is shutting down"));
            };
            for sample in batch {
                let step = wizard.push(sample);
                if let WizardStep::Done(take) = step {
                    return self.finish(take, tx).await;
                }
                if let Some(update) = narrator.update(&wizard, &step) {
                    if tx.send(Ok(update)).await.is_err() {
                        return Err(Status::cancelled("the client left"));
                    }
                }
            }
        }
    }

    /// From a recorded take: its pose blocks replayed as updates (the
    /// wizard judges stillness on the same samples), then the profile of
    /// the whole take.
    async fn recorded(&self, tx: &Updates) -> Result<pb::CalibrateUpdate, Status> {
        let take = CalibrationTake::parse(&self.request.take_csv, "take_csv")
            .map_err(|e| Status::invalid_argument(format!("the calibration take: {e}")))?;
        let mut blocks: Vec<(CalibrationPose, f64, f64)> = Vec::new();
        for row in &take.samples {
            match blocks.last_mut() {
                Some(b) if b.0 == row.held => b.2 = row.sample.time_s,
                _ => blocks.push((row.held, row.sample.time_s, row.sample.time_s)),
            }
        }
        let mut wizard = CalibrationWizard::with_config(WizardConfig {
            hands_on_hips: blocks.iter().any(|b| b.0 == CalibrationPose::HandsOnHips),
            ..WizardConfig::default()
        });
        let mut next_row = 0;
        let total = blocks.len().max(1);
        for (k, &(p, start, end)) in blocks.iter().enumerate() {
            let done = k as f64 / total as f64;
            let send = |u| async {
                tx.send(Ok(u))
                    .await
                    .map_err(|_| Status::cancelled("the client left"))
            };
            send(instruction(p, instruction_text(p).into(), done)).await?;
            let mut next_tick = start;
            while next_row < take.samples.len() && take.samples[next_row].held == p {
                let row = &take.samples[next_row];
                next_row += 1;
                let step = wizard.push(row.sample);
                if row.sample.time_s >= next_tick {
                    next_tick = row.sample.time_s + 0.1;
                    let span = (end - start).max(1e-9);
                    let share = (row.sample.time_s - start) / span;
                    let still = matches!(step, WizardStep::Hold { .. } | WizardStep::Done(_));
                    send(holding(
                        p,
                        still,
                        end - row.sample.time_s,
                        done + share / total as f64,
                    ))
                    .await?;
                }
            }
        }
        self.finish(take, tx).await
    }

    /// Calibrates, stores and (on request) applies the profile.
    async fn finish(
        &self,
        take: CalibrationTake,
        tx: &Updates,
    ) -> Result<pb::CalibrateUpdate, Status> {
        let _ = tx
            .send(Ok(pb::CalibrateUpdate {
                step: None,
                progress: 1.0,
            }))
            .await;
        let store = ProfileStore::new(self.shared.live.profiles_dir());
        let name = self.request.profile_name.clone();
        let (profile, toml) = tokio::task::spawn_blocking(move || {
            let c = calibrate(&take)
                .map_err(|e| Status::failed_precondition(format!("cannot calibrate: {e}")))?;
            for w in &c.report.warnings {
                tracing::warn!(profile = %name, "calibration: {w}");
            }
            let toml = store.put(&name, &c.profile).map_err(status)?;
            Ok::<(BodyProfile, String), Status>((c.profile, toml))
        })
        .await
        .map_err(|e| Status::internal(e.to_string()))??;
        tracing::info!(profile = %self.request.profile_name, "calibrated and stored a profile");
        if self.request.apply {
            let id = self.request.avatar_id.clone();
            let name = self.request.profile_name.clone();
            self.shared
                .live
                .send(|reply| Command::SetProfile {
                    id,
                    profile: Box::new(profile),
                    name,
                    reply,
                })
                .await?;
        }
        Ok(pb::CalibrateUpdate {
            step: Some(pb::calibrate_update::Step::Result(pb::Profile {
                name: self.request.profile_name.clone(),
                toml,
            })),
            progress: 1.0,
        })
    }
}
