//! Holds between hands and objects: the design's grabbing/throwing joint.
//! A hold is a fixed joint between a hand segment and an object, made at
//! their relative pose of the moment (contacts between the two are off), so
//! the object moves with the hand, weighs on the arm, and leaves with the
//! hand's motion when the joint goes. A hold breaks when it must carry more
//! than its limit over one step (the joint's impulse, less any part of it
//! that presses the object into the hand), as a real grip slips.
//! Two hands may hold one object; a hand holds one object at a time.
//! While held, an object passes through its holder's body but for the
//! holding arm (`super::contact_filter::HeldPass`); it still meets
//! everyone and everything else.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{Device, Joint};
use rapier3d::prelude::{GenericJointBuilder, ImpulseJointHandle, JointAxesMask};

use super::contact_filter::{object_tag, HeldPass};
use super::convert::{pose32, pose64, v32, v64};
use super::objects::{ObjectError, ObjectId};
use super::world::{AvatarId, PhysicsWorld};

/// A hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Hand {
    /// The left.
    Left,
    /// The right.
    Right,
}

impl Hand {
    /// Both, left first.
    pub const BOTH: [Hand; 2] = [Hand::Left, Hand::Right];

    /// Its segment (the bone from the wrist).
    pub fn joint(self) -> Joint {
        match self {
            Hand::Left => Joint::LeftWrist,
            Hand::Right => Joint::RightWrist,
        }
    }

    /// Its arm's segments: upper arm, forearm, hand.
    pub fn arm(self) -> [Joint; 3] {
        match self {
            Hand::Left => [Joint::LeftShoulder, Joint::LeftElbow, Joint::LeftWrist],
            Hand::Right => [Joint::RightShoulder, Joint::RightElbow, Joint::RightWrist],
        }
    }

    /// Its controller.
    pub fn device(self) -> Device {
        match self {
            Hand::Left => Device::LeftHand,
            Hand::Right => Device::RightHand,
        }
    }

    /// The hand of a controller.
    pub fn of_device(d: Device) -> Option<Hand> {
        match d {
            Device::LeftHand => Some(Hand::Left),
            Device::RightHand => Some(Hand::Right),
            _ => None,
        }
    }

    /// 0 left, 1 right.
    pub fn index(self) -> usize {
        match self {
            Hand::Left => 0,
            Hand::Right => 1,
        }
    }
}

/// Whose hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Holder {
    /// The avatar.
    pub avatar: AvatarId,
    /// Which hand.
    pub hand: Hand,
}

/// One hold.
#[derive(Debug, Clone, Copy)]
struct Hold {
    object: ObjectId,
    holder: Holder,
    joint: ImpulseJointHandle,
    break_impulse_n_s: f64,
    /// The joint's axes in the hand's frame.
    axes: DQuat,
    /// From the palm to the object, in the hand's frame (unit): a hand
    /// pressing the object this way loads no grip (taking a 1 kg box off a
    /// post, the hand pressed a new 1.5 N s hold with 1.8-2.3 N s, all of
    /// it pressing; a 20 kg weight pulls the other way).
    away: DVec3,
    /// A tool's hold ([`super::tool`]): the grip does not release it.
    tool: bool,
}

/// Every hold of a world, how many broke, and the joints within tools.
#[derive(Debug, Default)]
pub struct Holds {
    list: Vec<Hold>,
    broken: u64,
    pub(super) links: Vec<super::tool::Link>,
}

impl Holds {
    /// Whether a hand holds a tool.
    pub(super) fn is_tool(&self, holder: Holder) -> bool {
        self.list.iter().any(|h| h.holder == holder && h.tool)
    }

    /// Every object an avatar's hands hold (tools and grabbed objects).
    pub(super) fn objects_of(&self, avatar: AvatarId) -> Vec<ObjectId> {
        self.list
            .iter()
            .filter(|h| h.holder.avatar == avatar)
            .map(|h| h.object)
            .collect()
    }

    /// The tools an avatar holds (the objects its hands are fixed to).
    pub(super) fn tools_of(&self, avatar: AvatarId) -> Vec<ObjectId> {
        self.list
            .iter()
            .filter(|h| h.tool && h.holder.avatar == avatar)
            .map(|h| h.object)
            .collect()
    }
}

/// Where a hand's palm is, in the hand segment's frame (T-pose: the hand
/// along ±X, the palm facing -Y), and the hand capsule's radius.
fn palm(hand: Hand) -> (DVec3, DVec3) {
    let along = match hand {
        Hand::Left => 0.06,
        Hand::Right => -0.06,
    };
    (DVec3::new(along, -0.03, 0.0), DVec3::NEG_Y)
}

