//! Offline, causal solving of a whole tracker take: one output frame per
//! solver tick from the first input time to the last, each computed only
//! from samples at or before its time.

use posewire_body::finger_curls::FingerCurls;
use posewire_body::fingers::{self, HandSkeleton};
use posewire_body::formats::{FingerFrame, JointFrame, TrackerSample, TrackerTake};
use posewire_body::{BodyProfile, Device};

use posewire_body::look_at::{LookAtConfig, LookAtConfigError};

use crate::ik::IkSettings;
use crate::learned::LearnedModels;
use crate::physics::{PhysicsSettings, ReactionCounts, Scene, WorldSettings};
use crate::settings::SolverSettings;
use crate::tick::{AvatarSolver, OfflineAvatar, SharedSpace};

/// Which solver turns devices into a body.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SolverKind {
    /// The kinematic baseline.
    Ik,
    /// The simulated body on rapier3d, tracking the kinematic reference
    /// (the default).
    #[default]
    Physics,
}

impl SolverKind {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Ik => "ik",
            SolverKind::Physics => "physics",
        }
    }

    /// Parses a command-line name.
    pub fn from_name(name: &str) -> Option<SolverKind> {
        match name {
            "ik" => Some(SolverKind::Ik),
            "physics" => Some(SolverKind::Physics),
            _ => None,
        }
    }
}

/// How to solve a take.
#[derive(Debug, Clone, PartialEq)]
pub struct SolveOptions {
    /// Output frames per second.
    pub rate_hz: f64,
    /// Which solver.
    pub solver: SolverKind,
    /// Settings of the kinematic solver.
    pub ik: IkSettings,
    /// The trunk's look-at chain (`None`: the shipped
    /// `configs/look_at.toml`).
    pub look_at: Option<LookAtConfig>,
    /// Settings of the physics solver (its reference uses `ik`, with the
    /// filter window of `physics.reference_filter_window`).
    pub physics: PhysicsSettings,
    /// What stands on the floor around the avatar (physics only).
    pub scene: Scene,
    /// How the physics world steps (its rate is `rate_hz`).
    pub world: WorldSettings,
    /// The learned networks (default: the embedded ones).
    pub models: LearnedModels,
}

impl SolveOptions {
    /// Options from settings (`--settings FILE`), at 90 Hz with the
    /// shipped look-at chain and no scene.
    pub fn from_settings(settings: &SolverSettings) -> SolveOptions {
        SolveOptions {
            solver: settings.kind,
            ik: settings.ik,
            physics: settings.physics,
            world: settings.world,
            ..SolveOptions::default()
        }
    }

    /// The solver's settings of these options.
    pub fn settings(&self) -> SolverSettings {
        SolverSettings {
            kind: self.solver,
            ik: self.ik,
            physics: self.physics,
            world: self.world,
        }
    }
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            rate_hz: 90.0,
            solver: SolverKind::Ik,
            ik: IkSettings::default(),
            look_at: None,
            physics: PhysicsSettings::default(),
            scene: Scene::default(),
            world: WorldSettings::default(),
            models: LearnedModels::embedded(),
        }
    }
}

