//! `posewire export`: a take's solved body as BVH (checked by a forward
//! kinematics in `bvh_fk`, independent of Posewire's BVH code), as the
//! joint-track CSV, and as glTF; resampling, versions and clear errors.

mod bvh_fk;
mod cli_common;

use std::path::{Path, PathBuf};

use bvh_fk::independent_fk;
use cli_common::{arg, posewire, text};
use glam::{DQuat, DVec3, EulerRot};
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
