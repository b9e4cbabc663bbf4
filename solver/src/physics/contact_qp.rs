//! Distributing a wrench over contact points (issue 41, round 5): the
//! forces at the feet's contact points, each inside a linearised friction
//! cone (a pyramid of four edges about the floor's normal, so no point
//! pulls), whose sum and moment come closest to a wanted wrench on the
//! base, with a small penalty on the forces. A non-negative least-squares
//! problem in the edge weights, solved by projected Gauss-Seidel on its
//! normal equations: deterministic, a fixed bound on the work, no
//! allocation beyond a few small vectors.

use posewire_body::glam::DVec3;

/// How the wrench is shared.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DistributionSettings {
    /// Friction coefficient of the pyramid (its edges lean `friction` out).
    pub friction: f64,
    /// Weight of a moment error (per N m) against a force error (per N).
    pub moment_weight: f64,
    /// Penalty on the forces, relative to the problem's scale.
    pub regulariser: f64,
    /// Gauss-Seidel sweeps.
    pub sweeps: usize,
}

impl Default for DistributionSettings {
    fn default() -> Self {
        DistributionSettings {
            friction: 0.8,
            moment_weight: 3.0,
            regulariser: 1e-4,
            sweeps: 60,
        }
    }
}

/// A wrench: a force and its moment about a point.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Wrench {
    /// Force, N.
    pub force: DVec3,
    /// Moment, N m.
    pub moment: DVec3,
}

impl Wrench {
    fn rows(self) -> [f64; 6] {
        let (f, m) = (self.force, self.moment);
        [f.x, f.y, f.z, m.x, m.y, m.z]
    }
}

/// The forces at `points` (world, on a floor whose normal is +y) whose
/// wrench about `base` comes closest to `want`; one force per point.
pub fn distribute(
    points: &[DVec3],
    base: DVec3,
    want: Wrench,
    s: &DistributionSettings,
) -> Vec<DVec3> {
    let mu = s.friction.max(0.0);
    let edges = [
        DVec3::new(mu, 1.0, 0.0),
        DVec3::new(-mu, 1.0, 0.0),
        DVec3::new(0.0, 1.0, mu),
        DVec3::new(0.0, 1.0, -mu),
    ];
    let w = s.moment_weight.max(0.0);
    // Columns of the weighted wrench map, one per (point, edge).
    let cols: Vec<[f64; 6]> = points
        .iter()
        .flat_map(|p| {
            edges.iter().map(move |e| {
                let m = (*p - base).cross(*e) * w;
                [e.x, e.y, e.z, m.x, m.y, m.z]
            })
        })
        .collect();
    let n = cols.len();
    if n == 0 {
        return Vec::new();
    }
    let mut target = want.rows();
    for v in &mut target[3..] {
        *v *= w;
    }
    let dot = |a: &[f64; 6], b: &[f64; 6]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let (mut g, scale) = super::dense::gram(&cols, &cols);
    let lambda = s.regulariser.max(0.0) * scale + 1e-12;
    for i in 0..n {
        g[i * n + i] += lambda;
    }
    let b: Vec<f64> = cols.iter().map(|c| dot(c, &target)).collect();
    let mut beta = vec![0.0; n];
    for _ in 0..s.sweeps {
        for i in 0..n {
            let r: f64 = b[i] - (0..n).map(|k| g[i * n + k] * beta[k]).sum::<f64>();
            beta[i] = (beta[i] + r / g[i * n + i]).max(0.0);
        }
    }
    points
        .iter()
        .enumerate()
        .map(|(p, _)| {
            edges
                .iter()
                .enumerate()
                .map(|(k, e)| *e * beta[p * 4 + k])
                .sum()
        })
        .collect()
}

