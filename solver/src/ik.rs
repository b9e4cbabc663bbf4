//! The kinematic baseline solver (`ik`): device poses through the profile's
//! offsets to bone targets; head and trunk from the headset (and the pelvis
//! tracker if present); arms by two-bone IK from the hands with the elbow
//! swivel read from the hand's orientation; legs from the foot trackers if
//! present, else planted feet that step when the body moves away from them.

use std::f64::consts::PI;

use posewire_body::formats::TrackerSample;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::ik::{
    arm_rest, knee_pole, leg_rest, limb_rotations, solve_two_bone, MAX_EXTENSION,
};
use posewire_body::transform::{align_hemisphere, rotation_between, yaw_of, yaw_rotation};
use posewire_body::{BodyPose, BodyProfile, Device, Joint, JointMap, Side, Skeleton};

use crate::filter::PoseFilterSettings;
use crate::gait::{ArmSwing, GaitCue, GaitSettings};
use crate::heading::HeadHeading;
use crate::learned::arms::{
    clavicle_turn, ArmsInput, LearnedArmJoints, LearnedArms, LearnedArmsSettings,
};
use crate::learned::foot_lock::FootLock;
use crate::learned::knees::{KneesInput, LearnedKneeJoints, LearnedKnees, LearnedKneesSettings};
use crate::learned::legs::{LearnedFeet, LearnedLegs, LearnedLegsSettings, LegsInput, PelvisState};
use crate::learned::limbs::{blended_pole, middle_pole};
use crate::learned::pelvis::{LearnedPelvis, LearnedPelvisSettings, LearnedPose, PelvisInput};
use crate::learned::{LearnedModels, Net};
use crate::offset_refine::OffsetRefineSettings;
use crate::pelvis_hold::PelvisHold;
use crate::standing::{StandingRule, StandingSettings};
use crate::stepping::{FootPlanner, SteppingSettings};
use crate::tracking::{BoneTarget, DeviceTracker};
use crate::trunk::{neck_only, LookAtTrunk, TrunkMode, TrunkPose};
use crate::twist::limit_twist;
use posewire_body::look_at::{LookAtConfig, LookAtConfigError};
use posewire_body::transform::Transform;

/// Settings of the kinematic solver.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct IkSettings {
    /// Smoothing of the device poses.
    pub filter: PoseFilterSettings,
    /// Refinement of the foot devices' offsets during use.
    pub offsets: OffsetRefineSettings,
    /// Which device samples are plausible (workspace, speed).
    /// Set by the daemon's `[devices]`, not by `[solver.ik]`.
    #[serde(skip)]
    pub gate: crate::gate::GateSettings,
    /// Stepping of untracked feet.
    pub stepping: SteppingSettings,
    /// The gait phase read from the arm swing, for stepping.
    pub gait: GaitSettings,
    /// How much the elbow follows the direction the hand points along
    /// (0: natural pole only, 1: hand direction only).
    pub elbow_from_hand: f64,
    /// How the trunk shares the head's rotation.
    pub trunk: TrunkMode,
    /// Time constant with which the trunk follows the head's rotation,
    /// seconds (0: at once).
    pub trunk_follow_time_s: f64,
    /// The natural elbow pole for the left arm in the chest frame (x left,
    /// y up, z forward; mirrored for the right arm).
    pub elbow_pole: DVec3,
    /// How strongly the line between the hands turns the chest to face
    /// square to it (0..1).
    pub chest_yaw_from_hands: f64,
    /// How strongly the hands, held in front, pull the estimated heading of
    /// a body without a pelvis tracker toward them (0..1).
    pub heading_from_hands: f64,
    /// Time constant of the estimated heading following the head, seconds.
    pub heading_time_s: f64,
    /// How far the head may turn from the estimated heading before the
    /// body turns with it, radians.
    pub heading_max_lag_rad: f64,
    /// How much a body without a pelvis tracker leans forward per radian the
    /// head looks down (beyond 20 degrees) while the head is lowered.
    pub lean_from_pitch: f64,
    /// How far the chest leans forward of the pelvis-to-neck line
    /// (thoracic kyphosis), radians.
    pub chest_forward_tilt_rad: f64,
    /// The most the chest turns about its own axis against a tracked
    /// pelvis, radians (0: no limit; an estimated pelvis is not limited). The chest's heading comes from the head's,
    /// which flips when the head goes upside down (a dive and roll): the
    /// reference then twisted the chest 130-150 degrees against the hips,
    /// which no spine does. Beyond this the twist fades back to none at a
    /// half turn ([`crate::twist::limited_twist`]); the spine bone gets
    /// half the limit.
    pub chest_max_twist_rad: f64,
    /// How much the knee's bend direction follows the foot's facing rather
    /// than the pelvis's (0..1).
    pub knee_follows_foot: f64,
    /// Soft reach of a leg whose foot has no device, metres: within this of
    /// the leg's full length the ankle is drawn in smoothly
    /// ([`soft_reach`]) instead of the knee snapping straight (0: off).
    pub leg_soft_reach_m: f64,
    /// A foot whose device is lost is held where the device last put it
    /// (world frame) for this long, seconds, then handed over to the
    /// stepping (or learned) foot over [`LOST_FOOT_FADE_S`] (0: handed
    /// over at once). A short tracking loss no longer drops a raised foot
    /// to the floor (6 noisy training skate over GT, seeds 1 / 2 / 3:
    /// 1.308 / 1.473 / 1.407 -> 1.278 / 1.395 / 1.299 with the speed
    /// limit below).
    pub lost_foot_hold_s: f64,
    /// Only a foot whose device moved slower than this when it was lost
    /// is held (m/s; 0: any); a swinging foot goes to the stepping foot.
    pub lost_foot_hold_max_speed_m_s: f64,
    /// A pelvis device whose samples stop is carried by the headset in the
    /// pose it last had against it for up to this long since its last
    /// sample, seconds, then counts as lost (0: as before, frozen and then
    /// hung below the head; [`crate::pelvis_hold`]). Pelvis dropouts in
    /// the noisy evaluation last at most 0.5 s.
    pub lost_pelvis_hold_s: f64,
    /// Past this tilt of the headset (its up axis against the vertical,
    /// radians) the body's heading is no longer read from where the face
    /// points, which flips as the head goes upside down, but carried on by
    /// the head's turn about the vertical ([`crate::heading`]); 0: always
    /// where the face points. Used by the rules' heading while the pelvis
    /// is not tracked, and by the learned pelvis's frame with
    /// `heading_hold_learned_frame`.
    pub heading_hold_tilt_rad: f64,
    /// Whether the learned pelvis's inputs are expressed in the held
    /// heading too (false: in the face's, as the shipped network was
    /// trained; true cost the training corpus 0.6 cm at 3 devices,
    /// docs/notes/foot-skate-under-noise.md).
    pub heading_hold_learned_frame: bool,
    /// A person standing still near the calibrated height: the untracked
    /// pelvis and feet blend toward the calibrated standing pose
    /// ([`crate::standing`]; off by default).
    pub standing: StandingSettings,
    /// The learned pelvis of a body without a pelvis tracker
    /// ([`crate::learned::pelvis`]).
    pub learned_pelvis: LearnedPelvisSettings,
    /// The learned feet of a body without foot devices
    /// ([`crate::learned::legs`]).
    pub learned_legs: LearnedLegsSettings,
    /// The learned shoulders and elbows of a body with both hands tracked
    /// ([`crate::learned::arms`]).
    pub learned_arms: LearnedArmsSettings,
    /// The learned knees of a body with both feet tracked
    /// ([`crate::learned::knees`]).
    pub learned_knees: LearnedKneesSettings,
}

