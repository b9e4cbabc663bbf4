//! One simulated person: a rigid body per segment with the masses, centres
//! of mass and inertias of `posewire_body::inertia`, collision shapes
//! (capsules, a ball for the head, flat boxes for the feet), impulse joints
//! with the anatomical limits of `posewire_body::limits` and implicit motors
//! on every free axis, and a kinematic anchor that can hold the pelvis
//! toward a reference with a residual spring (off when the body must
//! balance by itself).
//!
//! Each body's frame is its bone's frame, placed at the bone's joint: the
//! body's rotation is the bone's world rotation (as in a
//! [`posewire_body::BodyPose`]) and its origin the joint's position. The toes
//! are part of the feet (their rotation is reported as the foot's).

use posewire_body::glam::DVec3;
use posewire_body::inertia::{segment_inertias, SegmentInertia};
use posewire_body::{BodyPose, BodyProfile, Joint, JointMap, Skeleton};
use rapier3d::glamx::Pose3;
use rapier3d::prelude::{
    CoefficientCombineRule, ColliderBuilder, ColliderHandle, GenericJointBuilder, Group,
    ImpulseJointHandle, InteractionGroups, InteractionTestMode, JointAxesMask, JointAxis,
    MassProperties, MotorModel, RigidBodyBuilder, RigidBodyHandle,
};

use super::convert::{pose32, q64, v32, v64};
use super::joint_frames::{joint_frame, AxisRange, JointFrame};
use super::legs_residual::RootMotors;
use super::world::RapierWorld;

/// Collision group of the floor and the scene.
pub const SCENE_GROUP: Group = Group::GROUP_1;

/// The collision group of the objects in the space (`super::objects`).
pub const OBJECT_GROUP: Group = Group::GROUP_2;

/// How many avatars have a collision group of their own; avatar `i` shares
/// its group with avatar `i + AVATAR_GROUPS` (such a pair does not collide
/// when self-collision is off).
pub const AVATAR_GROUPS: usize = 30;

/// The collision group of avatar number `index`.
pub fn avatar_group(index: usize) -> Group {
    Group::from_bits_truncate(1 << (2 + index % AVATAR_GROUPS))
}

/// Every avatar's collision group.
pub fn all_avatar_groups() -> Group {
    Group::from_bits_truncate(!0u32 << 2)
}

/// The rapier axes of a joint frame's three angular axes.
pub const ANG_AXES: [JointAxis; 3] = [JointAxis::AngX, JointAxis::AngY, JointAxis::AngZ];
pub(crate) const LIN_AXES: [JointAxis; 3] = [JointAxis::LinX, JointAxis::LinY, JointAxis::LinZ];

/// Which of a person's own segments collide with each other. An upper arm
/// never touches the chest or the neck, whatever the setting
/// ([`super::contact_filter`]).
///
/// The shapes are sized from the skeleton, not the person's girth, so they
/// sometimes catch a limb that the real person brushed past. Measured on the
/// dev clips (MPJPE, clean, 3 / 4 / 6 devices, all clips): every segment
/// 10.30 / 6.95 / 3.34 cm, all but the shins and feet 10.38 / 6.74 / 3.20,
/// none 10.27 / 6.72 / 3.17. The swinging foot catching the standing shin
/// or foot costs the most, so by default shins and feet do not collide with
/// their own body (they still collide with the floor, the scene and other
/// avatars).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SelfCollision {
    /// No segment collides with its own body.
    Off,
    /// Every non-adjacent pair except those involving a shin or a foot.
    AboveTheKnees,
    /// Every non-adjacent pair.
    All,
}

impl SelfCollision {
    /// Whether `segment`'s shape collides with its own body.
    pub fn covers(self, segment: Joint) -> bool {
        let lower_leg = matches!(
            segment,
            Joint::LeftKnee | Joint::RightKnee | Joint::LeftAnkle | Joint::RightAnkle
        );
        match self {
            SelfCollision::Off => false,
            SelfCollision::AboveTheKnees => !lower_leg,
            SelfCollision::All => true,
        }
    }
}

/// Stiffness and damping of a joint's motors, per axis.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Gains {
    /// N m per radian.
    pub kp: f64,
    /// N m s per radian.
    pub kd: f64,
}

impl Gains {
    /// The gains of the same joint at `share` times its natural frequency
    /// (same damping ratio): stiffness by the square, damping linearly.
    pub fn at_frequency_share(self, share: f64) -> Gains {
        Gains {
            kp: self.kp * share * share,
            kd: self.kd * share,
        }
    }
}

