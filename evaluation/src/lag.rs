//! The lag metric: the time shift that best aligns the reconstructed wrist
//! velocities with the GT's (EVALUATION.md section 5).

use posewire_body::glam::DVec3;
use posewire_body::{Joint, JointMap};

use crate::interp::{lerp_at, locate};

/// The searched shifts, whole milliseconds, both ways.
pub const MAX_LAG_MS: i32 = 200;

const WRISTS: [Joint; 2] = [Joint::LeftWrist, Joint::RightWrist];

/// Central-difference velocities of both wrists at the interior frames of a
/// sequence, with their times.
fn wrist_velocities(p: &[JointMap<DVec3>], times: &[f64]) -> (Vec<f64>, [Vec<DVec3>; 2]) {
    let n = times.len();
    let interior = 1..n.saturating_sub(1);
    let t = interior.clone().map(|i| times[i]).collect();
    let v = WRISTS.map(|w| {
        interior
            .clone()
            .map(|i| (p[i + 1][w] - p[i - 1][w]) / (times[i + 1] - times[i - 1]))
            .collect()
    });
    (t, v)
}

/// The shift in [-200, 200] ms (1 ms steps) that maximises the normalised
/// cross-correlation of the wrist velocities (central differences; both
/// wrists, x, y, z together, each channel's mean removed over the pairs),
/// GT velocities interpolated linearly to `t - shift`, over the frames where
/// both are defined. Positive = the reconstruction is late. NaN if no shift
/// gives a defined correlation (the wrists do not move).
pub(crate) fn wrist_lag_ms(
    rec: &[JointMap<DVec3>],
    times: &[f64],
    gt: &[JointMap<DVec3>],
    gt_times: &[f64],
) -> f64 {
    let (rt, rv) = wrist_velocities(rec, times);
    let (gt_t, gv) = wrist_velocities(gt, gt_times);
    if rt.is_empty() || gt_t.len() < 2 {
        return f64::NAN;
    }
    let (first, last) = (gt_t[0], gt_t[gt_t.len() - 1]);
    let mut best = (f64::NEG_INFINITY, f64::NAN);
    for ms in -MAX_LAG_MS..=MAX_LAG_MS {
        let shift = f64::from(ms) / 1000.0;
        let mut a: Vec<[DVec3; 2]> = Vec::with_capacity(rt.len());
        let mut b: Vec<[DVec3; 2]> = Vec::with_capacity(rt.len());
        for (k, &t) in rt.iter().enumerate() {
            let tg = t - shift;
            if tg < first || tg > last {
                continue;
            }
            let at = locate(&gt_t, tg);
            a.push([rv[0][k], rv[1][k]]);
            b.push([lerp_at(&gv[0], at), lerp_at(&gv[1], at)]);
        }
        let c = normalised_correlation(&a, &b);
        if c > best.0 {
            best = (c, f64::from(ms));
        }
    }
    best.1
}

/// Zero-mean normalised cross-correlation of two equally long series of
/// (left, right) wrist vectors, all six channels together. NaN when fewer
/// than two pairs or a series is constant.
fn normalised_correlation(a: &[[DVec3; 2]], b: &[[DVec3; 2]]) -> f64 {
    let n = a.len();
    if n < 2 {
        return f64::NAN;
    }
    let mean_of = |s: &[[DVec3; 2]]| {
        let sum = s
            .iter()
            .fold([DVec3::ZERO; 2], |acc, x| [acc[0] + x[0], acc[1] + x[1]]);
        [sum[0] / n as f64, sum[1] / n as f64]
    };
    let (ma, mb) = (mean_of(a), mean_of(b));
    let (mut ab, mut aa, mut bb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        for w in 0..2 {
            let (u, v) = (x[w] - ma[w], y[w] - mb[w]);
            ab += u.dot(v);
            aa += u.length_squared();
            bb += v.length_squared();
        }
    }
    let denominator = (aa * bb).sqrt();
    if denominator > 0.0 {
        ab / denominator
    } else {
        f64::NAN
    }
}
