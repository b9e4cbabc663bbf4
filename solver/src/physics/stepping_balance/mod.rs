//! Balance by stepping for a self-supporting body, at the torque level: the
//! controller that recovers a push on the chest by stepping.
//!
//! The legs have no motors here. Every physics step (the world runs at
//! [`STEPPING_RATE_HZ`], so explicit torques stay stable) the controller
//! computes two force arrays for the legs, which are summed and applied,
//! each joint's posture torque within its strength limit (the velocity
//! damping below comes on top):
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
//!   the step), the feet are held flat and facing the body's heading.
//!
//! The gains were found by a machine search over push trials (see
//! `docs/notes/push-rounds.md`, "A ninth check"). By default the body keeps
//! stepping in place while it balances. With
//! [`SteppingSettings::quiet_stance`] it stands on both feet while calm
//! (the torso's pitch and yaw through both hips, the centre of mass held
//! by a virtual force through both legs forward and back and by the hips
//! sideways) and steps when the capture point leaves its feet; that is
//! less robust to hard pushes (measured in `docs/notes/push-rounds.md`).

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::{yaw_of, yaw_rotation};
use posewire_body::{BodyPose, BodyProfile, Joint, JointMap, Side, Skeleton};

use super::balance::Stance;
use super::convert::v64;
use super::force_array::ForceArray;
use super::landing_plan::PersonStep;
use super::legs_posture::Posture;
use super::sim_avatar::{BodySettings, SimAvatar};
use super::vectors::{clamp_len, rotvec};
use super::world::{AvatarId, PhysicsWorld, WorldSettings};

mod stance;
mod stepping_settings;

pub use stepping_settings::SteppingSettings;

/// The physics rate the controller is tuned for, steps per second: its
/// torques are explicit, recomputed every step, and stable at this rate.
pub const STEPPING_RATE_HZ: f64 = 1440.0;

/// The swing thigh's angles are kept within this, rad, whatever the
/// feedback or the settings ask (their tangents place the foot).
const SWING_OUT_LIMIT_RAD: f64 = 1.2;

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

/// A side's leg joints, and the other side.
trait Leg {
    fn hip(self) -> Joint;
    fn knee(self) -> Joint;
    fn ankle(self) -> Joint;
    fn other(self) -> Side;
}

impl Leg for Side {
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
    /// Where the pelvis should stand (horizontal, world), when the body
    /// follows a person: the placement walks it there instead of back to
    /// where stepping began.
    home: Option<DVec3>,
    /// How fast the home moves (world, horizontal), m/s.
    home_velocity: DVec3,
    /// The knees' bends and the pelvis's tilt taken from the person
    /// (`None`: straight legs, upright).
    posture: Option<Posture>,
    /// The walking person the swing foot's landing is planned from
    /// (`None`: SIMBICON's placement alone).
    person_step: Option<PersonStep>,
    /// The heading each foot landed with (left, right): a walking stance
    /// foot keeps it when [`PersonStep::hold_stance_yaw`].
    foot_heading: [DQuat; 2],
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

impl Reading {
    /// Every number read is finite (a body blown apart is not).
    fn is_finite(&self) -> bool {
        self.com.is_finite()
            && self.com_velocity.is_finite()
            && self.rotations.0.iter().all(|q| q.is_finite())
            && self.positions.0.iter().all(|p| p.is_finite())
            && self.angvels.0.iter().all(|w| w.is_finite())
    }
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
    /// A controller for a body of `skeleton` standing in `standing`: its
    /// heading is kept, its posture targets are the skeleton's rest pose
    /// (upright, feet flat) turned to that heading. Stepping starts with
    /// the right foot as the stance foot.
    pub fn new(skeleton: &Skeleton, standing: &BodyPose, settings: SteppingSettings) -> Self {
        let rest = BodyPose::rest(skeleton);
        let heading = yaw_rotation(yaw_of(standing.rotations[Joint::Pelvis]));
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
            home: None,
            home_velocity: DVec3::ZERO,
            posture: None,
            person_step: None,
            foot_heading: [heading; 2],
        }
    }

    /// The walking person to plan the swing foot's landing from (`None`:
    /// SIMBICON's placement alone).
    pub fn set_person_step(&mut self, step: Option<PersonStep>) {
        self.person_step = step;
    }

    /// The knees' bends and the pelvis's tilt to stand in (`None`: the
    /// controller's straight legs and upright pelvis).
    pub fn set_posture(&mut self, posture: Option<Posture>) {
        self.posture =
            posture.filter(|p| p.tilt.is_finite() && p.knee_rad.iter().all(|k| k.is_finite()));
    }

