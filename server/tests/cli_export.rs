//! `posewire export`: a take's solved body as BVH (checked by a forward
//! kinematics in `bvh_fk`, independent of Posewire's BVH code), as the
//! joint-track CSV, and as glTF (with the take's objects as animated
//! nodes beside the body, read back by the `gltf` crate); as USD, read by
//! Pixar's own library (`usd-core` from PyPI: `usd_check`); as FBX, read
//! back by a reader written for the tests (`fbx_read`); resampling,
//! versions, damaged object records and clear errors.

mod bvh_fk;
mod common;
mod fbx_read;
mod glb_nodes;
mod glb_objects;
mod python_env;
mod usd_check;
/// The `.usdc` writer itself (a self-contained module of the binary),
/// built into this test too so Pixar's Sdf can check it on USD text forms
/// the export does not write yet (`tests/usd/every_form.usda`).
#[allow(dead_code)]
#[path = "../src/usdc/mod.rs"]
mod usdc;

use std::path::{Path, PathBuf};

use bvh_fk::independent_fk;
use common::{arg, posewire, text};
use glam::{DQuat, DVec3, EulerRot};
use glb_objects::{glb_objects, GlbObject};
use posewire_body::fingers::FingerJoint;
use posewire_body::formats::{JointTrack, TrackerSample};
use posewire_body::{
    BodyPose, BodyProfile, ControllerInput, Device, Joint, JointMap, Skeleton, Touch, Transform,
};
use posewire_takes::{
    scan, ObjectBody, ObjectGone, ObjectMotion, ObjectSeen, ObjectShape, ProfileChange, Record,
    SolveVersion, SolvedFrame, TakeInfo, TakeWriter, Tick,
};

fn profile() -> BodyProfile {
    BodyProfile::from_stature(1.62)
}

/// A body that walks forward, turns all the way round and waves its limbs.
fn pose_at(sk: &Skeleton, t: f64) -> BodyPose {
    let mut pose = BodyPose::rest(sk);
    pose.root += DVec3::new(0.2 * t.sin(), 0.03 * (3.0 * t).sin(), 0.8 * t);
    for (i, j) in Joint::ALL.into_iter().enumerate() {
        let own = DQuat::from_euler(
            EulerRot::YXZ,
            if j == Joint::Pelvis {
                1.1 * t
            } else {
                0.4 * (t + i as f64).sin()
            },
            0.5 * (1.7 * t + 0.3 * i as f64).sin(),
            0.3 * (0.9 * t - i as f64).cos(),
        );
        pose.rotations[j] = match j.parent() {
            Some(p) => pose.rotations[p] * own,
            None => own,
        };
    }
    pose
}

/// Writes a take of `seconds` at 90 Hz with solved version 1 (and a
/// version 2 shifted 1 m up, to tell versions apart).
fn write_take(dir: &Path, seconds: f64) -> (PathBuf, Vec<(f64, BodyPose)>) {
    let sk = Skeleton::from_profile(&profile());
    let path = dir.join("walk.pwtake");
    let mut w = TakeWriter::create(
        &path,
        &TakeInfo {
            name: "walk".into(),
            avatar_id: "a".into(),
            created_unix_ns: 0,
            rate_hz: 90.0,
            timecode_start: Some("01:00:00:00".into()),
            solver: "ik".into(),
            software: "test".into(),
        },
    )
    .expect("create");
    w.push(&Record::Profile(ProfileChange {
        from_sequence: 0,
        toml: profile().to_toml(),
    }))
    .expect("profile");
    let mut poses = Vec::new();
    for version in [1, 2] {
        w.push(&Record::Version(SolveVersion {
            version,
            created_unix_ns: 0,
            description: format!("v{version}"),
        }))
        .expect("version");
        let n = (seconds * 90.0) as u64;
        for k in 0..n {
            let t = k as f64 / 90.0;
            let mut pose = pose_at(&sk, t);
            if version == 2 {
                pose.root.y += 1.0;
            } else {
                poses.push((t, pose));
            }
            w.push(&Record::Solved(SolvedFrame {
                version,
                sequence: k,
                time_s: t,
                pose,
                contacts: [false; 2],
            }))
            .expect("frame");
        }
    }
    w.finish("done").expect("finish");
    (path, poses)
}

#[test]
fn export_bvh_joint_positions_match_the_take_to_a_millimetre() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (take, poses) = write_take(dir.path(), 3.0);
    let out = dir.path().join("walk.bvh");
    let o = posewire(&[
        "export",
        "--take",
        arg(&take),
        "--format",
        "bvh",
        "--version",
        "1",
        "--out",
        arg(&out),
    ]);
    assert!(o.status.success(), "{:?}", text(&o));
    let (names, frames, frame_time) = independent_fk(&std::fs::read_to_string(&out).expect("bvh"));
    assert!((frame_time - 1.0 / 90.0).abs() < 1e-9);
    assert_eq!(frames.len(), poses.len());
    let sk = Skeleton::from_profile(&profile());
    let mut worst: f64 = 0.0;
    for (world, (_, pose)) in frames.iter().zip(&poses) {
        let expect = pose.positions(&sk);
        for j in Joint::ALL {
            let i = names
                .iter()
                .position(|n| n == j.name())
                .expect("joint in the BVH");
            // Centimetres by default.
            worst = worst.max((world[i] / 100.0).distance(expect[j]));
        }
    }
    assert!(worst < 1e-3, "worst joint {worst} m off");
}

