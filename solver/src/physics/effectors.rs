//! End-effector springs: the segments that devices track (head, hands)
//! and the feet are pulled toward their targets by a capped spring in world
//! space, the end-effector PD of the inverse-dynamics controller. The joint
//! PD alone lags a fast hand by centimetres; a force at the hand, carried up
//! the chain by the constraint solver (the Jacobian transpose at work),
//! closes that gap while the floor, walls and other bodies still stop it.
//!
//! Each spring is a kinematic anchor placed at the target every step and
//! tied to its segment by implicit motors on all six axes, so it stays
//! stable at any stiffness; its force is capped so that it cannot drag the
//! body through the world. What it applied is read back after the step and
//! mapped to joint torques for the frame's force array.
//!
//! A foot also has a joint to the ground, off until the foot is planted
//! (its reference stands still and it touches the floor): the spring alone
//! let a standing foot creep 1-13 cm/s on the floor.

use posewire_body::glam::{DMat3, DVec3};
use posewire_body::{Joint, JointMap, Transform};
use rapier3d::prelude::{
    GenericJoint, GenericJointBuilder, ImpulseJointHandle, JointAxesMask, JointAxis, MotorModel,
    RigidBodyBuilder, RigidBodyHandle,
};

use super::convert::{pose32, q64, v64};
use super::force_array::ForceArray;
use super::joint_frames::JointFrame;
use super::sim_avatar::{Gains, ANG_AXES, LIN_AXES};
use super::world::RapierWorld;
use posewire_body::inertia::SegmentInertia;

/// The segments with an end-effector spring.
pub const EFFECTORS: [Joint; 5] = [
    Joint::Head,
    Joint::LeftWrist,
    Joint::RightWrist,
    Joint::LeftAnkle,
    Joint::RightAnkle,
];

/// How stiff the end-effector springs are.
///
/// Measured on the dev clips (MPJPE, clean, all clips, 3 / 4 / 6 devices):
/// no springs 11.59 / 8.29 / 5.58 cm; 6 Hz with a 60 m/s^2 cap 4.31 (6
/// devices); 20 Hz, 200 m/s^2 and 15 Hz on orientation 10.30 / 6.95 / 3.34
/// with every segment self-colliding; with the defaults below (orientation
/// 35 Hz, a planted foot turns against the floor's friction) and shins and
/// feet not self-colliding 10.38 / 6.74 / 3.15.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EffectorSettings {
    /// Natural frequency of the position spring on the segment and its
    /// parent's mass, Hz (0: no end-effector springs).
    pub hz: f64,
    /// Natural frequency of the orientation spring on the segment's own
    /// inertia, Hz (0: position only).
    pub angular_hz: f64,
    /// Damping ratio of both.
    pub damping_ratio: f64,
    /// Largest acceleration the spring may give the segment and its parent
    /// beyond holding their weight, m/s^2 (caps the force per axis).
    pub max_accel: f64,
    /// A foot whose reference ankle moves slower than this (horizontally,
    /// m/s) while the simulated foot touches the floor is planted: a joint
    /// to the ground holds its ankle where it stands, and its spring pulls
    /// toward that spot instead of along the floor toward the reference (0:
    /// off). Measured on the dev clips (no-prop, skate cm/s, 3 / 4 / 6
    /// devices, clean): off 20.9 / 16.9 / 15.5, 0.05 m/s 17.0 / 13.6 / 14.8.
    pub plant_speed_m_s: f64,
    /// A planted foot that carries a device stays planted while its
    /// reference ankle moves slower than this (horizontally, m/s; never
    /// below `plant_speed_m_s`; an untracked foot keeps that one): the
    /// noise of a tracked foot's device makes a reference that stands
    /// still seem to move, and each time that let a foot go it was planted
    /// again a little further on (foot skate). Chosen on the training
    /// corpus (6 devices, noisy, skate over GT's: 1.44 at 0.05, 1.39 at
    /// 0.15, 1.27 at 0.3, 1.24 at 0.5; docs/notes/foot-skate-under-noise.md).
    pub plant_keep_speed_m_s: f64,
    /// A planted foot is let go when the reference has moved this far from
    /// where it is held, metres.
    pub plant_release_m: f64,
    /// Largest horizontal force that holds a planted foot, as a share of
    /// the body's weight: a hold that needs more breaks, and the foot is
    /// not planted again until the reference lifts it (0: no limit).
    pub plant_max_force_share: f64,
    /// A foot whose reference ankle moves along the floor faster than this
    /// (horizontally, m/s, over [`EffectorSettings::slide_window_s`]) is a
    /// swinging or sliding foot, not a loaded one: where it grazes the
    /// floor, the floor holds it only with [`EffectorSettings::slide_friction`]
    /// (0: off).
    pub slide_speed_m_s: f64,
    /// The friction coefficient of a sliding foot on the floor.
    pub slide_friction: f64,
    /// Over how long the reference ankle's speed is measured, seconds.
    pub slide_window_s: f64,
    /// A tracked foot this far (horizontally, metres) from its reference
    /// also slides (0: off).
    pub slide_gap_m: f64,
}

