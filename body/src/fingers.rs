//! The optional finger joints (FORMATS.md section 4, issue 44): per hand
//! 15 joints, `thumb_1..3`, `index_1..3`, `middle_1..3`, `ring_1..3`,
//! `little_1..3` (1 proximal), hung under the wrists; their rest offsets
//! in proportion to the hand, and their pose from five curls per hand.
//!
//! The hand's length (wrist crease to the middle fingertip) is the
//! forearm's times 0.108 / 0.146, the hand and forearm ratios of stature
//! of Drillis and Contini (1966) that `proportions` uses. Segment lengths
//! per hand length are those of Buchholz, Armstrong and Goldstein (1992),
//! "Anthropometric data for describing the kinematics of the human hand",
//! Ergonomics 35(3), table 2 (metacarpal, proximal, middle, distal):
//! thumb 0.251, 0.196, 0.158; index 0.463, 0.245, 0.143, 0.097; middle
//! 0.446, 0.266, 0.170, 0.108; ring 0.421, 0.244, 0.165, 0.107; little
//! 0.414, 0.204, 0.117, 0.093. The knuckles' spread across the palm and
//! the thumb's rest direction are round figures of a relaxed flat hand.
//!
//! Rest (T-pose, palms down, FORMATS.md section 3): fingers straight
//! along the forearm, the thumb forward and a little below the palm's
//! plane at its natural angle; every finger bone's rotation is the
//! identity there. A curl of 1 flexes a finger's three joints toward the
//! palm by [`FLEX_DEG`] (the thumb by [`THUMB_FLEX_DEG`]).

use std::fmt;

use glam::{DQuat, DVec3};

use crate::joint::{Joint, Side};
use crate::pose::BodyPose;
use crate::skeleton::Skeleton;
use crate::transform::Transform;

/// The hand's length per forearm length (Drillis and Contini: hand 0.108
/// H, forearm 0.146 H).
pub const HAND_PER_FOREARM: f64 = 0.108 / 0.146;

/// One of the five fingers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Finger {
    /// The thumb (`_1` its carpometacarpal joint).
    Thumb,
    /// The index finger (`_1` its knuckle).
    Index,
    /// The middle finger.
    Middle,
    /// The ring finger.
    Ring,
    /// The little finger.
    Little,
}

impl Finger {
    /// The five, thumb first.
    pub const ALL: [Finger; 5] = [
        Finger::Thumb,
        Finger::Index,
        Finger::Middle,
        Finger::Ring,
        Finger::Little,
    ];

    /// Its name in joint names.
    pub fn name(self) -> &'static str {
        match self {
            Finger::Thumb => "thumb",
            Finger::Index => "index",
            Finger::Middle => "middle",
            Finger::Ring => "ring",
            Finger::Little => "little",
        }
    }

    /// Segment lengths per hand length: the bone from the wrist to `_1`,
    /// then `_1`-`_2`, `_2`-`_3`, `_3`-tip (Buchholz et al. 1992; the
    /// thumb's first is the wrist to its carpometacarpal joint).
    fn segments(self) -> [f64; 4] {
        match self {
            Finger::Thumb => [0.16, 0.251, 0.196, 0.158],
            Finger::Index => [0.463, 0.245, 0.143, 0.097],
            Finger::Middle => [0.446, 0.266, 0.170, 0.108],
            Finger::Ring => [0.421, 0.244, 0.165, 0.107],
            Finger::Little => [0.414, 0.204, 0.117, 0.093],
        }
    }

    /// The knuckle's place across the palm, per hand length, toward the
    /// thumb (+) or the little finger (-).
    fn spread(self) -> f64 {
        match self {
            Finger::Thumb => 0.12,
            Finger::Index => 0.16,
            Finger::Middle => 0.05,
            Finger::Ring => -0.06,
            Finger::Little => -0.16,
        }
    }
}

/// A curl of 1 flexes a finger's `_1`, `_2`, `_3` joints by these angles,
/// degrees (a hand closed round a controller's handle or a ball).
pub const FLEX_DEG: [f64; 3] = [70.0, 90.0, 60.0];
/// The same for the thumb (onto the face buttons and across the palm).
pub const THUMB_FLEX_DEG: [f64; 3] = [20.0, 35.0, 30.0];

