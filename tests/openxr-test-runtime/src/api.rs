//! The OpenXR functions this runtime implements: what the Posewire source
//! calls (instance, system, headless session, reference and action
//! spaces, actions and bindings, events, time conversion, Vive tracker
//! paths, xdev devices; the input action states are in [`crate::input`]). Each checks its handles against the state and
//! answers as the specification says for the cases the source meets.

use std::ffi::{c_char, c_void, CStr};

use openxr_sys as sys;
use posewire_body::formats::TrackerTake;
use posewire_body::{Device, Side};
use sys::Handle as _;

use crate::input;
use crate::state::{self, Event, Runtime, SpaceKind};

type R = sys::Result;

const HEADLESS: &str = "XR_MND_headless";
const TIMESPEC: &str = "XR_KHR_convert_timespec_time";
const XDEV: &str = "XR_MNDX_xdev_space";
const HTCX: &str = "XR_HTCX_vive_tracker_interaction";
const HANDS: &str = "XR_EXT_hand_tracking";

/// The pose a runtime puts in a location it marks invalid: far away, so a
/// source that used it anyway would be caught.
pub const INVALID_POSITION: [f32; 3] = [99.0, 99.0, 99.0];

fn extensions() -> Vec<&'static str> {
    let mut e = vec![HEADLESS, TIMESPEC, XDEV];
    if state::offers_htcx() {
        e.push(HTCX);
    }
    if state::offers_hands() {
        e.push(HANDS);
    }
    e
}

/// Runs `f` on the live, not lost, runtime whose instance is `instance`
/// (0: whichever is live).
fn with_instance(instance: u64, f: impl FnOnce(&mut Runtime) -> R) -> R {
    let mut guard = state::lock();
    match guard.as_mut() {
        Some(rt) if instance == 0 || rt.instance == Some(instance) => {
            if rt.lost || rt.down() {
                rt.lost = true;
                R::ERROR_INSTANCE_LOST
            } else {
                f(rt)
            }
        }
        _ => R::ERROR_HANDLE_INVALID,
    }
}

/// Runs `f` on the live runtime if `session` is its session.
pub(crate) fn with_session(session: sys::Session, f: impl FnOnce(&mut Runtime) -> R) -> R {
    with_instance(0, |rt| {
        if rt.session == Some(session.into_raw()) {
            f(rt)
        } else {
            R::ERROR_HANDLE_INVALID
        }
    })
}

fn write_name(dst: &mut [c_char], s: &str) {
    for (d, b) in dst.iter_mut().zip(s.bytes().chain(std::iter::once(0))) {
        *d = b as c_char;
    }
    if let Some(last) = dst.last_mut() {
        *last = 0;
    }
}

/// The two-call idiom: writes the count, and the items if there is room.
unsafe fn two_call<T: Copy>(items: &[T], capacity: u32, count: *mut u32, out: *mut T) -> R {
    if count.is_null() {
        return R::ERROR_VALIDATION_FAILURE;
    }
    *count = items.len() as u32;
    if capacity == 0 {
        return R::SUCCESS;
    }
    if (capacity as usize) < items.len() || out.is_null() {
        return R::ERROR_SIZE_INSUFFICIENT;
    }
    for (i, item) in items.iter().enumerate() {
        *out.add(i) = *item;
    }
    R::SUCCESS
}

unsafe extern "system" fn enumerate_instance_extension_properties(
    _layer: *const c_char,
    capacity: u32,
    count: *mut u32,
    properties: *mut sys::ExtensionProperties,
) -> R {
    if state::down() {
        return R::ERROR_RUNTIME_UNAVAILABLE;
    }
    let names = extensions();
    if count.is_null() {
        return R::ERROR_VALIDATION_FAILURE;
    }
    *count = names.len() as u32;
    if capacity == 0 {
        return R::SUCCESS;
    }
    if (capacity as usize) < names.len() || properties.is_null() {
        return R::ERROR_SIZE_INSUFFICIENT;
    }
    for (i, name) in names.iter().enumerate() {
        let p = &mut *properties.add(i);
        write_name(&mut p.extension_name, name);
        p.extension_version = 1;
    }
    R::SUCCESS
}

unsafe extern "system" fn enumerate_api_layer_properties(
    _capacity: u32,
    count: *mut u32,
    _properties: *mut sys::ApiLayerProperties,
) -> R {
    if !count.is_null() {
        *count = 0;
    }
    R::SUCCESS
}

