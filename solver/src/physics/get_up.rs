//! Getting up like a person (issue 41): where the body lies, a keyframed
//! reference rolls it over onto hands and knees, kneels up and stands up;
//! then, if the person moved away, it walks back under them, the reference
//! moved at a walking pace with its legs stepping. The pelvis of the
//! reference does not travel over the floor while the body rises: no part
//! of the body is pulled across the floor to the person.
//!
//! Poses are the [`BodyPose`] convention: each bone's world rotation
//! relative to the rest pose (x left, y up, z forward).

use std::f64::consts::FRAC_PI_2;

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::skeleton::Skeleton;
use posewire_body::{BodyPose, Joint};
use serde::{Deserialize, Serialize};

/// The timing and pace of getting up.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GetUpSettings {
    /// Seconds from lying to hands and knees (a roll from the back).
    pub to_hands_and_knees_s: f64,
    /// Seconds from hands and knees to kneeling upright.
    pub kneel_up_s: f64,
    /// Seconds from kneeling to standing.
    pub stand_up_s: f64,
    /// The pace of the walk back under the person, m/s: brisk, since the
    /// person may walk on meanwhile (at 1.2 m/s a body knocked 6.8 m from
    /// a person walking on stood linked 11.7 s after the push, against the
    /// 12 s bar: docs/notes/reactions-from-contacts.md).
    pub walk_speed_m_s: f64,
    /// The length of one step of that walk, metres.
    pub step_m: f64,
    /// The body is back under the person (tracking again) once its pelvis
    /// is this close to theirs along the floor, metres.
    pub back_m: f64,
    /// After this long walking back the body tracks anyway (a person out
    /// of reach), seconds.
    pub max_walk_s: f64,
}

impl Default for GetUpSettings {
    fn default() -> Self {
        GetUpSettings {
            to_hands_and_knees_s: 1.0,
            kneel_up_s: 0.9,
            stand_up_s: 1.1,
            walk_speed_m_s: 1.5,
            step_m: 0.6,
            back_m: 0.15,
            max_walk_s: 8.0,
        }
    }
}

impl GetUpSettings {
    /// Seconds from lying to standing.
    pub fn rise_s(&self) -> f64 {
        let s = |x: f64| if x.is_finite() { x.max(0.05) } else { 1.0 };
        s(self.to_hands_and_knees_s) + s(self.kneel_up_s) + s(self.stand_up_s)
    }
}

/// One get-up, from where the body lay.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GetUp {
    lying: BodyPose,
    hands_and_knees: BodyPose,
    kneeling: BodyPose,
    /// Where the body lay (the pelvis on the floor).
    spot: DVec3,
    /// Where the walk back has come to along the floor.
    walked_to: DVec3,
    /// How far it walked, metres (the legs' phase).
    walked_m: f64,
}

fn ease(s: f64) -> f64 {
    let s = s.clamp(0.0, 1.0);
    s * s * (3.0 - 2.0 * s)
}

/// Blends two poses (root linearly, every bone along the shorter arc).
fn blend(a: &BodyPose, b: &BodyPose, s: f64) -> BodyPose {
    let e = ease(s);
    let mut out = *b;
    out.root = a.root.lerp(b.root, e);
    for j in Joint::ALL {
        let (qa, qb) = (a.rotations[j], b.rotations[j]);
        let qb = if qa.dot(qb) < 0.0 { -qb } else { qb };
        out.rotations[j] = qa.slerp(qb, e).normalize();
    }
    out
}

/// Rotations of the arm bones pointing straight down, (left, right).
fn arms_down(yaw: DQuat) -> (DQuat, DQuat) {
    (
        yaw * DQuat::from_rotation_z(-FRAC_PI_2),
        yaw * DQuat::from_rotation_z(FRAC_PI_2),
    )
}

/// A pose of the body facing `yaw` with the trunk pitched forward by
/// `trunk` radians (0 upright), the thighs pitched forward by `thigh`, the
/// shins pitched back by `shin` and the feet by `foot`, arms down, set on
/// the floor at `spot` so its lowest knee or hand rests on it.
fn key_pose(
    skeleton: &Skeleton,
    yaw: DQuat,
    spot: DVec3,
    (trunk, thigh, shin, foot): (f64, f64, f64, f64),
) -> BodyPose {
    let mut p = BodyPose::rest(skeleton);
    let pitch = |a: f64| yaw * DQuat::from_rotation_x(a);
    for j in [
        Joint::Pelvis,
        Joint::Spine,
        Joint::Chest,
        Joint::Neck,
        Joint::Head,
    ] {
        p.rotations[j] = pitch(trunk);
    }
    p.rotations[Joint::LeftClavicle] = pitch(trunk);
    p.rotations[Joint::RightClavicle] = pitch(trunk);
    let (left, right) = arms_down(yaw);
    for j in [Joint::LeftShoulder, Joint::LeftElbow, Joint::LeftWrist] {
        p.rotations[j] = left;
    }
    for j in [Joint::RightShoulder, Joint::RightElbow, Joint::RightWrist] {
        p.rotations[j] = right;
    }
    for [hip, knee, ankle, toe] in super::locomotion::LEGS {
        p.rotations[hip] = pitch(-thigh);
        p.rotations[knee] = pitch(shin);
        p.rotations[ankle] = pitch(foot);
        p.rotations[toe] = pitch(foot);
    }
    p.root = DVec3::ZERO;
    let at = p.positions(skeleton);
    let lowest = [
        Joint::LeftKnee,
        Joint::RightKnee,
        Joint::LeftWrist,
        Joint::RightWrist,
    ]
    .into_iter()
    .map(|j| at[j].y)
    .fold(f64::INFINITY, f64::min);
    // Knees and hands on the floor, their capsules' thickness above it.
    p.root = DVec3::new(spot.x, 0.06 - lowest, spot.z);
    p
}

