//! A person standing still at their calibrated height: the learned pelvis
//! and legs fade out to the rules (the pelvis hung upright below the head,
//! the feet planted under it). The networks read a still head at the
//! calibrated height as standing on raised ground and one a few
//! centimetres lower as a crouch (docs/notes/cross-validation.md); the
//! rules' answer for a still upright head is the standing pose.

use posewire_body::glam::DVec3;

use crate::learned::blend::smoothing_share;

/// Settings of the standing rule (`[solver.ik.standing]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StandingSettings {
    /// How much of the learned pelvis and legs a still standing person
    /// takes away (0: none, the rule off; 1: the rules alone).
    pub share: f64,
    /// The headset's speed (smoothed over 0.2 s) below which it is still,
    /// m/s.
    pub max_speed_m_s: f64,
    /// How long the headset must have been still, seconds.
    pub still_s: f64,
    /// How far the head may be from its calibrated height, m; the rule
    /// fades out over the last third of it.
    pub max_drop_m: f64,
}

impl Default for StandingSettings {
    fn default() -> Self {
        StandingSettings {
            share: 0.0,
            max_speed_m_s: 0.1,
            still_s: 0.5,
            max_drop_m: 0.12,
        }
    }
}

/// Time constant of the headset speed's smoothing, seconds.
const SPEED_SMOOTHING_S: f64 = 0.2;

/// The standing rule's state: the headset's last position, smoothed speed
/// and how long it has been still.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct StandingRule {
    last: Option<DVec3>,
    speed: f64,
    still_for: f64,
}

impl StandingRule {
    /// One tick of `dt` with the head at `head` and a calibrated head
    /// height `head_height`: the most of the learned pelvis and legs to
    /// use, from 1 (moving, or far from standing height) down to
    /// `1 - share`.
    pub fn update(
        &mut self,
        dt: f64,
        head: DVec3,
        head_height: f64,
        settings: &StandingSettings,
    ) -> f64 {
        if let Some(last) = self.last.filter(|_| dt > 0.0) {
            let now = last.distance(head) / dt;
            if now.is_finite() {
                self.speed += smoothing_share(dt, SPEED_SMOOTHING_S) * (now - self.speed);
            }
        }
        self.last = Some(head);
        self.still_for = if self.speed < settings.max_speed_m_s {
            self.still_for + dt
        } else {
            0.0
        };
        let share = settings.share.clamp(0.0, 1.0);
        if share <= 0.0 || self.still_for < settings.still_s {
            return 1.0;
        }
        let off = (head_height - head.y).abs();
        let full = settings.max_drop_m * 2.0 / 3.0;
        let near =
            ((settings.max_drop_m - off) / (settings.max_drop_m - full).max(1e-6)).clamp(0.0, 1.0);
        if !near.is_finite() {
            return 1.0;
        }
        1.0 - share * near
    }
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

    fn run(rule: &mut StandingRule, heads: impl Iterator<Item = DVec3>) -> f64 {
        heads.fold(1.0, |_, h| rule.update(DT, h, 1.6, &on()))
    }

    #[test]
    fn a_still_head_near_standing_height_takes_the_networks_away() {
        let mut rule = StandingRule::default();
        let still = DVec3::new(0.0, 1.56, 0.0);
        assert_eq!(
            run(&mut rule, (0..20).map(|_| still)),
            1.0,
            "not yet still long enough"
        );
        assert_eq!(run(&mut rule, (0..60).map(|_| still)), 0.0);
        // Walking at 1 m/s gives them back.
        let walk = (0..30).map(|i| still + DVec3::X * (i as f64 * DT));
        assert_eq!(run(&mut rule, walk), 1.0);
    }

    #[test]
    fn a_still_crouch_or_an_off_rule_keeps_the_networks() {
        let mut rule = StandingRule::default();
        let crouch = DVec3::new(0.0, 1.3, 0.0);
        assert_eq!(run(&mut rule, (0..120).map(|_| crouch)), 1.0);
        // The fade: 10 cm low is half way through the last third of 12 cm.
        let mut rule = StandingRule::default();
        let low = DVec3::new(0.0, 1.5, 0.0);
        let w = run(&mut rule, (0..120).map(|_| low));
        assert!((w - 0.5).abs() < 1e-9, "{w}");
        let mut off = StandingRule::default();
        let still = DVec3::new(0.0, 1.6, 0.0);
        let w = (0..120).fold(0.0, |_, _| {
            off.update(DT, still, 1.6, &StandingSettings::default())
        });
        assert_eq!(w, 1.0);
    }
}