unsafe extern "system" fn create_instance(
    info: *const sys::InstanceCreateInfo,
    out: *mut sys::Instance,
) -> R {
    if state::down() {
        return R::ERROR_RUNTIME_UNAVAILABLE;
    }
    let Some(info) = info.as_ref() else {
        return R::ERROR_VALIDATION_FAILURE;
    };
    let offered = extensions();
    for i in 0..info.enabled_extension_count as usize {
        let name = CStr::from_ptr(*info.enabled_extension_names.add(i)).to_string_lossy();
        if !offered.contains(&name.as_ref()) {
            return R::ERROR_EXTENSION_NOT_PRESENT;
        }
    }
    let Some(take_path) = std::env::var_os("POSEWIRE_XR_TEST_TAKE") else {
        return R::ERROR_RUNTIME_FAILURE;
    };
    let Ok(take) = TrackerTake::read(std::path::Path::new(&take_path)) else {
        return R::ERROR_RUNTIME_FAILURE;
    };
    let epoch = std::env::var("POSEWIRE_XR_TEST_EPOCH_NS")
        .ok()
        .and_then(|s| s.parse::<i64>().ok());
    let mut guard = state::lock();
    if guard.as_ref().is_some_and(|rt| !rt.lost) {
        return R::ERROR_LIMIT_REACHED;
    }
    let mut rt = Runtime::new(&take, epoch, state::offers_htcx());
    let handle = rt.handle() + 1000;
    rt.instance = Some(handle);
    *guard = Some(rt);
    *out = sys::Instance::from_raw(handle);
    R::SUCCESS
}

unsafe extern "system" fn destroy_instance(instance: sys::Instance) -> R {
    let mut guard = state::lock();
    if guard.as_ref().and_then(|rt| rt.instance) == Some(instance.into_raw()) {
        *guard = None;
        R::SUCCESS
    } else {
        R::ERROR_HANDLE_INVALID
    }
}

unsafe extern "system" fn get_instance_properties(
    instance: sys::Instance,
    properties: *mut sys::InstanceProperties,
) -> R {
    with_instance(instance.into_raw(), |_| {
        let p = &mut *properties;
        p.runtime_version = sys::Version::new(0, 1, 0);
        write_name(&mut p.runtime_name, crate::RUNTIME_NAME);
        R::SUCCESS
    })
}

unsafe extern "system" fn poll_event(
    instance: sys::Instance,
    buffer: *mut sys::EventDataBuffer,
) -> R {
    let mut guard = state::lock();
    let Some(rt) = guard
        .as_mut()
        .filter(|rt| rt.instance == Some(instance.into_raw()))
    else {
        return R::ERROR_HANDLE_INVALID;
    };
    if rt.lost {
        return R::ERROR_INSTANCE_LOST;
    }
    if rt.down() {
        rt.lost = true;
        rt.events.clear();
        rt.events.push_back(Event::InstanceLoss);
    }
    let Some(event) = rt.events.pop_front() else {
        return R::EVENT_UNAVAILABLE;
    };
    match event {
        Event::SessionState(session, s) => {
            let e = buffer as *mut sys::EventDataSessionStateChanged;
            *e = sys::EventDataSessionStateChanged {
                ty: sys::EventDataSessionStateChanged::TYPE,
                next: std::ptr::null(),
                session: sys::Session::from_raw(session),
                state: s,
                time: sys::Time::from_nanos(0),
            };
        }
        Event::InstanceLoss => {
            let e = buffer as *mut sys::EventDataInstanceLossPending;
            *e = sys::EventDataInstanceLossPending {
                ty: sys::EventDataInstanceLossPending::TYPE,
                next: std::ptr::null(),
                loss_time: sys::Time::from_nanos(0),
            };
        }
    }
    R::SUCCESS
}

unsafe extern "system" fn get_system(
    instance: sys::Instance,
    info: *const sys::SystemGetInfo,
    out: *mut sys::SystemId,
) -> R {
    with_instance(instance.into_raw(), |_| {
        if (*info).form_factor != sys::FormFactor::HEAD_MOUNTED_DISPLAY {
            return R::ERROR_FORM_FACTOR_UNSUPPORTED;
        }
        *out = sys::SystemId::from_raw(1);
        R::SUCCESS
    })
}

