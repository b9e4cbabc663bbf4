//! OpenXR device source for the Posewire daemon.
//!
//! Reads the headset (VIEW space), both controllers (grip poses and
//! inputs — grip, trigger, buttons, stick, touch — through an action set
//! bound for the common controller profiles) and extra trackers
//! (`XR_HTCX_vive_tracker_interaction` roles, `XR_MNDX_xdev_space` devices)
//! and, where the runtime offers `XR_EXT_hand_tracking`, both hands' joints
//! as finger rotations ([`OpenXrSource::tracked_fingers`])
//! from whatever OpenXR runtime the system's loader points at, in a
//! headless session (`XR_MND_headless`), and turns them into Posewire
//! tracker samples.
//!
//! The loader is opened at run time (`libopenxr_loader.so.1`, then
//! `libopenxr_loader.so`), never linked: the binary builds and runs where no
//! loader or runtime exists, and the source then says so in its status and
//! log and keeps retrying.
//!
//! All OpenXR calls happen on the source's own thread ([`OpenXrSource`]);
//! the real-time loop only hands it tick times and takes the located
//! samples, so a slow or vanished runtime never blocks the loop.
//!
//! - [`settings`]: floor height and tracker-role mapping.
//! - [`error`]: what can go wrong, naming the runtime call or extension.
//! - `loader`, `xdev`: the only modules with unsafe code (opening the
//!   loader, the headless session, raw extension functions).
//! - `connection`: one instance + session + spaces (and hand trackers);
//!   events; locating.
//! - `input_actions`: the controller input actions, their bindings per
//!   profile, and reading their state.
//! - [`source`]: the thread, reconnection and the status it reports.

pub mod error;
pub mod settings;
pub mod source;

mod connection;
mod input_actions;
mod loader;
mod xdev;

pub use error::OpenXrError;
pub use loader::{open_loader, LOADER_NAMES};
pub use settings::{OpenXrSettings, TrackerTarget};
pub use source::{ConnectionState, OpenXrSource, OpenXrStatus};
