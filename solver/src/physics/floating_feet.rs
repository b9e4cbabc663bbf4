//! Floating feet (issue 41): a reference whose feet both stay well above
//! their standing height for longer than a run's flight, while the head
//! does not rise (no jump), is one no walker makes; the learned legs fold
//! both knees so on a walk unlike their training (the built-in demo walker:
//! its lower reference ankle 18-30 cm up, `docs/notes/demo-reference-feet.md`);
//! a head that rises or falls meanwhile (a jump, a dive, a cartwheel) is
//! left alone.
//! Then, and only then, the lower untracked foot is put down on the floor
//! by stretching its leg (the other comes down by as much and keeps its
//! lift), the pelvis lowered, at most [`FloatingFeetSettings::max_pelvis_drop_m`],
//! where a leg cannot reach; the correction fades in and out over
//! [`FloatingFeetSettings::blend_s`]. Tracked feet and a body off its feet
//! are left alone. It changes only the physics body's reference.

use posewire_body::glam::DVec3;
use posewire_body::{BodyPose, Joint, Skeleton};

use super::grounded::{legs_reaching, pelvis_drop_needed};

/// Settings of the floating-feet rule (`[solver.physics.floating_feet]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FloatingFeetSettings {
    /// Whether the rule acts.
    pub enabled: bool,
    /// Both reference ankles higher than this above their standing height
    /// count as floating, metres.
    pub up_m: f64,
    /// For longer than this (a run's flight lasts about 0.1-0.15 s),
    /// seconds.
    pub after_s: f64,
    /// A head that rose or fell more than this since both feet left the
    /// floor is a jump, a dive or a cartwheel, not a walk (the rule waits
    /// until a foot comes down), metres.
    pub head_rise_m: f64,
    /// The most the pelvis is lowered for a leg that cannot reach, metres.
    pub max_pelvis_drop_m: f64,
    /// How long the correction takes to fade in or out, seconds.
    pub blend_s: f64,
}

impl Default for FloatingFeetSettings {
    fn default() -> Self {
        FloatingFeetSettings {
            enabled: false,
            up_m: 0.03,
            after_s: 0.2,
            head_rise_m: 0.05,
            max_pelvis_drop_m: 0.1,
            blend_s: 0.2,
        }
    }
}

/// The rule's state in one controller.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FloatingFeet {
    /// Seconds both feet have floated, and the head's height when they
    /// left (`None`: a foot is down).
    floating: Option<(f64, f64)>,
    /// Whether the head rose or fell since (a jump: wait for a foot to come
    /// down).
    jumped: bool,
    /// How much of the correction acts (0-1).
    weight: f64,
    /// The pelvis's drop, metres.
    drop: f64,
}

impl FloatingFeet {
    /// Forgets the state (the body fell, or the settings changed).
    pub fn reset(&mut self) {
        *self = FloatingFeet::default();
    }

    /// How much of the correction acts now (0-1).
    pub fn weight(&self) -> f64 {
        self.weight
    }

    /// `pose` with its lower foot put down while both feet float (see the
    /// module); `ankle_height` is a standing ankle's height above the floor
    /// (y = 0), `dt` the tick, `tracked` whether each foot has a device (any
    /// tracked foot: the pose comes back unchanged).
    pub fn apply(
        &mut self,
        settings: &FloatingFeetSettings,
        skeleton: &Skeleton,
        pose: &BodyPose,
        ankle_height: f64,
        dt: f64,
        tracked: [bool; 2],
    ) -> BodyPose {
        let ok = pose.root.is_finite() && dt.is_finite() && dt > 0.0 && ankle_height.is_finite();
        if !settings.enabled || !ok || tracked.iter().any(|t| *t) {
            self.reset();
            return *pose;
        }
        let p = pose.positions(skeleton);
        let ankles = [p[Joint::LeftAnkle], p[Joint::RightAnkle]];
        let head = p[Joint::Head].y;
        let lower = ankles[0].y.min(ankles[1].y) - ankle_height;
        let acting = if lower > settings.up_m {
            let (since, head_then) = self.floating.get_or_insert((0.0, head));
            *since += dt;
            self.jumped |= (head - *head_then).abs() > settings.head_rise_m;
            *since > settings.after_s && !self.jumped
        } else {
            self.floating = None;
            self.jumped = false;
            false
        };
        let step = dt / settings.blend_s.max(1e-3);
        self.weight = if acting {
            (self.weight + step).min(1.0)
        } else {
            (self.weight - step).max(0.0)
        };
        let w = self.weight * self.weight * (3.0 - 2.0 * self.weight);
        if w <= 0.0 {
            self.drop = 0.0;
            return *pose;
        }
        // Both feet down by the lower one's height above standing (never
        // up), as much as the blend lets.
        let down = DVec3::Y * (w * lower.max(0.0));
        let targets = ankles.map(|a| Some(a - down));
        let need = pelvis_drop_needed(skeleton, &p, targets);
        self.drop = w * need.clamp(0.0, settings.max_pelvis_drop_m.max(0.0));
        legs_reaching(skeleton, pose, (&p, ankles), targets, (self.drop, 0.0))
    }
}

#[cfg(test)]
#[path = "floating_feet_tests.rs"]
mod tests;
