//! The weight through the stance legs, recomputed at every physics
//! substep (issue 41, part A): the force the pelvis needs to follow the
//! reference (a PD on its position and the centre of mass's velocity) plus
//! the body's weight, and the torque the trunk needs to stay on the
//! reference's orientation, are shared over the feet that stand and
//! applied as joint torques down each stance leg by the Jacobian transpose
//! (`tau_j = -(c - p_j) x F`, equal and opposite on each joint's two
//! bodies, so only the floor pushes back). What the feet cannot give (a
//! pull, a push beyond the friction cone, a body with no foot down) is the
//! residual: applied at the pelvis from outside, capped, and reported as
//! assist. The virtual-model control of Coros et al. 2010 ("Generalized
//! biped walking control") with the bounded residual of Residual Force
//! Control (Yuan and Kitani 2020).
//!
//! The world is stepped [`LegSupport::substeps`] times per tick and this
//! runs before each step, from the body's state then; the tick gives the
//! target ([`SupportTarget`]). Measured in `docs/notes/own-feet.md`
//! ("Third attempt: per-substep"); off by default.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{Joint, JointMap};

use super::balance::{Balance, Stance};
use super::convert::v64;
use super::sim_avatar::SimAvatar;
use super::vectors::{clamp_len, rotvec};
use super::world::RapierWorld;

/// Settings of the per-substep weight support (`[solver.physics.leg_support]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LegSupport {
    /// Whether it acts (off by default: `docs/notes/own-feet.md`).
    pub enabled: bool,
    /// Physics steps per tick while it acts (each one with its own
    /// control; the world's solver iterations are shared out over them).
    pub substeps: usize,
    /// Natural frequency of the pelvis's position PD on the whole mass, Hz.
    pub root_hz: f64,
    /// Natural frequency of the trunk's orientation PD, Hz.
    pub torso_hz: f64,
    /// Damping ratio of both.
    pub damping_ratio: f64,
    /// Friction coefficient the foot forces are kept within.
    pub friction: f64,
    /// Largest push of one foot on the floor, as a share of the weight.
    pub max_foot_share: f64,
    /// How far from the ankle the centre of pressure may go, metres (bounds
    /// the ankle's torque by its foot's load).
    pub pressure_reach_m: f64,
    /// Largest residual force at the pelvis, as a share of the weight.
    pub residual_share: f64,
    /// Whether the feet keep their end springs and plant joints while the
    /// support acts (false: a standing foot is held by friction only, a
    /// swinging one by its joints).
    pub foot_springs: bool,
    /// The share of their setting the head's and hands' springs keep while
    /// the support acts (they track; the legs carry).
    pub end_share: f64,
    /// A reference ankle higher than this above its standing height is
    /// swinging (its foot carries nothing), metres.
    pub swing_height_m: f64,
    /// So is a reference ankle moving faster than this along the floor, m/s.
    pub swing_speed_m_s: f64,
    /// Gravity, m/s^2.
    pub gravity: f64,
    /// Whether a stance leg is the support's (fourth round): its motors let
    /// go while it stands, its knee and ankle held by PDs toward the
    /// reference at every substep (as `stepping_balance` holds its legs),
    /// its hip driven by the support's virtual force and the trunk's
    /// torque alone. Off: the motors keep tracking the reference.
    pub stance_legs: bool,
    /// The stance knee's PD on its hinge angle, N m / rad.
    pub knee_kp: f64,
    /// ... and on its rate, N m s / rad.
    pub knee_kd: f64,
    /// The stance ankle's PD toward the reference foot's turn, N m / rad.
    pub ankle_kp: f64,
    /// ... and on the foot's rate against the shin, N m s / rad.
    pub ankle_kd: f64,
}

