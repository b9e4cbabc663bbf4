//! One avatar's physics control: its devices go through the kinematic `ik`
//! solve to a reference pose; the force arrays are computed against it,
//! summed and handed to the simulated body's motors; after the world steps,
//! the simulated pose is read back with what the frame reports (the arrays,
//! ghost hands, camera link, the residual on the root).

use posewire_body::formats::TrackerSample;
use posewire_body::{BodyPose, BodyProfile, Device, Joint, JointMap, Transform};

use posewire_body::glam::DVec3;

use super::balance::{stance_joints, Balance, Stance};
use super::force_array::ForceArray;
use super::inverse_dynamics::{reference_targets, InverseDynamics, MotorTargets};
use super::leg_support::SupportTarget;
use super::links::{CameraLink, CameraLinkSettings, CameraLinkState, GhostHand};
use super::locomotion::{Locomotion, LocomotionState};
use super::reaction::{BodyState, Reaction, ReactionSettings, ReactionState};
use super::sim_avatar::BodySettings;
use super::sim_avatar::SimAvatar;
use super::world::{AvatarId, PhysicsWorld, RapierWorld};
use crate::ik::{IkSettings, IkSolver};
use crate::learned::LearnedModels;

/// Settings of the physics avatar.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PhysicsSettings {
    /// The kinematic solve that gives the reference pose (its device
    /// filter's window is [`PhysicsSettings::reference_filter_window`]).
    #[serde(skip)]
    pub ik: IkSettings,
    /// Samples in the reference's device filter window: by default fewer
    /// than `ik`'s own output uses, because the simulated body smooths by
    /// itself. On the dev clips (noisy) a window of 7 gives the physics
    /// output about the jitter that `ik` has with its 9, and about 3 ms less
    /// lag than a window of 9 gave it (`docs/notes/physics-solver-trials.md`).
    pub reference_filter_window: usize,
    /// The simulated body's gains and root support.
    pub body: BodySettings,
    /// The inverse-dynamics controller.
    pub inverse_dynamics: InverseDynamics,
    /// The balance controller (`None` or `enabled = false`: off).
    pub balance: Option<Balance>,
    /// The locomotion controller (`None`: off).
    pub locomotion: Option<Locomotion>,
    /// Whether the trunk joints aim their bones at the reference's world
    /// orientation from where their simulated parent is (true), or every
    /// joint at the reference's local rotation (false, the default).
    /// Measured on the dev clips, 6 devices, clean: world targets 6.73 cm,
    /// local 5.58 (with the trunk fitted to its limits in the reference).
    pub world_space_targets: bool,
    /// Gap beyond which a ghost hand is shown, metres.
    pub ghost_threshold_m: f64,
    /// The camera link.
    pub camera: CameraLinkSettings,
    /// How the body reacts to pushes and hits (its states and assist).
    pub reaction: ReactionSettings,
    /// How bodies step aside to pass each other.
    pub avoid: super::avoid::AvoidSettings,
    /// How hands grab, hold and throw objects.
    pub grab: super::grip::GrabSettings,
    /// The weight through the stance legs, at every physics substep (off
    /// by default).
    pub leg_support: super::leg_support::LegSupport,
    /// The reference's untracked feet put on the floor (off by default).
    pub grounded: super::grounded::GroundedSettings,
    /// The lower reference foot put down while both float under a head
    /// that does not rise (`super::floating_feet`).
    pub floating_feet: super::floating_feet::FloatingFeetSettings,
    /// Whole-body inverse-dynamics tracking with the feet's contact forces
    /// and a bounded residual, at every physics substep (off by default).
    pub whole_body: super::whole_body::WholeBody,
    /// The output's wrists held at the reference's while the simulated
    /// ones are near it (off by default; `super::hold_wrists`).
    pub hold_wrists: super::hold_wrists::WristHold,
    /// The legs driven by the stepping controller while the body is on
    /// its feet (off by default; `super::simbicon_legs`).
    pub simbicon_legs: super::simbicon_legs::SimbiconLegs,
}

impl Default for PhysicsSettings {
    fn default() -> Self {
        PhysicsSettings {
            ik: IkSettings::default(),
            reference_filter_window: 7,
            body: BodySettings::default(),
            inverse_dynamics: InverseDynamics::default(),
            balance: None,
            locomotion: None,
            world_space_targets: false,
            ghost_threshold_m: 0.03,
            camera: CameraLinkSettings::default(),
            reaction: ReactionSettings::default(),
            avoid: super::avoid::AvoidSettings::default(),
            grab: super::grip::GrabSettings::default(),
            leg_support: super::leg_support::LegSupport::default(),
            grounded: super::grounded::GroundedSettings::default(),
            floating_feet: super::floating_feet::FloatingFeetSettings::default(),
            whole_body: super::whole_body::WholeBody::default(),
            hold_wrists: super::hold_wrists::WristHold::default(),
            simbicon_legs: super::simbicon_legs::SimbiconLegs::default(),
        }
    }
}

impl PhysicsSettings {
    /// The settings of the reference's kinematic solve: `ik` with the
    /// reference's own filter window.
    pub fn reference_ik(&self) -> IkSettings {
        let mut ik = self.ik;
        ik.filter.window = self.reference_filter_window;
        ik
    }

    /// Physics steps per tick: those of the per-substep controller that
    /// is on (1 when none is).
    pub fn control_steps(&self) -> usize {
        super::leg_support::LegSupport::steps_per_tick(Some(&self.leg_support))
            .max(self.whole_body.steps_per_tick())
            .max(self.simbicon_legs.steps_per_tick())
    }

    /// The world's settings for these physics settings: `world` with their
    /// physics steps per tick and enough solver iterations for them.
    pub fn world_settings(
        &self,
        world: super::world::WorldSettings,
    ) -> super::world::WorldSettings {
        super::world::WorldSettings {
            control_steps: self.control_steps(),
            substeps: self.simbicon_legs.world_iterations(world.substeps),
            ..world
        }
    }
}

/// The force arrays of one frame.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FrameArrays {
    /// Inverse dynamics: the PD toward the reference (as the implicit motors
    /// apply it at the start of the step) and the residual on the root.
    pub inverse_dynamics: ForceArray,
    /// Gravity compensation.
    pub gravity: ForceArray,
    /// Balance (zero when off or with no foot on the floor).
    pub balance: ForceArray,
    /// Locomotion: turning on the stance leg (a recovery step's leg is
    /// posed in the reference, so its torques are in `inverse_dynamics`).
    pub locomotion: ForceArray,
    /// Their sum, as handed to the motors.
    pub total: ForceArray,
    /// The assist: what the pelvis and end-effector springs add from
    /// outside the body (root force and torque; also in
    /// `inverse_dynamics`).
    pub assist: ForceArray,
}