/// How stiff the simulated body's motors and the root support are.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BodySettings {
    /// Natural frequency of each joint's tracking (its subtree's inertia
    /// times the frequency squared gives the stiffness), Hz. Measured on a
    /// walk: 15 Hz and above shake (rapier's iterative solver does not
    /// converge on the stiffer chain).
    pub joint_hz: f64,
    /// While the body tracks the person undisturbed (the reaction state
    /// `tracking`), the joints' natural frequency is this share of
    /// `joint_hz` (1: the same); a pushed, fallen or rising body keeps
    /// `joint_hz`, and so does a body on the own-feet designs (leg support,
    /// whole-body dynamics, SIMBICON legs), tuned at it. 0.75 (6 Hz of
    /// 8), chosen over 0.5-1 by cross-validation over subjects: the
    /// reference's shake (device noise, the learned legs' wobble, a 30 fps
    /// source's kinks) is passed on less and the hands sit closer to their
    /// controllers, at no cost in accuracy.
    /// Pushes keep the stiffer joints: at 6 Hz throughout, a 60 N s push
    /// fell once in 32 (`docs/notes/coarse-captures.md`).
    pub tracking_hz_share: f64,
    /// Damping ratio of the joint tracking.
    pub joint_damping_ratio: f64,
    /// Natural frequency of the residual spring that holds the pelvis toward
    /// its reference, Hz (0: no residual: the body stands by itself).
    pub root_hz: f64,
    /// Damping ratio of the root spring.
    pub root_damping_ratio: f64,
    /// Largest acceleration the root spring may give the whole body beyond
    /// holding its weight, m/s^2 (caps its force per axis).
    pub root_max_accel: f64,
    /// Largest angular acceleration the root spring may give the whole
    /// body, rad/s^2 (caps its torque per axis).
    pub root_max_angular_accel: f64,
    /// While the body is on its feet (tracking or staggering), the root
    /// spring is a residual: its force per axis is capped at this share of
    /// the body's weight, and nothing is set aside to hold the weight, so
    /// the legs and the floor carry the body (Residual Force Control). A
    /// fallen or rising body gets the full spring of `root_max_accel`
    /// (0, the default: the full spring always). Off by default: with it
    /// and the other springs capped the body stands on its feet, but it
    /// cannot yet follow ordinary motion (`docs/notes/own-feet.md`).
    pub root_residual_share: f64,
    /// The residual root torque's cap per axis while on the feet, N m per
    /// kg of body mass.
    pub root_residual_torque_n_m_kg: f64,
    /// Friction coefficient of the feet and the body on the floor.
    pub friction: f64,
    /// Which of the avatar's own non-adjacent segments collide with each
    /// other (it always collides with the floor, the scene and other
    /// avatars).
    pub self_collision: SelfCollision,
    /// The end-effector springs on the head, hands and feet (like the root
    /// spring, they pull from outside the body: see
    /// [`BodySettings::self_supporting`]).
    pub effectors: super::effectors::EffectorSettings,
}

impl BodySettings {
    /// The tracking motors' natural frequency over `joint_hz`
    /// ([`BodySettings::tracking_hz_share`]; 1 when it is not a positive
    /// number).
    pub fn tracking_share(&self) -> f64 {
        let share = self.tracking_hz_share;
        if share.is_finite() && share > 0.0 {
            share
        } else {
            1.0
        }
    }

    /// No help from outside the body: no root spring and no end-effector
    /// springs, so the body stands, balances and steps by its joint torques
    /// and the floor alone (what the balance and locomotion controllers are
    /// tested with).
    pub fn self_supporting() -> BodySettings {
        BodySettings {
            root_hz: 0.0,
            tracking_hz_share: 1.0,
            effectors: super::effectors::EffectorSettings {
                hz: 0.0,
                ..super::effectors::EffectorSettings::default()
            },
            ..BodySettings::default()
        }
    }
}

impl Default for BodySettings {
    fn default() -> Self {
        BodySettings {
            joint_hz: 8.0,
            tracking_hz_share: 0.75,
            joint_damping_ratio: 1.0,
            root_hz: 4.0,
            root_damping_ratio: 1.0,
            root_max_accel: 100.0,
            root_max_angular_accel: 300.0,
            root_residual_share: 0.0,
            root_residual_torque_n_m_kg: 0.5,
            friction: 1.0,
            self_collision: SelfCollision::AboveTheKnees,
            effectors: super::effectors::EffectorSettings::default(),
        }
    }
}

/// The handles and fixed data of one simulated person.
#[derive(Debug, Clone)]
pub struct SimAvatar {
    /// The person's skeleton.
    pub skeleton: Skeleton,
    /// Mass properties per bone (the toes' are folded into the feet).
    pub inertias: JointMap<SegmentInertia>,
    /// Body mass, kg.
    pub mass: f64,
    pub(crate) bodies: JointMap<Option<RigidBodyHandle>>,
    pub(crate) colliders: Vec<ColliderHandle>,
    pub(crate) joints: JointMap<Option<ImpulseJointHandle>>,
    pub(crate) frames: JointMap<Option<JointFrame>>,
    pub(crate) gains: JointMap<Gains>,
    /// The motors' gains while the body tracks undisturbed
    /// ([`BodySettings::tracking_hz_share`]).
    pub(crate) tracking_gains: JointMap<Gains>,
    /// Whether the body tracks undisturbed (the motors take
    /// `tracking_gains`).
    pub(crate) tracking: bool,
    pub(crate) anchor: RigidBodyHandle,
    pub(crate) root_gains: (Gains, Gains),
    /// The root spring's joint and its force and torque caps.
    pub(crate) root_joint: Option<ImpulseJointHandle>,
    pub(crate) root_caps: (f64, f64),
    /// The root spring's caps while the body is on its feet.
    pub(crate) residual_caps: (f64, f64),
    /// Whether the body is on its feet (the residual caps apply).
    pub(crate) on_feet: bool,
    /// While on its feet, the stepping legs' residual in place of the
    /// root spring's own motors ([`super::legs_residual`]).
    pub(crate) legs_residual: Option<RootMotors>,
    pub(crate) effectors: Vec<super::effectors::Effector>,
    /// The assist now (scales the root and end springs and the muscles).
    pub(crate) assist: Assist,
}

/// How much help from outside the body, and how much muscle, the
/// simulated body gets: the assist budget of issue 23 (PuppetMaster's pin
/// weight and muscle weight). Each is a share of the full setting, 0..1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Assist {
    /// The root spring along the floor (holding the pelvis on the person's).
    pub horizontal: f64,
    /// The root spring's vertical support and its upright torque.
    pub support: f64,
    /// The springs on the head and hands.
    pub ends: f64,
    /// The springs on the feet.
    pub feet: f64,
    /// The joint motors' stiffness and damping.
    pub muscles: f64,
}

impl Assist {
    /// Everything at its full setting (a body that tracks).
    pub const FULL: Assist = Assist {
        horizontal: 1.0,
        support: 1.0,
        ends: 1.0,
        feet: 1.0,
        muscles: 1.0,
    };