impl Default for EffectorSettings {
    fn default() -> Self {
        EffectorSettings {
            hz: 20.0,
            angular_hz: 35.0,
            damping_ratio: 1.0,
            max_accel: 200.0,
            plant_speed_m_s: 0.05,
            plant_keep_speed_m_s: 0.3,
            plant_release_m: 0.1,
            plant_max_force_share: 15.0,
            slide_speed_m_s: 0.5,
            slide_friction: 0.1,
            slide_window_s: 0.05,
            slide_gap_m: 0.04,
        }
    }
}

/// One spring: the anchor, its gains and where it pulls.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Effector {
    pub joint: Joint,
    pub anchor: RigidBodyHandle,
    pub lin: Gains,
    pub ang: Gains,
    pub max_force: f64,
    pub max_torque: f64,
    /// The spring's joint (anchor to segment).
    pub link: ImpulseJointHandle,
    /// For a foot: a kinematic body on the floor and a joint (off until
    /// the foot is planted) that holds the ankle there horizontally.
    pub plant: Option<(RigidBodyHandle, ImpulseJointHandle)>,
}

/// Builds the springs for the segments of `bodies` in their start pose.
pub(crate) fn build(
    world: &mut RapierWorld,
    bodies: &JointMap<Option<RigidBodyHandle>>,
    start: &JointMap<Transform>,
    inertias: &JointMap<SegmentInertia>,
    settings: &EffectorSettings,
) -> Vec<Effector> {
    if settings.hz.is_nan() || settings.hz <= 0.0 {
        return Vec::new();
    }
    let w = 2.0 * std::f64::consts::PI * settings.hz;
    let wa = 2.0 * std::f64::consts::PI * settings.angular_hz.max(0.0);
    let mut out = Vec::new();
    for joint in EFFECTORS {
        let Some(body) = bodies[joint] else {
            continue;
        };

        let parent = joint.parent().map_or(0.0, |p| inertias[p].mass_kg);
        let own = inertias[joint].mass_kg
            + match joint {
                Joint::LeftAnkle => inertias[Joint::LeftToe].mass_kg,
                Joint::RightAnkle => inertias[Joint::RightToe].mass_kg,
                _ => 0.0,
            };
        let m = (own + parent).max(0.1);
        let i = {
            let d = inertias[joint].inertia_diag;
            ((d.x + d.y + d.z) / 3.0).max(1e-4)
        };
        let lin = Gains {
            kp: m * w * w,
            kd: 2.0 * settings.damping_ratio * m * w,
        };
        let ang = Gains {
            kp: i * wa * wa,
            kd: 2.0 * settings.damping_ratio * i * wa,
        };
        let max_force = m * (9.81 + settings.max_accel.max(0.0));
        // As if the capped force acted 10 cm from the joint.
        let max_torque = max_force * 0.1;
        let anchor = world.bodies.insert(
            RigidBodyBuilder::kinematic_position_based()
                .pose(pose32(start[joint]))
                .build(),
        );
        let mut link = GenericJointBuilder::new(JointAxesMask::empty()).contacts_enabled(false);
        for a in LIN_AXES {
            link = link
                .motor_model(a, MotorModel::ForceBased)
                .set_motor(a, 0.0, 0.0, lin.kp as f32, lin.kd as f32)
                .motor_max_force(a, max_force as f32);
        }
        if wa > 0.0 {
            for a in ANG_AXES {
                link = link
                    .motor_model(a, MotorModel::ForceBased)
                    .set_motor(a, 0.0, 0.0, ang.kp as f32, ang.kd as f32)
                    .motor_max_force(a, max_torque as f32);
            }
        }
        let link = world
            .impulse_joints
            .insert(anchor, body, link.build(), true);
        let foot = matches!(joint, Joint::LeftAnkle | Joint::RightAnkle);
        let plant = (foot && settings.plant_speed_m_s > 0.0).then(|| {
            let at = Transform::new(start[joint].position, posewire_body::glam::DQuat::IDENTITY);
            let ground = world.bodies.insert(
                RigidBodyBuilder::kinematic_position_based()
                    .pose(pose32(at))
                    .build(),
            );
            // A rigid hold on the two horizontal axes: a capped motor in
            // its place left the standing foot creeping (measured: skate
            // 19-20 cm/s against 15.6 with 3 devices, noisy).
            let mut lock = GenericJointBuilder::new(JointAxesMask::LIN_X | JointAxesMask::LIN_Z)
                .contacts_enabled(false)
                .build();
            lock.set_enabled(false);
            let h = world.impulse_joints.insert(ground, body, lock, true);
            (ground, h)
        });
        out.push(Effector {
            joint,
            anchor,
            lin,
            ang,
            max_force,
            max_torque,
            link,
            plant,
        });
    }
    out
}

