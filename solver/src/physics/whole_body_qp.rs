//! One QP for the whole-body controller (issue 41, round 5): the
//! generalised accelerations `qdd`, the contact forces `f` (edge weights of
//! friction pyramids, non-negative) and the residual wrench `r` on the
//! base chosen together, so that what the joint limits or the feet do not
//! allow costs instead of ending in the base wrench.
//!
//! minimise `|qdd - qdd_pd|^2_W + |r|^2_Wr + lambda |beta|^2` subject to the
//! base rows `M_b qdd + h_b = A beta + r` and each standing foot's spatial
//! acceleration `J_f qdd + Jd_f qd = -k v_f`, with `beta >= 0`. For fixed
//! contact wrench `w = A beta` the rest is an equality-constrained least
//! squares whose optimum is affine in `w`: with `z = (qdd, r)` and the
//! constraints `C z = d0 + E w`, `z = z_pd + W^-1 C^T nu`, `S nu = d0 + E w
//! - C z_pd`, `S = C W^-1 C^T`, and its cost is a quadratic in `w` with
//! Hessian the base block of `S^-1`. The edge weights then solve a small
//! non-negative least squares on that quadratic (an active set, `dense::nnls_quadratic`).

use posewire_body::glam::{DMat3, DVec3};

use super::articulated::{get, ArticulatedBody};
use super::dense::{cholesky, cholesky_solve, gram};

/// The weights of the QP.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct QpWeights {
    /// Weight of the base's linear acceleration error, per (m/s^2)^2.
    pub base_linear: f64,
    /// ... of its angular acceleration error, per (rad/s^2)^2.
    pub base_angular: f64,
    /// ... of a joint's acceleration error, per (rad/s^2)^2.
    pub joint: f64,
    /// ... of the residual, per N^2 (moments per (N m)^2).
    pub residual: f64,
    /// Penalty on the edge weights, relative to the problem's scale.
    pub regulariser: f64,
}

/// What the QP asks of the body.
#[derive(Debug, Clone, PartialEq)]
pub struct QpProblem<'a> {
    /// The body now.
    pub body: &'a ArticulatedBody,
    /// The wanted accelerations (joint parts on their free axes only).
    pub qdd_pd: &'a [f64],
    /// Per segment (index 0 unused), the world axes of its joint frame and
    /// which of them are free.
    pub axes: &'a [(DMat3, [bool; 3])],
    /// The standing feet's segments.
    pub feet: &'a [usize],
    /// How fast a standing foot's velocity is taken out, 1/s.
    pub foot_rate: f64,
    /// Contact points: segment and world position.
    pub points: &'a [(usize, DVec3)],
    /// Friction coefficient of the pyramids.
    pub friction: f64,
    /// Gravity.
    pub gravity: DVec3,
}

/// The QP's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct QpSolution {
    /// Generalised accelerations.
    pub qdd: Vec<f64>,
    /// One force per contact point, world.
    pub forces: Vec<DVec3>,
    /// The residual force on the base (at the pelvis origin).
    pub residual_force: DVec3,
    /// ... and its moment about the pelvis origin.
    pub residual_moment: DVec3,
}

