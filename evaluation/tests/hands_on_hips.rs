//! The optional `hands_on_hips` calibration pose, simulated on bodies of
//! other proportions: the leg length it measures with 3 devices against
//! the ratio guess without it (the repository's demo clip, never skipped).

use std::path::Path;

use posewire_body::bvh::Bvh;
use posewire_body::formats::CalibrationPose;
use posewire_body::DeviceSet;
use posewire_evaluation::{synthesize_with, Condition, Proportions, SynthExtras, SynthOptions};

fn demo() -> Bvh {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/demo_walk.bvh");
    Bvh::read(&path).expect("the demo clip parses")
}

/// Calibrated leg length (thigh + shin) minus the true one, metres.
fn leg_error(bvh: &Bvh, hips: bool, seed: u64) -> f64 {
    let takes = synthesize_with(
        bvh,
        "demo_walk",
        &SynthOptions {
            devices: DeviceSet::standard(3).expect("3 devices"),
            condition: Condition::Clean,
            seed,
        },
        &SynthExtras {
            hands_on_hips: hips,
            ..Default::default()
        },
    )
    .expect("synthesises");
    let held: Vec<CalibrationPose> = takes.calibration.samples.iter().map(|s| s.held).collect();
    assert_eq!(
        held.contains(&CalibrationPose::HandsOnHips),
        hips,
        "the pose is in the take only when asked for"
    );
    if hips {
        assert_eq!(held.last(), Some(&CalibrationPose::HandsOnHips), "last");
    }
    let profile = posewire_calibration::calibrate(&takes.calibration)
        .expect("calibrates")
        .profile;
    let truth = takes.truth.measures;
    (profile.segments.thigh + profile.segments.shin) - (truth.thigh + truth.shin)
}

#[test]
fn hands_on_the_hips_measure_the_legs_of_a_short_and_a_long_trunk() {
    let bvh = demo();
    for r in [0.85, 1.15] {
        let altered = Proportions {
            trunk_leg: r,
            ..Proportions::default()
        }
        .apply(&bvh)
        .expect("altered");
        let seeds = 1..=4u64;
        let without: f64 = seeds
            .clone()
            .map(|s| leg_error(&altered, false, s).abs())
            .sum::<f64>()
            / 4.0;
        let with: f64 = seeds
            .map(|s| leg_error(&altered, true, s).abs())
            .sum::<f64>()
            / 4.0;
        eprintln!("trunk-leg {r}: leg length error without {without:.4} m, with {with:.4} m");
        assert!(
            without > 0.03,
            "the ratio guess misses the altered legs: {without}"
        );
        assert!(
            with < 0.8 * without,
            "the pose measures them: {with} against {without}"
        );
    }
}
