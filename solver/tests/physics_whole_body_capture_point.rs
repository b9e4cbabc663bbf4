//! The whole-body controller's capture-point base (issue 41, part A,
//! round 8, `[solver.physics.whole_body.capture_point]`), through the
//! daemon's tick (`physics::trials::run_trial`): a small push is absorbed
//! by the centre of pressure alone (ankle strategy) with the feet still,
//! and the setting is off by default. (Larger pushes still fall:
//! `docs/notes/own-feet.md`, round 8.)

mod chest_pushes;

use posewire_solver::physics::PhysicsSettings;

/// Round 7's push settings (G) with the capture-point base.
fn capture_point_settings() -> PhysicsSettings {
    let mut s = chest_pushes::round_7_push_settings();
    s.whole_body.capture_point.enabled = true;
    s
}

#[test]
fn with_the_capture_point_base_a_10_n_s_push_from_any_side_is_absorbed_in_place() {
    for (dir, s) in chest_pushes::from_four_sides(capture_point_settings(), 10.0) {
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
