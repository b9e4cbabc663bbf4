//! The calibration pipeline: from a calibration take to a body profile and a
//! report of how well the poses fitted.

use std::collections::BTreeMap;

use posewire_body::formats::{CalibrationPose, CalibrationTake};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::{angle_between, yaw_rotation};
use posewire_body::{BodyProfile, Device, Side, Source};

use crate::arm::{fit_arm, hand_of, ArmFit};
use crate::error::CalibrationError;
use crate::heading;
use crate::measures::{body_profile, shoulder_width_with_prior, Observed};
use crate::poses::bone_rotation;
use crate::rows::{mean_position, mean_rotation, pose_index, valid_rows, Counts, Row};
use crate::sway::{estimate_tilts, remove_tilts};
use crate::symmetry::{symmetric_arms, BodyAsymmetry, Midline};

/// Fewest valid samples of the head and of each hand needed in each pose
/// (a pose is held about one second, 90 samples at 90 Hz).
pub const MIN_SAMPLES_PER_POSE: usize = 10;

/// How far the wrist joints are above the hip joints with the hands on
/// the hips (palms on the top of the pelvis at the sides), metres: the
/// iliac crest is about 0.06 of stature (10 cm) above the hip joints and
/// the wrist a little above the palm.
pub const HANDS_ON_HIPS_WRIST_ABOVE_HIP_M: f64 = 0.12;

/// The heading from the hands' forward travel and the one from the line
/// between the hands may differ by this much before calibration warns.
const HEADING_AGREEMENT_DEG: f64 = 20.0;

/// A hand further than this from a straight-arm fit in some pose earns a
/// warning, metres.
const RESIDUAL_WARNING_M: f64 = 0.03;

/// A device whose mount, seen in one pose, differs from its mean over all
/// poses by more than this earns a warning, degrees.
const MOUNT_SPREAD_WARNING_DEG: f64 = 10.0;

/// The left forearm's length minus the right one's that the symmetric
/// arms assume, metres: the right forearm is a little longer (as in
/// right-handed people; the training corpus's skeletons: 0.46 cm on
/// average over its seven subjects). Chosen on the training corpus by
/// the hand offsets' error (grid -0.8 to 0 cm).
pub const FOREARM_LEFT_MINUS_RIGHT_M: f64 = -0.004;

/// How far to the person's left of the midline the head, pelvis and
/// ankles show the symmetric arms put the shoulders' midpoint, metres.
/// Chosen on the training corpus by the hand offsets' error (grid -0.8 to
/// 1.2 cm; flat within 0.002 cm from 0.4 to 0.8).
pub const SHOULDERS_LEFT_OF_MIDLINE_M: f64 = 0.006;

/// Choices of the calibration pipeline (the defaults are the best known).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CalibrationOptions {
    /// Estimate the body's slow sway from the device rotations and undo it
    /// before fitting.
    pub remove_sway: bool,
    /// Combine the measures that rest on offsets the poses cannot see
    /// (shoulder width: the hand offsets across the palm; hip width and hip
    /// height: the nominal foot and pelvis offsets) with their anthropometric
    /// ratios, each weighted by its uncertainty.
    pub ratio_priors: bool,
    /// Refine the head and pelvis offsets from the body's symmetry (pelvis
    /// above the ankles' midpoint, head centred between the shoulders).
    pub symmetry_priors: bool,
    /// Estimate the hand offsets along the forearm and across the palm
    /// (which the poses leave open) from the body's symmetry: forearms of
    /// one length, shoulders centred on the midline the head, pelvis and
    /// ankles show, and the shoulder width's prior.
    pub symmetric_arms: bool,
    /// Put the pelvis joint at the hip height the profile settled on (the
    /// pelvis device's height combined with the anthropometric hip height
    /// for the stature the head showed, see `ratio_priors`) instead of
    /// where the nominal offset puts it: the poses do not reveal the
    /// pelvis offset's height, and the legs are sized from that hip height.
    pub pelvis_height_prior: bool,
    /// Put the ankle joints where standing straight puts them (with
    /// `symmetric_arms`): each right under its hip, so half the profile's
    /// hip width either side of the body's midline sideways; both as far
    /// forward as the pelvis joint (the mean of the pelvis's and both
    /// ankles' nominal estimates); both at one height (the mean of the
    /// two nominal estimates).
    pub feet_under_hips: bool,
    /// With `symmetric_arms`: the body's typical departures from symmetry
    /// the symmetries are taken about (the right forearm a little longer,
    /// the shoulders a little off the midline; fitted on the training
    /// corpus, see `docs/notes/six-device-accuracy.md`).
    pub asymmetry: BodyAsymmetry,
}