#[test]
fn export_csv_and_resampling_and_versions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (take, poses) = write_take(dir.path(), 2.0);
    let sk = Skeleton::from_profile(&profile());
    // The newest version by default: version 2 is 1 m higher.
    let csv = dir.path().join("walk.joints.csv");
    let o = posewire(&[
        "export",
        "--take",
        arg(&take),
        "--format",
        "csv",
        "--out",
        arg(&csv),
    ]);
    assert!(o.status.success(), "{:?}", text(&o));
    let track = JointTrack::read(&csv).expect("csv");
    assert_eq!(track.frames.len(), poses.len());
    let expect = poses[40].1.positions(&sk);
    let got = track.frames[40].positions();
    assert!((got[Joint::Head] - expect[Joint::Head] - DVec3::Y).length() < 1e-6);

    // 30 frames a second from 90: every third frame, exactly.
    let o = posewire(&[
        "export",
        "--take",
        arg(&take),
        "--format",
        "csv",
        "--version",
        "1",
        "--fps",
        "30",
        "--out",
        arg(&csv),
    ]);
    assert!(o.status.success(), "{:?}", text(&o));
    let track = JointTrack::read(&csv).expect("csv");
    assert_eq!(track.frames.len(), (poses.len() - 1) / 3 + 1);
    for (k, frame) in track.frames.iter().enumerate() {
        let (t, pose) = &poses[3 * k];
        assert!((frame.time_s - t).abs() < 1e-6);
        let expect: JointMap<DVec3> = pose.positions(&sk);
        assert!(frame.positions()[Joint::LeftWrist].distance(expect[Joint::LeftWrist]) < 1e-6);
    }
}

#[test]
fn export_gltf_holds_the_animation_of_the_take() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (take, poses) = write_take(dir.path(), 1.0);
    let out = dir.path().join("walk.glb");
    let o = posewire(&[
        "export",
        "--take",
        arg(&take),
        "--format",
        "gltf",
        "--version",
        "1",
        "--out",
        arg(&out),
    ]);
    assert!(o.status.success(), "{:?}", text(&o));
    let bytes = std::fs::read(&out).expect("glb");
    assert_eq!(&bytes[..4], b"glTF");
    let json_len = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]) as usize;
    let json: serde_json::Value = serde_json::from_slice(&bytes[20..20 + json_len]).expect("json");
    let animations = json["animations"].as_array().expect("animations");
    assert_eq!(animations.len(), 1);
    // The time accessor spans the take.
    let sampler = &animations[0]["samplers"][0];
    let input = &json["accessors"][sampler["input"].as_u64().expect("input") as usize];
    assert_eq!(input["count"].as_u64(), Some(poses.len() as u64));
    let end = input["max"][0].as_f64().expect("max");
    assert!(
        (end - poses.last().expect("frames").0).abs() < 1e-4,
        "{end}"
    );
    assert!(json["skins"].as_array().is_some_and(|s| !s.is_empty()));
}

#[test]
fn export_gltf_and_bvh_on_the_canonical_skeleton_carry_the_fingers_where_the_csv_has_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let take = write_take_with_objects(dir.path());
    let (csv, glb, bvh) = (
        dir.path().join("walk.joints.csv"),
        dir.path().join("walk.glb"),
        dir.path().join("walk.bvh"),
    );
    export_as(&take, "csv", &csv);
    export_as(&take, "gltf", &glb);
    export_as(&take, "bvh", &bvh);
    let track = JointTrack::read(&csv).expect("csv");
    assert_eq!(track.fingers.len(), track.frames.len());
    // BVH, by a forward kinematics of its own (centimetres).
    let (names, frames, _) = independent_fk(&std::fs::read_to_string(&bvh).expect("bvh"));
    assert_eq!(frames.len(), track.frames.len());
    let mut worst_bvh: f64 = 0.0;
    for (world, fingers) in frames.iter().zip(&track.fingers) {
        for (f, t) in FingerJoint::all().zip(fingers) {
            let i = names
                .iter()
                .position(|n| *n == f.name())
                .unwrap_or_else(|| panic!("no BVH joint {f}"));
            worst_bvh = worst_bvh.max((world[i] / 100.0).distance(t.position));
        }
    }
    println!(
        "BVH read back: worst finger joint {:.5} mm",
        worst_bvh * 1000.0
    );
    assert!(worst_bvh < 1e-3, "worst finger joint {worst_bvh} m off");
    let bytes = std::fs::read(&glb).expect("glb");
    let mut worst: (f64, String) = (0.0, String::new());
    for k in [0, 20, 45, 70, 89] {
        let nodes = glb_nodes::named_positions(&bytes, k);
        let body = track.frames[k].positions();
        for j in [Joint::LeftWrist, Joint::RightWrist] {
            let d = nodes[j.name()].distance(body[j]);
            if d > worst.0 {
                worst = (d, format!("{j} at key {k}"));
            }
        }
        for (f, t) in FingerJoint::all().zip(&track.fingers[k]) {
            let name = f.name();
            let at = nodes.get(&name).unwrap_or_else(|| panic!("no node {name}"));
            let d = at.distance(t.position);
            if d > worst.0 {
                worst = (d, format!("{name} at key {k}"));
            }
        }
    }
    println!(
        "glTF read back (gltf crate): worst wrist or finger joint {:.5} mm ({})",
        worst.0 * 1000.0,
        worst.1
    );
    assert!(worst.0 < 1e-3, "{} m at {}", worst.0, worst.1);
}

