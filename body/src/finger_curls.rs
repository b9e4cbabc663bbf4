//! The fingers' curls from the hand controllers' inputs, as SteamVR's
//! skeletal input approximates a hand on a controller: the grip curls the
//! middle, ring and little fingers, the trigger the index (a finger
//! resting on the trigger curls it a little), and the thumb rests on the
//! face buttons or the stick while it touches or presses them (with the
//! grip closed and no touch it half closes round the handle).
//!
//! Smoothed causally: each curl follows its target with a first-order lag
//! of [`TIME_CONSTANT_S`] evaluated at the samples' own times, so the
//! result depends on the samples alone (not on how they fall into ticks)
//! and is the same live, offline and when a take is read back.

use crate::controller_input::ControllerInput;
use crate::device::Device;
use crate::fingers::{Curls, HandCurls};
use crate::formats::TrackerSample;

/// How quickly a curl follows its target, seconds (a hand closes in about
/// a tenth of a second).
pub const TIME_CONSTANT_S: f64 = 0.04;

/// A resting finger's curl on a touched trigger.
const TRIGGER_TOUCH_CURL: f64 = 0.3;
/// The thumb's curl round the handle with the grip closed and no touch.
const THUMB_ON_HANDLE: f64 = 0.5;

/// The curls an input asks for ([`crate::fingers::Finger::ALL`] order).
/// Inputs out of range or not finite are sanitized first.
pub fn target_curls(input: &ControllerInput) -> HandCurls {
    let i = input.sanitized();
    let thumb_on_top =
        i.touch.thumbstick || i.touch.primary || i.touch.secondary || i.primary || i.secondary;
    let thumb = if thumb_on_top {
        1.0
    } else {
        THUMB_ON_HANDLE * i.grip
    };
    let index = if i.touch.trigger {
        i.trigger.max(TRIGGER_TOUCH_CURL)
    } else {
        i.trigger
    };
    [thumb, index, i.grip, i.grip, i.grip]
}

/// One hand's smoothed curls.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Hand {
    curls: HandCurls,
    target: HandCurls,
    /// Time of the newest input, seconds (`None` before the first).
    at: Option<f64>,
}

impl Hand {
    const OPEN: Hand = Hand {
        curls: [0.0; 5],
        target: [0.0; 5],
        at: None,
    };

    /// The curls at time `t` (no earlier than the newest input).
    fn at_time(&self, t: f64) -> HandCurls {
        let Some(at) = self.at else {
            return self.curls;
        };
        let dt = t - at;
        let keep = if dt.is_finite() && dt > 0.0 {
            (-dt / TIME_CONSTANT_S).exp()
        } else {
            1.0
        };
        std::array::from_fn(|f| self.target[f] + (self.curls[f] - self.target[f]) * keep)
    }

    fn push(&mut self, t: f64, input: &ControllerInput) {
        if !t.is_finite() {
            return;
        }
        self.curls = self.at_time(t);
        self.target = target_curls(input);
        self.at = Some(self.at.map_or(t, |at| at.max(t)));
    }
}

/// Both hands' curls, fed the avatar's samples in time order.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FingerCurls {
    hands: [Hand; 2],
    seen: bool,
}

impl Default for FingerCurls {
    fn default() -> Self {
        FingerCurls::new()
    }
}

impl FingerCurls {
    /// Open hands, nothing seen.
    pub fn new() -> FingerCurls {
        FingerCurls {
            hands: [Hand::OPEN; 2],
            seen: false,
        }
    }

    /// Takes one sample: a hand controller's input moves its hand's
    /// targets; anything else is ignored.
    pub fn push(&mut self, sample: &TrackerSample) {
        let hand = match sample.device {
            Device::LeftHand => 0,
            Device::RightHand => 1,
            _ => return,
        };
        if let Some(input) = &sample.input {
            self.hands[hand].push(sample.time_s, input);
            self.seen = true;
        }
    }

    /// Whether any controller input has been seen (a track carries
    /// fingers only then).
    pub fn seen(&self) -> bool {
        self.seen
    }

    /// The curls at time `t`.
    pub fn at(&self, t: f64) -> Curls {
        [self.hands[0].at_time(t), self.hands[1].at_time(t)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller_input::Touch;

    fn sample(t: f64, device: Device, input: ControllerInput) -> TrackerSample {
        TrackerSample {
            time_s: t,
            device,
            pose: None,
            input: Some(input),
        }
    }

    #[test]
    fn grip_trigger_and_touch_curl_their_fingers() {
        let grip = ControllerInput {
            grip: 1.0,
            ..ControllerInput::default()
        };
        assert_eq!(target_curls(&grip), [0.5, 0.0, 1.0, 1.0, 1.0]);
        let trigger = ControllerInput {
            trigger: 0.8,
            touch: Touch {
                thumbstick: true,
                ..Touch::default()
            },
            ..ControllerInput::default()
        };
        assert_eq!(target_curls(&trigger), [1.0, 0.8, 0.0, 0.0, 0.0]);
        let bad = ControllerInput {
            grip: f64::NAN,
            trigger: 9.0,
            ..ControllerInput::default()
        };
        assert_eq!(target_curls(&bad), [0.0, 1.0, 0.0, 0.0, 0.0]);
    }

    #[test]
    fn inputs_out_of_range_or_not_finite_never_make_curls_leave_0_to_1() {
        let mut c = FingerCurls::new();
        let values = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, -5.0, 5.0, 0.5];
        for (k, v) in values.into_iter().enumerate() {
            let input = ControllerInput {
                grip: v,
                trigger: -v,
                thumbstick: [v, v],
                ..ControllerInput::default()
            };
            c.push(&sample(k as f64 * 0.01, Device::LeftHand, input));
            c.push(&sample(v, Device::RightHand, input));
            for t in [k as f64 * 0.01, f64::NAN, 1e300] {
                for curl in c.at(t).into_iter().flatten() {
                    assert!((0.0..=1.0).contains(&curl), "{curl} after {v} at {t}");
                }
            }
        }
    }

    #[test]
    fn curls_follow_causally_and_do_not_depend_on_ticks() {
        let closed = ControllerInput {
            grip: 1.0,
            ..ControllerInput::default()
        };
        let mut a = FingerCurls::new();
        assert!(!a.seen());
        a.push(&sample(1.0, Device::RightHand, ControllerInput::default()));
        a.push(&sample(1.1, Device::RightHand, closed));
        assert!(a.seen());
        // Nothing moves before the closing sample; then it follows.
        assert_eq!(a.at(1.1)[1][2], 0.0);
        let later = a.at(1.1 + TIME_CONSTANT_S)[1][2];
        assert!((later - (1.0 - (-1.0f64).exp())).abs() < 1e-12);
        assert!(a.at(2.0)[1][2] > 0.999);
        assert_eq!(a.at(2.0)[0], [0.0; 5], "the left hand stays open");
        // Reading at some time changes nothing: the same samples give the
        // same curls however they are read.
        let mut b = FingerCurls::new();
        b.push(&sample(1.0, Device::RightHand, ControllerInput::default()));
        let _ = b.at(1.05);
        b.push(&sample(1.1, Device::RightHand, closed));
        assert_eq!(a.at(1.3), b.at(1.3));
        // Trackers and headsets are ignored.
        b.push(&sample(1.2, Device::Head, closed));
        assert_eq!(a.at(1.3), b.at(1.3));
    }
}
