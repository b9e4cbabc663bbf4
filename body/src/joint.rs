//! The 21 canonical humanoid joints (FORMATS.md section 4) and their hierarchy.

use std::fmt;
use std::ops::{Index, IndexMut};

/// One of the canonical joints. The bone that *starts* at a joint carries its
/// rotation (for `head` the skull, for `left_wrist` the hand).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Joint {
    /// Centre of the pelvis, midway between the hip joints (the root).
    Pelvis,
    /// Lower back, top of the lumbar spine.
    Spine,
    /// Upper back, between the shoulder blades.
    Chest,
    /// Base of the neck.
    Neck,
    /// Top of the neck (skull base), the pivot of the head.
    Head,
    /// Inner end of the left collarbone.
    LeftClavicle,
    /// Inner end of the right collarbone.
    RightClavicle,
    /// Left shoulder joint.
    LeftShoulder,
    /// Right shoulder joint.
    RightShoulder,
    /// Left elbow.
    LeftElbow,
    /// Right elbow.
    RightElbow,
    /// Left wrist.
    LeftWrist,
    /// Right wrist.
    RightWrist,
    /// Left hip joint.
    LeftHip,
    /// Right hip joint.
    RightHip,
    /// Left knee.
    LeftKnee,
    /// Right knee.
    RightKnee,
    /// Left ankle.
    LeftAnkle,
    /// Right ankle.
    RightAnkle,
    /// Ball of the left foot.
    LeftToe,
    /// Ball of the right foot.
    RightToe,
}

/// Which side of the body a joint is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// The person's own left (+X at rest).
    Left,
    /// The person's own right (-X at rest).
    Right,
}

impl Side {
    /// +1 for left, -1 for right: the sign of the rest-pose x of that side.
    pub fn sign(self) -> f64 {
        match self {
            Side::Left => 1.0,
            Side::Right => -1.0,
        }
    }
}

impl Joint {
    /// Number of canonical joints.
    pub const COUNT: usize = 21;

    /// Every joint, parents before children (the order of FORMATS.md).
    pub const ALL: [Joint; Joint::COUNT] = [
        Joint::Pelvis,
        Joint::Spine,
        Joint::Chest,
        Joint::Neck,
        Joint::Head,
        Joint::LeftClavicle,
        Joint::RightClavicle,
        Joint::LeftShoulder,
        Joint::RightShoulder,
        Joint::LeftElbow,
        Joint::RightElbow,
        Joint::LeftWrist,
        Joint::RightWrist,
        Joint::LeftHip,
        Joint::RightHip,
        Joint::LeftKnee,
        Joint::RightKnee,
        Joint::LeftAnkle,
        Joint::RightAnkle,
        Joint::LeftToe,
        Joint::RightToe,
    ];

    /// The 14 joints the evaluation measures (EVALUATION.md section 3).
    pub const EVALUATED: [Joint; 14] = [
        Joint::Pelvis,
        Joint::Head,
        Joint::LeftShoulder,
        Joint::RightShoulder,
        Joint::LeftElbow,
        Joint::RightElbow,
        Joint::LeftWrist,
        Joint::RightWrist,
        Joint::LeftHip,
        Joint::RightHip,
        Joint::LeftKnee,
        Joint::RightKnee,
        Joint::LeftAnkle,
        Joint::RightAnkle,
    ];

