//! Development aid: how much of the error the calibrated device offsets
//! cause. Over the no-prop clips of a folder, clean, for one device set:
//! each device's mean offset error (calibrated against true, in its bone's
//! frame, per axis), and the no-prop MPJPE with the calibrated offsets,
//! with the true ones put in their place (everything else as calibrated),
//! and with the true offset of ONE device (`--per device`) or one axis of
//! one device (`--per axis`) put in, each beside its gain over the
//! calibrated offsets. `--legs`: also the calibrated leg length split
//! into thigh and shin at the true ratio (`true leg split`), the true thigh
//! and shin (`true legs`), and those with every true offset (`true legs
//! and offsets`). `--solver physics`: the physics solver instead of
//! `ik`. `--stride k`: every k-th clip only (exploration; final numbers on
//! all). `--threads n`: clips solved on n threads (default 1).
//!
//! `cargo run --release -p posewire-tools --bin offset_oracle -- ../shared/data/mocap 6`
//! `cargo run --release -p posewire-tools --bin offset_oracle -- ../shared/data/mocap-train 6 --per axis --stride 3`
//! `--settings FILE` (a `[solver]` table, as `posewire solve --settings`)
//! sets the solver's settings.

use std::path::{Path, PathBuf};

use posewire_body::bvh::Bvh;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyProfile, Device, DeviceSet, Joint, Source};
use posewire_evaluation::protocol::{bvh_clips, clip_name, is_prop_clip, setting_takes_with};
use posewire_evaluation::synth::{Condition, SynthExtras};
use posewire_evaluation::Metrics;
use posewire_solver::{solve_take, SolveOptions};
use posewire_tools::choices::SolverArg;

/// Which part of the true offsets a variant puts in.
#[derive(Debug, Clone, Copy)]
enum Variant {
    /// None: the calibrated offsets.
    Calibrated,
    /// Every device's true offset.
    AllTrue,
    /// One device's true offset.
    Device(Device),
    /// One axis (0 x, 1 y, 2 z, in the bone frame) of one device.
    Axis(Device, usize),
    /// The calibrated thigh + shin split at the true thigh / shin ratio.
    LegSplit,
    /// The true thigh and shin lengths.
    TrueLegs,
    /// The true thigh and shin lengths and every true offset.
    TrueLegsAndOffsets,
}

impl Variant {
    fn label(self) -> String {
        match self {
            Variant::Calibrated => "calibrated offsets".into(),
            Variant::AllTrue => "true offsets".into(),
            Variant::Device(d) => format!("true {}", d.name()),
            Variant::Axis(d, a) => format!("true {}.{}", d.name(), ["x", "y", "z"][a]),
            Variant::LegSplit => "true leg split".into(),
            Variant::TrueLegs => "true legs".into(),
            Variant::TrueLegsAndOffsets => "true legs and offsets".into(),
        }
    }

    /// The offset this variant gives a device, from the calibrated one and
    /// the true one.
    fn offset(self, device: Device, calibrated: DVec3, truth: DVec3) -> DVec3 {
        match self {
            Variant::Calibrated => calibrated,
            Variant::AllTrue | Variant::TrueLegsAndOffsets => truth,
            Variant::Device(d) if d == device => truth,
            Variant::Axis(d, a) if d == device => {
                let mut o = calibrated;
                o[a] = truth[a];
                o
            }
            _ => calibrated,
        }
    }
}

/// One clip's results: per device, the calibrated offset's error vector
/// (bone frame); per variant, the metrics.
struct ClipResult {
    errors: Vec<(Device, DVec3)>,
    metrics: Vec<Metrics>,
}

/// Which single offsets are also put in true.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum Per {
    /// Per device.
    Device,
    /// Per device and per axis of each device.
    Axis,
}

