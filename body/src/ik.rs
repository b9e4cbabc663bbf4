//! Two-bone inverse kinematics for arms and legs, with a natural swivel.
//!
//! A limb is a chain root (shoulder/hip) -> middle (elbow/knee) -> end
//! (wrist/ankle). [`solve_two_bone`] places the middle joint by the law of
//! cosines in the plane spanned by the root->target axis and a *pole*
//! direction; [`limb_rotations`] turns that solution into the two bone
//! rotations of a [`crate::BodyPose`].
//!
//! # Hinge convention
//!
//! Every limb has a rest hinge axis ([`LimbRest::hinge_axis`]) in the rest
//! frame, chosen so that a rotation of the lower bone by a **positive** angle
//! about it is a natural **flexion**:
//!
//! - knees (both sides): +X. Rotating the shin (rest direction -Y) about +X
//!   by a positive angle swings the foot backwards (-Z).
//! - left elbow: -Y, right elbow: +Y. With the T-pose arm along +-X, palm
//!   down and the front of the arm facing forward, a positive rotation swings
//!   the forearm forward (+Z), as a real elbow flexes.
//!
//! [`limb_rotations`] always returns a lower-bone rotation equal to the upper
//! one followed by a positive rotation about the rest hinge axis (`lower =
//! upper * R(hinge, angle)`, angle in `[0, pi]`), so the local rotation of
//! the elbow or knee is a pure, non-negative flexion: the same axes and sign
//! that [`crate::limits`] uses for those hinges.
//!
//! # Which way the middle joint goes
//!
//! The middle joint always lies on the pole side of the root->end line (never
//! on the line: the chain stops at [`MAX_EXTENSION`] of its length, and never
//! folds completely either), so the solved hinge axis is `pole x axis`
//! (normalised, pole projected perpendicular to the axis). With
//! [`knee_pole`] and [`elbow_pole`] that is the anatomical hinge, so the knee
//! or elbow never bends backwards.

use glam::{DMat3, DQuat, DVec3};

use crate::conventions::{FORWARD, LEFT, UP};
use crate::joint::Side;

/// The largest fraction of its full length a chain may reach: it never
/// straightens completely, so its bend plane (and hinge axis) stays defined.
/// At 0.999 the middle joint stays flexed by at least ~5 degrees for equal
/// bones (each bone ~2.6 degrees off the root->end line).
pub const MAX_EXTENSION: f64 = 0.999;

/// How close (metres) the end must come to the target for the solution to
/// count as [`TwoBoneSolution::reached`].
pub const REACH_TOLERANCE: f64 = 1e-6;

/// Below this length (metres) a vector is treated as having no direction.
const TINY: f64 = 1e-12;

/// Result of a two-bone solve: world positions of the middle joint
/// (elbow/knee) and of the end (wrist/ankle) actually reached.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TwoBoneSolution {
    /// World position of the middle joint (elbow or knee).
    pub middle: DVec3,
    /// World position of the end of the chain (wrist or ankle).
    pub end: DVec3,
    /// Whether `end` is within [`REACH_TOLERANCE`] of the target (false also
    /// when an input was not finite and a fallback was used).
    pub reached: bool,
}

/// The rest-pose geometry [`limb_rotations`] needs: which way the upper bone
/// points at rest and the rest hinge axis (positive rotation = flexion).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LimbRest {
    /// Unit direction of the upper bone (and the straight limb) at rest.
    pub upper_dir: DVec3,
    /// Unit hinge axis at rest, perpendicular to `upper_dir`; a positive
    /// rotation of the lower bone about it is a flexion.
    pub hinge_axis: DVec3,
}

/// The rest geometry of an arm: upper arm along +X (left) or -X (right);
/// elbow hinge -Y (left) or +Y (right), so flexion swings the forearm
/// forward.
pub fn arm_rest(side: Side) -> LimbRest {
    let s = side.sign();
    LimbRest {
        upper_dir: LEFT * s,
        hinge_axis: -UP * s,
    }
}

/// The rest geometry of a leg: thigh along -Y; knee hinge +X on both sides,
/// so flexion swings the shin backwards.
pub fn leg_rest(_side: Side) -> LimbRest {
    LimbRest {
        upper_dir: -UP,
        hinge_axis: LEFT,
    }
}

/// A natural elbow pole for a body turned by `body` (a world rotation of the
/// rest frame, e.g. the heading or the chest's rotation): down, a little back
/// and a little out to the arm's side. The elbow then hangs below a hand held
/// forward and points back and out when the hand is at the side or overhead.
pub fn elbow_pole(body: DQuat, side: Side) -> DVec3 {
    let local = DVec3::new(0.3 * side.sign(), -1.0, -0.5).normalize();
    sane_rotation(body) * local
}