    /// The pelvis's target rotation: upright at the heading, tilted as the
    /// posture asks.
    pub fn pelvis_target(&self) -> DQuat {
        match self.posture {
            Some(p) => {
                (self.heading * p.tilt * self.heading.inverse() * self.upright[Joint::Pelvis])
                    .normalize()
            }
            None => self.upright[Joint::Pelvis],
        }
    }

    /// The step period, s: the walking person's when planned from it, else
    /// the controller's.
    fn step_time(&self) -> f64 {
        self.person_step
            .and_then(|p| p.step_time_s)
            .unwrap_or(self.settings.step_time_s)
    }

    /// The stance knee's bend while stepping, rad: the controller's, or
    /// the straighter of the posture's knees when it follows while
    /// stepping (never less than the controller's).
    fn stepping_knee_rad(&self) -> f64 {
        let own = self.settings.stance_knee_rad;
        match self.posture {
            Some(p) if p.while_stepping => own.max(p.knee_rad[0].min(p.knee_rad[1])),
            _ => own,
        }
    }

    /// A standing knee's bend, rad (the posture's, or the controller's).
    pub(super) fn standing_knee_rad(&self, side: Side) -> f64 {
        let own = self.settings.stance_knee_rad;
        match self.posture {
            Some(p) => own + p.knee_share * (p.knee_rad[usize::from(side == Side::Right)] - own),
            None => own,
        }
    }

    /// Turns the heading the body keeps to `yaw_rad` (about the vertical,
    /// as [`yaw_of`] measures it): its upright targets turn with it.
    pub fn set_heading(&mut self, yaw_rad: f64) {
        if !yaw_rad.is_finite() {
            return;
        }
        let turn = yaw_rotation(yaw_rad) * self.heading.inverse();
        self.heading = yaw_rotation(yaw_rad);
        for j in Joint::ALL {
            self.upright[j] = (turn * self.upright[j]).normalize();
        }
        self.thigh_down = turn * self.thigh_down;
    }

    /// The heading the body keeps, rad (about the vertical, as [`yaw_of`]
    /// measures it).
    pub fn heading_rad(&self) -> f64 {
        yaw_of(self.heading)
    }

    /// Where the pelvis should stand (world, its height ignored; `None`:
    /// where the steps began). A body farther than
    /// [`SteppingSettings::home_leave_m`] from it steps back to it.
    pub fn set_home(&mut self, home: Option<DVec3>) {
        self.home = home.filter(|h| h.is_finite());
    }

    /// How fast the home moves (world; its vertical part ignored): while
    /// stepping, the placement's velocity feedback is on the body's
    /// velocity against this plus the walk home (zero by default).
    pub fn set_home_velocity(&mut self, velocity: DVec3) {
        self.home_velocity = if velocity.is_finite() {
            DVec3::new(velocity.x, 0.0, velocity.z)
        } else {
            DVec3::ZERO
        };
    }

