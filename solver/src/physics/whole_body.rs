//! Whole-body inverse-dynamics tracking with an unactuated floating base
//! (issue 41, part A, round 5), recomputed before every physics substep.
//!
//! From the reference, the wanted generalised accelerations `qdd`: a PD
//! per joint toward the reference's relative rotation and rate, a PD of
//! the pelvis toward the reference root and pelvis turn (the balance
//! task), and for each standing foot the stance leg's accelerations
//! re-solved (least squares on its free axes) so that the foot does not
//! accelerate. The base rows of `M qdd + h` ([`super::articulated`]) are
//! the wrench the motion needs from outside the body; it is shared over
//! the standing feet's contact points inside friction cones
//! ([`super::contact_qp`]); what the feet cannot give is the residual,
//! applied at the pelvis from outside, capped, and reported as the assist.
//! Where the cap cuts it, the base's wanted acceleration is lowered by
//! what was cut (`M_bb^-1`) and the contacts shared again: the body
//! follows the reference only as far as its feet can push it. The joint
//! torques are the joint rows of `M qdd + h - J_c^T f`, applied as equal
//! and opposite torques on each joint's two bodies, with the joint motors
//! off (the arms keep their motors by default).

use posewire_body::glam::{DMat3, DQuat, DVec3};
use posewire_body::{BodyPose, Joint, JointMap};

use super::articulated::{get, put, ArticulatedBody};
use super::balance::Stance;
use super::contact_qp::{distribute, wrench_of, DistributionSettings, Wrench};
use super::convert::{pose64, v64};
use super::joint_frames::AxisRange;
use super::leg_task::{foot_with_leg_still, leg_columns, solve_leg, FootWant};
use super::sim_avatar::SimAvatar;
use super::vectors::{clamp_len, rotvec};
use super::whole_body_dcm::{centre_of_pressure_of, CapturePointBase, ComReference};
use super::world::RapierWorld;

/// Settings of the whole-body controller (`[solver.physics.whole_body]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WholeBody {
    /// Whether it drives the body (off by default: `docs/notes/own-feet.md`,
    /// round 5).
    pub enabled: bool,
    /// Physics steps per tick while it acts.
    pub substeps: usize,
    /// Natural frequency of each joint's PD on its acceleration, Hz.
    pub joint_hz: f64,
    /// Natural frequency of the pelvis position's PD, Hz.
    pub root_hz: f64,
    /// Natural frequency of the pelvis turn's PD, Hz.
    pub torso_hz: f64,
    /// Damping ratio of the PDs.
    pub damping_ratio: f64,
    /// Largest wanted joint acceleration, rad/s^2.
    pub max_joint_accel: f64,
    /// How fast a standing foot's remaining velocity is taken out, 1/s.
    pub foot_rate: f64,
    /// Weight of the joint PD in a stance leg's solve against keeping the
    /// foot still (small: the foot wins).
    pub stance_pd_weight: f64,
    /// Friction coefficient of the contact cones.
    pub friction: f64,
    /// Weight of a moment error (per N m) against a force error (per N).
    pub moment_weight: f64,
    /// Penalty on the contact forces.
    pub regulariser: f64,
    /// Gauss-Seidel sweeps of the contact solve.
    pub sweeps: usize,
    /// Largest residual force at the pelvis, share of the weight.
    pub residual_share: f64,
    /// Largest residual moment at the pelvis, N m per kg.
    pub residual_torque_n_m_kg: f64,
    /// The share of their setting the head's and hands' springs keep
    /// (measured standing: 1.0 gave a 753 N assist median as the springs
    /// fought the computed torques, 0.3 318 N, 0 9 N).
    pub end_share: f64,
    /// Whether the arms keep their joint motors (and their gravity
    /// compensation) instead of the computed torques.
    pub arms_by_motors: bool,
    /// Corners within this height of a standing foot's lowest are its
    /// contact points, metres.
    pub contact_band_m: f64,
    /// Whether the base's wanted acceleration is lowered by what the
    /// residual's cap cut (a second pass). Off, the torques are those of
    /// the wanted motion whatever the feet allow: measured standing, a
    /// 20 N s push then threw the body apart (head 10-950 m off).
    pub lower_base: bool,
    /// Whether the joints' PDs aim at the motors' targets (the reference's
    /// local angles held inside each joint's range) instead of the
    /// reference's rotation relative to the simulated parent.
    pub in_range_targets: bool,
    /// Whether the accelerations, contact forces and residual are one QP
    /// (`super::whole_body_qp`) instead of the sequence (PD, stance legs,
    /// contacts, cut).
    pub one_qp: bool,
    /// In the QP: weight of the base's linear acceleration error, per kg
    /// of body.
    pub qp_base_linear: f64,
    /// ... of the base's angular acceleration error.
    pub qp_base_angular: f64,
    /// ... of a joint's acceleration error.
    pub qp_joint: f64,
    /// ... of the residual (per N^2).
    pub qp_residual: f64,
    /// Whether the plan keeps off the joints' limits: within
    /// [`WholeBody::limit_margin_rad`] of a limit, a wanted acceleration
    /// further into it is dropped (rapier's limit holds the joint there, so
    /// its reaction would otherwise be asked of the feet and the residual).
    pub limits_in_plan: bool,
    /// How near a limit a joint counts as at it, radians.
    pub limit_margin_rad: f64,
    /// Whether every foot touching the floor shares the base wrench (its
    /// contact force is in the plan), not only those the reference stands
    /// on; only the latter are held still.
    pub touching_feet_carry: bool,
    /// Natural frequency of the swing foot's task, Hz (0: off): a foot the
    /// reference does not stand on is driven toward the reference's foot
    /// (its ankle's position and velocity, the foot's rotation) through its
    /// leg's joints, as a stance foot is held.
    pub swing_hz: f64,
    /// When positive, a touching foot stands (is held, carries) while the
    /// reference's ankle moves slower than this along the floor, m/s,
    /// whatever its height (0: the reference ankle within 3 cm of standing
    /// height); the reference's feet are then also lowered together until
    /// the lower one is at standing height, for the swing task.
    pub stance_speed_m_s: f64,
    /// Natural frequency of the centre of mass's horizontal PD toward the
    /// sole of the foot it is aimed over ([`WholeBodyTarget::com_over`]: a
    /// weight shift, a one-foot stance), Hz.
    pub com_hz: f64,
    /// How far inside the support the centre of pressure that task asks is
    /// held, m.
    pub com_margin_m: f64,
    /// Gravity, m/s^2.
    pub gravity: f64,
    /// Stepping when the capture point leaves the feet
    /// (`super::whole_body_step`).
    pub stepping: super::whole_body_step::WholeBodyStepping,
    /// The base's horizontal motion from the centre of mass's capture
    /// point (`super::whole_body_dcm`).
    pub capture_point: CapturePointBase,
}

