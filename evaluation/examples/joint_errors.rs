//! Development aid: mean position error per evaluation joint, over the clips
//! of a folder, for one device set and condition, with the project solver.
//!
//! `cargo run --release -p posewire-evaluation --example joint_errors -- ../shared/data/mocap 3 clean`
//!
//! For tuning, solver settings can be overridden from the environment
//! (numbers): ELBOW_W, EPX/EPY/EPZ (elbow pole), NECK_ONLY (set: whole head turn on the neck), PHYSICS (set: the physics solver; P_NOSELF (self-collision off), P_SELF_ALL (shins and feet collide with their own body too), P_CAP root acceleration cap, P_HZ joint and P_ROOT root spring frequencies, P_WORLD world-space trunk targets, P_EE_HZ/P_EE_AHZ/P_EE_ACC end-effector springs (0 Hz: off), P_PLANT/P_PLANT_REL/P_PLANT_CAP planted feet (reference speed, release distance, breaking force in body weights), P_SLIDE/P_SLIDE_MU/P_SLIDE_WIN/P_SLIDE_GAP sliding feet (reference speed m/s, friction, window s, distance m), P_FRICTION, P_BALANCE the balance array, P_FW the reference's filter window), LEAN0
//! (chest forward tilt), LEAN, HH/HT/HL (heading from hands, time constant,
//! max lag in degrees), LA/SD/BACK/LIFT/SDUR (stepping), CLA/CNEED/CMAX/CDUR
//! (stepping cued by the arm swing: lookahead, minimum need, furthest
//! landing ahead, duration share), GAIT=0 (no arm-swing cue),
//! GFLIP/GRATE/GACT (arm-swing flip rate, rate time constant, minimum
//! activity), KF (knee follows foot),
//! FW (filter window), FOFF=1 (filter off). ALL_JOINTS=1 prints every joint;
//! BIAS=1 prints mean signed errors and chest-angle errors. NOPROP=1 leaves
//! out the prop clips (*14_21*, *14_27*), as the no-prop means.
//! `--settings FILE` (a `[solver]` table, as `posewire solve --settings`)
//! sets the base settings; the environment variables apply on top.

use std::path::PathBuf;

use posewire_body::bvh::Bvh;
use posewire_body::formats::JointFrame;
use posewire_body::glam::DVec3;
use posewire_body::JointMap;
use posewire_body::{DeviceSet, Joint};
use posewire_evaluation::protocol::{bvh_clips, clip_name, is_prop_clip, setting_takes};
use posewire_evaluation::synth::Condition;
use posewire_solver::solve_take;