    /// The pelvis's horizontal offset from its home, heading frame
    /// (`None` without a home).
    fn home_offset(&self, r: &Reading) -> Option<DVec3> {
        let h = self.home?;
        let d = r.positions[Joint::Pelvis] - h;
        Some(self.heading.inverse() * DVec3::new(d.x, 0.0, d.z))
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

    /// Adds a self-supporting person (no root or end-effector springs) to
    /// `world` (which should be stepped at [`STEPPING_RATE_HZ`]:
    /// [`stepping_world_settings`]), standing in the rest pose of
    /// `profile` on the floor at `at` (its height is ignored), facing
    /// `heading_rad` (about the vertical, 0 facing +z, positive turning
    /// toward +x); hands its legs to a new controller and returns both.
    pub fn add_avatar(
        world: &mut PhysicsWorld,
        profile: &BodyProfile,
        at: DVec3,
        heading_rad: f64,
        settings: SteppingSettings,
    ) -> (AvatarId, SteppingBalance) {
        let skeleton = Skeleton::from_profile(profile);
        let rest = BodyPose::rest(&skeleton);
        let turn = yaw_rotation(if heading_rad.is_finite() {
            heading_rad
        } else {
            0.0
        });
        let mut standing = rest;
        for j in Joint::ALL {
            standing.rotations[j] = turn * rest.rotations[j];
        }
        let floor = if at.is_finite() {
            DVec3::new(at.x, 0.0, at.z)
        } else {
            DVec3::ZERO
        };
        standing.root = floor + turn * rest.root;
        let id = world.add_avatar(profile, &standing, &BodySettings::self_supporting());
        SteppingBalance::take_legs(world, id, &standing);
        (id, SteppingBalance::new(&skeleton, &standing, settings))
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

    /// This step's arrays (advances the step timing; applies nothing).
    pub fn arrays(&mut self, world: &PhysicsWorld, id: AvatarId) -> Option<SteppingArrays> {
        let s = self.settings;
        let avatar = world.avatar(id)?;
        let dt = world.physics_dt();
        let r = read(avatar, world);
        if !r.is_finite() {
            return None;
        }
        let feet = world.stance(id);
        let to_body = self.heading.inverse();
        let v = to_body * DVec3::new(r.com_velocity.x, 0.0, r.com_velocity.z);
        self.track_calm(v, dt);
        let torso = s.torso_kp
            * rotvec(self.pelvis_target() * r.rotations[Joint::Pelvis].inverse())
            - s.torso_kd * r.angvels[Joint::Pelvis];
        let mut out = LegTorques {
            balance: JointMap::splat(DVec3::ZERO),
            locomotion: JointMap::splat(DVec3::ZERO),
            support: JointMap::splat(DVec3::ZERO),
            knee: JointMap::splat(0.0),
        };
        self.advance_step_timing(&r, v, &feet, dt);
        if self.standing {
            self.stand(&r, v, torso, &mut out, avatar, world);
        } else {
            self.swing_and_support(&r, (v, torso, dt), &feet, &mut out, (avatar, world));
        }
        self.keep_feet_flat(&r, &mut out);
        Some(self.joint_arrays(avatar, &r, &out))
    }

    /// Follows the centre of mass's mean horizontal velocity (body frame)
    /// and how long it has stayed calm.
    fn track_calm(&mut self, v: DVec3, dt: f64) {
        let s = &self.settings;
        let k = (dt / s.calm_filter_s.max(dt)).min(1.0);
        self.mean_velocity += (v - self.mean_velocity) * k;
        if self.mean_velocity.length() < s.calm_speed {
            self.calm_s += dt;
        } else {
            self.calm_s = 0.0;
        }
    }

    /// Starts a step when standing no longer holds, and ends a swing when
    /// its foot lands (or at the time limit), standing again once calm.
    fn advance_step_timing(&mut self, r: &Reading, v: DVec3, feet: &Stance, dt: f64) {
        let s = self.settings;
        // A pelvis turned away from upright (a slow yaw or roll the
        // two-footed stance does not hold) ends a stance and keeps the body
        // from starting one.
        let turned = rotvec(self.pelvis_target() * r.rotations[Joint::Pelvis].inverse()).length()
            > s.stand_turn_max_rad;
        if self.standing {
            let away = self
                .home_offset(r)
                .is_some_and(|d| d.length() > s.home_leave_m && self.calm_s >= s.calm_time_s);
            let walk = self.person_step.is_some_and(|p| p.keep_stepping);
            let swing = self
                .first_swing(r, v)
                .or_else(|| (turned || away || walk).then(|| self.lighter_foot(r)));
            if let Some(swing) = swing {
                // The capture point left the feet: step.
                self.standing = false;
                self.stance = swing.other();
                self.phase_s = 0.0;
                self.lifted = false;
                self.weight_s = s.weight_shift_s;
                self.drift = DVec3::ZERO;
                self.calm_s = 0.0;
                self.foot_heading = [self.heading; 2];
            }
            return;
        }
        // Step timing: a swing ends when its foot lands after half the
        // step time (having left the floor), or at the time limit.
        let swing = self.stance.other();
        let swing_down = is_down(feet, swing)
            && r.positions[swing.ankle()].y < self.ankle_height + s.landed_height_m;
        self.phase_s += dt;
        self.weight_s += dt;
        if !swing_down {
            self.lifted = true;
        }
        let step_time = self.step_time();
        let half = 0.5 * step_time;
        if self.phase_s > s.step_timeout * step_time
            || (self.phase_s > half && swing_down && self.lifted)
        {
            self.lifted = false;
            self.stance = swing;
            self.foot_heading[usize::from(swing == Side::Right)] = self.heading;
            self.phase_s = 0.0;
            self.weight_s = 0.0;
            self.steps += 1;
            if s.quiet_stance
                && !self.person_step.is_some_and(|p| p.keep_stepping)
                && self.calm_s >= s.calm_time_s
                && feet.count() == 2
                && !turned
                && self
                    .home_offset(r)
                    .is_none_or(|d| d.length() < s.home_arrive_m)
                && self.first_swing(r, v).is_none()
            {
                self.standing = true;
            }
        }
    }

    /// While stepping: the swing thigh placed by SIMBICON's feedback, the
    /// weight moved onto a landed foot, support against the centre of
    /// mass's velocity through the stance leg, and the knees.
    fn swing_and_support(
        &mut self,
        r: &Reading,
        (v, torso, dt): (DVec3, DVec3, f64),
        feet: &Stance,
        out: &mut LegTorques,
        (avatar, world): (&SimAvatar, &PhysicsWorld),
    ) {
        let s = self.settings;
        let stance = self.stance;
        let swing = stance.other();
        let d = self.heading.inverse() * (r.com - r.positions[stance.ankle()]);
        // Following a person: the feedback is on the velocity against one
        // that walks the body home (and the integral on their difference).
        let want_v = self.home_offset(r).map_or(DVec3::ZERO, |off| {
            self.heading.inverse() * self.home_velocity
                + clamp_len(-off * s.home_rate_per_s, s.home_speed_m_s.max(0.0))
        });
        let v = v - want_v;
        // (With a home the offset replaces the integral: both together
        // are a double integral that swings the body from side to side.)
        let integral = if self.home.is_some() {
            DVec3::ZERO
        } else {
            v * dt
        };
        self.drift = (self.drift + integral).clamp(
            DVec3::splat(-s.drift_limit_m),
            DVec3::splat(s.drift_limit_m),
        );

        // Swing thigh: SIMBICON's feedback on where the foot goes.
        let cap = self
            .person_step
            .and_then(|p| p.forward_max_rad)
            .unwrap_or(s.swing_forward_max_rad);
        let forward_max = if cap.is_finite() {
            cap.abs().min(SWING_OUT_LIMIT_RAD)
        } else {
            SWING_OUT_LIMIT_RAD
        };
        let forward = (s.swing_forward_rad
            + s.forward_offset_gain * d.z
            + s.forward_velocity_gain * v.z
            + s.forward_drift_gain * self.drift.z)
            .clamp(-forward_max, forward_max);
        let outward = (swing.sign() * s.swing_out_rad
            + s.side_offset_gain * d.x
            + s.side_velocity_gain * v.x
            + s.side_drift_gain * self.drift.x)
            .clamp(-SWING_OUT_LIMIT_RAD, SWING_OUT_LIMIT_RAD);
        let (forward, outward) = match self.person_step {
            Some(p) => {
                let hip = r.positions[swing.hip()];
                let step_time = self.step_time();
                let left_s = step_time - self.phase_s;
                let spot = if p.from_body {
                    let body = (r.com, r.com_velocity);
                    p.spot_from_body((swing, self.heading), body, left_s, step_time)
                } else {
                    p.spot(swing, self.heading, left_s, step_time)
                } + p.dcm_shift(r.com, r.com_velocity);
                let leg = hip.y - self.ankle_height;
                let (pf, po) = PersonStep::thigh_angles(self.heading, hip, spot, leg);
                // SIMBICON's velocity feedback on top of the plan.
                let most = if p.velocity_feedback {
                    p.velocity_error_max_m_s
                } else {
                    0.0
                };
                let pf = pf + s.forward_velocity_gain * v.z.clamp(-most, most);
                let po = po + s.side_velocity_gain * v.x.clamp(-most, most);
                let k = p.share;
                (
                    (forward * (1.0 - k) + pf * k).clamp(-forward_max, forward_max),
                    (outward * (1.0 - k) + po * k).clamp(-SWING_OUT_LIMIT_RAD, SWING_OUT_LIMIT_RAD),
                )
            }
            None => (forward, outward),
        };
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
            * if is_down(feet, stance) { 1.0 } else { 0.0 };
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
        let bent = self.phase_s < 0.5 * self.step_time();
        let stance_knee = self.stepping_knee_rad();
        let swing_knee = if bent { s.swing_knee_rad } else { stance_knee };
        for (side, want) in [(swing, swing_knee), (stance, stance_knee)] {
            out.knee[side.knee()] = knee_pd(&s, avatar, world, side, want);
        }
    }

    /// Feet held flat (toward their upright rotation; a walking stance
    /// foot at the heading it landed with, when asked).
    fn keep_feet_flat(&self, r: &Reading, out: &mut LegTorques) {
        let s = &self.settings;
        let hold = !self.standing && self.person_step.is_some_and(|p| p.hold_stance_yaw);
        for side in [Side::Left, Side::Right] {
            let a = side.ankle();
            let flat = if hold && side == self.stance {
                let landed = self.foot_heading[usize::from(side == Side::Right)];
                (landed * self.heading.inverse() * self.upright[a]).normalize()
            } else {
                self.upright[a]
            };
            out.locomotion[a] += s.ankle_kp * rotvec(flat * r.rotations[a].inverse())
                - s.ankle_kd * (r.angvels[a] - r.angvels[side.knee()]);
        }
    }

    /// The world torques in each leg joint's frame axes: the balance and
    /// locomotion arrays, and their limited sum to apply.
    fn joint_arrays(&self, avatar: &SimAvatar, r: &Reading, out: &LegTorques) -> SteppingArrays {
        let s = &self.settings;
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
        arrays
    }
}

/// Whether `side`'s foot touches the floor.
fn is_down(feet: &Stance, side: Side) -> bool {
    match side {
        Side::Left => feet.left,
        Side::Right => feet.right,
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
