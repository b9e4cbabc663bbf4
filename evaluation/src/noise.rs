//! The "noisy" condition (EVALUATION.md sections 1.5 and 5): white noise on
//! every device sample and dropouts of 0.2-0.5 s about every 20 s.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::Transform;
use rand::rngs::StdRng;
use rand::Rng;

use crate::random::{normal, unit_vector};

/// Position noise, metres, standard deviation per axis.
pub const POSITION_NOISE_M: f64 = 0.0015;
/// Rotation noise, degrees: standard deviation of the angle about a
/// uniformly random axis.
pub const ROTATION_NOISE_DEG: f64 = 0.5;
/// The first dropout of a device starts uniformly in `0..FIRST_DROPOUT_S`.
pub const FIRST_DROPOUT_S: f64 = 20.0;
/// Seconds between the starts of successive dropouts (uniform).
pub const DROPOUT_EVERY_S: (f64, f64) = (10.0, 30.0);
/// How long a dropout lasts, seconds (uniform).
pub const DROPOUT_LENGTH_S: (f64, f64) = (0.2, 0.5);

/// White noise for one device's samples.
pub(crate) fn perturb(rng: &mut StdRng, pose: Transform) -> Transform {
    let dp = DVec3::new(normal(rng), normal(rng), normal(rng)) * POSITION_NOISE_M;
    let axis = unit_vector(rng);
    let angle = normal(rng) * ROTATION_NOISE_DEG.to_radians();
    Transform::new(
        pose.position + dp,
        (DQuat::from_axis_angle(axis, angle) * pose.rotation).normalize(),
    )
}

/// The dropouts of one device over a take lasting until `end_s`: half-open
/// intervals `[start, end)` in which the device has no rows.
pub(crate) fn dropouts(rng: &mut StdRng, end_s: f64) -> Vec<(f64, f64)> {
    let mut out = Vec::new();
    let mut start = rng.gen_range(0.0..FIRST_DROPOUT_S);
    while start <= end_s {
        let length = rng.gen_range(DROPOUT_LENGTH_S.0..=DROPOUT_LENGTH_S.1);
        out.push((start, start + length));
        start += rng.gen_range(DROPOUT_EVERY_S.0..=DROPOUT_EVERY_S.1);
    }
    out
}

/// Whether `t` falls inside one of the dropouts.
pub(crate) fn dropped(dropouts: &[(f64, f64)], t: f64) -> bool {
    dropouts.iter().any(|&(a, b)| t >= a && t < b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::stream;

    #[test]
    fn synth_noise_has_the_specified_spread() {
        let mut rng = stream(3, &["noise"]);
        let n = 20000;
        let (mut sq, mut angle_sq) = (0.0, 0.0);
        for _ in 0..n {
            let p = perturb(&mut rng, Transform::IDENTITY);
            sq += p.position.length_squared() / 3.0;
            angle_sq += p.rotation.angle_between(DQuat::IDENTITY).powi(2);
        }
        let rms_mm = (sq / f64::from(n)).sqrt() * 1000.0;
        let rms_deg = (angle_sq / f64::from(n)).sqrt().to_degrees();
        assert!((rms_mm - 1.5).abs() < 0.05, "{rms_mm}");
        assert!((rms_deg - 0.5).abs() < 0.02, "{rms_deg}");
    }

    #[test]
    fn synth_dropouts_follow_the_schedule() {
        for seed in 0..50 {
            let d = dropouts(&mut stream(seed, &["drop"]), 100.0);
            assert!(d[0].0 < 20.0);
            for (k, &(a, b)) in d.iter().enumerate() {
                assert!((0.2..=0.5).contains(&(b - a)));
                if k > 0 {
                    let gap = a - d[k - 1].0;
                    assert!((10.0..=30.0).contains(&gap), "{gap}");
                }
            }
            assert!(d.len() >= 4 && d.len() <= 11, "{}", d.len());
            assert!(dropped(&d, d[0].0) && !dropped(&d, d[0].1));
        }
    }
}
