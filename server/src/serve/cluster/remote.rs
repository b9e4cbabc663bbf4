//! The other nodes' avatars and objects as this node last heard them: the
//! newest frame of each node, and the merge of them into a frame of this
//! node (ids `NODE/ID`; avatars marked remote, with their age and source
//! sequence). A node silent for longer than the timeout is dropped.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use posewire_proto::v1 as pb;

/// A sequence number this far behind the newest one held means the node
/// started again (its loop counts from 0), not a late message.
const RESTART_GAP: u64 = 900;

/// The most remote avatars held at once (all nodes together): a frame that
/// would take the count past it is refused ([`Accepted::Full`]).
pub const MAX_REMOTE_AVATARS: usize = 512;

/// The most remote objects held at once (all nodes together), likewise.
pub const MAX_REMOTE_OBJECTS: usize = 512;

/// One node's newest frame and its objects.
#[derive(Debug)]
struct Heard {
    frame: pb::Frame,
    objects: Vec<pb::SceneObject>,
    at: Instant,
}

/// The newest frame of every other node of the space, and the skeletons
/// of its avatars.
#[derive(Debug)]
pub struct RemoteStore {
    nodes: Mutex<BTreeMap<String, Heard>>,
    /// By node, then by avatar id on that node.
    skeletons: Mutex<BTreeMap<String, BTreeMap<String, pb::Skeleton>>>,
    timeout: Duration,
}

/// What [`RemoteStore::skeleton`] knows of a remote avatar's skeleton.
#[derive(Debug, Clone, PartialEq)]
pub enum RemoteSkeleton {
    /// Its skeleton, with the id `NODE/ID`.
    Known(pb::Skeleton),
    /// The avatar is held but its skeleton has not arrived yet.
    NotYet,
    /// No such avatar is held (its node is not heard, or has no such
    /// avatar).
    Unknown,
}

/// What [`RemoteStore::accept`] did with a frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Accepted {
    /// The first frame of a node not heard within the timeout.
    NewNode,
    /// A newer frame of a node held.
    Newer,
    /// Older than the one held (late or out of order): ignored.
    Stale,
    /// Holding it would take the remote avatars past
    /// [`MAX_REMOTE_AVATARS`] or the objects past [`MAX_REMOTE_OBJECTS`]:
    /// refused.
    Full,
}

impl RemoteStore {
    /// An empty store dropping nodes silent for `timeout`.
    pub fn new(timeout: Duration) -> RemoteStore {
        RemoteStore {
            nodes: Mutex::default(),
            skeletons: Mutex::default(),
            timeout,
        }
    }

    /// Keeps `frame` and `objects` as `node`'s newest if the frame is newer
    /// than the one held.
    pub fn accept(
        &self,
        node: &str,
        frame: pb::Frame,
        objects: Vec<pb::SceneObject>,
        now: Instant,
    ) -> Accepted {
        let mut nodes = self.nodes.lock().unwrap_or_else(PoisonError::into_inner);
        let verdict = match nodes.get(node) {
            None => Accepted::NewNode,
            Some(h) if now.saturating_duration_since(h.at) > self.timeout => Accepted::NewNode,
            Some(h)
                if frame.sequence > h.frame.sequence
                    || frame.sequence + RESTART_GAP < h.frame.sequence =>
            {
                Accepted::Newer
            }
            Some(_) => Accepted::Stale,
        };
        let others = nodes
            .iter()
            .filter(|(n, _)| n.as_str() != node)
            .fold((0, 0), |(a, o), (_, h)| {
                (a + h.frame.avatars.len(), o + h.objects.len())
            });
        if verdict != Accepted::Stale
            && (others.0 + frame.avatars.len() > MAX_REMOTE_AVATARS
                || others.1 + objects.len() > MAX_REMOTE_OBJECTS)
        {
            return Accepted::Full;
        }
        if verdict != Accepted::Stale {
            nodes.insert(
                node.to_string(),
                Heard {
                    frame,
                    objects,
                    at: now,
                },
            );
        }
        verdict
    }

    /// Drops the nodes silent for longer than the timeout; their names.
    pub fn expire(&self, now: Instant) -> Vec<String> {
        let mut nodes = self.nodes.lock().unwrap_or_else(PoisonError::into_inner);
        let gone: Vec<String> = nodes
            .iter()
            .filter(|(_, h)| now.saturating_duration_since(h.at) > self.timeout)
            .map(|(n, _)| n.clone())
            .collect();
        let mut skeletons = self
            .skeletons
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        for n in &gone {
            nodes.remove(n);
            skeletons.remove(n);
        }
        gone
    }

