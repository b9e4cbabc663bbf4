//! Look-at posture: a chain of joints (for a person the lumbar spine, chest,
//! neck and head) shares a gaze turn the way people do, by ordered and
//! constrained joint rotations (issue 3).
//!
//! The chain is generic. Each joint has a rest offset to the next joint (in
//! its own bone frame; the end bone's offset is the gaze origin, the eyes)
//! and one to three mutually perpendicular rotation axes in its parent frame,
//! outermost first; its local rotation is the product of the per-axis
//! rotations, so hard limits are per axis angle. The end bone carries a gaze
//! axis.
//!
//! A solve starts from the rest pose and runs:
//! 0. **Roll**: a head roll (tilt toward a shoulder) is shared by the `roll`
//!    entries in order, each joint taking its fraction of what remains
//!    about its axis along the gaze; the end joint's roll axis takes the
//!    rest. These axes are held through the phases (a roll does not move
//!    the gaze).
//! 1. **Phase 1**, a first posture: in list order, each entry's joint turns
//!    to aim an axis fixed in a bone (itself or a later one) at the target,
//!    about one of its axes (the angle between the projections on the plane
//!    perpendicular to that axis) or `free` (the shortest arc, decomposed
//!    onto its axes). The turn is limited by the [`LimitRule`] (by default
//!    the larger of fraction x full turn and the maximum angle), never beyond
//!    the full turn, then every axis angle is clamped to its hard limits.
//! 2. **Phase 2**: a second list, all aiming the end bone's gaze axis,
//!    repeated for up to `passes` passes or until the aim error is below the
//!    tolerance.
//! 3. **Phase 3** (optional, on by default): from the last joint back to the
//!    first, turns limited only by the hard limits, stopping as soon as the
//!    gaze is on target.
//!
//! Aim rays start at the aimed bone's end point; a turn accounts for that
//! offset from the pivot (it puts the target on the ray, not merely parallel
//! to it). The head roll needs the end joint's last axis to lie along the
//! gaze axis. When a per-axis turn is within
//! `behind_hysteresis_deg` of 180 degrees, the side of the previous solve is
//! kept, so a target passing behind leaves the chain at its limits instead of
//! flipping to the other side.
//!
//! Known limit: a per-axis turn about an axis nearly along the aim or the
//! target direction fades out (its angle is ill-conditioned), but for a
//! target out of reach (behind the reachable yaw) the pitch and roll axes
//! may still jump between their limits as the target crosses the horizon;
//! the step-size test covers reachable targets only.
//!
//! The default tables ([`LookAtConfig::default`]) are the shipped
//! `configs/look_at.toml`, whose comments cite the sources.

mod chain;
mod config;
mod phases;

pub use chain::{AimEntry, AxisChoice, ChainAxis, ChainJoint, LookAtChain, LookAtState};
pub use config::{
    AxisConfig, JointConfig, LimitRule, LookAtConfig, LookAtConfigError, Phase1Entry, Phase2Entry,
    RollEntry, RuleSchedule, FREE_AXIS, SHIPPED_TOML,
};
pub use phases::{LookAtPhase, LookAtResult, LookAtSolveError};

#[cfg(test)]
mod tests;