impl Default for LegSupport {
    fn default() -> Self {
        LegSupport {
            enabled: false,
            substeps: 4,
            root_hz: 2.0,
            torso_hz: 3.0,
            damping_ratio: 1.0,
            friction: 0.8,
            max_foot_share: 2.5,
            pressure_reach_m: 0.06,
            residual_share: 0.15,
            foot_springs: false,
            end_share: 1.0,
            swing_height_m: 0.03,
            swing_speed_m_s: 0.5,
            gravity: 9.81,
            stance_legs: false,
            knee_kp: 781.0,
            knee_kd: 11.6,
            ankle_kp: 157.0,
            ankle_kd: 0.9,
        }
    }
}

/// What a tick asks of the support: where the pelvis should be and how
/// fast it moves, how the pelvis should be turned, and which feet may carry
/// (a swinging foot does not).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SupportTarget {
    /// The reference's root (pelvis) position, world.
    pub root: DVec3,
    /// The reference root's velocity, m/s.
    pub root_velocity: DVec3,
    /// The reference's pelvis rotation, world.
    pub pelvis: DQuat,
    /// The feet the planner lets stand.
    pub stance: Stance,
    /// The reference's knee hinge angles (left, right), rad.
    pub knees: [f64; 2],
    /// The reference's foot rotations (left, right), world.
    pub feet: [DQuat; 2],
}

/// One substep's support.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SupportForces {
    /// The stance legs' joint torques, each joint's frame axes.
    pub torques: JointMap<DVec3>,
    /// The force from outside at the pelvis, world, newtons.
    pub residual: DVec3,
    /// What the feet carry together, world, newtons.
    pub carried: DVec3,
}

const LEGS: [[Joint; 3]; 2] = [
    [Joint::LeftHip, Joint::LeftKnee, Joint::LeftAnkle],
    [Joint::RightHip, Joint::RightKnee, Joint::RightAnkle],
];

impl LegSupport {
    /// Physics steps per tick: [`LegSupport::substeps`] while it acts
    /// (within 1..=16), else 1.
    pub fn steps_per_tick(settings: Option<&LegSupport>) -> usize {
        settings
            .filter(|s| s.enabled)
            .map_or(1, |s| s.substeps.clamp(1, 16))
    }

    /// The feet the reference stands on: each ankle low (within
    /// [`LegSupport::swing_height_m`] of the lower ankle, or of
    /// `ankle_height` if that is higher) and slow (under
    /// [`LegSupport::swing_speed_m_s`] along the floor since `before`, `dt`
    /// ago).
    pub fn reference_stance(
        &self,
        now: &JointMap<DVec3>,
        before: Option<JointMap<DVec3>>,
        ankle_height: f64,
        dt: f64,
    ) -> Stance {
        // The lower foot sets the floor the reference stands on (a
        // reference's feet can float above the real floor).
        let floor = ankle_height.max(now[Joint::LeftAnkle].y.min(now[Joint::RightAnkle].y));
        let stands = |j: Joint| {
            let low = now[j].y <= floor + self.swing_height_m;
            let speed = before.map_or(0.0, |b| {
                let d = now[j] - b[j];
                DVec3::new(d.x, 0.0, d.z).length() / dt.max(1e-4)
            });
            low && speed <= self.swing_speed_m_s
        };
        Stance {
            left: stands(Joint::LeftAnkle),
            right: stands(Joint::RightAnkle),
        }
    }

