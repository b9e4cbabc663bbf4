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
//! and a noisy one is smoothed.

use std::collections::VecDeque;

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::align_hemisphere;

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
    /// Samples the filter spans (0 or at most `window`: `window`). Longer,
    /// the filter bends with acceleration as the `window` one does (the
    /// same bias) and lets less noise into the third differences.
    pub taps: usize,
    /// Samples the head's and pelvis's filters span (0: `taps`): the
    /// trunk moves slower than the hands and feet, and at 3 devices the
    /// head places most of the body. 16 (chosen over 0, 16, 24 and 32 by
    /// cross-validation over subjects, `docs/notes/coarse-captures.md`)
    /// cuts noisy jitter on 30 fps captures by about a tenth.
    pub trunk_taps: usize,
    /// Samples of the hand controllers' unbiased filter (0: none): a
    /// filter that passes a steadily accelerating motion unchanged too, so
    /// a fast hand is not cut short at its turns (the usual one is biased
    /// on acceleration, which costs clean fast hands millimetres). It is
    /// used while the hand's measured position noise is at most
    /// `noisy_position_noise_m` (clean devices, whose fast motion reads as
    /// some noise), blending into the usual filter by
    /// `hand_unbiased_max_noise_m`: a noisy device keeps the usual filter.
    /// 6 by default (`docs/notes/six-device-accuracy.md`, the wrist's
    /// budget: cross-validated over the training subjects, the 6-device
    /// clean wrist 1.382 -> 1.340 cm, validation 1.518 -> 1.4995 cm,
    /// physics); 0 turns it off.
    pub hand_unbiased_taps: usize,
    /// The measured position noise (metres per axis) at and above which
    /// the hands use only the usual filter.
    pub hand_unbiased_max_noise_m: f64,
    /// Whether the foot devices are filtered and predicted at the ankle
    /// (each sample turned into the ankle's position through the calibrated
    /// offset first) rather than at the device. A foot tracker sits about
    /// 10 cm in front of the ankle: a fast turn of the foot moves it fast,
    /// and its separately filtered and predicted position and rotation put
    /// back together miss the ankle by centimetres (`crate::tracking`).
    pub feet_at_ankle: bool,
    /// Samples of this device's unbiased filter (0: none; set per device
    /// by [`PoseFilterSettings::for_device`]).
    #[serde(skip)]
    pub unbiased_taps: usize,
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
            taps: 0,
            trunk_taps: 16,
            hand_unbiased_taps: 6,
            hand_unbiased_max_noise_m: 0.0012,
            feet_at_ankle: true,
            unbiased_taps: 0,
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
    /// Designs the filters for histories of 1..=`window` samples: the
    /// least-jitter filter of each length with no lag on a ramp.
    pub fn new(window: usize) -> FirDesign {
        FirDesign::with_taps(window, window)
    }

    /// As [`FirDesign::new`], and beyond `window` up to `taps` samples the
    /// least-jitter filter that bends with an accelerating signal as the
    /// `window` one does (the same second moment, sum k^2 h_k): the same
    /// bias on acceleration, less noise in the third differences.
    pub fn with_taps(window: usize, taps: usize) -> FirDesign {
        let window = window.max(1);
        let taps = taps.max(window);
        let short: Vec<Vec<f64>> = (0..=window)
            .map(|n| design_fir(n, None).unwrap_or_else(|| first_only(n)))
            .collect();
        let moment: f64 = short[window]
            .iter()
            .enumerate()
            .map(|(k, w)| (k * k) as f64 * w)
            .sum();
        let long = (window + 1..=taps).map(|n| {
            design_fir(n, Some(moment))
                .filter(|h| h.iter().all(|w| w.is_finite()))
                .unwrap_or_else(|| short[window].clone())
        });
        let weights = short.iter().cloned().chain(long).collect();
        FirDesign { weights }
    }

    /// The least-jitter filters of 1..=`taps` samples that pass constant,
    /// ramping and steadily accelerating signals unchanged (sum h = 1, sum
    /// k h = 0, sum k^2 h = 0; below 5 samples, only the first two).
    pub fn unbiased(taps: usize) -> FirDesign {
        let weights = (0..=taps.max(1))
            .map(|n| {
                let moment = (n >= 5).then_some(0.0);
                design_fir(n, moment)
                    .filter(|h| h.iter().all(|w| w.is_finite()))
                    .unwrap_or_else(|| first_only(n))
            })
            .collect();
        FirDesign { weights }
    }

    /// The weights for a history of `n` samples (newest first).
    pub fn weights(&self, n: usize) -> &[f64] {
        &self.weights[n.min(self.weights.len() - 1)]
    }

    /// The longest history the filters use, samples.
    pub fn taps(&self) -> usize {
        self.weights.len() - 1
    }
}

