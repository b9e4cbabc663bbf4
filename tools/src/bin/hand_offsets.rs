//! Development aid: the hand offsets as calibration finds them, beside the
//! truth, one CSV row per no-prop clip and hand (clean, seed 1): the true
//! and calibrated offsets (bone frame, metres; with and without the
//! symmetric arms), the arm fit's lengths and shoulder, the body measures
//! calibration found and the true ones, and where the true shoulder sits
//! seen from the wrist in the hand bone's frame over the clip (`sw_*`:
//! mean and spread of its y and z parts). For studying which of the
//! poses' information is off and what predicts the offsets' open
//! directions.
//!
//! `cargo run --release -p posewire-tools --bin hand_offsets -- ../shared/data/mocap-train 6 > out/hand_offsets_train.csv`

use posewire_tools::hands::HANDS;
use std::path::PathBuf;

use posewire_body::bvh::Bvh;
use posewire_body::{Device, Joint};
use posewire_calibration::{calibrate_with, CalibrationOptions};
use posewire_evaluation::protocol::{bvh_clips, clip_name, is_prop_clip};
use posewire_evaluation::synth::{synthesize, Condition, SynthOptions};

/// The hand offsets as calibration finds them, beside the truth (CSV).
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// A folder of BVH clips.
    #[arg(default_value = "../shared/data/mocap-train")]
    dir: PathBuf,
    /// Devices: 3, 4 or 6.
    #[arg(default_value_t = 6)]
    devices: usize,
    /// The seed of the synthesis.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The prior left-minus-right forearm length, cm (default: the
    /// calibration's).
    #[arg(long, allow_hyphen_values = true)]
    forearm_asymmetry_cm: Option<f64>,
    /// The prior sideways place of the shoulders' midpoint left of the
    /// midline, cm (default: the calibration's).
    #[arg(long, allow_hyphen_values = true)]
    shoulders_left_cm: Option<f64>,
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let devices = posewire_tools::choices::devices(args.devices)?;
    println!(
        "clip,side,true_x,true_y,true_z,cal_x,cal_y,cal_z,raw_x,raw_y,raw_z,\
         raw_forearm,raw_upper,raw_sh_side,raw_sh_up,raw_sh_fwd,res0,res1,res2,\
         head_h,cal_sw,raw_sw,true_forearm,true_upper,true_sw,true_head_h,true_hip_w,sw_y_mean,sw_y_sd,sw_z_mean,sw_z_sd"
    );
    let mut clips = bvh_clips(&args.dir)?;
    clips.retain(|p| !is_prop_clip(&clip_name(p)));
    for clip in clips {
        let name = clip_name(&clip);
        let bvh = Bvh::read(&clip)?;
        let options = SynthOptions {
            devices,
            condition: Condition::Clean,
            seed: args.seed,
        };
        let takes = synthesize(&bvh, &name, &options)?;
        let mut chosen = CalibrationOptions::default();
        if let Some(v) = args.forearm_asymmetry_cm {
            chosen.asymmetry.forearm_left_minus_right_m = v / 100.0;
        }
        if let Some(v) = args.shoulders_left_cm {
            chosen.asymmetry.shoulders_left_of_midline_m = v / 100.0;
        }
        let cal = calibrate_with(&takes.calibration, &chosen)?;
        let raw = calibrate_with(
            &takes.calibration,
            &CalibrationOptions {
                symmetric_arms: false,
                ..Default::default()
            },
        )?;
        let yaw = posewire_body::glam::DQuat::from_rotation_y(raw.report.heading_rad);
        let left = yaw * posewire_body::glam::DVec3::X;
        let fwd = yaw * posewire_body::glam::DVec3::Z;
        let head = raw.report.position;
        let f0 = &takes.truth.frames[0].joints;
        let m = &takes.truth.measures;
        for (device, shoulder, elbow, wrist) in HANDS {
            let Some(truth) = takes.truth.device(device) else {
                continue;
            };
            let c = cal
                .profile
                .tracker(device)
                .map(|t| t.offset())
                .ok_or_else(|| anyhow::anyhow!("{name}: no {device}"))?;
            let r = raw
                .profile
                .tracker(device)
                .map(|t| t.offset())
                .ok_or_else(|| anyhow::anyhow!("{name}: no {device}"))?;
            let arm = if device == Device::LeftHand {
                raw.report.left_arm
            } else {
                raw.report.right_arm
            };
            let len = |a: Joint, b: Joint| (f0[a].position - f0[b].position).length();
            let t = truth.offset;
            // The shoulder seen from the wrist in the hand bone's frame,
            // over the clip: its palm-normal (y) and z parts.
            let seen: Vec<(f64, f64)> = takes
                .truth
                .frames
                .iter()
                .map(|f| {
                    let w = f.joints[wrist];
                    let v = w.rotation.inverse() * (f.joints[shoulder].position - w.position);
                    (v.y, v.z)
                })
                .collect();
            let n = seen.len().max(1) as f64;
            let (my, mz) = (
                seen.iter().map(|v| v.0).sum::<f64>() / n,
                seen.iter().map(|v| v.1).sum::<f64>() / n,
            );
            let sdy = (seen.iter().map(|v| (v.0 - my).powi(2)).sum::<f64>() / n).sqrt();
            let sdz = (seen.iter().map(|v| (v.1 - mz).powi(2)).sum::<f64>() / n).sqrt();
            println!(
                "{name},{},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{:.5},{my:.5},{sdy:.5},{mz:.5},{sdz:.5}",
                device.name(),
                t.x,
                t.y,
                t.z,
                c.x,
                c.y,
                c.z,
                r.x,
                r.y,
                r.z,
                arm.forearm,
                arm.upper_arm,
                (arm.shoulder - head).dot(left),
                arm.shoulder.y,
                (arm.shoulder - head).dot(fwd),
                arm.pose_residual_m[0],
                arm.pose_residual_m[1],
                arm.pose_residual_m[2],
                raw.profile.body.head_height,
                cal.profile.body.shoulder_width,
                raw.report.shoulder_width_measured_m,
                len(elbow, wrist),
                len(shoulder, elbow),
                m.shoulder_width,
                m.head_height,
                m.hip_width,
            );
        }
    }
    Ok(())
}