impl Default for WholeBody {
    fn default() -> Self {
        WholeBody {
            enabled: false,
            substeps: 4,
            joint_hz: 6.0,
            root_hz: 2.0,
            torso_hz: 3.0,
            damping_ratio: 1.0,
            max_joint_accel: 400.0,
            foot_rate: 20.0,
            stance_pd_weight: 1e-3,
            friction: 0.8,
            moment_weight: 3.0,
            regulariser: 1e-4,
            sweeps: 60,
            residual_share: 0.15,
            residual_torque_n_m_kg: 0.5,
            end_share: 0.0,
            arms_by_motors: true,
            contact_band_m: 0.025,
            lower_base: true,
            in_range_targets: false,
            one_qp: false,
            qp_base_linear: 1.0,
            qp_base_angular: 10.0,
            qp_joint: 1.0,
            qp_residual: 1.0,
            limits_in_plan: true,
            limit_margin_rad: 0.02,
            touching_feet_carry: false,
            swing_hz: 0.0,
            stance_speed_m_s: 0.0,
            com_hz: 1.0,
            com_margin_m: 0.01,
            gravity: 9.81,
            stepping: Default::default(),
            capture_point: Default::default(),
        }
    }
}

/// What a tick asks of the controller.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WholeBodyTarget {
    /// The reference pose.
    pub reference: BodyPose,
    /// Per joint, the reference's rate of its rotation relative to its
    /// parent, in the parent's frame, rad/s.
    pub rates: JointMap<DVec3>,
    /// The reference root's velocity, m/s.
    pub root_velocity: DVec3,
    /// The reference pelvis's angular velocity, world, rad/s.
    pub pelvis_rate: DVec3,
    /// The feet that may carry (the reference stands on them).
    pub stance: Stance,
    /// The joint motors' targets of the reference (angles and rates, frame
    /// axes).
    pub motors: super::inverse_dynamics::MotorTargets,
    /// The reference's ankles (left, right): position and velocity, world
    /// (zero until the controller sets them).
    pub ankles: [(DVec3, DVec3); 2],
    /// The swing foot's task while the body steps (its foot is out of
    /// `stance`).
    pub swing: Option<super::whole_body_step::SwingTask>,
    /// The foot (0 left, 1 right) whose sole the centre of mass is aimed
    /// over, horizontally, instead of the pelvis at the reference root: the
    /// weight shift before the other foot lifts, and the one-foot stance.
    pub com_over: Option<usize>,
    /// Where the capture-point base aims the centre of mass (the
    /// reference's, or the stepping's while it recovers).
    pub com_reference: Option<ComReference>,
}

impl WholeBodyTarget {
    /// The target of `reference`, with rates from `previous` `dt` ago.
    pub fn new(
        reference: &BodyPose,
        previous: Option<&BodyPose>,
        dt: f64,
        stance: Stance,
        motors: super::inverse_dynamics::MotorTargets,
    ) -> WholeBodyTarget {
        let mut rates = JointMap::splat(DVec3::ZERO);
        let (mut root_velocity, mut pelvis_rate) = (DVec3::ZERO, DVec3::ZERO);
        if let Some(prev) = previous.filter(|_| dt > 0.0) {
            for j in Joint::ALL {
                let Some(p) = j.parent() else {
                    continue;
                };
                let local = |b: &BodyPose| b.rotations[p].inverse() * b.rotations[j];
                rates[j] = clamp_len(
                    rotvec(local(reference) * local(prev).inverse()) / dt,
                    super::inverse_dynamics::MAX_RATE,
                );
            }
            root_velocity = (reference.root - prev.root) / dt;
            pelvis_rate = rotvec(
                reference.rotations[Joint::Pelvis] * prev.rotations[Joint::Pelvis].inverse(),
            ) / dt;
        }
        WholeBodyTarget {
            reference: *reference,
            rates,
            root_velocity,
            pelvis_rate,
            stance,
            motors,
            ankles: [(DVec3::ZERO, DVec3::ZERO); 2],
            swing: None,
            com_over: None,
            com_reference: None,
        }
    }
}

/// One substep's output.
#[derive(Debug, Clone, PartialEq)]
pub struct WholeBodyForces {
    /// Joint torques (frame axes) for the joints it drives.
    pub torques: JointMap<DVec3>,
    /// Which joints it drives (their motors are off).
    pub driven: JointMap<bool>,
    /// The residual at the pelvis origin from outside: force, N.
    pub residual_force: DVec3,
    /// ... and moment about the pelvis origin, N m.
    pub residual_moment: DVec3,
    /// What the contacts were asked to carry together, N.
    pub carried: DVec3,
    /// ... and its moment about the pelvis origin, N m.
    pub carried_moment: DVec3,
    /// The planned generalised accelerations
    /// ([`super::articulated::ArticulatedBody`]'s order).
    pub qdd: Vec<f64>,
    /// The centre of pressure of the wrench the contacts were asked for
    /// (on the floor), when it presses.
    pub planned_cop: Option<DVec3>,
}

