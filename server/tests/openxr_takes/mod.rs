//! Hand-tracked fingers in takes (issue 44): through the real loader and
//! the test runtime serving hand joints (`POSEWIRE_XR_TEST_HANDS`), a
//! take recorded while the right hand is open, a fist (its little
//! finger's distal joint served invalid) and not tracked in turn, with
//! the controllers' grips held closed, exports (CSV, and BVH through an
//! independent reader) the fingers the daemon streamed: tracked joints
//! where tracked, the controller curls elsewhere; GetTakeFrames gives
//! them too; a re-solve is bit-identical. A scene take does the same.

use std::collections::BTreeMap;
use std::path::Path;

use posewire_body::fingers::{local_rotations, FingerJoint};
use posewire_body::formats::JointTrack;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::hand_tracking::angle_between;
use posewire_body::{ControllerInput, Device, Joint, Transform};
use posewire_client::{pb, Client};
use posewire_openxr_test_runtime::hands;

use super::common::{arg, posewire, text};
use super::{alone, demo_take, fixture, next_body, streamed_hand, worst_angle, Matched};

/// Loop seconds of take recorded: past one whole cycle of the runtime's
/// right hand (open, fist, lost, a second each) from wherever it starts.
const RECORD_S: f64 = 3.5;

/// The runtime's take: the demo clip's first 6 s (as long as it is), the
/// controllers' grips and triggers held closed.
fn closed_grip_take() -> posewire_body::formats::TrackerTake {
    let mut take = demo_take(6.0);
    for s in &mut take.samples {
        if matches!(s.device, Device::LeftHand | Device::RightHand) && s.pose.is_some() {
            s.input = Some(ControllerInput {
                grip: 1.0,
                trigger: 1.0,
                ..ControllerInput::default()
            });
        }
    }
    take
}

/// Each finger joint of a frame in its wrist's frame: position (metres)
/// and rotation, from world transforms of the wrists and the fingers.
fn in_wrist_frame(
    wrists: [Transform; 2],
    fingers: &[Transform; FingerJoint::COUNT],
) -> Vec<(DVec3, DQuat)> {
    FingerJoint::all()
        .map(|j| {
            let w = wrists[usize::from(j.wrist() == Joint::RightWrist)];
            let f = fingers[j.index()];
            let back = w.rotation.inverse();
            (back * (f.position - w.position), back * f.rotation)
        })
        .collect()
}

fn floats3(v: &[f32], k: usize) -> DVec3 {
    DVec3::new(v[3 * k].into(), v[3 * k + 1].into(), v[3 * k + 2].into())
}

fn floats4(v: &[f32], k: usize) -> DQuat {
    let q = &v[4 * k..4 * k + 4];
    DQuat::from_xyzw(q[0].into(), q[1].into(), q[2].into(), q[3].into())
}

/// A streamed avatar frame's fingers in its wrists' frames.
fn streamed_in_wrist_frame(a: &pb::AvatarFrame) -> Vec<(DVec3, DQuat)> {
    let f = a.fingers.as_ref().expect("the stream carries the fingers");
    let wrists = [Joint::LeftWrist, Joint::RightWrist].map(|j| {
        Transform::new(
            floats3(&a.joint_positions, j.index()),
            floats4(&a.world_rotations, j.index()),
        )
    });
    let fingers = std::array::from_fn(|k| {
        Transform::new(
            floats3(&f.joint_positions, k),
            floats4(&f.world_rotations, k),
        )
    });
    in_wrist_frame(wrists, &fingers)
}

/// Worst position (m) and angle (rad) between two frames' fingers.
fn worst_of(a: &[(DVec3, DQuat)], b: &[(DVec3, DQuat)]) -> (f64, f64) {
    a.iter().zip(b).fold((0.0, 0.0), |(p, r), (x, y)| {
        (p.max(x.0.distance(y.0)), r.max(angle_between(x.1, y.1)))
    })
}

/// What a run recorded: the streamed frames of the OpenXR avatar by
/// sequence, and the take's file.
struct Recorded {
    streamed: BTreeMap<u64, pb::AvatarFrame>,
    take: std::path::PathBuf,
    /// GetTakeFrames' frames of version 1 by sequence (take of one avatar).
    fetched: BTreeMap<u64, pb::AvatarFrame>,
}