/// Why a take could not be solved.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// The take has no rows at all.
    #[error("the tracker take is empty")]
    EmptyTake,
    /// The take never has a valid headset sample.
    #[error("the tracker take has no valid `head` sample: the headset is required")]
    NoHead,
    /// The rate is not a positive number.
    #[error("solver rate {0} Hz is not a positive number")]
    BadRate(f64),
    /// The rate would give more frames than one offline solve holds.
    #[error("{rate_hz} Hz over {span_s:.1} s would give {frames:.0} output frames; at most {max} fit in one solve: lower the rate or split the take")]
    TooManyFrames {
        /// The requested rate.
        rate_hz: f64,
        /// From the first to the last sample, seconds.
        span_s: f64,
        /// How many frames that would be.
        frames: f64,
        /// [`MAX_OUTPUT_FRAMES`].
        max: usize,
    },
    /// The look-at chain does not fit the body.
    #[error("the look-at chain cannot pose this body: {0}")]
    LookAt(#[from] LookAtConfigError),
    /// Sample times too large to resolve at the solver's rate.
    #[error("sample time {0} s is beyond {MAX_TIME_S} s and cannot be resolved at the solver rate: use times relative to the start of the take")]
    TimeTooLarge(f64),
    /// The take spans more time than one offline solve holds in memory.
    #[error("the take spans {span_s:.0} s; an offline solve covers at most {max_s:.0} s: split the take")]
    TooLong {
        /// From the first to the last sample, seconds.
        span_s: f64,
        /// The longest span solved at once, seconds.
        max_s: f64,
    },
}

/// The longest take one offline solve covers (its output frames are held in
/// memory: about 1.2 kB per frame, so two hours at 90 Hz is under 1 GB).
pub const MAX_TAKE_S: f64 = 2.0 * 3600.0;

/// The most output frames one offline solve produces (two hours at 90 Hz).
pub const MAX_OUTPUT_FRAMES: usize = 648_000;

/// Sample times beyond this (seconds, about the year 2286 as a Unix time)
/// cannot be told apart at the solver's rate in double precision.
pub const MAX_TIME_S: f64 = 1e10;

/// Solves a whole take with the body profile, causally. Frames start at the
/// first input time, or at the first tick with a headset sample if the
/// headset appears later.
pub fn solve_take(
    profile: &BodyProfile,
    take: &TrackerTake,
    options: &SolveOptions,
) -> Result<Vec<JointFrame>, SolveError> {
    solve_take_counted(profile, take, options).map(|s| s.frames)
}

/// A solved take and what its simulated body went through.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SolvedTake {
    /// One frame per tick from the first with a headset sample.
    pub frames: Vec<JointFrame>,
    /// The finger joints of each frame, posed from the hand controllers'
    /// inputs (`posewire_body::finger_curls`) under the solved wrists;
    /// empty when no sample of the take carries controller input.
    pub fingers: Vec<FingerFrame>,
    /// The body's state changes over the take (all zero for `ik`): the
    /// evaluation reports them per clip, where an unpushed clip must have
    /// none.
    pub reactions: ReactionCounts,
}

/// [`solve_take`], with the body's state changes.
pub fn solve_take_counted(
    profile: &BodyProfile,
    take: &TrackerTake,
    options: &SolveOptions,
) -> Result<SolvedTake, SolveError> {
    check_take(take, options)?;
    let settings = options.settings();
    let solver = match &options.look_at {
        Some(config) => AvatarSolver::with_look_at(profile, &settings, config, &options.models)?,
        None => AvatarSolver::with_models(profile, &settings, &options.models),
    };
    let skeleton = posewire_body::Skeleton::from_profile(profile);
    let mut space = SharedSpace::new(&settings, &options.scene, options.rate_hz);
    let mut avatar = [OfflineAvatar::new(solver)];
    let ticks = take_ticks(&take.samples, options.rate_hz);
    let mut frames = Vec::with_capacity(ticks.size_hint().0);
    let hands = HandSkeleton::from_skeleton(&skeleton);
    let mut curls = FingerCurls::new();
    let mut finger_frames = Vec::new();
    for (t, due) in ticks {
        avatar[0].samples.clear();
        avatar[0].samples.extend_from_slice(due);
        due.iter().for_each(|s| curls.push(s));
        // Before the first headset sample there is no body to show: output
        // starts at the first tick that has one (never borrowing from later
        // samples, which would break causality).
        let Some(Some(body)) = space.tick(&mut avatar, t).pop() else {
            continue;
        };
        frames.push(JointFrame {
            time_s: t,
            joints: body.pose.transforms(&skeleton),
        });
        finger_frames.push(fingers::world_transforms(
            &body.pose,
            &skeleton,
            &hands,
            &curls.at(t),
        ));
    }
    let [avatar] = avatar;
    if !curls.seen() {
        finger_frames.clear();
    }
    Ok(SolvedTake {
        frames,
        fingers: finger_frames,
        reactions: avatar.solver.reaction_counts(),
    })
}

