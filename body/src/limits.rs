//! Per-joint rotational degrees of freedom and anatomical limits for the 21
//! canonical joints.
//!
//! A joint's limits apply to its **local** rotation: the rotation of the bone
//! that starts at the joint relative to its parent bone (`parent^-1 * child`,
//! [`crate::BodyPose::local_rotation`]). Every bone's rest frame is the world
//! frame (x left, y up, z forward), so a local rotation's axes are read in the
//! parent bone's rest frame, and the identity is the T-pose.
//!
//! Rotations are split by swing-twist decomposition (`local = swing *
//! twist`): the twist turns the bone about its own rest direction, the swing
//! (about an axis perpendicular to it) moves where the bone points.
//!
//! - [`JointKind::Hinge`]: the swing must be about one hinge axis (positive =
//!   flexion, the convention of [`crate::ik`]), with an optional twist range
//!   (the elbow carries forearm pronation/supination; knees and toes none).
//! - [`JointKind::Ball`]: the swing, measured from a neutral orientation
//!   ([`BallLimits::center`]), lies inside an elliptic cone with one
//!   half-angle per direction (flexion / extension, abduction / adduction);
//!   the twist lies in a range.
//!
//! Signs are anatomical and the same on both sides: axes are given for the
//! left side and mirrored for the right (a rotation axis mirrors through the
//! body's midplane as `(x, y, z) -> (x, -y, -z)`). Positive twist is internal
//! rotation for the hip and shoulder, pronation for the forearm, inversion
//! for the foot.
//!
//! Ranges are normal active ranges of motion of healthy adults, rounded:
//! American Academy of Orthopaedic Surgeons (AAOS), *Joint Motion: Method of
//! Measuring and Recording* (1965) / Greene and Heckman, *The Clinical
//! Measurement of Joint Motion* (1994); Soucie et al. (2011), "Range of
//! motion measurements: reference values and a database for comparison
//! studies", Haemophilia 17(3):500-507; neck values from the project's
//! field notes (`REFERENCES.md`: flexion 50-64, extension 63-80, lateral
//! 45-49, rotation 80-90 degrees, about half of the rotation at C1-C2).
//! Where a range is anatomically measured from the arm hanging and our rest
//! pose is the T-pose, the cone is centred on a neutral direction instead
//! (see the shoulder in [`limits`]).

use glam::{DQuat, DVec3};

use crate::joint::{Joint, Side};

/// Limits of a hinge: the swing is a rotation about `axis` only.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HingeLimits {
    /// Hinge axis in the parent bone's rest frame (unit); a positive rotation
    /// about it is a flexion.
    pub axis: DVec3,
    /// Smallest flexion angle (negative = hyperextension), radians.
    pub min_rad: f64,
    /// Largest flexion angle, radians.
    pub max_rad: f64,
    /// The bone's own rest direction (unit, perpendicular to `axis`), the axis
    /// of the twist.
    pub twist_axis: DVec3,
    /// Smallest twist about `twist_axis`, radians (0 for a pure hinge).
    pub twist_min_rad: f64,
    /// Largest twist about `twist_axis`, radians (0 for a pure hinge).
    pub twist_max_rad: f64,
}

/// Limits of a ball-and-socket joint, as an elliptic swing cone around a
/// neutral orientation plus a twist range.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BallLimits {
    /// The neutral orientation (local rotation) the cone is measured from;
    /// identity for all joints but the shoulders. A local rotation `q` is
    /// judged as `center^-1 * q`.
    pub center: DQuat,
    /// The bone's rest direction (unit, up to sign): the twist axis. Positive
    /// twist about this exact vector is the anatomical positive named above.
    pub twist_axis: DVec3,
    /// Swing axis (unit, perpendicular to `twist_axis`): positive rotation
    /// about it is flexion, negative extension.
    pub flexion_axis: DVec3,
    /// Swing axis (unit, perpendicular to both others): positive rotation
    /// about it is abduction (lateral bending to the own left for the spine,
    /// elevation for the clavicle, radial deviation for the wrist), negative
    /// adduction.
    pub abduction_axis: DVec3,
    /// Largest flexion swing, radians.
    pub flexion_max_rad: f64,
    /// Largest extension swing, radians (a magnitude).
    pub extension_max_rad: f64,
    /// Largest abduction swing, radians.
    pub abduction_max_rad: f64,
    /// Largest adduction swing, radians (a magnitude).
    pub adduction_max_rad: f64,
    /// Smallest twist, radians.
    pub twist_min_rad: f64,
    /// Largest twist, radians.
    pub twist_max_rad: f64,
}

