//! VRChat's OSC trackers (<https://docs.vrchat.com/docs/osc-trackers>).
//!
//! What VRChat documents: the addresses `/tracking/trackers/1..8/position`
//! and `/rotation`, and `/tracking/trackers/head/position` and `/rotation`;
//! each takes three floats (X, Y, Z): the tracker's world-space position,
//! and its rotation as Euler angles; Unity's coordinate system, +Y up,
//! scaled so that 1.0 is one metre. Up to 8 trackers: hip, chest, two
//! feet, two knees, two elbows (upper arms). The head is optional and
//! lets VRChat align the sender's tracking space with its own. Euler
//! angles are Unity's (`Transform.eulerAngles`, which VRChat's own example
//! sender sends): degrees, applied Z, then X, then Y about the fixed axes
//! ([`crate::unity::euler_degrees`]).
//!
//! Posewire sends the solved body: tracker numbers are fixed
//! ([`Tracker::number`]; VRChat assigns trackers to body parts by its own
//! calibration, not by number), each tracker sits at a joint and turns
//! with a bone rigidly attached there ([`Tracker::placement`]); the head
//! is the headset's pose when tracked, else the head bone's.

use posewire_body::glam::DVec3;
use posewire_body::{BodyPose, Joint, Skeleton, Transform};

use crate::osc::{OscArg, OscMessage};
use crate::unity;

/// One of VRChat's eight OSC trackers as Posewire fills them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tracker {
    /// Tracker 1: the hips.
    Hips,
    /// Tracker 2: the chest.
    Chest,
    /// Tracker 3: the left foot.
    LeftFoot,
    /// Tracker 4: the right foot.
    RightFoot,
    /// Tracker 5: the left knee.
    LeftKnee,
    /// Tracker 6: the right knee.
    RightKnee,
    /// Tracker 7: the left elbow (upper arm).
    LeftElbow,
    /// Tracker 8: the right elbow (upper arm).
    RightElbow,
}

impl Tracker {
    /// All eight, in number order.
    pub const ALL: [Tracker; 8] = [
        Tracker::Hips,
        Tracker::Chest,
        Tracker::LeftFoot,
        Tracker::RightFoot,
        Tracker::LeftKnee,
        Tracker::RightKnee,
        Tracker::LeftElbow,
        Tracker::RightElbow,
    ];

