//! The typed client: one method per RPC.

use pb::avatar_service_client::AvatarServiceClient;
use pb::calibration_service_client::CalibrationServiceClient;
use pb::device_service_client::DeviceServiceClient;
use pb::frame_service_client::FrameServiceClient;
use pb::scene_service_client::SceneServiceClient;
use pb::stats_service_client::StatsServiceClient;
use pb::take_service_client::TakeServiceClient;
use posewire_proto::v1 as pb;
use tokio_stream::Stream;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Channel;
use tonic::Streaming;
use tonic_health::pb::health_check_response::ServingStatus;
use tonic_health::pb::health_client::HealthClient;
use tonic_health::pb::HealthCheckRequest;

use crate::connect::{endpoint, Auth, ConnectOptions};
use crate::subscription::{Backoff, Subscription};

/// Why a call failed.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The server address cannot be used.
    #[error("`{address}` is not a server address: {reason}")]
    BadAddress {
        /// The address given.
        address: String,
        /// What is wrong.
        reason: String,
    },
    /// No connection could be made.
    #[error("cannot connect to {address}: {source}")]
    Connect {
        /// The address.
        address: String,
        /// The transport's error.
        source: tonic::transport::Error,
    },
    /// The server answered with an error status.
    #[error("{}: {}", .0.code(), .0.message())]
    Status(#[from] tonic::Status),
    /// The connection options cannot be used (a token that cannot be a
    /// header, a TLS setting tonic refuses).
    #[error("cannot use the connection options: {0}")]
    Options(String),
}

/// The channel every generated client of [`Client`] runs over: the
/// connection, with the bearer token (if any) added to each call.
pub type AuthChannel = InterceptedService<Channel, Auth>;

/// A connection to one daemon. Cheap to clone (clones share the
/// connection); the connection is re-established by the next call after
/// it drops.
#[derive(Debug, Clone)]
pub struct Client {
    channel: Channel,
    auth: Auth,
}

impl Client {
    /// Connects now (fails if the daemon is not there).
    pub async fn connect(address: &str) -> Result<Client, ClientError> {
        Client::connect_with(address, &ConnectOptions::default()).await
    }

    /// Connects at the first call (useful when the daemon may start later).
    pub fn connect_lazy(address: &str) -> Result<Client, ClientError> {
        Client::connect_lazy_with(address, &ConnectOptions::default())
    }

    /// Connects now with a token and/or TLS.
    pub async fn connect_with(
        address: &str,
        options: &ConnectOptions,
    ) -> Result<Client, ClientError> {
        let auth = Auth::from_options(options)?;
        let channel = endpoint(address, options)?
            .connect()
            .await
            .map_err(|source| ClientError::Connect {
                address: address.to_string(),
                source,
            })?;
        Ok(Client { channel, auth })
    }

    /// Connects at the first call, with a token and/or TLS.
    pub fn connect_lazy_with(
        address: &str,
        options: &ConnectOptions,
    ) -> Result<Client, ClientError> {
        Ok(Client {
            auth: Auth::from_options(options)?,
            channel: endpoint(address, options)?.connect_lazy(),
        })
    }

    /// A client over a channel configured by the caller (TLS, windows,
    /// timeouts), without a token.
    pub fn from_channel(channel: Channel) -> Client {
        Client {
            channel,
            auth: Auth::none(),
        }
    }

    /// The same connection, sending `auth` with every call.
    pub fn with_auth(self, auth: Auth) -> Client {
        Client { auth, ..self }
    }

    /// The underlying channel (calls made on it directly carry no token).
    pub fn channel(&self) -> Channel {
        self.channel.clone()
    }

    /// The generated client of the frame service.
    pub fn frame_service(&self) -> FrameServiceClient<AuthChannel> {
        FrameServiceClient::with_interceptor(self.channel.clone(), self.auth.clone())
    }

    /// The generated client of the avatar service.
    pub fn avatar_service(&self) -> AvatarServiceClient<AuthChannel> {
        AvatarServiceClient::with_interceptor(self.channel.clone(), self.auth.clone())
    }

    /// The generated client of the device service.
    pub fn device_service(&self) -> DeviceServiceClient<AuthChannel> {
        DeviceServiceClient::with_interceptor(self.channel.clone(), self.auth.clone())
    }

    /// The generated client of the calibration service.
    pub fn calibration_service(&self) -> CalibrationServiceClient<AuthChannel> {
        CalibrationServiceClient::with_interceptor(self.channel.clone(), self.auth.clone())
    }

    /// The generated client of the stats service.
    pub fn stats_service(&self) -> StatsServiceClient<AuthChannel> {
        StatsServiceClient::with_interceptor(self.channel.clone(), self.auth.clone())
    }

    /// The generated client of the take service (recording and takes).
    pub fn take_service(&self) -> TakeServiceClient<AuthChannel> {
        TakeServiceClient::with_interceptor(self.channel.clone(), self.auth.clone())
    }

    /// The generated client of the scene service (the space's objects).
    pub fn scene_service(&self) -> SceneServiceClient<AuthChannel> {
        SceneServiceClient::with_interceptor(self.channel.clone(), self.auth.clone())
    }

    /// A frame stream (one connection attempt; see [`Client::subscribe`]
    /// for one that reconnects).
    pub async fn stream_frames(
        &self,
        request: pb::StreamFramesRequest,
    ) -> Result<Streaming<pb::StreamFramesResponse>, ClientError> {
        Ok(self
            .frame_service()
            .stream_frames(request)
            .await?
            .into_inner())
    }

    /// Frames that keep coming across dropped connections: on an error the
    /// subscription waits (backoff) and subscribes again, and says so.
    pub fn subscribe(&self, request: pb::StreamFramesRequest, backoff: Backoff) -> Subscription {
        Subscription::start(self.clone(), request, backoff)
    }

