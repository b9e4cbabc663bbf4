//! Contacts a real body does not have, and how its own parts touch.
//!
//! - The shoulder girdle (the clavicle bone) has no collision shape, so
//!   nothing kept an upper arm off its own chest and neck but contacts that
//!   a real shoulder does not have: an arm raised and drawn in across the
//!   face caught on them and stayed 9 cm from its reference
//!   (`physics_an_arm_raised_across_the_head_is_not_caught_on_the_chest`).
//!   Those pairs are dropped; the shoulder's joint limits bound the arm there
//!   instead.
//! - Where the body touches itself (an arm against the trunk, a hand on the
//!   thigh) the parts still cannot pass through each other, but by default
//!   slide without friction (`WorldSettings::self_friction`): the capsules
//!   are fatter and rounder than a body, and with the body's friction (1)
//!   an arm brought down against the trunk caught on it (swordplay clip, 4
//!   devices: right elbow 14.5 cm from the ground truth against 10.4
//!   frictionless, `ik` 10.7;
//!   `physics_an_arm_lowered_against_the_trunk_slides_down_it`).
//!
//! rapier asks [`BodyContactHooks`] about a pair only when one of its
//! colliders carries the hooks ([`hooks`]); a collider's `user_data` says
//! whose segment it is ([`collider_tag`]). rapier recomputes the contacts
//! of such a pair every step instead of reusing them, so the friction hook
//! is only attached when the own-body friction differs from the body's (the
//! physics benchmark did not change with it). An empty joint between the
//! pairs did the same as the filter but made the whole solve 20 % slower
//! (rapier's joint solve is most of the cost).

use posewire_body::Joint;
use rapier3d::prelude::{
    ActiveHooks, ContactModificationContext, PairFilterContext, PhysicsHooks, SolverFlags,
};

use super::remote_contacts::{RemoteMotion, REMOTE_TAG};

/// Segment pairs of one body that never touch although they are not
/// joined: each upper arm and the chest and neck beside its shoulder.
pub const PASSING_PAIRS: [(Joint, Joint); 4] = [
    (Joint::LeftShoulder, Joint::Chest),
    (Joint::LeftShoulder, Joint::Neck),
    (Joint::RightShoulder, Joint::Chest),
    (Joint::RightShoulder, Joint::Neck),
];

/// Whether `joint`'s segment needs the filter (it is in a passing pair as
/// the arm).
pub fn filters(joint: Joint) -> bool {
    PASSING_PAIRS.iter().any(|(arm, _)| *arm == joint)
}

/// The hooks `joint`'s collider carries: the pair filter for the arms of
/// [`PASSING_PAIRS`], and the friction of own-body contacts for a segment
/// that collides with its own body with a friction other than the body's
/// (`own_friction_differs`).
pub fn hooks(joint: Joint, own_friction_differs: bool) -> ActiveHooks {
    let mut hooks = ActiveHooks::empty();
    if filters(joint) {
        hooks |= ActiveHooks::FILTER_CONTACT_PAIRS;
    }
    if own_friction_differs {
        hooks |= ActiveHooks::MODIFY_SOLVER_CONTACTS;
    }
    hooks
}

/// The `user_data` of avatar `index`'s collider on `joint`'s segment (0 is
/// the scene's).
pub fn collider_tag(index: usize, joint: Joint) -> u128 {
    ((index as u128 + 1) << 8) | joint.index() as u128
}

/// The bit that marks an object's collider tag.
const OBJECT_TAG: u128 = 1 << 127;

/// The `user_data` of object `id`'s collider.
pub fn object_tag(id: u64) -> u128 {
    OBJECT_TAG | u128::from(id)
}

/// A held object and the body it passes through: every part of the
/// holding avatar but the holding arm (a ball carried in a hanging hand
/// would meet the thigh beside it, and the contact would tear it from the
/// hand; the arm still rests on what it holds).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HeldPass {
    /// The object's collider tag ([`object_tag`]).
    pub object: u128,
    /// The holder's avatar number (as in [`collider_tag`], index + 1).
    pub avatar: u128,
    /// The holding arm's segments: upper arm, forearm, hand.
    pub arm: [Joint; 3],
}

/// The avatar number and joint of a collider tag (`None`: not an avatar's).
fn owner(tag: u128) -> Option<(u128, Joint)> {
    if tag & (OBJECT_TAG | REMOTE_TAG) != 0 {
        return None;
    }
    let avatar = tag >> 8;
    let joint = Joint::ALL.get((tag & 0xff) as usize)?;
    (avatar > 0).then_some((avatar, *joint))
}

/// rapier's contact hooks: drops [`PASSING_PAIRS`], gives the contacts of
/// one body with itself their own friction (never those between two
/// avatars, or with the floor or the scene), and settles a local avatar's
/// contacts with a remote body ([`super::remote_contacts`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct BodyContactHooks<'a> {
    /// Friction where a body touches itself
    /// ([`super::world::WorldSettings::self_friction`]).
    pub self_friction: f32,
    /// The held objects and the bodies they pass through.
    pub held: &'a [HeldPass],
    /// The remote bodies' capsules and how they last moved.
    pub remote: &'a [RemoteMotion],
}