    /// Each share limited to 0..1 (NaN counts as 0).
    pub fn clamped(self) -> Assist {
        let c = |v: f64| if v.is_nan() { 0.0 } else { v.clamp(0.0, 1.0) };
        Assist {
            horizontal: c(self.horizontal),
            support: c(self.support),
            ends: c(self.ends),
            feet: c(self.feet),
            muscles: c(self.muscles),
        }
    }
}

/// The body a joint's bone hangs from in the simulation (the toes' is the
/// foot).
pub fn sim_body_of(joint: Joint) -> Joint {
    match joint {
        Joint::LeftToe => Joint::LeftAnkle,
        Joint::RightToe => Joint::RightAnkle,
        j => j,
    }
}

fn capsule(a: DVec3, b: DVec3, r: f64) -> ColliderBuilder {
    let d = b - a;
    let len = d.length();
    // Shorten by the radius at both ends so the capsule spans joint to
    // joint without overlapping its neighbours' at rest.
    let (a, b) = if len > 2.0 * r + 1e-3 {
        let u = d / len;
        (a + u * r, b - u * r)
    } else {
        let m = (a + b) * 0.5;
        (m, m + DVec3::new(0.0, 1e-3, 0.0))
    };
    ColliderBuilder::capsule_from_endpoints(v32(a), v32(b), r as f32)
}

/// Radius of the rounded edges of the foot boxes, metres.
pub const FOOT_EDGE_RADIUS_M: f64 = 0.02;

/// How far the foot box reaches past the toe joint (the ball of the foot),
/// metres for a 1.75 m person: with the rounded edges'
/// [`FOOT_EDGE_RADIUS_M`], its front edge is centred near the ball, so a
/// foot whose heel rises rolls about the ball as a real foot does (the toes
/// bend and stay on the floor), not about the tips of rigid toes, which
/// lifted the ankle higher than the recorded foot's at each push-off.
/// Measured on the dev clips (no-prop MPJPE, 6 devices clean / noisy): 5 cm
/// 3.08 / 3.31, 3.5 cm 3.08 / 3.30, 2.5 cm 3.07 / 3.30, 1.5 cm 3.07 /
/// 3.30, 0 cm 3.07 / 3.30. With the `ik` stepping fix merged beside it,
/// 2 cm put the foot skate with 3 devices, noisy, over its bar (18.6 cm/s
/// against `ik`'s 16.4 + 10 %), 3 cm does not (17.6; MPJPE and skate in
/// the six settings: 10.27 / 17.1, 10.34 / 17.6, 6.59 / 13.3, 6.95 /
/// 14.7, 3.07 / 16.6, 3.30 / 24.9), 4 cm 17.5 and 5 cm 15.8 (but 3 noisy
/// 10.49 cm): 3 cm is kept.
pub const FOOT_TOE_REACH_M: f64 = 0.03;

/// The collision shape of a bone, in its body frame (`None`: no shape).
fn shape(joint: Joint, sk: &Skeleton, profile: &BodyProfile) -> Option<ColliderBuilder> {
    use Joint::*;
    let s = (profile.body.stature / 1.75).clamp(0.3, 3.0);
    let o = &sk.offsets;
    let c = match joint {
        Pelvis => capsule(o[LeftHip], o[RightHip], 0.075 * s),
        Spine => capsule(DVec3::ZERO, o[Chest], 0.075 * s),
        Chest => capsule(DVec3::ZERO, o[Neck], 0.095 * s),
        Neck => capsule(DVec3::ZERO, o[Head], 0.045 * s),
        Head => ColliderBuilder::ball((0.095 * s) as f32)
            .translation(v32(DVec3::new(0.0, 0.09, 0.02) * s)),
        LeftClavicle | RightClavicle => return None,
        LeftShoulder => capsule(DVec3::ZERO, o[LeftElbow], 0.045 * s),
        RightShoulder => capsule(DVec3::ZERO, o[RightElbow], 0.045 * s),
        LeftElbow => capsule(DVec3::ZERO, o[LeftWrist], 0.037 * s),
        RightElbow => capsule(DVec3::ZERO, o[RightWrist], 0.037 * s),
        LeftWrist => capsule(DVec3::ZERO, DVec3::new(0.09 * s, 0.0, 0.0), 0.03 * s),
        RightWrist => capsule(DVec3::ZERO, DVec3::new(-0.09 * s, 0.0, 0.0), 0.03 * s),
        LeftHip => capsule(DVec3::ZERO, o[LeftKnee], 0.065 * s),
        RightHip => capsule(DVec3::ZERO, o[RightKnee], 0.065 * s),
        // Shins as slim as a lower leg near the ankle: a swing foot passes
        // the standing ankle within centimetres, and a fatter capsule caught
        // it (measured on the dev clips, 6 devices: 0.05 m cost 0.03 cm of
        // MPJPE against 0.04).
        LeftKnee => capsule(DVec3::ZERO, o[LeftAnkle], 0.04 * s),
        RightKnee => capsule(DVec3::ZERO, o[RightAnkle], 0.04 * s),
        LeftAnkle | RightAnkle => {
            let toe = if joint == LeftAnkle {
                o[LeftToe]
            } else {
                o[RightToe]
            };
            let h = profile.body.ankle_height.clamp(0.02, 0.2);
            let heel = -0.05 * s;
            let tip = toe.z + FOOT_TOE_REACH_M * s;
            // A flat box with rounded edges: it rests flat on the floor and
            // rolls over its heel and toes instead of catching an edge.
            // Measured on the dev clips, 6 devices, clean: sharp edges 3.43
            // cm MPJPE, 2 cm rounding 3.34, 3 cm 3.31; but with 3 cm a body
            // balancing on its own rolls off its heels and falls.
            let (hx, hy, hz) = (0.04 * s, h / 2.0, ((tip - heel) / 2.0).max(0.02));
            let border = FOOT_EDGE_RADIUS_M.min(hx.min(hy).min(hz) * 0.9);
            ColliderBuilder::round_cuboid(
                (hx - border) as f32,
                (hy - border) as f32,
                (hz - border) as f32,
                border as f32,
            )
            .translation(v32(DVec3::new(toe.x * 0.5, -h / 2.0, (tip + heel) / 2.0)))
        }
        LeftToe | RightToe => return None,
    };
    Some(c)
}

