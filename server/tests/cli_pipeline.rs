//! synth -> calibrate -> solve on the shipped demo clip, through the real
//! binary.

mod common;
use common::{arg, demo_clip, posewire, solve_calibrated, text};

use posewire_body::formats::{JointTrack, TrackerTake};
use posewire_body::{BodyProfile, Joint};

#[test]
fn synth_calibrate_solve_gives_a_full_joint_track_at_90_hz() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let out = posewire(&[
        "synth",
        "--bvh",
        arg(&demo_clip()),
        "--devices",
        "4",
        "--condition",
        "clean",
        "--seed",
        "7",
        "--out-dir",
        arg(d),
    ]);
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "synth failed:\n{stderr}");
    for file in [
        "demo_walk.trackers.csv",
        "demo_walk.calibration.csv",
        "demo_walk.truth.joints.csv",
        "demo_walk.truth.toml",
    ] {
        assert!(d.join(file).is_file(), "{file} not written");
    }
    let take = TrackerTake::read(&d.join("demo_walk.trackers.csv")).expect("tracker take reads");
    assert_eq!(take.devices().len(), 4);
    let (first, last) = take.time_range().expect("samples");

    let profile = d.join("me.profile.toml");
    let out = posewire(&[
        "calibrate",
        "--input",
        arg(&d.join("demo_walk.calibration.csv")),
        "--out",
        arg(&profile),
    ]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "calibrate failed:\n{stderr}");
    assert!(
        stdout.contains("head height") && stdout.contains("measured"),
        "{stdout}"
    );
    let loaded = BodyProfile::load(&profile).expect("profile loads");
    assert!(
        (1.3..2.0).contains(&loaded.body.head_height),
        "{:?}",
        loaded.body
    );

    let joints = d.join("demo_walk.joints.csv");
    let out = posewire(&[
        "solve",
        "--profile",
        arg(&profile),
        "--trackers",
        arg(&d.join("demo_walk.trackers.csv")),
        "--out",
        arg(&joints),
    ]);
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "solve failed:\n{stderr}");
    let track = JointTrack::read(&joints).expect("joint track reads");
    assert!(track.has_rotations);
    let rows = std::fs::read_to_string(&joints)
        .expect("read")
        .lines()
        .count()
        - 1;
    assert_eq!(
        rows,
        track.frames.len() * Joint::COUNT,
        "21 joints per frame"
    );
    let t0 = track.frames.first().expect("frames").time_s;
    let t1 = track.frames.last().expect("frames").time_s;
    assert!((t0 - first).abs() < 1e-6, "starts at {t0}, take at {first}");
    assert!(
        last - t1 < 1.0 / 90.0 + 1e-6 && t1 <= last + 1e-6,
        "ends at {t1}, take at {last}"
    );
    for w in track.frames.windows(2) {
        let dt = w[1].time_s - w[0].time_s;
        assert!((dt - 1.0 / 90.0).abs() < 1e-5, "interval {dt}");
    }
    // The head follows the headset: it stays at standing height.
    for f in &track.frames {
        let head = f.joints[Joint::Head].position;
        assert!(
            head.is_finite() && (1.2..2.0).contains(&head.y),
            "head at {head}"
        );
    }
}

#[test]
fn solve_can_calibrate_on_the_fly_at_another_rate() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let out = posewire(&[
        "synth",
        "--bvh",
        arg(&demo_clip()),
        "--devices",
        "3",
        "--condition",
        "noisy",
        "--out-dir",
        arg(d),
    ]);
    assert!(out.status.success(), "synth failed:\n{}", text(&out).1);
    let joints = d.join("j.csv");
    let out = solve_calibrated(d, &d.join("demo_walk.trackers.csv"), &["--rate", "60"]);
    assert!(out.status.success(), "solve failed:\n{}", text(&out).1);
    let track = JointTrack::read(&joints).expect("joint track reads");
    let dt = track.frames[1].time_s - track.frames[0].time_s;
    assert!((dt - 1.0 / 60.0).abs() < 1e-5, "interval {dt}");
}
