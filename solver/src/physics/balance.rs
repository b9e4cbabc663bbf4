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

use super::convert::{q64, v64};
use super::force_array::ForceArray;
use super::sim_avatar::SimAvatar;
use super::world::RapierWorld;

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
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Balance {
    /// Whether it acts (`false`: off, as if the table were not given).
    pub enabled: bool,
    /// Natural frequency of the torso's orientation PD, Hz.
    pub torso_hz: f64,
    /// Natural frequency of the centre of mass's position PD, Hz.
    pub com_hz: f64,
    /// Damping ratio of both.
    pub damping_ratio: f64,
    /// How far ahead of the ankles the centre of mass is held, metres
    /// (over the middle of the foot rather than the ankle).
    pub com_ahead_m: f64,
    /// How far ahead of the ankle the centre of pressure reaches within a
    /// sole (toward the toes), metres.
    pub toe_reach_m: f64,
    /// How far behind the ankle it reaches (toward the heel), metres.
    pub heel_reach_m: f64,
    /// How far to either side of the ankle it reaches, metres (bounds the
    /// ankle's roll torque: a narrow foot rocks onto its edge).
    pub side_reach_m: f64,
    /// Gravity, m/s^2.
    pub gravity: f64,
}

impl Default for Balance {
    fn default() -> Self {
        Balance {
            enabled: true,
            torso_hz: 2.0,
            com_hz: 1.0,
            damping_ratio: 1.0,
            com_ahead_m: 0.04,
            toe_reach_m: 0.13,
            heel_reach_m: 0.04,
            side_reach_m: 0.02,
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

/// The feet that stand, as the balance array reads them.
struct SupportFeet {
    /// Each foot's centre, a little ahead of its ankle.
    centres: Vec<DVec3>,
    /// Each foot's flat forward axis.
    fronts: Vec<DVec3>,
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
        world: &RapierWorld,
        reference: &BodyPose,
        stance: Stance,
        others: &ForceArray,
    ) -> ForceArray {
        let n = stance.count();
        if n == 0 {
            return ForceArray::ZERO;
        }
        let share = 1.0 / n as f64;
        let Some(pelvis) = avatar
            .body_handle(Joint::Pelvis)
            .and_then(|h| world.bodies.get(h))
        else {
            return ForceArray::ZERO;
        };
        let (c, v, mass) = avatar.centre_of_mass(world);
        let mut world_torque = [DVec3::ZERO; Joint::COUNT];

        // The torso: what it needs, less what the hips already give it.
        let missing = self.torso_missing(avatar, world, reference, pelvis, c, others);
        for (leg, on) in LEGS.iter().zip([stance.left, stance.right]) {
            if on {
                world_torque[leg[0].index()] -= missing * share;
            }
        }

        // The centre of mass over the feet, and the weight.
        let feet = self.support_feet(avatar, world, stance);
        let loads = self.push_legs(
            avatar,
            world,
            &feet,
            (c, v, mass),
            stance,
            &mut world_torque,
        );
        self.in_joint_frames(avatar, world, &world_torque, loads, mass)
    }

    /// The torque the torso needs about the pelvis toward the reference's
    /// (world axes), less what the hips and spine already give it.
    fn torso_missing(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        reference: &BodyPose,
        pelvis: &rapier3d::prelude::RigidBody,
        c: DVec3,
        others: &ForceArray,
    ) -> DVec3 {
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
        let inertia = Self::upper_inertia(avatar, world, c);
        let want = (axis * angle * w - omega * 2.0 * self.damping_ratio) * inertia * w;
        let already: DVec3 = [Joint::LeftHip, Joint::RightHip, Joint::Spine]
            .into_iter()
            .filter_map(|j| Some(-self.world_of(avatar, world, j, others.torques[j])?))
            .sum();
        want - already
    }

    /// The feet that stand: each one's centre (a little ahead of the
    /// ankle) and its flat forward axis.
    fn support_feet(&self, avatar: &SimAvatar, world: &RapierWorld, stance: Stance) -> SupportFeet {
        let mut centres = Vec::with_capacity(2);
        let mut fronts: Vec<DVec3> = Vec::with_capacity(2);
        for (leg, on) in LEGS.iter().zip([stance.left, stance.right]) {
            if let (true, Some(foot)) = (on, avatar.bone(world, leg[2])) {
                let centre = foot.position + foot.rotation * DVec3::new(0.0, 0.0, self.com_ahead_m);
                centres.push(centre);
                let f = foot.rotation * DVec3::Z;
                fronts.push(DVec3::new(f.x, 0.0, f.z).normalize_or(DVec3::Z));
            }
        }
        SupportFeet { centres, fronts }
    }

    /// Each standing leg pushes the centre of mass toward over the feet,
    /// and holds the weight (world torques added to `world_torque`); says
    /// each leg's share of the weight.
    fn push_legs(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        feet: &SupportFeet,
        (c, v, mass): (DVec3, DVec3, f64),
        stance: Stance,
        world_torque: &mut [DVec3; Joint::COUNT],
    ) -> [f64; 2] {
        let SupportFeet { centres, fronts } = feet;
        let share = 1.0 / stance.count().max(1) as f64;
        let support = centres.iter().copied().sum::<DVec3>() * share;
        let wc = 2.0 * std::f64::consts::PI * self.com_hz;
        let mut force = ((support - c) * wc * wc - v * 2.0 * self.damping_ratio * wc) * mass;
        // Feet can only push as far as their centre of pressure reaches: a
        // horizontal force F at height h needs the pressure F h / (m g)
        // away from under the centre of mass, on the side it pushes from,
        // and within the soles (the hull of both, from the heels to the
        // toes; in a split stance the rear foot reaches far behind the
        // centre of mass). Beyond them it would tip the feet over instead
        // (a step has to catch that). The push keeps its direction and is
        // shortened until its centre of pressure is within the soles.
        // Measured: with a symmetric 8 cm about the middle of each foot
        // instead, a 10 N s forward push on the chest threw a standing body
        // over its toes.
        let height = (c.y - support.y).max(0.3);
        force.y = mass * self.gravity;
        let weight = mass * self.gravity;
        let flat_c = DVec3::new(c.x, 0.0, c.z);
        let corners: Vec<DVec3> = centres
            .iter()
            .zip(fronts)
            .flat_map(|(p, f)| {
                let ankle = DVec3::new(p.x, 0.0, p.z) - *f * self.com_ahead_m;
                let side = DVec3::new(f.z, 0.0, -f.x) * self.side_reach_m;
                [
                    ankle + *f * self.toe_reach_m + side,
                    ankle + *f * self.toe_reach_m - side,
                    ankle - *f * self.heel_reach_m + side,
                    ankle - *f * self.heel_reach_m - side,
                ]
            })
            .collect();
        let want_cop = within_soles(
            flat_c - DVec3::new(force.x, 0.0, force.z) * height / weight,
            flat_c,
            &corners,
        );
        // Each foot's centre of pressure and its share of the weight; each
        // leg then pushes along the line from its centre of pressure to the
        // centre of mass, which the stance joints' Jacobian transpose turns
        // into exactly that ankle torque.
        let (shares, pressures) = self.pressures(centres, fronts, want_cop);
        let mut loads = [0.0; 2];
        let mut k = 0;
        for (i, (leg, on)) in LEGS.iter().zip([stance.left, stance.right]).enumerate() {
            if !on || k >= centres.len() {
                continue;
            }
            let w = shares[k];
            let p = pressures[k];
            k += 1;
            loads[i] = w;
            let leg_force = DVec3::new(c.x - p.x, 0.0, c.z - p.z) * (weight * w / height)
                + DVec3::Y * force.y * w;
            for &j in leg {
                if let Some(p) = avatar.bone(world, j) {
                    world_torque[j.index()] -= (c - p.position).cross(leg_force);
                }
            }
        }
        loads
    }

    /// World torques turned into each joint's frame; an ankle's bounded by
    /// what its foot's centre of pressure can hold (`loads`: each leg's
    /// share of the weight).
    fn in_joint_frames(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        world_torque: &[DVec3; Joint::COUNT],
        loads: [f64; 2],
        mass: f64,
    ) -> ForceArray {
        let mut out = ForceArray::ZERO;
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
                let load = if j == Joint::LeftAnkle {
                    loads[0]
                } else {
                    loads[1]
                };
                // (A positive torque turns the toes down: the pressure
                // goes to them.)
                let w = mass * self.gravity * load;
                a.y = a.y.clamp(-w * self.heel_reach_m, w * self.toe_reach_m);
                // A narrow foot takes no twist and little roll: beyond
                // `side_reach_m` it rocks onto an edge and slides (measured
                // with no bound: the feet walked 0.9 m sideways in 9 s); the
                // hips and knees do the rest.
                a.x = 0.0;
                a.z = a.z.clamp(-w * self.side_reach_m, w * self.side_reach_m);
            }
            out.torques[j] = a;
        }
        out
    }

