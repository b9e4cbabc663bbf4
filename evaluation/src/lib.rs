//! The evaluation protocol of EVALUATION.md: synthetic tracker and
//! calibration takes from motion capture ([`synth`]), the reconstruction
//! metrics ([`metrics`]), calibration errors ([`calibration_errors`]), the
//! causality check ([`causality`]) and the per-clip orchestration
//! ([`protocol`]).

pub mod calibration_errors;
pub mod calibration_pose;
pub mod causality;
pub mod learned_data;
pub mod metrics;
pub mod mlp_ensemble;
pub mod mlp_train;
pub mod noise;
pub mod proportions;
pub mod protocol;
pub mod still_standing;
pub mod synth;
pub mod truth;

mod interp;
mod lag;
mod random;
#[cfg(test)]
mod shared_clips;

pub use calibration_errors::{calibration_errors, mean_calibration_errors, CalibrationErrors};
pub use causality::{causality_cut_time, check_causality, cut_take, CausalityResult};
pub use metrics::{evaluate, mean_metrics, Metrics, MetricsError};
pub use proportions::{Proportions, ProportionsError};
pub use protocol::{
    evaluate_bvh, evaluate_bvh_with, evaluate_clip, project_solver, ClipReport, EvalError,
    SettingReport,
};
pub use synth::{
    ground_truth, synthesize, synthesize_with, Condition, SynthError, SynthExtras, SynthOptions,
    SynthTakes,
};
pub use truth::{write_truth, DeviceTruth, Truth, TruthError, TruthMeasures};
