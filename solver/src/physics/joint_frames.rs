//! Each joint's frame for the simulation: the anatomical axes of
//! `posewire_body::limits` as an orthonormal basis, and the range of each
//! axis (or locked). Rapier measures a joint's rotation per axis of this
//! frame, so limits and motors act on anatomical angles: twist, flexion and
//! abduction for ball joints, flexion for hinges.
//!
//! Hinges (knees, elbows) are pure hinges here. rapier measures each axis by
//! the matching imaginary part of the joint's quaternion, so a flexion
//! combined with a twist shows a component on the third axis; a hinge with
//! a free twist and a locked third axis therefore cannot bend and twist at
//! once (measured: a walking arm's elbow held 14 degrees off its reference).
//! The forearm's twist (pronation and supination) is simulated at the wrist,
//! whose three axes are all free, with the elbow's twist range.

use posewire_body::glam::{DMat3, DQuat, DVec3};
use posewire_body::limits::{limits, BallLimits, JointKind};

/// The elbow above a wrist (any other joint: itself).
fn forearm_of(joint: Joint) -> Joint {
    match joint {
        Joint::LeftWrist => Joint::LeftElbow,
        Joint::RightWrist => Joint::RightElbow,
        j => j,
    }
}
use posewire_body::Joint;

/// The range of one joint axis, radians, or locked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum AxisRange {
    /// The axis turns within `[min, max]`.
    Free {
        /// Lowest angle.
        min: f64,
        /// Highest angle.
        max: f64,
    },
    /// The axis does not turn.
    Locked,
}

/// How a joint is simulated.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointFrame {
    /// The neutral local rotation the angles are measured from (the centre
    /// of a shoulder's cone; identity elsewhere).
    pub center: DQuat,
    /// The joint frame in the bone's rest frame: its x, y, z axes are the
    /// joint's three anatomical axes.
    pub basis: DQuat,
    /// Range of each axis of the basis.
    pub axes: [AxisRange; 3],
}

fn range(min: f64, max: f64) -> AxisRange {
    if max - min < 1e-6 {
        AxisRange::Locked
    } else {
        AxisRange::Free { min, max }
    }
}

/// A right-handed basis from three perpendicular axes; the third axis (and
/// its range) is flipped if the three are left-handed.
fn basis(a: [DVec3; 3], mut r: [AxisRange; 3]) -> (DQuat, [AxisRange; 3]) {
    let mut c = a[2].normalize();
    if a[0].cross(a[1]).dot(c) < 0.0 {
        c = -c;
        r[2] = match r[2] {
            AxisRange::Free { min, max } => AxisRange::Free {
                min: -max,
                max: -min,
            },
            AxisRange::Locked => AxisRange::Locked,
        };
    }
    let m = DMat3::from_cols(a[0].normalize(), a[1].normalize(), c);
    (DQuat::from_mat3(&m).normalize(), r)
}

/// The simulation frame of `joint`; `None` for the pelvis (free) and the
/// toes (merged into the foot).
pub fn joint_frame(joint: Joint) -> Option<JointFrame> {
    if matches!(joint, Joint::LeftToe | Joint::RightToe) {
        return None;
    }
    match limits(joint).kind {
        JointKind::Free => None,
        JointKind::Fixed => Some(JointFrame {
            center: DQuat::IDENTITY,
            basis: DQuat::IDENTITY,
            axes: [AxisRange::Locked; 3],
        }),
        JointKind::Ball(b) => {
            // The forearm's twist (pronation, supination) is simulated at the
            // wrist: see the module documentation.
            let b = match (joint, limits(forearm_of(joint)).kind) {
                (Joint::LeftWrist | Joint::RightWrist, JointKind::Hinge(h)) => BallLimits {
                    twist_min_rad: h.twist_min_rad,
                    twist_max_rad: h.twist_max_rad,
                    ..b
                },
                _ => b,
            };
            let (basis, axes) = basis(
                [b.twist_axis, b.flexion_axis, b.abduction_axis],
                [
                    range(b.twist_min_rad, b.twist_max_rad),
                    range(-b.extension_max_rad, b.flexion_max_rad),
                    range(-b.adduction_max_rad, b.abduction_max_rad),
                ],
            );
            Some(JointFrame {
                center: b.center,
                basis,
                axes,
            })
        }
        JointKind::Hinge(h) => {
            let third = h.axis.cross(h.twist_axis);
            let (basis, axes) = basis(
                [h.axis, h.twist_axis, third],
                [
                    range(h.min_rad, h.max_rad),
                    AxisRange::Locked,
                    AxisRange::Locked,
                ],
            );
            Some(JointFrame {
                center: DQuat::IDENTITY,
                basis,
                axes,
            })
        }
    }
}

impl JointFrame {
    /// The joint's angles (rapier's measure: twice the arcsine of each
    /// imaginary component of the frame-relative rotation) for a local
    /// rotation (child bone relative to parent bone).
    pub fn angles(&self, local: DQuat) -> DVec3 {
        let mut e = self.basis.inverse() * self.center.inverse() * local * self.basis;
        if e.w < 0.0 {
            e = -e;
        }
        DVec3::new(e.x, e.y, e.z).map(|s| 2.0 * s.clamp(-1.0, 1.0).asin())
    }

    /// The joint frame's axes in the world, for a parent bone turned by
    /// `parent` (columns: the world directions of the three axes).
    pub fn world_axes(&self, parent: DQuat) -> DMat3 {
        DMat3::from_quat(parent * self.center * self.basis)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_are_rotations_with_anatomical_axes() {
        for j in Joint::ALL {
            let Some(f) = joint_frame(j) else { continue };
            assert!((f.basis.length() - 1.0).abs() < 1e-9, "{j}");
            // The rest pose sits inside every free range.
            let a = f.angles(DQuat::IDENTITY);
            for (k, r) in f.axes.iter().enumerate() {
                if let AxisRange::Free { min, max } = r {
                    assert!(
                        *min <= a[k] + 1e-9 && a[k] <= *max + 1e-9 || j.name().contains("shoulder"),
                        "{j} axis {k}: {} not in {min}..{max}",
                        a[k]
                    );
                }
            }
        }
    }

    #[test]
    fn knee_flexion_reads_on_the_hinge_axis() {
        let f = joint_frame(Joint::LeftKnee).expect("hinge");
        let a = f.angles(DQuat::from_rotation_x(0.8));
        assert!((a.x - 0.8).abs() < 1e-9, "{a}");
        assert!(a.y.abs() < 1e-9 && a.z.abs() < 1e-9);
        assert!(matches!(f.axes[2], AxisRange::Locked));
        let AxisRange::Free { min, max } = f.axes[0] else {
            panic!("the knee flexes")
        };
        assert!(min.abs() < 1e-9 && max > 2.0, "no hyperextension");
    }
}
