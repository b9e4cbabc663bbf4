//! A person standing still near their calibrated height: the untracked
//! pelvis and feet blend toward the calibrated standing pose (the pelvis at
//! the calibrated hip height under the head, upright, legs straight, feet
//! under the hips, flat on the floor). The networks read a still head a
//! few centimetres below the calibrated height as a crouch whose depth
//! and balance depend on how each network was trained, and the rules
//! crouch deeper (docs/notes/cross-validation.md, issue 43).

use posewire_body::glam::DVec3;

use crate::learned::blend::smoothing_share;

/// Settings of the standing rule (`[solver.ik.standing]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StandingSettings {
    /// The most of the standing pose a still standing person gets (0: the
    /// rule off; 1: all of it).
    pub share: f64,
    /// The headset's and hands' speed (each smoothed over 0.2 s) below
    /// which they are calm, m/s.
    pub max_speed_m_s: f64,
    /// How long they must have been calm, seconds.
    pub still_s: f64,
    /// How far below its calibrated height the head may be, m; the rule
    /// fades out over the last third of it.
    pub below_m: f64,
    /// How far above its calibrated height the head may be, m (same fade).
    pub above_m: f64,
    /// Seconds for the pose's share to go from 0 to its most, and back.
    pub blend_s: f64,
    /// How far below the calibrated hip height the standing pelvis sits,
    /// m: the knees just off straight, so that the feet reach the floor
    /// (the legs' soft reach keeps a straight leg's foot short of it).
    pub pelvis_below_m: f64,
}

impl Default for StandingSettings {
    fn default() -> Self {
        StandingSettings {
            share: 0.0,
            max_speed_m_s: 0.1,
            still_s: 0.5,
            below_m: 0.12,
            above_m: 0.06,
            blend_s: 0.5,
            pelvis_below_m: 0.03,
        }
    }
}

/// Time constant of the devices' speed smoothing, seconds.
const SPEED_SMOOTHING_S: f64 = 0.2;

/// One device's last position and smoothed speed.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct Calm {
    last: Option<DVec3>,
    speed: f64,
}

impl Calm {
    /// The smoothed speed after a tick of `dt` at `at` (none: not seen,
    /// forgotten).
    fn update(&mut self, dt: f64, at: Option<DVec3>) -> f64 {
        let Some(at) = at else {
            *self = Calm::default();
            return 0.0;
        };
        if let Some(last) = self.last.filter(|_| dt > 0.0) {
            let now = last.distance(at) / dt;
            if now.is_finite() {
                self.speed += smoothing_share(dt, SPEED_SMOOTHING_S) * (now - self.speed);
            }
        }
        self.last = Some(at);
        self.speed
    }
}

/// The standing rule's state: the devices' speeds, how long they have been
/// calm and the standing pose's current share.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct StandingRule {
    head: Calm,
    hands: [Calm; 2],
    still_for: f64,
    weight: f64,
}

impl StandingRule {
    /// One tick of `dt` with the head at `head`, the hands at `hands` and
    /// a calibrated head height `head_height`: the standing pose's share
    /// (0-`share`), ramped over `blend_s` both ways.
    pub fn update(
        &mut self,
        dt: f64,
        (head, hands): (DVec3, [Option<DVec3>; 2]),
        head_height: f64,
        settings: &StandingSettings,
    ) -> f64 {
        // Off and at rest: nothing to track (the 90 Hz loop skips the
        // speeds); a rule turned off while on still ramps out below.
        if settings.share <= 0.0 && self.weight == 0.0 {
            *self = StandingRule::default();
            return 0.0;
        }
        let fastest = [
            self.head.update(dt, Some(head)),
            self.hands[0].update(dt, hands[0]),
            self.hands[1].update(dt, hands[1]),
        ]
        .into_iter()
        .fold(0.0, f64::max);
        self.still_for = if fastest < settings.max_speed_m_s {
            self.still_for + dt
        } else {
            0.0
        };
        let share = settings.share.clamp(0.0, 1.0);
        let target = if share > 0.0 && self.still_for >= settings.still_s {
            share * near(head.y - head_height, settings)
        } else {
            0.0
        };
        let step = if settings.blend_s > 0.0 {
            dt / settings.blend_s
        } else {
            1.0
        };
        self.weight += (target - self.weight).clamp(-step, step);
        self.weight
    }

