//! Which way the person faced during calibration, from where the hands went.

use posewire_body::formats::CalibrationPose;
use posewire_body::glam::DVec3;
use posewire_body::transform::heading_of;
use posewire_body::Device;

use crate::error::CalibrationError;
use crate::rows::{mean_position, Row};

/// The facing direction found from the hands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Heading {
    /// Yaw about +Y, radians (0 faces +Z).
    pub heading: f64,
    /// The heading implied by the line from the right hand to the left hand
    /// (a cross-check; less precise, since it depends on the unknown
    /// left-right asymmetry of the hand offsets).
    pub heading_from_sides: f64,
}

/// Less horizontal hand travel than this between `arms_down` and the two
/// raised poses (summed over both hands and both poses) means the poses were
/// not held as asked.
const MIN_FORWARD_TRAVEL_M: f64 = 0.4;

/// Estimates the heading.
///
/// In `arms_forward` and `forearms_up` the hands are ahead of where they hang
/// in `arms_down`, and for a straight arm the horizontal difference points
/// exactly forward whatever the hand offsets are, so the sum of those
/// differences gives the heading. The left-right line between the hands is
/// returned as a cross-check.
pub(crate) fn estimate(rows: &[Row]) -> Result<Heading, CalibrationError> {
    let flat = |v: DVec3| DVec3::new(v.x, 0.0, v.z);
    let mean = |device, pose| {
        mean_position(rows, device, Some(pose)).ok_or(CalibrationError::TooFewSamples {
            pose,
            device,
            found: 0,
            needed: 1,
        })
    };
    let mut forward = DVec3::ZERO;
    let mut left = DVec3::ZERO;
    for hand in [Device::LeftHand, Device::RightHand] {
        let down = mean(hand, CalibrationPose::ArmsDown)?;
        for raised in [CalibrationPose::ArmsForward, CalibrationPose::ForearmsUp] {
            forward += flat(mean(hand, raised)? - down);
        }
    }
    for pose in CalibrationPose::ALL {
        left += flat(mean(Device::LeftHand, pose)? - mean(Device::RightHand, pose)?);
    }
    if forward.length() < MIN_FORWARD_TRAVEL_M {
        return Err(CalibrationError::Inconsistent {
            what: format!(
                "the hands moved only {:.0} cm forward between arms_down and the raised poses; \
                 hold the arms straight forward at shoulder height in arms_forward, and let them \
                 hang at the sides in arms_down",
                100.0 * forward.length() / 4.0
            ),
        });
    }
    // Facing heading h, left is (cos h, 0, -sin h) and forward = left x up.
    let from_sides = left.cross(DVec3::Y);
    Ok(Heading {
        heading: heading_of(forward),
        heading_from_sides: heading_of(from_sides),
    })
}
