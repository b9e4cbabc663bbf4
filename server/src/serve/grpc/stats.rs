//! `posewire.v1.StatsService`: a snapshot of the loop's timing, the
//! subscribers, the devices, the open push streams and every avatar's
//! solver and simulated body.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use pb::stats_service_server::StatsService;
use posewire_proto::v1 as pb;
use posewire_solver::{Rejection, SolverKind};
use tonic::{Request, Response, Status};

use crate::serve::frame_build::{body_state, device};
use crate::serve::state::Shared;
use crate::serve::stats::AvatarStat;

/// One avatar's solver and simulated body in the API's words.
pub fn avatar_stats(a: &AvatarStat) -> pb::AvatarStats {
    let solver = match a.solver {
        SolverKind::Ik => pb::SolverKind::Ik,
        SolverKind::Physics => pb::SolverKind::Physics,
    };
    let (state, assist) = a.reaction.map_or((pb::BodyState::Unspecified, 0.0), |r| {
        (body_state(r.state), r.assist)
    });
    pb::AvatarStats {
        avatar_id: a.avatar_id.clone(),
        solver: solver as i32,
        state: state as i32,
        assist,
        staggers: a.counts.staggers,
        falls: a.counts.falls,
        get_ups: a.counts.get_ups,
        impulses: a.counts.impulses,
        recovery_steps: a.counts.recovery_steps,
    }
}

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
        let (frames, overruns, uptime_s, times, devices, avatars, non_finite_resets) = {
            let s = self.shared.stats();
            (
                s.frames,
                s.overruns,
                s.started.map_or(0.0, |t| t.elapsed().as_secs_f64()),
                s.frame_times(),
                s.devices.clone(),
                s.avatars.iter().map(avatar_stats).collect(),
                s.non_finite_resets,
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
            non_finite_resets,
            cluster: self.shared.cluster.as_ref().map(|c| c.stats()),
            avatars,
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

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_solver::physics::{BodyState, Reaction, ReactionCounts};

    #[test]
    fn avatar_stats_carry_the_state_assist_and_counts() {
        let physics = AvatarStat {
            avatar_id: "a".into(),
            solver: SolverKind::Physics,
            reaction: Some(Reaction {
                state: BodyState::GettingUp,
                assist: 0.4,
                ..Reaction::default()
            }),
            counts: ReactionCounts {
                staggers: 3,
                falls: 2,
                get_ups: 1,
                impulses: 5,
                recovery_steps: 7,
            },
        };
        let s = avatar_stats(&physics);
        assert_eq!(s.avatar_id, "a");
        assert_eq!(s.solver(), pb::SolverKind::Physics);
        assert_eq!(s.state(), pb::BodyState::GettingUp);
        assert_eq!(s.assist, 0.4);
        assert_eq!(
            (s.staggers, s.falls, s.get_ups, s.impulses, s.recovery_steps),
            (3, 2, 1, 5, 7)
        );
        // The ik solver (or a body not there yet): no state, no assist.
        let ik = AvatarStat {
            solver: SolverKind::Ik,
            reaction: None,
            counts: ReactionCounts::default(),
            ..physics
        };
        let s = avatar_stats(&ik);
        assert_eq!(s.solver(), pb::SolverKind::Ik);
        assert_eq!(s.state(), pb::BodyState::Unspecified);
        assert_eq!((s.assist, s.falls), (0.0, 0));
    }
}
