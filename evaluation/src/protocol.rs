//! The protocol for one clip: for each device set and condition,
//! synthesise the takes, calibrate from the calibration take, solve the
//! tracker take, compute the metrics and calibration errors, and check
//! causality on a take cut short. The CLI runs clips in parallel and prints
//! the tables.

use std::path::{Path, PathBuf};

use posewire_body::bvh::{Bvh, BvhError};
use posewire_body::formats::{JointFrame, TrackerTake};
use posewire_body::{BodyProfile, DeviceSet};
use posewire_calibration::CalibrationError;
use posewire_solver::physics::ReactionCounts;
use posewire_solver::{SolveOptions, SolvedTake};
use rand::Rng;
use serde::Serialize;

use crate::calibration_errors::{calibration_errors, CalibrationErrors};
use crate::causality::{causality_cut_time, check_causality, cut_take, CausalityResult};
use crate::metrics::{evaluate, Metrics, MetricsError};
use crate::random::stream;
use crate::synth::{
    synthesize_with, Condition, SynthError, SynthExtras, SynthOptions, SynthTakes, TRACKER_RATE_HZ,
};

/// Settling time excluded from the metrics, after the first tracker time.
pub const SETTLING_S: f64 = 1.0;

/// The results of one device set and condition on one clip.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SettingReport {
    /// How many devices the take carried.
    pub devices: usize,
    /// Clean or noisy.
    pub condition: Condition,
    /// The reconstruction metrics.
    pub metrics: Metrics,
    /// The calibration errors.
    pub calibration: CalibrationErrors,
    /// The causality check.
    pub causality: CausalityResult,
    /// How many frames the solver produced for the whole take.
    pub output_frames: usize,
    /// The simulated body's state changes over the whole take (staggers,
    /// falls, get-ups; all zero for `ik`). Nothing pushes an evaluation
    /// take, so any change here is a false reaction to ordinary motion.
    pub reactions: ReactionCounts,
}

/// The results of every setting on one clip.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClipReport {
    /// The clip's name (its file name without `.bvh`).
    pub clip: String,
    /// Duration of the clip, s.
    pub duration_s: f64,
    /// One entry per requested setting, in the order asked.
    pub settings: Vec<SettingReport>,
}

/// Why a clip could not be evaluated. Every variant names the clip and,
/// where it applies, the setting.
#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    /// The BVH file could not be read.
    #[error(transparent)]
    Read(#[from] BvhError),
    /// The takes could not be synthesised.
    #[error(transparent)]
    Synth(#[from] SynthError),
    /// Calibration failed on the synthetic calibration take.
    #[error("{clip} ({devices} devices, {condition}): calibration failed: {source}")]
    Calibration {
        /// The clip.
        clip: String,
        /// Devices in the take.
        devices: usize,
        /// The condition's name.
        condition: &'static str,
        /// What calibration said.
        source: CalibrationError,
    },
    /// The solver failed.
    #[error("{clip} ({devices} devices, {condition}): {stage} solve failed: {message}")]
    Solve {
        /// The clip.
        clip: String,
        /// Devices in the take.
        devices: usize,
        /// The condition's name.
        condition: &'static str,
        /// `full` or `causality cut`.
        stage: &'static str,
        /// What the solver said.
        message: String,
    },
    /// The metrics could not be computed on the solver's output.
    #[error("{clip} ({devices} devices, {condition}): metrics: {source}")]
    Metrics {
        /// The clip.
        clip: String,
        /// Devices in the take.
        devices: usize,
        /// The condition's name.
        condition: &'static str,
        /// What was wrong with the output.
        source: MetricsError,
    },
    /// The clip could not be given other proportions.
    #[error(transparent)]
    Proportions(#[from] crate::proportions::ProportionsError),
}

/// A solve function for [`evaluate_clip`] that runs the project's solver
/// with `options`.
pub fn project_solver(
    options: SolveOptions,
) -> impl Fn(&BodyProfile, &TrackerTake) -> Result<SolvedTake, String> + Sync + Send {
    move |profile: &BodyProfile, take: &TrackerTake| {
        posewire_solver::solve_take_counted(profile, take, &options).map_err(|e| e.to_string())
    }
}

/// The clip name of a BVH path: the file name without `.bvh`.
pub fn clip_name(bvh_path: &Path) -> String {
    bvh_path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| bvh_path.display().to_string())
}

/// Clips that lean on objects missing from the motion data (EVALUATION.md
/// section 1 item 7: `cmu_14_21` climbs steps, `cmu_14_27` sits on a
/// stool; in the training corpus, `14_22`/`14_23` climb steps, `14_28`,
/// `14_29`, `14_30` and `14_32` sit on stools, `14_33`-`14_35` climb a
/// ladder and `49_21` hangs on ropes). A clip whose name contains one of
/// these is left out of the "no-prop" means, on which the physics targets
/// are judged.
pub const PROP_CLIPS: [&str; 12] = [
    "14_21", "14_27", "14_22", "14_23", "14_28", "14_29", "14_30", "14_32", "14_33", "14_34",
    "14_35", "49_21",
];

/// Whether a clip leans on a prop (see [`PROP_CLIPS`]).
pub fn is_prop_clip(clip: &str) -> bool {
    PROP_CLIPS.iter().any(|p| clip.contains(p))
}

/// The `*.bvh` files in `folder` (any case of the extension), sorted by
/// name.
pub fn bvh_clips(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut clips = Vec::new();
    for entry in std::fs::read_dir(folder)? {
        let p = entry?.path();
        if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("bvh")) && p.is_file() {
            clips.push(p);
        }
    }
    clips.sort();
    Ok(clips)
}

