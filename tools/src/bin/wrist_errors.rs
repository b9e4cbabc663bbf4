//! Development aid: where the wrist error comes from. Over the no-prop
//! clips of a folder, one device set and condition: the hand offsets'
//! calibrated error per bone axis; the solver's wrist error overall and by
//! the true wrist's speed; the wrist placed directly from each controller
//! sample through the calibrated offset (and through the true one); how far
//! the solver's wrist is from that direct one; the lag; and the arm lengths
//! and shoulder width, calibrated against true.
//!
//! `cargo run --release -p posewire-tools --bin wrist_errors -- ../shared/data/mocap 6 --condition clean`

use posewire_tools::hands::HANDS;
use std::path::Path;

use posewire_body::bvh::Bvh;
use posewire_body::formats::JointFrame;
use posewire_body::glam::DVec3;
use posewire_body::{Device, Joint};
use posewire_evaluation::protocol::{bvh_clips, clip_name, is_prop_clip, setting_takes};
use posewire_solver::solve_take;
use posewire_tools::choices::{ConditionArg, SolverArg};
use posewire_tools::truth::truth_at;

/// Where the wrist error comes from.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    #[command(flatten)]
    clips: posewire_tools::choices::ClipsAndDevices,
    /// The condition.
    #[arg(long, value_enum, default_value_t = ConditionArg::Clean)]
    condition: ConditionArg,
    /// The solver.
    #[arg(long, value_enum, default_value_t = SolverArg::Ik)]
    solver: SolverArg,
    /// Every k-th no-prop clip only.
    #[arg(long, default_value_t = 1)]
    stride: usize,
    /// Calibrate without the symmetric arms (the hand offsets' open
    /// directions at their nominal values).
    #[arg(long)]
    no_symmetric_arms: bool,
    #[command(flatten)]
    settings: posewire_tools::solver_file::SolverFile,
}

/// Running sums of one quantity.
#[derive(Debug, Default, Clone, Copy)]
struct Mean {
    sum: f64,
    n: f64,
}

impl Mean {
    fn add(&mut self, v: f64) {
        self.sum += v;
        self.n += 1.0;
    }
    fn get(&self) -> f64 {
        if self.n > 0.0 {
            self.sum / self.n
        } else {
            f64::NAN
        }
    }
}

/// Everything summed over the clips (cm where a length).
#[derive(Debug, Default)]
struct Sums {
    offset_len: Mean,
    offset_abs: [Mean; 3],
    offset_signed: [Mean; 3],
    solver: Mean,
    by_speed: [Mean; 3],
    share_by_speed: [Mean; 3],
    direct_cal: Mean,
    direct_true: Mean,
    /// The direct wrist's per-clip mean (as eval's hand PE averages).
    direct_cal_clip: Mean,
    solver_vs_direct: Mean,
    solver_vs_direct_fast: Mean,
    lag_ms: Mean,
    hand_pe: Mean,
    upper_arm_err: Mean,
    forearm_err: Mean,
    shoulder_width_err: Mean,
    true_ratio: Vec<f64>,
    forearm_asymmetry: Mean,
    head_x: Mean,
    pelvis_x: Mean,
    /// Solver wrist from the direct one where the direct wrist is beyond
    /// the arm's reach from the solver's shoulder, and where not.
    gap_out_of_reach: Mean,
    gap_in_reach: Mean,
    out_of_reach_share: Mean,
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let devices = args.clips.device_set()?;
    let mut options = args.settings.options()?;
    options.solver = args.solver.into();
    let mut clips = bvh_clips(&args.clips.dir)?;
    clips.retain(|p| !is_prop_clip(&clip_name(p)));
    let mut sums = Sums::default();
    for clip in clips.iter().step_by(args.stride.max(1)) {
        clip_sums(
            clip,
            devices,
            args.condition,
            &options,
            !args.no_symmetric_arms,
            &mut sums,
        )?;
        eprintln!("{}", clip_name(clip));
    }
    print(&sums);
    Ok(())
}

