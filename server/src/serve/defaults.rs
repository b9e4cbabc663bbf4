//! The daemon's defaults that several modules share (the configuration, the
//! daemon, avatar building, the take store, the CLI). A leaf: it imports
//! none of them.

/// The default address: loopback only, the gRPC port by custom.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:50051";

/// The default storage folder (profiles, caches), relative to the working
/// directory.
pub const DEFAULT_STORAGE: &str = "posewire-data";

/// Stature of the built-in average body, metres: an avatar without a
/// profile gets this body.
pub const DEFAULT_STATURE_M: f64 = 1.75;
