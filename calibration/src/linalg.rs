//! The little dense linear algebra calibration needs: normal equations of a
//! weighted least-squares problem, a Cholesky solve and the eigenvalues of a
//! small symmetric matrix (to see which directions the data leave open).

/// A weighted linear least-squares problem `min sum w (a . x - b)^2` with
/// `n` unknowns, accumulated as normal equations.
#[derive(Debug, Clone)]
pub(crate) struct LeastSquares {
    n: usize,
    /// `A^T W A`, row-major n x n.
    ata: Vec<f64>,
    /// `A^T W b`.
    atb: Vec<f64>,
}

impl LeastSquares {
    /// An empty problem with `n` unknowns.
    pub(crate) fn new(n: usize) -> Self {
        LeastSquares {
            n,
            ata: vec![0.0; n * n],
            atb: vec![0.0; n],
        }
    }

    /// Adds one equation `a . x = b` with weight `w`.
    pub(crate) fn add_row(&mut self, a: &[f64], b: f64, w: f64) {
        debug_assert_eq!(a.len(), self.n);
        for i in 0..self.n {
            if a[i] == 0.0 {
                continue;
            }
            for j in 0..self.n {
                self.ata[i * self.n + j] += w * a[i] * a[j];
            }
            self.atb[i] += w * a[i] * b;
        }
    }

    /// The normal matrix `A^T W A` (row-major).
    pub(crate) fn normal_matrix(&self) -> &[f64] {
        &self.ata
    }

    /// Solves the problem with an added prior `x_i ~ prior_i` of weight
    /// `prior_weight_i` on each unknown (0 for none). `None` when the
    /// system is singular even with the prior.
    pub(crate) fn solve_with_prior(&self, prior: &[f64], prior_weight: &[f64]) -> Option<Vec<f64>> {
        let n = self.n;
        let mut m = self.ata.clone();
        let mut rhs = self.atb.clone();
        for i in 0..n {
            m[i * n + i] += prior_weight[i];
            rhs[i] += prior_weight[i] * prior[i];
        }
        cholesky_solve(&mut m, &mut rhs, n).then_some(rhs)
    }
}

/// Solves `m x = rhs` for a symmetric positive definite `m` (row-major
/// n x n) in place; `rhs` becomes `x`. Returns `false` if `m` is not
/// positive definite.
fn cholesky_solve(m: &mut [f64], rhs: &mut [f64], n: usize) -> bool {
    // Lower-triangular factor L stored in the lower half of `m`. A pivot
    // that shrinks to round-off of its diagonal means a singular matrix.
    for j in 0..n {
        let diagonal = m[j * n + j];
        let mut d = diagonal;
        for k in 0..j {
            d -= m[j * n + k] * m[j * n + k];
        }
        if !d.is_finite() || d <= 1e-12 * diagonal.abs() || d <= 0.0 {
            return false;
        }
        let d = d.sqrt();
        m[j * n + j] = d;
        for i in j + 1..n {
            let mut s = m[i * n + j];
            for k in 0..j {
                s -= m[i * n + k] * m[j * n + k];
            }
            m[i * n + j] = s / d;
        }
    }
    // Forward substitution L y = rhs.
    for i in 0..n {
        let mut s = rhs[i];
        for k in 0..i {
            s -= m[i * n + k] * rhs[k];
        }
        rhs[i] = s / m[i * n + i];
    }
    // Back substitution L^T x = y.
    for i in (0..n).rev() {
        let mut s = rhs[i];
        for k in i + 1..n {
            s -= m[k * n + i] * rhs[k];
        }
        rhs[i] = s / m[i * n + i];
    }
    rhs.iter().all(|v| v.is_finite())
}

/// Eigenvalues of a symmetric n x n matrix (row-major), ascending, by
/// cyclic Jacobi rotations (fine for the handful of unknowns used here).
pub(crate) fn symmetric_eigenvalues(m: &[f64], n: usize) -> Vec<f64> {
    let mut a = m.to_vec();
    for _sweep in 0..100 {
        let mut off = 0.0;
        for i in 0..n {
            for j in 0..n {
                if i != j {
                    off += a[i * n + j] * a[i * n + j];
                }
            }
        }
        let scale: f64 = (0..n).map(|i| a[i * n + i].abs()).sum::<f64>().max(1e-300);
        if off.sqrt() <= 1e-15 * scale {
            break;
        }
        for p in 0..n {
            for q in p + 1..n {
                let apq = a[p * n + q];
                if apq.abs() < 1e-300 {
                    continue;
                }
                let theta = (a[q * n + q] - a[p * n + p]) / (2.0 * apq);
                let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
                let t = if theta == 0.0 { 1.0 } else { t };
                let c = 1.0 / (t * t + 1.0).sqrt();
                let s = t * c;
                for k in 0..n {
                    let akp = a[k * n + p];
                    let akq = a[k * n + q];
                    a[k * n + p] = c * akp - s * akq;
                    a[k * n + q] = s * akp + c * akq;
                }
                for k in 0..n {
                    let apk = a[p * n + k];
                    let aqk = a[q * n + k];
                    a[p * n + k] = c * apk - s * aqk;
                    a[q * n + k] = s * apk + c * aqk;
                }
            }
        }
    }
    let mut eig: Vec<f64> = (0..n).map(|i| a[i * n + i]).collect();
    eig.sort_by(f64::total_cmp);
    eig
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_squares_recovers_a_line_and_eigenvalues_are_right() {
        let mut ls = LeastSquares::new(2);
        for i in 0..10 {
            let x = i as f64;
            ls.add_row(&[1.0, x], 2.0 + 0.5 * x, 1.0);
        }
        let sol = ls
            .solve_with_prior(&[0.0, 0.0], &[0.0, 0.0])
            .expect("solvable");
        assert!((sol[0] - 2.0).abs() < 1e-10 && (sol[1] - 0.5).abs() < 1e-10);

        let m = [2.0, 1.0, 0.0, 1.0, 2.0, 0.0, 0.0, 0.0, 0.0];
        let e = symmetric_eigenvalues(&m, 3);
        assert!(e[0].abs() < 1e-12 && (e[1] - 1.0).abs() < 1e-12 && (e[2] - 3.0).abs() < 1e-12);

        // A singular problem is solvable only with a prior.
        let mut s = LeastSquares::new(2);
        s.add_row(&[1.0, 1.0], 1.0, 1.0);
        assert!(s.solve_with_prior(&[0.0, 0.0], &[0.0, 0.0]).is_none());
        let sol = s
            .solve_with_prior(&[0.0, 0.0], &[1e-6, 1e-6])
            .expect("with prior");
        assert!((sol[0] - 0.5).abs() < 1e-5 && (sol[1] - 0.5).abs() < 1e-5);
    }
}