/// Adds one clip's figures.
fn clip_sums(
    clip: &Path,
    devices: posewire_body::DeviceSet,
    condition: ConditionArg,
    options: &posewire_solver::SolveOptions,
    symmetric_arms: bool,
    s: &mut Sums,
) -> anyhow::Result<()> {
    let bvh = Bvh::read(clip)?;
    let name = clip_name(clip);
    let (takes, _) = setting_takes(&bvh, &name, devices, condition.into(), 1)?;
    let calibration = posewire_calibration::CalibrationOptions {
        symmetric_arms,
        ..Default::default()
    };
    let profile = posewire_calibration::calibrate_with(&takes.calibration, &calibration)?.profile;
    let truth = &takes.truth.frames;
    let start = takes.trackers.samples.first().map_or(0.0, |x| x.time_s)
        + posewire_evaluation::protocol::SETTLING_S;
    let frames = solve_take(&profile, &takes.trackers, options)?;
    let m = posewire_evaluation::evaluate(&frames, truth, start)?;
    s.lag_ms.add(m.lag_ms);
    s.hand_pe.add(m.hand_pe_cm);

    let first = &truth[0].joints;
    let len = |a: Joint, b: Joint| (first[a].position - first[b].position).length();
    s.shoulder_width_err.add(
        100.0
            * (profile.body.shoulder_width - len(Joint::LeftShoulder, Joint::RightShoulder)).abs(),
    );
    s.forearm_asymmetry.add(
        100.0
            * (len(Joint::LeftWrist, Joint::LeftElbow) - len(Joint::RightWrist, Joint::RightElbow))
                .abs(),
    );
    for (device, sum) in [
        (Device::Head, &mut s.head_x),
        (Device::Pelvis, &mut s.pelvis_x),
    ] {
        let truth = takes.truth.devices.iter().find(|d| d.device == device);
        if let (Some(mount), Some(truth)) = (profile.tracker(device), truth) {
            sum.add(100.0 * (mount.offset().x - truth.offset.x).abs());
        }
    }
    for &(device, shoulder, elbow, wrist) in &HANDS {
        let Some(mount) = profile.tracker(device) else {
            continue;
        };
        let Some(true_dev) = takes.truth.devices.iter().find(|d| d.device == device) else {
            continue;
        };
        let err = mount.offset() - true_dev.offset;
        s.offset_len.add(100.0 * err.length());
        for a in 0..3 {
            s.offset_abs[a].add(100.0 * err[a].abs());
            s.offset_signed[a].add(100.0 * err[a]);
        }
        let (l1, l2) = (len(elbow, shoulder), len(wrist, elbow));
        s.true_ratio.push(l2 / l1);
        s.upper_arm_err
            .add(100.0 * (profile.segments.upper_arm - l1).abs());
        s.forearm_err
            .add(100.0 * (profile.segments.forearm - l2).abs());

        // The wrist straight from each controller sample.
        let to_bone = mount.mount().inverse();
        let samples: Vec<(f64, DVec3, DVec3)> = takes
            .trackers
            .samples
            .iter()
            .filter(|x| x.device == device && x.time_s >= start)
            .filter_map(|x| {
                let p = x.pose?;
                let bone = p.rotation * to_bone;
                Some((
                    x.time_s,
                    p.position - bone * mount.offset(),
                    p.position - bone * true_dev.offset,
                ))
            })
            .collect();
        let mut clip_direct = Mean::default();
        for &(t, cal, tru) in &samples {
            if let Some(gt) = truth_at(truth, t) {
                s.direct_cal.add(100.0 * (cal - gt[wrist]).length());
                clip_direct.add(100.0 * (cal - gt[wrist]).length());
                s.direct_true.add(100.0 * (tru - gt[wrist]).length());
            }
        }
        s.direct_cal_clip.add(clip_direct.get());
        let reach = profile.segments.upper_arm + profile.segments.forearm;
        solver_sums(&frames, truth, start, (shoulder, wrist, reach), &samples, s);
    }
    Ok(())
}

