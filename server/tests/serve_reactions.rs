//! The demo avatar's reactions as a client outside sees them: the real
//! `posewire serve` binary with no options (the physics solver), pushed on
//! the chest along world +X over gRPC while the demo person walks its loop;
//! each push is judged on the streamed frames alone: `root.position` (the
//! pelvis), `camera_link` (`distance_m`, `link`) and the body's reaction.
//! Times are simulation times (the frames' `simulation_time_s`), so a slow
//! machine stretches the test but cannot change its verdict.

mod cluster_push;
mod common;
mod simbicon_legs;
mod whole_body;

use common::{client_runtime, next_frame, spawn_serve_with, stop_cleanly};
use posewire_client::{pb, Client};
use tonic::Streaming;

/// What one frame of the demo avatar says.
#[derive(Debug, Clone, Copy)]
struct Seen {
    t: f64,
    pelvis_y: f64,
    /// The pelvis along the floor (x, z).
    pelvis_xz: [f64; 2],
    /// The head and chest joints, world.
    head: [f64; 3],
    chest: [f64; 3],
    head_gap_m: f64,
    link: f64,
    state: pb::BodyState,
    steps: u32,
}

async fn next(stream: &mut Streaming<pb::StreamFramesResponse>) -> Seen {
    loop {
        let frame = next_frame(stream).await;
        let Some(a) = frame.avatars.iter().find(|a| a.avatar_id == "demo") else {
            continue;
        };
        let (Some(root), Some(link), Some(reaction)) = (&a.root, &a.camera_link, &a.reaction)
        else {
            continue;
        };
        let Some(position) = &root.position else {
            continue;
        };
        // Joint positions in canonical order: pelvis, spine, chest, neck, head.
        let joint = |i: usize| {
            let p = &a.joint_positions;
            [p[3 * i], p[3 * i + 1], p[3 * i + 2]].map(f64::from)
        };
        if a.joint_positions.len() < 15 {
            continue;
        }
        return Seen {
            t: frame.simulation_time_s,
            pelvis_y: position.y,
            pelvis_xz: [position.x, position.z],
            head: joint(4),
            chest: joint(2),
            head_gap_m: link.distance_m,
            link: link.link,
            state: reaction.state(),
            steps: reaction.recovery_steps,
        };
    }
}

/// Frames until the body has tracked, fully assisted, for a second.
async fn settle(stream: &mut Streaming<pb::StreamFramesResponse>) -> Seen {
    let mut since: Option<f64> = None;
    loop {
        let s = next(stream).await;
        let calm = s.state == pb::BodyState::Tracking && s.link > 0.99;
        since = if calm { since.or(Some(s.t)) } else { None };
        if since.is_some_and(|t0| s.t - t0 >= 1.0) {
            return s;
        }
    }
}

/// Pushes the demo's chest along +X with `n_s` newton seconds and returns
/// the frames of the next `seconds` (from the first frame after the push).
async fn push_and_watch(
    client: &Client,
    stream: &mut Streaming<pb::StreamFramesResponse>,
    n_s: f64,
    seconds: f64,
) -> Vec<Seen> {
    client
        .push_impulse(pb::PushImpulseRequest {
            id: "demo".into(),
            joint: "chest".into(),
            impulse: Some(pb::Vec3 {
                x: n_s,
                y: 0.0,
                z: 0.0,
            }),
        })
        .await
        .expect("the push is taken");
    let first = next(stream).await;
    let mut seen = vec![first];
    while seen.last().is_some_and(|s| s.t - first.t < seconds) {
        seen.push(next(stream).await);
    }
    seen
}

