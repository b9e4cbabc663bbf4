//! The random draws of a synthetic take, each from its own stream named by
//! the seed and a path of labels, so that a draw never depends on which
//! other draws were made (the same offsets for every device set and
//! condition; the 3-device take a subset of the 6-device take).

use posewire_body::glam::{DQuat, DVec3};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rand_distr::StandardNormal;

/// A generator for the stream named by `seed` and `labels` (FNV-1a over
/// the seed and the labels; stable across runs and platforms).
pub(crate) fn stream(seed: u64, labels: &[&str]) -> StdRng {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(PRIME);
        }
    };
    eat(&seed.to_le_bytes());
    for label in labels {
        eat(label.as_bytes());
        eat(&[0xff]);
    }
    StdRng::seed_from_u64(h)
}

/// A standard normal draw.
pub(crate) fn normal(rng: &mut StdRng) -> f64 {
    rng.sample(StandardNormal)
}

/// A unit vector uniformly distributed on the sphere.
pub(crate) fn unit_vector(rng: &mut StdRng) -> DVec3 {
    loop {
        let v = DVec3::new(normal(rng), normal(rng), normal(rng));
        let l = v.length();
        if l > 1e-9 {
            return v / l;
        }
    }
}

/// A point uniformly distributed inside the ball of `radius`.
pub(crate) fn in_ball(rng: &mut StdRng, radius: f64) -> DVec3 {
    loop {
        let v = DVec3::new(
            rng.gen_range(-1.0..=1.0),
            rng.gen_range(-1.0..=1.0),
            rng.gen_range(-1.0..=1.0),
        );
        if v.length_squared() <= 1.0 {
            return v * radius;
        }
    }
}

/// A uniformly random rotation (a uniform point on the unit 3-sphere).
pub(crate) fn rotation(rng: &mut StdRng) -> DQuat {
    loop {
        let q = DQuat::from_xyzw(normal(rng), normal(rng), normal(rng), normal(rng));
        let l = q.length();
        if l > 1e-9 {
            return q / l;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synth_streams_are_reproducible_and_distinct() {
        let a: f64 = stream(7, &["clip", "head"]).gen();
        let b: f64 = stream(7, &["clip", "head"]).gen();
        let c: f64 = stream(7, &["clip", "left_hand"]).gen();
        let d: f64 = stream(8, &["clip", "head"]).gen();
        let e: f64 = stream(7, &["cliphead"]).gen();
        assert_eq!(a, b);
        assert!(a != c && a != d && a != e);
    }

    #[test]
    fn synth_draws_have_the_right_spread() {
        let mut rng = stream(1, &["spread"]);
        let n = 4000;
        let mut radius_max: f64 = 0.0;
        let mut inner = 0;
        let mut mean_w = 0.0;
        for _ in 0..n {
            let p = in_ball(&mut rng, 0.03);
            radius_max = radius_max.max(p.length());
            // Uniform in the ball: 1/8 of the points within half the radius.
            if p.length() < 0.015 {
                inner += 1;
            }
            let q = rotation(&mut rng);
            assert!((q.length() - 1.0).abs() < 1e-12);
            mean_w += q.w.abs() / n as f64;
            assert!((unit_vector(&mut rng).length() - 1.0).abs() < 1e-12);
        }
        assert!(radius_max <= 0.03 && radius_max > 0.029);
        let share = f64::from(inner) / n as f64;
        assert!((share - 0.125).abs() < 0.025, "{share}");
        // |w| of a uniform unit quaternion has mean 4 / (3 pi) = 0.424.
        assert!(
            (mean_w - 4.0 / (3.0 * std::f64::consts::PI)).abs() < 0.02,
            "{mean_w}"
        );
    }
}