    /// An avatar's skeleton (the empty id: the first avatar).
    pub async fn get_skeleton(&self, avatar_id: &str) -> Result<pb::Skeleton, ClientError> {
        let request = pb::GetSkeletonRequest {
            avatar_id: avatar_id.to_string(),
        };
        Ok(self
            .frame_service()
            .get_skeleton(request)
            .await?
            .into_inner())
    }

    /// An avatar's rest mesh.
    pub async fn get_mesh(&self, avatar_id: &str) -> Result<pb::Mesh, ClientError> {
        let request = pb::GetMeshRequest {
            avatar_id: avatar_id.to_string(),
        };
        Ok(self.frame_service().get_mesh(request).await?.into_inner())
    }

    /// Every avatar.
    pub async fn list_avatars(&self) -> Result<Vec<pb::Avatar>, ClientError> {
        let response = self
            .avatar_service()
            .list_avatars(pb::ListAvatarsRequest {})
            .await?;
        Ok(response.into_inner().avatars)
    }

    /// Adds an avatar.
    pub async fn create_avatar(
        &self,
        request: pb::CreateAvatarRequest,
    ) -> Result<pb::Avatar, ClientError> {
        Ok(self
            .avatar_service()
            .create_avatar(request)
            .await?
            .into_inner())
    }

    /// Removes an avatar.
    pub async fn remove_avatar(&self, id: &str) -> Result<(), ClientError> {
        let request = pb::RemoveAvatarRequest { id: id.to_string() };
        self.avatar_service().remove_avatar(request).await?;
        Ok(())
    }

    /// Replaces an avatar's device source.
    pub async fn set_avatar_source(
        &self,
        request: pb::SetAvatarSourceRequest,
    ) -> Result<pb::Avatar, ClientError> {
        Ok(self
            .avatar_service()
            .set_avatar_source(request)
            .await?
            .into_inner())
    }

    /// Replaces an avatar's profile.
    pub async fn set_avatar_profile(
        &self,
        request: pb::SetAvatarProfileRequest,
    ) -> Result<pb::Avatar, ClientError> {
        Ok(self
            .avatar_service()
            .set_avatar_profile(request)
            .await?
            .into_inner())
    }

    /// Pushes a segment of a simulated body.
    pub async fn push_impulse(&self, request: pb::PushImpulseRequest) -> Result<(), ClientError> {
        self.avatar_service().push_impulse(request).await?;
        Ok(())
    }

    /// Sets or clears an avatar's gaze target.
    pub async fn set_gaze_target(
        &self,
        request: pb::SetGazeTargetRequest,
    ) -> Result<(), ClientError> {
        self.avatar_service().set_gaze_target(request).await?;
        Ok(())
    }

    /// Streams device samples; the answer comes when `samples` ends.
    pub async fn push_devices(
        &self,
        samples: impl Stream<Item = pb::PushDevicesRequest> + Send + 'static,
    ) -> Result<pb::PushDevicesResponse, ClientError> {
        Ok(self
            .device_service()
            .push_devices(samples)
            .await?
            .into_inner())
    }

    /// Runs the calibration wizard.
    pub async fn calibrate(
        &self,
        request: pb::CalibrateRequest,
    ) -> Result<Streaming<pb::CalibrateUpdate>, ClientError> {
        Ok(self
            .calibration_service()
            .calibrate(request)
            .await?
            .into_inner())
    }

    /// The stored profiles' names.
    pub async fn list_profiles(&self) -> Result<Vec<String>, ClientError> {
        let response = self
            .calibration_service()
            .list_profiles(pb::ListProfilesRequest {})
            .await?;
        Ok(response.into_inner().names)
    }

    /// One stored profile.
    pub async fn get_profile(&self, name: &str) -> Result<pb::Profile, ClientError> {
        let request = pb::GetProfileRequest {
            name: name.to_string(),
        };
        Ok(self
            .calibration_service()
            .get_profile(request)
            .await?
            .into_inner())
    }

    /// Stores the device offsets `avatar_id`'s solver uses (refined during
    /// use) into a copy of its profile named `profile_name`; `replace`
    /// overwrites an existing profile of that name.
    pub async fn save_refined_offsets(
        &self,
        avatar_id: &str,
        profile_name: &str,
        replace: bool,
    ) -> Result<pb::Profile, ClientError> {
        let request = pb::SaveRefinedOffsetsRequest {
            avatar_id: avatar_id.to_string(),
            profile_name: profile_name.to_string(),
            replace,
        };
        Ok(self
            .calibration_service()
            .save_refined_offsets(request)
            .await?
            .into_inner())
    }

    /// Deletes a stored profile.
    pub async fn delete_profile(&self, name: &str) -> Result<(), ClientError> {
        let request = pb::DeleteProfileRequest {
            name: name.to_string(),
        };
        self.calibration_service().delete_profile(request).await?;
        Ok(())
    }

    /// The daemon's measurements.
    pub async fn get_stats(&self) -> Result<pb::GetStatsResponse, ClientError> {
        Ok(self
            .stats_service()
            .get_stats(pb::GetStatsRequest {})
            .await?
            .into_inner())
    }

    /// The standard gRPC health check of `service` (the empty name: the
    /// daemon as a whole).
    pub async fn health(&self, service: &str) -> Result<ServingStatus, ClientError> {
        let request = HealthCheckRequest {
            service: service.to_string(),
        };
        let status = HealthClient::with_interceptor(self.channel.clone(), self.auth.clone())
            .check(request)
            .await?
            .into_inner()
            .status;
        Ok(ServingStatus::try_from(status).unwrap_or(ServingStatus::Unknown))
    }
}
