//! The whole-body controller's capture-point base (issue 41, part A,
//! round 8, `[solver.physics.whole_body.capture_point]`), through the
//! daemon's tick (`physics::trials::run_trial`): a small push is absorbed
//! by the centre of pressure alone (ankle strategy) with the feet still,
//! and the setting is off by default. (Larger pushes still fall:
//! `docs/notes/own-feet.md`, round 8.)

use posewire_body::glam::DVec3;
use posewire_body::{BodyProfile, Joint};
use posewire_solver::physics::trials::{run_trial, standing_samples, summarise, Push};
use posewire_solver::physics::PhysicsSettings;

/// Round 7's push settings (G) with the capture-point base.
fn capture_point_settings() -> PhysicsSettings {
    let mut s = PhysicsSettings::default();
    s.whole_body.enabled = true;
    s.whole_body.arms_by_motors = false;
    s.whole_body.joint_hz = 3.0;
    s.whole_body.torso_hz = 1.0;
    s.whole_body.stepping.enabled = true;
    s.whole_body.stepping.swing_s = 0.25;
    s.whole_body.stepping.max_step_m = 0.9;
    s.whole_body.stepping.max_foot_accel = 100.0;
    s.whole_body.capture_point.enabled = true;
    s
}

#[test]
fn with_the_capture_point_base_a_10_n_s_push_from_any_side_is_absorbed_in_place() {
    let profile = BodyProfile::from_stature(1.75);
    let samples = standing_samples(&profile, 5.0, false);
    for dir in [DVec3::X, -DVec3::X, DVec3::Z, -DVec3::Z] {
        let push = Push {
            joint: Joint::Chest,
            impulse: dir * 10.0,
            at_s: 2.0,
        };
        let ticks = run_trial(&profile, capture_point_settings(), &samples, &[push]);
        assert!(ticks.len() > 300, "{} ticks", ticks.len());
        let s = summarise(&ticks, 2.0);
        println!(
            "10 N s {dir}: lowest pelvis {:.2} m, steps while up {}, stance slide {:.1} cm",
            s.min_pelvis_y,
            s.steps_while_up,
            100.0 * s.max_stance_slide_m
        );
        assert!(
            s.min_pelvis_y > 0.7,
            "{dir}: fell to {:.2} m",
            s.min_pelvis_y
        );
        // Measured 0.4-2.8 cm.
        assert!(
            s.max_stance_slide_m < 0.03,
            "{dir}: a stance foot slid {:.1} cm",
            100.0 * s.max_stance_slide_m
        );
    }
}

#[test]
fn the_capture_point_base_is_off_by_default_and_unknown_keys_are_refused() {
    let s = PhysicsSettings::default();
    assert!(!s.whole_body.capture_point.enabled);
    let bad: Result<PhysicsSettings, _> =
        toml::from_str("[whole_body.capture_point]\nenabled = true\ngain = 1\n");
    let err = bad.expect_err("an unknown key is refused");
    assert!(err.to_string().contains("gain"), "{err}");
    let good: PhysicsSettings =
        toml::from_str("[whole_body.capture_point]\nenabled = true\nhz = 0.5\n").expect("parses");
    assert!(good.whole_body.capture_point.enabled);
    assert_eq!(good.whole_body.capture_point.hz, 0.5);
}
