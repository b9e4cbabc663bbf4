//! What a hand controller's buttons, triggers and stick say at one
//! instant (issue 24): the data the grab logic reads ("the fingers
//! close"). It travels with the controller's pose sample through every
//! source, take and re-solve.

/// One controller's inputs. Analogue values are clamped to their ranges
/// by [`ControllerInput::sanitized`]; a non-finite value reads as 0.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ControllerInput {
    /// The grip (squeeze), 0 open .. 1 closed.
    pub grip: f64,
    /// The trigger, 0 released .. 1 pulled.
    pub trigger: f64,
    /// The primary face button (A / X) pressed.
    pub primary: bool,
    /// The secondary face button (B / Y) pressed.
    pub secondary: bool,
    /// The thumbstick (or touchpad): x right, y up, each -1..1.
    pub thumbstick: [f64; 2],
    /// Which controls a finger rests on.
    pub touch: Touch,
}

/// Capacitive touch flags of a controller (false where it has none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Touch {
    /// A finger on the trigger.
    pub trigger: bool,
    /// A thumb on the thumbstick.
    pub thumbstick: bool,
    /// A thumb on the primary button.
    pub primary: bool,
    /// A thumb on the secondary button.
    pub secondary: bool,
}

impl Touch {
    /// The flags as bits: trigger 1, thumbstick 2, primary 4, secondary 8
    /// (the tracker-take CSV's `touch` column, the take records).
    pub fn bits(self) -> u8 {
        u8::from(self.trigger)
            | u8::from(self.thumbstick) << 1
            | u8::from(self.primary) << 2
            | u8::from(self.secondary) << 3
    }

    /// The flags of [`Touch::bits`]; `None` when a bit above 8 is set.
    pub fn from_bits(bits: u8) -> Option<Touch> {
        (bits < 16).then_some(Touch {
            trigger: bits & 1 != 0,
            thumbstick: bits & 2 != 0,
            primary: bits & 4 != 0,
            secondary: bits & 8 != 0,
        })
    }
}

fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    if x.is_finite() {
        x.clamp(lo, hi)
    } else {
        0.0
    }
}

impl ControllerInput {
    /// The same inputs within their ranges: grip and trigger 0..1, the
    /// stick -1..1 per axis, anything not finite 0. Every source passes
    /// what it reads through this, so nothing downstream meets a NaN grip.
    pub fn sanitized(self) -> ControllerInput {
        ControllerInput {
            grip: clamp(self.grip, 0.0, 1.0),
            trigger: clamp(self.trigger, 0.0, 1.0),
            thumbstick: self.thumbstick.map(|v| clamp(v, -1.0, 1.0)),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn touch_bits_round_trip_and_refuse_unknown_bits() {
        for bits in 0..16u8 {
            let t = Touch::from_bits(bits).expect("known bits");
            assert_eq!(t.bits(), bits);
        }
        assert_eq!(Touch::from_bits(16), None);
        assert_eq!(Touch::from_bits(255), None);
    }

    #[test]
    fn sanitized_clamps_ranges_and_zeroes_what_is_not_finite() {
        let raw = ControllerInput {
            grip: 1.5,
            trigger: f64::NAN,
            thumbstick: [-3.0, f64::INFINITY],
            primary: true,
            ..ControllerInput::default()
        };
        let s = raw.sanitized();
        assert_eq!(s.grip, 1.0);
        assert_eq!(s.trigger, 0.0);
        assert_eq!(s.thumbstick, [-1.0, 0.0]);
        assert!(s.primary);
    }
}