impl Default for IkSettings {
    fn default() -> Self {
        IkSettings {
            filter: PoseFilterSettings::default(),
            offsets: OffsetRefineSettings::default(),
            gate: crate::gate::GateSettings::default(),
            stepping: SteppingSettings::default(),
            gait: GaitSettings::default(),
            elbow_from_hand: 0.3,
            trunk: TrunkMode::LookAt,
            trunk_follow_time_s: 0.03,
            elbow_pole: DVec3::new(0.3, -1.0, -1.0),
            knee_follows_foot: 0.5,
            leg_soft_reach_m: 0.02,
            // Chosen by `--cv subjects` (6 noisy: every fold), issue 43:
            // docs/notes/foot-skate-under-noise.md, lost foot devices.
            lost_foot_hold_s: 0.5,
            lost_foot_hold_max_speed_m_s: 0.3,
            // Chosen by `--cv subjects` (4 and 6 noisy, seed 2: 5 of 7
            // folds, the others 0.25 and 1.0), issue 43:
            // docs/notes/foot-skate-under-noise.md, the silent pelvis.
            lost_pelvis_hold_s: 0.5,
            heading_hold_tilt_rad: 0.0,
            heading_hold_learned_frame: false,
            standing: StandingSettings::default(),
            lean_from_pitch: 1.5,
            chest_forward_tilt_rad: 0.1,
            chest_max_twist_rad: 60f64.to_radians(),
            heading_from_hands: 0.5,
            chest_yaw_from_hands: 0.3,
            heading_time_s: 0.25,
            heading_max_lag_rad: 50f64.to_radians(),
            learned_pelvis: LearnedPelvisSettings::default(),
            learned_legs: LearnedLegsSettings::default(),
            learned_arms: LearnedArmsSettings::default(),
            learned_knees: LearnedKneesSettings::default(),
        }
    }
}

/// How long a held lost foot takes to hand over to the stepping foot,
/// seconds ([`IkSettings::lost_foot_hold_s`]).
pub const LOST_FOOT_FADE_S: f64 = 0.3;

/// The heading a body faces if it is square to the line between its hands,
/// and how much to trust it (0 with the hands close together, 1 with them
/// 0.5 m or more apart across the body).
fn hands_facing(hands: &[Option<BoneTarget>; 2]) -> Option<(f64, f64)> {
    let (l, r) = (hands[0]?, hands[1]?);
    let left = l.bone.position - r.bone.position;
    let flat = DVec3::new(left.x, 0.0, left.z);
    let weight = ((flat.length() - 0.1) / 0.4).clamp(0.0, 1.0);
    if weight <= 0.0 {
        return None;
    }
    // Facing = left x up (at rest: +X x +Y = +Z).
    Some((
        posewire_body::transform::heading_of(flat.cross(DVec3::Y)),
        weight,
    ))
}

/// Wraps an angle into [-pi, pi).
fn wrap(a: f64) -> f64 {
    (a + PI).rem_euclid(2.0 * PI) - PI
}

/// The state of one avatar's kinematic solve.
#[derive(Debug, Clone)]
pub struct IkSolver {
    settings: IkSettings,
    profile: BodyProfile,
    skeleton: Skeleton,
    devices: DeviceTracker,
    feet: FootPlanner,
    arm_swing: ArmSwing,
    /// Smoothed body heading when the pelvis is not tracked.
    body_yaw: Option<f64>,
    last_time: Option<f64>,
    last_pelvis: Option<DVec3>,
    pelvis_velocity: DVec3,
    /// Wrists held in the chest frame while a hand is lost.
    held_wrists: [Option<(DVec3, DQuat)>; 2],
    last_pose: Option<BodyPose>,
    head_when_lost: Option<BoneTarget>,
    /// The pelvis carried by the head while its device is silent.
    pelvis_hold: PelvisHold,
    /// The look-at chain fitted to this person.
    look_at: LookAtTrunk,
    /// A point to look at instead of where the headset looks.
    gaze_target: Option<DVec3>,
    /// The head rotation the trunk follows (smoothed).
    trunk_follows: Option<DQuat>,
    /// The headset's heading, continuous through an upside-down head.
    head_heading: HeadHeading,
    /// Whether the person stands still near the calibrated height.
    standing: StandingRule,
    /// The learned pelvis (used while the pelvis is not tracked).
    learned: LearnedPelvis,
    /// The learned feet (used for a foot without a device).
    learned_legs: LearnedLegs,
    /// The learned feet held while planted.
    foot_locks: [FootLock; 2],
    /// The learned shoulders and elbows (used while both hands are
    /// tracked).
    learned_arms: LearnedArms,
    /// The learned knees (used while both feet are tracked).
    learned_knees: LearnedKnees,
}

impl IkSolver {
    /// A solver for one person, with the shipped look-at chain
    /// (`configs/look_at.toml`) and the embedded networks.
    pub fn new(profile: &BodyProfile, settings: IkSettings) -> IkSolver {
        IkSolver::with_models(profile, settings, &LearnedModels::embedded())
    }

