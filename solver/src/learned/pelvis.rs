//! The learned pelvis for a body without a pelvis tracker: features of the
//! head and hand bone targets (now and at a few past times, in the head's
//! heading frame, divided by the calibrated head height) go through a small
//! [`Mlp`] that gives the pelvis's position relative to the head and its
//! forward and up axes. The output is smoothed causally and blended in (and
//! out, when a hand is lost) over a short ramp, so the switch to and from
//! the rules never jumps.

use std::sync::Arc;

use posewire_body::glam::{DMat3, DQuat, DVec3};
use posewire_body::transform::{align_hemisphere, yaw_of, yaw_rotation};

use super::blend::{smoothing_share, Blended};
use super::history::{History, Snapshot};
use super::mlp::{Mlp, MlpError};
use crate::tracking::BoneTarget;

/// The past times the features look back to, seconds.
pub const LAGS_S: [f64; 4] = [0.1, 0.25, 0.5, 1.0];
/// How many numbers the network reads.
pub const FEATURES: usize = 1 + 6 + 2 * 9 + 9 + LAGS_S.len() * 12;
/// How many numbers it gives: pelvis position, forward axis, up axis.
pub const OUTPUTS: usize = 9;
/// History kept, seconds (a little beyond the longest lag).
const HISTORY_S: f64 = 1.05;

/// The embedded weights (`solver/weights/pelvis.bin`, written by
/// `posewire train pelvis`; empty: no model).
pub const EMBEDDED_WEIGHTS: &[u8] = include_bytes!("../../weights/pelvis.bin");

/// The embedded pelvis network, if the build carries one of the right
/// shape.
pub fn embedded_model() -> Result<Option<Mlp>, MlpError> {
    Mlp::embedded(EMBEDDED_WEIGHTS, FEATURES, OUTPUTS)
}

/// Settings of the learned pelvis (`[solver.ik.learned_pelvis]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LearnedPelvisSettings {
    /// Whether the embedded network is used (false: the rules alone).
    pub enabled: bool,
    /// Time constant of the causal smoothing of the network's output,
    /// seconds (0: none).
    pub smoothing_s: f64,
    /// Time constant of the smoothing of the network's rotation, seconds
    /// (negative: `smoothing_s`, as the position).
    pub rotation_smoothing_s: f64,
    /// Turn rate of the network's rotation at which the rotation's time
    /// constant is halved, rad/s: `/ (1 + rate / rotation_speed_radps)`,
    /// the rate smoothed over 0.1 s (0: a fixed time constant). Slow turns
    /// and noise are smoothed with the whole time constant, spins followed.
    pub rotation_speed_radps: f64,
    /// How long the blend between the rules and the network takes,
    /// seconds.
    pub blend_s: f64,
}

impl Default for LearnedPelvisSettings {
    fn default() -> Self {
        LearnedPelvisSettings {
            enabled: true,
            smoothing_s: 0.05,
            // Off: 0.2 s halved at 2 rad/s meets the 30 fps jitter bar at 3
            // devices but costs clean MPJPE 0.02-0.04 cm
            // (docs/notes/coarse-captures.md, second round).
            rotation_smoothing_s: -1.0,
            rotation_speed_radps: 0.0,
            blend_s: 0.3,
        }
    }
}

/// One hand's features: position relative to the head, up and forward
/// axes of the hand bone.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct HandFeatures {
    /// Wrist position minus head position, heading frame, / head height.
    pub position: DVec3,
    /// The hand bone's +Y in the heading frame.
    pub up: DVec3,
    /// The hand bone's +Z in the heading frame.
    pub forward: DVec3,
}

/// What the features say of one past time.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct LagFeatures {
    /// Past head position minus the current one, / head height.
    pub head: DVec3,
    /// The past head's +Z.
    pub head_forward: DVec3,
    /// Past wrist positions minus the current head, / head height.
    pub hands: [DVec3; 2],
}

/// Everything the network reads, in the current head's heading frame
/// (yaw removed: x left, y up, z forward), lengths divided by the
/// calibrated head height.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PelvisFeatures {
    /// Head height above the floor.
    pub head_height: f64,
    /// The head's +Y.
    pub head_up: DVec3,
    /// The head's +Z.
    pub head_forward: DVec3,
    /// Left and right hand.
    pub hands: [HandFeatures; 2],
    /// Head velocity, heights per second.
    pub head_velocity: DVec3,
    /// Wrist velocities, heights per second.
    pub hand_velocities: [DVec3; 2],
    /// The past, at [`LAGS_S`].
    pub lags: [LagFeatures; LAGS_S.len()],
}

