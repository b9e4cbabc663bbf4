//! VMC's controller input, `/VMC/Ext/Con` (Assistant to Performer):
//! `(int) active, (string) name, (int) IsLeft, (int) IsTouch, (int) IsAxis,
//! (float) Axis.x Axis.y Axis.z`. `active` is 1 pressed (or touched), 0
//! released, 2 an axis changed. Each message names one control; the
//! receiver keeps each hand's [`ControllerInput`] and updates it.
//!
//! Names are the sender's (SteamVR's input names in Virtual Motion
//! Capture: `ClickTrigger`, `Trigger`, `ClickGrip`, `ClickTrackpad`,
//! `ClickMenu`, `ClickAButton`, ...): matched without case by what they
//! contain, so that every sender's spelling of the same control lands on
//! the same field ([`apply`]).

use posewire_body::ControllerInput;

use crate::osc::{OscArg, OscMessage};

/// The address.
pub const CONTROL: &str = "/VMC/Ext/Con";

/// One `/VMC/Ext/Con` message.
#[derive(Debug, Clone, PartialEq)]
pub struct ControlEvent {
    /// 0 released, 1 pressed or touched, 2 an axis changed.
    pub active: i32,
    /// The control's name.
    pub name: String,
    /// The left hand's controller (else the right's).
    pub left: bool,
    /// A touch (capacitive), not a press.
    pub touch: bool,
    /// An axis value (the trigger's pull, the stick's position).
    pub axis: bool,
    /// The axis values.
    pub value: [f32; 3],
}

impl ControlEvent {
    /// Reads the message's arguments; `None` for the wrong types or count
    /// or a non-finite axis.
    pub fn from_args(args: &[OscArg]) -> Option<ControlEvent> {
        let int = |i: usize| match args.get(i) {
            Some(OscArg::Int(v)) => Some(*v),
            _ => None,
        };
        let float = |i: usize| match args.get(i) {
            Some(OscArg::Float(v)) if v.is_finite() => Some(*v),
            _ => None,
        };
        let name = match args.get(1) {
            Some(OscArg::String(s)) => s.clone(),
            _ => return None,
        };
        let active = int(0).filter(|a| (0..=2).contains(a))?;
        Some(ControlEvent {
            active,
            name,
            left: int(2)? != 0,
            touch: int(3)? != 0,
            axis: int(4)? != 0,
            value: [float(5)?, float(6)?, float(7)?],
        })
    }

    /// The OSC message.
    pub fn to_osc(&self) -> OscMessage {
        let mut args = vec![
            OscArg::Int(self.active),
            OscArg::String(self.name.clone()),
            OscArg::Int(i32::from(self.left)),
            OscArg::Int(i32::from(self.touch)),
            OscArg::Int(i32::from(self.axis)),
        ];
        args.extend(self.value.map(OscArg::Float));
        OscMessage::new(CONTROL, args)
    }
}

/// Which control a name means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Control {
    Trigger,
    Grip,
    Stick,
    Primary,
    Secondary,
}

fn control_of(name: &str) -> Option<Control> {
    let n = name.to_ascii_lowercase();
    let has = |s: &str| n.contains(s);
    if has("trigger") {
        Some(Control::Trigger)
    } else if has("grip") || has("squeeze") {
        Some(Control::Grip)
    } else if has("stick") || has("trackpad") || has("touchpad") || has("pad") {
        Some(Control::Stick)
    } else if has("abutton") || has("xbutton") || has("primary") || n == "a" || n == "x" {
        Some(Control::Primary)
    } else if has("bbutton")
        || has("ybutton")
        || has("secondary")
        || has("menu")
        || n == "b"
        || n == "y"
    {
        Some(Control::Secondary)
    } else {
        None
    }
}

/// Updates a hand's inputs with one event; says whether the name was a
/// control Posewire knows. A press of the trigger or grip without an axis
/// reads as fully pulled, its release as 0; an axis event sets the value.
pub fn apply(input: &mut ControllerInput, e: &ControlEvent) -> bool {
    let Some(control) = control_of(&e.name) else {
        return false;
    };
    let on = e.active != 0;
    let pull = if e.axis {
        f64::from(e.value[0])
    } else if on {
        1.0
    } else {
        0.0
    };
    match (control, e.touch) {
        (Control::Trigger, true) => input.touch.trigger = on,
        (Control::Trigger, false) => input.trigger = pull,
        // No field holds a touch of the grip.
        (Control::Grip, true) => {}
        (Control::Grip, false) => input.grip = pull,
        (Control::Stick, true) => input.touch.thumbstick = on,
        (Control::Stick, false) if e.axis => {
            input.thumbstick = [f64::from(e.value[0]), f64::from(e.value[1])];
        }
        (Control::Stick, false) => {}
        (Control::Primary, true) => input.touch.primary = on,
        (Control::Primary, false) => input.primary = on,
        (Control::Secondary, true) => input.touch.secondary = on,
        (Control::Secondary, false) => input.secondary = on,
    }
    *input = input.sanitized();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(active: i32, name: &str, touch: bool, axis: bool, v: [f32; 3]) -> ControlEvent {
        ControlEvent {
            active,
            name: name.into(),
            left: true,
            touch,
            axis,
            value: v,
        }
    }

    #[test]
    fn vmc_control_events_round_trip_through_osc() {
        let e = event(2, "Trigger", false, true, [0.75, 0.0, 0.0]);
        let m = e.to_osc();
        assert_eq!(m.tags(), "isiiifff");
        assert_eq!(ControlEvent::from_args(&m.args), Some(e));
        let mut bad = m.clone();
        bad.args[5] = OscArg::Float(f32::NAN);
        assert_eq!(ControlEvent::from_args(&bad.args), None);
        bad.args[0] = OscArg::Int(3);
        assert_eq!(ControlEvent::from_args(&bad.args), None);
        assert_eq!(ControlEvent::from_args(&m.args[..7]), None);
    }

    #[test]
    fn vmc_control_events_update_the_hands_inputs() {
        let mut i = ControllerInput::default();
        assert!(apply(
            &mut i,
            &event(2, "Trigger", false, true, [0.4, 0.0, 0.0])
        ));
        assert!(apply(
            &mut i,
            &event(1, "ClickGrip", false, false, [0.0; 3])
        ));
        assert!(apply(
            &mut i,
            &event(2, "Trackpad", false, true, [-0.5, 2.0, 0.0])
        ));
        assert!(apply(
            &mut i,
            &event(1, "ClickAButton", false, false, [0.0; 3])
        ));
        assert!(apply(&mut i, &event(1, "ClickMenu", true, false, [0.0; 3])));
        assert!(apply(
            &mut i,
            &event(1, "ClickTrigger", true, false, [0.0; 3])
        ));
        assert_eq!(i.trigger, f64::from(0.4f32));
        assert_eq!(i.grip, 1.0);
        assert_eq!(i.thumbstick, [-0.5, 1.0], "clamped");
        assert!(i.primary && !i.secondary);
        assert!(i.touch.secondary && i.touch.trigger);
        assert!(apply(
            &mut i,
            &event(0, "ClickGrip", false, false, [0.0; 3])
        ));
        assert_eq!(i.grip, 0.0);
        assert!(!apply(
            &mut i,
            &event(1, "SystemButton", false, false, [0.0; 3])
        ));
    }
}