    /// Keeps `node`'s newest skeletons (of the avatars it sent them for).
    pub fn keep_skeletons(&self, node: &str, received: Vec<pb::Skeleton>) {
        let mut skeletons = self
            .skeletons
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let held = skeletons.entry(node.to_string()).or_default();
        for s in received {
            held.insert(s.avatar_id.clone(), s);
        }
    }

    /// The skeleton of remote avatar `NODE/ID`, as far as it is known.
    pub fn skeleton(&self, remote_id: &str, now: Instant) -> RemoteSkeleton {
        let Some((node, id)) = remote_id.split_once('/') else {
            return RemoteSkeleton::Unknown;
        };
        let held = {
            let nodes = self.nodes.lock().unwrap_or_else(PoisonError::into_inner);
            nodes.get(node).is_some_and(|h| {
                now.saturating_duration_since(h.at) <= self.timeout
                    && h.frame.avatars.iter().any(|a| a.avatar_id == id)
            })
        };
        if !held {
            return RemoteSkeleton::Unknown;
        }
        let skeletons = self
            .skeletons
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match skeletons.get(node).and_then(|s| s.get(id)) {
            Some(s) => RemoteSkeleton::Known(pb::Skeleton {
                avatar_id: remote_id.to_string(),
                ..s.clone()
            }),
            None => RemoteSkeleton::NotYet,
        }
    }

    /// The nodes held now.
    pub fn nodes(&self) -> Vec<String> {
        let nodes = self.nodes.lock().unwrap_or_else(PoisonError::into_inner);
        nodes.keys().cloned().collect()
    }

    /// Every held avatar as this node's frame carries it: id `NODE/ID`,
    /// `remote` set, appended to `out` (nodes in name order).
    pub fn merge_into(&self, now: Instant, out: &mut Vec<pb::AvatarFrame>) {
        let nodes = self.nodes.lock().unwrap_or_else(PoisonError::into_inner);
        for (node, heard) in nodes.iter() {
            let age = now.saturating_duration_since(heard.at);
            if age > self.timeout {
                continue;
            }
            let age_s = age.as_secs_f64();
            for a in &heard.frame.avatars {
                out.push(pb::AvatarFrame {
                    avatar_id: format!("{node}/{}", a.avatar_id),
                    remote: Some(pb::RemoteAvatar {
                        node: node.clone(),
                        age_s,
                        source_sequence: heard.frame.sequence,
                        source_publish_time_unix_ns: heard.frame.publish_time_unix_ns,
                    }),
                    ..a.clone()
                });
            }
        }
    }

    /// Every held dynamic object as this node's frame carries it (id
    /// `NODE/ID`), appended to `out` (nodes in name order).
    pub fn merge_objects_into(&self, now: Instant, out: &mut Vec<pb::ObjectFrame>) {
        let nodes = self.nodes.lock().unwrap_or_else(PoisonError::into_inner);
        for (node, heard) in nodes.iter() {
            if now.saturating_duration_since(heard.at) > self.timeout {
                continue;
            }
            out.extend(
                heard
                    .objects
                    .iter()
                    .filter(|o| o.mass_kg > 0.0)
                    .map(|o| super::objects::remote_object_frame(node, o)),
            );
        }
    }

    /// Every held object (static ones too) with its key `NODE/ID`.
    pub fn objects(&self, now: Instant) -> Vec<(String, pb::SceneObject)> {
        let nodes = self.nodes.lock().unwrap_or_else(PoisonError::into_inner);
        nodes
            .iter()
            .filter(|(_, h)| now.saturating_duration_since(h.at) <= self.timeout)
            .flat_map(|(node, h)| {
                h.objects
                    .iter()
                    .map(move |o| (format!("{node}/{}", o.id), o.clone()))
            })
            .collect()
    }

