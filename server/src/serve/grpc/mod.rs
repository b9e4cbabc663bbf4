//! The gRPC services of `posewire.v1`, one file each. RPCs of the API that
//! this version does not serve yet answer UNIMPLEMENTED with what is
//! missing (see [`not_yet`]).

pub mod avatars;
pub mod calibration;
pub mod devices;
pub mod frames;
pub mod stats;
pub mod takes;

/// The answer of an RPC that is declared in the API but not served yet.
pub fn not_yet(rpc: &str, what: &str) -> tonic::Status {
    tonic::Status::unimplemented(format!(
        "{rpc} is not implemented in this version of the daemon: {what}"
    ))
}
