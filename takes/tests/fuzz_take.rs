//! The fuzz tier for take files (issue 22): property tests of the take
//! reader and the record codec. Arbitrary bytes, and valid takes with
//! arbitrary flips, truncations, insertions and deletions: the reader never
//! panics (so never reads out of bounds), what it recovers is a subset of
//! the original records in their order, its account of the bytes adds up,
//! and an undamaged take reads back exactly.
//!
//! Brief under `cargo test` (proptest's 256 cases per test); for minutes,
//! set the standard variable:
//! `PROPTEST_CASES=200000 cargo test --release -p posewire-takes --test fuzz_take`.

mod common;

use std::path::Path;

use common::boundaries;
use posewire_body::formats::TrackerSample;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::hand_tracking::TrackedFingers;
use posewire_body::{BodyPose, Device, Joint, JointMap, Transform};
use posewire_takes::{
    from_bytes, scan, stored_fingers, AppliedPush, AvatarRecord, HandTracking, Marker, ObjectBody,
    ObjectChange, ObjectEdit, ObjectHolder, ObjectMotion, ObjectSeen, ObjectShape, ProfileChange,
    Record, SolveVersion, SolvedFrame, Take, TakeError, TakeInfo, TakeTimecode, TakeWriter, Tick,
    TimecodeRate, FORMAT_VERSION, SIGNATURE,
};
use proptest::prelude::*;

/// Proptest's defaults, so that `PROPTEST_CASES` scales every test here.
fn config() -> ProptestConfig {
    ProptestConfig::default()
}

fn text() -> impl Strategy<Value = String> {
    ".{0,24}"
}

fn time() -> impl Strategy<Value = f64> {
    -1e6f64..1e6
}

fn vec3() -> impl Strategy<Value = DVec3> {
    (-1e3f64..1e3, -1e3f64..1e3, -1e3f64..1e3).prop_map(|(x, y, z)| DVec3::new(x, y, z))
}

fn rotation() -> impl Strategy<Value = DQuat> {
    (-1f64..1.0, -1f64..1.0, -1f64..1.0, 0.1f64..1.0)
        .prop_map(|(x, y, z, w)| DQuat::from_xyzw(x, y, z, w).normalize())
}

fn sample() -> impl Strategy<Value = TrackerSample> {
    (
        0..Device::COUNT,
        time(),
        prop::option::of((vec3(), rotation())),
    )
        .prop_map(|(device, time_s, pose)| TrackerSample {
            time_s,
            device: Device::ALL[device],
            pose: pose.map(|(p, r)| Transform::new(p, r)),
            input: None,
        })
}

fn pose() -> impl Strategy<Value = BodyPose> {
    (vec3(), prop::collection::vec(rotation(), Joint::COUNT)).prop_map(|(root, r)| BodyPose {
        root,
        rotations: JointMap::from_fn(|j: Joint| r[j.index()]),
    })
}

/// One step of a take, turned into records by [`build`].
#[derive(Debug, Clone)]
enum Event {
    /// A tick `gap` sequences after the last, with a solved frame of one
    /// of the started versions (picked by the index) or none.
    Tick {
        gap: u64,
        time_s: f64,
        samples: Vec<TrackerSample>,
        solved: Option<Box<(usize, BodyPose, [bool; 2])>>,
    },
    Profile(String),
    Config(String),
    Marker(f64, String),
    Renamed(String),
    NewVersion(String),
    End(String),
    /// A push at the latest tick.
    Push(usize, DVec3),
    /// An object described, then its state at the latest tick, held by
    /// the named avatar's right hand if one is given.
    Object(u64, String, f64, Transform, DVec3, Option<String>),
    /// A change to an object before the latest tick: a grab by the named
    /// avatar, or a move.
    ObjectChange(u64, Option<String>, Transform),
    /// The take's timecode: a frame, a rate's code, whether from the clock.
    Timecode(u64, u8, bool),
    /// Tracked fingers from the latest tick on: per hand, reported or
    /// not, and per joint a rotation or none.
    Hands(Vec<Option<Vec<Option<DQuat>>>>),
}

