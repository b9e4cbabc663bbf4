//! Synthesis on real clips (skipped when `../shared/data` is absent).

use std::path::PathBuf;

use posewire_body::formats::JointTrack;
use posewire_body::transform::yaw_of;

use super::*;
use crate::shared_clips::clip_path;
use posewire_calibration::poses;

const RUN: &str = "cmu_127_03_run.bvh";

fn load(name: &str) -> Option<Bvh> {
    clip_path(name).map(|p| Bvh::read(&p).expect("the clip parses"))
}

fn options(count: usize, condition: Condition) -> SynthOptions {
    SynthOptions {
        devices: DeviceSet::standard(count).expect("standard set"),
        condition,
        seed: 11,
    }
}

fn synth(bvh: &Bvh, count: usize, condition: Condition) -> SynthTakes {
    synthesize(bvh, RUN, &options(count, condition)).expect("synthesis")
}

/// The same rotation (q or -q) to `tol` radians.
fn same_rotation(a: DQuat, b: DQuat, tol: f64) -> bool {
    (a - b).length().min((a + b).length()) < tol
}

#[test]
fn synth_clean_device_poses_are_the_interpolated_gt_with_offset_and_mount() {
    let Some(bvh) = load(RUN) else { return };
    let takes = synth(&bvh, 6, Condition::Clean);
    let truth = &takes.truth;
    assert_eq!(truth.frames.len(), bvh.frame_count());
    assert_eq!(truth.frames[0].time_s, 0.0);
    let end = truth.frames[truth.frames.len() - 1].time_s;
    let per_device = (end * 90.0 + 1e-9).floor() as usize + 1;
    assert_eq!(takes.trackers.samples.len(), 6 * per_device);
    for (n, s) in takes.trackers.samples.iter().enumerate() {
        let k = n / 6;
        assert_eq!(s.time_s, k as f64 / 90.0);
        assert_eq!(s.device, Device::ALL[n % 6]);
        // Independent interpolation of the GT bone at the sample time.
        let i = truth
            .frames
            .iter()
            .rposition(|f| f.time_s <= s.time_s)
            .expect("frame");
        let j = (i + 1).min(truth.frames.len() - 1);
        let (a, b) = (&truth.frames[i], &truth.frames[j]);
        let u = if j > i {
            (s.time_s - a.time_s) / (b.time_s - a.time_s)
        } else {
            0.0
        };
        let bone = s.device.bone();
        let p = a.joints[bone].position.lerp(b.joints[bone].position, u);
        let r = a.joints[bone].rotation.slerp(b.joints[bone].rotation, u);
        let d = truth.device(s.device).expect("device truth");
        let pose = s.pose.expect("clean samples are valid");
        assert!(
            (pose.position - (p + r * d.offset)).length() < 1e-9,
            "row {n}"
        );
        assert!(same_rotation(pose.rotation, r * d.mount, 1e-9), "row {n}");
    }
    // Offsets within 3 cm of nominal, mounts unit.
    for d in &truth.devices {
        assert!(d.offset.distance(d.device.nominal_offset()) <= 0.03);
        assert!((d.mount.length() - 1.0).abs() < 1e-12);
    }
    // Plausible measures of subject 127 (about 1.75 m tall).
    let m = truth.measures;
    assert!((1.3..1.7).contains(&m.head_height), "{m:?}");
    assert!((0.25..0.5).contains(&m.shoulder_width), "{m:?}");
    assert!(
        (0.15..0.35).contains(&m.upper_arm) && (0.15..0.35).contains(&m.forearm),
        "{m:?}"
    );
    assert!(
        (0.3..0.5).contains(&m.thigh) && (0.3..0.5).contains(&m.shin),
        "{m:?}"
    );
}

#[test]
fn synth_smaller_sets_are_subsets_and_the_truth_is_shared() {
    let Some(bvh) = load(RUN) else { return };
    for condition in Condition::ALL {
        let six = synth(&bvh, 6, condition);
        for count in [3, 4] {
            let small = synth(&bvh, count, condition);
            let set = DeviceSet::standard(count).expect("set");
            let filtered: Vec<_> = six
                .trackers
                .samples
                .iter()
                .filter(|s| set.contains(s.device))
                .copied()
                .collect();
            assert_eq!(small.trackers.samples, filtered, "{count} {condition:?}");
            let filtered: Vec<_> = six
                .calibration
                .samples
                .iter()
                .filter(|s| set.contains(s.sample.device))
                .copied()
                .collect();
            assert_eq!(small.calibration.samples, filtered);
            assert_eq!(small.truth, six.truth);
        }
    }
    // The truth does not depend on the condition either, but on the seed.
    let clean = synth(&bvh, 6, Condition::Clean);
    let noisy = synth(&bvh, 6, Condition::Noisy);
    assert_eq!(clean.truth, noisy.truth);
    let mut other = options(6, Condition::Clean);
    other.seed = 12;
    let other = synthesize(&bvh, RUN, &other).expect("synthesis");
    assert_ne!(other.truth.devices, clean.truth.devices);
    assert_eq!(other.truth.frames, clean.truth.frames);
}