/// What one physics frame reports beside the pose.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PhysicsFrame {
    /// The simulated pose.
    pub pose: BodyPose,
    /// The kinematic reference it tracked.
    pub reference: BodyPose,
    /// The force arrays.
    pub arrays: FrameArrays,
    /// Left and right hand against their devices.
    pub ghost_hands: [GhostHand; 2],
    /// First or third person.
    pub camera: CameraLink,
    /// The body's state and assist level.
    pub reaction: super::reaction::Reaction,
}

/// One avatar's controllers and state.
#[derive(Debug, Clone)]
pub struct AvatarController {
    settings: PhysicsSettings,
    profile: BodyProfile,
    ik: IkSolver,
    id: Option<AvatarId>,
    last_reference: Option<BodyPose>,
    last_time: Option<f64>,
    camera: CameraLinkState,
    pending: Option<(BodyPose, FrameArrays, f64)>,
    start_pose: Option<BodyPose>,
    /// The output wrists' filtered gaps to the reference's.
    held_wrists: super::hold_wrists::HeldWrists,
    /// When each foot last touched the floor.
    last_contact: [Option<f64>; 2],
    locomotion: LocomotionState,
    /// Where each planted foot's spring holds its ankle (left, right).
    planted: [Option<DVec3>; 2],
    /// Feet that broke loose from their hold and wait for the reference to
    /// lift them before they are planted again.
    slipped: [bool; 2],
    /// Recent reference ankle positions (time, left, right), oldest first,
    /// over the sliding-foot window.
    ankle_history: std::collections::VecDeque<(f64, [DVec3; 2])>,
    /// When each foot's device (left, right) last gave a valid sample.
    foot_seen: [Option<f64>; 2],
    /// Tracked feet that stood too far from their reference and slide
    /// back to it (left, right).
    off_devices: [bool; 2],
    /// The body's state (tracking, staggering, fallen, getting up).
    reaction: ReactionState,
    /// The largest impulse taken since the last step, N s.
    impulse_since: f64,
    /// The person's pose at the last step (the devices' reference).
    last_person: Option<BodyPose>,
    /// Getting up from where the body lay (`super::get_up`).
    get_up: Option<super::get_up::GetUp>,
    /// Recovery steps the locomotion planner had taken at the last step.
    steps_seen: usize,
    /// How the body passes other avatars in its way.
    passing: super::avoid::Passing,
    /// Each hand's grip (left, right).
    hands: [super::grip::HandGrip; 2],
    /// Hits by what moves around the body (`super::contact_impulses`).
    hits: super::contact_impulses::ContactHits,
    /// This tick's target for the per-substep leg support (`None`: it
    /// does not act this tick).
    support: Option<SupportTarget>,
    /// This tick's explicit joint torques (gravity, balance, locomotion),
    /// applied again with the support at every substep.
    explicit: JointMap<DVec3>,
    /// What the support applied over this tick's substeps.
    supported: SupportSum,
    /// The reference's feet on the floor (`super::grounded`).
    grounded: super::grounded::GroundedLegs,
    /// The reference's floating feet put down (`super::floating_feet`).
    floating: super::floating_feet::FloatingFeet,
    /// This tick's target of the whole-body controller (`None`: it does
    /// not act this tick).
    whole: Option<super::whole_body::WholeBodyTarget>,
    /// What it applied over this tick's substeps.
    whole_sum: super::whole_body::WholeBodySum,
    /// Its steps when the capture point leaves the feet.
    whole_steps: super::whole_body_step::StepPlanner,
    /// The reference's centre of mass over the ticks (the capture-point
    /// base).
    com_tracker: super::whole_body_dcm::ComTracker,
    /// The legs driven by the stepping controller (`super::simbicon_legs`).
    legs: super::simbicon_legs::LiveLegs,
}

/// The leg support's torques and residual summed over a tick's substeps.
#[derive(Debug, Clone, Copy, PartialEq)]
struct SupportSum {
    torques: JointMap<DVec3>,
    residual: DVec3,
    carried: DVec3,
    steps: usize,
}

impl Default for SupportSum {
    fn default() -> Self {
        SupportSum {
            torques: JointMap::splat(DVec3::ZERO),
            residual: DVec3::ZERO,
            carried: DVec3::ZERO,
            steps: 0,
        }
    }
}

/// How long a foot counts as standing after its last contact, seconds.
pub const STANCE_HOLD_S: f64 = 0.1;

impl AvatarController {
    /// A controller for one person (the body joins a world at its first
    /// step), its reference running the embedded networks.
    pub fn new(profile: &BodyProfile, settings: PhysicsSettings) -> AvatarController {
        AvatarController::with_models(profile, settings, &LearnedModels::embedded())
    }

    /// A controller whose reference runs the given networks.
    pub fn with_models(
        profile: &BodyProfile,
        settings: PhysicsSettings,
        models: &LearnedModels,
    ) -> AvatarController {
        AvatarController {
            settings,
            profile: profile.clone(),
            ik: IkSolver::with_models(profile, settings.reference_ik(), models),
            id: None,
            last_reference: None,
            last_time: None,
            camera: CameraLinkState::new(settings.camera),
            pending: None,
            start_pose: None,
            held_wrists: Default::default(),
            last_contact: [None, None],
            locomotion: LocomotionState::default(),
            planted: [None, None],
            slipped: [false, false],
            ankle_history: std::collections::VecDeque::new(),
            foot_seen: [None, None],
            off_devices: [false, false],
            reaction: ReactionState::default(),
            impulse_since: 0.0,
            last_person: None,
            get_up: None,
            steps_seen: 0,
            passing: super::avoid::Passing::default(),
            hands: [super::grip::HandGrip::default(); 2],
            hits: Default::default(),
            support: None,
            explicit: JointMap::splat(DVec3::ZERO),
            supported: SupportSum::default(),
            grounded: Default::default(),
            floating: Default::default(),
            whole: None,
            whole_sum: Default::default(),
            whole_steps: Default::default(),
            com_tracker: Default::default(),
            legs: Default::default(),
        }
    }

    /// Its settings.
    pub fn settings(&self) -> &PhysicsSettings {
        &self.settings
    }

    /// The avatar in its world, once it has joined.
    pub fn id(&self) -> Option<AvatarId> {
        self.id
    }

    /// The kinematic solver that gives the reference.
    pub fn reference_solver(&mut self) -> &mut IkSolver {
        &mut self.ik
    }

    /// The kinematic solver that gives the reference, to read.
    pub fn reference(&self) -> &IkSolver {
        &self.ik
    }

