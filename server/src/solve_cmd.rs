//! `posewire solve`: a tracker take and a body (a saved profile, or a
//! calibration take to calibrate from) in, a joint track out.

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use posewire_body::formats::{JointTrack, TrackerTake};
use posewire_body::look_at::LookAtConfig;
use posewire_body::{BodyProfile, Skeleton};
use posewire_solver::physics::Scene;
use posewire_solver::trunk::LookAtTrunk;
use posewire_solver::{solve_take, SolveOptions, SolverKind, SolverSettings, TrunkMode};

use crate::calibrate_cmd::{calibrate_file, warn_invalid};
use crate::cli_choices::{SolverArg, TrunkArg};

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
    /// The solver's settings (TOML: a `[solver]` table as in the daemon's
    /// configuration, any subset of its keys; see configs/default.toml).
    /// Without it, the built-in defaults: the tuned values.
    #[arg(long, value_name = "SETTINGS.toml")]
    pub settings: Option<PathBuf>,
    /// Which solver to use: the simulated body (`physics`) or the kinematic
    /// baseline (`ik`); overrides --settings (default: its `kind`, else
    /// physics).
    #[arg(long)]
    pub solver: Option<SolverArg>,
    /// How the trunk shares the head's rotation; overrides --settings
    /// (default: its `ik.trunk`, else look-at).
    #[arg(long)]
    pub trunk: Option<TrunkArg>,
    /// A look-at chain of one's own (TOML, as configs/look_at.toml; its
    /// joints must be lumbar, chest, neck, head and optionally eyes).
    #[arg(long, value_name = "LOOK_AT.toml")]
    pub look_at_config: Option<PathBuf>,
    /// Static boxes and walls around the avatar (TOML, see
    /// configs/scene_example.toml; physics solver only; the floor is always
    /// there).
    #[arg(long, value_name = "SCENE.toml")]
    pub scene: Option<PathBuf>,
    /// Output frames per second.
    #[arg(long, value_name = "HZ", default_value_t = 90.0)]
    pub rate: f64,
}

/// The trunk mode behind a command-line choice.
pub fn trunk_mode(arg: TrunkArg) -> TrunkMode {
    match arg {
        TrunkArg::LookAt => TrunkMode::LookAt,
        TrunkArg::NeckOnly => TrunkMode::NeckOnly,
    }
}

/// Reads a look-at chain given on the command line (`None`: the shipped
/// one).
pub fn load_look_at(path: Option<&std::path::Path>) -> anyhow::Result<Option<LookAtConfig>> {
    let Some(path) = path else {
        return Ok(None);
    };
    let text =
        posewire_body::bounded_read::read_text_bounded(path, posewire_body::bounded_read::TOML)
            .map_err(|e| anyhow::anyhow!("cannot read the look-at chain: {e}"))?;
    let config = LookAtConfig::from_toml(&text, &path.display().to_string())?;
    // The trunk needs its own joints; say so now rather than once per take.
    let average = BodyProfile::from_stature(1.75);
    LookAtTrunk::new(&config, &Skeleton::from_profile(&average), 1.75)
        .with_context(|| format!("{} cannot pose the trunk", path.display()))?;
    Ok(Some(config))
}

/// The solver behind a command-line choice.
pub fn solver_kind(arg: SolverArg) -> SolverKind {
    match arg {
        SolverArg::Ik => SolverKind::Ik,
        SolverArg::Physics => SolverKind::Physics,
    }
}

/// The solve options of `--settings FILE` (or the built-in defaults) with
/// the `--solver` and `--trunk` flags over them.
pub fn options_from_args(
    settings: Option<&std::path::Path>,
    solver: Option<SolverArg>,
    trunk: Option<TrunkArg>,
) -> anyhow::Result<SolveOptions> {
    let settings = match settings {
        Some(path) => SolverSettings::load(path).context("--settings")?,
        None => SolverSettings::default(),
    };
    let mut options = SolveOptions::from_settings(&settings);
    if let Some(solver) = solver {
        options.solver = solver_kind(solver);
    }
    if let Some(trunk) = trunk {
        options.ik.trunk = trunk_mode(trunk);
    }
    Ok(options)
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
    let look_at = load_look_at(args.look_at_config.as_deref())?;
    let scene = match &args.scene {
        Some(path) => Scene::load(path)?,
        None => Scene::default(),
    };
    let options = SolveOptions {
        rate_hz: args.rate,
        look_at,
        scene,
        ..options_from_args(args.settings.as_deref(), args.solver, args.trunk)?
    };
    if args.scene.is_some() && options.solver != SolverKind::Physics {
        tracing::warn!("--scene only matters to the physics solver; the ik solver ignores it");
    }
    let frames = solve_take(&profile, &take, &options)
        .with_context(|| format!("cannot solve {}", args.trackers.display()))?;
    let count = frames.len();
    let span = match (frames.first(), frames.last()) {
        (Some(a), Some(b)) => b.time_s - a.time_s,
        _ => 0.0,
    };
    crate::create_parent(&args.out)?;
    JointTrack {
        frames,
        has_rotations: true,
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