/// How a joint may turn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum JointKind {
    /// Any rotation (the root: the pelvis's rotation is its world rotation).
    Free,
    /// No rotation at all.
    Fixed,
    /// One flexion axis with a range, plus an optional twist range.
    Hinge(HingeLimits),
    /// Ball and socket: elliptic swing cone and twist range.
    Ball(BallLimits),
}

/// The rotational degrees of freedom and limits of one joint.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointLimits {
    /// The joint these limits belong to.
    pub joint: Joint,
    /// How it may turn.
    pub kind: JointKind,
}

fn deg(d: f64) -> f64 {
    d.to_radians()
}

/// Mirrors a rotation axis (a pseudovector) from the left side to the right.
fn mirror_axis(v: DVec3) -> DVec3 {
    DVec3::new(v.x, -v.y, -v.z)
}

/// Mirrors a rotation from the left side to the right.
fn mirror_rotation(q: DQuat) -> DQuat {
    DQuat::from_xyzw(q.x, -q.y, -q.z, q.w)
}

/// Spine-like joints (bone pointing up): flexion forward about +X, lateral
/// bending to the left about -Z, twist about +Y.
fn trunk(flexion: f64, extension: f64, lateral: f64, rotation: f64) -> JointKind {
    JointKind::Ball(BallLimits {
        center: DQuat::IDENTITY,
        twist_axis: DVec3::Y,
        flexion_axis: DVec3::X,
        abduction_axis: -DVec3::Z,
        flexion_max_rad: deg(flexion),
        extension_max_rad: deg(extension),
        abduction_max_rad: deg(lateral),
        adduction_max_rad: deg(lateral),
        twist_min_rad: -deg(rotation),
        twist_max_rad: deg(rotation),
    })
}

/// The neutral direction of the left upper arm the shoulder cone is centred
/// on: forward, out and down, about midway in the humerus's reachable range
/// (the arm's rest direction is +X, straight out sideways).
pub fn shoulder_neutral_direction() -> DVec3 {
    DVec3::new(0.6, -0.6, 0.5).normalize()
}