#[test]
fn the_demo_avatar_staggers_steps_falls_and_gets_up_under_chest_pushes() {
    let (child, address, _rx) = spawn_serve_with(&["--listen", "127.0.0.1:0"], &[]);
    let runtime = client_runtime();
    runtime.block_on(async {
        let client = Client::connect(&address).await.expect("connects");
        let mut stream = client
            .stream_frames(pb::StreamFramesRequest::default())
            .await
            .expect("subscribes");
        let no_fall = |seen: &[Seen]| seen.iter().all(|s| s.pelvis_y > 0.7);

        // 25 N s: the head leaves the headset by 3 cm, no fall, back
        // within 3 cm in 4 s; the view stays first person.
        settle(&mut stream).await;
        let seen = push_and_watch(&client, &mut stream, 25.0, 4.0).await;
        let unlinked = seen.iter().find(|s| s.link < 0.99);
        assert!(unlinked.is_none(), "25 N s unlinked the view: {unlinked:?}");
        let peak = seen
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.head_gap_m.total_cmp(&b.1.head_gap_m))
            .map(|(i, s)| (i, *s))
            .expect("frames");
        assert!(peak.1.head_gap_m >= 0.03, "25 N s: peak {:?}", peak.1);
        assert!(no_fall(&seen), "25 N s fell: {seen:?}");
        // Back: within 3 cm from some frame to the end of the 4 s.
        let last_off = seen.iter().rposition(|s| s.head_gap_m >= 0.03);
        assert!(
            last_off.is_some_and(|i| i + 1 < seen.len()),
            "25 N s: not back within 3 cm in 4 s: {:?}",
            seen.last()
        );

        // 60 N s: at least two recovery steps, no fall.
        let before = settle(&mut stream).await;
        let seen = push_and_watch(&client, &mut stream, 60.0, 6.0).await;
        let steps = seen.last().map_or(0, |s| s.steps) - before.steps;
        assert!(steps >= 2, "60 N s: {steps} recovery steps");
        assert!(no_fall(&seen), "60 N s fell: {seen:?}");

        // 250 N s: down (pelvis below 0.5 m) with the camera unlinked within
        // 3 s, then standing (pelvis above 0.8 m), linked, the head within
        // 5 cm of the headset within 12 s.
        settle(&mut stream).await;
        let seen = push_and_watch(&client, &mut stream, 250.0, 12.0).await;
        let t0 = seen[0].t;
        let down = seen
            .iter()
            .position(|s| s.t - t0 <= 3.0 && s.pelvis_y < 0.5 && s.link < 0.5);
        let Some(down) = down else {
            panic!("250 N s: not down and unlinked within 3 s: {:?}", &seen[..]);
        };
        // Getting up where it lies: from the frame it begins until the
        // pelvis is above 0.8 m, the pelvis stays within 0.5 m (along the
        // floor) of where it began.
        let rising = seen[down..]
            .iter()
            .position(|s| s.state == pb::BodyState::GettingUp)
            .map(|i| down + i);
        let Some(rising) = rising else {
            panic!("250 N s: never got up: {:?}", seen.last());
        };
        let from = seen[rising].pelvis_xz;
        let travel = seen[rising..]
            .iter()
            .take_while(|s| s.pelvis_y <= 0.8)
            .map(|s| (s.pelvis_xz[0] - from[0]).hypot(s.pelvis_xz[1] - from[1]))
            .fold(0.0, f64::max);
        println!(
            "250 N s: getting up began {:.2} s after the push, pelvis travel while rising {travel:.2} m",
            seen[rising].t - t0
        );
        assert!(travel <= 0.5, "250 N s: dragged {travel:.2} m while getting up");
        let up = seen[down..]
            .iter()
            .find(|s| s.pelvis_y > 0.8 && s.link > 0.5 && s.head_gap_m <= 0.05);
        if let Some(up) = up {
            println!("250 N s: standing and linked {:.2} s after the push", up.t - t0);
        }
        assert!(
            up.is_some(),
            "250 N s: not standing and linked within 12 s: {:?}",
            seen.last()
        );
    });
    drop(runtime);
    stop_cleanly(child);
}