    /// Index into `ALL` and into a [`JointMap`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The canonical name used in files (`left_wrist`).
    pub const fn name(self) -> &'static str {
        match self {
            Joint::Pelvis => "pelvis",
            Joint::Spine => "spine",
            Joint::Chest => "chest",
            Joint::Neck => "neck",
            Joint::Head => "head",
            Joint::LeftClavicle => "left_clavicle",
            Joint::RightClavicle => "right_clavicle",
            Joint::LeftShoulder => "left_shoulder",
            Joint::RightShoulder => "right_shoulder",
            Joint::LeftElbow => "left_elbow",
            Joint::RightElbow => "right_elbow",
            Joint::LeftWrist => "left_wrist",
            Joint::RightWrist => "right_wrist",
            Joint::LeftHip => "left_hip",
            Joint::RightHip => "right_hip",
            Joint::LeftKnee => "left_knee",
            Joint::RightKnee => "right_knee",
            Joint::LeftAnkle => "left_ankle",
            Joint::RightAnkle => "right_ankle",
            Joint::LeftToe => "left_toe",
            Joint::RightToe => "right_toe",
        }
    }

    /// Parses a canonical name; `None` for anything else.
    pub fn from_name(name: &str) -> Option<Joint> {
        Joint::ALL.into_iter().find(|j| j.name() == name)
    }

    /// The joint this one hangs from; `None` for the root (`pelvis`).
    pub const fn parent(self) -> Option<Joint> {
        use Joint::*;
        match self {
            Pelvis => None,
            Spine | LeftHip | RightHip => Some(Pelvis),
            Chest => Some(Spine),
            Neck | LeftClavicle | RightClavicle => Some(Chest),
            Head => Some(Neck),
            LeftShoulder => Some(LeftClavicle),
            RightShoulder => Some(RightClavicle),
            LeftElbow => Some(LeftShoulder),
            RightElbow => Some(RightShoulder),
            LeftWrist => Some(LeftElbow),
            RightWrist => Some(RightElbow),
            LeftKnee => Some(LeftHip),
            RightKnee => Some(RightHip),
            LeftAnkle => Some(LeftKnee),
            RightAnkle => Some(RightKnee),
            LeftToe => Some(LeftAnkle),
            RightToe => Some(RightAnkle),
        }
    }

    /// The joints that hang directly from this one.
    pub fn children(self) -> impl Iterator<Item = Joint> {
        Joint::ALL
            .into_iter()
            .filter(move |j| j.parent() == Some(self))
    }

    /// Which side the joint is on; `None` for the midline joints.
    pub const fn side(self) -> Option<Side> {
        use Joint::*;
        match self {
            LeftClavicle | LeftShoulder | LeftElbow | LeftWrist | LeftHip | LeftKnee
            | LeftAnkle | LeftToe => Some(Side::Left),
            RightClavicle | RightShoulder | RightElbow | RightWrist | RightHip | RightKnee
            | RightAnkle | RightToe => Some(Side::Right),
            Pelvis | Spine | Chest | Neck | Head => None,
        }
    }

    /// The same joint on the other side (midline joints map to themselves).
    pub const fn mirror(self) -> Joint {
        use Joint::*;
        match self {
            LeftClavicle => RightClavicle,
            RightClavicle => LeftClavicle,
            LeftShoulder => RightShoulder,
            RightShoulder => LeftShoulder,
            LeftElbow => RightElbow,
            RightElbow => LeftElbow,
            LeftWrist => RightWrist,
            RightWrist => LeftWrist,
            LeftHip => RightHip,
            RightHip => LeftHip,
            LeftKnee => RightKnee,
            RightKnee => LeftKnee,
            LeftAnkle => RightAnkle,
            RightAnkle => LeftAnkle,
            LeftToe => RightToe,
            RightToe => LeftToe,
            other => other,
        }
    }
}

impl fmt::Display for Joint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per canonical joint, indexed by [`Joint`] (no hashing, no
/// missing entries).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointMap<T>(pub [T; Joint::COUNT]);

impl<T> JointMap<T> {
    /// Builds a map by calling `f` for every joint.
    pub fn from_fn(mut f: impl FnMut(Joint) -> T) -> Self {
        JointMap(std::array::from_fn(|i| f(Joint::ALL[i])))
    }

    /// Iterates `(joint, value)` in canonical order.
    pub fn iter(&self) -> impl Iterator<Item = (Joint, &T)> {
        Joint::ALL.into_iter().zip(self.0.iter())
    }

    /// Maps every value.
    pub fn map<U>(&self, mut f: impl FnMut(Joint, &T) -> U) -> JointMap<U> {
        JointMap::from_fn(|j| f(j, &self.0[j.index()]))
    }
}

impl<T: Copy> JointMap<T> {
    /// A map with the same value everywhere.
    pub fn splat(value: T) -> Self {
        JointMap([value; Joint::COUNT])
    }
}

impl<T> Index<Joint> for JointMap<T> {
    type Output = T;
    fn index(&self, joint: Joint) -> &T {
        &self.0[joint.index()]
    }
}

impl<T> IndexMut<Joint> for JointMap<T> {
    fn index_mut(&mut self, joint: Joint) -> &mut T {
        &mut self.0[joint.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parents_come_before_children_and_names_round_trip() {
        for (i, j) in Joint::ALL.iter().enumerate() {
            assert_eq!(j.index(), i);
            assert_eq!(Joint::from_name(j.name()), Some(*j));
            if let Some(p) = j.parent() {
                assert!(p.index() < j.index(), "{j} before its parent {p}");
            }
            assert_eq!(j.mirror().mirror(), *j);
        }
        assert_eq!(Joint::from_name("left_hand"), None);
        assert_eq!(Joint::Chest.children().count(), 3);
    }
}
