//! The look-at chain tables as read from TOML (`configs/look_at.toml`).
//!
//! Angles are in degrees here because people edit this file; the compiled
//! [`super::LookAtChain`] works in radians.

use serde::{Deserialize, Serialize};

/// The shipped configuration, embedded at build time.
pub const SHIPPED_TOML: &str = include_str!("../../../configs/look_at.toml");

/// The name a phase entry uses instead of an axis name to rotate a joint
/// about all its axes at once (shortest arc, decomposed onto the axes).
pub const FREE_AXIS: &str = "free";

/// A whole look-at chain: joints from the root outward, the phase lists and
/// the solver settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LookAtConfig {
    /// The gaze axis, a unit vector fixed in the end bone's frame.
    pub gaze_axis: [f64; 3],
    /// Aim error (degrees) below which the gaze counts as on target.
    pub tolerance_deg: f64,
    /// Most passes of phase 2.
    pub passes: u32,
    /// Whether phase 3 (hard limits only, last joint back to the first) runs.
    #[serde(default = "yes")]
    pub phase3: bool,
    /// Which limit rule each phase uses.
    #[serde(default)]
    pub rule: RuleSchedule,
    /// When a per-axis turn is within this many degrees of 180 and the
    /// previous solve turned that axis the other way, keep turning the
    /// previous way (a target passing behind does not flip the head).
    #[serde(default)]
    pub behind_hysteresis_deg: f64,
    /// The joints from the root outward.
    pub joints: Vec<JointConfig>,
    /// Phase 1: the first posture, entries in order.
    #[serde(default)]
    pub phase1: Vec<Phase1Entry>,
    /// Phase 2: the iterative share, entries in order, all aiming the gaze.
    #[serde(default)]
    pub phase2: Vec<Phase2Entry>,
    /// How a head roll (tilting the head to one side) is shared, in order,
    /// before phase 1; the end joint's roll axis takes what remains. Empty:
    /// the end joint takes all of it.
    #[serde(default)]
    pub roll: Vec<RollEntry>,
}

/// A roll entry: a joint takes part of the remaining head roll about one of
/// its axes that lies along the gaze axis (a roll does not move the gaze, so
/// it is shared by fractions alone).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollEntry {
    /// The joint that rolls.
    pub joint: String,
    /// Its axis along the gaze axis.
    pub axis: String,
    /// Largest share of the remaining roll, 0..=1.
    pub fraction: f64,
    /// Largest roll angle, degrees (combined with the fraction by the
    /// phase-1 rule).
    pub max_deg: f64,
}

fn yes() -> bool {
    true
}

/// One joint of the chain and the bone that starts at it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JointConfig {
    /// Name the phase lists refer to.
    pub name: String,
    /// Rest offset from this joint to the next (metres, in this bone's
    /// frame); for the end bone, the point the gaze starts from (the eyes).
    pub offset: [f64; 3],
    /// The rotation axes in the parent frame, outermost first: the local
    /// rotation is the product of the per-axis rotations in this order.
    pub axes: Vec<AxisConfig>,
}

/// One rotation axis of a joint and its hard limits.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AxisConfig {
    /// Name the phase lists refer to (not `free`).
    pub name: String,
    /// The axis, in the parent frame (normalised on load).
    pub axis: [f64; 3],
    /// Smallest angle, degrees (at most 0: the rest pose is inside).
    pub min_deg: f64,
    /// Largest angle, degrees (at least 0).
    pub max_deg: f64,
}

/// A phase-1 entry: a joint turns to aim an axis of some bone at the target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phase1Entry {
    /// The joint that turns.
    pub joint: String,
    /// One of its axis names, or `free` for all of them.
    pub axis: String,
    /// The bone whose axis is aimed (the joint itself or one after it).
    pub bone: String,
    /// The aimed axis, fixed in that bone's frame.
    pub bone_axis: [f64; 3],
    /// Largest share of the full rotation, 0..=1.
    pub fraction: f64,
    /// Largest rotation angle, degrees.
    pub max_deg: f64,
}

