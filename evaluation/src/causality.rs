//! The causality check of EVALUATION.md sections 2 and 5: a solve of a take
//! cut short at time t must end with the frame the full solve has at t.

use posewire_body::formats::{JointFrame, TrackerTake};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::Serialize;

/// Largest joint position difference (m) that still counts as equal.
pub const CAUSALITY_TOLERANCE_M: f64 = 1e-4;

/// The outcome of a causality check.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CausalityResult {
    /// Whether the check passed.
    pub passed: bool,
    /// The cut time, s.
    pub cut_time_s: f64,
    /// Time of the cut run's last frame, s (NaN if it produced none).
    pub last_frame_time: f64,
    /// Largest joint position difference between the cut run's last frame
    /// and the full run's frame at that time, m (infinite if the full run
    /// has no frame at that time).
    pub max_diff_m: f64,
}

/// The cut time of a take: the tracker sample time nearest to a point drawn
/// uniformly between 40 % and 60 % of the take. `None` for an empty take.
pub fn causality_cut_time(take: &TrackerTake, rng_seed: u64) -> Option<f64> {
    let first = take.samples.first()?.time_s;
    let last = take.samples.last()?.time_s;
    let mut rng = StdRng::seed_from_u64(rng_seed);
    let target = first + rng.gen_range(0.4..=0.6) * (last - first);
    take.samples
        .iter()
        .map(|s| s.time_s)
        .min_by(|a, b| (a - target).abs().total_cmp(&(b - target).abs()))
}

/// The take cut short: every sample with `time_s <= cut_time_s`.
pub fn cut_take(take: &TrackerTake, cut_time_s: f64) -> TrackerTake {
    let mut cut = take.clone();
    cut.samples.retain(|s| s.time_s <= cut_time_s);
    cut
}

/// Checks a cut run against the full run: the cut run's last frame must lie
/// within one output interval of the cut and equal the full run's frame at
/// the same time to [`CAUSALITY_TOLERANCE_M`] on every joint.
pub fn check_causality(
    full: &[JointFrame],
    cut_run: &[JointFrame],
    cut_time: f64,
    output_interval: f64,
) -> CausalityResult {
    let failed = |last_frame_time: f64, max_diff_m: f64| CausalityResult {
        passed: false,
        cut_time_s: cut_time,
        last_frame_time,
        max_diff_m,
    };
    let Some(last) = cut_run.last() else {
        return failed(f64::NAN, f64::INFINITY);
    };
    // Frames of the two runs at "the same time" may differ by rounding.
    let same_time = 1e-6_f64.max(1e-3 * output_interval);
    let Some(reference) = full
        .iter()
        .min_by(|a, b| {
            (a.time_s - last.time_s)
                .abs()
                .total_cmp(&(b.time_s - last.time_s).abs())
        })
        .filter(|f| (f.time_s - last.time_s).abs() <= same_time)
    else {
        return failed(last.time_s, f64::INFINITY);
    };
    let max_diff_m = last
        .joints
        .iter()
        .map(|(j, t)| t.position.distance(reference.joints[j].position))
        .fold(
            0.0,
            |m: f64, d| if d.is_nan() { f64::INFINITY } else { m.max(d) },
        );
    let near_cut = (last.time_s - cut_time).abs() <= output_interval + same_time;
    CausalityResult {
        passed: near_cut && max_diff_m <= CAUSALITY_TOLERANCE_M,
        cut_time_s: cut_time,
        last_frame_time: last.time_s,
        max_diff_m,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::formats::TrackerSample;
    use posewire_body::glam::{DQuat, DVec3};
    use posewire_body::{Device, JointMap, Transform};

    fn take(times: &[f64]) -> TrackerTake {
        TrackerTake {
            samples: times
                .iter()
                .map(|&t| TrackerSample {
                    time_s: t,
                    device: Device::Head,
                    pose: Some(Transform::IDENTITY),
                    input: None,
                })
                .collect(),
            ..TrackerTake::default()
        }
    }

    fn frames(n: usize, dt: f64, f: impl Fn(f64) -> f64) -> Vec<JointFrame> {
        (0..n)
            .map(|k| {
                let t = k as f64 * dt;
                JointFrame {
                    time_s: t,
                    joints: JointMap::splat(Transform::new(
                        DVec3::new(f(t), 1.0, 0.0),
                        DQuat::IDENTITY,
                    )),
                }
            })
            .collect()
    }

    #[test]
    fn causal_cut_is_a_sample_between_40_and_60_percent() {
        let times: Vec<f64> = (0..=1000).map(|k| f64::from(k) * 0.01).collect();
        let t = take(&times);
        let mut seen = Vec::new();
        for seed in 0..40 {
            let cut = causality_cut_time(&t, seed).expect("non-empty take");
            assert!((4.0..=6.0).contains(&cut), "{cut}");
            assert!(times.contains(&cut), "{cut} is not a sample time");
            assert_eq!(causality_cut_time(&t, seed), Some(cut), "deterministic");
            seen.push(cut);
        }
        seen.dedup();
        assert!(seen.len() > 10, "the cut should vary with the seed");
        assert_eq!(causality_cut_time(&TrackerTake::default(), 1), None);
        let cut = cut_take(&t, 5.0);
        assert_eq!(cut.samples.len(), 501);
    }

    #[test]
    fn causal_run_passes_and_non_causal_run_fails() {
        let dt = 1.0 / 90.0;
        let full = frames(900, dt, |t| t.sin());
        let cut_time = 450.0 * dt;
        // A causal solver: the cut run is the full run's prefix.
        let r = check_causality(&full, &full[..=450], cut_time, dt);
        assert!(r.passed && r.max_diff_m == 0.0, "{r:?}");
        // A solver that smooths with future samples differs at the end.
        let mut peeking = full[..=450].to_vec();
        peeking[450].joints[posewire_body::Joint::LeftWrist]
            .position
            .x += 2e-4;
        let r = check_causality(&full, &peeking, cut_time, dt);
        assert!(!r.passed && (r.max_diff_m - 2e-4).abs() < 1e-9, "{r:?}");
        // A cut run that stops early fails even if it matches.
        let r = check_causality(&full, &full[..440], cut_time, dt);
        assert!(!r.passed && r.max_diff_m == 0.0, "{r:?}");
        // No frames at all.
        assert!(!check_causality(&full, &[], cut_time, dt).passed);
    }
}