    /// The standing pose's share at the last update.
    pub fn weight(&self) -> f64 {
        self.weight
    }
}

/// 1 for a head within two thirds of its allowed distance from the
/// calibrated height (`off` above it, negative below), fading to 0 at
/// the allowed distance.
fn near(off: f64, settings: &StandingSettings) -> f64 {
    let most = if off < 0.0 {
        settings.below_m
    } else {
        settings.above_m
    };
    if most.is_nan() || most <= 0.0 || !off.is_finite() {
        return 0.0;
    }
    ((most - off.abs()) / (most / 3.0)).clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DT: f64 = 1.0 / 90.0;

    fn on() -> StandingSettings {
        StandingSettings {
            share: 1.0,
            ..StandingSettings::default()
        }
    }

    fn run(
        rule: &mut StandingRule,
        settings: &StandingSettings,
        ticks: impl Iterator<Item = (DVec3, [Option<DVec3>; 2])>,
    ) -> Vec<f64> {
        ticks.map(|d| rule.update(DT, d, 1.6, settings)).collect()
    }

    fn still(head: DVec3) -> impl Iterator<Item = (DVec3, [Option<DVec3>; 2])> + Clone {
        let hands = [Some(head + DVec3::new(0.3, -0.7, 0.0)), None];
        std::iter::repeat((head, hands))
    }

    fn largest_step(w: &[f64]) -> f64 {
        w.windows(2)
            .map(|p| (p[1] - p[0]).abs())
            .fold(0.0, f64::max)
    }

    #[test]
    fn a_still_head_a_little_low_ramps_to_the_standing_pose_and_back() {
        let mut rule = StandingRule::default();
        let head = DVec3::new(0.0, 1.52, 0.0);
        let w = run(&mut rule, &on(), still(head).take(40));
        assert!(w.iter().all(|&w| w == 0.0), "not yet still long enough");
        let w = run(&mut rule, &on(), still(head).take(60));
        assert!((w[w.len() - 1] - 1.0).abs() < 1e-12, "{w:?}");
        assert!(largest_step(&w) <= DT / 0.5 + 1e-12, "no jump");
        // A hand moving at 1 m/s hands back, without a jump.
        let moving = (0..60).map(|i| {
            let hand = head + DVec3::new(0.3, -0.7, i as f64 * DT);
            (head, [None, Some(hand)])
        });
        let w = run(&mut rule, &on(), moving);
        assert_eq!(w[w.len() - 1], 0.0);
        assert!(w[0] > 0.9 && largest_step(&w) <= DT / 0.5 + 1e-12);
    }

    #[test]
    fn a_crouch_a_walk_or_an_off_rule_get_nothing() {
        let crouch = DVec3::new(0.0, 1.3, 0.0);
        let mut rule = StandingRule::default();
        assert!(run(&mut rule, &on(), still(crouch).take(200))
            .iter()
            .all(|&w| w == 0.0));
        let walk = (0..400).map(|i| {
            let head = DVec3::new(0.0, 1.6, 1.2 * i as f64 * DT);
            (head, [None, None])
        });
        let mut rule = StandingRule::default();
        assert!(run(&mut rule, &on(), walk).iter().all(|&w| w == 0.0));
        let mut rule = StandingRule::default();
        let off = StandingSettings::default();
        let upright = DVec3::new(0.0, 1.6, 0.0);
        assert!(run(&mut rule, &off, still(upright).take(200))
            .iter()
            .all(|&w| w == 0.0));
    }

    #[test]
    fn the_share_fades_over_the_last_third_of_the_allowed_distance() {
        let s = on();
        assert_eq!(near(-0.07, &s), 1.0);
        assert!((near(-0.10, &s) - 0.5).abs() < 1e-9);
        assert_eq!(near(-0.13, &s), 0.0);
        assert!((near(0.05, &s) - 0.5).abs() < 1e-9);
        assert_eq!(near(f64::NAN, &s), 0.0);
    }
}
