//! The locomotion force array: where the feet go. The kinematic reference
//! already steps its feet to follow the headset (`crate::stepping`); what it
//! cannot know is the simulated body's own momentum. Here:
//!
//! - **Recovery step**: the capture point of the simulated centre of mass
//!   (`c + v / omega0`, `omega0 = sqrt(g / h)`, the linear inverted pendulum)
//!   is compared with the feet that stand; when it leaves them by more than a
//!   margin, the foot better placed to catch the fall swings to the capture
//!   point (a minimum-jerk arc with a lift), its leg posed by two-bone IK
//!   from the simulated hip, and stays there once it lands. The leg's motors
//!   track that pose instead of the reference's.
//! - **Turning on the stance leg**: while one foot stands, its hip turns the
//!   pelvis toward the reference's heading (a PD about the vertical).
//!
//! The array reports the torques that produce the step (the PD of the
//! overridden leg as the motors apply it at the start of the step) and the
//! turning torque.

use posewire_body::glam::DVec3;
use posewire_body::ik::{knee_pole, leg_rest, limb_rotations, solve_two_bone};
use posewire_body::transform::{align_hemisphere, yaw_of, yaw_rotation};
use posewire_body::{BodyPose, Joint, Side};

use super::avatar::SimAvatar;
use super::balance::Stance;
use super::convert::{q64, v64};
use super::force_array::ForceArray;
use super::world::Rapier;

/// Settings of the locomotion controller.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Locomotion {
    /// How far the capture point may leave the standing feet before a
    /// recovery step, metres.
    pub recovery_margin_m: f64,
    /// Duration of a recovery step's swing, seconds.
    pub step_time_s: f64,
    /// Height the swing foot lifts, metres.
    pub lift_m: f64,
    /// How far past the capture point the foot lands, as a share of the
    /// distance to it (a little more than needed stops the fall).
    pub overshoot: f64,
    /// The longest recovery step from the other foot, metres.
    pub max_step_m: f64,
    /// Natural frequency of the stance hip's turning PD, Hz.
    pub turn_hz: f64,
    /// Gravity, m/s^2.
    pub gravity: f64,
}

impl Default for Locomotion {
    fn default() -> Self {
        Locomotion {
            recovery_margin_m: 0.05,
            step_time_s: 0.25,
            lift_m: 0.08,
            overshoot: 0.15,
            max_step_m: 0.7,
            turn_hz: 1.0,
            gravity: 9.81,
        }
    }
}

/// A recovery step under way or finished.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RecoveryStep {
    /// 0: left foot, 1: right foot.
    pub foot: usize,
    /// Where the ankle started, world.
    pub from: DVec3,
    /// Where it lands, world.
    pub to: DVec3,
    /// When the swing started, seconds.
    pub start_s: f64,
    /// The foot's heading during the step, radians.
    pub yaw: f64,
}

/// The locomotion controller's memory.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct LocomotionState {
    /// The current (or last, still held) recovery step.
    pub step: Option<RecoveryStep>,
    /// How many recovery steps were taken.
    pub steps_taken: usize,
}

const LEGS: [[Joint; 4]; 2] = [
    [
        Joint::LeftHip,
        Joint::LeftKnee,
        Joint::LeftAnkle,
        Joint::LeftToe,
    ],
    [
        Joint::RightHip,
        Joint::RightKnee,
        Joint::RightAnkle,
        Joint::RightToe,
    ],
];

/// Minimum-jerk progress, 0..1.
fn min_jerk(s: f64) -> f64 {
    let s = s.clamp(0.0, 1.0);
    s * s * s * (10.0 - 15.0 * s + 6.0 * s * s)
}