unsafe extern "system" fn get_system_properties(
    instance: sys::Instance,
    _system: sys::SystemId,
    properties: *mut sys::SystemProperties,
) -> R {
    with_instance(instance.into_raw(), |_| {
        let p = &mut *properties;
        p.system_id = sys::SystemId::from_raw(1);
        p.vendor_id = 0;
        write_name(&mut p.system_name, "Posewire test headset");
        p.graphics_properties = sys::SystemGraphicsProperties {
            max_swapchain_image_height: 0,
            max_swapchain_image_width: 0,
            max_layer_count: 0,
        };
        p.tracking_properties = sys::SystemTrackingProperties {
            orientation_tracking: sys::TRUE,
            position_tracking: sys::TRUE,
        };
        // Chained structures: the hand tracking properties say whether
        // hands are tracked.
        let mut next = p.next as *mut sys::BaseOutStructure;
        while let Some(chained) = next.as_ref() {
            let (ty, following) = (chained.ty, chained.next);
            if ty == sys::SystemHandTrackingPropertiesEXT::TYPE {
                let hands = &mut *(next as *mut sys::SystemHandTrackingPropertiesEXT);
                hands.supports_hand_tracking = state::offers_hands().into();
            }
            next = following;
        }
        R::SUCCESS
    })
}

unsafe extern "system" fn create_session(
    instance: sys::Instance,
    info: *const sys::SessionCreateInfo,
    out: *mut sys::Session,
) -> R {
    with_instance(instance.into_raw(), |rt| {
        // Headless: no graphics binding may be chained.
        if !(*info).next.is_null() {
            return R::ERROR_GRAPHICS_DEVICE_INVALID;
        }
        if rt.session.is_some() {
            return R::ERROR_LIMIT_REACHED;
        }
        let h = rt.handle();
        rt.session = Some(h);
        rt.events
            .push_back(Event::SessionState(h, sys::SessionState::IDLE));
        rt.events
            .push_back(Event::SessionState(h, sys::SessionState::READY));
        *out = sys::Session::from_raw(h);
        R::SUCCESS
    })
}

unsafe extern "system" fn destroy_session(session: sys::Session) -> R {
    let mut guard = state::lock();
    match guard.as_mut() {
        Some(rt) if rt.session == Some(session.into_raw()) => {
            rt.session = None;
            R::SUCCESS
        }
        _ => R::ERROR_HANDLE_INVALID,
    }
}

unsafe extern "system" fn begin_session(
    session: sys::Session,
    _info: *const sys::SessionBeginInfo,
) -> R {
    with_session(session, |rt| {
        let h = session.into_raw();
        for s in [
            sys::SessionState::SYNCHRONIZED,
            sys::SessionState::VISIBLE,
            sys::SessionState::FOCUSED,
        ] {
            rt.events.push_back(Event::SessionState(h, s));
        }
        R::SUCCESS
    })
}

unsafe extern "system" fn end_session(session: sys::Session) -> R {
    with_session(session, |rt| {
        rt.events.push_back(Event::SessionState(
            session.into_raw(),
            sys::SessionState::IDLE,
        ));
        R::SUCCESS
    })
}

unsafe extern "system" fn enumerate_reference_spaces(
    session: sys::Session,
    capacity: u32,
    count: *mut u32,
    spaces: *mut sys::ReferenceSpaceType,
) -> R {
    with_session(session, |_| {
        let all = [
            sys::ReferenceSpaceType::VIEW,
            sys::ReferenceSpaceType::LOCAL,
            sys::ReferenceSpaceType::STAGE,
        ];
        two_call(&all, capacity, count, spaces)
    })
}

unsafe extern "system" fn create_reference_space(
    session: sys::Session,
    info: *const sys::ReferenceSpaceCreateInfo,
    out: *mut sys::Space,
) -> R {
    with_session(session, |rt| {
        let h = rt.handle();
        rt.spaces
            .insert(h, SpaceKind::Reference((*info).reference_space_type));
        *out = sys::Space::from_raw(h);
        R::SUCCESS
    })
}

unsafe extern "system" fn create_action_space(
    session: sys::Session,
    info: *const sys::ActionSpaceCreateInfo,
    out: *mut sys::Space,
) -> R {
    with_session(session, |rt| {
        let info = &*info;
        let Some(action) = rt.actions.get(&info.action.into_raw()) else {
            return R::ERROR_HANDLE_INVALID;
        };
        let sub = info.subaction_path.into_raw();
        if action.ty != sys::ActionType::POSE_INPUT || !action.subactions.contains(&sub) {
            return R::ERROR_PATH_UNSUPPORTED;
        }
        let Some(device) = rt.device_of_path(sub) else {
            return R::ERROR_PATH_UNSUPPORTED;
        };
        let h = rt.handle();
        rt.spaces.insert(h, SpaceKind::Device(device));
        *out = sys::Space::from_raw(h);
        R::SUCCESS
    })
}

