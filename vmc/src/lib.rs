//! Posewire's bridge to the VR ecosystem's OSC protocols, as plain
//! synchronous Rust (no sockets, no async: the daemon owns those).
//!
//! - [`osc`]: a strict OSC 1.0 codec (messages and bundles; int32,
//!   float32, string, blob, plus int64, float64 and the argument-less
//!   `T`, `F`, `N`, `I` tags when decoding).
//! - [`unity`]: Posewire's right-handed frame to and from Unity's
//!   left-handed one, which both VMC and VRChat use.
//! - [`vmc`]: the VMC protocol (<https://protocol.vmc.info/english>):
//!   bodies as `/VMC/Ext/Root/Pos` + `/VMC/Ext/Bone/Pos` with Unity
//!   `HumanBodyBones` names, `/VMC/Ext/OK`, `/VMC/Ext/T`, device poses as
//!   `/VMC/Ext/Hmd|Con|Tra/Pos`; and [`vmc::DeviceReceiver`], which turns
//!   received packets into device poses while counting what it drops.
//! - [`vmc_input`]: controller input, `/VMC/Ext/Con`.
//! - [`vrchat`]: VRChat's OSC trackers (`/tracking/trackers/1..8` and
//!   `head`, position and Euler rotation).

pub mod osc;
pub mod unity;
pub mod vmc;
pub mod vmc_input;
pub mod vrchat;

pub use osc::{OscArg, OscError, OscMessage, OscPacket};