fn hand() -> impl Strategy<Value = Option<Vec<Option<DQuat>>>> {
    prop::option::of(prop::collection::vec(prop::option::of(rotation()), 15))
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        6 => (1u64..4, time(), prop::collection::vec(sample(), 0..7),
              prop::option::of((any::<usize>(), pose(), any::<[bool; 2]>()).prop_map(Box::new)))
            .prop_map(|(gap, time_s, samples, solved)| Event::Tick { gap, time_s, samples, solved }),
        1 => text().prop_map(Event::Profile),
        1 => text().prop_map(Event::Config),
        1 => (time(), text()).prop_map(|(t, l)| Event::Marker(t, l)),
        1 => text().prop_map(Event::Renamed),
        1 => text().prop_map(Event::NewVersion),
        1 => text().prop_map(Event::End),
        1 => (0..Joint::COUNT, vec3()).prop_map(|(j, v)| Event::Push(j, v)),
        1 => (any::<u64>(), text(), 0.01f64..10.0, vec3(), rotation(), vec3(), prop::option::of(text()))
            .prop_map(|(id, name, r, p, q, v, holder)| Event::Object(id, name, r, Transform::new(p, q), v, holder)),
        1 => (any::<u64>(), prop::option::of(text()), vec3(), rotation())
            .prop_map(|(id, by, p, q)| Event::ObjectChange(id, by, Transform::new(p, q))),
        1 => (any::<u64>(), 0u8..7, any::<bool>()).prop_map(|(f, r, c)| Event::Timecode(f, r, c)),
        1 => prop::collection::vec(hand(), 2).prop_map(Event::Hands),
    ]
}

fn info() -> impl Strategy<Value = TakeInfo> {
    (
        text(),
        // One take in four is a scene take (the empty avatar id).
        prop_oneof![3 => text(), 1 => Just(String::new())],
        any::<i64>(),
        1f64..1000.0,
        prop::option::of(text()),
        text(),
        text(),
    )
        .prop_map(
            |(name, avatar_id, created_unix_ns, rate_hz, timecode_start, solver, software)| {
                TakeInfo {
                    name,
                    avatar_id,
                    created_unix_ns,
                    rate_hz,
                    timecode_start,
                    solver,
                    software,
                }
            },
        )
}

/// A valid take: its identity, solved version 1, then the events.
fn take_records() -> impl Strategy<Value = Vec<Record>> {
    (info(), prop::collection::vec(event(), 0..40)).prop_map(|(info, events)| build(info, events))
}

/// The records of a take that keeps the format's rules.
fn build(info: TakeInfo, events: Vec<Event>) -> Vec<Record> {
    let mut out = vec![
        Record::Info(info),
        Record::Version(SolveVersion {
            version: 1,
            created_unix_ns: 1,
            description: "live".into(),
        }),
    ];
    let (mut sequence, mut versions) = (0u64, 1u32);
    // In a scene take an avatar's own records are wrapped with its id
    // (three avatars taking the ticks in turn).
    let scene = matches!(&out[0], Record::Info(i) if i.avatar_id.is_empty());
    let own = |sequence: u64, record: Record| {
        if scene {
            Record::Avatar(AvatarRecord {
                avatar: format!("a{}", sequence % 3),
                record: Box::new(record),
            })
        } else {
            record
        }
    };
    for e in events {
        let record = match e {
            Event::Tick {
                gap,
                time_s,
                samples,
                solved,
            } => {
                sequence += gap;
                out.push(own(
                    sequence,
                    Record::Tick(Tick {
                        sequence,
                        time_s,
                        samples,
                    }),
                ));
                let Some((v, pose, contacts)) = solved.map(|b| *b) else {
                    continue;
                };
                own(
                    sequence,
                    Record::Solved(SolvedFrame {
                        version: 1 + (v % versions as usize) as u32,
                        sequence,
                        time_s,
                        pose,
                        contacts,
                    }),
                )
            }
            Event::Profile(toml) => own(
                sequence,
                Record::Profile(ProfileChange {
                    from_sequence: sequence,
                    toml,
                }),
            ),
            Event::Config(c) => Record::Config(c),
            Event::Marker(time_s, label) => Record::Marker(Marker { time_s, label }),
            Event::Renamed(name) => Record::Renamed(name),
            Event::NewVersion(description) => {
                versions += 1;
                Record::Version(SolveVersion {
                    version: versions,
                    created_unix_ns: 2,
                    description,
                })
            }
            Event::End(why) => Record::End(why),
            Event::Push(joint, impulse) => own(
                sequence,
                Record::Push(AppliedPush {
                    sequence,
                    time_s: sequence as f64 / 90.0,
                    joint: Joint::ALL[joint],
                    impulse,
                }),
            ),
            Event::Timecode(frame, code, from_clock) => {
                let rate = TimecodeRate::ALL[usize::from(code)];
                Record::Timecode(TakeTimecode {
                    start_frame: frame % rate.frames_per_day(),
                    rate,
                    from_clock,
                })
            }
            Event::Hands(hands) => {
                let mut fingers: TrackedFingers = [None; 2];
                for (slot, hand) in fingers.iter_mut().zip(hands) {
                    *slot = hand.map(|joints| std::array::from_fn(|k| joints[k]));
                }
                Record::HandTracking(HandTracking {
                    sequence,
                    avatar: if scene {
                        format!("a{}", sequence % 3)
                    } else {
                        String::new()
                    },
                    fingers: stored_fingers(&fingers),
                })
            }
            Event::Object(id, name, radius_m, pose, velocity, holder) => {
                out.push(Record::ObjectSeen(ObjectSeen {
                    sequence,
                    id,
                    body: ObjectBody {
                        name,
                        shape: ObjectShape::Sphere { radius_m },
                        mass_kg: 0.5,
                        friction: 0.6,
                        restitution: 0.2,
                    },
                }));
                Record::ObjectMotion(ObjectMotion {
                    sequence,
                    id,
                    pose,
                    linear_velocity: velocity,
                    angular_velocity: -velocity,
                    held_by: holder
                        .into_iter()
                        .map(|avatar_id| ObjectHolder {
                            avatar_id,
                            hand: Device::RightHand,
                        })
                        .collect(),
                })
            }
            Event::ObjectChange(id, by, pose) => Record::ObjectChange(ObjectChange {
                sequence,
                edit: match by {
                    Some(avatar_id) => ObjectEdit::Grab {
                        id,
                        holder: ObjectHolder {
                            avatar_id,
                            hand: Device::LeftHand,
                        },
                    },
                    None => ObjectEdit::SetPose {
                        id,
                        pose,
                        linear_velocity: DVec3::ZERO,
                        angular_velocity: DVec3::ZERO,
                    },
                },
            }),
        };
        out.push(record);
    }
    out
}

