//! `posewire solve`: a tracker take and a body (a saved profile, or a
//! calibration take to calibrate from) in, a joint track out.

use anyhow::Context as _;
use posewire_body::formats::{JointTrack, TrackerTake};
use posewire_body::BodyProfile;
use posewire_solver::{solve_take, SolveOptions, SolverKind};

use crate::calibrate_cmd::{calibrate_file, warn_invalid};
use crate::cli::{SolveArgs, SolverArg};

/// The solver behind a command-line choice.
pub fn solver_kind(arg: SolverArg) -> SolverKind {
    match arg {
        SolverArg::Ik => SolverKind::Ik,
    }
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
    let options = SolveOptions {
        rate_hz: args.rate,
        solver: solver_kind(args.solver),
        ..SolveOptions::default()
    };
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
        solver = %args.solver.name(),
        "solved"
    );
    Ok(())
}