/// Share of the body mass the simulation gives each shoulder girdle
/// (clavicle and scapula with their muscles), taken from the chest: the
/// 0.14 kg clavicle of the bone table between a 10 kg chest and a 3.4 kg arm
/// leaves the joint chain too ill-conditioned for the constraint solver.
pub const SHOULDER_GIRDLE_SHARE: f64 = 0.015;

/// The bone masses of `posewire_body::inertia` with the shoulder girdles
/// made heavier (see [`SHOULDER_GIRDLE_SHARE`]); the total is unchanged.
pub fn sim_inertias(skeleton: &Skeleton, mass: f64) -> JointMap<SegmentInertia> {
    let mut m = segment_inertias(skeleton, mass);
    for c in [Joint::LeftClavicle, Joint::RightClavicle] {
        let want = SHOULDER_GIRDLE_SHARE * mass;
        let extra = (want - m[c].mass_kg).clamp(0.0, m[Joint::Chest].mass_kg * 0.2);
        if extra <= 0.0 {
            continue;
        }
        let scale = (m[c].mass_kg + extra) / m[c].mass_kg.max(1e-6);
        let chest = m[Joint::Chest].mass_kg;
        m[Joint::Chest].mass_kg = chest - extra;
        m[Joint::Chest].inertia_diag *= 1.0 - extra / chest.max(1e-6);
        m[c].mass_kg += extra;
        // A girdle about 12 cm across: at least the inertia of a rod of
        // that length, whatever the thin bone had.
        let rod = m[c].mass_kg * 0.12 * 0.12 / 12.0;
        m[c].inertia_diag = (m[c].inertia_diag * scale).max(DVec3::splat(rod));
    }
    m
}

/// Mass properties of a simulated body (a foot carries its toes).
fn body_mass(joint: Joint, sk: &Skeleton, inertias: &JointMap<SegmentInertia>) -> MassProperties {
    let mut m = inertias[joint];
    let toe = match joint {
        Joint::LeftAnkle => Some(Joint::LeftToe),
        Joint::RightAnkle => Some(Joint::RightToe),
        _ => None,
    };
    if let Some(t) = toe {
        let mt = inertias[t];
        let total = m.mass_kg + mt.mass_kg;
        if total > 0.0 {
            let toe_com = sk.offsets[t] + mt.com_local;
            m.com_local = (m.com_local * m.mass_kg + toe_com * mt.mass_kg) / total;
            m.mass_kg = total;
        }
    }
    // Keep every body solvable: a degenerate profile still gets a little
    // mass and inertia.
    let mass = m.mass_kg.max(0.05);
    let inertia = m.inertia_diag.max(DVec3::splat(1e-4));
    MassProperties::new(v32(m.com_local), mass as f32, v32(inertia))
}

/// Inertia of the subtree below `joint` about the joint, at rest (scalar:
/// the mean of the three axes), kg m^2.
fn subtree_inertia(joint: Joint, sk: &Skeleton, inertias: &JointMap<SegmentInertia>) -> f64 {
    let rest = sk.rest_positions();
    let pivot = rest[joint];
    let mut total = 0.0;
    let mut stack = vec![joint];
    while let Some(j) = stack.pop() {
        let seg = inertias[j];
        let com = rest[j] + seg.com_local;
        total += seg.mass_kg * (com - pivot).length_squared() * 2.0 / 3.0
            + (seg.inertia_diag.x + seg.inertia_diag.y + seg.inertia_diag.z) / 3.0;
        stack.extend(j.children());
    }
    total.max(1e-4)
}

/// What building a simulated person reads of it.
struct BodyParts<'a> {
    /// The avatar's number in the world (its collision group).
    index: usize,
    profile: &'a BodyProfile,
    skeleton: &'a Skeleton,
    inertias: &'a JointMap<SegmentInertia>,
    /// The bones' world poses to start from.
    transforms: &'a JointMap<posewire_body::Transform>,
}

/// One rigid body per simulated bone, with its collider: each touches the
/// scene, objects and other avatars, and its own body where
/// `self_collision` covers it.
fn insert_bodies(
    world: &mut RapierWorld,
    body: &BodyParts,
    settings: &BodySettings,
    self_friction: f32,
) -> (JointMap<Option<RigidBodyHandle>>, Vec<ColliderHandle>) {
    let (index, skeleton) = (body.index, body.skeleton);
    let own = avatar_group(index);
    let groups_of = |j: Joint| {
        let others = if settings.self_collision.covers(j) {
            all_avatar_groups()
        } else {
            all_avatar_groups() - own
        };
        InteractionGroups::new(
            own,
            others | SCENE_GROUP | OBJECT_GROUP,
            InteractionTestMode::And,
        )
    };
    let mut bodies = JointMap::splat(None);
    let mut colliders = Vec::new();
    for j in Joint::ALL {
        if sim_body_of(j) != j {
            continue;
        }
        let rb = RigidBodyBuilder::dynamic()
            .pose(pose32(body.transforms[j]))
            .additional_mass_properties(body_mass(j, skeleton, body.inertias))
            .user_data(j.index() as u128)
            .build();
        let h = world.bodies.insert(rb);
        if let Some(c) = shape(j, skeleton, body.profile) {
            // A foot's friction may be lowered while it slides
            // (`SimAvatar::set_friction`): the lower value wins.
            let rule = if matches!(j, Joint::LeftAnkle | Joint::RightAnkle) {
                CoefficientCombineRule::Min
            } else {
                CoefficientCombineRule::Average
            };
            let mut c = c
                .density(0.0)
                .friction(settings.friction as f32)
                .friction_combine_rule(rule)
                .collision_groups(groups_of(j))
                .user_data(super::contact_filter::collider_tag(index, j));
            // Own-body contacts need the hook only when their friction
            // differs from the body's (rapier recomputes the contacts of
            // a pair with a hook every step).
            let own_friction_differs =
                settings.self_collision.covers(j) && self_friction != settings.friction as f32;
            let hooks = super::contact_filter::hooks(j, own_friction_differs);
            if !hooks.is_empty() {
                c = c.active_hooks(hooks);
            }
            let c = c.build();
            colliders.push(world.colliders.insert_with_parent(c, h, &mut world.bodies));
        }
        bodies[j] = Some(h);
    }
    (bodies, colliders)
}