/// The demo's velocity of a point (head or chest) from the last frames,
/// m/s along the floor.
fn velocity(seen: &[Seen], point: impl Fn(&Seen) -> [f64; 3]) -> [f64; 2] {
    let (a, b) = (seen[0], seen[seen.len() - 1]);
    let dt = (b.t - a.t).max(1e-3);
    let (pa, pb) = (point(&a), point(&b));
    [(pb[0] - pa[0]) / dt, (pb[2] - pa[2]) / dt]
}

/// A moving object for the demo: a box (`edge` > 0) or a ball of `radius`.
fn thrown(
    shape: pb::shape::Kind,
    mass_kg: f64,
    at: [f64; 3],
    velocity: [f64; 3],
) -> pb::AddObjectRequest {
    let v = |p: [f64; 3]| pb::Vec3 {
        x: p[0],
        y: p[1],
        z: p[2],
    };
    pb::AddObjectRequest {
        shape: Some(pb::Shape { kind: Some(shape) }),
        mass_kg,
        pose: Some(pb::Pose {
            position: Some(v(at)),
            rotation: Some(pb::Quat {
                x: 0.0,
                y: 0.0,
                z: 0.0,
                w: 1.0,
            }),
        }),
        linear_velocity: Some(v(velocity)),
        ..Default::default()
    }
}

/// The demo's impulses in GetStats.
async fn impulses(client: &Client) -> u64 {
    let stats = client.get_stats().await.expect("stats");
    stats
        .avatars
        .iter()
        .find(|a| a.avatar_id == "demo")
        .map_or(0, |a| a.impulses)
}

/// Frames for `seconds` from the next one.
async fn watch(stream: &mut Streaming<pb::StreamFramesResponse>, seconds: f64) -> Vec<Seen> {
    let first = next(stream).await;
    let mut seen = vec![first];
    while seen.last().is_some_and(|s| s.t - first.t < seconds) {
        seen.push(next(stream).await);
    }
    seen
}

#[test]
fn what_hits_the_demo_avatar_makes_it_react_and_is_counted() {
    let (child, address, _rx) = spawn_serve_with(&["--listen", "127.0.0.1:0"], &[]);
    let runtime = client_runtime();
    runtime.block_on(async {
        let client = Client::connect(&address).await.expect("connects");
        let mut scene = client.scene_service();
        let mut stream = client
            .stream_frames(pb::StreamFramesRequest::default())
            .await
            .expect("subscribes");

        // A 20 kg, 0.4 m box dropped from 2 m above the head, moving along
        // the floor with the head so that it lands on it.
        settle(&mut stream).await;
        let recent = watch(&mut stream, 0.1).await;
        let now = recent[recent.len() - 1];
        let [vx, vz] = velocity(&recent, |s| s.head);
        let before = impulses(&client).await;
        let dropped = scene
            .add_object(thrown(
                pb::shape::Kind::Box(pb::Box {
                    size: Some(pb::Vec3 {
                        x: 0.4,
                        y: 0.4,
                        z: 0.4,
                    }),
                }),
                20.0,
                [now.head[0], now.head[1] + 2.0, now.head[2]],
                [vx, 0.0, vz],
            ))
            .await
            .expect("the box is added")
            .into_inner();
        let seen = watch(&mut stream, 1.5).await;
        let reacted = seen.iter().find(|s| s.state != pb::BodyState::Tracking);
        println!(
            "box: reacted {:?} s after the drop, impulses {} -> {}",
            reacted.map(|r| r.t - seen[0].t),
            before,
            impulses(&client).await
        );
        assert!(
            reacted.is_some(),
            "the box on the head: no reaction in 1.5 s"
        );
        scene
            .remove_object(pb::RemoveObjectRequest { id: dropped.id })
            .await
            .expect("the box is taken away");

        // A 4 kg ball (0.1 m) at 8 m/s at the chest, from 1.2 m to its side,
        // aimed at where the chest will be.
        settle(&mut stream).await;
        let recent = watch(&mut stream, 0.1).await;
        let now = recent[recent.len() - 1];
        let [vx, vz] = velocity(&recent, |s| s.chest);
        let flight = 1.2 / 8.0;
        let aim = [
            now.chest[0] + vx * flight,
            now.chest[1],
            now.chest[2] + vz * flight,
        ];
        let from = [aim[0] + 1.2, aim[1], aim[2]];
        // Falling 0.5 g t^2 on the way: thrown up a little.
        let lift = 0.5 * 9.81 * flight;
        let before = impulses(&client).await;
        scene
            .add_object(thrown(
                pb::shape::Kind::Sphere(pb::Sphere { radius_m: 0.1 }),
                4.0,
                from,
                [-8.0, lift, 0.0],
            ))
            .await
            .expect("the ball is added");
        let seen = watch(&mut stream, 1.0).await;
        let reacted = seen.iter().find(|s| s.state != pb::BodyState::Tracking);
        let after = impulses(&client).await;
        println!(
            "ball: reacted {:?} s after the throw, impulses {before} -> {after}",
            reacted.map(|r| r.t - seen[0].t)
        );
        assert!(reacted.is_some(), "the ball on the chest: no reaction");
        assert!(after > before, "the ball's impulse is not counted");
    });
    drop(runtime);
    stop_cleanly(child);
}