impl PhysicsWorld {
    /// The free-moving object nearest a hand's surface, if within
    /// `reach_m`.
    pub fn within_reach(&self, holder: Holder, reach_m: f64) -> Option<ObjectId> {
        let hand = self.hand_body(holder)?;
        let hand_colliders = self.rapier.bodies.get(hand)?.colliders();
        let mut best: Option<(f64, ObjectId)> = None;
        for (id, body) in self.objects.dynamic_bodies() {
            let Some(b) = self.rapier.bodies.get(body) else {
                continue;
            };
            for &oc in b.colliders() {
                for &hc in hand_colliders {
                    let (Some(o), Some(h)) =
                        (self.rapier.colliders.get(oc), self.rapier.colliders.get(hc))
                    else {
                        continue;
                    };
                    let Ok(d) = rapier3d::parry::query::distance(
                        h.position(),
                        h.shape(),
                        o.position(),
                        o.shape(),
                    ) else {
                        continue;
                    };
                    let d = f64::from(d.distance);
                    if d <= reach_m && best.is_none_or(|(bd, _)| d < bd) {
                        best = Some((d, id));
                    }
                }
            }
        }
        best.map(|(_, id)| id)
    }

    /// The speed of a hand segment's centre, m/s (0 without a body).
    pub fn hand_speed(&self, holder: Holder) -> f64 {
        self.hand_body(holder)
            .and_then(|h| self.rapier.bodies.get(h))
            .map_or(0.0, |b| v64(b.linvel()).length())
    }

    fn hand_body(&self, holder: Holder) -> Option<rapier3d::prelude::RigidBodyHandle> {
        self.avatar(holder.avatar)?.body_handle(holder.hand.joint())
    }

    /// Makes a hold between a hand and an object where they are now; it
    /// breaks above `break_impulse_n_s` per step. A hand that holds
    /// something else lets go of it first.
    pub fn hold(
        &mut self,
        object: ObjectId,
        holder: Holder,
        break_impulse_n_s: f64,
    ) -> Result<(), ObjectError> {
        let body = self.objects.movable(object)?;
        let hand = self.hand_body(holder).ok_or(ObjectError::NoBody)?;
        if self.held_by(holder) == Some(object) {
            return Ok(());
        }
        self.let_go(holder);
        let (Some(h), Some(o)) = (self.rapier.bodies.get(hand), self.rapier.bodies.get(body))
        else {
            return Err(ObjectError::NoBody);
        };
        let relative = pose64(h.position()).inverse() * pose64(o.position());
        self.fix_to_hand(object, holder, relative, break_impulse_n_s, false)
    }

    /// A tool's hold: the object fixed at `grip` in the hand's frame (where
    /// it is now), unbreakable, not released by the grip.
    pub(super) fn hold_as_tool(
        &mut self,
        object: ObjectId,
        holder: Holder,
        grip: posewire_body::Transform,
    ) -> Result<(), ObjectError> {
        self.fix_to_hand(object, holder, grip, f64::INFINITY, true)
    }

    /// The fixed joint of a hold, `relative` the object's pose in the
    /// hand's frame.
    fn fix_to_hand(
        &mut self,
        object: ObjectId,
        holder: Holder,
        relative: posewire_body::Transform,
        break_impulse_n_s: f64,
        tool: bool,
    ) -> Result<(), ObjectError> {
        let body = self.objects.movable(object)?;
        let hand = self.hand_body(holder).ok_or(ObjectError::NoBody)?;
        let joint = GenericJointBuilder::new(JointAxesMask::LOCKED_FIXED_AXES)
            .local_frame1(pose32(relative))
            .contacts_enabled(false)
            .build();
        let joint = self.rapier.impulse_joints.insert(hand, body, joint, true);
        self.holds.list.push(Hold {
            object,
            holder,
            joint,
            break_impulse_n_s,
            axes: relative.rotation,
            away: (relative.position - palm(holder.hand).0).normalize_or_zero(),
            tool,
        });
        Ok(())
    }

