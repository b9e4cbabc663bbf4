//! The hand offsets' two unseen directions from the body's symmetry.
//!
//! The poses leave each hand offset open along the forearm (it trades with
//! the forearm length) and across the palm (it trades with the shoulder's
//! sideways position), see `crate::arm`. Two symmetries of the body close
//! part of that:
//!
//! - the forearms are about equally long, so the difference between the
//!   two fitted forearms is the sum of the two offsets' errors along the
//!   forearm (plus the person's own asymmetry);
//! - the shoulders' midpoint lies on the body's midline, which the head,
//!   the pelvis and the ankles also show (each through its own nominal
//!   offset), and the shoulder width has its anthropometric prior: the
//!   midpoint's sideways error is half the difference of the two offsets'
//!   errors across the palm, the width's error their sum.
//!
//! Every offset error is taken as independent with the nominal spread
//! ([`OFFSET_SIGMA_M`] per axis); the estimates are the Gaussian posterior
//! means. What stays fixed: each hand device's position in every pose (the
//! offset and the length or shoulder it trades with move together).

use posewire_body::glam::DVec3;

use crate::arm::{ArmFit, OFFSET_SIGMA_M};

/// Spread of the difference between a person's left and right forearm
/// (elbow to wrist joint), metres: a few millimetres in anthropometric
/// surveys.
const FOREARM_ASYMMETRY_SIGMA_M: f64 = 0.006;

/// Spread of a midline joint's sideways distance from the body's midline
/// in an upright stance (posture, build), metres.
const MIDLINE_SIGMA_M: f64 = 0.004;

/// Sideways positions that show the body's midline, each with the variance
/// of its error, metres and square metres.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Midline {
    /// Sideways position (along `left`).
    pub position: f64,
    /// Variance of its error.
    pub variance: f64,
}

impl Midline {
    /// A joint placed through one nominal offset.
    pub fn one_offset(position: f64) -> Self {
        Midline {
            position,
            variance: OFFSET_SIGMA_M * OFFSET_SIGMA_M,
        }
    }

    /// The midpoint of two joints, each placed through a nominal offset.
    pub fn two_offsets(position: f64) -> Self {
        Midline {
            position,
            variance: 0.5 * OFFSET_SIGMA_M * OFFSET_SIGMA_M,
        }
    }
}

/// A body's typical departures from symmetry, metres: the prior means the
/// symmetries are taken about (zero: a perfectly symmetric body).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct BodyAsymmetry {
    /// The left forearm's length minus the right one's (negative: the
    /// right forearm is longer, as in right-handed people).
    pub forearm_left_minus_right_m: f64,
    /// How far the shoulders' midpoint sits to the person's left of the
    /// midline the head, pelvis and ankles show.
    pub shoulders_left_of_midline_m: f64,
}

