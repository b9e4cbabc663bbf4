//! The choices several commands share on the command line (device count,
//! condition, solver, trunk). A leaf: the commands import it, it imports
//! none of them.

use clap::ValueEnum;

/// How many devices a take carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, ValueEnum)]
pub enum DeviceCount {
    /// Headset and two hand controllers.
    #[value(name = "3")]
    Three,
    /// Headset, two hand controllers and a pelvis tracker.
    #[value(name = "4")]
    Four,
    /// Headset, two hand controllers, pelvis and two foot trackers.
    #[value(name = "6")]
    Six,
}

impl DeviceCount {
    /// The number of devices.
    pub fn count(self) -> usize {
        match self {
            DeviceCount::Three => 3,
            DeviceCount::Four => 4,
            DeviceCount::Six => 6,
        }
    }
}

/// Whether synthetic takes get sensor noise and tracking loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, ValueEnum)]
pub enum ConditionArg {
    /// Exact device poses.
    Clean,
    /// 1.5 mm / 0.5 degree noise and short tracking losses.
    Noisy,
}

impl ConditionArg {
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            ConditionArg::Clean => "clean",
            ConditionArg::Noisy => "noisy",
        }
    }
}

/// Which solver turns devices into a body.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum SolverArg {
    /// The kinematic baseline (inverse kinematics, no physics).
    #[default]
    Ik,
    /// The simulated body (rapier3d) tracking the kinematic reference with
    /// force arrays; collides with the floor.
    Physics,
}

/// How the trunk shares the head's rotation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum TrunkArg {
    /// The look-at chain of configs/look_at.toml: lumbar spine, chest, neck
    /// and head each take a constrained share of the turn.
    #[default]
    LookAt,
    /// The whole head rotation on the neck; the chest stays square to the
    /// pelvis (for comparison).
    NeckOnly,
}
