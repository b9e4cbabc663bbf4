//! The locomotion force array: where the feet go. The kinematic reference
//! already steps its feet to follow the headset (`crate::stepping`); what it
//! cannot know is the simulated body's own momentum. Here:
//!
//! - **Recovery step**: the capture point of the simulated centre of mass
//!   (`c + v / omega0`, `omega0 = sqrt(g / h)`, the linear inverted pendulum)
//!   is compared with the feet that stand; when it leaves them by more than a
//!   margin, a foot swings (a minimum-jerk arc, lifted early) to where the
//!   capture point will be when it lands, predicted from the sole of the
//!   foot that stays; a foot never crosses in front of or behind the other
//!   (a push to the right is caught by the right foot). The swing leg is
//!   posed by two-bone IK from the simulated hip, its foot turning flat from
//!   how it left the floor.
//! - **Standing legs during a recovery**: each standing foot is held where
//!   it stands and its leg posed from where the pelvis should be (over the
//!   middle of the feet once a step has landed, low enough for the legs to
//!   reach, rising slowly); once the body is still, a closing step brings
//!   the other foot beside the stepped one and the legs return to the
//!   reference's pose. (Measured: this does not keep a pushed body up; the
//!   torque-level `super::stepping_balance` does. See docs/notes/push-rounds.md.)
//! - **Turning on the stance leg**: while one foot stands, its hip turns the
//!   pelvis toward the reference's heading (a PD about the vertical).
//!
//! The array reports the torques that produce the step (the PD of the
//! overridden leg as the motors apply it at the start of the step) and the
//! turning torque.

use posewire_body::glam::DVec3;
use posewire_body::ik::{knee_pole, leg_rest, limb_rotations, solve_two_bone};
use posewire_body::transform::{align_hemisphere, yaw_of, yaw_rotation};
use posewire_body::{BodyPose, Joint, JointMap, Side};

use super::balance::Stance;
use super::convert::{q64, v64};
use super::force_array::ForceArray;
use super::sim_avatar::SimAvatar;
use super::world::RapierWorld;

/// Settings of the locomotion controller.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
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
    /// Half the length of a foot's support about its ankle, metres (the
    /// capture point within it needs no step).
    pub foot_reach_m: f64,
    /// How far the centre of pressure reaches ahead of the ankle within a
    /// sole, metres.
    pub sole_front_m: f64,
    /// How far it reaches behind the ankle, metres.
    pub sole_back_m: f64,
    /// How far it reaches to either side, metres.
    pub sole_half_width_m: f64,
    /// How long a landed step stands before the next may start, seconds.
    pub settle_s: f64,
    /// How long after a landing the body must be still before a closing
    /// step, seconds.
    pub close_after_s: f64,
    /// Below this centre-of-mass speed the body counts as still, m/s.
    pub calm_speed: f64,
    /// A foot within this of where the reference places it needs no closing
    /// step, metres.
    pub close_tolerance_m: f64,
    /// How far to its own side of the other foot a stepping foot lands at
    /// least, metres (no crossed legs).
    pub step_width_m: f64,
    /// How far the standing legs may aim the pelvis from where it is,
    /// metres (bounds their push).
    pub max_pelvis_shift_m: f64,
    /// How straight a posed leg may get, as a share of its length.
    pub leg_reach: f64,
    /// How straight a standing leg may get while the body recovers, as a
    /// share of its length (lower than `leg_reach`: a split stance needs a
    /// lower pelvis to keep both soles flat).
    pub stance_reach: f64,
    /// How fast the standing legs may raise the pelvis, m/s.
    pub rise_speed: f64,
    /// The longest a recovery lasts, seconds.
    pub recovery_timeout_s: f64,
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
            overshoot: 0.1,
            max_step_m: 0.7,
            foot_reach_m: 0.12,
            sole_front_m: 0.15,
            sole_back_m: 0.05,
            sole_half_width_m: 0.03,
            settle_s: 0.1,
            close_after_s: 0.3,
            calm_speed: 0.15,
            close_tolerance_m: 0.08,
            step_width_m: 0.12,
            max_pelvis_shift_m: 0.15,
            leg_reach: 0.97,
            stance_reach: 0.94,
            rise_speed: 0.3,
            recovery_timeout_s: 4.0,
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
    /// How many recovery steps were taken (closing steps included).
    pub steps_taken: usize,
    /// While the body recovers from a push: where its feet stand.
    pub recovery: Option<Recovery>,
}