/// Scales every spring's gains and caps: the head's and hands' by `ends`,
/// the feet's by `feet` (shares of the full setting, 0..1).
pub(crate) fn set_shares(world: &mut RapierWorld, effectors: &[Effector], ends: f64, feet: f64) {
    for e in effectors {
        let share = match e.joint {
            Joint::LeftAnkle | Joint::RightAnkle => feet,
            _ => ends,
        };
        let Some(j) = world.impulse_joints.get_mut(e.link, true) else {
            continue;
        };
        set_spring(&mut j.data, &LIN_AXES, e.lin, e.max_force, share);
        if j.data.motor_axes.contains(JointAxesMask::ANG_X) {
            set_spring(&mut j.data, &ANG_AXES, e.ang, e.max_torque, share);
        }
    }
}

/// One spring's axes at `share` of their gains and cap.
fn set_spring(data: &mut GenericJoint, axes: &[JointAxis], gains: Gains, cap: f64, share: f64) {
    for &a in axes {
        data.set_motor(
            a,
            0.0,
            0.0,
            (gains.kp * share) as f32,
            (gains.kd * share) as f32,
        )
        .set_motor_max_force(a, (cap * share) as f32);
    }
}

/// Places every spring's anchor at its segment's target for the next step.
pub(crate) fn set_targets(
    world: &mut RapierWorld,
    effectors: &[Effector],
    targets: &JointMap<Transform>,
) {
    for e in effectors {
        let t = targets[e.joint];
        if !(t.position.is_finite() && t.rotation.is_finite()) {
            continue;
        }
        if let Some(a) = world.bodies.get_mut(e.anchor) {
            a.set_next_kinematic_position(pose32(t));
        }
    }
}

