//! The three phases of a look-at solve and the aiming geometry.

use std::f64::consts::{PI, TAU};

use glam::{DQuat, DVec3};

use super::chain::{AimEntry, AxisChoice, LookAtChain, LookAtState};
use super::config::{LimitRule, RuleSchedule};
use crate::transform::Transform;

/// The last phase a solve ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum LookAtPhase {
    /// The rest pose already aimed at the target.
    Rest,
    /// Phase 1 (first posture).
    One,
    /// Phase 2 (iterative share).
    Two,
    /// Phase 3 (hard limits only).
    Three,
}

/// What a solve produced; the slices borrow the state's buffers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LookAtResult<'s> {
    /// Each joint's local rotation (relative to its parent frame).
    pub local: &'s [DQuat],
    /// Each joint's world transform (position = the joint, rotation = its bone).
    pub world: &'s [Transform],
    /// The axis angles, radians, flat (see [`LookAtChain::angle_range`]).
    pub angles: &'s [f64],
    /// Angle between the gaze axis and the direction from the gaze origin to
    /// the target, radians.
    pub aim_error_rad: f64,
    /// The last phase that ran.
    pub phase: LookAtPhase,
    /// Phase-2 passes run.
    pub passes: u32,
    /// The head roll applied after clamping, radians (0 when the chain has
    /// no roll axis).
    pub roll_rad: f64,
}

