//! `posewire synth`: a BVH clip in, a synthetic tracker take, calibration
//! take and ground truth out (EVALUATION.md section 1).

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use posewire_body::bvh::Bvh;
use posewire_body::DeviceSet;
use posewire_evaluation::protocol::clip_name;
use posewire_evaluation::{synthesize, write_truth, Condition, SynthOptions};

use crate::cli_choices::{ConditionArg, DeviceCount};

/// `posewire synth`.
#[derive(Debug, Args)]
pub struct SynthArgs {
    /// The BVH motion-capture clip (CMU skeleton, see the data README).
    #[arg(long, value_name = "CLIP.bvh")]
    pub bvh: PathBuf,
    /// How many devices the person wears: 3 (head and hands), 4 (+ pelvis)
    /// or 6 (+ both feet).
    #[arg(long, value_name = "3|4|6", default_value = "3")]
    pub devices: DeviceCount,
    /// Clean device poses, or noisy ones with short tracking losses.
    #[arg(long, default_value = "clean")]
    pub condition: ConditionArg,
    /// Seed of the random draws (device offsets and mounts, calibration
    /// placement, noise): the same seed gives the same files.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Folder to write the takes and the ground truth into (created if
    /// missing).
    #[arg(long, value_name = "DIR")]
    pub out_dir: PathBuf,
}

/// The evaluation condition of a command-line choice.
pub fn condition(arg: ConditionArg) -> Condition {
    match arg {
        ConditionArg::Clean => Condition::Clean,
        ConditionArg::Noisy => Condition::Noisy,
    }
}

/// The standard device set of a command-line count.
pub fn device_set(count: DeviceCount) -> anyhow::Result<DeviceSet> {
    DeviceSet::standard(count.count())
        .with_context(|| format!("no standard set of {} devices", count.count()))
}

/// Runs `posewire synth`.
pub fn run(args: &SynthArgs) -> anyhow::Result<()> {
    let bvh = Bvh::read(&args.bvh).context("cannot read the BVH clip")?;
    let name = clip_name(&args.bvh);
    let options = SynthOptions {
        devices: device_set(args.devices)?,
        condition: condition(args.condition),
        seed: args.seed,
    };
    let takes = synthesize(&bvh, &name, &options)
        .with_context(|| format!("cannot synthesize takes from {}", args.bvh.display()))?;
    std::fs::create_dir_all(&args.out_dir)
        .with_context(|| format!("cannot create the folder {}", args.out_dir.display()))?;
    let trackers = args.out_dir.join(format!("{name}.trackers.csv"));
    let calibration = args.out_dir.join(format!("{name}.calibration.csv"));
    takes
        .trackers
        .write(&trackers)
        .context("cannot write the tracker take")?;
    takes
        .calibration
        .write(&calibration)
        .context("cannot write the calibration take")?;
    write_truth(&takes.truth, &args.out_dir, &name).context("cannot write the ground truth")?;
    let span = takes.trackers.time_range().map_or(0.0, |(a, b)| b - a);
    tracing::info!(
        trackers = %trackers.display(),
        calibration = %calibration.display(),
        devices = args.devices.count(),
        condition = %args.condition.name(),
        seconds = %format!("{span:.2}"),
        "wrote synthetic takes and the ground truth ({name}.truth.joints.csv, {name}.truth.toml)"
    );
    Ok(())
}
