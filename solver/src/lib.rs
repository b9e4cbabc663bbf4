//! Posewire solvers: device poses in, whole-body poses out.
//!
//! The kinematic baseline [`ik::IkSolver`] turns the device poses of a
//! [`posewire_body::formats::TrackerTake`] into a [`posewire_body::BodyPose`]
//! per frame; [`solve::solve_take`] runs it over a whole take, causally,
//! through the one per-avatar tick of [`tick`] that the daemon runs too;
//! [`settings`] is the solvers' settings as data (`[solver]`).

pub mod filter;
pub mod gait;
pub mod gate;
pub mod heading;
pub mod ik;
pub mod learned;
pub mod offset_refine;
pub mod pelvis_hold;
pub mod physics;
pub mod settings;
pub mod solve;
pub mod standing;
pub mod stepping;
pub mod tick;
pub mod tracking;
pub mod trunk;
pub mod twist;
pub mod warm_up;

pub use gate::{GateSettings, Rejection, Verdict};
pub use ik::{IkSettings, IkSolver};
pub use settings::{SettingsError, SolverSettings};
pub use solve::{
    solve_take, solve_take_counted, take_ticks, SolveError, SolveOptions, SolvedTake, SolverKind,
};
pub use tick::{AvatarSolver, Push, PushRefused, SharedSpace, Solved};
pub use trunk::TrunkMode;