/// The bytes of a take of these records, written by the real writer.
fn encode(records: &[Record]) -> Vec<u8> {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("fuzz.pwtake");
    let Some(Record::Info(info)) = records.first() else {
        panic!("a take starts with its identity");
    };
    let mut w = TakeWriter::create(&path, info).expect("create");
    for r in &records[1..] {
        w.push(r).expect("a valid record");
    }
    w.sync().expect("sync");
    std::fs::read(&path).expect("read")
}

/// A change to a take's bytes; positions are taken modulo the length.
#[derive(Debug, Clone)]
enum Mutation {
    Flip(usize, u8),
    Truncate(usize),
    Insert(usize, Vec<u8>),
    Delete(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<usize>(), 1u8..=255).prop_map(|(at, x)| Mutation::Flip(at, x)),
        1 => any::<usize>().prop_map(Mutation::Truncate),
        2 => (any::<usize>(), prop::collection::vec(any::<u8>(), 1..64))
            .prop_map(|(at, b)| Mutation::Insert(at, b)),
        2 => (any::<usize>(), 1usize..200).prop_map(|(at, n)| Mutation::Delete(at, n)),
    ]
}

fn apply(bytes: &mut Vec<u8>, m: &Mutation) {
    let n = bytes.len().max(1);
    match m {
        Mutation::Flip(at, x) => {
            if let Some(b) = bytes.get_mut(at % n) {
                *b ^= x;
            }
        }
        Mutation::Truncate(at) => bytes.truncate(at % n),
        Mutation::Insert(at, more) => {
            let at = at % (bytes.len() + 1);
            bytes.splice(at..at, more.iter().copied());
        }
        Mutation::Delete(at, len) => {
            let at = at % n;
            let end = (at + len).min(bytes.len());
            bytes.drain(at.min(end)..end);
        }
    }
}

/// A record, or the record an avatar's record of a scene take holds.
fn inner(r: &Record) -> &Record {
    match r {
        Record::Avatar(a) => &a.record,
        other => other,
    }
}

/// Whether `part` is `all` with some records left out, order kept.
fn is_subsequence(part: &[Record], all: &[Record]) -> bool {
    let mut rest = all.iter();
    part.iter().all(|p| rest.any(|a| a == p))
}

