//! Fitting one arm: shoulder position, upper arm and forearm lengths and
//! the hand device's offset on the wrist bone, from the hand device's mean
//! position in each of the three poses.
//!
//! With the bones turned as the poses prescribe (`crate::poses`), the hand
//! device sits at `p = s + u d_upper + f d_lower + R_wrist o` in every pose:
//! a linear model in the shoulder position `s`, the lengths `u`, `f` and the
//! offset `o`. Three poses give nine equations in eight unknowns, but two
//! directions stay open whatever the data: the offset along the forearm
//! trades with the forearm length (the hand bone is in line with the forearm
//! in every pose), and the offset across the palm trades with the shoulder's
//! sideways position (the palm faces sideways in every pose). A weak prior
//! pulls the offset toward the nominal one; it decides only those two
//! directions, the data decide the rest.

use posewire_body::formats::CalibrationPose;
use posewire_body::glam::{DMat3, DQuat, DVec3};
use posewire_body::{Device, Joint, Side};

use crate::linalg::{symmetric_eigenvalues, LeastSquares};
use crate::poses::{arm_bone_direction, bone_rotation};

/// Assumed standard deviation of one hand sample about its pose mean after
/// sway removal (tracking noise plus what the sway removal leaves), metres.
const SAMPLE_SIGMA_M: f64 = 0.003;

/// Standard deviation of one component of the real hand offset about the
/// nominal one, metres: offsets lie within about 3 cm of nominal, and a
/// uniform 3 cm ball has a per-axis standard deviation of 3 / sqrt(5) cm.
pub(crate) const OFFSET_SIGMA_M: f64 = 0.0134;

/// Eigenvalues of the data's normal matrix below this share of the largest
/// count as directions the data leave open.
const RANK_TOLERANCE: f64 = 1e-9;

/// One arm as calibration found it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ArmFit {
    /// The arm's side.
    pub side: Side,
    /// World position of the shoulder joint (sway removed).
    pub shoulder: DVec3,
    /// Shoulder to elbow, metres.
    pub upper_arm: f64,
    /// Elbow to wrist, metres (with the hand offset along the forearm taken
    /// as nominal: the poses cannot tell the two apart).
    pub forearm: f64,
    /// The hand device's position in the wrist bone frame.
    pub hand_offset: DVec3,
    /// Distance between the hand device's mean position and the fitted model
    /// in each pose, in the order of [`CalibrationPose::ALL`], metres.
    pub pose_residual_m: [f64; 3],
    /// Root mean square of `pose_residual_m`, metres.
    pub residual_m: f64,
    /// How many directions of the eight unknowns the poses cannot observe
    /// (two for a straight arm: offset along the forearm versus forearm
    /// length, offset across the palm versus shoulder position).
    pub unobservable_directions: usize,
}

/// The hand device and the arm's joints for a side.
pub(crate) fn hand_of(side: Side) -> (Device, Joint, Joint, Joint) {
    match side {
        Side::Left => (
            Device::LeftHand,
            Joint::LeftShoulder,
            Joint::LeftElbow,
            Joint::LeftWrist,
        ),
        Side::Right => (
            Device::RightHand,
            Joint::RightShoulder,
            Joint::RightElbow,
            Joint::RightWrist,
        ),
    }
}

