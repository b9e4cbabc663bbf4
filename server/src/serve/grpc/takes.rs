//! `posewire.v1.TakeService`: recording avatars into takes (see
//! [`crate::serve::recorder`]) and managing the take folder (see
//! [`crate::serve::take_store`]).

use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use pb::take_service_server::TakeService;
use posewire_proto::v1 as pb;
use tokio::sync::mpsc;
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::{Stream, StreamExt as _};
use tonic::{Request, Response, Status};

use super::blocking::blocking;
use crate::serve::ids::clip;
use crate::serve::limits::Admitted;
use crate::serve::live::Command;
use crate::serve::recorder::registry::SCENE;
use crate::serve::recorder::{RecordingStatus, Recordings};
use crate::serve::state::Shared;
use crate::serve::take_store;

/// How often WatchRecording reports progress.
pub const WATCH_EVERY: Duration = Duration::from_millis(500);

/// Bytes per FetchTake chunk.
pub const CHUNK_BYTES: usize = 1 << 20;

/// Solved frames per GetTakeFrames message.
pub const FRAMES_PER_MESSAGE: usize = 90;

/// The take service.
#[derive(Debug, Clone)]
pub struct Takes {
    shared: Arc<Shared>,
}

impl Takes {
    /// The service over the daemon's shared state.
    pub fn new(shared: Arc<Shared>) -> Takes {
        Takes { shared }
    }

    fn recordings(&self) -> Arc<Recordings> {
        self.shared.recordings.clone()
    }

    /// A place for a response stream among `[limits]`' streams (counted
    /// with the frame subscribers, in all and per connection).
    fn admit<T>(&self, request: &Request<T>) -> Result<Admitted, Status> {
        self.shared.limits.admit(request.remote_addr(), false)
    }
}

/// Messages streamed while holding the stream's place among the limits.
fn held<T: Send + 'static>(admitted: Admitted, messages: Vec<Result<T, Status>>) -> Streamed<T> {
    Box::pin(tokio_stream::iter(messages).map(move |m| {
        let _held = &admitted;
        m
    }))
}

fn unix_ns() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX))
}

/// The summary of a stopped recording's take.
async fn stopped_summary(status: Arc<RecordingStatus>) -> Result<pb::TakeSummary, Status> {
    let error = status.snapshot().stop_error;
    blocking(move || {
        let take = posewire_takes::open(&status.path).map_err(|e| take_store::status(&e))?;
        Ok(pb::TakeSummary {
            stop_error: error,
            ..take_store::summary(&status.path, &take, false)
        })
    })
    .await
}

/// The response streams.
type Streamed<T> = Pin<Box<dyn Stream<Item = Result<T, Status>> + Send>>;

#[tonic::async_trait]
impl TakeService for Takes {
    type WatchRecordingStream = Streamed<pb::Recording>;
    type FetchTakeStream = Streamed<pb::TakeChunk>;
    type GetTakeFramesStream = Streamed<pb::TakeFramesResponse>;

    async fn start_recording(
        &self,
        request: Request<pb::StartRecordingRequest>,
    ) -> Result<Response<pb::Recording>, Status> {
        let req = request.into_inner();
        // An empty avatar id records the whole space (a scene take).
        let id = if req.avatar_id.is_empty() {
            SCENE.to_string()
        } else {
            self.shared
                .avatar(&req.avatar_id)
                .ok_or_else(|| Status::not_found(format!("no avatar `{}`", clip(&req.avatar_id))))?
                .id
                .clone()
        };
        let recordings = self.recordings();
        let timecode = (req.timecode_start.as_str(), req.timecode_rate.as_str());
        let recorder = recordings.start(&id, &req.name, timecode, unix_ns())?;
        let started = self
            .shared
            .live
            .send(|reply| Command::StartRecording {
                id: id.clone(),
                recorder: Box::new(recorder),
                reply,
            })
            .await;
        let status = recordings
            .status(&id)
            .ok_or_else(|| Status::internal("the recording vanished"))?;
        if let Err(e) = started {
            // The avatar went away in between: no take.
            let _ = recordings.stop(&id, "the avatar was removed").await;
            let _ = std::fs::remove_file(&status.path);
            return Err(e);
        }
        Ok(Response::new(status.snapshot()))
    }

    async fn add_marker(
        &self,
        request: Request<pb::AddMarkerRequest>,
    ) -> Result<Response<pb::AddMarkerResponse>, Status> {
        let req = request.into_inner();
        let time_s = self.recordings().marker(&req.avatar_id, &req.label).await?;
        Ok(Response::new(pb::AddMarkerResponse { time_s }))
    }

    async fn stop_recording(
        &self,
        request: Request<pb::StopRecordingRequest>,
    ) -> Result<Response<pb::TakeSummary>, Status> {
        let req = request.into_inner();
        let status = self
            .recordings()
            .stop(&req.avatar_id, "stopped on request")
            .await?;
        Ok(Response::new(stopped_summary(status).await?))
    }

