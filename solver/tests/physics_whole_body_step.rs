//! Stepping of the whole-body controller (issue 41, part A, round 6,
//! `[solver.physics.whole_body.stepping]`), through the daemon's tick
//! (`physics::trials::run_trial`): a push beyond the feet makes a foot
//! lift and land elsewhere, a standing body takes no step, and the
//! setting is off by default. (The body still falls after its step: the
//! bar is not met, `docs/notes/own-feet.md`, round 6.)

use posewire_body::glam::DVec3;
use posewire_body::{BodyProfile, Joint};
use posewire_solver::physics::trials::{run_trial, standing_samples, summarise, Push, TrialTick};
use posewire_solver::physics::PhysicsSettings;

fn whole_body(stepping: bool) -> PhysicsSettings {
    let mut s = PhysicsSettings::default();
    s.whole_body.enabled = true;
    s.whole_body.stepping.enabled = stepping;
    s
}

/// Steps that land while the body is still up (pelvis above 0.7 m and
/// not yet fallen), as `push_reactions` counts them.
fn steps_while_up(ticks: &[TrialTick], from_s: f64) -> u32 {
    summarise(ticks, from_s).steps_while_up
}

#[test]
fn a_push_beyond_the_feet_makes_a_foot_step_before_the_body_is_down() {
    let profile = BodyProfile::from_stature(1.75);
    let samples = standing_samples(&profile, 5.0, false);
    let push = Push {
        joint: Joint::Chest,
        impulse: DVec3::X * 60.0,
        at_s: 2.0,
    };
    let on = run_trial(&profile, whole_body(true), &samples, &[push]);
    let off = run_trial(&profile, whole_body(false), &samples, &[push]);
    assert!(on.len() > 400, "{} ticks", on.len());
    let (stepped, control) = (steps_while_up(&on, 2.0), steps_while_up(&off, 2.0));
    println!("60 N s sideways: {stepped} steps with stepping, {control} without");
    assert!(stepped >= 1, "no step landed while the body was up");
    assert_eq!(control, 0, "the control stepped without stepping on");
}

#[test]
fn a_standing_body_takes_no_step_and_stands_on_both_feet() {
    let profile = BodyProfile::from_stature(1.75);
    let samples = standing_samples(&profile, 6.0, false);
    let ticks = run_trial(&profile, whole_body(true), &samples, &[]);
    let settled: Vec<&TrialTick> = ticks.iter().filter(|k| k.t >= 1.0).collect();
    assert!(settled.len() > 400, "{} ticks", settled.len());
    let both = settled
        .iter()
        .filter(|k| k.contacts[0] && k.contacts[1])
        .count() as f64
        / settled.len() as f64;
    assert!(both >= 0.95, "both feet down in {:.0} %", 100.0 * both);
    for foot in 0..2 {
        let ys = settled.iter().map(|k| k.ankles[foot].y);
        let (lo, hi) = ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), y| {
            (a.min(y), b.max(y))
        });
        assert!(
            hi - lo < 0.03,
            "foot {foot} rose {:.1} cm",
            100.0 * (hi - lo)
        );
    }
}

#[test]
fn stepping_is_off_by_default_and_unknown_keys_are_refused() {
    let s = PhysicsSettings::default();
    assert!(!s.whole_body.stepping.enabled);
    let bad: Result<PhysicsSettings, _> =
        toml::from_str("[whole_body.stepping]\nenabled = true\nmargin = 0.1\n");
    let err = bad.expect_err("an unknown key is refused");
    assert!(err.to_string().contains("margin"), "{err}");
    let good: PhysicsSettings =
        toml::from_str("[whole_body]\nenabled = true\n[whole_body.stepping]\nenabled = true\n")
            .expect("parses");
    assert!(good.whole_body.stepping.enabled);
}
