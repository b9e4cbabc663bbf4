//! Stepping for the whole-body controller (issue 41, part A, round 6):
//! when the simulated body's capture point leaves its support, a foot
//! steps where the capture point asks, as a task of the whole-body plan.
//!
//! Every tick, from the simulated centre of mass `x` and its velocity `v`,
//! the capture point `x + v / omega0` (`omega0 = sqrt(g / z_com)`). When it
//! lies farther than [`WholeBodyStepping::margin_m`] outside the convex
//! hull of the touching feet's contact corners, a step is planned: the
//! foot on the side the capture point leaves toward swings to the capture
//! point plus a share of the velocity (SIMBICON's `d + cv * v`), kept a
//! foot's width beside the stance foot and at most
//! [`WholeBodyStepping::max_step_m`] from it. The swing foot leaves the
//! stance set, its leg's accelerations are solved so the foot follows a
//! minimum-jerk path with a lift (`swing_leg`), and the base task aims
//! over the new support. Once the body is calm, each foot farther than
//! [`WholeBodyStepping::settle_m`] from the reference's foot steps back
//! under the person, one at a time.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{Joint, JointMap};

use super::articulated::ArticulatedBody;
use super::balance::Stance;
use super::leg_task::{foot_with_leg_still, leg_columns, solve_leg, FootWant};
use super::sim_avatar::SimAvatar;
use super::vectors::{clamp_len, rotvec};
use super::whole_body::{WholeBody, WholeBodyTarget};
use super::whole_body_dcm::ComReference;
use super::world::RapierWorld;

/// Settings of the whole-body controller's stepping
/// (`[solver.physics.whole_body.stepping]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WholeBodyStepping {
    /// Whether the body steps when its capture point leaves its feet (off
    /// by default; acts only with the whole-body controller on).
    pub enabled: bool,
    /// How far outside the support the capture point must be to step, m.
    pub margin_m: f64,
    /// Time of one swing, s.
    pub swing_s: f64,
    /// Height the swing foot lifts at mid-swing, m.
    pub lift_m: f64,
    /// Share of the centre of mass's velocity added to the capture point
    /// for the landing spot, s (SIMBICON's `cv`).
    pub velocity_gain: f64,
    /// Share of the capture point's offset from the stance foot added on
    /// top, (SIMBICON's `cd`).
    pub offset_gain: f64,
    /// Least sideways distance of the landing ankle from the stance ankle, m.
    pub min_width_m: f64,
    /// Longest step from the stance ankle, m.
    pub max_step_m: f64,
    /// Natural frequency of the swing foot's PD along its path, Hz.
    pub swing_hz: f64,
    /// A foot farther than this from the reference's foot steps back once
    /// the body is calm, m.
    pub settle_m: f64,
    /// The body is calm below this centre-of-mass speed, m/s.
    pub calm_speed_m_s: f64,
    /// A swing that has not touched down ends after this many swing times.
    pub timeout: f64,
    /// Share of the swing during which the landing spot follows the
    /// capture point.
    pub reaim_share: f64,
    /// Fastest the landing spot moves while it follows, m/s.
    pub reaim_speed_m_s: f64,
    /// Largest wanted linear acceleration of the swing foot, m/s^2.
    pub max_foot_accel: f64,
    /// Largest horizontal acceleration the base is asked for while the
    /// body recovers, m/s^2.
    pub max_base_accel: f64,
    /// Seconds the centre of mass is moved over the stance foot before the
    /// swing foot lifts (not when the capture point is already outside the
    /// support: a push's step lifts at once), and held over it through the
    /// swing
    /// ([`super::whole_body::WholeBodyTarget::com_over`]; 0: no weight
    /// shift, the base free while a foot swings).
    pub weight_shift_s: f64,
}

impl Default for WholeBodyStepping {
    fn default() -> Self {
        WholeBodyStepping {
            enabled: false,
            margin_m: 0.1,
            swing_s: 0.35,
            lift_m: 0.06,
            velocity_gain: 0.05,
            offset_gain: 0.0,
            min_width_m: 0.12,
            max_step_m: 0.6,
            swing_hz: 8.0,
            settle_m: 0.05,
            calm_speed_m_s: 0.15,
            timeout: 1.6,
            reaim_share: 0.8,
            reaim_speed_m_s: 1.5,
            max_foot_accel: 40.0,
            max_base_accel: 1.5,
            weight_shift_s: 0.0,
        }
    }
}