/// The wrench about `base` of `forces` at `points`.
pub fn wrench_of(points: &[DVec3], forces: &[DVec3], base: DVec3) -> Wrench {
    let mut out = Wrench::default();
    for (p, f) in points.iter().zip(forces) {
        out.force += *f;
        out.moment += (*p - base).cross(*f);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two feet's corners, 20 cm apart, each 24 x 9 cm.
    fn feet() -> Vec<DVec3> {
        let mut v = Vec::new();
        for x in [-0.1, 0.1] {
            for (dx, dz) in [
                (-0.045, -0.06),
                (0.045, -0.06),
                (-0.045, 0.18),
                (0.045, 0.18),
            ] {
                v.push(DVec3::new(x + dx, 0.0, dz));
            }
        }
        v
    }

    fn settings() -> DistributionSettings {
        DistributionSettings {
            sweeps: 400,
            ..DistributionSettings::default()
        }
    }

    #[test]
    fn the_feet_carry_a_weight_over_them_exactly_and_only_push() {
        let p = feet();
        let base = DVec3::new(0.0, 0.9, 0.05);
        let want = Wrench {
            force: DVec3::new(20.0, 700.0, -10.0),
            moment: DVec3::ZERO,
        };
        let f = distribute(&p, base, want, &settings());
        let got = wrench_of(&p, &f, base);
        assert!((got.force - want.force).length() < 2.0, "{got:?}");
        assert!(got.moment.length() < 1.0, "{got:?}");
        for fi in &f {
            assert!(fi.y >= 0.0, "a contact never pulls: {fi}");
            let side = (fi.x * fi.x + fi.z * fi.z).sqrt();
            assert!(
                side <= 0.8 * fi.y * 1.4143 + 1e-9,
                "inside the pyramid: {fi}"
            );
        }
    }

    #[test]
    fn a_pull_or_a_push_beyond_friction_is_left_over() {
        let p = feet();
        let base = DVec3::new(0.0, 0.9, 0.05);
        let pull = Wrench {
            force: DVec3::new(0.0, -300.0, 0.0),
            moment: DVec3::ZERO,
        };
        let f = distribute(&p, base, pull, &settings());
        assert!(f.iter().all(|fi| fi.length() < 1e-6), "no pull: {f:?}");
        let slide = Wrench {
            force: DVec3::new(700.0, 500.0, 0.0),
            moment: DVec3::ZERO,
        };
        let f = distribute(&p, base, slide, &settings());
        let got = wrench_of(&p, &f, base).force;
        assert!(
            got.x <= 0.8 * got.y + 1.0,
            "friction bounds the side force: {got}"
        );
        assert!(got.x < 650.0, "{got}");
    }

    #[test]
    fn a_weight_outside_the_feet_cannot_be_held_fully() {
        // The weight 40 cm in front of the toes: its moment about the
        // base needs a centre of pressure the feet do not reach.
        let p = feet();
        let base = DVec3::new(0.0, 0.9, 0.05);
        let at = DVec3::new(0.0, 0.0, 0.58);
        let force = DVec3::new(0.0, 700.0, 0.0);
        let want = Wrench {
            force,
            moment: (at - base).cross(force),
        };
        let f = distribute(&p, base, want, &settings());
        let got = wrench_of(&p, &f, base);
        let err = (got.force - want.force).length() + (got.moment - want.moment).length();
        assert!(err > 50.0, "it cannot be all given: {got:?}");
        // What it gives presses on the front of the feet.
        let front: f64 = p
            .iter()
            .zip(&f)
            .filter(|(q, _)| q.z > 0.1)
            .map(|(_, f)| f.y)
            .sum();
        let back: f64 = p
            .iter()
            .zip(&f)
            .filter(|(q, _)| q.z < 0.0)
            .map(|(_, f)| f.y)
            .sum();
        assert!(front > back, "front {front} back {back}");
    }

    #[test]
    fn no_points_no_forces() {
        assert!(distribute(&[], DVec3::ZERO, Wrench::default(), &settings()).is_empty());
    }
}
