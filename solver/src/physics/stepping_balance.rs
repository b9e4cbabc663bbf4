//! Balance by stepping for a self-supporting body, at the torque level: the
//! controller that recovers a push on the chest by stepping.
//!
//! The legs have no motors here. Every physics step (the world runs at
//! [`STEPPING_RATE_HZ`], so explicit torques stay stable) the controller
//! computes two force arrays for the legs, which are summed, limited to
//! what each joint can give, and applied:
//!
//! - **Balance**: a PD on the pelvis's orientation (upright, facing where
//!   the body faced) gives the torque the torso needs; the stance hip
//!   supplies it (the reaction of a hip torque turns the pelvis). While the
//!   weight moves onto a newly landed foot, and whenever the stance foot
//!   is off the floor, the other hip carries the share the stance hip
//!   cannot. A virtual force against the centre of mass's horizontal
//!   velocity acts through the stance leg (the Jacobian transpose,
//!   `tau_j = -(c - p_j) x F`).
//! - **Locomotion**: the feet step in turn (a step ends when the swing
//!   foot lands after half its time, or at a time limit). Where the swing
//!   foot goes is SIMBICON's balance feedback (Yin, Loken and van de Panne
//!   2007): the swing thigh's angle from the vertical, forward and to the
//!   side, is a base angle plus gains on the centre of mass's offset from
//!   the stance ankle and on its velocity, plus a small integral of the
//!   velocity that stops the slow drift of stepping in place; the stance
//!   hip also carries the swing hip's reaction, so the torso does not feel
//!   it. The knees are PD-held (the swing knee bent for the first half of
//!   the step), the feet are held flat and facing forward.
//!
//! The gains were found by a machine search over push trials (see
//! `docs/RESULTS.md`, "A ninth check"). The body keeps stepping in place
//! while it balances: it does not settle into a quiet two-footed stance.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, Joint, JointMap, Skeleton};

use super::avatar::SimAvatar;
use super::convert::v64;
use super::force_array::ForceArray;
use super::world::{AvatarId, PhysicsWorld, WorldSettings};

/// The physics rate the controller is tuned for, steps per second: its
/// torques are explicit, recomputed every step, and stable at this rate.
pub const STEPPING_RATE_HZ: f64 = 1440.0;

/// The leg joints whose motors the controller replaces.
pub const LEG_JOINTS: [Joint; 6] = [
    Joint::LeftHip,
    Joint::RightHip,
    Joint::LeftKnee,
    Joint::RightKnee,
    Joint::LeftAnkle,
    Joint::RightAnkle,
];

/// A world stepped the way the controller needs: [`STEPPING_RATE_HZ`], two
/// solver substeps per step.
pub fn stepping_world_settings() -> WorldSettings {
    WorldSettings {
        rate_hz: STEPPING_RATE_HZ,
        substeps: 2,
        ..WorldSettings::default()
    }
}

/// Gains and timing of [`SteppingBalance`] (for a 1.75 m, 70 kg person).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SteppingSettings {
    /// Torso orientation PD: stiffness N m/rad and damping N m s/rad.
    pub torso_kp: f64,
    /// See `torso_kp`.
    pub torso_kd: f64,
    /// Swing thigh orientation PD.
    pub hip_kp: f64,
    /// See `hip_kp`.
    pub hip_kd: f64,
    /// Knee PD.
    pub knee_kp: f64,
    /// See `knee_kp`.
    pub knee_kd: f64,
    /// Foot orientation PD (flat on the floor).
    pub ankle_kp: f64,
    /// See `ankle_kp`.
    pub ankle_kd: f64,
    /// Strongest hip torque, N m.
    pub hip_max: f64,
    /// Strongest knee torque, N m.
    pub knee_max: f64,
    /// Strongest ankle torque, N m.
    pub ankle_max: f64,
    /// Time of one step, s.
    pub step_time_s: f64,
    /// A step that has not landed ends after this many step times.
    pub step_timeout: f64,
    /// A swing foot counts as landed when it touches the floor with its
    /// ankle at most this far above the ankle's standing height, metres.
    pub landed_height_m: f64,
    /// Time over which the weight moves onto a landed foot, s.
    pub weight_shift_s: f64,
    /// Swing thigh's forward angle at rest, rad.
    pub swing_forward_rad: f64,
    /// Swing thigh's outward angle at rest, rad.
    pub swing_out_rad: f64,
    /// Feedback on the centre of mass's offset ahead of the stance ankle,
    /// rad/m.
    pub forward_offset_gain: f64,
    /// Feedback on its forward velocity, rad/(m/s).
    pub forward_velocity_gain: f64,
    /// Feedback on its offset to the side, rad/m.
    pub side_offset_gain: f64,
    /// Feedback on its sideways velocity, rad/(m/s).
    pub side_velocity_gain: f64,
    /// Feedback on the integral of the forward velocity, rad/m.
    pub forward_drift_gain: f64,
    /// Feedback on the integral of the sideways velocity, rad/m.
    pub side_drift_gain: f64,
    /// Bound of each integral, m.
    pub drift_limit_m: f64,
    /// Largest forward or backward swing thigh angle, rad.
    pub swing_forward_max_rad: f64,
    /// Swing knee's bend during the first half of a step, rad.
    pub swing_knee_rad: f64,
    /// Stance knee's bend, rad.
    pub stance_knee_rad: f64,
    /// Virtual force against the centre of mass's horizontal velocity,
    /// N/(m/s), through the stance leg.
    pub velocity_damping: f64,
}