unsafe extern "system" fn locate_space(
    space: sys::Space,
    base: sys::Space,
    time: sys::Time,
    location: *mut sys::SpaceLocation,
) -> R {
    with_instance(0, |rt| {
        let (Some(&kind), Some(&base_kind)) = (
            rt.spaces.get(&space.into_raw()),
            rt.spaces.get(&base.into_raw()),
        ) else {
            return R::ERROR_HANDLE_INVALID;
        };
        if !matches!(
            base_kind,
            SpaceKind::Reference(sys::ReferenceSpaceType::STAGE | sys::ReferenceSpaceType::LOCAL)
        ) {
            return R::ERROR_VALIDATION_FAILURE;
        }
        let t = time.as_nanos();
        let epoch = *rt.epoch_ns.get_or_insert(t);
        let tau = rt.player.first_s() + (t - epoch) as f64 * 1e-9;
        let device = match kind {
            SpaceKind::Reference(sys::ReferenceSpaceType::VIEW) => Some(Device::Head),
            SpaceKind::Reference(_) => None,
            SpaceKind::Device(d) => d,
        };
        let pose = device
            .filter(|&d| input::pose_bound(rt, d))
            .and_then(|d| rt.player.pose(d, tau));
        let loc = &mut *location;
        match (kind, pose) {
            (SpaceKind::Reference(r), _) if r != sys::ReferenceSpaceType::VIEW => {
                loc.location_flags = all_flags();
                loc.pose = sys::Posef::IDENTITY;
            }
            (_, Some(p)) => {
                loc.location_flags = all_flags();
                let (q, x) = (p.rotation, p.position);
                loc.pose = sys::Posef {
                    orientation: sys::Quaternionf {
                        x: q.x as f32,
                        y: q.y as f32,
                        z: q.z as f32,
                        w: q.w as f32,
                    },
                    position: sys::Vector3f {
                        x: x.x as f32,
                        y: x.y as f32,
                        z: x.z as f32,
                    },
                };
            }
            (_, None) => {
                loc.location_flags = sys::SpaceLocationFlags::EMPTY;
                let [x, y, z] = INVALID_POSITION;
                loc.pose = sys::Posef {
                    orientation: sys::Quaternionf::IDENTITY,
                    position: sys::Vector3f { x, y, z },
                };
            }
        }
        R::SUCCESS
    })
}

fn all_flags() -> sys::SpaceLocationFlags {
    sys::SpaceLocationFlags::POSITION_VALID
        | sys::SpaceLocationFlags::ORIENTATION_VALID
        | sys::SpaceLocationFlags::POSITION_TRACKED
        | sys::SpaceLocationFlags::ORIENTATION_TRACKED
}

unsafe extern "system" fn destroy_space(space: sys::Space) -> R {
    let mut guard = state::lock();
    if let Some(rt) = guard.as_mut() {
        rt.spaces.remove(&space.into_raw());
    }
    R::SUCCESS
}

unsafe extern "system" fn string_to_path(
    instance: sys::Instance,
    s: *const c_char,
    out: *mut sys::Path,
) -> R {
    with_instance(instance.into_raw(), |rt| {
        let s = CStr::from_ptr(s).to_string_lossy();
        if !s.starts_with('/') {
            return R::ERROR_PATH_FORMAT_INVALID;
        }
        *out = sys::Path::from_raw(rt.path(&s));
        R::SUCCESS
    })
}

unsafe extern "system" fn path_to_string(
    instance: sys::Instance,
    path: sys::Path,
    capacity: u32,
    count: *mut u32,
    buffer: *mut c_char,
) -> R {
    with_instance(instance.into_raw(), |rt| {
        let Some(s) = rt.path_str(path.into_raw()) else {
            return R::ERROR_PATH_INVALID;
        };
        let bytes: Vec<c_char> = s
            .bytes()
            .chain(std::iter::once(0))
            .map(|b| b as c_char)
            .collect();
        two_call(&bytes, capacity, count, buffer)
    })
}

unsafe extern "system" fn create_action_set(
    instance: sys::Instance,
    _info: *const sys::ActionSetCreateInfo,
    out: *mut sys::ActionSet,
) -> R {
    with_instance(instance.into_raw(), |rt| {
        *out = sys::ActionSet::from_raw(rt.handle());
        R::SUCCESS
    })
}

