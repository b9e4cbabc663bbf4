//! The space's objects in a take recorded from the real daemon (the
//! physics solver, SceneService over gRPC): objects added, one grabbed
//! into the recorded person's hand and thrown, one moved, one removed.
//! The take holds each object's description, its state per tick with its
//! holders, and the changes; the re-solve replays the changes and equals
//! the live solve bit for bit (without the change records it departs
//! where the hand took the ball); the glTF export holds each object as a
//! node with its shape's mesh, keyed at the recorded states. Objects are
//! dropped around x = 3, z = -3, the spot kept clear of the demo's props.

use std::collections::BTreeMap;
use std::time::Duration;

use posewire_body::Device;
use posewire_client::pb;
use posewire_takes::{ObjectEdit, SolvedFrame};

use super::common::{arg, posewire, text};
use super::glb_objects::glb_objects;
use super::{
    assert_resolve_reproduces, physics_daemon, recorded_settings, start_request,
    stop_and_shut_down, take_file,
};

fn v(x: f64, y: f64, z: f64) -> pb::Vec3 {
    pb::Vec3 { x, y, z }
}

fn add(name: &str, kind: pb::shape::Kind, mass_kg: f64, at: [f64; 3]) -> pb::AddObjectRequest {
    pb::AddObjectRequest {
        shape: Some(pb::Shape { kind: Some(kind) }),
        mass_kg,
        pose: Some(pb::Pose {
            position: Some(v(at[0], at[1], at[2])),
            rotation: Some(pb::Quat {
                x: 0.0,
                y: 0.0,
                z: 0.0,
                w: 1.0,
            }),
        }),
        name: name.into(),
        ..Default::default()
    }
}