    /// Takes one device sample (in time order); says whether it was taken
    /// (the plausibility gate, [`crate::gate`]).
    pub fn push(&mut self, sample: &TrackerSample) -> crate::gate::Verdict {
        let foot = match sample.device {
            Device::LeftFoot => Some(0),
            Device::RightFoot => Some(1),
            _ => None,
        };
        let verdict = self.ik.push(sample);
        // A sample the gate left out does not grab either (issue 42).
        if let (Some(hand), Some(input), false) = (
            super::grab::Hand::of_device(sample.device),
            sample.input,
            matches!(verdict, crate::gate::Verdict::Rejected(_)),
        ) {
            self.hands[hand.index()].set(input.grip);
        }
        if let (Some(i), crate::gate::Verdict::Accepted) = (foot, verdict) {
            self.foot_seen[i] = Some(sample.time_s);
        }
        verdict
    }

    /// Whether there is a body to simulate (a headset seen).
    pub fn ready(&self) -> bool {
        self.ik.ready()
    }

    /// Before the world steps to time `t`: the reference from the devices,
    /// the arrays, the motor targets (the body joins the world at its first
    /// call).
    pub fn prepare(&mut self, world: &mut PhysicsWorld, t: f64) {
        let reference = self.ik.step(t);
        self.prepare_with_reference(world, t, &reference);
    }

    /// As [`AvatarController::prepare`], with a reference pose given
    /// directly instead of solved from the devices (a scripted pose, a test,
    /// or a pose another solver made).
    pub fn prepare_with_reference(
        &mut self,
        world: &mut PhysicsWorld,
        t: f64,
        reference: &BodyPose,
    ) {
        let dt = match self.last_time {
            Some(lt) => (t - lt).clamp(1e-4, 0.1),
            None => world.dt(),
        };
        self.last_time = Some(t);
        let person = self.grounded_reference(reference, t, dt);
        let id = self.avatar_in(world, &person);
        self.update_holds(world, id, t);
        // A tool's strike in the last step hits the body like a push.
        self.impulse_since = self.impulse_since.max(world.tool_impact(id));
        // So does anything that moves and hit it (issue 41).
        let hit = world.contact_impulse(id).length();
        if self.hits.feel(hit, self.settings.reaction.contact_hit_n_s) {
            self.reaction.count_impulse();
        }
        self.impulse_since = self.impulse_since.max(hit);
        let mut reference = self.react(world, id, t, dt, &person);
        self.last_person = Some(person);
        let (touching, stance) = self.feet_on_the_floor(world, id, t);
        let feet_down = world.stance(id);
        let Some(avatar) = world.avatar(id) else {
            return;
        };
        let (planner, locomotion, stance) =
            self.plan_steps(avatar, world.rapier(), &mut reference, stance, t);
        let world_space = self.settings.world_space_targets;
        let targets: MotorTargets = reference_targets(
            avatar,
            &reference,
            self.last_reference.as_ref(),
            dt,
            world_space.then(|| world.rapier()),
        );
        let idc = self.settings.inverse_dynamics;
        let mut tracking = idc.tracking(avatar, world.rapier(), &targets);
        let mut gravity = idc.gravity_array(avatar, world.rapier());
        let muscles = avatar.assist().muscles;
        if muscles < 1.0 {
            for g in gravity.torques.0.iter_mut() {
                *g *= muscles;
            }
        }
        self.support = self.support_target(&reference, &targets, stance, dt);
        self.whole = self.whole_body_target(&reference, &targets, stance, dt);
        self.set_com_reference(avatar, world.rapier(), t);
        self.plan_whole_body_steps(avatar, world.rapier(), &reference, feet_down, t);
        if self.support.is_some() {
            // A standing leg's weight goes through its foot: the support
            // carries it.
            for j in stance_joints(stance) {
                gravity.torques[j] = DVec3::ZERO;
            }
        }
        let stepping = match (planner, self.locomotion.step) {
            (Some(l), Some(s)) => t - s.start_s < l.step_time_s,
            _ => false,
        };
        let balance = self.balance_array(
            (avatar, world.rapier()),
            &reference,
            (stance, stepping),
            &mut gravity,
            &locomotion,
        );
        let explicit = ForceArray::sum([&gravity, &balance, &locomotion]);
        // The PD runs in the implicit motors and the end-effector springs;
        // the other arrays are applied as explicit joint torques.
        world.drive(id, &reference, &targets);
        self.place_feet(world, id, &reference, touching, (t, dt));
        self.let_stance_legs_go(world, id);
        if self.whole.is_some() {
            let wb = self.settings.whole_body;
            for j in Joint::ALL {
                if wb.drives(j) {
                    world.release_motors(id, j);
                }
            }
        }
        self.count_steps();
        world.apply_joint_torques(id, &explicit.torques);
        self.explicit = explicit.torques;
        let legs_on = self.simbicon_on();
        self.legs.prepare(
            &self.settings.simbicon_legs,
            legs_on,
            (world, id),
            (self.ik.skeleton(), &person, &reference),
            &explicit.torques,
            dt,
        );
        self.supported = SupportSum::default();
        self.whole_sum = Default::default();
        if self.settings.leg_support.enabled || self.whole.is_some() {
            world.set_root_force(id, DVec3::ZERO);
        }
        // The root residual of this step is read after it.
        tracking.root_force = DVec3::ZERO;
        let arrays = FrameArrays {
            inverse_dynamics: tracking,
            gravity,
            balance,
            locomotion,
            total: ForceArray::sum([&tracking, &explicit]),
            assist: ForceArray::ZERO,
        };
        self.last_reference = Some(reference);
        self.pending = Some((person, arrays, dt));
    }

    /// The person's pose, while the body is on its feet, with floating
    /// feet put down (`[solver.physics.floating_feet]`) and its untracked
    /// feet on the floor (`[solver.physics.grounded]`) where those are on
    /// (as given otherwise).
    fn grounded_reference(&mut self, person: &BodyPose, t: f64, dt: f64) -> BodyPose {
        let on_feet = matches!(
            self.reaction.state(),
            BodyState::Tracking | BodyState::Staggering
        );
        if !on_feet {
            self.grounded.reset();
            self.floating.reset();
            return *person;
        }
        let tracked = [self.foot_tracked(0, t), self.foot_tracked(1, t)];
        let ankle_height = self.profile.body.ankle_height;
        let person = self.floating.apply(
            &self.settings.floating_feet,
            self.ik.skeleton(),
            person,
            ankle_height,
            dt,
            tracked,
        );
        self.grounded.ground(
            &self.settings.grounded,
            self.ik.skeleton(),
            &person,
            ankle_height,
            dt,
            tracked,
        )
    }