impl Default for SteppingSettings {
    fn default() -> Self {
        SteppingSettings {
            torso_kp: 1710.0,
            torso_kd: 78.8,
            hip_kp: 514.0,
            hip_kd: 98.3,
            knee_kp: 781.0,
            knee_kd: 11.6,
            ankle_kp: 157.0,
            ankle_kd: 0.893,
            hip_max: 326.0,
            knee_max: 400.0,
            ankle_max: 150.0,
            step_time_s: 0.331,
            step_timeout: 1.06,
            landed_height_m: 0.02,
            weight_shift_s: 0.125,
            swing_forward_rad: 0.25,
            swing_out_rad: 0.063,
            forward_offset_gain: 1.07,
            forward_velocity_gain: 0.917,
            side_offset_gain: 0.155,
            side_velocity_gain: 0.497,
            forward_drift_gain: 0.218,
            side_drift_gain: 0.012,
            drift_limit_m: 0.472,
            swing_forward_max_rad: 0.5,
            swing_knee_rad: 0.638,
            stance_knee_rad: 0.22,
            velocity_damping: 160.0,
        }
    }
}

/// A side of the body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The person's left (+x at rest).
    Left,
    /// The person's right.
    Right,
}

impl Side {
    fn hip(self) -> Joint {
        match self {
            Side::Left => Joint::LeftHip,
            Side::Right => Joint::RightHip,
        }
    }
    fn knee(self) -> Joint {
        match self {
            Side::Left => Joint::LeftKnee,
            Side::Right => Joint::RightKnee,
        }
    }
    fn ankle(self) -> Joint {
        match self {
            Side::Left => Joint::LeftAnkle,
            Side::Right => Joint::RightAnkle,
        }
    }
    fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
    /// +1 on the left, -1 on the right (the body's left is +x at rest).
    fn sign(self) -> f64 {
        match self {
            Side::Left => 1.0,
            Side::Right => -1.0,
        }
    }
}

/// What one control step produced: the two force arrays (frame axes) and
/// what the joints apply, their sum with each joint's strength limit on
/// the posture part (the velocity damping through the stance leg comes on
/// top of the limit).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SteppingArrays {
    /// Torso upright and velocity damping, at the legs.
    pub balance: ForceArray,
    /// Swing placement, knees and feet.
    pub locomotion: ForceArray,
    /// The limited sum: what the joints apply.
    pub applied: ForceArray,
}

/// The stepping controller of one self-supporting avatar.
#[derive(Debug, Clone)]
pub struct SteppingBalance {
    settings: SteppingSettings,
    /// The standing pose's bone rotations, turned to the body's heading.
    upright: JointMap<DQuat>,
    /// The heading the body keeps (a turn about the vertical).
    heading: DQuat,
    /// The thigh's direction (hip to knee) when standing, world.
    thigh_down: DVec3,
    /// Ankle height when standing, metres.
    ankle_height: f64,
    stance: Side,
    phase_s: f64,
    lifted: bool,
    drift: DVec3,
    steps: usize,
}

/// Rotation vector of a quaternion, the short way round.
fn rotvec(q: DQuat) -> DVec3 {
    let q = if q.w < 0.0 { -q } else { q };
    let (axis, angle) = q.to_axis_angle();
    if angle.abs() < 1e-12 || !angle.is_finite() {
        DVec3::ZERO
    } else {
        axis * angle
    }
}

fn clamp_len(v: DVec3, max: f64) -> DVec3 {
    let l = v.length();
    if l > max && l > 0.0 {
        v * (max / l)
    } else {
        v
    }
}

/// The state of the simulated body the controller reads each step.
struct Reading {
    rotations: JointMap<DQuat>,
    positions: JointMap<DVec3>,
    angvels: JointMap<DVec3>,
    com: DVec3,
    com_velocity: DVec3,
}

