//! The learned arms: where the shoulders and elbows are, given the pelvis
//! (as the solver placed it), the head and both hands (positions and
//! orientations) in the pelvis's heading frame, divided by the calibrated
//! head height. The rules place the shoulders by the chest alone and swing
//! the elbow from a fixed pole and the hand's axis; the network's shoulders
//! turn the collarbones and its elbows give the arm's swivel. Bone lengths
//! and the tracked wrists stay as they are. The network, its smoothing and
//! blend are [`super::limbs`]'.

use std::sync::Arc;

use posewire_body::glam::{DQuat, DVec3};

use super::legs::PelvisState;
use super::limbs::{Blend, JointTarget, LimbInput, LimbNet, MirrorSwaps};
use super::mlp::{Mlp, MlpError};
use crate::tracking::BoneTarget;

/// How many numbers the network reads: pelvis height and whether tracked,
/// the pelvis's up and forward axes, then head, left and right hand, each
/// its position, up and forward axes.
pub const FEATURES: usize = super::limbs::PELVIS_NUMBERS + super::limbs::PER_BONE * BONES;
/// How many numbers it gives: both shoulders, then both elbows.
pub const OUTPUTS: usize = 3 * JOINTS;

/// The embedded weights (`solver/weights/arms.bin`, written by
/// `posewire train arms`; empty: no model).
pub const EMBEDDED_WEIGHTS: &[u8] = include_bytes!("../../weights/arms.bin");

/// The embedded arms network, if the build carries one of the right shape.
pub fn embedded_model() -> Result<Option<Mlp>, MlpError> {
    Mlp::embedded(EMBEDDED_WEIGHTS, FEATURES, OUTPUTS)
}

/// Settings of the learned arms (`[solver.ik.learned_arms]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LearnedArmsSettings {
    /// Whether the embedded network is used (false: the rules alone).
    pub enabled: bool,
    /// Time constant of the causal smoothing of the network's answer,
    /// seconds (0: none).
    pub smoothing_s: f64,
    /// How long the blend between the rules and the network takes, seconds.
    pub blend_s: f64,
    /// How much of the network's shoulders to use (0-1).
    pub shoulder_weight: f64,
    /// How much of the network's elbow swivel to use (0-1).
    pub elbow_weight: f64,
    /// How far the network may turn a collarbone from the chest's rest,
    /// radians.
    pub max_clavicle_turn_rad: f64,
}

impl Default for LearnedArmsSettings {
    fn default() -> Self {
        LearnedArmsSettings {
            enabled: true,
            smoothing_s: 0.03,
            blend_s: 0.3,
            shoulder_weight: 1.0,
            elbow_weight: 1.0,
            max_clavicle_turn_rad: 0.5,
        }
    }
}

/// The bones read: head, left hand, right hand.
pub const BONES: usize = 3;
/// The joints given: left and right shoulder, left and right elbow.
pub const JOINTS: usize = 4;

/// Left and right swap places in a mirror.
pub const SWAPS: MirrorSwaps<BONES, JOINTS> = MirrorSwaps {
    bones: [0, 2, 1],
    joints: [1, 0, 3, 2],
};

/// The features of one tick and their frame.
pub type ArmsInput = LimbInput<BONES>;
/// Shoulders then elbows, in the pelvis frame.
pub type ArmsTarget = JointTarget<JOINTS>;

/// What the learned arms contribute this tick, in world positions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LearnedArmJoints {
    /// Left and right shoulder.
    pub shoulders: [DVec3; 2],
    /// Left and right elbow.
    pub elbows: [DVec3; 2],
    /// How much of them to use (0: the rules, 1: the network), before the
    /// settings' per-joint weights.
    pub weight: f64,
}

/// The learned arms' state in one solver.
#[derive(Debug, Clone)]
pub struct LearnedArms {
    net: LimbNet<BONES, JOINTS>,
    settings: LearnedArmsSettings,
}

impl LearnedArms {
    /// The learned arms with `model` (`None`: features only, never used).
    pub fn new(model: Option<Arc<Mlp>>, settings: LearnedArmsSettings) -> LearnedArms {
        let blend = Blend {
            smoothing_s: settings.smoothing_s,
            blend_s: settings.blend_s,
        };
        LearnedArms {
            net: LimbNet::new(model.filter(|_| settings.enabled), blend),
            settings,
        }
    }

    /// Whether a network is loaded and enabled.
    pub fn has_model(&self) -> bool {
        self.net.has_model()
    }

    /// The settings in use.
    pub fn settings(&self) -> &LearnedArmsSettings {
        &self.settings
    }

    /// The features of the last [`LearnedArms::update`], model or not.
    pub fn last_input(&self) -> Option<&ArmsInput> {
        self.net.last_input()
    }

    /// One tick: the features and, with a model and both hands tracked,
    /// the shoulders and elbows. `head_height` is the calibrated head
    /// height.
    pub fn update(
        &mut self,
        dt: f64,
        pelvis: &PelvisState,
        head: &BoneTarget,
        hands: &[Option<BoneTarget>; 2],
        head_height: f64,
    ) -> Option<LearnedArmJoints> {
        let bones = match hands {
            [Some(l), Some(r)] => Some([head, l, r]),
            _ => None,
        };
        let j = self.net.update(dt, pelvis, bones, head_height)?;
        Some(LearnedArmJoints {
            shoulders: [j.joints[0], j.joints[1]],
            elbows: [j.joints[2], j.joints[3]],
            weight: j.weight,
        })
    }
}

/// The turn of a collarbone that brings its shoulder (`shoulder`, turning
/// about `clavicle`) toward `wanted`, a share `weight` of the way and at
/// most `max_rad`.
pub fn clavicle_turn(
    clavicle: DVec3,
    shoulder: DVec3,
    wanted: DVec3,
    weight: f64,
    max_rad: f64,
) -> DQuat {
    let arm = shoulder - clavicle;
    let to = wanted - clavicle;
    if arm.length() < 1e-3 || to.length() < 1e-3 {
        return DQuat::IDENTITY;
    }
    let full = posewire_body::transform::rotation_between(arm, to);
    let (axis, angle) = full.to_axis_angle();
    let angle = (angle * weight.clamp(0.0, 1.0)).min(max_rad.max(0.0));
    if !(angle.is_finite() && axis.is_finite()) {
        return DQuat::IDENTITY;
    }
    DQuat::from_axis_angle(axis, angle)
}

#[cfg(test)]
#[path = "arms_tests.rs"]
mod tests;