/// Fits one arm. `means[k]` is the hand device's mean position in pose
/// `CalibrationPose::ALL[k]` and `counts[k]` the samples behind it; `yaw`
/// turns the poses to the person's heading. `None` if the system cannot be
/// solved (no samples).
pub(crate) fn fit_arm(
    side: Side,
    yaw: DQuat,
    means: [DVec3; 3],
    counts: [usize; 3],
) -> Option<ArmFit> {
    let (device, shoulder, elbow, wrist) = hand_of(side);
    let nominal = device.nominal_offset();
    let mut ls = LeastSquares::new(8);
    let mut models = Vec::with_capacity(3);
    for (k, pose) in CalibrationPose::ALL.into_iter().enumerate() {
        let d_upper = yaw * arm_bone_direction(shoulder, pose);
        let d_lower = yaw * arm_bone_direction(elbow, pose);
        let wrist_rot = DMat3::from_quat(yaw * bone_rotation(wrist, pose));
        let weight = counts[k] as f64 / (SAMPLE_SIGMA_M * SAMPLE_SIGMA_M);
        let mut rows = [[0.0; 8]; 3];
        for (axis, row) in rows.iter_mut().enumerate() {
            row[axis] = 1.0;
            row[3] = d_upper[axis];
            row[4] = d_lower[axis];
            for c in 0..3 {
                row[5 + c] = wrist_rot.col(c)[axis];
            }
            if counts[k] > 0 {
                ls.add_row(row, means[k][axis], weight);
            }
        }
        models.push(rows);
    }
    let eig = symmetric_eigenvalues(ls.normal_matrix(), 8);
    let largest = eig.last().copied().unwrap_or(0.0);
    let unobservable_directions = eig
        .iter()
        .filter(|&&e| e <= RANK_TOLERANCE * largest)
        .count();

    let mut prior = [0.0; 8];
    let mut prior_weight = [0.0; 8];
    for c in 0..3 {
        prior[5 + c] = nominal[c];
        prior_weight[5 + c] = 1.0 / (OFFSET_SIGMA_M * OFFSET_SIGMA_M);
    }
    let x = ls.solve_with_prior(&prior, &prior_weight)?;
    let mut pose_residual_m = [0.0; 3];
    for (k, rows) in models.iter().enumerate() {
        let predicted =
            DVec3::from_array(rows.map(|row| row.iter().zip(&x).map(|(a, b)| a * b).sum::<f64>()));
        pose_residual_m[k] = if counts[k] > 0 {
            (predicted - means[k]).length()
        } else {
            0.0
        };
    }
    let residual_m = (pose_residual_m.iter().map(|r| r * r).sum::<f64>() / 3.0).sqrt();
    Some(ArmFit {
        side,
        shoulder: DVec3::new(x[0], x[1], x[2]),
        upper_arm: x[3],
        forearm: x[4],
        hand_offset: DVec3::new(x[5], x[6], x[7]),
        pose_residual_m,
        residual_m,
        unobservable_directions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand device position the model predicts.
    fn hand(
        side: Side,
        yaw: DQuat,
        s: DVec3,
        u: f64,
        f: f64,
        o: DVec3,
        pose: CalibrationPose,
    ) -> DVec3 {
        let (_, shoulder, elbow, wrist) = hand_of(side);
        s + yaw * (u * arm_bone_direction(shoulder, pose) + f * arm_bone_direction(elbow, pose))
            + yaw * bone_rotation(wrist, pose) * o
    }

    #[test]
    fn arm_fit_for_calibration_recovers_the_observable_parts() {
        for (side, heading) in [(Side::Left, 0.3), (Side::Right, -2.0)] {
            let yaw = DQuat::from_rotation_y(heading);
            let (device, ..) = hand_of(side);
            let o = device.nominal_offset() + DVec3::new(0.0, 0.0, 0.02);
            let s = DVec3::new(0.5, 1.4, -0.3);
            let means = CalibrationPose::ALL.map(|p| hand(side, yaw, s, 0.29, 0.27, o, p));
            let fit = fit_arm(side, yaw, means, [90, 90, 90]).expect("solvable");
            assert_eq!(fit.unobservable_directions, 2);
            assert!((fit.upper_arm - 0.29).abs() < 1e-4, "{fit:?}");
            assert!((fit.forearm - 0.27).abs() < 1e-4, "{fit:?}");
            assert!((fit.shoulder - s).length() < 1e-4, "{fit:?}");
            assert!((fit.hand_offset - o).length() < 1e-4, "{fit:?}");
            assert!(fit.residual_m < 1e-4);
        }
    }
}
