//! The ground truth at any time: joint positions interpolated between the
//! two truth frames around it, as the evaluation compares them.

use posewire_body::formats::JointFrame;
use posewire_body::glam::DVec3;
use posewire_body::JointMap;

/// Every joint's true position at `t`, or `None` outside the frames.
pub fn truth_at(frames: &[JointFrame], t: f64) -> Option<JointMap<DVec3>> {
    let i = frames.partition_point(|f| f.time_s <= t);
    if i == 0 || i >= frames.len() {
        return None;
    }
    let (a, b) = (&frames[i - 1], &frames[i]);
    let s = (t - a.time_s) / (b.time_s - a.time_s);
    Some(JointMap::from_fn(|j| {
        a.joints[j].position.lerp(b.joints[j].position, s)
    }))
}
