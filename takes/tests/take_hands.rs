//! Hand-tracking records (kind 18): an avatar's tracked fingers from a
//! tick on, in takes of one avatar and scene takes; each holds until the
//! next; bad records are refused by name, a damaged one costs itself only,
//! and a reader that does not know the kind skips it.

mod common;

use common::{info, solved, tick};
use posewire_body::fingers::FingerJoint;
use posewire_body::glam::DQuat;
use posewire_body::hand_tracking::{TrackedFingers, TrackedHandFingers};
use posewire_takes::{open, stored_fingers, HandTracking, Record, TakeError, TakeWriter};

/// The right hand tracked but for its little finger's distal joint, each
/// joint bent by `angle`; the left hand reported with nothing tracked.
fn right_hand(angle: f64) -> TrackedFingers {
    let mut right: TrackedHandFingers = [None; FingerJoint::PER_HAND];
    for (k, q) in right.iter_mut().enumerate().take(14) {
        *q = Some(DQuat::from_rotation_z(angle + 0.01 * k as f64));
    }
    [Some([None; FingerJoint::PER_HAND]), Some(right)]
}

fn hands(sequence: u64, avatar: &str, fingers: TrackedFingers) -> Record {
    Record::HandTracking(HandTracking {
        sequence,
        avatar: avatar.into(),
        fingers,
    })
}

/// A take of one avatar: ticks 0..10, fingers tracked from tick 2, none
/// from tick 6.
fn write_one(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("hands.pwtake");
    let mut w = TakeWriter::create(&path, &info()).expect("create");
    w.push(&Record::Version(posewire_takes::SolveVersion {
        version: 1,
        created_unix_ns: 1,
        description: "live".into(),
    }))
    .expect("version");
    for k in 0..10 {
        w.push(&Record::Tick(tick(k))).expect("tick");
        match k {
            2 => w.push(&hands(2, "", right_hand(0.4))).expect("hands"),
            4 => w.push(&hands(4, "", right_hand(0.9))).expect("hands"),
            6 => w.push(&hands(6, "", [None; 2])).expect("hands"),
            _ => {}
        }
        w.push(&Record::Solved(solved(1, k))).expect("frame");
    }
    w.finish("done").expect("finish");
    path
}

#[test]
fn a_takes_tracked_fingers_hold_from_their_tick_until_the_next() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_one(dir.path());
    let take = open(&path).expect("opens");
    assert!(take.is_whole());
    assert_eq!(take.counts.hand_tracking, 3);
    assert_eq!(take.hand_tracking.len(), 3);
    assert_eq!(take.tracked_fingers_at(1), [None; 2]);
    for k in 2..4 {
        assert_eq!(take.tracked_fingers_at(k), stored_fingers(&right_hand(0.4)));
    }
    assert_eq!(take.tracked_fingers_at(5), stored_fingers(&right_hand(0.9)));
    for k in 6..10 {
        assert_eq!(take.tracked_fingers_at(k), [None; 2]);
    }
    // Stored as f32: within 1e-7 rad of what was handed over.
    let got = take.tracked_fingers_at(4)[1].expect("right")[13].expect("tracked");
    let angle =
        posewire_body::hand_tracking::angle_between(got, DQuat::from_rotation_z(0.9 + 0.13));
    assert!(angle < 1e-6, "{angle}");
    assert_eq!(take.tracked_fingers_at(4)[1].expect("right")[14], None);

    // What a reader that predates kind 18 sees: a kind it does not know,
    // skipped and counted; everything else reads as before.
    let mut bytes = std::fs::read(&path).expect("read");
    let mut renamed = 0;
    for &at in common::boundaries(&bytes).iter().rev().skip(1) {
        if bytes[at + 4] != 18 {
            continue;
        }
        let len = u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes")) as usize;
        bytes[at + 4] = 200;
        let crc = crc(&bytes[at + 4..at + 5 + len]);
        bytes[at + 5 + len..at + 9 + len].copy_from_slice(&crc.to_le_bytes());
        renamed += 1;
    }
    assert_eq!(renamed, 3);
    let older = dir.path().join("older.pwtake");
    std::fs::write(&older, &bytes).expect("write");
    let read = open(&older).expect("opens");
    assert!(read.is_whole());
    assert_eq!(read.skipped_records, 3);
    assert!(read.hand_tracking.is_empty());
    assert_eq!((read.ticks, read.solved), (take.ticks, take.solved));
}