    async fn watch_recording(
        &self,
        request: Request<pb::WatchRecordingRequest>,
    ) -> Result<Response<Self::WatchRecordingStream>, Status> {
        let admitted = self.admit(&request)?;
        let req = request.into_inner();
        let status = self.recordings().status(&req.avatar_id).ok_or_else(|| {
            Status::failed_precondition(if req.avatar_id.is_empty() {
                "the scene is not being recorded".to_string()
            } else {
                format!("avatar `{}` is not being recorded", clip(&req.avatar_id))
            })
        })?;
        let (tx, rx) = mpsc::channel(4);
        let mut ended = status.watch();
        let mut shutdown = self.shared.shutdown.clone();
        tokio::spawn(async move {
            // The stream's place is held while it runs.
            let _admitted = admitted;
            loop {
                let now = status.snapshot();
                let stopped = now.stopped;
                if tx.send(Ok(now)).await.is_err() || stopped {
                    return;
                }
                tokio::select! {
                    () = tokio::time::sleep(WATCH_EVERY) => {}
                    _ = ended.changed() => {}
                    () = async {
                        let _ = shutdown.wait_for(|s| *s).await;
                    } => {
                        // The daemon finishes the take as it stops; say so.
                        let _ = tx.send(Err(Status::unavailable("the daemon is shutting down"))).await;
                        return;
                    }
                }
            }
        });
        Ok(Response::new(Box::pin(ReceiverStream::new(rx))))
    }

    async fn list_takes(
        &self,
        _request: Request<pb::ListTakesRequest>,
    ) -> Result<Response<pb::ListTakesResponse>, Status> {
        let recordings = self.recordings();
        let dir = recordings.dir();
        let takes =
            blocking(move || take_store::list(&dir, |n| recordings.is_recording(n))).await?;
        Ok(Response::new(pb::ListTakesResponse { takes }))
    }

    async fn rename_take(
        &self,
        request: Request<pb::RenameTakeRequest>,
    ) -> Result<Response<pb::TakeSummary>, Status> {
        let req = request.into_inner();
        let recordings = self.recordings();
        if recordings.is_recording(&req.name) {
            return Err(Status::failed_precondition(format!(
                "take `{}` is being recorded; stop the recording first",
                req.name
            )));
        }
        let dir = recordings.dir();
        let summary = blocking(move || take_store::rename(&dir, &req.name, &req.new_name)).await?;
        Ok(Response::new(summary))
    }

    async fn delete_take(
        &self,
        request: Request<pb::DeleteTakeRequest>,
    ) -> Result<Response<pb::DeleteTakeResponse>, Status> {
        let req = request.into_inner();
        let recordings = self.recordings();
        if recordings.is_recording(&req.name) {
            return Err(Status::failed_precondition(format!(
                "take `{}` is being recorded; stop the recording before deleting it",
                req.name
            )));
        }
        let dir = recordings.dir();
        blocking(move || take_store::delete(&dir, &req.name)).await?;
        Ok(Response::new(pb::DeleteTakeResponse {}))
    }

    async fn fetch_take(
        &self,
        request: Request<pb::FetchTakeRequest>,
    ) -> Result<Response<Self::FetchTakeStream>, Status> {
        let admitted = self.admit(&request)?;
        let req = request.into_inner();
        let path = self.recordings().path_of(&req.name)?;
        let budget = self.shared.sources.budget().clone();
        let bytes = blocking(move || {
            use posewire_body::bounded_read::{read_bounded, ReadError, TAKE};
            let _reading = budget.take_file(&path, "FetchTake")?;
            read_bounded(&path, TAKE).map_err(|e| match e {
                ReadError::Open { source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
                    Status::not_found(format!(
                        "no take `{}` ({})",
                        clip(&req.name),
                        path.display()
                    ))
                }
                ReadError::NotRegular { .. } | ReadError::TooLarge { .. } => {
                    Status::failed_precondition(e.to_string())
                }
                other => Status::internal(other.to_string()),
            })
        })
        .await?;
        let total = bytes.len() as u64;
        let chunks: Vec<Result<pb::TakeChunk, Status>> = bytes
            .chunks(CHUNK_BYTES)
            .enumerate()
            .map(|(i, c)| {
                Ok(pb::TakeChunk {
                    offset: (i * CHUNK_BYTES) as u64,
                    data: c.to_vec(),
                    total_bytes: total,
                })
            })
            .collect();
        Ok(Response::new(held(admitted, chunks)))
    }

    async fn get_take_frames(
        &self,
        request: Request<pb::GetTakeFramesRequest>,
    ) -> Result<Response<Self::GetTakeFramesStream>, Status> {
        let admitted = self.admit(&request)?;
        let req = request.into_inner();
        let recordings = self.recordings();
        let dir = recordings.dir();
        let recording = recordings.is_recording(&req.name);
        let (summary, frames) = blocking(move || {
            let (path, take) = take_store::open(&dir, &req.name)?;
            let frames = take_store::frames(&take, req.version)?;
            Ok((take_store::summary(&path, &take, recording), frames))
        })
        .await?;
        let mut messages = vec![Ok(pb::TakeFramesResponse {
            summary: Some(summary),
            frames: Vec::new(),
        })];
        messages.extend(frames.chunks(FRAMES_PER_MESSAGE).map(|c| {
            Ok(pb::TakeFramesResponse {
                summary: None,
                frames: c.to_vec(),
            })
        }));
        Ok(Response::new(held(admitted, messages)))
    }
}
