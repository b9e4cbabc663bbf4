//! How the trunk shares the head's rotation (issue 3): by the look-at chain
//! of `posewire_body::look_at` (lumbar spine, chest, neck and head, each
//! taking part of the turn), or, for comparison, all of it on the neck.
//!
//! The headset's orientation becomes a gaze target, a point far ahead along
//! its forward axis, plus the head's roll; the chain poses the trunk toward
//! it from the pelvis. A gaze target can also be given directly (a point, or
//! another avatar's head passed in as a point every tick).

use posewire_body::glam::{DQuat, DVec3, EulerRot};
use posewire_body::look_at::{LookAtChain, LookAtConfig, LookAtConfigError, LookAtState};
use posewire_body::transform::Transform;
use posewire_body::{Joint, Skeleton};

/// How the head's rotation is shared along the trunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TrunkMode {
    /// The look-at chain: lumbar spine, chest, neck and head each take a
    /// constrained share, in order (the default).
    #[default]
    LookAt,
    /// The whole head rotation on the neck: the spine and chest stay square
    /// to the pelvis heading (the comparison the look-at chain must beat).
    NeckOnly,
}

impl TrunkMode {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            TrunkMode::LookAt => "look-at",
            TrunkMode::NeckOnly => "neck-only",
        }
    }
}

/// How far ahead of the eyes the headset's gaze target sits, metres (far
/// enough that the chain aims a direction rather than a point).
const GAZE_DISTANCE_M: f64 = 10.0;

/// The stature the shipped chain's eye offset is given for, metres.
const CONFIG_STATURE_M: f64 = 1.75;

/// World rotations of the trunk bones from the pelvis up to the head.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrunkPose {
    /// The lumbar bone (canonical `spine`).
    pub spine: DQuat,
    /// The thoracic bone (`chest`).
    pub chest: DQuat,
    /// The cervical bone (`neck`).
    pub neck: DQuat,
    /// The head.
    pub head: DQuat,
    /// Where the chain's gaze starts (the eyes), relative to the root's
    /// position, world axes.
    pub eyes_from_root: DVec3,
}

/// The look-at chain fitted to one person's skeleton.
#[derive(Debug, Clone)]
pub struct LookAtTrunk {
    chain: LookAtChain,
    state: LookAtState,
    /// Chain joint index of spine, chest, neck and head.
    index: [usize; 4],
    /// From the skull base to the eyes, in the head bone's frame.
    eyes: DVec3,
}

/// The chain joints the solver knows, with the canonical joint each stands
/// for; `eyes`, if present, must come last and has no canonical joint.
const NAMES: [(&str, Joint); 4] = [
    ("lumbar", Joint::Spine),
    ("chest", Joint::Chest),
    ("neck", Joint::Neck),
    ("head", Joint::Head),
];

impl LookAtTrunk {
    /// Fits `config` (whose joints must be `lumbar`, `chest`, `neck`, `head`
    /// and optionally `eyes`, in that order) to `skeleton`: each bone's
    /// offset becomes the skeleton's, the eyes scale with `stature_m`.
    pub fn new(
        config: &LookAtConfig,
        skeleton: &Skeleton,
        stature_m: f64,
    ) -> Result<LookAtTrunk, LookAtConfigError> {
        let bad = |reason: String| LookAtConfigError::Invalid {
            source_name: "look-at config".to_string(),
            key: "joints".to_string(),
            reason,
        };
        let names: Vec<&str> = config.joints.iter().map(|j| j.name.as_str()).collect();
        let expected: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
        let with_eyes = names.len() == 5 && names[4] == "eyes";
        if names[..names.len().min(4)] != expected[..] || !(names.len() == 4 || with_eyes) {
            return Err(bad(format!(
                "the trunk chain must be `lumbar`, `chest`, `neck`, `head` (and optionally \
                 `eyes`), in that order; found {names:?}"
            )));
        }
        let scale = if stature_m.is_finite() && stature_m > 0.0 {
            stature_m / CONFIG_STATURE_M
        } else {
            1.0
        };
        let mut fitted = config.clone();
        let eyes = DVec3::from_array(config.joints[3].offset) * scale;
        for (i, child) in [Joint::Chest, Joint::Neck, Joint::Head]
            .into_iter()
            .enumerate()
        {
            fitted.joints[i].offset = skeleton.offsets[child].to_array();
        }
        fitted.joints[3].offset = eyes.to_array();
        if with_eyes {
            fitted.joints[4].offset =
                (DVec3::from_array(config.joints[4].offset) * scale).to_array();
        }
        let chain = LookAtChain::from_config(&fitted)?;
        let state = chain.new_state();
        Ok(LookAtTrunk {
            chain,
            state,
            index: [0, 1, 2, 3],
            eyes,
        })
    }