    /// This substep's support for `avatar` from the state in `world`;
    /// `touching`: the feet in contact now.
    pub fn forces(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        target: &SupportTarget,
        touching: Stance,
    ) -> Option<SupportForces> {
        let pelvis = avatar.bone(world, Joint::Pelvis)?;
        let (c, v, mass) = avatar.centre_of_mass(world);
        if mass <= 0.0 || !c.is_finite() || !v.is_finite() {
            return None;
        }
        let weight = mass * self.gravity;
        let wr = 2.0 * std::f64::consts::PI * self.root_hz.max(0.0);
        let z = 2.0 * self.damping_ratio.max(0.0);
        let mut want = ((target.root - pelvis.position) * wr * wr
            + (target.root_velocity - v) * z * wr)
            * mass;
        want.y += weight;
        let torso = self.torso_torque(avatar, world, target.pelvis, pelvis.rotation, c);
        let shares = self.foot_shares(avatar, world, target.stance, touching, c);
        let mut world_torque = JointMap::splat(DVec3::ZERO);
        let mut carried = DVec3::ZERO;
        for (leg, share) in LEGS.iter().zip(shares) {
            if share <= 0.0 {
                continue;
            }
            let foot = self.feasible(want * share, weight);
            carried += foot;
            for &j in leg {
                if let Some(b) = avatar.bone(world, j) {
                    world_torque[j] -= (c - b.position).cross(foot);
                }
            }
            world_torque[leg[0]] -= torso * share;
            // The ankle holds no more than its foot's centre of pressure
            // reaches: beyond, the foot tips over.
            let a = world_torque[leg[2]];
            let flat = DVec3::new(a.x, 0.0, a.z);
            let bounded = clamp_len(flat, foot.y.max(0.0) * self.pressure_reach_m);
            world_torque[leg[2]] = DVec3::new(bounded.x, 0.0, bounded.z);
        }
        let residual = clamp_len(want - carried, self.residual_share.max(0.0) * weight);
        let mut torques = in_joint_frames(avatar, world, &world_torque);
        if self.stance_legs {
            let pd = self.stance_pd(
                avatar,
                world,
                target,
                [target.stance.left, target.stance.right],
            );
            for j in Joint::ALL {
                torques[j] += pd[j];
            }
        }
        Some(SupportForces {
            torques,
            residual,
            carried,
        })
    }

    /// The torque the trunk needs toward `want` (world axes), on the
    /// inertia above the hips; damped on the trunk's mass-weighted angular
    /// velocity (the light pelvis's own rattles).
    fn torso_torque(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        want: DQuat,
        now: DQuat,
        c: DVec3,
    ) -> DVec3 {
        let mut omega = DVec3::ZERO;
        let mut m = 0.0;
        for j in [Joint::Pelvis, Joint::Spine, Joint::Chest] {
            if let Some(b) = avatar.body_handle(j).and_then(|h| world.bodies.get(h)) {
                let mb = f64::from(b.mass());
                omega += v64(b.angvel()) * mb;
                m += mb;
            }
        }
        let omega = if m > 0.0 { omega / m } else { DVec3::ZERO };
        let w = 2.0 * std::f64::consts::PI * self.torso_hz.max(0.0);
        let inertia = Balance::upper_inertia(avatar, world, c);
        (rotvec(want * now.inverse()) * w * w - omega * 2.0 * self.damping_ratio * w) * inertia
    }

    /// Each foot's share of the force (left, right): the feet the planner
    /// lets stand and that touch; two feet share by where the centre of
    /// mass is between them.
    fn foot_shares(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        stance: Stance,
        touching: Stance,
        c: DVec3,
    ) -> [f64; 2] {
        let on = [stance.left && touching.left, stance.right && touching.right];
        match on {
            [true, true] => {
                let (Some(l), Some(r)) = (
                    avatar.bone(world, Joint::LeftAnkle),
                    avatar.bone(world, Joint::RightAnkle),
                ) else {
                    return [0.5, 0.5];
                };
                let flat = |p: DVec3| DVec3::new(p.x, 0.0, p.z);
                let d = flat(r.position - l.position);
                let along = if d.length_squared() > 1e-6 {
                    (flat(c - l.position).dot(d) / d.length_squared()).clamp(0.0, 1.0)
                } else {
                    0.5
                };
                [1.0 - along, along]
            }
            [l, r] => [f64::from(u8::from(l)), f64::from(u8::from(r))],
        }
    }