/// Where the centre of mass is aimed, horizontally.
#[derive(Debug, Clone, Copy, PartialEq)]
enum ComAim {
    /// Over a foot's sole (0 left, 1 right): the weight shift.
    Sole(usize),
    /// Tracking a capture point (the capture-point base).
    Capture(ComReference),
}

pub(super) const LEGS: [[Joint; 3]; 2] = [
    [Joint::LeftHip, Joint::LeftKnee, Joint::LeftAnkle],
    [Joint::RightHip, Joint::RightKnee, Joint::RightAnkle],
];

fn is_arm(j: Joint) -> bool {
    matches!(
        j,
        Joint::LeftClavicle
            | Joint::RightClavicle
            | Joint::LeftShoulder
            | Joint::RightShoulder
            | Joint::LeftElbow
            | Joint::RightElbow
            | Joint::LeftWrist
            | Joint::RightWrist
    )
}

impl WholeBody {
    /// Physics steps per tick: [`WholeBody::substeps`] while it acts
    /// (within 1..=16), else 1.
    pub fn steps_per_tick(&self) -> usize {
        if self.enabled {
            self.substeps.clamp(1, 16)
        } else {
            1
        }
    }

    /// Whether it drives `joint` (with its motors off).
    pub fn drives(&self, joint: Joint) -> bool {
        joint.parent().is_some()
            && !matches!(joint, Joint::LeftToe | Joint::RightToe)
            && !(self.arms_by_motors && is_arm(joint))
    }

    /// This substep's torques and residual for `avatar` in `world`;
    /// `touching`: the feet in contact now.
    pub fn forces(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        target: &WholeBodyTarget,
        touching: Stance,
    ) -> Option<WholeBodyForces> {
        let (body, index) = ArticulatedBody::from_avatar(avatar, world)?;
        let n = body.dofs();
        let g = DVec3::new(0.0, -self.gravity, 0.0);
        let base = body.segments[0];
        let mass: f64 = body.segments.iter().map(|s| s.mass).sum();
        let mut qdd = self.joint_accelerations(avatar, world, &body, target);
        self.clip_at_limits(avatar, world, &body, &mut qdd);
        let mut base_acc = self.base_accelerations(&body, target);
        let cp = self.capture_point;
        if cp.enabled {
            let v = cp.max_vertical_accel.abs();
            base_acc.0.y = base_acc.0.y.clamp(-v, v);
        }
        put(&mut qdd, 0, base_acc.0);
        put(&mut qdd, 3, base_acc.1);
        let stance = [
            target.stance.left && touching.left,
            target.stance.right && touching.right,
        ];
        let carry = if self.touching_feet_carry {
            [touching.left, touching.right]
        } else {
            stance
        };
        let points = self.contact_points(avatar, world, &index, carry);
        if self.one_qp {
            return self.one_qp_forces(avatar, world, &body, &index, stance, &qdd, &points);
        }
        let pd = qdd.clone();
        self.hold_stance_feet(avatar, &body, &index, (stance, target), &mut qdd, &pd);
        self.swing_foot(avatar, &body, &index, target, &mut qdd, &pd);
        let aim = match (target.com_over, target.com_reference) {
            (Some(foot), _) => Some(ComAim::Sole(foot.min(1))),
            (None, Some(r)) if cp.enabled => Some(ComAim::Capture(r)),
            _ => None,
        };
        if let Some(aim) = aim {
            let ctx = Plan {
                avatar,
                world,
                body: &body,
                index: &index,
                stance,
                target,
                pd: &pd,
            };
            self.com_and_legs(&ctx, aim, &mut qdd);
            if cp.enabled && cp.turn_solve {
                self.solve_turn(&ctx, aim, g, &mut qdd);
            } else if cp.enabled && cp.turn_cap {
                self.cap_turn(&ctx, aim, g, &mut qdd);
            }
        }
        self.clip_at_limits(avatar, world, &body, &mut qdd);
        let settings = DistributionSettings {
            friction: self.friction,
            moment_weight: self.moment_weight,
            regulariser: self.regulariser,
            sweeps: self.sweeps,
        };
        let share = |gen: &[f64]| {
            let want = Wrench {
                force: get(gen, 0),
                moment: get(gen, 3),
            };
            let where_: Vec<DVec3> = points.iter().map(|p| p.1).collect();
            let f = distribute(&where_, base.origin, want, &settings);
            let got = wrench_of(&where_, &f, base.origin);
            (want, f, got)
        };
        let cap_f = self.residual_share.max(0.0) * mass * self.gravity;
        let cap_m = self.residual_torque_n_m_kg.max(0.0) * mass;
        let mut gen = body.inverse_dynamics(&qdd, g, true);
        let (mut want, mut f, mut got) = share(&gen);
        let residual = |want: Wrench, got: Wrench| {
            (
                clamp_len(want.force - got.force, cap_f),
                clamp_len(want.moment - got.moment, cap_m),
            )
        };
        let (mut rf, mut rm) = residual(want, got);
        // What the cap cut: the base accelerates less, by M_bb^-1 of it.
        let cut_f = want.force - got.force - rf;
        let cut_m = want.moment - got.moment - rm;
        if self.lower_base && cut_f.length() + cut_m.length() > 1e-6 {
            let cols = body.mass_columns(6);
            let mut mbb = [0.0; 36];
            for (c, col) in cols.iter().enumerate() {
                for r in 0..6 {
                    mbb[r * 6 + c] = col[r];
                }
            }
            let cut = [cut_f.x, cut_f.y, cut_f.z, cut_m.x, cut_m.y, cut_m.z];
            if let Some(d) = super::dense::solve_spd(&mbb, 6, &cut) {
                for k in 0..6 {
                    qdd[k] -= d[k];
                }
                self.hold_stance_feet(avatar, &body, &index, (stance, target), &mut qdd, &pd);
                self.swing_foot(avatar, &body, &index, target, &mut qdd, &pd);
                self.clip_at_limits(avatar, world, &body, &mut qdd);
                gen = body.inverse_dynamics(&qdd, g, true);
                (want, f, got) = share(&gen);
                (rf, rm) = residual(want, got);
            }
        }
        for ((seg, x), fk) in points.iter().zip(&f) {
            body.add_point_force(&mut gen, *seg, *x, -*fk);
        }
        let (torques, driven) = self.joint_torques(avatar, world, &body, &gen);
        debug_assert_eq!(gen.len(), n);
        let floor = floor_of(&points);
        Some(WholeBodyForces {
            torques,
            driven,
            residual_force: rf,
            residual_moment: rm,
            carried: got.force,
            carried_moment: got.moment,
            qdd,
            planned_cop: centre_of_pressure_of(want.force, want.moment, base.origin, floor),
        })
    }