unsafe extern "system" fn destroy_action_set(_set: sys::ActionSet) -> R {
    R::SUCCESS
}

unsafe extern "system" fn create_action(
    _set: sys::ActionSet,
    info: *const sys::ActionCreateInfo,
    out: *mut sys::Action,
) -> R {
    with_instance(0, |rt| {
        let info = &*info;
        let subactions = (0..info.count_subaction_paths as usize)
            .map(|i| (*info.subaction_paths.add(i)).into_raw())
            .collect();
        let h = rt.handle();
        rt.actions.insert(
            h,
            state::Action {
                ty: info.action_type,
                subactions,
            },
        );
        *out = sys::Action::from_raw(h);
        R::SUCCESS
    })
}

unsafe extern "system" fn destroy_action(action: sys::Action) -> R {
    let mut guard = state::lock();
    if let Some(rt) = guard.as_mut() {
        rt.actions.remove(&action.into_raw());
    }
    R::SUCCESS
}

unsafe extern "system" fn suggest_interaction_profile_bindings(
    instance: sys::Instance,
    suggested: *const sys::InteractionProfileSuggestedBinding,
) -> R {
    with_instance(instance.into_raw(), |rt| {
        let s = &*suggested;
        let profile = rt
            .path_str(s.interaction_profile.into_raw())
            .unwrap_or_default()
            .to_string();
        let tracker = profile == "/interaction_profiles/htc/vive_tracker_htcx";
        if tracker && rt.htcx {
            return R::SUCCESS;
        }
        if !input::CONTROLLER_PROFILES.contains(&profile.as_str()) {
            return R::ERROR_PATH_UNSUPPORTED;
        }
        let mut bindings = Vec::new();
        for i in 0..s.count_suggested_bindings as usize {
            let b = *s.suggested_bindings.add(i);
            let action = b.action.into_raw();
            let (Some(a), Some(path)) =
                (rt.actions.get(&action), rt.path_str(b.binding.into_raw()))
            else {
                return R::ERROR_HANDLE_INVALID;
            };
            if !input::binding_ok(&profile, a.ty, path, rt.refuse.as_deref()) {
                return R::ERROR_PATH_UNSUPPORTED;
            }
            bindings.push((action, path.to_string()));
        }
        rt.bindings.insert(profile, bindings);
        R::SUCCESS
    })
}

unsafe extern "system" fn attach_session_action_sets(
    session: sys::Session,
    _info: *const sys::SessionActionSetsAttachInfo,
) -> R {
    with_session(session, |_| R::SUCCESS)
}

unsafe extern "system" fn sync_actions(
    session: sys::Session,
    _info: *const sys::ActionsSyncInfo,
) -> R {
    with_session(session, |rt| {
        rt.synced_ns = Some(monotonic_ns());
        R::SUCCESS
    })
}

/// `CLOCK_MONOTONIC` now, nanoseconds (the runtime's XrTime).
fn monotonic_ns() -> i64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec to write to.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut t) };
    t.tv_sec * 1_000_000_000 + t.tv_nsec
}

unsafe extern "system" fn convert_timespec_time_to_time(
    instance: sys::Instance,
    timespec: *const libc::timespec,
    out: *mut sys::Time,
) -> R {
    with_instance(instance.into_raw(), |_| {
        let t = &*timespec;
        *out = sys::Time::from_nanos(t.tv_sec * 1_000_000_000 + t.tv_nsec);
        R::SUCCESS
    })
}

unsafe extern "system" fn convert_time_to_timespec_time(
    instance: sys::Instance,
    time: sys::Time,
    out: *mut libc::timespec,
) -> R {
    with_instance(instance.into_raw(), |_| {
        let ns = time.as_nanos();
        *out = libc::timespec {
            tv_sec: ns.div_euclid(1_000_000_000),
            tv_nsec: ns.rem_euclid(1_000_000_000),
        };
        R::SUCCESS
    })
}

