//! The demo person's throw as a client outside sees it (issue 24): the real
//! `posewire serve` binary with no options (the physics solver, the demo
//! person and its props), frames over a real socket. Within 40 s one object
//! is held (within 15 cm of a wrist for at least 0.5 s), then flies (faster
//! than 3 m/s and more than 0.5 m from both wrists), then lands on the floor
//! (its centre below 0.5 m). Judged on the frames alone: `objects` and the
//! demo avatar's `joint_positions` (canonical joints LeftWrist,
//! RightWrist). Times are the frames' simulation times, so a slow machine
//! stretches the test but cannot change its verdict.

mod common;

use std::collections::HashMap;

use common::{client_runtime, next_frame, spawn_serve_with, stop_cleanly};
use posewire_body::Joint;
use posewire_client::{pb, Client};
use tonic::Streaming;

/// Held: this near a wrist, metres, ...
const HELD_M: f64 = 0.15;
/// ... for this long, seconds.
const HELD_S: f64 = 0.5;
/// Flying: faster than this, m/s, ...
const FLYING_M_S: f64 = 3.0;
/// ... and farther than this from both wrists, metres.
const CLEAR_M: f64 = 0.5;
/// Landed: the centre below this, metres.
const LANDED_M: f64 = 0.5;

async fn next(stream: &mut Streaming<pb::StreamFramesResponse>) -> pb::Frame {
    next_frame(stream).await
}

type P = [f64; 3];

fn dist(a: P, b: P) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The demo avatar's wrists (left, right).
fn wrists(frame: &pb::Frame) -> Option<[P; 2]> {
    let a = frame.avatars.iter().find(|a| a.avatar_id == "demo")?;
    let at = |j: Joint| {
        let i = 3 * j.index();
        a.joint_positions
            .get(i..i + 3)
            .map(|p| [f64::from(p[0]), f64::from(p[1]), f64::from(p[2])])
    };
    Some([at(Joint::LeftWrist)?, at(Joint::RightWrist)?])
}

/// One completed throw, as measured.
#[derive(Debug, Clone, Copy)]
#[allow(dead_code)] // read through Debug, in the report
struct Throw {
    /// When the hold (within 15 cm) began, s.
    held_from: f64,
    /// The farthest the object was from the nearer wrist while held, m.
    hold_gap_m: f64,
    /// Whether a hand held it (`held_by`) in that time: the grab logic's
    /// hold, not a ball that merely lay near a hand.
    gripped: bool,
    /// When it first flew clear and fast, and how fast, m/s.
    flew_at: f64,
    flying_m_s: f64,
    /// Its fastest while clear of the wrists, before landing, m/s.
    fastest_m_s: f64,
    /// When it landed, and where (x, z), m.
    landed_at: f64,
    landed: [f64; 2],
}

/// Where one object is in the hold, fly, land sequence.
#[derive(Debug, Clone, Copy, Default)]
enum Stage {
    #[default]
    Free,
    /// Within 15 cm since `from`, at most `gap` away.
    Near { from: f64, gap: f64, held: bool },
    /// Held long enough; not yet flying.
    Held { from: f64, gap: f64, held: bool },
    /// Flying since `at`.
    Flying {
        from: f64,
        gap: f64,
        held: bool,
        at: f64,
        speed: f64,
        fastest: f64,
    },
}

/// Steps one object's stage by a frame; a throw when it lands.
fn step(stage: &mut Stage, t: f64, p: P, speed: f64, w: [P; 2], held: bool) -> Option<Throw> {
    let gap = dist(p, w[0]).min(dist(p, w[1]));
    let clear = gap > CLEAR_M;
    if let Stage::Flying {
        from,
        gap: hold_gap_m,
        held: gripped,
        at,
        speed: flying_m_s,
        fastest,
    } = stage
    {
        if p[1] < LANDED_M {
            let throw = Throw {
                held_from: *from,
                hold_gap_m: *hold_gap_m,
                gripped: *gripped,
                flew_at: *at,
                flying_m_s: *flying_m_s,
                fastest_m_s: *fastest,
                landed_at: t,
                landed: [p[0], p[2]],
            };
            *stage = Stage::Free;
            return Some(throw);
        }
        if clear {
            *fastest = fastest.max(speed);
        }
        return None;
    }
    *stage = match *stage {
        Stage::Free | Stage::Near { .. } if gap > HELD_M => Stage::Free,
        Stage::Free => Stage::Near { from: t, gap, held },
        Stage::Near {
            from,
            gap: g,
            held: h,
        } if t - from >= HELD_S => Stage::Held {
            from,
            gap: g.max(gap),
            held: h || held,
        },
        Stage::Near {
            from,
            gap: g,
            held: h,
        } => Stage::Near {
            from,
            gap: g.max(gap),
            held: h || held,
        },
        Stage::Held {
            from,
            gap: g,
            held: h,
        } if speed > FLYING_M_S && clear => Stage::Flying {
            from,
            gap: g,
            held: h,
            at: t,
            speed,
            fastest: speed,
        },
        Stage::Held {
            from,
            gap: g,
            held: h,
        } if gap <= HELD_M => Stage::Held {
            from,
            gap: g.max(gap),
            held: h || held,
        },
        same @ Stage::Held { .. } => same,
        flying @ Stage::Flying { .. } => flying,
    };
    None
}

