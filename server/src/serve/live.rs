//! What the services hand to the running loop and read back from it, beyond
//! frames: avatar commands (drained by the loop each tick), who wants
//! skinned vertices of which avatar, taps on an avatar's incoming samples
//! (the calibration wizard), and the cost of skinning.

use std::collections::{BTreeMap, VecDeque};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use posewire_body::formats::TrackerSample;
use posewire_body::glam::DVec3;
use posewire_body::{BodyProfile, Joint};
use posewire_proto::v1 as pb;
use tokio::sync::{mpsc, oneshot};

use super::avatar_info::AvatarInfo;
use super::avatar_runner::{AvatarRunner, SampleSource};
use super::object_commands::ObjectChange;
use super::push_source::PushQueue;
use super::stats::FrameTimes;

/// The loop's answer to a command.
pub type Reply = oneshot::Sender<Result<(), tonic::Status>>;

/// The loop's answer to an object command: the objects it touched.
pub type ObjectsReply = oneshot::Sender<Result<Vec<pb::SceneObject>, tonic::Status>>;

/// The loop's answer to a request for an avatar's profile with the device
/// offsets its solver uses.
pub type OffsetsReply = oneshot::Sender<Result<Box<BodyProfile>, tonic::Status>>;

/// A change to the running space, applied by the loop between ticks.
#[derive(Debug)]
pub enum Command {
    /// Adds an avatar (built by the service, off the loop).
    Create {
        /// Its runner.
        runner: Box<AvatarRunner>,
        /// What the services know of it.
        info: Box<AvatarInfo>,
        /// Its push queue, for a `push` source.
        queue: Option<Arc<PushQueue>>,
        /// The answer.
        reply: Reply,
    },
    /// Removes an avatar.
    Remove {
        /// Its id.
        id: String,
        /// The answer.
        reply: Reply,
    },
    /// Replaces an avatar's device source.
    SetSource {
        /// The avatar.
        id: String,
        /// The new source.
        source: SampleSource,
        /// The source as the API describes it.
        described: pb::DeviceSource,
        /// Its push queue, for a `push` source.
        queue: Option<Arc<PushQueue>>,
        /// The answer.
        reply: Reply,
    },
    /// Replaces an avatar's body profile (a new solver on the same source).
    SetProfile {
        /// The avatar.
        id: String,
        /// The profile.
        profile: Box<BodyProfile>,
        /// Its stored name.
        name: String,
        /// The answer.
        reply: Reply,
    },
    /// Pushes a segment of a simulated body.
    Impulse {
        /// The avatar.
        id: String,
        /// The segment (the bone starting at this joint).
        joint: Joint,
        /// Newton-seconds, world axes.
        impulse: DVec3,
        /// The answer.
        reply: Reply,
    },
    /// Starts recording an avatar: its solver restarts from its devices
    /// and each tick goes to the recorder from the next tick on.
    StartRecording {
        /// The avatar.
        id: String,
        /// The loop's end of the recording.
        recorder: Box<super::recorder::LoopRecorder>,
        /// The answer.
        reply: Reply,
    },
    /// Adds, moves, lists or removes the space's objects.
    Objects {
        /// What to do.
        change: ObjectChange,
        /// The answer.
        reply: ObjectsReply,
    },
    /// Reads an avatar's profile with the device offsets its solver uses
    /// (refined during use), for SaveRefinedOffsets to store.
    RefinedProfile {
        /// The avatar.
        id: String,
        /// The answer: the profile copy.
        reply: OffsetsReply,
    },
    /// Sets or clears where the avatar looks.
    Gaze {
        /// The avatar.
        id: String,
        /// A world point; `None`: where the headset looks.
        target: Option<DVec3>,
        /// The answer.
        reply: Reply,
    },
}

/// A calibration session's view of one avatar's incoming samples.
#[derive(Debug)]
pub struct Tap {
    /// The avatar.
    pub avatar_id: String,
    /// Receives each tick's samples (loop clock); a full channel drops.
    pub tx: mpsc::Sender<Vec<TrackerSample>>,
}

/// Most recent ticks the skinning cost covers.
const RECENT: usize = 1024;

/// What skinning cost the loop.
#[derive(Debug, Default)]
pub struct SkinCost {
    recent_ms: VecDeque<f64>,
    /// Avatar-frames skinned since the start.
    pub skinned: u64,
}

impl SkinCost {
    /// Records one tick's skinning time for `avatars` avatars.
    pub fn record(&mut self, ms: f64, avatars: u64) {
        self.skinned += avatars;
        if self.recent_ms.len() == RECENT {
            self.recent_ms.pop_front();
        }
        self.recent_ms.push_back(ms);
    }

    /// The distribution over recent ticks that skinned anything.
    pub fn times(&self) -> FrameTimes {
        let mut v: Vec<f64> = self.recent_ms.iter().copied().collect();
        v.sort_by(f64::total_cmp);
        let at = |q: f64| {
            v.get(((v.len().max(1) - 1) as f64 * q).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        FrameTimes {
            p50_ms: at(0.5),
            p99_ms: at(0.99),
            max_ms: v.last().copied().unwrap_or(0.0),
            count: v.len(),
        }
    }
}

/// Vertex subscribers per avatar id (`""`: subscribers of every avatar).
#[derive(Debug, Default)]
pub struct VertexSubscriptions {
    counts: Mutex<BTreeMap<String, usize>>,
}

/// Keeps a vertex subscription counted until dropped.
#[derive(Debug)]
pub struct VertexGuard {
    subs: Arc<VertexSubscriptions>,
    keys: Vec<String>,
}

impl Drop for VertexGuard {
    fn drop(&mut self) {
        let mut counts = self.subs.lock();
        for key in &self.keys {
            if let Some(n) = counts.get_mut(key) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    counts.remove(key);
                }
            }
        }
    }
}

