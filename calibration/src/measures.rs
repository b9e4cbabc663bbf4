//! Turning what the poses showed (head joint, shoulders, arm lengths, and
//! where present the pelvis and ankles) into a [`BodyProfile`], saying for
//! every value how it was obtained.

use std::collections::BTreeMap;

use posewire_body::glam::DVec3;
use posewire_body::profile::{BodyMeasures, Segments, FIELD_NAMES, PROFILE_VERSION};
use posewire_body::proportions as ratio;
use posewire_body::{BodyProfile, Source};

use crate::arm::{ArmFit, OFFSET_SIGMA_M};
use crate::error::CalibrationError;

/// Spread of real bodies around the anthropometric ratios, as a share of
/// the ratio's value, for a person of known stature: joint-centre shoulder
/// width about 7 %, hip joint width about 8 %, hip height about 3 % (widths
/// vary more between people of one stature than leg length does).
const SHOULDER_WIDTH_PRIOR_CV: f64 = 0.07;
const HIP_WIDTH_PRIOR_CV: f64 = 0.08;
const HIP_HEIGHT_PRIOR_CV: f64 = 0.03;
/// Standard deviation of the hip height read from the `hands_on_hips`
/// pose: where people put their hands (about +-3 cm) and the hand
/// offsets' error.
const HANDS_ON_HIPS_SIGMA_M: f64 = 0.025;

/// The precision-weighted mean of a measurement and a prior, given their
/// variances.
fn fuse(measured: f64, var_measured: f64, prior: f64, var_prior: f64) -> f64 {
    (measured / var_measured + prior / var_prior) / (1.0 / var_measured + 1.0 / var_prior)
}

/// What the calibration poses revealed, in the world frame with sway removed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Observed {
    /// The person's forward direction (horizontal, unit).
    pub forward: DVec3,
    /// The person's left (horizontal, unit).
    pub left: DVec3,
    /// The `head` joint (skull base) in `arms_down`.
    pub head_joint: DVec3,
    /// The left arm.
    pub left_arm: ArmFit,
    /// The right arm.
    pub right_arm: ArmFit,
    /// The hip joints' height from the `hands_on_hips` pose, if it was
    /// held.
    pub hip_height_from_hands: Option<f64>,
    /// The `pelvis` joint, if a pelvis device was worn.
    pub pelvis_joint: Option<DVec3>,
    /// The left ankle joint, if a left foot device was worn.
    pub left_ankle: Option<DVec3>,
    /// The right ankle joint, if a right foot device was worn.
    pub right_ankle: Option<DVec3>,
    /// Whether to combine the poorly observed measures with their
    /// anthropometric ratios (see `CalibrationOptions::ratio_priors`).
    pub ratio_priors: bool,
    /// The shoulders already carry the shoulder width's prior (the arms
    /// were made symmetric with it), so it is not applied again.
    pub width_prior_applied: bool,
}

/// The shoulder width combined with its anthropometric prior for a person
/// whose head joint is `head_height` above the floor; the measured width's
/// error is the two hand offsets' across the palm.
pub(crate) fn shoulder_width_with_prior(measured: f64, head_height: f64) -> f64 {
    let stature = head_height / ratio::HEAD_HEIGHT;
    let prior = ratio::SHOULDER_WIDTH * stature;
    fuse(
        measured,
        2.0 * OFFSET_SIGMA_M * OFFSET_SIGMA_M,
        prior,
        (SHOULDER_WIDTH_PRIOR_CV * prior).powi(2),
    )
}

