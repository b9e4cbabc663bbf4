//! `posewire.v1.FrameService`: the frame stream, the skeleton (a remote
//! avatar's too, as its node sent it), the mesh (not a remote avatar's).
//!
//! Each StreamFrames call gets its own task that takes every frame from the
//! loop's broadcast fan-out and forwards it, decimated and filtered, into
//! the subscriber's own bounded queue without ever waiting: when the queue
//! is full (the client does not read fast enough) the frame is skipped and
//! counted, and the next delivered frame says how many were missed. So a
//! stalled client costs the loop and the other subscribers nothing.
//! Vertices in another encoding than the loop's FLOAT32 are re-encoded
//! once per frame and avatar and shared by every subscriber asking for it.

use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use pb::frame_service_server::FrameService;
use posewire_proto::v1 as pb;
use tokio::sync::{broadcast, mpsc};
use tokio_stream::wrappers::ReceiverStream;
use tokio_stream::Stream;
use tonic::{Request, Response, Status};

use crate::serve::cluster::remote::RemoteSkeleton;
use crate::serve::frame_build;
use crate::serve::state::Shared;

/// The frame service.
#[derive(Debug, Clone)]
pub struct Frames {
    shared: Arc<Shared>,
    encoded: Arc<EncodedVertices>,
}

impl Frames {
    /// The service over the daemon's shared state.
    pub fn new(shared: Arc<Shared>) -> Frames {
        Frames {
            shared,
            encoded: Arc::default(),
        }
    }
}

/// How many recent frames' re-encoded vertices are kept for subscribers
/// that are a little late.
const ENCODED_FRAMES: u64 = 4;

/// Vertices re-encoded (the loop publishes FLOAT32) for the recent frames,
/// by frame and avatar, shared by every subscriber of that encoding: each
/// frame is re-encoded once per avatar, whatever the number of
/// subscribers.
#[derive(Debug, Default)]
struct EncodedVertices {
    recent: std::sync::Mutex<Vec<Encoded>>,
}

/// One frame's vertices of one avatar in one encoding: (sequence, avatar
/// id, encoding, vertices).
type Encoded = (u64, String, pb::VertexEncoding, Arc<pb::SkinnedVertices>);

impl EncodedVertices {
    /// `v` (avatar `avatar` of frame `sequence`) in `encoding`.
    fn get(
        &self,
        sequence: u64,
        avatar: &str,
        v: &pb::SkinnedVertices,
        encoding: pb::VertexEncoding,
    ) -> pb::SkinnedVertices {
        if v.encoding == encoding as i32 || encoding == pb::VertexEncoding::Unspecified {
            return crate::serve::skin::reencode(v, encoding);
        }
        let mut recent = self
            .recent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((.., done)) = recent
            .iter()
            .find(|(s, a, e, _)| *s == sequence && a == avatar && *e == encoding)
        {
            return (**done).clone();
        }
        let done = Arc::new(crate::serve::skin::reencode(v, encoding));
        recent.retain(|(s, ..)| s + ENCODED_FRAMES > sequence);
        recent.push((sequence, avatar.to_string(), encoding, done.clone()));
        (*done).clone()
    }
}

/// The response stream of StreamFrames.
pub type FrameStream = Pin<Box<dyn Stream<Item = Result<pb::StreamFramesResponse, Status>> + Send>>;

/// What one subscriber asked for.
#[derive(Debug, Clone)]
struct Selection {
    avatar_ids: Vec<String>,
    decimation: u64,
    forces: bool,
    fingers: bool,
    /// The vertex encoding, when vertices were asked for.
    vertices: Option<pb::VertexEncoding>,
}