/// Whether a take can be solved at the options' rate: not empty, with a
/// headset, not too long, its times and frame count within bounds.
fn check_take(take: &TrackerTake, options: &SolveOptions) -> Result<(), SolveError> {
    if !(options.rate_hz.is_finite() && options.rate_hz > 0.0) {
        return Err(SolveError::BadRate(options.rate_hz));
    }
    let (first, last) = match (take.samples.first(), take.samples.last()) {
        (Some(f), Some(l)) => (f.time_s, l.time_s),
        _ => return Err(SolveError::EmptyTake),
    };
    if !take
        .samples
        .iter()
        .any(|s| s.device == Device::Head && s.pose.is_some())
    {
        return Err(SolveError::NoHead);
    }
    if last - first > MAX_TAKE_S {
        return Err(SolveError::TooLong {
            span_s: last - first,
            max_s: MAX_TAKE_S,
        });
    }
    if let Some(t) = [first, last].into_iter().find(|t| t.abs() > MAX_TIME_S) {
        return Err(SolveError::TimeTooLarge(t));
    }
    let frames_needed = (last - first) * options.rate_hz + 1.0;
    if frames_needed > MAX_OUTPUT_FRAMES as f64 {
        return Err(SolveError::TooManyFrames {
            rate_hz: options.rate_hz,
            span_s: last - first,
            frames: frames_needed,
            max: MAX_OUTPUT_FRAMES,
        });
    }
    Ok(())
}

