//! The reconstruction metrics of EVALUATION.md section 3 (with the details
//! of section 5): positions, velocities, bone directions, jitter, foot
//! skate, floor penetration, falls and lag, all in the world frame with no
//! alignment of any kind.

use posewire_body::formats::JointFrame;
use posewire_body::glam::DVec3;
use posewire_body::{Joint, JointMap};
use serde::Serialize;

use crate::interp::positions_at;
use crate::lag::wrist_lag_ms;

/// The head, shoulders, elbows and wrists ("upper PE").
pub const UPPER_JOINTS: [Joint; 7] = [
    Joint::Head,
    Joint::LeftShoulder,
    Joint::RightShoulder,
    Joint::LeftElbow,
    Joint::RightElbow,
    Joint::LeftWrist,
    Joint::RightWrist,
];

/// The pelvis, hips, knees and ankles ("lower PE").
pub const LOWER_JOINTS: [Joint; 7] = [
    Joint::Pelvis,
    Joint::LeftHip,
    Joint::RightHip,
    Joint::LeftKnee,
    Joint::RightKnee,
    Joint::LeftAnkle,
    Joint::RightAnkle,
];

/// The 8 limb bones whose directions the bone angle error compares
/// (joint at the start, joint at the end).
pub const LIMB_BONES: [(Joint, Joint); 8] = [
    (Joint::LeftShoulder, Joint::LeftElbow),
    (Joint::RightShoulder, Joint::RightElbow),
    (Joint::LeftElbow, Joint::LeftWrist),
    (Joint::RightElbow, Joint::RightWrist),
    (Joint::LeftHip, Joint::LeftKnee),
    (Joint::RightHip, Joint::RightKnee),
    (Joint::LeftKnee, Joint::LeftAnkle),
    (Joint::RightKnee, Joint::RightAnkle),
];

/// Ankle within this height of its lowest height counts as foot contact.
pub const CONTACT_BAND_M: f64 = 0.03;

/// Time stamps this close to a window edge count as on it (rounding of
/// `k / rate`).
pub const TIME_TOLERANCE_S: f64 = 1e-6;

/// The metrics of one solve of one clip (or, from [`mean_metrics`], of a
/// set of clips). Units in the names; `jitter` and `gt_jitter` are m/s^3.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Metrics {
    /// How many output frames were evaluated (summed over clips for a mean).
    pub frames: usize,
    /// Mean per-joint position error over the 14 evaluation joints.
    pub mpjpe_cm: f64,
    /// Position error over the head, shoulders, elbows and wrists.
    pub upper_pe_cm: f64,
    /// Position error over the pelvis, hips, knees and ankles.
    pub lower_pe_cm: f64,
    /// Position error over the wrists.
    pub hand_pe_cm: f64,
    /// Position error of the pelvis.
    pub root_pe_cm: f64,
    /// Mean distance between reconstructed and GT joint velocities.
    pub mpjve_cm_s: f64,
    /// Mean angle between reconstructed and GT limb bone directions.
    pub bone_angle_deg: f64,
    /// Mean magnitude of the third finite difference of the reconstructed
    /// positions over dt^3, m/s^3.
    pub jitter: f64,
    /// The same for the GT interpolated to the output times, m/s^3.
    pub gt_jitter: f64,
    /// `jitter / gt_jitter` (for a set of clips: ratio of the means).
    pub jitter_ratio: f64,
    /// Mean horizontal ankle speed while the reconstructed foot is in
    /// contact (mean of both feet).
    pub foot_skate_cm_s: f64,
    /// The same rule applied to the GT ankles.
    pub gt_foot_skate_cm_s: f64,
    /// `foot_skate / gt_foot_skate` (for a set of clips: ratio of the means).
    pub skate_ratio: f64,
    /// Mean depth of the reconstructed ankles below the clip's lowest GT
    /// ankle height.
    pub penetration_cm: f64,
    /// Share of frames whose reconstructed head is below half its GT height.
    pub falls_pct: f64,
    /// Shift that best aligns reconstructed and GT wrist velocities;
    /// positive = the reconstruction is late. NaN if the wrists never move.
    pub lag_ms: f64,
}

