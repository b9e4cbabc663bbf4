//! The controller input actions (issue 24): grip, trigger, the two face
//! buttons, the thumbstick (a touchpad on the Vive wand) and the touch
//! flags, per hand (subaction paths `/user/hand/left` and `/right`), with
//! the bindings suggested for each controller profile (OpenXR 1.0
//! section 6.4), and each synced frame's state read as a
//! [`ControllerInput`].

use openxr as xr;
use posewire_body::{ControllerInput, Device, Touch};

use crate::error::OpenXrError;

/// What one binding feeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Control {
    Grip,
    Trigger,
    Primary,
    Secondary,
    Thumbstick,
    TouchTrigger,
    TouchThumbstick,
    TouchPrimary,
    TouchSecondary,
}

/// A binding: the control, and its component under
/// `/user/hand/left/input/` and under `/user/hand/right/input/`.
type ProfileBinding = (Control, &'static str, &'static str);

const SIMPLE: &[ProfileBinding] = &[
    (Control::Trigger, "select/click", "select/click"),
    (Control::Secondary, "menu/click", "menu/click"),
];

const TOUCH: &[ProfileBinding] = &[
    (Control::Grip, "squeeze/value", "squeeze/value"),
    (Control::Trigger, "trigger/value", "trigger/value"),
    (Control::Primary, "x/click", "a/click"),
    (Control::Secondary, "y/click", "b/click"),
    (Control::Thumbstick, "thumbstick", "thumbstick"),
    (Control::TouchTrigger, "trigger/touch", "trigger/touch"),
    (
        Control::TouchThumbstick,
        "thumbstick/touch",
        "thumbstick/touch",
    ),
    (Control::TouchPrimary, "x/touch", "a/touch"),
    (Control::TouchSecondary, "y/touch", "b/touch"),
];

const INDEX: &[ProfileBinding] = &[
    (Control::Grip, "squeeze/value", "squeeze/value"),
    (Control::Trigger, "trigger/value", "trigger/value"),
    (Control::Primary, "a/click", "a/click"),
    (Control::Secondary, "b/click", "b/click"),
    (Control::Thumbstick, "thumbstick", "thumbstick"),
    (Control::TouchTrigger, "trigger/touch", "trigger/touch"),
    (
        Control::TouchThumbstick,
        "thumbstick/touch",
        "thumbstick/touch",
    ),
    (Control::TouchPrimary, "a/touch", "a/touch"),
    (Control::TouchSecondary, "b/touch", "b/touch"),
];

const VIVE: &[ProfileBinding] = &[
    (Control::Grip, "squeeze/click", "squeeze/click"),
    (Control::Trigger, "trigger/value", "trigger/value"),
    (Control::Secondary, "menu/click", "menu/click"),
    (Control::Thumbstick, "trackpad", "trackpad"),
    (Control::TouchThumbstick, "trackpad/touch", "trackpad/touch"),
];

/// The input bindings of a controller profile (none for a profile not
/// listed here).
fn profile_bindings(profile: &str) -> &'static [ProfileBinding] {
    match profile {
        "/interaction_profiles/khr/simple_controller" => SIMPLE,
        "/interaction_profiles/oculus/touch_controller" => TOUCH,
        "/interaction_profiles/valve/index_controller" => INDEX,
        "/interaction_profiles/htc/vive_controller" => VIVE,
        _ => &[],
    }
}

/// The input actions of the action set, and the two hands' paths.
pub(crate) struct InputActions {
    grip: xr::Action<f32>,
    trigger: xr::Action<f32>,
    primary: xr::Action<bool>,
    secondary: xr::Action<bool>,
    thumbstick: xr::Action<xr::Vector2f>,
    touch_trigger: xr::Action<bool>,
    touch_thumbstick: xr::Action<bool>,
    touch_primary: xr::Action<bool>,
    touch_secondary: xr::Action<bool>,
    left: xr::Path,
    right: xr::Path,
}

fn action<T: xr::ActionTy>(
    set: &xr::ActionSet,
    name: &str,
    localized: &str,
    hands: &[xr::Path],
) -> Result<xr::Action<T>, OpenXrError> {
    set.create_action::<T>(name, localized, hands)
        .map_err(|r| OpenXrError::call("xrCreateAction (controller input)", r))
}

/// One action's state for one hand: `None` when inactive (nothing bound)
/// or refused; an error only when the runtime is gone.
fn state<T: xr::ActionInput + Copy>(
    action: &xr::Action<T>,
    session: &xr::Session<xr::Headless>,
    hand: xr::Path,
) -> Result<Option<T>, OpenXrError> {
    match action.state(session, hand) {
        Ok(s) => Ok(s.is_active.then_some(s.current_state)),
        Err(r) => {
            let e = OpenXrError::call("xrGetActionState", r);
            if e.is_loss() {
                Err(e)
            } else {
                Ok(None)
            }
        }
    }
}