/// The joints between the bodies: anatomical axes and limits
/// ([`joint_frame`]), locked axes, and motors whose gains scale with the
/// subtree's inertia (`joint_hz`, `joint_damping_ratio`).
#[allow(clippy::type_complexity)]
fn insert_joints(
    world: &mut RapierWorld,
    body: &BodyParts,
    bodies: &JointMap<Option<RigidBodyHandle>>,
    settings: &BodySettings,
) -> (
    JointMap<Option<ImpulseJointHandle>>,
    JointMap<Option<JointFrame>>,
    JointMap<Gains>,
) {
    let skeleton = body.skeleton;
    let w = 2.0 * std::f64::consts::PI * settings.joint_hz.max(0.1);
    let mut joints = JointMap::splat(None);
    let mut frames = JointMap::splat(None);
    let mut gains = JointMap::splat(Gains { kp: 0.0, kd: 0.0 });
    for j in Joint::ALL {
        let (Some(parent), Some(frame)) = (j.parent(), joint_frame(j)) else {
            continue;
        };
        let (Some(b1), Some(b2)) = (bodies[sim_body_of(parent)], bodies[j]) else {
            continue;
        };
        let inertia = subtree_inertia(j, skeleton, body.inertias);
        let g = Gains {
            kp: inertia * w * w,
            kd: 2.0 * settings.joint_damping_ratio * inertia * w,
        };
        let mut locked = JointAxesMask::LIN_AXES;
        for (k, r) in frame.axes.iter().enumerate() {
            if matches!(r, AxisRange::Locked) {
                locked |= [
                    JointAxesMask::ANG_X,
                    JointAxesMask::ANG_Y,
                    JointAxesMask::ANG_Z,
                ][k];
            }
        }
        let mut builder = GenericJointBuilder::new(locked)
            .local_frame1(Pose3::from_parts(
                v32(skeleton.offsets[j]),
                super::convert::q32(frame.center * frame.basis),
            ))
            .local_frame2(Pose3::from_parts(
                v32(DVec3::ZERO),
                super::convert::q32(frame.basis),
            ))
            .contacts_enabled(false);
        for (k, r) in frame.axes.iter().enumerate() {
            if let AxisRange::Free { min, max } = *r {
                builder = builder
                    .limits(ANG_AXES[k], [min as f32, max as f32])
                    .motor_model(ANG_AXES[k], MotorModel::ForceBased)
                    .set_motor(ANG_AXES[k], 0.0, 0.0, g.kp as f32, g.kd as f32);
            }
        }
        joints[j] = Some(world.impulse_joints.insert(b1, b2, builder.build(), true));
        frames[j] = Some(frame);
        gains[j] = g;
    }
    (joints, frames, gains)
}

/// The residual root spring's parts.
struct RootSpring {
    anchor: RigidBodyHandle,
    gains: (Gains, Gains),
    joint: Option<ImpulseJointHandle>,
    caps: (f64, f64),
    residual_caps: (f64, f64),
}

/// The residual root spring: a kinematic anchor at the pelvis's
/// reference, tied to the pelvis by motors on all six axes.
fn insert_root_spring(
    world: &mut RapierWorld,
    body: &BodyParts,
    bodies: &JointMap<Option<RigidBodyHandle>>,
    mass: f64,
    settings: &BodySettings,
) -> RootSpring {
    let wr = 2.0 * std::f64::consts::PI * settings.root_hz.max(0.0);
    let whole = subtree_inertia(Joint::Pelvis, body.skeleton, body.inertias);
    let lin = Gains {
        kp: mass * wr * wr,
        kd: 2.0 * settings.root_damping_ratio * mass * wr,
    };
    let ang = Gains {
        kp: whole * wr * wr,
        kd: 2.0 * settings.root_damping_ratio * whole * wr,
    };
    let anchor = world.bodies.insert(
        RigidBodyBuilder::kinematic_position_based()
            .pose(pose32(body.transforms[Joint::Pelvis]))
            .build(),
    );
    let mut root = GenericJointBuilder::new(JointAxesMask::empty()).contacts_enabled(false);
    // Capped: the residual may carry the body's weight and accelerate
    // it like legs would, but cannot press it through the floor, a wall
    // or another avatar.
    let max_force = mass * (9.81 + settings.root_max_accel);
    let max_torque = whole * settings.root_max_angular_accel;
    let residual_caps = if settings.root_residual_share > 0.0 {
        (
            max_force.min(settings.root_residual_share * mass * 9.81),
            max_torque.min(settings.root_residual_torque_n_m_kg.max(0.0) * mass),
        )
    } else {
        (max_force, max_torque)
    };
    // A body starts on its feet.
    let (max_force, max_torque) = residual_caps;
    // No spring asked for: no motors at all (a motor of zero stiffness
    // and damping would still hold the pelvis's velocity at zero).
    let axes_used = if wr > 0.0 { 2 } else { 0 };
    for (axes, g, cap) in [(LIN_AXES, lin, max_force), (ANG_AXES, ang, max_torque)]
        .into_iter()
        .take(axes_used)
    {
        for a in axes {
            root = root
                .motor_model(a, MotorModel::ForceBased)
                .set_motor(a, 0.0, 0.0, g.kp as f32, g.kd as f32)
                .motor_max_force(a, cap as f32);
        }
    }
    let pelvis = bodies[Joint::Pelvis].unwrap_or(anchor);
    let joint = (axes_used > 0).then(|| {
        world
            .impulse_joints
            .insert(anchor, pelvis, root.build(), true)
    });
    RootSpring {
        anchor,
        gains: (lin, ang),
        joint,
        caps: (
            mass * (9.81 + settings.root_max_accel),
            whole * settings.root_max_angular_accel,
        ),
        residual_caps,
    }
}