/// One finger joint: side, finger, and 1..=3 from the palm out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FingerJoint {
    /// Which hand.
    pub side: Side,
    /// Which finger.
    pub finger: Finger,
    /// 1 (proximal) ..= 3 (the last joint before the tip).
    pub number: u8,
}

impl FingerJoint {
    /// Finger joints per hand.
    pub const PER_HAND: usize = 15;
    /// Finger joints in all.
    pub const COUNT: usize = 30;

    /// Every finger joint: the left hand, then the right; per hand thumb
    /// to little finger; per finger 1 to 3 (parents before children).
    pub fn all() -> impl Iterator<Item = FingerJoint> {
        (0..FingerJoint::COUNT).map(FingerJoint::from_index)
    }

    /// The joint at `index` of [`FingerJoint::all`] (`index` below 30).
    pub fn from_index(index: usize) -> FingerJoint {
        let side = if index < FingerJoint::PER_HAND {
            Side::Left
        } else {
            Side::Right
        };
        let within = index % FingerJoint::PER_HAND;
        FingerJoint {
            side,
            finger: Finger::ALL[within / 3],
            number: (within % 3) as u8 + 1,
        }
    }

    /// Its place in [`FingerJoint::all`].
    pub fn index(self) -> usize {
        let hand = match self.side {
            Side::Left => 0,
            Side::Right => FingerJoint::PER_HAND,
        };
        let finger = Finger::ALL
            .iter()
            .position(|f| *f == self.finger)
            .unwrap_or(0);
        hand + 3 * finger + usize::from(self.number.clamp(1, 3) - 1)
    }

    /// Its canonical name, e.g. `right_middle_3`.
    pub fn name(self) -> String {
        let side = match self.side {
            Side::Left => "left",
            Side::Right => "right",
        };
        format!("{side}_{}_{}", self.finger.name(), self.number)
    }

    /// Parses a canonical finger joint name; `None` for anything else.
    pub fn from_name(name: &str) -> Option<FingerJoint> {
        FingerJoint::all().find(|j| j.name() == name)
    }

    /// The wrist of its hand.
    pub fn wrist(self) -> Joint {
        match self.side {
            Side::Left => Joint::LeftWrist,
            Side::Right => Joint::RightWrist,
        }
    }

    /// The finger joint it hangs from; `None` for a `_1`, which hangs from
    /// the wrist ([`FingerJoint::wrist`]).
    pub fn parent(self) -> Option<FingerJoint> {
        (self.number > 1).then_some(FingerJoint {
            number: self.number - 1,
            ..self
        })
    }
}

impl fmt::Display for FingerJoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// How far each finger of one hand is curled, 0 straight .. 1 closed.
pub type HandCurls = [f64; 5];

/// The curls of both hands (left, right), [`Finger::ALL`] order.
pub type Curls = [HandCurls; 2];

/// Every finger joint's rotation relative to its parent ([`FingerJoint::all`]
/// order): the curls' ([`local_rotations`]) or a tracked hand's
/// ([`crate::hand_tracking::merged`]).
pub type FingerRotations = [DQuat; FingerJoint::COUNT];

/// The hand's axes in the rest frame: along the fingers, toward the thumb,
/// out of the palm.
pub(crate) fn hand_axes(side: Side) -> (DVec3, DVec3, DVec3) {
    (DVec3::X * side.sign(), DVec3::Z, -DVec3::Y)
}

/// The thumb's rest direction: forward of the fingers and a little below
/// the palm's plane.
pub(crate) fn thumb_direction(side: Side) -> DVec3 {
    let (along, thumb, palm) = hand_axes(side);
    (0.75 * along + 0.6 * thumb + 0.25 * palm).normalize()
}

/// The rest offsets of the finger joints, each from its parent (a `_1`
/// from the wrist), in the rest frame, metres; and each finger's last
/// segment (from `_3` to the tip).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HandSkeleton {
    /// Per finger joint ([`FingerJoint::all`] order), its rest offset.
    pub offsets: [DVec3; FingerJoint::COUNT],
    /// Per hand and finger, `_3` to the fingertip at rest.
    pub tips: [[DVec3; 5]; 2],
}

