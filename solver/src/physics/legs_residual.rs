//! The bounded residual on the pelvis while the stepping legs carry the
//! body (`[solver.physics.simbicon_legs.residual]`, off by default):
//! Residual Force Control (Yuan and Kitani, NeurIPS 2020) on the root
//! spring's six motors. A PD pulls the pelvis along the floor toward the
//! person's pelvis and turns it toward upright at the legs' heading; its
//! horizontal force is capped in magnitude at a share of the body's
//! weight, its torque at a few N m per kg, and it has no vertical axis: the
//! feet carry the weight, the legs step under the pulled body.

use posewire_body::glam::{DQuat, DVec3};

/// Standard gravity the force cap is a share of, m/s^2.
const G: f64 = 9.81;

/// Settings of the legs' residual (`[solver.physics.simbicon_legs.residual]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LegsResidual {
    /// The horizontal force's cap, a share of the body's weight (0, the
    /// default: no residual).
    pub force_share: f64,
    /// The torque's cap, N m per kg of body mass.
    pub torque_n_m_kg: f64,
    /// Natural frequency of the horizontal PD on the whole body's mass, Hz.
    pub hz: f64,
    /// Natural frequency of the upright and heading PD on the whole body's
    /// inertia about the pelvis, Hz.
    pub torque_hz: f64,
    /// Damping ratio of both.
    pub damping_ratio: f64,
    /// While the body staggers, pull toward the person's pelvis (true) or
    /// toward the drive's, which the stagger keeps within a few centimetres
    /// of where the body is (false, the default).
    pub toward_person: bool,
}

impl Default for LegsResidual {
    fn default() -> Self {
        LegsResidual {
            force_share: 0.0,
            torque_n_m_kg: 1.0,
            hz: 1.0,
            torque_hz: 2.0,
            damping_ratio: 1.0,
            toward_person: false,
        }
    }
}

impl LegsResidual {
    /// Whether it acts (a positive, finite force share).
    pub fn enabled(&self) -> bool {
        self.force_share.is_finite() && self.force_share > 0.0
    }

    /// The root spring's motors for a body of `mass` kg and `inertia`
    /// kg m^2 about its pelvis (`None` when off). Each horizontal axis is
    /// capped at the force cap over sqrt 2 and each angular one at the
    /// torque cap over sqrt 3, so the force's magnitude never exceeds
    /// [`LegsResidual::force_share`] of the weight, nor the torque's its cap.
    pub fn motors(&self, mass: f64, inertia: f64) -> Option<RootMotors> {
        if !(self.enabled() && mass.is_finite() && mass > 0.0) {
            return None;
        }
        let finite = |v: f64| if v.is_finite() { v.max(0.0) } else { 0.0 };
        let inertia = finite(inertia);
        let zeta = finite(self.damping_ratio);
        let w = 2.0 * std::f64::consts::PI * finite(self.hz);
        let wt = 2.0 * std::f64::consts::PI * finite(self.torque_hz);
        let force = self.force_share.min(1.0) * mass * G / std::f64::consts::SQRT_2;
        let torque = finite(self.torque_n_m_kg) * mass / 3f64.sqrt();
        let lin = Motor {
            kp: mass * w * w,
            kd: 2.0 * zeta * mass * w,
            cap: force,
        };
        let ang = Motor {
            kp: inertia * wt * wt,
            kd: 2.0 * zeta * inertia * wt,
            cap: torque,
        };
        Some(RootMotors {
            axes: [lin, Motor::OFF, lin, ang, ang, ang],
        })
    }
}

/// One motor of the root spring: stiffness, damping and the cap of its
/// force (or torque).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Motor {
    /// Stiffness, N/m or N m/rad.
    pub kp: f64,
    /// Damping, N s/m or N m s/rad.
    pub kd: f64,
    /// The largest force (torque) it gives, N (N m).
    pub cap: f64,
}

impl Motor {
    /// A motor that does nothing.
    pub const OFF: Motor = Motor {
        kp: 0.0,
        kd: 0.0,
        cap: 0.0,
    };

    /// Its force for an offset `x` and a rate `v` toward its target.
    fn law(&self, x: f64, v: f64) -> f64 {
        let f = self.kp * x + self.kd * v;
        if f.is_finite() {
            f.clamp(-self.cap, self.cap)
        } else {
            0.0
        }
    }
}

/// The root spring's six motors (the anchor's frame: linear x, y, z, then
/// angular x, y, z), as rapier applies them.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RootMotors {
    /// The motors per axis.
    pub axes: [Motor; 6],
}

