//! A grounded reference (issue 41, fourth round): the kinematic reference's
//! untracked feet put on the floor before the physics body tracks it. The
//! 3-device reference of a walking person hangs its legs bent under a
//! pelvis placed from the headset, its ankles 10-27 cm above the floor for
//! the whole walk; stance legs tracked by joint motors then push back
//! against any support. Here the lower reference ankle is taken down to
//! its standing height (the other foot with it, so a swing keeps its
//! lift), a foot that stands (slow along the floor, low beside the other)
//! is locked where it landed until it lifts, a lifted foot blends from its
//! lock back to the reference, and each leg is solved again from its hip
//! (two-bone IK, the knee bending as the reference's did); the pelvis is
//! lowered, at most [`GroundedSettings::max_pelvis_drop_m`], where a leg
//! cannot reach. Off by default (`docs/notes/own-feet.md`, fourth round).

use posewire_body::glam::DVec3;
use posewire_body::ik::{knee_pole, leg_rest, limb_rotations, solve_two_bone, MAX_EXTENSION};
use posewire_body::{BodyPose, Joint, Side, Skeleton};

/// Settings of the grounded reference (`[solver.physics.grounded]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GroundedSettings {
    /// Whether the reference's feet are grounded (off by default).
    pub enabled: bool,
    /// A foot slower than this along the floor may stand, m/s.
    pub stance_speed_m_s: f64,
    /// A standing foot faster than this lifts, m/s.
    pub lift_speed_m_s: f64,
    /// A foot at most this far above the grounded standing height may
    /// stand, metres.
    pub stance_height_m: f64,
    /// A standing foot whose reference rises more than this lifts, metres.
    pub lift_height_m: f64,
    /// A standing foot whose reference is farther than this from its lock
    /// horizontally lifts, metres.
    pub release_distance_m: f64,
    /// How long a lifted foot takes from its lock back to the reference,
    /// seconds.
    pub blend_s: f64,
    /// The most the pelvis is lowered for a leg that cannot reach, metres.
    pub max_pelvis_drop_m: f64,
    /// Time constant of the feet's speed and of the pelvis's drop, seconds.
    pub smooth_s: f64,
    /// A foot near the leg's full reach is drawn in smoothly over this
    /// much, metres (as `ik` does: `crate::ik::soft_reach`; 0: off. The
    /// demo's assist: 724 N with 0.02, 497 N with 0).
    pub soft_reach_m: f64,
}

impl Default for GroundedSettings {
    fn default() -> Self {
        GroundedSettings {
            enabled: false,
            stance_speed_m_s: 0.4,
            lift_speed_m_s: 0.8,
            stance_height_m: 0.03,
            lift_height_m: 0.06,
            release_distance_m: 0.2,
            blend_s: 0.15,
            max_pelvis_drop_m: 0.05,
            smooth_s: 0.05,
            soft_reach_m: 0.0,
        }
    }
}

/// One foot's state.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
struct Foot {
    /// Where the standing foot's ankle is held.
    lock: Option<DVec3>,
    /// Where a lifted foot left its lock, and the seconds since.
    released: Option<(DVec3, f64)>,
    /// The reference ankle last tick (grounded height).
    last: Option<DVec3>,
    /// Its smoothed horizontal speed, m/s.
    speed: f64,
}

/// The grounded reference's state: one [`Foot`] per side and the pelvis's
/// drop.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GroundedLegs {
    feet: [Foot; 2],
    drop: f64,
}

const LEGS: [(Joint, Joint, Joint, Side); 2] = [
    (
        Joint::LeftHip,
        Joint::LeftKnee,
        Joint::LeftAnkle,
        Side::Left,
    ),
    (
        Joint::RightHip,
        Joint::RightKnee,
        Joint::RightAnkle,
        Side::Right,
    ),
];

impl GroundedLegs {
    /// Whether foot `i` (0 left, 1 right) stands locked.
    pub fn standing(&self, i: usize) -> bool {
        self.feet[i].lock.is_some()
    }

    /// Forgets every lock (the body fell, or its reference jumped).
    pub fn reset(&mut self) {
        *self = GroundedLegs::default();
    }

