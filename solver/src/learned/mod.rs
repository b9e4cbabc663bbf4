//! Small learned components where the rules stop, in plain Rust: the
//! network ([`mlp`]) and the pelvis of a body without a pelvis tracker
//! ([`pelvis`]), trained by `posewire train pelvis` on the training corpus
//! and embedded in the build (`solver/weights/`).

pub mod mlp;
pub mod pelvis;

pub use mlp::{Mlp, MlpError};
pub use pelvis::{
    embedded_model, LearnedPelvis, LearnedPelvisSettings, LearnedPose, PelvisFeatures, PelvisInput,
    PelvisTarget,
};
