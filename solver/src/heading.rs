//! The head's heading kept continuous while the head is tipped far over.
//!
//! The heading of an upright head is where its face points on the floor
//! ([`yaw_of`]). As the head pitches past vertical (a dive roll, a
//! handstand) that flattened direction flips by half a turn in one tick
//! although the body did not turn. Past `hold_tilt_rad` of tilt (the head's
//! up axis against the vertical) the heading is instead carried on by the
//! head's turn about the vertical from tick to tick, which a pitch or a roll
//! does not change; below it, 20 degrees of ramp hand it back to
//! [`yaw_of`], so an upright head's heading is exactly [`yaw_of`]'s.

use std::f64::consts::PI;

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::yaw_of;

/// The tilt over which the carried heading hands back to [`yaw_of`], rad.
pub const HOLD_RAMP_RAD: f64 = 20.0 * PI / 180.0;

/// An angle wrapped to -pi..pi.
fn wrap(a: f64) -> f64 {
    (a + PI).rem_euclid(2.0 * PI) - PI
}

/// The turn about the world vertical of `to` against `from` (both world
/// rotations), radians in -pi..pi: the twist of `to * from^-1` about +Y.
pub fn turn_about_vertical(from: DQuat, to: DQuat) -> f64 {
    let d = to * from.inverse();
    wrap(2.0 * d.y.atan2(d.w))
}

/// How much of [`yaw_of`] a head tilted by `tilt` radians takes (1 up to
/// `hold - HOLD_RAMP_RAD`, 0 from `hold` on).
pub fn yaw_share(tilt: f64, hold: f64) -> f64 {
    ((hold - tilt) / HOLD_RAMP_RAD).clamp(0.0, 1.0)
}

/// The continuous heading of one head.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct HeadHeading {
    /// The last head rotation and the heading it gave.
    last: Option<(DQuat, f64)>,
}

impl HeadHeading {
    /// The heading of a head with world rotation `rotation` this tick,
    /// radians in -pi..pi. `hold_tilt_rad` <= 0 (or not finite): always
    /// [`yaw_of`], as before.
    pub fn update(&mut self, rotation: DQuat, hold_tilt_rad: f64) -> f64 {
        let measured = yaw_of(rotation);
        let heading = match self.last {
            Some((last, heading)) if hold_tilt_rad > 0.0 && hold_tilt_rad.is_finite() => {
                let carried = wrap(heading + turn_about_vertical(last, rotation));
                let up = (rotation * DVec3::Y).y.clamp(-1.0, 1.0);
                match yaw_share(up.acos(), hold_tilt_rad) {
                    // Upright: exactly where the face points.
                    share if share >= 1.0 => measured,
                    share => wrap(carried + share * wrap(measured - carried)),
                }
            }
            _ => measured,
        };
        if heading.is_finite() && rotation.is_finite() {
            self.last = Some((rotation, heading));
            heading
        } else {
            self.last = None;
            measured
        }
    }

    /// Forgets the past: the next heading is [`yaw_of`]'s.
    pub fn reset(&mut self) {
        self.last = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOLD: f64 = 75.0 * PI / 180.0;

    #[test]
    fn an_upright_head_has_the_yaw_of_its_face() {
        let mut h = HeadHeading::default();
        for k in 0..50 {
            let yaw = 0.1 * k as f64;
            let q = DQuat::from_rotation_y(yaw) * DQuat::from_rotation_x(0.4);
            assert_eq!(h.update(q, HOLD), yaw_of(q));
        }
    }

    #[test]
    fn a_forward_roll_keeps_the_heading() {
        let mut h = HeadHeading::default();
        let yaw = 0.7;
        let mut worst: f64 = 0.0;
        for k in 0..=90 {
            // Pitched forward (face down) through a whole turn.
            let pitch = 2.0 * PI * k as f64 / 90.0;
            let q = DQuat::from_rotation_y(yaw) * DQuat::from_rotation_x(pitch);
            worst = worst.max(wrap(h.update(q, HOLD) - yaw).abs());
        }
        assert!(worst < 1e-9, "heading moved {worst} rad");
        // Without the hold, yaw_of flips by half a turn upside down.
        let q = DQuat::from_rotation_y(yaw) * DQuat::from_rotation_x(0.8 * PI);
        assert!(wrap(yaw_of(q) - yaw).abs() > 3.0);
    }

    #[test]
    fn a_turn_while_upside_down_is_followed() {
        let mut h = HeadHeading::default();
        let down = DQuat::from_rotation_x(0.9 * PI);
        h.update(DQuat::IDENTITY, HOLD);
        for k in 0..=10 {
            h.update(DQuat::from_rotation_x(0.09 * PI * k as f64), HOLD);
        }
        let mut heading = 0.0;
        for k in 0..=30 {
            heading = h.update(DQuat::from_rotation_y(0.02 * k as f64) * down, HOLD);
        }
        assert!((heading - 0.6).abs() < 1e-9, "{heading}");
    }

    #[test]
    fn off_is_the_yaw_of_the_face() {
        let mut h = HeadHeading::default();
        for k in 0..=90 {
            let q = DQuat::from_rotation_y(0.3) * DQuat::from_rotation_x(0.03 * k as f64);
            assert_eq!(h.update(q, 0.0), yaw_of(q));
        }
    }
}