    /// The leg support's target this tick: the reference's pelvis, while
    /// the body is on its feet and the support is on.
    fn support_target(
        &self,
        reference: &BodyPose,
        targets: &MotorTargets,
        stance: Stance,
        dt: f64,
    ) -> Option<SupportTarget> {
        let on_feet = matches!(
            self.reaction.state(),
            BodyState::Tracking | BodyState::Staggering
        );
        if !(self.settings.leg_support.enabled && on_feet) {
            return None;
        }
        let root_velocity = self
            .last_reference
            .as_ref()
            .map_or(DVec3::ZERO, |l| (reference.root - l.root) / dt);
        let skeleton = self.ik.skeleton();
        let standing = self.settings.leg_support.reference_stance(
            &reference.positions(skeleton),
            self.last_reference.as_ref().map(|l| l.positions(skeleton)),
            self.ik.profile().body.ankle_height,
            dt,
        );
        Some(SupportTarget {
            root: reference.root,
            root_velocity,
            pelvis: reference.rotations[Joint::Pelvis],
            stance: Stance {
                left: stance.left && standing.left,
                right: stance.right && standing.right,
            },
            knees: [targets[Joint::LeftKnee].0.x, targets[Joint::RightKnee].0.x],
            feet: [
                reference.rotations[Joint::LeftAnkle],
                reference.rotations[Joint::RightAnkle],
            ],
        })
    }

    /// The whole-body controller's target this tick: the reference, while
    /// the body is on its feet and the controller is on; the feet that
    /// may carry are those standing that the reference stands on.
    fn whole_body_target(
        &self,
        reference: &BodyPose,
        targets: &MotorTargets,
        stance: Stance,
        dt: f64,
    ) -> Option<super::whole_body::WholeBodyTarget> {
        let on_feet = matches!(
            self.reaction.state(),
            BodyState::Tracking | BodyState::Staggering
        );
        if !(self.settings.whole_body.enabled && on_feet) {
            return None;
        }
        let skeleton = self.ik.skeleton();
        let now = reference.positions(skeleton);
        // A foot carries while it touches and its reference is low (how
        // fast the reference foot moves is not asked: a walking reference's
        // planted foot creeps, and a foot left out of the contacts made
        // the body fall on the demo walk).
        let standing = self.settings.leg_support.reference_stance(
            &now,
            None,
            self.ik.profile().body.ankle_height,
            dt,
        );
        let mut target = super::whole_body::WholeBodyTarget::new(
            reference,
            self.last_reference.as_ref(),
            dt,
            Stance {
                left: stance.left && standing.left,
                right: stance.right && standing.right,
            },
            *targets,
        );
        let before = self.last_reference.as_ref().map(|r| r.positions(skeleton));
        let wb = self.settings.whole_body;
        let feet = [Joint::LeftAnkle, Joint::RightAnkle];
        // Lowered so the lower reference foot stands (with the speed rule).
        let drop = if wb.stance_speed_m_s > 0.0 {
            let low = now[feet[0]].y.min(now[feet[1]].y);
            (low - self.ik.profile().body.ankle_height).max(0.0)
        } else {
            0.0
        };
        let mut slow = [false; 2];
        for (k, j) in feet.into_iter().enumerate() {
            let v = match &before {
                Some(b) if dt > 0.0 => (now[j] - b[j]) / dt,
                _ => DVec3::ZERO,
            };
            target.ankles[k] = (now[j] - DVec3::Y * drop, v);
            slow[k] = DVec3::new(v.x, 0.0, v.z).length() < wb.stance_speed_m_s;
        }
        if wb.stance_speed_m_s > 0.0 {
            target.stance = Stance {
                left: stance.left && slow[0],
                right: stance.right && slow[1],
            };
        }
        Some(target)
    }

    /// With the capture-point base (`[solver.physics.whole_body.
    /// capture_point]`), this tick's target's centre of mass: the
    /// reference pose's, with the simulated segments' masses.
    fn set_com_reference(
        &mut self,
        avatar: &super::sim_avatar::SimAvatar,
        world: &super::world::RapierWorld,
        t: f64,
    ) {
        let wb = self.settings.whole_body;
        let Some(reference) = self
            .whole
            .as_ref()
            .filter(|_| wb.capture_point.enabled)
            .map(|w| w.reference)
        else {
            self.com_tracker.reset();
            return;
        };
        let Some((body, _)) = super::articulated::ArticulatedBody::from_avatar(avatar, world)
        else {
            return;
        };
        let positions = reference.positions(self.ik.skeleton());
        let Some(com) = super::whole_body_dcm::reference_centre_of_mass(
            &body,
            &positions,
            &reference.rotations,
        ) else {
            return;
        };
        let omega0 = super::whole_body_dcm::pendulum_omega(wb.gravity, com.y);
        let r = self
            .com_tracker
            .update(t, com, omega0, wb.capture_point.rate_filter_hz);
        if let Some(target) = self.whole.as_mut() {
            target.com_reference = Some(r);
        }
    }

    /// The whole-body controller's steps (`[solver.physics.whole_body.
    /// stepping]`) written into this tick's target.
    fn plan_whole_body_steps(
        &mut self,
        avatar: &super::sim_avatar::SimAvatar,
        world: &super::world::RapierWorld,
        reference: &BodyPose,
        touching: Stance,
        t: f64,
    ) {
        let wb = self.settings.whole_body;
        let Some(target) = self.whole.as_mut().filter(|_| wb.stepping.enabled) else {
            self.whole_steps.reset();
            return;
        };
        let positions = reference.positions(self.ik.skeleton());
        self.whole_steps.plan(
            &wb.stepping,
            &wb,
            avatar,
            world,
            &positions,
            touching,
            t,
            target,
        );
    }

    /// With `[solver.physics.leg_support] stance_legs`, the stance legs'
    /// motors let go for this tick: the support's PDs and virtual force
    /// drive them at every substep.
    fn let_stance_legs_go(&self, world: &mut PhysicsWorld, id: AvatarId) {
        let Some(target) = self.support else {
            return;
        };
        if !self.settings.leg_support.stance_legs {
            return;
        }
        for (stands, leg) in [
            (
                target.stance.left,
                [Joint::LeftHip, Joint::LeftKnee, Joint::LeftAnkle],
            ),
            (
                target.stance.right,
                [Joint::RightHip, Joint::RightKnee, Joint::RightAnkle],
            ),
        ] {
            if stands {
                for j in leg {
                    world.release_motors(id, j);
                }
            }
        }
    }

    /// Before each physics step of a tick: the leg support from the body's
    /// state now, applied with the tick's explicit torques (nothing when
    /// the support does not act this tick).
    pub fn substep(&mut self, world: &mut PhysicsWorld) {
        if self.legs.active() {
            if let Some(id) = self.id {
                self.legs.substep(world, id);
            }
            return;
        }
        if self.whole.is_some() {
            self.whole_body_substep(world);
            return;
        }
        let (Some(id), Some(target)) = (self.id, self.support) else {
            return;
        };
        let touching = world.stance(id);
        let Some(avatar) = world.avatar(id) else {
            return;
        };
        let forces = self
            .settings
            .leg_support
            .forces(avatar, world.rapier(), &target, touching);
        let Some(f) = forces else {
            world.set_root_force(id, DVec3::ZERO);
            return;
        };
        let mut torques = self.explicit;
        for j in Joint::ALL {
            torques[j] += f.torques[j];
            self.supported.torques[j] += f.torques[j];
        }
        world.apply_joint_torques(id, &torques);
        world.set_root_force(id, f.residual);
        self.supported.residual += f.residual;
        self.supported.carried += f.carried;
        self.supported.steps += 1;
    }

