//! Issue 44's fingers bar on a scene take: a take of at least 6 s of two
//! demo people from the default daemon (physics), recorded with `posewire
//! record --all --timecode 01:00:00:00` (`common::record_demo_scene`, which
//! runs it past both throws). Each avatar's joint track (the CSV export) has
//! the 30 finger joints; the right middle fingertip comes at least 2 cm
//! nearer the right wrist when the grip closes on the ball and goes at
//! least 2 cm away again when it opens to throw; the scene's glTF export
//! carries the same finger joints (read back with the `gltf` crate).

use std::path::Path;

use posewire_body::fingers::{FingerJoint, HandSkeleton};
use posewire_body::formats::JointTrack;
use posewire_body::{BodyProfile, Device, Skeleton};

use super::super::common::{arg, posewire, record_demo_scene, text};
use super::super::{at_time, middle_tip_to_wrist};

/// When the right grip of an avatar's recorded controller input starts to
/// close, is closed, starts to open and is open (tick times, seconds).
struct GripTimes {
    closing: f64,
    closed: f64,
    opening: f64,
    open: f64,
}

/// The right hand's recorded grip at each tick (the last input of the
/// tick), from the take's raw samples.
fn recorded_grip(take: &posewire_takes::Take) -> Vec<(f64, f64)> {
    let mut grip = 0.0;
    take.ticks
        .iter()
        .map(|t| {
            for s in &t.samples {
                if let (Device::RightHand, Some(i)) = (s.device, s.input) {
                    grip = i.grip;
                }
            }
            (t.time_s, grip)
        })
        .collect()
}

/// The grip's close and open in the recorded input (the demo closes it
/// over 50 ms and opens it over 40 ms).
fn grip_times(grip: &[(f64, f64)]) -> GripTimes {
    let closed = grip
        .iter()
        .position(|g| g.1 >= 0.999)
        .expect("the grip closes during the take");
    let closing = grip[..closed]
        .iter()
        .rposition(|g| g.1 <= 0.001)
        .expect("the grip was open before");
    let opening = closed
        + grip[closed..]
            .iter()
            .position(|g| g.1 < 0.999)
            .expect("the grip opens during the take");
    let open = opening
        + grip[opening..]
            .iter()
            .position(|g| g.1 <= 0.001)
            .expect("the grip opens fully");
    GripTimes {
        closing: grip[closing].0,
        closed: grip[closed].0,
        opening: grip[opening - 1].0,
        open: grip[open].0,
    }
}

fn export(take: &Path, format: &str, out: &Path) {
    let o = posewire(&[
        "export",
        "--take",
        arg(take),
        "--format",
        format,
        "--out",
        arg(out),
    ]);
    assert!(o.status.success(), "export {format}: {:?}", text(&o));
}

#[test]
fn a_scene_take_of_the_default_daemon_has_each_demo_hand_closing_on_the_ball_and_opening_to_throw()
{
    let dir = tempfile::tempdir().expect("temp dir");
    let (_storage, path) = record_demo_scene(dir.path(), "scene", 540);
    let take = posewire_takes::open(&path).expect("the scene take opens");
    assert!(take.is_scene());
    assert_eq!(take.info.solver, "physics", "the default daemon's solver");
    export(&path, "csv", &dir.path().join("scene.csv"));
    let glb = dir.path().join("scene.glb");
    export(&path, "gltf", &glb);
    let bytes = std::fs::read(&glb).expect("glb");
    let parts = take.avatar_takes();
    let ids: Vec<&str> = parts.iter().map(|p| p.info.avatar_id.as_str()).collect();
    assert_eq!(ids, ["demo0", "demo1"]);
    let mut worst_gltf: (f64, String) = (0.0, String::new());
    for part in &parts {
        let id = &part.info.avatar_id;
        let track = JointTrack::read(&dir.path().join(format!("scene-{id}.csv"))).expect("CSV");
        let n = track.frames.len();
        let span = track.frames[n - 1].time_s - track.frames[0].time_s;
        assert!(span >= 5.99, "{id}: the take spans {span} s");
        assert_eq!(
            track.fingers.len(),
            n,
            "{id}: the 30 finger joints in every frame"
        );
        let profile = BodyProfile::from_toml(&part.profiles[0].toml, "profile").expect("profile");
        let hands = HandSkeleton::from_skeleton(&Skeleton::from_profile(&profile));
        let tip = middle_tip_to_wrist(&track, &hands);
        let g = grip_times(&recorded_grip(part));
        // Open over the ball 0.15 s before the grip starts to close (the
        // hand has rested there since 0.15 s before), closed 0.4 s after
        // (ten time constants of the fingers' lag); holding the ball just
        // before the grip starts to open, open 0.4 s after.
        let (open, closed) = (
            at_time(&tip, g.closing - 0.15),
            at_time(&tip, g.closed + 0.4),
        );
        let (held, thrown) = (at_time(&tip, g.opening), at_time(&tip, g.open + 0.4));
        let (first, last) = (track.frames[0].time_s, track.frames[n - 1].time_s);
        assert!(
            g.closing - 0.15 >= first && g.open + 0.4 <= last,
            "{id}: the take ({first:.2}..{last:.2} s) misses the grip ({:.2}) or the throw ({:.2})",
            g.closing,
            g.open
        );
        println!(
            "scene take, {id} ({n} frames, {first:.2}..{last:.2} s, grip closing {:.2}-{:.2} s, opening {:.2}-{:.2} s): \
             right middle fingertip to wrist {:.1} mm open over the ball, {:.1} mm closed on it, {:.1} mm before the throw, {:.1} mm after",
            g.closing,
            g.closed,
            g.opening,
            g.open,
            open * 1000.0,
            closed * 1000.0,
            held * 1000.0,
            thrown * 1000.0
        );
        assert!(open - closed >= 0.02, "{id}: closes by {} m", open - closed);
        assert!(thrown - held >= 0.02, "{id}: opens by {} m", thrown - held);

        // The scene's glTF: the same finger joints under the avatar's node.
        let keys: Vec<usize> = (0..8).map(|i| i * (n - 1) / 7).collect();
        for &k in &keys {
            let nodes = super::super::glb_nodes::world_positions(&bytes, k);
            for (f, t) in FingerJoint::all().zip(&track.fingers[k]) {
                let name = f.name();
                let at = nodes
                    .get(&(id.clone(), name.clone()))
                    .unwrap_or_else(|| panic!("no node {name} under {id} in the glTF"));
                let d = at.distance(t.position);
                if d > worst_gltf.0 {
                    worst_gltf = (d, format!("{id} {name} at key {k}"));
                }
            }
        }
    }
    println!(
        "scene glTF read back (gltf crate): worst finger joint {:.5} mm ({})",
        worst_gltf.0 * 1000.0,
        worst_gltf.1
    );
    assert!(
        worst_gltf.0 <= 1e-3,
        "{} m at {}",
        worst_gltf.0,
        worst_gltf.1
    );
}