    /// A solver for one person, with the shipped look-at chain and the
    /// given networks (the embedded ones: [`IkSolver::new`]).
    pub fn with_models(
        profile: &BodyProfile,
        settings: IkSettings,
        models: &LearnedModels,
    ) -> IkSolver {
        let config = LookAtConfig::default();
        let skeleton = Skeleton::from_profile(profile);
        // A profile whose lengths are not finite cannot be fitted; such a
        // body gets the chain of an average person rather than no chain.
        let average = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
        #[allow(clippy::expect_used)]
        let look_at = LookAtTrunk::new(&config, &skeleton, profile.body.stature)
            .or_else(|_| LookAtTrunk::new(&config, &average, 1.75))
            // The shipped chain is part of the build, not input; the test
            // `look_at_trunk_fits_the_shipped_chain` keeps it fitting.
            .expect("the shipped look-at chain fits an average skeleton");
        IkSolver::build(profile, settings, look_at, models)
    }

    /// A solver for one person with a look-at chain of one's own (its joints
    /// must be `lumbar`, `chest`, `neck`, `head` and optionally `eyes`) and
    /// the given networks.
    pub fn with_look_at(
        profile: &BodyProfile,
        settings: IkSettings,
        look_at: &LookAtConfig,
        models: &LearnedModels,
    ) -> Result<IkSolver, LookAtConfigError> {
        let skeleton = Skeleton::from_profile(profile);
        let look_at = LookAtTrunk::new(look_at, &skeleton, profile.body.stature)?;
        Ok(IkSolver::build(profile, settings, look_at, models))
    }

    /// The person's body profile.
    pub fn profile(&self) -> &BodyProfile {
        &self.profile
    }

    /// Looks at `target` (a world point: an object, or another avatar's
    /// head, updated every tick) instead of where the headset looks; `None`
    /// goes back to the headset. The head stays where the headset is.
    pub fn set_gaze_target(&mut self, target: Option<DVec3>) {
        self.gaze_target = target.filter(|t| t.is_finite());
    }

    fn build(
        profile: &BodyProfile,
        settings: IkSettings,
        look_at: LookAtTrunk,
        models: &LearnedModels,
    ) -> IkSolver {
        IkSolver {
            settings,
            profile: profile.clone(),
            skeleton: Skeleton::from_profile(profile),
            devices: DeviceTracker::with_refinement(
                profile,
                &settings.filter,
                &settings.gate,
                &settings.offsets,
            ),
            feet: FootPlanner::new(settings.stepping),
            arm_swing: ArmSwing::new(settings.gait),
            body_yaw: None,
            last_time: None,
            last_pelvis: None,
            pelvis_velocity: DVec3::ZERO,
            held_wrists: [None, None],
            last_pose: None,
            head_when_lost: None,
            pelvis_hold: PelvisHold::default(),
            look_at,
            gaze_target: None,
            trunk_follows: None,
            head_heading: HeadHeading::default(),
            standing: StandingRule::default(),
            learned: LearnedPelvis::new(models.get(Net::Pelvis), settings.learned_pelvis),
            learned_legs: LearnedLegs::new(models.get(Net::Legs), settings.learned_legs),
            foot_locks: Default::default(),
            learned_arms: LearnedArms::new(models.get(Net::Arms), settings.learned_arms),
            learned_knees: LearnedKnees::new(models.get(Net::Knees), settings.learned_knees),
        }
    }

    /// The position offset in use for a device (bone frame, metres): the
    /// profile's, refined during use for the feet
    /// ([`crate::offset_refine`]); `None` for a device without a mount in
    /// the profile.
    pub fn device_offset(&self, device: Device) -> Option<DVec3> {
        self.devices.offset(device)
    }

    /// The device tracker (filtered states, offsets in use).
    pub fn devices(&self) -> &DeviceTracker {
        &self.devices
    }

    /// The learned pelvis's features of the last step (with the pelvis
    /// untracked and both hands tracked), for training.
    pub fn learned_pelvis_input(&self) -> Option<&PelvisInput> {
        self.learned.last_input()
    }

    /// The learned legs' features of the last step (with both hands
    /// tracked), for training.
    pub fn learned_legs_input(&self) -> Option<&LegsInput> {
        self.learned_legs.last_input()
    }

    /// The learned arms' features of the last step (with both hands
    /// tracked), for training.
    pub fn learned_arms_input(&self) -> Option<&ArmsInput> {
        self.learned_arms.last_input()
    }

    /// The learned knees' features of the last step (with both feet
    /// tracked), for training.
    pub fn learned_knees_input(&self) -> Option<&KneesInput> {
        self.learned_knees.last_input()
    }

    /// Whether a learned knees network is loaded and enabled.
    pub fn has_learned_knees(&self) -> bool {
        self.learned_knees.has_model()
    }

    /// Whether a learned arms network is loaded and enabled.
    pub fn has_learned_arms(&self) -> bool {
        self.learned_arms.has_model()
    }

    /// Whether a learned legs network is loaded and enabled.
    pub fn has_learned_legs(&self) -> bool {
        self.learned_legs.has_model()
    }

    /// Whether a learned pelvis network is loaded and enabled.
    pub fn has_learned_pelvis(&self) -> bool {
        self.learned.has_model()
    }

    /// The skeleton the solver poses.
    pub fn skeleton(&self) -> &Skeleton {
        &self.skeleton
    }

    /// Takes one device sample (in time order); says whether it was taken
    /// (the plausibility gate, [`crate::gate`]).
    pub fn push(&mut self, sample: &TrackerSample) -> crate::gate::Verdict {
        self.devices.push(sample)
    }

    /// Whether the solver has what it needs to pose a body (a headset seen).
    pub fn ready(&self) -> bool {
        self.devices.was_seen(Device::Head)
    }

