//! What can go wrong talking to OpenXR, with the call or extension at
//! fault and what the user can do about it.

/// An OpenXR failure.
#[derive(Debug, thiserror::Error)]
pub enum OpenXrError {
    /// No loader library could be opened.
    #[error(
        "no OpenXR loader found (tried {tried}): install one (Debian/Ubuntu: `apt-get install libopenxr-loader1`) or set POSEWIRE_OPENXR_LOADER to its path; last error: {reason}"
    )]
    NoLoader {
        /// The names and paths tried, comma-separated.
        tried: String,
        /// The dynamic linker's message for the last one.
        reason: String,
    },
    /// The runtime (or the loader, when no runtime is installed or
    /// active) refused a call.
    #[error("OpenXR {call} failed: {result}{hint}")]
    Call {
        /// The OpenXR function or step, e.g. `xrCreateInstance`.
        call: &'static str,
        /// The runtime's result code.
        result: openxr::sys::Result,
        /// Advice for the common results (empty otherwise).
        hint: &'static str,
    },
    /// The runtime lacks an extension Posewire needs.
    #[error("the OpenXR runtime `{runtime}` lacks {extension}, which Posewire needs: {why}")]
    MissingExtension {
        /// The runtime's name (or `unknown`).
        runtime: String,
        /// The extension's name.
        extension: &'static str,
        /// What it is needed for.
        why: &'static str,
    },
}

impl OpenXrError {
    /// A failed call, with advice for results users meet.
    pub fn call(call: &'static str, result: openxr::sys::Result) -> OpenXrError {
        use openxr::sys::Result as R;
        let hint = match result {
            R::ERROR_RUNTIME_UNAVAILABLE | R::ERROR_RUNTIME_FAILURE => {
                " (is an OpenXR runtime installed and running? Start Monado, WiVRn or SteamVR, or point XR_RUNTIME_JSON at a runtime's manifest)"
            }
            R::ERROR_FORM_FACTOR_UNAVAILABLE => " (the headset is not connected or not yet ready)",
            R::ERROR_INSTANCE_LOST | R::ERROR_SESSION_LOST => " (the runtime went away)",
            _ => "",
        };
        OpenXrError::Call { call, result, hint }
    }

    /// Whether the instance is gone and must be created anew.
    pub fn is_loss(&self) -> bool {
        use openxr::sys::Result as R;
        matches!(
            self,
            OpenXrError::Call {
                result: R::ERROR_INSTANCE_LOST | R::ERROR_SESSION_LOST | R::ERROR_RUNTIME_FAILURE,
                ..
            }
        )
    }
}
