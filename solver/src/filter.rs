//! Causal smoothing of device poses that adapts to the sensor's noise.
//!
//! Each device keeps its last few raw samples. A short FIR filter, designed
//! once, turns them into the current pose: among all filters of that length
//! that pass constant and linearly moving signals unchanged (so a steady
//! motion comes out with no lag), it is the one whose output has the least
//! third-difference noise (jitter, m/s^3, is a third difference). How much
//! of it is used depends on the noise measured in the device's own samples:
//! sensor noise shows in third differences at hundreds of times the size of
//! real human jerk at 90 Hz, so a clean device is passed through untouched
//! and a noisy one is smoothed. Optionally a second, longer filter is
//! used while the device is still ([`crate::motion_gate`]): its difference
//! from the short one is compared with the measured noise, so a still or
//! steadily moving device gets the long filter and a turning or
//! accelerating one the short.

use std::collections::VecDeque;

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::align_hemisphere;

use crate::motion_gate::{MotionGate, MotionGateSettings};

/// Settings of the device smoother.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PoseFilterSettings {
    /// Whether smoothing is on at all (off passes samples through).
    pub enabled: bool,
    /// Samples in the filter window (at 90 Hz, 8 samples span 78 ms).
    pub window: usize,
    /// Position noise (standard deviation per axis, metres) below which a
    /// device counts as clean and is not smoothed.
    pub clean_position_noise_m: f64,
    /// Position noise at and above which the full filter is used.
    pub noisy_position_noise_m: f64,
    /// Rotation noise (radians) below which rotations are not smoothed.
    pub clean_rotation_noise_rad: f64,
    /// Rotation noise at and above which rotations get the full filter.
    pub noisy_rotation_noise_rad: f64,
    /// How many recent samples the noise estimate averages over.
    pub noise_window: usize,
    /// The longer filter used while the device is still
    /// (`[solver.ik.filter.motion_gate]`; off by default).
    pub motion_gate: MotionGateSettings,
}

impl Default for PoseFilterSettings {
    fn default() -> Self {
        PoseFilterSettings {
            enabled: true,
            window: 9,
            clean_position_noise_m: 0.0002,
            noisy_position_noise_m: 0.0008,
            clean_rotation_noise_rad: 0.1f64.to_radians(),
            noisy_rotation_noise_rad: 0.3f64.to_radians(),
            noise_window: 90,
            motion_gate: MotionGateSettings::default(),
        }
    }
}

/// FIR weights for every history length up to the window: `weights[n]`
/// has `n` entries, newest sample first.
#[derive(Debug, Clone)]
pub struct FirDesign {
    weights: Vec<Vec<f64>>,
}

impl FirDesign {
    /// Designs the filters for windows of 1..=`window` samples.
    pub fn new(window: usize) -> FirDesign {
        let window = window.max(1);
        let weights = (0..=window).map(design_fir).collect();
        FirDesign { weights }
    }

    /// The weights for a history of `n` samples (newest first).
    pub fn weights(&self, n: usize) -> &[f64] {
        &self.weights[n.min(self.weights.len() - 1)]
    }
}

/// The minimum third-difference-noise filter of `n` taps (newest first)
/// with unit gain and no lag on a ramp (sum h = 1, sum k h_k = 0).
fn design_fir(n: usize) -> Vec<f64> {
    match n {
        0 => return Vec::new(),
        1 => return vec![1.0],
        _ => {}
    }
    // Minimise |D h|^2 + eps |h|^2 subject to C h = b, through the KKT
    // system [2A C^T; C 0] [h; l] = [0; b], with D the third difference of
    // the zero-padded taps.
    let size = n + 2;
    let d3 = [1.0, -3.0, 3.0, -1.0];
    // Entry r of column i of D: the tap i moved r - i places.
    let d = |r: usize, i: usize| r.checked_sub(i).filter(|&k| k < 4).map_or(0.0, |k| d3[k]);
    let mut m: Vec<Vec<f64>> = (0..size)
        .map(|i| {
            (0..=size)
                .map(|j| match (i < n, j < n) {
                    // 2 (D^T D + eps I)
                    (true, true) => {
                        let dtd: f64 = (0..n + 3).map(|r| d(r, i) * d(r, j)).sum();
                        2.0 * (dtd + if i == j { 1e-3 } else { 0.0 })
                    }
                    // the constraint columns and rows: sum h = 1, sum k h_k = 0
                    (true, false) if j == n => 1.0,
                    (true, false) if j == n + 1 => i as f64,
                    (false, true) if i == n => 1.0,
                    (false, true) => j as f64,
                    _ => 0.0,
                })
                .collect()
        })
        .collect();
    m[n][size] = 1.0;
    solve_dense(m).map_or_else(|| first_only(n), |x| x[..n].to_vec())
}