/// A recovery under way: from the first recovery step until the body is
/// still again over feet placed as the reference places them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Recovery {
    /// Where each ankle stands (left, right), world; a stepping foot's entry
    /// is where it landed.
    pub feet: [DVec3; 2],
    /// Each foot's heading, radians.
    pub yaw: [f64; 2],
    /// When the recovery started, seconds.
    pub since_s: f64,
    /// When the last step landed, seconds.
    pub landed_s: f64,
    /// When and how high the standing legs last aimed the pelvis.
    pub pelvis_target: Option<(f64, f64)>,
}

/// Each leg's hip, knee, ankle and toe, left then right.
pub(super) const LEGS: [[Joint; 4]; 2] = [
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

/// Poses leg `foot` (0 left, 1 right) in `pose` (world rotations) so that
/// from a hip at `hip` its ankle reaches `ankle`, the knee bending forward
/// along the foot's heading `yaw` and the foot flat; `blend` is how much of
/// that pose replaces the leg's (1: all of it).
#[allow(clippy::too_many_arguments)]
fn pose_leg(
    pose: &mut BodyPose,
    sk: &posewire_body::Skeleton,
    foot: usize,
    hip: DVec3,
    ankle: DVec3,
    yaw: f64,
    blend: f64,
    leg_reach: f64,
) {
    let leg = LEGS[foot];
    let side = if foot == 0 { Side::Left } else { Side::Right };
    let upper = sk.offsets[leg[1]].length();
    let lower = sk.offsets[leg[2]].length();
    // Keep the knee a little bent: a straight leg has no bend plane, and its
    // twist would be arbitrary.
    let reach = leg_reach * (upper + lower);
    let mut ankle = ankle;
    let d = ankle - hip;
    if d.length() > reach {
        ankle = hip + d.normalize_or(DVec3::NEG_Y) * reach;
    }
    let sol = solve_two_bone(hip, ankle, upper, lower, knee_pole(yaw_rotation(yaw), side));
    let rest = leg_rest(side);
    let (thigh, shin) = limb_rotations(hip, &sol, rest.upper_dir, rest.hinge_axis);
    let foot_rot = yaw_rotation(yaw);
    for (j, q) in [
        (leg[0], thigh),
        (leg[1], shin),
        (leg[2], foot_rot),
        (leg[3], foot_rot),
    ] {
        let from = pose.rotations[j];
        pose.rotations[j] = from.slerp(align_hemisphere(q, from), blend).normalize();
    }
}

/// Minimum-jerk progress, 0..1.
fn min_jerk(s: f64) -> f64 {
    let s = s.clamp(0.0, 1.0);
    s * s * s * (10.0 - 15.0 * s + 6.0 * s * s)
}

fn flat(p: DVec3) -> DVec3 {
    DVec3::new(p.x, 0.0, p.z)
}

/// The point of the support (the segment between the standing feet, or one
/// foot, widened by `reach`) nearest to `x` on the floor, and how far `x` is
/// outside it (negative: inside).
fn support_nearest(x: DVec3, feet: &[DVec3], reach: f64) -> (DVec3, f64) {
    let x = flat(x);
    let core = match feet {
        [a] => flat(*a),
        [a, b, ..] => {
            let (a, b) = (flat(*a), flat(*b));
            let ab = b - a;
            let s = if ab.length_squared() > 1e-9 {
                ((x - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
            } else {
                0.0
            };
            a + ab * s
        }
        [] => return (x, 0.0),
    };
    let d = (x - core).length();
    let nearest = if d > reach {
        core + (x - core) * (reach / d)
    } else {
        x
    };
    (nearest, d - reach)
}

/// What [`Locomotion::plan`] reads of the simulated body this step.
struct SimulatedBody {
    /// Centre of mass and its velocity.
    c: DVec3,
    v: DVec3,
    /// Both ankles and their headings.
    feet: [DVec3; 2],
    foot_yaw: [f64; 2],
    /// The pelvis bone.
    pelvis: posewire_body::Transform,
}

/// The feet that stand: the recovery's (but the one in the air), else
/// the simulated feet the stance says are down.
fn standing_feet(
    state: &LocomotionState,
    stance: Stance,
    body: &SimulatedBody,
    swinging: bool,
) -> Vec<DVec3> {
    match state.recovery {
        Some(r) => (0..2)
            .filter(|&i| !(swinging && state.step.is_some_and(|s| s.foot == i)))
            .map(|i| r.feet[i])
            .collect(),
        None => [stance.left, stance.right]
            .iter()
            .zip(body.feet)
            .filter(|(on, _)| **on)
            .map(|(_, p)| p)
            .collect(),
    }
}

impl Locomotion {
    /// Updates the recovery and poses the legs in `reference` (world
    /// rotations, chosen so that the motors, which track rotations relative
    /// to the reference's parent bones, bring the simulated feet where they
    /// should be); returns the turning torques. `t` is the time of this step.
    ///
    /// A recovery runs from the first recovery step until the body is still
    /// again over feet placed as the reference's are: each standing foot is
    /// held where it stands and its leg posed from where the pelvis should
    /// be (over the middle of the feet once the step has landed, low enough
    /// for both legs to reach): in a split stance the two legs push the body
    /// back between them (the stance legs' support); the swing leg goes to
    /// the capture point; once the body is still, a closing step brings the
    /// other foot beside the stepped one, and the legs return to the
    /// reference's pose.
    #[allow(clippy::too_many_arguments)]
    pub fn plan(
        &self,
        state: &mut LocomotionState,
        avatar: &SimAvatar,
        world: &RapierWorld,
        reference: &mut BodyPose,
        stance: Stance,
        t: f64,
    ) -> ForceArray {
        let (Some(left), Some(right), Some(pelvis)) = (
            avatar.bone(world, LEGS[0][2]),
            avatar.bone(world, LEGS[1][2]),
            avatar.bone(world, Joint::Pelvis),
        ) else {
            return ForceArray::ZERO;
        };
        let (c, v, _) = avatar.centre_of_mass(world);
        let body = SimulatedBody {
            c,
            v,
            feet: [left.position, right.position],
            foot_yaw: [yaw_of(left.rotation), yaw_of(right.rotation)],
            pelvis,
        };
        let ref_pos = reference.positions(&avatar.skeleton);
        let swinging = self.swinging(state, t);
        self.end_recovery(state, &body, &ref_pos, swinging, t);
        let standing = standing_feet(state, stance, &body, swinging);
        let settled = state
            .recovery
            .is_none_or(|r| t - r.landed_s >= self.settle_s);
        if !swinging && settled {
            self.start_step(state, &body, &standing, (reference, &ref_pos), t);
        }
        let swinging = self.swinging(state, t);
        if let Some(r) = state.recovery {
            self.pose_standing_legs(state, r, &body, (avatar, reference, &ref_pos), swinging, t);
        }
        if let (Some(step), true) = (state.step, swinging || state.recovery.is_some()) {
            if !self.pose_stepping_leg(step, &body, (avatar, world, reference), t) {
                return ForceArray::ZERO;
            }
        }
        self.turn_on_stance(avatar, world, reference, stance)
    }

    /// Whether the step under way is still in the air at `t`.
    fn swinging(&self, state: &LocomotionState, t: f64) -> bool {
        state.step.is_some_and(|s| t - s.start_s < self.step_time_s)
    }

    /// A step that has just landed: its foot stands where it is. The
    /// recovery ends when the reference's own foot comes to the last step
    /// (the headset moved there too) or after a while.
    fn end_recovery(
        &self,
        state: &mut LocomotionState,
        body: &SimulatedBody,
        ref_pos: &JointMap<DVec3>,
        swinging: bool,
        t: f64,
    ) {
        if let (Some(step), Some(r)) = (state.step, state.recovery.as_mut()) {
            if !swinging && r.landed_s < step.start_s {
                r.feet[step.foot] = body.feet[step.foot];
                r.yaw[step.foot] = step.yaw;
                r.landed_s = t;
            }
        }
        if let (Some(step), Some(r)) = (state.step, state.recovery) {
            let ref_foot = ref_pos[LEGS[step.foot][2]];
            if !swinging
                && ((flat(ref_foot) - flat(step.to)).length() < 0.1
                    || t - r.since_s > self.recovery_timeout_s)
            {
                state.step = None;
                state.recovery = None;
            }
        }
    }

    /// A recovery step when the capture point leaves the standing feet;
    /// else, over split feet once the body is calm, a closing step.
    fn start_step(
        &self,
        state: &mut LocomotionState,
        body: &SimulatedBody,
        standing: &[DVec3],
        (reference, ref_pos): (&BodyPose, &JointMap<DVec3>),
        t: f64,
    ) {
        let floor = standing.iter().map(|p| p.y).fold(f64::INFINITY, f64::min);
        if standing.is_empty() || !floor.is_finite() {
            return;
        }
        let (c, v, feet) = (body.c, body.v, body.feet);
        let h = (c.y - floor).max(0.3);
        let omega0 = (self.gravity / h).sqrt();
        let xi = DVec3::new(c.x + v.x / omega0, 0.0, c.z + v.z / omega0);
        let (_, outside) = support_nearest(xi, standing, self.foot_reach_m);
        if outside > self.recovery_margin_m && v.length() > 0.1 {
            // Where the capture point will be when the foot lands: the
            // linear inverted pendulum on the foot that stays diverges
            // as exp(omega0 t) from the point of that foot it can push
            // from.
            let grow = (omega0 * self.step_time_s).exp();
            let (foot, mut to) = self.choose_foot(
                feet,
                body.foot_yaw,
                xi,
                c,
                grow,
                yaw_of(body.pelvis.rotation),
            );
            to.y = floor;
            let r = state.recovery.get_or_insert(Recovery {
                feet,
                yaw: body.foot_yaw,
                since_s: t,
                landed_s: f64::NEG_INFINITY,
                pelvis_target: None,
            });
            r.feet[1 - foot] = if standing.len() == 2 {
                r.feet[1 - foot]
            } else {
                feet[1 - foot]
            };
            state.step = Some(RecoveryStep {
                foot,
                from: feet[foot],
                to,
                start_s: t,
                yaw: r.yaw[foot],
            });
            state.steps_taken += 1;
        } else if let (Some(r), Some(last)) = (state.recovery, state.step) {
            // Still over split feet: a closing step brings the other
            // foot beside the one that stepped, where the reference
            // places it.
            let calm = t - r.landed_s >= self.close_after_s && v.length() < self.calm_speed;
            if calm && outside <= 0.0 {
                let front = last.foot;
                let other = 1 - front;
                let turn = yaw_rotation(yaw_of(body.pelvis.rotation))
                    * yaw_rotation(yaw_of(reference.rotations[Joint::Pelvis])).inverse();
                let offset = turn * flat(ref_pos[LEGS[other][2]] - ref_pos[LEGS[front][2]]);
                let mut to = flat(r.feet[front]) + offset;
                to.y = r.feet[front].y;
                if (flat(to) - flat(r.feet[other])).length() > self.close_tolerance_m {
                    state.step = Some(RecoveryStep {
                        foot: other,
                        from: feet[other],
                        to,
                        start_s: t,
                        yaw: r.yaw[front],
                    });
                    state.steps_taken += 1;
                } else {
                    state.recovery = None;
                    state.step = None;
                }
            }
        }
    }

    /// The standing legs during a recovery: each foot held where it
    /// stands, the leg posed from where the pelvis should be.
    fn pose_standing_legs(
        &self,
        state: &mut LocomotionState,
        r: Recovery,
        body: &SimulatedBody,
        (avatar, reference, ref_pos): (&SimAvatar, &mut BodyPose, &JointMap<DVec3>),
        swinging: bool,
        t: f64,
    ) {
        let sk = avatar.skeleton;
        let pelvis = body.pelvis;
        let stand_h = ref_pos[Joint::Pelvis].y - ref_pos[LEGS[0][2]].y.min(ref_pos[LEGS[1][2]].y);
        let held: Vec<usize> = (0..2)
            .filter(|&i| !(swinging && state.step.is_some_and(|s| s.foot == i)))
            .collect();
        let ref_rot = reference.rotations[Joint::Pelvis];
        let mut target = if swinging {
            // Falling toward the step: the standing leg holds the
            // height and lets the body pivot over its foot.
            flat(pelvis.position)
        } else {
            // Over the middle of the feet.
            let mid = held.iter().map(|&i| flat(r.feet[i])).sum::<DVec3>() / held.len() as f64;
            let want = mid + flat(pelvis.position - body.c);
            let d = want - flat(pelvis.position);
            flat(pelvis.position) + d.clamp_length_max(self.max_pelvis_shift_m)
        };
        let floor = held
            .iter()
            .map(|&i| r.feet[i].y)
            .fold(f64::INFINITY, f64::min);
        let mut y = floor + stand_h;
        let upper = sk.offsets[LEGS[0][1]].length();
        let lower = sk.offsets[LEGS[0][2]].length();
        let reach = self.stance_reach * (upper + lower);
        for &i in &held {
            let hip = ref_rot * sk.offsets[LEGS[i][0]];
            // Reached from where the pelvis is as well as from where it
            // should be (a foot that cannot reach rises on its toes,
            // and then neither pushes nor holds).
            let d = (flat(target + hip) - flat(r.feet[i]))
                .length()
                .min(reach * 0.95);
            y = y.min(r.feet[i].y + (reach * reach - d * d).sqrt() - hip.y);
        }
        // Never far from where the pelvis is: a standing leg that
        // straightens at once throws the body up.
        // The height rises no faster than `rise_speed` from where it
        // was aimed before (straightened at once, a standing leg throws
        // the body up; held at the pelvis's height, it lets it sink).
        let last = state
            .recovery
            .and_then(|r| r.pelvis_target)
            .unwrap_or((t, pelvis.position.y));
        let rise = self.rise_speed * (t - last.0).max(0.0);
        target.y = y.min(last.1.max(pelvis.position.y) + rise);
        if let Some(r) = state.recovery.as_mut() {
            r.pelvis_target = Some((t, target.y));
        }
        for &i in &held {
            let hip = target + ref_rot * sk.offsets[LEGS[i][0]];
            pose_leg(
                reference,
                &sk,
                i,
                hip,
                r.feet[i],
                r.yaw[i],
                1.0,
                self.leg_reach,
            );
        }
    }

    /// Poses the stepping leg from the simulated hip; false if the hip's
    /// body is missing.
    fn pose_stepping_leg(
        &self,
        step: RecoveryStep,
        body: &SimulatedBody,
        (avatar, world, reference): (&SimAvatar, &RapierWorld, &mut BodyPose),
        t: f64,
    ) -> bool {
        let s = (t - step.start_s) / self.step_time_s.max(1e-3);
        if s >= 1.0 {
            return true;
        }
        let sk = avatar.skeleton;
        let along = min_jerk(s);
        let mut ankle = step.from + (step.to - step.from) * along;
        // Up early (a foot that stood on its toes clears the floor
        // at once), down late.
        let sc = s.clamp(0.0, 1.0);
        ankle.y += self.lift_m * (4.0 * sc * (1.0 - sc)).sqrt();
        let Some(hip) = avatar.bone(world, LEGS[step.foot][0]) else {
            return false;
        };
        // World rotations the motors should reach from the simulated
        // pelvis, re-expressed from the reference's pelvis.
        let shift = reference.rotations[Joint::Pelvis] * body.pelvis.rotation.inverse();
        // Blended in over the first fifth of the swing, so the
        // motors do not kick the leg from the reference's pose to
        // the step's.
        let blend = (s / 0.2).clamp(0.0, 1.0);
        let before = *reference;
        pose_leg(
            reference,
            &sk,
            step.foot,
            hip.position,
            ankle,
            step.yaw,
            1.0,
            self.leg_reach,
        );
        // The foot turns flat from how it left the floor (turned at
        // once, a foot on its toes digs them in and throws the body
        // up).
        let sim_foot = avatar
            .bone(world, LEGS[step.foot][2])
            .map_or(reference.rotations[LEGS[step.foot][2]], |b| b.rotation);
        let flat_foot = reference.rotations[LEGS[step.foot][2]];
        let foot_now = sim_foot.slerp(align_hemisphere(flat_foot, sim_foot), min_jerk(s / 0.5));
        for j in [LEGS[step.foot][2], LEGS[step.foot][3]] {
            reference.rotations[j] = foot_now;
        }
        for j in LEGS[step.foot] {
            let from = before.rotations[j];
            let to = shift * reference.rotations[j];
            reference.rotations[j] = from.slerp(align_hemisphere(to, from), blend).normalize();
        }
        true
    }

    /// Turning on a single stance leg: its hip turns the pelvis toward the
    /// reference's heading (a PD about the vertical).
    fn turn_on_stance(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        reference: &BodyPose,
        stance: Stance,
    ) -> ForceArray {
        let mut out = ForceArray::ZERO;
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

impl Locomotion {
    /// Which foot steps and where it lands: for each foot, the capture
    /// point `xi` is carried forward by `grow` from the nearest point of the
    /// other foot's sole (the one it will stand on, with heading
    /// `feet_yaw`) to where it will be at landing, a little beyond it; a
    /// foot does not cross in front of or behind the other (it lands at
    /// least `step_width_m` to its own side of it, across the heading
    /// `yaw`) and steps no farther than `max_step_m` from it; of the two, the
    /// one that gets closer to where it should land, and on a tie the one
    /// with the shorter swing.
    fn choose_foot(
        &self,
        feet: [DVec3; 2],
        feet_yaw: [f64; 2],
        xi: DVec3,
        c: DVec3,
        grow: f64,
        yaw: f64,
    ) -> (usize, DVec3) {
        let left_axis = yaw_rotation(yaw) * DVec3::X;
        let mut best: Option<(f64, usize, DVec3)> = None;
        for foot in 0..2 {
            let other = flat(feet[1 - foot]);
            // The sole: from the heel to the toes along the foot, narrow
            // across it.
            let q = yaw_rotation(feet_yaw[1 - foot]);
            let local = q.inverse() * (flat(xi) - other);
            let cop = other
                + q * DVec3::new(
                    local
                        .x
                        .clamp(-self.sole_half_width_m, self.sole_half_width_m),
                    0.0,
                    local.z.clamp(-self.sole_back_m, self.sole_front_m),
                );
            let landing = cop + (flat(xi) - cop) * grow;
            let want = landing + (landing - flat(c)) * self.overshoot;
            let sign = if foot == 0 { 1.0 } else { -1.0 };
            let mut to = want;
            let lateral = (to - other).dot(left_axis) * sign;
            if lateral < self.step_width_m {
                to += left_axis * sign * (self.step_width_m - lateral);
            }
            let from_other = to - other;
            if from_other.length() > self.max_step_m {
                to = other + from_other.normalize() * self.max_step_m;
            }
            let cost = (to - want).length() + 0.1 * (to - flat(feet[foot])).length();
            if best.is_none_or(|b| cost < b.0 - 1e-9) {
                best = Some((cost, foot, to));
            }
        }
        best.map_or((0, flat(xi)), |b| (b.1, b.2))
    }
}