/// Moves the anchor of `joint`'s spring (if it has one) to `target` for
/// the next step, after [`set_targets`].
pub(crate) fn set_target(
    world: &mut RapierWorld,
    effectors: &[Effector],
    joint: Joint,
    target: Transform,
) {
    if !(target.position.is_finite() && target.rotation.is_finite()) {
        return;
    }
    for e in effectors.iter().filter(|e| e.joint == joint) {
        if let Some(a) = world.bodies.get_mut(e.anchor) {
            a.set_next_kinematic_position(pose32(target));
        }
    }
}

/// Holds `joint`'s segment (a foot with a plant joint) at `at`
/// horizontally, or lets it go (`None`). A hold already in place stays
/// where it was put.
pub(crate) fn plant(
    world: &mut RapierWorld,
    effectors: &[Effector],
    joint: Joint,
    at: Option<DVec3>,
) {
    for e in effectors.iter().filter(|e| e.joint == joint) {
        let Some((ground, lock)) = e.plant else {
            continue;
        };
        let on = world
            .impulse_joints
            .get(lock)
            .is_some_and(|j| j.data.is_enabled());
        match at {
            Some(p) if !on && p.is_finite() => {
                if let Some(g) = world.bodies.get_mut(ground) {
                    g.set_position(
                        pose32(Transform::new(p, posewire_body::glam::DQuat::IDENTITY)),
                        true,
                    );
                }
                if let Some(j) = world.impulse_joints.get_mut(lock, true) {
                    j.data.set_enabled(true);
                }
            }
            None if on => {
                if let Some(j) = world.impulse_joints.get_mut(lock, true) {
                    j.data.set_enabled(false);
                }
            }
            _ => {}
        }
    }
}

/// The horizontal force with which `joint`'s plant joint holds it (zero
/// when not planted), newtons: the last solver substep's impulse over its
/// duration.
pub(crate) fn hold_force(world: &RapierWorld, effectors: &[Effector], joint: Joint) -> f64 {
    let substep = f64::from(world.integration_parameters.dt)
        / world.integration_parameters.num_solver_iterations.max(1) as f64;
    effectors
        .iter()
        .filter(|e| e.joint == joint)
        .filter_map(|e| e.plant)
        .filter_map(|(_, lock)| world.impulse_joints.get(lock))
        .filter(|j| j.data.is_enabled())
        .map(|j| {
            let i = j.impulses;
            (f64::from(i[0]).powi(2) + f64::from(i[2]).powi(2)).sqrt() / substep.max(1e-9)
        })
        .fold(0.0, f64::max)
}

/// The force and torque (world axes) a spring applies to its segment at
/// the current state, before its cap.
pub(crate) fn pull(
    world: &RapierWorld,
    effector: &Effector,
    body: RigidBodyHandle,
    share: f64,
) -> (DVec3, DVec3) {
    let (Some(a), Some(b)) = (world.bodies.get(effector.anchor), world.bodies.get(body)) else {
        return (DVec3::ZERO, DVec3::ZERO);
    };
    let offset = v64(a.position().translation) - v64(b.position().translation);
    let turn = q64(a.position().rotation) * q64(b.position().rotation).inverse();
    let (axis, angle) = turn.to_axis_angle();
    let angle = if angle > std::f64::consts::PI {
        angle - 2.0 * std::f64::consts::PI
    } else {
        angle
    };
    // The anchor's velocity is that of its kinematic motion; the segment's
    // velocity at its origin (the joint), not at its centre of mass.
    let vb = v64(b.linvel())
        + v64(b.angvel()).cross(v64(b.position().translation) - v64(b.center_of_mass()));
    // At the share of its gains and caps the assist left it
    // (`set_shares`).
    let share = share.clamp(0.0, 1.0);
    let force = (offset * effector.lin.kp + (v64(a.linvel()) - vb) * effector.lin.kd) * share;
    let torque = (axis * angle * effector.ang.kp
        + (v64(a.angvel()) - v64(b.angvel())) * effector.ang.kd)
        * share;
    let cap = |v: DVec3, c: f64| v.clamp(DVec3::splat(-c), DVec3::splat(c));
    (
        cap(force, effector.max_force * share),
        cap(torque, effector.max_torque * share),
    )
}