/// Records a take named `name` of the OpenXR avatar (`scene`: of the
/// whole space) while the runtime serves hands, streaming its frames with
/// their fingers.
async fn record(storage: &Path, name: &str, scene: bool) -> Recorded {
    std::env::set_var("POSEWIRE_XR_TEST_HANDS", "1");
    let (daemon, client) = super::start(storage).await;
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest {
            include_fingers: true,
            ..Default::default()
        })
        .await
        .expect("subscribes");
    super::add_openxr_avatar(&client).await;
    let mut streamed = BTreeMap::new();
    let first = next_body(&mut stream).await;
    if scene {
        // Only the OpenXR avatar in the scene (the idle one has no body).
        client.remove_avatar("idle").await.expect("removed");
    }
    let mut takes = client.take_service();
    takes
        .start_recording(pb::StartRecordingRequest {
            avatar_id: if scene { String::new() } else { "xr".into() },
            name: name.into(),
            timecode_start: String::new(),
            timecode_rate: String::new(),
        })
        .await
        .expect("records");
    loop {
        let f = super::next_frame(&mut stream).await;
        let t = f.simulation_time_s;
        if let Some(a) = f.avatars.into_iter().find(|a| a.avatar_id == "xr") {
            streamed.insert(f.sequence, a);
        }
        if t - first.0 > RECORD_S + 0.2 {
            break;
        }
    }
    takes
        .stop_recording(pb::StopRecordingRequest {
            avatar_id: if scene { String::new() } else { "xr".into() },
        })
        .await
        .expect("stops");
    let fetched = if scene {
        BTreeMap::new()
    } else {
        get_take_frames(&client, name).await
    };
    daemon.shutdown().await.expect("clean shutdown");
    std::env::remove_var("POSEWIRE_XR_TEST_HANDS");
    Recorded {
        streamed,
        take: storage.join("takes").join(format!("{name}.pwtake")),
        fetched,
    }
}

async fn get_take_frames(client: &Client, name: &str) -> BTreeMap<u64, pb::AvatarFrame> {
    let mut frames = client
        .take_service()
        .get_take_frames(pb::GetTakeFramesRequest {
            name: name.into(),
            version: 1,
        })
        .await
        .expect("frames")
        .into_inner();
    let mut out = BTreeMap::new();
    while let Some(m) = frames.message().await.expect("ok") {
        for f in m.frames {
            if let Some(a) = f.avatars.into_iter().next() {
                out.insert(f.sequence, a);
            }
        }
    }
    out
}

/// The right hand a streamed frame shows: the runtime's open hand, its
/// fist (with `little_3` from the controller), or the controller's curls.
fn matched(a: &pb::AvatarFrame) -> Matched {
    let curls = local_rotations(&[[0.5, 1.0, 1.0, 1.0, 1.0]; 2]);
    let open = hands::pose(false);
    let mut fist = hands::pose(true);
    let little_3 = FingerJoint::from_name("right_little_3")
        .expect("a finger joint")
        .index();
    fist[little_3] = curls[little_3];
    let right = streamed_hand(a.fingers.as_ref().expect("fingers"), 1);
    let tolerance = 0.2f64.to_radians();
    if worst_angle(&right, &open, 1) < tolerance {
        Matched::Open
    } else if worst_angle(&right, &fist, 1) < tolerance {
        Matched::Fist
    } else if worst_angle(&right, &curls, 1) < tolerance {
        Matched::Curls
    } else {
        Matched::Neither
    }
}

/// Exports `take` (version `version`) as CSV with the binary.
fn export(take: &Path, format: &str, out: &Path, version: &str) {
    let o = posewire(&[
        "export",
        "--take",
        arg(take),
        "--format",
        format,
        "--out",
        arg(out),
        "--version",
        version,
    ]);
    assert!(o.status.success(), "{:?}", text(&o));
}

