//! Small learned components where the rules stop, in plain Rust: the
//! network ([`mlp`]), the pelvis of a body without a pelvis tracker
//! ([`pelvis`]), the feet without foot devices ([`legs`]), the shoulders
//! and elbows ([`arms`]) and the knees over foot devices ([`knees`]), trained
//! by `posewire train pelvis|legs|arms|knees` on the training corpus and
//! embedded in the build (`solver/weights/`), or given at run time
//! ([`models`]).

pub mod arms;
pub mod blend;
pub mod foot_lock;
pub mod history;
pub mod input_range;
pub mod knees;
pub mod legs;
pub mod limbs;
pub mod mlp;
pub mod models;
pub mod pelvis;

pub use mlp::{Mlp, MlpError};
pub use models::{LearnedModels, Net, WeightsError};
pub use pelvis::{
    embedded_model, LearnedPelvis, LearnedPelvisSettings, LearnedPose, PelvisFeatures, PelvisInput,
    PelvisTarget,
};