#[test]
fn synth_noisy_differs_from_clean_by_the_noise() {
    let Some(bvh) = load(RUN) else { return };
    let clean = synth(&bvh, 6, Condition::Clean);
    let noisy = synth(&bvh, 6, Condition::Noisy);
    let index = |t: f64, d: Device| (t * 90.0).round() as usize * 6 + d.index();
    let (mut sq, mut angle_sq, mut n) = (0.0, 0.0, 0usize);
    for s in &noisy.trackers.samples {
        let c = clean.trackers.samples[index(s.time_s, s.device)];
        assert_eq!((c.time_s, c.device), (s.time_s, s.device));
        let (a, b) = (s.pose.expect("valid"), c.pose.expect("valid"));
        sq += (a.position - b.position).length_squared() / 3.0;
        angle_sq += a.rotation.angle_between(b.rotation).powi(2);
        n += 1;
    }
    let rms_mm = (sq / n as f64).sqrt() * 1000.0;
    let rms_deg = (angle_sq / n as f64).sqrt().to_degrees();
    assert!((rms_mm - 1.5).abs() < 0.1, "position noise rms {rms_mm} mm");
    assert!(
        (rms_deg - 0.5).abs() < 0.04,
        "rotation noise rms {rms_deg} deg"
    );
    // The calibration take is noisy too, but has every sample.
    assert_eq!(
        noisy.calibration.samples.len(),
        clean.calibration.samples.len()
    );
    let (mut sq, mut n) = (0.0, 0usize);
    for (a, b) in noisy
        .calibration
        .samples
        .iter()
        .zip(&clean.calibration.samples)
    {
        assert_eq!(
            (a.held, a.sample.time_s, a.sample.device),
            (b.held, b.sample.time_s, b.sample.device)
        );
        let (a, b) = (a.sample.pose.expect("valid"), b.sample.pose.expect("valid"));
        sq += (a.position - b.position).length_squared() / 3.0;
        n += 1;
    }
    let rms_mm = (sq / n as f64).sqrt() * 1000.0;
    assert!(
        (rms_mm - 1.5).abs() < 0.15,
        "calibration noise rms {rms_mm} mm"
    );
}