    /// `pose` with its untracked feet (`tracked[i]` false) grounded;
    /// `ankle_height` is a standing ankle's height above the floor (at
    /// y = 0), `dt` the tick. A pose with both feet tracked, or not
    /// finite, comes back unchanged (and the state is forgotten).
    pub fn ground(
        &mut self,
        settings: &GroundedSettings,
        skeleton: &Skeleton,
        pose: &BodyPose,
        ankle_height: f64,
        dt: f64,
        tracked: [bool; 2],
    ) -> BodyPose {
        let ok = pose.root.is_finite() && dt.is_finite() && dt > 0.0 && ankle_height.is_finite();
        if !settings.enabled || !ok || tracked.iter().all(|t| *t) {
            self.reset();
            return *pose;
        }
        let p = pose.positions(skeleton);
        let ankles = [p[Joint::LeftAnkle], p[Joint::RightAnkle]];
        // The lower untracked ankle goes down to its standing height (never
        // up): the other comes down with it and keeps its lift.
        let lowest = (0..2)
            .filter(|i| !tracked[*i])
            .map(|i| ankles[i].y)
            .fold(f64::INFINITY, f64::min);
        let offset = (lowest - ankle_height).max(0.0);
        let a = (dt / settings.smooth_s.max(1e-3)).min(1.0);
        let mut targets = ankles;
        for (i, foot) in self.feet.iter_mut().enumerate() {
            if tracked[i] {
                *foot = Foot::default();
                continue;
            }
            let here = ankles[i] - DVec3::Y * offset;
            let speed = foot.last.map_or(0.0, |l| {
                let d = here - l;
                (d.x * d.x + d.z * d.z).sqrt() / dt
            });
            foot.speed += a * (speed - foot.speed);
            foot.last = Some(here);
            let height = here.y - ankle_height;
            if let Some(lock) = foot.lock {
                let far = ((here.x - lock.x).powi(2) + (here.z - lock.z).powi(2)).sqrt();
                if foot.speed > settings.lift_speed_m_s
                    || height > settings.lift_height_m
                    || far > settings.release_distance_m
                {
                    foot.lock = None;
                    foot.released = Some((lock, 0.0));
                }
            } else if foot.speed < settings.stance_speed_m_s && height < settings.stance_height_m {
                foot.lock = Some(DVec3::new(here.x, ankle_height, here.z));
                foot.released = None;
            }
            targets[i] = match (foot.lock, foot.released.as_mut()) {
                (Some(lock), _) => lock,
                (None, Some((from, since))) => {
                    *since += dt;
                    let s = (*since / settings.blend_s.max(1e-3)).min(1.0);
                    let w = s * s * (3.0 - 2.0 * s);
                    let t = from.lerp(here, w);
                    if s >= 1.0 {
                        foot.released = None;
                    }
                    t
                }
                (None, None) => here,
            };
        }
        // The pelvis comes down where a leg cannot reach its target.
        let reaching = [0, 1].map(|i| (!tracked[i]).then_some(targets[i]));
        let need = pelvis_drop_needed(skeleton, &p, reaching);
        let need = need.clamp(0.0, settings.max_pelvis_drop_m.max(0.0));
        self.drop += a * (need - self.drop);
        legs_reaching(
            skeleton,
            pose,
            (&p, ankles),
            reaching,
            (self.drop, settings.soft_reach_m),
        )
    }
}

/// How far the pelvis of a pose with joint positions `p` must come down for
/// each leg to reach its ankle target (`None`: the leg is left alone),
/// metres (0 when both reach).
pub(crate) fn pelvis_drop_needed(
    skeleton: &Skeleton,
    p: &posewire_body::JointMap<DVec3>,
    targets: [Option<DVec3>; 2],
) -> f64 {
    let mut need: f64 = 0.0;
    for (i, (hip, knee, ankle, _)) in LEGS.into_iter().enumerate() {
        let Some(target) = targets[i] else {
            continue;
        };
        let reach =
            MAX_EXTENSION * (skeleton.offsets[knee].length() + skeleton.offsets[ankle].length());
        let d = target - p[hip];
        let across = (d.x * d.x + d.z * d.z).sqrt();
        if across < reach {
            need = need.max(-d.y - (reach * reach - across * across).sqrt());
        }
    }
    need
}

/// `pose` with its pelvis lowered by `drop` and each leg with a target
/// solved again from its hip to reach it (two-bone IK; the knee bends as
/// the pose's did, or forward where that leg is about straight; a target
/// near full reach drawn in over `soft_reach`). `p` and `ankles` are the
/// pose's joint positions and ankles.
pub(crate) fn legs_reaching(
    skeleton: &Skeleton,
    pose: &BodyPose,
    (p, ankles): (&posewire_body::JointMap<DVec3>, [DVec3; 2]),
    targets: [Option<DVec3>; 2],
    (drop, soft_reach): (f64, f64),
) -> BodyPose {
    let mut out = *pose;
    out.root.y -= drop;
    let down = DVec3::Y * drop;
    for (i, (hip, knee, ankle, side)) in LEGS.into_iter().enumerate() {
        let Some(target) = targets[i] else {
            // A tracked foot stays where its device is.
            continue;
        };
        let root = p[hip] - down;
        let upper = skeleton.offsets[knee].length();
        let lower = skeleton.offsets[ankle].length();
        let forward = knee_pole(pose.rotations[Joint::Pelvis], side);
        let bend = p[knee] - (p[hip] + ankles[i]) * 0.5;
        let pole = if bend.length() > 0.01 && bend.dot(forward) > 0.0 {
            bend.normalize()
        } else {
            forward
        };
        let target =
            crate::ik::soft_reach(root, target, MAX_EXTENSION * (upper + lower), soft_reach);
        let sol = solve_two_bone(root, target, upper, lower, pole);
        let rest = leg_rest(side);
        let (r_upper, r_lower) = limb_rotations(root, &sol, rest.upper_dir, rest.hinge_axis);
        out.rotations[hip] = r_upper;
        out.rotations[knee] = r_lower;
    }
    out
}

