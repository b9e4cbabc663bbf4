//! What the daemon measures about itself: the loop's tick durations and
//! overruns, each device's sample age, each frame subscriber's sent and
//! skipped counts, each push stream's counts and clock estimate, and each
//! avatar's solver and simulated body. GetStats reads snapshots of these.

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use posewire_body::Device;
use posewire_solver::physics::{Reaction, ReactionCounts};
use posewire_solver::SolverKind;

/// How many recent ticks the frame-time percentiles cover.
pub const RECENT_TICKS: usize = 1024;

/// One device of one avatar, as of the last tick.
#[derive(Debug, Clone, PartialEq)]
pub struct DeviceStat {
    /// The avatar.
    pub avatar_id: String,
    /// The device.
    pub device: Device,
    /// Age of its newest sample at the tick, seconds.
    pub sample_age_s: f64,
    /// Samples received since the start.
    pub samples: u64,
    /// Whether it had a recent valid sample.
    pub tracked: bool,
    /// Samples the plausibility gate left out, per reason
    /// ([`posewire_solver::Rejection::index`]).
    pub rejected: [u64; posewire_solver::Rejection::ALL.len()],
}

/// One avatar's solver and the reactions of its simulated body, as of the
/// last tick.
#[derive(Debug, Clone, PartialEq)]
pub struct AvatarStat {
    /// The avatar.
    pub avatar_id: String,
    /// Which solver poses it.
    pub solver: SolverKind,
    /// Its newest frame's reaction (state, assist); `None` for the ik
    /// solver or before the avatar has a body.
    pub reaction: Option<Reaction>,
    /// State changes, impulses and recovery steps since the start (zero
    /// for the ik solver).
    pub counts: ReactionCounts,
}

/// The loop's measurements, updated once per tick.
#[derive(Debug, Clone, Default)]
pub struct LoopStats {
    /// When the loop started.
    pub started: Option<Instant>,
    /// Ticks done.
    pub frames: u64,
    /// Ticks whose work took longer than a period.
    pub overruns: u64,
    /// Durations of the most recent ticks' work, milliseconds.
    recent_ms: VecDeque<f64>,
    /// Every device of every avatar.
    pub devices: Vec<DeviceStat>,
    /// Per avatar (configuration order), whether it has a body yet.
    pub ready: Vec<bool>,
    /// Per avatar, the devices seen so far.
    pub seen: Vec<Vec<Device>>,
    /// Every avatar's solver and simulated body.
    pub avatars: Vec<AvatarStat>,
    /// Avatars reset because their solved state went non-finite.
    pub non_finite_resets: u64,
}

/// Percentiles of tick durations, milliseconds.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct FrameTimes {
    /// Median.
    pub p50_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// Largest.
    pub max_ms: f64,
    /// How many ticks.
    pub count: usize,
}

impl LoopStats {
    /// Records one tick's work duration.
    pub fn record_tick(&mut self, work_ms: f64, overrun: bool) {
        self.frames += 1;
        if overrun {
            self.overruns += 1;
        }
        if self.recent_ms.len() == RECENT_TICKS {
            self.recent_ms.pop_front();
        }
        self.recent_ms.push_back(work_ms);
    }

    /// The distribution of the recent ticks' durations.
    pub fn frame_times(&self) -> FrameTimes {
        let mut v: Vec<f64> = self.recent_ms.iter().copied().collect();
        v.sort_by(f64::total_cmp);
        let at = |q: f64| -> f64 {
            if v.is_empty() {
                return 0.0;
            }
            let i = ((v.len() - 1) as f64 * q).round() as usize;
            v[i.min(v.len() - 1)]
        };
        FrameTimes {
            p50_ms: at(0.5),
            p99_ms: at(0.99),
            max_ms: v.last().copied().unwrap_or(0.0),
            count: v.len(),
        }
    }
}

/// One frame subscriber's counters.
#[derive(Debug)]
pub struct Subscriber {
    /// Unique for the daemon's life.
    pub id: u64,
    /// The client's address.
    pub peer: String,
    /// Its decimation (1: every frame).
    pub decimation: u32,
    /// When it subscribed.
    pub since: Instant,
    /// Frames sent.
    pub sent: AtomicU64,
    /// Frames skipped because it fell behind.
    pub skipped: AtomicU64,
}

/// The active frame subscribers.
pub type SubscriberRegistry = Registry<Subscriber>;

/// Keeps a subscriber listed; dropping it (when the stream ends) removes it.
pub type SubscriberGuard = Listed<Subscriber>;

impl SubscriberRegistry {
    /// Lists a new subscriber until the returned guard is dropped.
    pub fn register(self: &Arc<Self>, peer: String, decimation: u32) -> SubscriberGuard {
        self.list(|id| Subscriber {
            id,
            peer,
            decimation,
            since: Instant::now(),
            sent: AtomicU64::new(0),
            skipped: AtomicU64::new(0),
        })
    }
}