    /// VRChat's tracker number, 1 to 8.
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The configuration name (`hips`, `chest`, `left_foot`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Tracker::Hips => "hips",
            Tracker::Chest => "chest",
            Tracker::LeftFoot => "left_foot",
            Tracker::RightFoot => "right_foot",
            Tracker::LeftKnee => "left_knee",
            Tracker::RightKnee => "right_knee",
            Tracker::LeftElbow => "left_elbow",
            Tracker::RightElbow => "right_elbow",
        }
    }

    /// Parses a configuration name.
    pub fn from_name(name: &str) -> Option<Tracker> {
        Tracker::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Where the tracker sits (a joint's position) and which bone it turns
    /// with (one rigidly holding that joint): hips at the pelvis, chest at
    /// the chest, feet at the ankles with the feet, knees at the knees with
    /// the thighs, elbows at the elbows with the upper arms.
    pub const fn placement(self) -> (Joint, Joint) {
        match self {
            Tracker::Hips => (Joint::Pelvis, Joint::Pelvis),
            Tracker::Chest => (Joint::Chest, Joint::Chest),
            Tracker::LeftFoot => (Joint::LeftAnkle, Joint::LeftAnkle),
            Tracker::RightFoot => (Joint::RightAnkle, Joint::RightAnkle),
            Tracker::LeftKnee => (Joint::LeftKnee, Joint::LeftHip),
            Tracker::RightKnee => (Joint::RightKnee, Joint::RightHip),
            Tracker::LeftElbow => (Joint::LeftElbow, Joint::LeftShoulder),
            Tracker::RightElbow => (Joint::RightElbow, Joint::RightShoulder),
        }
    }

    /// The tracker's world pose (Posewire's frame) on a body.
    pub fn pose(self, positions: &posewire_body::JointMap<DVec3>, pose: &BodyPose) -> Transform {
        let (at, bone) = self.placement();
        Transform::new(positions[at], pose.rotations[bone])
    }
}

/// The two messages of one tracker (`number` 1..8, or `None` for `head`):
/// its position (metres) and Euler angles (degrees), in Unity's frame.
pub fn tracker_messages(number: Option<u8>, pose: &Transform) -> [OscMessage; 2] {
    let name = number.map_or_else(|| "head".to_string(), |n| n.to_string());
    let p = unity::position_to_unity(pose.position);
    let e = unity::euler_degrees(unity::rotation_to_unity(pose.rotation));
    let floats = |v: DVec3| {
        vec![
            OscArg::Float(v.x as f32),
            OscArg::Float(v.y as f32),
            OscArg::Float(v.z as f32),
        ]
    };
    [
        OscMessage::new(format!("/tracking/trackers/{name}/position"), floats(p)),
        OscMessage::new(format!("/tracking/trackers/{name}/rotation"), floats(e)),
    ]
}

/// Every message of one frame: the chosen trackers, then the head when
/// given (the headset's pose, or `None` to leave the head out).
pub fn body_messages(
    pose: &BodyPose,
    skeleton: &Skeleton,
    trackers: &[Tracker],
    head: Option<&Transform>,
) -> Vec<OscMessage> {
    let positions = pose.positions(skeleton);
    let mut out = Vec::with_capacity(2 * trackers.len() + 2);
    for t in trackers {
        out.extend(tracker_messages(
            Some(t.number()),
            &t.pose(&positions, pose),
        ));
    }
    if let Some(head) = head {
        out.extend(tracker_messages(None, head));
    }
    out
}

/// The head's pose for alignment when no headset pose is at hand: the
/// head bone at the head joint.
pub fn head_bone(pose: &BodyPose, skeleton: &Skeleton) -> Transform {
    let positions = pose.positions(skeleton);
    Transform::new(positions[Joint::Head], pose.rotations[Joint::Head])
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::glam::DQuat;

    fn floats(m: &OscMessage) -> DVec3 {
        let f: Vec<f64> = m
            .args
            .iter()
            .map(|a| match a {
                OscArg::Float(v) => f64::from(*v),
                _ => f64::NAN,
            })
            .collect();
        assert_eq!(f.len(), 3, "{m:?}");
        DVec3::new(f[0], f[1], f[2])
    }

    #[test]
    fn vmc_vrchat_names_and_numbers() {
        for (i, t) in Tracker::ALL.into_iter().enumerate() {
            assert_eq!(t.number() as usize, i + 1);
            assert_eq!(Tracker::from_name(t.name()), Some(t));
        }
        let [p, r] = tracker_messages(None, &Transform::IDENTITY);
        assert_eq!(p.address, "/tracking/trackers/head/position");
        assert_eq!(r.address, "/tracking/trackers/head/rotation");
        assert_eq!(p.tags(), "fff");
    }

    #[test]
    fn vmc_vrchat_a_turned_hip_tracker() {
        // Posewire: 1 m left (+X) of the origin, 0.9 m up, turned 90
        // degrees toward its left (+Y rotation in the right-handed frame
        // turns +Z toward +X). Unity: x = -1, and facing -X, which in
        // Unity's left-handed frame is a yaw of -90 degrees.
        let pose = Transform::new(
            DVec3::new(1.0, 0.9, 0.0),
            DQuat::from_rotation_y(90f64.to_radians()),
        );
        let [p, r] = tracker_messages(Some(1), &pose);
        assert_eq!(p.address, "/tracking/trackers/1/position");
        assert!((floats(&p) - DVec3::new(-1.0, 0.9, 0.0)).length() < 1e-6);
        assert!(
            (floats(&r) - DVec3::new(0.0, -90.0, 0.0)).length() < 1e-4,
            "{r:?}"
        );
    }
}
