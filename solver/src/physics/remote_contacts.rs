//! How an avatar of this world and a remote body (issue 27) touch. Each
//! node simulates only its own avatars and holds the others' as kinematic
//! copies; if a copy pushed a local avatar as a kinematic body pushes, an
//! avatar walked into a standing remote person would push that person
//! over at home (where the walker is the copy), and the walker, stopped
//! by nothing that stays put, would walk on through: measured end to end,
//! `server/tests/cluster.rs`. So between a local avatar and a remote body:
//!
//! - whoever moves into the other is stopped by its own node: when the
//!   remote body comes at the local avatar faster than the avatar comes
//!   at it (by more than [`YIELD_MARGIN_M_S`]), the contact is dropped here
//!   (the remote body's own node, where this avatar is the copy, stops it);
//!   otherwise (the local avatar moves in, or both do) the contact holds;
//! - an overlap is never pushed apart, only kept from growing (a copy
//!   arrives a bus hop late, a little inside what stopped it at home);
//! - a remote body sliding along a local avatar does not drag it: a held
//!   contact's friction acts as if the remote body stood still along it
//!   (its tangential velocity is taken out through the contact's target
//!   tangent velocity), so it still holds the avatar's own sliding.
//!   Measured: a remote crate carried at hip height past a local avatar's
//!   arm dragged the avatar 3.1 m (`solver/tests/physics_remote_body.rs`);
//!   with the friction off instead, a walker pressed against a remote
//!   person slid round it, its pelvis 0.16 m short of the other's instead
//!   of 0.25 (`server/tests/cluster.rs`).
//!
//! Objects and the scene meet remote bodies as kinematic bodies: a remote
//! hand pushes a ball.

use posewire_body::glam::DVec3;
use rapier3d::prelude::{ColliderHandle, ContactModificationContext};

use super::convert::v64;

/// The bit that marks a remote body's collider tag (`user_data`).
pub const REMOTE_TAG: u128 = 1 << 126;

/// How much faster (m/s, along the contact normal) a remote body must come
/// at a local avatar than the avatar comes at it for the contact to be
/// dropped.
pub const YIELD_MARGIN_M_S: f64 = 0.05;

/// A remote capsule's ends and their velocities over its last move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RemoteMotion {
    /// The capsule's collider.
    pub collider: ColliderHandle,
    /// One end, world metres.
    pub a: DVec3,
    /// The other end.
    pub b: DVec3,
    /// Velocity of `a`, m/s.
    pub va: DVec3,
    /// Velocity of `b`, m/s.
    pub vb: DVec3,
}

impl RemoteMotion {
    /// The capsule's velocity at `p` (between its ends' velocities, by
    /// where `p` lies along it).
    pub fn velocity_at(&self, p: DVec3) -> DVec3 {
        let ab = self.b - self.a;
        let len2 = ab.length_squared();
        let t = if len2 > 1e-12 {
            ((p - self.a).dot(ab) / len2).clamp(0.0, 1.0)
        } else {
            0.5
        };
        self.va.lerp(self.vb, t)
    }
}

/// Whether a contact holds, from the remote body's speed toward the local
/// avatar and the avatar's toward it (m/s along the normal).
pub fn holds(remote_in: f64, local_in: f64) -> bool {
    remote_in <= local_in.max(0.0) + YIELD_MARGIN_M_S
}

/// Applies the rule to a pair of one remote collider (`remote_is_first`
/// says which) and a local avatar's.
pub fn settle(
    context: &mut ContactModificationContext,
    remote_is_first: bool,
    motions: &[RemoteMotion],
) {
    let (remote_collider, local_body) = if remote_is_first {
        (context.collider1, context.rigid_body2)
    } else {
        (context.collider2, context.rigid_body1)
    };
    let motion = motions.iter().find(|m| m.collider == remote_collider);
    let bodies = context.bodies;
    let local = local_body.and_then(|h| bodies.get(h));
    let Some(manifold) = context.rigid_mut() else {
        return;
    };
    if manifold.solver_contacts.is_empty() {
        return;
    }
    let n = v64(*manifold.normal);
    // From the remote body toward the local avatar.
    let toward_local = if remote_is_first { n } else { -n };
    let count = manifold.solver_contacts.len() as f64;
    let p = manifold
        .solver_contacts
        .iter()
        .map(|c| {
            v64(if remote_is_first {
                c.anchor1
            } else {
                c.anchor2
            })
        })
        .sum::<DVec3>()
        / count;
    let remote_v = motion.map_or(DVec3::ZERO, |m| m.velocity_at(p));
    let remote_in = remote_v.dot(toward_local);
    let remote_along = remote_v - toward_local * remote_in;
    let local_in = local.map_or(0.0, |b| {
        -v64(b.velocity_at_point(super::convert::v32(p))).dot(toward_local)
    });
    let finite = remote_in.is_finite() && local_in.is_finite();
    if !finite || !holds(remote_in, local_in) {
        manifold.solver_contacts.clear();
        return;
    }
    // The solver drives the first body's velocity less the second's, along
    // the contact's tangents, to minus the target: the local avatar's own
    // tangential velocity to zero, as against a still surface.
    let target = if remote_is_first {
        -remote_along
    } else {
        remote_along
    };
    let target = if target.is_finite() {
        super::convert::v32(target)
    } else {
        super::convert::v32(DVec3::ZERO)
    };
    for c in manifold.solver_contacts.iter_mut() {
        c.dist = c.dist.max(0.0);
        c.tangent_velocity = target;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_one_that_moves_in_is_stopped_by_its_own_node() {
        // A remote body walking into a local one standing: not here.
        assert!(!holds(1.5, 0.0));
        // A local avatar walking into a standing remote one: here.
        assert!(holds(0.0, 1.5));
        // Both walking into each other: both nodes stop theirs.
        assert!(holds(1.0, 1.0));
        // Resting against each other, or the local moving away.
        assert!(holds(0.0, 0.0));
        assert!(holds(0.02, -1.0));
        assert!(!holds(0.2, -1.0));
    }

    #[test]
    fn a_capsules_velocity_is_between_its_ends() {
        let m = RemoteMotion {
            collider: ColliderHandle::invalid(),
            a: DVec3::ZERO,
            b: DVec3::new(0.0, 1.0, 0.0),
            va: DVec3::ZERO,
            vb: DVec3::new(2.0, 0.0, 0.0),
        };
        assert_eq!(m.velocity_at(DVec3::new(0.3, 0.5, 0.0)).x, 1.0);
        assert_eq!(m.velocity_at(DVec3::new(0.0, 9.0, 0.0)).x, 2.0);
    }
}
