//! What hits a body (issue 41): the impulse the last step's contacts gave
//! an avatar from anything that moves — an object, a tool, another
//! avatar's body, a body simulated elsewhere — read from rapier's solved
//! contact impulses after the step. The floor and the scene (fixed
//! bodies), the avatar's own segments and what its own hands hold are left
//! out: standing, touching itself and carrying are no hits. A hit then
//! enters the body's reactions as a push does
//! ([`super::reaction::ReactionState`]).

use posewire_body::glam::DVec3;
use rapier3d::prelude::RigidBodyHandle;

use super::convert::v64;
use super::world::{AvatarId, PhysicsWorld};

impl PhysicsWorld {
    /// The impulse (N s, world axes) that moving bodies other than the
    /// avatar's own and what it holds gave its segments in the last step:
    /// the sum over its contacts of rapier's solved contact impulses (over
    /// all of the step's physics steps when it has several).
    pub fn contact_impulse(&self, id: AvatarId) -> DVec3 {
        match self.step_hits.get(id.0) {
            Some(sum) if self.steps_per_step() > 1 => *sum,
            _ => self.last_contact_impulse(id),
        }
    }

    /// As [`PhysicsWorld::contact_impulse`], from the last physics step
    /// alone.
    pub(super) fn last_contact_impulse(&self, id: AvatarId) -> DVec3 {
        let Some(me) = self.avatar(id) else {
            return DVec3::ZERO;
        };
        let held: Vec<RigidBodyHandle> = self
            .holds
            .objects_of(id)
            .into_iter()
            .flat_map(|o| self.tool_parts(o))
            .filter_map(|o| self.objects.movable(o).ok())
            .collect();
        let mut sum = DVec3::ZERO;
        for &c in &me.colliders {
            for (pair, other) in self.pairs_of(c) {
                if !pair.has_any_active_contact() {
                    continue;
                }
                let Some(body) = self.rapier.colliders.get(other).and_then(|o| o.parent()) else {
                    continue;
                };
                let moving = self.rapier.bodies.get(body).is_some_and(|b| !b.is_fixed());
                if !moving
                    || me.bodies.0.iter().flatten().any(|&b| b == body)
                    || held.contains(&body)
                {
                    continue;
                }
                // rapier's impulse pushes collider2 along the contact
                // normal (from collider1) and collider1 the other way.
                let i = v64(pair.total_impulse());
                sum += if pair.collider1 == c { -i } else { i };
            }
        }
        if sum.is_finite() {
            sum
        } else {
            DVec3::ZERO
        }
    }
}

/// Turns the contact impulse of each step into hits: a hit begins when
/// the impulse of a step reaches the setting and is counted once, however
/// many steps the contact lasts.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ContactHits {
    /// Whether the last step's impulse was a hit's.
    in_hit: bool,
}

impl ContactHits {
    /// Takes one step's contact impulse (N s); says whether a new hit
    /// begins with it (to be counted), given the smallest impulse that is
    /// a hit, `hit_n_s`.
    pub fn feel(&mut self, impulse_n_s: f64, hit_n_s: f64) -> bool {
        let hit = hit_n_s > 0.0 && impulse_n_s.is_finite() && impulse_n_s >= hit_n_s;
        let new = hit && !self.in_hit;
        self.in_hit = hit;
        new
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hit_is_counted_once_while_its_contact_lasts() {
        let mut h = ContactHits::default();
        assert!(!h.feel(1.0, 5.0));
        assert!(h.feel(40.0, 5.0));
        assert!(!h.feel(12.0, 5.0));
        assert!(!h.feel(2.0, 5.0));
        assert!(h.feel(6.0, 5.0));
        assert!(!h.feel(f64::NAN, 5.0));
        assert!(!h.feel(100.0, 0.0), "a threshold of 0 turns hits off");
    }
}