    /// As [`PhysicsWorld::hold`], first moving the object into the palm if
    /// it is beyond `reach_m` (a grab asked for by an application).
    pub fn grab_into_hand(
        &mut self,
        object: ObjectId,
        holder: Holder,
        reach_m: f64,
        break_impulse_n_s: f64,
    ) -> Result<(), ObjectError> {
        let body = self.objects.movable(object)?;
        let hand = self.hand_body(holder).ok_or(ObjectError::NoBody)?;
        if self.within_reach(holder, reach_m) != Some(object) {
            let size = self.objects.inner_radius(object).unwrap_or(0.05);
            let Some(h) = self.rapier.bodies.get(hand) else {
                return Err(ObjectError::NoBody);
            };
            let hand_pose = pose64(h.position());
            let (at, normal) = palm(holder.hand);
            let centre = hand_pose.transform_point(at + normal * size);
            let v = v64(h.linvel());
            if let Some(o) = self.rapier.bodies.get_mut(body) {
                let mut pose = pose64(o.position());
                pose.position = centre;
                o.set_position(pose32(pose), true);
                o.set_linvel(v32(v), true);
            }
        }
        self.hold(object, holder, break_impulse_n_s)
    }

    /// Lets go of what a hand holds; the object it held.
    pub fn let_go(&mut self, holder: Holder) -> Option<ObjectId> {
        let i = self.holds.list.iter().position(|h| h.holder == holder)?;
        let hold = self.holds.list.swap_remove(i);
        self.rapier.remove_impulse_joint(hold.joint);
        Some(hold.object)
    }

    /// Lets every hand go of an object and, if given, sets its linear and
    /// angular velocity (an application's throw); how many hands held it.
    pub fn release_object(
        &mut self,
        object: ObjectId,
        velocity: Option<[DVec3; 2]>,
    ) -> Result<usize, ObjectError> {
        let body = self.objects.movable(object)?;
        let mut n = 0;
        while let Some(holder) = self.holders(object).first().copied() {
            self.let_go(holder);
            n += 1;
        }
        if let (Some([lin, ang]), Some(b)) = (velocity, self.rapier.bodies.get_mut(body)) {
            b.set_linvel(v32(lin), true);
            b.set_angvel(v32(ang), true);
        }
        Ok(n)
    }

    /// What each held object passes through, for this step's contacts.
    pub(super) fn held_passes(&self) -> Vec<HeldPass> {
        self.holds
            .list
            .iter()
            .map(|h| HeldPass {
                object: object_tag(h.object.0),
                avatar: h.holder.avatar.0 as u128 + 1,
                arm: h.holder.hand.arm(),
            })
            .collect()
    }

    /// The hands holding an object.
    pub fn holders(&self, object: ObjectId) -> Vec<Holder> {
        self.holds
            .list
            .iter()
            .filter(|h| h.object == object)
            .map(|h| h.holder)
            .collect()
    }

    /// What a hand holds.
    pub fn held_by(&self, holder: Holder) -> Option<ObjectId> {
        self.holds
            .list
            .iter()
            .find(|h| h.holder == holder)
            .map(|h| h.object)
    }

    /// How many holds broke under load since the world began.
    pub fn broken_holds(&self) -> u64 {
        self.holds.broken
    }

    /// After a step: every hold that carried more than its limit breaks.
    pub(super) fn break_overloaded_holds(&mut self) {
        if self.holds.list.is_empty() {
            return;
        }
        let substeps = self
            .rapier
            .integration_parameters
            .num_solver_iterations
            .max(1) as f64;
        let rapier = &self.rapier;
        let mut over = Vec::new();
        for h in &mut self.holds.list {
            if h.tool {
                // Only the application lets go of a tool.
                continue;
            }
            let Some(j) = rapier.impulse_joints.get(h.joint) else {
                over.push(h.holder);
                continue;
            };
            let i = j.impulses;
            // The impulse on the hand, in the hand's frame: along `away`
            // the object pulls, against it the hand presses.
            let on_hand = h.axes * DVec3::new(f64::from(i[0]), f64::from(i[1]), f64::from(i[2]));
            let pressing = on_hand.dot(h.away).min(0.0) * h.away;
            // The last substep's impulse, over the whole step.
            if (on_hand - pressing).length() * substeps > h.break_impulse_n_s {
                over.push(h.holder);
            }
        }
        for holder in over {
            self.let_go(holder);
            self.holds.broken += 1;
        }
    }

    /// Forgets the holds of an avatar or an object that left (their joints
    /// went with their bodies).
    pub(super) fn forget_holds(&mut self, avatar: Option<AvatarId>, object: Option<ObjectId>) {
        self.holds
            .list
            .retain(|h| Some(h.holder.avatar) != avatar && Some(h.object) != object);
        if let Some(o) = object {
            self.forget_links(o);
        }
    }
}
