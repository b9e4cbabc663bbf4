//! The SIMBICON gain search's objective (`simbicon_search`): a score is
//! reproducible, and it tells a body that stands from one that falls.

use posewire_solver::physics::{PhysicsSettings, WorldSettings};
use posewire_tools::simbicon_objective::{score_case, with_vector, Case, KNOBS};

fn quiet() -> Case {
    Case {
        stature_m: 1.75,
        push: None,
    }
}

#[test]
fn the_same_gains_score_the_same() {
    let world = WorldSettings::default();
    let settings = PhysicsSettings::default();
    let a = score_case(world, settings, &quiet());
    let b = score_case(world, settings, &quiet());
    assert_eq!(a, b);
}

#[test]
fn a_body_that_stands_scores_better_than_one_whose_torso_gives_way() {
    let world = WorldSettings::default();
    let settings = PhysicsSettings::default();
    let standing = score_case(world, settings, &quiet());
    println!("built-in gains: {standing:?}");
    // Measured: both feet 95 %, no fall, penalty 0.78.
    assert!(!standing.fell);
    assert!(standing.both_feet >= 0.85, "{standing:?}");
    assert!(standing.penalty < 1.5, "{standing:?}");
    // The torso's and the standing centre of mass's PDs at a twentieth.
    let mut x = vec![0.0; KNOBS.len()];
    for (i, name) in KNOBS.iter().enumerate() {
        if matches!(*name, "gains.torso_kp" | "gains.stand_kp" | "gains.knee_kp") {
            x[i] = -3.0;
        }
    }
    let weak = PhysicsSettings {
        simbicon_legs: with_vector(settings.simbicon_legs, &x),
        ..settings
    };
    let falling = score_case(world, weak, &quiet());
    println!("weak gains: {falling:?}");
    assert!(falling.fell, "{falling:?}");
    assert!(falling.penalty > standing.penalty + 1.0);
}