    /// The QP's torques and residual (`one_qp`).
    #[allow(clippy::too_many_arguments)]
    fn one_qp_forces(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        body: &ArticulatedBody,
        index: &JointMap<Option<usize>>,
        stance: [bool; 2],
        qdd_pd: &[f64],
        points: &[(usize, DVec3)],
    ) -> Option<WholeBodyForces> {
        let mass: f64 = body.segments.iter().map(|s| s.mass).sum();
        let axes: Vec<(DMat3, [bool; 3])> = body
            .segments
            .iter()
            .map(|s| {
                let (Some(frame), Some(parent)) = (avatar.frame(s.joint), s.joint.parent()) else {
                    return (DMat3::IDENTITY, [false; 3]);
                };
                let p = avatar
                    .bone(world, parent)
                    .map_or(DQuat::IDENTITY, |b| b.rotation);
                (
                    frame.world_axes(p),
                    frame.axes.map(|r| matches!(r, AxisRange::Free { .. })),
                )
            })
            .collect();
        let feet: Vec<usize> = [Joint::LeftAnkle, Joint::RightAnkle]
            .into_iter()
            .zip(stance)
            .filter_map(|(j, on)| if on { index[j] } else { None })
            .collect();
        let g = DVec3::new(0.0, -self.gravity, 0.0);
        let problem = super::whole_body_qp::QpProblem {
            body,
            qdd_pd,
            axes: &axes,
            feet: &feet,
            foot_rate: self.foot_rate,
            points,
            friction: self.friction,
            gravity: g,
        };
        let weights = super::whole_body_qp::QpWeights {
            base_linear: self.qp_base_linear * mass,
            base_angular: self.qp_base_angular,
            joint: self.qp_joint,
            residual: self.qp_residual,
            regulariser: self.regulariser,
        };
        let sol = super::whole_body_qp::solve(&problem, &weights)?;
        let mut gen = body.inverse_dynamics(&sol.qdd, g, true);
        for ((seg, x), fk) in points.iter().zip(&sol.forces) {
            body.add_point_force(&mut gen, *seg, *x, -*fk);
        }
        let (torques, driven) = self.joint_torques(avatar, world, body, &gen);
        let where_: Vec<DVec3> = points.iter().map(|p| p.1).collect();
        let carried = wrench_of(&where_, &sol.forces, body.segments[0].origin);
        let cap_f = self.residual_share.max(0.0) * mass * self.gravity;
        let cap_m = self.residual_torque_n_m_kg.max(0.0) * mass;
        Some(WholeBodyForces {
            torques,
            driven,
            residual_force: clamp_len(sol.residual_force, cap_f),
            residual_moment: clamp_len(sol.residual_moment, cap_m),
            carried: carried.force,
            carried_moment: carried.moment,
            qdd: sol.qdd,
            planned_cop: None,
        })
    }

    /// The joint rows of a generalised force as torques on the joints it
    /// drives (frame axes, free axes only), and which joints those are.
    pub fn joint_torques(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        body: &ArticulatedBody,
        gen: &[f64],
    ) -> (JointMap<DVec3>, JointMap<bool>) {
        let mut torques = JointMap::splat(DVec3::ZERO);
        let mut driven = JointMap::splat(false);
        for (i, s) in body.segments.iter().enumerate().skip(1) {
            if !self.drives(s.joint) {
                continue;
            }
            let (Some(frame), Some(parent)) = (avatar.frame(s.joint), s.joint.parent()) else {
                continue;
            };
            let Some(pb) = avatar.bone(world, parent) else {
                continue;
            };
            let axes = frame.world_axes(pb.rotation);
            let tau = get(gen, ArticulatedBody::joint_row(i));
            let mut local = axes.transpose() * tau;
            for (k, r) in frame.axes.iter().enumerate() {
                if matches!(r, AxisRange::Locked) || !local[k].is_finite() {
                    local[k] = 0.0;
                }
            }
            torques[s.joint] = local;
            driven[s.joint] = true;
        }
        (torques, driven)
    }

