//! The choices the aids share on their command lines.

use posewire_evaluation::synth::Condition;
use posewire_solver::SolverKind;

/// Clean devices, or with the evaluation's noise.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConditionArg {
    /// Exact device poses.
    Clean,
    /// The evaluation's device noise (EVALUATION.md).
    Noisy,
}

impl From<ConditionArg> for Condition {
    fn from(c: ConditionArg) -> Condition {
        match c {
            ConditionArg::Clean => Condition::Clean,
            ConditionArg::Noisy => Condition::Noisy,
        }
    }
}

/// Which solver answers.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolverArg {
    /// The kinematic baseline.
    Ik,
    /// The physics avatar (the default solver).
    Physics,
}

impl From<SolverArg> for SolverKind {
    fn from(s: SolverArg) -> SolverKind {
        match s {
            SolverArg::Ik => SolverKind::Ik,
            SolverArg::Physics => SolverKind::Physics,
        }
    }
}

/// The validation clips and a device count, as the hand and offset tools
/// take them (`wrist_errors DIR 6`).
#[derive(clap::Args, Debug, Clone)]
pub struct ClipsAndDevices {
    /// A folder of BVH clips.
    #[arg(default_value = "../shared/data/mocap")]
    pub dir: std::path::PathBuf,
    /// Devices: 3, 4 or 6.
    #[arg(default_value_t = 6)]
    pub devices: usize,
}

impl ClipsAndDevices {
    /// The standard device set named.
    pub fn device_set(&self) -> anyhow::Result<posewire_body::DeviceSet> {
        devices(self.devices)
    }
}

/// The standard device set of `count` devices (3, 4 or 6).
pub fn devices(count: usize) -> anyhow::Result<posewire_body::DeviceSet> {
    posewire_body::DeviceSet::standard(count)
        .ok_or_else(|| anyhow::anyhow!("devices must be 3, 4 or 6, not {count}"))
}

/// Comma-separated finite numbers (`--sizes 25,60,250`), as one argument.
pub fn number_list(v: &str) -> Result<Vec<f64>, String> {
    v.split(',')
        .map(|x| {
            x.trim()
                .parse::<f64>()
                .ok()
                .filter(|n| n.is_finite())
                .ok_or_else(|| format!("`{x}` is not a number"))
        })
        .collect()
}
