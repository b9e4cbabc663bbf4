//! Generates the Rust code of the gRPC API from `posewire/v1/*.proto` with
//! the pure-Rust `protox` compiler (no system `protoc`), and writes the
//! encoded descriptor set (with comments) for server reflection.

use std::path::PathBuf;

use prost::Message as _;

/// The API's files, relative to this crate's folder (the include root).
const PROTOS: [&str; 9] = [
    "posewire/v1/types.proto",
    "posewire/v1/frames.proto",
    "posewire/v1/devices.proto",
    "posewire/v1/avatars.proto",
    "posewire/v1/calibration.proto",
    "posewire/v1/stats.proto",
    "posewire/v1/takes.proto",
    "posewire/v1/scene.proto",
    "posewire/v1/cluster.proto",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let out = PathBuf::from(std::env::var("OUT_DIR")?);
    for proto in PROTOS {
        println!("cargo:rerun-if-changed={}", root.join(proto).display());
    }
    let fds = protox::compile(PROTOS, [&root])?;
    std::fs::write(out.join("posewire_descriptor.bin"), fds.encode_to_vec())?;
    tonic_prost_build::configure()
        // Skinned vertices are the one large field of a frame: as `Bytes`,
        // every subscriber's copy of a frame shares the loop's buffer
        // instead of holding its own (issue 22).
        .bytes(".posewire.v1.SkinnedVertices.data")
        .build_client(true)
        .build_server(true)
        .compile_fds(fds)?;
    Ok(())
}
