//! Small dense linear algebra for the whole-body controller: a Cholesky
//! factorisation and solve of a symmetric positive definite matrix
//! (row-major `f64`), by hand (a few dozen unknowns at most).

/// The lower Cholesky factor `L` (`A = L L^T`) of the `n` x `n` row-major
/// `a`, or `None` if `a` is not positive definite.
pub fn cholesky(a: &[f64], n: usize) -> Option<Vec<f64>> {
    if a.len() != n * n {
        return None;
    }
    let mut l = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..=i {
            let mut s = a[i * n + j];
            for k in 0..j {
                s -= l[i * n + k] * l[j * n + k];
            }
            if i == j {
                if !(s > 0.0 && s.is_finite()) {
                    return None;
                }
                l[i * n + i] = s.sqrt();
            } else {
                l[i * n + j] = s / l[j * n + j];
            }
        }
    }
    Some(l)
}

/// Solves `L L^T x = b` with the factor of [`cholesky`].
pub fn cholesky_solve(l: &[f64], n: usize, b: &[f64]) -> Vec<f64> {
    let mut y = b.to_vec();
    for i in 0..n {
        for k in 0..i {
            y[i] -= l[i * n + k] * y[k];
        }
        y[i] /= l[i * n + i];
    }
    for i in (0..n).rev() {
        for k in i + 1..n {
            y[i] -= l[k * n + i] * y[k];
        }
        y[i] /= l[i * n + i];
    }
    y
}

/// Solves the symmetric positive definite system `a x = b` (`None`: not
/// positive definite).
pub fn solve_spd(a: &[f64], n: usize, b: &[f64]) -> Option<Vec<f64>> {
    let l = cholesky(a, n)?;
    Some(cholesky_solve(&l, n, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_positive_definite_system_and_refuses_an_indefinite_one() {
        let a = [4.0, 1.0, 0.5, 1.0, 3.0, 0.2, 0.5, 0.2, 2.0];
        let x = [1.0, -2.0, 0.5];
        let b: Vec<f64> = (0..3)
            .map(|i| (0..3).map(|k| a[i * 3 + k] * x[k]).sum())
            .collect();
        let got = solve_spd(&a, 3, &b).expect("positive definite");
        for k in 0..3 {
            assert!((got[k] - x[k]).abs() < 1e-12, "{got:?}");
        }
        assert!(solve_spd(&[1.0, 2.0, 2.0, 1.0], 2, &[1.0, 1.0]).is_none());
        assert!(cholesky(&[1.0, 2.0], 2).is_none(), "wrong size");
    }
}