    /// One substep of the whole-body controller: its torques on the joints
    /// it drives, the tick's explicit torques on the others, its residual
    /// on the pelvis.
    fn whole_body_substep(&mut self, world: &mut PhysicsWorld) {
        let (Some(id), Some(target)) = (self.id, self.whole.as_ref()) else {
            return;
        };
        let touching = world.stance(id);
        let Some(avatar) = world.avatar(id) else {
            return;
        };
        let wb = self.settings.whole_body;
        let Some(f) = wb.forces(avatar, world.rapier(), target, touching) else {
            world.set_root_wrench(id, DVec3::ZERO, DVec3::ZERO);
            return;
        };
        let mut torques = self.explicit;
        for j in Joint::ALL {
            if f.driven[j] {
                torques[j] = f.torques[j];
            }
        }
        world.apply_joint_torques(id, &torques);
        world.set_root_wrench(id, f.residual_force, f.residual_moment);
        self.whole_sum.add(&f);
    }

    /// Whether the stepping controller drives the legs this tick: its
    /// setting on and the body on its feet.
    fn simbicon_on(&self) -> bool {
        self.settings.simbicon_legs.enabled
            && matches!(
                self.reaction.state(),
                BodyState::Tracking | BodyState::Staggering
            )
    }

    /// This controller's avatar in `world`, added at its start pose (or
    /// the first reference) the first time.
    fn avatar_in(&mut self, world: &mut PhysicsWorld, reference: &BodyPose) -> AvatarId {
        match self.id {
            Some(id) => id,
            None => {
                let start = match self.start_pose {
                    Some(p) => p,
                    None if self.settings.simbicon_legs.enabled => {
                        super::simbicon_legs::standing_start(self.ik.skeleton(), reference)
                    }
                    None => *reference,
                };
                let id = world.add_avatar(&self.profile, &start, &self.settings.body);
                self.id = Some(id);
                id
            }
        }
    }

    /// The feet touching the floor now, and those counted as standing: a
    /// foot counts for a moment after its last contact (contacts flicker
    /// as a loaded foot rocks on the floor). Only the balance and
    /// locomotion arrays and the planted feet need the contacts.
    fn feet_on_the_floor(
        &mut self,
        world: &PhysicsWorld,
        id: AvatarId,
        t: f64,
    ) -> (Stance, Stance) {
        let plant = self.settings.body.effectors;
        let plant = plant.plant_speed_m_s > 0.0 && plant.hz > 0.0;
        let touching =
            if self.settings.balance.is_some() || self.settings.locomotion.is_some() || plant {
                world.stance(id)
            } else {
                Stance::default()
            };
        for (on, since) in [touching.left, touching.right]
            .into_iter()
            .zip(self.last_contact.iter_mut())
        {
            if on {
                *since = Some(t);
            }
        }
        let held = |since: Option<f64>| since.is_some_and(|s| t - s <= STANCE_HOLD_S);
        let stance = Stance {
            left: held(self.last_contact[0]),
            right: held(self.last_contact[1]),
        };
        (touching, stance)
    }

    /// The locomotion array and the stance it leaves (the stepping foot is
    /// a swing foot until it lands, whatever it still touches), with the
    /// planner used. Recovery steps are planned while staggering, and
    /// until a recovery under way is done (even when the settings have no
    /// locomotion of their own).
    fn plan_steps(
        &mut self,
        avatar: &SimAvatar,
        rapier: &RapierWorld,
        reference: &mut BodyPose,
        stance: Stance,
        t: f64,
    ) -> (Option<Locomotion>, ForceArray, Stance) {
        let state = self.reaction.state();
        let is_tracking = state == BodyState::Tracking;
        if self.simbicon_on() {
            // The stepping controller's steps replace the recovery steps.
            return (None, ForceArray::ZERO, stance);
        }
        // The whole-body controller's own steps replace the recovery steps.
        let wb = self.settings.whole_body;
        let own_steps = wb.enabled && wb.stepping.enabled;
        let recovering = self.settings.reaction.enabled
            && !own_steps
            && (state == BodyState::Staggering
                || (is_tracking && self.locomotion.recovery.is_some()));
        let planner = self
            .settings
            .locomotion
            .or_else(|| recovering.then(Locomotion::default))
            .filter(|_| matches!(state, BodyState::Tracking | BodyState::Staggering));
        let Some(l) = planner else {
            return (None, ForceArray::ZERO, stance);
        };
        let a = l.plan(&mut self.locomotion, avatar, rapier, reference, stance, t);
        let mut stance = stance;
        match self.locomotion.step {
            Some(s) if t - s.start_s < l.step_time_s && s.foot == 0 => stance.left = false,
            Some(s) if t - s.start_s < l.step_time_s => stance.right = false,
            _ => {}
        }
        (planner, a, stance)
    }

    /// The balance array (zero without balance settings). A standing leg
    /// is not a hanging one: its weight goes through the foot, so its
    /// gravity compensation is cleared and balance supplies what it needs;
    /// while a step catches the fall, the standing leg only holds the
    /// weight and the torso.
    fn balance_array(
        &self,
        (avatar, rapier): (&SimAvatar, &RapierWorld),
        reference: &BodyPose,
        (stance, stepping): (Stance, bool),
        gravity: &mut ForceArray,
        locomotion: &ForceArray,
    ) -> ForceArray {
        let Some(mut b) = self.settings.balance.filter(|b| b.enabled) else {
            return ForceArray::ZERO;
        };
        if stepping {
            b.com_hz = 0.0;
        }
        for j in stance_joints(stance) {
            gravity.torques[j] = DVec3::ZERO;
        }
        let others = ForceArray::sum([&*gravity, locomotion]);
        b.array(avatar, rapier, reference, stance, &others)
    }

    /// The three foot rules on the reference's bones while tracking (feet
    /// found off their devices, planted feet held, sliding feet let
    /// slide); otherwise the feet let go.
    fn place_feet(
        &mut self,
        world: &mut PhysicsWorld,
        id: AvatarId,
        reference: &BodyPose,
        touching: Stance,
        (t, dt): (f64, f64),
    ) {
        let plant = self.settings.body.effectors;
        let support = self.settings.leg_support;
        // With the leg support, a standing foot is held by friction only.
        let plant = plant.plant_speed_m_s > 0.0
            && plant.hz > 0.0
            && (!support.enabled || support.foot_springs)
            && self.whole.is_none();
        // The stepping legs' feet stand by friction alone.
        let is_tracking = self.reaction.state() == BodyState::Tracking && !self.simbicon_on();
        if is_tracking && self.locomotion.recovery.is_none() {
            let bones = reference.transforms(self.ik.skeleton());
            self.find_feet_off_their_devices(world, id, &bones, t);
            if plant {
                self.hold_planted_feet(world, id, &bones, touching, t, dt);
            }
            self.let_sliding_feet_slide(world, id, &bones, t);
        } else {
            self.let_feet_go(world, id);
        }
    }