    /// The joints' wanted accelerations (world axes, on their free axes
    /// only): a PD toward the reference's rotation relative to the
    /// simulated parent and the reference's relative rate.
    fn joint_accelerations(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        body: &ArticulatedBody,
        target: &WholeBodyTarget,
    ) -> Vec<f64> {
        let mut qdd = vec![0.0; body.dofs()];
        let w = 2.0 * std::f64::consts::PI * self.joint_hz.max(0.0);
        let z = 2.0 * self.damping_ratio.max(0.0) * w;
        let r = &target.reference.rotations;
        for (i, s) in body.segments.iter().enumerate().skip(1) {
            let j = s.joint;
            let (Some(frame), Some(parent), Some(pi)) = (avatar.frame(j), j.parent(), s.parent)
            else {
                continue;
            };
            let (Some(pb), Some(cb)) = (avatar.bone(world, parent), avatar.bone(world, j)) else {
                continue;
            };
            let p = pb.rotation;
            if self.in_range_targets {
                if let Some((angles, rates)) = avatar.joint_state(world, j) {
                    let (aim, rate) = target.motors[j];
                    let mut a = DVec3::ZERO;
                    for (k, range) in frame.axes.iter().enumerate() {
                        if let AxisRange::Free { min, max } = *range {
                            a[k] = w * w * (aim[k].clamp(min, max) - angles[k])
                                + z * (rate[k] - rates[k]);
                        }
                    }
                    let a = frame.world_axes(p) * clamp_len(a, self.max_joint_accel);
                    put(&mut qdd, ArticulatedBody::joint_row(i), a);
                }
                continue;
            }
            let want = p * (r[parent].inverse() * r[j]);
            let err = rotvec(want * cb.rotation.inverse());
            let u = s.omega - body.segments[pi].omega;
            let u_want = p * target.rates[j];
            let a = clamp_len(err * w * w + (u_want - u) * z, self.max_joint_accel);
            put(
                &mut qdd,
                ArticulatedBody::joint_row(i),
                free_part(frame.world_axes(p), &frame.axes, a),
            );
        }
        qdd
    }

    /// With [`WholeBody::limits_in_plan`], drops each joint's wanted
    /// acceleration on a free axis at one of its limits where it points
    /// further into it (frame axes; the other axes kept).
    fn clip_at_limits(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        body: &ArticulatedBody,
        qdd: &mut [f64],
    ) {
        if !self.limits_in_plan {
            return;
        }
        let margin = self.limit_margin_rad.max(0.0);
        for (i, s) in body.segments.iter().enumerate().skip(1) {
            let Some(frame) = avatar.frame(s.joint) else {
                continue;
            };
            let Some((angles, _)) = avatar.joint_state(world, s.joint) else {
                continue;
            };
            let axes = parent_axes(body, i, frame);
            let row = ArticulatedBody::joint_row(i);
            let mut local = axes.transpose() * get(qdd, row);
            let mut cut = false;
            for (k, r) in frame.axes.iter().enumerate() {
                if let AxisRange::Free { min, max } = *r {
                    let into = (angles[k] <= min + margin && local[k] < 0.0)
                        || (angles[k] >= max - margin && local[k] > 0.0);
                    if into {
                        local[k] = 0.0;
                        cut = true;
                    }
                }
            }
            if cut {
                put(qdd, row, axes * local);
            }
        }
    }

    /// The base's wanted accelerations (linear of the pelvis origin,
    /// angular): PDs toward the reference root and pelvis turn.
    fn base_accelerations(
        &self,
        body: &ArticulatedBody,
        target: &WholeBodyTarget,
    ) -> (DVec3, DVec3) {
        let base = body.segments[0];
        let wr = 2.0 * std::f64::consts::PI * self.root_hz.max(0.0);
        let wt = 2.0 * std::f64::consts::PI * self.torso_hz.max(0.0);
        let z = 2.0 * self.damping_ratio.max(0.0);
        let lin = (target.reference.root - base.origin) * wr * wr
            + (target.root_velocity - base.origin_velocity) * z * wr;
        let now = pelvis_rotation(body);
        let ang = rotvec(target.reference.rotations[Joint::Pelvis] * now.inverse()) * wt * wt
            + (target.pelvis_rate - base.omega) * z * wt;
        (lin, ang)
    }

    /// The centre of mass's task on the legs as they are solved, and the
    /// legs solved again for the base it asks (a few rounds: the stance
    /// legs' motion moves the centre of mass too).
    fn com_and_legs(&self, ctx: &Plan, aim: ComAim, qdd: &mut [f64]) {
        for _ in 0..3 {
            self.centre_of_mass_task(ctx, aim, qdd);
            let (stance, target) = (ctx.stance, ctx.target);
            self.hold_stance_feet(
                ctx.avatar,
                ctx.body,
                ctx.index,
                (stance, target),
                qdd,
                ctx.pd,
            );
            self.swing_foot(ctx.avatar, ctx.body, ctx.index, target, qdd, ctx.pd);
        }
    }

    /// The standing feet's contact corners as the floor's height under
    /// them and their support polygon on the floor; `None` when no foot
    /// stands.
    fn standing_support(&self, ctx: &Plan) -> Option<(f64, Vec<DVec3>)> {
        let support: Vec<DVec3> = self
            .contact_points(ctx.avatar, ctx.world, ctx.index, ctx.stance)
            .into_iter()
            .map(|p| p.1)
            .collect();
        if support.is_empty() {
            return None;
        }
        let floor = support.iter().map(|p| p.y).sum::<f64>() / support.len() as f64;
        let flat: Vec<DVec3> = support.iter().map(|p| DVec3::new(p.x, 0.0, p.z)).collect();
        Some((floor, super::whole_body_step::hull_2d(&flat)))
    }

