//! The learned legs for feet without devices: features of the pelvis (as
//! the solver placed it: tracked, or estimated under the head), the head
//! and the wrists, now and at past times, in the pelvis's heading frame and
//! divided by the calibrated head height, go through a small [`Mlp`] that
//! gives both ankles relative to the pelvis and both feet's forward axes.
//! The stepping planner's feet stay the fallback; the network's are
//! smoothed causally and blended in (and out, when a hand is lost) over a
//! short ramp, so the switch never jumps.

use std::sync::Arc;

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::{heading_of, yaw_rotation};

use super::blend::Blended;
use super::foot_lock::FootLockSettings;
use super::history::{History, Snapshot};
use super::input_range::{standardised_rms, InputRangeSettings};
use super::mlp::{Mlp, MlpError};
use crate::tracking::BoneTarget;

/// The past times the features look back to, seconds (dense over the last
/// half second: the gait's phase is in the pelvis's bob and sway).
pub const LAGS_S: [f64; 9] = [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0];
/// Numbers per past time: pelvis position and forward axis, both wrists.
const PER_LAG: usize = 12;
/// How many numbers the network reads.
pub const FEATURES: usize = 2 + 6 + 3 + 9 + LAGS_S.len() * PER_LAG;
/// How many numbers it gives: both ankles, both feet's forward axes, both
/// feet's contact (1: planted, 0: not).
pub const OUTPUTS: usize = 14;
/// History kept, seconds.
const HISTORY_S: f64 = 1.05;

/// The embedded weights (`solver/weights/legs.bin`, written by
/// `posewire train legs`; empty: no model).
pub const EMBEDDED_WEIGHTS: &[u8] = include_bytes!("../../weights/legs.bin");

/// The embedded legs network, if the build carries one of the right shape.
pub fn embedded_model() -> Result<Option<Mlp>, MlpError> {
    Mlp::embedded(EMBEDDED_WEIGHTS, FEATURES, OUTPUTS)
}

/// Settings of the learned legs (`[solver.ik.learned_legs]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LearnedLegsSettings {
    /// Whether the embedded network is used (false: the stepping planner
    /// alone).
    pub enabled: bool,
    /// Time constant of the causal smoothing of the network's feet,
    /// seconds (0: none).
    pub smoothing_s: f64,
    /// How long the blend between the planner and the network takes,
    /// seconds.
    pub blend_s: f64,
    /// How much of the network's feet to use at most (0-1).
    pub weight: f64,
    /// How high a foot the network calls lifted (contact 0) is held above
    /// its standing height at least, m (scaled by 1 - contact): a foot that
    /// moves is in the air, not sliding on the floor.
    pub swing_lift_m: f64,
    /// Planted feet: a nearly still foot near the floor is held.
    pub lock: FootLockSettings,
    /// Read the pelvis height divided by the calibrated leg length's share
    /// of the anthropometric one (the network learnt CMU's proportions) and
    /// scale the ankles' depth below the pelvis by it. A factor of 1 (no
    /// change) unless calibration measured the hip height (a pelvis device
    /// or the `hands_on_hips` pose).
    pub scale_by_leg_length: bool,
    /// The network's weight falling as its inputs leave the training
    /// data's range (off by default).
    pub range: InputRangeSettings,
}

impl Default for LearnedLegsSettings {
    fn default() -> Self {
        LearnedLegsSettings {
            enabled: true,
            smoothing_s: 0.08,
            blend_s: 0.3,
            weight: 1.0,
            swing_lift_m: 0.05,
            lock: FootLockSettings::default(),
            scale_by_leg_length: false,
            range: InputRangeSettings::default(),
        }
    }
}

/// The pelvis the solver placed this tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PelvisState {
    /// The pelvis joint's position.
    pub position: DVec3,
    /// The pelvis bone's rotation.
    pub rotation: DQuat,
    /// The body's heading, radians.
    pub yaw: f64,
    /// The pelvis's smoothed velocity, m/s.
    pub velocity: DVec3,
    /// Whether a pelvis device placed it.
    pub tracked: bool,
}

impl PelvisState {
    /// What the networks read of the pelvis in `frame`: its height above
    /// the floor (divided by `head_height`) and 1 if a device placed it;
    /// its +Y and +Z axes.
    pub fn features(&self, frame: &PelvisFrame, head_height: f64) -> ([f64; 2], [DVec3; 2]) {
        (
            [
                self.position.y / head_height,
                if self.tracked { 1.0 } else { 0.0 },
            ],
            [
                frame.local_dir(self.rotation * DVec3::Y),
                frame.local_dir(self.rotation * DVec3::Z),
            ],
        )
    }
}

