//! The valid samples of a calibration take, grouped by pose and device, and
//! the averages calibration takes of them.

use posewire_body::formats::{CalibrationPose, CalibrationTake};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::align_hemisphere;
use posewire_body::Device;

/// One valid device sample of a calibration take.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Row {
    /// The pose held.
    pub pose: CalibrationPose,
    /// Which device.
    pub device: Device,
    /// Seconds.
    pub time: f64,
    /// Device position, world.
    pub position: DVec3,
    /// Device rotation, world (normalised).
    pub rotation: DQuat,
}

/// The valid rows of a take (rows without a pose, or with non-finite
/// values, are left out).
pub(crate) fn valid_rows(take: &CalibrationTake) -> Vec<Row> {
    take.samples
        .iter()
        .filter_map(|s| {
            let pose = s.sample.pose?;
            let rotation = pose.rotation.normalize();
            let ok =
                pose.position.is_finite() && rotation.is_finite() && s.sample.time_s.is_finite();
            ok.then_some(Row {
                pose: s.held,
                device: s.sample.device,
                time: s.sample.time_s,
                position: pose.position,
                rotation,
            })
        })
        .collect()
}

/// Index of a pose in [`CalibrationPose::EVERY`].
pub(crate) fn pose_index(pose: CalibrationPose) -> usize {
    match pose {
        CalibrationPose::ArmsForward => 0,
        CalibrationPose::ForearmsUp => 1,
        CalibrationPose::ArmsDown => 2,
        CalibrationPose::HandsOnHips => 3,
    }
}

/// How many valid rows each (pose, device) pair has.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Counts([[usize; Device::COUNT]; 4]);

impl Counts {
    /// Counts the rows.
    pub(crate) fn of(rows: &[Row]) -> Counts {
        let mut c = [[0; Device::COUNT]; 4];
        for r in rows {
            c[pose_index(r.pose)][r.device.index()] += 1;
        }
        Counts(c)
    }

    /// Rows of one device in one pose.
    pub(crate) fn get(&self, pose: CalibrationPose, device: Device) -> usize {
        self.0[pose_index(pose)][device.index()]
    }

    /// Rows of one pose, every device.
    pub(crate) fn pose_total(&self, pose: CalibrationPose) -> usize {
        self.0[pose_index(pose)].iter().sum()
    }

    /// Rows of one device, every pose.
    pub(crate) fn device_total(&self, device: Device) -> usize {
        self.0.iter().map(|p| p[device.index()]).sum()
    }
}

/// The mean position of the rows of `device` in `pose` (all poses if
/// `pose` is `None`).
pub(crate) fn mean_position(
    rows: &[Row],
    device: Device,
    pose: Option<CalibrationPose>,
) -> Option<DVec3> {
    let mut sum = DVec3::ZERO;
    let mut n = 0usize;
    for r in rows {
        if r.device == device && pose.is_none_or(|p| p == r.pose) {
            sum += r.position;
            n += 1;
        }
    }
    (n > 0).then(|| sum / n as f64)
}

/// The mean of rotations that are close to each other: each is flipped into
/// the hemisphere of the running estimate, summed and normalised (twice, so
/// the first sample's noise does not decide the hemisphere). `None` for no
/// rotations.
pub(crate) fn mean_rotation(rotations: impl Iterator<Item = DQuat> + Clone) -> Option<DQuat> {
    let mut reference = rotations.clone().next()?;
    for _ in 0..2 {
        let mut sum = DQuat::from_xyzw(0.0, 0.0, 0.0, 0.0);
        for q in rotations.clone() {
            sum += align_hemisphere(q, reference);
        }
        if sum.length_squared() < 1e-24 {
            return None;
        }
        reference = sum.normalize();
    }
    Some(reference)
}

/// The rotation vector (axis times angle, radians) of a rotation, taking
/// the shorter way round.
pub(crate) fn rotation_vector(q: DQuat) -> DVec3 {
    let q = if q.w < 0.0 { -q } else { q };
    q.to_scaled_axis()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_rotation_accepts_either_sign_for_calibration_samples() {
        let a = DQuat::from_rotation_y(0.30);
        let b = -DQuat::from_rotation_y(0.32);
        let c = DQuat::from_rotation_y(0.34);
        let m = mean_rotation([a, b, c].into_iter()).expect("three rotations");
        let expected = DQuat::from_rotation_y(0.32);
        assert!(posewire_body::transform::angle_between(m, expected) < 1e-4);
        assert!(mean_rotation(std::iter::empty()).is_none());
        let v = rotation_vector(-DQuat::from_rotation_x(0.1));
        assert!((v - DVec3::new(0.1, 0.0, 0.0)).length() < 1e-12);
    }
}
