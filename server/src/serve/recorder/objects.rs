//! The space's objects in a take: after each tick, every object's state
//! (described once, when a recording first sees it; a note when it
//! leaves), and the changes the loop's commands make to the objects
//! between ticks, which a re-solve replays (docs/TAKES.md "Objects").

use std::collections::BTreeSet;

use posewire_solver::physics::{AvatarId, ObjectState};
use posewire_solver::SharedSpace;
use posewire_takes::{ObjectEdit, ObjectGone, ObjectHolder, ObjectMotion, Record};

use super::super::object_take::body_of;

/// One object after a tick, with the hands holding it.
#[derive(Debug, Clone)]
pub struct ObjectNow {
    /// Its state.
    pub state: ObjectState,
    /// Who holds it.
    pub held_by: Vec<ObjectHolder>,
}

/// Every object of the space now; `avatar_id` names the avatar whose
/// simulated body holds one (none: the holder is left out).
pub fn objects_now(
    space: &SharedSpace,
    avatar_id: impl Fn(AvatarId) -> Option<String>,
) -> Vec<ObjectNow> {
    let Some(world) = space.world() else {
        return Vec::new();
    };
    world
        .objects()
        .into_iter()
        .map(|state| {
            let held_by = world
                .holders(state.id)
                .into_iter()
                .filter_map(|h| {
                    Some(ObjectHolder {
                        avatar_id: avatar_id(h.avatar)?,
                        hand: h.hand.device(),
                    })
                })
                .collect();
            ObjectNow { state, held_by }
        })
        .collect()
}

/// The objects in the space when a recording begins, as adds at its first
/// tick (their state of that moment), so that a re-solve starts with them.
pub fn adds_at_start(space: &SharedSpace) -> Vec<ObjectEdit> {
    space.world().map_or_else(Vec::new, |w| {
        w.objects()
            .into_iter()
            .map(|s| ObjectEdit::Add {
                id: s.id.0,
                body: body_of(&s.spec),
                pose: s.pose,
                linear_velocity: s.linear_velocity,
                angular_velocity: s.angular_velocity,
            })
            .collect()
    })
}

/// The objects a recording has described, to describe each once and
/// note when it leaves.
#[derive(Debug, Default)]
pub struct SeenObjects {
    ids: BTreeSet<u64>,
}

impl SeenObjects {
    /// The object records of tick `sequence`: a description of each object
    /// seen for the first time, every object's state, and a note for each
    /// that left.
    pub fn records(&mut self, sequence: u64, now: &[ObjectNow]) -> Vec<Record> {
        let mut out = Vec::with_capacity(now.len());
        for o in now {
            let id = o.state.id.0;
            if self.ids.insert(id) {
                out.push(Record::ObjectSeen(posewire_takes::ObjectSeen {
                    sequence,
                    id,
                    body: body_of(&o.state.spec),
                }));
            }
            out.push(Record::ObjectMotion(ObjectMotion {
                sequence,
                id,
                pose: o.state.pose,
                linear_velocity: o.state.linear_velocity,
                angular_velocity: o.state.angular_velocity,
                held_by: o.held_by.clone(),
            }));
        }
        let gone: Vec<u64> = self
            .ids
            .iter()
            .copied()
            .filter(|id| now.iter().all(|o| o.state.id.0 != *id))
            .collect();
        for id in gone {
            self.ids.remove(&id);
            out.push(Record::ObjectGone(ObjectGone { sequence, id }));
        }
        out
    }
}