    /// The stance legs' knee and ankle PDs toward the reference (each
    /// joint's frame axes), for the legs in `legs` (left, right): those
    /// whose motors let go this tick.
    fn stance_pd(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        target: &SupportTarget,
        legs: [bool; 2],
    ) -> JointMap<DVec3> {
        let mut out = JointMap::splat(DVec3::ZERO);
        let mut ankle_world = JointMap::splat(DVec3::ZERO);
        for (i, leg) in LEGS.iter().enumerate() {
            if !legs[i] {
                continue;
            }
            let [_, knee, ankle] = *leg;
            if let Some((angle, rate)) = avatar.joint_state(world, knee) {
                let tau = self.knee_kp * (target.knees[i] - angle.x) - self.knee_kd * rate.x;
                out[knee].x += tau;
            }
            let spin = |j: Joint| {
                avatar
                    .body_handle(j)
                    .and_then(|h| world.bodies.get(h))
                    .map_or(DVec3::ZERO, |b| v64(b.angvel()))
            };
            if let Some(foot) = avatar.bone(world, ankle) {
                ankle_world[ankle] = self.ankle_kp
                    * rotvec(target.feet[i] * foot.rotation.inverse())
                    - self.ankle_kd * (spin(ankle) - spin(knee));
            }
        }
        let ankles = in_joint_frames(avatar, world, &ankle_world);
        for j in Joint::ALL {
            out[j] += ankles[j];
        }
        out
    }

    /// What a foot can push with of `f`: not pulling, no harder than
    /// [`LegSupport::max_foot_share`], and within the friction cone.
    fn feasible(&self, f: DVec3, weight: f64) -> DVec3 {
        let up = f.y.clamp(0.0, self.max_foot_share.max(0.0) * weight);
        let side = clamp_len(DVec3::new(f.x, 0.0, f.z), self.friction.max(0.0) * up);
        DVec3::new(side.x, up, side.z)
    }
}

/// World torques turned into each joint's frame axes.
fn in_joint_frames(
    avatar: &SimAvatar,
    world: &RapierWorld,
    world_torque: &JointMap<DVec3>,
) -> JointMap<DVec3> {
    let mut out = JointMap::splat(DVec3::ZERO);
    for leg in LEGS {
        for j in leg {
            let t = world_torque[j];
            let (Some(frame), Some(parent)) = (avatar.frame(j), j.parent()) else {
                continue;
            };
            let Some(pb) = avatar.bone(world, parent) else {
                continue;
            };
            let axes = frame.world_axes(pb.rotation);
            out[j] = axes.transpose() * t;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_foot_pushes_within_its_cone_and_never_pulls() {
        let s = LegSupport::default();
        let w = 700.0;
        let pull = s.feasible(DVec3::new(10.0, -50.0, 0.0), w);
        assert_eq!(pull, DVec3::ZERO, "a foot cannot pull the body down");
        let f = s.feasible(DVec3::new(400.0, 300.0, 0.0), w);
        assert!((f.y - 300.0).abs() < 1e-9);
        assert!((f.x - 0.8 * 300.0).abs() < 1e-9, "friction cone: {f}");
        let hard = s.feasible(DVec3::new(0.0, 5.0 * w, 0.0), w);
        assert!((hard.y - 2.5 * w).abs() < 1e-9);
    }

    #[test]
    fn more_substeps_only_while_enabled() {
        let mut s = LegSupport {
            substeps: 6,
            ..LegSupport::default()
        };
        assert_eq!(LegSupport::steps_per_tick(Some(&s)), 1);
        assert_eq!(LegSupport::steps_per_tick(None), 1);
        s.enabled = true;
        assert_eq!(LegSupport::steps_per_tick(Some(&s)), 6);
        s.substeps = 0;
        assert_eq!(LegSupport::steps_per_tick(Some(&s)), 1);
        s.substeps = 1000;
        assert_eq!(LegSupport::steps_per_tick(Some(&s)), 16);
    }
}