/// Solves the QP (`None`: its constraints are degenerate).
pub fn solve(p: &QpProblem, w: &QpWeights) -> Option<QpSolution> {
    let body = p.body;
    let n = body.dofs();
    let nz = n + 6;
    let base = body.segments.first()?;
    // W^-1 applied to a vector of z.
    let winv = |v: &[f64]| -> Vec<f64> {
        let mut out = vec![0.0; nz];
        for k in 0..3 {
            out[k] = v[k] / w.base_linear.max(1e-12);
            out[3 + k] = v[3 + k] / w.base_angular.max(1e-12);
            out[n + k] = v[n + k] / w.residual.max(1e-12);
            out[n + 3 + k] = v[n + 3 + k] / w.residual.max(1e-12);
        }
        for i in 1..body.segments.len() {
            let (ax, free) = p
                .axes
                .get(i)
                .copied()
                .unwrap_or((DMat3::IDENTITY, [false; 3]));
            let row = ArticulatedBody::joint_row(i);
            let local = ax.transpose() * get(v, row);
            let mut s = DVec3::ZERO;
            for k in 0..3 {
                if free[k] {
                    s[k] = local[k] / w.joint.max(1e-12);
                }
            }
            let x = ax * s;
            out[row] = x.x;
            out[row + 1] = x.y;
            out[row + 2] = x.z;
        }
        out
    };
    // Constraint rows of C (each a vector over z) and d0.
    let mut rows: Vec<Vec<f64>> = Vec::new();
    let mut d0: Vec<f64> = Vec::new();
    let mass_cols = body.mass_columns(6);
    let h = body.bias(p.gravity);
    for k in 0..6 {
        let mut r = mass_cols[k].clone();
        r.extend([0.0; 6]);
        r[n + k] = -1.0;
        rows.push(r);
        d0.push(-h[k]);
    }
    let bias = body.accelerations(&vec![0.0; n], true);
    for &f in p.feet {
        let fs = body.segments[f];
        let path = body.path(f);
        let (ab, lb) = (bias[f].angular, bias[f].origin);
        let want_ang = -fs.omega * p.foot_rate - ab;
        let want_lin = -fs.origin_velocity * p.foot_rate - lb;
        for k in 0..3 {
            let e = DVec3::new(
                f64::from(u8::from(k == 0)),
                f64::from(u8::from(k == 1)),
                f64::from(u8::from(k == 2)),
            );
            // Angular: base angular + every joint on the path.
            let mut r = vec![0.0; nz];
            r[3 + k] = 1.0;
            for &j in &path {
                r[ArticulatedBody::joint_row(j) + k] = 1.0;
            }
            rows.push(r);
            d0.push(want_ang[k]);
            // Linear at the foot's origin: e . (a + alpha x (o_f - o)).
            let mut r = vec![0.0; nz];
            r[k] = 1.0;
            // e . (alpha x d) = alpha . (d x e)
            let put3 = |r: &mut Vec<f64>, at: usize, v: DVec3| {
                r[at] += v.x;
                r[at + 1] += v.y;
                r[at + 2] += v.z;
            };
            put3(&mut r, 3, (fs.origin - base.origin).cross(e));
            for &j in &path {
                let d = fs.origin - body.segments[j].origin;
                put3(&mut r, ArticulatedBody::joint_row(j), d.cross(e));
            }
            rows.push(r);
            d0.push(want_lin[k]);
        }
    }
    let m = rows.len();
    let g: Vec<Vec<f64>> = rows.iter().map(|r| winv(r)).collect();
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    let (mut s, scale) = gram(&rows, &g);
    for i in 0..m {
        s[i * m + i] += 1e-9 * scale.max(1e-12);
    }
    let l = cholesky(&s, m)?;
    let mut z_pd = p.qdd_pd.to_vec();
    z_pd.extend([0.0; 6]);
    let e0: Vec<f64> = (0..m).map(|i| d0[i] - dot(&rows[i], &z_pd)).collect();
    let s_e0 = cholesky_solve(&l, m, &e0);
    // The base block of S^-1.
    let mut pmat = [[0.0; 6]; 6];
    for c in 0..6 {
        let mut e = vec![0.0; m];
        e[c] = 1.0;
        let col = cholesky_solve(&l, m, &e);
        for r in 0..6 {
            pmat[r][c] = col[r];
        }
    }
    // Edge columns of A (wrench about the base origin).
    let mu = p.friction.max(0.0);
    let edges = [
        DVec3::new(mu, 1.0, 0.0),
        DVec3::new(-mu, 1.0, 0.0),
        DVec3::new(0.0, 1.0, mu),
        DVec3::new(0.0, 1.0, -mu),
    ];
    let cols: Vec<[f64; 6]> = p
        .points
        .iter()
        .flat_map(|(_, x)| {
            edges.iter().map(move |e| {
                let mo = (*x - base.origin).cross(*e);
                [e.x, e.y, e.z, mo.x, mo.y, mo.z]
            })
        })
        .collect();
    let nb = cols.len();
    let pa: Vec<[f64; 6]> = cols
        .iter()
        .map(|c| {
            let mut o = [0.0; 6];
            for r in 0..6 {
                o[r] = (0..6).map(|k| pmat[r][k] * c[k]).sum();
            }
            o
        })
        .collect();
    let mut hm = vec![0.0; nb * nb];
    for i in 0..nb {
        for j in 0..nb {
            hm[i * nb + j] = (0..6).map(|k| cols[i][k] * pa[j][k]).sum();
        }
    }
    let sc = if nb > 0 {
        (0..nb).map(|i| hm[i * nb + i]).sum::<f64>() / nb as f64
    } else {
        0.0
    };
    for i in 0..nb {
        hm[i * nb + i] += w.regulariser.max(0.0) * sc + 1e-15;
    }
    let b: Vec<f64> = cols
        .iter()
        .map(|c| -(0..6).map(|k| c[k] * s_e0[k]).sum::<f64>())
        .collect();
    let beta = super::dense::nnls_quadratic(&hm, nb, &b);
    let mut wc = [0.0; 6];
    for (c, bk) in cols.iter().zip(&beta) {
        for k in 0..6 {
            wc[k] += c[k] * bk;
        }
    }
    let mut rhs = e0.clone();
    for k in 0..6 {
        rhs[k] += wc[k];
    }
    let nu = cholesky_solve(&l, m, &rhs);
    let mut z = z_pd;
    for (gi, nui) in g.iter().zip(&nu) {
        for (zk, gk) in z.iter_mut().zip(gi) {
            *zk += gk * nui;
        }
    }
    let forces = (0..p.points.len())
        .map(|i| (0..4).map(|k| edges[k] * beta[i * 4 + k]).sum())
        .collect();
    Some(QpSolution {
        residual_force: get(&z, n),
        residual_moment: get(&z, n + 3),
        qdd: z[..n].to_vec(),
        forces,
    })
}