/// One open PushDevices stream's counts and clock estimate, as of its
/// latest batch.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PushStreamStat {
    /// The avatar of the latest batch.
    pub avatar_id: String,
    /// Samples taken.
    pub accepted: u64,
    /// Samples rejected.
    pub rejected: u64,
    /// Sender-to-daemon clock offset at the latest sample, seconds.
    pub clock_offset_s: f64,
    /// Its drift, parts per million.
    pub clock_drift_ppm: f64,
    /// Typical spread of the apparent delay, seconds.
    pub clock_jitter_s: f64,
    /// Clock steps seen.
    pub clock_steps: u32,
}

/// One open push stream.
#[derive(Debug)]
pub struct PushStream {
    /// Unique for the daemon's life.
    pub id: u64,
    /// The client's address.
    pub peer: String,
    /// When it opened.
    pub since: Instant,
    /// Its latest counts and estimate.
    pub stat: Mutex<PushStreamStat>,
}

/// The open PushDevices streams.
pub type PushStreamRegistry = Registry<PushStream>;

/// Keeps a push stream listed; dropping it (when the stream ends) removes
/// it.
pub type PushStreamGuard = Listed<PushStream>;

impl PushStream {
    /// Replaces its counts and estimate (once per batch).
    pub fn update(&self, stat: PushStreamStat) {
        *self.stat.lock().unwrap_or_else(PoisonError::into_inner) = stat;
    }

    /// Its counts and estimate.
    pub fn stat(&self) -> PushStreamStat {
        self.stat
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

impl PushStreamRegistry {
    /// Lists a new push stream until the returned guard is dropped.
    pub fn register(self: &Arc<Self>, peer: String) -> PushStreamGuard {
        self.list(|id| PushStream {
            id,
            peer,
            since: Instant::now(),
            stat: Mutex::default(),
        })
    }
}

/// Entries (subscribers, push streams) listed while their stream is open,
/// each with an id unique for the daemon's life.
#[derive(Debug)]
pub struct Registry<T> {
    next_id: AtomicU64,
    active: Mutex<BTreeMap<u64, Arc<T>>>,
}

impl<T> Default for Registry<T> {
    fn default() -> Self {
        Registry {
            next_id: AtomicU64::new(0),
            active: Mutex::new(BTreeMap::new()),
        }
    }
}

/// Keeps an entry listed; dropping it (when its stream ends) removes it.
#[derive(Debug)]
pub struct Listed<T> {
    registry: Arc<Registry<T>>,
    id: u64,
    /// The entry.
    pub item: Arc<T>,
}

impl<T> Drop for Listed<T> {
    fn drop(&mut self) {
        self.registry
            .active
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.id);
    }
}

impl<T> Registry<T> {
    /// Lists the entry `make` builds from a new id until the returned
    /// guard is dropped.
    pub fn list(self: &Arc<Self>, make: impl FnOnce(u64) -> T) -> Listed<T> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed) + 1;
        let item = Arc::new(make(id));
        self.active
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(id, item.clone());
        Listed {
            registry: self.clone(),
            id,
            item,
        }
    }

    /// The listed entries, by id.
    pub fn snapshot(&self) -> Vec<Arc<T>> {
        self.active
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .cloned()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_cover_the_recent_ticks() {
        let mut s = LoopStats::default();
        for k in 0..2000 {
            s.record_tick(if k % 100 == 0 { 50.0 } else { (k % 10) as f64 }, k == 5);
        }
        let t = s.frame_times();
        assert_eq!(t.count, RECENT_TICKS);
        assert_eq!(s.frames, 2000);
        assert_eq!(s.overruns, 1);
        assert!((4.0..=5.0).contains(&t.p50_ms), "{t:?}");
        assert_eq!(t.max_ms, 50.0);
        assert!(t.p99_ms >= 9.0, "{t:?}");
    }

    #[test]
    fn a_dropped_guard_unlists_its_subscriber() {
        let registry = Arc::new(SubscriberRegistry::default());
        let a = registry.register("a".into(), 1);
        let b = registry.register("b".into(), 2);
        assert_eq!(registry.snapshot().len(), 2);
        assert_ne!(a.item.id, b.item.id);
        drop(a);
        let left = registry.snapshot();
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].peer, "b");
    }

    #[test]
    fn push_streams_are_listed_while_open() {
        let registry = Arc::new(PushStreamRegistry::default());
        let a = registry.register("a".into());
        a.item.update(PushStreamStat {
            accepted: 3,
            clock_drift_ppm: 12.0,
            ..Default::default()
        });
        let listed = registry.snapshot();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].stat().accepted, 3);
        assert_eq!(listed[0].stat().clock_drift_ppm, 12.0);
        drop(a);
        assert!(registry.snapshot().is_empty());
    }
}