#[test]
fn export_errors_name_what_is_wrong() {
    let dir = tempfile::tempdir().expect("tempdir");
    let o = posewire(&[
        "export",
        "--take",
        "nosuch",
        "--format",
        "bvh",
        "--storage",
        arg(dir.path()),
        "--out",
        "x.bvh",
    ]);
    assert!(!o.status.success());
    assert!(text(&o).1.contains("no take \"nosuch\""), "{:?}", text(&o));

    let (take, _) = write_take(dir.path(), 0.5);
    let out = dir.path().join("x.bvh");
    let o = posewire(&[
        "export",
        "--take",
        arg(&take),
        "--format",
        "bvh",
        "--version",
        "7",
        "--out",
        arg(&out),
    ]);
    assert!(!o.status.success());
    assert!(
        text(&o).1.contains("version 7 has no frames"),
        "{:?}",
        text(&o)
    );

    // A take found by name in the storage folder, whose tail was torn.
    let takes = dir.path().join("takes");
    std::fs::create_dir_all(&takes).expect("mkdir");
    let mut bytes = std::fs::read(&take).expect("read");
    bytes.truncate(bytes.len() - 5);
    std::fs::write(takes.join("torn.pwtake"), &bytes).expect("write");
    let o = posewire(&[
        "export",
        "--take",
        "torn",
        "--storage",
        arg(dir.path()),
        "--format",
        "bvh",
        "--out",
        arg(&out),
    ]);
    assert!(o.status.success(), "{:?}", text(&o));
    assert!(text(&o).1.contains("cut short"), "{:?}", text(&o));
}

/// Where each test object is at time `t` (a ball falling, a box sliding,
/// a stick spinning, a hull resting) and how it is turned.
fn object_at(id: u64, t: f64) -> Transform {
    match id {
        1 => Transform::new(DVec3::new(0.0, 0.15, 0.5 * t), DQuat::from_rotation_y(t)),
        2 => Transform::new(
            DVec3::new(1.0, 2.0 - 0.5 * t * t, 0.0),
            DQuat::from_rotation_z(2.0 * t),
        ),
        3 => Transform::new(DVec3::new(-1.0, 1.0, t), DQuat::from_rotation_x(3.0 * t)),
        _ => Transform::new(DVec3::new(2.0, 0.5, 2.0), DQuat::IDENTITY),
    }
}

/// The test objects: id, name, shape; the stick (3) is in the space from
/// tick 30 to 59 only.
fn test_objects() -> Vec<(u64, &'static str, ObjectShape)> {
    vec![
        (
            1,
            "crate",
            ObjectShape::Box {
                size: DVec3::new(0.3, 0.2, 0.4),
            },
        ),
        (2, "ball", ObjectShape::Sphere { radius_m: 0.11 }),
        (
            3,
            "stick",
            ObjectShape::Capsule {
                radius_m: 0.03,
                length_m: 0.8,
            },
        ),
        (
            4,
            "mug",
            ObjectShape::Hull {
                points: vec![
                    DVec3::new(-0.05, 0.0, -0.04),
                    DVec3::new(0.05, 0.0, -0.04),
                    DVec3::new(0.0, 0.12, 0.06),
                    DVec3::new(0.0, 0.0, 0.06),
                ],
            },
        ),
    ]
}