/// Limits of the left-side joint (the right side mirrors them).
fn left_side(joint: Joint) -> JointKind {
    use Joint::*;
    match joint {
        // Sternoclavicular joint: elevation ~30, depression ~10, protraction
        // ~20, retraction ~25, axial rotation up to ~30 degrees (approximate;
        // the clavicle is a stand-in for the whole shoulder girdle here).
        LeftClavicle => JointKind::Ball(BallLimits {
            center: DQuat::IDENTITY,
            twist_axis: DVec3::X,
            flexion_axis: -DVec3::Y, // protraction: the shoulder comes forward
            abduction_axis: DVec3::Z, // elevation: the shoulder goes up
            flexion_max_rad: deg(20.0),
            extension_max_rad: deg(25.0),
            abduction_max_rad: deg(30.0),
            adduction_max_rad: deg(10.0),
            twist_min_rad: -deg(30.0),
            twist_max_rad: deg(30.0),
        }),
        // Glenohumeral + scapulothoracic. AAOS: flexion 180, extension 60,
        // abduction 180, horizontal adduction ~130, horizontal abduction ~45,
        // internal rotation 70, external 90. From the T-pose those ranges
        // are lopsided, so the cone is centred on `shoulder_neutral_direction`
        // (forward-out-down): 130 degrees toward forward and up (reaching
        // straight overhead and across the chest), 110 toward back and down
        // (the arm hanging 60 degrees behind the body, the hand behind the
        // back); it excludes up-and-behind and through the chest. Twist is
        // measured from the shortest-arc swing of the T-pose to the neutral
        // direction. The same anatomical rotation reads differently in
        // different arm directions (Codman's paradox: from -60 at the arm
        // held forward to +50 across the chest for a neutral humerus), so
        // the range is the union of neutral +- (internal 70, external 90)
        // over the cone: loose, it only rules out grossly over-twisted arms.
        LeftShoulder => JointKind::Ball(BallLimits {
            center: DQuat::from_rotation_arc(DVec3::X, shoulder_neutral_direction()),
            twist_axis: DVec3::X,
            flexion_axis: -DVec3::Y,  // the arm swings forward
            abduction_axis: DVec3::Z, // the arm swings up
            flexion_max_rad: deg(130.0),
            extension_max_rad: deg(110.0),
            abduction_max_rad: deg(130.0),
            adduction_max_rad: deg(110.0),
            twist_min_rad: -deg(150.0),
            twist_max_rad: deg(120.0),
        }),
        // Humeroulnar hinge, flexion 0-150 (AAOS 150, Soucie ~145), about -Y
        // (flexion brings the forearm forward from the T-pose, see crate::ik);
        // radioulnar twist: pronation 80 (positive), supination 85, measured
        // from the T-pose's palm-down, thumb-forward (mid) position.
        LeftElbow => JointKind::Hinge(HingeLimits {
            axis: -DVec3::Y,
            min_rad: 0.0,
            max_rad: deg(150.0),
            twist_axis: DVec3::X,
            twist_min_rad: -deg(85.0),
            twist_max_rad: deg(80.0),
        }),
        // Wrist (AAOS): flexion 80, extension 70, radial deviation 20, ulnar
        // 30. Palm down at rest, so flexion lowers the hand (about -Z) and
        // radial deviation swings it forward toward the thumb (about -Y). No
        // twist: pronation/supination belongs to the forearm (elbow joint).
        LeftWrist => JointKind::Ball(BallLimits {
            center: DQuat::IDENTITY,
            twist_axis: DVec3::X,
            flexion_axis: -DVec3::Z,
            abduction_axis: -DVec3::Y,
            flexion_max_rad: deg(80.0),
            extension_max_rad: deg(70.0),
            abduction_max_rad: deg(20.0),
            adduction_max_rad: deg(30.0),
            twist_min_rad: 0.0,
            twist_max_rad: 0.0,
        }),
        // Hip (AAOS / Soucie): flexion 120-130, extension 20-30, abduction 45,
        // adduction 30, internal rotation 40-45, external 45. Flexion brings
        // the thigh forward (about -X), abduction out (about +Z); internal
        // rotation turns the toes inward (about -Y for the left leg).
        LeftHip => JointKind::Ball(BallLimits {
            center: DQuat::IDENTITY,
            twist_axis: -DVec3::Y,
            flexion_axis: -DVec3::X,
            abduction_axis: DVec3::Z,
            flexion_max_rad: deg(125.0),
            extension_max_rad: deg(30.0),
            abduction_max_rad: deg(45.0),
            adduction_max_rad: deg(30.0),
            twist_min_rad: -deg(45.0),
            twist_max_rad: deg(40.0),
        }),
        // Knee: hinge about +X (flexion swings the shin back), 0-150
        // (AAOS 135, Soucie ~140-145 active, more passive).
        LeftKnee => JointKind::Hinge(HingeLimits {
            axis: DVec3::X,
            min_rad: 0.0,
            max_rad: deg(150.0),
            twist_axis: -DVec3::Y,
            twist_min_rad: 0.0,
            twist_max_rad: 0.0,
        }),
        // Ankle + subtalar (AAOS): plantarflexion 50 (positive, about +X),
        // dorsiflexion 20, foot abduction (toe out) 15 / adduction 20 about
        // +Y, inversion 35 (positive twist, about -Z for the left foot) /
        // eversion 20. The twist axis is the foot's long axis, taken as +Z.
        LeftAnkle => JointKind::Ball(BallLimits {
            center: DQuat::IDENTITY,
            twist_axis: -DVec3::Z,
            flexion_axis: DVec3::X,
            abduction_axis: DVec3::Y,
            flexion_max_rad: deg(50.0),
            extension_max_rad: deg(20.0),
            abduction_max_rad: deg(15.0),
            adduction_max_rad: deg(20.0),
            twist_min_rad: -deg(20.0),
            twist_max_rad: deg(35.0),
        }),
        // Metatarsophalangeal joints: flexion (curling down, about +X) 35,
        // extension (toes up, needed at toe-off) 60 (AAOS first MTP 45/70,
        // lesser toes 40/40).
        LeftToe => JointKind::Hinge(HingeLimits {
            axis: DVec3::X,
            min_rad: -deg(60.0),
            max_rad: deg(35.0),
            twist_axis: DVec3::Z,
            twist_min_rad: 0.0,
            twist_max_rad: 0.0,
        }),
        _ => JointKind::Free,
    }
}