    /// Poses the trunk from `root` (the pelvis frame placed at the lumbar
    /// joint) so that the head looks where the headset does (`head`, the
    /// head bone's world transform), or at `gaze` when one is given. `None`
    /// for a non-finite input.
    pub fn pose(
        &mut self,
        root: Transform,
        head: Transform,
        gaze: Option<DVec3>,
    ) -> Option<TrunkPose> {
        let eyes = head.transform_point(self.eyes);
        let target = match gaze {
            Some(g) => g,
            None => eyes + head.rotation * DVec3::Z * GAZE_DISTANCE_M,
        };
        // The head's roll about its gaze axis, relative to the pelvis frame
        // (yaw, then pitch, then roll, as the chain's axes are ordered).
        let relative = root.rotation.inverse() * head.rotation;
        let (_, _, roll) = relative.to_euler(EulerRot::YXZ);
        let roll = if gaze.is_some() { 0.0 } else { roll };
        let result = self.chain.solve(&mut self.state, root, target, roll).ok()?;
        let w = |i: usize| result.world[self.index[i]].rotation;
        let pose = TrunkPose {
            spine: w(0),
            chest: w(1),
            neck: w(2),
            head: w(3),
            eyes_from_root: DVec3::ZERO,
        };
        let (origin, _) = self.chain.gaze(&self.state);
        Some(TrunkPose {
            eyes_from_root: origin - root.position,
            ..pose
        })
    }

    /// Forgets the previous solve (a new take, or tracking regained).
    pub fn reset(&mut self) {
        self.state.reset();
    }
}

/// The trunk with the whole head rotation on the neck: spine and chest
/// square to the pelvis, neck and head turned as the headset is.
pub fn neck_only(root: DQuat, head: DQuat) -> TrunkPose {
    TrunkPose {
        spine: root,
        chest: root,
        neck: head,
        head,
        eyes_from_root: DVec3::ZERO,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::transform::{angle_between, yaw_of, yaw_rotation};
    use posewire_body::BodyProfile;

    fn trunk() -> (LookAtTrunk, Skeleton) {
        let profile = BodyProfile::from_stature(1.75);
        let sk = Skeleton::from_profile(&profile);
        let config = LookAtConfig::shipped().expect("shipped config parses");
        (
            LookAtTrunk::new(&config, &sk, 1.75).expect("fits the skeleton"),
            sk,
        )
    }

    fn head_at(sk: &Skeleton, rotation: DQuat) -> Transform {
        let p = sk.offsets[Joint::Chest] + sk.offsets[Joint::Neck] + sk.offsets[Joint::Head];
        Transform::new(DVec3::new(0.0, 1.0, 0.0) + p, rotation)
    }

    #[test]
    fn look_at_trunk_shares_a_head_turn_with_the_chest() {
        let (mut t, sk) = trunk();
        let root = Transform::new(DVec3::new(0.0, 1.0, 0.0), DQuat::IDENTITY);
        let turn = yaw_rotation(70f64.to_radians());
        let pose = t.pose(root, head_at(&sk, turn), None).expect("solves");
        let chest = yaw_of(pose.chest).to_degrees();
        let neck = yaw_of(pose.neck).to_degrees();
        assert!(chest > 2.0 && chest < 35.0, "chest yaw {chest}");
        assert!(neck > chest && neck < 70.0, "neck yaw {neck}");
        assert!(angle_between(pose.head, turn).to_degrees() < 2.0);
    }

    #[test]
    fn look_at_trunk_small_turn_stays_in_the_neck() {
        let (mut t, sk) = trunk();
        let root = Transform::new(DVec3::new(0.0, 1.0, 0.0), DQuat::IDENTITY);
        let pose = t
            .pose(root, head_at(&sk, yaw_rotation(0.2)), None)
            .expect("solves");
        assert!(angle_between(pose.chest, DQuat::IDENTITY).to_degrees() < 0.5);
    }

    #[test]
    fn look_at_trunk_aims_the_head_at_a_given_gaze_target() {
        let (mut t, sk) = trunk();
        let root = Transform::new(DVec3::new(0.0, 1.0, 0.0), DQuat::IDENTITY);
        let target = DVec3::new(1.0, 1.2, 1.5);
        let head = head_at(&sk, DQuat::IDENTITY);
        let pose = t.pose(root, head, Some(target)).expect("solves");
        let eyes_dir = pose.head * DVec3::Z;
        let to = (target - (root.position + pose.eyes_from_root)).normalize();
        assert!(eyes_dir.angle_between(to).to_degrees() < 0.1);
    }

    #[test]
    fn look_at_trunk_takes_a_chain_with_eyes() {
        let (_, sk) = trunk();
        let mut config = LookAtConfig::shipped().expect("shipped config parses");
        let mut eyes = config.joints[3].clone();
        eyes.name = "eyes".to_string();
        eyes.offset = [0.0, 0.0, 0.0];
        for (axis, limit) in eyes.axes.iter_mut().zip([35.0, 30.0, 1.0]) {
            axis.min_deg = -limit;
            axis.max_deg = limit;
        }
        config.joints.push(eyes);
        let mut t = LookAtTrunk::new(&config, &sk, 1.75).expect("fits with eyes");
        let root = Transform::new(DVec3::new(0.0, 1.0, 0.0), DQuat::IDENTITY);
        let pose = t
            .pose(root, head_at(&sk, yaw_rotation(0.5)), None)
            .expect("solves");
        assert!(yaw_of(pose.head) > 0.0 && yaw_of(pose.head) < 0.5 + 1e-9);
    }

    #[test]
    fn look_at_trunk_rejects_a_chain_of_other_joints() {
        let (_, sk) = trunk();
        let mut config = LookAtConfig::shipped().expect("shipped config parses");
        config.joints.swap(0, 1);
        let err = LookAtTrunk::new(&config, &sk, 1.75).expect_err("must refuse");
        assert!(err.to_string().contains("lumbar"), "{err}");
    }
}
