//! The fingers a hand-tracking runtime (OpenXR `XR_EXT_hand_tracking`)
//! tracked for an avatar, from a tick on (record kind 18): both hands'
//! 15 finger joints, each a rotation relative to its parent where the
//! runtime tracked it, as the live loop merges them over the controller
//! curls (`posewire_body::hand_tracking::merged`). Written when they
//! change, so a take holds them compactly; a record holds until the
//! avatar's next one. Rotations are stored as `f32` (the runtime's own
//! precision: OpenXR poses are `float`s), everything else as elsewhere.

use posewire_body::fingers::FingerJoint;
use posewire_body::glam::DQuat;
use posewire_body::hand_tracking::{TrackedFingers, TrackedHandFingers};

use crate::codec::Payload;

/// The kind byte of a hand-tracking record.
pub(crate) const HAND_TRACKING_KIND: u8 = 18;

/// The bit of a hand's flags saying the runtime reported the hand (its
/// joints' bits may still all be clear).
const HAND_REPORTED: u16 = 1 << 15;

/// Bytes of one stored rotation: x y z w as `f32`.
const ROTATION_BYTES: usize = 16;

/// An avatar's tracked fingers from tick `sequence` on (kind 18).
#[derive(Debug, Clone, PartialEq)]
pub struct HandTracking {
    /// The first tick they apply to; they hold until the avatar's next
    /// hand-tracking record.
    pub sequence: u64,
    /// The avatar in a scene take; empty in a take of one avatar.
    pub avatar: String,
    /// Both hands (left, right): `None` for a hand the runtime did not
    /// report, and per joint ([`FingerJoint::all`] order within the hand)
    /// its rotation relative to its parent, `None` where not tracked.
    pub fingers: TrackedFingers,
}

/// `fingers` as a take stores them (each rotation's components rounded to
/// `f32`): what a reader gets back, so a recorder compares in these terms.
pub fn stored(fingers: &TrackedFingers) -> TrackedFingers {
    fingers.map(|hand| hand.map(|joints| joints.map(|q| q.map(round))))
}

fn round(q: DQuat) -> DQuat {
    DQuat::from_array(q.to_array().map(|c| f64::from(c as f32)))
}

/// Appends a hand-tracking record's payload; `Err` names what cannot be
/// stored (a rotation not finite or not of unit length).
pub(crate) fn encode_hands(h: &HandTracking, out: &mut Vec<u8>) -> Result<(), String> {
    out.extend_from_slice(&h.sequence.to_le_bytes());
    crate::codec::string(out, &h.avatar)?;
    for (side, hand) in ["left", "right"].into_iter().zip(&h.fingers) {
        let Some(joints) = hand else {
            out.extend_from_slice(&0u16.to_le_bytes());
            continue;
        };
        let mut flags = HAND_REPORTED;
        for (k, q) in joints.iter().enumerate() {
            if q.is_some() {
                flags |= 1 << k;
            }
        }
        out.extend_from_slice(&flags.to_le_bytes());
        for (k, q) in joints.iter().enumerate() {
            let Some(q) = q else { continue };
            let q = round(*q);
            if !q.is_finite() || (q.length() - 1.0).abs() > 1e-6 {
                return Err(format!(
                    "the {side} hand's tracked joint {k}: rotation {q} is not a unit quaternion"
                ));
            }
            for c in q.to_array() {
                out.extend_from_slice(&(c as f32).to_le_bytes());
            }
        }
    }
    Ok(())
}

/// Reads a hand-tracking record's payload (after its kind).
pub(crate) fn decode_hands(p: &mut Payload<'_>) -> Result<HandTracking, String> {
    let sequence = p.u64("the hand tracking's tick")?;
    let avatar = p.string("the hand tracking's avatar")?;
    let mut fingers: TrackedFingers = [None; 2];
    for (side, hand) in ["left", "right"].into_iter().zip(&mut fingers) {
        let flags = p.u16(&format!("the {side} hand's flags"))?;
        if flags & HAND_REPORTED == 0 {
            if flags != 0 {
                return Err(format!(
                    "the {side} hand's flags {flags:#06x}: joints tracked on a hand not reported"
                ));
            }
            continue;
        }
        let mut joints: TrackedHandFingers = [None; FingerJoint::PER_HAND];
        for (k, joint) in joints.iter_mut().enumerate() {
            if flags & (1 << k) == 0 {
                continue;
            }
            let what = format!("the {side} hand's tracked joint {k}");
            let q = DQuat::from_xyzw(p.f32(&what)?, p.f32(&what)?, p.f32(&what)?, p.f32(&what)?);
            if (q.length() - 1.0).abs() > 1e-6 {
                return Err(format!("{what}: rotation {q} is not a unit quaternion"));
            }
            *joint = Some(q);
        }
        *hand = Some(joints);
    }
    Ok(HandTracking {
        sequence,
        avatar,
        fingers,
    })
}

