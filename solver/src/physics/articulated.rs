//! The simulated body's rigid-body dynamics in generalised coordinates
//! (issue 41, part A, round 5): a floating base (the pelvis: its origin's
//! velocity and its angular velocity, 6 dof) and 3 dof per joint (the
//! child's angular velocity relative to its parent, on world axes), read
//! from the segments' state in the rapier world at one instant.
//!
//! With `qd` as above, the equations of motion are `M(q) qdd + h(q, qd) =
//! tau + J^T f`: [`ArticulatedBody::inverse_dynamics`] is the recursive
//! Newton-Euler algorithm (RNEA) giving `M qdd + h`, `h` is it with `qdd =
//! 0`, and [`ArticulatedBody::mass_matrix`] is built column by column from
//! it with no velocity or gravity (the composite-rigid-body result).
//! Rows 0..3 of a generalised force are the force on the base, 3..6 its
//! moment about the pelvis origin, and each joint's 3 rows the moment
//! about the joint (world axes). rapier's reduced-coordinate multibodies
//! would give an augmented mass matrix, but the avatar is built from
//! impulse joints, so the model is computed here from the segments.

use posewire_body::glam::{DMat3, DQuat, DVec3};
use posewire_body::{Joint, JointMap};

use super::convert::v64;
use super::sim_avatar::SimAvatar;
use super::world::RapierWorld;

/// One rigid segment of the tree at the current instant (world frame).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    /// The bone it simulates.
    pub joint: Joint,
    /// Index of its parent segment (`None`: the floating base).
    pub parent: Option<usize>,
    /// The joint's position (the segment's frame origin), world.
    pub origin: DVec3,
    /// Its centre of mass, world.
    pub com: DVec3,
    /// Its rotation (the bone's), world.
    pub rotation: DQuat,
    /// Its mass, kg.
    pub mass: f64,
    /// Its rotational inertia about the centre of mass, world axes.
    pub inertia: DMat3,
    /// Its angular velocity, world.
    pub omega: DVec3,
    /// The velocity of its origin, world.
    pub origin_velocity: DVec3,
}

/// The body as a tree of segments, parents before children, the base first.
#[derive(Debug, Clone, PartialEq)]
pub struct ArticulatedBody {
    /// The segments.
    pub segments: Vec<Segment>,
}

/// A segment's spatial acceleration: angular, and its origin's linear.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SegmentAcceleration {
    /// Angular acceleration, world.
    pub angular: DVec3,
    /// Acceleration of the origin, world.
    pub origin: DVec3,
}

impl ArticulatedBody {
    /// The avatar's segments as they are in `world` now, and the index of
    /// each bone's segment (`None` for the toes, which ride on the feet).
    pub fn from_avatar(
        avatar: &SimAvatar,
        world: &RapierWorld,
    ) -> Option<(ArticulatedBody, JointMap<Option<usize>>)> {
        let mut index = JointMap::splat(None);
        let mut segments = Vec::with_capacity(Joint::COUNT);
        for j in Joint::ALL {
            let Some(h) = avatar.bodies[j] else {
                continue;
            };
            let b = world.bodies.get(h)?;
            let parent = match j.parent() {
                Some(p) => Some(index[super::sim_avatar::sim_body_of(p)]?),
                None => None,
            };
            let pose = b.position();
            let rotation = super::convert::q64(pose.rotation);
            let rot = DMat3::from_quat(rotation);
            let mp = &b.mass_properties().local_mprops;
            let local = mp.reconstruct_inertia_matrix().as_dmat3();
            let origin = v64(pose.translation);
            let com = v64(b.center_of_mass());
            let omega = v64(b.angvel());
            let segment = Segment {
                joint: j,
                parent,
                origin,
                com,
                rotation,
                mass: f64::from(b.mass()),
                inertia: rot * local * rot.transpose(),
                omega,
                origin_velocity: v64(b.linvel()) + omega.cross(origin - com),
            };
            if !(segment.origin.is_finite() && segment.com.is_finite() && omega.is_finite()) {
                return None;
            }
            index[j] = Some(segments.len());
            segments.push(segment);
        }
        if segments.first().is_none_or(|s| s.parent.is_some()) {
            return None;
        }
        Some((ArticulatedBody { segments }, index))
    }

    /// Number of generalised coordinates' rates (6 + 3 per joint).
    pub fn dofs(&self) -> usize {
        6 + 3 * self.segments.len().saturating_sub(1)
    }

    /// The first of segment `i`'s three joint rows (`i` > 0).
    pub fn joint_row(i: usize) -> usize {
        6 + 3 * (i - 1)
    }

