//! Development aid: how much of the error the calibrated device offsets
//! cause. Over the no-prop dev clips, clean, for one device set: each
//! device's mean offset error (calibrated against true, in its bone's
//! frame), and the no-prop MPJPE with the calibrated offsets and with the
//! true ones put in their place (everything else as calibrated). PHYSICS
//! (set): the physics solver instead of `ik`.
//!
//! `cargo run --release -p posewire-evaluation --example offset_oracle -- ../shared/data/mocap 6`
//! `--settings FILE` (a `[solver]` table, as `posewire solve --settings`)
//! sets the base settings; the environment variables apply on top.

use std::collections::BTreeMap;
use std::path::PathBuf;

use posewire_body::bvh::Bvh;
use posewire_body::glam::DVec3;
use posewire_body::{DeviceSet, Source};
use posewire_evaluation::protocol::{bvh_clips, clip_name, is_prop_clip, setting_takes};
use posewire_evaluation::synth::Condition;
use posewire_solver::{solve_take, SolverKind};

#[path = "common/settings_arg.rs"]
mod settings_arg;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().collect();
    let settings = settings_arg::take_settings(&mut args)?;
    let dir = PathBuf::from(args.get(1).map_or("../shared/data/mocap", String::as_str));
    let count: usize = args.get(2).map_or(Ok(6), |s| s.parse())?;
    let devices = DeviceSet::standard(count).ok_or("devices must be 3, 4 or 6")?;
    let mut options = settings_arg::options(settings.as_ref());
    if std::env::var("PHYSICS").is_ok() {
        options.solver = SolverKind::Physics;
    }
    let mut clips = bvh_clips(&dir)?;
    clips.retain(|p| !is_prop_clip(&clip_name(p)));
    let mut errors: BTreeMap<&'static str, (f64, usize)> = BTreeMap::new();
    let (mut calibrated, mut true_offsets) = (Vec::new(), Vec::new());
    for clip in &clips {
        let bvh = Bvh::read(clip)?;
        let name = clip_name(clip);
        let (takes, profile) = setting_takes(&bvh, &name, devices, Condition::Clean, 1)?;
        let mut oracle = profile.clone();
        for truth in &takes.truth.devices {
            let Some(mount) = profile.tracker(truth.device) else {
                continue;
            };
            let offset = DVec3::from_array(mount.offset_position);
            let e = errors.entry(truth.device.name()).or_insert((0.0, 0));
            e.0 += (offset - truth.offset).length();
            e.1 += 1;
            let [x, y, z, w] = mount.mount_rotation;
            oracle.set_tracker(
                truth.device,
                truth.offset,
                posewire_body::glam::DQuat::from_xyzw(x, y, z, w),
                Source::Measured,
                mount.mount_source,
            );
        }
        let start = takes.trackers.samples.first().map_or(0.0, |s| s.time_s)
            + posewire_evaluation::protocol::SETTLING_S;
        for (p, out) in [(&profile, &mut calibrated), (&oracle, &mut true_offsets)] {
            let frames = solve_take(p, &takes.trackers, &options)?;
            out.push(posewire_evaluation::evaluate(
                &frames,
                &takes.truth.frames,
                start,
            )?);
        }
    }
    for (device, (sum, n)) in &errors {
        println!(
            "{device:12} offset error {:.2} cm",
            100.0 * sum / (*n).max(1) as f64
        );
    }
    for (label, metrics) in [
        ("calibrated offsets", &calibrated),
        ("true offsets", &true_offsets),
    ] {
        let m = posewire_evaluation::mean_metrics(metrics);
        println!(
            "{label:18} MPJPE {:.3} upper {:.2} lower {:.2} hand {:.2} cm ({} clips)",
            m.mpjpe_cm,
            m.upper_pe_cm,
            m.lower_pe_cm,
            m.hand_pe_cm,
            metrics.len()
        );
    }
    Ok(())
}
