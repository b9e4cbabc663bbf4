//! A take's fingers (issue 44) at each solved frame, posed as the live
//! runner posed them (`AvatarRunner::finger_rotations`): the controller
//! curls, replayed from the take's recorded ticks through the same causal
//! smoother the daemon runs live (`posewire_body::finger_curls`), with the
//! joints hand tracking tracked (the take's hand-tracking records, each
//! holding until the next) over them (`hand_tracking::merged`). So an
//! export, a re-solve and the live stream pose the fingers alike.

use posewire_body::finger_curls::FingerCurls;
use posewire_body::fingers::{FingerJoint, FingerRotations};
use posewire_body::hand_tracking::{any_tracked, merged};
use posewire_takes::Take;

/// Each solved frame's finger rotations of `version` (with the frame's
/// time), or `None` when no sample of the take carries controller input
/// and no joint was hand-tracked (the take has no fingers).
pub fn solved_fingers(take: &Take, version: u32) -> Option<Vec<(f64, FingerRotations)>> {
    let mut ticks: Vec<_> = take.ticks.iter().collect();
    ticks.sort_by_key(|t| t.sequence);
    let mut curls = FingerCurls::new();
    let mut next = 0;
    let mut out = Vec::new();
    for frame in take.frames(version) {
        while let Some(tick) = ticks.get(next).filter(|t| t.sequence <= frame.sequence) {
            tick.samples.iter().for_each(|s| curls.push(s));
            next += 1;
        }
        let tracked = take.tracked_fingers_at(frame.sequence);
        out.push((frame.time_s, merged(&curls.at(frame.time_s), &tracked)));
    }
    while let Some(tick) = ticks.get(next) {
        tick.samples.iter().for_each(|s| curls.push(s));
        next += 1;
    }
    let tracked = take.hand_tracking.iter().any(|h| any_tracked(&h.fingers));
    (curls.seen() || tracked).then_some(out)
}

/// Finger rotations between two frames (`s` 0..1), joint by joint along
/// the shortest arc, for resampling (for the curls, whose joints each turn
/// about one axis, the same as mixing the curls).
pub fn mix(a: &FingerRotations, b: &FingerRotations, s: f64) -> FingerRotations {
    std::array::from_fn(|k| a[k].slerp(b[k], s))
}

/// Open hands: every finger joint at rest.
pub const OPEN: FingerRotations = [posewire_body::glam::DQuat::IDENTITY; FingerJoint::COUNT];