#[test]
fn synth_calibration_take_has_three_blocks_in_the_specified_poses() {
    let Some(bvh) = load(RUN) else { return };
    let takes = synth(&bvh, 6, Condition::Clean);
    let truth = &takes.truth;
    let placement = truth.calibration;
    let samples = &takes.calibration.samples;
    assert_eq!(samples.len(), 3 * 90 * 6);
    for (n, s) in samples.iter().enumerate() {
        let k = n / 6;
        assert_eq!(s.held, placement.pose_order[k / 90]);
        assert_eq!(s.sample.time_s, k as f64 / 90.0);
    }
    let mut order = placement.pose_order.to_vec();
    order.sort();
    assert_eq!(order, CalibrationPose::ALL.to_vec());

    // Heading: 30..330 degrees away from the clip's.
    let change = (placement.heading - placement.clip_heading)
        .to_degrees()
        .rem_euclid(360.0);
    assert!((29.999..=330.001).contains(&change), "{change}");
    assert!(
        (yaw_of(truth.frames[0].joints[Joint::Pelvis].rotation) - placement.clip_heading).abs()
            < 1e-12
    );
    assert!(placement.pelvis.x.abs() <= 1.0 && placement.pelvis.z.abs() <= 1.0);
    let turn = DQuat::from_rotation_y(placement.heading);
    let forward = turn * DVec3::Z;
    let left = turn * DVec3::X;

    // Bones recovered from the devices: rotation = device * mount^-1,
    // within the sway (at most 0.5 degrees) of the specified rotation.
    let sway_tol = 0.51f64.to_radians();
    for s in samples {
        let d = truth.device(s.sample.device).expect("device");
        let pose = s.sample.pose.expect("valid");
        let bone_rotation = pose.rotation * d.mount.inverse();
        let expected = turn * poses::bone_rotation(s.sample.device.bone(), s.held);
        assert!(
            bone_rotation.angle_between(expected) < sway_tol,
            "{:?} {:?}: {} deg",
            s.held,
            s.sample.device,
            bone_rotation.angle_between(expected).to_degrees()
        );
        // Palms face each other: the left palm (-y of the hand) points to
        // the person's right, the right palm to the left.
        let palm = bone_rotation * -DVec3::Y;
        match s.sample.device {
            Device::LeftHand => assert!(palm.dot(-left) > 0.999, "{:?}", s.held),
            Device::RightHand => assert!(palm.dot(left) > 0.999, "{:?}", s.held),
            _ => {}
        }
    }

    // The posed skeletons (without sway).
    let map = CmuMap::new(&bvh).expect("map");
    let poser = CalibrationPoser::new(&bvh, &map);
    let (_, poses, _) = place_calibration(&poser, &truth.frames, 11, RUN, &SynthExtras::default());
    let m = truth.measures;
    let rest = map.canonical(&bvh.rest_world_transforms());
    let length = |a: Joint, b: Joint| rest[a].position.distance(rest[b].position);
    let mut ankles: Vec<f64> = truth
        .frames
        .iter()
        .flat_map(|f| {
            [
                f.joints[Joint::LeftAnkle].position.y,
                f.joints[Joint::RightAnkle].position.y,
            ]
        })
        .collect();
    ankles.sort_by(f64::total_cmp);
    let p5 = ankles[(0.05 * (ankles.len() - 1) as f64).round() as usize];
    for (pose, j) in CalibrationPose::ALL.iter().zip(&poses) {
        let p = |joint: Joint| j[joint].position;
        for (shoulder, elbow, wrist) in [
            (Joint::LeftShoulder, Joint::LeftElbow, Joint::LeftWrist),
            (Joint::RightShoulder, Joint::RightElbow, Joint::RightWrist),
        ] {
            let (upper, fore) = (length(shoulder, elbow), length(elbow, wrist));
            let reach = p(wrist) - p(shoulder);
            match pose {
                CalibrationPose::ArmsForward => {
                    assert!((reach.dot(forward) - upper - fore).abs() < 1e-9, "{reach}");
                }
                CalibrationPose::ForearmsUp => {
                    assert!(((p(elbow) - p(shoulder)).dot(forward) - upper).abs() < 1e-9);
                    assert!(((p(wrist) - p(elbow)).y - fore).abs() < 1e-9);
                }
                CalibrationPose::ArmsDown => {
                    assert!((-reach.y - upper - fore).abs() < 1e-9, "{reach}")
                }
                CalibrationPose::HandsOnHips => unreachable!("not one of the three"),
            }
        }
        // Straight vertical legs, lower ankle at the clip's 5th percentile.
        for (hip, ankle) in [
            (Joint::LeftHip, Joint::LeftAnkle),
            (Joint::RightHip, Joint::RightAnkle),
        ] {
            let leg = p(ankle) - p(hip);
            let knee = hip.children().next().expect("knee");
            let straight = length(hip, knee) + length(knee, ankle);
            assert!(leg.x.hypot(leg.z) < 1e-9 && (-leg.y - straight).abs() < 1e-9);
        }
        let lower = p(Joint::LeftAnkle).y.min(p(Joint::RightAnkle).y);
        assert!((lower - p5).abs() < 0.01, "{lower} vs {p5}");
        assert!(p(Joint::Pelvis).distance(placement.pelvis) < 1e-9);
        // Facing the heading: the left hip is to the left.
        assert!(
            (p(Joint::LeftHip) - p(Joint::RightHip))
                .normalize()
                .dot(left)
                > 0.999
        );
    }
    assert!((poses[2][Joint::Head].position.y - m.head_height).abs() < 1e-12);
}

#[test]
fn synth_noisy_long_takes_have_dropouts() {
    let Some(bvh) = load("cmu_14_12_wash_windows.bvh") else {
        return;
    };
    let opts = SynthOptions {
        devices: DeviceSet::standard(6).expect("set"),
        condition: Condition::Noisy,
        seed: 5,
    };
    let takes = synthesize(&bvh, "cmu_14_12_wash_windows.bvh", &opts).expect("synthesis");
    for device in Device::ALL {
        let times: Vec<f64> = takes
            .trackers
            .samples
            .iter()
            .filter(|s| s.device == device)
            .map(|s| s.time_s)
            .collect();
        let gaps: Vec<f64> = times
            .windows(2)
            .map(|w| w[1] - w[0])
            .filter(|g| *g > 1.5 / 90.0)
            .collect();
        assert!(!gaps.is_empty(), "{device}: no dropout in a 23 s take");
        for g in gaps {
            assert!(
                (0.2 - 1e-9..=0.5 + 1.0 / 90.0 + 1e-9).contains(&g),
                "{device}: gap {g}"
            );
        }
    }
    // Rows stay sorted by time.
    assert!(takes
        .trackers
        .samples
        .windows(2)
        .all(|w| w[0].time_s <= w[1].time_s));
}

