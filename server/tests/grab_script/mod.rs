//! A person who picks up a box with the right hand, for the tests that
//! every device path's grip reaches the grab logic (issue 24): PushDevices
//! and VMC (`grab_inputs.rs`), the OpenXR test runtime (`openxr.rs`). The
//! person stands at the origin facing +Z; the right hand comes down onto a
//! 1 kg box on a post, closes its grip at 1.6 s and lifts the box at 2.4 s
//! (the setting of `solver/tests/physics_grab.rs`'s carry). What is judged
//! is what a client sees: the frames' objects.

#![allow(dead_code)]

use posewire_body::formats::TrackerTake;
use posewire_body::glam::DVec3;
use posewire_body::BodyProfile;
use posewire_client::{pb, Client};
use posewire_solver::physics::grab::Hand;
use posewire_solver::physics::grab_trials::{
    right_hand_forward, scripted_samples, HandKey, HandScript,
};

/// Where the wrist rests on the box.
const WRIST: DVec3 = DVec3::new(-0.5, 1.05, 0.25);
/// The box's edge, metres.
const EDGE: f64 = 0.2;
/// When the grip closes, seconds from the take's start.
pub const CLOSE_S: f64 = 1.6;
/// How long the take lasts, seconds.
pub const SPAN_S: f64 = 4.5;

fn key(t: f64, p: DVec3, grip: f64) -> HandKey {
    HandKey {
        t,
        position: Some(p),
        grip,
    }
}

/// The take (head and both controllers at 90 Hz, the right one with its
/// grip) of a person with the daemon's default profile; `grip` is the
/// closed value (0: the hand never closes).
pub fn take(grip: f64) -> TrackerTake {
    let above = WRIST + DVec3::new(0.0, 0.15, -0.1);
    let script = HandScript {
        hand: Hand::Right,
        rotation: right_hand_forward(),
        keys: vec![
            key(0.0, above, 0.0),
            key(1.0, WRIST, 0.0),
            key(CLOSE_S, WRIST, grip),
            key(2.4, DVec3::new(-0.3, 1.15, 0.3), grip),
        ],
    };
    // The daemon's default profile with its devices where it assumes them.
    let profile = BodyProfile::with_nominal_devices(1.75);
    TrackerTake {
        samples: scripted_samples(&profile, &[script], SPAN_S),
        ..Default::default()
    }
}

fn v(p: DVec3) -> pb::Vec3 {
    pb::Vec3 {
        x: p.x,
        y: p.y,
        z: p.z,
    }
}

fn cube(size: DVec3, mass_kg: f64, centre: DVec3, name: &str) -> pb::AddObjectRequest {
    pb::AddObjectRequest {
        shape: Some(pb::Shape {
            kind: Some(pb::shape::Kind::Box(pb::Box {
                size: Some(v(size)),
            })),
        }),
        mass_kg,
        pose: Some(pb::Pose {
            position: Some(v(centre)),
            rotation: None,
        }),
        name: name.into(),
        ..Default::default()
    }
}

/// Puts the post and the box under the hand's rest; the box's id.
pub async fn add_props(client: &Client) -> String {
    let centre = DVec3::new(WRIST.x, WRIST.y - 0.03 - EDGE * 0.5 - 0.005, WRIST.z + 0.06);
    let top = centre.y - EDGE * 0.5;
    let mut scene = client.scene_service();
    let post = DVec3::new(centre.x, top * 0.5, centre.z);
    scene
        .add_object(cube(DVec3::new(0.06, top, 0.06), 0.0, post, "post"))
        .await
        .expect("adds the post");
    scene
        .add_object(cube(DVec3::splat(EDGE), 1.0, centre, "box"))
        .await
        .expect("adds the box")
        .into_inner()
        .id
}

/// What the frames showed of the box.
#[derive(Debug, Default)]
pub struct Seen {
    /// Longest stretch held by the avatar's right hand, seconds.
    pub held_s: f64,
    /// Its centre's rise above where it first was, metres (most).
    pub rise_m: f64,
    /// Frames that carried it.
    pub frames: usize,
}

/// Reads frames for `seconds` of simulation time and judges the box.
pub async fn watch(
    stream: &mut tonic::Streaming<pb::StreamFramesResponse>,
    box_id: &str,
    avatar: &str,
    seconds: f64,
) -> Seen {
    let patience = std::time::Duration::from_secs(20);
    let (mut seen, mut first_t, mut first_y) = (Seen::default(), None::<f64>, None::<f64>);
    let mut held_since: Option<f64> = None;
    loop {
        let r = tokio::time::timeout(patience, stream.message())
            .await
            .expect("a frame within the patience")
            .expect("no stream error")
            .expect("the stream goes on");
        let Some(f) = r.frame else { continue };
        let t = f.simulation_time_s;
        let t0 = *first_t.get_or_insert(t);
        if t - t0 > seconds {
            return seen;
        }
        let Some(o) = f.objects.iter().find(|o| o.id == box_id) else {
            continue;
        };
        seen.frames += 1;
        let y = o.pose.and_then(|p| p.position).map_or(f64::NAN, |p| p.y);
        seen.rise_m = seen.rise_m.max(y - *first_y.get_or_insert(y));
        let held = o
            .held_by
            .iter()
            .any(|h| h.avatar_id == avatar && h.hand() == pb::Device::RightHand);
        if held {
            let since = *held_since.get_or_insert(t);
            seen.held_s = seen.held_s.max(t - since);
        } else {
            held_since = None;
        }
    }
}

/// The bar: held by the right hand for at least 0.5 s and lifted 5 cm.
pub fn assert_grabbed(seen: &Seen, path: &str) {
    println!(
        "{path}: held {:.2} s, lifted {:.3} m, {} frames",
        seen.held_s, seen.rise_m, seen.frames
    );
    assert!(seen.held_s >= 0.5, "{path}: {seen:?}");
    assert!(seen.rise_m >= 0.05, "{path}: {seen:?}");
}