#[cfg(test)]
mod tests {
    use super::super::articulated::Segment;
    use super::*;
    use posewire_body::Joint;

    /// A two-segment "leg": a 60 kg base over a 10 kg foot, at rest.
    fn body() -> ArticulatedBody {
        let seg = |joint, parent, origin: DVec3, com: DVec3, mass: f64| Segment {
            joint,
            parent,
            origin,
            com,
            rotation: posewire_body::glam::DQuat::IDENTITY,
            mass,
            inertia: DMat3::from_diagonal(DVec3::splat(0.5)),
            omega: DVec3::ZERO,
            origin_velocity: DVec3::ZERO,
        };
        ArticulatedBody {
            segments: vec![
                seg(
                    Joint::Pelvis,
                    None,
                    DVec3::new(0.0, 1.0, 0.0),
                    DVec3::new(0.0, 1.2, 0.0),
                    60.0,
                ),
                seg(
                    Joint::LeftAnkle,
                    Some(0),
                    DVec3::new(0.0, 0.1, 0.0),
                    DVec3::new(0.0, 0.05, 0.05),
                    10.0,
                ),
            ],
        }
    }

    /// The four corners of the foot (segment 1), on the floor.
    fn foot_corners() -> Vec<(usize, DVec3)> {
        [(-0.05, -0.1), (0.05, -0.1), (-0.05, 0.2), (0.05, 0.2)]
            .iter()
            .map(|(x, z)| (1, DVec3::new(*x, 0.0, *z)))
            .collect()
    }

    fn weights() -> QpWeights {
        QpWeights {
            base_linear: 70.0,
            base_angular: 10.0,
            joint: 1.0,
            residual: 1.0,
            regulariser: 1e-6,
        }
    }

    #[test]
    fn a_body_over_its_foot_stands_on_it_with_no_residual() {
        let b = body();
        let g = DVec3::new(0.0, -9.81, 0.0);
        let axes = vec![(DMat3::IDENTITY, [false; 3]), (DMat3::IDENTITY, [true; 3])];
        let points = foot_corners();
        let qdd_pd = vec![0.0; b.dofs()];
        let p = QpProblem {
            body: &b,
            qdd_pd: &qdd_pd,
            axes: &axes,
            feet: &[1],
            foot_rate: 0.0,
            points: &points,
            friction: 0.8,
            gravity: g,
        };
        let s = solve(&p, &weights()).expect("solvable");
        let total: DVec3 = s.forces.iter().copied().sum();
        assert!(
            (total.y - 70.0 * 9.81).abs() < 5.0,
            "the foot carries the weight: {total}"
        );
        assert!(s.residual_force.length() < 5.0, "{:?}", s.residual_force);
        assert!(s.qdd.iter().all(|a| a.abs() < 0.1), "{:?}", s.qdd);
        // The plan is consistent: base rows of M qdd + h equal the contact
        // wrench plus the residual.
        let gen = b.inverse_dynamics(&s.qdd, g, true);
        let want: DVec3 = s.forces.iter().copied().sum();
        assert!((get(&gen, 0) - want - s.residual_force).length() < 1e-6);
    }

    #[test]
    fn a_pull_it_cannot_get_from_the_floor_is_residual_or_not_done() {
        // Wanted: the base accelerating up at 30 m/s^2 with the foot
        // held: the floor can push, so it pushes; wanted down faster than
        // gravity, the floor cannot pull: the base falls short or the
        // residual pulls.
        let b = body();
        let g = DVec3::new(0.0, -9.81, 0.0);
        let axes = vec![(DMat3::IDENTITY, [false; 3]), (DMat3::IDENTITY, [true; 3])];
        let points = foot_corners();
        let mut qdd_pd = vec![0.0; b.dofs()];
        qdd_pd[1] = -30.0;
        let p = QpProblem {
            body: &b,
            qdd_pd: &qdd_pd,
            axes: &axes,
            feet: &[1],
            foot_rate: 0.0,
            points: &points,
            friction: 0.8,
            gravity: g,
        };
        let s = solve(&p, &weights()).expect("solvable");
        assert!(
            s.forces.iter().all(|f| f.y >= -1e-9),
            "no pull: {:?}",
            s.forces
        );
        let got = s.qdd[1];
        assert!(got > -29.0, "it cannot be pulled down that fast: {got}");
    }
}