/// How much of the error the calibrated device offsets cause.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    #[command(flatten)]
    clips: posewire_tools::choices::ClipsAndDevices,
    /// Also put in the true offset of one device (or axis) at a time.
    #[arg(long, value_enum)]
    per: Option<Per>,
    /// The solver.
    #[arg(long, value_enum, default_value_t = SolverArg::Ik)]
    solver: SolverArg,
    /// Every k-th no-prop clip only.
    #[arg(long, default_value_t = 1)]
    stride: usize,
    /// Also put in the true leg segments (split, lengths, with offsets).
    #[arg(long)]
    legs: bool,
    /// Calibrate without `CalibrationOptions::pelvis_height_prior`.
    #[arg(long)]
    no_pelvis_height_prior: bool,
    /// Calibrate without `CalibrationOptions::feet_under_hips`.
    #[arg(long)]
    no_feet_under_hips: bool,
    /// Clips solved at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[command(flatten)]
    settings: posewire_tools::solver_file::SolverFile,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = <Args as clap::Parser>::parse();
    let dir = args.clips.dir.clone();
    let devices = args.clips.device_set()?;
    let mut options = args.settings.options()?;
    options.solver = args.solver.into();
    let stride = args.stride.max(1);
    let threads = args.threads.max(1);
    let mut variants = variants(devices, args.per);
    if args.legs {
        variants.extend([
            Variant::LegSplit,
            Variant::TrueLegs,
            Variant::TrueLegsAndOffsets,
        ]);
    }
    let mut clips = bvh_clips(&dir)?;
    clips.retain(|p| !is_prop_clip(&clip_name(p)));
    let clips: Vec<PathBuf> = clips.into_iter().step_by(stride).collect();
    let extras = SynthExtras {
        calibration: posewire_calibration::CalibrationOptions {
            pelvis_height_prior: !args.no_pelvis_height_prior,
            feet_under_hips: !args.no_feet_under_hips,
            ..Default::default()
        },
        ..Default::default()
    };
    let results = run_clips(&clips, threads, &|clip| {
        solve_clip(clip, devices, &options, &variants, &extras)
    })?;
    print_offset_errors(&results);
    print_variants(&variants, &results);
    Ok(())
}

/// The variants to run: calibrated, all true, and per device or per axis
/// as `--per` asks.
fn variants(devices: DeviceSet, per: Option<Per>) -> Vec<Variant> {
    let mut v = vec![Variant::Calibrated, Variant::AllTrue];
    for d in devices.iter() {
        match per {
            Some(Per::Device) => v.push(Variant::Device(d)),
            Some(Per::Axis) => {
                v.push(Variant::Device(d));
                v.extend((0..3).map(|a| Variant::Axis(d, a)));
            }
            None => {}
        }
    }
    v
}

/// Runs `f` on every clip, on `threads` threads, results in clip order.
fn run_clips(
    clips: &[PathBuf],
    threads: usize,
    f: &(dyn Fn(&Path) -> Result<ClipResult, String> + Sync),
) -> Result<Vec<ClipResult>, String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let slots: Vec<std::sync::Mutex<Option<Result<ClipResult, String>>>> =
        clips.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(clip) = clips.get(i) else { break };
                let r = f(clip);
                eprintln!("{}", clip_name(clip));
                if let Ok(mut slot) = slots[i].lock() {
                    *slot = Some(r);
                }
            });
        }
    });
    slots
        .into_iter()
        .map(|m| {
            m.into_inner()
                .map_err(|e| e.to_string())?
                .unwrap_or_else(|| Err("clip not run".into()))
        })
        .collect()
}