/// Why metrics could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MetricsError {
    /// The solver produced no frame at all.
    #[error("the solver output has no frames")]
    EmptyOutput,
    /// The ground truth has fewer than two frames.
    #[error("the ground truth has {0} frames; at least 2 are needed")]
    ShortTruth(usize),
    /// Time stamps that do not increase.
    #[error("{which} frame {index}: time {time_s} s does not increase over the previous frame")]
    TimeNotIncreasing {
        /// `output` or `truth`.
        which: &'static str,
        /// 0-based frame index.
        index: usize,
        /// The offending time.
        time_s: f64,
    },
    /// A NaN or infinite joint position.
    #[error("{which} frame {index} (t = {time_s} s): joint `{joint}` has a non-finite position")]
    NonFinite {
        /// `output` or `truth`.
        which: &'static str,
        /// 0-based frame index.
        index: usize,
        /// The frame's time.
        time_s: f64,
        /// The joint.
        joint: Joint,
    },
    /// Too few output frames inside the evaluation window.
    #[error("only {found} output frames lie in the evaluation window {start_s:.3}..{end_s:.3} s; at least 4 are needed")]
    TooFewFrames {
        /// Frames found in the window.
        found: usize,
        /// Window start, s.
        start_s: f64,
        /// Window end (last GT time), s.
        end_s: f64,
    },
}

fn check_frames(which: &'static str, frames: &[JointFrame]) -> Result<(), MetricsError> {
    for (index, f) in frames.iter().enumerate() {
        if index > 0
            && f.time_s.partial_cmp(&frames[index - 1].time_s) != Some(std::cmp::Ordering::Greater)
        {
            return Err(MetricsError::TimeNotIncreasing {
                which,
                index,
                time_s: f.time_s,
            });
        }
        if let Some((joint, _)) = f.joints.iter().find(|(_, t)| !t.position.is_finite()) {
            return Err(MetricsError::NonFinite {
                which,
                index,
                time_s: f.time_s,
                joint,
            });
        }
    }
    Ok(())
}

/// Computes every metric of a solve against the GT.
///
/// `output` is the solver's output, `truth` the GT joints (any rate), and
/// `window_start_s` the first tracker time + 1 s (settling). The window
/// holds the output frames with `window_start_s <= time <= last GT time`;
/// the GT is interpolated linearly to their times.
pub fn evaluate(
    output: &[JointFrame],
    truth: &[JointFrame],
    window_start_s: f64,
) -> Result<Metrics, MetricsError> {
    if output.is_empty() {
        return Err(MetricsError::EmptyOutput);
    }
    if truth.len() < 2 {
        return Err(MetricsError::ShortTruth(truth.len()));
    }
    check_frames("output", output)?;
    check_frames("truth", truth)?;

    let gt_times: Vec<f64> = truth.iter().map(|f| f.time_s).collect();
    let gt_positions: Vec<JointMap<DVec3>> = truth.iter().map(JointFrame::positions).collect();
    let start = window_start_s.max(gt_times[0]);
    let end = gt_times[gt_times.len() - 1];
    let window: Vec<&JointFrame> = output
        .iter()
        .filter(|f| f.time_s >= start - TIME_TOLERANCE_S && f.time_s <= end + TIME_TOLERANCE_S)
        .collect();
    if window.len() < 4 {
        return Err(MetricsError::TooFewFrames {
            found: window.len(),
            start_s: start,
            end_s: end,
        });
    }
    let times: Vec<f64> = window.iter().map(|f| f.time_s).collect();
    let rec: Vec<JointMap<DVec3>> = window.iter().map(|f| f.positions()).collect();
    let gt: Vec<JointMap<DVec3>> = times
        .iter()
        .map(|&t| positions_at(&gt_times, &gt_positions, t))
        .collect();

    let jitter = mean_jitter(&rec, &times);
    let gt_jitter = mean_jitter(&gt, &times);
    let foot_skate = foot_skate_cm_s(&rec, &times);
    let gt_foot_skate = foot_skate_cm_s(&gt, &times);
    Ok(Metrics {
        frames: window.len(),
        mpjpe_cm: position_error_cm(&rec, &gt, &Joint::EVALUATED),
        upper_pe_cm: position_error_cm(&rec, &gt, &UPPER_JOINTS),
        lower_pe_cm: position_error_cm(&rec, &gt, &LOWER_JOINTS),
        hand_pe_cm: position_error_cm(&rec, &gt, &[Joint::LeftWrist, Joint::RightWrist]),
        root_pe_cm: position_error_cm(&rec, &gt, &[Joint::Pelvis]),
        mpjve_cm_s: velocity_error_cm_s(&rec, &gt, &times),
        bone_angle_deg: bone_angle_deg(&rec, &gt),
        jitter,
        gt_jitter,
        jitter_ratio: jitter / gt_jitter,
        foot_skate_cm_s: foot_skate,
        gt_foot_skate_cm_s: gt_foot_skate,
        skate_ratio: foot_skate / gt_foot_skate,
        penetration_cm: penetration_cm(&rec, &gt_positions),
        falls_pct: falls_pct(&rec, &gt),
        lag_ms: wrist_lag_ms(&rec, &times, &gt_positions, &gt_times),
    })
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    if n == 0 {
        f64::NAN
    } else {
        sum / n as f64
    }
}