unsafe extern "system" fn enumerate_vive_tracker_paths(
    instance: sys::Instance,
    capacity: u32,
    count: *mut u32,
    paths: *mut sys::ViveTrackerPathsHTCX,
) -> R {
    with_instance(instance.into_raw(), |rt| {
        let trackers = rt.trackers.clone();
        let items: Vec<sys::ViveTrackerPathsHTCX> = trackers
            .iter()
            .map(|t| sys::ViveTrackerPathsHTCX {
                ty: sys::ViveTrackerPathsHTCX::TYPE,
                next: std::ptr::null_mut(),
                persistent_path: sys::Path::from_raw(
                    rt.path(&format!("/devices/posewire_test/tracker_{}", t.xdev_id)),
                ),
                role_path: sys::Path::from_raw(
                    rt.path(&format!("/user/vive_tracker_htcx/role/{}", t.role)),
                ),
            })
            .collect();
        two_call(&items, capacity, count, paths)
    })
}

// XR_MNDX_xdev_space (not in openxr-sys): the trackers again, by id.

#[repr(C)]
struct GetXDevInfo {
    ty: sys::StructureType,
    next: *const c_void,
    id: u64,
}

#[repr(C)]
struct XDevProperties {
    ty: sys::StructureType,
    next: *mut c_void,
    name: [c_char; 256],
    serial: [c_char; 256],
    can_create_space: sys::Bool32,
}

#[repr(C)]
struct CreateXDevSpaceInfo {
    ty: sys::StructureType,
    next: *const c_void,
    xdev_list: u64,
    id: u64,
    offset: sys::Posef,
}

unsafe extern "system" fn create_xdev_list(
    session: sys::Session,
    _info: *const c_void,
    out: *mut u64,
) -> R {
    with_session(session, |rt| {
        *out = rt.handle();
        R::SUCCESS
    })
}

unsafe extern "system" fn get_xdev_list_generation(_list: u64, out: *mut u64) -> R {
    *out = 1;
    R::SUCCESS
}

unsafe extern "system" fn enumerate_xdevs(
    _list: u64,
    capacity: u32,
    count: *mut u32,
    out: *mut u64,
) -> R {
    with_instance(0, |rt| {
        let ids: Vec<u64> = rt.trackers.iter().map(|t| t.xdev_id).collect();
        two_call(&ids, capacity, count, out)
    })
}

unsafe extern "system" fn get_xdev_properties(
    _list: u64,
    info: *const GetXDevInfo,
    out: *mut XDevProperties,
) -> R {
    with_instance(0, |rt| {
        let id = (*info).id;
        let Some(t) = rt.trackers.iter().find(|t| t.xdev_id == id) else {
            return R::ERROR_VALIDATION_FAILURE;
        };
        let p = &mut *out;
        write_name(&mut p.name, &t.name);
        write_name(
            &mut p.serial,
            &format!("TEST-{}", t.role.to_ascii_uppercase()),
        );
        p.can_create_space = sys::TRUE;
        R::SUCCESS
    })
}

unsafe extern "system" fn destroy_xdev_list(_list: u64) -> R {
    R::SUCCESS
}

unsafe extern "system" fn create_xdev_space(
    session: sys::Session,
    info: *const CreateXDevSpaceInfo,
    out: *mut sys::Space,
) -> R {
    with_session(session, |rt| {
        let id = (*info).id;
        let Some(device) = rt
            .trackers
            .iter()
            .find(|t| t.xdev_id == id)
            .map(|t| t.device)
        else {
            return R::ERROR_VALIDATION_FAILURE;
        };
        let h = rt.handle();
        rt.spaces.insert(h, SpaceKind::Device(device));
        *out = sys::Space::from_raw(h);
        R::SUCCESS
    })
}

unsafe extern "system" fn create_hand_tracker(
    session: sys::Session,
    info: *const sys::HandTrackerCreateInfoEXT,
    out: *mut sys::HandTrackerEXT,
) -> R {
    with_session(session, |rt| {
        let Some(info) = info.as_ref() else {
            return R::ERROR_VALIDATION_FAILURE;
        };
        if rt.hands.is_none() {
            return R::ERROR_FEATURE_UNSUPPORTED;
        }
        if info.hand_joint_set != sys::HandJointSetEXT::DEFAULT {
            return R::ERROR_VALIDATION_FAILURE;
        }
        let side = match info.hand {
            sys::HandEXT::LEFT => Side::Left,
            sys::HandEXT::RIGHT => Side::Right,
            _ => return R::ERROR_VALIDATION_FAILURE,
        };
        let h = rt.handle();
        rt.hand_trackers.insert(h, side);
        *out = sys::HandTrackerEXT::from_raw(h);
        R::SUCCESS
    })
}