/// Why a solve was refused.
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
pub enum LookAtSolveError {
    /// An input is NaN or infinite.
    #[error("look-at input `{0}` is not finite")]
    NonFinite(&'static str),
}

/// How much of a full rotation an entry may use.
#[derive(Debug, Clone, Copy)]
enum Limit {
    /// One rule.
    Rule(LimitRule),
    /// Blend from the larger (0) to the smaller (1) limit.
    Blend(f64),
    /// Only the hard limits.
    Hard,
}

impl Limit {
    /// The signed rotation to apply for a full rotation `full`.
    fn apply(self, full: f64, fraction: f64, max_rad: f64) -> f64 {
        let m = full.abs();
        let l = match self {
            Limit::Rule(r) => r.limit(m, fraction, max_rad),
            Limit::Blend(t) => {
                let big = LimitRule::Larger.limit(m, fraction, max_rad);
                let small = LimitRule::Smaller.limit(m, fraction, max_rad);
                big + (small - big) * t
            }
            Limit::Hard => m,
        };
        l.copysign(full)
    }
}

impl LookAtChain {
    /// Poses the chain to look at `target` (world point) from `root` (the
    /// world frame of the first joint's parent, placed at the first joint),
    /// with `roll` radians of head roll about the gaze axis. Every solve
    /// starts from the rest pose; the state's previous solution only picks
    /// the side to keep when the target is behind.
    pub fn solve<'s>(
        &self,
        state: &'s mut LookAtState,
        root: Transform,
        target: DVec3,
        roll: f64,
    ) -> Result<LookAtResult<'s>, LookAtSolveError> {
        if !root.is_finite() {
            return Err(LookAtSolveError::NonFinite("root"));
        }
        if !target.is_finite() {
            return Err(LookAtSolveError::NonFinite("target"));
        }
        if !roll.is_finite() {
            return Err(LookAtSolveError::NonFinite("roll"));
        }
        state.fit(self);
        state.angles.iter_mut().for_each(|a| *a = 0.0);
        // The roll first: shared in order, the end joint's roll axis taking
        // what remains (each clamped to its hard limits).
        let roll_rule = match self.schedule {
            RuleSchedule::Smaller => LimitRule::Smaller,
            RuleSchedule::PerPhase { phase1, .. } => phase1,
            _ => LimitRule::Larger,
        };
        let mut remaining = roll;
        for r in &self.roll_shares {
            let share = Limit::Rule(roll_rule).apply(remaining, r.fraction, r.max_rad);
            let lim = self.axis_of(r.index);
            let angle = (r.sign * share).clamp(lim.min_rad, lim.max_rad);
            state.angles[r.index] = angle;
            remaining -= r.sign * angle;
        }
        if let Some((i, sign)) = self.roll {
            let lim = self.axis_of(i);
            state.angles[i] = (sign * remaining).clamp(lim.min_rad, lim.max_rad);
            remaining -= sign * state.angles[i];
        }
        let roll_rad = roll - remaining;
        self.forward(state, &root, 0);
        let mut phase = LookAtPhase::Rest;
        let mut passes = 0;
        let mut error = self.aim_error(state, target);
        if error >= self.tolerance_rad && !self.phase1.is_empty() {
            let rule = match self.schedule {
                RuleSchedule::Smaller => LimitRule::Smaller,
                RuleSchedule::PerPhase { phase1, .. } => phase1,
                _ => LimitRule::Larger,
            };
            for e in &self.phase1 {
                self.turn(state, &root, target, e, Limit::Rule(rule));
            }
            phase = LookAtPhase::One;
            error = self.aim_error(state, target);
        }
        if !self.phase2.is_empty() {
            while error >= self.tolerance_rad && passes < self.passes {
                let limit = match self.schedule {
                    RuleSchedule::Larger => Limit::Rule(LimitRule::Larger),
                    RuleSchedule::Smaller => Limit::Rule(LimitRule::Smaller),
                    RuleSchedule::PerPhase { phase2, .. } => Limit::Rule(phase2),
                    RuleSchedule::LargerFirstSmallerLast if self.passes > 1 => {
                        Limit::Blend(f64::from(passes) / f64::from(self.passes - 1))
                    }
                    RuleSchedule::LargerFirstSmallerLast => Limit::Rule(LimitRule::Larger),
                };
                for e in &self.phase2 {
                    self.turn(state, &root, target, e, limit);
                }
                passes += 1;
                phase = LookAtPhase::Two;
                error = self.aim_error(state, target);
            }
        }
        if self.phase3 && error >= self.tolerance_rad {
            let last = self.joints.len() - 1;
            // Joint by joint, each of its axes in turn (better conditioned
            // than a decomposed shortest arc when the target is out of
            // reach); the head-roll axis is left as set.
            'joints: for j in (0..self.joints.len()).rev() {
                let joint = &self.joints[j];
                for k in 0..joint.axes.len() {
                    if self.holds(joint.first_angle + k) {
                        continue;
                    }
                    let e = AimEntry {
                        joint: j,
                        axis: AxisChoice::Axis(k),
                        bone: last,
                        bone_axis: self.gaze_axis,
                        fraction: 1.0,
                        max_rad: 0.0,
                    };
                    self.turn(state, &root, target, &e, Limit::Hard);
                    phase = LookAtPhase::Three;
                    error = self.aim_error(state, target);
                    if error < self.tolerance_rad {
                        break 'joints;
                    }
                }
            }
        }
        let LookAtState {
            angles,
            hint,
            has_hint,
            local,
            world,
        } = state;
        hint.copy_from_slice(angles);
        *has_hint = true;
        Ok(LookAtResult {
            local,
            world,
            angles,
            aim_error_rad: error,
            phase,
            passes,
            roll_rad,
        })
    }

    /// The gaze origin and direction in the world.
    pub fn gaze(&self, state: &LookAtState) -> (DVec3, DVec3) {
        self.ray(state, self.joints.len() - 1, self.gaze_axis)
    }

    /// The ray of bone `b`'s axis `axis`: from the bone's end point.
    fn ray(&self, state: &LookAtState, b: usize, axis: DVec3) -> (DVec3, DVec3) {
        let w = state.world[b];
        (w.transform_point(self.joints[b].offset), w.rotation * axis)
    }

    /// Angle between the gaze and the direction to the target.
    fn aim_error(&self, state: &LookAtState, target: DVec3) -> f64 {
        let (o, d) = self.gaze(state);
        let to = target - o;
        if to.length_squared() < 1e-24 {
            return 0.0;
        }
        d.angle_between(to)
    }

    /// One entry: turn joint `e.joint` to aim bone `e.bone`'s axis, limited.
    fn turn(
        &self,
        state: &mut LookAtState,
        root: &Transform,
        target: DVec3,
        e: &AimEntry,
        limit: Limit,
    ) {
        let j = e.joint;
        let joint = &self.joints[j];
        let (origin, dir) = self.ray(state, e.bone, e.bone_axis);
        let pivot = state.world[j].position;
        let parent = self.parent_rotation(state, root, j);
        let axis = match e.axis {
            AxisChoice::Axis(k) => Some(k),
            AxisChoice::Free if joint.axes.len() == 1 => Some(0),
            AxisChoice::Free => None,
        };
        if let Some(k) = axis {
            // The world axis of angle k: the outer axes' rotations apply first.
            let mut q = parent;
            for (a, &t) in joint.axes[..k]
                .iter()
                .zip(&state.angles[joint.first_angle..])
            {
                q *= DQuat::from_axis_angle(a.axis, t);
            }
            let world_axis = (q * joint.axes[k].axis).normalize();
            let i = joint.first_angle + k;
            let mut full = angle_about(pivot, world_axis, origin, dir, target);
            if state.has_hint
                && full.abs() > PI - self.behind_band_rad
                && full * state.hint[i] < 0.0
            {
                full -= TAU.copysign(full);
            }
            let step = limit.apply(full, e.fraction, e.max_rad);
            let lim = joint.axes[k];
            state.angles[i] = (state.angles[i] + step).clamp(lim.min_rad, lim.max_rad);
        } else {
            let Some((world_axis, full)) = arc_to(pivot, origin, dir, target) else {
                return;
            };
            let step = limit.apply(full, e.fraction, e.max_rad);
            let turn_world = DQuat::from_axis_angle(world_axis, step);
            let turn_local = parent.inverse() * turn_world * parent;
            let new_local = (turn_local * state.local[j]).normalize();
            let range = joint.first_angle..joint.first_angle + joint.axes.len();
            let mut kept = [0.0; 3];
            for (i, v) in range.clone().zip(kept.iter_mut()) {
                *v = state.angles[i];
            }
            self.decompose(j, new_local, &mut state.angles[range.clone()]);
            for (i, v) in range.clone().zip(kept) {
                // Roll axes lie along the gaze: holding them keeps the
                // requested head roll without changing where the gaze points.
                if self.holds(i) {
                    state.angles[i] = v;
                }
            }
            for (a, lim) in state.angles[range].iter_mut().zip(&joint.axes) {
                *a = a.clamp(lim.min_rad, lim.max_rad);
            }
        }
        self.forward(state, root, j);
    }
}

