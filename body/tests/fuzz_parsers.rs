//! The fuzz tier of the files a user or a client hands Posewire that
//! `posewire-body` reads: BVH, the CSV formats (tracker take, calibration
//! take, joint track) and body profiles (TOML). Arbitrary and mutated
//! valid input never panics and gives a value or a typed error; what a
//! writer wrote reads back; an error never quotes the file's content.
//!
//! Brief in `cargo test`; for minutes:
//! `PROPTEST_CASES=100000 cargo test --release -p posewire-body --test fuzz_parsers`.

use std::path::Path;

use posewire_body::bvh::Bvh;
use posewire_body::formats::{
    CalibrationPose, CalibrationSample, CalibrationTake, JointFrame, JointTrack, TrackerSample,
    TrackerTake,
};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyProfile, Device, JointMap, Transform};
use proptest::prelude::*;

/// Planted in inputs; an error message must never contain it.
const SECRET: &str = "PWSECRET7f3a";

/// Tokens spliced into mutated input: what breaks number, line and block
/// parsing.
const TOKENS: [&str; 18] = [
    "1e308",
    "-1e308",
    "NaN",
    "inf",
    "-0",
    "99999999999999999999999",
    "0.0000000000000000001",
    "\n",
    "\r\n",
    ",",
    "{",
    "}",
    " ",
    "\t",
    "\"",
    "=",
    "[",
    "\u{feff}",
];

/// One edit of a seed.
#[derive(Debug, Clone)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    Truncate(usize),
    Token(usize, usize),
    Duplicate(usize, usize),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Replace(i, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Delete),
        any::<usize>().prop_map(Edit::Truncate),
        (any::<usize>(), 0..TOKENS.len()).prop_map(|(i, t)| Edit::Token(i, t)),
        (any::<usize>(), 1usize..64).prop_map(|(i, n)| Edit::Duplicate(i, n)),
    ];
    prop::collection::vec(edit, 1..8)
}

/// The seed with the edits applied.
fn mutate(seed: &[u8], edits: &[Edit]) -> Vec<u8> {
    let mut out = seed.to_vec();
    for e in edits {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % (len + 1) };
        match *e {
            Edit::Replace(i, b) if !out.is_empty() => {
                let n = out.len();
                out[i % n] = b;
            }
            Edit::Insert(i, b) => out.insert(at(i, out.len()), b),
            Edit::Delete(i) if !out.is_empty() => {
                let n = out.len();
                out.remove(i % n);
            }
            Edit::Truncate(i) => out.truncate(at(i, out.len())),
            Edit::Token(i, t) => {
                let p = at(i, out.len());
                out.splice(p..p, TOKENS[t].bytes());
            }
            Edit::Duplicate(i, n) if !out.is_empty() => {
                let p = i % out.len();
                let end = (p + n).min(out.len());
                let piece = out[p..end].to_vec();
                out.splice(p..p, piece);
            }
            _ => {}
        }
    }
    out
}

/// The seed with the secret planted at a place picked by `at`.
fn plant(seed: &[u8], at: usize) -> String {
    let mut out = seed.to_vec();
    let p = at % (out.len() + 1);
    out.splice(p..p, SECRET.bytes());
    String::from_utf8_lossy(&out).into_owned()
}

/// A short real clip: the first frames of a development clip (at test
/// time, never copied into the repository), or a small hand-written one.
fn bvh_seed() -> String {
    let clip =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/mocap/cmu_49_01_walk.bvh");
    if let Ok(mut bvh) = Bvh::read(&clip) {
        bvh.frames.truncate(3);
        return bvh.to_text();
    }
    "HIERARCHY\nROOT Hips\n{\n\tOFFSET 0 0 0\n\tCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n\tJOINT Chest\n\t{\n\t\tOFFSET 0 5 0\n\t\tCHANNELS 3 Zrotation Xrotation Yrotation\n\t\tEnd Site\n\t\t{\n\t\t\tOFFSET 0 5 0\n\t\t}\n\t}\n}\nMOTION\nFrames: 2\nFrame Time: 0.0083333\n0 35 0 0 0 0 1 2 3\n0.5 35 0 10 0 0 -1 2 3\n".into()
}

fn pose_strategy() -> impl Strategy<Value = Transform> {
    (
        prop::array::uniform3(-50.0f64..50.0),
        prop::array::uniform4(-1.0f64..1.0),
    )
        .prop_map(|(p, q)| {
            let q = DQuat::from_xyzw(q[0], q[1], q[2], q[3] + 1.5).normalize();
            Transform::new(DVec3::from_array(p), q)
        })
}