/// Mirrors left-side limits onto the right side.
fn mirror_kind(kind: JointKind) -> JointKind {
    match kind {
        JointKind::Hinge(h) => JointKind::Hinge(HingeLimits {
            axis: mirror_axis(h.axis),
            twist_axis: mirror_axis(h.twist_axis),
            ..h
        }),
        JointKind::Ball(b) => JointKind::Ball(BallLimits {
            center: mirror_rotation(b.center),
            twist_axis: mirror_axis(b.twist_axis),
            flexion_axis: mirror_axis(b.flexion_axis),
            abduction_axis: mirror_axis(b.abduction_axis),
            ..b
        }),
        other => other,
    }
}

/// The degrees of freedom and anatomical limits of a joint's local rotation.
pub fn limits(joint: Joint) -> JointLimits {
    let kind = match joint {
        Joint::Pelvis => JointKind::Free,
        // Lumbar spine: flexion 60, extension 25, lateral 25, rotation 10.
        Joint::Spine => trunk(60.0, 25.0, 25.0, 10.0),
        // Thoracic spine: small flexion/extension, most of the trunk's axial
        // rotation (about 30 each way).
        Joint::Chest => trunk(35.0, 20.0, 25.0, 30.0),
        // Lower cervical spine (C2-C7): the bigger share of flexion and
        // extension, half of the rotation.
        Joint::Neck => trunk(35.0, 45.0, 30.0, 45.0),
        // Upper cervical (C0-C2): totals with the neck are flexion 55,
        // extension 70, lateral 45, rotation 85 degrees.
        Joint::Head => trunk(20.0, 25.0, 15.0, 40.0),
        j => match j.side() {
            Some(Side::Right) => mirror_kind(left_side(j.mirror())),
            _ => left_side(j),
        },
    };
    JointLimits { joint, kind }
}

/// Clamps a local rotation (child relative to parent bone) into the joint's
/// limits. A rotation already inside is returned unchanged; otherwise the
/// swing is pulled radially back onto the cone (or projected onto the hinge
/// axis and clamped) and the twist clamped into its range. A non-finite or
/// zero quaternion is treated as the identity.
pub fn clamp_local(joint: Joint, local: DQuat) -> DQuat {
    limits(joint).clamp(local)
}

/// Whether a local rotation lies within the joint's limits, allowing
/// `tolerance_rad` on every angle (for a hinge, also on the off-axis swing).
pub fn within_limits(joint: Joint, local: DQuat, tolerance_rad: f64) -> bool {
    limits(joint).contains(local, tolerance_rad)
}

impl JointLimits {
    /// See [`clamp_local`].
    pub fn clamp(&self, local: DQuat) -> DQuat {
        let q = sane(local);
        if self.contains(q, 0.0) {
            return q;
        }
        match self.kind {
            JointKind::Free => q,
            JointKind::Fixed => DQuat::IDENTITY,
            JointKind::Hinge(h) => {
                let (swing, twist) = swing_twist(q, h.twist_axis);
                let flex = swing_vector(swing).dot(h.axis).clamp(h.min_rad, h.max_rad);
                let tw = twist_angle(twist, h.twist_axis).clamp(h.twist_min_rad, h.twist_max_rad);
                (DQuat::from_axis_angle(h.axis, flex) * DQuat::from_axis_angle(h.twist_axis, tw))
                    .normalize()
            }
            JointKind::Ball(b) => {
                let rel = b.center.inverse() * q;
                let (swing, twist) = swing_twist(rel, b.twist_axis);
                let v = swing_vector(swing);
                let (f, a) = clamp_ellipse(v.dot(b.flexion_axis), v.dot(b.abduction_axis), &b, 0.0);
                let tw = twist_angle(twist, b.twist_axis).clamp(b.twist_min_rad, b.twist_max_rad);
                let swing = DQuat::from_scaled_axis(b.flexion_axis * f + b.abduction_axis * a);
                (b.center * swing * DQuat::from_axis_angle(b.twist_axis, tw)).normalize()
            }
        }
    }