/// What reading `bytes` must always satisfy: no panic; on success, the
/// damage, the torn tail and the records account for the bytes without
/// overlapping, and the take agrees with the records.
fn read_checked(bytes: &[u8]) -> Result<(Vec<Record>, Take), TestCaseError> {
    let path = Path::new("fuzz.pwtake");
    let scanned = scan(path, bytes);
    let take = from_bytes(path, bytes);
    let (scanned, take) = match (scanned, take) {
        (Ok(s), Ok(t)) => (s, t),
        (_, Err(e)) => {
            prop_assert!(
                matches!(
                    e,
                    TakeError::NotATake { .. }
                        | TakeError::NewerVersion { .. }
                        | TakeError::Malformed { .. }
                ),
                "{e}"
            );
            return Err(TestCaseError::reject("not a readable take"));
        }
        (Err(e), Ok(_)) => return Err(TestCaseError::fail(format!("scan failed alone: {e}"))),
    };
    let len = bytes.len() as u64;
    let mut regions: Vec<(u64, u64)> = scanned
        .damage
        .iter()
        .map(|d| (d.offset, d.offset + d.skipped_bytes))
        .collect();
    if let Some(c) = &scanned.cut {
        prop_assert_eq!(c.offset + c.dropped_bytes, len);
        regions.push((c.offset, len));
    }
    for w in regions.windows(2) {
        prop_assert!(w[0].1 <= w[1].0, "regions overlap: {:?}", regions);
    }
    for (offset, _) in &scanned.records {
        prop_assert!(*offset < len);
        prop_assert!(
            regions.iter().all(|(a, b)| offset < a || offset >= b),
            "a record at {} inside a skipped region {:?}",
            offset,
            regions
        );
    }
    prop_assert_eq!(take.damage.clone(), scanned.damage.clone());
    prop_assert_eq!(take.cut.clone(), scanned.cut.clone());
    let records: Vec<Record> = scanned.records.into_iter().map(|(_, r)| r).collect();
    let ticks = records
        .iter()
        .filter(|r| matches!(inner(r), Record::Tick(_)))
        .count();
    prop_assert_eq!(take.tick_count(), ticks);
    prop_assert_eq!(take.counts.total(), records.len());
    Ok((records, take))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_arbitrary_bytes_never_panic(
        bytes in prop::collection::vec(any::<u8>(), 0..4096),
        with_header in any::<bool>(),
    ) {
        let mut input = Vec::new();
        if with_header {
            input.extend_from_slice(&SIGNATURE);
            input.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        }
        input.extend_from_slice(&bytes);
        match read_checked(&input) {
            Ok(_) | Err(TestCaseError::Reject(_)) => {}
            Err(e) => return Err(e),
        }
    }

    #[test]
    fn fuzz_an_undamaged_take_reads_back_exactly(records in take_records()) {
        let bytes = encode(&records);
        let (read, take) = read_checked(&bytes)?;
        prop_assert_eq!(&read, &records);
        prop_assert!(take.is_whole());
        prop_assert!(!take.guessed_info);
        let frames = records.iter().filter(|r| matches!(inner(r), Record::Solved(_))).count();
        let lanes: usize = take.avatars.iter().map(|a| a.solved.len()).sum();
        prop_assert_eq!(take.solved.len() + lanes, frames);
        prop_assert_eq!(take.is_scene(), take.info.avatar_id.is_empty() || !take.avatars.is_empty());
    }

    #[test]
    fn fuzz_a_damaged_take_recovers_original_records_in_order(
        records in take_records(),
        mutations in prop::collection::vec(mutation(), 1..6),
    ) {
        let mut bytes = encode(&records);
        for m in &mutations {
            apply(&mut bytes, m);
        }
        match read_checked(&bytes) {
            Ok((read, _)) => prop_assert!(
                is_subsequence(&read, &records),
                "recovered records that are not the originals in order"
            ),
            Err(TestCaseError::Reject(_)) => {}
            Err(e) => return Err(e),
        }
    }

    #[test]
    fn fuzz_one_flipped_byte_loses_only_its_record(
        records in take_records(),
        which in any::<usize>(),
        within in any::<usize>(),
        x in 1u8..=255,
    ) {
        let mut bytes = encode(&records);
        let at = boundaries(&bytes);
        let i = which % records.len();
        let byte = at[i] + within % (at[i + 1] - at[i]);
        bytes[byte] ^= x;
        let (read, take) = read_checked(&bytes)?;
        let mut expected = records.clone();
        expected.remove(i);
        prop_assert_eq!(read, expected);
        prop_assert_eq!(take.guessed_info, i == 0);
        // The last record damaged is a torn tail; any other, damage.
        prop_assert_eq!(take.cut.is_some(), i + 1 == records.len());
        prop_assert_eq!(take.damage.len(), usize::from(i + 1 < records.len()));
    }

    #[test]
    fn fuzz_a_truncated_take_keeps_every_whole_record_before_the_cut(
        records in take_records(),
        keep in any::<usize>(),
    ) {
        let bytes = encode(&records);
        let at = boundaries(&bytes);
        // At least the header and the identity stay.
        let len = at[1] + keep % (bytes.len() - at[1] + 1);
        let (read, take) = read_checked(&bytes[..len])?;
        let whole = at.iter().filter(|&&b| b <= len).count() - 1;
        prop_assert_eq!(&read[..], &records[..whole]);
        prop_assert_eq!(take.cut.is_some(), !at.contains(&len));
        prop_assert!(take.damage.is_empty());
    }
}
