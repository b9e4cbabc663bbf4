//! How the simulated body reacts to the world (issue 23): its state
//! (tracking, staggering, fallen, getting up), the assist level the state
//! gives the pelvis and end-effector springs, and the settings of the
//! transitions. The anchors: RootMotion's PuppetMaster (pin weight, muscle
//! weight, knock-out distance, get-up, regain-pin speed) and the
//! physics-avatar design's camera unlink.

use serde::{Deserialize, Serialize};

/// The simulated body's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BodyState {
    /// Following the person, with the full assist.
    #[default]
    Tracking,
    /// Pushed or hit: the assist is lowered, balance and recovery steps
    /// catch the body, the arms keep tracking.
    Staggering,
    /// Beyond recovery: no assist, soft joints, falling under physics.
    Fallen,
    /// At rest after a fall: the assist ramps back and brings the body to
    /// the tracked pose at a bounded joint speed.
    GettingUp,
}

impl BodyState {
    /// The state's name in the user's words (logs, tables, the eval JSON).
    pub fn name(self) -> &'static str {
        match self {
            BodyState::Tracking => "tracking",
            BodyState::Staggering => "staggering",
            BodyState::Fallen => "fallen",
            BodyState::GettingUp => "getting_up",
        }
    }
}

/// What one frame says of the body's reaction.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Reaction {
    /// The state.
    pub state: BodyState,
    /// The assist level, 0..1.
    pub assist: f64,
    /// Simulated pelvis to the person's pelvis, horizontally, metres.
    pub deviation_m: f64,
    /// Seconds since the body entered `state`.
    pub state_time_s: f64,
    /// Recovery steps since the start.
    pub recovery_steps: u32,
}

/// Counts of state changes and impulses since the start (GetStats, the
/// eval JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ReactionCounts {
    /// Times the body began to stagger.
    pub staggers: u64,
    /// Times it fell.
    pub falls: u64,
    /// Times it got up.
    pub get_ups: u64,
    /// External impulses taken.
    pub impulses: u64,
    /// Recovery steps.
    pub recovery_steps: u64,
}
