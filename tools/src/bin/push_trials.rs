//! Push trials for the self-supporting body: the measurement behind the
//! issue's "a push on the chest is recovered by stepping" item.
//!
//! A body with no devices (the root and end-effector springs off,
//! `BodySettings::self_supporting()`) stands for a while, takes one impulse
//! on the chest, and runs on. Each trial prints when the body fell (the
//! head below 0.8 m), how many steps it took after the push, and how fast
//! its centre of mass still travelled over the last 2 s (the mean
//! horizontal velocity: stepping in place sways, travelling does not
//! cancel out).
//!
//! Two controllers:
//! - `stepping` (the default): `physics::stepping_balance`, torque-level
//!   balance by stepping, the world at 1440 Hz;
//! - `arrays`: the balance and locomotion arrays of the tracked body's
//!   controller (implicit motors, 90 Hz), which do not recover.
//!
//! ```sh
//! cargo run --release -p posewire-tools --bin push_trials
//! cargo run --release -p posewire-tools --bin push_trials -- \
//!     --controller arrays --pushes "0,0,30;-30,0,0" --stance-reach 0.99 --leg-reach 0.99
//! ```
//!
//! `--quiet-stance` lets the stepping body stand still on both feet once
//! it is calm (`SteppingSettings::quiet_stance`).
//!
//! `--pushes` takes impulses in N s (x to the body's left, y up, z forward),
//! separated by `;`. The default is the eight trials of `docs/notes/push-rounds.md`:
//! 30/40/60 forward, 30/45 back, 30/40/60 to the right. `--push-at` sets
//! when the push lands (s, default 1) and `--seconds` the run's length
//! (default 6 for `arrays`, 8 for `stepping`), `--stature` the person's
//! height (m, default 1.75; the mass follows the stature). `--settings
//! FILE` (a `[solver]` table, as `posewire solve --settings`) gives the
//! `arrays` controller its `[solver.physics.balance]` and
//! `[solver.physics.locomotion]` (the body stays self-supporting; the
//! reach flags apply on top).

use std::process::ExitCode;

use posewire_body::glam::DVec3;
use posewire_body::{BodyPose, BodyProfile, Joint, Skeleton};
use posewire_solver::physics::balance::Balance;
use posewire_solver::physics::locomotion::Locomotion;
use posewire_solver::physics::sim_avatar::BodySettings;
use posewire_solver::physics::stepping_balance::{
    stepping_world_settings, SteppingBalance, SteppingSettings,
};
use posewire_solver::physics::{
    AvatarController, PhysicsSettings, PhysicsWorld, Scene, WorldSettings,
};

/// The trials `docs/notes/push-rounds.md` reports, in N s on the chest.
const DEFAULT_PUSHES: &str = "0,0,30;0,0,40;0,0,60;0,0,-30;0,0,-45;-30,0,0;-40,0,0;-60,0,0";
/// A head below this height, metres, counts as a fall.
const FALLEN_HEAD_M: f64 = 0.8;
/// The end speed is the mean horizontal velocity over this last span, s.
const END_SPAN_S: f64 = 2.0;

/// Which controller keeps the body up.
#[derive(Clone, Copy, PartialEq)]
enum Controller {
    Stepping,
    Arrays,
}

/// One trial's settings.
struct Trial {
    controller: Controller,
    quiet_stance: bool,
    locomotion: Locomotion,
    balance: Balance,
    push_at_s: f64,
    seconds: f64,
    stature_m: f64,
}

/// What one trial ends with.
struct Outcome {
    fell_at_s: Option<f64>,
    steps_after_push: usize,
    end_speed: f64,
}

/// Tracks the centre of mass over the last `END_SPAN_S` of a run.
struct EndSpeed {
    start_tick: usize,
    from: Option<DVec3>,
    speed: f64,
}

impl EndSpeed {
    fn new(ticks: usize, rate: f64) -> EndSpeed {
        EndSpeed {
            start_tick: ticks.saturating_sub((END_SPAN_S * rate) as usize),
            from: None,
            speed: 0.0,
        }
    }
    fn see(&mut self, tick: usize, com: DVec3, rate: f64) {
        if tick == self.start_tick {
            self.from = Some(com);
        }
        if let Some(from) = self.from {
            let span = (tick - self.start_tick) as f64 / rate;
            if span > 0.0 {
                self.speed = DVec3::new(com.x - from.x, 0.0, com.z - from.z).length() / span;
            }
        }
    }
}

