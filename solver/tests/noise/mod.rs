//! Gaussian draws from a fixed seed for the solver's tests: the
//! evaluation protocol's device noise, reproducible.

/// Gaussian draws from a fixed seed (xorshift and Box-Muller).
pub struct Noise(pub u64);

impl Noise {
    /// A uniform draw in (0, 1).
    pub fn uniform(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }

    /// A normal draw with standard deviation `sigma`.
    pub fn gaussian(&mut self, sigma: f64) -> f64 {
        let (u, v) = (self.uniform(), self.uniform());
        sigma * (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}
