//! Issue 41, round 5, through gRPC: with the whole-body inverse-dynamics
//! controller on (`[solver.physics.whole_body] enabled = true`, not the
//! default: `docs/notes/own-feet.md` says what it costs), a pushed person
//! standing still (headset at the default stature's height, hands at the
//! sides, fed at 90 Hz) stands on both feet and the assist's root force
//! (here: the controller's capped residual) stays small. Its first second,
//! dropping onto its feet, does not count.

use crate::{cluster_push, common};
use posewire_client::pb;

/// A standing person's frames (headset still, hands at the sides) on a
/// daemon with `solver`, its first second left out: for each, both feet
/// down, |assist root force| N and the pelvis height m.
pub(crate) async fn standing_frames(
    solver: posewire_solver::SolverSettings,
) -> Vec<(bool, f64, f64)> {
    use common::{avatar, next_frame};
    use posewire::serve::config::SourceConfig;
    use posewire::serve::Config;
    use posewire_body::glam::DVec3;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    let storage = tempfile::tempdir().expect("temp dir");
    let config = Config {
        listen: "127.0.0.1:0".into(),
        solver,
        avatars: vec![avatar("still", SourceConfig::Push {})],
        storage: storage.path().to_path_buf(),
        subscriber_buffer: 256,
        ..Config::default()
    };
    let (daemon, client) = common::start_daemon(&config).await;
    let stop = Arc::new(AtomicBool::new(false));
    let pusher = cluster_push::push_standing(&client, "still", DVec3::ZERO, stop.clone());
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest {
            include_forces: true,
            ..Default::default()
        })
        .await
        .expect("subscribes");
    // (both feet down, |assist root force| N, pelvis height m)
    let mut seen: Vec<(bool, f64, f64)> = Vec::new();
    let mut from = None;
    loop {
        let frame = next_frame(&mut stream).await;
        let t = frame.simulation_time_s;
        if from.is_some_and(|t0: f64| t - t0 >= 8.0) {
            break;
        }
        for a in frame.avatars.iter().filter(|a| a.avatar_id == "still") {
            let (Some(forces), Some(feet), Some(root)) =
                (a.forces.as_ref(), a.foot_contacts.as_ref(), a.root.as_ref())
            else {
                continue;
            };
            let Some(f) = forces.assist.as_ref().and_then(|x| x.root_force.as_ref()) else {
                continue;
            };
            let t0 = *from.get_or_insert(t);
            if t - t0 < 1.0 {
                continue;
            }
            let y = root.position.as_ref().map_or(0.0, |p| p.y);
            let n = (f.x * f.x + f.y * f.y + f.z * f.z).sqrt();
            seen.push((feet.left && feet.right, n, y));
        }
    }
    stop.store(true, Ordering::SeqCst);
    let _ = pusher.await;
    daemon.shutdown().await.expect("clean shutdown");
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_whole_body_controller_a_standing_body_stands_on_its_own_feet() {
    let mut solver = common::solver_named("physics");
    solver.physics.whole_body.enabled = true;
    let seen = standing_frames(solver).await;
    assert!(seen.len() > 300, "{} frames", seen.len());
    let both = seen.iter().filter(|s| s.0).count() as f64 / seen.len() as f64;
    let mut assist: Vec<f64> = seen.iter().map(|s| s.1).collect();
    assist.sort_by(f64::total_cmp);
    let median = assist[assist.len() / 2];
    println!("standing, whole body: both feet {both:.3}, assist median {median:.1} N");
    assert!(both >= 0.95, "both feet down in {:.0} %", 100.0 * both);
    assert!(median <= 110.0, "assist median {median:.0} N");
    assert!(seen.iter().all(|s| s.2 > 0.7), "it fell");
}