    /// Tells the reaction about the steps the planner took.
    fn count_steps(&mut self) {
        let steps = self.locomotion.steps_taken;
        for _ in self.steps_seen..steps {
            self.reaction.count_step();
        }
        self.steps_seen = steps;
    }

    /// Holds each planted foot where it came to stand: while the reference
    /// ankle stands still and the simulated foot touches the floor, a joint
    /// to the ground holds the ankle there horizontally and the foot's
    /// spring pulls toward that spot (at the reference's height and turn)
    /// instead of dragging the foot along the floor to the reference. It
    /// lets go when the reference moves, and when the hold needs more
    /// force than [`EffectorSettings::plant_max_force_share`] allows (the
    /// foot then waits for the reference to lift it).
    ///
    /// [`EffectorSettings::plant_max_force_share`]: super::effectors::EffectorSettings::plant_max_force_share
    fn hold_planted_feet(
        &mut self,
        world: &mut PhysicsWorld,
        id: super::world::AvatarId,
        now: &JointMap<Transform>,
        touching: Stance,
        t: f64,
        dt: f64,
    ) {
        let tracked = [0, 1].map(|i| self.foot_tracked(i, t));
        let Some(avatar) = world.avatar(id) else {
            return;
        };
        let e = self.settings.body.effectors;
        let before = self
            .last_reference
            .as_ref()
            .map(|p| p.positions(&avatar.skeleton));
        let flat = |d: DVec3| DVec3::new(d.x, 0.0, d.z).length();
        let mut holds = [None, None];
        for (i, (ankle, on)) in [
            (Joint::LeftAnkle, touching.left),
            (Joint::RightAnkle, touching.right),
        ]
        .into_iter()
        .enumerate()
        {
            let r = now[ankle];
            // A tracked foot is held only near where its device puts it
            // (farther off, it slides there: `let_sliding_feet_slide`).
            let release = if tracked[i] && e.slide_gap_m > 0.0 {
                e.plant_release_m.min(e.slide_gap_m)
            } else {
                e.plant_release_m
            };
            // A hold that needs more than the floor could give breaks.
            let limit = e.plant_max_force_share * avatar.mass * 9.81;
            if limit > 0.0 && world.foot_hold_force(id, ankle) > limit {
                self.slipped[i] = true;
            }
            let moved = before.as_ref().map(|b| flat(r.position - b[ankle]));
            let slower = |speed: f64| moved.is_some_and(|m| m < speed * dt);
            let still = slower(e.plant_speed_m_s);
            if !still {
                self.slipped[i] = false;
            }
            let held = !self.slipped[i] && !self.off_devices[i];
            // Only a tracked foot's reference carries its device's noise.
            let keep_speed = if tracked[i] {
                e.plant_keep_speed_m_s.max(e.plant_speed_m_s)
            } else {
                e.plant_speed_m_s
            };
            let keep = held && slower(keep_speed);
            let still = still && held;
            self.planted[i] = match self.planted[i] {
                Some(p) if keep && flat(p - r.position) < release => Some(p),
                _ if still && on => avatar
                    .bone(world.rapier(), ankle)
                    .map(|b| b.position)
                    .filter(|p| flat(*p - r.position) < release),
                _ => None,
            };
            holds[i] = self.planted[i].map(|p| {
                posewire_body::Transform::new(DVec3::new(p.x, r.position.y, p.z), r.rotation)
            });
        }
        for (ankle, hold) in [Joint::LeftAnkle, Joint::RightAnkle].into_iter().zip(holds) {
            if let Some(t) = hold {
                world.set_effector_target(id, ankle, t);
            }
            world.plant_foot(id, ankle, hold.map(|t| t.position));
        }
    }

    /// Lets both feet go (no plant, the floor's own friction): a body
    /// that staggers, falls or gets up steps where its feet must.
    fn let_feet_go(&mut self, world: &mut PhysicsWorld, id: AvatarId) {
        for ankle in [Joint::LeftAnkle, Joint::RightAnkle] {
            world.plant_foot(id, ankle, None);
            world.set_foot_friction(id, ankle, self.settings.body.friction);
        }
        self.planted = [None, None];
        self.slipped = [false, false];
        self.off_devices = [false, false];
    }

    /// Marks a tracked foot that stands farther than
    /// [`EffectorSettings::slide_gap_m`] from its reference as off its
    /// devices (it is not planted and slides back, until within a quarter
    /// of that): a foot that came down off its reference was otherwise held
    /// there, by its plant or by the friction of its load.
    ///
    /// [`EffectorSettings::slide_gap_m`]: super::effectors::EffectorSettings::slide_gap_m
    fn find_feet_off_their_devices(
        &mut self,
        world: &PhysicsWorld,
        id: super::world::AvatarId,
        bones: &JointMap<Transform>,
        t: f64,
    ) {
        let e = self.settings.body.effectors;
        let Some(avatar) = world.avatar(id) else {
            return;
        };
        if !(e.slide_gap_m > 0.0 && e.hz > 0.0) {
            self.off_devices = [false, false];
            return;
        }
        for (i, ankle) in [Joint::LeftAnkle, Joint::RightAnkle]
            .into_iter()
            .enumerate()
        {
            let gap = avatar.bone(world.rapier(), ankle).map_or(0.0, |b| {
                let d = b.position - bones[ankle].position;
                DVec3::new(d.x, 0.0, d.z).length()
            });
            self.off_devices[i] = self.foot_tracked(i, t)
                && if self.off_devices[i] {
                    gap > 0.25 * e.slide_gap_m
                } else {
                    gap > e.slide_gap_m
                };
        }
    }

    /// Whether foot `i` (0 left, 1 right) has a device that gave a valid
    /// sample lately.
    fn foot_tracked(&self, i: usize, t: f64) -> bool {
        self.foot_seen[i].is_some_and(|s| (t - s).abs() <= crate::tracking::LOST_AFTER_S)
    }