unsafe extern "system" fn destroy_hand_tracker(tracker: sys::HandTrackerEXT) -> R {
    let mut guard = state::lock();
    if let Some(rt) = guard.as_mut() {
        rt.hand_trackers.remove(&tracker.into_raw());
    }
    R::SUCCESS
}

/// `xrLocateHandJointsEXT`: the script of [`crate::hands`] at the hand's
/// controller grip pose (not tracked where the take has no grip pose).
unsafe extern "system" fn locate_hand_joints(
    tracker: sys::HandTrackerEXT,
    info: *const sys::HandJointsLocateInfoEXT,
    locations: *mut sys::HandJointLocationsEXT,
) -> R {
    with_instance(0, |rt| {
        let (Some(&side), Some(info), Some(out)) = (
            rt.hand_trackers.get(&tracker.into_raw()),
            info.as_ref(),
            locations.as_mut(),
        ) else {
            return R::ERROR_HANDLE_INVALID;
        };
        if !matches!(
            rt.spaces.get(&info.base_space.into_raw()),
            Some(SpaceKind::Reference(
                sys::ReferenceSpaceType::STAGE | sys::ReferenceSpaceType::LOCAL
            ))
        ) {
            return R::ERROR_VALIDATION_FAILURE;
        }
        if out.joint_count as usize != posewire_body::hand_tracking::XR_JOINT_COUNT
            || out.joint_locations.is_null()
        {
            return R::ERROR_VALIDATION_FAILURE;
        }
        let t = info.time.as_nanos();
        let epoch = *rt.epoch_ns.get_or_insert(t);
        let s = (t - epoch) as f64 * 1e-9;
        let device = match side {
            Side::Left => Device::LeftHand,
            Side::Right => Device::RightHand,
        };
        let wrist = rt.player.pose(device, rt.player.first_s() + s);
        let served = match (&rt.hands, wrist) {
            (Some(hands), Some(wrist)) => crate::hands::served(hands, side, s, wrist),
            _ => None,
        };
        let joints = std::slice::from_raw_parts_mut(out.joint_locations, out.joint_count as usize);
        out.is_active = served.is_some().into();
        for (i, j) in joints.iter_mut().enumerate() {
            let (pose, valid) = match &served {
                Some(served) => served[i],
                None => (posewire_body::Transform::IDENTITY, false),
            };
            let (q, x) = (pose.rotation, pose.position);
            j.location_flags = if valid {
                all_flags()
            } else {
                sys::SpaceLocationFlags::EMPTY
            };
            j.radius = 0.01;
            j.pose = if valid {
                sys::Posef {
                    orientation: sys::Quaternionf {
                        x: q.x as f32,
                        y: q.y as f32,
                        z: q.z as f32,
                        w: q.w as f32,
                    },
                    position: sys::Vector3f {
                        x: x.x as f32,
                        y: x.y as f32,
                        z: x.z as f32,
                    },
                }
            } else {
                // What a source that used it anyway would be caught by.
                let [x, y, z] = INVALID_POSITION;
                sys::Posef {
                    orientation: sys::Quaternionf {
                        x: 0.0,
                        y: 1.0,
                        z: 0.0,
                        w: 0.0,
                    },
                    position: sys::Vector3f { x, y, z },
                }
            };
        }
        R::SUCCESS
    })
}