impl GetUp {
    /// Starts getting up from `lying` (the simulated pose at rest on the
    /// floor), facing where the head lies from the pelvis.
    pub fn start(skeleton: &Skeleton, lying: &BodyPose) -> GetUp {
        let at = lying.positions(skeleton);
        let along = at[Joint::Head] - at[Joint::Pelvis];
        let along = DVec3::new(along.x, 0.0, along.z);
        let heading = if along.length() > 0.05 {
            posewire_body::transform::heading_of(along)
        } else {
            posewire_body::transform::yaw_of(lying.rotations[Joint::Pelvis])
        };
        let yaw = posewire_body::transform::yaw_rotation(heading);
        let spot = DVec3::new(lying.root.x, 0.0, lying.root.z);
        // On hands and knees: the trunk level (tilted up a little), thighs
        // down, shins and feet back along the floor.
        let hands_and_knees = key_pose(skeleton, yaw, spot, (1.35, 0.0, FRAC_PI_2, 2.8));
        // Kneeling upright: trunk and thighs up, shins still on the floor.
        let kneeling = key_pose(skeleton, yaw, spot, (0.1, 0.0, FRAC_PI_2, 2.8));
        GetUp {
            lying: *lying,
            hands_and_knees,
            kneeling,
            spot,
            walked_to: spot,
            walked_m: 0.0,
        }
    }

    /// Where the body lay, along the floor.
    pub fn spot(&self) -> DVec3 {
        self.spot
    }

    /// The reference `time` seconds into getting up, `dt` after the last
    /// call, toward the person's pose `person`: the key poses in turn
    /// where the body lay, then the person's pose walked toward them.
    pub fn pose(&mut self, person: &BodyPose, time: f64, dt: f64, s: &GetUpSettings) -> BodyPose {
        let phase = |x: f64| if x.is_finite() { x.max(0.05) } else { 1.0 };
        let (a, b, c) = (
            phase(s.to_hands_and_knees_s),
            phase(s.kneel_up_s),
            phase(s.stand_up_s),
        );
        let standing = self.standing_here(person);
        if time < a {
            return blend(&self.lying, &self.hands_and_knees, time / a);
        }
        if time < a + b {
            return blend(&self.hands_and_knees, &self.kneeling, (time - a) / b);
        }
        if time < a + b + c {
            return blend(&self.kneeling, &standing, (time - a - b) / c);
        }
        self.walk(person, dt, s)
    }

    /// The person's pose standing where the body lies.
    fn standing_here(&self, person: &BodyPose) -> BodyPose {
        let mut p = *person;
        p.root = DVec3::new(self.walked_to.x, person.root.y, self.walked_to.z);
        p
    }

    /// The person's pose, `walked_to` moved toward them at the walking
    /// pace, with the legs stepping while it moves.
    fn walk(&mut self, person: &BodyPose, dt: f64, s: &GetUpSettings) -> BodyPose {
        let target = DVec3::new(person.root.x, 0.0, person.root.z);
        let gap = target - self.walked_to;
        let reach = (s.walk_speed_m_s.max(0.0) * dt.max(0.0)).min(gap.length());
        let step = gap.normalize_or_zero() * reach;
        if step.is_finite() {
            self.walked_to += step;
            self.walked_m += step.length();
        }
        let mut p = self.standing_here(person);
        // The legs swing with the distance walked, fading out over the
        // last step so that the body arrives standing.
        let left = (target - self.walked_to).length();
        let fade = (left / s.step_m.max(0.05)).clamp(0.0, 1.0);
        if fade > 0.0 {
            stepping_legs(&mut p, self.walked_m / s.step_m.max(0.05), fade);
        }
        p
    }
}

/// The pose a falling body is driven toward: its own (soft joints), with
/// both arms reaching out toward the floor on the side it falls to (the
/// way its trunk leans), to catch it; once down, its own pose.
pub fn bracing(own: &BodyPose) -> BodyPose {
    let mut p = *own;
    let up = own.rotations[Joint::Chest] * DVec3::Y;
    let lean = DVec3::new(up.x, 0.0, up.z);
    // Upright (nothing to catch) or already down (lying: the arms rest).
    if lean.length() < 0.1 || up.y < 0.3 {
        return p;
    }
    let reach = (lean.normalize() + DVec3::NEG_Y).normalize();
    for (rest, bones) in [
        (
            DVec3::X,
            [Joint::LeftShoulder, Joint::LeftElbow, Joint::LeftWrist],
        ),
        (
            DVec3::NEG_X,
            [Joint::RightShoulder, Joint::RightElbow, Joint::RightWrist],
        ),
    ] {
        let q = DQuat::from_rotation_arc(rest, reach);
        for j in bones {
            p.rotations[j] = q;
        }
    }
    p
}