    /// Lowers the floor's friction under a tracked foot whose reference
    /// moves fast along the floor (a swinging foot that grazes the floor,
    /// or a foot that slides), and under one that stands off its devices
    /// ([`AvatarController::find_feet_off_their_devices`]). A reference foot
    /// partly under the floor (a device offset, the recording's floor) made
    /// the foot's spring press the simulated foot into the floor, and the
    /// friction of that load beat the spring's capped pull along it: the
    /// foot stopped dead where it touched down and stayed 15-30 cm behind
    /// its reference. A foot that is really carried or slid carries little
    /// weight.
    fn let_sliding_feet_slide(
        &mut self,
        world: &mut PhysicsWorld,
        id: super::world::AvatarId,
        bones: &JointMap<Transform>,
        t: f64,
    ) {
        let e = self.settings.body.effectors;
        if !((e.slide_speed_m_s > 0.0 || e.slide_gap_m > 0.0) && e.hz > 0.0) {
            return;
        }
        if world.avatar(id).is_none() {
            return;
        }
        let now = [
            bones[Joint::LeftAnkle].position,
            bones[Joint::RightAnkle].position,
        ];
        let window = e.slide_window_s.max(0.0);
        while self
            .ankle_history
            .front()
            .is_some_and(|(s, _)| t - s > window + 1e-9 || *s > t)
        {
            self.ankle_history.pop_front();
        }
        let oldest = self.ankle_history.front().copied();
        self.ankle_history.push_back((t, now));
        let flat = |d: DVec3| DVec3::new(d.x, 0.0, d.z).length();
        for (i, ankle) in [Joint::LeftAnkle, Joint::RightAnkle]
            .into_iter()
            .enumerate()
        {
            let speed = oldest
                .filter(|(s, _)| t - s > 1e-6)
                .map_or(0.0, |(s, then)| flat(now[i] - then[i]) / (t - s));
            // Only a foot with a device measures its own motion; an
            // untracked foot's reference is the planner's guess.
            let tracked = self.foot_tracked(i, t);
            let sliding = e.slide_speed_m_s > 0.0 && speed > e.slide_speed_m_s;
            let friction = if tracked && (sliding || self.off_devices[i]) {
                e.slide_friction
            } else {
                self.settings.body.friction
            };
            world.set_foot_friction(id, ankle, friction);
        }
    }

    /// Where each planted foot (left, right) is held on the floor, `None`
    /// for a foot that is free: what the planted-foot rule decided this
    /// frame.
    pub fn planted_feet(&self) -> [Option<DVec3>; 2] {
        self.planted
    }

    /// An external impulse (N s, world axes) on a segment of the body,
    /// applied before the next step: a push, a hit. Says whether it was
    /// taken (the body exists and the impulse is finite). The controller
    /// reacts to it (the body's state).
    pub fn apply_impulse(
        &mut self,
        world: &mut PhysicsWorld,
        joint: Joint,
        impulse: DVec3,
    ) -> bool {
        let taken = self.id.is_some_and(|id| world.push(id, joint, impulse));
        if taken {
            self.reaction.count_impulse();
            self.impulse_since = self.impulse_since.max(impulse.length());
        }
        taken
    }

    /// State changes and impulses since the start.
    pub fn reaction_counts(&self) -> super::reaction::ReactionCounts {
        self.reaction.counts()
    }

    /// The body's state now.
    pub fn body_state(&self) -> BodyState {
        self.reaction.state()
    }

    /// Reads the body against the person, advances its state, sets the
    /// assist the state gives, and returns the pose the body is driven
    /// toward: the person's while tracking; while staggering the person's
    /// with the pelvis held near where the body is; while fallen the
    /// body's own (soft joints) with the arms reaching out to catch it;
    /// while getting up the key poses of rising where it lies, then the
    /// person's walked back to them (`super::get_up`).
    fn react(
        &mut self,
        world: &mut PhysicsWorld,
        id: AvatarId,
        t: f64,
        dt: f64,
        person: &BodyPose,
    ) -> BodyPose {
        let s = self.settings.reaction;
        let Some(avatar) = world.avatar(id) else {
            return *person;
        };
        let own = avatar.pose(world.rapier());
        let skeleton = avatar.skeleton;
        // While the body tracks or staggers, the way to its person goes
        // around the other bodies in it (a body that bumps into another
        // staggers from the hit and still passes it); the body is read
        // against that way.
        let mut steered = *person;
        if matches!(
            self.reaction.state(),
            BodyState::Tracking | BodyState::Staggering
        ) {
            let offset = self.passing.offset(
                id,
                person.root,
                world.footprints(),
                dt,
                &self.settings.avoid,
            );
            steered.root += offset;
        } else {
            self.passing = super::avoid::Passing::default();
        }
        let mut input = super::reaction::read_body(
            avatar,
            world.rapier(),
            &steered,
            self.last_person.as_ref(),
            dt,
        );
        input.t = t;
        input.impulse_n_s = std::mem::take(&mut self.impulse_since);
        // Contacts are read only when they could matter.
        if input.deviation_m > s.hit_deviation_m && self.reaction.state() == BodyState::Tracking {
            input.touching_other = world.touches_another(id);
        }
        // The first step has not run yet: nothing to read of the body.
        let changed = self.last_person.is_some() && self.reaction.update(&input, dt, &s);
        if changed && self.reaction.state() == BodyState::GettingUp {
            self.get_up = Some(super::get_up::GetUp::start(&skeleton, &own));
        }
        let on_feet = matches!(
            self.reaction.state(),
            BodyState::Tracking | BodyState::Staggering
        );
        let mut assist = self.reaction.assist(&s);
        let support = self.settings.leg_support;
        if on_feet && support.enabled && !support.foot_springs {
            // The feet stand by friction and swing by their joints.
            assist.feet = 0.0;
        }
        if on_feet && support.enabled {
            assist.ends *= support.end_share;
        }
        let wb = self.settings.whole_body;
        if on_feet && wb.enabled {
            // The residual is the controller's, applied per substep; the
            // feet stand by friction.
            assist.horizontal = 0.0;
            assist.support = 0.0;
            assist.feet = 0.0;
            assist.ends *= wb.end_share;
        }
        if on_feet && self.settings.simbicon_legs.enabled {
            // The legs carry the body: no foot spring, the root spring
            // only the legs' bounded residual when that is on (set with
            // the legs); the upper body keeps its tone while they balance.
            assist.horizontal = 0.0;
            assist.support = 0.0;
            assist.feet = 0.0;
            assist.ends *= self.settings.simbicon_legs.end_share;
            assist.muscles = 1.0;
        }
        world.set_assist(id, assist, on_feet);
        // The own-feet designs (off by default) were tuned at `joint_hz`.
        let own_feet = self.settings.leg_support.enabled
            || self.settings.whole_body.enabled
            || self.settings.simbicon_legs.enabled;
        world.set_tracking(
            id,
            self.reaction.state() == BodyState::Tracking && !own_feet,
        );
        match self.reaction.state() {
            BodyState::Tracking => steered,
            BodyState::Staggering => {
                let mut drive = steered;
                let flat = |d: DVec3| DVec3::new(d.x, 0.0, d.z);
                let pull = flat(steered.root - own.root);
                let reach = s.stagger_pull_m.max(0.0);
                let pull = if pull.length() > reach {
                    pull.normalize_or_zero() * reach
                } else {
                    pull
                };
                let at = own.root + pull;
                drive.root = DVec3::new(at.x, steered.root.y, at.z);
                drive
            }
            BodyState::Fallen => super::get_up::bracing(&own),
            BodyState::GettingUp => {
                let time = self.reaction.state_time(t);
                match self.get_up.as_mut() {
                    Some(g) => g.pose(person, time, dt, &s.get_up),
                    None => *person,
                }
            }
        }
    }