impl Default for CalibrationOptions {
    fn default() -> Self {
        CalibrationOptions {
            remove_sway: true,
            ratio_priors: true,
            symmetry_priors: true,
            symmetric_arms: true,
            pelvis_height_prior: true,
            feet_under_hips: true,
            asymmetry: BodyAsymmetry {
                forearm_left_minus_right_m: FOREARM_LEFT_MINUS_RIGHT_M,
                shoulders_left_of_midline_m: SHOULDERS_LEFT_OF_MIDLINE_M,
            },
        }
    }
}

/// What calibration produced.
#[derive(Debug, Clone, PartialEq)]
pub struct Calibration {
    /// The person's body and where each device sits on it.
    pub profile: BodyProfile,
    /// How the fit went.
    pub report: CalibrationReport,
}

/// How calibration went: where the person stood, how well the poses fitted,
/// and anything the user should look at.
#[derive(Debug, Clone, PartialEq)]
pub struct CalibrationReport {
    /// The person's heading (yaw about +Y, radians; 0 faces +Z).
    pub heading_rad: f64,
    /// The floor point under the `head` joint.
    pub position: DVec3,
    /// Valid samples (all devices) per pose.
    pub per_pose_samples: BTreeMap<CalibrationPose, usize>,
    /// Samples left out because they held no valid pose.
    pub invalid_samples: usize,
    /// The left arm's fit.
    pub left_arm: ArmFit,
    /// The right arm's fit.
    pub right_arm: ArmFit,
    /// The distance between the fitted shoulder joints before any prior.
    pub shoulder_width_measured_m: f64,
    /// The largest body tilt found (and removed) during the take, radians.
    pub max_sway_rad: f64,
    /// Per device, the largest angle between its mount as seen in one pose
    /// and its mean mount (large: the pose was held differently).
    pub mount_spread_rad: BTreeMap<Device, f64>,
    /// Things the user should look at (the profile was still made).
    pub warnings: Vec<String>,
}

/// Estimates a body profile from a calibration take with the default
/// options.
pub fn calibrate(take: &CalibrationTake) -> Result<Calibration, CalibrationError> {
    calibrate_with(take, &CalibrationOptions::default())
}