impl HandSkeleton {
    /// The hands of a skeleton, in proportion to its forearms.
    pub fn from_skeleton(skeleton: &Skeleton) -> HandSkeleton {
        let mut offsets = [DVec3::ZERO; FingerJoint::COUNT];
        let mut tips = [[DVec3::ZERO; 5]; 2];
        for (h, (side, wrist)) in [
            (Side::Left, Joint::LeftWrist),
            (Side::Right, Joint::RightWrist),
        ]
        .into_iter()
        .enumerate()
        {
            let hand = HAND_PER_FOREARM * skeleton.bone_length(wrist);
            let (along, thumb, palm) = hand_axes(side);
            for (f, finger) in Finger::ALL.into_iter().enumerate() {
                let [base, s1, s2, s3] = finger.segments().map(|s| s * hand);
                let across = finger.spread() * hand;
                let (first, direction) = match finger {
                    Finger::Thumb => (
                        along * base + thumb * across + palm * 0.04 * hand,
                        thumb_direction(side),
                    ),
                    _ => (
                        along * (base * base - across * across).max(0.0).sqrt() + thumb * across,
                        along,
                    ),
                };
                let at = |number: u8| {
                    FingerJoint {
                        side,
                        finger,
                        number,
                    }
                    .index()
                };
                offsets[at(1)] = first;
                offsets[at(2)] = direction * s1;
                offsets[at(3)] = direction * s2;
                tips[h][f] = direction * s3;
            }
        }
        HandSkeleton { offsets, tips }
    }
}

/// Each finger joint's rotation relative to its parent bone (a `_1`'s
/// relative to the hand) for the curls: a flexion toward the palm about
/// the finger's own axis, the same in every frame since rest frames are
/// aligned with the world.
pub fn local_rotations(curls: &Curls) -> [DQuat; FingerJoint::COUNT] {
    std::array::from_fn(|index| local_rotation(curls, FingerJoint::from_index(index)))
}

