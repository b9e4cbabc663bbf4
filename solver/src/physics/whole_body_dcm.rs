//! The whole-body controller's base driven by the centre of mass's
//! capture point (issue 41, part A, round 8; divergent component of
//! motion tracking, Englsberger et al. 2015).
//!
//! Instead of a PD pulling the pelvis toward the reference root, the
//! base's horizontal acceleration is the one that gives the centre of
//! mass the linear inverted pendulum's acceleration `omega0^2 (x - p)`
//! about a centre of pressure `p` held inside the standing feet:
//! `p = xi - xi_ref_dot / omega0 + (1 + k / omega0) (xi - xi_ref)`, `xi`
//! the body's capture point, `xi_ref` the reference's (from the reference
//! pose's centre of mass with the simulated segments' masses). The
//! pelvis's vertical acceleration is bounded and its turn is scaled down
//! until the planned centre of pressure lies in the support, so the plan
//! asks the feet only for what they can give.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::JointMap;

use super::articulated::ArticulatedBody;

/// Settings of the capture-point base
/// (`[solver.physics.whole_body.capture_point]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CapturePointBase {
    /// Whether the base's horizontal motion comes from the capture point
    /// (off by default: `docs/notes/own-feet.md`, round 8).
    pub enabled: bool,
    /// Gain of the capture point's error, Hz (`k = 2 pi hz`).
    pub hz: f64,
    /// How far inside the support the centre of pressure is held, m.
    pub margin_m: f64,
    /// Whether the reference capture point's rate is fed forward.
    pub feedforward: bool,
    /// Largest vertical acceleration asked of the pelvis, m/s^2.
    pub max_vertical_accel: f64,
    /// Whether the pelvis turn's acceleration is scaled down until the
    /// planned centre of pressure lies in the support (off: measured, the
    /// turn is then mostly cut to nothing and pushes of 10 N s fell).
    pub turn_cap: bool,
    /// Cut-off of the low-pass on the reference capture point's rate, Hz.
    pub rate_filter_hz: f64,
    /// Whether the pelvis turn's acceleration is changed (least change)
    /// so that the wrench the plan asks of the contacts has its centre of
    /// pressure where it was, held into the support: the base turns to
    /// carry the angular momentum the joints ask (a hip strategy).
    pub turn_solve: bool,
    /// Largest change `turn_solve` makes, rad/s^2.
    pub max_turn_change: f64,
    /// With `turn_cap`: whether the trunk's, head's and arms' wanted
    /// accelerations are scaled down with the pelvis turn (the angular
    /// momentum they ask is most of what puts the pressure outside).
    pub cap_upper_body: bool,
}

impl Default for CapturePointBase {
    fn default() -> Self {
        CapturePointBase {
            enabled: false,
            hz: 1.0,
            margin_m: 0.0,
            feedforward: true,
            max_vertical_accel: 3.0,
            turn_cap: false,
            rate_filter_hz: 4.0,
            turn_solve: false,
            max_turn_change: 40.0,
            cap_upper_body: false,
        }
    }
}

/// Where the centre of mass is aimed: a horizontal point, its velocity and
/// the rate of its capture point (all on the floor, y = 0).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ComReference {
    /// The reference centre of mass, m.
    pub com: DVec3,
    /// Its velocity, m/s.
    pub velocity: DVec3,
    /// The rate of its capture point, m/s.
    pub xi_rate: DVec3,
}

impl ComReference {
    /// A point to stand over, at rest.
    pub fn still(at: DVec3) -> ComReference {
        ComReference {
            com: flat(at),
            ..Default::default()
        }
    }

    /// The wanted centre of pressure for a body whose capture point is
    /// `xi` (`omega0` its pendulum's frequency): the capture point's
    /// error `xi - xi_ref` grows back toward zero at `k` 1/s.
    pub fn centre_of_pressure(&self, xi: DVec3, omega0: f64, k: f64, feedforward: bool) -> DVec3 {
        let omega0 = omega0.max(0.1);
        let xi_ref = self.com + self.velocity / omega0;
        let ff = if feedforward {
            self.xi_rate / omega0
        } else {
            DVec3::ZERO
        };
        flat(xi - ff + (xi - xi_ref) * (1.0 + k.max(0.0) / omega0))
    }
}

/// The reference's centre of mass over the ticks, for its velocity and
/// its capture point's rate.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ComTracker {
    last: Option<(f64, DVec3, DVec3)>,
    rate: DVec3,
}

impl ComTracker {
    /// Forgets the past (the controller stopped acting).
    pub fn reset(&mut self) {
        *self = ComTracker::default();
    }