    /// Solves the body at time `t` from the samples pushed so far.
    pub fn step(&mut self, t: f64) -> BodyPose {
        let dt = self
            .last_time
            .map(|lt| (t - lt).clamp(1e-4, 0.1))
            .unwrap_or(1.0 / 90.0);
        self.last_time = Some(t);
        let head = self.head_target(t);
        let pelvis_dev =
            self.pelvis_hold
                .target(&self.devices, &head, t, self.settings.lost_pelvis_hold_s);
        let hands = [
            self.devices.bone_target(Device::LeftHand, t),
            self.devices.bone_target(Device::RightHand, t),
        ];
        let head_yaw = self
            .head_heading
            .update(head.bone.rotation, self.settings.heading_hold_tilt_rad);
        let frame_yaw = if self.settings.heading_hold_learned_frame {
            head_yaw
        } else {
            yaw_of(head.bone.rotation)
        };
        // The learned pelvis (while the pelvis is not tracked), blended
        // with the rules.
        let learned = match pelvis_dev {
            Some(_) => None,
            None => self.learned.update_facing(
                (t, dt),
                &head,
                &hands,
                self.profile.body.head_height,
                frame_yaw,
            ),
        };
        let pelvis_yaw = self.body_heading(pelvis_dev.as_ref(), head_yaw, &hands, learned, dt);
        let (trunk, chest_yaw) =
            self.pose_trunk(pelvis_dev.as_ref(), &head, &hands, pelvis_yaw, dt);
        // Neck base under the head, along the neck bone.
        let neck_base = head.bone.position - trunk.neck * self.skeleton.offsets[Joint::Head];
        let standing = self.standing.update(
            dt,
            (
                head.bone.position,
                hands.map(|h| h.map(|h| h.bone.position)),
            ),
            self.profile.body.head_height,
            &self.settings.standing,
        );
        let (pelvis_pos, pelvis_rot) = match pelvis_dev {
            Some(p) => (p.bone.position, p.bone.rotation),
            None => {
                let hung = self.hung_pelvis(neck_base, &head, trunk.head, pelvis_yaw, learned);
                self.standing_pelvis(hung, head.bone.position, pelvis_yaw, standing)
            }
        };
        let mut pose = BodyPose {
            root: pelvis_pos,
            rotations: JointMap::splat(yaw_rotation(pelvis_yaw)),
        };
        pose.rotations[Joint::Pelvis] = pelvis_rot;
        let ends = (neck_base, head.bone.position);
        // The chest's twist is limited against a tracked pelvis only: an
        // estimated one turns with the same head (at 3 devices the limit
        // made the other dive-roll clip fall more, docs/notes/foot-skate-under-noise.md).
        let twist_limit = match pelvis_dev {
            Some(_) => self.settings.chest_max_twist_rad,
            None => 0.0,
        };
        let (chest_rot, head_fk) = self.pose_spine(
            &mut pose,
            ends,
            (chest_yaw, pelvis_yaw, twist_limit),
            &trunk,
        );
        // Put the head on its target: the whole body follows when the pelvis
        // is estimated; half the mismatch goes to each end when tracked.
        // Standing, the pelvis keeps its calibrated height.
        let miss = head.bone.position - head_fk;
        pose.root += match pelvis_dev {
            Some(_) => 0.5 * miss,
            None => miss - DVec3::Y * (standing * miss.y),
        };
        self.track_pelvis_velocity(pose.root, dt);
        let state = PelvisState {
            position: pose.root,
            rotation: pose.rotations[Joint::Pelvis],
            yaw: pelvis_yaw,
            velocity: self.pelvis_velocity,
            tracked: pelvis_dev.is_some(),
        };
        self.pose_limbs(&mut pose, (t, dt), &state, (&head, &hands), chest_rot);
        self.last_pose = Some(pose);
        pose
    }

    /// The head: tracked, or held where it was lost.
    fn head_target(&mut self, t: f64) -> BoneTarget {
        match self.devices.bone_target(Device::Head, t) {
            Some(h) => {
                self.head_when_lost = None;
                h
            }
            None => *self
                .head_when_lost
                .get_or_insert_with(|| self.devices.last_bone_target(Device::Head, t)),
        }
    }

    /// The body's heading: the pelvis device's, or estimated from the head
    /// and hands and blended toward the learned pelvis's.
    fn body_heading(
        &mut self,
        pelvis_dev: Option<&BoneTarget>,
        head_yaw: f64,
        hands: &[Option<BoneTarget>; 2],
        learned: Option<LearnedPose>,
        dt: f64,
    ) -> f64 {
        match pelvis_dev {
            Some(p) => {
                let y = yaw_of(p.bone.rotation);
                self.body_yaw = Some(y);
                y
            }
            None => {
                let rules = self.estimate_body_yaw(head_yaw, hands, dt);
                match learned {
                    Some(l) => wrap(rules + l.weight * wrap(yaw_of(l.rotation) - rules)),
                    None => rules,
                }
            }
        }
    }

    /// The trunk's share of the head's rotation, and the chest's heading
    /// turned toward facing square to the hands.
    ///
    /// The trunk shares the head's rotation (look-at chain, or all of it
    /// on the neck), posed from an upright frame facing the pelvis
    /// heading: the chain's rest is a straight column, so a tracked
    /// pelvis's own tilt (the sacrum's slope) would lean all of it; the
    /// trunk's lean comes from the positions below. The trunk follows the
    /// head's rotation a little behind it (the head turns fast on the
    /// neck, the heavier trunk follows), which also keeps quick head
    /// shakes out of the trunk's positions.
    fn pose_trunk(
        &mut self,
        pelvis_dev: Option<&BoneTarget>,
        head: &BoneTarget,
        hands: &[Option<BoneTarget>; 2],
        pelvis_yaw: f64,
        dt: f64,
    ) -> (TrunkPose, f64) {
        let sk = self.skeleton;
        let (head_pos, head_rot) = (head.bone.position, head.bone.rotation);
        let root_rot = yaw_rotation(pelvis_yaw);
        let root_pos = match pelvis_dev {
            Some(p) => p.bone.position + root_rot * sk.offsets[Joint::Spine],
            None => {
                head_pos
                    - root_rot
                        * (sk.offsets[Joint::Chest]
                            + sk.offsets[Joint::Neck]
                            + sk.offsets[Joint::Head])
            }
        };
        let tau = self.settings.trunk_follow_time_s;
        let followed = match self.trunk_follows {
            Some(q) if tau > 0.0 => q.slerp(align_hemisphere(head_rot, q), (dt / tau).min(1.0)),
            _ => head_rot,
        };
        self.trunk_follows = Some(followed);
        let mut trunk = self.trunk_pose(
            Transform::new(root_pos, root_rot),
            Transform::new(head_pos, followed),
        );
        if self.gaze_target.is_none() {
            // The headset's orientation is measured: the head keeps it.
            trunk.head = head_rot;
        }
        let mut chest_yaw = yaw_of(trunk.chest);
        if let Some((facing, weight)) = hands_facing(hands) {
            let d = wrap(facing - chest_yaw);
            if d.abs() < 1.5 {
                chest_yaw += self.settings.chest_yaw_from_hands * weight * d;
            }
        }
        (trunk, chest_yaw)
    }

