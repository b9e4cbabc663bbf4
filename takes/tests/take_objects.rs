//! The space's objects in a take: every object record round-trips, a take
//! without them reads as before, a damaged object record costs that
//! record only and is reported, and values that cannot be stored are
//! refused.

mod common;

use common::{boundaries, info, tick};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{Device, Transform};
use posewire_takes::{
    open, ObjectBody, ObjectChange, ObjectEdit, ObjectGone, ObjectHolder, ObjectMotion, ObjectSeen,
    ObjectShape, Record, TakeWriter,
};

fn body(shape: ObjectShape) -> ObjectBody {
    ObjectBody {
        name: "ball".into(),
        shape,
        mass_kg: 0.5,
        friction: 0.6,
        restitution: 0.2,
    }
}

fn pose(k: u64) -> Transform {
    Transform::new(
        DVec3::new(0.1, 1.0 - 0.01 * k as f64, -0.3),
        DQuat::from_rotation_z(0.02 * k as f64),
    )
}

/// Every kind of object record, one each (and a state per tick).
fn object_records() -> Vec<Record> {
    let shapes = [
        ObjectShape::Box {
            size: DVec3::new(0.3, 0.2, 0.1),
        },
        ObjectShape::Sphere { radius_m: 0.11 },
        ObjectShape::Capsule {
            radius_m: 0.05,
            length_m: 0.4,
        },
        ObjectShape::Hull {
            points: vec![DVec3::ZERO, DVec3::X * 0.2, DVec3::Y * 0.2, DVec3::Z * 0.2],
        },
    ];
    let mut out: Vec<Record> = shapes
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            Record::ObjectSeen(ObjectSeen {
                sequence: 0,
                id: i as u64 + 1,
                body: body(s),
            })
        })
        .collect();
    let holder = ObjectHolder {
        avatar_id: "alice".into(),
        hand: Device::RightHand,
    };
    let edits = [
        ObjectEdit::Add {
            id: 2,
            body: body(ObjectShape::Sphere { radius_m: 0.11 }),
            pose: pose(0),
            linear_velocity: DVec3::new(0.0, -1.0, 0.0),
            angular_velocity: DVec3::ZERO,
        },
        ObjectEdit::SetPose {
            id: 2,
            pose: pose(3),
            linear_velocity: DVec3::X,
            angular_velocity: DVec3::Y,
        },
        ObjectEdit::Grab {
            id: 2,
            holder: holder.clone(),
        },
        ObjectEdit::Release {
            id: 2,
            velocity: Some([DVec3::new(3.0, 1.0, 0.0), DVec3::Z]),
        },
        ObjectEdit::Release {
            id: 2,
            velocity: None,
        },
        ObjectEdit::Remove { id: 4 },
    ];
    out.extend(edits.into_iter().enumerate().map(|(k, edit)| {
        Record::ObjectChange(ObjectChange {
            sequence: k as u64,
            edit,
        })
    }));
    out.extend((0..4).map(|k| {
        Record::ObjectMotion(ObjectMotion {
            sequence: k,
            id: 2,
            pose: pose(k),
            linear_velocity: DVec3::new(0.0, -0.1 * k as f64, 0.0),
            angular_velocity: DVec3::ZERO,
            held_by: if k == 2 { vec![holder.clone()] } else { vec![] },
        })
    }));
    out.push(Record::ObjectGone(ObjectGone { sequence: 5, id: 4 }));
    out
}

fn write(path: &std::path::Path, records: &[Record]) {
    let mut w = TakeWriter::create(path, &info()).expect("create");
    w.push(&Record::Tick(tick(0))).expect("tick");
    for r in records {
        w.push(r).expect("an object record");
    }
    w.push(&Record::Tick(tick(1))).expect("tick");
    w.finish("done").expect("finished");
}

#[test]
fn every_object_record_round_trips() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("objects.pwtake");
    let records = object_records();
    write(&path, &records);
    let take = open(&path).expect("open");
    assert!(take.is_whole());
    let seen: Vec<Record> = take
        .objects
        .iter()
        .cloned()
        .map(Record::ObjectSeen)
        .collect();
    assert_eq!(seen, records[..4]);
    let changes: Vec<Record> = take
        .object_changes
        .iter()
        .cloned()
        .map(Record::ObjectChange)
        .collect();
    assert_eq!(changes, records[4..10]);
    let motion: Vec<Record> = take
        .object_motion
        .iter()
        .cloned()
        .map(Record::ObjectMotion)
        .collect();
    assert_eq!(motion, records[10..14]);
    assert_eq!(take.objects_gone, vec![ObjectGone { sequence: 5, id: 4 }]);
    assert_eq!(take.counts.object, 4);
    assert_eq!(take.counts.object_state, 4);
    assert_eq!(take.counts.object_gone, 1);
    assert_eq!(take.counts.object_change, 6);
    assert_eq!(take.skipped_records, 0);
}

#[test]
fn a_take_without_objects_reads_as_before() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = common::write_take(dir.path(), 10);
    let take = open(&path).expect("open");
    assert!(take.objects.is_empty() && take.object_motion.is_empty());
    assert!(take.object_changes.is_empty() && take.objects_gone.is_empty());
    assert_eq!(take.ticks.len(), 10);
}

#[test]
fn a_damaged_object_record_costs_that_record_only_and_is_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("objects.pwtake");
    let records = object_records();
    write(&path, &records);
    let mut bytes = std::fs::read(&path).expect("read");
    let at = boundaries(&bytes);
    // Records: identity, tick, then the object records: index 2 + 11 is
    // the second object state.
    let victim = 2 + 11;
    let middle = (at[victim] + at[victim + 1]) / 2;
    bytes[middle] ^= 0x5a;
    std::fs::write(&path, &bytes).expect("write");
    let take = open(&path).expect("a damaged take opens");
    assert_eq!(take.damage.len(), 1, "{:?}", take.damage);
    assert_eq!(take.damage[0].offset, at[victim] as u64);
    assert_eq!(take.object_motion.len(), 3, "one state lost");
    assert!(take.object_motion.iter().all(|m| m.sequence != 1));
    assert_eq!(take.objects.len(), 4);
    assert_eq!(take.ticks.len(), 2, "the tick after the damage is kept");
    assert_eq!(take.ended.as_deref(), Some("done"));
}

#[test]
fn object_values_that_cannot_be_stored_are_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bad.pwtake");
    let mut w = TakeWriter::create(&path, &info()).expect("create");
    let bad_pose = Record::ObjectMotion(ObjectMotion {
        sequence: 0,
        id: 1,
        pose: Transform::new(DVec3::new(f64::NAN, 0.0, 0.0), DQuat::IDENTITY),
        linear_velocity: DVec3::ZERO,
        angular_velocity: DVec3::ZERO,
        held_by: vec![],
    });
    let err = w.push(&bad_pose).expect_err("NaN refused");
    assert!(err.to_string().contains("position"), "{err}");
    let bad_hand = Record::ObjectChange(ObjectChange {
        sequence: 0,
        edit: ObjectEdit::Grab {
            id: 1,
            holder: ObjectHolder {
                avatar_id: "a".into(),
                hand: Device::Head,
            },
        },
    });
    let err = w.push(&bad_hand).expect_err("a head is no hand");
    assert!(err.to_string().contains("hand"), "{err}");
}