    /// See [`within_limits`].
    pub fn contains(&self, local: DQuat, tolerance_rad: f64) -> bool {
        let q = sane(local);
        let tol = if tolerance_rad.is_finite() {
            tolerance_rad.max(0.0)
        } else {
            0.0
        };
        match self.kind {
            JointKind::Free => true,
            JointKind::Fixed => crate::transform::angle_between(q, DQuat::IDENTITY) <= tol,
            JointKind::Hinge(h) => {
                let (swing, twist) = swing_twist(q, h.twist_axis);
                let v = swing_vector(swing);
                let flex = v.dot(h.axis);
                let off_axis = (v - h.axis * flex).length();
                let tw = twist_angle(twist, h.twist_axis);
                off_axis <= tol
                    && in_range(flex, h.min_rad, h.max_rad, tol)
                    && in_range(tw, h.twist_min_rad, h.twist_max_rad, tol)
            }
            JointKind::Ball(b) => {
                let (swing, twist) = swing_twist(b.center.inverse() * q, b.twist_axis);
                let v = swing_vector(swing);
                let tw = twist_angle(twist, b.twist_axis);
                ellipse_measure(v.dot(b.flexion_axis), v.dot(b.abduction_axis), &b, tol) <= 1.0
                    && in_range(tw, b.twist_min_rad, b.twist_max_rad, tol)
            }
        }
    }
}

fn in_range(x: f64, lo: f64, hi: f64, tol: f64) -> bool {
    x >= lo - tol && x <= hi + tol
}

/// A unit quaternion, or the identity for a non-finite or zero one.
fn sane(q: DQuat) -> DQuat {
    if q.is_finite() && q.length_squared() > 1e-12 {
        q.normalize()
    } else {
        DQuat::IDENTITY
    }
}

/// Swing-twist decomposition `q = swing * twist` about a unit `axis`: the
/// twist turns about `axis`, the swing about an axis perpendicular to it.
/// When the swing is a half turn (the twist is undefined) the twist is the
/// identity.
pub fn swing_twist(q: DQuat, axis: DVec3) -> (DQuat, DQuat) {
    let q = sane(q);
    let axis = axis.try_normalize().unwrap_or(DVec3::Y);
    let p = axis * DVec3::new(q.x, q.y, q.z).dot(axis);
    let twist = DQuat::from_xyzw(p.x, p.y, p.z, q.w);
    let twist = if twist.length_squared() > 1e-18 {
        twist.normalize()
    } else {
        DQuat::IDENTITY
    };
    ((q * twist.conjugate()).normalize(), twist)
}

/// The signed angle of a rotation about a unit `axis`, in `[-pi, pi]`
/// (meaningful for a twist from [`swing_twist`]).
pub fn twist_angle(twist: DQuat, axis: DVec3) -> f64 {
    let t = if twist.w < 0.0 { -twist } else { twist };
    2.0 * DVec3::new(t.x, t.y, t.z).dot(axis).atan2(t.w)
}

/// A rotation as axis times angle (radians, angle in `[0, pi]`).
pub fn swing_vector(q: DQuat) -> DVec3 {
    let q = if q.w < 0.0 { -q } else { q };
    let v = DVec3::new(q.x, q.y, q.z);
    let s = v.length();
    if s < 1e-15 {
        return v * 2.0;
    }
    v / s * (2.0 * s.atan2(q.w))
}

/// Per-quadrant half-angles of the cone for swing components `(f, a)`,
/// widened by `tol`.
fn cone_half_angles(f: f64, a: f64, b: &BallLimits, tol: f64) -> (f64, f64) {
    let fl = if f >= 0.0 {
        b.flexion_max_rad
    } else {
        b.extension_max_rad
    };
    let al = if a >= 0.0 {
        b.abduction_max_rad
    } else {
        b.adduction_max_rad
    };
    (fl.max(0.0) + tol, al.max(0.0) + tol)
}

