//! The frame conventions every Posewire crate shares, stated once.
//!
//! - Units: metres, seconds, radians (degrees only in human-facing text).
//! - World frame: right-handed, **+Y up**, gravity along -Y, floor at y = 0.
//! - Canonical rest pose: a T-pose facing **+Z** with the body's left side at
//!   **+X** (arms straight out sideways, palms down, legs straight, feet flat
//!   and forward). In the rest pose every bone's rotation is the identity.
//! - A bone's rotation (world, relative to rest) turns the rest frame
//!   (x left, y up, z forward) into the bone's current frame.
//! - Quaternions are unit quaternions, written `x,y,z,w` in files.
//! - Positions are `f64` throughout: offline evaluation compares to 1e-4 m
//!   and the BVH round trip to 1e-6.

use glam::DVec3;

/// World up (+Y).
pub const UP: DVec3 = DVec3::Y;
/// The body's left at rest (+X).
pub const LEFT: DVec3 = DVec3::X;
/// The direction the body faces at rest (+Z).
pub const FORWARD: DVec3 = DVec3::Z;
/// Standard gravity, m/s^2 (magnitude; it points along -Y).
pub const GRAVITY: f64 = 9.80665;
