//! The whole-body controller on one foot through the daemon's tick
//! (issue 41, round 7, `docs/notes/own-feet.md`): stepping in place with
//! no push (`[solver.physics.whole_body.stepping] margin_m = -1`: a step
//! at once, then the feet back under the person).

use posewire_body::BodyProfile;
use posewire_solver::physics::trials::{run_trial, standing_samples, summarise};
use posewire_solver::physics::PhysicsSettings;

fn stepping_in_place() -> PhysicsSettings {
    let mut s = PhysicsSettings::default();
    s.whole_body.enabled = true;
    s.whole_body.stepping.enabled = true;
    s.whole_body.stepping.margin_m = -1.0;
    s
}

#[test]
fn stepping_in_place_unpushed_is_measured() {
    let profile = BodyProfile::from_stature(1.75);
    let samples = standing_samples(&profile, 6.0, false);
    let ticks = run_trial(&profile, stepping_in_place(), &samples, &[]);
    let s = summarise(&ticks, 1.0);
    for k in ticks.iter().step_by(9) {
        println!(
            "{:.1} s pelvis {:.2} ankles y {:.2} / {:.2} contacts {:?} assist {:.0} N state {:?}",
            k.t, k.pelvis_y, k.ankles[0].y, k.ankles[1].y, k.contacts, k.assist_root_n, k.state
        );
    }
    println!(
        "lowest pelvis {:.2} m, steps seen {}, while up {}, stance slide {:.1} cm",
        s.min_pelvis_y,
        s.steps_seen,
        s.steps_while_up,
        100.0 * s.max_stance_slide_m
    );
}