/// The frame features and outputs are expressed in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PelvisFrame {
    /// The pelvis joint's position.
    pub position: DVec3,
    /// The body's heading, radians.
    pub yaw: f64,
    /// The calibrated head height, m (lengths are divided by it).
    pub scale: f64,
}

impl PelvisFrame {
    /// The frame of `pelvis`, lengths divided by `head_height` (`None` if
    /// that is not a plausible head height).
    pub fn of(pelvis: &PelvisState, head_height: f64) -> Option<PelvisFrame> {
        (head_height.is_finite() && head_height > 0.1).then_some(PelvisFrame {
            position: pelvis.position,
            yaw: pelvis.yaw,
            scale: head_height,
        })
    }

    /// A world point in this frame.
    pub fn local(&self, p: DVec3) -> DVec3 {
        yaw_rotation(-self.yaw) * (p - self.position) / self.scale
    }

    /// A world direction in this frame.
    pub fn local_dir(&self, d: DVec3) -> DVec3 {
        yaw_rotation(-self.yaw) * d
    }

    /// A point of this frame in the world.
    pub fn world(&self, p: DVec3) -> DVec3 {
        self.position + yaw_rotation(self.yaw) * (p * self.scale)
    }
}

/// Mirrors a vector of the heading frame left to right.
fn mirror(v: DVec3) -> DVec3 {
    DVec3::new(-v.x, v.y, v.z)
}

/// What the network reads, as vectors of the pelvis frame (each entry
/// mirrors as a vector; pairs swap sides).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct LegsFeatures {
    /// Pelvis height above the floor and 1 if a device placed the pelvis.
    pub height_and_tracked: [f64; 2],
    /// The pelvis bone's +Y and +Z.
    pub pelvis_axes: [DVec3; 2],
    /// The pelvis's velocity, heights per second.
    pub velocity: DVec3,
    /// Head, left and right wrist.
    pub points: [DVec3; 3],
    /// Per past time: pelvis position, pelvis +Z, left and right wrist.
    pub lags: [[DVec3; 4]; LAGS_S.len()],
}

impl LegsFeatures {
    /// The same moment seen in a mirror (left and right swapped).
    pub fn mirrored(&self) -> LegsFeatures {
        LegsFeatures {
            height_and_tracked: self.height_and_tracked,
            pelvis_axes: self.pelvis_axes.map(mirror),
            velocity: mirror(self.velocity),
            points: [
                mirror(self.points[0]),
                mirror(self.points[2]),
                mirror(self.points[1]),
            ],
            lags: self
                .lags
                .map(|l| [mirror(l[0]), mirror(l[1]), mirror(l[3]), mirror(l[2])]),
        }
    }

    /// The network's input vector.
    pub fn to_input(&self) -> [f32; FEATURES] {
        let mut out = [0.0f32; FEATURES];
        let vectors = self
            .pelvis_axes
            .iter()
            .chain([&self.velocity])
            .chain(&self.points)
            .chain(self.lags.iter().flatten());
        let numbers = self
            .height_and_tracked
            .into_iter()
            .chain(vectors.flat_map(|v| v.to_array()));
        for (o, x) in out.iter_mut().zip(numbers) {
            *o = x as f32;
        }
        out
    }
}

/// Both feet in the pelvis frame: what the network is trained to give.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct LegsTarget {
    /// Left and right ankle.
    pub ankles: [DVec3; 2],
    /// Left and right foot's forward axis.
    pub forward: [DVec3; 2],
    /// Left and right foot's contact: 1 planted, 0 not.
    pub contact: [f64; 2],
}

impl LegsTarget {
    /// The target of world ankles, foot rotations and contacts seen from
    /// `frame`.
    pub fn from_world(
        frame: &PelvisFrame,
        ankles: [DVec3; 2],
        feet: [DQuat; 2],
        contact: [f64; 2],
    ) -> LegsTarget {
        LegsTarget {
            ankles: ankles.map(|a| frame.local(a)),
            forward: feet.map(|r| frame.local_dir(r * DVec3::Z)),
            contact,
        }
    }

    /// The same in a mirror.
    pub fn mirrored(&self) -> LegsTarget {
        LegsTarget {
            ankles: [mirror(self.ankles[1]), mirror(self.ankles[0])],
            forward: [mirror(self.forward[1]), mirror(self.forward[0])],
            contact: [self.contact[1], self.contact[0]],
        }
    }