    /// With the capture-point base: the pelvis turn's wanted acceleration
    /// scaled down (by halves, then bisection) until the centre of pressure
    /// of the wrench the plan asks of the contacts lies in the support
    /// (held [`CapturePointBase::margin_m`] inside); nothing when the full
    /// turn fits, no turn when even none does.
    fn cap_turn(&self, ctx: &Plan, aim: ComAim, g: DVec3, qdd: &mut Vec<f64>) {
        let Some((floor, hull)) = self.standing_support(ctx) else {
            return;
        };
        let margin = self.capture_point.margin_m.max(0.0);
        let start = qdd.clone();
        let full = get(qdd, 3);
        if self.cop_inside(ctx, &hull, margin, floor, g, &start) {
            return;
        }
        let upper: Vec<usize> = if self.capture_point.cap_upper_body {
            ctx.body
                .segments
                .iter()
                .enumerate()
                .skip(1)
                .filter(|(_, seg)| !LEGS.iter().any(|leg| leg.contains(&seg.joint)))
                .map(|(i, _)| ArticulatedBody::joint_row(i))
                .collect()
        } else {
            Vec::new()
        };
        let try_scale = |s: f64| {
            let mut q = start.clone();
            put(&mut q, 3, full * s);
            for &row in &upper {
                put(&mut q, row, get(&start, row) * s);
            }
            self.com_and_legs(ctx, aim, &mut q);
            let inside = self.cop_inside(ctx, &hull, margin, floor, g, &q);
            (q, inside)
        };
        let (mut q, in0) = try_scale(0.0);
        if in0 {
            let (mut lo, mut hi) = (0.0, 1.0);
            for _ in 0..5 {
                let mid = 0.5 * (lo + hi);
                let (qm, inm) = try_scale(mid);
                if inm {
                    lo = mid;
                    q = qm;
                } else {
                    hi = mid;
                }
            }
        }
        *qdd = q;
    }

    /// With [`CapturePointBase::turn_solve`]: the pelvis turn's wanted
    /// acceleration changed by the least (at most
    /// [`CapturePointBase::max_turn_change`]) so that the horizontal moment
    /// the plan asks of the contacts puts its centre of pressure at the
    /// plan's own one held into the support (a Jacobian of the plan in the
    /// turn, by differences: the plan is affine in it).
    fn solve_turn(&self, ctx: &Plan, aim: ComAim, g: DVec3, qdd: &mut Vec<f64>) {
        let Some((floor, hull)) = self.standing_support(ctx) else {
            return;
        };
        let margin = self.capture_point.margin_m.max(0.0);
        let origin = ctx.body.segments[0].origin;
        let start = qdd.clone();
        let full = get(qdd, 3);
        let wrench_at = |a: DVec3| {
            let mut q = start.clone();
            put(&mut q, 3, a);
            self.com_and_legs(ctx, aim, &mut q);
            self.clip_at_limits(ctx.avatar, ctx.world, ctx.body, &mut q);
            let gen = ctx.body.inverse_dynamics(&q, g, true);
            (q, get(&gen, 0), get(&gen, 3))
        };
        let (_, f0, m0) = wrench_at(full);
        let Some(c) = centre_of_pressure_of(f0, m0, origin, floor) else {
            return;
        };
        let flat_c = DVec3::new(c.x, 0.0, c.z);
        let held = super::whole_body_step::clamp_into(&hull, flat_c, margin);
        if (held - flat_c).length() < 1e-6 {
            return;
        }
        let r = DVec3::new(held.x, floor, held.z) - origin;
        let want = r.cross(f0);
        let err = [want.x - m0.x, want.z - m0.z];
        // Columns: the moment's (x, z) per unit turn acceleration.
        let mut jac = [[0.0; 3]; 2];
        for (k, e) in [DVec3::X, DVec3::Y, DVec3::Z].into_iter().enumerate() {
            let (_, _, m) = wrench_at(full + e);
            jac[0][k] = m.x - m0.x;
            jac[1][k] = m.z - m0.z;
        }
        // Least-norm: d = J^T (J J^T)^-1 err.
        let a11 = jac[0].iter().map(|v| v * v).sum::<f64>();
        let a22 = jac[1].iter().map(|v| v * v).sum::<f64>();
        let a12 = (0..3).map(|k| jac[0][k] * jac[1][k]).sum::<f64>();
        let det = a11 * a22 - a12 * a12;
        if det.abs() < 1e-9 {
            return;
        }
        let y = [
            (a22 * err[0] - a12 * err[1]) / det,
            (a11 * err[1] - a12 * err[0]) / det,
        ];
        let d = DVec3::new(
            jac[0][0] * y[0] + jac[1][0] * y[1],
            jac[0][1] * y[0] + jac[1][1] * y[1],
            jac[0][2] * y[0] + jac[1][2] * y[1],
        );
        let d = clamp_len(d, self.capture_point.max_turn_change.max(0.0));
        let (q, _, _) = wrench_at(full + d);
        *qdd = q;
    }

    /// Whether the centre of pressure of the contacts' wrench under `q`
    /// lies inside `hull` shrunk by `margin`.
    fn cop_inside(
        &self,
        ctx: &Plan,
        hull: &[DVec3],
        margin: f64,
        floor: f64,
        g: DVec3,
        q: &[f64],
    ) -> bool {
        let mut q = q.to_vec();
        self.clip_at_limits(ctx.avatar, ctx.world, ctx.body, &mut q);
        let gen = ctx.body.inverse_dynamics(&q, g, true);
        let origin = ctx.body.segments[0].origin;
        centre_of_pressure_of(get(&gen, 0), get(&gen, 3), origin, floor).is_some_and(|c| {
            let c = DVec3::new(c.x, 0.0, c.z);
            let k = super::whole_body_step::clamp_into(hull, c, margin);
            (k - c).length() < 1e-6
        })
    }