    /// The untracked pelvis: hung below the neck by the rules, blended
    /// toward the learned pelvis.
    fn hung_pelvis(
        &mut self,
        neck_base: DVec3,
        head: &BoneTarget,
        head_rot: DQuat,
        pelvis_yaw: f64,
        learned: Option<LearnedPose>,
    ) -> (DVec3, DQuat) {
        let (p, r) = self.estimate_pelvis(neck_base, head.bone.position, head_rot, pelvis_yaw);
        match learned {
            Some(l) => (
                p.lerp(l.position, l.weight),
                r.slerp(align_hemisphere(l.rotation, r), l.weight),
            ),
            None => (p, r),
        }
    }

    /// The untracked pelvis (`hung`) blended by `share` toward the
    /// calibrated standing pose's: at the rest pose's hip height (less
    /// `pelvis_below_m`), under
    /// the head as in the rest pose, upright, facing `yaw`.
    fn standing_pelvis(
        &self,
        hung: (DVec3, DQuat),
        head: DVec3,
        yaw: f64,
        share: f64,
    ) -> (DVec3, DQuat) {
        if share <= 0.0 {
            return hung;
        }
        let rest = self.skeleton.rest_positions();
        let yaw_q = yaw_rotation(yaw);
        let mut pelvis = head + yaw_q * (rest[Joint::Pelvis] - rest[Joint::Head]);
        pelvis.y = rest[Joint::Pelvis].y - self.settings.standing.pelvis_below_m;
        (
            hung.0.lerp(pelvis, share),
            hung.1.slerp(align_hemisphere(yaw_q, hung.1), share),
        )
    }

    /// Poses the spine, chest, collarbones, neck and head between the
    /// placed pelvis and the neck base (`ends`: the neck base and the
    /// head's target); the chest's rotation and where the head lands. The
    /// chest's and spine's twists against the pelvis are limited to `limit`
    /// and half of it ([`limit_twist`]; 0: not limited).
    ///
    /// The pelvis bone is fixed; the chest's tilt comes from the long
    /// pelvis-to-neck line (a short spine-to-neck line would turn every
    /// centimetre of device-offset error into degrees of tilt), leaning
    /// forward a little (thoracic kyphosis), and the spine bone bridges
    /// from the lumbar joint to the chest.
    fn pose_spine(
        &self,
        pose: &mut BodyPose,
        (neck_base, head_pos): (DVec3, DVec3),
        (chest_yaw, pelvis_yaw, limit): (f64, f64, f64),
        trunk: &TrunkPose,
    ) -> (DQuat, DVec3) {
        let sk = self.skeleton;
        let (pelvis_pos, pelvis_rot) = (pose.root, pose.rotations[Joint::Pelvis]);
        let spine_pos = pelvis_pos + pelvis_rot * sk.offsets[Joint::Spine];
        let thoracic = sk.offsets[Joint::Chest].length();
        let cervical = sk.offsets[Joint::Neck].length();
        let chest_left = yaw_rotation(chest_yaw) * DVec3::X;
        let chest_dir = DQuat::from_axis_angle(chest_left, self.settings.chest_forward_tilt_rad)
            * (neck_base - pelvis_pos).normalize_or(DVec3::Y);
        let chest_pos = neck_base - chest_dir * cervical;
        let spine_dir = (chest_pos - spine_pos).normalize_or(chest_dir);
        let chest_rot = limit_twist(
            pelvis_rot,
            rotation_between(DVec3::Y, chest_dir) * yaw_rotation(chest_yaw),
            limit,
        );
        let spine_rot = limit_twist(
            pelvis_rot,
            rotation_between(DVec3::Y, spine_dir)
                * yaw_rotation(pelvis_yaw + 0.5 * wrap(chest_yaw - pelvis_yaw)),
            0.5 * limit,
        );
        pose.rotations[Joint::Spine] = spine_rot;
        pose.rotations[Joint::Chest] = chest_rot;
        pose.rotations[Joint::LeftClavicle] = chest_rot;
        pose.rotations[Joint::RightClavicle] = chest_rot;
        let neck_fk = spine_pos + spine_dir * thoracic + chest_dir * cervical;
        // The neck bone as the trunk posed it, swung to reach the head.
        let neck_rot = rotation_between(
            trunk.neck * DVec3::Y,
            (head_pos - neck_fk).normalize_or(DVec3::Y),
        ) * trunk.neck;
        pose.rotations[Joint::Neck] = neck_rot;
        pose.rotations[Joint::Head] = trunk.head;
        (chest_rot, neck_fk + neck_rot * sk.offsets[Joint::Head])
    }

    /// The pelvis's smoothed velocity, for stepping.
    fn track_pelvis_velocity(&mut self, root: DVec3, dt: f64) {
        if let Some(last) = self.last_pelvis {
            let v = (root - last) / dt;
            let a = (dt / 0.15).min(1.0);
            self.pelvis_velocity += a * (v - self.pelvis_velocity);
        }
        self.last_pelvis = Some(root);
    }

    /// Arms and legs on the posed trunk: the learned arms, legs and knees
    /// asked first, then the rules blended toward them.
    fn pose_limbs(
        &mut self,
        pose: &mut BodyPose,
        (t, dt): (f64, f64),
        state: &PelvisState,
        (head, hands): (&BoneTarget, &[Option<BoneTarget>; 2]),
        chest_rot: DQuat,
    ) {
        let positions = pose.positions(&self.skeleton);
        let head_height = self.profile.body.head_height;
        let arm_joints = self
            .learned_arms
            .update(dt, state, head, hands, head_height);
        self.solve_arms(pose, &positions, hands, (chest_rot, arm_joints));
        let cue = self.gait_cue(t, hands, state.yaw);
        let feet_dev = [
            self.devices.bone_target(Device::LeftFoot, t),
            self.devices.bone_target(Device::RightFoot, t),
        ];
        let feet_wanted = feet_dev.iter().any(Option::is_none);
        let learned_feet = self.learned_legs.update(
            t,
            dt,
            state,
            head,
            hands,
            (head_height, self.leg_scale()),
            feet_wanted,
        );
        let knees = self.learned_knees.update(dt, state, &feet_dev, head_height);
        self.solve_legs(
            pose,
            &positions,
            (t, dt),
            state.yaw,
            cue,
            (feet_dev, learned_feet, knees),
        );
    }