/// A natural knee pole for a body turned by `body` (e.g. the pelvis's
/// rotation or the heading): forward, turned a little outward so that the
/// knees do not cave in.
pub fn knee_pole(body: DQuat, side: Side) -> DVec3 {
    let local = DVec3::new(0.1 * side.sign(), 0.0, 1.0).normalize();
    sane_rotation(body) * local
}

/// Two-bone IK with the middle joint bending toward `pole`.
///
/// `root`: shoulder/hip world position; `target`: desired wrist/ankle;
/// `upper`, `lower`: bone lengths; `pole`: a world direction the middle joint
/// should bend toward (elbow: roughly back/down/out, see [`elbow_pole`];
/// knee: forward, see [`knee_pole`]). Only the part of `pole` perpendicular
/// to the root->target axis matters.
///
/// The chain never straightens past [`MAX_EXTENSION`] and never inverts: the
/// middle joint lies strictly on the pole side of the root->end line. A target
/// out of reach (too far, or too close for unequal bones) gets a chain that
/// points straight at it with the end as close as possible. Degenerate input
/// never panics and never yields NaN: a non-finite root becomes the origin, a
/// non-finite target becomes the root, non-finite or negative lengths become
/// their magnitude or zero, and a zero, non-finite or axis-parallel pole
/// falls back to world forward (+Z), or up (+Y) when the axis is near
/// forward. A target at the root gets an axis perpendicular to the pole.
pub fn solve_two_bone(
    root: DVec3,
    target: DVec3,
    upper: f64,
    lower: f64,
    pole: DVec3,
) -> TwoBoneSolution {
    solve_two_bone_swivel(root, target, upper, lower, pole, 0.0)
}

/// [`solve_two_bone`] with the bend plane turned by `swivel_rad` about the
/// root->target axis (right-handed) from the pole's plane. A swivel of 0 is
/// the pole's plane; the middle joint lies on the side of the swivelled pole.
pub fn solve_two_bone_swivel(
    root: DVec3,
    target: DVec3,
    upper: f64,
    lower: f64,
    pole: DVec3,
    swivel_rad: f64,
) -> TwoBoneSolution {
    let all_finite = root.is_finite()
        && target.is_finite()
        && upper.is_finite()
        && lower.is_finite()
        && pole.is_finite()
        && swivel_rad.is_finite();
    let root = if root.is_finite() { root } else { DVec3::ZERO };
    let target = if target.is_finite() { target } else { root };
    let a = sane_length(upper);
    let b = sane_length(lower);
    let pole = if pole.is_finite() { pole } else { DVec3::ZERO };
    let swivel = if swivel_rad.is_finite() {
        swivel_rad
    } else {
        0.0
    };

    let to_target = target - root;
    let dist = to_target.length();
    let axis = if dist > TINY {
        to_target / dist
    } else {
        axis_perpendicular_to(pole)
    };
    let bend = DQuat::from_axis_angle(axis, swivel) * bend_direction(pole, axis);

    // Reachable distances: never fully straight, never fully folded.
    let total = a + b;
    let slack = (1.0 - MAX_EXTENSION) * total;
    let c_max = MAX_EXTENSION * total;
    let c_min = ((a - b).abs() + slack).min(c_max);
    let c = dist.clamp(c_min, c_max);

    // Angle at the root between the axis and the upper bone.
    let cos_alpha = if a > TINY && c > TINY {
        ((a * a + c * c - b * b) / (2.0 * a * c)).clamp(-1.0, 1.0)
    } else {
        1.0
    };
    let sin_alpha = (1.0 - cos_alpha * cos_alpha).max(0.0).sqrt();
    let middle = root + a * (cos_alpha * axis + sin_alpha * bend);
    // Place the end from the middle so that the lower length is exact.
    let end_ideal = root + c * axis;
    let lower_dir = (end_ideal - middle).try_normalize().unwrap_or(axis);
    let end = middle + b * lower_dir;
    TwoBoneSolution {
        middle,
        end,
        reached: all_finite && (end - target).length() <= REACH_TOLERANCE,
    }
}