/// Estimates a body profile from a calibration take.
///
/// The person may face any direction and stand anywhere; the three poses may
/// come in any order. The head and both hands are required; a pelvis or
/// foot device is used when present.
pub fn calibrate_with(
    take: &CalibrationTake,
    options: &CalibrationOptions,
) -> Result<Calibration, CalibrationError> {
    let mut warnings = Vec::new();
    let mut rows = valid_rows(take);
    let invalid_samples = take.samples.len() - rows.len();
    let counts = Counts::of(&rows);
    check_counts(&counts)?;
    let devices = present_devices(&counts, &mut warnings);
    rows.retain(|r| devices.contains(&r.device));
    // The optional pose is read apart, once the mounts and hand offsets
    // are known from the three required ones.
    let hips_rows: Vec<Row> = rows
        .iter()
        .filter(|r| r.pose == CalibrationPose::HandsOnHips)
        .copied()
        .collect();
    rows.retain(|r| r.pose != CalibrationPose::HandsOnHips);

    // A first heading from the raw samples places the sway pivot; the
    // final one is taken after the sway is gone.
    let rough = heading::estimate(&rows)?;
    let mut max_sway_rad = 0.0;
    if options.remove_sway {
        let pivot = sway_pivot(&rows, yaw_rotation(rough.heading), &devices);
        let tilts = estimate_tilts(&rows);
        max_sway_rad = tilts.iter().map(|v| v.length()).fold(0.0, f64::max);
        remove_tilts(&mut rows, &tilts, pivot);
    }
    let found = heading::estimate(&rows)?;
    let disagreement = angle_difference(found.heading, found.heading_from_sides);
    if disagreement > HEADING_AGREEMENT_DEG.to_radians() {
        warnings.push(format!(
            "the hands' forward travel and the line between the hands disagree on the facing \
             direction by {:.0} degrees: hold both arms the same way, pointing straight ahead",
            disagreement.to_degrees()
        ));
    }
    let yaw = yaw_rotation(found.heading);
    let forward = yaw * DVec3::Z;
    let left = yaw * DVec3::X;
    check_hands_not_swapped(&rows, left)?;

    let mut mounts = BTreeMap::new();
    let mut mount_spread_rad = BTreeMap::new();
    for &device in &devices {
        let (mount, spread) = fit_mount(&rows, device, yaw)?;
        mounts.insert(device, mount);
        mount_spread_rad.insert(device, spread.0);
        if spread.0 > MOUNT_SPREAD_WARNING_DEG.to_radians() {
            warnings.push(format!(
                "`{device}` was turned {:.0} degrees differently in `{}` than on average: {}",
                spread.0.to_degrees(),
                spread.1.name(),
                if matches!(device, Device::LeftHand | Device::RightHand) {
                    "keep the palms facing each other and the hands in line with the forearms"
                } else {
                    "stand upright and look straight ahead in every pose"
                }
            ));
        }
    }

    let mut left_arm = arm(&rows, Side::Left, yaw, &mut warnings)?;
    let mut right_arm = arm(&rows, Side::Right, yaw, &mut warnings)?;

    let joint_of = |device: Device, pose: Option<CalibrationPose>| {
        mean_position(&rows, device, pose).map(|p| p - yaw * device.nominal_offset())
    };
    let head_joint = joint_of(Device::Head, Some(CalibrationPose::ArmsDown)).ok_or(
        CalibrationError::TooFewSamples {
            pose: CalibrationPose::ArmsDown,
            device: Device::Head,
            found: 0,
            needed: MIN_SAMPLES_PER_POSE,
        },
    )?;
    let pelvis_joint = joint_of(Device::Pelvis, None);
    let left_ankle = joint_of(Device::LeftFoot, None);
    let right_ankle = joint_of(Device::RightFoot, None);
    let shoulder_width_measured_m = (left_arm.shoulder - right_arm.shoulder).length();
    if options.symmetric_arms {
        let mut midlines = vec![Midline::one_offset(head_joint.dot(left))];
        midlines.extend(pelvis_joint.map(|p| Midline::one_offset(p.dot(left))));
        if let (Some(l), Some(r)) = (left_ankle, right_ankle) {
            midlines.push(Midline::two_offsets(0.5 * (l + r).dot(left)));
        }
        let width_error = if options.ratio_priors {
            shoulder_width_measured_m
                - shoulder_width_with_prior(shoulder_width_measured_m, head_joint.y)
        } else {
            0.0
        };
        symmetric_arms(
            [&mut left_arm, &mut right_arm],
            left,
            width_error,
            &midlines,
            options.asymmetry,
        );
    }
    let hip_height_from_hands =
        hands_on_hips_hip_height(&hips_rows, &counts, &mounts, [&left_arm, &right_arm])?;
    let observed = Observed {
        forward,
        left,
        head_joint,
        left_arm,
        right_arm,
        hip_height_from_hands,
        pelvis_joint,
        left_ankle,
        right_ankle,
        ratio_priors: options.ratio_priors,
        width_prior_applied: options.symmetric_arms,
    };
    let mut profile = body_profile(&observed)?;
    // With symmetric arms the shoulders' midpoint is already the midline
    // every midline joint showed (the head's and pelvis's included), less
    // the shoulders' usual place off it.
    let midline = options.symmetric_arms.then(|| {
        0.5 * (observed.left_arm.shoulder + observed.right_arm.shoulder).dot(left)
            - options.asymmetry.shoulders_left_of_midline_m
    });
    // The hip height the legs were sized from.
    let hip_height = options
        .pelvis_height_prior
        .then_some(profile.body.ankle_height + profile.segments.thigh + profile.segments.shin);
    let priors = Priors {
        enabled: options.symmetry_priors,
        midline,
        hip_height,
        hip_width: options.feet_under_hips.then_some(profile.body.hip_width),
    };
    let refined = |device: Device| refined_offset(device, &rows, yaw, &observed, &priors);
    for (&device, &mount) in &mounts {
        let (offset, offset_source) = match device {
            Device::LeftHand => (left_arm.hand_offset, Source::Measured),
            Device::RightHand => (right_arm.hand_offset, Source::Measured),
            _ => refined(device).map_or((device.nominal_offset(), Source::Nominal), |o| {
                (o, Source::Measured)
            }),
        };
        profile.set_tracker(device, offset, mount, offset_source, Source::Measured);
    }
    profile
        .validate()
        .map_err(|what| CalibrationError::Inconsistent {
            what: format!("{what}; hold each pose as shown and record the calibration again"),
        })?;

    let per_pose_samples = CalibrationPose::EVERY
        .into_iter()
        .map(|p| (p, counts.pose_total(p)))
        .filter(|(p, n)| p.is_required() || *n > 0)
        .collect();
    Ok(Calibration {
        profile,
        report: CalibrationReport {
            heading_rad: found.heading,
            position: DVec3::new(head_joint.x, 0.0, head_joint.z),
            per_pose_samples,
            invalid_samples,
            left_arm,
            right_arm,
            shoulder_width_measured_m,
            max_sway_rad,
            mount_spread_rad,
            warnings,
        },
    })
}

