//! The stepping legs' posture taken from the person
//! (`[solver.physics.simbicon_legs.posture]`, off by default): the knees
//! bent as the reference's and the pelvis tilted as the reference's (about
//! its own heading), instead of the controller's straight-legged, upright
//! stance, so the body stands at the person's height and tilt.

use posewire_body::glam::DQuat;
use posewire_body::transform::{yaw_of, yaw_rotation};
use posewire_body::{BodyPose, Joint};

use super::sim_avatar::SimAvatar;
use super::vectors::rotvec;

/// Settings of the posture from the reference.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LegsPosture {
    /// Whether the standing knees and the pelvis's tilt follow the
    /// reference (off by default: straight legs, upright pelvis).
    pub enabled: bool,
    /// The knee bend taken is at least this, rad.
    pub knee_min_rad: f64,
    /// The knee bend taken is at most this, rad.
    pub knee_max_rad: f64,
    /// The pelvis tilt taken is at most this, rad.
    pub tilt_max_rad: f64,
    /// Also while stepping: the stance knee bent as the straighter of the
    /// reference's knees (never less than the controller's own bend).
    pub while_stepping: bool,
    /// Share of the way from the controller's standing knee bend to the
    /// reference's that the standing knees go, 0..1 (1: the reference's).
    pub knee_share: f64,
}

impl Default for LegsPosture {
    fn default() -> Self {
        LegsPosture {
            enabled: false,
            knee_min_rad: 0.0,
            knee_max_rad: 0.8,
            tilt_max_rad: 0.35,
            while_stepping: false,
            knee_share: 1.0,
        }
    }
}

/// The posture the legs aim for this tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Posture {
    /// Each knee's bend (left, right), rad (hinge angle, positive bent).
    pub knee_rad: [f64; 2],
    /// The pelvis's turn from upright about its own heading (applied after
    /// the heading: the pelvis's target is `heading * tilt * rest`).
    pub tilt: DQuat,
    /// Whether the stance knee follows while stepping.
    pub while_stepping: bool,
    /// [`LegsPosture::knee_share`], within 0..1.
    pub knee_share: f64,
}

impl LegsPosture {
    /// The posture of `person` on `avatar`'s joints (`None` when off, or
    /// when the reference is not finite).
    pub fn of(&self, avatar: &SimAvatar, person: &BodyPose) -> Option<Posture> {
        if !self.enabled || !person.rotations.0.iter().all(|q| q.is_finite()) {
            return None;
        }
        let knee_min = finite_or(self.knee_min_rad, 0.0).max(0.0);
        let knee_max = finite_or(self.knee_max_rad, 0.0).max(knee_min);
        let knee = |hip: Joint, knee: Joint| {
            let local = person.rotations[hip].inverse() * person.rotations[knee];
            avatar
                .frame(knee)
                .map_or(0.0, |f| finite_or(f.angles(local).x, 0.0))
                .clamp(knee_min, knee_max)
        };
        let pelvis = person.rotations[Joint::Pelvis];
        let tilt = yaw_rotation(yaw_of(pelvis)).inverse() * pelvis;
        Some(Posture {
            knee_rad: [
                knee(Joint::LeftHip, Joint::LeftKnee),
                knee(Joint::RightHip, Joint::RightKnee),
            ],
            tilt: limit_turn(tilt, finite_or(self.tilt_max_rad, 0.0).max(0.0)),
            while_stepping: self.while_stepping,
            knee_share: finite_or(self.knee_share, 1.0).clamp(0.0, 1.0),
        })
    }
}

fn finite_or(v: f64, or: f64) -> f64 {
    if v.is_finite() {
        v
    } else {
        or
    }
}

/// `q` with its angle capped at `most` rad (same axis).
fn limit_turn(q: DQuat, most: f64) -> DQuat {
    let v = rotvec(q);
    let angle = v.length();
    if !angle.is_finite() {
        return DQuat::IDENTITY;
    }
    if angle <= most {
        return q.normalize();
    }
    DQuat::from_scaled_axis(v * (most / angle))
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::glam::DVec3;

    #[test]
    fn a_turn_is_capped_about_its_own_axis() {
        let q = DQuat::from_rotation_x(0.5);
        let c = limit_turn(q, 0.2);
        assert!((rotvec(c) - DVec3::new(0.2, 0.0, 0.0)).length() < 1e-12);
        assert_eq!(
            limit_turn(DQuat::from_rotation_z(0.1), 0.2),
            DQuat::from_rotation_z(0.1)
        );
    }
}