fn position_error_cm(rec: &[JointMap<DVec3>], gt: &[JointMap<DVec3>], joints: &[Joint]) -> f64 {
    100.0
        * mean(
            rec.iter()
                .zip(gt)
                .flat_map(|(r, g)| joints.iter().map(move |&j| r[j].distance(g[j]))),
        )
}

/// Central-difference velocity of joint `j` at interior frame `i`.
fn velocity(p: &[JointMap<DVec3>], times: &[f64], i: usize, j: Joint) -> DVec3 {
    (p[i + 1][j] - p[i - 1][j]) / (times[i + 1] - times[i - 1])
}

fn velocity_error_cm_s(rec: &[JointMap<DVec3>], gt: &[JointMap<DVec3>], times: &[f64]) -> f64 {
    100.0
        * mean((1..times.len() - 1).flat_map(|i| {
            Joint::EVALUATED
                .iter()
                .map(move |&j| velocity(rec, times, i, j).distance(velocity(gt, times, i, j)))
        }))
}

fn bone_angle_deg(rec: &[JointMap<DVec3>], gt: &[JointMap<DVec3>]) -> f64 {
    mean(rec.iter().zip(gt).flat_map(|(r, g)| {
        LIMB_BONES.iter().filter_map(move |&(a, b)| {
            let u = r[b] - r[a];
            let v = g[b] - g[a];
            (u.length_squared() > 0.0 && v.length_squared() > 0.0)
                .then(|| u.cross(v).length().atan2(u.dot(v)).to_degrees())
        })
    }))
}

/// The median interval between successive times.
fn median_interval(times: &[f64]) -> f64 {
    let mut d: Vec<f64> = times.windows(2).map(|w| w[1] - w[0]).collect();
    d.sort_by(f64::total_cmp);
    let n = d.len();
    if n % 2 == 1 {
        d[n / 2]
    } else {
        0.5 * (d[n / 2 - 1] + d[n / 2])
    }
}

/// Mean over frames and evaluation joints of |third difference| / dt^3,
/// dt = the median output interval.
fn mean_jitter(p: &[JointMap<DVec3>], times: &[f64]) -> f64 {
    let dt = median_interval(times);
    let dt3 = dt * dt * dt;
    mean(p.windows(4).flat_map(|w| {
        Joint::EVALUATED
            .iter()
            .map(move |&j| (w[3][j] - 3.0 * w[2][j] + 3.0 * w[1][j] - w[0][j]).length() / dt3)
    }))
}

