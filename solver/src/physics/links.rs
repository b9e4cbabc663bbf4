//! What a frame says about the gap between the simulated body and the
//! devices: ghost hands (a hand held back by the world, with the device's
//! kinematic hand beside it) and the camera link (whether the simulated
//! head still sits on the headset, for first- or third-person views).

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::Transform;

/// How far a hand's orientation may turn from its device's before the
/// ghost is shown, radians (15 degrees: about what a viewer notices).
pub const GHOST_ANGLE_RAD: f64 = 0.26;

/// A simulated hand and where its device puts it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GhostHand {
    /// The simulated wrist, world.
    pub simulated: DVec3,
    /// The device's kinematic wrist (the ghost), world.
    pub ghost: DVec3,
    /// The simulated hand's world rotation relative to rest.
    pub simulated_rotation: DQuat,
    /// The device's hand's world rotation relative to rest.
    pub ghost_rotation: DQuat,
    /// Their distance, metres.
    pub distance: f64,
    /// Whether the ghost is shown (the hand is held back by more than the
    /// threshold, or turned by more than [`GHOST_ANGLE_RAD`]).
    pub shown: bool,
}

impl GhostHand {
    /// The ghost of a hand (the wrist's bone transforms, simulated and
    /// the device's); shown when the gap exceeds `threshold` metres or
    /// the turn [`GHOST_ANGLE_RAD`].
    pub fn new(simulated: Transform, ghost: Transform, threshold: f64) -> GhostHand {
        let distance = (simulated.position - ghost.position).length();
        let angle = simulated.rotation.angle_between(ghost.rotation);
        GhostHand {
            simulated: simulated.position,
            ghost: ghost.position,
            simulated_rotation: simulated.rotation,
            ghost_rotation: ghost.rotation,
            distance,
            shown: distance > threshold || angle > GHOST_ANGLE_RAD,
        }
    }
}

/// Settings of the camera link.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CameraLinkSettings {
    /// Head-to-headset distance beyond which the camera unlinks, metres.
    /// 0.3 by default: a VR user's view must not leave the head for the
    /// sway of a nudge (a 25 N s push on the chest moves the head 4-16 cm
    /// from the headset; at 0.15 m the view unlinked for it), only when
    /// the body is clearly knocked out of place, a shoulder's width off
    /// (docs/notes/reactions-from-contacts.md).
    pub unlink_m: f64,
    /// ... for at least this long, seconds: a jolt that swings the head
    /// out and back within it (a stagger's sway) keeps the view, while a
    /// body knocked away or down stays out and unlinks (a switch to third
    /// person and back within a moment is worse than the sway).
    pub unlink_after_s: f64,
    /// Distance under which it may link again, metres.
    pub relink_m: f64,
    /// How long the re-link blends in, seconds.
    pub blend_s: f64,
}

impl Default for CameraLinkSettings {
    fn default() -> Self {
        CameraLinkSettings {
            unlink_m: 0.3,
            unlink_after_s: 0.5,
            relink_m: 0.05,
            blend_s: 0.5,
        }
    }
}

/// Whether the view is first person (linked) or third person, with a
/// gradual re-link.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CameraLink {
    /// Simulated head to headset, metres.
    pub distance: f64,
    /// 1: the camera is on the simulated head (first person); 0: unlinked
    /// (third person); between: re-linking.
    pub link: f64,
}

/// The camera link's state over time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CameraLinkState {
    settings: CameraLinkSettings,
    link: f64,
    linked: bool,
    /// Seconds the gap has been beyond the unlink distance.
    out_s: f64,
}

impl CameraLinkState {
    /// Starts linked.
    pub fn new(settings: CameraLinkSettings) -> CameraLinkState {
        CameraLinkState {
            settings,
            link: 1.0,
            linked: true,
            out_s: 0.0,
        }
    }

    /// Updates with the current head-to-headset distance after `dt` seconds.
    pub fn update(&mut self, distance: f64, dt: f64) -> CameraLink {
        let s = self.settings;
        let out = !distance.is_finite() || distance > s.unlink_m;
        self.out_s = if out { self.out_s + dt.max(0.0) } else { 0.0 };
        if !distance.is_finite() || (out && self.out_s >= s.unlink_after_s) {
            self.linked = false;
            self.link = 0.0;
        } else if !self.linked && distance < s.relink_m {
            self.linked = true;
        }
        if self.linked {
            self.link = (self.link + dt / s.blend_s.max(1e-3)).min(1.0);
        }
        CameraLink {
            distance,
            link: self.link,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camera_unlinks_when_pushed_and_relinks_gradually() {
        let mut c = CameraLinkState::new(CameraLinkSettings::default());
        assert_eq!(c.update(0.01, 0.011).link, 1.0);
        // A nudge's sway stays first person, a brief swing out too.
        assert_eq!(c.update(0.2, 0.011).link, 1.0);
        assert_eq!(c.update(0.4, 0.3).link, 1.0);
        assert_eq!(c.update(0.2, 0.011).link, 1.0);
        assert_eq!(c.update(0.4, 0.3).link, 1.0);
        // Out for longer: unlinked.
        assert_eq!(c.update(0.4, 0.3).link, 0.0);
        // Back within the unlink distance but not yet close: stays unlinked.
        assert_eq!(c.update(0.1, 0.011).link, 0.0);
        let first = c.update(0.02, 0.1).link;
        assert!(first > 0.0 && first < 1.0, "{first}");
        let mut l = first;
        for _ in 0..10 {
            l = c.update(0.02, 0.1).link;
        }
        assert_eq!(l, 1.0);
    }

    #[test]
    fn ghost_shows_only_beyond_the_threshold() {
        let at = |x: f64, y: f64| Transform::new(DVec3::new(x, y, 0.0), DQuat::IDENTITY);
        assert!(!GhostHand::new(at(0.0, 0.0), at(0.01, 0.0), 0.03).shown);
        let g = GhostHand::new(at(0.0, 0.0), at(0.0, 0.2), 0.03);
        assert!(g.shown && (g.distance - 0.2).abs() < 1e-12);
        // Turned by 30 degrees in place: shown, with both rotations.
        let turned = Transform::new(DVec3::ZERO, DQuat::from_rotation_y(0.52));
        let g = GhostHand::new(at(0.0, 0.0), turned, 0.03);
        assert!(g.shown && g.distance < 1e-12, "{g:?}");
        assert_eq!(g.ghost_rotation, turned.rotation);
        let slightly = Transform::new(DVec3::ZERO, DQuat::from_rotation_y(0.1));
        assert!(!GhostHand::new(at(0.0, 0.0), slightly, 0.03).shown);
    }
}
