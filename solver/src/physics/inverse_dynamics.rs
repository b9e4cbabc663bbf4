//! The inverse-dynamics force array: the torques that drive every joint
//! toward a reference pose (the kinematic `ik` solve, whose tracked bones sit
//! on the devices), as a PD on the joint angles with the reference's rates as
//! the velocity target, plus gravity compensation (the torque each joint
//! needs to hold up what hangs below it).
//!
//! The PD part is carried out by rapier's implicit joint motors (stable at
//! any stiffness, unlike an explicit torque at 90 Hz on a 0.4 kg hand); this
//! type computes the same torque explicitly, from the state at the start of
//! the step, for the array that is summed and reported. Torques that are not
//! a high-gain feedback (gravity compensation here, balance and locomotion)
//! are applied as explicit joint torques (equal and opposite on the two
//! bodies of a joint): measured on a held arm, a gravity compensation
//! applied as a shift of the motors' targets left 3 cm of sag at the wrist
//! with 16 solver iterations (the iterative solver does not converge on the
//! stiff chain), the same torques applied explicitly 0.7 cm.

use posewire_body::glam::DVec3;
use posewire_body::{BodyPose, Joint, JointMap};

use super::force_array::ForceArray;
use super::sim_avatar::SimAvatar;
use super::world::RapierWorld;

/// The fastest joint rate a reference may ask for, rad/s.
pub const MAX_RATE: f64 = 20.0;

/// Per joint: target angles and target rates, frame axes.
pub type MotorTargets = JointMap<(DVec3, DVec3)>;

/// The reference's joint angles and rates, per joint (frame axes). With
/// `world` given, each trunk joint (spine, chest, neck, head) aims its bone
/// at the reference's world orientation from where its simulated parent
/// actually is, so that an error up the chain (a spine held at its limit)
/// is not passed up to the head; the limbs aim at the reference's local
/// rotations (measured: world targets on the light arms feed the parent's
/// motion back into the child's target and shake them).
pub fn reference_targets(
    avatar: &SimAvatar,
    reference: &BodyPose,
    previous: Option<&BodyPose>,
    dt: f64,
    world: Option<&RapierWorld>,
) -> MotorTargets {
    let mut out = JointMap::splat((DVec3::ZERO, DVec3::ZERO));
    for j in Joint::ALL {
        let (Some(frame), Some(parent)) = (avatar.frame(j), j.parent()) else {
            continue;
        };
        let local = |p: &BodyPose| p.rotations[parent].inverse() * p.rotations[j];
        let sim_parent = world
            .and_then(|w| avatar.bone(w, parent))
            .map(|b| b.rotation);
        let now = match sim_parent {
            Some(sp) => frame.angles(sp.inverse() * reference.rotations[j]),
            None => frame.angles(local(reference)),
        };
        let rate = match previous {
            Some(prev) if dt > 0.0 => {
                // The relative angular velocity (the shortest turn from the
                // previous local rotation to this one, in the parent's
                // frame) on the joint frame's axes: differencing the angles
                // themselves jumps where the quaternion changes hemisphere.
                let mut turn = local(reference) * local(prev).inverse();
                if turn.w < 0.0 {
                    turn = -turn;
                }
                let (axis, angle) = turn.to_axis_angle();
                let omega = axis * (angle / dt);
                let in_frame = (frame.center * frame.basis).inverse() * omega;
                in_frame.clamp(DVec3::splat(-MAX_RATE), DVec3::splat(MAX_RATE))
            }
            _ => DVec3::ZERO,
        };
        out[j] = (now, rate);
    }
    out
}

/// The inverse-dynamics controller.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct InverseDynamics {
    /// Whether gravity compensation is added.
    pub gravity_compensation: bool,
    /// Gravity, m/s^2.
    pub gravity: f64,
}

impl Default for InverseDynamics {
    fn default() -> Self {
        InverseDynamics {
            gravity_compensation: true,
            gravity: 9.81,
        }
    }
}

impl InverseDynamics {
    /// The PD torques toward `targets` at the current state (what the
    /// implicit motors apply at the start of the step).
    pub fn tracking(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        targets: &MotorTargets,
    ) -> ForceArray {
        let mut a = ForceArray::ZERO;
        for j in Joint::ALL {
            let Some((angles, rates)) = avatar.joint_state(world, j) else {
                continue;
            };
            let (target, rate) = targets[j];
            let g = avatar.gains(j);
            a.torques[j] = (target - angles) * g.kp + (rate - rates) * g.kd;
        }
        a
    }

    /// Gravity compensation: per joint, the torque that holds the subtree
    /// below it against gravity, on the joint's frame axes.
    pub fn gravity_array(&self, avatar: &SimAvatar, world: &RapierWorld) -> ForceArray {
        let mut a = ForceArray::ZERO;
        if !self.gravity_compensation {
            return a;
        }
        // Mass-weighted centres of every segment, then subtree sums from
        // the leaves up (joints are listed parents first).
        let mut mass = JointMap::splat(0.0);
        let mut moment = JointMap::splat(DVec3::ZERO);
        let mut position = JointMap::splat(DVec3::ZERO);
        for j in Joint::ALL {
            let Some(bone) = avatar.bone(world, j) else {
                continue;
            };
            let seg = avatar.inertias[j];
            let origin = if matches!(j, Joint::LeftToe | Joint::RightToe) {
                bone.transform_point(avatar.skeleton.offsets[j])
            } else {
                bone.position
            };
            position[j] = origin;
            mass[j] = seg.mass_kg;
            moment[j] = (origin + bone.rotation * seg.com_local) * seg.mass_kg;
        }
        for j in Joint::ALL.iter().rev() {
            if let Some(p) = j.parent() {
                let (m, c) = (mass[*j], moment[*j]);
                mass[p] += m;
                moment[p] += c;
            }
        }
        for j in Joint::ALL {
            let (Some(frame), Some(parent)) = (avatar.frame(j), j.parent()) else {
                continue;
            };
            let Some(pb) = avatar.bone(world, parent) else {
                continue;
            };
            if mass[j] <= 0.0 {
                continue;
            }
            let com = moment[j] / mass[j];
            let lift = DVec3::new(0.0, self.gravity * mass[j], 0.0);
            let torque = (com - position[j]).cross(lift);
            let axes = frame.world_axes(pb.rotation);
            a.torques[j] = DVec3::new(
                torque.dot(axes.x_axis),
                torque.dot(axes.y_axis),
                torque.dot(axes.z_axis),
            );
        }
        a
    }
}