    /// As the network's output vector.
    pub fn to_output(&self) -> [f32; OUTPUTS] {
        let mut out = [0.0f32; OUTPUTS];
        let numbers = self
            .ankles
            .iter()
            .chain(&self.forward)
            .flat_map(|v| v.to_array())
            .chain(self.contact);
        for (o, x) in out.iter_mut().zip(numbers) {
            *o = x as f32;
        }
        out
    }

    /// From the network's output vector.
    pub fn from_output(out: &[f32; OUTPUTS]) -> LegsTarget {
        let v = |k: usize| {
            DVec3::new(
                f64::from(out[k]),
                f64::from(out[k + 1]),
                f64::from(out[k + 2]),
            )
        };
        LegsTarget {
            ankles: [v(0), v(3)],
            forward: [v(6), v(9)],
            contact: [f64::from(out[12]), f64::from(out[13])],
        }
    }
}

/// The features of one tick and their frame: what the trainer pairs with
/// the true feet.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LegsInput {
    /// The network's input.
    pub features: LegsFeatures,
    /// The frame of features and outputs.
    pub frame: PelvisFrame,
}

/// What the learned legs contribute this tick: per foot, the ankle's
/// world position and the foot's heading.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LearnedFeet {
    /// Left and right ankle.
    pub ankles: [DVec3; 2],
    /// Left and right foot's heading, radians.
    pub yaws: [f64; 2],
    /// Left and right foot's contact (about 1: planted).
    pub contact: [f64; 2],
    /// How much of them to use (0: the planner, 1: the network).
    pub weight: f64,
}

/// The network's feet in world axes: ankles minus pelvis, forward axes,
/// contacts.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Feet {
    ankles: [DVec3; 2],
    forward: [DVec3; 2],
    contact: [f64; 2],
}

impl Feet {
    /// Moves a share `a` of the way to `to`.
    fn toward(&self, to: &Feet, a: f64) -> Feet {
        let v = |x: [DVec3; 2], y: [DVec3; 2]| [0, 1].map(|i| x[i] + a * (y[i] - x[i]));
        Feet {
            ankles: v(self.ankles, to.ankles),
            forward: v(self.forward, to.forward),
            contact: [0, 1].map(|i| self.contact[i] + a * (to.contact[i] - self.contact[i])),
        }
    }
}

/// The learned legs' state in one solver.
#[derive(Debug, Clone)]
pub struct LearnedLegs {
    model: Option<Arc<Mlp>>,
    settings: LearnedLegsSettings,
    history: History,
    last_input: Option<LegsInput>,
    /// The smoothed feet and their weight.
    blended: Blended<Feet>,
    scratch: [Vec<f32>; 2],
}

impl LearnedLegs {
    /// The learned legs with `model` (`None`: features only, never used).
    pub fn new(model: Option<Arc<Mlp>>, settings: LearnedLegsSettings) -> LearnedLegs {
        LearnedLegs {
            model: model.filter(|_| settings.enabled),
            settings,
            history: History::new(HISTORY_S),
            last_input: None,
            blended: Blended::default(),
            scratch: Default::default(),
        }
    }

    /// Whether a network is loaded and enabled.
    pub fn has_model(&self) -> bool {
        self.model.is_some()
    }

    /// The features of the last [`LearnedLegs::update`], model or not.
    pub fn last_input(&self) -> Option<&LegsInput> {
        self.last_input.as_ref()
    }

