//! How the stepping legs walk while the person walks
//! (`[solver.physics.simbicon_legs.landing.gait]`, all off by default):
//! the step period (fixed, or the person's, from the reference's
//! footfalls), the heading turned over each step, the stance foot's yaw
//! held where it landed, the landing moved by the capture point's error
//! (Khadiv et al. 2016) and the swing thigh's cap while walking. Push
//! recovery (the person standing) keeps the controller's own gains.

use posewire_body::Side;

/// Settings of the walking gait.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WalkGait {
    /// The step period while the person walks, s (0: the controller's
    /// push-tuned `step_time_s`).
    pub step_time_s: f64,
    /// The step period taken from the reference's footfalls (the time
    /// between its lower foot changing sides), `step_time_s` until known.
    pub from_person: bool,
    /// The person's step period is kept within these, s.
    pub step_time_min_s: f64,
    /// The longest step period, s.
    pub step_time_max_s: f64,
    /// While the person walks the heading turns toward the person's over
    /// each step, by at most this per step, rad (0: the dead band's
    /// jumps).
    pub turn_per_step_max_rad: f64,
    /// While stepping, the stance foot keeps the yaw it landed with (the
    /// swing foot turns to the heading).
    pub hold_stance_yaw: bool,
    /// The landing spot moves by the body's capture point's error from
    /// the person's (pelvis plus velocity over the pendulum's rate) times
    /// this (0: off).
    pub dcm_gain: f64,
    /// SIMBICON's velocity feedback stays on top of the plan.
    pub velocity_feedback: bool,
    /// The swing thigh's forward cap while the person walks, rad (0: the
    /// controller's).
    pub forward_max_rad: f64,
}

impl Default for WalkGait {
    fn default() -> Self {
        WalkGait {
            step_time_s: 0.0,
            from_person: false,
            step_time_min_s: 0.3,
            step_time_max_s: 0.8,
            turn_per_step_max_rad: 0.0,
            hold_stance_yaw: false,
            dcm_gain: 0.0,
            velocity_feedback: true,
            forward_max_rad: 0.0,
        }
    }
}

impl WalkGait {
    /// The step period while walking, s (`None`: the controller's), from
    /// the person's footfalls (`person_s`) when asked and known.
    pub fn step_time(&self, person_s: Option<f64>) -> Option<f64> {
        let lo = self.step_time_min_s.max(0.05);
        let hi = self.step_time_max_s.max(lo);
        let fixed = (self.step_time_s > 0.0 && self.step_time_s.is_finite())
            .then(|| self.step_time_s.clamp(lo, hi));
        match person_s {
            Some(t) if self.from_person && t.is_finite() => Some(t.clamp(lo, hi)),
            _ => fixed,
        }
    }
}

/// The person's step period from the reference's ankles: the time
/// between its lower foot changing sides, averaged over the last steps.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct GaitClock {
    lower: Option<Side>,
    since_s: f64,
    period_s: Option<f64>,
}

/// The ankles' height difference that decides which foot is lower, m.
const LOWER_BY_M: f64 = 0.01;

impl GaitClock {
    /// Advances by `dt` with the reference's ankles' heights (left,
    /// right); returns the step period (`None` until two footfalls, or
    /// once the person stops stepping for two of the longest steps).
    pub fn update(
        &mut self,
        (left_y, right_y): (f64, f64),
        dt: f64,
        gait: &WalkGait,
    ) -> Option<f64> {
        if !(left_y.is_finite() && right_y.is_finite() && dt.is_finite() && dt > 0.0) {
            return self.period_s;
        }
        self.since_s += dt;
        let lower = if left_y < right_y - LOWER_BY_M {
            Some(Side::Left)
        } else if right_y < left_y - LOWER_BY_M {
            Some(Side::Right)
        } else {
            self.lower
        };
        if lower != self.lower {
            let t = self.since_s;
            if self.lower.is_some()
                && t > 0.5 * gait.step_time_min_s
                && t < 2.0 * gait.step_time_max_s
            {
                self.period_s = Some(self.period_s.map_or(t, |p| 0.5 * (p + t)));
            }
            self.lower = lower;
            self.since_s = 0.0;
        }
        if self.since_s > 2.0 * gait.step_time_max_s {
            self.period_s = None;
        }
        self.period_s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_period_is_the_time_between_footfalls() {
        let gait = WalkGait {
            from_person: true,
            ..WalkGait::default()
        };
        let mut clock = GaitClock::default();
        let dt = 1.0 / 90.0;
        let mut last = None;
        // Feet alternating every 0.5 s (45 ticks).
        for tick in 0..450 {
            let left_low = (tick / 45) % 2 == 0;
            let y = if left_low { (0.08, 0.15) } else { (0.15, 0.08) };
            last = clock.update(y, dt, &gait);
        }
        let p = last.expect("known after two footfalls");
        assert!((p - 0.5).abs() < 0.02, "{p}");
        assert!((gait.step_time(last).unwrap_or(0.0) - p).abs() < 1e-12);
        // Standing still (feet level) forgets it.
        for _ in 0..200 {
            last = clock.update((0.08, 0.08), dt, &gait);
        }
        assert_eq!(last, None);
        assert_eq!(gait.step_time(None), None);
        let fixed = WalkGait {
            step_time_s: 0.55,
            ..gait
        };
        assert_eq!(fixed.step_time(None), Some(0.55));
        assert_eq!(fixed.step_time(Some(5.0)), Some(0.8));
    }
}