/// Where the swing foot should be now: what the whole-body plan tracks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SwingTask {
    /// Which foot (0 left, 1 right).
    pub foot: usize,
    /// The ankle's wanted position, m.
    pub position: DVec3,
    /// ... velocity, m/s.
    pub velocity: DVec3,
    /// ... acceleration, m/s^2.
    pub acceleration: DVec3,
    /// The foot's wanted rotation (the reference's: flat).
    pub rotation: DQuat,
}

/// A step under way.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Swing {
    foot: usize,
    start: DVec3,
    target: DVec3,
    start_s: f64,
    /// Whether it answers a push (re-aimed on the way) rather than
    /// stepping back under the person.
    push: bool,
}

/// The stepping's state between ticks.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct StepPlanner {
    swing: Option<Swing>,
    /// Whether a recovery is under way (from the first step until the
    /// feet are back under the person).
    recovering: bool,
    /// When the last swing ended, s.
    landed_s: Option<f64>,
    /// Steps taken so far.
    steps: u32,
    /// The last tick's time, s.
    last_s: Option<f64>,
    /// Each foot's sole centre from its ankle, on the floor, m.
    soles: [DVec3; 2],
}

/// Seconds since the last tick (a 90 Hz tick at the first).
fn dt_tick(t: f64, last: Option<f64>) -> f64 {
    last.map_or(1.0 / 90.0, |l| (t - l).clamp(0.0, 0.1))
}

const ANKLES: [Joint; 2] = [Joint::LeftAnkle, Joint::RightAnkle];

/// The minimum-jerk blend at `s` in 0..=1 and its first and second
/// derivatives in `s`.
fn blend(s: f64) -> (f64, f64, f64) {
    let s = s.clamp(0.0, 1.0);
    (
        s * s * s * (10.0 - 15.0 * s + 6.0 * s * s),
        30.0 * s * s * (1.0 - s) * (1.0 - s),
        60.0 * s * (1.0 - s) * (1.0 - 2.0 * s),
    )
}

/// The lift profile `16 s^2 (1 - s)^2` (1 at mid-swing) and its
/// derivatives in `s`.
fn lift(s: f64) -> (f64, f64, f64) {
    let s = s.clamp(0.0, 1.0);
    let u = s * (1.0 - s);
    let du = 1.0 - 2.0 * s;
    (16.0 * u * u, 32.0 * u * du, 32.0 * (du * du - 2.0 * u))
}

fn flat(v: DVec3) -> DVec3 {
    DVec3::new(v.x, 0.0, v.z)
}

impl StepPlanner {
    /// Steps taken so far.
    pub fn steps(&self) -> u32 {
        self.steps
    }

    /// Whether a foot is swinging.
    pub fn swinging(&self) -> bool {
        self.swing.is_some()
    }

    /// Forgets any step under way (the body left its feet).
    pub fn reset(&mut self) {
        self.swing = None;
        self.recovering = false;
    }