/// The body part of a profile (no trackers yet).
pub(crate) fn body_profile(o: &Observed) -> Result<BodyProfile, CalibrationError> {
    let mut sources: BTreeMap<String, Source> = BTreeMap::new();
    let mut set = |name: &str, source: Source| {
        sources.insert(name.to_string(), source);
    };
    let head_height = o.head_joint.y;
    if !(0.4..=2.4).contains(&head_height) {
        return Err(CalibrationError::Inconsistent {
            what: format!(
                "the head came out {head_height:.2} m above the floor (expected 0.4-2.4 m): \
                 the tracking space's floor must be at y = 0 (re-run the headset's room or \
                 floor setup) and the person must stand upright"
            ),
        });
    }
    set("head_height", Source::Measured);
    let stature = head_height / ratio::HEAD_HEIGHT;
    set("stature", Source::Ratio);

    let (sl, sr) = (o.left_arm.shoulder, o.right_arm.shoulder);
    let mid = 0.5 * (sl + sr);
    let shoulder_height = mid.y;
    let shoulder_forward = o.forward.dot(mid - o.head_joint);
    set("shoulder_height", Source::Measured);
    set("shoulder_forward", Source::Measured);
    let measured_width = (sl - sr).length();
    // Each nominal offset behind a measure adds an error of about
    // OFFSET_SIGMA_M (per axis) to it.
    let var_offset = OFFSET_SIGMA_M * OFFSET_SIGMA_M;
    let with_prior = |measured: f64, var_measured: f64, ratio_value: f64, cv: f64| {
        if o.ratio_priors {
            fuse(
                measured,
                var_measured,
                ratio_value,
                (cv * ratio_value).powi(2),
            )
        } else {
            measured
        }
    };
    let shoulder_width = if o.ratio_priors && !o.width_prior_applied {
        shoulder_width_with_prior(measured_width, head_height)
    } else {
        measured_width
    };
    set("shoulder_width", Source::Measured);
    let upper_arm = 0.5 * (o.left_arm.upper_arm + o.right_arm.upper_arm);
    let forearm = 0.5 * (o.left_arm.forearm + o.right_arm.forearm);
    set("upper_arm", Source::Measured);
    set("forearm", Source::Measured);

    let ankles: Vec<DVec3> = [o.left_ankle, o.right_ankle]
        .into_iter()
        .flatten()
        .collect();
    let ankle_height = if ankles.is_empty() {
        set("ankle_height", Source::Ratio);
        ratio::ANKLE_HEIGHT * stature
    } else {
        set("ankle_height", Source::Measured);
        ankles.iter().map(|a| a.y).sum::<f64>() / ankles.len() as f64
    };
    let hip_width = match (o.left_ankle, o.right_ankle) {
        // Straight vertical legs: each ankle sits right under its hip.
        (Some(l), Some(r)) => {
            set("hip_width", Source::Measured);
            with_prior(
                (l - r).dot(o.left).abs(),
                2.0 * var_offset,
                ratio::HIP_WIDTH * stature,
                HIP_WIDTH_PRIOR_CV,
            )
        }
        _ => {
            set("hip_width", Source::Ratio);
            ratio::HIP_WIDTH * stature
        }
    };
    // Every measurement of the hip height (pelvis device, hands on the
    // hips), combined by inverse variance, then with the prior.
    let hip_measures: Vec<(f64, f64)> = [
        o.pelvis_joint.map(|p| (p.y, var_offset)),
        o.hip_height_from_hands
            .map(|h| (h, HANDS_ON_HIPS_SIGMA_M * HANDS_ON_HIPS_SIGMA_M)),
    ]
    .into_iter()
    .flatten()
    .collect();
    let hip_height = if hip_measures.is_empty() {
        ratio::HIP_HEIGHT * stature
    } else {
        let weight: f64 = hip_measures.iter().map(|(_, v)| 1.0 / v).sum();
        let measured = hip_measures.iter().map(|(h, v)| h / v).sum::<f64>() / weight;
        with_prior(
            measured,
            1.0 / weight,
            ratio::HIP_HEIGHT * stature,
            HIP_HEIGHT_PRIOR_CV,
        )
    };
    let legs = hip_height - ankle_height;
    if !(0.3..=1.6).contains(&legs) || hip_height >= head_height - 0.3 {
        return Err(CalibrationError::Inconsistent {
            what: format!(
                "the legs came out {legs:.2} m long (hips {hip_height:.2} m, ankles \
                 {ankle_height:.2} m, head {head_height:.2} m above the floor): stand upright \
                 with straight legs, check that the pelvis and foot trackers are worn where \
                 their names say, and record again"
            ),
        });
    }
    let leg_ratio = ratio::THIGH + ratio::SHIN;
    let thigh = legs * ratio::THIGH / leg_ratio;
    let shin = legs * ratio::SHIN / leg_ratio;
    set("thigh", Source::Ratio);
    set("shin", Source::Ratio);
    let neck = ratio::NECK * stature;
    set("neck", Source::Ratio);
    let trunk = head_height - neck - hip_height;
    set("trunk", Source::Ratio);
    let foot = ratio::FOOT * stature;
    set("foot", Source::Ratio);
    let mass = ratio::DEFAULT_BMI * stature * stature;
    set("mass", Source::Ratio);
    debug_assert!(FIELD_NAMES.iter().all(|f| sources.contains_key(*f)));

    let profile = BodyProfile {
        version: PROFILE_VERSION,
        body: BodyMeasures {
            stature,
            head_height,
            shoulder_width,
            hip_width,
            shoulder_height,
            shoulder_forward,
            ankle_height,
            mass,
        },
        segments: Segments {
            upper_arm,
            forearm,
            thigh,
            shin,
            trunk,
            neck,
            foot,
        },
        trackers: BTreeMap::new(),
        sources,
    };
    Ok(profile)
}
