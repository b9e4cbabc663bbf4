//! `posewire export`: a take's solved body as BVH (checked by a forward
//! kinematics written here, independent of Posewire's BVH code), as the
//! joint-track CSV, and as glTF; resampling, versions and clear errors.

mod cli_common;

use std::path::{Path, PathBuf};

use cli_common::{arg, posewire, text};
use glam::{DMat3, DQuat, DVec3, EulerRot};
use posewire_body::formats::JointTrack;
use posewire_body::{BodyPose, BodyProfile, Joint, JointMap, Skeleton};
use posewire_takes::{ProfileChange, Record, SolveVersion, SolvedFrame, TakeInfo, TakeWriter};

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
            timecode_start: None,
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

/// A BVH joint as this test's own reader sees it.
struct Node {
    name: String,
    parent: Option<usize>,
    offset: DVec3,
    channels: Vec<String>,
}

/// A minimal BVH reader and forward kinematics (rotation channels in the
/// order listed, intrinsic, degrees), independent of posewire-body's.
fn independent_fk(text: &str) -> (Vec<String>, Vec<Vec<DVec3>>, f64) {
    let mut nodes: Vec<Node> = Vec::new();
    let mut stack: Vec<Option<usize>> = Vec::new();
    let mut words = text.split_whitespace().peekable();
    let mut pending_end = false;
    while let Some(w) = words.next() {
        match w {
            "ROOT" | "JOINT" => {
                let name = words.next().expect("name").to_string();
                let parent = stack.iter().rev().find_map(|s| *s);
                nodes.push(Node {
                    name,
                    parent,
                    offset: DVec3::ZERO,
                    channels: vec![],
                });
            }
            "End" => {
                words.next();
                pending_end = true;
            }
            "{" => {
                if pending_end {
                    stack.push(None);
                    pending_end = false;
                } else {
                    stack.push(Some(nodes.len() - 1));
                }
            }
            "}" => {
                stack.pop();
            }
            "OFFSET" => {
                let v: Vec<f64> = (0..3)
                    .map(|_| words.next().expect("o").parse().expect("f"))
                    .collect();
                if stack.last().copied().flatten() == Some(nodes.len() - 1) {
                    nodes.last_mut().expect("node").offset = DVec3::new(v[0], v[1], v[2]);
                }
            }
            "CHANNELS" => {
                let n: usize = words.next().expect("n").parse().expect("count");
                let c: Vec<String> = (0..n)
                    .map(|_| words.next().expect("c").to_string())
                    .collect();
                nodes.last_mut().expect("node").channels = c;
            }
            "MOTION" => break,
            _ => {}
        }
    }
    assert_eq!(words.next(), Some("Frames:"));
    let frames: usize = words.next().expect("frames").parse().expect("frame count");
    assert_eq!((words.next(), words.next()), (Some("Frame"), Some("Time:")));
    let frame_time: f64 = words.next().expect("time").parse().expect("frame time");
    let per_frame: usize = nodes.iter().map(|n| n.channels.len()).sum();
    let values: Vec<f64> = words.map(|w| w.parse().expect("value")).collect();
    assert_eq!(values.len(), frames * per_frame);
    let mut out = Vec::new();
    for f in 0..frames {
        let mut at = f * per_frame;
        let mut world: Vec<(DVec3, DMat3)> = Vec::new();
        for n in &nodes {
            let mut pos = n.offset;
            let mut rot = DMat3::IDENTITY;
            for c in &n.channels {
                let v = values[at];
                at += 1;
                let r = v.to_radians();
                match c.as_str() {
                    "Xposition" => pos.x += v,
                    "Yposition" => pos.y += v,
                    "Zposition" => pos.z += v,
                    "Xrotation" => rot *= DMat3::from_rotation_x(r),
                    "Yrotation" => rot *= DMat3::from_rotation_y(r),
                    "Zrotation" => rot *= DMat3::from_rotation_z(r),
                    other => panic!("channel {other}"),
                }
            }
            world.push(match n.parent {
                Some(p) => (world[p].0 + world[p].1 * pos, world[p].1 * rot),
                None => (pos, rot),
            });
        }
        out.push(world.into_iter().map(|(p, _)| p).collect());
    }
    (nodes.into_iter().map(|n| n.name).collect(), out, frame_time)
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