#[test]
fn synth_truth_files_are_written() {
    let Some(bvh) = load(RUN) else { return };
    let takes = synth(&bvh, 3, Condition::Clean);
    let dir = tempfile::tempdir().expect("temp dir");
    crate::truth::write_truth(&takes.truth, dir.path(), "run").expect("write");
    let track = JointTrack::read(&dir.path().join("run.truth.joints.csv")).expect("read back");
    assert_eq!(track.frames.len(), takes.truth.frames.len());
    let last = track.frames.len() - 1;
    assert!(
        track.frames[last].joints[Joint::LeftWrist]
            .position
            .distance(takes.truth.frames[last].joints[Joint::LeftWrist].position)
            < 1e-6
    );
    let text = std::fs::read_to_string(dir.path().join("run.truth.toml")).expect("toml");
    for key in [
        "head_height",
        "[trackers.left_foot]",
        "mount_rotation",
        "heading_deg",
    ] {
        assert!(text.contains(key), "{key} missing in\n{text}");
    }
}

#[test]
fn synth_refuses_clips_longer_than_the_limit_before_allocating() {
    // Two frames a very long time apart: the tracker take would need
    // billions of samples (or, for 1e300 s, a count that overflows).
    for frame_time in [1e6, 1e300] {
        let bvh = Bvh {
            joints: Vec::new(),
            frame_time,
            frames: vec![Vec::new(), Vec::new()],
        };
        match synthesize(&bvh, "long", &options(3, Condition::Clean)) {
            Err(e @ SynthError::TooLong { .. }) => {
                let msg = e.to_string();
                assert!(msg.starts_with("long: the clip lasts"), "{msg}");
                assert!(msg.contains("split the clip"), "{msg}");
            }
            other => panic!("expected TooLong for frame time {frame_time}, got {other:?}"),
        }
    }
}

#[test]
fn synth_names_the_frame_whose_values_overflow() {
    // The shipped demo clip with a root position of 1e308 in frame 3.
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/demo_walk.bvh");
    let mut bvh = Bvh::read(&path).expect("the demo clip parses");
    bvh.frames[3][0] = 1e308;
    match synthesize(&bvh, "demo", &options(3, Condition::Clean)) {
        Err(e @ SynthError::NonFinite { frame: 3, .. }) => {
            let msg = e.to_string();
            assert!(msg.starts_with("demo: frame 3"), "{msg}");
            assert!(msg.contains("`pelvis`"), "{msg}");
        }
        other => panic!("expected NonFinite at frame 3, got {other:?}"),
    }
}

#[test]
fn hands_on_hips_puts_the_wrists_above_the_hips_and_comes_last() {
    let Some(bvh) = load(RUN) else { return };
    let map = CmuMap::new(&bvh).expect("map");
    let poser = CalibrationPoser::new(&bvh, &map);
    let frames = ground_truth(&bvh, &map);
    let extras = SynthExtras {
        hands_on_hips: true,
        ..Default::default()
    };
    let (_, poses, hips) = place_calibration(&poser, &frames, 11, RUN, &extras);
    let hips = hips.expect("asked for");
    for (wrist, hip) in [
        (Joint::LeftWrist, Joint::LeftHip),
        (Joint::RightWrist, Joint::RightHip),
    ] {
        let above = hips[wrist].position.y - hips[hip].position.y;
        assert!(
            (HANDS_ON_HIPS_ABOVE_HIP_M.0 - 1e-6..=HANDS_ON_HIPS_ABOVE_HIP_M.1 + 1e-6)
                .contains(&above),
            "{wrist}: {above} m above the hip"
        );
        // The rest of the body stands as in the other poses.
        assert!(hips[hip].position.distance(poses[2][hip].position) < 1e-9);
    }
    let takes =
        synthesize_with(&bvh, RUN, &options(3, Condition::Clean), &extras).expect("synthesis");
    let plain = synth(&bvh, 3, Condition::Clean);
    let n = plain.calibration.samples.len();
    assert_eq!(takes.calibration.samples.len(), n * 4 / 3);
    // The three required blocks are unchanged; the fourth comes after.
    assert_eq!(
        takes.calibration.samples[..n],
        plain.calibration.samples[..]
    );
    assert!(takes.calibration.samples[n..]
        .iter()
        .all(|s| s.held == CalibrationPose::HandsOnHips));
}
