//! The shared core of the learned limb joints ([`super::arms`],
//! [`super::knees`]): tracked bones (positions and axes) in the pelvis's
//! heading frame, divided by the calibrated head height, go through a small
//! [`Mlp`] that gives joint positions in the same frame. No past is read:
//! the answer is there from the first tick, smoothed a little (in the
//! pelvis frame, so the body's own motion is not smoothed) and blended in
//! over a short ramp, and out again when a bone is lost.

use std::sync::Arc;

use posewire_body::glam::DVec3;

use super::blend::Blended;
use super::legs::{PelvisFrame, PelvisState};
use super::mlp::Mlp;
use crate::tracking::BoneTarget;

/// Numbers per bone: position, up and forward axes.
pub const PER_BONE: usize = 9;
/// Numbers before the bones: pelvis height, whether tracked, pelvis up and
/// forward axes.
pub const PELVIS_NUMBERS: usize = 8;

/// Which bones and joints swap places in a mirror (left for right).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MirrorSwaps<const B: usize, const J: usize> {
    /// Per bone, the bone it becomes.
    pub bones: [usize; B],
    /// Per joint, the joint it becomes.
    pub joints: [usize; J],
}

/// Mirrors a vector of the heading frame left to right.
fn mirror(v: DVec3) -> DVec3 {
    DVec3::new(-v.x, v.y, v.z)
}

/// A tracked bone in the pelvis frame: position, up (+Y) and forward (+Z).
/// A bone's +Y and +Z mirror as vectors (its +X flips), and left and right
/// bones' rest frames are each other's mirror images.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct LocalBone {
    /// The bone's position.
    pub position: DVec3,
    /// Its +Y axis.
    pub up: DVec3,
    /// Its +Z axis.
    pub forward: DVec3,
}

impl LocalBone {
    fn of(frame: &PelvisFrame, bone: &BoneTarget) -> LocalBone {
        LocalBone {
            position: frame.local(bone.bone.position),
            up: frame.local_dir(bone.bone.rotation * DVec3::Y),
            forward: frame.local_dir(bone.bone.rotation * DVec3::Z),
        }
    }

    fn mirrored(&self) -> LocalBone {
        LocalBone {
            position: mirror(self.position),
            up: mirror(self.up),
            forward: mirror(self.forward),
        }
    }
}

/// What a limb network reads.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoneFeatures<const B: usize> {
    /// Pelvis height above the floor and 1 if a device placed the pelvis.
    pub height_and_tracked: [f64; 2],
    /// The pelvis bone's +Y and +Z.
    pub pelvis_axes: [DVec3; 2],
    /// The tracked bones.
    pub bones: [LocalBone; B],
}

impl<const B: usize> BoneFeatures<B> {
    /// The same moment seen in a mirror (left and right swapped).
    pub fn mirrored<const J: usize>(&self, swaps: &MirrorSwaps<B, J>) -> BoneFeatures<B> {
        let mut bones = self.bones;
        for (i, b) in self.bones.iter().enumerate() {
            bones[swaps.bones[i]] = b.mirrored();
        }
        BoneFeatures {
            height_and_tracked: self.height_and_tracked,
            pelvis_axes: self.pelvis_axes.map(mirror),
            bones,
        }
    }

    /// The network's input vector (`PELVIS_NUMBERS + PER_BONE * B`).
    pub fn to_input(&self) -> Vec<f32> {
        let mut out = Vec::with_capacity(PELVIS_NUMBERS + PER_BONE * B);
        self.write_input(&mut out);
        out
    }

    /// Writes the input vector into `out` (cleared first; no allocation
    /// once it has the capacity: the 90 Hz path reuses one buffer).
    pub fn write_input(&self, out: &mut Vec<f32>) {
        let vectors = self.pelvis_axes.into_iter().chain(
            self.bones
                .iter()
                .flat_map(|b| [b.position, b.up, b.forward]),
        );
        out.clear();
        out.extend(
            self.height_and_tracked
                .into_iter()
                .chain(vectors.flat_map(|v| v.to_array()))
                .map(|x| x as f32),
        );
    }
}

/// Joint positions in the pelvis frame: what a limb network is trained to
/// give.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointTarget<const J: usize> {
    /// The joints, in the component's order.
    pub joints: [DVec3; J],
}

impl<const J: usize> JointTarget<J> {
    /// World joints seen from `frame`.
    pub fn from_world(frame: &PelvisFrame, joints: [DVec3; J]) -> Self {
        JointTarget {
            joints: joints.map(|p| frame.local(p)),
        }
    }

    /// The same in a mirror.
    pub fn mirrored<const B: usize>(&self, swaps: &MirrorSwaps<B, J>) -> Self {
        let mut joints = self.joints;
        for (i, p) in self.joints.iter().enumerate() {
            joints[swaps.joints[i]] = mirror(*p);
        }
        JointTarget { joints }
    }

    /// As the network's output vector (`3 * J`).
    pub fn to_output(&self) -> Vec<f32> {
        self.joints
            .iter()
            .flat_map(|v| v.to_array())
            .map(|x| x as f32)
            .collect()
    }

    /// From the network's output vector (`None` if too short).
    pub fn from_output(out: &[f32]) -> Option<Self> {
        let mut joints = [DVec3::ZERO; J];
        for (k, j) in joints.iter_mut().enumerate() {
            let v = out.get(3 * k..3 * k + 3)?;
            *j = DVec3::new(f64::from(v[0]), f64::from(v[1]), f64::from(v[2]));
        }
        Some(JointTarget { joints })
    }