/// The world rotations (relative to the canonical rest pose) of the upper and
/// lower bone that carry a limb from rest to `sol`, returned as `(upper,
/// lower)`.
///
/// At rest the limb is straight along `rest_upper_dir` (e.g. +X for the left
/// upper arm, -Y for a thigh; see [`arm_rest`], [`leg_rest`]) and
/// `rest_hinge_axis` is its hinge (only its part perpendicular to the bone
/// counts). The rotations have no arbitrary twist: `upper` maps the rest
/// direction onto root->middle and the rest hinge axis onto the solved hinge
/// axis (root->middle x middle->end), and `lower = upper * R(rest_hinge_axis,
/// angle)` with the flexion angle in `[0, pi]`. Applied to the rest bone
/// vectors they reproduce `sol.middle` and `sol.end`. A straight or
/// zero-length chain keeps the hinge of the shortest-arc swing from rest.
pub fn limb_rotations(
    root: DVec3,
    sol: &TwoBoneSolution,
    rest_upper_dir: DVec3,
    rest_hinge_axis: DVec3,
) -> (DQuat, DQuat) {
    let finite = |v: DVec3| if v.is_finite() { v } else { DVec3::ZERO };
    let (root, middle, end) = (finite(root), finite(sol.middle), finite(sol.end));
    let d0 = finite(rest_upper_dir).try_normalize().unwrap_or(LEFT);
    let h0 = finite(rest_hinge_axis);
    let h0 = (h0 - d0 * h0.dot(d0))
        .try_normalize()
        .unwrap_or_else(|| d0.any_orthonormal_vector());

    let u = (middle - root).try_normalize().unwrap_or(d0);
    let l = (end - middle).try_normalize().unwrap_or(u);
    let cross = u.cross(l);
    let h = match cross.try_normalize() {
        Some(h) if cross.length() > 1e-9 => h,
        _ => {
            // Straight or fully folded: keep the hinge the shortest-arc
            // swing from rest gives it.
            let swung = DQuat::from_rotation_arc(d0, u) * h0;
            (swung - u * swung.dot(u))
                .try_normalize()
                .unwrap_or_else(|| u.any_orthonormal_vector())
        }
    };
    let angle = cross.dot(h).atan2(u.dot(l));

    let rest_frame = DMat3::from_cols(d0, h0, d0.cross(h0));
    let solved_frame = DMat3::from_cols(u, h, u.cross(h));
    let upper = DQuat::from_mat3(&(solved_frame * rest_frame.transpose())).normalize();
    let lower = (upper * DQuat::from_axis_angle(h0, angle)).normalize();
    (upper, lower)
}

/// A unit rotation, or the identity for a non-finite or zero quaternion.
fn sane_rotation(q: DQuat) -> DQuat {
    if q.is_finite() && q.length_squared() > 1e-12 {
        q.normalize()
    } else {
        DQuat::IDENTITY
    }
}

/// A usable bone length: the magnitude of a finite value, else zero.
fn sane_length(l: f64) -> f64 {
    if l.is_finite() {
        l.abs()
    } else {
        0.0
    }
}

/// The unit direction toward the pole, perpendicular to `axis`; falls back
/// to forward (or up when the axis is near forward) when the pole is zero or
/// parallel to the axis.
fn bend_direction(pole: DVec3, axis: DVec3) -> DVec3 {
    let perp = pole - axis * pole.dot(axis);
    if pole.length() > TINY && perp.length() > 1e-6 * pole.length() {
        return perp.normalize();
    }
    for fallback in [FORWARD, UP, LEFT] {
        let p = fallback - axis * fallback.dot(axis);
        if p.length() > 0.3 {
            return p.normalize();
        }
    }
    axis.any_orthonormal_vector()
}