fn first_only(n: usize) -> Vec<f64> {
    let mut h = vec![0.0; n];
    h[0] = 1.0;
    h
}

/// Gaussian elimination with partial pivoting on an augmented matrix.
fn solve_dense(mut m: Vec<Vec<f64>>) -> Option<Vec<f64>> {
    let size = m.len();
    for col in 0..size {
        let pivot = (col..size).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-12 {
            return None;
        }
        m.swap(col, pivot);
        let pivot_row = m[col].clone();
        for (row, values) in m.iter_mut().enumerate() {
            if row == col {
                continue;
            }
            let f = values[col] / pivot_row[col];
            if f != 0.0 {
                for (v, p) in values.iter_mut().zip(&pivot_row).skip(col) {
                    *v -= f * p;
                }
            }
        }
    }
    Some(
        m.iter()
            .enumerate()
            .map(|(i, row)| row[size] / row[i])
            .collect(),
    )
}

/// The norm of the difference of two filters' weights (the shorter one
/// padded with zeros): how far apart white noise of unit deviation puts
/// their outputs, per axis.
fn weights_gap(a: &[f64], b: &[f64]) -> f64 {
    let n = a.len().max(b.len());
    (0..n)
        .map(|k| a.get(k).copied().unwrap_or(0.0) - b.get(k).copied().unwrap_or(0.0))
        .map(|d| d * d)
        .sum::<f64>()
        .sqrt()
}

/// A running estimate of white-noise size from third differences.
#[derive(Debug, Clone, Default)]
struct NoiseMeter {
    recent: VecDeque<f64>,
    sum: f64,
}

impl NoiseMeter {
    /// Adds one third-difference magnitude (per axis scale) and returns the
    /// noise standard deviation estimate.
    fn add(&mut self, third_difference: f64, window: usize) -> f64 {
        // A jump of a metre in one sample is a glitch, not noise: capped, so
        // that one wild sample neither dominates the estimate nor turns the
        // running sum into inf - inf.
        let third_difference = if third_difference.is_finite() {
            third_difference.min(1.0)
        } else {
            1.0
        };
        self.recent.push_back(third_difference);
        self.sum += third_difference;
        while self.recent.len() > window.max(1) {
            if let Some(old) = self.recent.pop_front() {
                self.sum -= old;
            }
        }
        self.estimate()
    }

    fn estimate(&self) -> f64 {
        if self.recent.is_empty() {
            return 0.0;
        }
        // For white noise of deviation s per axis, a third difference has
        // deviation sqrt(20) s per axis; its 3D length has mean about
        // 1.596 * sqrt(20) s.
        (self.sum / self.recent.len() as f64) / (1.596 * 20f64.sqrt())
    }

    fn clear(&mut self) {
        self.recent.clear();
        self.sum = 0.0;
    }
}

/// One device's smoother: positions and rotations.
#[derive(Debug, Clone)]
pub struct PoseSmoother {
    settings: PoseFilterSettings,
    design: FirDesign,
    positions: VecDeque<DVec3>,
    rotations: VecDeque<DQuat>,
    position_noise: NoiseMeter,
    rotation_noise: NoiseMeter,
    /// The long filter (when its window is longer than the short one's).
    long_design: Option<FirDesign>,
    position_gate: MotionGate,
    rotation_gate: MotionGate,
    output: (DVec3, DQuat),
    velocity: DVec3,
    angular_velocity: DVec3,
}

/// The longest filter window a smoother uses, samples (0.7 s at 90 Hz):
/// the filters for every length up to the window are designed up front, so
/// a window given in settings is bounded.
pub const MAX_WINDOW: usize = 64;

/// The longest noise-estimate window, samples (a minute at 90 Hz).
pub const MAX_NOISE_WINDOW: usize = 5400;

impl PoseSmoother {
    /// A smoother with no history. Windows are bounded to 1..=[`MAX_WINDOW`]
    /// and 1..=[`MAX_NOISE_WINDOW`] samples.
    pub fn new(settings: PoseFilterSettings) -> PoseSmoother {
        let window = settings.window.clamp(1, MAX_WINDOW);
        let long_window = settings.motion_gate.long_window.min(MAX_WINDOW);
        let settings = PoseFilterSettings {
            window,
            noise_window: settings.noise_window.clamp(1, MAX_NOISE_WINDOW),
            motion_gate: MotionGateSettings {
                long_window,
                ..settings.motion_gate
            },
            ..settings
        };
        PoseSmoother {
            settings,
            design: FirDesign::new(window),
            positions: VecDeque::new(),
            rotations: VecDeque::new(),
            position_noise: NoiseMeter::default(),
            rotation_noise: NoiseMeter::default(),
            long_design: (long_window > window).then(|| FirDesign::new(long_window)),
            position_gate: MotionGate::default(),
            rotation_gate: MotionGate::default(),
            output: (DVec3::ZERO, DQuat::IDENTITY),
            velocity: DVec3::ZERO,
            angular_velocity: DVec3::ZERO,
        }
    }

