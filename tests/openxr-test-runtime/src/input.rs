//! Controller input: the components each controller profile has (OpenXR
//! 1.0 section 6.4, poses and haptics aside), checking suggested bindings
//! against them, what each component reads from the take's
//! [`ControllerInput`], and `xrGetActionStateBoolean` / `Float` /
//! `Vector2f`.

use openxr_sys as sys;
use posewire_body::{ControllerInput, Device};
use sys::Handle as _;

use crate::api::with_session;
use crate::state::Runtime;

type R = sys::Result;

const SIMPLE: &[&str] = &["select/click", "menu/click"];

const VIVE: &[&str] = &[
    "system/click",
    "squeeze/click",
    "menu/click",
    "trigger/click",
    "trigger/value",
    "trackpad",
    "trackpad/x",
    "trackpad/y",
    "trackpad/click",
    "trackpad/touch",
];

const TOUCH_BOTH: &[&str] = &[
    "squeeze/value",
    "trigger/value",
    "trigger/touch",
    "thumbstick",
    "thumbstick/x",
    "thumbstick/y",
    "thumbstick/click",
    "thumbstick/touch",
    "thumbrest/touch",
];

const TOUCH_LEFT: &[&str] = &["x/click", "x/touch", "y/click", "y/touch", "menu/click"];

const TOUCH_RIGHT: &[&str] = &["a/click", "a/touch", "b/click", "b/touch", "system/click"];

const INDEX: &[&str] = &[
    "system/click",
    "system/touch",
    "a/click",
    "a/touch",
    "b/click",
    "b/touch",
    "squeeze/value",
    "squeeze/force",
    "trigger/click",
    "trigger/value",
    "trigger/touch",
    "thumbstick",
    "thumbstick/x",
    "thumbstick/y",
    "thumbstick/click",
    "thumbstick/touch",
    "trackpad",
    "trackpad/x",
    "trackpad/y",
    "trackpad/force",
    "trackpad/touch",
];

/// The controller profiles this runtime knows.
pub const CONTROLLER_PROFILES: [&str; 4] = [
    "/interaction_profiles/khr/simple_controller",
    "/interaction_profiles/oculus/touch_controller",
    "/interaction_profiles/valve/index_controller",
    "/interaction_profiles/htc/vive_controller",
];

/// Whether `profile` has the input component `c` (e.g. `trigger/value`)
/// on the hand (`left` or not).
fn has_component(profile: &str, left: bool, c: &str) -> bool {
    let lists: &[&[&str]] = match profile {
        "/interaction_profiles/khr/simple_controller" => &[SIMPLE],
        "/interaction_profiles/htc/vive_controller" => &[VIVE],
        "/interaction_profiles/oculus/touch_controller" if left => &[TOUCH_BOTH, TOUCH_LEFT],
        "/interaction_profiles/oculus/touch_controller" => &[TOUCH_BOTH, TOUCH_RIGHT],
        "/interaction_profiles/valve/index_controller" => &[INDEX],
        _ => &[],
    };
    lists.iter().any(|l| l.contains(&c))
}

/// A binding path split: the hand and the input component (`None` for
/// the output or a pose).
fn split(path: &str) -> Option<(Device, Option<&str>)> {
    let (hand, rest) = path
        .strip_prefix("/user/hand/left/")
        .map(|r| (Device::LeftHand, r))
        .or_else(|| {
            path.strip_prefix("/user/hand/right/")
                .map(|r| (Device::RightHand, r))
        })?;
    match rest {
        "input/grip/pose" | "input/aim/pose" | "output/haptic" => Some((hand, None)),
        _ => Some((hand, Some(rest.strip_prefix("input/")?))),
    }
}

/// Whether a component is two-dimensional (a stick or pad itself).
fn is_vector(c: &str) -> bool {
    matches!(c, "thumbstick" | "trackpad")
}

/// Whether `profile` takes a binding of an action of type `ty` to `path`:
/// a component it has (and is not told to `refuse`), of a type the
/// action can read (a pose action to a pose, a vector to a stick or pad,
/// a boolean or float to the rest).
pub fn binding_ok(profile: &str, ty: sys::ActionType, path: &str, refuse: Option<&str>) -> bool {
    use sys::ActionType as T;
    match split(path) {
        Some((_, None)) => matches!(ty, T::POSE_INPUT | T::VIBRATION_OUTPUT),
        Some((hand, Some(c))) => {
            has_component(profile, hand == Device::LeftHand, c)
                && refuse != Some(c)
                && match ty {
                    T::VECTOR2F_INPUT => is_vector(c),
                    T::BOOLEAN_INPUT | T::FLOAT_INPUT => !is_vector(c),
                    _ => false,
                }
        }
        None => false,
    }
}