    /// Replaces the base's horizontal acceleration by the one that gives the
    /// centre of mass the acceleration of the linear inverted pendulum about
    /// a centre of pressure `p` held inside the standing feet's support:
    /// toward a foot's sole `s` (the weight shift) `p = s + (1 + k / omega0)
    /// (xi - s)`, `k` from [`WholeBody::com_hz`]; tracking a capture point
    /// ([`ComReference::centre_of_pressure`]) with the capture-point base's
    /// gain. The acceleration is `omega0^2 (x - p)`; with no support, none.
    /// A base acceleration moves every segment alike, so the base's is the
    /// wanted centre of mass acceleration less what the rest of `qdd` gives
    /// it.
    fn centre_of_mass_task(&self, ctx: &Plan, aim: ComAim, qdd: &mut [f64]) {
        let (body, stance) = (ctx.body, ctx.stance);
        let support: Vec<DVec3> = self
            .contact_points(ctx.avatar, ctx.world, ctx.index, stance)
            .into_iter()
            .map(|p| DVec3::new(p.1.x, 0.0, p.1.z))
            .collect();
        let (com, vel, accel) = centre_of_mass_motion(body, qdd);
        let omega0 = super::whole_body_dcm::pendulum_omega(self.gravity, com.y);
        let x = DVec3::new(com.x, 0.0, com.z);
        let xi = x + DVec3::new(vel.x, 0.0, vel.z) / omega0;
        let (p, margin) = match aim {
            ComAim::Sole(foot) => {
                let feet = if foot == 0 {
                    [true, false]
                } else {
                    [false, true]
                };
                let corners = self.contact_points(ctx.avatar, ctx.world, ctx.index, feet);
                if corners.is_empty() || support.is_empty() {
                    return;
                }
                let sole = corners.iter().map(|p| p.1).sum::<DVec3>() / corners.len() as f64;
                let sole = DVec3::new(sole.x, 0.0, sole.z);
                let k = 2.0 * std::f64::consts::PI * self.com_hz.max(0.0);
                (sole + (xi - sole) * (1.0 + k / omega0), self.com_margin_m)
            }
            ComAim::Capture(r) => {
                if support.is_empty() {
                    // Nothing to push on: the centre of mass is left alone.
                    let base = get(qdd, 0);
                    put(
                        qdd,
                        0,
                        DVec3::new(base.x - accel.x, base.y, base.z - accel.z),
                    );
                    return;
                }
                let cp = self.capture_point;
                let k = 2.0 * std::f64::consts::PI * cp.hz.max(0.0);
                (
                    r.centre_of_pressure(xi, omega0, k, cp.feedforward),
                    cp.margin_m,
                )
            }
        };
        let hull = super::whole_body_step::hull_2d(&support);
        let p = super::whole_body_step::clamp_into(&hull, p, margin.max(0.0));
        let want = (x - p) * omega0 * omega0;
        let base = get(qdd, 0);
        put(
            qdd,
            0,
            DVec3::new(base.x + want.x - accel.x, base.y, base.z + want.z - accel.z),
        );
    }

    /// Re-solves each standing leg's joint accelerations (free axes of the
    /// hip, knee and ankle) so that its foot does not accelerate (and its
    /// velocity dies away), and with [`WholeBody::swing_hz`] each other
    /// leg's so that its foot follows the reference's, keeping close to the
    /// PD's `pd` in the null space.
    fn hold_stance_feet(
        &self,
        avatar: &SimAvatar,
        body: &ArticulatedBody,
        index: &JointMap<Option<usize>>,
        (stance, target): ([bool; 2], &WholeBodyTarget),
        qdd: &mut [f64],
        pd: &[f64],
    ) {
        let ws = 2.0 * std::f64::consts::PI * self.swing_hz.max(0.0);
        for (side, (leg, stands)) in LEGS.iter().zip(stance).enumerate() {
            if !stands && ws <= 0.0 {
                continue;
            }
            let Some(foot) = index[leg[2]] else {
                continue;
            };
            let cols = leg_columns(avatar, body, index, leg);
            if cols.is_empty() {
                continue;
            }
            let acc = foot_with_leg_still(body, index, leg, qdd, foot);
            let fs = body.segments[foot];
            let (want_ang, want_lin) = if stands {
                (
                    -fs.omega * self.foot_rate - acc.angular,
                    -fs.origin_velocity * self.foot_rate - acc.origin,
                )
            } else {
                // The swing foot: a PD toward the reference's foot.
                let (x, v) = target.ankles[side];
                let z = 2.0 * self.damping_ratio.max(0.0) * ws;
                let turn = rotvec(target.reference.rotations[leg[2]] * fs.rotation.inverse());
                (
                    turn * ws * ws - fs.omega * z - acc.angular,
                    (x - fs.origin) * ws * ws + (v - fs.origin_velocity) * z - acc.origin,
                )
            };
            let want = FootWant {
                angular: want_ang,
                linear: want_lin,
                pd_weight: self.stance_pd_weight.max(1e-9),
                cap: 4.0 * self.max_joint_accel,
            };
            solve_leg((index, leg, &cols), body, fs.origin, &want, pd, qdd);
        }
    }

    /// The swing leg re-solved for the step's task, if a foot swings.
    fn swing_foot(
        &self,
        avatar: &SimAvatar,
        body: &ArticulatedBody,
        index: &JointMap<Option<usize>>,
        target: &WholeBodyTarget,
        qdd: &mut [f64],
        pd: &[f64],
    ) {
        if let Some(task) = &target.swing {
            super::whole_body_step::swing_leg(self, avatar, body, index, task, qdd, pd);
        }
    }

    /// The contact corners of the feet in `feet` (left, right), world.
    pub(super) fn support_corners(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        feet: [bool; 2],
    ) -> Vec<DVec3> {
        let mut index = JointMap::splat(None);
        index[Joint::LeftAnkle] = Some(0);
        index[Joint::RightAnkle] = Some(0);
        self.contact_points(avatar, world, &index, feet)
            .into_iter()
            .map(|p| p.1)
            .collect()
    }