/// Swings the legs of `pose` as in a walk at `phase` (steps taken, each
/// leg one step in two), scaled by `amount` (0..1): hips flex and extend,
/// the swinging knee bends.
fn stepping_legs(pose: &mut BodyPose, phase: f64, amount: f64) {
    let yaw = posewire_body::transform::yaw_rotation(posewire_body::transform::yaw_of(
        pose.rotations[Joint::Pelvis],
    ));
    let axis = yaw * DVec3::X;
    let swing = (phase * std::f64::consts::PI).sin();
    for (side, hip, below) in [
        (
            1.0,
            Joint::LeftHip,
            [Joint::LeftKnee, Joint::LeftAnkle, Joint::LeftToe],
        ),
        (
            -1.0,
            Joint::RightHip,
            [Joint::RightKnee, Joint::RightAnkle, Joint::RightToe],
        ),
    ] {
        let s = side * swing;
        // The thigh forward (flexion) is a negative turn about the left axis.
        let thigh = DQuat::from_axis_angle(axis, -0.35 * s * amount);
        // The leg that swings forward lifts its foot by bending the knee.
        let knee = DQuat::from_axis_angle(axis, 0.7 * s.max(0.0) * amount);
        pose.rotations[hip] = (thigh * pose.rotations[hip]).normalize();
        for j in below {
            pose.rotations[j] = (thigh * knee * pose.rotations[j]).normalize();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::BodyProfile;

    fn lying(skeleton: &Skeleton) -> BodyPose {
        // On the back, head toward +X, pelvis 0.12 m above the floor.
        let mut p = BodyPose::rest(skeleton);
        let q = DQuat::from_rotation_z(-FRAC_PI_2);
        for j in Joint::ALL {
            p.rotations[j] = q;
        }
        p.root = DVec3::new(2.0, 0.12, -1.0);
        p
    }

    #[test]
    fn it_gets_up_where_it_lies_then_walks_back_to_the_person() {
        let skeleton = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
        let mut person = BodyPose::rest(&skeleton);
        person.root = DVec3::new(0.0, 0.95, 0.0);
        let s = GetUpSettings::default();
        let mut g = GetUp::start(&skeleton, &lying(&skeleton));
        let dt = 1.0 / 90.0;
        let mut t = 0.0;
        let (mut knee, mut hand) = (f64::INFINITY, f64::INFINITY);
        while t < s.rise_s() {
            let p = g.pose(&person, t, dt, &s);
            let along = DVec3::new(p.root.x - 2.0, 0.0, p.root.z + 1.0).length();
            assert!(along < 1e-9, "the pelvis travels while rising: {p:?}");
            let at = p.positions(&skeleton);
            if t > 0.95 && t < 1.05 {
                knee = knee.min(at[Joint::LeftKnee].y);
                hand = hand.min(at[Joint::LeftWrist].y);
            }
            t += dt;
        }
        assert!(
            knee < 0.15 && hand < 0.25,
            "on hands and knees: knee {knee}, hand {hand}"
        );
        // Standing where it lay, then walking: at most the pace.
        let mut last = g.pose(&person, t, dt, &s).root;
        assert!((last.y - 0.95).abs() < 1e-9);
        let mut knee_moved = false;
        for _ in 0..(90 * 4) {
            t += dt;
            let p = g.pose(&person, t, dt, &s);
            let moved = DVec3::new(p.root.x - last.x, 0.0, p.root.z - last.z).length();
            assert!(moved <= s.walk_speed_m_s * dt + 1e-9);
            knee_moved |=
                p.rotations[Joint::LeftKnee].angle_between(person.rotations[Joint::LeftKnee]) > 0.2;
            last = p.root;
        }
        assert!(knee_moved, "the legs step while walking");
        assert!(
            DVec3::new(last.x, 0.0, last.z).length() < 1e-6,
            "back: {last}"
        );
    }

    #[test]
    fn a_falling_body_reaches_toward_the_floor_it_falls_to() {
        let skeleton = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
        let mut p = BodyPose::rest(&skeleton);
        // Leaning toward +Z (forward).
        for j in Joint::ALL {
            p.rotations[j] = DQuat::from_rotation_x(0.6);
        }
        let b = bracing(&p);
        let hand = b.rotations[Joint::LeftWrist] * DVec3::X;
        assert!(hand.z > 0.5 && hand.y < -0.5, "{hand}");
        assert_eq!(b.rotations[Joint::LeftHip], p.rotations[Joint::LeftHip]);
        // Upright: nothing to brace for.
        assert_eq!(
            bracing(&BodyPose::rest(&skeleton)),
            BodyPose::rest(&skeleton)
        );
    }
}
