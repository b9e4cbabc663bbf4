//! `posewire.v1.AvatarService`: listing the avatars. In this version the
//! avatars are fixed by the configuration; the RPCs that change them
//! answer UNIMPLEMENTED.

use std::sync::Arc;

use pb::avatar_service_server::AvatarService;
use posewire_proto::v1 as pb;
use tonic::{Request, Response, Status};

use super::not_yet;
use crate::serve::frame_build::device;
use crate::serve::state::Shared;

/// The avatar service.
#[derive(Debug, Clone)]
pub struct Avatars {
    shared: Arc<Shared>,
}

impl Avatars {
    /// The service over the daemon's shared state.
    pub fn new(shared: Arc<Shared>) -> Avatars {
        Avatars { shared }
    }
}

const FIXED: &str =
    "avatars are fixed by the configuration file in this version (issue 6, phase 2)";

#[tonic::async_trait]
impl AvatarService for Avatars {
    async fn list_avatars(
        &self,
        _request: Request<pb::ListAvatarsRequest>,
    ) -> Result<Response<pb::ListAvatarsResponse>, Status> {
        let (ready, seen) = {
            let s = self.shared.stats();
            (s.ready.clone(), s.seen.clone())
        };
        let avatars = self
            .shared
            .avatars
            .iter()
            .enumerate()
            .map(|(i, a)| pb::Avatar {
                id: a.id.clone(),
                source: Some(a.source.clone()),
                profile_name: a.profile_name.clone(),
                solver: self.shared.solver_kind() as i32,
                devices: seen
                    .get(i)
                    .map(|d| d.iter().map(|&d| device(d) as i32).collect())
                    .unwrap_or_default(),
                ready: ready.get(i).copied().unwrap_or(false),
            })
            .collect();
        Ok(Response::new(pb::ListAvatarsResponse { avatars }))
    }

    async fn create_avatar(
        &self,
        _request: Request<pb::CreateAvatarRequest>,
    ) -> Result<Response<pb::Avatar>, Status> {
        Err(not_yet("CreateAvatar", FIXED))
    }

    async fn remove_avatar(
        &self,
        _request: Request<pb::RemoveAvatarRequest>,
    ) -> Result<Response<pb::RemoveAvatarResponse>, Status> {
        Err(not_yet("RemoveAvatar", FIXED))
    }

    async fn set_avatar_source(
        &self,
        _request: Request<pb::SetAvatarSourceRequest>,
    ) -> Result<Response<pb::Avatar>, Status> {
        Err(not_yet("SetAvatarSource", FIXED))
    }

    async fn set_avatar_profile(
        &self,
        _request: Request<pb::SetAvatarProfileRequest>,
    ) -> Result<Response<pb::Avatar>, Status> {
        Err(not_yet("SetAvatarProfile", FIXED))
    }

    async fn push_impulse(
        &self,
        _request: Request<pb::PushImpulseRequest>,
    ) -> Result<Response<pb::PushImpulseResponse>, Status> {
        Err(not_yet(
            "PushImpulse",
            "commands into the running loop arrive in issue 6, phase 2",
        ))
    }

    async fn set_gaze_target(
        &self,
        _request: Request<pb::SetGazeTargetRequest>,
    ) -> Result<Response<pb::SetGazeTargetResponse>, Status> {
        Err(not_yet(
            "SetGazeTarget",
            "commands into the running loop arrive in issue 6, phase 2",
        ))
    }
}
