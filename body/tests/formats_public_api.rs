//! The exchange formats through the public API only: files on disk, error
//! messages as a user sees them, and files of realistic size.

use posewire_body::formats::{
    CalibrationTake, FormatError, JointFrame, JointTrack, TrackerSample, TrackerTake,
};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{Device, DeviceSet, Joint, JointMap, Transform};

/// 40 s at 90 Hz of 21 joints: 75 600 rows.
fn big_track() -> JointTrack {
    let frames = (0..3600)
        .map(|i| {
            let t = f64::from(i) / 90.0;
            JointFrame {
                time_s: t,
                joints: JointMap::from_fn(|j| {
                    let k = j.index() as f64;
                    Transform::new(
                        DVec3::new(t.sin() + 0.01 * k, 0.05 * k, t.cos()),
                        DQuat::from_rotation_y(t + k),
                    )
                }),
            }
        })
        .collect();
    JointTrack {
        frames,
        has_rotations: true,
        fingers: Vec::new(),
    }
}

#[test]
fn format_large_joint_track_file_round_trip() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("big.joints.csv");
    let track = big_track();
    track.write(&path).expect("write");
    let back = JointTrack::read(&path).expect("read");
    assert_eq!(back.frames.len(), 3600);
    for i in [0, 1234, 3599] {
        let (a, b) = (&track.frames[i], &back.frames[i]);
        assert!((a.time_s - b.time_s).abs() <= 5e-7);
        for j in Joint::ALL {
            assert!((a.joints[j].position - b.joints[j].position).length() < 1e-6);
            assert!(a.joints[j].rotation.dot(b.joints[j].rotation).abs() > 1.0 - 1e-12);
        }
    }
}

#[test]
fn format_large_tracker_take_file_round_trip() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("big.trackers.csv");
    let mut samples = Vec::new();
    for i in 0..3600 {
        let t = f64::from(i) / 90.0;
        for device in Device::ALL {
            let pose = Transform::new(DVec3::new(t, 1.0, -t), DQuat::from_rotation_x(t));
            samples.push(TrackerSample {
                time_s: t,
                device,
                pose: Some(pose),
                input: None,
            });
        }
    }
    let take = TrackerTake {
        samples,
        invalid: Default::default(),
    };
    take.write(&path).expect("write");
    let back = TrackerTake::read(&path).expect("read");
    assert_eq!(back.samples.len(), take.samples.len());
    assert_eq!(back.invalid.count, 0);
    assert_eq!(back.devices(), DeviceSet::standard(6).expect("six"));
    let (t0, t1) = back.time_range().expect("rows");
    assert_eq!(t0, 0.0);
    assert!((t1 - 3599.0 / 90.0).abs() < 1e-6);
}

#[test]
fn format_errors_from_files_name_the_file_and_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bad.calibration.csv");
    std::fs::write(
        &path,
        "pose,time_s,device,px,py,pz,qx,qy,qz,qw\narms_down,0,head,0,1.6,0,0,0,0,1\narms_down,0,head,0,1.6,0,0,0,1\n",
    )
    .expect("write fixture");
    let err = CalibrationTake::read(&path).expect_err("wrong field count");
    assert_eq!(
        err.to_string(),
        format!("{}:3: expected 10 fields, found 9", path.display())
    );

    let path = dir.path().join("empty.trackers.csv");
    std::fs::write(&path, "").expect("write fixture");
    match TrackerTake::read(&path) {
        Err(FormatError::Syntax {
            path: p,
            line,
            reason,
        }) => {
            assert_eq!(p, path.display().to_string());
            assert_eq!(line, 1);
            assert!(reason.starts_with("empty file"), "{reason}");
        }
        other => panic!("expected a syntax error, got {other:?}"),
    }

    let path = dir.path().join("latin1.trackers.csv");
    std::fs::write(
        &path,
        b"time_s,device,px,py,pz,qx,qy,qz,qw\n0,h\xe9ad,0,0,0,0,0,0,1\n",
    )
    .expect("write fixture");
    let err = TrackerTake::read(&path).expect_err("not UTF-8");
    assert!(
        err.to_string().ends_with(
            "latin1.trackers.csv:2:4: not valid UTF-8 text (first invalid byte at offset 38)"
        ),
        "{err}"
    );
}

#[test]
fn a_bvh_with_invalid_utf8_names_the_file_line_and_offset() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("latin1.bvh");
    std::fs::write(
        &path,
        b"HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0 # caf\xe9\n",
    )
    .expect("write fixture");
    let err = posewire_body::bvh::Bvh::read(&path).expect_err("not UTF-8");
    assert_eq!(
        err.to_string(),
        format!(
            "{}:4:20: not valid UTF-8 text (first invalid byte at offset 41)",
            path.display()
        )
    );
}

#[test]
fn format_write_into_a_missing_folder_fails_cleanly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("no_such_dir").join("t.joints.csv");
    match big_track().write(&path) {
        Err(FormatError::Io { path: p, .. }) => assert!(p.ends_with("t.joints.csv"), "{p}"),
        other => panic!("expected an io error, got {other:?}"),
    }
}