/// The hip joints' height from the optional `hands_on_hips` pose: the
/// wrists (each hand device less its calibrated offset, turned by the
/// device's rotation through its calibrated mount) are
/// [`HANDS_ON_HIPS_WRIST_ABOVE_HIP_M`] above the hip joints. `None` when
/// the take has no such pose; an error when it has too few hand samples.
fn hands_on_hips_hip_height(
    rows: &[Row],
    counts: &Counts,
    mounts: &BTreeMap<Device, DQuat>,
    arms: [&ArmFit; 2],
) -> Result<Option<f64>, CalibrationError> {
    if rows.is_empty() {
        return Ok(None);
    }
    let mut heights = Vec::with_capacity(2);
    for (device, arm) in [Device::LeftHand, Device::RightHand].into_iter().zip(arms) {
        let found = counts.get(CalibrationPose::HandsOnHips, device);
        let mount = mounts.get(&device).copied();
        let (Some(mount), true) = (mount, found >= MIN_SAMPLES_PER_POSE) else {
            return Err(CalibrationError::TooFewSamples {
                pose: CalibrationPose::HandsOnHips,
                device,
                found,
                needed: MIN_SAMPLES_PER_POSE,
            });
        };
        let wrists: Vec<f64> = rows
            .iter()
            .filter(|r| r.device == device)
            .map(|r| (r.position - (r.rotation * mount.inverse()) * arm.hand_offset).y)
            .collect();
        heights.push(wrists.iter().sum::<f64>() / wrists.len() as f64);
    }
    let wrist = heights.iter().sum::<f64>() / heights.len() as f64;
    Ok(Some(wrist - HANDS_ON_HIPS_WRIST_ABOVE_HIP_M))
}

