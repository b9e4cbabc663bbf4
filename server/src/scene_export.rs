//! What the scene exporters (FBX, USD) write: every avatar's skeleton and
//! solved poses, and the space's objects, on one frame grid, and the
//! take's timecode. Built by `export_cmd` from a take of one avatar or of
//! the whole scene (every avatar).

use posewire_body::fingers::{FingerJoint, FingerRotations, HandSkeleton};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, Joint, Skeleton};
use posewire_skinning::export::PropTrack;
use posewire_takes::{Take, TimecodeRate};

/// One avatar's animation: its rest skeleton and a pose per frame.
pub struct AvatarAnimation {
    /// The avatar's name: the node its skeleton goes under.
    pub name: String,
    /// The rest skeleton (canonical T-pose at the person's proportions).
    pub skeleton: Skeleton,
    /// One pose per frame of the scene.
    pub poses: Vec<BodyPose>,
    /// The fingers, when the take has them (controller input, hand
    /// tracking).
    pub fingers: Option<AvatarFingers>,
}

/// An avatar's fingers: its hands and their rotations at every frame.
pub struct AvatarFingers {
    /// The hands' rest offsets.
    pub hands: HandSkeleton,
    /// Both hands' finger rotations, one per frame (as many as the poses).
    pub local: Vec<FingerRotations>,
}

/// One bone of an exported skeleton: a canonical joint, or a finger joint
/// hung under its wrist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bone {
    /// A canonical body joint.
    Body(Joint),
    /// A finger joint.
    Finger(FingerJoint),
}

impl Bone {
    /// Its canonical name.
    pub fn name(self) -> String {
        match self {
            Bone::Body(j) => j.name().to_string(),
            Bone::Finger(f) => f.name(),
        }
    }

    /// The bone it hangs from (`None` for the root).
    pub fn parent(self) -> Option<Bone> {
        match self {
            Bone::Body(j) => j.parent().map(Bone::Body),
            Bone::Finger(f) => Some(f.parent().map_or(Bone::Body(f.wrist()), Bone::Finger)),
        }
    }
}

impl AvatarAnimation {
    /// Its bones, parents first: the 21 canonical joints, then the 30
    /// finger joints when it has fingers.
    pub fn bones(&self) -> Vec<Bone> {
        let fingers = self.fingers.iter().flat_map(|_| FingerJoint::all());
        Joint::ALL
            .into_iter()
            .map(Bone::Body)
            .chain(fingers.map(Bone::Finger))
            .collect()
    }

    /// A bone's rest offset from its parent (the root's: its rest
    /// position); every rest rotation is the identity.
    pub fn rest_local(&self, bone: Bone) -> DVec3 {
        match (bone, &self.fingers) {
            (Bone::Body(j), _) => rest_local(&self.skeleton, j),
            (Bone::Finger(f), Some(hands)) => hands.hands.offsets[f.index()],
            (Bone::Finger(_), None) => DVec3::ZERO,
        }
    }

    /// A bone's rest position in the skeleton's space.
    pub fn rest_world(&self, bone: Bone) -> DVec3 {
        let mut p = self.rest_local(bone);
        let mut at = bone;
        while let Some(parent) = at.parent() {
            p += self.rest_local(parent);
            at = parent;
        }
        p
    }

    /// A bone's transform relative to its parent at a frame: translation
    /// and rotation.
    pub fn pose_local(&self, frame: usize, bone: Bone) -> (DVec3, DQuat) {
        match bone {
            Bone::Body(j) => match self.poses.get(frame) {
                Some(pose) => pose_local(&self.skeleton, pose, j),
                None => (rest_local(&self.skeleton, j), DQuat::IDENTITY),
            },
            Bone::Finger(f) => {
                let local = self
                    .fingers
                    .as_ref()
                    .and_then(|h| h.local.get(frame))
                    .map_or(DQuat::IDENTITY, |l| l[f.index()]);
                (self.rest_local(bone), local)
            }
        }
    }
}