#[path = "common/settings_arg.rs"]
mod settings_arg;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().collect();
    let settings = settings_arg::take_settings(&mut args)?;
    let dir = PathBuf::from(args.get(1).map_or("../shared/data/mocap", String::as_str));
    let count: usize = args.get(2).map_or(Ok(3), |s| s.parse())?;
    let condition = match args.get(3).map(String::as_str) {
        Some("noisy") => Condition::Noisy,
        _ => Condition::Clean,
    };
    let devices = DeviceSet::standard(count).ok_or("devices must be 3, 4 or 6")?;
    let mut clips = bvh_clips(&dir)?;
    if std::env::var("NOPROP").is_ok() {
        clips.retain(|p| !is_prop_clip(&clip_name(p)));
    }
    let mut total = [0.0; Joint::COUNT];
    let mut n = 0usize;
    let mut all_metrics = Vec::new();
    let mut bias = [DVec3::ZERO; 6];
    let mut bias_n = 0.0;
    let mut rel_err = [0.0; 3];
    let mut chest_ang = [0.0; 3];
    let mut split = [0.0; 2];
    let mut split_local = DVec3::ZERO;
    for clip in &clips {
        let name = clip
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let bvh = Bvh::read(clip)?;
        let (takes, profile) = setting_takes(&bvh, &name, devices, condition, 1)?;
        let mut options = settings_arg::options(settings.as_ref());
        let env = |k: &str| std::env::var(k).ok().and_then(|v| v.parse::<f64>().ok());
        if let Some(w) = env("ELBOW_W") {
            options.ik.elbow_from_hand = w;
        }
        if let (Some(x), Some(y), Some(z)) = (env("EPX"), env("EPY"), env("EPZ")) {
            options.ik.elbow_pole = DVec3::new(x, y, z);
        }
        if std::env::var("PHYSICS").is_ok() {
            options.solver = posewire_solver::SolverKind::Physics;
        }
        if std::env::var("P_SELF_ALL").is_ok() {
            options.physics.body.self_collision =
                posewire_solver::physics::avatar::SelfCollision::All;
        }
        if std::env::var("P_NOSELF").is_ok() {
            options.physics.body.self_collision =
                posewire_solver::physics::avatar::SelfCollision::Off;
        }
        if let Some(v) = env("P_CAP") {
            options.physics.body.root_max_accel = v;
            options.physics.body.root_max_angular_accel = 3.0 * v;
        }
        if let Some(v) = env("P_HZ") {
            options.physics.body.joint_hz = v;
        }
        if let Some(v) = env("P_EE_HZ") {
            options.physics.body.effectors.hz = v;
        }
        if let Some(v) = env("P_EE_AHZ") {
            options.physics.body.effectors.angular_hz = v;
        }
        if let Some(v) = env("P_EE_ACC") {
            options.physics.body.effectors.max_accel = v;
        }
        if let Some(v) = env("P_PLANT") {
            options.physics.body.effectors.plant_speed_m_s = v;
        }
        if let Some(v) = env("P_PLANT_CAP") {
            options.physics.body.effectors.plant_max_force_share = v;
        }
        if let Some(v) = env("P_PLANT_REL") {
            options.physics.body.effectors.plant_release_m = v;
        }
        if let Some(v) = env("P_SLIDE") {
            options.physics.body.effectors.slide_speed_m_s = v;
        }
        if let Some(v) = env("P_SLIDE_MU") {
            options.physics.body.effectors.slide_friction = v;
        }
        if let Some(v) = env("P_SLIDE_WIN") {
            options.physics.body.effectors.slide_window_s = v;
        }
        if let Some(v) = env("P_SLIDE_GAP") {
            options.physics.body.effectors.slide_gap_m = v;
        }
        if let Some(v) = env("P_FRICTION") {
            options.physics.body.friction = v;
        }
        if let Some(v) = env("P_ROOT") {
            options.physics.body.root_hz = v;
        }
        if std::env::var("P_BALANCE").is_ok() {
            options.physics.balance = Some(posewire_solver::physics::balance::Balance::default());
        }
        if std::env::var("P_WORLD").is_ok() {
            options.physics.world_space_targets = true;
        }
        if std::env::var("NECK_ONLY").is_ok() {
            options.ik.trunk = posewire_solver::TrunkMode::NeckOnly;
        }
        if let Some(v) = env("LA") {
            options.ik.stepping.lookahead_s = v;
        }
        if let Some(v) = env("SD") {
            options.ik.stepping.step_distance_m = v;
        }
        if let Some(v) = env("BACK") {
            options.ik.stepping.ankle_behind_hip_m = v;
        }
        if let Some(v) = env("LEAN") {
            options.ik.lean_from_pitch = v;
        }
        if let Some(v) = env("LEAN0") {
            options.ik.chest_forward_tilt_rad = v;
        }
        if let Some(v) = env("CH") {
            options.ik.chest_yaw_from_hands = v;
        }
        if let Some(v) = env("HH") {
            options.ik.heading_from_hands = v;
        }
        if let Some(v) = env("HT") {
            options.ik.heading_time_s = v;
        }
        if let Some(v) = env("HL") {
            options.ik.heading_max_lag_rad = v.to_radians();
        }
        if let Some(v) = env("LIFT") {
            options.ik.stepping.lift_m = v;
        }
        if let Some(v) = env("SDUR") {
            options.ik.stepping.step_duration_s = v;
        }
        if let Some(v) = env("GAIT") {
            options.ik.gait.enabled = v != 0.0;
        }
        if let Some(v) = env("GFLIP") {
            options.ik.gait.flip_rate_m_s = v;
        }
        if let Some(v) = env("GRATE") {
            options.ik.gait.rate_time_s = v;
        }
        if let Some(v) = env("GACT") {
            options.ik.gait.min_activity_m_s = v;
        }
        if let Some(v) = env("CLA") {
            options.ik.stepping.cued_lookahead_s = v;
        }
        if let Some(v) = env("CNEED") {
            options.ik.stepping.cued_min_need = v;
        }
        if let Some(v) = env("CMAX") {
            options.ik.stepping.cued_max_ahead_m = v;
        }
        if let Some(v) = env("CDUR") {
            options.ik.stepping.cued_duration_share = v;
        }
        if let Some(v) = env("KF") {
            options.ik.knee_follows_foot = v;
        }
        if let Some(v) = env("FW") {
            options.ik.filter.window = v as usize;
        }
        if let Some(v) = env("P_FW") {
            options.physics.reference_filter_window = v as usize;
        }
        if let Some(v) = env("FOFF") {
            options.ik.filter.enabled = v == 0.0;
        }
        let out = solve_take(&profile, &takes.trackers, &options)?;
        let start0 = takes.trackers.samples.first().map_or(0.0, |s| s.time_s) + 1.0;
        all_metrics.push(posewire_evaluation::evaluate(
            &out,
            &takes.truth.frames,
            start0,
        )?);
        let start = takes.trackers.samples.first().map_or(0.0, |s| s.time_s) + 1.0;
        let mut clip_err = [0.0; Joint::COUNT];
        let mut frames = 0usize;
        for f in out.iter().filter(|f| f.time_s >= start) {
            let Some(gt) = truth_at(&takes.truth.frames, f.time_s) else {
                continue;
            };
            for j in Joint::ALL {
                clip_err[j.index()] += (f.joints[j].position - gt[j]).length();
            }
            if let Some(gtf) = takes.truth.frames.iter().find(|g| g.time_s >= f.time_s) {
                let yaw = posewire_body::transform::yaw_rotation(posewire_body::transform::yaw_of(
                    gtf.joints[Joint::Pelvis].rotation,
                ));
                for (k, j) in [
                    Joint::LeftShoulder,
                    Joint::Neck,
                    Joint::Head,
                    Joint::LeftElbow,
                    Joint::LeftKnee,
                    Joint::LeftAnkle,
                ]
                .into_iter()
                .enumerate()
                {
                    bias[k] += yaw.inverse() * (f.joints[j].position - gt[j]);
                }
                bias_n += 1.0;
                let rel = |m: &posewire_body::JointMap<DVec3>, a: Joint, b: Joint| m[a] - m[b];
                let ours = f.positions();
                if let Some(g) = takes.truth.frames.iter().find(|g| g.time_s >= f.time_s) {
                    let oc = f.joints[Joint::Chest].rotation;
                    let gc = g.joints[Joint::Chest].rotation;
                    chest_ang[0] += posewire_body::transform::angle_between(oc, gc).to_degrees();
                    let oy = posewire_body::transform::yaw_of(oc);
                    let gy = posewire_body::transform::yaw_of(gc);
                    chest_ang[1] += ((oy - gy + 3.0 * std::f64::consts::PI)
                        .rem_euclid(2.0 * std::f64::consts::PI)
                        - std::f64::consts::PI)
                        .abs()
                        .to_degrees();
                    chest_ang[2] += (oc * DVec3::Y)
                        .dot(gc * DVec3::Y)
                        .clamp(-1.0, 1.0)
                        .acos()
                        .to_degrees();
                    let sh = f.joints[Joint::LeftShoulder].position;
                    let nk = f.joints[Joint::Neck].position;
                    let with_gt_rot = nk + gc * (oc.inverse() * (sh - nk));
                    let with_gt_neck = gt[Joint::Neck] + (sh - nk);
                    split[0] += (with_gt_rot - gt[Joint::LeftShoulder]).length();
                    split[1] += (with_gt_neck - gt[Joint::LeftShoulder]).length();
                    let gt_local = gc.inverse() * (gt[Joint::LeftShoulder] - gt[Joint::Neck]);
                    split_local += gt_local - oc.inverse() * (sh - nk);
                }
                rel_err[0] += (rel(&ours, Joint::LeftShoulder, Joint::Neck)
                    - rel(&gt, Joint::LeftShoulder, Joint::Neck))
                .length();
                rel_err[1] += (rel(&ours, Joint::Neck, Joint::Head)
                    - rel(&gt, Joint::Neck, Joint::Head))
                .length();
                rel_err[2] += (rel(&ours, Joint::LeftElbow, Joint::LeftShoulder)
                    - rel(&gt, Joint::LeftElbow, Joint::LeftShoulder))
                .length();
            }
            frames += 1;
        }
        let frames = frames.max(1) as f64;
        print!("{name:45}");
        for j in Joint::EVALUATED {
            print!(" {:5.1}", 100.0 * clip_err[j.index()] / frames);
        }
        println!();
        for j in Joint::ALL {
            total[j.index()] += clip_err[j.index()] / frames;
        }
        n += 1;
    }
    if std::env::var("ALL_JOINTS").is_ok() {
        for j in Joint::ALL {
            println!(
                "{:16} {:5.1}",
                j.name(),
                100.0 * total[j.index()] / n as f64
            );
        }
    }
    if std::env::var("BIAS").is_ok() {
        for (k, name) in ["l_shoulder", "neck", "head", "l_elbow", "l_knee", "l_ankle"]
            .into_iter()
            .enumerate()
        {
            let b = bias[k] / bias_n * 100.0;
            println!(
                "bias {name:12} left {:5.1} up {:5.1} fwd {:5.1} cm",
                b.x, b.y, b.z
            );
        }
        println!(
            "chest angle err {:.1} yaw {:.1} tilt {:.1} deg",
            chest_ang[0] / bias_n,
            chest_ang[1] / bias_n,
            chest_ang[2] / bias_n
        );
        println!(
            "left shoulder error with GT chest rotation {:.1} cm, with GT neck position {:.1} cm; local offset bias (gt - ours) {:.3?}",
            100.0 * split[0] / bias_n,
            100.0 * split[1] / bias_n,
            split_local / bias_n
        );
        println!(
            "relative errors: shoulder-neck {:.1} neck-head {:.1} elbow-shoulder {:.1} cm",
            100.0 * rel_err[0] / bias_n,
            100.0 * rel_err[1] / bias_n,
            100.0 * rel_err[2] / bias_n
        );
    }
    let m = posewire_evaluation::mean_metrics(&all_metrics);
    println!("METRICS mpjpe {:.2} upper {:.2} lower {:.2} jitter_ratio {:.2} lag {:.1} ms skate {:.1} ({:.1})", m.mpjpe_cm, m.upper_pe_cm, m.lower_pe_cm, m.jitter_ratio, m.lag_ms, m.foot_skate_cm_s, m.gt_foot_skate_cm_s);
    print!("{:45}", "MEAN");
    for j in Joint::EVALUATED {
        print!(" {:5.1}", 100.0 * total[j.index()] / n as f64);
    }
    println!();
    print!("{:45}", "");
    for j in Joint::EVALUATED {
        let short: String = j
            .name()
            .split('_')
            .map(|w| &w[..w.len().min(3)])
            .collect::<Vec<_>>()
            .join("");
        print!(" {short:>5}");
    }
    println!();
    Ok(())
}

/// GT positions linearly interpolated at `t` (None outside the clip).
fn truth_at(frames: &[JointFrame], t: f64) -> Option<JointMap<DVec3>> {
    let i = frames.partition_point(|f| f.time_s <= t);
    if i == 0 || i >= frames.len() {
        return None;
    }
    let (a, b) = (&frames[i - 1], &frames[i]);
    let s = (t - a.time_s) / (b.time_s - a.time_s);
    Some(JointMap::from_fn(|j| {
        a.joints[j].position.lerp(b.joints[j].position, s)
    }))
}