fn tracker_take_strategy() -> impl Strategy<Value = TrackerTake> {
    prop::collection::vec(
        (
            0.0f64..0.1,
            0..Device::COUNT,
            prop::option::weighted(0.9, pose_strategy()),
        ),
        0..40,
    )
    .prop_map(|rows| {
        let mut t = 0.0;
        let samples = rows
            .into_iter()
            .map(|(dt, d, pose)| {
                t += dt;
                TrackerSample {
                    time_s: t,
                    device: Device::ALL[d],
                    pose,
                    input: None,
                }
            })
            .collect();
        TrackerTake {
            samples,
            invalid: Default::default(),
        }
    })
}

fn tracker_seed() -> String {
    let samples = (0..12)
        .map(|k| TrackerSample {
            time_s: k as f64 / 90.0,
            device: Device::ALL[k % Device::COUNT],
            pose: Some(Transform::new(
                DVec3::new(0.1 * k as f64, 1.5, -0.2),
                DQuat::from_rotation_y(0.1 * k as f64),
            )),
            input: None,
        })
        .collect();
    TrackerTake {
        samples,
        invalid: Default::default(),
    }
    .to_csv()
}

fn calibration_seed() -> String {
    let poses = CalibrationPose::ALL;
    let samples = (0..12)
        .map(|k| CalibrationSample {
            held: poses[k / 4],
            sample: TrackerSample {
                time_s: k as f64 / 90.0,
                device: Device::ALL[k % Device::COUNT],
                pose: Some(Transform::new(
                    DVec3::new(0.0, 1.0 + 0.01 * k as f64, 0.0),
                    DQuat::IDENTITY,
                )),
                input: None,
            },
        })
        .collect();
    CalibrationTake {
        samples,
        invalid: Default::default(),
    }
    .to_csv()
}

fn joint_track_seed() -> String {
    let frames = (0..3)
        .map(|k| JointFrame {
            time_s: k as f64 / 90.0,
            joints: JointMap::from_fn(|j| {
                Transform::new(
                    DVec3::new(0.01 * j.index() as f64, 1.0, 0.1 * k as f64),
                    DQuat::from_rotation_x(0.01 * j.index() as f64),
                )
            }),
        })
        .collect();
    JointTrack {
        frames,
        has_rotations: true,
        fingers: Vec::new(),
    }
    .to_csv()
}

fn profile_seed() -> String {
    BodyProfile::with_nominal_devices(1.75).to_toml()
}

/// Every text parser of this crate, on one input; the error text if any.
fn parse_all(text: &str) -> Vec<Option<String>> {
    vec![
        Bvh::parse(text, "clip.bvh").err().map(|e| e.to_string()),
        TrackerTake::parse(text, "take.csv")
            .err()
            .map(|e| e.to_string()),
        CalibrationTake::parse(text, "calibration.csv")
            .err()
            .map(|e| e.to_string()),
        JointTrack::parse(text, "joints.csv")
            .err()
            .map(|e| e.to_string()),
        BodyProfile::from_toml(text, "profile.toml")
            .err()
            .map(|e| e.to_string()),
    ]
}

