//! The gRPC services of `posewire.v1`, one file each. RPCs of the API that
//! this version does not serve yet answer UNIMPLEMENTED with what is
//! missing (see [`not_yet`]).

pub mod avatars;
pub mod blocking;
pub mod calibration;
pub mod devices;
pub mod frames;
pub mod scene;
pub mod stats;
pub mod takes;

use std::sync::Arc;

use posewire_proto::v1 as pb;

use super::state::Shared;

/// The services that both the gRPC port and the web view's gRPC-Web port
/// serve (everything but PushDevices, health and reflection, which only the
/// gRPC port has), over the daemon's one shared state.
pub fn shared_routes(shared: &Arc<Shared>) -> tonic::service::Routes {
    tonic::service::Routes::new(pb::frame_service_server::FrameServiceServer::new(
        frames::Frames::new(shared.clone()),
    ))
    .add_service(pb::stats_service_server::StatsServiceServer::new(
        stats::Stats::new(shared.clone()),
    ))
    .add_service(pb::avatar_service_server::AvatarServiceServer::new(
        avatars::Avatars::new(shared.clone()),
    ))
    .add_service(
        pb::calibration_service_server::CalibrationServiceServer::new(
            calibration::Calibration::new(shared.clone()),
        ),
    )
    .add_service(pb::take_service_server::TakeServiceServer::new(
        takes::Takes::new(shared.clone()),
    ))
    .add_service(pb::scene_service_server::SceneServiceServer::new(
        scene::Scene::new(shared.clone()),
    ))
}

/// The answer of an RPC that is declared in the API but not served yet.
pub fn not_yet(rpc: &str, what: &str) -> tonic::Status {
    tonic::Status::unimplemented(format!(
        "{rpc} is not implemented in this version of the daemon: {what}"
    ))
}