    /// The calibrated hip height over the anthropometric one for this
    /// stature: 1 unless calibration measured it (a pelvis device, the
    /// `hands_on_hips` pose).
    fn leg_scale(&self) -> f64 {
        let p = &self.profile;
        let hip = p.body.ankle_height + p.segments.thigh + p.segments.shin;
        let guess = posewire_body::proportions::HIP_HEIGHT * p.body.stature;
        if guess > 0.0 {
            hip / guess
        } else {
            1.0
        }
    }

    fn trunk_pose(&mut self, root: Transform, head: Transform) -> TrunkPose {
        let gaze = self.gaze_target;
        let aimed = |rot: DQuat| match gaze {
            Some(g) => rotation_between(rot * DVec3::Z, g - head.position) * rot,
            None => rot,
        };
        match self.settings.trunk {
            TrunkMode::NeckOnly => neck_only(root.rotation, aimed(head.rotation)),
            TrunkMode::LookAt => self
                .look_at
                .pose(root, head, gaze)
                .unwrap_or_else(|| neck_only(root.rotation, aimed(head.rotation))),
        }
    }

    /// The gait phase from the hands' fore-aft separation along the heading.
    fn gait_cue(&mut self, t: f64, hands: &[Option<BoneTarget>; 2], yaw: f64) -> Option<GaitCue> {
        let forward = yaw_rotation(yaw) * DVec3::Z;
        let separation = match hands {
            [Some(l), Some(r)] => Some((l.bone.position - r.bone.position).dot(forward)),
            _ => None,
        };
        self.arm_swing.update(t, separation)
    }

    fn estimate_body_yaw(
        &mut self,
        head_yaw: f64,
        hands: &[Option<BoneTarget>; 2],
        dt: f64,
    ) -> f64 {
        let current = *self.body_yaw.get_or_insert(head_yaw);
        // The line between the hands pulls the heading toward facing square
        // to it (people mostly hold their hands to either side of their
        // own midline).
        let mut target = head_yaw;
        if let Some((facing, weight)) = hands_facing(hands) {
            let d = wrap(facing - head_yaw);
            if d.abs() < 1.5 {
                target = head_yaw + self.settings.heading_from_hands * weight * d;
            }
        }
        // The body turns with the head, lagging a little, and never more
        // than 50 degrees behind it.
        let mut yaw = current
            + (dt / self.settings.heading_time_s.max(1e-3)).min(1.0) * wrap(target - current);
        let lag = wrap(head_yaw - yaw);
        let max_lag = self.settings.heading_max_lag_rad;
        if lag.abs() > max_lag {
            yaw = head_yaw - max_lag * lag.signum();
        }
        let yaw = wrap(yaw);
        self.body_yaw = Some(yaw);
        yaw
    }

    fn estimate_pelvis(
        &self,
        neck_base: DVec3,
        head_pos: DVec3,
        head_rot: DQuat,
        yaw: f64,
    ) -> (DVec3, DQuat) {
        let prof = &self.profile;
        let standing_head = prof.body.head_height;
        let drop = (standing_head - head_pos.y).max(0.0);
        // Looking down while the head is low: bending over rather than
        // squatting; the trunk leans forward.
        let fwd = head_rot * DVec3::Z;
        let pitch_down = (-fwd.y).clamp(-1.0, 1.0).asin();
        let lowered = ((drop - 0.05) / 0.2).clamp(0.0, 1.0);
        let lean = (self.settings.lean_from_pitch * (pitch_down - 0.35)).clamp(0.0, 1.3) * lowered;
        let yaw_q = yaw_rotation(yaw);
        let trunk_dir = yaw_q * (DQuat::from_rotation_x(lean) * DVec3::Y);
        let pelvis = neck_base - trunk_dir * self.profile.segments.trunk;
        let pelvis_rot = yaw_q * DQuat::from_rotation_x(0.5 * lean);
        (pelvis, pelvis_rot)
    }

