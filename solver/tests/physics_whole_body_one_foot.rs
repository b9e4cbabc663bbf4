//! The whole-body controller on one foot through the daemon's tick
//! (issue 41, round 7, `docs/notes/own-feet.md`): stepping in place with
//! no push (`[solver.physics.whole_body.stepping] margin_m = -1`: a step
//! at once, then the feet back under the person), with the weight shift
//! (`weight_shift_s`) before each lift.

mod chest_pushes;

use posewire_body::BodyProfile;
use posewire_solver::physics::trials::{run_trial, standing_samples, summarise};
use posewire_solver::physics::PhysicsSettings;

fn stepping_in_place(shift: f64) -> PhysicsSettings {
    let mut s = PhysicsSettings::default();
    s.whole_body.enabled = true;
    s.whole_body.stepping.enabled = true;
    s.whole_body.stepping.margin_m = -1.0;
    s.whole_body.stepping.weight_shift_s = shift;
    s
}

#[test]
fn with_a_weight_shift_the_body_steps_in_place_without_falling() {
    let profile = BodyProfile::from_stature(1.75);
    let samples = standing_samples(&profile, 6.0, false);
    // Without the weight shift (round 6) it falls; measured here too.
    for shift in [0.0, 0.6] {
        let ticks = run_trial(&profile, stepping_in_place(shift), &samples, &[]);
        assert!(ticks.len() > 400, "{} ticks", ticks.len());
        let s = summarise(&ticks, 0.0);
        let mut assist: Vec<f64> = ticks.iter().map(|k| k.assist_root_n).collect();
        assist.sort_by(f64::total_cmp);
        let assist = assist[assist.len() / 2];
        println!(
            "weight shift {shift} s: lowest pelvis {:.2} m, steps seen {}, while up {}, stance slide {:.1} cm, assist median {assist:.0} N",
            s.min_pelvis_y,
            s.steps_seen,
            s.steps_while_up,
            100.0 * s.max_stance_slide_m,
        );
        if shift > 0.0 {
            assert!(s.min_pelvis_y > 0.7, "fell: pelvis {:.2} m", s.min_pelvis_y);
            assert!(s.steps_while_up >= 1, "no step landed");
            // Measured 6.9 cm: the one-foot bar (1 cm) is not met here.
            assert!(
                s.max_stance_slide_m < 0.15,
                "slid {:.1} cm",
                100.0 * s.max_stance_slide_m
            );
            assert!(assist <= 110.0, "assist median {assist:.0} N");
        }
    }
}

#[test]
fn the_weight_shift_is_off_by_default() {
    let s = PhysicsSettings::default();
    assert_eq!(s.whole_body.stepping.weight_shift_s, 0.0);
    let parsed: PhysicsSettings =
        toml::from_str("[whole_body.stepping]\nweight_shift_s = 0.6\n").expect("parses");
    assert_eq!(parsed.whole_body.stepping.weight_shift_s, 0.6);
}

#[test]
fn a_20_n_s_push_from_any_side_leaves_the_body_up() {
    for (dir, s) in chest_pushes::from_four_sides(chest_pushes::round_7_push_settings(), 20.0) {
        assert!(
            s.min_pelvis_y > 0.7,
            "{dir}: fell to {:.2} m",
            s.min_pelvis_y
        );
    }
}