/// Per foot: frames whose ankle is within [`CONTACT_BAND_M`] of its lowest
/// height in the window; mean horizontal ankle speed over them; then the
/// mean of both feet (a foot with no interior contact frame is left out).
fn foot_skate_cm_s(p: &[JointMap<DVec3>], times: &[f64]) -> f64 {
    let n = times.len();
    let per_foot = [Joint::LeftAnkle, Joint::RightAnkle].map(|ankle| {
        let lowest = p.iter().map(|f| f[ankle].y).fold(f64::INFINITY, f64::min);
        mean(
            (1..n - 1)
                .filter(|&i| p[i][ankle].y <= lowest + CONTACT_BAND_M)
                .map(|i| {
                    let v = velocity(p, times, i, ankle);
                    DVec3::new(v.x, 0.0, v.z).length()
                }),
        )
    });
    let feet: Vec<f64> = per_foot.into_iter().filter(|v| v.is_finite()).collect();
    100.0 * mean(feet.into_iter())
}

/// Mean over frames and ankles of how far the reconstructed ankle is below
/// the lowest GT ankle height of the whole clip.
fn penetration_cm(rec: &[JointMap<DVec3>], gt_all: &[JointMap<DVec3>]) -> f64 {
    let floor = gt_all
        .iter()
        .flat_map(|f| [f[Joint::LeftAnkle].y, f[Joint::RightAnkle].y])
        .fold(f64::INFINITY, f64::min);
    100.0
        * mean(
            rec.iter()
                .flat_map(|f| [f[Joint::LeftAnkle].y, f[Joint::RightAnkle].y])
                .map(|y| (floor - y).max(0.0)),
        )
}

fn falls_pct(rec: &[JointMap<DVec3>], gt: &[JointMap<DVec3>]) -> f64 {
    let fallen = rec
        .iter()
        .zip(gt)
        .filter(|(r, g)| r[Joint::Head].y < 0.5 * g[Joint::Head].y)
        .count();
    100.0 * fallen as f64 / rec.len() as f64
}

/// The mean of per-clip metrics: plain means of every value (the lag over
/// the clips where it is defined), except the jitter and skate ratios,
/// which are the mean reconstructed value over the mean GT value so that
/// one nearly motionless clip cannot decide them. `frames` is the sum.
/// An empty slice gives NaN everywhere.
pub fn mean_metrics(clips: &[Metrics]) -> Metrics {
    let m = |f: fn(&Metrics) -> f64| mean(clips.iter().map(f));
    let jitter = m(|c| c.jitter);
    let gt_jitter = m(|c| c.gt_jitter);
    let skate = m(|c| c.foot_skate_cm_s);
    let gt_skate = m(|c| c.gt_foot_skate_cm_s);
    Metrics {
        frames: clips.iter().map(|c| c.frames).sum(),
        mpjpe_cm: m(|c| c.mpjpe_cm),
        upper_pe_cm: m(|c| c.upper_pe_cm),
        lower_pe_cm: m(|c| c.lower_pe_cm),
        hand_pe_cm: m(|c| c.hand_pe_cm),
        root_pe_cm: m(|c| c.root_pe_cm),
        mpjve_cm_s: m(|c| c.mpjve_cm_s),
        bone_angle_deg: m(|c| c.bone_angle_deg),
        jitter,
        gt_jitter,
        jitter_ratio: jitter / gt_jitter,
        foot_skate_cm_s: skate,
        gt_foot_skate_cm_s: gt_skate,
        skate_ratio: skate / gt_skate,
        penetration_cm: m(|c| c.penetration_cm),
        falls_pct: m(|c| c.falls_pct),
        lag_ms: mean(clips.iter().map(|c| c.lag_ms).filter(|v| v.is_finite())),
    }
}

#[cfg(test)]
#[path = "metrics_tests.rs"]
mod tests;
