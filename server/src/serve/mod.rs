//! `posewire serve`: the live daemon. Devices in (the built-in `demo`
//! person, or a tracker take replayed in real time), a real-time loop on
//! its own thread stepping one shared space for every avatar, bodies out
//! to any number of gRPC subscribers through a fan-out that never blocks
//! the loop.
//!
//! - [`config`]: the TOML configuration and its validation; its tables
//!   [`avatar_config`] (`[[avatars]]`), [`web_config`] (`[web]`) and the
//!   others beside their users; the leaves every table shares:
//!   [`config_error`] (the error naming the key), [`ids`] (the id rule),
//!   [`defaults`] (address, storage folder, average stature).
//! - [`demo_source`] (and its props, [`demo_props`]), [`file_source`], [`push_source`]: device sources;
//!   [`clock`]: tracking a push sender's clock (offset and drift).
//! - [`avatar`]: one avatar's source, devices and solver in the loop;
//!   [`device_gate`]: the `[devices]` plausibility gate of samples.
//! - [`sim_loop`]: the fixed-rate loop thread.
//! - [`frame_build`]: solved bodies as `posewire.v1` frames.
//! - [`stats`], [`state`]: what the loop and the services share;
//!   [`avatar_info`]: an avatar's fixed facts.
//! - [`grpc`]: the services.
//! - [`access`]: bearer tokens and roles, the exposed-address rule;
//!   [`tls`]: the server certificate.
//! - [`skin`]: skinned vertices; [`live`], [`commands`] (objects:
//!   [`object_commands`]), [`avatar_build`]:
//!   avatar commands into the loop, vertex subscriptions, sample taps;
//!   [`profiles`]: stored body profiles; [`calibration_session`]: the wizard;
//!   [`source_paths`]: which files a client may name.
//! - [`daemon`]: start and clean shutdown ([`daemon_avatars`]: the
//!   configured avatars); [`signals`]: SIGINT/SIGTERM;
//!   [`shutdown_watch`]: the deadline on shutting down.
//! - [`web`], [`web_page`]: the live web view (issue 9), gRPC-Web and the
//!   embedded page on a second port.
//! - VMC and VRChat (issue 7): [`vmc_source`] (the `vmc` device source),
//!   [`osc_out`] (VMC and VRChat OSC outputs fed by the frame fan-out),
//!   [`osc_config`] (their configuration), [`osc_stats`] (their counters).
//! - Takes (issue 8): [`recorder`] (recording avatars into take files, with
//!   the pushes each tick applied), [`resolve`] (a take solved again through
//!   the solver crate's tick, `posewire_solver::tick`, as the loop runs it).
//! - [`solver_config`]: the `[solver]` section (and the old `solver = "..."`).
//! - [`cluster`]: shared spaces over NATS (issue 27): nodes and relays.

pub mod access;
pub mod avatar_build;
pub mod avatar_config;
pub mod avatar_info;
pub mod avatar_runner;
pub mod calibration_session;
pub mod clock;
pub mod cluster;
pub mod commands;
pub mod config;
pub mod config_error;
#[cfg(test)]
mod config_tables_tests;
pub mod daemon;
pub mod daemon_avatars;
pub mod defaults;
#[cfg(test)]
mod demo_grounded_tests;
pub mod demo_props;
pub mod demo_source;
pub mod device_gate;
pub mod file_source;
pub mod frame_build;
pub mod frame_check;
pub mod grpc;
pub mod handover;
pub mod ids;
pub mod limits;
pub mod live;
pub mod object_commands;
pub mod object_convert;
pub mod object_hulls;
pub mod object_take;
pub mod objects;
pub mod osc_config;
pub mod osc_out;
pub mod osc_stats;
pub mod profiles;
pub mod push_source;
pub mod read_budget;
pub mod recorder;
pub mod request_ranges;
pub mod resolve;
pub mod resolve_objects;
pub mod shutdown_watch;
pub mod signals;
pub mod sim_loop;
pub mod skin;
pub mod solver_config;
pub mod source_paths;
pub mod state;
pub mod stats;
pub mod take_fingers;
pub mod take_store;
pub mod tls;
pub mod vmc_source;
pub mod web;
pub mod web_config;
pub mod web_hosts;
pub mod web_page;

pub use config::Config;
pub use daemon::Daemon;