    /// Forgets the history (after a tracking loss or a gap in sampling).
    pub fn reset(&mut self) {
        self.positions.clear();
        self.rotations.clear();
        self.position_noise.clear();
        self.rotation_noise.clear();
        self.position_gate.reset();
        self.rotation_gate.reset();
        self.velocity = DVec3::ZERO;
        self.angular_velocity = DVec3::ZERO;
    }

    /// The measured position noise, metres per axis.
    pub fn position_noise_m(&self) -> f64 {
        self.position_noise.estimate()
    }

    /// Takes one sample, `dt` seconds after the previous one, and returns
    /// the smoothed pose.
    pub fn update(&mut self, position: DVec3, rotation: DQuat, dt: f64) -> (DVec3, DQuat) {
        let previous = self.output;
        let rotation = match self.rotations.front() {
            Some(&last) => align_hemisphere(rotation, last),
            None => rotation,
        };
        let keep = self
            .settings
            .window
            .max(self.settings.motion_gate.long_window)
            .max(4);
        self.positions.push_front(position);
        self.rotations.push_front(rotation);
        self.positions.truncate(keep);
        self.rotations.truncate(keep);
        if !self.settings.enabled {
            self.output = (position, rotation.normalize());
            self.track_velocity(previous, dt);
            return self.output;
        }
        if self.positions.len() >= 4 {
            let p = &self.positions;
            let d3 = p[0] - 3.0 * p[1] + 3.0 * p[2] - p[3];
            self.position_noise
                .add(d3.length(), self.settings.noise_window);
            let r = &self.rotations;
            // Small-angle third difference of the rotations.
            let v = |q: DQuat| (q * r[3].inverse()).normalize().to_scaled_axis();
            let d3r = v(r[0]) - 3.0 * v(r[1]) + 3.0 * v(r[2]);
            self.rotation_noise
                .add(d3r.length(), self.settings.noise_window);
        }
        let s = self.settings;
        let share = |noise: f64, clean: f64, noisy: f64| {
            ((noise - clean) / (noisy - clean).max(1e-12)).clamp(0.0, 1.0)
        };
        let wp = share(
            self.position_noise.estimate(),
            s.clean_position_noise_m,
            s.noisy_position_noise_m,
        );
        let wr = share(
            self.rotation_noise.estimate(),
            s.clean_rotation_noise_rad,
            s.noisy_rotation_noise_rad,
        );
        let (mut fp, mut fr) = self.fir(self.design.weights(self.positions.len().min(s.window)));
        if let Some(long) = &self.long_design {
            let n = self.positions.len();
            let short_h = self.design.weights(n.min(s.window));
            let long_h = long.weights(n.min(s.motion_gate.long_window));
            let gap = weights_gap(short_h, long_h);
            let (lp, lr) = self.fir(long_h);
            let ap = self.position_gate.update(
                &s.motion_gate,
                (lp - fp).length(),
                self.position_noise.estimate(),
                gap,
            );
            let ar = self.rotation_gate.update(
                &s.motion_gate,
                (lr - fr).length(),
                self.rotation_noise.estimate(),
                gap,
            );
            fp += (lp - fp) * ap;
            fr += (lr - fr) * ar;
        }
        let out_p = position + (fp - position) * wp;
        let out_r = (DQuat::from_scaled_axis(fr * wr) * rotation).normalize();
        self.output = (out_p, out_r);
        self.track_velocity(previous, dt);
        self.output
    }

    /// The FIR `h` (newest first) over the history: the position, and the
    /// rotation as a small offset from the newest sample.
    fn fir(&self, h: &[f64]) -> (DVec3, DVec3) {
        let Some(&newest) = self.rotations.front() else {
            return (DVec3::ZERO, DVec3::ZERO);
        };
        let mut fp = DVec3::ZERO;
        let mut fr = DVec3::ZERO;
        for (k, &w) in h.iter().enumerate() {
            fp += self.positions[k] * w;
            fr += (self.rotations[k] * newest.inverse())
                .normalize()
                .to_scaled_axis()
                * w;
        }
        (fp, fr)
    }

