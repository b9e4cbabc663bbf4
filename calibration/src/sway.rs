//! Removing postural sway from a calibration take.
//!
//! Nobody stands perfectly still: the whole body tilts slowly (a few tenths
//! of a degree, well under 1 Hz) about the feet. Over a one-second block the
//! tilt does not average out, so each pose's mean device positions shift by
//! up to a centimetre or so, differently per pose, which would bias the arm
//! fit. Because the body tilts rigidly, every device's rotation shows the
//! same tilt: devices whose bone never turns between poses (head, pelvis,
//! feet) show it relative to their mean over the take, the hands relative to
//! their mean within each pose block. Those votes are pooled and smoothed in
//! time (a local quadratic fit, which keeps a slow sway and averages out
//! per-sample noise), and each sample is then turned back about the pivot.

use posewire_body::formats::CalibrationPose;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::Device;

use crate::rows::{mean_rotation, rotation_vector, Row};

/// Half-width of the smoothing window, seconds: long enough to average
/// about 50 samples per device at 90 Hz, short enough that a 0.6 Hz sway
/// is followed closely by a local quadratic.
const BANDWIDTH_S: f64 = 0.3;

/// Whether a device's bone keeps the same rotation in all three poses.
fn bone_is_fixed(device: Device) -> bool {
    !matches!(device, Device::LeftHand | Device::RightHand)
}

/// The estimated tilt (world rotation vector relative to the take's mean
/// posture) at the time of every row, in row order.
pub(crate) fn estimate_tilts(rows: &[Row]) -> Vec<DVec3> {
    let mut tilts = vec![DVec3::ZERO; rows.len()];
    // Reference rotation per fixed-bone device: its mean over the take.
    let mut take_reference: [Option<DQuat>; Device::COUNT] = [None; Device::COUNT];
    for device in Device::ALL.into_iter().filter(|d| bone_is_fixed(*d)) {
        take_reference[device.index()] = mean_rotation(
            rows.iter()
                .filter(move |r| r.device == device)
                .map(|r| r.rotation),
        );
    }
    for pose in CalibrationPose::ALL {
        let in_pose: Vec<usize> = (0..rows.len()).filter(|&i| rows[i].pose == pose).collect();
        let mut votes: Vec<(f64, DVec3)> = Vec::new();
        // Fixed-bone devices: tilt relative to the take's mean posture.
        for &i in &in_pose {
            let r = &rows[i];
            if let Some(reference) = take_reference[r.device.index()] {
                votes.push((r.time, rotation_vector(r.rotation * reference.inverse())));
            }
        }
        if votes.is_empty() {
            continue;
        }
        let block_mean_tilt = votes.iter().map(|v| v.1).sum::<DVec3>() / votes.len() as f64;
        // Hands: tilt relative to their own block mean, plus the block's
        // mean tilt seen by the fixed-bone devices.
        for device in [Device::LeftHand, Device::RightHand] {
            let block = in_pose
                .iter()
                .filter(|&&i| rows[i].device == device)
                .map(|&i| rows[i].rotation);
            if let Some(reference) = mean_rotation(block) {
                for &i in &in_pose {
                    let r = &rows[i];
                    if r.device == device {
                        let v = rotation_vector(r.rotation * reference.inverse());
                        votes.push((r.time, v + block_mean_tilt));
                    }
                }
            }
        }
        votes.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut cache: Vec<(f64, DVec3)> = Vec::new();
        for &i in &in_pose {
            let t = rows[i].time;
            let tilt = match cache.iter().find(|c| c.0 == t) {
                Some(c) => c.1,
                None => {
                    let v = smooth_at(&votes, t, BANDWIDTH_S);
                    cache.push((t, v));
                    v
                }
            };
            tilts[i] = tilt;
        }
    }
    tilts
}