/// Test poses: `pose` with each leg bent at the hip and knee so that its
/// ankle reaches `ankles` (left, right) where it can.
#[cfg(test)]
pub(crate) fn legs_bent_to(
    skeleton: &Skeleton,
    mut pose: BodyPose,
    ankles: [DVec3; 2],
) -> BodyPose {
    for (i, (hip, knee, ankle, side)) in LEGS.into_iter().enumerate() {
        let p = pose.positions(skeleton);
        let upper = skeleton.offsets[knee].length();
        let lower = skeleton.offsets[ankle].length();
        let sol = solve_two_bone(p[hip], ankles[i], upper, lower, DVec3::Z);
        let rest = leg_rest(side);
        let (u, l) = limb_rotations(p[hip], &sol, rest.upper_dir, rest.hinge_axis);
        pose.rotations[hip] = u;
        pose.rotations[knee] = l;
    }
    pose
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::BodyProfile;

    fn floating(skeleton: &Skeleton, lift: f64, x: f64) -> BodyPose {
        let mut pose = BodyPose::rest(skeleton);
        pose.root.x = x;
        // Bent knees hang the ankles `lift` above their standing height.
        let p = pose.positions(skeleton);
        let up = |j: Joint, k: f64| p[j] + DVec3::Y * (lift + k);
        legs_bent_to(
            skeleton,
            pose,
            [up(Joint::LeftAnkle, 0.0), up(Joint::RightAnkle, 0.01)],
        )
    }

    #[test]
    fn floating_feet_come_down_and_stay_where_they_landed() {
        let profile = BodyProfile::from_stature(1.75);
        let sk = Skeleton::from_profile(&profile);
        let h = profile.body.ankle_height;
        let settings = GroundedSettings {
            enabled: true,
            ..GroundedSettings::default()
        };
        let mut g = GroundedLegs::default();
        let dt = 1.0 / 90.0;
        let mut first = None;
        for k in 0..30 {
            // The reference drifts 1 mm a tick (0.09 m/s): slow, so it stands.
            let pose = floating(&sk, 0.15, 0.001 * k as f64);
            let out = g.ground(&settings, &sk, &pose, h, dt, [false, false]);
            let p = out.positions(&sk);
            let left = p[Joint::LeftAnkle];
            // A straight leg is drawn in by the soft reach: under a cm.
            assert!((left.y - h).abs() < 1e-2, "tick {k}: ankle at {}", left.y);
            let f = *first.get_or_insert(left);
            assert!(
                (left - f).length() < 1e-3,
                "tick {k}: the standing foot moved"
            );
            assert!(g.standing(0) && g.standing(1));
            // A straight rest leg reaches 0.999 of its length: the pelvis
            // comes down the last millimetre.
            assert!((out.root - pose.root).length() < 2e-3, "reachable: no drop");
        }
    }

    #[test]
    fn a_fast_foot_lifts_and_a_tracked_foot_is_left_alone() {
        let profile = BodyProfile::from_stature(1.75);
        let sk = Skeleton::from_profile(&profile);
        let h = profile.body.ankle_height;
        let settings = GroundedSettings {
            enabled: true,
            ..GroundedSettings::default()
        };
        let mut g = GroundedLegs::default();
        let dt = 1.0 / 90.0;
        for k in 0..10 {
            let pose = floating(&sk, 0.1, 0.0);
            g.ground(&settings, &sk, &pose, h, dt, [false, true]);
            assert!(g.standing(0) && !g.standing(1), "tick {k}");
        }
        let before = floating(&sk, 0.1, 0.0);
        let out = g.ground(&settings, &sk, &before, h, dt, [false, true]);
        assert_eq!(
            out.rotations[Joint::RightHip],
            before.rotations[Joint::RightHip]
        );
        // The body moves off at 2 m/s: the foot lets go.
        for k in 0..20 {
            let pose = floating(&sk, 0.1, 2.0 * dt * k as f64);
            g.ground(&settings, &sk, &pose, h, dt, [false, true]);
        }
        assert!(!g.standing(0));
        // Off: the pose comes back as it was.
        let off = GroundedSettings::default();
        assert_eq!(g.ground(&off, &sk, &before, h, dt, [false, false]), before);
    }
}