/// What the frames showed: every throw with the object's id, the farthest
/// the object was from the nearer wrist while `held_by` named a hand, and
/// how many other objects (the boxes) the throw moved by more than 0.1 m
/// (between its flight's start and a second after it landed).
type Seen = Vec<(String, Throw, f64, usize)>;

/// The demo's pelvis height (`root.position.y`).
fn pelvis_y(frame: &pb::Frame) -> Option<f64> {
    let a = frame.avatars.iter().find(|a| a.avatar_id == "demo")?;
    Some(a.root.as_ref()?.position.as_ref()?.y)
}

/// Watches the frames of `serve` until simulation time `until_s`; the
/// throws and the lowest the demo's pelvis went.
async fn throws(until_s: f64, address: &str) -> (Seen, f64) {
    let client = Client::connect(address).await.expect("connects");
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest::default())
        .await
        .expect("subscribes");
    let mut stages: HashMap<String, Stage> = HashMap::new();
    let mut grip_gap: HashMap<String, f64> = HashMap::new();
    let mut before: HashMap<String, P> = HashMap::new();
    let mut seen: Seen = Vec::new();
    let mut lowest = f64::INFINITY;
    loop {
        let frame = next(&mut stream).await;
        let t = frame.simulation_time_s;
        if t > until_s {
            return (seen, lowest);
        }
        lowest = lowest.min(pelvis_y(&frame).unwrap_or(f64::INFINITY));
        let Some(w) = wrists(&frame) else { continue };
        let positions: HashMap<String, P> = frame
            .objects
            .iter()
            .filter_map(|o| {
                let p = o.pose.as_ref()?.position.as_ref()?;
                Some((o.id.clone(), [p.x, p.y, p.z]))
            })
            .collect();
        for (id, throw, _, moved) in &mut seen {
            if *moved == usize::MAX && t >= throw.landed_at + 1.0 {
                *moved = positions
                    .iter()
                    .filter(|(o, p)| {
                        *o != id && before.get(*o).is_some_and(|b| dist(**p, *b) > 0.1)
                    })
                    .count();
            }
        }
        for o in &frame.objects {
            let (Some(&p), Some(v)) = (positions.get(&o.id), o.linear_velocity.as_ref()) else {
                continue;
            };
            let speed = (v.x * v.x + v.y * v.y + v.z * v.z).sqrt();
            let held = !o.held_by.is_empty();
            if held {
                let gap = dist(p, w[0]).min(dist(p, w[1]));
                let g = grip_gap.entry(o.id.clone()).or_default();
                *g = g.max(gap);
            }
            let stage = stages.entry(o.id.clone()).or_default();
            let was_flying = matches!(stage, Stage::Flying { .. });
            if let Some(throw) = step(stage, t, p, speed, w, held) {
                let gap = grip_gap.remove(&o.id).unwrap_or(f64::NAN);
                println!("{}: {throw:?}, {gap:.3} m from the wrist while held", o.id);
                seen.push((o.id.clone(), throw, gap, usize::MAX));
            } else if !was_flying && matches!(stage, Stage::Flying { .. }) {
                before.clone_from(&positions);
            }
        }
    }
}

#[test]
fn the_demo_person_picks_up_a_ball_and_throws_it_within_40_s() {
    let (child, address, _rx) = spawn_serve_with(&["--listen", "127.0.0.1:0"], &[]);
    let (seen, lowest) = client_runtime().block_on(throws(40.0, &address));
    stop_cleanly(child);
    // The loop keeps the body upright: pushes are judged by the pelvis.
    println!("pelvis at least {lowest:.3} m");
    assert!(lowest > 0.8, "the pelvis went down to {lowest} m");
    assert!(
        !seen.is_empty(),
        "no object held, thrown and landed in 40 s"
    );
    assert!(
        seen.iter().all(|(_, t, ..)| t.gripped),
        "held by a hand: {seen:?}"
    );
}

/// Five loops of the demo (23.5 s each): one throw in each. Measures what
/// RESULTS reports: `cargo test -p posewire --test
/// serve_demo_throw -- --include-ignored --nocapture`.
#[test]
#[ignore = "two minutes of real time; a measurement"]
fn every_loop_of_the_demo_throws_the_ball() {
    let loops = 5;
    let loop_s = posewire::serve::demo_source::LOOP_S;
    let (child, address, _rx) = spawn_serve_with(&["--listen", "127.0.0.1:0"], &[]);
    let (seen, lowest) = client_runtime().block_on(throws(loops as f64 * loop_s, &address));
    println!("pelvis at least {lowest:.3} m");
    stop_cleanly(child);
    let mut per_loop = vec![0; loops];
    for (_, throw, ..) in &seen {
        per_loop[((throw.flew_at / loop_s) as usize).min(loops - 1)] += 1;
    }
    println!("throws per loop: {per_loop:?}");
    let boxes: Vec<usize> = seen.iter().map(|s| s.3).collect();
    println!("objects each throw moved: {boxes:?}");
    assert!(per_loop.iter().all(|&n| n == 1), "{per_loop:?}: {seen:?}");
}