    /// The generalised velocity of the current state.
    pub fn velocities(&self) -> Vec<f64> {
        let mut qd = vec![0.0; self.dofs()];
        let Some(base) = self.segments.first() else {
            return qd;
        };
        put(&mut qd, 0, base.origin_velocity);
        put(&mut qd, 3, base.omega);
        for (i, s) in self.segments.iter().enumerate().skip(1) {
            let p = s.parent.map_or(DVec3::ZERO, |p| self.segments[p].omega);
            put(&mut qd, Self::joint_row(i), s.omega - p);
        }
        qd
    }

    /// The same configuration moving with generalised velocity `qd`.
    pub fn with_velocities(&self, qd: &[f64]) -> ArticulatedBody {
        let mut out = self.clone();
        for i in 0..out.segments.len() {
            let (omega, v) = match out.segments[i].parent {
                None => (get(qd, 3), get(qd, 0)),
                Some(p) => {
                    let ps = out.segments[p];
                    let r = out.segments[i].origin - ps.origin;
                    (
                        ps.omega + get(qd, Self::joint_row(i)),
                        ps.origin_velocity + ps.omega.cross(r),
                    )
                }
            };
            out.segments[i].omega = omega;
            out.segments[i].origin_velocity = v;
        }
        out
    }

    /// Each segment's acceleration for generalised accelerations `qdd`
    /// (with the velocity-product terms of the current velocities when
    /// `velocity` is true).
    pub fn accelerations(&self, qdd: &[f64], velocity: bool) -> Vec<SegmentAcceleration> {
        let mut out: Vec<SegmentAcceleration> = Vec::with_capacity(self.segments.len());
        for (i, s) in self.segments.iter().enumerate() {
            let a = match s.parent {
                None => SegmentAcceleration {
                    angular: get(qdd, 3),
                    origin: get(qdd, 0),
                },
                Some(p) => {
                    let ps = &self.segments[p];
                    let pa = out[p];
                    let r = s.origin - ps.origin;
                    let mut origin = pa.origin + pa.angular.cross(r);
                    if velocity {
                        origin += ps.omega.cross(ps.omega.cross(r));
                    }
                    SegmentAcceleration {
                        angular: pa.angular + get(qdd, Self::joint_row(i)),
                        origin,
                    }
                }
            };
            out.push(a);
        }
        out
    }

    /// `M qdd + h`: the generalised forces that give accelerations `qdd`
    /// under `gravity` (the recursive Newton-Euler algorithm); with
    /// `velocity` false the velocity-product terms are left out.
    pub fn inverse_dynamics(&self, qdd: &[f64], gravity: DVec3, velocity: bool) -> Vec<f64> {
        let acc = self.accelerations(qdd, velocity);
        let n = self.segments.len();
        // Per segment: the force and the moment about its origin that its
        // subtree needs, summed from the leaves up.
        let mut force = vec![DVec3::ZERO; n];
        let mut moment = vec![DVec3::ZERO; n];
        for (i, s) in self.segments.iter().enumerate() {
            let r = s.com - s.origin;
            let mut a_com = acc[i].origin + acc[i].angular.cross(r);
            if velocity {
                a_com += s.omega.cross(s.omega.cross(r));
            }
            let f = (a_com - gravity) * s.mass;
            let mut tau = s.inertia * acc[i].angular;
            if velocity {
                tau += s.omega.cross(s.inertia * s.omega);
            }
            force[i] = f;
            moment[i] = tau + r.cross(f);
        }
        for i in (1..n).rev() {
            if let Some(p) = self.segments[i].parent {
                let r = self.segments[i].origin - self.segments[p].origin;
                let (f, m) = (force[i], moment[i]);
                force[p] += f;
                moment[p] += m + r.cross(f);
            }
        }
        let mut out = vec![0.0; self.dofs()];
        put(&mut out, 0, force[0]);
        put(&mut out, 3, moment[0]);
        for (i, m) in moment.iter().enumerate().skip(1) {
            put(&mut out, Self::joint_row(i), *m);
        }
        out
    }

    /// The bias `h(q, qd)`: gravity and the velocity products.
    pub fn bias(&self, gravity: DVec3) -> Vec<f64> {
        self.inverse_dynamics(&vec![0.0; self.dofs()], gravity, true)
    }

    /// The joint-space mass matrix `M(q)`, row-major, `dofs` x `dofs`.
    pub fn mass_matrix(&self) -> Vec<f64> {
        let n = self.dofs();
        let mut m = vec![0.0; n * n];
        let mut e = vec![0.0; n];
        for k in 0..n {
            e[k] = 1.0;
            let col = self.inverse_dynamics(&e, DVec3::ZERO, false);
            for (r, v) in col.iter().enumerate() {
                m[r * n + k] = *v;
            }
            e[k] = 0.0;
        }
        m
    }