    /// How the wanted centre of pressure `want` is shared between the
    /// standing soles (their centres and forward directions): the weights
    /// and each sole's own centre of pressure, within its reach.
    ///
    /// One foot: its centre of pressure is `want`, within the sole. Two
    /// feet: their soles make a thin band along the line between them, so
    /// the part of `want` across that line is put first, by the same offset
    /// in both soles toward the corner that reaches farthest across (the
    /// heels or toes and an edge), and the weights along the line then
    /// make up the rest. Measured: with the weights along the line first
    /// and each sole's offset clamped per axis after, a split stance (feet
    /// 30 cm apart fore and aft) fell within 2 s with no push at all; with
    /// this it stands, and takes 10 N s from the front and the back.
    fn pressures(
        &self,
        centres: &[DVec3],
        fronts: &[DVec3],
        want: DVec3,
    ) -> (Vec<f64>, Vec<DVec3>) {
        let flat = |p: DVec3| DVec3::new(p.x, 0.0, p.z);
        let corners = |f: DVec3| {
            let side = DVec3::new(f.z, 0.0, -f.x);
            let (toe, heel) = (
                self.toe_reach_m - self.com_ahead_m,
                -self.heel_reach_m - self.com_ahead_m,
            );
            [
                f * toe + side * self.side_reach_m,
                f * toe - side * self.side_reach_m,
                f * heel + side * self.side_reach_m,
                f * heel - side * self.side_reach_m,
            ]
        };
        match (centres, fronts) {
            ([a, b], [fa, fb]) => {
                let (a, b) = (flat(*a), flat(*b));
                let ab = b - a;
                let u = ab.normalize_or(DVec3::X);
                let n = DVec3::new(u.z, 0.0, -u.x);
                let across = (want - a).dot(n);
                let sign = if across >= 0.0 { 1.0 } else { -1.0 };
                let offset = |f: DVec3| {
                    let best = corners(f).into_iter().fold(DVec3::ZERO, |best, o| {
                        if o.dot(n) * sign > best.dot(n) * sign {
                            o
                        } else {
                            best
                        }
                    });
                    let reach = best.dot(n) * sign;
                    if reach > 1e-6 {
                        best * (across.abs() / reach).min(1.0)
                    } else {
                        DVec3::ZERO
                    }
                };
                let (oa, ob) = (offset(*fa), offset(*fb));
                let span = (ab + ob - oa).dot(u);
                let s = if span.abs() > 1e-6 {
                    ((want - a - oa).dot(u) / span).clamp(0.0, 1.0)
                } else {
                    0.5
                };
                (vec![1.0 - s, s], vec![a + oa, b + ob])
            }
            _ => {
                let pressures = centres
                    .iter()
                    .zip(fronts)
                    .map(|(p, f)| {
                        let side = DVec3::new(f.z, 0.0, -f.x);
                        let d = want - flat(*p);
                        let along = d.dot(*f).clamp(
                            -self.heel_reach_m - self.com_ahead_m,
                            self.toe_reach_m - self.com_ahead_m,
                        );
                        let across = d.dot(side).clamp(-self.side_reach_m, self.side_reach_m);
                        flat(*p) + *f * along + side * across
                    })
                    .collect();
                (vec![1.0; centres.len()], pressures)
            }
        }
    }