/// CRC-32 (IEEE) as the framing uses it, bit by bit (independent of the
/// crate).
fn crc(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 != 0 {
                (c >> 1) ^ 0xEDB8_8320
            } else {
                c >> 1
            };
        }
    }
    !c
}

#[test]
fn a_damaged_hand_record_costs_itself_and_the_previous_one_holds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write_one(dir.path());
    let mut bytes = std::fs::read(&path).expect("read");
    let second = common::boundaries(&bytes)
        .into_iter()
        .filter(|&at| at < bytes.len() && bytes[at + 4] == 18)
        .nth(1)
        .expect("a second hand record");
    // A byte inside its first rotation.
    bytes[second + 5 + 8 + 4 + 2 + 2 + 3] ^= 0x40;
    let damaged = dir.path().join("damaged.pwtake");
    std::fs::write(&damaged, &bytes).expect("write");
    let take = open(&damaged).expect("opens");
    assert_eq!(take.damage.len(), 1);
    assert_eq!(take.hand_tracking.len(), 2);
    assert_eq!(take.tracked_fingers_at(5), stored_fingers(&right_hand(0.4)));
    assert_eq!(take.ticks.len(), 10);
}

#[test]
fn a_scene_takes_tracked_fingers_go_to_their_avatars_and_must_keep_tick_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("scene.pwtake");
    let scene = posewire_takes::TakeInfo {
        avatar_id: String::new(),
        ..info()
    };
    let own = |avatar: &str, record: Record| {
        Record::Avatar(posewire_takes::AvatarRecord {
            avatar: avatar.into(),
            record: Box::new(record),
        })
    };
    let mut w = TakeWriter::create(&path, &scene).expect("create");
    for k in 0..6 {
        for who in ["alice", "bob"] {
            w.push(&own(who, Record::Tick(tick(k)))).expect("tick");
        }
        if k == 1 {
            w.push(&hands(1, "bob", right_hand(0.2))).expect("hands");
            // Nobody of that name is in the take: it poses nothing.
            w.push(&hands(1, "carol", right_hand(0.3))).expect("hands");
        }
        if k == 3 {
            w.push(&hands(3, "alice", right_hand(0.5))).expect("hands");
        }
    }
    w.sync().expect("sync");
    let take = open(&path).expect("opens");
    assert_eq!(take.counts.hand_tracking, 3);
    let parts = take.avatar_takes();
    assert_eq!(parts[0].info.avatar_id, "alice");
    assert_eq!(parts[0].tracked_fingers_at(2), [None; 2]);
    assert_eq!(
        parts[0].tracked_fingers_at(3),
        stored_fingers(&right_hand(0.5))
    );
    assert_eq!(
        parts[1].tracked_fingers_at(5),
        stored_fingers(&right_hand(0.2))
    );
    assert!(take.hand_tracking.is_empty());

    // Bob's fingers going back a tick break the format's rules.
    w.push(&hands(0, "bob", [None; 2])).expect("written");
    w.sync().expect("sync");
    let e = open(&path).expect_err("out of order");
    assert!(matches!(e, TakeError::Malformed { .. }), "{e}");
    let e = e.to_string();
    assert!(
        e.contains("avatar `bob`") && e.contains("tick order"),
        "{e}"
    );

    // A rotation that is not one is refused at write time, naming it.
    let mut bad = right_hand(0.1);
    if let Some(right) = bad[1].as_mut() {
        right[2] = Some(DQuat::from_xyzw(f64::NAN, 0.0, 0.0, 1.0));
    }
    let e = w.push(&hands(9, "bob", bad)).expect_err("refused");
    assert!(
        e.to_string().contains("right hand's tracked joint 2"),
        "{e}"
    );
}
