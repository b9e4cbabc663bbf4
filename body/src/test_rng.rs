//! A small deterministic generator for this crate's tests (64-bit LCG), so
//! that randomised tests need no extra dependency and repeat exactly.

use glam::{DQuat, DVec3};

/// A 64-bit linear congruential generator.
pub(crate) struct Lcg(pub(crate) u64);

impl Lcg {
    /// Uniform in [-1, 1).
    pub(crate) fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    }

    /// Uniform in [lo, hi).
    pub(crate) fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (self.next() * 0.5 + 0.5) * (hi - lo)
    }

    /// A random unit vector (rejection sampling in the unit ball).
    pub(crate) fn unit(&mut self) -> DVec3 {
        loop {
            let v = DVec3::new(self.next(), self.next(), self.next());
            let l = v.length();
            if l > 0.1 && l <= 1.0 {
                return v / l;
            }
        }
    }

    /// A uniformly random rotation (rejection sampling in the 4-D ball).
    pub(crate) fn rotation(&mut self) -> DQuat {
        loop {
            let q = DQuat::from_xyzw(self.next(), self.next(), self.next(), self.next());
            let l = q.length();
            if l > 0.1 && l <= 1.0 {
                return q / l;
            }
        }
    }
}
