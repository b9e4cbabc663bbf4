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
//! `docs/RESULTS.md`, "A ninth check"). By default the body keeps
//! stepping in place while it balances. With
//! [`SteppingSettings::quiet_stance`] it stands on both feet while calm
//! (the torso's pitch and yaw through both hips, the centre of mass held
//! by a virtual force through both legs forward and back and by the hips
//! sideways) and steps when the capture point leaves its feet; that is
//! less robust to hard pushes (measured in `docs/RESULTS.md`).

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, Joint, JointMap, Skeleton};

use super::avatar::SimAvatar;
use super::convert::v64;
use super::force_array::ForceArray;
use super::world::{AvatarId, PhysicsWorld, WorldSettings};

/// The physics rate the controller is tuned for, steps per second: its
/// torques are explicit, recomputed every step, and stable at this rate.
pub const STEPPING_RATE_HZ: f64 = 1440.0;

/// Time constant of the velocity filter that judges calm, s.
const CALM_FILTER_S: f64 = 0.5;

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
    /// Stop stepping once the body is calm, and stand on both feet until
    /// the capture point leaves them (false: step in place throughout).
    pub quiet_stance: bool,
    /// Standing: stiffness of the centre of mass's horizontal PD, N/m.
    pub stand_kp: f64,
    /// Standing: its damping, N s/m.
    pub stand_kd: f64,
    /// Standing: how far ahead of the ankles the centre of mass is held, m.
    pub stand_ahead_m: f64,
    /// Standing: share of the torso's roll PD the hips still give (the
    /// rest of their roll torque sways the legs sideways).
    pub stand_roll_share: f64,
    /// The body counts as calm below this horizontal speed (low-passed
    /// over about a step pair), m/s...
    pub calm_speed: f64,
    /// ...held this long, s; then the next landing starts a quiet stance.
    pub calm_time_s: f64,
    /// Standing ends when the capture point leaves the ankles by more than
    /// this toward the toes, m,
    pub stand_toe_m: f64,
    /// this toward the heels, m,
    pub stand_heel_m: f64,
    /// and this to either side, m.
    pub stand_side_m: f64,
    /// Standing also ends when the pelvis turns this far from upright and
    /// its heading, rad.
    pub stand_turn_max_rad: f64,
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
            quiet_stance: false,
            stand_kp: 2000.0,
            stand_kd: 500.0,
            stand_ahead_m: 0.04,
            stand_roll_share: 0.3,
            calm_speed: 0.1,
            calm_time_s: 0.6,
            stand_toe_m: 0.12,
            stand_heel_m: 0.04,
            stand_side_m: 0.03,
            stand_turn_max_rad: 0.05,
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
    /// Standing on both feet (not stepping).
    standing: bool,
    /// How long the body has been calm, s.
    calm_s: f64,
    /// The horizontal velocity low-passed over about a step pair (the
    /// stepping sways from foot to foot), heading frame, m/s.
    mean_velocity: DVec3,
    /// Time since the stance foot took the weight, s.
    weight_s: f64,
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

/// One step's leg torques (world axes) before they are summed: the
/// balance and locomotion arrays' posture parts, the velocity support, and
/// the knees' PD (hinge angle torques).
struct LegTorques {
    balance: JointMap<DVec3>,
    locomotion: JointMap<DVec3>,
    support: JointMap<DVec3>,
    knee: JointMap<f64>,
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
            standing: settings.quiet_stance,
            calm_s: 0.0,
            mean_velocity: DVec3::ZERO,
            weight_s: 0.0,
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

    /// The foot that carries the body now (while stepping).
    pub fn stance(&self) -> Side {
        self.stance
    }

