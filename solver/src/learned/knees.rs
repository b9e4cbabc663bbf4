//! The learned knees of a body with foot devices: where the knees are,
//! given the pelvis and both feet (positions and axes) in the pelvis's
//! heading frame. The rules bend the knee toward a blend of the foot's and
//! the pelvis's facing; the network's knees give the leg's swivel instead.
//! Bone lengths and the tracked ankles stay as they are. The network, its
//! smoothing and blend are [`super::limbs`]'.

use std::sync::Arc;

use posewire_body::glam::DVec3;

use super::legs::PelvisState;
use super::limbs::{Blend, JointTarget, LimbInput, LimbNet, MirrorSwaps};
use super::mlp::{Mlp, MlpError};
use crate::tracking::BoneTarget;

/// The bones read: left foot, right foot.
pub const BONES: usize = 2;
/// The joints given: left knee, right knee.
pub const JOINTS: usize = 2;
/// How many numbers the network reads.
pub const FEATURES: usize = super::limbs::PELVIS_NUMBERS + super::limbs::PER_BONE * BONES;
/// How many numbers it gives.
pub const OUTPUTS: usize = 3 * JOINTS;

/// Left and right swap places in a mirror.
pub const SWAPS: MirrorSwaps<BONES, JOINTS> = MirrorSwaps {
    bones: [1, 0],
    joints: [1, 0],
};

/// The features of one tick and their frame.
pub type KneesInput = LimbInput<BONES>;
/// Both knees, in the pelvis frame.
pub type KneesTarget = JointTarget<JOINTS>;

/// The embedded weights (`solver/weights/knees.bin`, written by
/// `posewire train knees`; empty: no model).
pub const EMBEDDED_WEIGHTS: &[u8] = include_bytes!("../../weights/knees.bin");

/// The embedded knees network, if the build carries one of the right shape.
pub fn embedded_model() -> Result<Option<Mlp>, MlpError> {
    Mlp::embedded(EMBEDDED_WEIGHTS, FEATURES, OUTPUTS)
}

/// Settings of the learned knees (`[solver.ik.learned_knees]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LearnedKneesSettings {
    /// Whether the embedded network is used (false: the rules alone).
    pub enabled: bool,
    /// Time constant of the causal smoothing of the network's answer,
    /// seconds (0: none). 0.03 s: chosen over 0.1 s by every fold of the
    /// cross-validation over subjects at 6 devices (clean and noisy), with
    /// less foot skate, not more (`docs/notes/six-device-accuracy.md`).
    pub smoothing_s: f64,
    /// How long the blend between the rules and the network takes, seconds.
    pub blend_s: f64,
    /// How much of the network's knee swivel to use (0-1).
    pub weight: f64,
}

impl Default for LearnedKneesSettings {
    fn default() -> Self {
        LearnedKneesSettings {
            enabled: true,
            smoothing_s: 0.03,
            blend_s: 0.3,
            weight: 1.0,
        }
    }
}

/// What the learned knees contribute this tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LearnedKneeJoints {
    /// Left and right knee, world positions.
    pub knees: [DVec3; 2],
    /// How much of them to use (0: the rules, 1: the network), the
    /// settings' weight included.
    pub weight: f64,
}

/// The learned knees' state in one solver.
#[derive(Debug, Clone)]
pub struct LearnedKnees {
    net: LimbNet<BONES, JOINTS>,
    settings: LearnedKneesSettings,
}

impl LearnedKnees {
    /// The learned knees with `model` (`None`: features only, never used).
    pub fn new(model: Option<Arc<Mlp>>, settings: LearnedKneesSettings) -> LearnedKnees {
        let blend = Blend {
            smoothing_s: settings.smoothing_s,
            blend_s: settings.blend_s,
        };
        LearnedKnees {
            net: LimbNet::new(model.filter(|_| settings.enabled), blend),
            settings,
        }
    }

    /// Whether a network is loaded and enabled.
    pub fn has_model(&self) -> bool {
        self.net.has_model()
    }

    /// The features of the last [`LearnedKnees::update`], model or not.
    pub fn last_input(&self) -> Option<&KneesInput> {
        self.net.last_input()
    }