    /// This tick's plan at time `t`: updates the step under way or starts
    /// one, and writes it into `target` (the swing foot out of the stance,
    /// its task, the base aimed over the new support). `reference`: the
    /// reference's joint positions.
    #[allow(clippy::too_many_arguments)]
    pub fn plan(
        &mut self,
        s: &WholeBodyStepping,
        wb: &WholeBody,
        avatar: &SimAvatar,
        world: &RapierWorld,
        reference: &JointMap<DVec3>,
        touching: Stance,
        t: f64,
        target: &mut WholeBodyTarget,
    ) {
        let (Some(la), Some(ra)) = (
            avatar.bone(world, Joint::LeftAnkle),
            avatar.bone(world, Joint::RightAnkle),
        ) else {
            return;
        };
        let ankles = [la.position, ra.position];
        let (com, vel, mass) = avatar.centre_of_mass(world);
        if mass <= 0.0 || !com.is_finite() || !vel.is_finite() {
            return;
        }
        let omega0 = super::whole_body_dcm::pendulum_omega(wb.gravity, com.y);
        let cp = flat(com + vel / omega0);
        let touches = [touching.left, touching.right];
        for (f, feet) in [[true, false], [false, true]].into_iter().enumerate() {
            let c = wb.support_corners(avatar, world, feet);
            if !c.is_empty() {
                self.soles[f] = flat(c.iter().copied().sum::<DVec3>() / c.len() as f64 - ankles[f]);
            }
        }
        let swing_s = s.swing_s.max(0.1);
        let ref_ankles = [reference[Joint::LeftAnkle], reference[Joint::RightAnkle]];
        if let Some(mut sw) = self.swing {
            let phase = (t - sw.start_s) / swing_s;
            let foot = sw.foot;
            let down = touches[foot] && ankles[foot].y < ref_ankles[foot].y + 0.03;
            if (phase >= 0.6 && down) || phase >= s.timeout.max(1.0) {
                self.swing = None;
                self.landed_s = Some(t);
                self.steps += 1;
            } else if phase < s.reaim_share && sw.push {
                // Re-aim while the foot is on its way.
                let remaining = (1.0 - phase).max(0.0) * swing_s;
                let aim =
                    self.placement(s, (cp, vel, omega0), ankles, foot, (sw.target.y, remaining));
                // The landing spot moves at a bounded speed (a jump in it
                // would fling the leg).
                let step = s.reaim_speed_m_s.max(0.0) * dt_tick(t, self.last_s);
                sw.target += clamp_len(aim - sw.target, step);
                self.swing = Some(sw);
            }
        }
        self.last_s = Some(t);
        if self.swing.is_none() {
            self.start_step(
                s,
                wb,
                avatar,
                world,
                (cp, vel, omega0),
                ankles,
                ref_ankles,
                touches,
                t,
            );
        }
        if !self.recovering {
            return;
        }
        // The base's horizontal task, bounded: while a foot swings it asks
        // nothing (the step catches the body); on its feet it aims over
        // them as the reference stands over its own. The bound is what the
        // feet can give; a stiffer ask tips or slides the body.
        let Some(pelvis) = avatar.bone(world, Joint::Pelvis) else {
            return;
        };
        let p = flat(pelvis.position);
        let pv = avatar
            .body_handle(Joint::Pelvis)
            .and_then(|h| world.bodies.get(h))
            .map_or(flat(vel), |b| flat(super::convert::v64(b.linvel())));
        let wr = 2.0 * std::f64::consts::PI * wb.root_hz.max(0.1);
        let z = 2.0 * wb.damping_ratio.max(0.0);
        if wb.capture_point.enabled {
            target.com_reference = Some(ComReference::still(self.recovery_aim(ankles)));
        }
        let mut want = DVec3::ZERO;
        if let Some(sw) = self.swing {
            if s.weight_shift_s > 0.0 {
                target.com_over = Some(1 - sw.foot);
            }
            if t >= sw.start_s {
                let task = swing_task(s, &sw, t, target.reference.rotations[ANKLES[sw.foot]]);
                target.swing = Some(task);
                if sw.foot == 0 {
                    target.stance.left = false;
                } else {
                    target.stance.right = false;
                }
            }
        } else {
            let own = flat(ankles[0] + ankles[1]) * 0.5;
            let theirs = flat(ref_ankles[0] + ref_ankles[1]) * 0.5;
            let goal = flat(target.reference.root) + own - theirs;
            want = (goal - p) * wr * wr - pv * z * wr;
        }
        let want = clamp_len(want, s.max_base_accel.max(0.0));
        let aim = p + want / (wr * wr);
        target.reference.root = DVec3::new(aim.x, target.reference.root.y, aim.z);
        target.root_velocity = DVec3::new(pv.x, target.root_velocity.y, pv.z);
    }

    /// Where the capture-point base aims the centre of mass while the body
    /// recovers: between the stance sole and the landing spot while a push's
    /// step swings (the pressure then brakes on the stance foot), over the
    /// stance sole while a foot steps back, between the soles on both feet.
    fn recovery_aim(&self, ankles: [DVec3; 2]) -> DVec3 {
        let sole = |f: usize| flat(ankles[f] + self.soles[f]);
        match self.swing {
            Some(sw) if sw.push => {
                (sole(1 - sw.foot) + flat(sw.target + self.soles[sw.foot])) * 0.5
            }
            Some(sw) => sole(1 - sw.foot),
            None => (sole(0) + sole(1)) * 0.5,
        }
    }