impl SimAvatar {
    /// Builds the body of `profile` standing in `pose` into the world as
    /// avatar number `index`; `self_friction` is the world's friction where
    /// a body touches itself.
    pub(crate) fn build(
        world: &mut RapierWorld,
        index: usize,
        profile: &BodyProfile,
        pose: &BodyPose,
        settings: &BodySettings,
        self_friction: f32,
    ) -> SimAvatar {
        let skeleton = Skeleton::from_profile(profile);
        let mass = if profile.body.mass.is_finite() && profile.body.mass > 1.0 {
            profile.body.mass
        } else {
            70.0
        };
        let inertias = sim_inertias(&skeleton, mass);
        let transforms = pose.transforms(&skeleton);
        let body = BodyParts {
            index,
            profile,
            skeleton: &skeleton,
            inertias: &inertias,
            transforms: &transforms,
        };
        let (bodies, colliders) = insert_bodies(world, &body, settings, self_friction);
        let (joints, frames, gains) = insert_joints(world, &body, &bodies, settings);
        let tracking_gains = gains.map(|_, g| g.at_frequency_share(settings.tracking_share()));
        let root = insert_root_spring(world, &body, &bodies, mass, settings);
        let effectors =
            super::effectors::build(world, &bodies, &transforms, &inertias, &settings.effectors);
        SimAvatar {
            skeleton,
            inertias,
            mass,
            bodies,
            colliders,
            joints,
            frames,
            gains,
            tracking_gains,
            tracking: true,
            anchor: root.anchor,
            root_gains: root.gains,
            root_joint: root.joint,
            root_caps: root.caps,
            residual_caps: root.residual_caps,
            on_feet: true,
            legs_residual: None,
            effectors,
            assist: Assist::FULL,
        }
    }

    /// Sets the assist: scales the root spring (along the floor, and its
    /// support and torque), the end-effector springs and the joint motors'
    /// gains (the motors take it at the next [`PhysicsWorld::drive`]).
    ///
    /// [`PhysicsWorld::drive`]: super::world::PhysicsWorld::drive
    /// `on_feet`: the body stands or staggers, so the root spring is only
    /// a residual ([`BodySettings::root_residual_share`]).
    pub(crate) fn set_assist(&mut self, world: &mut RapierWorld, assist: Assist, on_feet: bool) {
        let assist = assist.clamped();
        if assist == self.assist && on_feet == self.on_feet {
            return;
        }
        self.assist = assist;
        self.on_feet = on_feet;
        self.set_root_motors(world);
        super::effectors::set_shares(world, &self.effectors, assist.ends, assist.feet);
    }

    /// Sets the stepping legs' residual ([`super::legs_residual`]): while
    /// the body is on its feet, the root spring's motors are these
    /// (`None`: its own, scaled by the assist).
    pub(crate) fn set_legs_residual(
        &mut self,
        world: &mut RapierWorld,
        motors: Option<RootMotors>,
    ) {
        if motors != self.legs_residual {
            self.legs_residual = motors;
            self.set_root_motors(world);
        }
    }

    /// The legs' residual's motors, when they act now.
    fn legs_motors(&self) -> Option<RootMotors> {
        self.legs_residual.filter(|_| self.on_feet)
    }

    /// The whole body's moment of inertia about its pelvis (rest pose,
    /// the mean over the axes), kg m^2.
    pub fn whole_inertia(&self) -> f64 {
        subtree_inertia(Joint::Pelvis, &self.skeleton, &self.inertias)
    }

    /// Writes the root spring's motors: the legs' residual's while it
    /// acts, else the spring's own at the assist's shares.
    fn set_root_motors(&self, world: &mut RapierWorld) {
        let assist = self.assist;
        let on_feet = self.on_feet;
        let legs = self.legs_motors();
        if let Some(j) = self
            .root_joint
            .and_then(|h| world.impulse_joints.get_mut(h, true))
        {
            if let Some(m) = legs {
                for (axis, m) in LIN_AXES.into_iter().chain(ANG_AXES).zip(m.axes) {
                    j.data
                        .set_motor(axis, 0.0, 0.0, m.kp as f32, m.kd as f32)
                        .set_motor_max_force(axis, m.cap as f32);
                }
                return;
            }
            let (lin, ang) = self.root_gains;
            let (force, torque) = if on_feet {
                self.residual_caps
            } else {
                self.root_caps
            };
            for (axis, g, cap, share) in [
                (JointAxis::LinX, lin, force, assist.horizontal),
                (JointAxis::LinY, lin, force, assist.support),
                (JointAxis::LinZ, lin, force, assist.horizontal),
                (JointAxis::AngX, ang, torque, assist.support),
                (JointAxis::AngY, ang, torque, assist.support),
                (JointAxis::AngZ, ang, torque, assist.support),
            ] {
                j.data
                    .set_motor(axis, 0.0, 0.0, (g.kp * share) as f32, (g.kd * share) as f32)
                    .set_motor_max_force(axis, (cap * share) as f32);
            }
        }
    }

    /// The assist now.
    pub fn assist(&self) -> Assist {
        self.assist
    }

