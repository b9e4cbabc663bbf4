//! Gait phase from arm swing: in walking and running each arm swings
//! forward together with the opposite leg, so while the left hand moves
//! forward relative to the right, the right foot is in the air, and the
//! other way round. The hands are tracked; the feet (without foot trackers)
//! are not, so the hands tell the stepping planner which foot to swing.

/// Settings of the arm-swing gait cue.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GaitSettings {
    /// Whether the arm swing drives the stepping at all.
    pub enabled: bool,
    /// Time constant of the smoothed rate of the hands' fore-aft
    /// separation, seconds.
    pub rate_time_s: f64,
    /// The rate (m/s) beyond which the swing counts as having changed
    /// direction (hysteresis against noise).
    pub flip_rate_m_s: f64,
    /// Time constant of the swing activity (mean absolute rate), seconds.
    pub activity_time_s: f64,
    /// The activity (m/s) above which the arms count as swinging
    /// rhythmically enough to be trusted.
    pub min_activity_m_s: f64,
}

impl Default for GaitSettings {
    fn default() -> Self {
        GaitSettings {
            enabled: true,
            rate_time_s: 0.04,
            flip_rate_m_s: 0.15,
            activity_time_s: 0.6,
            min_activity_m_s: 0.3,
        }
    }
}

/// What the arm swing says about the legs now.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GaitCue {
    /// The foot that should be in the air (0 left, 1 right).
    pub swinging_foot: usize,
    /// When the swing last changed direction, seconds; one step per change.
    pub since_s: f64,
    /// The estimated time between changes (half a gait cycle), seconds.
    pub half_period_s: f64,
}

/// Follows the fore-aft separation of the hands and reports the gait phase.
#[derive(Debug, Clone)]
pub struct ArmSwing {
    settings: GaitSettings,
    last: Option<(f64, f64)>,
    rate: f64,
    activity: f64,
    foot: Option<usize>,
    since_s: f64,
    half_period_s: f64,
}

impl ArmSwing {
    /// A detector that has seen nothing yet.
    pub fn new(settings: GaitSettings) -> ArmSwing {
        ArmSwing {
            settings,
            last: None,
            rate: 0.0,
            activity: 0.0,
            foot: None,
            since_s: 0.0,
            half_period_s: 0.35,
        }
    }

    /// Takes the hands' separation at time `t`: how far the left hand is in
    /// front of the right along the body's heading, metres (None when a
    /// hand is not tracked). Returns the cue when the arms swing.
    pub fn update(&mut self, t: f64, separation: Option<f64>) -> Option<GaitCue> {
        let s = self.settings;
        let Some(sep) = separation.filter(|_| s.enabled) else {
            self.last = None;
            self.activity = 0.0;
            self.foot = None;
            return None;
        };
        if let Some((lt, ls)) = self.last {
            let dt = t - lt;
            if dt > 1e-6 {
                let raw = (sep - ls) / dt;
                self.rate += (dt / s.rate_time_s).min(1.0) * (raw - self.rate);
                self.activity +=
                    (dt / s.activity_time_s).min(1.0) * (self.rate.abs() - self.activity);
            }
        }
        self.last = Some((t, sep));
        // The left hand moving forward swings the right leg, and back.
        let foot = if self.rate > s.flip_rate_m_s {
            Some(1)
        } else if self.rate < -s.flip_rate_m_s {
            Some(0)
        } else {
            self.foot
        };
        if foot != self.foot {
            if self.foot.is_some() {
                let half = (t - self.since_s).clamp(0.2, 1.0);
                self.half_period_s += 0.5 * (half - self.half_period_s);
            }
            self.foot = foot;
            self.since_s = t;
        }
        let foot = self.foot?;
        (self.activity >= s.min_activity_m_s).then_some(GaitCue {
            swinging_foot: foot,
            since_s: self.since_s,
            half_period_s: self.half_period_s,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swinging_arms_give_the_foot_opposite_the_forward_moving_hand() {
        let mut a = ArmSwing::new(GaitSettings::default());
        // Walking: the hands' separation swings +-0.25 m once per 1.2 s.
        let period = 1.2;
        let mut cues = 0;
        for k in 0..(5 * 90) {
            let t = k as f64 / 90.0;
            let phase = 2.0 * std::f64::consts::PI * t / period;
            let rate = phase.cos();
            let cue = a.update(t, Some(0.25 * phase.sin()));
            if t < 1.5 || rate.abs() < 0.5 {
                continue;
            }
            let cue = cue.expect("the arms swing");
            cues += 1;
            // The left hand moving forward (rate > 0) swings the right leg.
            let expected = if rate > 0.0 { 1 } else { 0 };
            assert_eq!(cue.swinging_foot, expected, "at {t}");
            assert!(
                t < 3.0 || (cue.half_period_s - period / 2.0).abs() < 0.05,
                "half period {} at {t}",
                cue.half_period_s
            );
        }
        assert!(cues > 100);
    }

    #[test]
    fn still_or_lost_hands_give_no_cue() {
        let mut a = ArmSwing::new(GaitSettings::default());
        for k in 0..180 {
            let t = k as f64 / 90.0;
            assert_eq!(a.update(t, Some(0.1 + 0.002 * (k % 2) as f64)), None);
        }
        let mut b = ArmSwing::new(GaitSettings::default());
        for k in 0..180 {
            let t = k as f64 / 90.0;
            let sep = (k % 3 != 0).then_some(0.25 * (7.0 * t).sin());
            if sep.is_none() {
                assert_eq!(b.update(t, sep), None);
            } else {
                b.update(t, sep);
            }
        }
    }
}