impl RootMotors {
    /// The force and torque (world axes) the motors give for the pelvis
    /// `offset` from the anchor (anchor minus pelvis) and their relative
    /// velocity `dv`, turn `turn` (the rotation vector from the pelvis to
    /// the anchor) and relative rate `dw`; `anchor` is the anchor's
    /// rotation, whose axes the motors act along.
    pub fn wrench(
        &self,
        anchor: DQuat,
        (offset, dv): (DVec3, DVec3),
        (turn, dw): (DVec3, DVec3),
    ) -> (DVec3, DVec3) {
        let local = |v: DVec3| anchor.inverse() * v;
        let per_axis = |x: DVec3, v: DVec3, first: usize| {
            let (x, v) = (local(x), local(v));
            let m = &self.axes[first..first + 3];
            anchor * DVec3::new(m[0].law(x.x, v.x), m[1].law(x.y, v.y), m[2].law(x.z, v.z))
        };
        (per_axis(offset, dv, 0), per_axis(turn, dw, 3))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on() -> LegsResidual {
        LegsResidual {
            force_share: 0.1,
            ..LegsResidual::default()
        }
    }

    #[test]
    fn off_by_default_and_for_bad_values() {
        assert!(LegsResidual::default().motors(75.0, 10.0).is_none());
        for share in [f64::NAN, -0.1, f64::INFINITY] {
            let r = LegsResidual {
                force_share: share,
                ..on()
            };
            assert!(r.motors(75.0, 10.0).is_none(), "{share}");
        }
        assert!(on().motors(f64::NAN, 10.0).is_none());
    }

    #[test]
    fn never_above_its_caps_and_never_vertical() {
        let mass = 75.0;
        let m = on().motors(mass, 12.0).expect("on");
        let force_cap = 0.1 * mass * G;
        let torque_cap = 1.0 * mass;
        // Upright and tilted anchors; offsets small and huge, every way.
        let anchors = [
            DQuat::IDENTITY,
            DQuat::from_rotation_y(1.1),
            DQuat::from_rotation_y(-2.5),
        ];
        let mut biggest: f64 = 0.0;
        for (k, anchor) in anchors.into_iter().enumerate() {
            for i in 0..200 {
                let a = i as f64 * 0.37 + k as f64;
                let dir = DVec3::new(a.cos(), (1.7 * a).sin(), (0.9 * a).sin());
                let size = [0.001, 0.05, 3.0, 1e6][i % 4];
                let (f, t) = m.wrench(anchor, (dir * size, -dir * size), (dir * size, dir));
                assert!(f.y.abs() < 1e-9, "vertical force {f}");
                let flat = DVec3::new(f.x, 0.0, f.z).length();
                assert!(flat <= force_cap + 1e-9, "{flat} N > {force_cap}");
                assert!(t.length() <= torque_cap + 1e-9, "{} N m", t.length());
                biggest = biggest.max(flat);
            }
        }
        // The cap binds (it is not a cap that a large offset cannot reach).
        assert!(biggest > 0.95 * force_cap, "{biggest}");
        // Not-a-number offsets give nothing, not a NaN force.
        let (f, t) = m.wrench(
            DQuat::IDENTITY,
            (DVec3::NAN, DVec3::ZERO),
            (DVec3::NAN, DVec3::ZERO),
        );
        assert!(f == DVec3::ZERO && t == DVec3::ZERO);
    }

    #[test]
    fn pulls_toward_the_anchor_and_against_the_relative_velocity() {
        let m = on().motors(75.0, 12.0).expect("on");
        let (f, _) = m.wrench(
            DQuat::IDENTITY,
            (DVec3::new(0.001, 0.0, 0.0), DVec3::ZERO),
            (DVec3::ZERO, DVec3::ZERO),
        );
        // Linear below the cap: 75 kg (2 pi)^2 1/s^2 x 1 mm.
        let kp = 75.0 * (2.0 * std::f64::consts::PI).powi(2);
        assert!((f.x - kp * 0.001).abs() < 1e-9 && f.z == 0.0, "{f}");
        let (f, _) = m.wrench(
            DQuat::IDENTITY,
            (DVec3::ZERO, DVec3::new(0.0, 5.0, -0.01)),
            (DVec3::ZERO, DVec3::ZERO),
        );
        assert!(f.z < 0.0 && f.y == 0.0, "{f}");
    }
}
