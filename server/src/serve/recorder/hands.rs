//! Tracked fingers in a take (OpenXR hand tracking): a hand-tracking
//! record (kind 18) whenever an avatar's tracked fingers, as the take
//! stores them, differ from the last written, and at least every
//! [`REFRESH_S`] while any joint is tracked (so a damaged record costs at
//! most that long); nothing while no hand has ever been tracked. A reader
//! holds each record until the avatar's next one, as the live runner
//! holds the source's latest fingers (docs/TAKES.md "Fingers").

use std::collections::BTreeMap;

use posewire_body::hand_tracking::{any_tracked, TrackedFingers};
use posewire_takes::{stored_fingers, HandTracking};

/// The longest a tracked hand's record stands unrepeated, seconds of
/// loop time.
pub const REFRESH_S: f64 = 1.0;

/// What a recording last wrote of each avatar's tracked fingers.
#[derive(Debug, Default)]
pub struct HandsWritten {
    /// Per avatar id (empty in a take of one avatar): the fingers as
    /// stored and the loop time they were written at.
    last: BTreeMap<String, (TrackedFingers, f64)>,
}

impl HandsWritten {
    /// The record to write for `avatar` (empty in a take of one avatar) at
    /// tick `sequence`, loop time `t`, whose source tracks `fingers`; none
    /// when the take already says so.
    pub fn record(
        &mut self,
        avatar: &str,
        sequence: u64,
        t: f64,
        fingers: &TrackedFingers,
    ) -> Option<Box<HandTracking>> {
        let due = match self.last.get(avatar) {
            // Kept after an avatar leaves: if it comes back with other
            // fingers, the record says so.
            None => any_tracked(fingers),
            Some((written, at)) => {
                let now = stored_fingers(fingers);
                now != *written || (any_tracked(&now) && t - at >= REFRESH_S)
            }
        };
        if !due {
            return None;
        }
        let now = stored_fingers(fingers);
        self.last.insert(avatar.to_string(), (now, t));
        Some(Box::new(HandTracking {
            sequence,
            avatar: avatar.to_string(),
            fingers: now,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::glam::DQuat;

    fn tracked(angle: f64) -> TrackedFingers {
        let mut hand = [None; 15];
        hand[4] = Some(DQuat::from_rotation_x(angle));
        [None, Some(hand)]
    }

    #[test]
    fn a_record_when_the_stored_fingers_change_and_every_second_while_tracked() {
        let mut w = HandsWritten::default();
        let at = |w: &mut HandsWritten, k: u64, f: &TrackedFingers| {
            w.record("", k, k as f64 / 90.0, f).map(|r| r.sequence)
        };
        // Nothing tracked yet: nothing to say.
        assert_eq!(at(&mut w, 0, &[None; 2]), None);
        assert_eq!(at(&mut w, 1, &tracked(0.5)), Some(1));
        assert_eq!(at(&mut w, 2, &tracked(0.5)), None);
        // A change below f32's precision is no change in the take.
        assert_eq!(at(&mut w, 3, &tracked(0.5 + 1e-12)), None);
        assert_eq!(at(&mut w, 4, &tracked(0.6)), Some(4));
        // Repeated a second after it was written.
        assert_eq!(at(&mut w, 93, &tracked(0.6)), None);
        assert_eq!(at(&mut w, 94, &tracked(0.6)), Some(94));
        // Tracking lost: said once.
        assert_eq!(at(&mut w, 95, &[None; 2]), Some(95));
        assert_eq!(at(&mut w, 400, &[None; 2]), None);
        // Avatars apart.
        assert_eq!(
            w.record("bob", 401, 5.0, &tracked(0.6)).map(|r| r.avatar),
            Some("bob".to_string())
        );
    }
}