/// The point on the ray `w + s d` (s > 0, pivot-relative) at distance `r`
/// from the pivot, the far one; `None` when there is none.
fn ray_point_at(w: DVec3, d: DVec3, r: f64) -> Option<DVec3> {
    let a = d.length_squared();
    if a < 1e-18 {
        return None;
    }
    let b = w.dot(d);
    let c = w.length_squared() - r * r;
    let disc = b * b - a * c;
    if disc < 0.0 {
        return None;
    }
    let s = (-b + disc.sqrt()) / a;
    (s > 0.0).then_some(w + s * d)
}

/// The signed rotation about `axis` (through `pivot`) that puts the target on
/// the ray (`origin`, `dir`) as seen in the plane perpendicular to the axis:
/// the angle between the projections, with the ray's offset from the pivot
/// accounted for (falling back to the bare directions when the target is
/// too close to be reached by the ray).
fn angle_about(pivot: DVec3, axis: DVec3, origin: DVec3, dir: DVec3, target: DVec3) -> f64 {
    let flat = |v: DVec3| v - v.dot(axis) * axis;
    let v = flat(target - pivot);
    let d = flat(dir);
    if v.length_squared() < 1e-18 || d.length_squared() < 1e-18 {
        return 0.0;
    }
    let w = flat(origin - pivot);
    let p = ray_point_at(w, d, v.length()).unwrap_or(d);
    let full = axis.dot(p.cross(v)).atan2(p.dot(v));
    // An axis nearly along the aim or the target direction barely moves the
    // aim and its angle is ill-conditioned (a trunk pitch axis rolling a
    // head turned sideways): fade such turns out, continuously.
    let fade = |sin: f64| (sin / AXIS_FADE_SIN).min(1.0).powi(2);
    full * fade(d.length() / dir.length()) * fade(v.length() / (target - pivot).length())
}

/// Below this sine of the angle between a turning axis and the aim (or
/// target) direction, a per-axis turn fades out quadratically (30 degrees).
const AXIS_FADE_SIN: f64 = 0.5;

/// The shortest-arc rotation (world axis, angle >= 0) about `pivot` that
/// puts the target on the ray, offset accounted for as in [`angle_about`].
fn arc_to(pivot: DVec3, origin: DVec3, dir: DVec3, target: DVec3) -> Option<(DVec3, f64)> {
    let v = target - pivot;
    if v.length_squared() < 1e-18 {
        return None;
    }
    let p = ray_point_at(origin - pivot, dir, v.length()).unwrap_or(dir);
    let (axis, angle) = DQuat::from_rotation_arc(p.normalize(), v.normalize()).to_axis_angle();
    (angle > 1e-15 && axis.is_finite()).then_some((axis.normalize(), angle))
}
