//! `posewire solve`: a tracker take and a body (a saved profile, or a
//! calibration take to calibrate from) in, a joint track out.

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use posewire_body::formats::{JointTrack, TrackerTake};
use posewire_body::BodyProfile;
use posewire_solver::physics::Scene;
use posewire_solver::{solve_take_counted, SolveOptions, SolverKind};

use crate::calibrate_cmd::{calibrate_file, warn_invalid};
use crate::solver_choice::SolverChoiceArgs;

/// `posewire solve`.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("body").required(true).args(["calibration", "profile"]))]
pub struct SolveArgs {
    /// A calibration take to calibrate from first (instead of --profile).
    #[arg(long, value_name = "CALIBRATION.csv")]
    pub calibration: Option<PathBuf>,
    /// A saved body profile from `posewire calibrate` (instead of
    /// --calibration).
    #[arg(long, value_name = "PROFILE.toml")]
    pub profile: Option<PathBuf>,
    /// The tracker take to solve (*.trackers.csv).
    #[arg(long, value_name = "TRACKERS.csv")]
    pub trackers: PathBuf,
    /// Where to write the joint track (*.joints.csv).
    #[arg(long, value_name = "JOINTS.csv")]
    pub out: PathBuf,
    /// The solver: settings file, flags, look-at chain.
    #[command(flatten)]
    pub choice: SolverChoiceArgs,
    /// Static boxes and walls around the avatar (TOML, see
    /// configs/scene_example.toml; physics solver only; the floor is always
    /// there).
    #[arg(long, value_name = "SCENE.toml")]
    pub scene: Option<PathBuf>,
    /// Output frames per second.
    #[arg(long, value_name = "HZ", default_value_t = 90.0)]
    pub rate: f64,
}

/// Runs `posewire solve`.
pub fn run(args: &SolveArgs) -> anyhow::Result<()> {
    let profile = match (&args.calibration, &args.profile) {
        (Some(calibration), _) => calibrate_file(calibration)?.profile,
        (None, Some(path)) => BodyProfile::load(path).context("cannot load the body profile")?,
        (None, None) => {
            anyhow::bail!("give a body: --profile PROFILE.toml or --calibration CALIBRATION.csv")
        }
    };
    let take = TrackerTake::read(&args.trackers).context("cannot read the tracker take")?;
    warn_invalid(&args.trackers, &take.invalid);
    for device in take.devices().iter() {
        if profile.tracker(device).is_none() {
            tracing::warn!(
                "{}: device `{device}` is not in the body profile (it was not seen during calibration), so its mount is unknown",
                args.trackers.display()
            );
        }
    }
    let scene = match &args.scene {
        Some(path) => Scene::load(path)?,
        None => Scene::default(),
    };
    let options = SolveOptions {
        rate_hz: args.rate,
        scene,
        ..args.choice.options()?
    };
    if args.scene.is_some() && options.solver != SolverKind::Physics {
        tracing::warn!("--scene only matters to the physics solver; the ik solver ignores it");
    }
    let solved = solve_take_counted(&profile, &take, &options)
        .with_context(|| format!("cannot solve {}", args.trackers.display()))?;
    let frames = solved.frames;
    let count = frames.len();
    let span = match (frames.first(), frames.last()) {
        (Some(a), Some(b)) => b.time_s - a.time_s,
        _ => 0.0,
    };
    crate::create_parent(&args.out)?;
    JointTrack {
        frames,
        has_rotations: true,
        fingers: solved.fingers,
    }
    .write(&args.out)
    .context("cannot write the joint track")?;
    tracing::info!(
        joints = %args.out.display(),
        frames = count,
        seconds = %format!("{span:.2}"),
        rate_hz = args.rate,
        solver = %options.solver.name(),
        "solved"
    );
    Ok(())
}
