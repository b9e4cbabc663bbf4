//! What the loop and the gRPC services share: the avatars' fixed facts,
//! the frame fan-out, the measurements and the shutdown signal.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};

use posewire_proto::v1 as pb;
use posewire_solver::{SolverKind, SolverSettings};
use tokio::sync::{broadcast, watch};

use super::avatar_info::AvatarInfo;
use super::stats::{LoopStats, SubscriberRegistry};

/// Frames the fan-out holds for a subscriber task that is late to take
/// them (the task forwards each frame at once into the subscriber's own
/// queue, so this only matters when the task itself is starved).
pub const FANOUT_CAPACITY: usize = 256;

/// State shared by the loop thread and the services.
#[derive(Debug)]
pub struct Shared {
    /// The loop's rate, ticks per second.
    pub rate_hz: f64,
    /// The solver posing every avatar and its settings (with the gate of
    /// `[devices]`).
    pub solver: SolverSettings,
    /// Which device samples are plausible (`[devices]`), for every
    /// avatar's solver and the push check.
    pub gate: posewire_solver::GateSettings,
    /// The avatars, in creation order (configuration first). Only the
    /// loop writes it, when it applies a command.
    pub avatars: RwLock<Vec<AvatarInfo>>,
    /// The fan-out the loop publishes every frame into.
    pub frames: broadcast::Sender<Arc<pb::Frame>>,
    /// Frames queued per subscriber before it skips.
    pub subscriber_buffer: usize,
    /// The loop's measurements.
    pub stats: Mutex<LoopStats>,
    /// The active frame subscribers.
    pub subscribers: Arc<SubscriberRegistry>,
    /// How many subscribers may be open (`[limits]`), and how many are.
    pub limits: Arc<super::limits::SubscriberLimits>,
    /// The open PushDevices streams.
    pub push_streams: Arc<super::stats::PushStreamRegistry>,
    /// The queues of the avatars whose source is `push`, by avatar id.
    pub push_queues: RwLock<BTreeMap<String, Arc<super::push_source::PushQueue>>>,
    /// Becomes true when the daemon shuts down.
    pub shutdown: watch::Receiver<bool>,
    /// Commands into the loop, vertex subscriptions, sample taps, skinning
    /// cost, storage.
    pub live: super::live::Live,
    /// The OSC endpoints' counters (VMC sources, VMC and VRChat outputs).
    pub osc: Arc<super::osc_stats::OscRegistry>,
    /// The recordings in progress (takes).
    pub recordings: Arc<super::recorder::Recordings>,
    /// The folders whose files a client may name (file sources).
    pub sources: super::source_paths::AllowedFolders,
    /// The folder hull objects' models are named in (`<storage>/models/`).
    pub models: super::source_paths::AllowedFolders,
    /// Where each hull object's mesh came from.
    pub hulls: super::object_hulls::HullSources,
    /// The shared space over NATS, if `[cluster]` is set.
    pub cluster: Option<Arc<super::cluster::Link>>,
}

impl Shared {
    /// The measurements, even if a holder panicked.
    pub fn stats(&self) -> MutexGuard<'_, LoopStats> {
        self.stats.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// An avatar by id; the empty id means the first one.
    pub fn avatar(&self, id: &str) -> Option<AvatarInfo> {
        let avatars = self.avatars();
        if id.is_empty() {
            avatars.first().cloned()
        } else {
            avatars.iter().find(|a| a.id == id).cloned()
        }
    }

    /// Every avatar, in creation order.
    pub fn avatars(&self) -> std::sync::RwLockReadGuard<'_, Vec<AvatarInfo>> {
        self.avatars.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// The push queue of an avatar whose source is `push`.
    pub fn push_queue(&self, id: &str) -> Option<Arc<super::push_source::PushQueue>> {
        self.push_queues
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id)
            .cloned()
    }

    /// The API's solver enum for the daemon's solver.
    pub fn solver_kind(&self) -> pb::SolverKind {
        match self.solver.kind {
            SolverKind::Ik => pb::SolverKind::Ik,
            SolverKind::Physics => pb::SolverKind::Physics,
        }
    }
}
