//! The command line's top level: the subcommands, with the help text users
//! see in `posewire --help`. Each command's flags live beside its `run`
//! (`posewire <subcommand> --help`).

use clap::{Parser, Subcommand};

use crate::calibrate_cmd::CalibrateArgs;
use crate::demo_clip::MakeDemoClipArgs;
use crate::eval_cmd::EvalArgs;
use crate::export_cmd::ExportArgs;
use crate::push_cmd::PushArgs;
use crate::record_cmd::{RecordArgs, TakesArgs};
use crate::relay_cmd::RelayArgs;
use crate::resolve_cmd::ResolveArgs;
use crate::serve_cmd::ServeArgs;
use crate::skin_cmd::SkinArgs;
use crate::solve_cmd::SolveArgs;
use crate::subscribe_cmd::SubscribeArgs;
use crate::synth_cmd::SynthArgs;
use crate::train_cmd::TrainArgs;

/// Turns 3-6 tracked VR devices into a whole human body.
///
/// Offline tools: make synthetic takes from motion capture (`synth`),
/// calibrate a body profile (`calibrate`), solve a tracker take into a
/// joint track (`solve`), measure reconstruction quality (`eval`) and put
/// a skinned character mesh on a joint track (`skin`).
/// Set RUST_LOG (for example RUST_LOG=debug) to change how much is logged
/// on stderr.
#[derive(Debug, Parser)]
#[command(name = "posewire", version, about, long_about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Make a synthetic tracker take and calibration take from a BVH
    /// motion-capture clip, plus the ground truth (for evaluation).
    ///
    /// Writes NAME.trackers.csv, NAME.calibration.csv, NAME.truth.joints.csv
    /// and NAME.truth.toml into the output folder (NAME = the clip's file
    /// name without `.bvh`), following EVALUATION.md section 1.
    Synth(SynthArgs),
    /// Estimate a body profile (body measures and where each device sits on
    /// the body) from a calibration take, and save it as TOML; or, with
    /// --server, run the calibration wizard on a running daemon.
    Calibrate(CalibrateArgs),
    /// Solve a tracker take into a joint track (*.joints.csv): the whole
    /// body at a fixed rate, from the first input time to the last.
    Solve(SolveArgs),
    /// Measure reconstruction quality on BVH clips: for every clip and every
    /// device set and condition, synthesize, calibrate, solve and compare
    /// with the ground truth (EVALUATION.md). Prints Markdown tables.
    Eval(EvalArgs),
    /// Put a character mesh on a joint track: retarget every frame onto a
    /// rigged glTF model (or the built-in body) and skin it, writing an OBJ
    /// sequence or one animated glTF; with --compare, render one pose with
    /// all three skinning methods side by side to a PNG.
    Skin(SkinArgs),
    /// Export a recorded take's solved body: BVH on the canonical skeleton
    /// at the person's proportions, glTF binary (skeleton, animation and a
    /// skinned mesh), or the joint-track CSV.
    Export(ExportArgs),
    /// Run the live daemon: devices in, bodies out over gRPC.
    ///
    /// With no configuration it runs the built-in `demo` person (walking,
    /// turning, reaching, crouching) and listens on 127.0.0.1:50051, this
    /// machine only. SIGINT (Ctrl-C) or SIGTERM shut it down cleanly.
    Serve(ServeArgs),
    /// Serve every avatar of a shared space (docs/SCALING.md) to viewers,
    /// simulating nothing: the frames of every node on the NATS bus merged
    /// into one stream (ids NODE/ID), with health, reflection, tokens and
    /// the web view as `serve` has them. More viewers: more relays.
    Relay(RelayArgs),
    /// Subscribe to a running daemon: print the live frame rate, latency
    /// and skipped frames once a second, or write the stream as a joint
    /// track (*.joints.csv).
    Subscribe(SubscribeArgs),
    /// Push a tracker take (*.trackers.csv) to a running daemon as live
    /// device samples of an avatar whose source is `push`.
    Push(PushArgs),
    /// Record an avatar on a running daemon into a take until Ctrl-C
    /// (progress on stderr; exits non-zero if the recording stops by an
    /// error, such as a full disk).
    Record(RecordArgs),
    /// List, rename, delete or download the daemon's takes, or add a
    /// marker to a recording in progress.
    Takes(TakesArgs),
    /// Solve a recorded take again from its raw device samples and store
    /// the result in the take as a new solved version (with unchanged
    /// settings it reproduces the live solve exactly).
    Resolve(ResolveArgs),
    /// Train a small learned component of the solver on the training
    /// corpus and write its weights (embedded in the solver at build time).
    Train(TrainArgs),
    /// Write the small procedural demo clip shipped in examples/ (a
    /// maintenance tool).
    #[command(hide = true)]
    MakeDemoClip(MakeDemoClipArgs),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli_choices::{ConditionArg, DeviceCount};
    use clap::CommandFactory;

    #[test]
    fn command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn solve_needs_a_profile_or_a_calibration() {
        let base = ["posewire", "solve", "--trackers", "t.csv", "--out", "o.csv"];
        assert!(Cli::try_parse_from(base).is_err());
        let with = base.iter().copied().chain(["--profile", "p.toml"]);
        assert!(Cli::try_parse_from(with).is_ok());
        let both = base
            .iter()
            .copied()
            .chain(["--profile", "p.toml", "--calibration", "c.csv"]);
        assert!(Cli::try_parse_from(both).is_err());
    }

    #[test]
    fn skin_needs_joints_unless_comparing() {
        let base = ["posewire", "skin", "--out", "d"];
        assert!(Cli::try_parse_from(base).is_err());
        assert!(Cli::try_parse_from(base.iter().copied().chain(["--compare"])).is_ok());
        let every0 = base
            .iter()
            .copied()
            .chain(["--joints", "j.csv", "--every", "0"]);
        assert!(Cli::try_parse_from(every0).is_err());
    }

    #[test]
    fn eval_lists_are_comma_separated() {
        let cli = Cli::try_parse_from([
            "posewire",
            "eval",
            "--bvh",
            "x",
            "--devices",
            "3,6",
            "--condition",
            "noisy",
        ])
        .expect("parses");
        let Command::Eval(args) = cli.command else {
            panic!("not eval");
        };
        assert_eq!(args.devices, vec![DeviceCount::Three, DeviceCount::Six]);
        assert_eq!(args.condition, vec![ConditionArg::Noisy]);
        assert!(Cli::try_parse_from(["posewire", "eval", "--bvh", "x", "--devices", "5"]).is_err());
    }
}