/// Reads a BVH clip and evaluates every `(device set, condition)` setting
/// on it with `solve` (see [`evaluate_bvh`]).
pub fn evaluate_clip(
    bvh_path: &Path,
    settings: &[(DeviceSet, Condition)],
    seed: u64,
    solve: impl Fn(&BodyProfile, &TrackerTake) -> Result<SolvedTake, String>,
) -> Result<ClipReport, EvalError> {
    let bvh = Bvh::read(bvh_path)?;
    evaluate_bvh(&bvh, &clip_name(bvh_path), settings, seed, solve)
}

/// The takes of one setting of a clip and the profile calibrated from its
/// calibration take, as the evaluation makes them (the random streams are
/// named by `clip`): what a development tool needs to solve a clip the
/// way the evaluation does.
pub fn setting_takes(
    bvh: &Bvh,
    clip: &str,
    devices: DeviceSet,
    condition: Condition,
    seed: u64,
) -> Result<(SynthTakes, BodyProfile), EvalError> {
    setting_takes_with(bvh, clip, devices, condition, seed, &SynthExtras::default())
}

/// [`setting_takes`] with the synthesis extras (see [`SynthExtras`]).
pub fn setting_takes_with(
    bvh: &Bvh,
    clip: &str,
    devices: DeviceSet,
    condition: Condition,
    seed: u64,
    extras: &SynthExtras,
) -> Result<(SynthTakes, BodyProfile), EvalError> {
    let options = SynthOptions {
        devices,
        condition,
        seed,
    };
    let takes = synthesize_with(bvh, clip, &options, extras)?;
    let profile = posewire_calibration::calibrate_with(&takes.calibration, &extras.calibration)
        .map_err(|source| EvalError::Calibration {
            clip: clip.to_string(),
            devices: devices.len(),
            condition: condition.name(),
            source,
        })?
        .profile;
    Ok((takes, profile))
}

/// Evaluates every setting on a parsed clip: synthesise, calibrate from the
/// calibration take, solve, metrics, calibration errors, and the causality
/// check (the take solved again, cut at 40-60 %).
pub fn evaluate_bvh(
    bvh: &Bvh,
    clip: &str,
    settings: &[(DeviceSet, Condition)],
    seed: u64,
    solve: impl Fn(&BodyProfile, &TrackerTake) -> Result<SolvedTake, String>,
) -> Result<ClipReport, EvalError> {
    evaluate_bvh_with(bvh, clip, settings, seed, &SynthExtras::default(), solve)
}

/// [`evaluate_bvh`] with the synthesis extras (see [`SynthExtras`]).
pub fn evaluate_bvh_with(
    bvh: &Bvh,
    clip: &str,
    settings: &[(DeviceSet, Condition)],
    seed: u64,
    extras: &SynthExtras,
    solve: impl Fn(&BodyProfile, &TrackerTake) -> Result<SolvedTake, String>,
) -> Result<ClipReport, EvalError> {
    let mut reports = Vec::with_capacity(settings.len());
    let mut duration_s = 0.0;
    for &(devices, condition) in settings {
        let (takes, profile) = setting_takes_with(bvh, clip, devices, condition, seed, extras)?;
        duration_s = takes.truth.frames.last().map_or(0.0, |f| f.time_s);
        let count = devices.len();
        let solve_error = |stage: &'static str| {
            move |message: String| EvalError::Solve {
                clip: clip.to_string(),
                devices: count,
                condition: condition.name(),
                stage,
                message,
            }
        };
        let SolvedTake {
            frames: output,
            reactions,
            ..
        } = solve(&profile, &takes.trackers).map_err(solve_error("full"))?;
        let first_time = takes.trackers.samples.first().map_or(0.0, |s| s.time_s);
        let metrics =
            evaluate(&output, &takes.truth.frames, first_time + SETTLING_S).map_err(|source| {
                EvalError::Metrics {
                    clip: clip.to_string(),
                    devices: count,
                    condition: condition.name(),
                    source,
                }
            })?;

        let cut_seed: u64 = stream(
            seed,
            &[clip, condition.name(), &count.to_string(), "causality"],
        )
        .gen();
        let causality = match causality_cut_time(&takes.trackers, cut_seed) {
            Some(cut_time) => {
                let cut_run = solve(&profile, &cut_take(&takes.trackers, cut_time))
                    .map_err(solve_error("causality cut"))?
                    .frames;
                check_causality(&output, &cut_run, cut_time, output_interval(&output))
            }
            None => check_causality(&output, &[], 0.0, output_interval(&output)),
        };
        reports.push(SettingReport {
            devices: count,
            condition,
            metrics,
            calibration: calibration_errors(&profile, &takes.truth.measures),
            causality,
            output_frames: output.len(),
            reactions,
        });
    }
    Ok(ClipReport {
        clip: clip.to_string(),
        duration_s,
        settings: reports,
    })
}

/// The median interval between output frames (1/90 s if fewer than two).
fn output_interval(frames: &[JointFrame]) -> f64 {
    let mut d: Vec<f64> = frames
        .windows(2)
        .map(|w| w[1].time_s - w[0].time_s)
        .collect();
    if d.is_empty() {
        return 1.0 / TRACKER_RATE_HZ;
    }
    d.sort_by(f64::total_cmp);
    d[d.len() / 2]
}

#[cfg(test)]
#[path = "protocol_tests.rs"]
mod tests;