/// One finger joint's rotation of [`local_rotations`]; a curl out of 0..1
/// is held to it, one not finite reads 0.
pub fn local_rotation(curls: &Curls, j: FingerJoint) -> DQuat {
    let (along, _, palm) = hand_axes(j.side);
    let hand = match j.side {
        Side::Left => 0,
        Side::Right => 1,
    };
    let f = Finger::ALL.iter().position(|f| *f == j.finger).unwrap_or(0);
    let curl = curls[hand][f];
    let curl = if curl.is_finite() {
        curl.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (direction, degrees) = match j.finger {
        Finger::Thumb => (thumb_direction(j.side), THUMB_FLEX_DEG),
        _ => (along, FLEX_DEG),
    };
    let axis = direction.cross(palm).normalize();
    let angle = (curl * degrees[usize::from(j.number.clamp(1, 3) - 1)]).to_radians();
    DQuat::from_axis_angle(axis, angle)
}

/// World transforms of every finger joint (position, and its bone's world
/// rotation relative to rest) on a posed body.
pub fn world_transforms(
    pose: &BodyPose,
    skeleton: &Skeleton,
    hands: &HandSkeleton,
    curls: &Curls,
) -> [Transform; FingerJoint::COUNT] {
    posed(pose, skeleton, hands, &local_rotations(curls))
}

/// World transforms of every finger joint, as [`world_transforms`], from
/// each joint's rotation relative to its parent ([`FingerJoint::all`]
/// order): the curls' ([`local_rotations`]) or a tracked hand's
/// ([`crate::hand_tracking`]).
pub fn posed(
    pose: &BodyPose,
    skeleton: &Skeleton,
    hands: &HandSkeleton,
    local: &[DQuat; FingerJoint::COUNT],
) -> [Transform; FingerJoint::COUNT] {
    let body = pose.positions(skeleton);
    let mut out = [Transform::IDENTITY; FingerJoint::COUNT];
    for index in 0..FingerJoint::COUNT {
        let j = FingerJoint::from_index(index);
        let (origin, parent_rotation) = match j.parent() {
            Some(p) => (out[p.index()].position, out[p.index()].rotation),
            None => (body[j.wrist()], pose.rotations[j.wrist()]),
        };
        out[index] = Transform::new(
            origin + parent_rotation * hands.offsets[index],
            (parent_rotation * local[index]).normalize(),
        );
    }
    out
}

/// A fingertip's world position given its `_3` joint's transform.
pub fn fingertip(hands: &HandSkeleton, side: Side, finger: Finger, third: &Transform) -> DVec3 {
    let h = match side {
        Side::Left => 0,
        Side::Right => 1,
    };
    let f = Finger::ALL.iter().position(|x| *x == finger).unwrap_or(0);
    third.position + third.rotation * hands.tips[h][f]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::BodyProfile;

    fn at(name: &str) -> usize {
        FingerJoint::from_name(name)
            .expect("a finger joint")
            .index()
    }

    fn skeleton() -> Skeleton {
        Skeleton::from_profile(&BodyProfile::from_stature(1.75))
    }

    #[test]
    fn names_round_trip_and_follow_formats_md() {
        let names: Vec<String> = FingerJoint::all().map(|j| j.name()).collect();
        assert_eq!(names.len(), 30);
        assert_eq!(names[0], "left_thumb_1");
        assert_eq!(names[14], "left_little_3");
        assert_eq!(names[22], "right_middle_2");
        for (i, name) in names.iter().enumerate() {
            let j = FingerJoint::from_name(name).expect("a finger name");
            assert_eq!(j.index(), i);
        }
        assert_eq!(FingerJoint::from_name("left_toe_1"), None);
    }

    #[test]
    fn rest_hand_is_straight_and_in_proportion() {
        let skeleton = skeleton();
        let hands = HandSkeleton::from_skeleton(&skeleton);
        let pose = BodyPose::rest(&skeleton);
        let w = world_transforms(&pose, &skeleton, &hands, &[[0.0; 5]; 2]);
        let wrist = pose.positions(&skeleton)[Joint::RightWrist];
        let third = w[at("right_middle_3")];
        let tip = fingertip(&hands, Side::Right, Finger::Middle, &third);
        let hand = HAND_PER_FOREARM * skeleton.bone_length(Joint::RightWrist);
        // The middle finger's segments sum to 0.99 of the hand's length.
        assert!(((wrist - tip).length() - 0.99 * hand).abs() < 2e-3 * hand);
        // Straight out sideways, palm down: on the wrist's height, to -X.
        assert!((tip.y - wrist.y).abs() < 1e-12 && tip.x < wrist.x);
        // Rest rotations are the identity; the thumb points forward.
        assert!(w
            .iter()
            .all(|t| t.rotation.abs_diff_eq(DQuat::IDENTITY, 1e-12)));
        let thumb = w[at("left_thumb_3")];
        let thumb_1 = w[at("left_thumb_1")];
        assert!(thumb.position.z > thumb_1.position.z + 0.02);
    }

    #[test]
    fn a_closed_hand_brings_the_fingertips_toward_the_palm() {
        let skeleton = skeleton();
        let hands = HandSkeleton::from_skeleton(&skeleton);
        let pose = BodyPose::rest(&skeleton);
        let wrist = pose.positions(&skeleton)[Joint::LeftWrist];
        let tip_at = |curl: f64| {
            let w = world_transforms(&pose, &skeleton, &hands, &[[curl; 5], [0.0; 5]]);
            let third = w[at("left_middle_3")];
            fingertip(&hands, Side::Left, Finger::Middle, &third)
        };
        let (open, closed) = (tip_at(0.0), tip_at(1.0));
        assert!((open - wrist).length() - (closed - wrist).length() > 0.05);
        // Toward the palm: below it (palm down).
        assert!(closed.y < wrist.y - 0.02);
        // Curls out of range or not finite are held to 0..1.
        assert_eq!(tip_at(f64::NAN), open);
        assert_eq!(tip_at(7.0), closed);
    }

    #[test]
    fn fingers_follow_the_hand() {
        let skeleton = skeleton();
        let hands = HandSkeleton::from_skeleton(&skeleton);
        let mut pose = BodyPose::rest(&skeleton);
        let turn = DQuat::from_rotation_y(1.0) * DQuat::from_rotation_x(0.4);
        pose.rotations[Joint::RightWrist] = turn;
        let curls = [[0.3; 5], [0.6; 5]];
        let rest = world_transforms(&BodyPose::rest(&skeleton), &skeleton, &hands, &curls);
        let turned = world_transforms(&pose, &skeleton, &hands, &curls);
        let wrist = pose.positions(&skeleton)[Joint::RightWrist];
        for j in FingerJoint::all().filter(|j| j.side == Side::Right) {
            let i = j.index();
            let expected = wrist + turn * (rest[i].position - wrist);
            assert!((turned[i].position - expected).length() < 1e-12, "{j}");
        }
    }
}
