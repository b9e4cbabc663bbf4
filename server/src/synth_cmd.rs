//! `posewire synth`: a BVH clip in, a synthetic tracker take, calibration
//! take and ground truth out (EVALUATION.md section 1).

use anyhow::Context as _;
use posewire_body::bvh::Bvh;
use posewire_body::DeviceSet;
use posewire_evaluation::protocol::clip_name;
use posewire_evaluation::{synthesize, write_truth, Condition, SynthOptions};

use crate::cli::{ConditionArg, DeviceCount, SynthArgs};

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
