//! The demo avatar's reactions as a client outside sees them: the real
//! `posewire serve` binary with no options (the physics solver), pushed on
//! the chest along world +X over gRPC while the demo person walks its loop;
//! each push is judged on the streamed frames alone: `root.position` (the
//! pelvis), `camera_link` (`distance_m`, `link`) and the body's reaction.
//! Times are simulation times (the frames' `simulation_time_s`), so a slow
//! machine stretches the test but cannot change its verdict.

mod common;

use common::{client_runtime, next_frame, spawn_serve_with, stop_cleanly};
use posewire_client::{pb, Client};
use tonic::Streaming;

/// What one frame of the demo avatar says.
#[derive(Debug, Clone, Copy)]
struct Seen {
    t: f64,
    pelvis_y: f64,
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
        return Seen {
            t: frame.simulation_time_s,
            pelvis_y: position.y,
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
        // within 3 cm in 4 s.
        settle(&mut stream).await;
        let seen = push_and_watch(&client, &mut stream, 25.0, 4.0).await;
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
        let up = seen[down..]
            .iter()
            .find(|s| s.pelvis_y > 0.8 && s.link > 0.5 && s.head_gap_m <= 0.05);
        assert!(
            up.is_some(),
            "250 N s: not standing and linked within 12 s: {:?}",
            seen.last()
        );
    });
    drop(runtime);
    stop_cleanly(child);
}