    /// Where the swing foot lands: the capture point plus a share of the
    /// velocity and of its offset from the stance foot, a foot's width
    /// beside the stance foot, at most a step away.
    fn placement(
        &self,
        s: &WholeBodyStepping,
        (cp, vel, omega0): (DVec3, DVec3, f64),
        ankles: [DVec3; 2],
        foot: usize,
        (height, remaining_s): (f64, f64),
    ) -> DVec3 {
        let stance = flat(ankles[1 - foot] + self.soles[1 - foot]);
        // Where the capture point will be when the foot lands: it runs
        // away from the stance foot as exp(omega0 t) (linear inverted
        // pendulum), at most three times as far.
        let grow = (omega0 * remaining_s.max(0.0)).exp().min(3.0);
        let cp = stance + (cp - stance) * grow;
        let mut aim = cp + flat(vel) * s.velocity_gain + (cp - stance) * s.offset_gain;
        // Sideways: along the line from the stance ankle to the swing ankle.
        let side = flat(ankles[foot] - ankles[1 - foot]).normalize_or_zero();
        if side != DVec3::ZERO {
            let across = (aim - stance).dot(side);
            if across < s.min_width_m {
                aim += side * (s.min_width_m - across);
            }
        }
        let d = aim - stance;
        let max = s.max_step_m.max(s.min_width_m);
        if d.length() > max {
            aim = stance + d.normalize_or_zero() * max;
        }
        // The swing foot's sole centre lands there.
        let aim = aim - self.soles[foot];
        DVec3::new(aim.x, height, aim.z)
    }

    /// Starts a step when the capture point leaves the support, or, once
    /// calm, a step back under the person.
    #[allow(clippy::too_many_arguments)]
    fn start_step(
        &mut self,
        s: &WholeBodyStepping,
        wb: &WholeBody,
        avatar: &SimAvatar,
        world: &RapierWorld,
        (cp, vel, omega0): (DVec3, DVec3, f64),
        ankles: [DVec3; 2],
        ref_ankles: [DVec3; 2],
        touches: [bool; 2],
        t: f64,
    ) {
        if !(touches[0] || touches[1]) {
            return;
        }
        let settled = self.landed_s.is_none_or(|l| t - l >= 0.5 * s.swing_s);
        if !settled {
            return;
        }
        let corners: Vec<DVec3> = wb
            .support_corners(avatar, world, touches)
            .into_iter()
            .map(flat)
            .collect();
        let hull = hull_2d(&corners);
        let out = outside(&hull, cp);
        if out > s.margin_m {
            // The foot on the side the capture point leaves toward.
            let centre = corners.iter().copied().sum::<DVec3>() / corners.len().max(1) as f64;
            let dir = cp - centre;
            let foot = if flat(ankles[0] - centre).dot(dir) >= flat(ankles[1] - centre).dot(dir) {
                0
            } else {
                1
            };
            let height = ankles[1 - foot].y;
            let target = self.placement(
                s,
                (cp, vel, omega0),
                ankles,
                foot,
                (height, s.swing_s.max(0.1)),
            );
            // A capture point outside the support leaves no time for a
            // weight shift: the foot lifts at once.
            let shift = if out > 0.0 {
                0.0
            } else {
                s.weight_shift_s.max(0.0)
            };
            self.swing = Some(Swing {
                foot,
                start: ankles[foot],
                target,
                start_s: t + shift,
                push: true,
            });
            self.recovering = true;
            return;
        }
        if !self.recovering || flat(vel).length() > s.calm_speed_m_s {
            return;
        }
        // Calm: the foot farthest from the reference's steps back under it.
        let gap = |f: usize| flat(ankles[f] - ref_ankles[f]).length();
        let foot = if gap(0) >= gap(1) { 0 } else { 1 };
        if gap(foot) > s.settle_m && touches[1 - foot] {
            self.swing = Some(Swing {
                foot,
                start: ankles[foot],
                target: DVec3::new(ref_ankles[foot].x, ankles[1 - foot].y, ref_ankles[foot].z),
                start_s: t + s.weight_shift_s.max(0.0),
                push: false,
            });
        } else if gap(foot) <= s.settle_m {
            self.recovering = false;
        }
    }
}

