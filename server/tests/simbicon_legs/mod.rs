//! Issue 41, through gRPC: with the legs driven by the stepping controller
//! (`[solver.physics.simbicon_legs] enabled = true`, not the default:
//! `docs/notes/own-feet.md`, round 9), a pushed person standing still
//! stands on both feet with no help from outside the body; with a bounded
//! residual on the pelvis as well (round 11), it stands and the demo
//! person walks on its feet.

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

/// Round 11 (`docs/notes/own-feet.md`): the SIMBICON legs with a bounded
/// residual on the pelvis (`docs/notes/own-feet/simbicon-residual.toml`,
/// not the default): issue 41's standing and walking bars through gRPC.
/// A pushed person standing still stands on both feet in at least 95 % of
/// frames; the demo person walking (its first 12 s) has each foot down in
/// at least 40 % of frames and one in at least 85 %, the balance and
/// locomotion arrays acting in at least half; the assist's median at most
/// 110 N in both, and neither falls.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_simbicon_legs_and_a_bounded_residual_the_body_stands_and_walks_on_its_feet() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/notes/own-feet/simbicon-residual.toml");
    let settings = posewire_solver::SolverSettings::load(&file).expect("the residual settings");
    let legs = settings.physics.simbicon_legs;
    assert!(legs.enabled && legs.residual.enabled());
    let mut solver = common::solver_named("physics");
    solver.physics.simbicon_legs = legs;
    let (walking, standing) = crate::walking_and_standing(solver).await;
    assert!(walking.len() > 500 && standing.len() > 500);

    let both = crate::share_of(&standing, |s| s.feet[0] && s.feet[1]);
    let still_assist = crate::median_assist(&standing);
    let walk_assist = crate::median_assist(&walking);
    let left = crate::share_of(&walking, |s| s.feet[0]);
    let right = crate::share_of(&walking, |s| s.feet[1]);
    let one = crate::share_of(&walking, |s| s.feet[0] || s.feet[1]);
    let balance = crate::share_of(&walking, |s| s.balance);
    let locomotion = crate::share_of(&walking, |s| s.locomotion);
    let lowest = |seen: &[crate::Support]| seen.iter().map(|s| s.pelvis_y).fold(f64::MAX, f64::min);
    let report = format!(
        "standing: both feet {both:.3}, assist median {still_assist:.1} N, lowest pelvis {:.2} m; \
         walking: assist median {walk_assist:.1} N, left {left:.2}, right {right:.2}, one {one:.2}, \
         balance {balance:.2}, locomotion {locomotion:.2}, lowest pelvis {:.2} m",
        lowest(&standing),
        lowest(&walking),
    );
    println!("{report}");
    assert!(both >= 0.95, "{report}");
    assert!(still_assist <= 110.0 && walk_assist <= 110.0, "{report}");
    assert!(left >= 0.4 && right >= 0.4 && one >= 0.85, "{report}");
    assert!(balance >= 0.5 && locomotion >= 0.5, "{report}");
    assert!(
        lowest(&standing) > 0.7 && lowest(&walking) > 0.7,
        "fell: {report}"
    );
}