    /// One tick: the features and, with a model and both feet tracked, the
    /// knees and how much of them to use (the settings' weight included).
    pub fn update(
        &mut self,
        dt: f64,
        pelvis: &PelvisState,
        feet: &[Option<BoneTarget>; 2],
        head_height: f64,
    ) -> Option<LearnedKneeJoints> {
        let bones = match feet {
            [Some(l), Some(r)] => Some([l, r]),
            _ => None,
        };
        let j = self.net.update(dt, pelvis, bones, head_height)?;
        Some(LearnedKneeJoints {
            knees: j.joints,
            weight: j.weight * self.settings.weight.clamp(0.0, 1.0),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::glam::DQuat;
    use posewire_body::Transform;

    fn foot(x: f64) -> Option<BoneTarget> {
        Some(BoneTarget {
            bone: Transform::new(DVec3::new(x, 0.08, 0.05), DQuat::from_rotation_y(0.2 * x)),
            velocity: DVec3::ZERO,
        })
    }

    fn pelvis() -> PelvisState {
        PelvisState {
            position: DVec3::new(0.0, 0.95, 0.0),
            rotation: DQuat::IDENTITY,
            yaw: 0.0,
            velocity: DVec3::ZERO,
            tracked: true,
        }
    }

    /// A knees network whose answer is its output mean: knees 0.45 of a head
    /// height below the pelvis, 0.05 forward.
    fn model() -> Arc<Mlp> {
        let mut m = Mlp::zeros(&[FEATURES, 4, OUTPUTS]);
        m.out_mean = vec![0.06, -0.28, 0.03, -0.06, -0.28, 0.03];
        m.out_scale = vec![0.01; OUTPUTS];
        Arc::new(m)
    }

    #[test]
    fn knees_come_with_both_feet_tracked_and_fade_when_one_is_lost() {
        let settings = LearnedKneesSettings::default();
        let mut knees = LearnedKnees::new(Some(model()), settings);
        let dt = 1.0 / 90.0;
        let both = [foot(0.1), foot(-0.1)];
        let mut last = None;
        for _ in 0..40 {
            last = knees.update(dt, &pelvis(), &both, 1.6);
        }
        let Some(LearnedKneeJoints {
            knees: k,
            weight: w,
        }) = last
        else {
            panic!("knees with both feet tracked");
        };
        assert!((w - 1.0).abs() < 1e-9, "full weight after the ramp: {w}");
        let want = DVec3::new(0.06 * 1.6, 0.95 - 0.28 * 1.6, 0.03 * 1.6);
        assert!(k[0].distance(want) < 1e-6, "{:?} against {want:?}", k[0]);
        let one = [foot(0.1), None];
        let faded = knees.update(dt, &pelvis(), &one, 1.6).map(|j| j.weight);
        assert!(faded.is_some_and(|w| w < 1.0 && w > 0.9), "{faded:?}");
        assert!(knees.last_input().is_none());
        let off = LearnedKneesSettings {
            enabled: false,
            ..settings
        };
        let mut disabled = LearnedKnees::new(Some(model()), off);
        assert!(disabled.update(dt, &pelvis(), &both, 1.6).is_none());
        assert!(!disabled.has_model() && disabled.last_input().is_some());
    }

    /// A knees network whose left knee moves sideways with the left foot.
    fn following_model() -> Arc<Mlp> {
        let mut m = Mlp::zeros(&[FEATURES, 1, OUTPUTS]);
        // The left foot's sideways position in the pelvis frame.
        m.layers[0].weights[crate::learned::limbs::PELVIS_NUMBERS] = 1.0;
        m.layers[1].weights[0] = 1.0;
        m.out_mean = vec![0.06, -0.28, 0.03, -0.06, -0.28, 0.03];
        m.out_scale = vec![0.1; OUTPUTS];
        Arc::new(m)
    }

    #[test]
    fn the_knees_follow_a_moved_foot_within_a_tenth_of_a_second() {
        let mut knees = LearnedKnees::new(Some(following_model()), Default::default());
        let dt = 1.0 / 90.0;
        let mut run = |x: f64, ticks: usize| {
            let mut last = None;
            for _ in 0..ticks {
                last = knees.update(dt, &pelvis(), &[foot(x), foot(-0.1)], 1.6);
            }
            last.map(|j| j.knees[0].x)
        };
        let (Some(before), Some(after_step), Some(settled)) =
            (run(0.1, 90), run(0.3, 9), run(0.3, 180))
        else {
            panic!("knees with both feet tracked");
        };
        let moved = settled - before;
        assert!(moved.abs() > 1e-3, "the knee follows the foot: {moved}");
        let share = (after_step - before) / moved;
        assert!(
            share > 0.9,
            "0.1 s after the step the knee moved {share} of the way"
        );
    }
}
