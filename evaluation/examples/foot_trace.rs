//! Development aid: one foot of the physics solver traced against the
//! ground truth and the `ik` reference it tracks, on one clip: per traced
//! tick the three ankle positions, their heights, the horizontal gaps,
//! whether the simulated foot touches the floor, whether it is planted, and
//! the force holding it. Devices are synthesized as the evaluation does.
//!
//! `cargo run --release -p posewire-evaluation --example foot_trace -- ../shared/data/mocap/cmu_49_01_walk.bvh 6 left [FROM TO] [clean|noisy]`
//!
//! P_SLIDE/P_SLIDE_MU/P_SLIDE_WIN/P_SLIDE_GAP: the sliding-foot settings.
//! TRACE_EVERY: ticks between traced lines (default 3); GAP_MIN: only lines
//! where the simulated ankle is at least this far (cm, horizontally) from
//! the ground truth.

use posewire_body::bvh::Bvh;
use posewire_body::formats::JointFrame;
use posewire_body::glam::DVec3;
use posewire_body::{DeviceSet, Joint};
use posewire_evaluation::protocol::setting_takes;
use posewire_evaluation::synth::Condition;
use posewire_solver::physics::{PhysicsSettings, PhysicsSolver, Scene, WorldSettings};
use posewire_solver::take_ticks;

fn truth_at(frames: &[JointFrame], t: f64, j: Joint) -> Option<DVec3> {
    let i = frames.partition_point(|f| f.time_s <= t);
    if i == 0 || i >= frames.len() {
        return None;
    }
    let (a, b) = (&frames[i - 1], &frames[i]);
    let s = (t - a.time_s) / (b.time_s - a.time_s);
    Some(a.joints[j].position.lerp(b.joints[j].position, s))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let clip = std::path::PathBuf::from(args.get(1).ok_or("give a BVH clip")?);
    let count: usize = args.get(2).map_or(Ok(6), |s| s.parse())?;
    let left = args.get(3).is_none_or(|s| s != "right");
    let from: f64 = args.get(4).map_or(Ok(0.0), |s| s.parse())?;
    let to: f64 = args.get(5).map_or(Ok(1e9), |s| s.parse())?;
    let condition = match args.get(6).map(String::as_str) {
        Some("noisy") => Condition::Noisy,
        _ => Condition::Clean,
    };
    let every: usize = std::env::var("TRACE_EVERY")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let gap_min: f64 = std::env::var("GAP_MIN")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    let bvh = Bvh::read(&clip)?;
    let (takes, profile) = setting_takes(
        &bvh,
        &posewire_evaluation::protocol::clip_name(&clip),
        DeviceSet::standard(count).ok_or("devices must be 3, 4 or 6")?,
        condition,
        1,
    )?;
    let mut settings = PhysicsSettings::default();
    let env = |k: &str| std::env::var(k).ok().and_then(|v| v.parse::<f64>().ok());
    if let Some(v) = env("P_SLIDE") {
        settings.body.effectors.slide_speed_m_s = v;
    }
    if let Some(v) = env("P_SLIDE_MU") {
        settings.body.effectors.slide_friction = v;
    }
    if let Some(v) = env("P_SLIDE_WIN") {
        settings.body.effectors.slide_window_s = v;
    }
    if let Some(v) = env("P_SLIDE_GAP") {
        settings.body.effectors.slide_gap_m = v;
    }
    let mut solver = PhysicsSolver::new(
        &profile,
        settings,
        &Scene::default(),
        WorldSettings::default(),
    );
    let skeleton = posewire_body::Skeleton::from_profile(&profile);
    let samples = &takes.trackers.samples;
    if samples.is_empty() {
        return Err("empty take".into());
    }
    let ankle = if left {
        Joint::LeftAnkle
    } else {
        Joint::RightAnkle
    };
    let side = usize::from(!left);
    let flat = |d: DVec3| DVec3::new(d.x, 0.0, d.z).length() * 100.0;
    let mut prev_gt: Option<DVec3> = None;
    let (mut sum_sim, mut sum_ref, mut n) = (0.0, 0.0, 0.0_f64);
    for (k, (t, due)) in take_ticks(samples, 90.0).enumerate() {
        for sample in due {
            solver.push(sample);
        }
        if !solver.ready() {
            continue;
        }
        let Some(f) = solver.step(t) else { continue };
        let Some(gt) = truth_at(&takes.truth.frames, t, ankle) else {
            continue;
        };
        let speed = prev_gt.map_or(0.0, |p| flat(gt - p) * 90.0);
        prev_gt = Some(gt);
        let sim = f.pose.positions(&skeleton)[ankle];
        let reference = f.reference.positions(&skeleton)[ankle];
        if t >= from && t <= to {
            sum_sim += (sim - gt).length() * 100.0;
            sum_ref += (reference - gt).length() * 100.0;
            n += 1.0;
        }
        if k % every != 0 || t < from || t > to || flat(sim - gt) < gap_min {
            continue;
        }
        let id = solver.controller_mut().id();
        let planted = solver.controller_mut().planted_feet()[side].is_some();
        let world = solver.world_mut();
        let (touch, hold) = match id {
            Some(id) => {
                let s = world.stance(id);
                (
                    if left { s.left } else { s.right },
                    world.foot_hold_force(id, ankle),
                )
            }
            None => (false, 0.0),
        };
        let tilt = |q: posewire_body::glam::DQuat| {
            (q * DVec3::Y)
                .dot(DVec3::Y)
                .clamp(-1.0, 1.0)
                .acos()
                .to_degrees()
        };
        println!(
            "t {t:5.2} gt ({:6.3} {:5.3} {:6.3}) v {speed:5.0} cm/s | ref-gt {:5.1} sim-gt {:5.1} sim-ref {:5.1} | h gt {:4.1} ref {:4.1} sim {:4.1} | tilt ref {:4.0} sim {:4.0} | touch {} plant {} hold {:6.0} N",
            gt.x,
            gt.y,
            gt.z,
            flat(reference - gt),
            flat(sim - gt),
            flat(sim - reference),
            gt.y * 100.0,
            reference.y * 100.0,
            sim.y * 100.0,
            tilt(f.reference.rotations[ankle]),
            tilt(f.pose.rotations[ankle]),
            u8::from(touch),
            u8::from(planted),
            hold
        );
    }
    println!(
        "mean over [{from}, {to}] s: ref-gt {:.2} cm, sim-gt {:.2} cm",
        sum_ref / n.max(1.0),
        sum_sim / n.max(1.0)
    );
    Ok(())
}