/// Every pose present, the head and hands present, and enough of them in
/// every pose.
fn check_counts(counts: &Counts) -> Result<(), CalibrationError> {
    for pose in CalibrationPose::ALL {
        if counts.pose_total(pose) == 0 {
            return Err(CalibrationError::MissingPose { pose });
        }
    }
    let required = [Device::Head, Device::LeftHand, Device::RightHand];
    for device in required {
        if counts.device_total(device) == 0 {
            return Err(CalibrationError::MissingDevice { device });
        }
    }
    for pose in CalibrationPose::ALL {
        for device in required {
            let found = counts.get(pose, device);
            if found < MIN_SAMPLES_PER_POSE {
                return Err(CalibrationError::TooFewSamples {
                    pose,
                    device,
                    found,
                    needed: MIN_SAMPLES_PER_POSE,
                });
            }
        }
    }
    Ok(())
}

/// The heading comes from the hands' forward travel, which does not care
/// which hand is which; the left hand must then be on the person's left.
fn check_hands_not_swapped(rows: &[Row], left: DVec3) -> Result<(), CalibrationError> {
    let l = mean_position(rows, Device::LeftHand, None);
    let r = mean_position(rows, Device::RightHand, None);
    if let (Some(l), Some(r)) = (l, r) {
        if (l - r).dot(left) < 0.0 {
            return Err(CalibrationError::Inconsistent {
                what: "the `left_hand` device is on the person's right and `right_hand` on the \
                       left: swap the controllers between the hands (or their roles) and record \
                       again"
                    .into(),
            });
        }
    }
    Ok(())
}

/// The devices to use: the required ones, and optional ones with enough
/// samples (others are left out with a warning).
fn present_devices(counts: &Counts, warnings: &mut Vec<String>) -> Vec<Device> {
    Device::ALL
        .into_iter()
        .filter(|&device| {
            let total = counts.device_total(device);
            let required = matches!(device, Device::Head | Device::LeftHand | Device::RightHand);
            if !required && total > 0 && total < MIN_SAMPLES_PER_POSE {
                warnings.push(format!(
                    "`{device}` has only {total} valid samples and was left out; keep it \
                     tracked during calibration"
                ));
            }
            required || total >= MIN_SAMPLES_PER_POSE
        })
        .collect()
}

/// The point the body sways about: between the ankles if both feet are
/// tracked, else the floor point under the head joint.
fn sway_pivot(rows: &[Row], yaw: DQuat, devices: &[Device]) -> DVec3 {
    let joint = |device: Device| {
        mean_position(rows, device, None).map(|p| p - yaw * device.nominal_offset())
    };
    let feet = (devices.contains(&Device::LeftFoot) && devices.contains(&Device::RightFoot))
        .then(|| Some((joint(Device::LeftFoot)? + joint(Device::RightFoot)?) / 2.0))
        .flatten();
    match (feet, joint(Device::Head)) {
        (Some(ankles), _) => ankles,
        (None, Some(head)) => DVec3::new(head.x, 0.0, head.z),
        (None, None) => DVec3::ZERO,
    }
}

/// The mount of one device (device rotation = bone rotation * mount) as the
/// mean over all its samples, and the pose whose own mean differs most from
/// it (with that angle).
fn fit_mount(
    rows: &[Row],
    device: Device,
    yaw: DQuat,
) -> Result<(DQuat, (f64, CalibrationPose)), CalibrationError> {
    let bone = device.bone();
    let mounts = rows
        .iter()
        .filter(move |r| r.device == device)
        .map(move |r| {
            (
                r.pose,
                (yaw * bone_rotation(bone, r.pose)).inverse() * r.rotation,
            )
        });
    let mean = mean_rotation(mounts.clone().map(|m| m.1)).ok_or_else(|| {
        CalibrationError::Inconsistent {
            what: format!("the rotations of `{device}` do not agree with each other; record again"),
        }
    })?;
    let mut worst = (0.0, CalibrationPose::ArmsForward);
    for pose in CalibrationPose::ALL {
        let in_pose = mounts.clone().filter(move |m| m.0 == pose).map(|m| m.1);
        if let Some(m) = mean_rotation(in_pose) {
            let angle = angle_between(m, mean);
            if angle > worst.0 {
                worst = (angle, pose);
            }
        }
    }
    Ok((mean, worst))
}