fn stepping_trial(trial: &Trial, impulse: DVec3) -> Result<Outcome, String> {
    let ws = stepping_world_settings();
    let rate = ws.rate_hz;
    let mut world = PhysicsWorld::new(&Scene::default(), ws);
    let settings = SteppingSettings {
        quiet_stance: trial.quiet_stance,
        ..SteppingSettings::default()
    };
    let (id, mut control) = SteppingBalance::add_avatar(
        &mut world,
        &BodyProfile::from_stature(trial.stature_m),
        DVec3::ZERO,
        0.0,
        settings,
    );
    let ticks = (trial.seconds * rate) as usize;
    let push_tick = (trial.push_at_s * rate) as usize;
    let mut end = EndSpeed::new(ticks, rate);
    let mut steps_at_push = 0;
    let mut fell_at_s = None;
    for k in 0..ticks {
        if k == push_tick {
            steps_at_push = control.steps();
            if !world.push(id, Joint::Chest, impulse) {
                return Err(format!("the world refused the push {impulse}"));
            }
        }
        control
            .control(&mut world, id)
            .ok_or("the body left the world or its state is not finite")?;
        world.step();
        let body = world.avatar(id).ok_or("the body left the world")?;
        end.see(k, body.centre_of_mass(world.rapier()).0, rate);
        let head = body
            .bone(world.rapier(), Joint::Head)
            .map_or(0.0, |t| t.position.y);
        if head < FALLEN_HEAD_M {
            fell_at_s = Some(k as f64 / rate);
            break;
        }
    }
    Ok(Outcome {
        fell_at_s,
        steps_after_push: control.steps().saturating_sub(steps_at_push),
        end_speed: end.speed,
    })
}

fn arrays_trial(trial: &Trial, impulse: DVec3) -> Result<Outcome, String> {
    let profile = BodyProfile::from_stature(trial.stature_m);
    let sk = Skeleton::from_profile(&profile);
    let upright = BodyPose::rest(&sk);
    let ws = WorldSettings::default();
    let rate = ws.rate_hz;
    let mut world = PhysicsWorld::new(&Scene::default(), ws);
    let settings = PhysicsSettings {
        body: BodySettings::self_supporting(),
        balance: Some(trial.balance),
        locomotion: Some(trial.locomotion),
        ..PhysicsSettings::default()
    };
    let mut avatar = AvatarController::new(&profile, settings);
    let ticks = (trial.seconds * rate) as usize;
    let push_tick = (trial.push_at_s * rate) as usize;
    let mut end = EndSpeed::new(ticks, rate);
    let mut steps_at_push = 0;
    let mut outcome = Outcome {
        fell_at_s: None,
        steps_after_push: 0,
        end_speed: 0.0,
    };
    for k in 0..ticks {
        let t = k as f64 / rate;
        avatar.prepare_with_reference(&mut world, t, &upright);
        if k == push_tick {
            steps_at_push = avatar.locomotion_state().steps_taken;
            let id = avatar.id().ok_or("the body did not join the world")?;
            if !world.push(id, Joint::Chest, impulse) {
                return Err(format!("the world refused the push {impulse}"));
            }
        }
        world.step();
        let Some(frame) = avatar.finish(&world) else {
            continue;
        };
        outcome.steps_after_push = avatar
            .locomotion_state()
            .steps_taken
            .saturating_sub(steps_at_push);
        if let Some(body) = avatar.id().and_then(|id| world.avatar(id)) {
            end.see(k, body.centre_of_mass(world.rapier()).0, rate);
        }
        if frame.pose.positions(&sk)[Joint::Head].y < FALLEN_HEAD_M {
            outcome.fell_at_s = Some(t);
            break;
        }
    }
    outcome.end_speed = end.speed;
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

/// A share of the leg's length in (0.5, 1].
fn share(value: &str) -> Result<f64, String> {
    match value.parse::<f64>() {
        Ok(v) if v > 0.5 && v <= 1.0 => Ok(v),
        _ => Err(format!(
            "{value:?}: expected a share of the leg's length in (0.5, 1]"
        )),
    }
}

/// Seconds in [0, 600].
fn seconds(value: &str) -> Result<f64, String> {
    match value.parse::<f64>() {
        Ok(v) if (0.0..=600.0).contains(&v) => Ok(v),
        _ => Err(format!("{value:?}: expected seconds in [0, 600]")),
    }
}

/// A stature in metres in [1, 2.3].
fn stature(value: &str) -> Result<f64, String> {
    match value.parse::<f64>() {
        Ok(v) if (1.0..=2.3).contains(&v) => Ok(v),
        _ => Err(format!("{value:?}: expected metres in [1, 2.3]")),
    }
}

/// Which controller keeps the body up, on the command line.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum ControllerArg {
    /// Torque-level balance by stepping (1440 Hz).
    Stepping,
    /// The tracked body's balance and locomotion arrays (90 Hz).
    Arrays,
}