    /// How many avatars are held.
    pub fn avatar_count(&self) -> usize {
        let nodes = self.nodes.lock().unwrap_or_else(PoisonError::into_inner);
        nodes.values().map(|h| h.frame.avatars.len()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(sequence: u64) -> pb::Frame {
        pb::Frame {
            sequence,
            avatars: vec![pb::AvatarFrame {
                avatar_id: "demo".into(),
                joint_positions: vec![sequence as f32; 63],
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    #[test]
    fn newer_frames_replace_older_and_silent_nodes_go_and_come_back() {
        let store = RemoteStore::new(Duration::from_secs(2));
        let t0 = Instant::now();
        assert_eq!(store.accept("b", frame(10), vec![], t0), Accepted::NewNode);
        assert_eq!(store.accept("b", frame(9), vec![], t0), Accepted::Stale);
        assert_eq!(store.accept("b", frame(11), vec![], t0), Accepted::Newer);
        let mut out = Vec::new();
        store.merge_into(t0 + Duration::from_millis(500), &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].avatar_id, "b/demo");
        let remote = out[0].remote.as_ref().expect("marked remote");
        assert_eq!(remote.node, "b");
        assert_eq!(remote.source_sequence, 11);
        assert!((remote.age_s - 0.5).abs() < 1e-9);
        assert_eq!(out[0].joint_positions, frame(11).avatars[0].joint_positions);
        assert!(store.expire(t0 + Duration::from_secs(1)).is_empty());
        // Past the timeout it is no longer merged, even before it expires.
        let mut late = Vec::new();
        store.merge_into(t0 + Duration::from_secs(3), &mut late);
        assert!(late.is_empty());
        assert_eq!(store.expire(t0 + Duration::from_secs(3)), vec!["b"]);
        assert_eq!(store.avatar_count(), 0);
        // Back after its silence, and after a restart (sequence from 0).
        let t1 = t0 + Duration::from_secs(4);
        assert_eq!(
            store.accept("b", frame(5000), vec![], t1),
            Accepted::NewNode
        );
        assert_eq!(store.accept("b", frame(3), vec![], t1), Accepted::Newer);
        assert_eq!(store.nodes(), vec!["b"]);
    }

    #[test]
    fn a_remote_skeleton_is_known_once_it_arrived_and_goes_with_its_node() {
        let store = RemoteStore::new(Duration::from_secs(2));
        let t0 = Instant::now();
        assert_eq!(store.skeleton("b/demo", t0), RemoteSkeleton::Unknown);
        store.accept("b", frame(1), vec![], t0);
        assert_eq!(store.skeleton("b/demo", t0), RemoteSkeleton::NotYet);
        assert_eq!(store.skeleton("b/other", t0), RemoteSkeleton::Unknown);
        let sent = pb::Skeleton {
            avatar_id: "demo".into(),
            stature_m: 1.8,
            ..Default::default()
        };
        store.keep_skeletons("b", vec![sent]);
        match store.skeleton("b/demo", t0) {
            RemoteSkeleton::Known(s) => {
                assert_eq!(s.avatar_id, "b/demo");
                assert_eq!(s.stature_m, 1.8);
            }
            other => panic!("{other:?}"),
        }
        let later = t0 + Duration::from_secs(3);
        assert_eq!(store.skeleton("b/demo", later), RemoteSkeleton::Unknown);
        store.expire(later);
        store.accept("b", frame(2), vec![], later);
        assert_eq!(store.skeleton("b/demo", later), RemoteSkeleton::NotYet);
    }

    #[test]
    fn objects_travel_with_their_node_as_node_slash_id() {
        let store = RemoteStore::new(Duration::from_secs(2));
        let t0 = Instant::now();
        let object = |id: &str, mass_kg: f64| pb::SceneObject {
            id: id.into(),
            mass_kg,
            held_by: vec![pb::ObjectHolder {
                avatar_id: "demo".into(),
                hand: pb::Device::RightHand as i32,
            }],
            ..Default::default()
        };
        let objects = vec![object("o1", 1.0), object("o2", 0.0)];
        assert_eq!(store.accept("a", frame(1), objects, t0), Accepted::NewNode);
        let keys: Vec<String> = store.objects(t0).into_iter().map(|(k, _)| k).collect();
        assert_eq!(keys, vec!["a/o1", "a/o2"]);
        let mut frames = Vec::new();
        store.merge_objects_into(t0, &mut frames);
        assert_eq!(frames.len(), 1, "only the dynamic one is in frames");
        assert_eq!(frames[0].id, "a/o1");
        assert_eq!(frames[0].held_by[0].avatar_id, "a/demo");
        // Gone with its node.
        assert!(store.objects(t0 + Duration::from_secs(3)).is_empty());
        let too_many = (0..=MAX_REMOTE_OBJECTS)
            .map(|i| object(&format!("o{i}"), 1.0))
            .collect();
        assert_eq!(store.accept("c", frame(1), too_many, t0), Accepted::Full);
    }

    #[test]
    fn a_flood_of_nodes_is_held_to_the_cap() {
        let store = RemoteStore::new(Duration::from_secs(2));
        let t0 = Instant::now();
        for i in 0..MAX_REMOTE_AVATARS {
            assert_eq!(
                store.accept(&format!("n{i}"), frame(1), vec![], t0),
                Accepted::NewNode
            );
        }
        assert_eq!(
            store.accept("one-more", frame(1), vec![], t0),
            Accepted::Full
        );
        // A node already held still updates.
        assert_eq!(store.accept("n0", frame(2), vec![], t0), Accepted::Newer);
        assert_eq!(store.avatar_count(), MAX_REMOTE_AVATARS);
    }
}