    /// One tick: records the pelvis and wrists, computes the features and,
    /// with a model and `wanted` (a foot without a device), the feet.
    /// `head_height` is the calibrated head height, `leg_scale` the
    /// calibrated leg length over the anthropometric one (used with
    /// [`LearnedLegsSettings::scale_by_leg_length`]).
    #[allow(clippy::too_many_arguments)]
    pub fn update(
        &mut self,
        t: f64,
        dt: f64,
        pelvis: &PelvisState,
        head: &BoneTarget,
        hands: &[Option<BoneTarget>; 2],
        (head_height, leg_scale): (f64, f64),
        wanted: bool,
    ) -> Option<LearnedFeet> {
        let leg_scale = if self.settings.scale_by_leg_length
            && leg_scale.is_finite()
            && (0.5..=2.0).contains(&leg_scale)
        {
            leg_scale
        } else {
            1.0
        };
        self.record(t, pelvis, head, hands);
        self.last_input = self.features(t, pelvis, head, hands, head_height);
        if let Some(input) = self.last_input.as_mut() {
            input.features.height_and_tracked[0] /= leg_scale;
        }
        // The network answers from the first tick: lags older than the
        // history read its oldest snapshot. A restarted solver is warmed up
        // on its predecessor's past first (`crate::warm_up`).
        let mut share = 1.0;
        let fresh = match (&self.model, &self.last_input) {
            (Some(model), Some(input)) if wanted => {
                let mut out = [0.0f32; OUTPUTS];
                let x = input.features.to_input();
                share = self.settings.range.share(standardised_rms(model, &x));
                model.forward(&x, &mut out, &mut self.scratch);
                let target = LegsTarget::from_output(&out);
                let yaw = yaw_rotation(input.frame.yaw);
                let feet = Feet {
                    ankles: target.ankles.map(|a| {
                        let rel = input.frame.world(a) - pelvis.position;
                        DVec3::new(rel.x, rel.y * leg_scale, rel.z)
                    }),
                    forward: target.forward.map(|f| yaw * f),
                    contact: target.contact,
                };
                let finite = feet
                    .ankles
                    .iter()
                    .chain(&feet.forward)
                    .all(|v| v.is_finite())
                    && feet.contact.iter().all(|c| c.is_finite());
                finite.then_some(feet)
            }
            _ => None,
        };
        self.blend(dt, pelvis.position, fresh, share)
    }

    /// Smooths the network's feet and moves the blend weight toward its
    /// most times `share` (a fresh answer) or 0 (none); the feet are
    /// carried with the pelvis while they fade out.
    fn blend(
        &mut self,
        dt: f64,
        pelvis: DVec3,
        fresh: Option<Feet>,
        share: f64,
    ) -> Option<LearnedFeet> {
        let most = self.settings.weight.clamp(0.0, 1.0) * share;
        let timing = (dt, self.settings.blend_s, self.settings.smoothing_s);
        let (feet, weight) = self
            .blended
            .update(timing, most, fresh, |s, f, a| s.toward(f, a))?;
        Some(LearnedFeet {
            ankles: feet.ankles.map(|a| pelvis + a),
            yaws: feet.forward.map(|f| heading_of(DVec3::new(f.x, 0.0, f.z))),
            contact: feet.contact,
            weight,
        })
    }

    /// Keeps this tick's pelvis and wrists (a lost hand: carried with the
    /// pelvis where it was last seen).
    fn record(
        &mut self,
        t: f64,
        pelvis: &PelvisState,
        head: &BoneTarget,
        hands: &[Option<BoneTarget>; 2],
    ) {
        let p = pelvis.position;
        let last = self.history.last().copied();
        let hand = |i: usize| match (&hands[i], last) {
            (Some(h), _) => h.bone.position,
            (None, Some(s)) => p + (s.points[i] - s.position),
            (None, None) => head.bone.position,
        };
        self.history.record(Snapshot {
            t,
            position: p,
            rotation: pelvis.rotation,
            points: [hand(0), hand(1)],
        });
    }

    /// The features now, or `None` if a hand is lost or anything is not
    /// finite.
    fn features(
        &self,
        t: f64,
        pelvis: &PelvisState,
        head: &BoneTarget,
        hands: &[Option<BoneTarget>; 2],
        head_height: f64,
    ) -> Option<LegsInput> {
        let [Some(left), Some(right)] = hands else {
            return None;
        };
        let frame = PelvisFrame::of(pelvis, head_height)?;
        let mut lags = [[DVec3::ZERO; 4]; LAGS_S.len()];
        for (l, lag_s) in lags.iter_mut().zip(LAGS_S) {
            let s = self.history.at(t - lag_s)?;
            *l = [
                frame.local(s.position),
                frame.local_dir(s.rotation * DVec3::Z),
                frame.local(s.points[0]),
                frame.local(s.points[1]),
            ];
        }
        let (height_and_tracked, pelvis_axes) = pelvis.features(&frame, head_height);
        let features = LegsFeatures {
            height_and_tracked,
            pelvis_axes,
            velocity: frame.local_dir(pelvis.velocity) / head_height,
            points: [
                frame.local(head.bone.position),
                frame.local(left.bone.position),
                frame.local(right.bone.position),
            ],
            lags,
        };
        let finite = features.to_input().iter().all(|x| x.is_finite());
        finite.then_some(LegsInput { features, frame })
    }
}

#[cfg(test)]
#[path = "legs_tests.rs"]
mod tests;
