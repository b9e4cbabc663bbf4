//! Push trials for the self-supporting body: the measurement behind the
//! issue's "a push on the chest is recovered by stepping" item.
//!
//! A body with balance and locomotion on and no devices (the root and
//! end-effector springs off, `BodySettings::self_supporting()`) stands
//! upright for 1 s, takes one impulse on the chest, and runs 5 s more. Each
//! trial prints when the body fell (the head below 0.8 m), how many
//! recovery steps it took, and how fast its centre of mass still moved at
//! the end.
//!
//! ```sh
//! cargo run --release -p posewire-solver --example push_trials
//! cargo run --release -p posewire-solver --example push_trials -- \
//!     --pushes "0,0,30;-30,0,0" --stance-reach 0.99 --leg-reach 0.99
//! ```
//!
//! `--pushes` takes impulses in N s (x to the body's left, y up, z forward),
//! separated by `;`. The default is the eight trials of `docs/RESULTS.md`:
//! 30/40/60 forward, 30/45 back, 30/40/60 to the right.

use std::process::ExitCode;

use posewire_body::glam::DVec3;
use posewire_body::{BodyPose, BodyProfile, Joint, Skeleton};
use posewire_solver::physics::avatar::BodySettings;
use posewire_solver::physics::balance::Balance;
use posewire_solver::physics::locomotion::Locomotion;
use posewire_solver::physics::{
    AvatarController, PhysicsSettings, PhysicsWorld, Scene, WorldSettings,
};

/// The trials `docs/RESULTS.md` reports, in N s on the chest.
const DEFAULT_PUSHES: &str = "0,0,30;0,0,40;0,0,60;0,0,-30;0,0,-45;-30,0,0;-40,0,0;-60,0,0";
/// Ticks per second.
const RATE_HZ: f64 = 90.0;
/// When the push lands, seconds.
const PUSH_AT_S: f64 = 1.0;
/// How long a trial runs, seconds.
const RUN_S: f64 = 6.0;
/// A head below this height, metres, counts as a fall.
const FALLEN_HEAD_M: f64 = 0.8;

/// What one trial ends with.
struct Outcome {
    fell_at_s: Option<f64>,
    steps: usize,
    end_speed: f64,
}

fn trial(locomotion: &Locomotion, impulse: DVec3) -> Result<Outcome, String> {
    let profile = BodyProfile::from_stature(1.75);
    let sk = Skeleton::from_profile(&profile);
    let upright = BodyPose::rest(&sk);
    let mut world = PhysicsWorld::new(&Scene::default(), WorldSettings::default());
    let settings = PhysicsSettings {
        body: BodySettings::self_supporting(),
        balance: Some(Balance::default()),
        locomotion: Some(*locomotion),
        ..PhysicsSettings::default()
    };
    let mut avatar = AvatarController::new(&profile, settings);
    let mut outcome = Outcome {
        fell_at_s: None,
        steps: 0,
        end_speed: 0.0,
    };
    let push_tick = (PUSH_AT_S * RATE_HZ) as usize;
    for k in 0..(RUN_S * RATE_HZ) as usize {
        let t = k as f64 / RATE_HZ;
        avatar.prepare_with_reference(&mut world, t, &upright);
        if k == push_tick {
            let id = avatar.id().ok_or("the body did not join the world")?;
            if !world.push(id, Joint::Chest, impulse) {
                return Err(format!("the world refused the push {impulse}"));
            }
        }
        world.step();
        let Some(frame) = avatar.finish(&world) else {
            continue;
        };
        outcome.steps = avatar.locomotion_state().steps_taken;
        if let Some(body) = avatar.id().and_then(|id| world.avatar(id)) {
            outcome.end_speed = body.centre_of_mass(world.rapier()).1.length();
        }
        if frame.pose.positions(&sk)[Joint::Head].y < FALLEN_HEAD_M {
            outcome.fell_at_s = Some(t);
            break;
        }
    }
    Ok(outcome)
}

fn parse_push(spec: &str) -> Result<DVec3, String> {
    let parts: Vec<f64> = spec
        .split(',')
        .map(|s| s.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .map_err(|e| format!("push {spec:?}: {e}"))?;
    match parts[..] {
        [x, y, z] if parts.iter().all(|v| v.is_finite()) => Ok(DVec3::new(x, y, z)),
        _ => Err(format!(
            "push {spec:?}: expected three finite numbers x,y,z"
        )),
    }
}

fn parse_share(flag: &str, value: Option<String>) -> Result<f64, String> {
    let value = value.ok_or_else(|| format!("{flag} needs a value"))?;
    match value.parse::<f64>() {
        Ok(v) if v > 0.5 && v <= 1.0 => Ok(v),
        _ => Err(format!(
            "{flag} {value:?}: expected a share of the leg's length in (0.5, 1]"
        )),
    }
}

fn run() -> Result<(), String> {
    let mut locomotion = Locomotion::default();
    let mut pushes = DEFAULT_PUSHES.to_string();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--pushes" => pushes = args.next().ok_or("--pushes needs a value")?,
            "--stance-reach" => locomotion.stance_reach = parse_share(&flag, args.next())?,
            "--leg-reach" => locomotion.leg_reach = parse_share(&flag, args.next())?,
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    let impulses: Vec<DVec3> = pushes
        .split(';')
        .map(parse_push)
        .collect::<Result<_, _>>()?;
    println!(
        "stance_reach {} leg_reach {}",
        locomotion.stance_reach, locomotion.leg_reach
    );
    println!("push (N s)          fell at (s)  steps  end speed (m/s)");
    let mut stood = 0;
    for impulse in impulses {
        let o = trial(&locomotion, impulse)?;
        let fell = o
            .fell_at_s
            .map_or("stood".to_string(), |t| format!("{t:.2}"));
        stood += usize::from(o.fell_at_s.is_none());
        println!(
            "{:<19} {:>11}  {:>5}  {:>15.2}",
            format!("{},{},{}", impulse.x, impulse.y, impulse.z),
            fell,
            o.steps,
            o.end_speed
        );
    }
    println!("stood: {stood}");
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("push_trials: {e}");
            ExitCode::FAILURE
        }
    }
}