/// A phase-2 entry: a joint turns to aim the end bone's gaze axis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phase2Entry {
    /// The joint that turns.
    pub joint: String,
    /// One of its axis names, or `free` for all of them.
    pub axis: String,
    /// Largest share of the full rotation, 0..=1.
    pub fraction: f64,
    /// Largest rotation angle, degrees.
    pub max_deg: f64,
}

/// How an entry's two limits combine (the result never exceeds the full
/// rotation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LimitRule {
    /// The larger of fraction x full and the maximum angle: the maximum angle
    /// is an allowance a joint may always use (small turns stay on it).
    Larger,
    /// The smaller of the two: the maximum angle is a cap per step.
    Smaller,
}

impl LimitRule {
    /// The allowed magnitude for a full rotation of magnitude `full`.
    pub fn limit(self, full: f64, fraction: f64, max_rad: f64) -> f64 {
        let share = fraction * full;
        let l = match self {
            LimitRule::Larger => share.max(max_rad),
            LimitRule::Smaller => share.min(max_rad),
        };
        l.min(full)
    }
}

/// Which [`LimitRule`] applies where.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum RuleSchedule {
    /// [`LimitRule::Larger`] everywhere (the default).
    #[default]
    Larger,
    /// [`LimitRule::Smaller`] everywhere.
    Smaller,
    /// One rule for phase 1 and one for every pass of phase 2
    /// (`rule = { per_phase = { phase1 = "larger", phase2 = "smaller" } }`).
    PerPhase {
        /// The rule of phase 1.
        phase1: LimitRule,
        /// The rule of phase 2.
        phase2: LimitRule,
    },
    /// Phase 1 and the first pass of phase 2 use the larger limit, the last
    /// pass the smaller, the passes between a linear blend of the two limit
    /// angles (pass k of n uses `larger + (smaller - larger) * k / (n - 1)`).
    LargerFirstSmallerLast,
}

/// Why a look-at configuration was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LookAtConfigError {
    /// The text is not TOML of the expected shape (the message names the
    /// key and line).
    #[error("{source_name}: not a valid look-at config: {message}")]
    Syntax {
        /// File name or other label of the text.
        source_name: String,
        /// The parser's message.
        message: String,
    },
    /// A value is out of range or refers to something missing.
    #[error("{source_name}: `{key}`: {reason}")]
    Invalid {
        /// File name or other label of the text.
        source_name: String,
        /// The key at fault, e.g. `joints[2].axes[0].min_deg`.
        key: String,
        /// What is wrong.
        reason: String,
    },
}

impl LookAtConfig {
    /// Parses and checks a configuration; `source_name` labels errors.
    pub fn from_toml(text: &str, source_name: &str) -> Result<LookAtConfig, LookAtConfigError> {
        let config: LookAtConfig = toml::from_str(text).map_err(|e| LookAtConfigError::Syntax {
            source_name: source_name.to_string(),
            message: crate::toml_error::describe(&e, text),
        })?;
        super::LookAtChain::from_config(&config).map_err(|e| match e {
            LookAtConfigError::Invalid { key, reason, .. } => LookAtConfigError::Invalid {
                source_name: source_name.to_string(),
                key,
                reason,
            },
            other => other,
        })?;
        Ok(config)
    }

    /// The shipped configuration (`configs/look_at.toml`), parsed.
    pub fn shipped() -> Result<LookAtConfig, LookAtConfigError> {
        LookAtConfig::from_toml(SHIPPED_TOML, "configs/look_at.toml")
    }
}

impl Default for LookAtConfig {
    /// The shipped human chain (lumbar spine, chest, neck, head).
    #[allow(clippy::expect_used)]
    fn default() -> Self {
        // The embedded file is part of the build, not input; the test
        // `look_at_shipped_config_parses_and_is_default` keeps it valid.
        LookAtConfig::shipped().expect("configs/look_at.toml embedded in the build is valid")
    }
}
