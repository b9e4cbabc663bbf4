//! Learned networks given at run time: weights read back from the
//! embedded files give bit-identical solves to the embedded build, with
//! the `ik` solver and the physics avatar's reference alike, and a solver
//! built with other networks solves differently (the networks given are
//! the ones run).

use posewire_body::{DeviceSet, Joint};
use posewire_solver::learned::{LearnedModels, Net};
use posewire_solver::{solve_take, SolveOptions, SolverKind};

mod walker;
use walker::{profile_with_mounts, take_from};

/// The embedded networks, each read back from its weights file's bytes.
fn from_files() -> LearnedModels {
    Net::ALL
        .into_iter()
        .fold(LearnedModels::embedded(), |m, net| {
            if net.embedded_bytes().is_empty() {
                return m;
            }
            m.with_model(net, None)
                .with_weights(net, net.embedded_bytes(), &format!("{}.bin", net.name()))
                .expect("the embedded weights are valid")
        })
}

#[test]
fn weights_equal_to_the_embedded_ones_solve_bit_identically() {
    let profile = profile_with_mounts();
    for solver in [SolverKind::Ik, SolverKind::Physics] {
        for count in [3, 4, 6] {
            let devices = DeviceSet::standard(count).expect("standard set");
            let (take, _) = take_from(&profile, devices, 2.0);
            let embedded = SolveOptions {
                solver,
                ..SolveOptions::default()
            };
            let given = SolveOptions {
                models: from_files(),
                ..embedded.clone()
            };
            let a = solve_take(&profile, &take, &embedded).expect("solve");
            let b = solve_take(&profile, &take, &given).expect("solve");
            assert!(!a.is_empty());
            assert_eq!(a, b, "{} with {count} devices", solver.name());
        }
    }
}

#[test]
fn the_networks_given_are_the_ones_run() {
    let profile = profile_with_mounts();
    let devices = DeviceSet::standard(3).expect("standard set");
    let (take, _) = take_from(&profile, devices, 2.0);
    let embedded = SolveOptions::default();
    let pelvis = embedded
        .models
        .get(Net::Pelvis)
        .expect("the build embeds a pelvis network");
    // The same network with its output biases moved: the pelvis lands
    // elsewhere.
    let mut moved = (*pelvis).clone();
    moved.out_mean.iter_mut().for_each(|v| *v += 0.05);
    for solver in [SolverKind::Ik, SolverKind::Physics] {
        let options = SolveOptions {
            solver,
            ..SolveOptions::default()
        };
        let other = SolveOptions {
            models: LearnedModels::embedded().with_model(Net::Pelvis, Some(moved.clone().into())),
            ..options.clone()
        };
        let a = solve_take(&profile, &take, &options).expect("solve");
        let b = solve_take(&profile, &take, &other).expect("solve");
        let last = |f: &[posewire_body::formats::JointFrame]| {
            f.last().expect("frames").joints[Joint::Pelvis].position
        };
        assert!(
            last(&a).distance(last(&b)) > 1e-3,
            "{}: the given pelvis network changed nothing",
            solver.name()
        );
    }
}