/// Whether a payload's lengths agree with the layout: the avatar's id
/// then both hands' flags, each followed by as many rotations as it has
/// joint bits.
pub(crate) fn plausible_hands(payload: &[u8]) -> bool {
    let Some(n) = payload
        .get(8..12)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    else {
        return false;
    };
    let mut at = match n.checked_add(12) {
        Some(at) => at,
        None => return false,
    };
    for _ in 0..2 {
        let Some(flags) = payload
            .get(at..at.saturating_add(2))
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
        else {
            return false;
        };
        at += 2 + (flags & !HAND_REPORTED).count_ones() as usize * ROTATION_BYTES;
    }
    at == payload.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> HandTracking {
        let mut right: TrackedHandFingers = [None; FingerJoint::PER_HAND];
        right[0] = Some(DQuat::from_rotation_x(0.3));
        right[14] = Some(DQuat::from_rotation_z(-1.1));
        HandTracking {
            sequence: 12,
            avatar: "alice".into(),
            fingers: [Some([None; FingerJoint::PER_HAND]), Some(right)],
        }
    }

    fn bytes_of(h: &HandTracking) -> Vec<u8> {
        let mut out = Vec::new();
        encode_hands(h, &mut out).expect("encodes");
        out
    }

    #[test]
    fn a_record_round_trips_as_stored_and_its_length_is_exact() {
        let h = record();
        let bytes = bytes_of(&h);
        // Sequence, the id, two flags, two rotations.
        assert_eq!(bytes.len(), 8 + 4 + 5 + 2 + 2 + 2 * ROTATION_BYTES);
        assert!(plausible_hands(&bytes));
        assert!(!plausible_hands(&bytes[..bytes.len() - 1]));
        let back = decode_hands(&mut Payload::new(&bytes)).expect("decodes");
        assert_eq!(back.fingers, stored(&h.fingers));
        assert_ne!(back.fingers, h.fingers, "rotations are stored as f32");
        let angle = posewire_body::hand_tracking::angle_between(
            back.fingers[1].expect("right")[14].expect("tracked"),
            DQuat::from_rotation_z(-1.1),
        );
        assert!(angle < 1e-6, "{angle}");
        // A hand not reported is all-clear flags.
        let none = HandTracking {
            fingers: [None; 2],
            ..h
        };
        let back = decode_hands(&mut Payload::new(&bytes_of(&none))).expect("decodes");
        assert_eq!(back, none);
    }

    #[test]
    fn bad_rotations_and_flags_are_refused_by_name() {
        let mut h = record();
        if let Some(right) = h.fingers[1].as_mut() {
            right[3] = Some(DQuat::from_xyzw(0.0, 0.0, 0.0, 2.0));
        }
        let err = encode_hands(&h, &mut Vec::new()).expect_err("not unit");
        assert!(err.contains("right hand's tracked joint 3"), "{err}");
        let mut bytes = bytes_of(&record());
        // The left hand's flags (after the sequence and the 5-byte id):
        // a joint bit without the hand.
        let left = 8 + 4 + 5;
        bytes[left] = 1;
        bytes[left + 1] = 0;
        let err = decode_hands(&mut Payload::new(&bytes)).expect_err("refused");
        assert!(err.contains("not reported"), "{err}");
        // A rotation's component made 3: not a unit quaternion.
        let mut bytes = bytes_of(&record());
        let first = left + 2 + 2;
        bytes[first..first + 4].copy_from_slice(&3.0f32.to_le_bytes());
        let err = decode_hands(&mut Payload::new(&bytes)).expect_err("refused");
        assert!(err.contains("right hand's tracked joint 0"), "{err}");
        // A NaN.
        bytes[first..first + 4].copy_from_slice(&f32::NAN.to_le_bytes());
        let err = decode_hands(&mut Payload::new(&bytes)).expect_err("refused");
        assert!(err.contains("NaN"), "{err}");
    }
}