    fn solve_arms(
        &mut self,
        pose: &mut BodyPose,
        positions: &JointMap<DVec3>,
        hands: &[Option<BoneTarget>; 2],
        (chest_rot, learned): (DQuat, Option<LearnedArmJoints>),
    ) {
        let sk = self.skeleton;
        let taught = self.learned_arms.settings().to_owned();
        let chest_pos = positions[Joint::Chest];
        for (i, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            let (shoulder, elbow, wrist) = match side {
                Side::Left => (Joint::LeftShoulder, Joint::LeftElbow, Joint::LeftWrist),
                Side::Right => (Joint::RightShoulder, Joint::RightElbow, Joint::RightWrist),
            };
            let s = side.sign();
            // Target: the tracked hand, or the last one carried with the chest.
            let (target, hand_rot) = match hands[i] {
                Some(h) => {
                    let local = chest_rot.inverse() * (h.bone.position - chest_pos);
                    let local_rot = chest_rot.inverse() * h.bone.rotation;
                    self.held_wrists[i] = Some((local, local_rot));
                    (h.bone.position, h.bone.rotation)
                }
                None => match self.held_wrists[i] {
                    Some((local, local_rot)) => {
                        (chest_pos + chest_rot * local, chest_rot * local_rot)
                    }
                    None => {
                        // Never seen: arms hang down.
                        let down = chest_rot * DQuat::from_rotation_z(-s * PI / 2.0);
                        let sp = positions[shoulder];
                        let hang = sp
                            + down
                                * DVec3::new(
                                    s * (sk.offsets[elbow].length() + sk.offsets[wrist].length()),
                                    0.0,
                                    0.0,
                                );
                        (hang, down)
                    }
                },
            };
            let upper = sk.offsets[elbow].length();
            let lower = sk.offsets[wrist].length();
            // Out of reach: the collarbone turns (up to 20 degrees) to bring
            // the shoulder toward the hand, as people do when they reach.
            let clavicle = match side {
                Side::Left => Joint::LeftClavicle,
                Side::Right => Joint::RightClavicle,
            };
            let clav_pos = positions[clavicle];
            // The learned shoulder turns the collarbone first.
            let taught_turn = learned.map_or(DQuat::IDENTITY, |l| {
                clavicle_turn(
                    clav_pos,
                    positions[shoulder],
                    l.shoulders[i],
                    l.weight * taught.shoulder_weight,
                    taught.max_clavicle_turn_rad,
                )
            });
            let clav_rot = taught_turn * chest_rot;
            pose.rotations[clavicle] = clav_rot;
            let arm = taught_turn * (positions[shoulder] - clav_pos);
            let mut root = clav_pos + arm;
            let short = (target - root).length() - 0.995 * (upper + lower);
            if short > 0.0 && arm.length() > 1e-3 {
                let toward = rotation_between(arm, target - clav_pos);
                let (axis, full) = toward.to_axis_angle();
                let angle = (short / arm.length()).min(full).min(20f64.to_radians());
                let turn = DQuat::from_axis_angle(axis, angle);
                pose.rotations[clavicle] = turn * clav_rot;
                root = clav_pos + turn * arm;
            }
            let p = self.settings.elbow_pole;
            let natural = (chest_rot * DVec3::new(s * p.x, p.y, p.z)).normalize_or(DVec3::NEG_Y);
            // The hand points along the forearm: the elbow sits behind the
            // wrist along the hand's own axis.
            let along = hand_rot * DVec3::new(s, 0.0, 0.0);
            let elbow_hint = target - along * lower;
            let axis = (target - root).normalize_or(DVec3::Y);
            let mid = root + axis * (target - root).dot(axis) * (upper / (upper + lower));
            let hint_dir = elbow_hint - mid;
            let hint_dir = hint_dir - axis * hint_dir.dot(axis);
            let w = self.settings.elbow_from_hand;
            let pole = if hint_dir.length() > 1e-3 {
                (hint_dir.normalize() * w + natural * (1.0 - w)).normalize_or(natural)
            } else {
                natural
            };
            // The learned elbow gives the swivel.
            let pole = match learned {
                Some(l) => blended_pole(
                    pole,
                    middle_pole(root, target, l.elbows[i], upper, lower),
                    l.weight * taught.elbow_weight,
                ),
                None => pole,
            };
            let sol = solve_two_bone(root, target, upper, lower, pole);
            let rest = arm_rest(side);
            let (r_upper, r_lower) = limb_rotations(root, &sol, rest.upper_dir, rest.hinge_axis);
            pose.rotations[shoulder] = r_upper;
            pose.rotations[elbow] = r_lower;
            pose.rotations[wrist] = hand_rot;
        }
    }

    /// A lost foot device's last bone target and how much of it to keep
    /// ([`IkSettings::lost_foot_hold_s`]), while it is held or fading.
    fn held_foot(&self, i: usize, t: f64) -> Option<(BoneTarget, f64)> {
        let hold = self.settings.lost_foot_hold_s;
        if hold.is_nan() || hold <= 0.0 {
            return None;
        }
        let device = [Device::LeftFoot, Device::RightFoot][i];
        let lost = self.devices.lost_for(device, t)?;
        let weight = 1.0 - ((lost - hold) / LOST_FOOT_FADE_S).clamp(0.0, 1.0);
        let held = self.devices.last_bone_target(device, t);
        let speed = self.settings.lost_foot_hold_max_speed_m_s;
        // The device's own speed, as the limit was chosen on.
        let moving = self.devices.device_velocity(device).length();
        let still = speed.is_nan() || speed <= 0.0 || moving < speed;
        (weight > 0.0 && still).then_some((held, weight))
    }

    fn solve_legs(
        &mut self,
        pose: &mut BodyPose,
        positions: &JointMap<DVec3>,
        (t, dt): (f64, f64),
        yaw: f64,
        cue: Option<GaitCue>,
        (feet_dev, learned, knees): (
            [Option<BoneTarget>; 2],
            Option<LearnedFeet>,
            Option<LearnedKneeJoints>,
        ),
    ) {
        let sk = self.skeleton;
        let ankle_h = self.profile.body.ankle_height;
        let legs = [
            (
                Joint::LeftHip,
                Joint::LeftKnee,
                Joint::LeftAnkle,
                Joint::LeftToe,
            ),
            (
                Joint::RightHip,
                Joint::RightKnee,
                Joint::RightAnkle,
                Joint::RightToe,
            ),
        ];
        let yaw_q = yaw_rotation(yaw);
        // Where a foot belongs: under its hip, a little behind it.
        let back = yaw_q * DVec3::new(0.0, 0.0, -self.settings.stepping.ankle_behind_hip_m);
        let homes = legs.map(|(hip, ..)| {
            let h = positions[hip] + back;
            DVec3::new(h.x, ankle_h, h.z)
        });
        let planned = if feet_dev.iter().all(Option::is_some) {
            None
        } else {
            Some(self.feet.update(t, homes, self.pelvis_velocity, yaw, cue))
        };
        for (i, (hip, knee, ankle, toe)) in legs.into_iter().enumerate() {
            let lock = &self.settings.learned_legs.lock;
            if learned.is_none() || feet_dev[i].is_some() {
                self.foot_locks[i].reset();
            }
            let (target, foot_rot) = match (feet_dev[i], planned) {
                (Some(f), _) => (f.bone.position, f.bone.rotation),
                (None, Some(p)) => match learned {
                    Some(l) => {
                        let mut a = p.ankles[i].lerp(l.ankles[i], l.weight);
                        let contact = l.contact[i];
                        let lifted = (1.0 - contact).clamp(0.0, 1.0) * l.weight;
                        let swing_lift = self.settings.learned_legs.swing_lift_m;
                        a.y = a.y.max(ankle_h + swing_lift * lifted);
                        let a = self.foot_locks[i].update(lock, dt, a, contact, ankle_h);
                        let y = p.yaws[i] + l.weight * wrap(l.yaws[i] - p.yaws[i]);
                        (a, yaw_rotation(y))
                    }
                    None => (p.ankles[i], yaw_rotation(p.yaws[i])),
                },
                (None, None) => (homes[i], yaw_q),
            };
            // Standing still: toward the foot's home, flat, facing ahead.
            let stand = self.standing.weight();
            let (target, foot_rot) = match feet_dev[i] {
                None if stand > 0.0 => (
                    target.lerp(homes[i], stand),
                    foot_rot.slerp(align_hemisphere(yaw_q, foot_rot), stand),
                ),
                _ => (target, foot_rot),
            };
            let (target, foot_rot) = match (feet_dev[i], self.held_foot(i, t)) {
                (None, Some((held, w))) => (
                    target.lerp(held.bone.position, w),
                    foot_rot.slerp(held.bone.rotation, w).normalize(),
                ),
                _ => (target, foot_rot),
            };
            let root = positions[hip];
            let upper = sk.offsets[knee].length();
            let lower = sk.offsets[ankle].length();
            let foot_fwd = foot_rot * DVec3::Z;
            let side = if i == 0 { Side::Left } else { Side::Right };
            let kf = self.settings.knee_follows_foot;
            let pole = (foot_fwd.normalize_or(yaw_q * DVec3::Z) * kf
                + knee_pole(pose.rotations[Joint::Pelvis], side) * (1.0 - kf))
                .normalize_or(DVec3::Z);
            // A planned foot near the leg's full reach: drawn in smoothly (a
            // device's foot is where the device is).
            let target = match feet_dev[i] {
                Some(_) => target,
                None => soft_reach(
                    root,
                    target,
                    MAX_EXTENSION * (upper + lower),
                    self.settings.leg_soft_reach_m,
                ),
            };
            // The learned knee gives the swivel over a foot device.
            let pole = match (knees, feet_dev[i]) {
                (Some(k), Some(_)) => blended_pole(
                    pole,
                    middle_pole(root, target, k.knees[i], upper, lower),
                    k.weight,
                ),
                _ => pole,
            };
            let sol = solve_two_bone(root, target, upper, lower, pole);
            let rest = leg_rest(side);
            let (r_upper, r_lower) = limb_rotations(root, &sol, rest.upper_dir, rest.hinge_axis);
            pose.rotations[hip] = r_upper;
            pose.rotations[knee] = r_lower;
            pose.rotations[ankle] = foot_rot;
            pose.rotations[toe] = foot_rot;
        }
    }
}

