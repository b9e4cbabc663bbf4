//! A still standing person for the learned pelvis's and legs' training data
//! (`posewire train pelvis|legs`): each clip's most upright frame with both
//! feet down, held still, its head device read at the calibrated height or
//! 2-8 cm below it (a person standing a little relaxed), every device read
//! a few centimetres off along the floor (worn a little off where it was
//! calibrated, as with a profile that was never calibrated), the truth
//! upright legs with both feet on the floor. No CMU clip holds still, so
//! without it the networks answer a still head a little below calibrated
//! height with a crouch and one at calibrated height with raised ground.

use posewire_body::bvh::cmu::CmuMap;
use posewire_body::bvh::Bvh;
use posewire_body::formats::TrackerTake;
use posewire_body::glam::DVec3;
use posewire_body::{Device, Joint, JointMap, Transform};
use rand::Rng;

use crate::random::stream;

/// How far below the truth the head device reads in a still take with a
/// lowered head, metres (drawn uniformly per clip and seed).
pub const HEAD_DROP_M: (f64, f64) = (0.02, 0.08);
/// The share of still takes whose head reads at the calibrated height
/// (the others are lowered by [`HEAD_DROP_M`]).
pub const LEVEL_HEAD_SHARE: f64 = 0.25;
/// The head device of a still take reads up to this far off its truth
/// along the floor, m (uniformly in a disc, per clip and seed).
pub const HEAD_SHIFT_M: f64 = 0.10;
/// Each hand device of a still take reads up to this far off its truth
/// along the floor, m.
pub const HAND_SHIFT_M: f64 = 0.08;
/// An ankle within this of its lowest height in the clip is down, m.
pub const FOOT_DOWN_M: f64 = 0.03;
/// A frame is upright when its head and pelvis are at least this share of
/// their height above the ankles in the clip's rest pose (CMU's rest pose
/// stands straight).
pub const UPRIGHT_SHARE: f64 = 0.96;

/// Heights of the head and the pelvis above the lower ankle, m.
fn heights(joints: &JointMap<Transform>) -> (f64, f64) {
    let ankle = joints[Joint::LeftAnkle]
        .position
        .y
        .min(joints[Joint::RightAnkle].position.y);
    (
        joints[Joint::Head].position.y - ankle,
        joints[Joint::Pelvis].position.y - ankle,
    )
}

/// The clip's most upright frame (highest head above the ankles) among the
/// frames with both feet down, if it is upright (see [`UPRIGHT_SHARE`]);
/// `None` for a clip that never stands (or cannot be mapped).
pub fn standing_frame(bvh: &Bvh) -> Option<usize> {
    let map = CmuMap::new(bvh).ok()?;
    let mut world = Vec::with_capacity(bvh.joints.len());
    bvh.world_from_values(&[], &mut world);
    let (rest_head, rest_pelvis) = heights(&map.canonical(&world));
    let frames: Vec<JointMap<Transform>> = (0..bvh.frame_count())
        .map(|f| {
            bvh.world_transforms_into(f, &mut world);
            map.canonical(&world)
        })
        .collect();
    let lowest = [Joint::LeftAnkle, Joint::RightAnkle].map(|a| {
        frames
            .iter()
            .map(|f| f[a].position.y)
            .fold(f64::INFINITY, f64::min)
    });
    let feet_down = |f: &JointMap<Transform>| {
        f[Joint::LeftAnkle].position.y < lowest[0] + FOOT_DOWN_M
            && f[Joint::RightAnkle].position.y < lowest[1] + FOOT_DOWN_M
    };
    let (best, (head, pelvis)) = frames
        .iter()
        .enumerate()
        .filter(|(_, f)| feet_down(f))
        .map(|(i, f)| (i, heights(f)))
        .max_by(|a, b| a.1 .0.total_cmp(&b.1 .0))?;
    let upright = head >= UPRIGHT_SHARE * rest_head && pelvis >= UPRIGHT_SHARE * rest_pelvis;
    upright.then_some(best)
}

/// The clip held still at `frame` for `seconds` (at its frame rate).
pub fn held_still(bvh: &Bvh, frame: usize, seconds: f64) -> Bvh {
    let count = ((seconds / bvh.frame_time).ceil() as usize).max(2) + 1;
    let values = bvh.frames.get(frame).cloned().unwrap_or_default();
    Bvh {
        joints: bvh.joints.clone(),
        frame_time: bvh.frame_time,
        frames: vec![values; count],
    }
}

/// How the devices of a still take read against the truth: world offsets
/// of the head and both hands, m.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Misread {
    /// The head device's offset: down by 0 (a [`LEVEL_HEAD_SHARE`] of the
    /// takes) or [`HEAD_DROP_M`], along the floor up to [`HEAD_SHIFT_M`].
    pub head: DVec3,
    /// The hand devices' offsets along the floor, up to [`HAND_SHIFT_M`].
    pub hands: [DVec3; 2],
}

/// A point uniformly distributed in the floor disc of `radius`.
fn in_disc(rng: &mut impl Rng, radius: f64) -> DVec3 {
    loop {
        let (x, z) = (rng.gen_range(-1.0..=1.0), rng.gen_range(-1.0..=1.0));
        if x * x + z * z <= 1.0 {
            return DVec3::new(x * radius, 0.0, z * radius);
        }
    }
}

/// How the devices of `clip`'s still take at `seed` read (see
/// [`Misread`]). Deterministic in `(seed, clip)`.
pub fn misread(seed: u64, clip: &str) -> Misread {
    let mut rng = stream(seed, &[clip, "still-standing", "misread"]);
    let drop = if rng.gen_bool(LEVEL_HEAD_SHARE) {
        0.0
    } else {
        rng.gen_range(HEAD_DROP_M.0..=HEAD_DROP_M.1)
    };
    let head = in_disc(&mut rng, HEAD_SHIFT_M) - DVec3::Y * drop;
    let hands = [
        in_disc(&mut rng, HAND_SHIFT_M),
        in_disc(&mut rng, HAND_SHIFT_M),
    ];
    Misread { head, hands }
}

/// Moves every head and hand device sample of `take` by `misread`.
pub fn misread_devices(take: &mut TrackerTake, misread: &Misread) {
    for s in &mut take.samples {
        let offset = match s.device {
            Device::Head => misread.head,
            Device::LeftHand => misread.hands[0],
            Device::RightHand => misread.hands[1],
            _ => continue,
        };
        if let Some(pose) = &mut s.pose {
            pose.position += offset;
        }
    }
}

#[cfg(test)]
#[path = "still_standing_tests.rs"]
mod tests;