/// The swing foot's wanted position, velocity and acceleration at `t`.
fn swing_task(s: &WholeBodyStepping, sw: &Swing, t: f64, rotation: DQuat) -> SwingTask {
    let d = s.swing_s.max(0.1);
    let phase = (t - sw.start_s) / d;
    let (b, db, ddb) = blend(phase);
    let (l, dl, ddl) = lift(phase);
    let span = sw.target - sw.start;
    let up = DVec3::Y * s.lift_m.max(0.0);
    let (mut position, mut velocity, mut acceleration) = (
        sw.start + span * b + up * l,
        (span * db + up * dl) / d,
        (span * ddb + up * ddl) / (d * d),
    );
    if phase >= 1.0 {
        // Past its time: pressed gently down onto the target.
        position = sw.target - DVec3::Y * 0.01;
        velocity = DVec3::ZERO;
        acceleration = DVec3::ZERO;
    }
    SwingTask {
        foot: sw.foot,
        position,
        velocity,
        acceleration,
        rotation,
    }
}

/// The convex hull (counter-clockwise in x, z) of points on the floor.
pub(super) fn hull_2d(points: &[DVec3]) -> Vec<DVec3> {
    let mut p: Vec<DVec3> = points.to_vec();
    p.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.z.total_cmp(&b.z)));
    p.dedup_by(|a, b| (*a - *b).length() < 1e-9);
    if p.len() < 3 {
        return p;
    }
    let cross =
        |o: DVec3, a: DVec3, b: DVec3| (a.x - o.x) * (b.z - o.z) - (a.z - o.z) * (b.x - o.x);
    let mut lower: Vec<DVec3> = Vec::new();
    for &q in &p {
        while lower.len() >= 2 && cross(lower[lower.len() - 2], lower[lower.len() - 1], q) <= 0.0 {
            lower.pop();
        }
        lower.push(q);
    }
    let mut upper: Vec<DVec3> = Vec::new();
    for &q in p.iter().rev() {
        while upper.len() >= 2 && cross(upper[upper.len() - 2], upper[upper.len() - 1], q) <= 0.0 {
            upper.pop();
        }
        upper.push(q);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    lower
}

