//! The hand joints the test runtime serves through `XR_EXT_hand_tracking`
//! (offered only while `POSEWIRE_XR_TEST_HANDS` is set): a scripted
//! right hand that opens, closes into a fist and stops being tracked, in
//! turn, and a left hand held open; each placed at its controller's grip
//! pose. The joints are those of the default 1.75 m person's hands
//! ([`posewire_body::hand_tracking::xr_hand_joints`]), so that a test can
//! tell what the fingers should do.

use posewire_body::fingers::{self, FingerJoint, HandSkeleton};
use posewire_body::glam::DQuat;
use posewire_body::hand_tracking::{self, XR_JOINT_COUNT};
use posewire_body::{BodyProfile, Side, Skeleton, Transform};

/// How long each phase of the right hand's script lasts, seconds.
pub const PHASE_S: f64 = 1.0;

/// What the right hand does in a phase (in turn, from the take's start).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Open, the fingers spread.
    Open,
    /// A fist, the little finger's distal joint served invalid.
    Fist,
    /// Not tracked (`isActive` false).
    Lost,
}

/// The right hand's phase `s` seconds into the take.
pub fn phase(s: f64) -> Phase {
    match (s / PHASE_S).floor().rem_euclid(3.0) as u8 {
        0 => Phase::Open,
        1 => Phase::Fist,
        _ => Phase::Lost,
    }
}

/// The XR joint served without `ORIENTATION_VALID` in a fist: the little
/// finger's distal joint (so `little_3` falls back to the controller).
pub const INVALID_IN_FIST: usize = 24;

/// Each knuckle's spread toward the thumb, degrees (index .. little).
const SPREAD_DEG: [f64; 4] = [8.0, 2.0, -4.0, -9.0];

/// The finger rotations of a hand (both hands' slots, [`FingerJoint::all`]
/// order): open and spread, or closed into a fist (a curl of 0.8, a shape
/// the controller curls of a full grip do not make) and spread less.
pub fn pose(fist: bool) -> [DQuat; FingerJoint::COUNT] {
    let curl = if fist { 0.8 } else { 0.0 };
    let mut local = fingers::local_rotations(&[[curl; 5]; 2]);
    for j in FingerJoint::all() {
        let f = fingers::Finger::ALL
            .iter()
            .position(|f| *f == j.finger)
            .unwrap_or(0);
        if j.number == 1 && f > 0 {
            let spread = SPREAD_DEG[f - 1] * if fist { 0.5 } else { 1.0 };
            // About the palm's normal (the hand's -Y at rest, palms down),
            // toward the thumb (+Z at rest) on both hands.
            let toward_thumb = -j.side.sign() * spread.to_radians();
            local[j.index()] = local[j.index()] * DQuat::from_rotation_y(toward_thumb);
        }
    }
    local
}

/// The default person's hands.
pub fn hand_skeleton() -> HandSkeleton {
    HandSkeleton::from_skeleton(&Skeleton::from_profile(&BodyProfile::from_stature(1.75)))
}

/// The joints served for the `side` hand `s` seconds into the take with
/// its wrist at `wrist`: each joint's pose and whether its orientation is
/// valid; `None` while the hand is not tracked.
pub fn served(
    hands: &HandSkeleton,
    side: Side,
    s: f64,
    wrist: Transform,
) -> Option<[(Transform, bool); XR_JOINT_COUNT]> {
    let fist = match (side, phase(s)) {
        (Side::Left, _) | (Side::Right, Phase::Open) => false,
        (Side::Right, Phase::Fist) => true,
        (Side::Right, Phase::Lost) => return None,
    };
    let joints = hand_tracking::xr_hand_joints(side, wrist, hands, &pose(fist));
    Some(std::array::from_fn(|i| {
        (joints[i], !(fist && i == INVALID_IN_FIST))
    }))
}