fn read(avatar: &SimAvatar, world: &PhysicsWorld) -> Reading {
    let rapier = world.rapier();
    let mut r = Reading {
        rotations: JointMap::splat(DQuat::IDENTITY),
        positions: JointMap::splat(DVec3::ZERO),
        angvels: JointMap::splat(DVec3::ZERO),
        com: DVec3::ZERO,
        com_velocity: DVec3::ZERO,
    };
    for j in Joint::ALL {
        if let Some(t) = avatar.bone(rapier, j) {
            r.rotations[j] = t.rotation;
            r.positions[j] = t.position;
        }
        if let Some(b) = avatar.body_handle(j).and_then(|h| rapier.bodies.get(h)) {
            r.angvels[j] = v64(b.angvel());
        }
    }
    let (c, v, _) = avatar.centre_of_mass(rapier);
    r.com = c;
    r.com_velocity = v;
    r
}

impl SteppingBalance {
    /// A controller for a body of `skeleton` that stood in `standing` (its
    /// heading is kept), starting with the right foot as the stance foot.
    pub fn new(skeleton: &Skeleton, standing: &BodyPose, settings: SteppingSettings) -> Self {
        let rest = BodyPose::rest(skeleton);
        let heading = heading_of(standing.rotations[Joint::Pelvis]);
        let mut upright = JointMap::splat(DQuat::IDENTITY);
        for j in Joint::ALL {
            upright[j] = heading * rest.rotations[j];
        }
        let p = rest.positions(skeleton);
        let down = p[Joint::LeftKnee] - p[Joint::LeftHip];
        let thigh_down = heading * down.try_normalize().unwrap_or(DVec3::NEG_Y);
        SteppingBalance {
            settings,
            upright,
            heading,
            thigh_down,
            ankle_height: p[Joint::LeftAnkle].y,
            stance: Side::Right,
            phase_s: 0.0,
            lifted: false,
            drift: DVec3::ZERO,
            steps: 0,
        }
    }

    /// Hands the avatar's legs to the controller: the other joints' motors
    /// hold the standing pose `standing`, the leg joints lose their motors
    /// (the controller's torques drive them).
    pub fn take_legs(world: &mut PhysicsWorld, id: AvatarId, standing: &BodyPose) {
        let Some(avatar) = world.avatar(id) else {
            return;
        };
        let mut targets = JointMap::splat((DVec3::ZERO, DVec3::ZERO));
        for j in Joint::ALL {
            if let (Some(f), Some(parent)) = (avatar.frame(j), j.parent()) {
                let local = standing.rotations[parent].inverse() * standing.rotations[j];
                targets[j] = (f.angles(local), DVec3::ZERO);
            }
        }
        world.drive(id, standing, &targets);
        for j in LEG_JOINTS {
            world.release_motors(id, j);
        }
    }

    /// Steps taken so far (landings and timed-out swings).
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The foot that carries the body now.
    pub fn stance(&self) -> Side {
        self.stance
    }

    /// Computes this physics step's arrays from the simulated body and
    /// applies their limited sum to its legs; call once before each
    /// `world.step()`. `None` (nothing applied) if the avatar is not in the
    /// world or its state is not finite.
    pub fn control(&mut self, world: &mut PhysicsWorld, id: AvatarId) -> Option<SteppingArrays> {
        let arrays = self.arrays(world, id)?;
        world.apply_joint_torques(id, &arrays.applied.torques);
        Some(arrays)
    }

