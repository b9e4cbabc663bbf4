//! `posewire.v1.CalibrationService`: the calibration wizard (see
//! [`crate::serve::calibration_session`]) and the stored profiles.

use std::pin::Pin;
use std::sync::Arc;

use pb::calibration_service_server::CalibrationService;
use posewire_proto::v1 as pb;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::Stream;
use tonic::{Request, Response, Status};

use super::blocking::blocking;
use crate::serve::calibration_session::Session;
use crate::serve::ids::check_id;
use crate::serve::profiles::{status, ProfileStore};
use crate::serve::state::Shared;

/// The calibration service.
#[derive(Debug, Clone)]
pub struct Calibration {
    shared: Arc<Shared>,
}

impl Calibration {
    /// The service over the daemon's shared state.
    pub fn new(shared: Arc<Shared>) -> Calibration {
        Calibration { shared }
    }

    fn store(&self) -> ProfileStore {
        ProfileStore::new(self.shared.live.profiles_dir())
    }
}

/// The response stream of Calibrate.
pub type CalibrateStream = Pin<Box<dyn Stream<Item = Result<pb::CalibrateUpdate, Status>> + Send>>;

#[tonic::async_trait]
impl CalibrationService for Calibration {
    type CalibrateStream = CalibrateStream;

    async fn calibrate(
        &self,
        request: Request<pb::CalibrateRequest>,
    ) -> Result<Response<CalibrateStream>, Status> {
        // A place among `[limits]`' streams, held while the session runs.
        let admitted = self.shared.limits.admit(request.remote_addr(), false)?;
        let req = request.into_inner();
        check_id(&req.profile_name)
            .map_err(|e| Status::invalid_argument(format!("profile_name: {e}")))?;
        let needs_avatar = req.take_csv.is_empty() || req.apply;
        if needs_avatar
            && (req.avatar_id.is_empty() || self.shared.avatar(&req.avatar_id).is_none())
        {
            return Err(Status::not_found(format!(
                "no avatar `{}`",
                crate::serve::ids::clip(&req.avatar_id)
            )));
        }
        let (tx, rx) = mpsc::channel(64);
        let session = Session {
            shared: self.shared.clone(),
            request: req,
        };
        tokio::spawn(async move {
            let _admitted = admitted;
            session.run(tx).await;
        });
        Ok(Response::new(Box::pin(ReceiverStream::new(rx))))
    }

    async fn list_profiles(
        &self,
        _request: Request<pb::ListProfilesRequest>,
    ) -> Result<Response<pb::ListProfilesResponse>, Status> {
        let store = self.store();
        let names = blocking(move || store.list().map_err(status)).await?;
        Ok(Response::new(pb::ListProfilesResponse { names }))
    }

    async fn get_profile(
        &self,
        request: Request<pb::GetProfileRequest>,
    ) -> Result<Response<pb::Profile>, Status> {
        let name = request.into_inner().name;
        let store = self.store();
        let n = name.clone();
        let (_, toml) = blocking(move || store.get(&n).map_err(status)).await?;
        Ok(Response::new(pb::Profile { name, toml }))
    }

    async fn delete_profile(
        &self,
        request: Request<pb::DeleteProfileRequest>,
    ) -> Result<Response<pb::DeleteProfileResponse>, Status> {
        let name = request.into_inner().name;
        let store = self.store();
        blocking(move || store.delete(&name).map_err(status)).await?;
        Ok(Response::new(pb::DeleteProfileResponse {}))
    }

    async fn save_refined_offsets(
        &self,
        request: Request<pb::SaveRefinedOffsetsRequest>,
    ) -> Result<Response<pb::Profile>, Status> {
        let req = request.into_inner();
        check_id(&req.profile_name)
            .map_err(|e| Status::invalid_argument(format!("profile_name: {e}")))?;
        // The loop copies the profile between ticks (or answers NOT_FOUND);
        // the file is written here, off the loop.
        let profile = self.shared.live.refined_profile(req.avatar_id).await?;
        let store = self.store();
        let name = req.profile_name;
        let n = name.clone();
        let toml = blocking(move || {
            if !req.replace && store.path(&n).map_err(status)?.exists() {
                return Err(Status::already_exists(format!(
                    "profile `{n}` exists; set `replace` to overwrite it"
                )));
            }
            store.put(&n, &profile).map_err(status)
        })
        .await?;
        Ok(Response::new(pb::Profile { name, toml }))
    }
}
