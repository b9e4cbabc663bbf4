//! The space's objects in a re-solve: the changes the live loop made to
//! them between ticks (the objects present when recording began, adds,
//! removals, moves, an application's grabs and releases), replayed before
//! the same ticks, so that a held ball or a box the body hit acts on the
//! body as it did live; and how far the re-solved objects departed from
//! the recorded ones.

use std::collections::BTreeMap;

use posewire_solver::physics::grab::{Hand, Holder};
use posewire_solver::physics::{AvatarId, ObjectId};
use posewire_solver::SharedSpace;
use posewire_takes::{ObjectChange, ObjectEdit, ObjectMotion, Take};

use super::object_take::spec_of;

/// What became of a take's objects in a re-solve.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ObjectReplay {
    /// Objects the take describes.
    pub objects: usize,
    /// Changes replayed.
    pub replayed: usize,
    /// Changes that could not be replayed, each in words (a grab by an
    /// avatar that is not in the take, an object the re-solve's world
    /// refused).
    pub not_replayed: Vec<String>,
    /// Recorded object states compared with the re-solve's.
    pub compared: usize,
    /// The largest distance between a recorded object's centre and the
    /// re-solved one's at the same tick, metres (`None`: nothing compared).
    pub largest_departure_m: Option<f64>,
}

impl ObjectReplay {
    /// One line for people: what was replayed, what not, how close.
    pub fn summary(&self) -> String {
        if self.objects == 0 && self.replayed == 0 && self.not_replayed.is_empty() {
            return "no objects".into();
        }
        let mut s = format!(
            "{} objects, {} object changes replayed",
            self.objects, self.replayed
        );
        if !self.not_replayed.is_empty() {
            // The first few say why; the rest are counted.
            let shown: Vec<&str> = self
                .not_replayed
                .iter()
                .take(3)
                .map(String::as_str)
                .collect();
            s.push_str(&format!(
                ", {} not replayed ({}{})",
                self.not_replayed.len(),
                shown.join("; "),
                if self.not_replayed.len() > 3 {
                    "; ..."
                } else {
                    ""
                }
            ));
        }
        if let Some(d) = self.largest_departure_m {
            s.push_str(&format!(
                ", re-solved objects within {:.3} mm of the recorded ones ({} states)",
                d * 1e3,
                self.compared
            ));
        }
        s
    }
}

/// A recorded avatar's side of a replay: its id in the take and its
/// simulated body now.
#[derive(Debug, Clone, Copy)]
pub struct ReplayAvatar<'a> {
    /// The recorded avatar's id.
    pub id: &'a str,
    /// Its body in the re-solve's world (none before the headset).
    pub body: Option<AvatarId>,
    /// How its hands grab.
    pub grab: posewire_solver::physics::grip::GrabSettings,
}

/// Replays a take's object changes tick by tick.
#[derive(Debug)]
pub struct ObjectReplayer<'a> {
    changes: &'a [ObjectChange],
    next: usize,
    states: BTreeMap<u64, Vec<&'a ObjectMotion>>,
    /// Recorded id to the re-solve world's id.
    ids: BTreeMap<u64, ObjectId>,
    report: ObjectReplay,
}

impl<'a> ObjectReplayer<'a> {
    /// A replayer of a take's objects.
    pub fn new(take: &'a Take) -> Self {
        let mut states: BTreeMap<u64, Vec<&ObjectMotion>> = BTreeMap::new();
        for m in &take.object_motion {
            states.entry(m.sequence).or_default().push(m);
        }
        ObjectReplayer {
            changes: &take.object_changes,
            next: 0,
            states,
            ids: BTreeMap::new(),
            report: ObjectReplay {
                objects: take.objects.len(),
                ..ObjectReplay::default()
            },
        }
    }

    /// Applies the changes recorded before tick `sequence` (and any left
    /// from ticks the take does not hold, dropped ones).
    pub fn before_tick(
        &mut self,
        sequence: u64,
        space: &mut SharedSpace,
        avatars: &[ReplayAvatar],
    ) {
        while let Some(c) = self
            .changes
            .get(self.next)
            .filter(|c| c.sequence <= sequence)
        {
            self.next += 1;
            match self.apply(&c.edit, space, avatars) {
                Ok(()) => self.report.replayed += 1,
                Err(why) => self
                    .report
                    .not_replayed
                    .push(format!("tick {}: {why}", c.sequence)),
            }
        }
    }

    fn id(&self, recorded: u64) -> Result<ObjectId, String> {
        self.ids
            .get(&recorded)
            .copied()
            .ok_or_else(|| format!("object o{recorded} was never added in the take"))
    }

    fn apply(
        &mut self,
        edit: &ObjectEdit,
        space: &mut SharedSpace,
        avatars: &[ReplayAvatar],
    ) -> Result<(), String> {
        let world = space
            .world_mut()
            .ok_or("the re-solve's solver has no physics world to put objects in")?;
        match edit {
            ObjectEdit::Add {
                id,
                body,
                pose,
                linear_velocity,
                angular_velocity,
            } => {
                let spec = spec_of(body, *pose, [*linear_velocity, *angular_velocity]);
                let new = world
                    .add_object(spec)
                    .map_err(|e| format!("object o{id} was refused: {e}"))?;
                self.ids.insert(*id, new);
            }
            ObjectEdit::Remove { id } => {
                let new = self.id(*id)?;
                world.remove_object(new);
                self.ids.remove(id);
            }
            ObjectEdit::SetPose {
                id,
                pose,
                linear_velocity,
                angular_velocity,
            } => {
                let new = self.id(*id)?;
                world
                    .set_object_pose(new, *pose, *linear_velocity, *angular_velocity)
                    .map_err(|e| e.to_string())?;
            }
            ObjectEdit::Grab { id, holder } => {
                let Some(avatar) = avatars.iter().find(|a| a.id == holder.avatar_id) else {
                    return Err(format!(
                        "o{id} grabbed by avatar `{}`, who is not in the take",
                        holder.avatar_id
                    ));
                };
                let new = self.id(*id)?;
                let hand = Hand::of_device(holder.hand).ok_or("a grab by no hand")?;
                let body = avatar
                    .body
                    .ok_or("a grab before the body was in the world")?;
                let holder = Holder { avatar: body, hand };
                world
                    .grab_into_hand(
                        new,
                        holder,
                        avatar.grab.reach_m,
                        avatar.grab.break_impulse_n_s,
                    )
                    .map_err(|e| e.to_string())?;
            }
            ObjectEdit::Release { id, velocity } => {
                let new = self.id(*id)?;
                world
                    .release_object(new, *velocity)
                    .map_err(|e| e.to_string())?;
            }
        }
        Ok(())
    }

    /// Compares the re-solved objects after tick `sequence` with the
    /// recorded states.
    pub fn after_tick(&mut self, sequence: u64, space: &SharedSpace) {
        let (Some(states), Some(world)) = (self.states.get(&sequence), space.world()) else {
            return;
        };
        for m in states {
            let Some(now) = self.ids.get(&m.id).and_then(|&id| world.object(id)) else {
                continue;
            };
            let d = now.pose.position.distance(m.pose.position);
            self.report.compared += 1;
            let worst = self.report.largest_departure_m.get_or_insert(0.0);
            *worst = worst.max(d);
        }
    }

    /// What became of the objects.
    pub fn finish(self) -> ObjectReplay {
        self.report
    }
}