    /// Moves a share `a` of the way to `to`.
    fn toward(&self, to: &Self, a: f64) -> Self {
        let mut joints = self.joints;
        for (j, t) in joints.iter_mut().zip(&to.joints) {
            *j += a * (*t - *j);
        }
        JointTarget { joints }
    }
}

/// The features of one tick and their frame: what the trainer pairs with
/// the true joints.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LimbInput<const B: usize> {
    /// The network's input.
    pub features: BoneFeatures<B>,
    /// The frame of features and outputs.
    pub frame: PelvisFrame,
}

/// What a limb network contributes this tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LearnedJoints<const J: usize> {
    /// The joints' world positions.
    pub joints: [DVec3; J],
    /// How much of them to use (0: the rules, 1: the network).
    pub weight: f64,
}

/// How a limb network's answer is smoothed and blended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Blend {
    /// Time constant of the causal smoothing, seconds (0: none).
    pub smoothing_s: f64,
    /// How long the blend between the rules and the network takes, seconds.
    pub blend_s: f64,
}

/// One limb network's state in one solver.
#[derive(Debug, Clone)]
pub struct LimbNet<const B: usize, const J: usize> {
    model: Option<Arc<Mlp>>,
    blend: Blend,
    last_input: Option<LimbInput<B>>,
    blended: Blended<JointTarget<J>>,
    input: Vec<f32>,
    out: Vec<f32>,
    scratch: [Vec<f32>; 2],
}

impl<const B: usize, const J: usize> LimbNet<B, J> {
    /// A limb network with `model` (`None`: features only, never used).
    pub fn new(model: Option<Arc<Mlp>>, blend: Blend) -> Self {
        LimbNet {
            model,
            blend,
            last_input: None,
            blended: Blended::default(),
            input: Vec::with_capacity(PELVIS_NUMBERS + PER_BONE * B),
            out: vec![0.0; 3 * J],
            scratch: Default::default(),
        }
    }

    /// Whether a network is loaded.
    pub fn has_model(&self) -> bool {
        self.model.is_some()
    }

    /// The features of the last [`LimbNet::update`], model or not.
    pub fn last_input(&self) -> Option<&LimbInput<B>> {
        self.last_input.as_ref()
    }

    /// One tick: the features and, with a model and every bone tracked
    /// (`bones` is `None` otherwise), the joints. `head_height` is the
    /// calibrated head height.
    pub fn update(
        &mut self,
        dt: f64,
        pelvis: &PelvisState,
        bones: Option<[&BoneTarget; B]>,
        head_height: f64,
    ) -> Option<LearnedJoints<J>> {
        let frame = PelvisFrame::of(pelvis, head_height)?;
        self.last_input = bones.and_then(|b| features(pelvis, b, head_height));
        let fresh = match (&self.model, &self.last_input) {
            (Some(model), Some(input)) => {
                input.features.write_input(&mut self.input);
                model.forward(&self.input, &mut self.out, &mut self.scratch);
                JointTarget::<J>::from_output(&self.out)
                    .filter(|t| t.joints.iter().all(|v| v.is_finite()))
            }
            _ => None,
        };
        let timing = (dt, self.blend.blend_s, self.blend.smoothing_s);
        self.blended
            .update(timing, 1.0, fresh, |s, t, a| s.toward(t, a))
            .map(|(t, weight)| LearnedJoints {
                joints: t.joints.map(|p| frame.world(p)),
                weight,
            })
            .filter(|j| j.joints.iter().all(|v| v.is_finite()))
    }
}

/// The features now, or `None` if the head height is not plausible or
/// anything is not finite.
pub fn features<const B: usize>(
    pelvis: &PelvisState,
    bones: [&BoneTarget; B],
    head_height: f64,
) -> Option<LimbInput<B>> {
    let frame = PelvisFrame::of(pelvis, head_height)?;
    let (height_and_tracked, pelvis_axes) = pelvis.features(&frame, head_height);
    let features = BoneFeatures {
        height_and_tracked,
        pelvis_axes,
        bones: bones.map(|b| LocalBone::of(&frame, b)),
    };
    let finite = features.height_and_tracked.iter().all(|x| x.is_finite())
        && features
            .pelvis_axes
            .iter()
            .chain(
                features
                    .bones
                    .iter()
                    .flat_map(|b| [&b.position, &b.up, &b.forward]),
            )
            .all(|v| v.is_finite());
    finite.then_some(LimbInput { features, frame })
}

/// The direction, square to the root-to-end line (shoulder to wrist, hip
/// to ankle), from the line's point across from the middle joint toward
/// `middle` (where the elbow or knee should be): a pole for the two-bone
/// solve (`None` if `middle` lies on the line).
pub fn middle_pole(
    root: DVec3,
    end: DVec3,
    middle: DVec3,
    upper: f64,
    lower: f64,
) -> Option<DVec3> {
    let axis = (end - root).normalize_or(DVec3::Y);
    let reach = (end - root).dot(axis);
    let mid = root + axis * reach * (upper / (upper + lower).max(1e-6));
    let d = middle - mid;
    let d = d - axis * d.dot(axis);
    (d.length() > 1e-3).then(|| d.normalize())
}

/// A pole turned a share `weight` of the way from `rules` to `learned`.
pub fn blended_pole(rules: DVec3, learned: Option<DVec3>, weight: f64) -> DVec3 {
    match learned {
        Some(p) => {
            let w = weight.clamp(0.0, 1.0);
            (p * w + rules * (1.0 - w)).normalize_or(rules)
        }
        None => rules,
    }
}