/// What one frame says of an avatar's feet and of what holds it up.
#[derive(Debug, Clone, Copy)]
struct Support {
    feet: [bool; 2],
    assist_n: f64,
    balance: bool,
    locomotion: bool,
    pelvis_y: f64,
}

fn acts(a: Option<&pb::ForceArray>) -> bool {
    a.is_some_and(|a| a.joint_torques.iter().any(|t| *t != 0.0))
}

fn support_of(a: &pb::AvatarFrame) -> Option<Support> {
    let forces = a.forces.as_ref()?;
    let feet = a.foot_contacts.as_ref()?;
    let f = forces.assist.as_ref()?.root_force.as_ref()?;
    Some(Support {
        feet: [feet.left, feet.right],
        assist_n: (f.x * f.x + f.y * f.y + f.z * f.z).sqrt(),
        balance: acts(forces.balance.as_ref()),
        locomotion: acts(forces.locomotion.as_ref()),
        pelvis_y: a.root.as_ref()?.position.as_ref()?.y,
    })
}

/// Share of `seen` for which `ok` holds, 0..1.
fn share_of(seen: &[Support], ok: impl Fn(&Support) -> bool) -> f64 {
    seen.iter().filter(|s| ok(s)).count() as f64 / seen.len().max(1) as f64
}

fn median_assist(seen: &[Support]) -> f64 {
    let mut v: Vec<f64> = seen.iter().map(|s| s.assist_n).collect();
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::INFINITY)
}