/// An axis for a target at the root: perpendicular to the pole, preferring
/// down (a folded limb hanging), then forward.
fn axis_perpendicular_to(pole: DVec3) -> DVec3 {
    let Some(p) = pole.try_normalize() else {
        return -UP;
    };
    for candidate in [-UP, FORWARD, LEFT] {
        let perp = candidate - p * candidate.dot(p);
        if perp.length() > 0.3 {
            return perp.normalize();
        }
    }
    p.any_orthonormal_vector()
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_rng::Lcg;

    /// Distance of the middle joint from the root->end line, signed by the
    /// side of the (perpendicular part of the) pole.
    fn signed_bend(root: DVec3, sol: &TwoBoneSolution, pole: DVec3) -> f64 {
        let axis = (sol.end - root).normalize();
        let off = (sol.middle - root) - axis * (sol.middle - root).dot(axis);
        let p = (pole - axis * pole.dot(axis)).normalize();
        off.dot(p)
    }

    #[test]
    fn two_bone_reaches_random_reachable_targets() {
        let mut rng = Lcg(7);
        for case in 0..1000 {
            let root = DVec3::new(rng.next(), 1.0 + rng.next(), rng.next());
            let a = rng.range(0.2, 0.5);
            let b = rng.range(0.2, 0.5);
            let lo = (a - b).abs() + (1.0 - MAX_EXTENSION) * (a + b);
            let dist = rng.range(lo, MAX_EXTENSION * (a + b));
            let target = root + rng.unit() * dist;
            let pole = rng.unit();
            let sol = solve_two_bone(root, target, a, b, pole);
            let miss = (sol.end - target).length();
            assert!(miss < 1e-3, "case {case}: missed by {miss} m");
            assert!(sol.reached, "case {case}: not marked reached");
            assert!(((sol.middle - root).length() - a).abs() < 1e-12);
            assert!(((sol.end - sol.middle).length() - b).abs() < 1e-12);
        }
    }

    #[test]
    fn two_bone_never_bends_backwards() {
        let mut rng = Lcg(99);
        for case in 0..1000 {
            let root = DVec3::new(rng.next(), rng.next(), rng.next());
            let a = rng.range(0.1, 0.5);
            let b = rng.range(0.1, 0.5);
            // Anything from the root itself to far out of reach.
            let target = root + rng.unit() * rng.range(0.0, 1.5 * (a + b));
            let pole = rng.unit();
            let axis = target - root;
            if (pole - axis.normalize() * pole.dot(axis.normalize())).length() < 1e-3 {
                continue; // pole (nearly) along the axis: its side is undefined
            }
            let sol = solve_two_bone(root, target, a, b, pole);
            let side = signed_bend(root, &sol, pole);
            assert!(
                side > 0.0,
                "case {case}: middle joint on the wrong side ({side})"
            );
            let swivel = rng.range(-3.0, 3.0);
            let s = solve_two_bone_swivel(root, target, a, b, pole, swivel);
            let turned = DQuat::from_axis_angle(axis.normalize(), swivel) * pole;
            assert!(
                signed_bend(root, &s, turned) > 0.0,
                "case {case}: swivel side"
            );
        }
    }

    #[test]
    fn two_bone_points_straight_at_unreachable_targets() {
        let root = DVec3::new(0.1, 1.4, 0.0);
        let (a, b) = (0.3, 0.25);
        let dir = DVec3::new(0.3, -0.5, 0.8).normalize();
        let target = root + dir * 2.0;
        let sol = solve_two_bone(root, target, a, b, DVec3::new(0.0, -1.0, -0.3));
        assert!(!sol.reached);
        let reach = sol.end - root;
        assert!((reach.length() - MAX_EXTENSION * (a + b)).abs() < 1e-12);
        assert!(
            reach.normalize().dot(dir) > 1.0 - 1e-12,
            "end not on the ray"
        );
        // Nearly straight: the elbow is within a few degrees of the line.
        let bend = (sol.middle - root)
            .normalize()
            .angle_between(dir)
            .to_degrees();
        assert!(bend < 4.0, "upper bone {bend} deg off the line");
        assert!(((sol.middle - root).length() - a).abs() < 1e-12);
        assert!(((sol.end - sol.middle).length() - b).abs() < 1e-12);
        // As close as possible: nothing the chain can reach is closer.
        let best = (target - root).length() - (a + b);
        assert!((sol.end - target).length() - best < (1.0 - MAX_EXTENSION) * (a + b) + 1e-12);
    }

    #[test]
    fn two_bone_degenerate_inputs_stay_finite() {
        let root = DVec3::new(0.0, 1.0, 0.0);
        let nan = DVec3::splat(f64::NAN);
        let cases = [
            (root, root, 0.3, 0.3, DVec3::Z), // target at root
            (root, root + DVec3::X * 0.4, 0.3, 0.3, DVec3::ZERO), // zero pole
            (root, root + DVec3::Z * 0.4, 0.3, 0.3, DVec3::Z), // pole along axis
            (root, nan, 0.3, 0.3, DVec3::Z),
            (nan, root, 0.3, 0.3, DVec3::Z),
            (root, root + DVec3::X * 0.4, 0.3, 0.3, nan),
            (root, root + DVec3::X * 0.4, f64::NAN, 0.3, DVec3::Z),
            (root, root + DVec3::X * 0.4, 0.0, 0.0, DVec3::Z),
            (root, root + DVec3::X * 0.4, -0.3, f64::INFINITY, DVec3::Z),
            (root, root, 0.0, 0.3, DVec3::ZERO),
        ];
        for (i, (r, t, a, b, p)) in cases.into_iter().enumerate() {
            let sol = solve_two_bone(r, t, a, b, p);
            assert!(
                sol.middle.is_finite() && sol.end.is_finite(),
                "case {i}: {sol:?}"
            );
            let (qu, ql) = limb_rotations(r, &sol, DVec3::X, -DVec3::Y);
            assert!(qu.is_finite() && ql.is_finite(), "case {i}: rotations");
            assert!((qu.length() - 1.0).abs() < 1e-9 && (ql.length() - 1.0).abs() < 1e-9);
        }
        let sol = solve_two_bone(root, nan, 0.3, 0.3, DVec3::Z);
        assert!(!sol.reached);
        // Pole along the axis: falls back and still bends to one side.
        let sol = solve_two_bone(root, root + DVec3::Z * 0.4, 0.3, 0.3, DVec3::Z);
        assert!(sol.middle.distance(root + DVec3::Z * 0.2) > 0.1);
        let (qu, ql) = limb_rotations(DVec3::ZERO, &sol, DVec3::X, DVec3::NAN);
        assert!(qu.is_finite() && ql.is_finite());
        let junk = DQuat::from_xyzw(f64::NAN, 0.0, 0.0, 0.0);
        assert!(elbow_pole(junk, Side::Left).is_finite());
        assert!(knee_pole(DQuat::from_xyzw(0.0, 0.0, 0.0, 0.0), Side::Right).is_finite());
    }

    #[test]
    fn two_bone_limb_rotations_reproduce_the_solution() {
        let mut rng = Lcg(2024);
        for case in 0..500 {
            let side = if case % 2 == 0 {
                Side::Left
            } else {
                Side::Right
            };
            let rest = if case % 4 < 2 {
                arm_rest(side)
            } else {
                leg_rest(side)
            };
            let root = DVec3::new(rng.next(), 1.0 + rng.next(), rng.next());
            let (a, b) = (rng.range(0.2, 0.5), rng.range(0.2, 0.5));
            let target = root + rng.unit() * rng.range(0.0, 1.2 * (a + b));
            let sol = solve_two_bone(root, target, a, b, rng.unit());
            let (qu, ql) = limb_rotations(root, &sol, rest.upper_dir, rest.hinge_axis);
            let middle = root + qu * (rest.upper_dir * a);
            let end = middle + ql * (rest.upper_dir * b);
            assert!(middle.distance(sol.middle) < 1e-9, "case {case}: middle");
            assert!(end.distance(sol.end) < 1e-9, "case {case}: end");
            // No twist: both bones carry the rest hinge onto the solved hinge.
            let hinge = (sol.middle - root).cross(sol.end - sol.middle).normalize();
            assert!(
                (qu * rest.hinge_axis).distance(hinge) < 1e-9,
                "case {case}: hinge"
            );
            assert!(
                (ql * rest.hinge_axis).distance(hinge) < 1e-9,
                "case {case}: hinge"
            );
            // The local rotation is a positive rotation about the rest hinge.
            let local = qu.inverse() * ql;
            let (axis, angle) = local.to_axis_angle();
            assert!(angle > 0.0 && angle < std::f64::consts::PI);
            assert!(axis.distance(rest.hinge_axis) < 1e-6, "case {case}: {axis}");
        }
    }

    #[test]
    fn two_bone_natural_poles_bend_like_a_person() {
        // Standing leg with the ankle pulled up: the knee goes forward and
        // the flexion about the rest hinge (+X) is positive.
        let hip = DVec3::new(0.1, 0.9, 0.0);
        let pole = knee_pole(DQuat::IDENTITY, Side::Left);
        let sol = solve_two_bone(hip, hip + DVec3::new(0.0, -0.6, 0.0), 0.43, 0.43, pole);
        assert!(sol.middle.z > 0.1, "knee forward: {}", sol.middle);
        let rest = leg_rest(Side::Left);
        let (qu, ql) = limb_rotations(hip, &sol, rest.upper_dir, rest.hinge_axis);
        let (axis, angle) = (qu.inverse() * ql).to_axis_angle();
        assert!(axis.distance(DVec3::X) < 1e-9 && angle > 1.0);
        // Right hand brought toward the chest: the elbow goes down/out/back.
        let shoulder = DVec3::new(-0.18, 1.45, 0.0);
        let pole = elbow_pole(DQuat::IDENTITY, Side::Right);
        let hand = shoulder + DVec3::new(0.05, -0.1, 0.3);
        let sol = solve_two_bone(shoulder, hand, 0.3, 0.26, pole);
        assert!(sol.middle.y < shoulder.y - 0.1, "elbow below the shoulder");
        let rest = arm_rest(Side::Right);
        let (qu, ql) = limb_rotations(shoulder, &sol, rest.upper_dir, rest.hinge_axis);
        let (axis, _) = (qu.inverse() * ql).to_axis_angle();
        assert!(axis.distance(DVec3::Y) < 1e-9, "right elbow hinge +Y");
    }
}
