//! Posewire solvers: device poses in, whole-body poses out.
//!
//! The kinematic baseline [`ik::IkSolver`] turns the device poses of a
//! [`posewire_body::formats::TrackerTake`] into a [`posewire_body::BodyPose`]
//! per frame; [`solve::solve_take`] runs it over a whole take, causally.

pub mod filter;
pub mod gait;
pub mod gate;
pub mod ik;
pub mod physics;
pub mod solve;
pub mod stepping;
pub mod tracking;
pub mod trunk;

pub use gate::{GateSettings, Rejection, Verdict};
pub use ik::{IkSettings, IkSolver};
pub use solve::{solve_take, take_ticks, SolveError, SolveOptions, SolverKind};
pub use trunk::TrunkMode;
