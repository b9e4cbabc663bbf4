//! Issue 41, fourth round: the grounded reference (`[solver.physics.grounded]`,
//! off by default) puts the demo walker's reference feet on the floor, and
//! the simulated feet follow them down; with it off they hover. Run through
//! the daemon's tick (`physics::trials::run_trial`), as `own_feet` does.

use crate::serve::daemon::DEFAULT_STATURE_M;
use crate::serve::demo_source::DemoPerson;
use posewire_body::formats::TrackerSample;
use posewire_body::{BodyProfile, Skeleton};
use posewire_solver::physics::grounded::GroundedSettings;
use posewire_solver::physics::trials::{run_trial, TrialTick};
use posewire_solver::physics::PhysicsSettings;

fn demo_samples(profile: &BodyProfile, seconds: f64) -> Vec<TrackerSample> {
    DemoPerson::new(&Skeleton::from_profile(profile), 0.0, [0.0; 3]).samples_for(seconds, 90.0)
}

fn share(ticks: &[TrialTick], ok: impl Fn(&TrialTick) -> bool) -> f64 {
    ticks.iter().filter(|k| ok(k)).count() as f64 / ticks.len().max(1) as f64
}

/// The median of the reference's lower ankle above standing height, m.
fn lower_ankle_up(ticks: &[TrialTick], ankle_height: f64) -> f64 {
    let mut v: Vec<f64> = ticks
        .iter()
        .map(|k| k.reference_ankles[0].y.min(k.reference_ankles[1].y) - ankle_height)
        .collect();
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[test]
fn a_grounded_reference_puts_the_walking_demos_feet_on_the_floor() {
    let profile = BodyProfile::from_stature(DEFAULT_STATURE_M);
    let samples = demo_samples(&profile, 6.0);
    let h = profile.body.ankle_height;
    let off = run_trial(&profile, PhysicsSettings::default(), &samples, &[]);
    let grounded = PhysicsSettings {
        grounded: GroundedSettings {
            enabled: true,
            ..GroundedSettings::default()
        },
        ..PhysicsSettings::default()
    };
    let on = run_trial(&profile, grounded, &samples, &[]);
    assert!(off.len() > 400 && on.len() == off.len());
    let (up_off, up_on) = (lower_ankle_up(&off, h), lower_ankle_up(&on, h));
    let one_off = share(&off, |k| k.contacts[0] || k.contacts[1]);
    let one_on = share(&on, |k| k.contacts[0] || k.contacts[1]);
    let both_on = share(&on, |k| k.contacts[0] && k.contacts[1]);
    eprintln!(
        "reference lower ankle up: off {up_off:.3} m, grounded {up_on:.3} m; \
         one foot down: off {one_off:.2}, grounded {one_on:.2} (both {both_on:.2})"
    );
    // The demo's reference hovers (measured 5.4 cm median): grounded, its
    // lower ankle stands on the floor.
    assert!(up_off > 0.02, "the ungrounded reference hovers: {up_off}");
    assert!(up_on.abs() < 0.01, "grounded reference ankle: {up_on}");
    // The simulated feet follow (measured 6 % against 99 % over 12 s).
    assert!(one_off < 0.3, "ungrounded feet down: {one_off}");
    assert!(one_on > 0.8, "grounded, one foot down: {one_on}");
    assert!(both_on > 0.4, "grounded, both feet down: {both_on}");
    // Nobody pushes it: it stays on its feet.
    assert!(on.iter().all(|k| k.pelvis_y > 0.7));
}

/// The share of the demo's walking frames whose reference lower ankle is
/// within 3 cm of its standing height.
fn walking_lower_ankle_down(person: &DemoPerson, ticks: &[TrialTick], ankle_height: f64) -> f64 {
    let walking: Vec<&TrialTick> = ticks.iter().filter(|k| person.walking(k.t)).collect();
    let down = walking
        .iter()
        .filter(|k| {
            let lower = k.reference_ankles[0].y.min(k.reference_ankles[1].y);
            (lower - ankle_height).abs() <= 0.03
        })
        .count();
    down as f64 / walking.len().max(1) as f64
}

#[test]
fn with_the_floating_feet_rule_the_demos_walking_reference_puts_a_foot_down() {
    // Issue 41: the learned legs fold both knees on the demo's walk (its
    // reference's lower ankle within 3 cm of standing height in 10 % of
    // the walking frames of a whole loop); `[solver.physics.floating_feet]`
    // puts the lower foot down while both float (89 % over a whole loop).
    let profile = BodyProfile::from_stature(DEFAULT_STATURE_M);
    let person = DemoPerson::new(&Skeleton::from_profile(&profile), 0.0, [0.0; 3]);
    // The first walk and the start of the second (the table between).
    let samples = person.samples_for(12.0, 90.0);
    let h = profile.body.ankle_height;
    let off = run_trial(&profile, PhysicsSettings::default(), &samples, &[]);
    let mut settings = PhysicsSettings::default();
    settings.floating_feet.enabled = true;
    let on = run_trial(&profile, settings, &samples, &[]);
    let (down_off, down_on) = (
        walking_lower_ankle_down(&person, &off, h),
        walking_lower_ankle_down(&person, &on, h),
    );
    eprintln!("walking, reference lower ankle within 3 cm: off {down_off:.2}, on {down_on:.2}");
    assert!(down_off < 0.4, "without the rule: {down_off}");
    assert!(down_on > 0.85, "with the rule: {down_on}");
    assert!(on.iter().all(|k| k.pelvis_y > 0.7));
}