/// Compares an exported CSV's fingers with the streamed frames of the same
/// ticks (`sequences`, the CSV's frames in order); returns how many
/// frames were compared, the worst position (m) and angle (rad), and how
/// many of the compared frames showed each right hand.
fn csv_against_stream(
    csv: &Path,
    sequences: &[u64],
    streamed: &BTreeMap<u64, pb::AvatarFrame>,
) -> (usize, f64, f64, BTreeMap<String, usize>) {
    let track = JointTrack::read(csv).expect("the CSV reads");
    assert_eq!(track.frames.len(), sequences.len(), "one row set per frame");
    assert_eq!(
        track.fingers.len(),
        track.frames.len(),
        "fingers in every frame"
    );
    let (mut compared, mut worst_m, mut worst_rad) = (0, 0.0f64, 0.0f64);
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for ((frame, fingers), sequence) in track.frames.iter().zip(&track.fingers).zip(sequences) {
        let Some(live) = streamed.get(sequence) else {
            continue;
        };
        let wrists = [Joint::LeftWrist, Joint::RightWrist].map(|j| frame.joints[j]);
        let (m, r) = worst_of(
            &in_wrist_frame(wrists, fingers),
            &streamed_in_wrist_frame(live),
        );
        worst_m = worst_m.max(m);
        worst_rad = worst_rad.max(r);
        compared += 1;
        *seen.entry(format!("{:?}", matched(live))).or_default() += 1;
    }
    (compared, worst_m, worst_rad, seen)
}