/// Soft IK for a limb reaching at most `length` from `root` (the solver
/// passes [`MAX_EXTENSION`] of its full length): a target within `soft` of
/// that reach, or beyond it, is drawn toward the root so that its distance
/// approaches `length` exponentially (`length - soft + soft * (1 -
/// exp(-(d - length + soft) / soft))`) instead of the limb snapping straight:
/// near full extension a two-bone solve turns the knee fast for a small
/// move of the foot. Measured on the dev clips with 3 devices (`ik`, knees
/// and ankles): the 99.9th percentile of the change of a joint's move from
/// one 90 Hz tick to the next fell from 5.5 to 2.7 cm with 2 cm of soft
/// reach, the lower foot's median height unchanged.
pub fn soft_reach(root: DVec3, target: DVec3, length: f64, soft: f64) -> DVec3 {
    let d = target - root;
    let distance = d.length();
    if !(soft.is_finite() && soft > 0.0) {
        return target;
    }
    // At most the whole length is soft (a larger zone would draw a target
    // near the root through it).
    let soft = soft.min(length);
    let start = length - soft;
    let soft_zone = soft > 0.0 && distance > start && distance > 0.0 && distance.is_finite();
    if !soft_zone {
        return target;
    }
    let drawn = start + soft * (1.0 - (-(distance - start) / soft).exp());
    root + d * (drawn / distance)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn soft_reach_leaves_a_bent_leg_alone_and_never_overreaches() {
        let root = DVec3::new(0.0, 0.9, 0.0);
        let inside = root + DVec3::new(0.1, -0.7, 0.05);
        assert_eq!(soft_reach(root, inside, 0.86, 0.02), inside);
        assert_eq!(soft_reach(root, inside, 0.86, 0.0), inside, "off");
        for d in [0.85, 0.86, 0.9, 2.0] {
            let target = root + DVec3::new(0.0, -d, 0.0);
            let drawn = (soft_reach(root, target, 0.86, 0.02) - root).length();
            assert!(
                drawn <= 0.86 && drawn > 0.84 - 1e-9,
                "{d} m drawn to {drawn} m"
            );
        }
        // A soft zone longer than the limb never draws a target through
        // the root; a soft reach that is not a positive number is off.
        let near = root + DVec3::new(0.0, -0.01, 0.0);
        let far = root + DVec3::new(0.0, -2.0, 0.0);
        for soft in [1.0, 5.0] {
            for target in [root, near, far] {
                let out = soft_reach(root, target, 0.86, soft);
                assert!(out.is_finite(), "soft {soft}: {out}");
                assert!(
                    (out - root).dot(target - root) >= 0.0,
                    "soft {soft}: {target} drawn to {out}"
                );
                assert!((out - root).length() <= 0.86 + 1e-9, "soft {soft}: {out}");
            }
        }
        for soft in [f64::INFINITY, f64::NAN, -0.02] {
            assert_eq!(soft_reach(root, far, 0.86, soft), far, "soft {soft}");
        }
    }

    #[test]
    fn a_foot_moved_steadily_past_full_reach_bends_the_knee_steadily() {
        // A foot target walked away from the hip 1 mm a tick, through the
        // leg's full length: the knee's bend changes smoothly with soft
        // reach; without it the knee snaps straight in the last millimetres.
        let (root, upper, lower) = (DVec3::new(0.0, 0.9, 0.0), 0.44, 0.42);
        let knee_bend = |soft: f64, d: f64| {
            let target = soft_reach(
                root,
                root + DVec3::new(0.0, -d, 0.05 * d),
                upper + lower,
                soft,
            );
            let sol = solve_two_bone(root, target, upper, lower, DVec3::Z);
            let thigh = (sol.middle - root).normalize();
            let shin = (target - sol.middle).normalize();
            thigh.angle_between(shin).to_degrees()
        };
        let largest_change = |soft: f64| {
            (0..200)
                .map(|k| {
                    let d = 0.76 + k as f64 * 0.001;
                    (knee_bend(soft, d + 0.001) - knee_bend(soft, d)).abs()
                })
                .fold(0.0, f64::max)
        };
        let (hard, soft) = (largest_change(0.0), largest_change(0.02));
        assert!(soft < 1.5, "soft reach: {soft} degrees in a millimetre");
        assert!(
            hard > 2.0 * soft,
            "hard {hard}, soft {soft} degrees in a millimetre"
        );
    }
}