/// Opens a take just written for appending. Its writer's lock (flock) is
/// gone when it closed, but a `posewire` child another test is spawning
/// right then can hold a copy of the descriptor between fork and exec, so
/// `Busy` is retried for a moment.
fn append_when_free(
    path: &Path,
) -> (
    TakeWriter,
    posewire_takes::Take,
    Option<posewire_takes::TailCut>,
) {
    let mut tries = 0;
    loop {
        match TakeWriter::append(path) {
            Err(posewire_takes::TakeError::Busy { .. }) if tries < 100 => {
                tries += 1;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => return other.expect("append"),
        }
    }
}

/// The hand controllers' samples of tick `k` (90 Hz): the right grip
/// closes over the first half second and opens over the second, the left
/// trigger is pulled halfway with the thumb on the stick.
fn hand_samples(k: u64) -> Vec<TrackerSample> {
    let t = k as f64 / 90.0;
    let grip = 1.0 - (2.0 * t - 1.0).abs();
    let input = |grip: f64, trigger: f64, stick: bool| {
        Some(ControllerInput {
            grip,
            trigger,
            touch: Touch {
                thumbstick: stick,
                ..Touch::default()
            },
            ..ControllerInput::default()
        })
    };
    vec![
        TrackerSample {
            time_s: t,
            device: Device::LeftHand,
            pose: None,
            input: input(0.0, 0.5, true),
        },
        TrackerSample {
            time_s: t,
            device: Device::RightHand,
            pose: None,
            input: input(grip, 0.0, false),
        },
    ]
}

/// `write_take`'s take with the test objects appended: described when
/// first seen, a state per tick while in the space, the stick leaving;
/// and the ticks' hand controller input, which poses the fingers.
fn write_take_with_objects(dir: &Path) -> PathBuf {
    let (path, _) = write_take(dir, 1.0);
    let (mut w, _, _) = append_when_free(&path);
    for k in 0..90u64 {
        w.push(&Record::Tick(Tick {
            sequence: k,
            time_s: k as f64 / 90.0,
            samples: hand_samples(k),
        }))
        .expect("tick");
    }
    for (id, name, shape) in test_objects() {
        let first = if id == 3 { 30 } else { 0 };
        w.push(&Record::ObjectSeen(ObjectSeen {
            sequence: first,
            id,
            body: ObjectBody {
                name: name.into(),
                shape,
                mass_kg: 1.0,
                friction: 0.6,
                restitution: 0.2,
            },
        }))
        .expect("object");
    }
    for k in 0..90u64 {
        for id in 1..=4u64 {
            if id == 3 && !(30..60).contains(&k) {
                continue;
            }
            w.push(&Record::ObjectMotion(ObjectMotion {
                sequence: k,
                id,
                pose: object_at(id, k as f64 / 90.0),
                linear_velocity: DVec3::ZERO,
                angular_velocity: DVec3::ZERO,
                held_by: Vec::new(),
            }))
            .expect("state");
        }
    }
    w.push(&Record::ObjectGone(ObjectGone {
        sequence: 60,
        id: 3,
    }))
    .expect("gone");
    w.finish("done").expect("finish");
    path
}

fn export_gltf(take: &Path, out: &Path, more: &[&str]) -> std::process::Output {
    let mut args = vec![
        "export",
        "--take",
        arg(take),
        "--format",
        "gltf",
        "--version",
        "1",
        "--out",
        arg(out),
    ];
    args.extend_from_slice(more);
    posewire(&args)
}

/// The largest distance between an exported object's translation keys and
/// where the test object is at the keys' times.
fn worst_translation(o: &GlbObject, id: u64) -> f64 {
    o.translations
        .iter()
        .map(|(t, p)| {
            let expect = object_at(id, f64::from(*t)).position;
            DVec3::new(f64::from(p[0]), f64::from(p[1]), f64::from(p[2])).distance(expect)
        })
        .fold(0.0, f64::max)
}

/// The largest angle between an exported object's rotation keys and the
/// test object's rotation, radians.
fn worst_rotation(o: &GlbObject, id: u64) -> f64 {
    o.rotations
        .iter()
        .map(|(t, q)| {
            let got = DQuat::from_xyzw(
                f64::from(q[0]),
                f64::from(q[1]),
                f64::from(q[2]),
                f64::from(q[3]),
            );
            got.angle_between(object_at(id, f64::from(*t)).rotation)
        })
        .fold(0.0, f64::max)
}

#[test]
fn export_gltf_writes_each_object_as_an_animated_node_beside_the_body() {
    let dir = tempfile::tempdir().expect("tempdir");
    let take = write_take_with_objects(dir.path());
    let out = dir.path().join("props.glb");
    let o = export_gltf(&take, &out, &[]);
    assert!(o.status.success(), "{:?}", text(&o));
    let (objects, animations) = glb_objects(&std::fs::read(&out).expect("glb"));
    assert_eq!(animations, 1, "the objects share the body's animation");
    let names: Vec<&str> = objects.keys().map(String::as_str).collect();
    assert_eq!(names, ["o1 crate", "o2 ball", "o3 stick", "o4 mug"]);
    let kinds: Vec<&str> = objects.values().map(|o| o.mesh.as_str()).collect();
    assert_eq!(kinds, ["box", "sphere", "capsule", "hull"]);
    // Each mesh is its shape's size (the hull: the box of its points).
    let close = |a: [f32; 3], b: [f32; 3]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-5);
    let half = [[0.15, 0.1, 0.2], [0.11, 0.11, 0.11], [0.03, 0.43, 0.03]];
    for (o, h) in objects.values().zip(half) {
        assert!(close(o.bounds.1, h), "{o:?}");
        assert!(close(o.bounds.0, h.map(|v: f32| -v)), "{o:?}");
    }
    let mug = &objects["o4 mug"];
    assert!(close(mug.bounds.0, [-0.05, 0.0, -0.04]), "{mug:?}");
    assert!(close(mug.bounds.1, [0.05, 0.12, 0.06]), "{mug:?}");
    // A key at every frame of the take, equal to the recorded state.
    for (id, name) in [(1, "o1 crate"), (2, "o2 ball"), (4, "o4 mug")] {
        let o = &objects[name];
        assert_eq!(o.translations.len(), 90, "{name}");
        assert_eq!(o.rotations.len(), 90, "{name}");
        assert!(o.scales.is_empty(), "{name} is there throughout");
        assert!(worst_translation(o, id) < 1e-3, "{name}");
        assert!(worst_rotation(o, id) < 1e-3, "{name}");
    }
    // The stick: keys while it was there, shown only then.
    let stick = &objects["o3 stick"];
    assert_eq!(stick.translations.len(), 30);
    assert!((stick.translations[0].0 - 30.0 / 90.0).abs() < 1e-6);
    assert!(worst_translation(stick, 3) < 1e-3);
    let shown: Vec<(f32, f32)> = stick.scales.clone();
    assert_eq!(shown.len(), 3, "{shown:?}");
    assert_eq!((shown[0].1, shown[1].1, shown[2].1), (0.0, 1.0, 0.0));
    assert!((shown[1].0 - 30.0 / 90.0).abs() < 1e-6 && (shown[2].0 - 60.0 / 90.0).abs() < 1e-6);

    // Resampled to 30 frames a second, objects and body alike.
    let o = export_gltf(&take, &out, &["--fps", "30"]);
    assert!(o.status.success(), "{:?}", text(&o));
    let (objects, _) = glb_objects(&std::fs::read(&out).expect("glb"));
    let ball = &objects["o2 ball"];
    assert_eq!(ball.translations.len(), 30);
    assert!((ball.translations[1].0 - 1.0 / 30.0).abs() < 1e-6);
    assert!(worst_translation(ball, 2) < 1e-3);
    assert!(worst_rotation(ball, 2) < 1e-3);
}

