//! Development aid: the physics body's head and pelvis heights traced
//! against the ground truth and the `ik` reference it tracks, on one clip,
//! with the body's state (tracking, staggering, fallen, getting up) and
//! its pelvis's horizontal gap to the reference. A line is marked `FALL`
//! where the evaluation's falls metric counts the frame (the simulated head
//! below half the ground truth's). Devices are synthesized as the
//! evaluation does.
//!
//! `cargo run --release -p posewire-tools --bin fall_trace -- ../shared/data/mocap-train/cmu_127_24_run_dive_over_roll_run.bvh 3 --condition noisy --from 2 --to 3`

use posewire_body::bvh::Bvh;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::Joint;
use posewire_evaluation::protocol::setting_takes;
use posewire_evaluation::synth::Condition;
use posewire_solver::physics::{PhysicsSolver, Scene, WorldSettings};
use posewire_tools::choices::ConditionArg;
use posewire_tools::physics_run::each_physics_frame;
use posewire_tools::truth::truth_at;

/// The physics body's head and pelvis heights against the ground truth.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// A BVH clip.
    clip: std::path::PathBuf,
    /// Devices: 3, 4 or 6.
    #[arg(default_value_t = 6)]
    devices: usize,
    /// Trace from this time, s.
    #[arg(long, default_value_t = 0.0)]
    from: f64,
    /// Trace until this time, s.
    #[arg(long, default_value_t = 1e9)]
    to: f64,
    /// Device condition.
    #[arg(long, value_enum, default_value_t = ConditionArg::Clean)]
    condition: ConditionArg,
    /// Ticks between traced lines (lines marked `FALL` are always shown).
    #[arg(long, default_value_t = 1)]
    every: usize,
    /// Seed of the synthesis (as `posewire eval --seed`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    settings: posewire_tools::solver_file::SolverFile,
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let physics = args.settings.physics()?;
    let condition: Condition = args.condition.into();
    let bvh = Bvh::read(&args.clip)?;
    let (takes, profile) = setting_takes(
        &bvh,
        &posewire_evaluation::protocol::clip_name(&args.clip),
        posewire_tools::choices::devices(args.devices)?,
        condition,
        args.seed,
    )?;
    let mut solver = PhysicsSolver::new(
        &profile,
        physics,
        &Scene::default(),
        WorldSettings::default(),
    );
    let skeleton = posewire_body::Skeleton::from_profile(&profile);
    let samples = &takes.trackers.samples;
    let Some(first) = samples.first().map(|s| s.time_s) else {
        anyhow::bail!("empty take");
    };
    // The evaluation's window: from a second after the first sample.
    let window_start = first + 1.0;
    let (mut counted, mut fallen) = (0usize, 0usize);
    let mut last_reference_pelvis: Option<DQuat> = None;
    each_physics_frame(&mut solver, samples, |k, t, f, _| {
        let Some(gt) = truth_at(&takes.truth.frames, t) else {
            return Ok(());
        };
        let sim = f.pose.positions(&skeleton);
        let reference = f.reference.positions(&skeleton);
        let fall = sim[Joint::Head].y < 0.5 * gt[Joint::Head].y;
        let pelvis_turn = last_reference_pelvis.map_or(0.0, |q| {
            q.angle_between(f.reference.rotations[Joint::Pelvis])
                .to_degrees()
        });
        last_reference_pelvis = Some(f.reference.rotations[Joint::Pelvis]);
        // The lowest point of the head's collision ball (`sim_avatar`'s
        // shape: 9.5 cm, 9 cm up and 2 cm forward of the head joint, for a
        // 1.75 m body).
        let s = (profile.body.stature / 1.75).clamp(0.3, 3.0);
        let ball = |p: &posewire_body::BodyPose, at: &posewire_body::JointMap<DVec3>| {
            (at[Joint::Head] + p.rotations[Joint::Head] * (DVec3::new(0.0, 0.09, 0.02) * s)).y
                - 0.095 * s
        };
        let angle = |a: DQuat, b: DQuat| a.angle_between(b).to_degrees();
        // The trunk's direction (spine to neck) against the ground truth's.
        let trunk = |at: &posewire_body::JointMap<DVec3>| {
            (at[Joint::Neck] - at[Joint::Spine]).normalize_or_zero()
        };
        // The shoulder line against the hip line (the trunk's twist).
        let twist = |at: &posewire_body::JointMap<DVec3>| {
            let sh = (at[Joint::RightShoulder] - at[Joint::LeftShoulder]).normalize_or_zero();
            let hip = (at[Joint::RightHip] - at[Joint::LeftHip]).normalize_or_zero();
            sh.dot(hip).clamp(-1.0, 1.0).acos().to_degrees()
        };
        let off = |a: DVec3, b: DVec3| a.dot(b).clamp(-1.0, 1.0).acos().to_degrees();
        if t >= window_start {
            counted += 1;
            fallen += usize::from(fall);
        }
        if t < args.from || t > args.to || (k % args.every != 0 && !fall) {
            return Ok(());
        }
        println!(
            "t {t:5.2} head gt {:5.1} ref {:5.1} sim {:5.1} | pelvis gt {:5.1} ref {:5.1} sim {:5.1} | ball ref {:5.1} sim {:5.1} | ref pelvis turn {:4.1} deg/tick | gap deg pelvis {:3.0} chest {:3.0} head {:3.0} | trunk to gt deg ref {:3.0} sim {:3.0} | twist gt {:3.0} ref {:3.0} sim {:3.0} | state {:<10} assist {:4.2} dev {:5.1} cm{}",
            gt[Joint::Head].y * 100.0,
            reference[Joint::Head].y * 100.0,
            sim[Joint::Head].y * 100.0,
            gt[Joint::Pelvis].y * 100.0,
            reference[Joint::Pelvis].y * 100.0,
            sim[Joint::Pelvis].y * 100.0,
            ball(&f.reference, &reference) * 100.0,
            ball(&f.pose, &sim) * 100.0,
            pelvis_turn,
            angle(f.pose.rotations[Joint::Pelvis], f.reference.rotations[Joint::Pelvis]),
            angle(f.pose.rotations[Joint::Chest], f.reference.rotations[Joint::Chest]),
            angle(f.pose.rotations[Joint::Head], f.reference.rotations[Joint::Head]),
            off(trunk(&reference), trunk(&gt)),
            off(trunk(&sim), trunk(&gt)),
            twist(&gt),
            twist(&reference),
            twist(&sim),
            f.reaction.state.name(),
            f.reaction.assist,
            f.reaction.deviation_m * 100.0,
            if fall { "  FALL" } else { "" }
        );
        Ok(())
    })?;
    println!(
        "falls (head below half the ground truth's, from {window_start:.2} s): {fallen} of {counted} frames, {:.3} %",
        100.0 * fallen as f64 / counted.max(1) as f64
    );
    Ok(())
}