/// Mirrors a vector of the heading frame left to right.
fn mirror(v: DVec3) -> DVec3 {
    DVec3::new(-v.x, v.y, v.z)
}

impl PelvisFeatures {
    /// The same moment seen in a mirror (left and right swapped): training
    /// data for the mirrored person.
    pub fn mirrored(&self) -> PelvisFeatures {
        let hand = |h: &HandFeatures| HandFeatures {
            position: mirror(h.position),
            up: mirror(h.up),
            forward: mirror(h.forward),
        };
        PelvisFeatures {
            head_height: self.head_height,
            head_up: mirror(self.head_up),
            head_forward: mirror(self.head_forward),
            hands: [hand(&self.hands[1]), hand(&self.hands[0])],
            head_velocity: mirror(self.head_velocity),
            hand_velocities: [
                mirror(self.hand_velocities[1]),
                mirror(self.hand_velocities[0]),
            ],
            lags: self.lags.map(|l| LagFeatures {
                head: mirror(l.head),
                head_forward: mirror(l.head_forward),
                hands: [mirror(l.hands[1]), mirror(l.hands[0])],
            }),
        }
    }

    /// The network's input vector.
    pub fn to_input(&self) -> [f32; FEATURES] {
        let mut v = Vec::with_capacity(FEATURES);
        v.push(self.head_height);
        let vec3 = |v: &mut Vec<f64>, x: DVec3| v.extend_from_slice(&x.to_array());
        vec3(&mut v, self.head_up);
        vec3(&mut v, self.head_forward);
        for h in &self.hands {
            vec3(&mut v, h.position);
            vec3(&mut v, h.up);
            vec3(&mut v, h.forward);
        }
        vec3(&mut v, self.head_velocity);
        vec3(&mut v, self.hand_velocities[0]);
        vec3(&mut v, self.hand_velocities[1]);
        for l in &self.lags {
            vec3(&mut v, l.head);
            vec3(&mut v, l.head_forward);
            vec3(&mut v, l.hands[0]);
            vec3(&mut v, l.hands[1]);
        }
        let mut out = [0.0f32; FEATURES];
        for (o, x) in out.iter_mut().zip(v) {
            *o = x as f32;
        }
        out
    }
}

/// The pelvis in the head's heading frame (lengths / head height): what the
/// network is trained to give.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PelvisTarget {
    /// Pelvis position minus head position.
    pub position: DVec3,
    /// The pelvis bone's +Z.
    pub forward: DVec3,
    /// The pelvis bone's +Y.
    pub up: DVec3,
}

impl PelvisTarget {
    /// The target of a world pelvis pose seen from `frame`.
    pub fn from_world(frame: &HeadFrame, position: DVec3, rotation: DQuat) -> PelvisTarget {
        let inv = yaw_rotation(-frame.yaw);
        PelvisTarget {
            position: inv * (position - frame.position) / frame.scale,
            forward: inv * (rotation * DVec3::Z),
            up: inv * (rotation * DVec3::Y),
        }
    }

    /// The same in a mirror.
    pub fn mirrored(&self) -> PelvisTarget {
        PelvisTarget {
            position: mirror(self.position),
            forward: mirror(self.forward),
            up: mirror(self.up),
        }
    }

    /// As the network's output vector.
    pub fn to_output(&self) -> [f32; OUTPUTS] {
        let mut out = [0.0f32; OUTPUTS];
        let all = [self.position, self.forward, self.up];
        for (k, v) in all.iter().enumerate() {
            for (j, x) in v.to_array().into_iter().enumerate() {
                out[3 * k + j] = x as f32;
            }
        }
        out
    }

    /// From the network's output vector.
    pub fn from_output(out: &[f32; OUTPUTS]) -> PelvisTarget {
        let v = |k: usize| {
            DVec3::new(
                f64::from(out[k]),
                f64::from(out[k + 1]),
                f64::from(out[k + 2]),
            )
        };
        PelvisTarget {
            position: v(0),
            forward: v(3),
            up: v(6),
        }
    }

    /// The world pose (position, rotation) in `frame`, or `None` if the
    /// axes are degenerate or not finite.
    pub fn to_world(&self, frame: &HeadFrame) -> Option<(DVec3, DQuat)> {
        let yaw_q = yaw_rotation(frame.yaw);
        let z = self.forward.try_normalize()?;
        let x = self.up.cross(z).try_normalize()?;
        let y = z.cross(x);
        let rotation = yaw_q * DQuat::from_mat3(&DMat3::from_cols(x, y, z)).normalize();
        let position = frame.position + yaw_q * (self.position * frame.scale);
        (position.is_finite() && rotation.is_finite()).then_some((position, rotation))
    }
}

