//! Chest pushes from four sides on a standing body through the daemon's
//! tick, for the whole-body controller's tests: round 7's push settings
//! and one trial per side, summarised.

use posewire_body::glam::DVec3;
use posewire_body::{BodyProfile, Joint};
use posewire_solver::physics::trials::{
    run_trial, standing_samples, summarise, Push, TrialSummary,
};
use posewire_solver::physics::PhysicsSettings;

/// Round 7's push settings (G, `docs/notes/own-feet.md`): the whole body
/// with the arms driven by the plan, the one-foot gains, a quick and long
/// step.
pub fn round_7_push_settings() -> PhysicsSettings {
    let mut s = PhysicsSettings::default();
    s.whole_body.enabled = true;
    s.whole_body.arms_by_motors = false;
    s.whole_body.joint_hz = 3.0;
    s.whole_body.torso_hz = 1.0;
    s.whole_body.stepping.enabled = true;
    s.whole_body.stepping.swing_s = 0.25;
    s.whole_body.stepping.max_step_m = 0.9;
    s.whole_body.stepping.max_foot_accel = 100.0;
    s
}

/// A standing 1.75 m body pushed on the chest with `n_s` N s at 2 s along
/// +X, -X, +Z and -Z (a trial each, 5 s), each side's summary from the
/// push on (printed too).
pub fn from_four_sides(settings: PhysicsSettings, n_s: f64) -> Vec<(DVec3, TrialSummary)> {
    let profile = BodyProfile::from_stature(1.75);
    let samples = standing_samples(&profile, 5.0, false);
    [DVec3::X, -DVec3::X, DVec3::Z, -DVec3::Z]
        .into_iter()
        .map(|dir| {
            let push = Push {
                joint: Joint::Chest,
                impulse: dir * n_s,
                at_s: 2.0,
            };
            let ticks = run_trial(&profile, settings, &samples, &[push]);
            assert!(ticks.len() > 300, "{} ticks", ticks.len());
            let s = summarise(&ticks, 2.0);
            println!(
                "{n_s} N s {dir}: lowest pelvis {:.2} m, steps while up {}, stance slide {:.1} cm",
                s.min_pelvis_y,
                s.steps_while_up,
                100.0 * s.max_stance_slide_m
            );
            (dir, s)
        })
        .collect()
}