    /// This step's arrays (advances the step timing; applies nothing).
    pub fn arrays(&mut self, world: &PhysicsWorld, id: AvatarId) -> Option<SteppingArrays> {
        let s = self.settings;
        let avatar = world.avatar(id)?;
        let dt = world.dt();
        let r = read(avatar, world);
        if !r.com.is_finite() || !r.com_velocity.is_finite() {
            return None;
        }
        let feet = world.stance(id);
        let down = |side: Side| match side {
            Side::Left => feet.left,
            Side::Right => feet.right,
        };

        // Step timing: a swing ends when its foot lands after half the
        // step time (having left the floor), or at the time limit.
        let swing = self.stance.other();
        let swing_down =
            down(swing) && r.positions[swing.ankle()].y < self.ankle_height + s.landed_height_m;
        self.phase_s += dt;
        if !swing_down {
            self.lifted = true;
        }
        let half = 0.5 * s.step_time_s;
        if self.phase_s > s.step_timeout * s.step_time_s
            || (self.phase_s > half && swing_down && self.lifted)
        {
            self.lifted = false;
            self.stance = swing;
            self.phase_s = 0.0;
            self.steps += 1;
        }
        let stance = self.stance;
        let swing = stance.other();

        // Horizontal state in the body's heading frame (x left, z forward).
        let to_body = self.heading.inverse();
        let v = to_body * DVec3::new(r.com_velocity.x, 0.0, r.com_velocity.z);
        let d = to_body * (r.com - r.positions[stance.ankle()]);
        self.drift = (self.drift + v * dt).clamp(
            DVec3::splat(-s.drift_limit_m),
            DVec3::splat(s.drift_limit_m),
        );

        let mut balance = JointMap::splat(DVec3::ZERO);
        let mut locomotion = JointMap::splat(DVec3::ZERO);

        // Torso upright.
        let torso = s.torso_kp
            * rotvec(self.upright[Joint::Pelvis] * r.rotations[Joint::Pelvis].inverse())
            - s.torso_kd * r.angvels[Joint::Pelvis];

        // Swing thigh: SIMBICON's feedback on where the foot goes.
        let forward = (s.swing_forward_rad
            + s.forward_offset_gain * d.z
            + s.forward_velocity_gain * v.z
            + s.forward_drift_gain * self.drift.z)
            .clamp(-s.swing_forward_max_rad, s.swing_forward_max_rad);
        let out = swing.sign() * s.swing_out_rad
            + s.side_offset_gain * d.x
            + s.side_velocity_gain * v.x
            + s.side_drift_gain * self.drift.x;
        let dir = self.heading * DVec3::new(out.tan(), -1.0, forward.tan()).normalize();
        let want = DQuat::from_rotation_arc(self.thigh_down, dir) * self.upright[swing.hip()];
        let swing_pd = clamp_len(
            s.hip_kp * rotvec(want * r.rotations[swing.hip()].inverse())
                - s.hip_kd * r.angvels[swing.hip()],
            s.hip_max,
        );

        // The weight moves onto a landed foot; a stance foot off the
        // floor cannot hold the torso.
        let w = (self.phase_s / s.weight_shift_s.max(1e-3)).clamp(0.0, 1.0)
            * if down(stance) { 1.0 } else { 0.0 };
        locomotion[swing.hip()] += swing_pd * w;
        locomotion[stance.hip()] -= swing_pd * w;
        balance[swing.hip()] -= torso * (1.0 - w);
        balance[stance.hip()] -= torso * w;

        // Against the centre of mass's velocity, through the stance leg.
        let mut support = JointMap::splat(DVec3::ZERO);
        let f = -s.velocity_damping * DVec3::new(r.com_velocity.x, 0.0, r.com_velocity.z);
        for j in [stance.hip(), stance.knee(), stance.ankle()] {
            support[j] = -(r.com - r.positions[j]).cross(f);
        }

        // Knees (hinge angles), then feet flat.
        let mut knee_torque = JointMap::splat(0.0);
        let bent = self.phase_s < half;
        for (side, want) in [
            (
                swing,
                if bent {
                    s.swing_knee_rad
                } else {
                    s.stance_knee_rad
                },
            ),
            (stance, s.stance_knee_rad),
        ] {
            if let Some((angle, rate)) = avatar.joint_state(world.rapier(), side.knee()) {
                knee_torque[side.knee()] = s.knee_kp * (want - angle.x) - s.knee_kd * rate.x;
            }
        }
        for side in [Side::Left, Side::Right] {
            let a = side.ankle();
            locomotion[a] += s.ankle_kp * rotvec(self.upright[a] * r.rotations[a].inverse())
                - s.ankle_kd * (r.angvels[a] - r.angvels[side.knee()]);
        }

        // World torques to each joint's frame axes.
        let to_frame = |j: Joint, tau: DVec3| -> DVec3 {
            match (avatar.frame(j), j.parent()) {
                (Some(f), Some(parent)) => f.world_axes(r.rotations[parent]).transpose() * tau,
                _ => DVec3::ZERO,
            }
        };
        let mut arrays = SteppingArrays {
            balance: ForceArray::ZERO,
            locomotion: ForceArray::ZERO,
            applied: ForceArray::ZERO,
        };
        for j in LEG_JOINTS {
            arrays.balance.torques[j] = to_frame(j, balance[j] + support[j]);
            arrays.locomotion.torques[j] =
                to_frame(j, locomotion[j]) + DVec3::new(knee_torque[j], 0.0, 0.0);
            let limit = match j {
                Joint::LeftHip | Joint::RightHip => s.hip_max,
                Joint::LeftKnee | Joint::RightKnee => s.knee_max,
                _ => s.ankle_max,
            };
            // The limit bounds what the posture asks of a joint; the
            // support against the centre of mass's velocity comes on top.
            let posture =
                to_frame(j, balance[j] + locomotion[j]) + DVec3::new(knee_torque[j], 0.0, 0.0);
            arrays.applied.torques[j] = clamp_len(posture, limit) + to_frame(j, support[j]);
        }
        Some(arrays)
    }
}

/// The turn about the vertical of a rotation (its yaw).
fn heading_of(q: DQuat) -> DQuat {
    let f = q * DVec3::Z;
    let yaw = f.x.atan2(f.z);
    if yaw.is_finite() {
        DQuat::from_rotation_y(yaw)
    } else {
        DQuat::IDENTITY
    }
}