    /// The contact points of the standing feet: the corners of each foot's
    /// box within [`WholeBody::contact_band_m`] of its lowest, with the
    /// foot's segment.
    fn contact_points(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        index: &JointMap<Option<usize>>,
        stance: [bool; 2],
    ) -> Vec<(usize, DVec3)> {
        let mut out = Vec::new();
        for (foot, stands) in [Joint::LeftAnkle, Joint::RightAnkle]
            .into_iter()
            .zip(stance)
        {
            let (true, Some(seg), Some(h)) = (stands, index[foot], avatar.bodies[foot]) else {
                continue;
            };
            let Some(b) = world.bodies.get(h) else {
                continue;
            };
            let body_pose = pose64(b.position());
            let mut corners = Vec::with_capacity(4);
            for &ch in &avatar.colliders {
                let Some(c) = world.colliders.get(ch) else {
                    continue;
                };
                if c.parent() != Some(h) {
                    continue;
                }
                let Some(rc) = c.shape().as_round_cuboid() else {
                    continue;
                };
                let he = v64(rc.inner_shape.half_extents);
                let r = f64::from(rc.border_radius);
                let local = c.position_wrt_parent().map(pose64).unwrap_or_default();
                for (sx, sz) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                    let p = DVec3::new(sx * he.x, -he.y - r, sz * he.z);
                    corners.push(body_pose.transform_point(local.transform_point(p)));
                }
            }
            let low = corners.iter().map(|p| p.y).fold(f64::INFINITY, f64::min);
            out.extend(
                corners
                    .into_iter()
                    .filter(|p| p.y <= low + self.contact_band_m)
                    .map(|p| (seg, p)),
            );
        }
        out
    }
}

/// What a substep's plan is made of (for the tasks solved in turns).
struct Plan<'a> {
    avatar: &'a SimAvatar,
    world: &'a RapierWorld,
    body: &'a ArticulatedBody,
    index: &'a JointMap<Option<usize>>,
    stance: [bool; 2],
    target: &'a WholeBodyTarget,
    pd: &'a [f64],
}

/// The mean height of contact points (the floor under them), m.
fn floor_of(points: &[(usize, DVec3)]) -> f64 {
    if points.is_empty() {
        return 0.0;
    }
    points.iter().map(|p| p.1.y).sum::<f64>() / points.len() as f64
}

/// The centre of mass of `body`, its velocity, and its acceleration under
/// `qdd` (with the velocity-product terms), world.
fn centre_of_mass_motion(body: &ArticulatedBody, qdd: &[f64]) -> (DVec3, DVec3, DVec3) {
    let acc = body.accelerations(qdd, true);
    let (mut m, mut c, mut v, mut a) = (0.0, DVec3::ZERO, DVec3::ZERO, DVec3::ZERO);
    for (s, sa) in body.segments.iter().zip(&acc) {
        let r = s.com - s.origin;
        m += s.mass;
        c += s.com * s.mass;
        v += (s.origin_velocity + s.omega.cross(r)) * s.mass;
        a += (sa.origin + sa.angular.cross(r) + s.omega.cross(s.omega.cross(r))) * s.mass;
    }
    if m <= 0.0 {
        return (DVec3::ZERO, DVec3::ZERO, DVec3::ZERO);
    }
    (c / m, v / m, a / m)
}

/// The pelvis's rotation (the base segment's).
fn pelvis_rotation(body: &ArticulatedBody) -> DQuat {
    body.segments[0].rotation
}

/// The world axes of segment `i`'s joint frame (from its parent's rotation).
pub(super) fn parent_axes(
    body: &ArticulatedBody,
    i: usize,
    frame: &super::joint_frames::JointFrame,
) -> DMat3 {
    let p = body.segments[i]
        .parent
        .map_or(DQuat::IDENTITY, |p| body.segments[p].rotation);
    frame.world_axes(p)
}

/// `a`'s part on the free axes of a joint frame whose world axes are `axes`.
fn free_part(axes: DMat3, ranges: &[AxisRange; 3], a: DVec3) -> DVec3 {
    let mut out = DVec3::ZERO;
    for (k, r) in ranges.iter().enumerate() {
        if matches!(r, AxisRange::Free { .. }) {
            let axis = axes.col(k);
            out += axis * axis.dot(a);
        }
    }
    out
}

/// The controller's output summed over a tick's substeps, for the frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WholeBodySum {
    torques: JointMap<DVec3>,
    residual_force: DVec3,
    residual_moment: DVec3,
    steps: usize,
}

impl Default for WholeBodySum {
    fn default() -> Self {
        WholeBodySum {
            torques: JointMap::splat(DVec3::ZERO),
            residual_force: DVec3::ZERO,
            residual_moment: DVec3::ZERO,
            steps: 0,
        }
    }
}

impl WholeBodySum {
    /// Adds one substep.
    pub fn add(&mut self, f: &WholeBodyForces) {
        for j in Joint::ALL {
            self.torques[j] += f.torques[j];
        }
        self.residual_force += f.residual_force;
        self.residual_moment += f.residual_moment;
        self.steps += 1;
    }

    /// Puts the tick's means in the frame's arrays: the joint torques are
    /// the tracking (inverse-dynamics) array of the joints it drove, the
    /// residual is assist (nothing when it did not act).
    pub fn report(&self, arrays: &mut super::controller::FrameArrays) {
        if self.steps == 0 {
            return;
        }
        let n = self.steps as f64;
        for j in Joint::ALL {
            let t = self.torques[j] / n;
            if t != DVec3::ZERO {
                // Its torque holds the weight and the balance too.
                arrays.inverse_dynamics.torques[j] = t;
                arrays.gravity.torques[j] = DVec3::ZERO;
                arrays.balance.torques[j] = DVec3::ZERO;
                arrays.locomotion.torques[j] = DVec3::ZERO;
            }
        }
        arrays.total = super::force_array::ForceArray::sum([
            &arrays.inverse_dynamics,
            &arrays.gravity,
            &arrays.balance,
            &arrays.locomotion,
        ]);
        let (f, m) = (self.residual_force / n, self.residual_moment / n);
        arrays.assist.root_force += f;
        arrays.assist.root_torque += m;
        arrays.total.root_force = arrays.assist.root_force;
        arrays.total.root_torque = arrays.assist.root_torque;
    }
}
