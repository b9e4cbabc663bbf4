//! `posewire.v1.AvatarService`: the avatars of the shared space. Changes
//! are built here (off the loop) and handed to the loop as commands, which
//! it applies between two ticks and answers.

use std::sync::Arc;

use pb::avatar_service_server::AvatarService;
use posewire_body::Joint;
use posewire_proto::v1 as pb;
use tonic::{Request, Response, Status};

use crate::serve::avatar_build;
use crate::serve::frame_build::device;
use crate::serve::ids::{check_id, clip};
use crate::serve::live::Command;
use crate::serve::profiles::ProfileStore;
use crate::serve::request_ranges;
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

    fn store(&self) -> ProfileStore {
        ProfileStore::new(self.shared.live.profiles_dir())
    }

    /// One avatar as the API describes it.
    fn describe(&self, id: &str) -> Result<pb::Avatar, Status> {
        self.list()
            .into_iter()
            .find(|a| a.id == id)
            .ok_or_else(|| Status::not_found(format!("no avatar `{}`", clip(id))))
    }

    fn list(&self) -> Vec<pb::Avatar> {
        let (ready, seen) = {
            let s = self.shared.stats();
            (s.ready.clone(), s.seen.clone())
        };
        self.shared
            .avatars()
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
            .collect()
    }

    fn known(&self, id: &str) -> Result<crate::serve::avatar_info::AvatarInfo, Status> {
        if id.is_empty() {
            return Err(Status::invalid_argument("give the avatar's id"));
        }
        self.shared
            .avatar(id)
            .ok_or_else(|| Status::not_found(format!("no avatar `{}`", clip(id))))
    }
}

impl Avatars {
    /// The workspace radius positions in requests must lie within.
    fn radius_m(&self) -> f64 {
        self.shared.gate.workspace_radius_m
    }
}

#[tonic::async_trait]
impl AvatarService for Avatars {
    async fn list_avatars(
        &self,
        _request: Request<pb::ListAvatarsRequest>,
    ) -> Result<Response<pb::ListAvatarsResponse>, Status> {
        Ok(Response::new(pb::ListAvatarsResponse {
            avatars: self.list(),
        }))
    }

    async fn create_avatar(
        &self,
        request: Request<pb::CreateAvatarRequest>,
    ) -> Result<Response<pb::Avatar>, Status> {
        let req = request.into_inner();
        check_id(&req.id).map_err(Status::invalid_argument)?;
        if self.shared.avatar(&req.id).is_some() {
            return Err(Status::already_exists(format!(
                "avatar `{}` exists",
                req.id
            )));
        }
        let source = req
            .source
            .ok_or_else(|| Status::invalid_argument("give the avatar's source"))?;
        request_ranges::source(&source, self.radius_m())?;
        let store = self.store();
        let solver = self.shared.solver;
        let cor = self.shared.live.cor_cache_dir();
        let id = req.id.clone();
        let osc = self.shared.osc.clone();
        let folders = self.shared.sources.clone();
        let (runner, info, queue) = tokio::task::spawn_blocking(move || {
            let (profile, name) = avatar_build::profile(&store, &req.profile_name)?;
            avatar_build::avatar(&id, &source, &profile, &name, &solver, &cor, &osc, &folders)
        })
        .await
        .map_err(|e| Status::internal(e.to_string()))??;
        self.shared
            .live
            .send(|reply| Command::Create {
                runner: Box::new(runner),
                info: Box::new(info),
                queue,
                reply,
            })
            .await?;
        self.describe(&req.id).map(Response::new)
    }

    async fn remove_avatar(
        &self,
        request: Request<pb::RemoveAvatarRequest>,
    ) -> Result<Response<pb::RemoveAvatarResponse>, Status> {
        let id = request.into_inner().id;
        self.known(&id)?;
        self.shared
            .live
            .send(|reply| Command::Remove { id, reply })
            .await?;
        Ok(Response::new(pb::RemoveAvatarResponse {}))
    }

    async fn set_avatar_source(
        &self,
        request: Request<pb::SetAvatarSourceRequest>,
    ) -> Result<Response<pb::Avatar>, Status> {
        let req = request.into_inner();
        let info = self.known(&req.id)?;
        let described = req
            .source
            .ok_or_else(|| Status::invalid_argument("give the new source"))?;
        request_ranges::source(&described, self.radius_m())?;
        let osc = self.shared.osc.clone();
        let id = req.id.clone();
        let folders = self.shared.sources.clone();
        let (source, described, queue) = tokio::task::spawn_blocking(move || {
            avatar_build::source(&described, &info.skeleton, &id, &osc, &folders)
        })
        .await
        .map_err(|e| Status::internal(e.to_string()))??;
        let id = req.id.clone();
        self.shared
            .live
            .send(|reply| Command::SetSource {
                id,
                source,
                described,
                queue,
                reply,
            })
            .await?;
        self.describe(&req.id).map(Response::new)
    }

    async fn set_avatar_profile(
        &self,
        request: Request<pb::SetAvatarProfileRequest>,
    ) -> Result<Response<pb::Avatar>, Status> {
        let req = request.into_inner();
        self.known(&req.id)?;
        let store = self.store();
        let name = req.profile_name.clone();
        let (profile, name) =
            tokio::task::spawn_blocking(move || avatar_build::profile(&store, &name))
                .await
                .map_err(|e| Status::internal(e.to_string()))??;
        let id = req.id.clone();
        self.shared
            .live
            .send(|reply| Command::SetProfile {
                id,
                profile: Box::new(profile),
                name,
                reply,
            })
            .await?;
        self.describe(&req.id).map(Response::new)
    }

    async fn push_impulse(
        &self,
        request: Request<pb::PushImpulseRequest>,
    ) -> Result<Response<pb::PushImpulseResponse>, Status> {
        let req = request.into_inner();
        self.known(&req.id)?;
        let joint = Joint::from_name(&req.joint).ok_or_else(|| {
            Status::invalid_argument(format!(
                "`{}` is not a canonical joint (e.g. `chest`, `left_wrist`)",
                clip(&req.joint)
            ))
        })?;
        let impulse = request_ranges::impulse(
            req.impulse.as_ref(),
            self.shared.limits.config().max_impulse_n_s,
        )?;
        self.shared
            .live
            .send(|reply| Command::Impulse {
                id: req.id,
                joint,
                impulse,
                reply,
            })
            .await?;
        Ok(Response::new(pb::PushImpulseResponse {}))
    }

    async fn set_gaze_target(
        &self,
        request: Request<pb::SetGazeTargetRequest>,
    ) -> Result<Response<pb::SetGazeTargetResponse>, Status> {
        let req = request.into_inner();
        self.known(&req.id)?;
        let target = request_ranges::position(req.target.as_ref(), "`target`", self.radius_m())?;
        self.shared
            .live
            .send(|reply| Command::Gaze {
                id: req.id,
                target,
                reply,
            })
            .await?;
        Ok(Response::new(pb::SetGazeTargetResponse {}))
    }
}
