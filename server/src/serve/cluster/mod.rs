//! Shared spaces over NATS (issue 27, `docs/SCALING.md`): a node publishes
//! its own avatars' frames to the space's subjects and holds the other
//! nodes' avatars; a relay (`posewire relay`) only holds them, for its
//! subscribers.
//!
//! - [`config`]: the `[cluster]` section.
//! - [`wire`]: subjects, and the `ClusterFrame` messages encoded and checked.
//! - [`remote`]: the other nodes' newest frames, merged into this node's.
//! - [`bodies`]: remote avatars as kinematic bodies of the physics world.
//! - [`objects`]: objects across nodes: checked, in frames, kinematic copies.
//! - [`link`]: the connection, its events, the publisher and subscriber.
//! - [`relay`]: the configuration of `posewire relay`.

pub mod bodies;
pub mod cluster_config;
pub mod link;
pub mod objects;
pub mod relay;
pub mod remote;
pub mod wire;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use posewire_proto::v1 as pb;

pub use cluster_config::ClusterConfig;

/// How often a malformed message is logged at most (all are counted).
const REFUSED_LOG_EVERY: Duration = Duration::from_secs(10);

/// The link's counters (GetStats `cluster`).
#[derive(Debug, Default)]
pub struct Counters {
    /// Whether the connection is up.
    pub connected: AtomicBool,
    /// Connections established.
    pub connects: AtomicU64,
    /// Connections lost.
    pub disconnects: AtomicU64,
    /// Frames published.
    pub published: AtomicU64,
    /// Frames dropped before publishing.
    pub publish_dropped: AtomicU64,
    /// Frames of other nodes received.
    pub received: AtomicU64,
    /// Messages refused as malformed.
    pub malformed: AtomicU64,
}

/// A daemon's part of a shared space: its configuration, the other nodes'
/// avatars, the counters.
#[derive(Debug)]
pub struct Link {
    /// The `[cluster]` section.
    pub config: ClusterConfig,
    /// The other nodes' newest frames.
    pub remote: remote::RemoteStore,
    /// The counters.
    pub counters: Counters,
    /// This node's own objects with their shapes, as the loop last listed
    /// them (the publisher sends them with each frame).
    own_objects: Mutex<Arc<Vec<pb::SceneObject>>>,
    /// This node's avatars' skeletons, as the loop last listed them.
    own_skeletons: Mutex<Arc<Vec<pb::Skeleton>>>,
    /// When a refused message was last logged, and how many since.
    refused_log: Mutex<(Option<Instant>, u64)>,
}

impl Link {
    /// The link of a configuration (not connected yet: see [`link::start`]).
    pub fn new(config: ClusterConfig) -> Link {
        Link {
            remote: remote::RemoteStore::new(config.remote_timeout()),
            config,
            counters: Counters::default(),
            own_objects: Mutex::default(),
            own_skeletons: Mutex::default(),
            refused_log: Mutex::default(),
        }
    }

    /// Keeps the loop's newest list of this node's own objects.
    pub fn set_own_objects(&self, objects: Arc<Vec<pb::SceneObject>>) {
        *self
            .own_objects
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = objects;
    }

    /// Keeps the loop's newest list of this node's avatars' skeletons.
    pub fn set_own_skeletons(&self, skeletons: Arc<Vec<pb::Skeleton>>) {
        *self
            .own_skeletons
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = skeletons;
    }

    /// This node's avatars' skeletons as the loop last listed them.
    pub fn own_skeletons(&self) -> Arc<Vec<pb::Skeleton>> {
        self.own_skeletons
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// This node's own objects as the loop last listed them.
    pub fn own_objects(&self) -> Arc<Vec<pb::SceneObject>> {
        self.own_objects
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Counts a connection event and logs the changes of state.
    pub fn on_event(&self, event: &async_nats::Event) {
        let c = &self.counters;
        match event {
            async_nats::Event::Connected => {
                c.connected.store(true, Ordering::SeqCst);
                let n = c.connects.fetch_add(1, Ordering::Relaxed) + 1;
                tracing::info!(nats = %self.config.nats, connects = n, "connected to the NATS server");
            }
            async_nats::Event::Disconnected => {
                c.connected.store(false, Ordering::SeqCst);
                c.disconnects.fetch_add(1, Ordering::Relaxed);
                tracing::warn!(
                    nats = %self.config.nats,
                    "lost the NATS server: reconnecting with backoff; the loop goes on"
                );
            }
            other => tracing::warn!(event = %other, "NATS connection event"),
        }
    }

    /// Counts a refused message; logs it unless one was logged lately.
    pub fn refused(&self, subject: &str, reason: &wire::Refused) {
        self.counters.malformed.fetch_add(1, Ordering::Relaxed);
        let mut log = self
            .refused_log
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        log.1 += 1;
        if log
            .0
            .is_none_or(|t| now.duration_since(t) >= REFUSED_LOG_EVERY)
        {
            tracing::warn!(
                subject = %subject,
                reason = %reason,
                refused_since_last_log = log.1,
                "a malformed message of the space was dropped (all are counted in GetStats)"
            );
            *log = (Some(now), 0);
        }
    }

    /// The link's state for GetStats.
    pub fn stats(&self) -> pb::ClusterStats {
        let c = &self.counters;
        pb::ClusterStats {
            space: self.config.space.clone(),
            node: self.config.node.clone(),
            connected: c.connected.load(Ordering::SeqCst),
            connects: c.connects.load(Ordering::Relaxed),
            disconnects: c.disconnects.load(Ordering::Relaxed),
            published: c.published.load(Ordering::Relaxed),
            publish_dropped: c.publish_dropped.load(Ordering::Relaxed),
            received: c.received.load(Ordering::Relaxed),
            malformed: c.malformed.load(Ordering::Relaxed),
            nodes: self.remote.nodes(),
            remote_avatars: u32::try_from(self.remote.avatar_count()).unwrap_or(u32::MAX),
        }
    }
}
