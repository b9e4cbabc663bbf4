//! Calibration accuracy: the estimated body measures against the GT
//! skeleton (EVALUATION.md section 3).

use posewire_body::BodyProfile;
use serde::Serialize;

use crate::truth::TruthMeasures;

/// Absolute errors of a calibrated profile, centimetres.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CalibrationErrors {
    /// Height of the `head` joint standing in `arms_down`.
    pub head_height_cm: f64,
    /// Distance between the shoulder joints.
    pub shoulder_width_cm: f64,
    /// Distance between the hip joints.
    pub hip_width_cm: f64,
    /// Shoulder to elbow.
    pub upper_arm_cm: f64,
    /// Elbow to wrist.
    pub forearm_cm: f64,
    /// Hip to knee.
    pub thigh_cm: f64,
    /// Knee to ankle.
    pub shin_cm: f64,
}

/// The absolute error, in cm, of every measure of `profile` against `truth`.
pub fn calibration_errors(profile: &BodyProfile, truth: &TruthMeasures) -> CalibrationErrors {
    let e = |estimate: f64, true_value: f64| 100.0 * (estimate - true_value).abs();
    CalibrationErrors {
        head_height_cm: e(profile.body.head_height, truth.head_height),
        shoulder_width_cm: e(profile.body.shoulder_width, truth.shoulder_width),
        hip_width_cm: e(profile.body.hip_width, truth.hip_width),
        upper_arm_cm: e(profile.segments.upper_arm, truth.upper_arm),
        forearm_cm: e(profile.segments.forearm, truth.forearm),
        thigh_cm: e(profile.segments.thigh, truth.thigh),
        shin_cm: e(profile.segments.shin, truth.shin),
    }
}

/// The plain mean of several calibrations' errors (NaN for none).
pub fn mean_calibration_errors(all: &[CalibrationErrors]) -> CalibrationErrors {
    let m = |f: fn(&CalibrationErrors) -> f64| all.iter().map(f).sum::<f64>() / all.len() as f64;
    CalibrationErrors {
        head_height_cm: m(|c| c.head_height_cm),
        shoulder_width_cm: m(|c| c.shoulder_width_cm),
        hip_width_cm: m(|c| c.hip_width_cm),
        upper_arm_cm: m(|c| c.upper_arm_cm),
        forearm_cm: m(|c| c.forearm_cm),
        thigh_cm: m(|c| c.thigh_cm),
        shin_cm: m(|c| c.shin_cm),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calibration_metric_errors_are_absolute_centimetres() {
        let mut p = BodyProfile::from_stature(1.70);
        let truth = TruthMeasures {
            head_height: p.body.head_height + 0.02,
            shoulder_width: p.body.shoulder_width - 0.01,
            hip_width: p.body.hip_width,
            upper_arm: p.segments.upper_arm + 0.005,
            forearm: p.segments.forearm - 0.03,
            thigh: p.segments.thigh,
            shin: p.segments.shin + 0.1,
        };
        p.body.hip_width += 0.04;
        let e = calibration_errors(&p, &truth);
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(close(e.head_height_cm, 2.0), "{e:?}");
        assert!(close(e.shoulder_width_cm, 1.0), "{e:?}");
        assert!(close(e.hip_width_cm, 4.0), "{e:?}");
        assert!(close(e.upper_arm_cm, 0.5), "{e:?}");
        assert!(close(e.forearm_cm, 3.0), "{e:?}");
        assert!(close(e.thigh_cm, 0.0), "{e:?}");
        assert!(close(e.shin_cm, 10.0), "{e:?}");
        let m = mean_calibration_errors(&[
            e,
            calibration_errors(&BodyProfile::from_stature(1.70), &truth),
        ]);
        assert!(close(m.hip_width_cm, 2.0), "{m:?}");
        assert!(close(m.shin_cm, 10.0), "{m:?}");
    }
}
