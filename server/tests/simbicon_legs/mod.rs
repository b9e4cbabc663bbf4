//! Issue 41, round 9, through gRPC: with the legs driven by the stepping
//! controller (`[solver.physics.simbicon_legs] enabled = true`, not the
//! default: `docs/notes/own-feet.md`, round 9), a pushed person standing
//! still stands on both feet with no help from outside the body.

use crate::{common, whole_body};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_simbicon_legs_a_standing_body_stands_on_its_own_feet() {
    let mut solver = common::solver_named("physics");
    solver.physics.simbicon_legs.enabled = true;
    // Measured with `own_feet` (the same tick): both feet 95 %, 0 N.
    stands_on_its_own_feet(solver, "SIMBICON legs").await;
}

/// The same with round 10's searched gains
/// (`docs/notes/own-feet/simbicon-searched.toml`, `simbicon_search`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_searched_simbicon_gains_a_standing_body_stands_on_its_own_feet() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/notes/own-feet/simbicon-searched.toml");
    let searched = posewire_solver::SolverSettings::load(&file).expect("the searched settings");
    assert!(searched.physics.simbicon_legs.enabled);
    let mut solver = common::solver_named("physics");
    solver.physics.simbicon_legs = searched.physics.simbicon_legs;
    stands_on_its_own_feet(solver, "searched SIMBICON gains").await;
}

/// A pushed person standing still, served with `solver`: both feet down in
/// at least 85 % of frames, the assist's median at most 110 N, no fall.
async fn stands_on_its_own_feet(solver: posewire_solver::SolverSettings, label: &str) {
    let seen = whole_body::standing_frames(solver).await;
    assert!(seen.len() > 300, "{} frames", seen.len());
    let both = seen.iter().filter(|s| s.0).count() as f64 / seen.len() as f64;
    let mut assist: Vec<f64> = seen.iter().map(|s| s.1).collect();
    assist.sort_by(f64::total_cmp);
    let median = assist[assist.len() / 2];
    println!("standing, {label}: both feet {both:.3}, assist median {median:.1} N");
    assert!(both >= 0.85, "both feet down in {:.0} %", 100.0 * both);
    assert!(median <= 110.0, "assist median {median:.0} N");
    assert!(seen.iter().all(|s| s.2 > 0.7), "it fell");
}