/// The implemented function of this name, as a void function pointer.
pub fn lookup(name: &str) -> Option<sys::pfn::VoidFunction> {
    macro_rules! table {
        ($($name:literal => $f:expr, $ty:ty;)*) => {
            match name {
                $($name => {
                    let f: $ty = $f;
                    // SAFETY: a function pointer cast to the void
                    // function type, as xrGetInstanceProcAddr returns;
                    // the caller casts it back to the named signature.
                    Some(unsafe { std::mem::transmute::<$ty, sys::pfn::VoidFunction>(f) })
                })*
                _ => None,
            }
        };
    }
    type CreateXDevList = unsafe extern "system" fn(sys::Session, *const c_void, *mut u64) -> R;
    type Generation = unsafe extern "system" fn(u64, *mut u64) -> R;
    type EnumerateXDevs = unsafe extern "system" fn(u64, u32, *mut u32, *mut u64) -> R;
    type XDevProps = unsafe extern "system" fn(u64, *const GetXDevInfo, *mut XDevProperties) -> R;
    type DestroyXDevList = unsafe extern "system" fn(u64) -> R;
    type CreateXDevSpace =
        unsafe extern "system" fn(sys::Session, *const CreateXDevSpaceInfo, *mut sys::Space) -> R;
    let htcx = state::lock()
        .as_ref()
        .map_or_else(state::offers_htcx, |rt| rt.htcx);
    if name == "xrEnumerateViveTrackerPathsHTCX" && !htcx {
        return None;
    }
    if name.ends_with("HandTrackerEXT") || name == "xrLocateHandJointsEXT" {
        let hands = state::lock()
            .as_ref()
            .map_or_else(state::offers_hands, |rt| rt.hands.is_some());
        if !hands {
            return None;
        }
    }
    use sys::pfn;
    table! {
        "xrEnumerateInstanceExtensionProperties" => enumerate_instance_extension_properties, pfn::EnumerateInstanceExtensionProperties;
        "xrEnumerateApiLayerProperties" => enumerate_api_layer_properties, pfn::EnumerateApiLayerProperties;
        "xrCreateInstance" => create_instance, pfn::CreateInstance;
        "xrDestroyInstance" => destroy_instance, pfn::DestroyInstance;
        "xrGetInstanceProperties" => get_instance_properties, pfn::GetInstanceProperties;
        "xrPollEvent" => poll_event, pfn::PollEvent;
        "xrGetSystem" => get_system, pfn::GetSystem;
        "xrGetSystemProperties" => get_system_properties, pfn::GetSystemProperties;
        "xrCreateSession" => create_session, pfn::CreateSession;
        "xrDestroySession" => destroy_session, pfn::DestroySession;
        "xrBeginSession" => begin_session, pfn::BeginSession;
        "xrEndSession" => end_session, pfn::EndSession;
        "xrEnumerateReferenceSpaces" => enumerate_reference_spaces, pfn::EnumerateReferenceSpaces;
        "xrCreateReferenceSpace" => create_reference_space, pfn::CreateReferenceSpace;
        "xrCreateActionSpace" => create_action_space, pfn::CreateActionSpace;
        "xrLocateSpace" => locate_space, pfn::LocateSpace;
        "xrDestroySpace" => destroy_space, pfn::DestroySpace;
        "xrStringToPath" => string_to_path, pfn::StringToPath;
        "xrPathToString" => path_to_string, pfn::PathToString;
        "xrCreateActionSet" => create_action_set, pfn::CreateActionSet;
        "xrDestroyActionSet" => destroy_action_set, pfn::DestroyActionSet;
        "xrCreateAction" => create_action, pfn::CreateAction;
        "xrDestroyAction" => destroy_action, pfn::DestroyAction;
        "xrSuggestInteractionProfileBindings" => suggest_interaction_profile_bindings, pfn::SuggestInteractionProfileBindings;
        "xrAttachSessionActionSets" => attach_session_action_sets, pfn::AttachSessionActionSets;
        "xrSyncActions" => sync_actions, pfn::SyncActions;
        "xrGetActionStateBoolean" => input::get_action_state_boolean, pfn::GetActionStateBoolean;
        "xrGetActionStateFloat" => input::get_action_state_float, pfn::GetActionStateFloat;
        "xrGetActionStateVector2f" => input::get_action_state_vector2f, pfn::GetActionStateVector2f;
        "xrConvertTimespecTimeToTimeKHR" => convert_timespec_time_to_time, pfn::ConvertTimespecTimeToTimeKHR;
        "xrConvertTimeToTimespecTimeKHR" => convert_time_to_timespec_time, pfn::ConvertTimeToTimespecTimeKHR;
        "xrEnumerateViveTrackerPathsHTCX" => enumerate_vive_tracker_paths, pfn::EnumerateViveTrackerPathsHTCX;
        "xrCreateXDevListMNDX" => create_xdev_list, CreateXDevList;
        "xrGetXDevListGenerationNumberMNDX" => get_xdev_list_generation, Generation;
        "xrEnumerateXDevsMNDX" => enumerate_xdevs, EnumerateXDevs;
        "xrGetXDevPropertiesMNDX" => get_xdev_properties, XDevProps;
        "xrDestroyXDevListMNDX" => destroy_xdev_list, DestroyXDevList;
        "xrCreateXDevSpaceMNDX" => create_xdev_space, CreateXDevSpace;
        "xrCreateHandTrackerEXT" => create_hand_tracker, pfn::CreateHandTrackerEXT;
        "xrDestroyHandTrackerEXT" => destroy_hand_tracker, pfn::DestroyHandTrackerEXT;
        "xrLocateHandJointsEXT" => locate_hand_joints, pfn::LocateHandJointsEXT;
    }
}
