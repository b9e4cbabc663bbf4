//! Causal smoothing of device poses: a 1€ filter (Casiez, Roussel and Vogel,
//! CHI 2012) on positions and rotations, with a velocity estimate that the
//! solver uses to predict a device to the frame time.
//!
//! The cutoff rises with speed, so slow motion (where sensor noise shows)
//! is smoothed hard while fast motion passes with little lag.

use std::f64::consts::PI;

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::align_hemisphere;

/// Settings of the 1€ filter for one kind of signal.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct OneEuroSettings {
    /// Cutoff at rest, Hz: lower smooths more when still.
    pub min_cutoff_hz: f64,
    /// How fast the cutoff rises with speed (Hz per unit/s).
    pub beta: f64,
    /// Cutoff of the speed estimate itself, Hz.
    pub derivative_cutoff_hz: f64,
}

/// Filter settings for device poses.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PoseFilterSettings {
    /// Positions (speed in m/s).
    pub position: OneEuroSettings,
    /// Rotations (speed in rad/s).
    pub rotation: OneEuroSettings,
    /// Whether filtering is on at all (off passes samples through).
    pub enabled: bool,
}

impl Default for PoseFilterSettings {
    fn default() -> Self {
        PoseFilterSettings {
            position: OneEuroSettings {
                min_cutoff_hz: 1.5,
                beta: 6.0,
                derivative_cutoff_hz: 2.0,
            },
            rotation: OneEuroSettings {
                min_cutoff_hz: 1.5,
                beta: 1.0,
                derivative_cutoff_hz: 2.0,
            },
            enabled: true,
        }
    }
}

fn smoothing_factor(cutoff_hz: f64, dt: f64) -> f64 {
    let tau = 1.0 / (2.0 * PI * cutoff_hz);
    1.0 / (1.0 + tau / dt)
}

/// A 1€ filter on a 3D position.
#[derive(Debug, Clone, Copy)]
pub struct PositionFilter {
    settings: OneEuroSettings,
    value: DVec3,
    velocity: DVec3,
    started: bool,
}

impl PositionFilter {
    /// A filter that passes its first sample through.
    pub fn new(settings: OneEuroSettings) -> Self {
        PositionFilter {
            settings,
            value: DVec3::ZERO,
            velocity: DVec3::ZERO,
            started: false,
        }
    }

    /// Filters one sample taken `dt` seconds after the previous one.
    pub fn update(&mut self, sample: DVec3, dt: f64) -> DVec3 {
        if !self.started || dt <= 0.0 {
            if !self.started {
                self.value = sample;
                self.velocity = DVec3::ZERO;
                self.started = true;
            }
            return self.value;
        }
        let raw_velocity = (sample - self.value) / dt;
        let a_d = smoothing_factor(self.settings.derivative_cutoff_hz, dt);
        self.velocity += a_d * (raw_velocity - self.velocity);
        let cutoff = self.settings.min_cutoff_hz + self.settings.beta * self.velocity.length();
        let a = smoothing_factor(cutoff, dt);
        self.value += a * (sample - self.value);
        self.value
    }

    /// The filtered value.
    pub fn value(&self) -> DVec3 {
        self.value
    }

    /// The smoothed velocity, units per second.
    pub fn velocity(&self) -> DVec3 {
        self.velocity
    }

    /// Forgets the history (after a long tracking loss).
    pub fn reset(&mut self) {
        self.started = false;
    }
}

/// A 1€ filter on a rotation (slerp toward each sample).
#[derive(Debug, Clone, Copy)]
pub struct RotationFilter {
    settings: OneEuroSettings,
    value: DQuat,
    angular_velocity: DVec3,
    started: bool,
}

impl RotationFilter {
    /// A filter that passes its first sample through.
    pub fn new(settings: OneEuroSettings) -> Self {
        RotationFilter {
            settings,
            value: DQuat::IDENTITY,
            angular_velocity: DVec3::ZERO,
            started: false,
        }
    }

    /// Filters one sample taken `dt` seconds after the previous one.
    pub fn update(&mut self, sample: DQuat, dt: f64) -> DQuat {
        let sample = align_hemisphere(sample, self.value);
        if !self.started || dt <= 0.0 {
            if !self.started {
                self.value = sample.normalize();
                self.angular_velocity = DVec3::ZERO;
                self.started = true;
            }
            return self.value;
        }
        // World-frame rotation from the filtered value to the sample.
        let delta = (sample * self.value.inverse()).normalize();
        let raw_omega = delta.to_scaled_axis() / dt;
        let a_d = smoothing_factor(self.settings.derivative_cutoff_hz, dt);
        self.angular_velocity += a_d * (raw_omega - self.angular_velocity);
        let cutoff =
            self.settings.min_cutoff_hz + self.settings.beta * self.angular_velocity.length();
        let a = smoothing_factor(cutoff, dt);
        self.value = self.value.slerp(sample, a).normalize();
        self.value
    }

    /// The filtered rotation.
    pub fn value(&self) -> DQuat {
        self.value
    }

    /// The smoothed angular velocity (world frame), rad/s.
    pub fn angular_velocity(&self) -> DVec3 {
        self.angular_velocity
    }

    /// Forgets the history.
    pub fn reset(&mut self) {
        self.started = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> OneEuroSettings {
        PoseFilterSettings::default().position
    }

    #[test]
    fn filter_holds_a_constant_and_smooths_noise() {
        let mut f = PositionFilter::new(settings());
        let c = DVec3::new(0.3, 1.2, -0.4);
        for _ in 0..50 {
            assert!((f.update(c, 1.0 / 90.0) - c).length() < 1e-12);
        }
        // Alternating +-1 mm noise comes out much smaller.
        let mut worst: f64 = 0.0;
        for i in 0..200 {
            let n = if i % 2 == 0 { 0.001 } else { -0.001 };
            let out = f.update(c + DVec3::splat(n), 1.0 / 90.0);
            if i > 50 {
                worst = worst.max((out - c).length());
            }
        }
        assert!(worst < 0.0006, "residual noise {worst}");
    }

    #[test]
    fn filter_follows_fast_motion_closely() {
        let mut f = PositionFilter::new(settings());
        let dt = 1.0 / 90.0;
        let mut err: f64 = 0.0;
        for i in 0..180 {
            let p = DVec3::new(2.0 * i as f64 * dt, 0.0, 0.0); // 2 m/s
            let out = f.update(p, dt);
            if i > 90 {
                err = err.max((out - p).length());
            }
        }
        assert!(err < 0.03, "lag error {err} m at 2 m/s");
    }

    #[test]
    fn rotation_filter_converges_to_a_constant() {
        let mut f = RotationFilter::new(PoseFilterSettings::default().rotation);
        let q = DQuat::from_rotation_y(1.0);
        f.update(DQuat::IDENTITY, 1.0 / 90.0);
        for _ in 0..300 {
            f.update(-q, 1.0 / 90.0);
        }
        assert!(posewire_body::transform::angle_between(f.value(), q) < 1e-3);
    }
}
