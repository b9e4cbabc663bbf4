//! A small binding of `XR_MNDX_xdev_space` (Monado, WiVRn), which the
//! `openxr` crate does not wrap: the runtime's devices listed with name
//! and serial, and a space for each that can have one. Functions are
//! loaded through `xrGetInstanceProcAddr`. One of the two modules allowed
//! unsafe code.
#![allow(unsafe_code)]

use std::ffi::{c_char, c_void, CStr};

use openxr as xr;
use xr::sys;
use xr::sys::Handle as _;

use crate::error::OpenXrError;

/// The extension's name, NUL-terminated (as the crate's extension list
/// wants it).
pub(crate) const NAME: &[u8] = b"XR_MNDX_xdev_space\0";

const TYPE_CREATE_XDEV_LIST_INFO: i32 = 1_000_444_002;
const TYPE_GET_XDEV_INFO: i32 = 1_000_444_003;
const TYPE_XDEV_PROPERTIES: i32 = 1_000_444_004;
const TYPE_CREATE_XDEV_SPACE_INFO: i32 = 1_000_444_005;

/// `XrXDevListMNDX`: a handle.
type XDevList = u64;
/// `XrXDevIdMNDX`: an atom.
type XDevId = u64;

#[repr(C)]
struct CreateXDevListInfo {
    ty: sys::StructureType,
    next: *const c_void,
}

#[repr(C)]
struct GetXDevInfo {
    ty: sys::StructureType,
    next: *const c_void,
    id: XDevId,
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
    xdev_list: XDevList,
    id: XDevId,
    offset: sys::Posef,
}

type CreateXDevList = unsafe extern "system" fn(
    sys::Session,
    *const CreateXDevListInfo,
    *mut XDevList,
) -> sys::Result;
type EnumerateXDevs =
    unsafe extern "system" fn(XDevList, u32, *mut u32, *mut XDevId) -> sys::Result;
type GetXDevProperties =
    unsafe extern "system" fn(XDevList, *const GetXDevInfo, *mut XDevProperties) -> sys::Result;
type DestroyXDevList = unsafe extern "system" fn(XDevList) -> sys::Result;
type CreateXDevSpace = unsafe extern "system" fn(
    sys::Session,
    *const CreateXDevSpaceInfo,
    *mut sys::Space,
) -> sys::Result;

/// One device of the runtime.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct XDev {
    pub id: u64,
    pub name: String,
    pub serial: String,
    pub can_create_space: bool,
}

/// A list of the runtime's devices, alive until dropped.
pub(crate) struct XDevs {
    list: XDevList,
    destroy: DestroyXDevList,
    create_space: CreateXDevSpace,
    session: sys::Session,
    /// The devices, as listed when the list was made.
    pub devices: Vec<XDev>,
}

fn load<T>(instance: &xr::Instance, name: &CStr) -> Result<T, OpenXrError> {
    let mut f: Option<sys::pfn::VoidFunction> = None;
    // SAFETY: a valid instance and a NUL-terminated name; the runtime
    // writes a function pointer or an error.
    let r =
        unsafe { (instance.fp().get_instance_proc_addr)(instance.as_raw(), name.as_ptr(), &mut f) };
    match f {
        // SAFETY: the pointer is the named function, whose signature is
        // the one `T` declares (from the extension's specification), and
        // both are plain function pointers of the same size.
        Some(f) if r.into_raw() >= 0 => {
            Ok(unsafe { std::mem::transmute_copy::<sys::pfn::VoidFunction, T>(&f) })
        }
        _ => Err(OpenXrError::call(
            "xrGetInstanceProcAddr (XR_MNDX_xdev_space)",
            r,
        )),
    }
}

fn check(call: &'static str, r: sys::Result) -> Result<(), OpenXrError> {
    if r.into_raw() < 0 {
        Err(OpenXrError::call(call, r))
    } else {
        Ok(())
    }
}