/// Records take `objs` of `demo0` (alone in the world) while a crate, a
/// ball and a stick are added (or, `added_before`, with them added half a
/// second before the take starts); the ball is grabbed into the right
/// hand, held and thrown; the crate lifted; the stick removed.
async fn record_objects(added_before: bool) -> (tempfile::TempDir, std::path::PathBuf) {
    let (dir, storage, daemon, client) = physics_daemon(1).await;
    let mut scene = client.scene_service();
    tokio::time::sleep(Duration::from_millis(400)).await;
    let start = || async {
        client
            .take_service()
            .start_recording(start_request("demo0", "objs"))
            .await
            .expect("records");
    };
    if !added_before {
        start().await;
    }
    let crate_box = pb::shape::Kind::Box(pb::Box {
        size: Some(v(0.3, 0.3, 0.3)),
    });
    let ball = pb::shape::Kind::Sphere(pb::Sphere { radius_m: 0.06 });
    let stick = pb::shape::Kind::Capsule(pb::Capsule {
        radius_m: 0.03,
        length_m: 0.5,
    });
    let mut ids = Vec::new();
    for request in [
        add("crate", crate_box, 2.0, [3.0, 1.0, -3.0]),
        add("ball", ball, 0.5, [3.5, 1.5, -3.0]),
        add("stick", stick, 1.0, [2.5, 1.2, -3.5]),
    ] {
        let added = scene.add_object(request).await.expect("adds").into_inner();
        ids.push(added.id);
    }
    if added_before {
        tokio::time::sleep(Duration::from_millis(500)).await;
        start().await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    scene
        .grab_object(pb::GrabObjectRequest {
            avatar_id: "demo0".into(),
            hand: pb::Device::RightHand.into(),
            object_id: ids[1].clone(),
        })
        .await
        .expect("grabs");
    tokio::time::sleep(Duration::from_millis(400)).await;
    scene
        .release_object(pb::ReleaseObjectRequest {
            object_id: ids[1].clone(),
            linear_velocity: Some(v(0.0, 3.0, 4.0)),
            angular_velocity: None,
        })
        .await
        .expect("throws");
    tokio::time::sleep(Duration::from_millis(300)).await;
    scene
        .set_object_pose(pb::SetObjectPoseRequest {
            id: ids[0].clone(),
            pose: Some(pb::Pose {
                position: Some(v(3.0, 2.0, -3.0)),
                rotation: None,
            }),
            ..Default::default()
        })
        .await
        .expect("moves");
    scene
        .remove_object(pb::RemoveObjectRequest { id: ids[2].clone() })
        .await
        .expect("removes");
    tokio::time::sleep(Duration::from_millis(700)).await;
    stop_and_shut_down(daemon, &client, "demo0").await;
    (dir, storage)
}

/// The id the take gives an object of this name.
fn id_of(take: &posewire_takes::Take, name: &str) -> u64 {
    take.objects
        .iter()
        .find(|o| o.body.name == name)
        .unwrap_or_else(|| panic!("{name} described: {:?}", take.objects))
        .id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn objects_are_recorded_resolve_exactly_and_export_as_animated_nodes() {
    let (dir, storage) = record_objects(false).await;
    let path = take_file(&storage, "objs");
    let take = posewire_takes::open(&path).expect("the take opens");
    assert!(take.is_whole());

    // Described once each, with shape and mass.
    let (crate_id, ball_id, stick_id) = (
        id_of(&take, "crate"),
        id_of(&take, "ball"),
        id_of(&take, "stick"),
    );
    let ball = take.objects.iter().find(|o| o.id == ball_id).expect("ball");
    assert_eq!(ball.body.mass_kg, 0.5);
    assert!(
        matches!(ball.body.shape, posewire_takes::ObjectShape::Sphere { radius_m } if radius_m == 0.06)
    );
    assert_eq!(take.objects.iter().filter(|o| o.id == ball_id).count(), 1);
    // A state per tick while there; the ball held by the right hand for a
    // while; the stick gone.
    let states = |id: u64| take.object_motion.iter().filter(move |m| m.id == id);
    let held: Vec<u64> = states(ball_id)
        .filter(|m| {
            m.held_by
                .iter()
                .any(|h| h.avatar_id == "demo0" && h.hand == Device::RightHand)
        })
        .map(|m| m.sequence)
        .collect();
    println!("ball held at ticks {held:?}");
    assert!(!held.is_empty(), "the ball was never held");

    assert!(take.objects_gone.iter().any(|g| g.id == stick_id));
    let last_stick = states(stick_id)
        .map(|m| m.sequence)
        .max()
        .expect("stick states");
    assert!(states(crate_id).any(|m| m.sequence > last_stick));
    // The changes, in order, as applied.
    let edits: Vec<&ObjectEdit> = take.object_changes.iter().map(|c| &c.edit).collect();
    let grab = take
        .object_changes
        .iter()
        .find(|c| matches!(&c.edit, ObjectEdit::Grab { id, .. } if *id == ball_id))
        .expect("the grab recorded");
    assert_eq!(
        held[0], grab.sequence,
        "held from the tick the grab was applied at"
    );
    assert!(edits.iter().any(
        |e| matches!(e, ObjectEdit::Release { id, velocity: Some([l, _]) } if *id == ball_id && l.z == 4.0)
    ));
    assert!(edits
        .iter()
        .any(|e| matches!(e, ObjectEdit::SetPose { id, pose, .. } if *id == crate_id && pose.position.y == 2.0)));
    assert!(edits
        .iter()
        .any(|e| matches!(e, ObjectEdit::Remove { id } if *id == stick_id)));

    // The re-solve replays the changes: the body (which held the ball)
    // and the objects equal the live ones exactly.
    let settings = recorded_settings(&take);
    let again =
        posewire::serve::resolve::resolve_with_objects(&take, &settings, 9).expect("re-solves");
    println!("objects in the re-solve: {}", again.objects.summary());
    assert!(again.objects.not_replayed.is_empty(), "{:?}", again.objects);
    assert_eq!(again.objects.replayed, take.object_changes.len());
    assert!(again.objects.compared > 100);
    // The body re-solves bit for bit (below); the demo's stack of boxes,
    // which nothing touches, settles within a micrometre of its recorded
    // states (rapier's single-precision contact solve departs by 1e-7 m
    // there; see docs/TAKES.md).
    let departure = again.objects.largest_departure_m.expect("compared");
    assert!(departure <= 1e-6, "{departure} m");
    let n = assert_resolve_reproduces(&storage, "objs");
    println!("physics re-solve with objects held and thrown: {n} frames identical");
    let resolved = posewire_takes::open(&path).expect("opens");
    let description = &resolved.versions.last().expect("version 2").description;
    assert!(
        description.contains("object changes replayed"),
        "{description}"
    );

    // Without the change records the objects are not there: the body
    // departs from the live one where the hand took the ball.
    let mut bare = take.clone();
    bare.object_changes.clear();
    let without = posewire::serve::resolve::resolve(&bare, &settings, 9).expect("re-solves");
    let live: Vec<&SolvedFrame> = take.frames(1).collect();
    let first_change = live
        .iter()
        .zip(&without)
        .find(|(a, b)| a.pose != b.pose || a.contacts != b.contacts)
        .map(|(a, _)| a.sequence);
    println!("without the object records the body departs at tick {first_change:?}, the grab was at tick {}", grab.sequence);
    assert_eq!(first_change, Some(grab.sequence));

    // Exported to glTF: each object a node with its shape's mesh, keyed at
    // the recorded states.
    let out = dir.path().join("objs.glb");
    let o = posewire(&[
        "export",
        "--take",
        "objs",
        "--storage",
        arg(&storage),
        "--format",
        "gltf",
        "--version",
        "1",
        "--out",
        arg(&out),
    ]);
    assert!(o.status.success(), "{:?}", text(&o));
    let (nodes, animations) = glb_objects(&std::fs::read(&out).expect("glb"));
    assert_eq!(animations, 1);
    let t0 = live[0].time_s;
    let tick_time: BTreeMap<u64, f64> = take.ticks.iter().map(|t| (t.sequence, t.time_s)).collect();
    for (id, name, kind) in [
        (crate_id, "crate", "box"),
        (ball_id, "ball", "sphere"),
        (stick_id, "stick", "capsule"),
    ] {
        let node = &nodes[&format!("o{id} {name}")];
        assert_eq!(node.mesh, kind);
        let recorded: Vec<(f64, [f64; 3])> = states(id)
            .map(|m| (tick_time[&m.sequence] - t0, m.pose.position.to_array()))
            .collect();
        assert!(node.translations.len() + 2 >= recorded.len(), "{name}");
        let mut worst = 0.0_f64;
        for (t, p) in &node.translations {
            let (_, r) = recorded
                .iter()
                .find(|(rt, _)| (rt - f64::from(*t)).abs() < 1e-4)
                .unwrap_or_else(|| panic!("{name}: no recorded state at {t} s"));
            let d = (0..3)
                .map(|a| (f64::from(p[a]) - r[a]).powi(2))
                .sum::<f64>()
                .sqrt();
            worst = worst.max(d);
        }
        println!(
            "{name}: {} keys, worst {:.6} m from the recorded states",
            node.translations.len(),
            worst
        );
        assert!(worst < 1e-3, "{name}: {worst} m");
    }
}

/// Objects already in the space when the take starts (the demo's props
/// are so): the take's first tick adds them as they were; the live world,
/// left without avatars by the take's solver restart, is rebuilt with
/// them, so that the re-solve, replaying those adds and the grab and
/// throw, equals the live solve bit for bit (with another person in the
/// world it does not: a condition in docs/TAKES.md).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn objects_present_before_the_take_resolve_exactly() {
    let (_dir, storage) = record_objects(true).await;
    let take = posewire_takes::open(&take_file(&storage, "objs")).expect("the take opens");
    let first = take.ticks.first().expect("ticks").sequence;
    // The test's three and the demo's props (its table, ball and boxes).
    let at_start: Vec<&str> = take
        .object_changes
        .iter()
        .filter(|c| c.sequence == first)
        .filter_map(|c| match &c.edit {
            ObjectEdit::Add { body, .. } => Some(body.name.as_str()),
            _ => None,
        })
        .collect();
    for name in ["crate", "ball", "stick", "demo table", "demo ball"] {
        assert!(at_start.contains(&name), "{name} not added: {at_start:?}");
    }
    let again = posewire::serve::resolve::resolve_with_objects(&take, &recorded_settings(&take), 9)
        .expect("re-solves");
    println!("objects in the re-solve: {}", again.objects.summary());
    assert!(again.objects.not_replayed.is_empty(), "{:?}", again.objects);
    let departure = again.objects.largest_departure_m.expect("compared");
    assert!(departure <= 1e-6, "{departure} m");
    let n = assert_resolve_reproduces(&storage, "objs");
    println!("physics re-solve, objects there before the take: {n} frames identical");
}
