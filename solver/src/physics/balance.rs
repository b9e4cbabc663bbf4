//! The balance force array: keeps the torso upright and the centre of mass
//! over the feet, with the legs that stand on the floor.
//!
//! - Torso: a PD on the pelvis's orientation toward the reference's gives
//!   the net torque the torso needs; the torque the other arrays already put
//!   on it through the hips is subtracted; the stance hips supply the rest
//!   (the reaction of a hip torque on the thigh turns the pelvis).
//! - Centre of mass: a PD on its horizontal position toward the middle of
//!   the stance feet, plus the body's weight, is a force the stance legs
//!   must push with; each stance joint supplies it through the Jacobian
//!   transpose (`tau_j = -(c - p_j) x F`, the joint's parent being the side
//!   toward the body). The legs' own gravity compensation is meant for a
//!   hanging leg, so the controller leaves it off the stance legs.

use posewire_body::glam::DVec3;
use posewire_body::{BodyPose, Joint};

use super::avatar::SimAvatar;
use super::convert::{q64, v64};
use super::force_array::ForceArray;
use super::world::Rapier;

/// Which feet stand on something.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stance {
    /// The left foot touches the floor or the scene.
    pub left: bool,
    /// The right foot does.
    pub right: bool,
}

impl Stance {
    /// How many feet stand.
    pub fn count(self) -> usize {
        usize::from(self.left) + usize::from(self.right)
    }
}

/// Gains of the balance controller.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Balance {
    /// Natural frequency of the torso's orientation PD, Hz.
    pub torso_hz: f64,
    /// Natural frequency of the centre of mass's position PD, Hz.
    pub com_hz: f64,
    /// Damping ratio of both.
    pub damping_ratio: f64,
    /// How far ahead of the ankles the centre of mass is held, metres
    /// (over the middle of the foot rather than the ankle).
    pub com_ahead_m: f64,
    /// How far the centre of pressure may move from under the centre of
    /// mass within the feet, metres (bounds the horizontal push).
    pub pressure_reach_m: f64,
    /// Gravity, m/s^2.
    pub gravity: f64,
}

impl Default for Balance {
    fn default() -> Self {
        Balance {
            torso_hz: 2.0,
            com_hz: 1.0,
            damping_ratio: 1.0,
            com_ahead_m: 0.04,
            pressure_reach_m: 0.08,
            gravity: 9.81,
        }
    }
}

const LEGS: [[Joint; 3]; 2] = [
    [Joint::LeftHip, Joint::LeftKnee, Joint::LeftAnkle],
    [Joint::RightHip, Joint::RightKnee, Joint::RightAnkle],
];

/// The joints of a stance leg (none when the foot is in the air).
pub fn stance_joints(stance: Stance) -> impl Iterator<Item = Joint> {
    LEGS.into_iter()
        .zip([stance.left, stance.right])
        .filter(|(_, on)| *on)
        .flat_map(|(leg, _)| leg)
}

