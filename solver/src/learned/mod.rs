//! Small learned components where the rules stop, in plain Rust: the
//! network ([`mlp`]), the pelvis of a body without a pelvis tracker
//! ([`pelvis`]) and the feet without foot devices ([`legs`]), trained by
//! `posewire train pelvis|legs` on the training corpus and embedded in the
//! build (`solver/weights/`).

pub mod foot_lock;
pub mod history;
pub mod legs;
pub mod mlp;
pub mod pelvis;

pub use mlp::{Mlp, MlpError};
pub use pelvis::{
    embedded_model, LearnedPelvis, LearnedPelvisSettings, LearnedPose, PelvisFeatures, PelvisInput,
    PelvisTarget,
};