/// `(f/F)^2 + (a/A)^2`: at most 1 inside the cone (infinite when a component
/// with a zero half-angle is not zero).
fn ellipse_measure(f: f64, a: f64, b: &BallLimits, tol: f64) -> f64 {
    let (fl, al) = cone_half_angles(f, a, b, tol);
    let ratio = |c: f64, l: f64| {
        if l > 0.0 {
            (c / l).powi(2)
        } else if c.abs() < 1e-12 {
            0.0
        } else {
            f64::INFINITY
        }
    };
    ratio(f, fl) + ratio(a, al)
}

/// Pulls swing components radially back onto the cone.
fn clamp_ellipse(f: f64, a: f64, b: &BallLimits, tol: f64) -> (f64, f64) {
    let (fl, al) = cone_half_angles(f, a, b, tol);
    let f = if fl > 0.0 { f } else { 0.0 };
    let a = if al > 0.0 { a } else { 0.0 };
    let m = ellipse_measure(f, a, b, tol);
    if m <= 1.0 || !m.is_finite() {
        return (f, a);
    }
    let s = 1.0 / m.sqrt();
    (f * s, a * s)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_rng::Lcg;

    /// Distance between two rotations as unit quaternions (q and -q equal);
    /// unlike an angle from `acos` it resolves tiny differences.
    fn gap(a: DQuat, b: DQuat) -> f64 {
        (a - b).length().min((a + b).length())
    }

    fn r(axis: DVec3, degrees: f64) -> DQuat {
        DQuat::from_axis_angle(axis, degrees.to_radians())
    }

    /// A rotation strictly inside the joint's limits, built from its own
    /// parameters with fractions `u`, `v`, `w` in [-1, 1].
    fn inside(kind: &JointKind, u: f64, v: f64, w: f64) -> DQuat {
        let lerp = |lo: f64, hi: f64, t: f64| lo + (t * 0.5 + 0.5) * (hi - lo);
        match kind {
            JointKind::Free => r(DVec3::new(u, v, w + 2.0).normalize(), 100.0 * u),
            JointKind::Fixed => DQuat::IDENTITY,
            JointKind::Hinge(h) => {
                r(h.axis, lerp(h.min_rad, h.max_rad, u).to_degrees())
                    * r(
                        h.twist_axis,
                        lerp(h.twist_min_rad, h.twist_max_rad, w).to_degrees(),
                    )
            }
            JointKind::Ball(b) => {
                // A direction in the (f, a) plane, scaled to 95% of the cone.
                let (f, a) = (u, v);
                let fl = if f >= 0.0 {
                    b.flexion_max_rad
                } else {
                    b.extension_max_rad
                };
                let al = if a >= 0.0 {
                    b.abduction_max_rad
                } else {
                    b.adduction_max_rad
                };
                let n = (f * f + a * a).sqrt().max(1e-9);
                let s = 0.95 / ((f / n / fl).powi(2) + (a / n / al).powi(2)).sqrt();
                let swing = DQuat::from_scaled_axis(
                    (b.flexion_axis * f / n + b.abduction_axis * a / n) * s * n.min(1.0),
                );
                let tw = lerp(b.twist_min_rad, b.twist_max_rad, w) * 0.95;
                b.center * swing * DQuat::from_axis_angle(b.twist_axis, tw)
            }
        }
    }

    #[test]
    fn axes_are_orthonormal_and_mirrored() {
        for joint in Joint::ALL {
            match limits(joint).kind {
                JointKind::Hinge(h) => {
                    assert!((h.axis.length() - 1.0).abs() < 1e-12, "{joint}");
                    assert!(h.axis.dot(h.twist_axis).abs() < 1e-12, "{joint}");
                    assert!(h.min_rad <= 0.0 + 1e-12 && h.max_rad > h.min_rad, "{joint}");
                }
                JointKind::Ball(b) => {
                    let m = [b.twist_axis, b.flexion_axis, b.abduction_axis];
                    for (i, x) in m.iter().enumerate() {
                        assert!((x.length() - 1.0).abs() < 1e-12, "{joint}");
                        for y in &m[i + 1..] {
                            assert!(x.dot(*y).abs() < 1e-12, "{joint}");
                        }
                    }
                    assert!(b.twist_min_rad <= b.twist_max_rad, "{joint}");
                }
                JointKind::Free => assert_eq!(joint, Joint::Pelvis),
                JointKind::Fixed => {}
            }
        }
        // A mirrored rotation is inside on the right exactly when it is
        // inside on the left.
        let mut rng = Lcg(5);
        for joint in Joint::ALL
            .into_iter()
            .filter(|j| j.side() == Some(Side::Left))
        {
            for _ in 0..300 {
                let q = rng.rotation();
                let m = DQuat::from_xyzw(q.x, -q.y, -q.z, q.w);
                assert_eq!(
                    within_limits(joint, q, 1e-9),
                    within_limits(joint.mirror(), m, 1e-9),
                    "{joint} {q}"
                );
            }
        }
    }

    #[test]
    fn in_range_rotations_are_unchanged() {
        let mut rng = Lcg(11);
        for joint in Joint::ALL {
            let kind = limits(joint).kind;
            for _ in 0..200 {
                let q = inside(&kind, rng.next(), rng.next(), rng.next());
                assert!(
                    within_limits(joint, q, 1e-9),
                    "{joint}: {q} should be inside"
                );
                let c = clamp_local(joint, q);
                assert!(gap(c, q) < 1e-12, "{joint}: {q} changed to {c}");
            }
        }
        // The rest pose and the calibration poses of EVALUATION.md are
        // inside on both sides.
        for joint in Joint::ALL {
            assert!(
                within_limits(joint, DQuat::IDENTITY, 0.0),
                "{joint} at rest"
            );
        }
        for s in [1.0, -1.0] {
            let (y, z) = (DVec3::Y, DVec3::Z);
            let forward = r(z, -90.0 * s) * r(y, -90.0 * s);
            let up = r(y, 180.0 * s) * r(z, 90.0 * s);
            let down = r(z, -90.0 * s);
            let (shoulder, elbow, wrist) = if s > 0.0 {
                (Joint::LeftShoulder, Joint::LeftElbow, Joint::LeftWrist)
            } else {
                (Joint::RightShoulder, Joint::RightElbow, Joint::RightWrist)
            };
            for q in [forward, down] {
                assert!(within_limits(shoulder, q, 0.0), "{shoulder} {q}");
            }
            // forearms_up: the elbow's local rotation is a 90 degree flexion.
            let local = forward.inverse() * up;
            assert!(within_limits(elbow, local, 1e-9), "{elbow}");
            let JointKind::Hinge(h) = limits(elbow).kind else {
                panic!("elbow is a hinge")
            };
            assert!(gap(local, r(h.axis, 90.0)) < 1e-9, "{elbow}: {local}");
            assert!(within_limits(wrist, DQuat::IDENTITY, 0.0));
        }
    }

    #[test]
    fn out_of_range_rotations_are_clamped_inside() {
        let mut rng = Lcg(3);
        for joint in Joint::ALL {
            let mut outside = 0;
            for _ in 0..300 {
                let q = rng.rotation();
                let c = clamp_local(joint, q);
                assert!(c.is_finite() && (c.length() - 1.0).abs() < 1e-9);
                assert!(
                    within_limits(joint, c, 1e-9),
                    "{joint}: {q} -> {c} still outside"
                );
                if !within_limits(joint, q, 1e-9) {
                    outside += 1;
                    // Clamping is idempotent.
                    let cc = clamp_local(joint, c);
                    assert!(gap(cc, c) < 1e-9, "{joint}: {q} -> {c} -> {cc}");
                }
            }
            if joint != Joint::Pelvis {
                assert!(outside > 0, "{joint}: random rotations all inside?");
            }
        }
        // Named cases.
        let knee = clamp_local(Joint::LeftKnee, r(DVec3::X, -30.0));
        assert!(gap(knee, DQuat::IDENTITY) < 1e-12, "hyperextended knee");
        let elbow = clamp_local(Joint::RightElbow, r(DVec3::Y, 170.0));
        assert!(gap(elbow, r(DVec3::Y, 150.0)) < 1e-9, "elbow past 150");
        let neck = clamp_local(Joint::Neck, r(DVec3::Y, 120.0));
        assert!(gap(neck, r(DVec3::Y, 45.0)) < 1e-9, "neck turned 120");
        assert!(
            within_limits(Joint::Spine, r(DVec3::X, 55.0), 0.0),
            "lumbar flexion"
        );
        assert!(
            !within_limits(Joint::Spine, r(DVec3::X, -35.0), 0.0),
            "lumbar extension"
        );
        let junk = DQuat::from_xyzw(f64::NAN, 0.0, 0.0, 1.0);
        assert_eq!(clamp_local(Joint::LeftHip, junk), DQuat::IDENTITY);
    }

    #[test]
    fn hinges_reject_off_axis_rotation() {
        // Knee: varus/valgus (about Z) or a twist (about Y) is not a knee.
        for joint in [Joint::LeftKnee, Joint::RightKnee] {
            assert!(
                within_limits(joint, r(DVec3::X, 90.0), 0.0),
                "{joint} flexes"
            );
            assert!(
                !within_limits(joint, r(DVec3::X, -10.0), 1e-3),
                "{joint} backwards"
            );
            for axis in [DVec3::Z, DVec3::Y] {
                let q = r(DVec3::X, 60.0) * r(axis, 10.0);
                assert!(!within_limits(joint, q, 1e-3), "{joint} off axis {axis}");
                let c = clamp_local(joint, q);
                let (a, angle) = c.to_axis_angle();
                assert!(a.distance(DVec3::X) < 1e-9 && angle > 0.5, "{joint}: {c}");
            }
        }
        // Elbow: flexes forward (about -Y on the left, +Y on the right),
        // pronates about its long axis, but does not bend sideways (about Z).
        for (joint, s) in [(Joint::LeftElbow, 1.0), (Joint::RightElbow, -1.0)] {
            let flex = r(-DVec3::Y * s, 90.0);
            assert!(within_limits(joint, flex, 0.0), "{joint} flexes");
            assert!((flex * (DVec3::X * s)).z > 0.99, "{joint}: forearm forward");
            assert!(
                within_limits(joint, flex * r(DVec3::X, 60.0), 0.0),
                "{joint} pronates"
            );
            assert!(
                !within_limits(joint, r(-DVec3::Y * s, -20.0), 1e-3),
                "{joint} backwards"
            );
            assert!(
                !within_limits(joint, flex * r(DVec3::Z, 15.0), 1e-3),
                "{joint} sideways"
            );
        }
        assert!(
            !within_limits(Joint::LeftToe, r(DVec3::Z, 20.0), 1e-3),
            "toe twist"
        );
    }

    #[test]
    fn ball_joints_have_anatomical_shapes() {
        let (x, y, z) = (DVec3::X, DVec3::Y, DVec3::Z);
        // Hip: thigh forward 100 yes, backward 60 no, out 40 yes (left: +Z).
        assert!(within_limits(Joint::LeftHip, r(-x, 100.0), 0.0));
        assert!(!within_limits(Joint::LeftHip, r(x, 60.0), 0.0));
        assert!(within_limits(Joint::LeftHip, r(z, 40.0), 0.0));
        assert!(within_limits(Joint::RightHip, r(-z, 40.0), 0.0));
        assert!(
            !within_limits(Joint::RightHip, r(z, 40.0), 0.0),
            "right adduction 40"
        );
        // Shoulder (left arm rest +X): overhead, arm hanging 60 behind,
        // across the chest are reachable; up-and-behind and through the
        // chest are not.
        let arm = |to: DVec3| DQuat::from_rotation_arc(x, to.normalize());
        for reach in [
            y,
            -y,
            z,
            DVec3::new(-0.6, 0.0, 0.8),
            DVec3::new(0.0, -0.5, -0.87),
        ] {
            assert!(
                within_limits(Joint::LeftShoulder, arm(reach), 0.0),
                "reach {reach}"
            );
        }
        for reach in [DVec3::new(-0.9, 0.0, -0.2), DVec3::new(-0.3, 0.6, -0.7)] {
            assert!(
                !within_limits(Joint::LeftShoulder, arm(reach), 0.0),
                "reach {reach}"
            );
        }
        // Wrist: flexion 70 down (palm down), no twist.
        assert!(within_limits(Joint::LeftWrist, r(-z, 70.0), 0.0));
        assert!(!within_limits(Joint::LeftWrist, r(x, 20.0), 1e-3));
        // Ankle: plantarflexion 40 (toes down), dorsiflexion 30 no.
        assert!(within_limits(Joint::LeftAnkle, r(x, 40.0), 0.0));
        assert!(!within_limits(Joint::RightAnkle, r(-x, 30.0), 0.0));
    }
}
