//! A test OpenXR runtime: headless, it plays the device poses of a tracker
//! take (FORMATS.md section 1) so that the OpenXR source can be tested end
//! to end through the real Khronos loader. Never shipped.
//!
//! The loader finds it through a runtime manifest (`XR_RUNTIME_JSON`)
//! whose `library_path` names this shared library, and calls its one
//! exported function, `xrNegotiateLoaderRuntimeInterface`; everything else
//! is reached through `xrGetInstanceProcAddr`. The functions the source
//! calls are implemented ([`api`]); every other core function resolves to
//! a stub returning `XR_ERROR_FUNCTION_UNSUPPORTED` (the `openxr` crate
//! resolves the whole core table), and unknown extension functions are
//! refused.
//!
//! Set by environment variables, read at each `xrCreateInstance`:
//! - `POSEWIRE_XR_TEST_TAKE`: the tracker take to play (required).
//! - `POSEWIRE_XR_TEST_EPOCH_NS`: the `CLOCK_MONOTONIC` time, nanoseconds,
//!   at which the take's first sample plays (default: instance creation).
//! - `POSEWIRE_XR_TEST_CONTROL`: a file; while it holds `down` the runtime
//!   is gone (instances are lost, new ones refused), otherwise it is up.
//! - `POSEWIRE_XR_TEST_NO_HTCX`: if set, `XR_HTCX_vive_tracker_interaction`
//!   is not offered (trackers then come through `XR_MNDX_xdev_space`).
//! - `POSEWIRE_XR_TEST_PROFILE`: the controllers' interaction profile
//!   (default `/interaction_profiles/oculus/touch_controller`): the
//!   bindings suggested for it drive the input actions.
//! - `POSEWIRE_XR_TEST_HANDS`: if set, `XR_EXT_hand_tracking` is offered
//!   and the hands' joints play the script of [`hands`].
//! - `POSEWIRE_XR_TEST_REFUSE`: an input component (e.g. `squeeze/value`)
//!   that no profile has: a suggestion binding it is refused.
//!
//! Controller input: the take's `left_hand` and `right_hand` input columns
//! play as the controllers' physical controls ([`input`]), read at each
//! `xrSyncActions`; an action's state comes from what it is bound to in
//! the controllers' profile, converted as the specification says (a
//! click read as a float is 0 or 1). Suggested bindings are checked
//! against the components each profile has in OpenXR 1.0: an unknown path
//! refuses the profile's whole suggestion, as a strict runtime does. A
//! controller's grip pose is located only when that profile's accepted
//! suggestion binds it.
//!
//! Spaces: STAGE (the take's world), VIEW (the take's `head`), controller
//! grips (`left_hand`, `right_hand`), Vive tracker roles `waist`,
//! `left_foot`, `right_foot` (the take's `pelvis` and feet, when it has
//! them) plus a `chest` tracker with no poses, and the same trackers as
//! xdev devices. XrTime is `CLOCK_MONOTONIC` in nanoseconds.

pub mod api;
pub mod hands;
pub mod input;
pub mod player;
pub mod state;

use std::ffi::{c_char, CStr};

use openxr_sys as sys;
use openxr_sys::{NegotiateLoaderInfo, NegotiateRuntimeRequest};

/// The runtime's name, as `xrGetInstanceProperties` reports it.
pub const RUNTIME_NAME: &str = "Posewire test runtime";

/// The one exported entry point: agrees on the loader interface version 1
/// and hands the loader `xrGetInstanceProcAddr`.
///
/// # Safety
/// Called by the OpenXR loader with valid structures.
#[no_mangle]
pub unsafe extern "system" fn xrNegotiateLoaderRuntimeInterface(
    loader_info: *const NegotiateLoaderInfo,
    request: *mut NegotiateRuntimeRequest,
) -> sys::Result {
    let (Some(info), Some(request)) = (loader_info.as_ref(), request.as_mut()) else {
        return sys::Result::ERROR_INITIALIZATION_FAILED;
    };
    if info.min_interface_version > 1 || info.max_interface_version < 1 {
        return sys::Result::ERROR_INITIALIZATION_FAILED;
    }
    request.runtime_interface_version = 1;
    request.runtime_api_version = sys::Version::new(1, 0, 0);
    request.get_instance_proc_addr = Some(get_instance_proc_addr);
    sys::Result::SUCCESS
}

/// Returns `XR_ERROR_FUNCTION_UNSUPPORTED`: every core function this
/// runtime does not implement resolves to it.
unsafe extern "system" fn unsupported() -> sys::Result {
    sys::Result::ERROR_FUNCTION_UNSUPPORTED
}

/// `xrGetInstanceProcAddr`.
unsafe extern "system" fn get_instance_proc_addr(
    _instance: sys::Instance,
    name: *const c_char,
    function: *mut Option<sys::pfn::VoidFunction>,
) -> sys::Result {
    if name.is_null() || function.is_null() {
        return sys::Result::ERROR_VALIDATION_FAILURE;
    }
    let name = CStr::from_ptr(name).to_string_lossy();
    if name == "xrGetInstanceProcAddr" {
        let f: sys::pfn::GetInstanceProcAddr = get_instance_proc_addr;
        *function = Some(std::mem::transmute::<
            sys::pfn::GetInstanceProcAddr,
            sys::pfn::VoidFunction,
        >(f));
        return sys::Result::SUCCESS;
    }
    if let Some(f) = api::lookup(&name) {
        *function = Some(f);
        return sys::Result::SUCCESS;
    }
    // Core functions end in a lower-case letter; extension functions in
    // their vendor's upper-case tag.
    if name.starts_with("xr") && name.ends_with(|c: char| c.is_ascii_lowercase()) {
        let f: unsafe extern "system" fn() -> sys::Result = unsupported;
        *function = Some(std::mem::transmute::<
            unsafe extern "system" fn() -> sys::Result,
            sys::pfn::VoidFunction,
        >(f));
        return sys::Result::SUCCESS;
    }
    *function = None;
    sys::Result::ERROR_FUNCTION_UNSUPPORTED
}