impl Balance {
    /// The balance array for the current state; `others` is what the other
    /// explicit arrays already apply (their hip torques count against the
    /// torso's need). The tracking PD is not among them: it runs in the
    /// implicit motors, and subtracting its start-of-step estimate fought
    /// the motors (measured: hip torques oscillating to 13 kN m, the body
    /// down within 0.3 s).
    pub fn array(
        &self,
        avatar: &SimAvatar,
        world: &Rapier,
        reference: &BodyPose,
        stance: Stance,
        others: &ForceArray,
    ) -> ForceArray {
        let mut out = ForceArray::ZERO;
        let n = stance.count();
        if n == 0 {
            return out;
        }
        let share = 1.0 / n as f64;
        let Some(pelvis) = avatar
            .body_handle(Joint::Pelvis)
            .and_then(|h| world.bodies.get(h))
        else {
            return out;
        };
        let (c, v, mass) = avatar.centre_of_mass(world);
        let mut world_torque = [DVec3::ZERO; Joint::COUNT];

        // The torso: what it needs, less what the hips already give it.
        let rot = q64(pelvis.position().rotation);
        // The trunk's mean angular velocity (mass-weighted over pelvis,
        // spine and chest): the light pelvis's own rattles at the step rate,
        // and an explicit damping on it alone went unstable.
        let mut omega = DVec3::ZERO;
        let mut weight = 0.0;
        for j in [Joint::Pelvis, Joint::Spine, Joint::Chest] {
            if let Some(b) = avatar.body_handle(j).and_then(|h| world.bodies.get(h)) {
                let m = f64::from(b.mass());
                omega += v64(b.angvel()) * m;
                weight += m;
            }
        }
        let omega = if weight > 0.0 {
            omega / weight
        } else {
            v64(pelvis.angvel())
        };
        let (axis, angle) = (reference.rotations[Joint::Pelvis] * rot.inverse()).to_axis_angle();
        let angle = if angle > std::f64::consts::PI {
            angle - 2.0 * std::f64::consts::PI
        } else {
            angle
        };
        let w = 2.0 * std::f64::consts::PI * self.torso_hz;
        let inertia = self.upper_inertia(avatar, world, c);
        let want = (axis * angle * w - omega * 2.0 * self.damping_ratio) * inertia * w;
        let already: DVec3 = [Joint::LeftHip, Joint::RightHip, Joint::Spine]
            .into_iter()
            .filter_map(|j| Some(-self.world_of(avatar, world, j, others.torques[j])?))
            .sum();
        let missing = want - already;
        for (leg, on) in LEGS.iter().zip([stance.left, stance.right]) {
            if on {
                world_torque[leg[0].index()] -= missing * share;
            }
        }

        // The centre of mass over the feet, and the weight.
        let mut support = DVec3::ZERO;
        let mut centres = Vec::with_capacity(2);
        for (leg, on) in LEGS.iter().zip([stance.left, stance.right]) {
            if let (true, Some(foot)) = (on, avatar.bone(world, leg[2])) {
                let centre = foot.position + foot.rotation * DVec3::new(0.0, 0.0, self.com_ahead_m);
                support += centre;
                centres.push(centre);
            }
        }
        support *= share;
        let wc = 2.0 * std::f64::consts::PI * self.com_hz;
        let mut force = ((support - c) * wc * wc - v * 2.0 * self.damping_ratio * wc) * mass;
        // Feet can only push as far as their centre of pressure reaches: a
        // horizontal force F at height h needs the pressure F h / (m g)
        // away from under the centre of mass, on the side it pushes from,
        // and within the feet (in a split stance the rear foot reaches far
        // behind the centre of mass). Beyond the feet it would tip them
        // over instead (a step has to catch that).
        let height = (c.y - support.y).max(0.3);
        let horizontal = DVec3::new(force.x, 0.0, force.z);
        let along = horizontal.normalize_or_zero();
        let extent = centres
            .iter()
            .map(|p| (c - *p).dot(along))
            .fold(0.0_f64, f64::max)
            + self.pressure_reach_m;
        let most = mass * self.gravity * extent / height;
        if horizontal.length() > most {
            let h = horizontal.normalize() * most;
            force.x = h.x;
            force.z = h.z;
        }
        force.y = mass * self.gravity;
        for (leg, on) in LEGS.iter().zip([stance.left, stance.right]) {
            if !on {
                continue;
            }
            for &j in leg {
                if let Some(p) = avatar.bone(world, j) {
                    world_torque[j.index()] -= (c - p.position).cross(force * share);
                }
            }
        }

        for j in Joint::ALL {
            let t = world_torque[j.index()];
            if t == DVec3::ZERO {
                continue;
            }
            let (Some(frame), Some(parent)) = (avatar.frame(j), j.parent()) else {
                continue;
            };
            let Some(pb) = avatar.bone(world, parent) else {
                continue;
            };
            let axes = frame.world_axes(pb.rotation);
            let mut a = DVec3::new(t.dot(axes.x_axis), t.dot(axes.y_axis), t.dot(axes.z_axis));
            if matches!(j, Joint::LeftAnkle | Joint::RightAnkle) {
                // And no more than the foot's centre of pressure can hold:
                // beyond it the foot tips about its toe or heel.
                let most = mass * self.gravity * share * self.pressure_reach_m;
                a.y = a.y.clamp(-most, most);
                // A narrow foot cannot take a roll or twist torque: it rocks
                // onto an edge and slides (measured: the feet walked 0.9 m
                // sideways in 9 s); the ankles push fore and aft only, the
                // hips and knees do the rest.
                a.x = 0.0;
                a.z = 0.0;
            }
            out.torques[j] = a;
        }
        out
    }

    /// A joint torque on its frame axes as a world vector.
    fn world_of(
        &self,
        avatar: &SimAvatar,
        world: &Rapier,
        joint: Joint,
        t: DVec3,
    ) -> Option<DVec3> {
        let frame = avatar.frame(joint)?;
        let pb = avatar.bone(world, joint.parent()?)?;
        Some(frame.world_axes(pb.rotation) * t)
    }

    /// Inertia of everything above the hips about the centre of mass
    /// (scalar, the mean over axes), kg m^2.
    fn upper_inertia(&self, avatar: &SimAvatar, world: &Rapier, c: DVec3) -> f64 {
        let mut total = 0.0;
        for j in Joint::ALL {
            let leg = LEGS.iter().flatten().any(|l| *l == j)
                || matches!(j, Joint::LeftToe | Joint::RightToe);
            if leg {
                continue;
            }
            if let Some(b) = avatar.bone(world, j) {
                let seg = avatar.inertias[j];
                let com = b.transform_point(seg.com_local);
                total += seg.mass_kg * (com - c).length_squared() * 2.0 / 3.0
                    + (seg.inertia_diag.x + seg.inertia_diag.y + seg.inertia_diag.z) / 3.0;
            }
        }
        total.max(1.0)
    }
}