impl InputActions {
    /// Creates the actions in `set`, each for both hands.
    pub fn create(
        set: &xr::ActionSet,
        left: xr::Path,
        right: xr::Path,
    ) -> Result<InputActions, OpenXrError> {
        let hands = [left, right];
        Ok(InputActions {
            grip: action(set, "squeeze", "Grip (squeeze)", &hands)?,
            trigger: action(set, "trigger", "Trigger", &hands)?,
            primary: action(set, "primary", "Primary button (A / X)", &hands)?,
            secondary: action(set, "secondary", "Secondary button (B / Y)", &hands)?,
            thumbstick: action(set, "thumbstick", "Thumbstick or touchpad", &hands)?,
            touch_trigger: action(set, "touch_trigger", "Finger on the trigger", &hands)?,
            touch_thumbstick: action(set, "touch_thumbstick", "Thumb on the stick", &hands)?,
            touch_primary: action(set, "touch_primary", "Thumb on A / X", &hands)?,
            touch_secondary: action(set, "touch_secondary", "Thumb on B / Y", &hands)?,
            left,
            right,
        })
    }

    fn binding(&self, control: Control, path: xr::Path) -> xr::Binding<'_> {
        match control {
            Control::Grip => xr::Binding::new(&self.grip, path),
            Control::Trigger => xr::Binding::new(&self.trigger, path),
            Control::Primary => xr::Binding::new(&self.primary, path),
            Control::Secondary => xr::Binding::new(&self.secondary, path),
            Control::Thumbstick => xr::Binding::new(&self.thumbstick, path),
            Control::TouchTrigger => xr::Binding::new(&self.touch_trigger, path),
            Control::TouchThumbstick => xr::Binding::new(&self.touch_thumbstick, path),
            Control::TouchPrimary => xr::Binding::new(&self.touch_primary, path),
            Control::TouchSecondary => xr::Binding::new(&self.touch_secondary, path),
        }
    }

    /// The input bindings to suggest for `profile`, both hands.
    pub fn bindings(
        &self,
        instance: &xr::Instance,
        profile: &str,
    ) -> Result<Vec<xr::Binding<'_>>, OpenXrError> {
        let mut out = Vec::new();
        for &(control, left, right) in profile_bindings(profile) {
            for (hand, component) in [("left", left), ("right", right)] {
                let p = format!("/user/hand/{hand}/input/{component}");
                let path = instance
                    .string_to_path(&p)
                    .map_err(|r| OpenXrError::call("xrStringToPath", r))?;
                out.push(self.binding(control, path));
            }
        }
        Ok(out)
    }

    /// What the hand's controls say as of the last `xrSyncActions`:
    /// `None` for a device that is not a hand, or when no input action is
    /// active for it; inactive controls read as released. Clamped to the
    /// ranges ([`ControllerInput::sanitized`]). An error only when the
    /// runtime is gone.
    pub fn read(
        &self,
        session: &xr::Session<xr::Headless>,
        device: Device,
    ) -> Result<Option<ControllerInput>, OpenXrError> {
        let hand = match device {
            Device::LeftHand => self.left,
            Device::RightHand => self.right,
            _ => return Ok(None),
        };
        let flag = |a: &xr::Action<bool>| state(a, session, hand);
        let grip = state(&self.grip, session, hand)?;
        let trigger = state(&self.trigger, session, hand)?;
        let stick = state(&self.thumbstick, session, hand)?;
        let flags = [
            flag(&self.primary)?,
            flag(&self.secondary)?,
            flag(&self.touch_trigger)?,
            flag(&self.touch_thumbstick)?,
            flag(&self.touch_primary)?,
            flag(&self.touch_secondary)?,
        ];
        if grip.is_none()
            && trigger.is_none()
            && stick.is_none()
            && flags.iter().all(Option::is_none)
        {
            return Ok(None);
        }
        let [primary, secondary, t_trigger, t_stick, t_primary, t_secondary] =
            flags.map(|f| f.unwrap_or(false));
        let stick = stick.unwrap_or_default();
        Ok(Some(
            ControllerInput {
                grip: grip.unwrap_or(0.0).into(),
                trigger: trigger.unwrap_or(0.0).into(),
                primary,
                secondary,
                thumbstick: [stick.x.into(), stick.y.into()],
                touch: Touch {
                    trigger: t_trigger,
                    thumbstick: t_stick,
                    primary: t_primary,
                    secondary: t_secondary,
                },
            }
            .sanitized(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_controller_profile_binds_its_controls_once_per_hand() {
        for (profile, n) in [
            ("/interaction_profiles/khr/simple_controller", 2),
            ("/interaction_profiles/oculus/touch_controller", 9),
            ("/interaction_profiles/valve/index_controller", 9),
            ("/interaction_profiles/htc/vive_controller", 5),
        ] {
            let b = profile_bindings(profile);
            assert_eq!(b.len(), n, "{profile}");
            for (i, x) in b.iter().enumerate() {
                assert!(b[..i].iter().all(|y| y.0 != x.0), "{profile}: {x:?} twice");
            }
        }
        assert!(profile_bindings("/interaction_profiles/unknown").is_empty());
    }
}