/// The minimum third-difference-noise filter of `n` taps (newest first)
/// with unit gain and no lag on a ramp (sum h = 1, sum k h_k = 0), and
/// when given the second moment sum k^2 h_k (`None` if the system is
/// singular).
fn design_fir(n: usize, second_moment: Option<f64>) -> Option<Vec<f64>> {
    match n {
        0 => return Some(Vec::new()),
        1 => return Some(vec![1.0]),
        _ => {}
    }
    // Minimise |D h|^2 + eps |h|^2 subject to C h = b, through the KKT
    // system [2A C^T; C 0] [h; l] = [0; b], with D the third difference of
    // the zero-padded taps.
    let constraints = if second_moment.is_some() { 3 } else { 2 };
    let size = n + constraints;
    let d3 = [1.0, -3.0, 3.0, -1.0];
    // Entry r of column i of D: the tap i moved r - i places.
    let d = |r: usize, i: usize| r.checked_sub(i).filter(|&k| k < 4).map_or(0.0, |k| d3[k]);
    // Constraint c on tap i: k^c with k = i (sum h, sum k h, sum k^2 h).
    let c = |c: usize, i: usize| (i as f64).powi(c as i32);
    let mut m: Vec<Vec<f64>> = (0..size)
        .map(|i| {
            (0..=size)
                .map(|j| match (i < n, j < n) {
                    // 2 (D^T D + eps I)
                    (true, true) => {
                        let dtd: f64 = (0..n + 3).map(|r| d(r, i) * d(r, j)).sum();
                        2.0 * (dtd + if i == j { 1e-3 } else { 0.0 })
                    }
                    // the constraint columns and rows
                    (true, false) if j < size => c(j - n, i),
                    (false, true) => c(i - n, j),
                    _ => 0.0,
                })
                .collect()
        })
        .collect();
    m[n][size] = 1.0;
    if let Some(moment) = second_moment {
        m[n + 2][size] = moment;
    }
    solve_dense(m).map(|x| x[..n].to_vec())
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
    /// The unbiased filter for a clean device, if it has one.
    unbiased: Option<FirDesign>,
    positions: VecDeque<DVec3>,
    rotations: VecDeque<DQuat>,
    position_noise: NoiseMeter,
    rotation_noise: NoiseMeter,
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

impl PoseFilterSettings {
    /// The settings of one device's filter: the head and pelvis with
    /// `trunk_taps` (when given).
    pub fn for_device(&self, device: posewire_body::Device) -> PoseFilterSettings {
        use posewire_body::Device;
        match device {
            Device::Head | Device::Pelvis if self.trunk_taps > 0 => PoseFilterSettings {
                taps: self.trunk_taps,
                ..*self
            },
            Device::LeftHand | Device::RightHand => PoseFilterSettings {
                unbiased_taps: self.hand_unbiased_taps,
                ..*self
            },
            _ => *self,
        }
    }
}

impl PoseSmoother {
    /// A smoother with no history. Windows are bounded to 1..=[`MAX_WINDOW`]
    /// and 1..=[`MAX_NOISE_WINDOW`] samples.
    pub fn new(settings: PoseFilterSettings) -> PoseSmoother {
        let window = settings.window.clamp(1, MAX_WINDOW);
        let settings = PoseFilterSettings {
            window,
            noise_window: settings.noise_window.clamp(1, MAX_NOISE_WINDOW),
            taps: settings.taps.clamp(window, MAX_WINDOW),
            unbiased_taps: settings.unbiased_taps.min(MAX_WINDOW),
            ..settings
        };
        PoseSmoother {
            settings,
            design: FirDesign::with_taps(window, settings.taps),
            unbiased: (settings.unbiased_taps > 0)
                .then(|| FirDesign::unbiased(settings.unbiased_taps)),
            positions: VecDeque::new(),
            rotations: VecDeque::new(),
            position_noise: NoiseMeter::default(),
            rotation_noise: NoiseMeter::default(),
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
        self.velocity = DVec3::ZERO;
        self.angular_velocity = DVec3::ZERO;
    }

    /// The measured position noise, metres per axis.
    pub fn position_noise_m(&self) -> f64 {
        self.position_noise.estimate()
    }

    /// The measured rotation noise, radians.
    pub fn rotation_noise_rad(&self) -> f64 {
        self.rotation_noise.estimate()
    }

    /// Takes one sample, `dt` seconds after the previous one, and returns
    /// the smoothed pose.
    pub fn update(&mut self, position: DVec3, rotation: DQuat, dt: f64) -> (DVec3, DQuat) {
        let previous = self.output;
        let rotation = match self.rotations.front() {
            Some(&last) => align_hemisphere(rotation, last),
            None => rotation,
        };
        let keep = self.settings.taps.max(self.settings.unbiased_taps).max(4);
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
        let (mut fp, mut fr) = self.filtered(&self.design, s.taps);
        if let Some(unbiased) = &self.unbiased {
            // Clean (fast motion reads as some noise): the unbiased filter;
            // noisy: the usual one.
            let usual = share(
                self.position_noise.estimate(),
                s.noisy_position_noise_m,
                s.hand_unbiased_max_noise_m,
            );
            if usual < 1.0 {
                let (up, ur) = self.filtered(unbiased, s.unbiased_taps);
                fp = up + (fp - up) * usual;
                fr = ur + (fr - ur) * usual;
            }
        }
        let out_p = position + (fp - position) * wp;
        let out_r = (DQuat::from_scaled_axis(fr * wr) * rotation).normalize();
        self.output = (out_p, out_r);
        self.track_velocity(previous, dt);
        self.output
    }

    /// The filtered position and the filtered rotation's offset from the
    /// newest sample (scaled axis) by `design` over at most `taps` samples.
    fn filtered(&self, design: &FirDesign, taps: usize) -> (DVec3, DVec3) {
        let n = self.positions.len().min(taps);
        let newest = self.rotations.front().copied().unwrap_or(DQuat::IDENTITY);
        let mut fp = DVec3::ZERO;
        // Rotations are blended as small offsets from the newest sample.
        let mut fr = DVec3::ZERO;
        for (k, &w) in design.weights(n).iter().enumerate() {
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
            let h = design_fir(n, None).expect("a design");
            let sum: f64 = h.iter().sum();
            let moment: f64 = h.iter().enumerate().map(|(k, w)| k as f64 * w).sum();
            assert!((sum - 1.0).abs() < 1e-9, "n={n} sum {sum}");
            assert!(moment.abs() < 1e-9, "n={n} moment {moment}");
        }
    }

    #[test]
    fn more_taps_keep_the_bias_on_acceleration_and_cut_jitter() {
        let moments = |h: &[f64]| {
            let m = |p: i32| -> f64 {
                h.iter()
                    .enumerate()
                    .map(|(k, w)| (k as f64).powi(p) * w)
                    .sum()
            };
            (m(0), m(1), m(2))
        };
        let noise_jitter = |h: &[f64]| {
            // Third-difference gain of the filter on white noise.
            let padded: Vec<f64> = [vec![0.0; 3], h.to_vec(), vec![0.0; 3]].concat();
            padded
                .windows(4)
                .map(|w| (w[3] - 3.0 * w[2] + 3.0 * w[1] - w[0]).powi(2))
                .sum::<f64>()
                .sqrt()
        };
        for window in [7, 9] {
            let short = FirDesign::new(window);
            let long = FirDesign::with_taps(window, 24);
            assert_eq!(long.taps(), 24);
            let (s0, s1, s2) = moments(short.weights(window));
            let (l0, l1, l2) = moments(long.weights(24));
            assert!((l0 - 1.0).abs() < 1e-9 && l1.abs() < 1e-9, "{l0} {l1}");
            assert!((l2 - s2).abs() < 1e-6, "second moment {l2} against {s2}");
            assert!((s0 - 1.0).abs() < 1e-9 && s1.abs() < 1e-9);
            // The same bias on acceleration, a quarter of the jitter or less.
            let (js, jl) = (
                noise_jitter(short.weights(window)),
                noise_jitter(long.weights(24)),
            );
            assert!(
                jl < 0.3 * js,
                "window {window}: jitter gain {jl} against {js}"
            );
            // Up to the window, the filters are the window's own.
            for n in 0..=window {
                assert_eq!(short.weights(n), long.weights(n));
            }
        }
    }

    #[test]
    fn the_head_and_pelvis_take_the_trunk_taps_and_the_rest_the_taps() {
        use posewire_body::Device;
        let s = PoseFilterSettings {
            taps: 12,
            trunk_taps: 20,
            ..PoseFilterSettings::default()
        };
        for d in Device::ALL {
            let want = if matches!(d, Device::Head | Device::Pelvis) {
                20
            } else {
                12
            };
            assert_eq!(s.for_device(d).taps, want, "{d:?}");
        }
        // 0 leaves the trunk at `taps`.
        let off = PoseFilterSettings { trunk_taps: 0, ..s };
        assert_eq!(off.for_device(Device::Head).taps, 12);
        // Taps shorter than the window are the window.
        let f = PoseSmoother::new(PoseFilterSettings { taps: 3, ..s });
        assert_eq!(f.design.taps(), 9);
    }

    #[test]
    fn an_unbiased_filter_passes_a_steady_acceleration() {
        let h = FirDesign::unbiased(6);
        for n in 5..=6 {
            let w = h.weights(n);
            let m = |p: i32| -> f64 {
                w.iter()
                    .enumerate()
                    .map(|(k, x)| (k as f64).powi(p) * x)
                    .sum()
            };
            assert!((m(0) - 1.0).abs() < 1e-9, "n={n} sum {}", m(0));
            assert!(
                m(1).abs() < 1e-9 && m(2).abs() < 1e-9,
                "n={n} {} {}",
                m(1),
                m(2)
            );
        }
        // Shorter histories: constants and ramps only.
        assert_eq!(h.weights(1), &[1.0]);
        assert_eq!(h.taps(), 6);
    }

    #[test]
    fn only_the_hands_take_the_unbiased_filter() {
        use posewire_body::Device;
        let s = PoseFilterSettings::default();
        assert_eq!(s.hand_unbiased_taps, 6, "on by default");
        for d in Device::ALL {
            let hand = matches!(d, Device::LeftHand | Device::RightHand);
            let f = PoseSmoother::new(s.for_device(d));
            assert_eq!(f.unbiased.map(|u| u.taps()), hand.then_some(6), "{d:?}");
        }
        // Off: the hands filter as the feet do.
        let off = PoseFilterSettings {
            hand_unbiased_taps: 0,
            ..PoseFilterSettings::default()
        };
        assert_eq!(
            off.for_device(Device::LeftHand),
            off.for_device(Device::LeftFoot)
        );
    }

    /// A hand swung on a 0.3 m circle twice a second (47 m/s^2) at 90 Hz,
    /// each sample moved by `noise` times `scale`, through the hand's
    /// filter at a measured noise that says "clean" (0.5 mm: fully
    /// smoothed today, unbiased with it) or the filter's own reading. The
    /// worst distance from the true path after the first second, and the
    /// output's and input's jitter.
    fn swung_hand(settings: PoseFilterSettings, scale: f64) -> (f64, f64, f64) {
        let settings = PoseFilterSettings {
            clean_position_noise_m: 0.0,
            noisy_position_noise_m: 0.0005,
            hand_unbiased_max_noise_m: 0.002,
            ..settings
        };
        let mut f = PoseSmoother::new(settings.for_device(posewire_body::Device::LeftHand));
        let dt = 1.0 / 90.0;
        let (mut worst, mut raw, mut out) = (0.0f64, Vec::new(), Vec::new());
        for i in 0..360 {
            let a = 4.0 * std::f64::consts::PI * i as f64 * dt;
            let truth = DVec3::new(0.3 * a.cos(), 1.2 + 0.3 * a.sin(), 0.4);
            let p = truth + noise(i) * scale;
            let (o, _) = f.update(p, DQuat::IDENTITY, dt);
            if i >= 90 {
                worst = worst.max((o - truth).length());
                raw.push(p);
                out.push(o);
            }
        }
        (worst, jitter(&out), jitter(&raw))
    }

    #[test]
    fn a_clean_swung_hand_is_followed_and_a_noisy_one_still_smoothed() {
        let unbiased = PoseFilterSettings {
            hand_unbiased_taps: 6,
            ..PoseFilterSettings::default()
        };
        let usual = PoseFilterSettings {
            hand_unbiased_taps: 0,
            ..PoseFilterSettings::default()
        };
        // Noise of 0.5 mm per axis (the reading of a clean hand moving
        // fast): fully smoothed either way.
        let (cut_short, _, _) = swung_hand(usual, 0.35);
        let (kept_up, smoothed, raw) = swung_hand(unbiased, 0.35);
        assert!(
            kept_up < 0.5 * cut_short,
            "worst {kept_up} m unbiased, {cut_short} m today"
        );
        assert!(smoothed < raw, "jitter {smoothed} against {raw}");
        // 4.5 mm per axis (noisy): the usual filter, as today.
        let today = swung_hand(usual, 3.0);
        let now = swung_hand(unbiased, 3.0);
        assert!(
            (today.0 - now.0).abs() < 1e-9 && (today.1 - now.1).abs() < 1e-9,
            "{today:?} against {now:?}"
        );
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