/// The ticks of a take's samples (in time order) at `rate_hz`, from its
/// first sample's time to the last tick at or before its last sample: each
/// tick's time with the samples that arrived since the tick before (a
/// sample at a tick's time belongs to it; samples after the last tick are
/// not yielded). What [`solve_take`] feeds its solver; a development tool
/// that steps a solver itself ticks the same way.
pub fn take_ticks(
    samples: &[TrackerSample],
    rate_hz: f64,
) -> impl Iterator<Item = (f64, &[TrackerSample])> {
    let (first, last) = match (samples.first(), samples.last()) {
        (Some(f), Some(l)) => (f.time_s, l.time_s),
        _ => (0.0, -1.0),
    };
    let interval = 1.0 / rate_hz;
    let count = if last >= first && interval.is_finite() && interval > 0.0 {
        // A span of more ticks than a usize counts saturates (the iterator
        // is lazy; `solve_take` bounds the span before it gets here).
        (((last - first) / interval + 1e-9).floor() as usize).saturating_add(1)
    } else {
        0
    };
    let mut next = 0;
    (0..count).map(move |k| {
        let t = first + k as f64 * interval;
        let from = next;
        while next < samples.len() && samples[next].time_s <= t + 1e-9 {
            next += 1;
        }
        (t, &samples[from..next])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::PhysicsSolver;

    #[test]
    fn each_tick_gets_the_samples_that_arrived_since_the_tick_before() {
        let at = |time_s: f64| TrackerSample {
            time_s,
            device: Device::Head,
            pose: None,
            input: None,
        };
        let samples = [at(1.0), at(1.005), at(1.0 + 1.0 / 90.0), at(1.02)];
        let ticks: Vec<(f64, Vec<f64>)> = take_ticks(&samples, 90.0)
            .map(|(t, due)| (t, due.iter().map(|s| s.time_s).collect()))
            .collect();
        assert_eq!(ticks.len(), 2, "{ticks:?}");
        assert_eq!(ticks[0].1, vec![1.0]);
        assert_eq!(ticks[1].1, vec![1.005, 1.0 + 1.0 / 90.0]);
        // The last sample lies between ticks and past the last one: no
        // tick is made for it (the take ends there).
        assert!(take_ticks(&[], 90.0).next().is_none());
        assert!(take_ticks(&samples, 0.0).next().is_none());
        assert!(take_ticks(&samples, f64::NAN).next().is_none());
        // More ticks than a usize counts: no overflow, the first ticks as
        // usual.
        let huge: Vec<f64> = take_ticks(&samples, 1e300)
            .take(3)
            .map(|(t, _)| t)
            .collect();
        assert_eq!(huge.len(), 3);
        assert_eq!(huge[0], samples[0].time_s);
    }

    /// A 2 s take of a headset and two hands standing still but shaking a
    /// few millimetres (noise the device filter smooths).
    fn shaky_take() -> TrackerTake {
        let profile = BodyProfile::from_stature(1.75);
        let rest = posewire_body::BodyPose::rest(&posewire_body::Skeleton::from_profile(&profile))
            .transforms(&posewire_body::Skeleton::from_profile(&profile));
        let mut samples = Vec::new();
        for k in 0..180 {
            let time_s = k as f64 / 90.0;
            for (n, (device, joint)) in [
                (Device::Head, posewire_body::Joint::Head),
                (Device::LeftHand, posewire_body::Joint::LeftWrist),
                (Device::RightHand, posewire_body::Joint::RightWrist),
            ]
            .into_iter()
            .enumerate()
            {
                let shake = |i: f64| {
                    ((k as f64 * 12.9898 + n as f64 * 78.233 + i).sin() * 43758.5453).fract()
                };
                let mut pose = rest[joint];
                pose.position +=
                    posewire_body::glam::DVec3::new(shake(1.0), shake(2.0), shake(3.0)) * 0.004;
                samples.push(TrackerSample {
                    time_s,
                    device,
                    pose: Some(pose),
                    input: None,
                });
            }
        }
        TrackerTake {
            samples,
            ..Default::default()
        }
    }

    #[test]
    fn a_physics_solve_filters_its_reference_over_the_physics_window() {
        let profile = BodyProfile::from_stature(1.75);
        let take = shaky_take();
        let solve = |ik_window: usize, reference_window: usize| {
            let mut options = SolveOptions {
                solver: SolverKind::Physics,
                ..SolveOptions::default()
            };
            options.ik.filter.window = ik_window;
            options.physics.reference_filter_window = reference_window;
            solve_take(&profile, &take, &options).map(|frames| {
                frames
                    .iter()
                    .map(|f| f.joints[posewire_body::Joint::Head].position)
                    .collect::<Vec<_>>()
            })
        };
        let (Ok(a), Ok(b), Ok(c)) = (solve(9, 7), solve(3, 7), solve(9, 3)) else {
            panic!("the shaky take solves");
        };
        // The `ik` window does not reach the physics reference; its own
        // window does.
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn a_physics_avatar_filters_its_reference_over_the_physics_window() {
        // The daemon's path: the controller builds its own reference solver.
        let profile = BodyProfile::from_stature(1.75);
        let take = shaky_take();
        let run = |ik_window: usize, reference_window: usize| {
            let mut settings = PhysicsSettings::default();
            settings.ik.filter.window = ik_window;
            settings.reference_filter_window = reference_window;
            let mut solver = PhysicsSolver::new(
                &profile,
                settings,
                &Scene::default(),
                WorldSettings::default(),
            );
            let mut pelvis = Vec::new();
            for (t, due) in take_ticks(&take.samples, 90.0) {
                for sample in due {
                    solver.push(sample);
                }
                if let Some(f) = solver.step(t) {
                    pelvis.push(f.reference.root);
                }
            }
            pelvis
        };
        let (a, b, c) = (run(9, 7), run(3, 7), run(9, 3));
        assert!(a.len() > 100, "{} frames", a.len());
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}
