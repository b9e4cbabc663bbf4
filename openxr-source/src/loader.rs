//! Opening the OpenXR loader at run time and the few calls the `openxr`
//! crate marks unsafe. One of the two modules allowed unsafe code; each
//! block says why it holds.
#![allow(unsafe_code)]

use std::path::Path;

use openxr as xr;

use crate::error::OpenXrError;

/// The loader names tried, in order: Debian's `libopenxr-loader1` ships
/// `libopenxr_loader.so.1`; the unversioned name comes with development
/// packages (`libopenxr-dev`) and self-built loaders.
pub const LOADER_NAMES: [&str; 2] = ["libopenxr_loader.so.1", "libopenxr_loader.so"];

/// An environment variable naming a loader library to use instead.
pub const LOADER_ENV: &str = "POSEWIRE_OPENXR_LOADER";

/// Opens the OpenXR loader: the library named by `POSEWIRE_OPENXR_LOADER`
/// if set, else [`LOADER_NAMES`] in order through the dynamic linker's
/// search path. Returns the entry points and the name that worked.
pub fn open_loader() -> Result<(xr::Entry, String), OpenXrError> {
    let names: Vec<String> = match std::env::var(LOADER_ENV) {
        Ok(path) if !path.is_empty() => vec![path],
        _ => LOADER_NAMES.iter().map(|s| s.to_string()).collect(),
    };
    let mut reason = String::new();
    for name in &names {
        // SAFETY: the library is an OpenXR loader (by its name, or the
        // user's explicit choice), which provides the spec's entry points
        // with the spec's signatures.
        match unsafe { xr::Entry::load_from(Path::new(name), &()) } {
            Ok(entry) => return Ok((entry, name.clone())),
            Err(e) => {
                reason = match &e {
                    xr::EntryError::Load(load) => load.to_string(),
                    other => other.to_string(),
                }
            }
        }
    }
    Err(OpenXrError::NoLoader {
        tried: names.join(", "),
        reason,
    })
}

/// Creates a session without graphics (`XR_MND_headless`, which the
/// instance must have enabled).
pub(crate) fn create_headless_session(
    instance: &xr::Instance,
    system: xr::SystemId,
) -> Result<xr::Session<xr::Headless>, OpenXrError> {
    // SAFETY: the instance was created with XR_MND_headless enabled (the
    // caller checks), which is what a Headless session requires.
    let (session, _waiter, _stream) = unsafe {
        instance
            .create_session::<xr::Headless>(system, &xr::headless::SessionCreateInfo {})
            .map_err(|r| OpenXrError::call("xrCreateSession (headless)", r))?
    };
    Ok(session)
}

/// The Vive trackers connected now, as (persistent path, role path)
/// strings (`XR_HTCX_vive_tracker_interaction`, which must be enabled).
pub(crate) fn vive_trackers(
    instance: &xr::Instance,
) -> Result<Vec<(String, Option<String>)>, OpenXrError> {
    let Some(ext) = instance.exts().htcx_vive_tracker_interaction else {
        return Ok(Vec::new());
    };
    let call = "xrEnumerateViveTrackerPathsHTCX";
    let mut count = 0u32;
    // SAFETY: the function pointer was loaded for this instance; the first
    // call only writes the count, the second at most `count` elements into
    // a buffer of that many initialised structures.
    let paths = unsafe {
        let r = (ext.enumerate_vive_tracker_paths)(
            instance.as_raw(),
            0,
            &mut count,
            std::ptr::null_mut(),
        );
        if r.into_raw() < 0 {
            return Err(OpenXrError::call(call, r));
        }
        let empty = xr::sys::ViveTrackerPathsHTCX {
            ty: xr::sys::ViveTrackerPathsHTCX::TYPE,
            next: std::ptr::null_mut(),
            persistent_path: xr::Path::NULL,
            role_path: xr::Path::NULL,
        };
        let mut buf = vec![empty; count as usize];
        let r = (ext.enumerate_vive_tracker_paths)(
            instance.as_raw(),
            count,
            &mut count,
            buf.as_mut_ptr(),
        );
        if r.into_raw() < 0 {
            return Err(OpenXrError::call(call, r));
        }
        buf.truncate(count as usize);
        buf
    };
    let name = |p: xr::Path| -> Option<String> {
        if p == xr::Path::NULL {
            None
        } else {
            instance.path_to_string(p).ok()
        }
    };
    Ok(paths
        .into_iter()
        .map(|p| {
            (
                name(p.persistent_path).unwrap_or_else(|| "?".into()),
                name(p.role_path),
            )
        })
        .collect())
}

/// Wraps a space handle made by an extension function into the crate's
/// `Space` (destroyed with the session's other spaces).
pub(crate) fn space_from_raw(
    session: &xr::Session<xr::Headless>,
    handle: xr::sys::Space,
) -> xr::Space {
    // SAFETY: `handle` is a live space just created on this session by the
    // runtime; the `Space` takes ownership and destroys it exactly once.
    unsafe { xr::Space::reference_from_raw(session.clone(), handle) }
}