#[test]
fn a_take_without_objects_exports_as_before_and_damaged_object_records_are_skipped_and_said() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (plain, _) = write_take(dir.path(), 1.0);
    let out = dir.path().join("plain.glb");
    let o = export_gltf(&plain, &out, &[]);
    assert!(o.status.success(), "{:?}", text(&o));
    let (objects, animations) = glb_objects(&std::fs::read(&out).expect("glb"));
    assert!(objects.is_empty(), "{objects:?}");
    assert_eq!(animations, 1);

    let sub = dir.path().join("objects");
    std::fs::create_dir_all(&sub).expect("mkdir");
    let take = write_take_with_objects(&sub);
    let mut bytes = std::fs::read(&take).expect("read");
    let records = scan(&take, &bytes).expect("scans").records;
    let at = |f: &dyn Fn(&Record) -> bool| {
        records
            .iter()
            .find(|(_, r)| f(r))
            .map(|(offset, _)| *offset as usize)
            .expect("the record")
    };
    // The mug's description and one of the ball's states are damaged.
    let mug = at(&|r| matches!(r, Record::ObjectSeen(o) if o.id == 4));
    let ball = at(&|r| matches!(r, Record::ObjectMotion(m) if m.id == 2 && m.sequence == 45));
    bytes[mug + 12] ^= 0x40;
    bytes[ball + 30] ^= 0x40;
    std::fs::write(&take, &bytes).expect("write");
    let out = dir.path().join("damaged.glb");
    let o = export_gltf(&take, &out, &[]);
    let (_, stderr) = text(&o);
    assert!(o.status.success(), "{stderr}");
    assert!(stderr.matches("warning:").count() >= 3, "{stderr}");
    assert!(
        stderr.contains(&format!("damaged at byte {mug} ")),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("damaged at byte {ball} ")),
        "{stderr}"
    );
    assert!(
        stderr.contains("object o4 was left out of the export: its description record was damaged"),
        "{stderr}"
    );
    let (objects, _) = glb_objects(&std::fs::read(&out).expect("glb"));
    let names: Vec<&str> = objects.keys().map(String::as_str).collect();
    assert_eq!(names, ["o1 crate", "o2 ball", "o3 stick"]);
    // The ball's lost state is bridged by its neighbours.
    let ball = &objects["o2 ball"];
    assert_eq!(ball.translations.len(), 90);
    assert!(worst_translation(ball, 2) < 1e-3);
    // FBX and USD of the damaged take: written, with the same warnings,
    // and without the mug.
    for format in ["fbx", "usd"] {
        let out = dir.path().join(format!("damaged.{format}"));
        let o = posewire(&[
            "export",
            "--take",
            arg(&take),
            "--format",
            format,
            "--out",
            arg(&out),
        ]);
        let (_, stderr) = text(&o);
        assert!(o.status.success(), "{format}: {stderr}");
        assert!(
            stderr.contains(&format!("damaged at byte {mug} ")),
            "{format}: {stderr}"
        );
        let bytes = std::fs::read(&out).expect("the export");
        if format == "fbx" {
            let models = fbx_read::models(&fbx_read::parse(&bytes).1);
            assert!(models.values().any(|m| m.name == "o2 ball"));
            assert!(!models.values().any(|m| m.name == "o4 mug"));
        } else {
            let text = String::from_utf8(bytes).expect("USD text");
            assert!(text.contains("def Xform \"o2_ball\"") && !text.contains("o4_mug"));
        }
    }
}

