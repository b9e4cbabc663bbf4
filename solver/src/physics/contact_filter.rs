//! Contacts a real body does not have. The shoulder girdle (the clavicle
//! bone) has no collision shape, so nothing kept an upper arm off its own
//! chest and neck but contacts that a real shoulder does not have: an arm
//! raised and drawn in across the face caught on them and stayed 9 cm from
//! its reference (`physics_an_arm_raised_across_the_head_is_not_caught_on_the_chest`).
//! The shoulder's joint limits bound the arm there instead.
//!
//! rapier asks [`BodyContactFilter`] about a pair only when one of its
//! colliders carries the `FILTER_CONTACT_PAIRS` hook (the upper arms); a
//! collider's `user_data` says whose segment it is ([`collider_tag`]). An
//! empty joint between the pairs did the same but made the whole solve 20 %
//! slower (rapier's joint solve is most of the cost).

use posewire_body::Joint;
use rapier3d::prelude::{PairFilterContext, PhysicsHooks, SolverFlags};

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

/// The `user_data` of avatar `index`'s collider on `joint`'s segment (0 is
/// the scene's).
pub fn collider_tag(index: usize, joint: Joint) -> u128 {
    ((index as u128 + 1) << 8) | joint.index() as u128
}

/// The avatar number and joint of a collider tag (`None`: not an avatar's).
fn owner(tag: u128) -> Option<(u128, Joint)> {
    let avatar = tag >> 8;
    let joint = Joint::ALL.get((tag & 0xff) as usize)?;
    (avatar > 0).then_some((avatar, *joint))
}

/// rapier's contact-pair hook that drops [`PASSING_PAIRS`].
#[derive(Debug, Clone, Copy, Default)]
pub struct BodyContactFilter;

impl PhysicsHooks for BodyContactFilter {
    fn filter_contact_pair(&self, context: &PairFilterContext) -> Option<SolverFlags> {
        let tag = |h| context.colliders.get(h).map(|c| c.user_data);
        let (Some(a), Some(b)) = (
            tag(context.collider1).and_then(owner),
            tag(context.collider2).and_then(owner),
        ) else {
            return Some(SolverFlags::default());
        };
        let passing = a.0 == b.0
            && PASSING_PAIRS
                .iter()
                .any(|&(x, y)| (x, y) == (a.1, b.1) || (y, x) == (a.1, b.1));
        (!passing).then(SolverFlags::default)
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
}