    /// The first `k` columns of `M` (column-major: `k` vectors of `dofs`).
    pub fn mass_columns(&self, k: usize) -> Vec<Vec<f64>> {
        let n = self.dofs();
        (0..k.min(n))
            .map(|c| {
                let mut e = vec![0.0; n];
                e[c] = 1.0;
                self.inverse_dynamics(&e, DVec3::ZERO, false)
            })
            .collect()
    }

    /// The kinetic energy, summed segment by segment.
    pub fn kinetic_energy(&self) -> f64 {
        self.segments
            .iter()
            .map(|s| {
                let v = s.origin_velocity + s.omega.cross(s.com - s.origin);
                0.5 * s.mass * v.length_squared() + 0.5 * s.omega.dot(s.inertia * s.omega)
            })
            .sum()
    }

    /// `J^T f`: the generalised force of a force `f` at world point `x` on
    /// segment `i` (the contact Jacobian's transpose applied to it).
    pub fn point_force(&self, i: usize, x: DVec3, f: DVec3) -> Vec<f64> {
        let mut out = vec![0.0; self.dofs()];
        self.add_point_force(&mut out, i, x, f);
        out
    }

    /// Adds `J^T f` of a force `f` at `x` on segment `i` to `out`.
    pub fn add_point_force(&self, out: &mut [f64], i: usize, x: DVec3, f: DVec3) {
        let mut k = Some(i);
        while let Some(s) = k {
            let seg = &self.segments[s];
            let row = if seg.parent.is_some() {
                Self::joint_row(s)
            } else {
                add(out, 0, f);
                3
            };
            add(out, row, (x - seg.origin).cross(f));
            k = seg.parent;
        }
    }

    /// The segments from `i` up to the base's child (the joints between
    /// segment `i` and the base), child first.
    pub fn path(&self, i: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut k = i;
        while let Some(p) = self.segments[k].parent {
            out.push(k);
            k = p;
        }
        out
    }
}

/// Reads three entries of `v` from `at` as a vector.
pub(crate) fn get(v: &[f64], at: usize) -> DVec3 {
    DVec3::new(v[at], v[at + 1], v[at + 2])
}

/// Writes a vector into three entries of `v` from `at`.
pub(crate) fn put(v: &mut [f64], at: usize, x: DVec3) {
    v[at] = x.x;
    v[at + 1] = x.y;
    v[at + 2] = x.z;
}

/// Adds a vector to three entries of `v` from `at`.
pub(crate) fn add(v: &mut [f64], at: usize, x: DVec3) {
    v[at] += x.x;
    v[at + 1] += x.y;
    v[at + 2] += x.z;
}

#[cfg(test)]
mod tests {
    use super::super::dense::cholesky;
    use super::*;