/// Exports `take` (solved version 1) as `format` to `out`.
fn export_as(take: &Path, format: &str, out: &Path) {
    let o = posewire(&[
        "export",
        "--take",
        arg(take),
        "--format",
        format,
        "--version",
        "1",
        "--out",
        arg(out),
    ]);
    assert!(o.status.success(), "export {format}: {:?}", text(&o));
}

#[test]
fn export_usd_is_read_by_pixar_usd_with_every_joint_and_object_where_posewire_has_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let take = write_take_with_objects(dir.path());
    let (csv, usd) = (
        dir.path().join("walk.joints.csv"),
        dir.path().join("walk.usda"),
    );
    export_as(&take, "csv", &csv);
    export_as(&take, "usd", &usd);
    let track = JointTrack::read(&csv).expect("csv");
    pixar_usd_reads_the_walk(&usd, dir.path(), &track);
}

/// The same take as `.usdc` (USD's binary crate format, written by
/// `--format usd` for an `--out` ending in `.usdc`): a crate file of
/// version 0.8.0 that Pixar's Sdf reads as the very layer it reads from
/// the `.usda` export, and that UsdSkel reads with every joint and object
/// where Posewire has them, as the `.usda`.
#[test]
fn export_usdc_is_the_usda_layer_in_pixars_binary_format_and_read_by_pixar_usd() {
    let dir = tempfile::tempdir().expect("tempdir");
    let take = write_take_with_objects(dir.path());
    let (csv, usda, usdc) = (
        dir.path().join("walk.joints.csv"),
        dir.path().join("walk.usda"),
        dir.path().join("walk.usdc"),
    );
    export_as(&take, "csv", &csv);
    export_as(&take, "usd", &usda);
    export_as(&take, "usd", &usdc);
    let bytes = std::fs::read(&usdc).expect("the .usdc");
    assert_eq!(&bytes[..8], b"PXR-USDC", "the crate file's identifier");
    assert_eq!(&bytes[8..11], &[0, 8, 0], "crate version 0.8.0");
    let text_size = std::fs::metadata(&usda).expect("the .usda").len();
    println!(".usdc {} bytes, .usda {text_size} bytes", bytes.len());
    let same = match usd_check::compare_with_pixar_sdf(&usda, &usdc, dir.path()) {
        Ok(json) => json,
        Err(why) => {
            println!("SKIPPED: {why}");
            return;
        }
    };
    assert_eq!(same["formats"], serde_json::json!(["usda", "usdc"]));
    assert!(
        same["same"].as_bool() == Some(true),
        "Sdf reads different layers from the .usda and the .usdc: {}",
        same["differ"]
    );
    println!(
        "Pixar's Sdf: the .usdc holds the .usda's layer ({} lines of USD text)",
        same["lines"][0]
    );
    let track = JointTrack::read(&csv).expect("csv");
    pixar_usd_reads_the_walk(&usdc, dir.path(), &track);
}

/// Every USD text form the `.usdc` writer reads (layer, prim and property
/// metadata, nested dictionaries, list ops, each value type family, empty
/// arrays, blocked values, time samples, relationships, `over` and
/// `class`) comes out as a crate file Pixar's Sdf reads as the same layer
/// it reads from the text.
#[test]
fn the_usdc_writer_carries_every_usda_form_it_reads_as_pixars_sdf_reads_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let usda = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/usd/every_form.usda");
    let text = std::fs::read_to_string(&usda).expect("the fixture");
    let usdc = dir.path().join("every_form.usdc");
    std::fs::write(&usdc, usdc::from_usda(&text).expect("written")).expect("written");
    let same = match usd_check::compare_with_pixar_sdf(&usda, &usdc, dir.path()) {
        Ok(json) => json,
        Err(why) => {
            println!("SKIPPED: {why}");
            return;
        }
    };
    assert_eq!(same["formats"], serde_json::json!(["usda", "usdc"]));
    assert!(
        same["same"].as_bool() == Some(true),
        "Sdf reads different layers: {}",
        same["differ"]
    );
}