impl Locomotion {
    /// Updates the recovery step and poses a stepping leg in `reference`
    /// (world rotations, chosen so that the motors, which track rotations
    /// relative to the reference's parent bones, bring the simulated foot to
    /// the step); returns the turning torques. `t` is the time of this step.
    #[allow(clippy::too_many_arguments)]
    pub fn plan(
        &self,
        state: &mut LocomotionState,
        avatar: &SimAvatar,
        world: &Rapier,
        reference: &mut BodyPose,
        stance: Stance,
        t: f64,
    ) -> ForceArray {
        let mut out = ForceArray::ZERO;
        let sk = avatar.skeleton;
        let (c, v, _) = avatar.centre_of_mass(world);
        let feet: Vec<Option<DVec3>> = LEGS
            .iter()
            .map(|l| avatar.bone(world, l[2]).map(|b| b.position))
            .collect();
        let (Some(left), Some(right)) = (feet[0], feet[1]) else {
            return out;
        };
        let feet = [left, right];

        // A landed step is held (its leg keeps the foot where it landed)
        // until the reference's own foot comes near it (the headset moved
        // there too) or 2 s pass; a new step may start once it has landed.
        let landed = state.step.is_some_and(|s| t - s.start_s > self.step_time_s);
        if let Some(step) = state.step {
            let ref_foot = reference.positions(&sk)[LEGS[step.foot][2]];
            let flat = |p: DVec3| DVec3::new(p.x, 0.0, p.z);
            if landed && ((flat(ref_foot) - flat(step.to)).length() < 0.1 || t - step.start_s > 2.0)
            {
                state.step = None;
            }
        }

        // The capture point against the standing feet.
        let standing: Vec<DVec3> = [stance.left, stance.right]
            .iter()
            .zip(feet)
            .filter(|(on, _)| **on)
            .map(|(_, p)| p)
            .collect();
        let floor = standing.iter().map(|p| p.y).fold(f64::INFINITY, f64::min);
        let free = state.step.is_none() || landed;
        if free && !standing.is_empty() && floor.is_finite() {
            let h = (c.y - floor).max(0.3);
            let omega0 = (self.gravity / h).sqrt();
            let flat = |p: DVec3| DVec3::new(p.x, 0.0, p.z);
            let xi = DVec3::new(c.x + v.x / omega0, 0.0, c.z + v.z / omega0);
            // Distance from the capture point to the standing feet's
            // footprints (each a disc of a foot's half length).
            let reach = 0.12;
            let (nearest, outside) = standing
                .iter()
                .map(|p| (flat(*p), (flat(*p) - xi).length() - reach))
                .fold(
                    (DVec3::ZERO, f64::INFINITY),
                    |a, b| if b.1 < a.1 { b } else { a },
                );
            if outside > self.recovery_margin_m && v.length() > 0.1 {
                let fall = (xi - flat(c)).normalize_or(DVec3::Z);
                // Step with the foot that lags behind the fall; the other
                // stays to stand on.
                let foot = if feet[0].dot(fall) < feet[1].dot(fall) {
                    0
                } else {
                    1
                };
                let other = feet[1 - foot];
                // Where the capture point will be when the foot lands: the
                // linear inverted pendulum on the standing foot diverges as
                // exp(omega0 t).
                let grow = (omega0 * self.step_time_s).exp();
                let landing = nearest + (xi - nearest) * grow;
                let mut to = landing + (landing - flat(c)) * self.overshoot;
                let from_other = DVec3::new(to.x - other.x, 0.0, to.z - other.z);
                if from_other.length() > self.max_step_m {
                    to = flat(other) + from_other.normalize() * self.max_step_m;
                }
                to.y = feet[foot].y;
                state.step = Some(RecoveryStep {
                    foot,
                    from: feet[foot],
                    to,
                    start_s: t,
                    yaw: yaw_of(reference.rotations[LEGS[foot][2]]),
                });
                state.steps_taken += 1;
            }
        }

        // Pose the stepping leg.
        if let Some(step) = state.step {
            let s = (t - step.start_s) / self.step_time_s.max(1e-3);
            let along = min_jerk(s);
            let mut ankle = step.from + (step.to - step.from) * along;
            ankle.y += self.lift_m * (std::f64::consts::PI * s.clamp(0.0, 1.0)).sin();
            let leg = LEGS[step.foot];
            let side = if step.foot == 0 {
                Side::Left
            } else {
                Side::Right
            };
            let (Some(pelvis), Some(hip)) = (
                avatar.bone(world, Joint::Pelvis),
                avatar.bone(world, leg[0]),
            ) else {
                return out;
            };
            let upper = sk.offsets[leg[1]].length();
            let lower = sk.offsets[leg[2]].length();
            // Keep the knee a little bent: a straight leg has no bend plane,
            // and its twist would be arbitrary.
            let reach = 0.995 * (upper + lower);
            let d = ankle - hip.position;
            if d.length() > reach {
                ankle = hip.position + d.normalize_or(DVec3::NEG_Y) * reach;
            }
            let sol = solve_two_bone(
                hip.position,
                ankle,
                upper,
                lower,
                knee_pole(yaw_rotation(step.yaw), side),
            );
            let rest = leg_rest(side);
            let (thigh, shin) = limb_rotations(hip.position, &sol, rest.upper_dir, rest.hinge_axis);
            let foot_rot = yaw_rotation(step.yaw);
            // World rotations the motors should reach from the simulated
            // pelvis, re-expressed from the reference's pelvis.
            let shift = reference.rotations[Joint::Pelvis] * pelvis.rotation.inverse();
            // Blended in over the first fifth of the swing, so the motors
            // do not kick the leg from the reference's pose to the step's.
            let blend = (s / 0.2).clamp(0.0, 1.0);
            for (j, q) in [
                (leg[0], thigh),
                (leg[1], shin),
                (leg[2], foot_rot),
                (leg[3], foot_rot),
            ] {
                let from = reference.rotations[j];
                let to = shift * q;
                reference.rotations[j] = from.slerp(align_hemisphere(to, from), blend).normalize();
            }
        }

        // Turning on a single stance leg.
        let single = match (stance.left, stance.right) {
            (true, false) => Some(0),
            (false, true) => Some(1),
            _ => None,
        };
        if let (Some(i), Some(pelvis_body)) = (
            single,
            avatar
                .body_handle(Joint::Pelvis)
                .and_then(|h| world.bodies.get(h)),
        ) {
            let want = yaw_of(reference.rotations[Joint::Pelvis]);
            let have = yaw_of(q64(pelvis_body.position().rotation));
            let err = (want - have + std::f64::consts::PI).rem_euclid(2.0 * std::f64::consts::PI)
                - std::f64::consts::PI;
            let w = 2.0 * std::f64::consts::PI * self.turn_hz;
            let inertia = 1.5; // about the vertical, whole body, kg m^2
            let yaw_rate = v64(pelvis_body.angvel()).y;
            let torque = DVec3::Y * (inertia * (w * w * err - 2.0 * w * yaw_rate));
            let hip = LEGS[i][0];
            if let (Some(frame), Some(pb)) = (avatar.frame(hip), avatar.bone(world, Joint::Pelvis))
            {
                // The hip's torque on the pelvis is minus its joint torque.
                let axes = frame.world_axes(pb.rotation);
                let tq = -torque;
                out.torques[hip] = DVec3::new(
                    tq.dot(axes.x_axis),
                    tq.dot(axes.y_axis),
                    tq.dot(axes.z_axis),
                );
            }
        }
        out
    }
}