/// Turns every row back by its tilt about `pivot`.
pub(crate) fn remove_tilts(rows: &mut [Row], tilts: &[DVec3], pivot: DVec3) {
    for (r, v) in rows.iter_mut().zip(tilts) {
        let undo = DQuat::from_scaled_axis(*v).inverse();
        r.position = pivot + undo * (r.position - pivot);
        r.rotation = (undo * r.rotation).normalize();
    }
}

/// A local quadratic fit (tricube weights, half-width `h`) of time-sorted
/// vector samples, evaluated at `t0`. Near either end of the samples the
/// window keeps its full width and slides inward (so the fit there still
/// rests on a full window of samples); where the window holds too few
/// distinct times for a quadratic, the weighted mean.
fn smooth_at(samples: &[(f64, DVec3)], t0: f64, h: f64) -> DVec3 {
    let (Some(first), Some(last)) = (samples.first(), samples.last()) else {
        return DVec3::ZERO;
    };
    let centre = if last.0 - first.0 <= 2.0 * h {
        0.5 * (first.0 + last.0)
    } else {
        t0.clamp(first.0 + h, last.0 - h)
    };
    let start = samples.partition_point(|s| s.0 < centre - h);
    let end = samples.partition_point(|s| s.0 <= centre + h);
    // Moments of the weighted design [1, d, d^2] (d in units of h).
    let mut m = [0.0f64; 5];
    let mut rhs = [DVec3::ZERO; 3];
    for &(t, v) in &samples[start..end] {
        let d = (t - centre) / h;
        let w = (1.0 - d.abs().powi(3)).max(0.0).powi(3);
        let mut p = w;
        for (k, mk) in m.iter_mut().enumerate() {
            *mk += p;
            if k < 3 {
                rhs[k] += p * v;
            }
            p *= d;
        }
    }
    if m[0] <= 0.0 {
        return DVec3::ZERO;
    }
    let mean = rhs[0] / m[0];
    // Solve [[m0 m1 m2][m1 m2 m3][m2 m3 m4]] c = rhs and evaluate the
    // quadratic c0 + c1 x + c2 x^2 at x = (t0 - centre) / h.
    let a = [[m[0], m[1], m[2]], [m[1], m[2], m[3]], [m[2], m[3], m[4]]];
    let det = det3(a);
    if det.abs() < 1e-9 * m[0].powi(3) {
        return mean;
    }
    let x = (t0 - centre) / h;
    let mut out = DVec3::ZERO;
    for axis in 0..3 {
        let mut c = [0.0; 3];
        for (k, ck) in c.iter_mut().enumerate() {
            let mut ak = a;
            for (row, r) in ak.iter_mut().enumerate() {
                r[k] = rhs[row][axis];
            }
            *ck = det3(ak) / det;
        }
        out[axis] = c[0] + c[1] * x + c[2] * x * x;
    }
    out
}

fn det3(a: [[f64; 3]; 3]) -> f64 {
    a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1])
        - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
        + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_quadratic_follows_a_slow_sway_and_averages_noise() {
        // A 0.5 Hz sine of 0.4 degrees with alternating +-0.3 degree noise.
        let amp = 0.4f64.to_radians();
        let noise = 0.3f64.to_radians();
        let samples: Vec<(f64, DVec3)> = (0..270)
            .map(|k| {
                let t = k as f64 / 90.0;
                let s = amp * (std::f64::consts::TAU * 0.5 * t).sin();
                let n = if k % 2 == 0 { noise } else { -noise };
                (t, DVec3::new(s + n, 0.0, 0.0))
            })
            .collect();
        for k in [0usize, 45, 100, 200, 269] {
            let t = k as f64 / 90.0;
            let truth = amp * (std::f64::consts::TAU * 0.5 * t).sin();
            let est = smooth_at(&samples, t, BANDWIDTH_S).x;
            assert!(
                (est - truth).abs() < 0.1 * amp,
                "t {t}: {} vs {}",
                est.to_degrees(),
                truth.to_degrees()
            );
        }
    }
}
