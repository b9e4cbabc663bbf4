//! How much of a long (still) device filter to use over a short one.
//!
//! Both filters of [`crate::filter`] pass constants and steady motion
//! unchanged, so they differ only where the motion bends (acceleration)
//! and by the noise each lets through. Their difference is compared with
//! what noise alone would give (the device's measured noise times the norm
//! of the difference of the two filters' weights): while it is within
//! `still_below` noise deviations the device counts as still and the long
//! filter is used; beyond `moving_above` the short one; a ramp between.
//! The share moves by at most `step` per sample, so switching does not
//! jerk. Causal: only past and current samples.

/// Settings of the still/moving blend (part of `[solver.ik.filter]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MotionGateSettings {
    /// Samples of the long filter used while a device is still (0: off,
    /// only the short window is used).
    pub long_window: usize,
    /// The filters' difference, in noise deviations, below which the
    /// device counts as still (long filter only).
    pub still_below: f64,
    /// The difference, in noise deviations, above which the device counts
    /// as moving (short filter only).
    pub moving_above: f64,
    /// The most the long filter's share changes per sample (0..1).
    pub step: f64,
}

impl Default for MotionGateSettings {
    fn default() -> Self {
        MotionGateSettings {
            long_window: 0,
            still_below: 2.0,
            moving_above: 4.0,
            step: 0.34,
        }
    }
}

/// The long filter's share of one signal (positions or rotations).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct MotionGate {
    share: f64,
}

impl MotionGate {
    /// Starts with the short filter only (after a reset or a loss).
    pub fn reset(&mut self) {
        self.share = 0.0;
    }

    /// The long filter's share now.
    pub fn share(&self) -> f64 {
        self.share
    }

    /// Updates the share from the filters' difference `difference` (its
    /// length), the per-axis noise deviation `noise` and `weights_gap`, the
    /// norm of the difference of the two filters' weights; returns it.
    pub fn update(
        &mut self,
        settings: &MotionGateSettings,
        difference: f64,
        noise: f64,
        weights_gap: f64,
    ) -> f64 {
        let scale = noise * weights_gap;
        let target = if !(difference.is_finite() && scale.is_finite()) || scale <= 0.0 {
            0.0
        } else {
            let x = difference / scale;
            let lo = settings.still_below.max(0.0);
            let hi = settings.moving_above.max(lo + 1e-9);
            ((hi - x) / (hi - lo)).clamp(0.0, 1.0)
        };
        let step = if settings.step.is_finite() {
            settings.step.clamp(0.0, 1.0)
        } else {
            1.0
        };
        self.share += (target - self.share).clamp(-step, step);
        self.share
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn still_devices_use_the_long_filter_and_moving_ones_the_short() {
        let s = MotionGateSettings::default();
        let mut g = MotionGate::default();
        // Within the noise: the share climbs to 1 by at most `step` a sample.
        let mut shares = Vec::new();
        for _ in 0..5 {
            shares.push(g.update(&s, 0.001, 0.0015, 0.5));
        }
        assert!((shares[0] - 0.34).abs() < 1e-12, "{shares:?}");
        assert_eq!(g.share(), 1.0);
        // A difference of 10 noise deviations: back to the short filter.
        for _ in 0..3 {
            g.update(&s, 10.0 * 0.0015 * 0.5, 0.0015, 0.5);
        }
        assert_eq!(g.share(), 0.0);
        // Half way between the thresholds: half of each.
        for _ in 0..3 {
            g.update(&s, 3.0 * 0.0015 * 0.5, 0.0015, 0.5);
        }
        assert!((g.share() - 0.5).abs() < 1e-9, "{}", g.share());
    }

    #[test]
    fn no_noise_or_bad_numbers_mean_the_short_filter() {
        let s = MotionGateSettings {
            step: f64::NAN,
            ..MotionGateSettings::default()
        };
        let mut g = MotionGate::default();
        for (d, n) in [(0.0, 0.0), (f64::NAN, 0.001), (0.001, f64::INFINITY)] {
            g.share = 1.0;
            assert_eq!(g.update(&s, d, n, 0.5), 0.0, "{d} {n}");
        }
    }
}