impl BodyContactHooks<'_> {
    /// Whether the colliders tagged `a` and `b` are a held object and a
    /// part of its holder's body off the holding arm (either order).
    fn passes(&self, a: u128, b: u128) -> bool {
        let one_way = |object: u128, part: u128| {
            let Some((avatar, joint)) = owner(part) else {
                return false;
            };
            let mut holds = self
                .held
                .iter()
                .filter(|h| h.object == object && h.avatar == avatar)
                .peekable();
            holds.peek().is_some() && holds.all(|h| !h.arm.contains(&joint))
        };
        one_way(a, b) || one_way(b, a)
    }
}

/// The owners of two colliders (avatar number and joint), when both are an
/// avatar's.
fn owners(
    colliders: &rapier3d::prelude::ColliderSet,
    pair: [rapier3d::prelude::ColliderHandle; 2],
) -> Option<[(u128, Joint); 2]> {
    let owner_of = |h| colliders.get(h).and_then(|c| owner(c.user_data));
    Some([owner_of(pair[0])?, owner_of(pair[1])?])
}

/// Whether two collider tags are two parts of one avatar (not two
/// avatars, nor an avatar and the floor or the scene).
fn one_body(a: u128, b: u128) -> bool {
    matches!((owner(a), owner(b)), (Some(a), Some(b)) if a.0 == b.0)
}

impl PhysicsHooks for BodyContactHooks<'_> {
    fn filter_contact_pair(&self, context: &PairFilterContext) -> Option<SolverFlags> {
        if !self.held.is_empty() {
            let tag = |h| context.colliders.get(h).map_or(0, |c| c.user_data);
            if self.passes(tag(context.collider1), tag(context.collider2)) {
                return None;
            }
        }
        let Some([a, b]) = owners(context.colliders, [context.collider1, context.collider2]) else {
            return Some(SolverFlags::default());
        };
        let passing = a.0 == b.0
            && PASSING_PAIRS
                .iter()
                .any(|&(x, y)| (x, y) == (a.1, b.1) || (y, x) == (a.1, b.1));
        (!passing).then(SolverFlags::default)
    }

    fn modify_solver_contacts(&self, context: &mut ContactModificationContext) {
        let tag = |h| context.colliders.get(h).map_or(0, |c| c.user_data);
        let (t1, t2) = (tag(context.collider1), tag(context.collider2));
        let remote = |t: u128| t & REMOTE_TAG != 0;
        if remote(t1) && owner(t2).is_some() {
            return super::remote_contacts::settle(context, true, self.remote);
        }
        if remote(t2) && owner(t1).is_some() {
            return super::remote_contacts::settle(context, false, self.remote);
        }
        let own = one_body(t1, t2);
        if let (true, Some(manifold)) = (own, context.rigid_mut()) {
            *manifold.friction = self.self_friction;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_name_the_avatar_and_the_joint() {
        for i in [0, 1, 29, 30, 1000] {
            for j in Joint::ALL {
                assert_eq!(owner(collider_tag(i, j)), Some((i as u128 + 1, j)));
            }
        }
        assert_eq!(owner(0), None, "the scene's colliders");
    }

    #[test]
    fn a_held_object_passes_its_holders_body_but_not_the_holding_arm() {
        let ball = object_tag(7);
        assert_eq!(owner(ball), None, "not an avatar's");
        let held = [HeldPass {
            object: ball,
            avatar: 1,
            arm: [Joint::RightShoulder, Joint::RightElbow, Joint::RightWrist],
        }];
        let hooks = BodyContactHooks {
            self_friction: 0.0,
            held: &held,
            remote: &[],
        };
        let part = |avatar: usize, j: Joint| collider_tag(avatar, j);
        assert!(hooks.passes(ball, part(0, Joint::RightHip)), "the thigh");
        assert!(hooks.passes(part(0, Joint::Chest), ball), "either order");
        assert!(
            !hooks.passes(ball, part(0, Joint::RightElbow)),
            "the forearm"
        );
        assert!(
            !hooks.passes(ball, part(1, Joint::RightHip)),
            "another avatar"
        );
        assert!(
            !hooks.passes(object_tag(8), part(0, Joint::RightHip)),
            "another object"
        );
        assert!(!hooks.passes(ball, 0), "the floor");
    }

    #[test]
    fn only_a_body_touching_itself_counts_as_one_body() {
        let (arm, trunk) = (
            collider_tag(0, Joint::RightElbow),
            collider_tag(0, Joint::Spine),
        );
        assert!(one_body(arm, trunk));
        assert!(
            !one_body(arm, collider_tag(1, Joint::Spine)),
            "another avatar"
        );
        assert!(!one_body(arm, 0), "the floor or the scene");
        assert!(!one_body(0, 0));
    }
}
