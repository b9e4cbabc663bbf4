//! `posewire.v1.StatsService`: a snapshot of the loop's timing, the
//! subscribers, the devices and the open push streams.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use pb::stats_service_server::StatsService;
use posewire_proto::v1 as pb;
use posewire_solver::Rejection;
use tonic::{Request, Response, Status};

use crate::serve::frame_build::device;
use crate::serve::state::Shared;

/// The stats service.
#[derive(Debug, Clone)]
pub struct Stats {
    shared: Arc<Shared>,
}

impl Stats {
    /// The service over the daemon's shared state.
    pub fn new(shared: Arc<Shared>) -> Stats {
        Stats { shared }
    }
}

#[tonic::async_trait]
impl StatsService for Stats {
    async fn get_stats(
        &self,
        _request: Request<pb::GetStatsRequest>,
    ) -> Result<Response<pb::GetStatsResponse>, Status> {
        let (frames, overruns, uptime_s, times, devices) = {
            let s = self.shared.stats();
            (
                s.frames,
                s.overruns,
                s.started.map_or(0.0, |t| t.elapsed().as_secs_f64()),
                s.frame_times(),
                s.devices.clone(),
            )
        };
        let subscribers = self
            .shared
            .subscribers
            .snapshot()
            .iter()
            .map(|s| pb::SubscriberStats {
                id: s.id,
                peer: s.peer.clone(),
                sent: s.sent.load(Ordering::Relaxed),
                skipped: s.skipped.load(Ordering::Relaxed),
                decimation: s.decimation,
                age_s: s.since.elapsed().as_secs_f64(),
            })
            .collect();
        let (skinning, skinned_frames) = {
            let cost = self.shared.live.skin_cost();
            (cost.times(), cost.skinned)
        };
        let push_streams = self
            .shared
            .push_streams
            .snapshot()
            .iter()
            .map(|p| {
                let s = p.stat();
                pb::PushStreamStats {
                    id: p.id,
                    peer: p.peer.clone(),
                    avatar_id: s.avatar_id,
                    accepted: s.accepted,
                    rejected: s.rejected,
                    clock_offset_s: s.clock_offset_s,
                    clock_drift_ppm: s.clock_drift_ppm,
                    clock_offset_jitter_s: s.clock_jitter_s,
                    clock_steps: s.clock_steps,
                    age_s: p.since.elapsed().as_secs_f64(),
                }
            })
            .collect();
        Ok(Response::new(pb::GetStatsResponse {
            avatars: Vec::new(),
            push_streams,
            skinning: Some(pb::FrameTimeStats {
                p50_ms: skinning.p50_ms,
                p99_ms: skinning.p99_ms,
                max_ms: skinning.max_ms,
                count: skinning.count as u64,
            }),
            skinned_frames,
            osc: self
                .shared
                .osc
                .snapshot()
                .iter()
                .map(|c| c.to_proto())
                .collect(),
            rate_hz: self.shared.rate_hz,
            frames,
            uptime_s,
            frame_time: Some(pb::FrameTimeStats {
                p50_ms: times.p50_ms,
                p99_ms: times.p99_ms,
                max_ms: times.max_ms,
                count: times.count as u64,
            }),
            overruns,
            subscribers,
            devices: devices
                .into_iter()
                .map(|d| pb::DeviceStats {
                    avatar_id: d.avatar_id,
                    device: device(d.device) as i32,
                    sample_age_s: d.sample_age_s,
                    samples: d.samples,
                    tracked: d.tracked,
                    rejected_outside_workspace: d.rejected[Rejection::OutsideWorkspace.index()],
                    rejected_too_fast: d.rejected[Rejection::TooFast.index()],
                })
                .collect(),
        }))
    }
}