/// The frame the features and targets are expressed in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeadFrame {
    /// The head bone target's position.
    pub position: DVec3,
    /// The head's yaw, radians.
    pub yaw: f64,
    /// The calibrated head height, m (lengths are divided by it).
    pub scale: f64,
}

/// The features of one solver tick and the frame they were taken in: what
/// the trainer pairs with the true pelvis.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PelvisInput {
    /// The network's input.
    pub features: PelvisFeatures,
    /// The frame of features and outputs.
    pub frame: HeadFrame,
}

/// What the learned pelvis contributes this tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LearnedPose {
    /// The pelvis joint's world position.
    pub position: DVec3,
    /// The pelvis bone's world rotation.
    pub rotation: DQuat,
    /// How much of it to use (0: the rules, 1: the network).
    pub weight: f64,
}

/// The learned pelvis's state in one solver.
#[derive(Debug, Clone)]
pub struct LearnedPelvis {
    model: Option<Arc<Mlp>>,
    settings: LearnedPelvisSettings,
    history: History,
    last_input: Option<PelvisInput>,
    /// The smoothed output, pelvis minus head (world axes) and rotation,
    /// and its weight.
    blended: Blended<(DVec3, DQuat)>,
    /// The last fresh rotation and the smoothed turn rate of the fresh
    /// rotations, rad/s (for `rotation_speed_radps`).
    turn: Option<(DQuat, f64)>,
    scratch: [Vec<f32>; 2],
}

impl LearnedPelvis {
    /// The learned pelvis with `model` (`None`: features only, never used).
    pub fn new(model: Option<Arc<Mlp>>, settings: LearnedPelvisSettings) -> LearnedPelvis {
        LearnedPelvis {
            model: model.filter(|_| settings.enabled),
            settings,
            history: History::new(HISTORY_S),
            last_input: None,
            blended: Blended::default(),
            turn: None,
            scratch: Default::default(),
        }
    }

    /// Whether a network is loaded and enabled.
    pub fn has_model(&self) -> bool {
        self.model.is_some()
    }

    /// The features of the last [`LearnedPelvis::update`] (with both hands
    /// tracked), model or not.
    pub fn last_input(&self) -> Option<&PelvisInput> {
        self.last_input.as_ref()
    }

    /// One tick: records the devices, computes the features and, with a
    /// model, the pelvis. `head_height` is the calibrated head height; the
    /// frame's heading is where the head's face points ([`yaw_of`]).
    pub fn update(
        &mut self,
        t: f64,
        dt: f64,
        head: &BoneTarget,
        hands: &[Option<BoneTarget>; 2],
        head_height: f64,
    ) -> Option<LearnedPose> {
        let yaw = yaw_of(head.bone.rotation);
        self.update_facing((t, dt), head, hands, head_height, yaw)
    }

    /// As [`LearnedPelvis::update`], the features and outputs in the frame
    /// of heading `yaw` (the head's heading kept continuous while it is
    /// upside down, [`crate::heading`]).
    pub fn update_facing(
        &mut self,
        (t, dt): (f64, f64),
        head: &BoneTarget,
        hands: &[Option<BoneTarget>; 2],
        head_height: f64,
        yaw: f64,
    ) -> Option<LearnedPose> {
        self.record(t, head, hands);
        self.last_input = self.features(t, (head, yaw), hands, head_height);
        // The network answers from the first tick: lags older than the
        // history read its oldest snapshot. A restarted solver is warmed up
        // on its predecessor's past first (`crate::warm_up`).
        let fresh = match (&self.model, &self.last_input) {
            (Some(model), Some(input)) => {
                let mut out = [0.0f32; OUTPUTS];
                let x = input.features.to_input();
                model.forward(&x, &mut out, &mut self.scratch);
                PelvisTarget::from_output(&out).to_world(&input.frame)
            }
            _ => None,
        };
        self.blend(dt, head.bone.position, fresh)
    }

    /// The smoothed turn rate of the fresh rotations, rad/s (0 without two
    /// in a row).
    fn turn_rate(&mut self, dt: f64, fresh: Option<DQuat>) -> f64 {
        self.turn = match (self.turn, fresh) {
            (Some((last, rate)), Some(r)) if dt > 0.0 => {
                let now = last.angle_between(r) / dt;
                let rate = if now.is_finite() {
                    rate + smoothing_share(dt, 0.1) * (now - rate)
                } else {
                    rate
                };
                Some((r, rate))
            }
            (_, Some(r)) => Some((r, 0.0)),
            (_, None) => None,
        };
        self.turn.map_or(0.0, |(_, rate)| rate)
    }