    /// Whether the body stands on both feet now instead of stepping.
    pub fn is_standing(&self) -> bool {
        self.standing
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

    /// While standing: the foot that must step because the capture point
    /// (`c + v sqrt(h / g)`) left the feet, or `None` while it stays
    /// within them: the foot that carries less weight (the one farther
    /// from the centre of mass, sideways) steps first.
    fn first_swing(&self, r: &Reading, v: DVec3) -> Option<Side> {
        let s = &self.settings;
        let to_body = self.heading.inverse();
        let l = to_body * r.positions[Joint::LeftAnkle];
        let rt = to_body * r.positions[Joint::RightAnkle];
        let c = to_body * r.com;
        let h = (r.com.y - self.ankle_height).max(0.3);
        let cp = c + v * (h / 9.81).sqrt();
        let beyond_left = cp.x - (l.x.max(rt.x) + s.stand_side_m);
        let beyond_right = (l.x.min(rt.x) - s.stand_side_m) - cp.x;
        let ahead = cp.z - (l.z.max(rt.z) + s.stand_toe_m);
        let behind = (l.z.min(rt.z) - s.stand_heel_m) - cp.z;
        if beyond_left > 0.0 || beyond_right > 0.0 || ahead > 0.0 || behind > 0.0 {
            return Some(self.lighter_foot(r));
        }
        None
    }

    /// The foot that carries less weight: the one farther from the centre
    /// of mass, sideways.
    fn lighter_foot(&self, r: &Reading) -> Side {
        let to_body = self.heading.inverse();
        let l = to_body * r.positions[Joint::LeftAnkle];
        let rt = to_body * r.positions[Joint::RightAnkle];
        let c = to_body * r.com;
        if (c.x - l.x).abs() > (c.x - rt.x).abs() {
            Side::Left
        } else {
            Side::Right
        }
    }

    /// Standing on both feet: the torso's pitch and yaw through both hips,
    /// the centre of mass held over the feet by a virtual force through
    /// both legs forward and back, and by the hips sideways (the legs and
    /// the pelvis are a parallelogram there: hip roll torques sway it,
    /// where the narrow feet could not).
    fn stand(
        &self,
        r: &Reading,
        v: DVec3,
        torso: DVec3,
        out: &mut LegTorques,
        avatar: &SimAvatar,
        world: &PhysicsWorld,
    ) {
        let s = &self.settings;
        let to_body = self.heading.inverse();
        let mid = (r.positions[Joint::LeftAnkle] + r.positions[Joint::RightAnkle]) * 0.5;
        let mid_b = to_body * mid;
        let c = to_body * r.com;
        let fz = s.stand_kp * (mid_b.z + s.stand_ahead_m - c.z) - s.stand_kd * v.z;
        let f = self.heading * DVec3::new(0.0, 0.0, fz) * 0.5;
        let fx = s.stand_kp * (mid_b.x - c.x) - s.stand_kd * v.x;
        let torso_b = to_body * torso;
        let mut hip = -torso_b * 0.5;
        hip.z = -(r.com.y - mid.y) * fx * 0.5 - s.stand_roll_share * torso_b.z * 0.5;
        let hip = self.heading * hip;
        for side in [Side::Left, Side::Right] {
            out.balance[side.hip()] += hip;
            for j in [side.hip(), side.knee(), side.ankle()] {
                out.support[j] = -(r.com - r.positions[j]).cross(f);
            }
            out.knee[side.knee()] = knee_pd(s, avatar, world, side, s.stance_knee_rad);
        }
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

        let to_body = self.heading.inverse();
        let v = to_body * DVec3::new(r.com_velocity.x, 0.0, r.com_velocity.z);
        let k = (dt / CALM_FILTER_S).min(1.0);
        self.mean_velocity += (v - self.mean_velocity) * k;
        if self.mean_velocity.length() < s.calm_speed {
            self.calm_s += dt;
        } else {
            self.calm_s = 0.0;
        }
        let torso = s.torso_kp
            * rotvec(self.upright[Joint::Pelvis] * r.rotations[Joint::Pelvis].inverse())
            - s.torso_kd * r.angvels[Joint::Pelvis];
        let mut out = LegTorques {
            balance: JointMap::splat(DVec3::ZERO),
            locomotion: JointMap::splat(DVec3::ZERO),
            support: JointMap::splat(DVec3::ZERO),
            knee: JointMap::splat(0.0),
        };

        if self.standing {
            // A pelvis turning away from upright (a slow yaw or roll the
            // two-footed stance does not hold) also ends the stance.
            let turned = rotvec(self.upright[Joint::Pelvis] * r.rotations[Joint::Pelvis].inverse())
                .length()
                > s.stand_turn_max_rad;
            let swing = self
                .first_swing(&r, v)
                .or_else(|| turned.then(|| self.lighter_foot(&r)));
            if let Some(swing) = swing {
                // The capture point left the feet: step.
                self.standing = false;
                self.stance = swing.other();
                self.phase_s = 0.0;
                self.lifted = false;
                self.weight_s = s.weight_shift_s;
                self.drift = DVec3::ZERO;
            }
        } else {
            // Step timing: a swing ends when its foot lands after half the
            // step time (having left the floor), or at the time limit.
            let swing = self.stance.other();
            let swing_down =
                down(swing) && r.positions[swing.ankle()].y < self.ankle_height + s.landed_height_m;
            self.phase_s += dt;
            self.weight_s += dt;
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
                self.weight_s = 0.0;
                self.steps += 1;
                if s.quiet_stance
                    && self.calm_s >= s.calm_time_s
                    && feet.count() == 2
                    && self.first_swing(&r, v).is_none()
                {
                    self.standing = true;
                }
            }
        }

        if self.standing {
            self.stand(&r, v, torso, &mut out, avatar, world);
        } else {
            let stance = self.stance;
            let swing = stance.other();
            let d = to_body * (r.com - r.positions[stance.ankle()]);
            self.drift = (self.drift + v * dt).clamp(
                DVec3::splat(-s.drift_limit_m),
                DVec3::splat(s.drift_limit_m),
            );

            // Swing thigh: SIMBICON's feedback on where the foot goes.
            let forward = (s.swing_forward_rad
                + s.forward_offset_gain * d.z
                + s.forward_velocity_gain * v.z
                + s.forward_drift_gain * self.drift.z)
                .clamp(-s.swing_forward_max_rad, s.swing_forward_max_rad);
            let outward = swing.sign() * s.swing_out_rad
                + s.side_offset_gain * d.x
                + s.side_velocity_gain * v.x
                + s.side_drift_gain * self.drift.x;
            let dir = self.heading * DVec3::new(outward.tan(), -1.0, forward.tan()).normalize();
            let want = DQuat::from_rotation_arc(self.thigh_down, dir) * self.upright[swing.hip()];
            let swing_pd = clamp_len(
                s.hip_kp * rotvec(want * r.rotations[swing.hip()].inverse())
                    - s.hip_kd * r.angvels[swing.hip()],
                s.hip_max,
            );

            // The weight moves onto a landed foot; a stance foot off the
            // floor cannot hold the torso.
            let w = (self.weight_s / s.weight_shift_s.max(1e-3)).clamp(0.0, 1.0)
                * if down(stance) { 1.0 } else { 0.0 };
            out.locomotion[swing.hip()] += swing_pd * w;
            out.locomotion[stance.hip()] -= swing_pd * w;
            out.balance[swing.hip()] -= torso * (1.0 - w);
            out.balance[stance.hip()] -= torso * w;

            // Against the centre of mass's velocity, through the stance leg.
            let f = -s.velocity_damping * DVec3::new(r.com_velocity.x, 0.0, r.com_velocity.z);
            for j in [stance.hip(), stance.knee(), stance.ankle()] {
                out.support[j] = -(r.com - r.positions[j]).cross(f);
            }

            // Knees (hinge angles).
            let bent = self.phase_s < 0.5 * s.step_time_s;
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
                out.knee[side.knee()] = knee_pd(&s, avatar, world, side, want);
            }
        }
        // Feet flat.
        for side in [Side::Left, Side::Right] {
            let a = side.ankle();
            out.locomotion[a] += s.ankle_kp * rotvec(self.upright[a] * r.rotations[a].inverse())
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
            arrays.balance.torques[j] = to_frame(j, out.balance[j] + out.support[j]);
            arrays.locomotion.torques[j] =
                to_frame(j, out.locomotion[j]) + DVec3::new(out.knee[j], 0.0, 0.0);
            let limit = match j {
                Joint::LeftHip | Joint::RightHip => s.hip_max,
                Joint::LeftKnee | Joint::RightKnee => s.knee_max,
                _ => s.ankle_max,
            };
            // The limit bounds what the posture asks of a joint; the
            // support against the centre of mass's velocity comes on top.
            let posture =
                to_frame(j, out.balance[j] + out.locomotion[j]) + DVec3::new(out.knee[j], 0.0, 0.0);
            arrays.applied.torques[j] = clamp_len(posture, limit) + to_frame(j, out.support[j]);
        }
        Some(arrays)
    }
}

/// A knee's PD torque toward `want` (its hinge angle), N m.
fn knee_pd(
    s: &SteppingSettings,
    avatar: &SimAvatar,
    world: &PhysicsWorld,
    side: Side,
    want: f64,
) -> f64 {
    avatar
        .joint_state(world.rapier(), side.knee())
        .map_or(0.0, |(angle, rate)| {
            s.knee_kp * (want - angle.x) - s.knee_kd * rate.x
        })
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
