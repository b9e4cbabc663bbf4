//! The whole-body inverse-dynamics controller (issue 41, round 5,
//! `[solver.physics.whole_body]`), through the daemon's tick
//! (`physics::trials::run_trial`).

use posewire_body::glam::DVec3;
use posewire_body::{BodyProfile, Joint};
use posewire_solver::physics::trials::{run_trial, standing_samples, Push, TrialTick};
use posewire_solver::physics::{BodyState, PhysicsSettings};

fn whole_body() -> PhysicsSettings {
    let mut s = PhysicsSettings::default();
    s.whole_body.enabled = true;
    s
}

/// The median over the ticks after the first second.
fn settled_median(ticks: &[TrialTick], of: impl Fn(&TrialTick) -> f64) -> f64 {
    let mut v: Vec<f64> = ticks.iter().filter(|k| k.t >= 1.0).map(of).collect();
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

#[test]
fn a_standing_body_carries_its_weight_on_both_feet_with_a_small_residual() {
    let profile = BodyProfile::from_stature(1.75);
    let samples = standing_samples(&profile, 6.0, false);
    let ticks = run_trial(&profile, whole_body(), &samples, &[]);
    let settled: Vec<&TrialTick> = ticks.iter().filter(|k| k.t >= 1.0).collect();
    assert!(settled.len() > 400, "{} ticks", settled.len());
    let both = settled
        .iter()
        .filter(|k| k.contacts[0] && k.contacts[1])
        .count() as f64
        / settled.len() as f64;
    assert!(both >= 0.95, "both feet down in {:.0} %", 100.0 * both);
    let assist = settled_median(&ticks, |k| k.assist_root_n);
    assert!(assist <= 110.0, "assist median {assist:.0} N");
    let carried = settled_median(&ticks, |k| k.support_share);
    assert!(carried >= 0.9, "the feet carry {carried:.2} of the weight");
    assert!(settled.iter().all(|k| k.state == BodyState::Tracking));
    assert!(
        settled.iter().all(|k| k.pelvis_y > 0.75),
        "the body stands (pelvis above 0.75 m throughout)"
    );
    // The control: today's defaults hold the same body up from outside.
    let defaults = run_trial(&profile, PhysicsSettings::default(), &samples, &[]);
    let control = settled_median(&defaults, |k| k.assist_root_n);
    assert!(
        assist <= 0.3 * control,
        "assist median {assist:.0} N with the controller, {control:.0} N with the defaults"
    );
}

#[test]
fn the_same_devices_and_push_give_identical_frames() {
    let profile = BodyProfile::from_stature(1.75);
    let samples = standing_samples(&profile, 2.0, false);
    let push = Push {
        joint: Joint::Chest,
        impulse: DVec3::X * 30.0,
        at_s: 1.0,
    };
    let a = run_trial(&profile, whole_body(), &samples, &[push]);
    let b = run_trial(&profile, whole_body(), &samples, &[push]);
    assert!(a.len() > 150);
    assert_eq!(a, b);
}

#[test]
fn off_by_default_and_bad_settings_are_refused() {
    assert!(!PhysicsSettings::default().whole_body.enabled);
    let bad: Result<PhysicsSettings, _> = toml::from_str("[whole_body]\nenabeld = true\n");
    let err = bad.expect_err("an unknown key is refused");
    assert!(err.to_string().contains("enabeld"), "{err}");
}