    /// The reference at time `t` whose centre of mass is `com` (world),
    /// `omega0` its pendulum's frequency; the rate of the capture point
    /// low-passed at `filter_hz`.
    pub fn update(&mut self, t: f64, com: DVec3, omega0: f64, filter_hz: f64) -> ComReference {
        let x = flat(com);
        let omega0 = omega0.max(0.1);
        let (velocity, xi) = match self.last {
            Some((t0, x0, _)) if t - t0 > 1e-6 => {
                let v = (x - x0) / (t - t0);
                (v, x + v / omega0)
            }
            _ => (DVec3::ZERO, x),
        };
        if let Some((t0, _, xi0)) = self.last {
            let dt = t - t0;
            if dt > 1e-6 {
                let raw = (xi - xi0) / dt;
                let a = 1.0 - (-2.0 * std::f64::consts::PI * filter_hz.max(0.0) * dt).exp();
                self.rate += (raw - self.rate) * a;
            }
        }
        self.last = Some((t, x, xi));
        ComReference {
            com: x,
            velocity,
            xi_rate: self.rate,
        }
    }
}

/// The centre of mass of the reference pose (`positions`, `rotations` of
/// its bones, world) with the segments' masses and centres of mass of
/// `body` (each carried rigidly from the simulated bone to the
/// reference's).
pub fn reference_centre_of_mass(
    body: &ArticulatedBody,
    positions: &JointMap<DVec3>,
    rotations: &JointMap<DQuat>,
) -> Option<DVec3> {
    let (mut m, mut c) = (0.0, DVec3::ZERO);
    for s in &body.segments {
        let local = s.rotation.inverse() * (s.com - s.origin);
        let at = positions[s.joint] + rotations[s.joint] * local;
        m += s.mass;
        c += at * s.mass;
    }
    (m > 0.0 && c.is_finite()).then(|| c / m)
}

/// The centre of pressure on the floor (y = `floor`) of the wrench
/// `force`, `moment` (about `origin`) that the contacts are asked for;
/// `None` when it does not press on the floor.
pub fn centre_of_pressure_of(
    force: DVec3,
    moment: DVec3,
    origin: DVec3,
    floor: f64,
) -> Option<DVec3> {
    if force.y <= 1.0 {
        return None;
    }
    // Moment about p = (origin + r): M - r x F, horizontal parts zero.
    let ry = floor - origin.y;
    let rz = (ry * force.z - moment.x) / force.y;
    let rx = (moment.z + ry * force.x) / force.y;
    Some(DVec3::new(origin.x + rx, floor, origin.z + rz))
}

fn flat(v: DVec3) -> DVec3 {
    DVec3::new(v.x, 0.0, v.z)
}

/// The linear inverted pendulum's natural frequency, 1/s, for a centre of
/// mass `height` m above the floor under `gravity` m/s^2 (both held to
/// sane floors so a bad setting or a fallen body cannot give 0 or NaN).
pub(super) fn pendulum_omega(gravity: f64, height: f64) -> f64 {
    (gravity.max(0.1) / height.max(0.3)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_centre_of_pressure_of_a_wrench_is_where_its_moment_vanishes() {
        let origin = DVec3::new(0.1, 0.9, -0.2);
        let p = DVec3::new(0.25, 0.0, 0.05);
        let force = DVec3::new(30.0, 700.0, -20.0);
        // A force through p, seen about the origin.
        let moment = (p - origin).cross(force) + DVec3::Y * 3.0;
        let got = centre_of_pressure_of(force, moment, origin, 0.0).expect("presses");
        assert!((got - p).length() < 1e-9, "{got}");
        assert!(centre_of_pressure_of(-force, moment, origin, 0.0).is_none());
    }

    #[test]
    fn at_the_reference_the_centre_of_pressure_is_under_the_capture_point() {
        let r = ComReference {
            com: DVec3::new(0.0, 0.0, 0.1),
            velocity: DVec3::new(0.3, 0.0, 0.0),
            xi_rate: DVec3::ZERO,
        };
        let omega0 = 3.2;
        let xi = r.com + r.velocity / omega0;
        let p = r.centre_of_pressure(xi, omega0, 6.0, true);
        assert!((p - xi).length() < 1e-12);
        // A capture point ahead of the reference's: the pressure goes
        // farther ahead, which pulls it back.
        let p = r.centre_of_pressure(xi + DVec3::X * 0.1, omega0, 6.0, true);
        assert!(p.x > xi.x + 0.1);
    }

    #[test]
    fn the_tracker_reports_a_steady_velocity_and_no_rate_at_rest() {
        let mut t = ComTracker::default();
        let mut last = ComReference::default();
        for i in 0..90 {
            let s = i as f64 / 90.0;
            last = t.update(s, DVec3::new(0.5 * s, 0.9, 0.0), 3.3, 4.0);
        }
        assert!((last.velocity.x - 0.5).abs() < 1e-9);
        assert!(last.xi_rate.x > 0.45 && last.xi_rate.x < 0.55);
        let mut t = ComTracker::default();
        for i in 0..10 {
            last = t.update(i as f64 / 90.0, DVec3::new(0.2, 0.9, 0.1), 3.3, 4.0);
        }
        assert_eq!(last.velocity, DVec3::ZERO);
        assert_eq!(last.xi_rate, DVec3::ZERO);
    }
}