    /// Smooths the network's pose and moves the blend weight toward 1 (a
    /// fresh pose) or 0 (none); the pose is carried with the head while
    /// it fades out.
    fn blend(
        &mut self,
        dt: f64,
        head: DVec3,
        fresh: Option<(DVec3, DQuat)>,
    ) -> Option<LearnedPose> {
        let timing = (dt, self.settings.blend_s, self.settings.smoothing_s);
        let fresh = fresh.map(|(p, r)| (p - head, r));
        let rate = self.turn_rate(dt, fresh.map(|(_, r)| r));
        let s = &self.settings;
        let rotation_share = (s.rotation_smoothing_s >= 0.0).then(|| {
            let tau = if s.rotation_speed_radps > 0.0 {
                s.rotation_smoothing_s / (1.0 + rate / s.rotation_speed_radps)
            } else {
                s.rotation_smoothing_s
            };
            smoothing_share(dt, tau)
        });
        let toward = |(sp, sr): &(DVec3, DQuat), (rel, r): &(DVec3, DQuat), a: f64| {
            (
                *sp + a * (*rel - *sp),
                sr.slerp(align_hemisphere(*r, *sr), rotation_share.unwrap_or(a)),
            )
        };
        let ((rel, rotation), weight) = self.blended.update(timing, 1.0, fresh, toward)?;
        Some(LearnedPose {
            position: head + rel,
            rotation: rotation.normalize(),
            weight,
        })
    }

    /// Keeps this tick's head and wrists (a lost hand: carried with the
    /// head where it was last seen).
    fn record(&mut self, t: f64, head: &BoneTarget, hands: &[Option<BoneTarget>; 2]) {
        let head_pos = head.bone.position;
        let last = self.history.last().copied();
        let hand = |i: usize| match (&hands[i], last) {
            (Some(h), _) => h.bone.position,
            (None, Some(s)) => head_pos + (s.points[i] - s.position),
            (None, None) => head_pos,
        };
        self.history.record(Snapshot {
            t,
            position: head_pos,
            rotation: head.bone.rotation,
            points: [hand(0), hand(1)],
        });
    }

    /// The features now, or `None` if a hand is lost or anything is not
    /// finite.
    fn features(
        &self,
        t: f64,
        (head, yaw): (&BoneTarget, f64),
        hands: &[Option<BoneTarget>; 2],
        head_height: f64,
    ) -> Option<PelvisInput> {
        let [Some(left), Some(right)] = hands else {
            return None;
        };
        if !(head_height.is_finite() && head_height > 0.1) {
            return None;
        }
        let frame = HeadFrame {
            position: head.bone.position,
            yaw,
            scale: head_height,
        };
        let inv = yaw_rotation(-frame.yaw);
        let local = |p: DVec3| inv * (p - frame.position) / frame.scale;
        let hand = |h: &BoneTarget| HandFeatures {
            position: local(h.bone.position),
            up: inv * (h.bone.rotation * DVec3::Y),
            forward: inv * (h.bone.rotation * DVec3::Z),
        };
        let lag = |lag_s: f64| {
            let s = self.history.at(t - lag_s)?;
            Some(LagFeatures {
                head: local(s.position),
                head_forward: inv * (s.rotation * DVec3::Z),
                hands: [local(s.points[0]), local(s.points[1])],
            })
        };
        let mut lags = [LagFeatures::default(); LAGS_S.len()];
        for (l, lag_s) in lags.iter_mut().zip(LAGS_S) {
            *l = lag(lag_s)?;
        }
        let features = PelvisFeatures {
            head_height: frame.position.y / frame.scale,
            head_up: inv * (head.bone.rotation * DVec3::Y),
            head_forward: inv * (head.bone.rotation * DVec3::Z),
            hands: [hand(left), hand(right)],
            head_velocity: inv * head.velocity / frame.scale,
            hand_velocities: [
                inv * left.velocity / frame.scale,
                inv * right.velocity / frame.scale,
            ],
            lags,
        };
        let finite = features.to_input().iter().all(|x| x.is_finite());
        finite.then_some(PelvisInput { features, frame })
    }
}

#[cfg(test)]
#[path = "pelvis_tests.rs"]
mod tests;
