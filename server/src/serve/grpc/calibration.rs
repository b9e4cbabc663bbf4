//! `posewire.v1.CalibrationService`: the calibration wizard and stored
//! profiles. Not served in this version; `posewire calibrate` calibrates
//! from a recorded take offline.

use std::pin::Pin;

use pb::calibration_service_server::CalibrationService;
use posewire_proto::v1 as pb;
use tokio_stream::Stream;
use tonic::{Request, Response, Status};

use super::not_yet;

/// The calibration service.
#[derive(Debug, Clone, Default)]
pub struct Calibration;

const LATER: &str = "the calibration wizard and profile storage arrive in issue 6, phase 2; \
                     until then use `posewire calibrate --input CALIBRATION.csv`";

/// The response stream of Calibrate.
pub type CalibrateStream = Pin<Box<dyn Stream<Item = Result<pb::CalibrateUpdate, Status>> + Send>>;

#[tonic::async_trait]
impl CalibrationService for Calibration {
    type CalibrateStream = CalibrateStream;

    async fn calibrate(
        &self,
        _request: Request<pb::CalibrateRequest>,
    ) -> Result<Response<CalibrateStream>, Status> {
        Err(not_yet("Calibrate", LATER))
    }

    async fn list_profiles(
        &self,
        _request: Request<pb::ListProfilesRequest>,
    ) -> Result<Response<pb::ListProfilesResponse>, Status> {
        Err(not_yet("ListProfiles", LATER))
    }

    async fn get_profile(
        &self,
        _request: Request<pb::GetProfileRequest>,
    ) -> Result<Response<pb::Profile>, Status> {
        Err(not_yet("GetProfile", LATER))
    }

    async fn delete_profile(
        &self,
        _request: Request<pb::DeleteProfileRequest>,
    ) -> Result<Response<pb::DeleteProfileResponse>, Status> {
        Err(not_yet("DeleteProfile", LATER))
    }
}