    /// A small deterministic pseudo-random stream.
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
        }
        fn vec(&mut self) -> DVec3 {
            DVec3::new(self.next(), self.next(), self.next())
        }
    }

    /// A branching tree of 7 segments in a random pose and motion.
    fn tree(seed: u64) -> ArticulatedBody {
        let mut r = Lcg(seed);
        let parents = [None, Some(0), Some(1), Some(0), Some(3), Some(0), Some(5)];
        let mut segments: Vec<Segment> = Vec::new();
        for (i, p) in parents.iter().enumerate() {
            let origin = match p {
                None => r.vec(),
                Some(p) => segments[*p].origin + r.vec() * 0.4,
            };
            let rotation = DQuat::from_scaled_axis(r.vec() * 2.0);
            let rot = DMat3::from_quat(rotation);
            let diag = DVec3::new(0.05, 0.08, 0.11) + r.vec().abs() * 0.05;
            segments.push(Segment {
                joint: Joint::ALL[i],
                parent: *p,
                origin,
                com: origin + r.vec() * 0.2,
                rotation,
                mass: 1.0 + 5.0 * r.next().abs(),
                inertia: rot * DMat3::from_diagonal(diag) * rot.transpose(),
                omega: DVec3::ZERO,
                origin_velocity: DVec3::ZERO,
            });
        }
        let body = ArticulatedBody { segments };
        let qd: Vec<f64> = (0..body.dofs()).map(|_| r.next() * 2.0).collect();
        body.with_velocities(&qd)
    }

    #[test]
    fn the_mass_matrix_is_symmetric_positive_definite() {
        for seed in 1..6 {
            let b = tree(seed);
            let n = b.dofs();
            let m = b.mass_matrix();
            for i in 0..n {
                for j in 0..n {
                    let (a, c) = (m[i * n + j], m[j * n + i]);
                    assert!(
                        (a - c).abs() < 1e-9 * (1.0 + a.abs()),
                        "M[{i},{j}] {a} vs {c}"
                    );
                }
            }
            assert!(cholesky(&m, n).is_some(), "M not positive definite");
        }
    }

    #[test]
    fn the_kinetic_energy_is_half_qd_m_qd() {
        for seed in 1..6 {
            let b = tree(seed);
            let n = b.dofs();
            let qd = b.velocities();
            let m = b.mass_matrix();
            let mut quad = 0.0;
            for i in 0..n {
                for j in 0..n {
                    quad += qd[i] * m[i * n + j] * qd[j];
                }
            }
            let t = b.kinetic_energy();
            assert!(t > 0.1, "a moving body has kinetic energy: {t}");
            assert!((0.5 * quad - t).abs() < 1e-9 * t, "{} vs {t}", 0.5 * quad);
        }
    }

    #[test]
    fn the_mass_matrix_is_the_hessian_of_the_kinetic_energy() {
        // Finite differences of T(qd) = the segment-wise sum: d2T/dqd_i dqd_j.
        let b = tree(7);
        let n = b.dofs();
        let m = b.mass_matrix();
        let qd0 = b.velocities();
        let t = |qd: &[f64]| b.with_velocities(qd).kinetic_energy();
        let h = 1e-3;
        for (i, j) in [(0, 0), (1, 4), (3, 5), (6, 9), (8, 20), (2, 14), (15, 15)] {
            let mut q = qd0.clone();
            let mut at = |di: f64, dj: f64| {
                q.copy_from_slice(&qd0);
                q[i] += di;
                q[j] += dj;
                t(&q)
            };
            let d2 = (at(h, h) - at(h, -h) - at(-h, h) + at(-h, -h)) / (4.0 * h * h);
            let want = m[i * n + j];
            assert!(
                (d2 - want).abs() < 1e-5 * (1.0 + want.abs()),
                "M[{i},{j}] {want} vs {d2}"
            );
        }
    }

    #[test]
    fn a_free_body_falls_with_no_force() {
        // At rest, qdd = gravity on the base and 0 on the joints needs no
        // generalised force at all; with qdd = 0 the base carries the weight.
        let g = DVec3::new(0.0, -9.81, 0.0);
        let b = tree(3).with_velocities(&[0.0; 24]);
        let mut qdd = vec![0.0; b.dofs()];
        put(&mut qdd, 0, g);
        let f = b.inverse_dynamics(&qdd, g, true);
        assert!(f.iter().all(|v| v.abs() < 1e-9), "{f:?}");
        let h = b.bias(g);
        let mass: f64 = b.segments.iter().map(|s| s.mass).sum();
        assert!((get(&h, 0) - DVec3::new(0.0, mass * 9.81, 0.0)).length() < 1e-9);
    }

    #[test]
    fn inverse_dynamics_is_m_qdd_plus_h() {
        // The full RNEA at any qdd is the bias plus the mass matrix times qdd.
        let b = tree(11);
        let n = b.dofs();
        let qd = b.velocities();
        let m = b.mass_matrix();
        let qdd: Vec<f64> = (0..n).map(|i| ((i * 7) % 5) as f64 - 2.0).collect();
        let g = DVec3::new(0.0, -9.81, 0.0);
        let full = b.inverse_dynamics(&qdd, g, true);
        let h = b.bias(g);
        for r in 0..n {
            let mq: f64 = (0..n).map(|c| m[r * n + c] * qdd[c]).sum();
            assert!(
                (full[r] - h[r] - mq).abs() < 1e-9 * (1.0 + mq.abs()),
                "row {r}"
            );
        }
        assert_eq!(qd.len(), n);
    }

    #[test]
    fn a_point_force_is_the_jacobian_transpose() {
        // Power: f . v(x) == (J^T f) . qd for the point's velocity v(x).
        let b = tree(5);
        let qd = b.velocities();
        let (i, x, f) = (
            6,
            b.segments[6].com + DVec3::new(0.1, -0.2, 0.05),
            DVec3::new(3.0, -1.0, 2.0),
        );
        let s = b.segments[i];
        let v = s.origin_velocity + s.omega.cross(x - s.origin);
        let jf = b.point_force(i, x, f);
        let power: f64 = jf.iter().zip(&qd).map(|(a, b)| a * b).sum();
        assert!((power - f.dot(v)).abs() < 1e-9, "{power} vs {}", f.dot(v));
    }
}