/// Push trials for the self-supporting body: does it recover by stepping?
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// Impulses in N s (x to the body's left, y up, z forward), separated
    /// by `;`.
    #[arg(long, default_value = DEFAULT_PUSHES)]
    pushes: String,
    /// A `[solver]` table: the `arrays` controller's balance and locomotion.
    #[arg(long, value_name = "FILE")]
    settings: Option<std::path::PathBuf>,
    /// The controller.
    #[arg(long, value_enum, default_value_t = ControllerArg::Stepping)]
    controller: ControllerArg,
    /// The locomotion's stance reach (share of the leg).
    #[arg(long, value_parser = share)]
    stance_reach: Option<f64>,
    /// The locomotion's leg reach (share of the leg).
    #[arg(long, value_parser = share)]
    leg_reach: Option<f64>,
    /// Stand still on both feet once calm (stepping controller).
    #[arg(long)]
    quiet_stance: bool,
    /// When the push lands, s.
    #[arg(long, value_parser = seconds, default_value = "1")]
    push_at: f64,
    /// The run's length, s (default 8 stepping, 6 arrays).
    #[arg(long, value_parser = seconds)]
    seconds: Option<f64>,
    /// The person's height, m (the mass follows).
    #[arg(long, value_parser = stature, default_value = "1.75")]
    stature: f64,
}

fn run() -> Result<(), String> {
    let args = <Args as clap::Parser>::parse();
    let mut trial = Trial {
        controller: match args.controller {
            ControllerArg::Stepping => Controller::Stepping,
            ControllerArg::Arrays => Controller::Arrays,
        },
        quiet_stance: args.quiet_stance,
        locomotion: Locomotion::default(),
        balance: Balance::default(),
        push_at_s: args.push_at,
        seconds: 0.0,
        stature_m: args.stature,
    };
    if let Some(path) = &args.settings {
        let file = posewire_solver::SolverSettings::load(path).map_err(|e| e.to_string())?;
        trial.locomotion = file.physics.locomotion.unwrap_or(trial.locomotion);
        trial.balance = file.physics.balance.unwrap_or(trial.balance);
    }
    if let Some(v) = args.stance_reach {
        trial.locomotion.stance_reach = v;
    }
    if let Some(v) = args.leg_reach {
        trial.locomotion.leg_reach = v;
    }
    let pushes = args.pushes;
    let seconds = args.seconds;
    trial.seconds = seconds.unwrap_or(match trial.controller {
        Controller::Stepping => 8.0,
        Controller::Arrays => 6.0,
    });
    if trial.quiet_stance && trial.controller == Controller::Arrays {
        return Err("--quiet-stance applies to the stepping controller only".into());
    }
    if trial.seconds <= trial.push_at_s + END_SPAN_S {
        return Err(format!(
            "--seconds {} must exceed --push-at {} by more than {END_SPAN_S} s",
            trial.seconds, trial.push_at_s
        ));
    }
    let impulses: Vec<DVec3> = pushes
        .split(';')
        .map(parse_push)
        .collect::<Result<_, _>>()?;
    match trial.controller {
        Controller::Stepping => println!(
            "controller: stepping (torque-level, 1440 Hz{})",
            if trial.quiet_stance {
                ", quiet stance between bouts of steps"
            } else {
                ""
            }
        ),
        Controller::Arrays => println!(
            "controller: arrays (stance_reach {}, leg_reach {})",
            trial.locomotion.stance_reach, trial.locomotion.leg_reach
        ),
    }
    println!(
        "stature {} m, push at {} s, run {} s; end speed: mean over the last {END_SPAN_S} s",
        trial.stature_m, trial.push_at_s, trial.seconds
    );
    println!("push (N s)          fell at (s)  steps after push  end speed (m/s)");
    let mut stood = 0;
    let count = impulses.len();
    for impulse in impulses {
        let o = match trial.controller {
            Controller::Stepping => stepping_trial(&trial, impulse)?,
            Controller::Arrays => arrays_trial(&trial, impulse)?,
        };
        let fell = o
            .fell_at_s
            .map_or("stood".to_string(), |t| format!("{t:.2}"));
        stood += usize::from(o.fell_at_s.is_none());
        let speed = match o.fell_at_s {
            Some(_) => "-".to_string(),
            None => format!("{:.2}", o.end_speed),
        };
        println!(
            "{:<19} {:>11}  {:>16}  {:>15}",
            format!("{},{},{}", impulse.x, impulse.y, impulse.z),
            fell,
            o.steps_after_push,
            speed
        );
    }
    println!("stood: {stood} of {count}");
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