    /// Each hand takes hold or lets go, by its grip (`super::grip`).
    fn update_holds(&mut self, world: &mut PhysicsWorld, id: AvatarId, t: f64) {
        use super::grab::{Hand, Holder};
        use super::grip::GripAction;
        let s = self.settings.grab;
        for hand in Hand::BOTH {
            let holder = Holder { avatar: id, hand };
            if world.holds_tool(holder) {
                // Only the application lets go of a tool.
                continue;
            }
            let holding = world.held_by(holder).is_some();
            let speed = world.hand_speed(holder);
            let near = || world.within_reach(holder, s.reach_m);
            match self.hands[hand.index()].decide(t, holding, near, speed, &s) {
                GripAction::Attach(object) => {
                    // The object may have gone or a hand cannot hold it:
                    // then nothing is held.
                    let _ = world.hold(object, holder, s.break_impulse_n_s);
                }
                GripAction::Release => {
                    world.let_go(holder);
                }
                GripAction::Keep => {}
            }
        }
    }

    /// A hand's grip now (0 open .. 1 closed).
    pub fn grip(&self, hand: super::grab::Hand) -> f64 {
        self.hands[hand.index()].grip()
    }

    /// The recovery steps so far.
    pub fn locomotion_state(&self) -> &LocomotionState {
        &self.locomotion
    }

    /// The pose the body starts in when it joins the world (default: the
    /// first reference).
    pub fn set_start_pose(&mut self, pose: BodyPose) {
        self.start_pose = Some(pose);
    }

    /// After the world stepped: the simulated pose and what the frame
    /// reports. `None` before the first [`AvatarController::prepare`].
    pub fn finish(&mut self, world: &PhysicsWorld) -> Option<PhysicsFrame> {
        let (reference, mut arrays, dt) = self.pending.take()?;
        let avatar = world.avatar(self.id?)?;
        let pose = avatar.pose(world.rapier());
        let (force, torque) = avatar.root_residual(world.rapier());
        arrays.inverse_dynamics.root_force = force;
        arrays.inverse_dynamics.root_torque = torque;
        arrays.total.root_force = force;
        arrays.total.root_torque = torque;
        let ends = avatar.effector_array(world.rapier());
        arrays.inverse_dynamics.add(&ends);
        arrays.total.add(&ends);
        arrays.assist = ends;
        arrays.assist.root_force += force;
        arrays.assist.root_torque += torque;
        let s = self.supported;
        if s.steps > 0 {
            // The support's mean over the tick: its leg torques are the
            // balance array's, its residual is assist.
            let n = s.steps as f64;
            for j in Joint::ALL {
                arrays.balance.torques[j] += s.torques[j] / n;
                arrays.total.torques[j] += s.torques[j] / n;
            }
            arrays.assist.root_force += s.residual / n;
            arrays.total.root_force += s.residual / n;
        }
        self.whole_sum.report(&mut arrays);
        if self.legs.active() {
            let (balance, locomotion) = self.legs.arrays();
            arrays.balance.add(&balance);
            arrays.locomotion.add(&locomotion);
            arrays.total.add(&balance);
            arrays.total.add(&locomotion);
            for _ in 0..self.legs.new_steps() {
                self.reaction.count_step();
            }
        }
        let sk = avatar.skeleton;
        let sim = pose.positions(&sk);
        let kin = reference.positions(&sk);
        let sim_bones = pose.transforms(&sk);
        let kin_bones = reference.transforms(&sk);
        let ghost_hands = [Joint::LeftWrist, Joint::RightWrist]
            .map(|w| GhostHand::new(sim_bones[w], kin_bones[w], self.settings.ghost_threshold_m));
        let camera = self
            .camera
            .update((sim[Joint::Head] - kin[Joint::Head]).length(), dt);
        let mut pose = pose;
        if self.reaction.state() == BodyState::Tracking {
            self.held_wrists
                .apply(&mut pose, &reference, &sk, &self.settings.hold_wrists, dt);
        } else {
            self.held_wrists.reset();
        }
        Some(PhysicsFrame {
            pose,
            reference,
            arrays,
            ghost_hands,
            camera,
            reaction: Reaction {
                state: self.reaction.state(),
                assist: self.reaction.reported_level(&self.settings.reaction),
                deviation_m: {
                    let d = pose.root - reference.root;
                    DVec3::new(d.x, 0.0, d.z).length()
                },
                state_time_s: self.reaction.state_time(self.last_time.unwrap_or(0.0)),
                recovery_steps: u32::try_from(self.reaction.counts().recovery_steps)
                    .unwrap_or(u32::MAX),
            },
        })
    }
}

/// A world of one avatar: the offline solver's case.
#[derive(Debug)]
pub struct PhysicsSolver {
    world: PhysicsWorld,
    controller: AvatarController,
}

impl PhysicsSolver {
    /// One person on the floor of `scene`.
    pub fn new(
        profile: &BodyProfile,
        settings: PhysicsSettings,
        scene: &super::scene::Scene,
        world: super::world::WorldSettings,
    ) -> PhysicsSolver {
        PhysicsSolver {
            world: PhysicsWorld::new(scene, settings.world_settings(world)),
            controller: AvatarController::new(profile, settings),
        }
    }

    /// Takes one device sample (in time order); says whether it was taken.
    pub fn push(&mut self, sample: &TrackerSample) -> crate::gate::Verdict {
        self.controller.push(sample)
    }

    /// Whether there is a body to simulate.
    pub fn ready(&self) -> bool {
        self.controller.ready()
    }

    /// Steps the world to time `t`.
    pub fn step(&mut self, t: f64) -> Option<PhysicsFrame> {
        self.controller.prepare(&mut self.world, t);
        let c = &mut self.controller;
        self.world.step_with(&mut |w| c.substep(w));
        self.controller.finish(&self.world)
    }

    /// An external impulse on a segment of the body before the next step
    /// ([`AvatarController::apply_impulse`]).
    pub fn apply_impulse(&mut self, joint: Joint, impulse: DVec3) -> bool {
        self.controller
            .apply_impulse(&mut self.world, joint, impulse)
    }

    /// The world (for pushes and contacts).
    pub fn world_mut(&mut self) -> &mut PhysicsWorld {
        &mut self.world
    }

    /// The avatar's controller.
    pub fn controller_mut(&mut self) -> &mut AvatarController {
        &mut self.controller
    }
}