/// The solver's wrist against the truth and the direct wrist.
fn solver_sums(
    frames: &[JointFrame],
    truth: &[JointFrame],
    start: f64,
    (shoulder, wrist, reach): (Joint, Joint, f64),
    samples: &[(f64, DVec3, DVec3)],
    s: &mut Sums,
) {
    let dt = 0.01;
    for f in frames.iter().filter(|f| f.time_s >= start) {
        let (Some(gt), Some(a), Some(b)) = (
            truth_at(truth, f.time_s),
            truth_at(truth, f.time_s - dt),
            truth_at(truth, f.time_s + dt),
        ) else {
            continue;
        };
        let e = 100.0 * (f.joints[wrist].position - gt[wrist]).length();
        s.solver.add(e);
        let speed = (b[wrist] - a[wrist]).length() / (2.0 * dt);
        let bin = posewire_tools::hands::speed_bin(speed);
        s.by_speed[bin].add(e);
        for (k, m) in s.share_by_speed.iter_mut().enumerate() {
            m.add(if k == bin { 1.0 } else { 0.0 });
        }
        // The latest sample at or before the frame.
        let i = samples.partition_point(|x| x.0 <= f.time_s + 1e-9);
        if i > 0 && f.time_s - samples[i - 1].0 < 0.02 {
            let direct = samples[i - 1].1;
            let d = 100.0 * (f.joints[wrist].position - direct).length();
            let out = (direct - f.joints[shoulder].position).length() > 0.995 * reach;
            s.out_of_reach_share.add(if out { 1.0 } else { 0.0 });
            if out {
                s.gap_out_of_reach.add(d);
            } else {
                s.gap_in_reach.add(d);
            }
            s.solver_vs_direct.add(d);
            if bin == 2 {
                s.solver_vs_direct_fast.add(d);
            }
        }
    }
}

fn print(s: &Sums) {
    let v3 = |m: &[Mean; 3]| format!("({:.2}, {:.2}, {:.2})", m[0].get(), m[1].get(), m[2].get());
    println!(
        "hand offset error {:.2} cm, |x y z| {}, mean signed {}",
        s.offset_len.get(),
        v3(&s.offset_abs),
        v3(&s.offset_signed)
    );
    println!(
        "solver wrist {:.3} cm (eval hand PE {:.3}); by true speed <0.3 / 0.3-1 / >1 m/s: {} cm, share of frames {}",
        s.solver.get(),
        s.hand_pe.get(),
        v3(&s.by_speed),
        v3(&s.share_by_speed)
    );
    println!(
        "direct wrist (controller + calibrated offset) {:.3} cm (per-clip mean {:.3}); with the true offset {:.3} cm",
        s.direct_cal.get(),
        s.direct_cal_clip.get(),
        s.direct_true.get()
    );
    println!(
        "solver wrist from the direct one {:.3} cm (fast frames {:.3}); lag {:.1} ms",
        s.solver_vs_direct.get(),
        s.solver_vs_direct_fast.get(),
        s.lag_ms.get()
    );
    let n = s.true_ratio.len() as f64;
    let mean = s.true_ratio.iter().sum::<f64>() / n;
    let sd = (s.true_ratio.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    println!(
        "|calibrated - true|: upper arm {:.2} cm, forearm {:.2} cm, shoulder width {:.2} cm; true forearm / upper arm {:.3} +- {:.3}",
        s.upper_arm_err.get(),
        s.forearm_err.get(),
        s.shoulder_width_err.get(),
        mean,
        sd
    );
    println!(
        "true |left - right forearm| {:.2} cm",
        s.forearm_asymmetry.get()
    );
    println!(
        "out of the arm's reach from the solver's shoulder: {:.3} of frames, gap there {:.3} cm, elsewhere {:.3} cm",
        s.out_of_reach_share.get(),
        s.gap_out_of_reach.get(),
        s.gap_in_reach.get()
    );
    println!(
        "sideways offset error: head {:.2} cm, pelvis {:.2} cm",
        s.head_x.get(),
        s.pelvis_x.get()
    );
}
