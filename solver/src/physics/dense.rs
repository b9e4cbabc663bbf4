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

/// The `n` x `n` symmetric row-major matrix `G[i][j] = a_i . b_j` (with
/// `a_i . b_j = a_j . b_i`, as for `A W A^T`) and its mean diagonal, the
/// scale a ridge on it is taken relative to.
pub fn gram<R: AsRef<[f64]>>(a: &[R], b: &[R]) -> (Vec<f64>, f64) {
    let n = a.len().min(b.len());
    let dot = |x: &[f64], y: &[f64]| x.iter().zip(y).map(|(p, q)| p * q).sum::<f64>();
    let mut g = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..=i {
            let v = dot(a[i].as_ref(), b[j].as_ref());
            g[i * n + j] = v;
            g[j * n + i] = v;
        }
    }
    let scale = (0..n).map(|i| g[i * n + i]).sum::<f64>() / n as f64;
    (g, scale)
}

/// The minimiser of `0.5 x^T h x - b^T x` over `x >= 0` for a symmetric
/// positive definite `n` x `n` row-major `h`: the Lawson-Hanson active-set
/// method (exact, deterministic; at most `3 n` outer steps).
pub fn nnls_quadratic(h: &[f64], n: usize, b: &[f64]) -> Vec<f64> {
    let mut x = vec![0.0; n];
    let mut passive = vec![false; n];
    let tol = 1e-10 * (1.0 + b.iter().fold(0.0_f64, |m, v| m.max(v.abs())));
    let solve_passive = |passive: &[bool]| -> Option<Vec<f64>> {
        let idx: Vec<usize> = (0..n).filter(|&i| passive[i]).collect();
        let k = idx.len();
        let mut a = vec![0.0; k * k];
        let mut r = vec![0.0; k];
        for (p, &i) in idx.iter().enumerate() {
            for (q, &j) in idx.iter().enumerate() {
                a[p * k + q] = h[i * n + j];
            }
            r[p] = b[i];
        }
        let s = solve_spd(&a, k, &r)?;
        let mut out = vec![0.0; n];
        for (p, &i) in idx.iter().enumerate() {
            out[i] = s[p];
        }
        Some(out)
    };
    for _ in 0..3 * n {
        let grad: Vec<f64> = (0..n)
            .map(|i| b[i] - (0..n).map(|k| h[i * n + k] * x[k]).sum::<f64>())
            .collect();
        let Some((j, _)) = (0..n)
            .filter(|&i| !passive[i] && grad[i] > tol)
            .map(|i| (i, grad[i]))
            .max_by(|a, b| a.1.total_cmp(&b.1))
        else {
            break;
        };
        passive[j] = true;
        for _ in 0..3 * n {
            let Some(s) = solve_passive(&passive) else {
                passive[j] = false;
                return x;
            };
            if (0..n).all(|i| !passive[i] || s[i] > 0.0) {
                x = s;
                break;
            }
            let mut alpha = 1.0_f64;
            for i in 0..n {
                if passive[i] && s[i] <= 0.0 {
                    alpha = alpha.min(x[i] / (x[i] - s[i]).max(1e-300));
                }
            }
            for i in 0..n {
                x[i] += alpha * (s[i] - x[i]);
                if passive[i] && x[i] <= 1e-14 {
                    passive[i] = false;
                    x[i] = 0.0;
                }
            }
        }
    }
    x
}

#[cfg(test)]
mod nnls_tests {
    use super::*;

    #[test]
    fn the_active_set_keeps_what_is_positive_and_zeroes_the_rest() {
        // min 0.5 |x - (1, -2, 3)|^2 with a coupling: the unconstrained
        // optimum has a negative part, the constrained one is checked by
        // its optimality conditions.
        let h = [2.0, 0.5, 0.0, 0.5, 1.0, 0.2, 0.0, 0.2, 1.5];
        let b = [1.0, -2.0, 3.0];
        let x = nnls_quadratic(&h, 3, &b);
        for i in 0..3 {
            let g: f64 = b[i] - (0..3).map(|k| h[i * 3 + k] * x[k]).sum::<f64>();
            assert!(x[i] >= 0.0);
            if x[i] > 1e-12 {
                assert!(g.abs() < 1e-9, "stationary where positive: {x:?} {g}");
            } else {
                assert!(g <= 1e-9, "no descent into the bound: {x:?} {g}");
            }
        }
        assert!(x[1] == 0.0 && x[0] > 0.0 && x[2] > 0.0, "{x:?}");
    }
}