/// Moves each hand's offset along the forearm and across the palm (with
/// the forearm length and the shoulder it trades with) to its estimate
/// from the symmetries. `left` is the person's left (unit, horizontal);
/// `width_error` is the estimated error of the measured shoulder width
/// (measured minus the width the prior makes of it, metres); `midlines`
/// are the other joints that show the midline; `asymmetry` the body's
/// typical departures from symmetry.
pub(crate) fn symmetric_arms(
    arms: [&mut ArmFit; 2],
    left: DVec3,
    width_error: f64,
    midlines: &[Midline],
    asymmetry: BodyAsymmetry,
) {
    let var = OFFSET_SIGMA_M * OFFSET_SIGMA_M;
    let [l, r] = arms;

    // Along the forearm: z = F_l - F_r = (a_l + a_r) + asymmetry, where
    // a is the true offset minus the fitted one along the bone's x (the
    // left forearm points along +x, the right along -x).
    let z = l.forearm - r.forearm - asymmetry.forearm_left_minus_right_m;
    let along = var / (2.0 * var + FOREARM_ASYMMETRY_SIGMA_M * FOREARM_ASYMMETRY_SIGMA_M) * z;
    for (arm, sign) in [(&mut *l, 1.0), (&mut *r, -1.0)] {
        arm.hand_offset.x += along;
        arm.forearm -= sign * along;
    }

    // Across the palm: the bone's y points outward on both hands, so a
    // hand whose offset is b further out than fitted has its fitted
    // shoulder b too far out. d = (b_l - b_r) / 2 moves the shoulders'
    // midpoint, s = b_l + b_r widens them.
    // The midline as the shoulders show it.
    let mid = 0.5 * (l.shoulder + r.shoulder).dot(left) - asymmetry.shoulders_left_of_midline_m;
    let mid_var = 0.5 * var + MIDLINE_SIGMA_M * MIDLINE_SIGMA_M;
    let (mut sum, mut weight) = (mid / mid_var, 1.0 / mid_var);
    for m in midlines {
        let v = m.variance + MIDLINE_SIGMA_M * MIDLINE_SIGMA_M;
        sum += m.position / v;
        weight += 1.0 / v;
    }
    let d = mid - sum / weight;
    for (arm, b, outward) in [
        (&mut *l, 0.5 * width_error + d, left),
        (r, 0.5 * width_error - d, -left),
    ] {
        arm.hand_offset.y += b;
        arm.shoulder -= outward * b;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::Side;

    fn arm(side: Side, shoulder: DVec3, forearm: f64, offset: DVec3) -> ArmFit {
        ArmFit {
            side,
            shoulder,
            upper_arm: 0.29,
            forearm,
            hand_offset: offset,
            pose_residual_m: [0.0; 3],
            residual_m: 0.0,
            unobservable_directions: 2,
        }
    }

    /// The head, pelvis and ankles each seen on the x = 0 midline.
    fn midlines_on_the_axis() -> [Midline; 3] {
        [
            Midline::one_offset(0.0),
            Midline::one_offset(0.0),
            Midline::two_offsets(0.0),
        ]
    }

    #[test]
    fn equal_errors_along_the_forearms_are_found_and_the_hand_stays_put() {
        // Both true offsets 1 cm further along +x than fitted: the left
        // forearm fits 1 cm long, the right 1 cm short.
        let mut l = arm(
            Side::Left,
            DVec3::new(0.18, 1.4, 0.0),
            0.27,
            DVec3::new(0.08, -0.02, 0.0),
        );
        let mut r = arm(
            Side::Right,
            DVec3::new(-0.18, 1.4, 0.0),
            0.25,
            DVec3::new(-0.08, -0.02, 0.0),
        );
        let (before_l, before_r) = (l.forearm + l.hand_offset.x, r.forearm - r.hand_offset.x);
        symmetric_arms(
            [&mut l, &mut r],
            DVec3::X,
            0.0,
            &[],
            BodyAsymmetry::default(),
        );
        // Most of the 1 cm is found on each side.
        assert!((l.hand_offset.x - 0.09).abs() < 0.002, "{l:?}");
        assert!((r.hand_offset.x + 0.07).abs() < 0.002, "{r:?}");
        assert!((l.forearm - r.forearm).abs() < 0.004);
        // The hand device's position (forearm plus offset along it) kept.
        assert!((l.forearm + l.hand_offset.x - before_l).abs() < 1e-12);
        assert!((r.forearm - r.hand_offset.x - before_r).abs() < 1e-12);
    }

    #[test]
    fn a_midpoint_off_the_midline_moves_the_palms_apart_and_the_shoulders_with_them() {
        // Shoulders fitted 1 cm to the left of the head, pelvis and ankles.
        let mut l = arm(
            Side::Left,
            DVec3::new(0.19, 1.4, 0.0),
            0.26,
            DVec3::new(0.08, -0.02, 0.0),
        );
        let mut r = arm(
            Side::Right,
            DVec3::new(-0.17, 1.4, 0.0),
            0.26,
            DVec3::new(-0.08, -0.02, 0.0),
        );
        let midlines = midlines_on_the_axis();
        let (hand_l, hand_r) = (
            l.shoulder.x + l.hand_offset.y,
            r.shoulder.x - r.hand_offset.y,
        );
        symmetric_arms(
            [&mut l, &mut r],
            DVec3::X,
            0.0,
            &midlines,
            BodyAsymmetry::default(),
        );
        let mid = 0.5 * (l.shoulder.x + r.shoulder.x);
        assert!(mid.abs() < 0.004 && mid > 0.0, "midpoint {mid}");
        assert!(
            l.hand_offset.y > -0.02 && r.hand_offset.y < -0.02,
            "{l:?} {r:?}"
        );
        assert!((l.shoulder.x + l.hand_offset.y - hand_l).abs() < 1e-12);
        assert!((r.shoulder.x - r.hand_offset.y - hand_r).abs() < 1e-12);
        // The width's error is split between the two palms.
        let mut l2 = l;
        let mut r2 = r;
        let width = l2.shoulder.x - r2.shoulder.x;
        symmetric_arms(
            [&mut l2, &mut r2],
            DVec3::X,
            0.01,
            &[],
            BodyAsymmetry::default(),
        );
        assert!((l2.shoulder.x - r2.shoulder.x - (width - 0.01)).abs() < 1e-9);
    }

    #[test]
    fn a_body_asymmetric_as_the_prior_says_keeps_its_true_offsets() {
        // True offsets nominal, so the raw fit is exact: the right forearm
        // 4 mm longer than the left and the shoulders' midpoint 6 mm left
        // of the midline the head, pelvis and ankles show.
        let fit = || {
            (
                arm(
                    Side::Left,
                    DVec3::new(0.186, 1.4, 0.0),
                    0.270,
                    DVec3::new(0.08, -0.02, 0.0),
                ),
                arm(
                    Side::Right,
                    DVec3::new(-0.174, 1.4, 0.0),
                    0.274,
                    DVec3::new(-0.08, -0.02, 0.0),
                ),
            )
        };
        let midlines = midlines_on_the_axis();
        let asymmetric = BodyAsymmetry {
            forearm_left_minus_right_m: -0.004,
            shoulders_left_of_midline_m: 0.006,
        };
        let (mut l, mut r) = fit();
        symmetric_arms([&mut l, &mut r], DVec3::X, 0.0, &midlines, asymmetric);
        for (found, truth) in [(l, fit().0), (r, fit().1)] {
            assert!(
                (found.hand_offset - truth.hand_offset).length() < 1e-9,
                "{found:?}"
            );
            assert!((found.forearm - truth.forearm).abs() < 1e-9);
            assert!((found.shoulder - truth.shoulder).length() < 1e-9);
        }
        // Taken about a symmetric body, the same fit moves both offsets
        // away from the truth by more than a millimetre.
        let (mut l, mut r) = fit();
        symmetric_arms(
            [&mut l, &mut r],
            DVec3::X,
            0.0,
            &midlines,
            BodyAsymmetry::default(),
        );
        for (found, truth) in [(l, fit().0), (r, fit().1)] {
            let moved = (found.hand_offset - truth.hand_offset).length();
            assert!(moved > 0.001, "{moved} m: {found:?}");
        }
    }
}