    /// Sets the friction coefficient of `joint`'s collider (a foot's
    /// combines with the floor's by the smaller of the two).
    pub(crate) fn set_friction(&self, world: &mut RapierWorld, joint: Joint, friction: f64) {
        let Some(body) = self.bodies[joint] else {
            return;
        };
        for &h in &self.colliders {
            // Read first: rapier counts a collider as modified (and redoes
            // its contacts) whenever it is borrowed mutably.
            let change = world.colliders.get(h).is_some_and(|c| {
                c.parent() == Some(body) && (c.friction() - friction as f32).abs() > 1e-6
            });
            if change {
                if let Some(c) = world.colliders.get_mut(h) {
                    c.set_friction(friction as f32);
                }
            }
        }
    }

    /// The body's current pose (bone world rotations, pelvis position).
    pub fn pose(&self, world: &RapierWorld) -> BodyPose {
        let mut pose = BodyPose::rest(&self.skeleton);
        for j in Joint::ALL {
            if let Some(b) = self.bodies[sim_body_of(j)].and_then(|h| world.bodies.get(h)) {
                let p = b.position();
                pose.rotations[j] = q64(p.rotation);
                if j == Joint::Pelvis {
                    pose.root = v64(p.translation);
                }
            }
        }
        pose
    }

    /// World transform of a simulated bone.
    pub fn bone(&self, world: &RapierWorld, joint: Joint) -> Option<posewire_body::Transform> {
        let b = world.bodies.get(self.bodies[sim_body_of(joint)]?)?;
        Some(super::convert::pose64(b.position()))
    }

    /// The simulation frame of a joint (`None`: pelvis, toes).
    pub fn frame(&self, joint: Joint) -> Option<&JointFrame> {
        self.frames[joint].as_ref()
    }

    /// The motor gains of a joint now (the tracking gains while the body
    /// tracks undisturbed).
    pub fn gains(&self, joint: Joint) -> Gains {
        if self.tracking {
            self.tracking_gains[joint]
        } else {
            self.gains[joint]
        }
    }

    /// Whether the body tracks the person undisturbed: its motors take the
    /// tracking gains ([`BodySettings::tracking_hz_share`]) from the next
    /// [`PhysicsWorld::drive`].
    ///
    /// [`PhysicsWorld::drive`]: super::world::PhysicsWorld::drive
    pub(crate) fn set_tracking(&mut self, tracking: bool) {
        self.tracking = tracking;
    }

    /// Current joint angles (frame axes) and their rates, radians and
    /// radians per second.
    pub fn joint_state(&self, world: &RapierWorld, joint: Joint) -> Option<(DVec3, DVec3)> {
        let frame = self.frames[joint]?;
        let parent = joint.parent()?;
        let bp = world.bodies.get(self.bodies[sim_body_of(parent)]?)?;
        let bc = world.bodies.get(self.bodies[joint]?)?;
        let rp = q64(bp.position().rotation);
        let rc = q64(bc.position().rotation);
        let angles = frame.angles(rp.inverse() * rc);
        let rel = v64(bc.angvel()) - v64(bp.angvel());
        let axes = frame.world_axes(rp);
        let rates = DVec3::new(
            rel.dot(axes.x_axis),
            rel.dot(axes.y_axis),
            rel.dot(axes.z_axis),
        );
        Some((angles, rates))
    }

    /// The pelvis's reference for the residual spring.
    pub(crate) fn set_anchor(&self, world: &mut RapierWorld, pelvis: posewire_body::Transform) {
        // The legs' residual pulls along the floor and toward upright: its
        // anchor is turned about the vertical only.
        let pelvis = if self.legs_motors().is_some() {
            posewire_body::Transform::new(
                pelvis.position,
                posewire_body::transform::yaw_rotation(posewire_body::transform::yaw_of(
                    pelvis.rotation,
                )),
            )
        } else {
            pelvis
        };
        self.place_anchor(world, pelvis);
    }

    /// Puts the residual spring's anchor at `pelvis` as given (the legs'
    /// residual with a tilt taken from the person).
    pub(crate) fn place_anchor(&self, world: &mut RapierWorld, pelvis: posewire_body::Transform) {
        if let Some(a) = world.bodies.get_mut(self.anchor) {
            a.set_next_kinematic_position(pose32(pelvis));
        }
    }

    /// Sets every motor's target (angles and rates per frame axis).
    pub(crate) fn set_motor_targets(
        &self,
        world: &mut RapierWorld,
        targets: &JointMap<(DVec3, DVec3)>,
    ) {
        for j in Joint::ALL {
            let (Some(h), Some(frame)) = (self.joints[j], self.frames[j]) else {
                continue;
            };
            let Some(joint) = world.impulse_joints.get_mut(h, true) else {
                continue;
            };
            let (pos, vel) = targets[j];
            let g = self.gains(j);
            let m = self.assist.muscles;
            for (k, r) in frame.axes.iter().enumerate() {
                if let AxisRange::Free { min, max } = *r {
                    // A target beyond the range only pushes against the limit.
                    let p = pos[k].clamp(min - 0.2, max + 0.2);
                    joint.data.set_motor(
                        ANG_AXES[k],
                        p as f32,
                        vel[k] as f32,
                        (g.kp * m) as f32,
                        (g.kd * m) as f32,
                    );
                }
            }
        }
    }

    /// Removes the motors of one joint (its angular axes).
    pub(crate) fn release_motors(&self, world: &mut RapierWorld, joint: Joint) {
        let Some(h) = self.joints[joint] else {
            return;
        };
        if let Some(j) = world.impulse_joints.get_mut(h, true) {
            j.data.motor_axes = JointAxesMask::empty();
        }
    }

