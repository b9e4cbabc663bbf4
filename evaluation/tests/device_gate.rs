//! The plausibility gate of device samples (`posewire_solver::gate`) on
//! recorded human motion: the fastest training clips pass it untouched,
//! and an offline solve that is also fed samples 1 km, 1e308 m or a
//! sudden 2 m away gives exactly the solve without them.

use std::path::{Path, PathBuf};

use posewire_body::bvh::Bvh;
use posewire_body::formats::{TrackerSample, TrackerTake};
use posewire_body::glam::DVec3;
use posewire_body::{BodyProfile, DeviceSet};
use posewire_evaluation::synth::{synthesize, Condition, SynthOptions};
use posewire_solver::filter::PoseFilterSettings;
use posewire_solver::gate::{GateSettings, Verdict};
use posewire_solver::tracking::DeviceTracker;
use posewire_solver::{solve_take, SolveOptions};

/// Training clips with the fastest real motion of each kind (measured by
/// `examples/device_speeds.rs`): ballet leaps (feet at 21 m/s),
/// cartwheels and window washing (hands at 14 m/s), a diving run (head and
/// pelvis at 5 m/s).
const FAST_CLIPS: [&str; 4] = [
    "cmu_05_19_dance_arabesque_jete_en_tourant_bend_back",
    "cmu_49_08_cartwheels",
    "cmu_14_11_wash_windows",
    "cmu_127_23_run_dive_over_roll_run",
];

fn train(clip: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/data/mocap-train")
        .join(format!("{clip}.bvh"));
    path.is_file().then_some(path)
}

fn takes(clip: &str, condition: Condition) -> Option<TrackerTake> {
    let Some(path) = train(clip) else {
        println!("SKIPPED: ../shared/data/mocap-train not found");
        return None;
    };
    let bvh = Bvh::read(&path).expect("the clip reads");
    let options = SynthOptions {
        devices: DeviceSet::standard(6).expect("six devices"),
        condition,
        seed: 1,
    };
    Some(
        synthesize(&bvh, clip, &options)
            .expect("synthesized")
            .trackers,
    )
}

#[test]
fn the_fastest_recorded_motion_passes_the_gate() {
    for clip in FAST_CLIPS {
        for condition in Condition::ALL {
            let Some(take) = takes(clip, condition) else {
                return;
            };
            let mut tracker = DeviceTracker::new(
                &BodyProfile::from_stature(1.75),
                &PoseFilterSettings::default(),
                &GateSettings::default(),
            );
            let rejected: Vec<_> = take
                .samples
                .iter()
                .filter(|s| matches!(tracker.push(s), Verdict::Rejected(_)))
                .map(|s| (s.device, s.time_s))
                .collect();
            assert!(
                rejected.is_empty(),
                "{clip} {}: {rejected:?}",
                condition.name()
            );
        }
    }
}

#[test]
fn an_offline_solve_never_follows_far_or_jumping_samples() {
    let clip = FAST_CLIPS[1];
    let Some(take) = takes(clip, Condition::Noisy) else {
        return;
    };
    // After every 7th valid sample, one more at the same time that is far
    // away or has jumped.
    let mut junk = take.clone();
    junk.samples.clear();
    for (i, s) in take.samples.iter().enumerate() {
        junk.samples.push(*s);
        let Some(pose) = s.pose.filter(|_| i % 7 == 3) else {
            continue;
        };
        let position = match i % 3 {
            0 => DVec3::new(1e3, pose.position.y, 0.0),
            1 => DVec3::splat(1e308),
            _ => pose.position + DVec3::new(0.0, 0.0, 2.0),
        };
        let mut far = pose;
        far.position = position;
        junk.samples.push(TrackerSample {
            pose: Some(far),
            ..*s
        });
    }
    assert!(junk.samples.len() > take.samples.len() + take.samples.len() / 10);
    let profile = BodyProfile::with_nominal_devices(1.75);
    let options = SolveOptions::default();
    let clean = solve_take(&profile, &take, &options).expect("solves");
    let fed = solve_take(&profile, &junk, &options).expect("solves");
    assert_eq!(clean.len(), fed.len());
    let pelvis =
        |f: &posewire_body::formats::JointFrame| f.joints[posewire_body::Joint::Pelvis].position;
    let worst = clean
        .iter()
        .zip(&fed)
        .map(|(a, b)| pelvis(a).distance(pelvis(b)))
        .fold(0.0, f64::max);
    assert!(worst == 0.0, "the pelvis moved {worst} m on the junk");
    assert_eq!(clean, fed);
}