/// An avatar's frame without its vertices (no copy of the vertex bytes).
fn without_vertices(a: &pb::AvatarFrame) -> pb::AvatarFrame {
    pb::AvatarFrame {
        avatar_id: a.avatar_id.clone(),
        root: a.root,
        local_rotations: a.local_rotations.clone(),
        joint_positions: a.joint_positions.clone(),
        world_rotations: a.world_rotations.clone(),
        devices: a.devices.clone(),
        foot_contacts: a.foot_contacts,
        camera_link: a.camera_link,
        ghost_hands: a.ghost_hands.clone(),
        forces: a.forces.clone(),
        vertices: None,
        reaction: a.reaction,
        remote: a.remote.clone(),
        fingers: a.fingers.clone(),
    }
}

impl Selection {
    /// The subscriber's copy of a frame.
    fn apply(&self, frame: &pb::Frame, encoded: &EncodedVertices) -> pb::Frame {
        let mut out = pb::Frame {
            sequence: frame.sequence,
            simulation_time_s: frame.simulation_time_s,
            capture_time_unix_ns: frame.capture_time_unix_ns,
            publish_time_unix_ns: frame.publish_time_unix_ns,
            avatars: Vec::with_capacity(frame.avatars.len()),
            objects: frame.objects.clone(),
        };
        for a in &frame.avatars {
            if !self.avatar_ids.is_empty() && !self.avatar_ids.contains(&a.avatar_id) {
                continue;
            }
            let mut copy = without_vertices(a);
            if !self.forces {
                copy.forces = None;
            }
            if !self.fingers {
                copy.fingers = None;
            }
            if let (Some(encoding), Some(v)) = (self.vertices, &a.vertices) {
                copy.vertices = Some(encoded.get(frame.sequence, &a.avatar_id, v, encoding));
            }
            out.avatars.push(copy);
        }
        out
    }

    /// How many frames this subscriber would have been sent among the
    /// sequence numbers strictly between `after` and `before`.
    fn wanted_between(&self, after: u64, before: u64) -> u64 {
        if before <= after + 1 {
            return 0;
        }
        let d = self.decimation;
        // Multiples of d in (after, before).
        (before - 1) / d - after / d
    }
}

impl Frames {
    /// GetSkeleton of an id that is none of this daemon's avatars: a
    /// remote avatar's (`NODE/ID`) skeleton as its node sent it, or why
    /// not.
    fn remote_skeleton(&self, id: &str) -> Result<pb::Skeleton, Status> {
        let no_avatar = || Status::not_found(format!("no avatar `{id}`"));
        let link = self.shared.cluster.as_ref().ok_or_else(no_avatar)?;
        if !id.contains('/') {
            return Err(no_avatar());
        }
        match link.remote.skeleton(id, std::time::Instant::now()) {
            RemoteSkeleton::Known(s) => Ok(s),
            RemoteSkeleton::NotYet => Err(Status::unavailable(format!(
                "`{id}` is a remote avatar whose skeleton has not arrived yet: nodes send their \
                 avatars' skeletons once a second; ask again in a second"
            ))),
            RemoteSkeleton::Unknown => Err(Status::not_found(format!(
                "no avatar `{id}`: no node of the space heard now has it (remote avatars read \
                 `NODE/ID`)"
            ))),
        }
    }

    /// Why GetMesh has nothing for `id`: no such avatar, or a remote one,
    /// whose mesh does not travel over the bus.
    fn no_mesh(&self, id: &str) -> Status {
        let held = self.shared.cluster.as_ref().is_some_and(|link| {
            link.remote.skeleton(id, std::time::Instant::now()) != RemoteSkeleton::Unknown
        });
        match id.split_once('/') {
            Some((node, own)) if held => Status::not_found(format!(
                "`{id}` is a remote avatar (simulated by node `{node}`): meshes do not travel \
                 over the bus, only joints and skeletons; GetSkeleton answers `{id}` here, and \
                 node `{node}`'s GetMesh answers `{own}`"
            )),
            _ => Status::not_found(format!("no avatar `{id}`")),
        }
    }
}

