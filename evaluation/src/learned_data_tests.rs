//! The learned components' training data follows the solver settings it is
//! given.

use super::*;

fn demo_walk() -> Bvh {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/demo_walk.bvh");
    Bvh::read(std::path::Path::new(path)).expect("the shipped demo walk parses")
}

#[test]
fn the_data_is_synthesised_with_the_solver_settings_given() {
    let bvh = demo_walk();
    let options = DataOptions {
        seeds: vec![101],
        conditions: vec![Condition::Noisy],
        stride: 9,
        ..DataOptions::new(Component::Pelvis)
    };
    assert_eq!(options.settings, SolverSettings::default());
    let default = clip_samples(&bvh, "demo_walk", &options).expect("samples");
    assert!(!default.is_empty());
    assert_eq!(
        default,
        clip_samples(&bvh, "demo_walk", &options).expect("again")
    );
    // The devices unfiltered: the same ticks, other inputs.
    let mut settings = SolverSettings::default();
    settings.ik.filter.enabled = false;
    let unfiltered = DataOptions {
        settings,
        ..options.clone()
    };
    let other = clip_samples(&bvh, "demo_walk", &unfiltered).expect("samples");
    assert_eq!(other.len(), default.len());
    assert_ne!(other.inputs, default.inputs);
}

#[test]
fn varied_proportions_change_the_data_and_none_leaves_it_as_it_was() {
    let bvh = demo_walk();
    let options = DataOptions {
        seeds: vec![101],
        conditions: vec![Condition::Clean],
        stride: 9,
        ..DataOptions::new(Component::Legs)
    };
    assert_eq!(options.proportions_spread, 0.0);
    let plain = clip_samples(&bvh, "demo_walk", &options).expect("samples");
    let varied = DataOptions {
        proportions_spread: 0.15,
        ..options.clone()
    };
    let other = clip_samples(&bvh, "demo_walk", &varied).expect("samples");
    assert!(!other.is_empty());
    assert_ne!(other.targets, plain.targets);
    assert_eq!(
        other,
        clip_samples(&bvh, "demo_walk", &varied).expect("again")
    );
}