/// Everything a scene export writes.
pub struct SceneAnimation {
    /// The take's name.
    pub name: String,
    /// Seconds between frames.
    pub frame_time: f64,
    /// The avatars, each with a pose per frame.
    pub avatars: Vec<AvatarAnimation>,
    /// The space's objects, keyed at some of the frames (times relative to
    /// the first frame).
    pub objects: Vec<PropTrack>,
    /// The take's timecode, when it has one.
    pub timecode: Option<ExportTimecode>,
}

/// A take's timecode as the exporters write it.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportTimecode {
    /// The first tick's label (`HH:MM:SS:FF`, `HH:MM:SS;FF` in drop-frame).
    pub label: String,
    /// Its rate and frame count, when the take states a rate (takes
    /// recorded before rates were stated hold the label only).
    pub rate: Option<(TimecodeRate, u64)>,
}

impl ExportTimecode {
    /// The timecode of a take, if it has one.
    pub fn of(take: &Take) -> Option<ExportTimecode> {
        match (&take.timecode, &take.info.timecode_start) {
            (Some(tc), _) => Some(ExportTimecode {
                label: tc.label(),
                rate: Some((tc.rate, tc.start_frame)),
            }),
            (None, Some(label)) => Some(ExportTimecode {
                label: label.clone(),
                rate: None,
            }),
            (None, None) => None,
        }
    }

    /// The start in seconds (the timecode's frames at its real rate), when
    /// the rate is known.
    pub fn start_seconds(&self) -> Option<f64> {
        self.rate.map(|(rate, start_frame)| {
            let (n, d) = rate.fraction();
            start_frame as f64 * d as f64 / n as f64
        })
    }
}

impl SceneAnimation {
    /// Frames per second.
    pub fn fps(&self) -> f64 {
        1.0 / self.frame_time
    }

    /// How many frames the scene has (the longest avatar's).
    pub fn frame_count(&self) -> usize {
        self.avatars
            .iter()
            .map(|a| a.poses.len())
            .max()
            .unwrap_or(0)
    }

    /// The frame of the export's rate the take's timecode falls on (its
    /// start in seconds times the rate, to the nearest frame: exact when
    /// the export's rate is the timecode's), where the animation starts
    /// on a timeline; 0 without a timecode rate.
    pub fn start_frame(&self) -> u64 {
        let seconds = self
            .timecode
            .as_ref()
            .and_then(ExportTimecode::start_seconds);
        seconds.map_or(0, |s| (s * self.fps()).round().max(0.0) as u64)
    }

    /// The frame an object key's time falls on.
    pub fn frame_of(&self, time_s: f32) -> usize {
        (f64::from(time_s) / self.frame_time).round().max(0.0) as usize
    }
}

/// A joint's rest transform relative to its parent joint: the rest offset
/// (the root's: its rest position) and no rotation, since every rest frame
/// is aligned with the world (FORMATS.md section 3).
pub fn rest_local(skeleton: &Skeleton, joint: Joint) -> DVec3 {
    skeleton.offsets[joint]
}

/// A joint's transform relative to its parent joint in a pose: the
/// translation (the rest offset; the root's: the pelvis position) and the
/// rotation relative to the parent bone.
pub fn pose_local(skeleton: &Skeleton, pose: &BodyPose, joint: Joint) -> (DVec3, DQuat) {
    let translation = match joint.parent() {
        Some(_) => skeleton.offsets[joint],
        None => pose.root,
    };
    (translation, pose.local_rotation(joint).normalize())
}

/// A name made of ASCII letters, digits and `_` (others become `_`), not
/// starting with a digit: what USD prim names and most tools' node names
/// accept.
pub fn identifier(name: &str) -> String {
    let mut out: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_are_safe_names() {
        assert_eq!(identifier("dancer"), "dancer");
        assert_eq!(identifier("o5 ball"), "o5_ball");
        assert_eq!(identifier("5th"), "_5th");
        assert_eq!(identifier(""), "_");
        assert_eq!(identifier("a\"/b\n"), "a__b_");
    }
}