/// Adds to `array` the joint torques that carry an end-effector force and
/// torque up the chain: at each joint between the segment and the pelvis,
/// `r x F + T` (the Jacobian transpose), in that joint's frame axes.
pub(crate) fn map_to_joints(
    array: &mut ForceArray,
    segment: Joint,
    force: DVec3,
    torque: DVec3,
    positions: &JointMap<DVec3>,
    rotations: &JointMap<posewire_body::glam::DQuat>,
    frames: &JointMap<Option<JointFrame>>,
) {
    let at = positions[segment];
    let mut j = Some(segment);
    while let Some(joint) = j {
        let Some(parent) = joint.parent() else {
            break;
        };
        if let Some(frame) = frames[joint] {
            let world_torque = (at - positions[joint]).cross(force) + torque;
            let axes: DMat3 = frame.world_axes(rotations[super::sim_avatar::sim_body_of(parent)]);
            array.torques[joint] += axes.transpose() * world_torque;
        }
        j = Some(parent);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::joint_frames::joint_frame;
    use posewire_body::glam::DQuat;
    use posewire_body::{BodyPose, BodyProfile, Skeleton};

    /// Turns `joint`'s bone and everything below it by `angle` about the
    /// world axis `axis`.
    fn turned(pose: &BodyPose, joint: Joint, axis: DVec3, angle: f64) -> BodyPose {
        let r = DQuat::from_axis_angle(axis, angle);
        let mut out = *pose;
        let mut stack = vec![joint];
        while let Some(j) = stack.pop() {
            out.rotations[j] = r * pose.rotations[j];
            stack.extend(j.children());
        }
        out
    }

    #[test]
    fn end_effector_torques_do_the_same_work_as_the_force() {
        // Virtual work: turning a joint by a small angle about one of its
        // frame axes moves the hand by dp; the mapped torque on that axis
        // times the angle must equal F . dp (plus the torque's share).
        let sk = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
        let mut pose = BodyPose::rest(&sk);
        pose.rotations[Joint::LeftShoulder] = DQuat::from_rotation_z(-0.6);
        pose.rotations[Joint::LeftElbow] = DQuat::from_rotation_y(-0.9);
        pose.rotations[Joint::LeftWrist] = pose.rotations[Joint::LeftElbow];
        let frames = JointMap(Joint::ALL.map(joint_frame));
        let positions = pose.positions(&sk);
        let force = DVec3::new(3.0, -20.0, 7.0);
        let torque = DVec3::new(0.5, 0.2, -0.4);
        let mut array = ForceArray::ZERO;
        map_to_joints(
            &mut array,
            Joint::LeftWrist,
            force,
            torque,
            &positions,
            &pose.rotations,
            &frames,
        );
        let h = 1e-6;
        let mut checked = 0;
        for joint in [
            Joint::LeftWrist,
            Joint::LeftElbow,
            Joint::LeftShoulder,
            Joint::LeftClavicle,
            Joint::Chest,
            Joint::Spine,
        ] {
            let (Some(frame), Some(parent)) = (frames[joint], joint.parent()) else {
                continue;
            };
            let axes = frame.world_axes(pose.rotations[parent]);
            for k in 0..3 {
                let axis = axes.col(k);
                let moved = turned(&pose, joint, axis, h).positions(&sk)[Joint::LeftWrist];
                let work = force.dot(moved - positions[Joint::LeftWrist]) + torque.dot(axis) * h;
                let mapped = array.torques[joint][k] * h;
                assert!(
                    (work - mapped).abs() < 1e-9,
                    "{joint} axis {k}: work {work} mapped {mapped}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 18);
        // Joints off the chain get nothing.
        assert_eq!(array.torques[Joint::RightElbow], DVec3::ZERO);
        assert_eq!(array.torques[Joint::LeftKnee], DVec3::ZERO);
    }
}