/// The bits of every solved frame of `version`, by avatar and tick.
fn solved_bits(take: &posewire_takes::Take, version: u32) -> Vec<(String, u64, Vec<u64>)> {
    take.avatar_takes()
        .iter()
        .flat_map(|part| {
            part.frames(version)
                .map(|f| {
                    let mut v: Vec<u64> = f.pose.root.to_array().map(f64::to_bits).to_vec();
                    for j in Joint::ALL {
                        v.extend(f.pose.rotations[j].to_array().map(f64::to_bits));
                    }
                    v.push(u64::from(f.contacts[0]) | u64::from(f.contacts[1]) << 1);
                    (part.info.avatar_id.clone(), f.sequence, v)
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Re-solves the take with the binary: version 2 is version 1 bit for bit.
fn assert_resolves_exactly(take: &Path) -> usize {
    let o = posewire(&["resolve", "--take", arg(take)]);
    assert!(o.status.success(), "{:?}", text(&o));
    let read = posewire_takes::open(take).expect("the take opens");
    assert_eq!(read.latest_version(), Some(2));
    let (live, again) = (solved_bits(&read, 1), solved_bits(&read, 2));
    assert!(live.len() > 200, "{} live frames", live.len());
    assert!(live == again, "the re-solve differs from the live solve");
    live.len()
}

/// Bytes of a take's records of one kind, framing included (walked by the
/// documented framing: a 12-byte header, then length u32, kind u8,
/// payload, CRC u32).
fn bytes_of_kind(bytes: &[u8], kind: u8) -> usize {
    let (mut at, mut total) = (12usize, 0);
    while at + 5 <= bytes.len() {
        let len = u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes")) as usize;
        if bytes[at + 4] == kind {
            total += len + 9;
        }
        at += len + 9;
    }
    total
}

/// Checks one recorded take: hand-tracking records in it, its CSV's
/// fingers against the streamed ones, the re-solve, and the CSV of the
/// re-solved version; returns the CSV (version 1) written.
fn check_take(dir: &Path, rec: &Recorded, csv_name: &str, scene: bool) -> std::path::PathBuf {
    let take = posewire_takes::open(&rec.take).expect("the take opens");
    let part = take.avatar_takes().into_iter().next().expect("the avatar");
    assert_eq!(part.info.avatar_id, "xr");
    let records = take.counts.hand_tracking;
    let ticks = part.ticks.len();
    let sequences: Vec<u64> = part.frames(1).map(|f| f.sequence).collect();
    let bytes = std::fs::read(&rec.take).expect("the file");
    println!(
        "{} take: {ticks} ticks, {} frames, {records} hand-tracking records of {} bytes in {} bytes",
        if scene { "scene" } else { "avatar" },
        sequences.len(),
        bytes_of_kind(&bytes, 18),
        bytes.len()
    );
    assert!(records > 0 && part.hand_tracking.len() == records);

    let out = dir.join(csv_name);
    export(&rec.take, "csv", &out, "1");
    // A scene take's CSV is one file per avatar.
    let csv = if scene {
        dir.join(format!(
            "{}-xr.csv",
            out.file_stem().and_then(|s| s.to_str()).expect("a stem")
        ))
    } else {
        out
    };
    let (compared, worst_m, worst_rad, seen) = csv_against_stream(&csv, &sequences, &rec.streamed);
    println!(
        "CSV fingers against the streamed ones, in the wrist's frame: {compared} frames, worst {:.5} mm, {:.5} deg; streamed right hand {seen:?}",
        worst_m * 1e3,
        worst_rad.to_degrees()
    );
    assert!(compared > 200, "{compared} frames compared");
    assert!(worst_m < 1e-3, "a finger joint {worst_m} m off");
    assert!(
        worst_rad < 0.5f64.to_radians(),
        "a finger joint {worst_rad} rad off"
    );
    // The take holds tracked hands, a joint the runtime served invalid and
    // an untracked hand (a take that kept the curls would match none of
    // the first two).
    for m in ["Open", "Fist", "Curls"] {
        assert!(seen.get(m).copied().unwrap_or(0) >= 20, "{m}: {seen:?}");
    }
    assert_eq!(seen.get("Neither"), None, "{seen:?}");

    let frames = assert_resolves_exactly(&rec.take);
    let again = dir.join(format!("v2-{csv_name}"));
    export(&rec.take, "csv", &again, "2");
    let again = if scene {
        dir.join(format!(
            "{}-xr.csv",
            again.file_stem().and_then(|s| s.to_str()).expect("a stem")
        ))
    } else {
        again
    };
    assert_eq!(
        std::fs::read(&csv).expect("v1 CSV"),
        std::fs::read(&again).expect("v2 CSV"),
        "the re-solved version exports the same bytes"
    );
    println!("re-solve: {frames} frames bit-identical; its CSV the same bytes");
    csv
}

#[test]
fn a_take_recorded_with_hand_tracking_exports_the_streamed_fingers() {
    alone(hand_tracked_takes());
}

async fn hand_tracked_takes() {
    let take = closed_grip_take();
    // A take of the OpenXR avatar.
    let Some(fx) = fixture(take.clone(), true) else {
        return;
    };
    let storage = fx.dir.path().join("storage");
    let rec = record(&storage, "hands", false).await;
    let csv = check_take(fx.dir.path(), &rec, "hands.csv", false);

    // GetTakeFrames: the same fingers as streamed.
    let mut worst_rad = 0.0f64;
    let mut compared = 0;
    for (sequence, fetched) in &rec.fetched {
        let Some(live) = rec.streamed.get(sequence) else {
            continue;
        };
        let (f, l) = (
            fetched.fingers.as_ref().expect("fingers"),
            live.fingers.as_ref().expect("fingers"),
        );
        for k in 0..FingerJoint::COUNT {
            let a = floats4(&f.local_rotations, k);
            worst_rad = worst_rad.max(angle_between(a, floats4(&l.local_rotations, k)));
        }
        compared += 1;
    }
    println!(
        "GetTakeFrames against the stream: {compared} frames, worst finger rotation {:.5} deg",
        worst_rad.to_degrees()
    );
    assert!(compared > 200, "{compared} frames");
    assert!(worst_rad < 0.5f64.to_radians());

    // The BVH through an independent reader: every joint, fingers too,
    // where the CSV has it.
    let bvh = fx.dir.path().join("hands.bvh");
    export(&rec.take, "bvh", &bvh, "1");
    let (names, frames, _) =
        super::bvh_fk::independent_fk(&std::fs::read_to_string(&bvh).expect("the BVH"));
    let track = JointTrack::read(&csv).expect("the CSV");
    assert_eq!(frames.len(), track.frames.len());
    let mut worst_m = 0.0f64;
    for ((world, frame), fingers) in frames.iter().zip(&track.frames).zip(&track.fingers) {
        for j in FingerJoint::all() {
            let i = names
                .iter()
                .position(|n| *n == j.name())
                .expect("a finger joint");
            // Centimetres by default.
            worst_m = worst_m.max((world[i] / 100.0).distance(fingers[j.index()].position));
        }
        for j in Joint::ALL {
            let i = names.iter().position(|n| n == j.name()).expect("a joint");
            worst_m = worst_m.max((world[i] / 100.0).distance(frame.joints[j].position));
        }
    }
    println!(
        "BVH (independent reader) against the CSV: {} frames, worst joint {:.5} mm",
        frames.len(),
        worst_m * 1e3
    );
    assert!(worst_m < 1e-3);
    drop(fx);

    // A scene take of the same.
    let Some(fx) = fixture(take, true) else {
        return;
    };
    let storage = fx.dir.path().join("storage");
    let rec = record(&storage, "scene-hands", true).await;
    check_take(fx.dir.path(), &rec, "scene.csv", true);
}
