//! The three calibration poses as bone rotations (EVALUATION.md section 1
//! item 6): what each bone's world rotation is, relative to the rest pose,
//! while a person facing +Z holds a pose.

use posewire_body::formats::CalibrationPose;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::rotation_deg;
use posewire_body::{Joint, Side};

/// The part of an arm a bone belongs to, as far as the poses care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ArmPart {
    /// The shoulder bone (upper arm).
    Upper,
    /// The elbow and wrist bones (forearm and hand).
    Lower,
}

fn arm_part(joint: Joint) -> Option<(Side, ArmPart)> {
    match joint {
        Joint::LeftShoulder => Some((Side::Left, ArmPart::Upper)),
        Joint::RightShoulder => Some((Side::Right, ArmPart::Upper)),
        Joint::LeftElbow | Joint::LeftWrist => Some((Side::Left, ArmPart::Lower)),
        Joint::RightElbow | Joint::RightWrist => Some((Side::Right, ArmPart::Lower)),
        _ => None,
    }
}

/// The world rotation (relative to rest) of `joint`'s bone while a person
/// facing +Z holds `pose`.
///
/// Every bone keeps its rest rotation except the arm bones: for the left arm
/// `arms_forward` turns all three by `Rz(-90) * Ry(-90)` (arm forward, palm
/// facing -X), `forearms_up` turns the elbow and wrist bones by
/// `Ry(180) * Rz(90)` (forearm up) and `arms_down` turns all three by
/// `Rz(-90)`. The right arm mirrors the angles. A person facing heading `h`
/// holds `yaw_rotation(h) * bone_rotation(joint, pose)`.
pub fn bone_rotation(joint: Joint, pose: CalibrationPose) -> DQuat {
    let Some((side, part)) = arm_part(joint) else {
        return DQuat::IDENTITY;
    };
    let s = side.sign();
    let forward = rotation_deg(DVec3::Z, -90.0 * s) * rotation_deg(DVec3::Y, -90.0 * s);
    match (pose, part) {
        (CalibrationPose::ArmsForward, _) | (CalibrationPose::ForearmsUp, ArmPart::Upper) => {
            forward
        }
        (CalibrationPose::ForearmsUp, ArmPart::Lower) => {
            rotation_deg(DVec3::Y, 180.0 * s) * rotation_deg(DVec3::Z, 90.0 * s)
        }
        // `hands_on_hips` has no fixed arm rotation (it depends on the
        // body's proportions); calibration reads it from the devices, so
        // the arms-down rotation stands in for it here.
        (CalibrationPose::ArmsDown | CalibrationPose::HandsOnHips, _) => {
            rotation_deg(DVec3::Z, -90.0 * s)
        }
    }
}

/// The direction (person facing +Z) in which the bone starting at an arm
/// joint points during `pose`: the rest direction `side * X` turned by
/// [`bone_rotation`].
pub fn arm_bone_direction(joint: Joint, pose: CalibrationPose) -> DVec3 {
    let s = joint.side().map_or(1.0, Side::sign);
    bone_rotation(joint, pose) * DVec3::new(s, 0.0, 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: DVec3, b: DVec3) -> bool {
        (a - b).length() < 1e-12
    }

    #[test]
    fn calibration_poses_point_the_arms_as_described() {
        use CalibrationPose::*;
        for (upper, lower, palm_axis_sign) in [
            (Joint::LeftShoulder, Joint::LeftElbow, -1.0),
            (Joint::RightShoulder, Joint::RightElbow, 1.0),
        ] {
            assert!(close(arm_bone_direction(upper, ArmsForward), DVec3::Z));
            assert!(close(arm_bone_direction(lower, ArmsForward), DVec3::Z));
            assert!(close(arm_bone_direction(upper, ForearmsUp), DVec3::Z));
            assert!(close(arm_bone_direction(lower, ForearmsUp), DVec3::Y));
            assert!(close(arm_bone_direction(upper, ArmsDown), -DVec3::Y));
            assert!(close(arm_bone_direction(lower, ArmsDown), -DVec3::Y));
            // Palms (bone -Y at rest) face each other in every pose.
            for pose in CalibrationPose::ALL {
                let palm = bone_rotation(lower, pose) * -DVec3::Y;
                assert!(
                    close(palm, DVec3::new(palm_axis_sign, 0.0, 0.0)),
                    "{lower} {pose:?}: palm {palm}"
                );
            }
        }
        assert_eq!(bone_rotation(Joint::Head, ArmsDown), DQuat::IDENTITY);
        assert_eq!(
            bone_rotation(Joint::LeftAnkle, ArmsForward),
            DQuat::IDENTITY
        );
    }
}