fn text(chars: &[c_char]) -> String {
    let bytes: Vec<u8> = chars
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

impl XDevs {
    /// Lists the devices of `session`'s runtime (the instance must have
    /// the extension enabled).
    pub fn list(
        instance: &xr::Instance,
        session: &xr::Session<xr::Headless>,
    ) -> Result<XDevs, OpenXrError> {
        let create: CreateXDevList = load(instance, c"xrCreateXDevListMNDX")?;
        let enumerate: EnumerateXDevs = load(instance, c"xrEnumerateXDevsMNDX")?;
        let properties: GetXDevProperties = load(instance, c"xrGetXDevPropertiesMNDX")?;
        let destroy: DestroyXDevList = load(instance, c"xrDestroyXDevListMNDX")?;
        let create_space: CreateXDevSpace = load(instance, c"xrCreateXDevSpaceMNDX")?;
        let info = CreateXDevListInfo {
            ty: sys::StructureType::from_raw(TYPE_CREATE_XDEV_LIST_INFO),
            next: std::ptr::null(),
        };
        let mut list: XDevList = 0;
        // SAFETY: functions of the extension loaded for this instance,
        // called with a live session, valid structures and out-pointers;
        // the two-call enumeration writes at most `count` ids.
        unsafe {
            check(
                "xrCreateXDevListMNDX",
                create(session.as_raw(), &info, &mut list),
            )?;
            let mut xdevs = XDevs {
                list,
                destroy,
                create_space,
                session: session.as_raw(),
                devices: Vec::new(),
            };
            let mut count = 0u32;
            check(
                "xrEnumerateXDevsMNDX",
                enumerate(list, 0, &mut count, std::ptr::null_mut()),
            )?;
            let mut ids = vec![0u64; count as usize];
            check(
                "xrEnumerateXDevsMNDX",
                enumerate(list, count, &mut count, ids.as_mut_ptr()),
            )?;
            ids.truncate(count as usize);
            for id in ids {
                let get = GetXDevInfo {
                    ty: sys::StructureType::from_raw(TYPE_GET_XDEV_INFO),
                    next: std::ptr::null(),
                    id,
                };
                let mut props = XDevProperties {
                    ty: sys::StructureType::from_raw(TYPE_XDEV_PROPERTIES),
                    next: std::ptr::null_mut(),
                    name: [0; 256],
                    serial: [0; 256],
                    can_create_space: sys::FALSE,
                };
                check(
                    "xrGetXDevPropertiesMNDX",
                    properties(list, &get, &mut props),
                )?;
                xdevs.devices.push(XDev {
                    id,
                    name: text(&props.name),
                    serial: text(&props.serial),
                    can_create_space: props.can_create_space != sys::FALSE,
                });
            }
            Ok(xdevs)
        }
    }

    /// A space following device `id` (its own origin, no offset).
    pub fn create_space(
        &self,
        session: &xr::Session<xr::Headless>,
        id: u64,
    ) -> Result<xr::Space, OpenXrError> {
        let info = CreateXDevSpaceInfo {
            ty: sys::StructureType::from_raw(TYPE_CREATE_XDEV_SPACE_INFO),
            next: std::ptr::null(),
            xdev_list: self.list,
            id,
            offset: xr::Posef::IDENTITY,
        };
        let mut space = sys::Space::NULL;
        // SAFETY: the list is alive (owned by self), the session is the
        // one it was made on, and the runtime writes one space handle.
        let r = unsafe { (self.create_space)(self.session, &info, &mut space) };
        check("xrCreateXDevSpaceMNDX", r)?;
        Ok(crate::loader::space_from_raw(session, space))
    }
}

impl Drop for XDevs {
    fn drop(&mut self) {
        // SAFETY: the list handle is alive and destroyed only here.
        let r = unsafe { (self.destroy)(self.list) };
        if r.into_raw() < 0 {
            tracing::debug!(result = ?r, "xrDestroyXDevListMNDX failed");
        }
    }
}
