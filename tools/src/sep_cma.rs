//! A separable CMA-ES (Ros and Hansen 2008: a diagonal covariance), with
//! its own seeded generator so a search is reproducible: what
//! `simbicon_search` minimises its objective with.

/// A seeded generator (SplitMix64) with normal draws (Box-Muller).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in (0, 1].
    fn uniform(&mut self) -> f64 {
        ((self.next_u64() >> 11) as f64 + 1.0) / (1u64 << 53) as f64
    }

    /// A standard normal draw.
    pub fn normal(&mut self) -> f64 {
        let (u, v) = (self.uniform(), self.uniform());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}

/// The search's state: mean, step size, diagonal covariance and paths.
#[derive(Debug, Clone)]
pub struct SepCma {
    /// The mean.
    pub mean: Vec<f64>,
    /// The step size.
    pub sigma: f64,
    /// The covariance's diagonal.
    pub diag: Vec<f64>,
    ps: Vec<f64>,
    pc: Vec<f64>,
    weights: Vec<f64>,
    mueff: f64,
    cs: f64,
    ds: f64,
    cc: f64,
    c1: f64,
    cmu: f64,
    chi_n: f64,
    generation: usize,
    rng: Rng,
}

impl SepCma {
    /// A search from `mean` with step size `sigma`, seeded by `seed`.
    pub fn new(mean: Vec<f64>, sigma: f64, seed: u64) -> SepCma {
        let n = mean.len().max(1) as f64;
        let lambda = SepCma::lambda_for(mean.len());
        let mu = lambda / 2;
        let raw: Vec<f64> = (0..mu)
            .map(|i| ((lambda as f64 + 1.0) / 2.0).ln() - ((i + 1) as f64).ln())
            .collect();
        let sum: f64 = raw.iter().sum();
        let weights: Vec<f64> = raw.iter().map(|w| w / sum).collect();
        let mueff = 1.0 / weights.iter().map(|w| w * w).sum::<f64>();
        let cs = (mueff + 2.0) / (n + mueff + 5.0);
        let ds = 1.0 + 2.0 * (((mueff - 1.0) / (n + 1.0)).sqrt() - 1.0).max(0.0) + cs;
        let cc = (4.0 + mueff / n) / (n + 4.0 + 2.0 * mueff / n);
        // The diagonal learns (n + 2) / 3 times faster than a full matrix.
        let sep = (n + 2.0) / 3.0;
        let c1 = (sep * 2.0 / ((n + 1.3).powi(2) + mueff)).min(0.5);
        let cmu =
            (sep * 2.0 * (mueff - 2.0 + 1.0 / mueff) / ((n + 2.0).powi(2) + mueff)).min(1.0 - c1);
        let chi_n = n.sqrt() * (1.0 - 1.0 / (4.0 * n) + 1.0 / (21.0 * n * n));
        SepCma {
            diag: vec![1.0; mean.len()],
            ps: vec![0.0; mean.len()],
            pc: vec![0.0; mean.len()],
            mean,
            sigma,
            weights,
            mueff,
            cs,
            ds,
            cc,
            c1,
            cmu,
            chi_n,
            generation: 0,
            rng: Rng::new(seed),
        }
    }

    /// Candidates per generation for `n` dimensions: 4 + 3 ln n.
    pub fn lambda_for(n: usize) -> usize {
        4 + (3.0 * (n.max(1) as f64).ln()).floor() as usize
    }

    /// The next generation's candidates.
    pub fn ask(&mut self) -> Vec<Vec<f64>> {
        let lambda = SepCma::lambda_for(self.mean.len());
        (0..lambda)
            .map(|_| {
                self.mean
                    .iter()
                    .zip(&self.diag)
                    .map(|(m, d)| m + self.sigma * d.sqrt() * self.rng.normal())
                    .collect()
            })
            .collect()
    }

    /// Updates the search from `candidates` (as [`SepCma::ask`] gave them)
    /// and their scores (lower is better; a NaN counts as worst).
    pub fn tell(&mut self, candidates: &[Vec<f64>], scores: &[f64]) {
        let mut order: Vec<usize> = (0..candidates.len().min(scores.len())).collect();
        order.sort_by(|&a, &b| {
            let key = |s: f64| if s.is_nan() { f64::INFINITY } else { s };
            key(scores[a]).total_cmp(&key(scores[b]))
        });
        let n = self.mean.len();
        let steps: Vec<Vec<f64>> = order
            .iter()
            .take(self.weights.len())
            .map(|&i| {
                (0..n)
                    .map(|j| (candidates[i][j] - self.mean[j]) / self.sigma)
                    .collect()
            })
            .collect();
        let yw: Vec<f64> = (0..n)
            .map(|j| self.weights.iter().zip(&steps).map(|(w, y)| w * y[j]).sum())
            .collect();
        for (m, y) in self.mean.iter_mut().zip(&yw) {
            *m += self.sigma * y;
        }
        let a = (self.cs * (2.0 - self.cs) * self.mueff).sqrt();
        for ((p, y), d) in self.ps.iter_mut().zip(&yw).zip(&self.diag) {
            *p = (1.0 - self.cs) * *p + a * y / d.sqrt();
        }
        self.generation += 1;
        let ps_len = self.ps.iter().map(|p| p * p).sum::<f64>().sqrt();
        let decay = 1.0 - (1.0 - self.cs).powi(2 * self.generation as i32);
        let hsig = ps_len / decay.sqrt() / self.chi_n < 1.4 + 2.0 / (n as f64 + 1.0);
        let b = (self.cc * (2.0 - self.cc) * self.mueff).sqrt();
        for (j, (pc, d)) in self.pc.iter_mut().zip(self.diag.iter_mut()).enumerate() {
            *pc = (1.0 - self.cc) * *pc + if hsig { b * yw[j] } else { 0.0 };
            let rank_mu: f64 = self
                .weights
                .iter()
                .zip(&steps)
                .map(|(w, y)| w * y[j] * y[j])
                .sum();
            *d = (1.0 - self.c1 - self.cmu) * *d + self.c1 * *pc * *pc + self.cmu * rank_mu;
        }
        self.sigma *= ((self.cs / self.ds) * (ps_len / self.chi_n - 1.0)).exp();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ellipsoid(x: &[f64]) -> f64 {
        x.iter()
            .enumerate()
            .map(|(i, v)| (1.0 + i as f64) * (v - 0.3) * (v - 0.3))
            .sum()
    }

    fn run(seed: u64, generations: usize) -> (Vec<f64>, f64) {
        let mut cma = SepCma::new(vec![0.0; 8], 0.5, seed);
        let mut best = (vec![], f64::INFINITY);
        for _ in 0..generations {
            let xs = cma.ask();
            let fs: Vec<f64> = xs.iter().map(|x| ellipsoid(x)).collect();
            for (x, f) in xs.iter().zip(&fs) {
                if *f < best.1 {
                    best = (x.clone(), *f);
                }
            }
            cma.tell(&xs, &fs);
        }
        best
    }

    #[test]
    fn it_finds_a_shifted_ellipsoids_minimum() {
        let start = ellipsoid(&[0.0; 8]);
        let (x, f) = run(7, 150);
        assert!(f < 1e-6 * start, "best {f} from {start}");
        assert!(x.iter().all(|v| (v - 0.3).abs() < 1e-2), "{x:?}");
    }

    #[test]
    fn the_same_seed_gives_the_same_search() {
        assert_eq!(run(3, 20), run(3, 20));
        assert_ne!(run(3, 20).1, run(4, 20).1);
    }
}
