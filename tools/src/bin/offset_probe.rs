//! Development aid: what the floor says about the foot devices' height
//! offsets. Per no-prop clip (6 devices, clean and noisy): the true foot
//! offsets, the GT's 5th-percentile ankle height, the calibrated body
//! measures and the mean foot device height in the calibration take; CSV on
//! stdout.
//!
//! `cargo run --release -p posewire-tools --bin offset_probe -- ../shared/data/mocap-train`

use std::path::PathBuf;

use posewire_body::bvh::Bvh;
use posewire_body::{Device, DeviceSet, Joint};
use posewire_evaluation::protocol::{bvh_clips, clip_name, is_prop_clip, setting_takes};
use posewire_evaluation::synth::Condition;

/// What the floor says about the foot devices' height offsets (CSV).
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// A folder of BVH clips.
    #[arg(default_value = "../shared/data/mocap-train")]
    dir: PathBuf,
}

fn main() -> anyhow::Result<()> {
    let dir = <Args as clap::Parser>::parse().dir;
    let devices = DeviceSet::standard(6).ok_or_else(|| anyhow::anyhow!("6 devices"))?;
    println!(
        "clip,cond,side,true_y,h5,stature,head_h,ankle_h,dev_y,cal_y,shin,thigh,tl_x,tl_y,tl_z"
    );
    for clip in bvh_clips(&dir)? {
        let name = clip_name(&clip);
        if is_prop_clip(&name) {
            continue;
        }
        let bvh = Bvh::read(&clip)?;
        for cond in [Condition::Clean, Condition::Noisy] {
            let (takes, profile) = setting_takes(&bvh, &name, devices, cond, 1)?;
            for (device, joint, toe) in [
                (Device::LeftFoot, Joint::LeftAnkle, Joint::LeftToe),
                (Device::RightFoot, Joint::RightAnkle, Joint::RightToe),
            ] {
                let Some(truth) = takes.truth.device(device) else {
                    continue;
                };
                let mut h: Vec<f64> = takes
                    .truth
                    .frames
                    .iter()
                    .map(|f| f.joints[joint].position.y)
                    .collect();
                h.sort_by(f64::total_cmp);
                let h5 = h[h.len() / 20];
                let ys: Vec<f64> = takes
                    .calibration
                    .samples
                    .iter()
                    .filter(|s| s.sample.device == device)
                    .filter_map(|s| s.sample.pose.map(|p| p.position.y))
                    .collect();
                let dev_y = ys.iter().sum::<f64>() / ys.len().max(1) as f64;
                let f0 = &takes.truth.frames[0];
                let a = f0.joints[joint];
                let tl = a.rotation.inverse() * (f0.joints[toe].position - a.position);
                let cal = profile.tracker(device).map_or(f64::NAN, |m| m.offset().y);
                println!(
                    "{name},{},{},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4}",
                    cond.name(),
                    device.name(),
                    truth.offset.y,
                    h5,
                    profile.body.stature,
                    profile.body.head_height,
                    profile.body.ankle_height,
                    dev_y,
                    cal,
                    profile.segments.shin,
                    profile.segments.thigh,
                    tl.x,
                    tl.y,
                    tl.z
                );
            }
        }
    }
    Ok(())
}