/// Whether a device's pose can be located: a controller only when the
/// controllers' profile has a binding to its grip pose (as a real
/// runtime locates an action space only through a binding); every other
/// device always.
pub fn pose_bound(rt: &Runtime, device: Device) -> bool {
    let grip = match device {
        Device::LeftHand => "/user/hand/left/input/grip/pose",
        Device::RightHand => "/user/hand/right/input/grip/pose",
        _ => return true,
    };
    rt.bindings
        .get(&rt.profile)
        .is_some_and(|b| b.iter().any(|(_, p)| p == grip))
}

/// What a physical control reads.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Value {
    Bool(bool),
    Float(f32),
    Vector([f32; 2]),
}

/// What component `c` of a `profile` controller reads when its controls
/// are `i`: the grip is the squeeze (clicked from half way), the trigger
/// the trigger (also the simple controller's select), the primary and
/// secondary buttons A/X and B/Y (the menu button on controllers without
/// them), the stick the thumbstick (the Vive's trackpad); anything else
/// reads released.
fn value(profile: &str, c: &str, i: &ControllerInput) -> Value {
    let vive = profile == "/interaction_profiles/htc/vive_controller";
    let stick = if c.starts_with("trackpad") && !vive {
        [0.0; 2]
    } else {
        i.thumbstick.map(|v| v as f32)
    };
    let menu_is_secondary = vive || profile == "/interaction_profiles/khr/simple_controller";
    match c {
        "squeeze/value" => Value::Float(i.grip as f32),
        "squeeze/click" => Value::Bool(i.grip >= 0.5),
        "trigger/value" => Value::Float(i.trigger as f32),
        "trigger/click" | "select/click" => Value::Bool(i.trigger >= 0.5),
        "trigger/touch" => Value::Bool(i.touch.trigger),
        "a/click" | "x/click" => Value::Bool(i.primary),
        "b/click" | "y/click" => Value::Bool(i.secondary),
        "menu/click" => Value::Bool(menu_is_secondary && i.secondary),
        "a/touch" | "x/touch" => Value::Bool(i.touch.primary),
        "b/touch" | "y/touch" => Value::Bool(i.touch.secondary),
        "thumbstick" | "trackpad" => Value::Vector(stick),
        "thumbstick/x" | "trackpad/x" => Value::Float(stick[0]),
        "thumbstick/y" | "trackpad/y" => Value::Float(stick[1]),
        "thumbstick/touch" => Value::Bool(i.touch.thumbstick),
        "trackpad/touch" => Value::Bool(vive && i.touch.thumbstick),
        _ => Value::Bool(false),
    }
}

fn as_float(v: Value) -> f32 {
    match v {
        Value::Bool(b) => f32::from(u8::from(b)),
        Value::Float(x) => x,
        Value::Vector([x, y]) => x.hypot(y),
    }
}

/// The values of the components `action` is bound to for the hand of
/// `subaction` in the controllers' profile, at the last sync; empty when
/// nothing is bound or the take gives that hand no input then.
fn bound_values(rt: &Runtime, action: u64, subaction: u64) -> Vec<Value> {
    let hand = rt.device_of_path(subaction).flatten();
    let input = rt
        .synced_ns
        .map(|t| rt.take_time(t).unwrap_or(rt.player.first_s()));
    let bindings = rt.bindings.get(&rt.profile).map_or(&[][..], Vec::as_slice);
    let mut out = Vec::new();
    for (_, path) in bindings.iter().filter(|(a, _)| *a == action) {
        let Some((device, Some(c))) = split(path) else {
            continue;
        };
        if subaction != 0 && Some(device) != hand {
            continue;
        }
        if let Some(i) = input.and_then(|t| rt.player.input(device, t)) {
            out.push(value(&rt.profile, c, &i));
        }
    }
    out
}

/// Runs `f` on an input action's bound values after checking the action
/// exists, is of type `ty` and has the subaction path.
unsafe fn with_state(
    session: sys::Session,
    info: *const sys::ActionStateGetInfo,
    ty: sys::ActionType,
    f: impl FnOnce(&[Value]),
) -> R {
    with_session(session, |rt| {
        let Some(info) = info.as_ref() else {
            return R::ERROR_VALIDATION_FAILURE;
        };
        let (action, sub) = (info.action.into_raw(), info.subaction_path.into_raw());
        let Some(a) = rt.actions.get(&action) else {
            return R::ERROR_HANDLE_INVALID;
        };
        if a.ty != ty {
            return R::ERROR_ACTION_TYPE_MISMATCH;
        }
        if sub != 0 && !a.subactions.contains(&sub) {
            return R::ERROR_PATH_UNSUPPORTED;
        }
        f(&bound_values(rt, action, sub));
        R::SUCCESS
    })
}

