//! A bone's twist about its own axis against its parent, limited to what
//! a spine can turn (`IkSettings::chest_max_twist_rad`).

use std::f64::consts::PI;

use posewire_body::glam::DQuat;

/// An angle wrapped to -pi..pi.
fn wrap(a: f64) -> f64 {
    (a + PI).rem_euclid(2.0 * PI) - PI
}

/// A twist of `twist` radians limited to `limit`: unchanged within it,
/// beyond it fading linearly to none at a half turn, so that a twist which
/// flips sign there (a heading read from an upside-down head) moves
/// smoothly through it (`limit` <= 0 or >= pi: unchanged, wrapped).
pub fn limited_twist(twist: f64, limit: f64) -> f64 {
    let a = wrap(twist);
    if limit <= 0.0 || limit >= PI || a.abs() <= limit {
        return a;
    }
    a.signum() * limit * (PI - a.abs()) / (PI - limit)
}

/// The twist of `child` about its own y axis against `parent` (both world
/// rotations), radians in -pi..pi: `parent^-1 * child = swing * twist`.
pub fn twist_about_y(parent: DQuat, child: DQuat) -> f64 {
    let rel = parent.inverse() * child;
    wrap(2.0 * rel.y.atan2(rel.w))
}

/// `child` with its twist against `parent` limited as [`limited_twist`]
/// does; its swing (where its y axis points) is kept.
pub fn limit_twist(parent: DQuat, child: DQuat, limit: f64) -> DQuat {
    if limit <= 0.0 {
        return child;
    }
    let twist = twist_about_y(parent, child);
    let limited = limited_twist(twist, limit);
    if (limited - twist).abs() < 1e-12 {
        return child;
    }
    child * DQuat::from_rotation_y(wrap(limited - twist))
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::glam::DVec3;

    const LIMIT: f64 = 60.0 * PI / 180.0;

    #[test]
    fn twists_within_the_limit_are_kept_and_larger_ones_fade_to_none_at_a_half_turn() {
        for deg in [-60.0_f64, -30.0, 0.0, 10.0, 59.0] {
            let a = deg.to_radians();
            assert!((limited_twist(a, LIMIT) - a).abs() < 1e-12, "{deg}");
        }
        assert!((limited_twist(120f64.to_radians(), LIMIT) - 30f64.to_radians()).abs() < 1e-9);
        assert!((limited_twist(-120f64.to_radians(), LIMIT) + 30f64.to_radians()).abs() < 1e-9);
        // Through the half turn the limited twist moves smoothly (a flip of
        // the raw twist from +179 to -179 degrees moves it by 1 degree).
        let just_below = limited_twist(179f64.to_radians(), LIMIT);
        let just_over = limited_twist(181f64.to_radians(), LIMIT);
        assert!((just_below - just_over).abs() < 1.01f64.to_radians());
        // Never more than the limit, anywhere.
        for k in -720..=720 {
            let a = f64::from(k).to_radians();
            assert!(limited_twist(a, LIMIT).abs() <= LIMIT + 1e-12, "{k}");
        }
        // Off: only wrapped.
        assert!((limited_twist(2.0, 0.0) - 2.0).abs() < 1e-12);
    }

    #[test]
    fn a_chest_twisted_past_the_limit_keeps_its_axis_and_is_turned_back() {
        // The pelvis turned and tilted; the chest bent forward 100 degrees
        // over it and twisted 140 degrees about its own axis.
        let pelvis = DQuat::from_rotation_y(0.7) * DQuat::from_rotation_x(0.3);
        let swing = DQuat::from_rotation_x(100f64.to_radians());
        let chest = pelvis * swing * DQuat::from_rotation_y(140f64.to_radians());
        let limited = limit_twist(pelvis, chest, LIMIT);
        let axis = |q: DQuat| q * DVec3::Y;
        assert!((axis(limited) - axis(chest)).length() < 1e-9);
        let twist = twist_about_y(pelvis, limited).to_degrees();
        assert!((twist - 20.0).abs() < 1e-6, "twist {twist}");
        // A chest within the limit is left as it is.
        let calm = pelvis * swing * DQuat::from_rotation_y(0.5);
        assert!(limit_twist(pelvis, calm, LIMIT).angle_between(calm) < 1e-6);
        assert!(limit_twist(pelvis, chest, 0.0).angle_between(chest) < 1e-6);
    }
}
