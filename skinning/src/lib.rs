//! Posewire skinned meshes: import a rigged glTF character, retarget a
//! canonical [`posewire_body::BodyPose`] onto its skeleton, and deform it by
//! linear blend skinning, dual quaternion skinning, or skinning with
//! optimized centres of rotation (Le and Hodgins 2016).
//!
//! Plain synchronous Rust (rayon for data parallelism, no global state, no
//! async): the daemon and the CLI build on it. Geometry at run time is `f32`
//! in the world frame of the model's bind pose.

pub mod bench_mesh;
pub mod body_mesh;
pub mod cor;
pub mod deform;
pub mod error;
pub mod export;
pub mod gltf_import;
mod hash;
pub mod mesh;
pub mod render;
pub mod retarget;
pub mod rig_map;
pub mod volume;

pub use cor::{CentresOfRotation, CorParams};
pub use deform::{BoneTransform, Deformed, Deformer, Method};
pub use error::SkinError;
pub use gltf_import::{load_gltf, ImportOptions};
pub use mesh::{MeshJoint, SkinnedMesh, WeightFix};
pub use retarget::Retargeter;
pub use rig_map::RigMap;