/// One daemon serving `solver` to the demo person (its first 12 s,
/// walking) and a pushed person standing still (headset at the default
/// stature's height, hands at the sides, fed at 90 Hz, 12 s after its
/// first second, in which it drops onto its feet): each one's frames.
async fn walking_and_standing(
    solver: posewire_solver::SolverSettings,
) -> (Vec<Support>, Vec<Support>) {
    use common::{avatar, demo_person};
    use posewire::serve::config::SourceConfig;
    use posewire::serve::Config;
    use posewire_body::glam::DVec3;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    let storage = tempfile::tempdir().expect("temp dir");
    let config = Config {
        listen: "127.0.0.1:0".into(),
        solver,
        avatars: vec![
            avatar("demo", demo_person(0.0, [0.0; 3])),
            avatar("still", SourceConfig::Push {}),
        ],
        storage: storage.path().to_path_buf(),
        subscriber_buffer: 256,
        ..Config::default()
    };
    let (daemon, client) = common::start_daemon(&config).await;
    let stop = Arc::new(AtomicBool::new(false));
    // Away from the demo's circle and props (z from -1.4 to +5.5 m).
    let pusher =
        cluster_push::push_standing(&client, "still", DVec3::new(0.0, 0.0, -4.5), stop.clone());
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest {
            include_forces: true,
            ..Default::default()
        })
        .await
        .expect("subscribes");
    let (mut walking, mut standing) = (Vec::new(), Vec::new());
    let (mut demo_from, mut still_from) = (None, None);
    let over = |from: Option<f64>, t: f64, seconds: f64| from.is_some_and(|t0| t - t0 >= seconds);
    loop {
        let frame = next_frame(&mut stream).await;
        let t = frame.simulation_time_s;
        if over(demo_from, t, 12.0) && over(still_from, t, 13.0) {
            break;
        }
        for a in &frame.avatars {
            let Some(s) = support_of(a) else { continue };
            if a.avatar_id == "demo" && !over(demo_from, t, 12.0) {
                demo_from.get_or_insert(t);
                walking.push(s);
            } else if a.avatar_id == "still" && !over(still_from, t, 13.0) {
                // The first second, dropping onto its feet, does not count.
                if !over(still_from.or(Some(t)), t, 1.0) {
                    still_from.get_or_insert(t);
                    continue;
                }
                standing.push(s);
            }
        }
    }
    stop.store(true, Ordering::SeqCst);
    let _ = pusher.await;
    daemon.shutdown().await.expect("clean shutdown");

    (walking, standing)
}

/// Issue 41's first bars, through gRPC, with the root spring a bounded
/// residual (`root_residual_share` 0.1), the end springs capped
/// (`max_accel` 20 m/s^2) and the balance array on (not the defaults:
/// `docs/notes/own-feet.md` says what these settings cost on ordinary
/// motion): a pushed person standing still (headset at the default
/// stature's height, hands at the sides, fed at 90 Hz) stands on both
/// feet with a small outside help (the assist's root force), and the demo
/// person walking (its first 12 s) has its feet on the floor and the
/// balance array acting. The walking body's assist (about 500 N) and its
/// locomotion array (zero) are not yet what issue 41 asks, and are not
/// asserted. The standing body's first second (it drops onto its feet from
/// where it appeared) is not counted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_residual_root_spring_the_standing_body_stands_on_its_own_feet() {
    let mut solver = common::solver_named("physics");
    solver.physics.body.root_residual_share = 0.1;
    solver.physics.body.effectors.max_accel = 20.0;
    solver.physics.balance = Some(posewire_solver::physics::balance::Balance::default());
    let (walking, standing) = walking_and_standing(solver).await;

    let both = share_of(&standing, |s| s.feet[0] && s.feet[1]);
    let still_assist = median_assist(&standing);
    assert!(
        both >= 0.95,
        "standing: both feet down in {:.0} %",
        100.0 * both
    );
    assert!(
        still_assist <= 110.0,
        "standing: assist median {still_assist:.0} N"
    );
    assert!(standing.iter().all(|s| s.pelvis_y > 0.7), "standing: fell");

    let walk_assist = median_assist(&walking);
    let left = share_of(&walking, |s| s.feet[0]);
    let right = share_of(&walking, |s| s.feet[1]);
    let one = share_of(&walking, |s| s.feet[0] || s.feet[1]);
    let balance = share_of(&walking, |s| s.balance);
    let locomotion = share_of(&walking, |s| s.locomotion);
    let report = format!(
        "walking: assist median {walk_assist:.0} N, left {left:.2}, right {right:.2}, one {one:.2}, \
         balance {balance:.2}, locomotion {locomotion:.2}"
    );
    assert!(left >= 0.4 && right >= 0.4, "{report}");
    assert!(one >= 0.85, "{report}");
    assert!(balance >= 0.5, "{report}");
    println!("{report}; standing: both feet {both:.2}, assist median {still_assist:.0} N");
}
