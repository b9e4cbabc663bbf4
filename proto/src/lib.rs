//! The Posewire gRPC API, package `posewire.v1`: the messages, client stubs
//! and server traits generated from `proto/posewire/v1/*.proto` at build
//! time (by the pure-Rust `protox` compiler, so no system `protoc` is
//! needed), and the encoded descriptor set the daemon serves for gRPC
//! server reflection.
//!
//! Units and frames of every field are documented in the `.proto` files
//! (metres, seconds, radians; +Y up; canonical joint order).

/// Package `posewire.v1`: every message, enum, client and server.
#[allow(missing_docs, clippy::all, clippy::pedantic, clippy::unwrap_used)]
pub mod v1 {
    tonic::include_proto!("posewire.v1");
}

/// The encoded `google.protobuf.FileDescriptorSet` of every `.proto` file of
/// the API (with source comments), for server reflection.
pub const FILE_DESCRIPTOR_SET: &[u8] = tonic::include_file_descriptor_set!("posewire_descriptor");

/// The fully-qualified names of the API's services, as reflection lists them.
pub const SERVICE_NAMES: [&str; 7] = [
    "posewire.v1.FrameService",
    "posewire.v1.DeviceService",
    "posewire.v1.AvatarService",
    "posewire.v1.CalibrationService",
    "posewire.v1.StatsService",
    "posewire.v1.TakeService",
    "posewire.v1.SceneService",
];

/// The number of canonical joints every per-joint array carries.
pub const JOINT_COUNT: usize = 21;