/// Pixar's USD reads the walk take's export `usd` (text or binary): the
/// stage's metadata, USD's validators, one skeleton with every joint within
/// 1 mm of the CSV `track` at every time code, every object where it was.
fn pixar_usd_reads_the_walk(usd: &Path, dir: &Path, track: &JointTrack) {
    let json = match usd_check::read_with_pixar_usd(usd, dir) {
        Ok(json) => json,
        Err(why) => {
            println!("SKIPPED: {why}");
            return;
        }
    };
    let n = track.frames.len();
    assert_eq!(n, 90);
    assert_eq!(track.fingers.len(), n, "the CSV carries the fingers");
    assert_eq!(json["metersPerUnit"].as_f64(), Some(1.0));
    assert_eq!(json["upAxis"], "Y");
    assert_eq!(json["timeCodesPerSecond"].as_f64(), Some(90.0));
    assert_eq!(json["framesPerSecond"].as_f64(), Some(90.0));
    assert_eq!(json["startTimeCode"].as_f64(), Some(0.0));
    assert_eq!(json["endTimeCode"].as_f64(), Some((n - 1) as f64));
    assert_eq!(json["customLayerData"]["timecode"], "01:00:00:00");
    assert_eq!(json["customLayerData"]["posewire_take"], "walk");
    assert_eq!(
        json["validation"],
        serde_json::json!([]),
        "USD's validators find nothing wrong"
    );
    let skeletons: Vec<&String> = json["skeletons"]
        .as_object()
        .expect("skeletons")
        .keys()
        .collect();
    assert_eq!(
        skeletons,
        ["a"],
        "one skeleton, under a SkelRoot named after the avatar"
    );
    assert!(json["skeletons"]["a"]["animation"]
        .as_str()
        .is_some_and(|p| p.ends_with("/Animation")));
    let (d, at) = usd_check::worst_joint(&json, "a", track);
    println!(
        "Pixar USD {} reading {}: worst joint (21 body, 30 finger) {:.5} mm ({at}) over all {n} time codes",
        json["usd"],
        usd.display(),
        d * 1000.0
    );
    assert!(
        d <= 0.001,
        "UsdSkel puts {at} {:.3} mm from the CSV",
        d * 1000.0
    );
    // The objects: where they were at every frame they were in the space,
    // shown only then, each with its shape's mesh.
    let objects = json["objects"].as_object().expect("objects");
    let names: Vec<&String> = objects.keys().collect();
    assert_eq!(names, ["o1_crate", "o2_ball", "o3_stick", "o4_mug"]);
    for (id, (name, o)) in (1u64..).zip(objects) {
        let positions: Vec<[f64; 3]> =
            serde_json::from_value(o["positions"].clone()).expect("positions");
        let visible: Vec<bool> = serde_json::from_value(o["visible"].clone()).expect("visibility");
        assert_eq!(positions.len(), n, "{name}");
        assert_eq!(o["meshes"].as_array().map(Vec::len), Some(1), "{name}");
        for (k, (p, shown)) in positions.iter().zip(&visible).enumerate() {
            let there = id != 3 || (30..60).contains(&k);
            assert_eq!(*shown, there, "{name} at time code {k}");
            if there {
                let expect = object_at(id, k as f64 / 90.0).position;
                let d = DVec3::from_array(*p).distance(expect);
                assert!(d < 1e-4, "{name} at time code {k}: {d} m off");
            }
        }
    }
}

/// Blender built as a Python module (`bpy` from PyPI: Blender's own
/// build, which has the USD importer that Debian's Blender lacks), pinned
/// so the importer under test does not change under the tests.
const BPY: &str = "bpy==5.0.1";

#[test]
fn export_usd_is_read_by_blenders_usd_importer_with_every_joint_where_posewire_has_it() {
    for file in ["walk.usda", "walk.usdc"] {
        let dir = tempfile::tempdir().expect("tempdir");
        let take = write_take_with_objects(dir.path());
        let (csv, usd) = (dir.path().join("walk.joints.csv"), dir.path().join(file));
        export_as(&take, "csv", &csv);
        export_as(&take, "usd", &usd);
        let track = JointTrack::read(&csv).expect("csv");
        if !blender_reads_the_walk(&usd, dir.path(), &track) {
            return;
        }
    }
}

/// Blender's USD importer reads the walk take's export `usd` (text or
/// binary): one armature under the avatar's node, the scene's frames the
/// time codes, every joint within 1 mm of the CSV `track` at every frame.
/// False when there is no Blender module to run.
fn blender_reads_the_walk(usd: &Path, dir: &Path, track: &JointTrack) -> bool {
    let python = match python_env::python_with("python-bpy", &[BPY], "import bpy") {
        Ok(python) => python,
        Err(why) => {
            println!("SKIPPED: no Blender module ({why:?})");
            return false;
        }
    };
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/blender/read_usd.py");
    let json_path = dir.join("blender_usd.json");
    let out = python_env::run(
        std::process::Command::new(&python)
            .arg(&script)
            .arg(usd)
            .arg(&json_path),
    )
    .expect("the Blender script runs");
    assert!(
        out.status.success(),
        "Blender could not import the USD export: {}",
        python_env::tail(&out.stderr)
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).expect("JSON")).expect("JSON");
    let n = track.frames.len();
    assert_eq!(
        (json["frame_start"].as_i64(), json["frame_end"].as_i64()),
        (Some(0), Some(n as i64 - 1)),
        "the scene's frames are the export's time codes"
    );
    let armatures: Vec<&String> = json["armatures"]
        .as_object()
        .expect("armatures")
        .keys()
        .collect();
    assert_eq!(armatures, ["a"], "one armature, under the avatar's node");
    let frames = json["armatures"]["a"]["frames"].as_array().expect("frames");
    assert_eq!(frames.len(), n);
    let mut worst = (0.0f64, String::new());
    for (k, (theirs, ours)) in frames.iter().zip(&track.frames).enumerate() {
        let ours = ours.positions();
        for j in Joint::ALL {
            let p: [f64; 3] = serde_json::from_value(theirs[j.name()].clone())
                .unwrap_or_else(|_| panic!("Blender has no bone {} at frame {k}", j.name()));
            let d = ours[j].distance(DVec3::from_array(p));
            if d > worst.0 {
                worst = (d, format!("{} at frame {k}", j.name()));
            }
        }
    }
    println!(
        "Blender {} USD importer reading {}: worst joint {:.5} mm ({}) over all {n} frames",
        json["blender"],
        usd.display(),
        worst.0 * 1000.0,
        worst.1
    );
    assert!(
        worst.0 <= 0.001,
        "Blender puts {} {:.3} mm from the CSV",
        worst.1,
        worst.0 * 1000.0
    );
    true
}