    fn track_velocity(&mut self, previous: (DVec3, DQuat), dt: f64) {
        if dt <= 0.0 || self.positions.len() < 2 {
            self.velocity = DVec3::ZERO;
            self.angular_velocity = DVec3::ZERO;
            return;
        }
        let a = (dt / 0.05).min(1.0);
        let v = (self.output.0 - previous.0) / dt;
        let w = (self.output.1 * previous.1.inverse())
            .normalize()
            .to_scaled_axis()
            / dt;
        self.velocity += a * (v - self.velocity);
        self.angular_velocity += a * (w - self.angular_velocity);
    }

    /// The smoothed pose.
    pub fn value(&self) -> (DVec3, DQuat) {
        self.output
    }

    /// The smoothed velocity, m/s.
    pub fn velocity(&self) -> DVec3 {
        self.velocity
    }

    /// The smoothed angular velocity (world frame), rad/s.
    pub fn angular_velocity(&self) -> DVec3 {
        self.angular_velocity
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_out_of_range_are_bounded_and_still_smooth() {
        for (window, noise_window) in [(0, 0), (usize::MAX, usize::MAX)] {
            let mut s = PoseSmoother::new(PoseFilterSettings {
                window,
                noise_window,
                ..PoseFilterSettings::default()
            });
            // A device standing at (1, 2, 3), shaking by 4 mm: the output
            // stays near it (a window of 0 once pulled it toward the origin).
            let mut late_shake: f64 = 0.0;
            for k in 0..200 {
                let shake = 0.004 * if k % 2 == 0 { 1.0 } else { -1.0 };
                let (p, q) = s.update(
                    DVec3::new(1.0 + shake, 2.0, 3.0),
                    DQuat::IDENTITY,
                    1.0 / 90.0,
                );
                assert!(p.is_finite() && q.is_finite());
                assert!(
                    (p - DVec3::new(1.0, 2.0, 3.0)).length() < 0.01,
                    "window {window}: {p}"
                );
                if k >= 100 {
                    late_shake = late_shake.max((p - DVec3::new(1.0, 2.0, 3.0)).length());
                }
            }
            // The longest window still smooths: the shake is mostly gone
            // (the window clamped to 1 passes it through).
            if window > 1 {
                assert!(late_shake < 0.002, "window {window}: shake {late_shake}");
            }
        }
    }

    #[test]
    fn fir_design_passes_constants_and_ramps_without_lag() {
        for n in 2..=12 {
            let h = design_fir(n);
            let sum: f64 = h.iter().sum();
            let moment: f64 = h.iter().enumerate().map(|(k, w)| k as f64 * w).sum();
            assert!((sum - 1.0).abs() < 1e-9, "n={n} sum {sum}");
            assert!(moment.abs() < 1e-9, "n={n} moment {moment}");
        }
    }

    fn noise(i: usize) -> DVec3 {
        // A fixed pseudo-random sequence of about 1.5 mm per axis.
        let mut x = (i as u64)
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
        };
        DVec3::new(next(), next(), next()) * 0.0026
    }

    fn jitter(xs: &[DVec3]) -> f64 {
        let d: Vec<f64> = xs
            .windows(4)
            .map(|w| (w[3] - 3.0 * w[2] + 3.0 * w[1] - w[0]).length())
            .collect();
        d.iter().sum::<f64>() / d.len() as f64
    }

    #[test]
    fn smoother_passes_clean_motion_untouched() {
        let mut f = PoseSmoother::new(PoseFilterSettings::default());
        let dt = 1.0 / 90.0;
        for i in 0..300 {
            let t = i as f64 * dt;
            let p = DVec3::new((3.0 * t).sin() * 0.3, 1.0, 1.2 * t);
            let (out, _) = f.update(p, DQuat::from_rotation_y(t), dt);
            if i > 100 {
                assert!(
                    (out - p).length() < 1e-4,
                    "clean motion changed by {}",
                    (out - p).length()
                );
            }
        }
    }

    #[test]
    fn smoother_cuts_noise_jitter_and_keeps_up_with_a_ramp() {
        let mut f = PoseSmoother::new(PoseFilterSettings::default());
        let dt = 1.0 / 90.0;
        let mut raw = Vec::new();
        let mut out = Vec::new();
        let mut worst: f64 = 0.0;
        for i in 0..400 {
            let truth = DVec3::new(1.0 * i as f64 * dt, 1.0, 0.0); // 1 m/s
            let p = truth + noise(i);
            let (o, _) = f.update(p, DQuat::IDENTITY, dt);
            if i > 120 {
                raw.push(p);
                out.push(o);
                worst = worst.max((o - truth).x.abs());
            }
        }
        let ratio = jitter(&out) / jitter(&raw);
        assert!(ratio < 0.35, "jitter only cut to {ratio}");
        assert!(
            worst < 0.004,
            "a ramp is followed within the noise: worst {worst}"
        );
    }
}