#[tonic::async_trait]
impl FrameService for Frames {
    type StreamFramesStream = FrameStream;

    async fn stream_frames(
        &self,
        request: Request<pb::StreamFramesRequest>,
    ) -> Result<Response<FrameStream>, Status> {
        let remote = request.remote_addr();
        let peer = remote.map_or_else(|| "unknown".to_string(), |a| a.to_string());
        let req = request.into_inner();
        let encoding = pb::VertexEncoding::try_from(req.vertex_encoding).map_err(|_| {
            Status::invalid_argument(format!(
                "vertex_encoding {} is not an encoding: use FLOAT32 (1) or INT16 (2)",
                req.vertex_encoding
            ))
        })?;
        for id in &req.avatar_ids {
            // A remote avatar (`NODE/ID`) may come and go with its node.
            let remote = self.shared.cluster.is_some() && id.contains('/');
            if id.is_empty() || (self.shared.avatar(id).is_none() && !remote) {
                return Err(Status::not_found(format!("no avatar `{id}`")));
            }
        }
        let selection = Selection {
            avatar_ids: req.avatar_ids,
            decimation: u64::from(req.decimation.max(1)),
            forces: req.include_forces,
            fingers: req.include_fingers,
            vertices: req.include_vertices.then_some(encoding),
        };
        // Its place within the operator's limits, held while it lives.
        let admitted = self.shared.limits.admit(remote, req.include_vertices)?;
        // Counted while the stream lives: the loop skins an avatar only
        // while someone wants its vertices.
        let vertex_guard = req
            .include_vertices
            .then(|| self.shared.live.vertices.add(&selection.avatar_ids));
        let guard = self
            .shared
            .subscribers
            .register(peer, req.decimation.max(1));
        let encoded = self.encoded.clone();
        let mut frames = self.shared.frames.subscribe();
        let mut shutdown = self.shared.shutdown.clone();
        let (tx, rx) = mpsc::channel(self.shared.subscriber_buffer);
        tokio::spawn(async move {
            let counters = guard.item.clone();
            // The last sequence number taken from the fan-out.
            let mut last: Option<u64> = None;
            let mut pending_skipped = 0u64;
            let mut total_skipped = 0u64;
            loop {
                let received = tokio::select! {
                    r = frames.recv() => r,
                    _ = shutdown.changed() => {
                        let _ = tx.try_send(Err(Status::unavailable("the daemon is shutting down")));
                        break;
                    }
                    () = tx.closed() => break,
                };
                let frame = match received {
                    Ok(frame) => frame,
                    // The task itself fell behind the fan-out; the gap in
                    // sequence numbers counts the loss below.
                    Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => {
                        let _ =
                            tx.try_send(Err(Status::unavailable("the daemon is shutting down")));
                        break;
                    }
                };
                if let Some(previous) = last {
                    let missed = selection.wanted_between(previous, frame.sequence);
                    pending_skipped += missed;
                    total_skipped += missed;
                    counters.skipped.fetch_add(missed, Ordering::Relaxed);
                }
                last = Some(frame.sequence);
                if frame.sequence % selection.decimation != 0 {
                    continue;
                }
                let response = pb::StreamFramesResponse {
                    frame: Some(selection.apply(&frame, &encoded)),
                    skipped: pending_skipped,
                    skipped_total: total_skipped,
                };
                match tx.try_send(Ok(response)) {
                    Ok(()) => {
                        pending_skipped = 0;
                        counters.sent.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(mpsc::error::TrySendError::Full(_)) => {
                        pending_skipped += 1;
                        total_skipped += 1;
                        counters.skipped.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(mpsc::error::TrySendError::Closed(_)) => break,
                }
            }
            drop(guard);
            drop(vertex_guard);
            drop(admitted);
        });
        Ok(Response::new(Box::pin(ReceiverStream::new(rx))))
    }

    async fn get_skeleton(
        &self,
        request: Request<pb::GetSkeletonRequest>,
    ) -> Result<Response<pb::Skeleton>, Status> {
        let id = request.into_inner().avatar_id;
        let Some(avatar) = self.shared.avatar(&id) else {
            return self.remote_skeleton(&id).map(Response::new);
        };
        Ok(Response::new(frame_build::skeleton(
            &avatar.id,
            &avatar.skeleton,
            &avatar.profile_name,
            avatar.stature_m,
        )))
    }

    async fn get_mesh(
        &self,
        request: Request<pb::GetMeshRequest>,
    ) -> Result<Response<pb::Mesh>, Status> {
        let id = request.into_inner().avatar_id;
        let avatar = self.shared.avatar(&id).ok_or_else(|| self.no_mesh(&id))?;
        let slot = avatar.rig.clone();
        // Building the rig (centres of rotation) can take a while the first
        // time: on a blocking thread, never the loop.
        let rig = tokio::task::spawn_blocking(move || slot.get_or_build())
            .await
            .map_err(|e| Status::internal(format!("building the mesh failed: {e}")))?
            .map_err(Status::failed_precondition)?;
        Ok(Response::new(rig.mesh_message(&avatar.id)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skipped_frames_count_only_what_decimation_would_send() {
        let every = Selection {
            avatar_ids: vec![],
            decimation: 1,
            forces: false,
            fingers: false,
            vertices: None,
        };
        assert_eq!(every.wanted_between(10, 11), 0);
        assert_eq!(every.wanted_between(10, 15), 4);
        let third = Selection {
            decimation: 3,
            ..every
        };
        // Between 3 and 12: 6 and 9.
        assert_eq!(third.wanted_between(3, 12), 2);
        // Between 4 and 6: none (5 is not a multiple of 3).
        assert_eq!(third.wanted_between(4, 6), 0);
    }

    #[test]
    fn each_frame_is_re_encoded_once_for_every_subscriber() {
        let positions = [posewire_body::glam::Vec3::new(0.1, 1.0, -0.2); 8];
        let float32 = crate::serve::skin::encode_float32(&positions);
        let cache = EncodedVertices::default();
        let a = cache.get(5, "demo", &float32, pb::VertexEncoding::Int16);
        let b = cache.get(5, "demo", &float32, pb::VertexEncoding::Int16);
        assert_eq!(a, b);
        assert_eq!(a.encoding, pb::VertexEncoding::Int16 as i32);
        assert_eq!(a.data.len(), 8 * 6);
        assert_eq!(cache.recent.lock().expect("lock").len(), 1);
        // FLOAT32 is the loop's own encoding: passed through, not cached.
        assert_eq!(
            cache.get(5, "demo", &float32, pb::VertexEncoding::Float32),
            float32
        );
        // Old frames leave the cache.
        for sequence in 6..20 {
            cache.get(sequence, "demo", &float32, pb::VertexEncoding::Int16);
        }
        let kept = cache.recent.lock().expect("lock").len() as u64;
        assert!(kept <= ENCODED_FRAMES, "{kept}");
    }

    #[test]
    fn a_filtered_frame_keeps_only_the_chosen_avatars() {
        let frame = pb::Frame {
            sequence: 7,
            avatars: ["a", "b"]
                .map(|id| pb::AvatarFrame {
                    avatar_id: id.into(),
                    forces: Some(pb::ForceArrays::default()),
                    ..Default::default()
                })
                .to_vec(),
            ..Default::default()
        };
        let s = Selection {
            avatar_ids: vec!["b".into()],
            decimation: 1,
            forces: false,
            fingers: false,
            vertices: None,
        };
        let out = s.apply(&frame, &EncodedVertices::default());
        assert_eq!(out.sequence, 7);
        assert_eq!(out.avatars.len(), 1);
        assert_eq!(out.avatars[0].avatar_id, "b");
        assert!(out.avatars[0].forces.is_none());
    }
}