/// The default configuration (so `PROPTEST_CASES` scales it), without
/// writing failures into the source tree.
fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Whether two CSV texts hold the same rows: equal fields, or numbers
/// within the writer's last decimal (a read normalises quaternions, so a
/// rewrite may differ there by one unit).
fn same_csv(a: &str, b: &str) -> bool {
    let (a, b): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    a.len() == b.len()
        && a.iter().zip(&b).all(|(x, y)| {
            let (x, y): (Vec<&str>, Vec<&str>) = (x.split(',').collect(), y.split(',').collect());
            x.len() == y.len()
                && x.iter().zip(&y).all(|(f, g)| {
                    f == g
                        || matches!((f.parse::<f64>(), g.parse::<f64>()),
                            (Ok(f), Ok(g)) if (f - g).abs() <= 2e-7)
                })
        })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_arbitrary_text_never_panics(text in ".{0,400}") {
        parse_all(&text);
    }

    #[test]
    fn fuzz_arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        parse_all(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn fuzz_mutated_bvh_never_panics(edits in edits()) {
        let text = mutate(bvh_seed().as_bytes(), &edits);
        let text = String::from_utf8_lossy(&text);
        if let Ok(bvh) = Bvh::parse(&text, "clip.bvh") {
            // Whatever parses also survives the calls a reader makes next.
            let _ = bvh.validate("clip.bvh");
            let _ = bvh.to_text();
            if bvh.frame_count() > 0 && bvh.validate("clip.bvh").is_ok() {
                let mut world = Vec::new();
                bvh.world_transforms_into(0, &mut world);
            }
        }
    }

    #[test]
    fn fuzz_mutated_csv_formats_never_panic(edits in edits(), which in 0..3usize) {
        let seed = [tracker_seed(), calibration_seed(), joint_track_seed()][which].clone();
        let text = String::from_utf8_lossy(&mutate(seed.as_bytes(), &edits)).into_owned();
        let _ = TrackerTake::parse(&text, "take.csv");
        let _ = CalibrationTake::parse(&text, "calibration.csv");
        let _ = JointTrack::parse(&text, "joints.csv");
    }

    #[test]
    fn fuzz_mutated_profile_never_panics(edits in edits()) {
        let text = String::from_utf8_lossy(&mutate(profile_seed().as_bytes(), &edits)).into_owned();
        if let Ok(profile) = BodyProfile::from_toml(&text, "profile.toml") {
            let _ = profile.validate();
            let _ = posewire_body::Skeleton::from_profile(&profile);
        }
    }

    #[test]
    fn fuzz_bvh_reads_back_what_it_wrote(edits in edits()) {
        let text = String::from_utf8_lossy(&mutate(bvh_seed().as_bytes(), &edits)).into_owned();
        if let Ok(bvh) = Bvh::parse(&text, "clip.bvh") {
            if bvh.validate("clip.bvh").is_ok() {
                let again = Bvh::parse(&bvh.to_text(), "again.bvh");
                prop_assert!(again.is_ok(), "{:?}", again.err());
                let again = again.ok();
                prop_assert_eq!(again.as_ref().map(|b| &b.frames), Some(&bvh.frames));
                prop_assert_eq!(again.as_ref().map(|b| b.joints.len()), Some(bvh.joints.len()));
            }
        }
    }

    #[test]
    fn fuzz_tracker_take_reads_back_what_it_wrote(take in tracker_take_strategy()) {
        let csv = take.to_csv();
        let back = TrackerTake::parse(&csv, "take.csv");
        prop_assert!(back.is_ok(), "{:?}", back.err());
        let back = back.ok().unwrap_or_default();
        prop_assert_eq!(back.samples.len(), take.samples.len());
        prop_assert!(same_csv(&back.to_csv(), &csv));
        for (a, b) in take.samples.iter().zip(&back.samples) {
            prop_assert_eq!(a.device, b.device);
            prop_assert!((a.time_s - b.time_s).abs() < 1e-5);
            match (a.pose, b.pose) {
                (Some(p), Some(q)) => {
                    prop_assert!(p.position.distance(q.position) < 1e-5);
                    prop_assert!(p.rotation.dot(q.rotation).abs() > 1.0 - 1e-9);
                }
                (None, None) => {}
                other => prop_assert!(false, "{other:?}"),
            }
        }
    }

    #[test]
    fn fuzz_calibration_and_joint_track_read_back_what_they_wrote(edits in edits()) {
        // Whatever a mutated take parses to is written, read back and
        // written again to the same rows.
        for (seed, which) in [(calibration_seed(), 0), (joint_track_seed(), 1)] {
            let text = String::from_utf8_lossy(&mutate(seed.as_bytes(), &edits)).into_owned();
            let csv = match which {
                0 => CalibrationTake::parse(&text, "c.csv").ok().map(|t| t.to_csv()),
                _ => JointTrack::parse(&text, "j.csv").ok().map(|t| t.to_csv()),
            };
            if let Some(csv) = csv {
                let again = match which {
                    0 => CalibrationTake::parse(&csv, "c.csv").map(|t| t.to_csv()),
                    _ => JointTrack::parse(&csv, "j.csv").map(|t| t.to_csv()),
                };
                prop_assert!(again.as_ref().is_ok_and(|a| same_csv(a, &csv)), "{:?}\n{}", again, csv);
            }
        }
    }

    #[test]
    fn fuzz_profile_reads_back_what_it_wrote(stature in 1.0f64..2.3) {
        let profile = BodyProfile::with_nominal_devices(stature);
        let back = BodyProfile::from_toml(&profile.to_toml(), "profile.toml");
        prop_assert!(back.is_ok(), "{:?}", back.err());
        prop_assert_eq!(back.ok().map(|p| p.to_toml()), Some(profile.to_toml()));
    }

    #[test]
    fn fuzz_errors_never_quote_the_input(at in any::<usize>(), which in 0..5usize) {
        let seed = [bvh_seed(), tracker_seed(), calibration_seed(), joint_track_seed(), profile_seed()][which].clone();
        let text = plant(seed.as_bytes(), at);
        for error in parse_all(&text).into_iter().flatten() {
            prop_assert!(!error.contains(SECRET), "{}", error);
        }
    }
}