/// `x` held inside the convex polygon `hull` (counter-clockwise), at least
/// `margin` from its edges where it is wide enough: `x` itself when inside,
/// else the nearest point of the polygon shrunk toward its centroid.
pub(super) fn clamp_into(hull: &[DVec3], x: DVec3, margin: f64) -> DVec3 {
    if hull.is_empty() {
        return x;
    }
    let centre = hull.iter().copied().sum::<DVec3>() / hull.len() as f64;
    // Shrink toward the centroid by `margin` (never past it).
    let shrunk: Vec<DVec3> = hull
        .iter()
        .map(|p| {
            let d = flat(*p - centre);
            let l = d.length();
            centre + d * ((l - margin).max(0.0) / l.max(1e-9))
        })
        .collect();
    if outside(&shrunk, x) <= 0.0 {
        return x;
    }
    let n = shrunk.len();
    let mut best = shrunk[0];
    for i in 0..n {
        let (a, b) = (shrunk[i], shrunk[(i + 1) % n]);
        let ab = flat(b - a);
        let t = if ab.length_squared() > 0.0 {
            (flat(x - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let q = a + ab * t;
        if flat(x - q).length() < flat(x - best).length() {
            best = q;
        }
    }
    DVec3::new(best.x, x.y, best.z)
}

/// How far `x` lies outside the convex polygon `hull` (0 inside), m; an
/// empty hull is infinitely far.
fn outside(hull: &[DVec3], x: DVec3) -> f64 {
    let seg_dist = |a: DVec3, b: DVec3| {
        let ab = flat(b - a);
        let t = if ab.length_squared() > 0.0 {
            (flat(x - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
        } else {
            0.0
        };
        flat(x - (a + ab * t)).length()
    };
    match hull.len() {
        0 => f64::INFINITY,
        1 => flat(x - hull[0]).length(),
        2 => seg_dist(hull[0], hull[1]),
        n => {
            let inside = (0..n).all(|i| {
                let (a, b) = (hull[i], hull[(i + 1) % n]);
                (b.x - a.x) * (x.z - a.z) - (b.z - a.z) * (x.x - a.x) >= 0.0
            });
            if inside {
                0.0
            } else {
                (0..n)
                    .map(|i| seg_dist(hull[i], hull[(i + 1) % n]))
                    .fold(f64::INFINITY, f64::min)
            }
        }
    }
}

/// Re-solves the swing leg's joint accelerations (free axes of the hip,
/// knee and ankle) so that its foot follows `task` (a PD along the path at
/// [`WholeBodyStepping::swing_hz`], critically damped, on top of the
/// path's acceleration), keeping close to the PD's `pd` in the null space.
pub(super) fn swing_leg(
    wb: &WholeBody,
    avatar: &SimAvatar,
    body: &ArticulatedBody,
    index: &JointMap<Option<usize>>,
    task: &SwingTask,
    qdd: &mut [f64],
    pd: &[f64],
) {
    let leg = super::whole_body::LEGS[task.foot.min(1)];
    let Some(foot) = index[leg[2]] else {
        return;
    };
    let cols = leg_columns(avatar, body, index, &leg);
    if cols.is_empty() {
        return;
    }
    let acc = foot_with_leg_still(body, index, &leg, qdd, foot);
    let fs = body.segments[foot];
    let w = 2.0 * std::f64::consts::PI * wb.stepping.swing_hz.max(0.0);
    let z = 2.0 * w;
    let lin = task.acceleration
        + (task.position - fs.origin) * w * w
        + (task.velocity - fs.origin_velocity) * z;
    let ang = rotvec(task.rotation * fs.rotation.inverse()) * w * w - fs.omega * z;
    let want_lin = clamp_len(lin, wb.stepping.max_foot_accel.max(0.0)) - acc.origin;
    let want_ang = clamp_len(ang, wb.max_joint_accel) - acc.angular;
    let want = FootWant {
        angular: want_ang,
        linear: want_lin,
        pd_weight: wb.stance_pd_weight.max(1e-9),
        cap: wb.max_joint_accel,
    };
    solve_leg((index, &leg, &cols), body, fs.origin, &want, pd, qdd);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_inside_the_feet_is_not_outside_and_one_beyond_is() {
        let pts = [
            DVec3::new(-0.1, 0.0, -0.05),
            DVec3::new(0.1, 0.0, -0.05),
            DVec3::new(0.1, 0.0, 0.2),
            DVec3::new(-0.1, 0.0, 0.2),
            DVec3::new(0.0, 0.0, 0.1),
        ];
        let hull = hull_2d(&pts);
        assert_eq!(hull.len(), 4);
        assert_eq!(outside(&hull, DVec3::new(0.0, 0.0, 0.0)), 0.0);
        assert!((outside(&hull, DVec3::new(0.0, 0.0, 0.5)) - 0.3).abs() < 1e-12);
        assert!((outside(&hull, DVec3::new(-0.3, 0.0, 0.0)) - 0.2).abs() < 1e-12);
    }

    #[test]
    fn the_swing_path_lifts_and_lands_on_its_target() {
        let s = WholeBodyStepping::default();
        let sw = Swing {
            foot: 0,
            start: DVec3::new(0.1, 0.08, 0.0),
            target: DVec3::new(0.1, 0.08, 0.3),
            start_s: 1.0,
            push: true,
        };
        let mid = swing_task(&s, &sw, 1.0 + 0.5 * s.swing_s, DQuat::IDENTITY);
        assert!((mid.position.y - (0.08 + s.lift_m)).abs() < 1e-9);
        assert!((mid.position.z - 0.15).abs() < 1e-9);
        let end = swing_task(&s, &sw, 1.0 + s.swing_s - 1e-9, DQuat::IDENTITY);
        assert!((end.position - sw.target).length() < 1e-6);
        assert!(end.velocity.length() < 1e-6);
        // The velocity is the derivative of the position.
        let h = 1e-6;
        let t = 1.0 + 0.3 * s.swing_s;
        let a = swing_task(&s, &sw, t, DQuat::IDENTITY);
        let b = swing_task(&s, &sw, t + h, DQuat::IDENTITY);
        assert!(((b.position - a.position) / h - a.velocity).length() < 1e-4);
        assert!(((b.velocity - a.velocity) / h - a.acceleration).length() < 1e-3);
    }
}