    /// Applies joint torques as equal and opposite torques on each joint's
    /// child and parent bodies for the next step (forces set earlier are
    /// replaced).
    pub(crate) fn set_joint_torques(&self, world: &mut RapierWorld, torques: &JointMap<DVec3>) {
        for j in Joint::ALL {
            if let Some(b) = self.bodies[j].and_then(|h| world.bodies.get_mut(h)) {
                b.reset_torques(false);
            }
        }
        for j in Joint::ALL {
            let (Some(frame), Some(parent)) = (self.frames[j], j.parent()) else {
                continue;
            };
            let (Some(hc), Some(hp)) = (self.bodies[j], self.bodies[sim_body_of(parent)]) else {
                continue;
            };
            let Some(rp) = world.bodies.get(hp).map(|b| q64(b.position().rotation)) else {
                continue;
            };
            let axes = frame.world_axes(rp);
            let t = axes * torques[j];
            if !t.is_finite() || t == DVec3::ZERO {
                continue;
            }
            if let Some(b) = world.bodies.get_mut(hc) {
                b.add_torque(v32(t), true);
            }
            if let Some(b) = world.bodies.get_mut(hp) {
                b.add_torque(v32(-t), true);
            }
        }
    }

    /// The residual force and torque the root spring applies at the
    /// current state (world axes): its stiffness times the pelvis's offset
    /// from the anchor, less its damping times their relative velocity.
    pub fn root_residual(&self, world: &RapierWorld) -> (DVec3, DVec3) {
        let (Some(a), Some(p)) = (
            world.bodies.get(self.anchor),
            self.bodies[Joint::Pelvis].and_then(|h| world.bodies.get(h)),
        ) else {
            return (DVec3::ZERO, DVec3::ZERO);
        };
        if self.root_joint.is_none() {
            return (DVec3::ZERO, DVec3::ZERO);
        }
        let (lin, ang) = self.root_gains;
        let a_rot = q64(a.position().rotation);
        let offset = v64(a.position().translation) - v64(p.position().translation);
        let turn = a_rot * q64(p.position().rotation).inverse();
        let (axis, angle) = turn.to_axis_angle();
        let angle = if angle > std::f64::consts::PI {
            angle - 2.0 * std::f64::consts::PI
        } else {
            angle
        };
        if let Some(m) = self.legs_motors() {
            return m.wrench(
                a_rot,
                (offset, v64(a.linvel()) - v64(p.linvel())),
                (axis * angle, v64(a.angvel()) - v64(p.angvel())),
            );
        }
        // The spring law per axis of the joint (the anchor's frame), at the
        // gains and caps the assist left it, as the motors apply it.
        let shares = self.root_shares();
        let (force_cap, torque_cap) = if self.on_feet {
            self.residual_caps
        } else {
            self.root_caps
        };
        let local = |v: DVec3| a_rot.inverse() * v;
        let spring = |x: DVec3, v: DVec3, g: Gains, cap: f64, shares: [f64; 3]| {
            let raw = local(x) * g.kp + local(v) * g.kd;
            let mut out = DVec3::ZERO;
            for k in 0..3 {
                let c = cap * shares[k];
                out[k] = (raw[k] * shares[k]).clamp(-c, c);
            }
            a_rot * out
        };
        let force = spring(
            offset,
            v64(a.linvel()) - v64(p.linvel()),
            lin,
            force_cap,
            shares.0,
        );
        let torque = spring(
            axis * angle,
            v64(a.angvel()) - v64(p.angvel()),
            ang,
            torque_cap,
            shares.1,
        );
        (force, torque)
    }

    /// The root spring's share of its full setting per axis of its joint
    /// (linear, angular), from the assist.
    fn root_shares(&self) -> ([f64; 3], [f64; 3]) {
        let a = self.assist;
        (
            [a.horizontal, a.support, a.horizontal],
            [a.support, a.support, a.support],
        )
    }

    /// What the end-effector springs apply at the current state, as the
    /// inverse-dynamics array's end-effector share. A spring's force `F` at
    /// a segment is, exactly, the joint torques `J^T F` along the chain from
    /// that segment to the pelvis (frame axes) plus the same force on the
    /// pelvis with its moment about it: the springs pull from outside the
    /// body, so that pelvis part is reported as residual root force and
    /// torque, like the root spring's.
    pub fn effector_array(&self, world: &RapierWorld) -> super::force_array::ForceArray {
        let mut array = super::force_array::ForceArray::ZERO;
        if self.effectors.is_empty() {
            return array;
        }
        let pose = self.pose(world);
        let positions = pose.positions(&self.skeleton);
        for e in &self.effectors {
            let Some(body) = self.bodies[e.joint] else {
                continue;
            };
            let share = match e.joint {
                Joint::LeftAnkle | Joint::RightAnkle => self.assist.feet,
                _ => self.assist.ends,
            };
            let (force, torque) = super::effectors::pull(world, e, body, share);
            super::effectors::map_to_joints(
                &mut array,
                e.joint,
                force,
                torque,
                &positions,
                &pose.rotations,
                &self.frames,
            );
            array.root_force += force;
            array.root_torque += (positions[e.joint] - pose.root).cross(force) + torque;
        }
        array
    }

    /// The whole body's centre of mass, its velocity, and the mass.
    pub fn centre_of_mass(&self, world: &RapierWorld) -> (DVec3, DVec3, f64) {
        let (mut m, mut c, mut v) = (0.0, DVec3::ZERO, DVec3::ZERO);
        for h in self.bodies.0.iter().flatten() {
            if let Some(b) = world.bodies.get(*h) {
                let mb = f64::from(b.mass());
                m += mb;
                c += v64(b.center_of_mass()) * mb;
                v += v64(b.linvel()) * mb;
            }
        }
        if m <= 0.0 {
            return (DVec3::ZERO, DVec3::ZERO, 0.0);
        }
        (c / m, v / m, m)
    }

    /// The rigid body of a bone (the toes': the foot's).
    pub fn body_handle(&self, joint: Joint) -> Option<RigidBodyHandle> {
        self.bodies[sim_body_of(joint)]
    }
}
