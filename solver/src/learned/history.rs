//! The recent past of a few tracked points, for the learned components'
//! features: one snapshot per solver tick, read back at any past time by
//! interpolating between the two ticks around it, so features do not depend
//! on where the ticks fall.

use std::collections::VecDeque;

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::align_hemisphere;

/// One tick's anchor (a position and rotation) and other points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Snapshot {
    /// Time, seconds.
    pub t: f64,
    /// The anchor's position (the head, or the pelvis).
    pub position: DVec3,
    /// The anchor's rotation.
    pub rotation: DQuat,
    /// Other points (the wrists).
    pub points: [DVec3; 2],
}

/// Snapshots of the last `span_s` seconds.
#[derive(Debug, Clone, Default)]
pub struct History {
    span_s: f64,
    snapshots: VecDeque<Snapshot>,
}

impl History {
    /// An empty history keeping `span_s` seconds.
    pub fn new(span_s: f64) -> History {
        History {
            span_s,
            snapshots: VecDeque::new(),
        }
    }

    /// The newest snapshot.
    pub fn last(&self) -> Option<&Snapshot> {
        self.snapshots.back()
    }

    /// Keeps `s` and forgets what is older than the span.
    pub fn record(&mut self, s: Snapshot) {
        self.snapshots.push_back(s);
        while self
            .snapshots
            .front()
            .is_some_and(|f| f.t < s.t - self.span_s)
        {
            self.snapshots.pop_front();
        }
    }

    /// The state at `t`, interpolated between the two ticks around it (the
    /// oldest tick if none is old enough, the newest if `t` is later).
    pub fn at(&self, t: f64) -> Option<Snapshot> {
        let after = self.snapshots.iter().position(|s| s.t >= t);
        let (a, b) = match after {
            Some(0) => return self.snapshots.front().copied(),
            Some(i) => (self.snapshots[i - 1], self.snapshots[i]),
            None => return self.snapshots.back().copied(),
        };
        let span = b.t - a.t;
        let w = if span > 0.0 {
            ((t - a.t) / span).clamp(0.0, 1.0)
        } else {
            1.0
        };
        Some(Snapshot {
            t,
            position: a.position.lerp(b.position, w),
            rotation: a
                .rotation
                .slerp(align_hemisphere(b.rotation, a.rotation), w),
            points: [
                a.points[0].lerp(b.points[0], w),
                a.points[1].lerp(b.points[1], w),
            ],
        })
    }
}

/// Asserts that a network fed at 90 Hz from a fresh solver answered from
/// its first tick (its lags older than the history read the oldest
/// snapshot) and had blended in fully within 0.7 s.
#[cfg(test)]
pub(crate) fn assert_answers_from_the_first_tick(weights: &[f64]) {
    assert!(weights[0] > 0.0, "{:?}", &weights[..5]);
    assert_eq!(weights[60], 1.0, "{:?}", &weights[..61]);
}