/// `xrGetActionStateFloat`: the largest bound value (a click 0 or 1).
pub(crate) unsafe extern "system" fn get_action_state_float(
    session: sys::Session,
    info: *const sys::ActionStateGetInfo,
    state: *mut sys::ActionStateFloat,
) -> R {
    if state.is_null() {
        return R::ERROR_VALIDATION_FAILURE;
    }
    with_state(session, info, sys::ActionType::FLOAT_INPUT, |v| {
        let s = &mut *state;
        s.current_state = v.iter().copied().map(as_float).fold(0.0, f32::max);
        s.changed_since_last_sync = sys::FALSE;
        s.last_change_time = sys::Time::from_nanos(0);
        s.is_active = (!v.is_empty()).into();
    })
}

/// `xrGetActionStateBoolean`: any bound control pressed (a value from
/// half way).
pub(crate) unsafe extern "system" fn get_action_state_boolean(
    session: sys::Session,
    info: *const sys::ActionStateGetInfo,
    state: *mut sys::ActionStateBoolean,
) -> R {
    if state.is_null() {
        return R::ERROR_VALIDATION_FAILURE;
    }
    with_state(session, info, sys::ActionType::BOOLEAN_INPUT, |v| {
        let s = &mut *state;
        s.current_state = v.iter().any(|&x| as_float(x) >= 0.5).into();
        s.changed_since_last_sync = sys::FALSE;
        s.last_change_time = sys::Time::from_nanos(0);
        s.is_active = (!v.is_empty()).into();
    })
}

/// `xrGetActionStateVector2f`: the bound stick or pad deflected most.
pub(crate) unsafe extern "system" fn get_action_state_vector2f(
    session: sys::Session,
    info: *const sys::ActionStateGetInfo,
    state: *mut sys::ActionStateVector2f,
) -> R {
    if state.is_null() {
        return R::ERROR_VALIDATION_FAILURE;
    }
    with_state(session, info, sys::ActionType::VECTOR2F_INPUT, |v| {
        let s = &mut *state;
        let best = v
            .iter()
            .filter_map(|x| match x {
                Value::Vector(p) => Some(*p),
                _ => None,
            })
            .max_by(|a, b| a[0].hypot(a[1]).total_cmp(&b[0].hypot(b[1])))
            .unwrap_or([0.0; 2]);
        s.current_state = sys::Vector2f {
            x: best[0],
            y: best[1],
        };
        s.changed_since_last_sync = sys::FALSE;
        s.last_change_time = sys::Time::from_nanos(0);
        s.is_active = (!v.is_empty()).into();
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sys::ActionType as T;

    #[test]
    fn bindings_are_checked_against_each_profiles_components() {
        let ok = |profile, ty, path| binding_ok(profile, ty, path, None);
        let touch = CONTROLLER_PROFILES[1];
        assert!(ok(
            touch,
            T::FLOAT_INPUT,
            "/user/hand/left/input/squeeze/value"
        ));
        assert!(ok(touch, T::BOOLEAN_INPUT, "/user/hand/left/input/x/click"));
        assert!(!ok(
            touch,
            T::BOOLEAN_INPUT,
            "/user/hand/right/input/x/click"
        ));
        assert!(!ok(
            touch,
            T::BOOLEAN_INPUT,
            "/user/hand/left/input/thumbstick"
        ));
        assert!(ok(
            touch,
            T::VECTOR2F_INPUT,
            "/user/hand/left/input/thumbstick"
        ));
        assert!(ok(touch, T::POSE_INPUT, "/user/hand/right/input/grip/pose"));
        let vive = CONTROLLER_PROFILES[3];
        assert!(!ok(
            vive,
            T::FLOAT_INPUT,
            "/user/hand/left/input/squeeze/value"
        ));
        assert!(ok(
            vive,
            T::FLOAT_INPUT,
            "/user/hand/left/input/squeeze/click"
        ));
        assert!(ok(
            vive,
            T::VECTOR2F_INPUT,
            "/user/hand/left/input/trackpad"
        ));
        let simple = CONTROLLER_PROFILES[0];
        assert!(!ok(
            simple,
            T::FLOAT_INPUT,
            "/user/hand/left/input/trigger/value"
        ));
        assert!(!ok(simple, T::FLOAT_INPUT, "/user/head/input/select/click"));
        let path = "/user/hand/left/input/squeeze/value";
        assert!(!binding_ok(
            touch,
            T::FLOAT_INPUT,
            path,
            Some("squeeze/value")
        ));
    }

    #[test]
    fn a_click_reads_as_a_float_of_zero_or_one() {
        let i = ControllerInput {
            grip: 0.7,
            ..Default::default()
        };
        let vive = CONTROLLER_PROFILES[3];
        assert_eq!(as_float(value(vive, "squeeze/click", &i)), 1.0);
        assert_eq!(value(vive, "squeeze/value", &i), Value::Float(0.7));
        let index = CONTROLLER_PROFILES[2];
        assert_eq!(value(index, "trackpad", &i), Value::Vector([0.0; 2]));
    }
}