impl VertexSubscriptions {
    fn lock(&self) -> MutexGuard<'_, BTreeMap<String, usize>> {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Counts a subscriber of these avatars (empty: all) until the guard
    /// is dropped.
    pub fn add(self: &Arc<Self>, avatar_ids: &[String]) -> VertexGuard {
        let keys = if avatar_ids.is_empty() {
            vec![String::new()]
        } else {
            avatar_ids.to_vec()
        };
        let mut counts = self.lock();
        for key in &keys {
            *counts.entry(key.clone()).or_default() += 1;
        }
        VertexGuard {
            subs: self.clone(),
            keys,
        }
    }

    /// Whether anyone wants this avatar's vertices.
    pub fn wanted(&self, avatar_id: &str) -> bool {
        let counts = self.lock();
        counts.contains_key("") || counts.contains_key(avatar_id)
    }

    /// Whether anyone wants any vertices (one lock per tick when nobody
    /// does).
    pub fn any(&self) -> bool {
        !self.lock().is_empty()
    }
}

/// The loop's side channels, shared with the services.
#[derive(Debug)]
pub struct Live {
    /// Commands into the loop.
    pub commands: std::sync::mpsc::Sender<Command>,
    /// Who wants vertices.
    pub vertices: Arc<VertexSubscriptions>,
    /// Sample taps (calibration sessions).
    pub taps: Mutex<Vec<Tap>>,
    /// Skinning cost.
    pub skin_cost: Mutex<SkinCost>,
    /// The storage folder (profiles, caches).
    pub storage: PathBuf,
}

impl Live {
    /// Side channels and the loop's end of the command channel.
    pub fn new(storage: PathBuf) -> (Live, std::sync::mpsc::Receiver<Command>) {
        let (tx, rx) = std::sync::mpsc::channel();
        (
            Live {
                commands: tx,
                vertices: Arc::new(VertexSubscriptions::default()),
                taps: Mutex::new(Vec::new()),
                skin_cost: Mutex::new(SkinCost::default()),
                storage,
            },
            rx,
        )
    }

    /// The folder of stored profiles.
    pub fn profiles_dir(&self) -> PathBuf {
        self.storage.join("profiles")
    }

    /// The folder of cached centres of rotation.
    pub fn cor_cache_dir(&self) -> PathBuf {
        self.storage.join("cor-cache")
    }

    /// The skinning cost, even if a holder panicked.
    pub fn skin_cost(&self) -> MutexGuard<'_, SkinCost> {
        self.skin_cost
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Hands a tick's samples of `avatar_id` to its taps; closed taps are
    /// dropped. Never waits.
    pub fn feed_taps(&self, avatar_id: &str, samples: &[TrackerSample]) {
        let mut taps = self.taps.lock().unwrap_or_else(PoisonError::into_inner);
        if taps.is_empty() {
            return;
        }
        taps.retain(|tap| {
            if tap.avatar_id != avatar_id || samples.is_empty() {
                return !tap.tx.is_closed();
            }
            !matches!(
                tap.tx.try_send(samples.to_vec()),
                Err(mpsc::error::TrySendError::Closed(_))
            )
        });
    }

    /// Taps `avatar_id`'s samples until the receiver is dropped.
    pub fn tap(&self, avatar_id: &str) -> mpsc::Receiver<Vec<TrackerSample>> {
        let (tx, rx) = mpsc::channel(1024);
        self.taps
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(Tap {
                avatar_id: avatar_id.to_string(),
                tx,
            });
        rx
    }

    /// Sends an object command and waits for the loop's answer.
    pub async fn objects(
        &self,
        change: ObjectChange,
    ) -> Result<Vec<pb::SceneObject>, tonic::Status> {
        self.ask(|reply| Command::Objects { change, reply }).await
    }

    /// An avatar's profile with the device offsets its solver uses (read
    /// by the loop between ticks).
    pub async fn refined_profile(&self, id: String) -> Result<Box<BodyProfile>, tonic::Status> {
        self.ask(|reply| Command::RefinedProfile { id, reply })
            .await
    }

    /// Sends a command and waits for the loop's answer.
    pub async fn send(&self, make: impl FnOnce(Reply) -> Command) -> Result<(), tonic::Status> {
        self.ask(make).await
    }

    /// Sends a command made with its reply channel and waits for the
    /// loop's answer.
    async fn ask<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<Result<T, tonic::Status>>) -> Command,
    ) -> Result<T, tonic::Status> {
        let (tx, rx) = oneshot::channel();
        let stopped = || tonic::Status::unavailable("the real-time loop has stopped");
        self.commands.send(make(tx)).map_err(|_| stopped())?;
        rx.await.map_err(|_| stopped())?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertex_subscriptions_count_until_dropped() {
        let subs = Arc::new(VertexSubscriptions::default());
        assert!(!subs.any());
        let a = subs.add(&["a".into()]);
        let a2 = subs.add(&["a".into()]);
        assert!(subs.wanted("a") && !subs.wanted("b"));
        drop(a);
        assert!(subs.wanted("a"), "one subscriber of a is left");
        drop(a2);
        assert!(!subs.any());
        let all = subs.add(&[]);
        assert!(subs.wanted("a") && subs.wanted("b"));
        drop(all);
        assert!(!subs.wanted("b"));
    }
}