/// Fits one arm and checks the result.
fn arm(
    rows: &[Row],
    side: Side,
    yaw: DQuat,
    warnings: &mut Vec<String>,
) -> Result<ArmFit, CalibrationError> {
    let (device, ..) = hand_of(side);
    let side_name = match side {
        Side::Left => "left",
        Side::Right => "right",
    };
    let mut means = [DVec3::ZERO; 3];
    let mut counts = [0usize; 3];
    for pose in CalibrationPose::ALL {
        let k = pose_index(pose);
        for r in rows.iter().filter(|r| r.device == device && r.pose == pose) {
            means[k] += r.position;
            counts[k] += 1;
        }
        if counts[k] > 0 {
            means[k] /= counts[k] as f64;
        }
    }
    let fit = fit_arm(side, yaw, means, counts).ok_or_else(|| CalibrationError::Inconsistent {
        what: format!("the {side_name} arm could not be fitted; record the calibration again"),
    })?;
    for (name, length) in [("upper arm", fit.upper_arm), ("forearm", fit.forearm)] {
        if !(0.08..=0.6).contains(&length) {
            return Err(CalibrationError::Inconsistent {
                what: format!(
                    "the {side_name} {name} came out {length:.2} m long (plausible: 0.08-0.6 m): \
                     hold the arms straight forward at shoulder height in arms_forward, the \
                     forearms vertical in forearms_up and hanging in arms_down, with `{device}` \
                     in the {side_name} hand, and record again"
                ),
            });
        }
    }
    for pose in CalibrationPose::ALL {
        let r = fit.pose_residual_m[pose_index(pose)];
        if r > RESIDUAL_WARNING_M {
            warnings.push(format!(
                "{side_name} arm not straight in `{}`: the hand is {:.1} cm from where a straight \
                 arm in that pose would put it; if the profile looks wrong, record again holding \
                 the pose as shown",
                pose.name(),
                100.0 * r
            ));
        }
    }
    let drift = (fit.hand_offset - device.nominal_offset()).length();
    if drift > 0.10 {
        warnings.push(format!(
            "`{device}` came out {:.0} cm from where a hand device usually sits on the wrist: \
             check that the devices are in the right hands",
            100.0 * drift
        ));
    }
    Ok(fit)
}

/// What [`refined_offset`] may use beside the poses.
#[derive(Debug, Clone, Copy)]
struct Priors {
    /// `CalibrationOptions::symmetry_priors`.
    enabled: bool,
    /// The body's midline sideways (the symmetric arms' shoulders' midpoint).
    midline: Option<f64>,
    /// The hip height the legs were sized from.
    hip_height: Option<f64>,
    /// The profile's hip width, for the ankles right under the hips.
    hip_width: Option<f64>,
}

/// The absolute difference of two angles, radians in `[0, pi]`.
fn angle_difference(a: f64, b: f64) -> f64 {
    let d = (a - b).rem_euclid(std::f64::consts::TAU);
    d.min(std::f64::consts::TAU - d)
}