#[test]
fn export_fbx_read_back_independently_has_every_joint_and_object_where_posewire_has_them() {
    let dir = tempfile::tempdir().expect("tempdir");
    let take = write_take_with_objects(dir.path());
    let (csv, fbx) = (
        dir.path().join("walk.joints.csv"),
        dir.path().join("walk.fbx"),
    );
    export_as(&take, "csv", &csv);
    export_as(&take, "fbx", &fbx);
    let track = JointTrack::read(&csv).expect("csv");
    let (version, top) = fbx_read::parse(&std::fs::read(&fbx).expect("fbx"));
    assert_eq!(version, 7400);
    let settings = top
        .iter()
        .find(|n| n.name == "GlobalSettings")
        .expect("GlobalSettings");
    let p = fbx_read::properties(settings);
    assert_eq!(p["UnitScaleFactor"][0].float(), 1.0, "centimetres");
    assert_eq!(
        ["UpAxis", "FrontAxis", "CoordAxis"].map(|k| p[k][0].int()),
        [1, 2, 0],
        "+Y up, +Z front, +X right-handed"
    );
    assert_eq!(p["CustomFrameRate"][0].float(), 90.0);
    assert_eq!(p["posewire_timecode"][0].text(), "01:00:00:00");
    let models = fbx_read::models(&top);
    let by_name = |name: &str| {
        let found: Vec<(&i64, &fbx_read::Model)> =
            models.iter().filter(|(_, m)| m.name == name).collect();
        assert_eq!(found.len(), 1, "one model named {name}");
        (*found[0].0, found[0].1)
    };
    // The avatar's node at the root, holding the timecode; the joints
    // under it in the canonical hierarchy.
    let (avatar, root) = by_name("a");
    assert_eq!((root.kind.as_str(), root.parent), ("Null", 0));
    assert_eq!(root.custom["posewire_timecode"], "01:00:00:00");
    let mut ids = Vec::new();
    for j in Joint::ALL {
        let (id, m) = by_name(j.name());
        assert_eq!(m.kind, "LimbNode", "{}", j.name());
        let parent = j.parent().map_or(avatar, |p| ids[p.index()]);
        assert_eq!(m.parent, parent, "{}'s parent", j.name());
        ids.push(id);
    }
    // The fingers under the wrists.
    assert_eq!(
        track.fingers.len(),
        track.frames.len(),
        "the CSV has fingers"
    );
    let mut finger_ids = Vec::new();
    for f in FingerJoint::all() {
        let (id, m) = by_name(&f.name());
        assert_eq!(m.kind, "LimbNode", "{f}");
        let parent = match f.parent() {
            Some(p) => finger_ids[p.index()],
            None => ids[f.wrist().index()],
        };
        assert_eq!(m.parent, parent, "{f}'s parent");
        finger_ids.push(id);
    }
    let pelvis = &models[&ids[0]];
    let (times, _) = &pelvis.curves[&("Lcl Translation".to_string(), 0)];
    assert_eq!(times.len(), track.frames.len());
    for (k, t) in times.iter().enumerate() {
        assert_eq!(
            *t,
            (k as f64 * 46_186_158_000.0 / 90.0).round() as i64,
            "key {k}"
        );
    }
    let mut worst: f64 = 0.0;
    for (k, frame) in track.frames.iter().enumerate() {
        let world = fbx_read::world_positions(&models, k);
        let ours = frame.positions();
        for j in Joint::ALL {
            worst = worst.max((world[&ids[j.index()]] / 100.0).distance(ours[j]));
        }
        for (id, t) in finger_ids.iter().zip(&track.fingers[k]) {
            worst = worst.max((world[id] / 100.0).distance(t.position));
        }
    }
    println!(
        "fbx read back: worst joint (21 body, 30 finger) {:.5} mm over {} frames",
        worst * 1000.0,
        track.frames.len()
    );
    assert!(worst < 1e-3, "worst joint {worst} m off");
    // Objects: a node each at the root, keyed while in the space.
    for (id, name, _) in test_objects() {
        let (_, m) = by_name(&format!("o{id} {name}"));
        assert_eq!((m.kind.as_str(), m.parent), ("Null", 0), "{name}");
        let (times, _) = &m.curves[&("Lcl Translation".to_string(), 0)];
        let first = if id == 3 { 30 } else { 0 };
        assert_eq!(times.len(), if id == 3 { 30 } else { 90 }, "{name}");
        for key in 0..times.len() {
            let k = first + key;
            let (t, r) = m.local(key);
            let expect = object_at(id, k as f64 / 90.0);
            assert!(
                (t / 100.0).distance(expect.position) < 1e-4,
                "{name} at frame {k}"
            );
            assert!(
                r.angle_between(expect.rotation) < 1e-4,
                "{name} at frame {k}"
            );
        }
    }
}