    /// A joint torque on its frame axes as a world vector.
    fn world_of(
        &self,
        avatar: &SimAvatar,
        world: &RapierWorld,
        joint: Joint,
        t: DVec3,
    ) -> Option<DVec3> {
        let frame = avatar.frame(joint)?;
        let pb = avatar.bone(world, joint.parent()?)?;
        Some(frame.world_axes(pb.rotation) * t)
    }

    /// Inertia of everything above the hips about the centre of mass
    /// (scalar, the mean over axes), kg m^2.
    pub(super) fn upper_inertia(avatar: &SimAvatar, world: &RapierWorld, c: DVec3) -> f64 {
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

/// The point on the way from `from` (under the centre of mass) to `x`
/// (the centre of pressure a push wants) that is farthest along it and
/// still within the convex hull of `points` (the soles' corners, on the
/// floor; y ignored); the nearest point of the hull when `from` is outside.
fn within_soles(x: DVec3, from: DVec3, points: &[DVec3]) -> DVec3 {
    let mut pts: Vec<(f64, f64)> = points.iter().map(|p| (p.x, p.z)).collect();
    if pts.is_empty() {
        return x;
    }
    pts.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let cross = |o: (f64, f64), a: (f64, f64), b: (f64, f64)| {
        (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    };
    // Andrew's monotone chain: the hull counter-clockwise.
    let mut hull: Vec<(f64, f64)> = Vec::with_capacity(16);
    for pass in 0..2 {
        let base = hull.len();
        let order: Vec<(f64, f64)> = if pass == 0 {
            pts.clone()
        } else {
            pts.iter().rev().copied().collect()
        };
        for p in order {
            while hull.len() >= base + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    let n = hull.len();
    let inside =
        |q: (f64, f64)| n >= 3 && (0..n).all(|i| cross(hull[i], hull[(i + 1) % n], q) >= 0.0);
    let q = (x.x, x.z);
    if inside(q) {
        return DVec3::new(q.0, 0.0, q.1);
    }
    let f = (from.x, from.z);
    if inside(f) {
        let (mut lo, mut hi) = (0.0, 1.0);
        for _ in 0..20 {
            let m = 0.5 * (lo + hi);
            if inside((f.0 + (q.0 - f.0) * m, f.1 + (q.1 - f.1) * m)) {
                lo = m;
            } else {
                hi = m;
            }
        }
        return DVec3::new(f.0 + (q.0 - f.0) * lo, 0.0, f.1 + (q.1 - f.1) * lo);
    }
    let mut best = (f64::INFINITY, q);
    for i in 0..n {
        let a = hull[i];
        let b = hull[(i + 1) % n];
        let ab = (b.0 - a.0, b.1 - a.1);
        let len2 = ab.0 * ab.0 + ab.1 * ab.1;
        let t = if len2 > 1e-12 {
            (((q.0 - a.0) * ab.0 + (q.1 - a.1) * ab.1) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let p = (a.0 + ab.0 * t, a.1 + ab.1 * t);
        let d = (p.0 - q.0).powi(2) + (p.1 - q.1).powi(2);
        if d < best.0 {
            best = (d, p);
        }
    }
    DVec3::new(best.1 .0, 0.0, best.1 .1)
}