/// Solves one clip clean with every variant's offsets.
fn solve_clip(
    clip: &Path,
    devices: DeviceSet,
    options: &SolveOptions,
    variants: &[Variant],
    extras: &SynthExtras,
) -> Result<ClipResult, String> {
    let bvh = Bvh::read(clip).map_err(|e| e.to_string())?;
    let name = clip_name(clip);
    let (takes, profile) = setting_takes_with(&bvh, &name, devices, Condition::Clean, 1, extras)
        .map_err(|e| e.to_string())?;
    let mut errors = Vec::new();
    for truth in &takes.truth.devices {
        if let Some(mount) = profile.tracker(truth.device) {
            errors.push((truth.device, mount.offset() - truth.offset));
        }
    }
    let start = takes.trackers.samples.first().map_or(0.0, |s| s.time_s)
        + posewire_evaluation::protocol::SETTLING_S;
    let mut metrics = Vec::new();
    let first = takes
        .truth
        .frames
        .first()
        .ok_or_else(|| format!("{name}: no ground-truth frames"))?;
    let len = |a: Joint, b: Joint| (first.joints[a].position - first.joints[b].position).length();
    let true_thigh =
        0.5 * (len(Joint::LeftHip, Joint::LeftKnee) + len(Joint::RightHip, Joint::RightKnee));
    let true_shin =
        0.5 * (len(Joint::LeftKnee, Joint::LeftAnkle) + len(Joint::RightKnee, Joint::RightAnkle));
    for &variant in variants {
        let mut p = with_offsets(&profile, &takes.truth.devices, variant);
        match variant {
            Variant::LegSplit => {
                let legs = p.segments.thigh + p.segments.shin;
                p.segments.thigh = legs * true_thigh / (true_thigh + true_shin);
                p.segments.shin = legs - p.segments.thigh;
            }
            Variant::TrueLegs | Variant::TrueLegsAndOffsets => {
                p.segments.thigh = true_thigh;
                p.segments.shin = true_shin;
            }
            _ => {}
        }
        let frames = solve_take(&p, &takes.trackers, options).map_err(|e| e.to_string())?;
        metrics.push(
            posewire_evaluation::evaluate(&frames, &takes.truth.frames, start)
                .map_err(|e| e.to_string())?,
        );
    }
    Ok(ClipResult { errors, metrics })
}

/// The profile with the offsets of `variant` put in.
fn with_offsets(
    profile: &BodyProfile,
    truths: &[posewire_evaluation::truth::DeviceTruth],
    variant: Variant,
) -> BodyProfile {
    let mut p = profile.clone();
    for truth in truths {
        let Some(mount) = profile.tracker(truth.device) else {
            continue;
        };
        let [x, y, z, w] = mount.mount_rotation;
        p.set_tracker(
            truth.device,
            variant.offset(truth.device, mount.offset(), truth.offset),
            DQuat::from_xyzw(x, y, z, w),
            Source::Measured,
            mount.mount_source,
        );
    }
    p
}

/// Per device: the mean length of the calibrated offset's error and the
/// mean absolute error per bone axis, cm.
fn print_offset_errors(results: &[ClipResult]) {
    for d in Device::ALL {
        let e: Vec<DVec3> = results
            .iter()
            .flat_map(|r| r.errors.iter().filter(|x| x.0 == d).map(|x| x.1))
            .collect();
        if e.is_empty() {
            continue;
        }
        let n = e.len() as f64;
        let len = e.iter().map(|v| v.length()).sum::<f64>() / n;
        let abs = e.iter().map(|v| v.abs()).sum::<DVec3>() / n;
        println!(
            "{:12} offset error {:.2} cm (|x| {:.2} |y| {:.2} |z| {:.2})",
            d.name(),
            100.0 * len,
            100.0 * abs.x,
            100.0 * abs.y,
            100.0 * abs.z
        );
    }
}

/// Per variant: the no-prop means and the MPJPE gain over the calibrated
/// offsets.
fn print_variants(variants: &[Variant], results: &[ClipResult]) {
    let means: Vec<Metrics> = (0..variants.len())
        .map(|i| {
            let m: Vec<Metrics> = results.iter().map(|r| r.metrics[i]).collect();
            posewire_evaluation::mean_metrics(&m)
        })
        .collect();
    let base = means.first().map_or(0.0, |m| m.mpjpe_cm);
    for (v, m) in variants.iter().zip(&means) {
        println!(
            "{:22} MPJPE {:.3} (gain {:+.3}) upper {:.2} lower {:.2} hand {:.2} cm ({} clips)",
            v.label(),
            m.mpjpe_cm,
            base - m.mpjpe_cm,
            m.upper_pe_cm,
            m.lower_pe_cm,
            m.hand_pe_cm,
            results.len()
        );
    }
}