/// Parts of the head and pelvis offsets that the poses reveal through the
/// body's symmetry: standing upright with straight, vertical legs, the
/// pelvis joint is right above the midpoint of the ankles, and the head
/// joint is centred between the shoulders. Each such estimate is averaged
/// with the nominal offset, weighted by how uncertain each is (the nominal
/// is off by up to 3 cm in any direction; the ankles and shoulders carry
/// their own unobserved offsets). With `midline` (the sideways position
/// the symmetric arms found from every midline joint), the head and pelvis
/// joints are put on it sideways instead. With `hip_height`, the pelvis
/// joint is put at that height; with `hip_width` (and a midline), the
/// ankles right under the hips. Returns `None` where nothing is revealed.
fn refined_offset(
    device: Device,
    rows: &[crate::rows::Row],
    yaw: DQuat,
    observed: &Observed,
    priors: &Priors,
) -> Option<DVec3> {
    let Priors {
        enabled,
        midline,
        hip_height,
        hip_width,
    } = *priors;
    if !enabled {
        return None;
    }
    let nominal = device.nominal_offset();
    let device_mean = mean_position(rows, device, None)?;
    let nominal_joint = device_mean - yaw * nominal;
    // Per-axis variance of the nominal offset's error (uniform in a 3 cm
    // ball: R^2 / 5) against that of a midpoint of two such errors.
    // Inverse variances: the nominal offset's error per axis (uniform in a
    // 3 cm ball: R^2 / 5) counts 1, a midpoint of two such errors 2.
    let left = yaw * DVec3::X;
    let forward = yaw * DVec3::Z;
    let shoulders = (observed.left_arm.shoulder + observed.right_arm.shoulder) / 2.0;
    let ankles = match (observed.left_ankle, observed.right_ankle) {
        (Some(l), Some(r)) => Some((l + r) / 2.0),
        _ => None,
    };
    // Blends estimates of one coordinate (along `axis`) by their weights.
    let blend = |axis: DVec3, others: &[(DVec3, f64)]| {
        let (mut sum, mut weight) = (nominal_joint.dot(axis), 1.0);
        for &(p, w) in others {
            sum += w * p.dot(axis);
            weight += w;
        }
        sum / weight - nominal_joint.dot(axis)
    };
    // The sideways position on the midline every midline joint showed.
    let on_midline = |joint: DVec3| match midline {
        Some(m) => joint + left * (m - joint.dot(left)),
        None => joint,
    };
    let mut joint = match device {
        Device::Pelvis if midline.is_some() => on_midline(
            nominal_joint
                + forward * blend(forward, &ankles.map(|a| vec![(a, 2.0)]).unwrap_or_default()),
        ),
        Device::Head if midline.is_some() => on_midline(nominal_joint),
        Device::LeftFoot | Device::RightFoot => {
            let (Some(m), Some(width), Some(l), Some(r)) = (
                midline,
                hip_width,
                observed.left_ankle,
                observed.right_ankle,
            ) else {
                return None;
            };
            let side = if device == Device::LeftFoot {
                0.5
            } else {
                -0.5
            };
            let ahead: Vec<f64> = [Some(l), Some(r), observed.pelvis_joint]
                .into_iter()
                .flatten()
                .map(|p| p.dot(forward))
                .collect();
            let ahead = ahead.iter().sum::<f64>() / ahead.len() as f64;
            nominal_joint
                + left * (m + side * width - nominal_joint.dot(left))
                + forward * (ahead - nominal_joint.dot(forward))
                + DVec3::Y * (0.5 * (l.y + r.y) - nominal_joint.y)
        }
        Device::Pelvis => {
            // Sideways: centred under the shoulders and, with foot trackers,
            // above the ankles; forward: above the ankles (how far the
            // pelvis sits behind the shoulders differs between people). The
            // legs' length is not revealed, so the height stays nominal.
            let mut sideways = vec![(shoulders, 2.0)];
            let mut ahead = Vec::new();
            if let Some(a) = ankles {
                sideways.push((a, 2.0));
                ahead.push((a, 2.0));
            }
            nominal_joint + left * blend(left, &sideways) + forward * blend(forward, &ahead)
        }
        Device::Head => {
            // Sideways only: how far the head sits ahead of the shoulders
            // differs between people.
            nominal_joint + left * blend(left, &[(shoulders, 2.0)])
        }
        _ => return None,
    };
    if let (Device::Pelvis, Some(h)) = (device, hip_height) {
        joint.y = h;
    }
    Some(yaw.inverse() * (device_mean - joint))
}
