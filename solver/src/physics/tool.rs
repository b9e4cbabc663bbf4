//! Tools and weapons held in a hand (issue 24, the design's "weapon
//! wielding"): an object fixed to a hand segment at a chosen grip pose, a
//! rigid extension of the hand, or a stick of segments joined by compliant
//! joints (the design's "3 segment stick": each joint a spring-damper in
//! bending and twist, so the stick bends to absorb a shock).
//!
//! A tool's hold is a hold ([`super::grab`]) that the grip does not
//! release and no load breaks: only the application lets go
//! ([`PhysicsWorld::release_object`]). When a tool strikes something the
//! contact pushes the hand through the fixed joint, so the arm's tracking
//! torques (the force arrays) rise, and the contact's impulse counts as an
//! external impulse on the holder's body ([`PhysicsWorld::tool_impact`]),
//! which starts the body's reaction above its threshold.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::Transform;
use rapier3d::prelude::{GenericJoint, GenericJointBuilder, JointAxesMask, JointAxis, MotorModel};

use super::convert::{pose32, pose64, v32, v64};
use super::grab::{Hand, Holder};
use super::objects::{ObjectError, ObjectId, ObjectShape, ObjectSpec};
use super::world::{AvatarId, PhysicsWorld};

/// Most segments of a stick (each is an object of the world).
pub const MAX_SEGMENTS: usize = 8;

/// Farthest a grip pose may put a tool's origin from the wrist, metres (a
/// tool is held in the hand, not beside it).
const MAX_GRIP_OFFSET_M: f64 = 0.5;

/// Stiffest bending joint, N m/rad (stiffer is a rigid stick: one segment).
const MAX_STIFFNESS: f64 = 1.0e5;

/// Most damping of a bending joint, N m s/rad.
const MAX_DAMPING: f64 = 1.0e4;

/// A stick to put in a hand: `segments` capsules end to end along the grip
/// frame's +Y from its origin (the held end), the first fixed to the hand,
/// each next one on a spring-damper joint (one segment: a rigid stick).
#[derive(Debug, Clone, PartialEq)]
pub struct StickSpec {
    /// A name for people; segments are named `name/1`, `name/2`...
    pub name: String,
    /// Full length, held end to tip, metres.
    pub length_m: f64,
    /// Radius, metres.
    pub radius_m: f64,
    /// Total mass, kilograms (shared evenly by the segments).
    pub mass_kg: f64,
    /// How many segments, 1..=[`MAX_SEGMENTS`].
    pub segments: usize,
    /// Each joint's stiffness in bending and twist, N m/rad.
    pub stiffness_n_m_per_rad: f64,
    /// Each joint's damping, N m s/rad.
    pub damping_n_m_s_per_rad: f64,
}

impl StickSpec {
    /// Checks every value; the error names the field.
    pub fn check(&self) -> Result<(), ObjectError> {
        let bad = |field: &str, reason: String| {
            Err(ObjectError::Invalid {
                field: field.to_string(),
                reason,
            })
        };
        if !(1..=MAX_SEGMENTS).contains(&self.segments) {
            return bad("stick.segments", format!("must be 1 to {MAX_SEGMENTS}"));
        }
        if !(self.radius_m.is_finite() && (0.005..=0.2).contains(&self.radius_m)) {
            return bad("stick.radius_m", "must be between 0.005 and 0.2 m".into());
        }
        let shortest = 2.0 * self.radius_m * self.segments as f64;
        if !(self.length_m.is_finite() && (shortest..=5.0).contains(&self.length_m)) {
            return bad(
                "stick.length_m",
                format!("must be between {shortest} m (two radii per segment) and 5 m"),
            );
        }
        if !(self.mass_kg.is_finite() && self.mass_kg > 0.0 && self.mass_kg <= 100.0) {
            return bad("stick.mass_kg", "must be above 0 and at most 100 kg".into());
        }
        let k = self.stiffness_n_m_per_rad;
        if self.segments > 1 && !(k.is_finite() && k > 0.0 && k <= MAX_STIFFNESS) {
            return bad(
                "stick.stiffness_n_m_per_rad",
                format!("must be above 0 and at most {MAX_STIFFNESS} N m/rad"),
            );
        }
        let d = self.damping_n_m_s_per_rad;
        if self.segments > 1 && !(d.is_finite() && (0.0..=MAX_DAMPING).contains(&d)) {
            return bad(
                "stick.damping_n_m_s_per_rad",
                format!("must be between 0 and {MAX_DAMPING} N m s/rad"),
            );
        }
        Ok(())
    }

    /// One segment's full length, metres.
    fn segment_length(&self) -> f64 {
        self.length_m / self.segments as f64
    }

    /// A segment's spec at its place, the stick's base at `base` (world).
    fn segment(&self, k: usize, base: Transform) -> ObjectSpec {
        let l = self.segment_length();
        let centre = base.position + base.rotation * DVec3::new(0.0, (k as f64 + 0.5) * l, 0.0);
        let mut spec = ObjectSpec::new(
            ObjectShape::Capsule {
                radius_m: self.radius_m,
                length_m: (l - 2.0 * self.radius_m).max(0.0),
            },
            self.mass_kg / self.segments as f64,
            Transform::new(centre, base.rotation),
        );
        spec.name = if self.name.is_empty() {
            format!("stick/{}", k + 1)
        } else {
            format!("{}/{}", self.name, k + 1)
        };
        spec
    }

    /// The compliant joint between two segments: their ends meet (no
    /// linear freedom), each angular axis a spring-damper toward straight.
    fn bend_joint(&self) -> GenericJoint {
        let half = (self.segment_length() * 0.5) as f32;
        let (k, d) = (
            self.stiffness_n_m_per_rad as f32,
            self.damping_n_m_s_per_rad as f32,
        );
        let mut b = GenericJointBuilder::new(JointAxesMask::LIN_AXES)
            .local_anchor1([0.0, half, 0.0].into())
            .local_anchor2([0.0, -half, 0.0].into())
            .contacts_enabled(false);
        for axis in [JointAxis::AngX, JointAxis::AngY, JointAxis::AngZ] {
            // Force-based: the stiffness is a torque per radian whatever
            // the segments weigh.
            b = b
                .motor_model(axis, MotorModel::ForceBased)
                .motor_position(axis, 0.0, k, d);
        }
        b.build()
    }
}

/// Checks a grip pose (a tool's origin in the hand segment's frame).
pub fn check_grip(grip: &Transform) -> Result<(), ObjectError> {
    let p = grip.position;
    let q = grip.rotation;
    let finite = p.is_finite() && q.is_finite();
    if !finite || p.length() > MAX_GRIP_OFFSET_M {
        return Err(ObjectError::Invalid {
            field: "grip.position".into(),
            reason: format!("must be finite and within {MAX_GRIP_OFFSET_M} m of the wrist"),
        });
    }
    if (q.length() - 1.0).abs() > 1e-3 {
        return Err(ObjectError::Invalid {
            field: "grip.rotation".into(),
            reason: "must be a unit quaternion".into(),
        });
    }
    Ok(())
}

/// The grip that holds a stick in a hand like a sword: the stick runs
/// along the hand (the right hand segment's -X, the left's +X), its held
/// end 8 cm past the wrist (the palm's middle is 6 cm past it; 8 cm keeps
/// the stick's cap clear of the wrist).
pub fn sword_grip(hand: Hand) -> Transform {
    let side = match hand {
        Hand::Left => -1.0,
        Hand::Right => 1.0,
    };
    Transform::new(
        DVec3::new(-0.08 * side, 0.0, 0.0),
        DQuat::from_rotation_z(side * std::f64::consts::FRAC_PI_2),
    )
}

/// [`sword_grip`] of the right hand.
pub fn right_hand_sword_grip() -> Transform {
    sword_grip(Hand::Right)
}

/// A compliant joint between two segments of a tool.
#[derive(Debug, Clone)]
pub(super) struct Link {
    from: ObjectId,
    to: ObjectId,
    data: GenericJoint,
}

impl PhysicsWorld {
    /// Fixes an object in a hand as a tool: it is moved to `grip` (its
    /// pose in the hand segment's frame) with the hand's velocity and held
    /// there until [`PhysicsWorld::release_object`] (the grip does not let
    /// go; no load breaks the hold). A hand that holds something else lets
    /// go of it first.
    pub fn attach_tool(
        &mut self,
        object: ObjectId,
        holder: Holder,
        grip: Transform,
    ) -> Result<(), ObjectError> {
        check_grip(&grip)?;
        let body = self.objects.movable(object)?;
        let hand = self
            .avatar(holder.avatar)
            .and_then(|a| a.body_handle(holder.hand.joint()))
            .ok_or(ObjectError::NoBody)?;
        let Some(h) = self.rapier.bodies.get(hand) else {
            return Err(ObjectError::NoBody);
        };
        let (hand_pose, v, w) = (pose64(h.position()), v64(h.linvel()), v64(h.angvel()));
        let target = compose(hand_pose, grip);
        self.move_with_links(object, body, target, v, w);
        self.let_go(holder);
        self.hold_as_tool(object, holder, grip)
    }

    /// Makes a stick in a hand ([`StickSpec`]): its segments are new
    /// objects (ids in order from the held end), the first attached as a
    /// tool at `grip`, each next one linked by a compliant joint.
    pub fn add_stick(
        &mut self,
        stick: &StickSpec,
        holder: Holder,
        grip: Transform,
    ) -> Result<Vec<ObjectId>, ObjectError> {
        stick.check()?;
        check_grip(&grip)?;
        let hand_pose = self
            .avatar(holder.avatar)
            .and_then(|a| a.bone(&self.rapier, holder.hand.joint()))
            .ok_or(ObjectError::NoBody)?;
        if self.objects.len() + stick.segments > super::objects::MAX_OBJECTS {
            return Err(ObjectError::TooMany);
        }
        let base = compose(hand_pose, grip);
        let mut ids = Vec::with_capacity(stick.segments);
        for k in 0..stick.segments {
            ids.push(self.add_object(stick.segment(k, base))?);
        }
        for w in ids.windows(2) {
            self.link(w[0], w[1], stick.bend_joint())?;
        }
        let l = stick.segment_length();
        let first = Transform::new(
            grip.position + grip.rotation * DVec3::new(0.0, 0.5 * l, 0.0),
            grip.rotation,
        );
        self.attach_tool(ids[0], holder, first)?;
        Ok(ids)
    }

    /// Whether a hand holds a tool (which its grip does not release).
    pub fn holds_tool(&self, holder: Holder) -> bool {
        self.holds.is_tool(holder)
    }

    /// The objects linked to `object` by tool joints, itself included.
    pub fn tool_parts(&self, object: ObjectId) -> Vec<ObjectId> {
        let mut parts = vec![object];
        let mut i = 0;
        while i < parts.len() {
            let at = parts[i];
            for l in &self.holds.links {
                for (a, b) in [(l.from, l.to), (l.to, l.from)] {
                    if a == at && !parts.contains(&b) {
                        parts.push(b);
                    }
                }
            }
            i += 1;
        }
        parts
    }

    /// The largest impulse, N s, that the tools an avatar holds took over
    /// the last step from anything but the avatar's own body: a strike
    /// that, like a push, starts the body's reaction above its threshold.
    pub fn tool_impact(&self, avatar: AvatarId) -> f64 {
        let tools = self.holds.tools_of(avatar);
        let Some(a) = self.avatar(avatar).filter(|_| !tools.is_empty()) else {
            return 0.0;
        };
        let own: Vec<_> = a.bodies.0.iter().flatten().copied().collect();
        let mut most: f64 = 0.0;
        for tool in tools {
            let parts = self.tool_parts(tool);
            let bodies: Vec<_> = parts
                .iter()
                .filter_map(|&p| self.objects.movable(p).ok())
                .collect();
            let mut sum = DVec3::ZERO;
            for &b in &bodies {
                let Some(body) = self.rapier.bodies.get(b) else {
                    continue;
                };
                for &c in body.colliders() {
                    for (pair, other) in self.pairs_of(c) {
                        let parent = self.rapier.colliders.get(other).and_then(|o| o.parent());
                        if parent.is_some_and(|p| own.contains(&p) || bodies.contains(&p)) {
                            continue;
                        }
                        let i = v64(pair.total_impulse());
                        sum += if pair.collider1 == c { i } else { -i };
                    }
                }
            }
            // rapier sums a contact's impulse over the step's substeps.
            most = most.max(sum.length());
        }
        most
    }

    /// Joins two objects by a tool joint.
    fn link(
        &mut self,
        from: ObjectId,
        to: ObjectId,
        data: GenericJoint,
    ) -> Result<(), ObjectError> {
        let (a, b) = (self.objects.movable(from)?, self.objects.movable(to)?);
        // Removing either body removes the joint.
        self.rapier.impulse_joints.insert(a, b, data, true);
        self.holds.links.push(Link { from, to, data });
        Ok(())
    }

    /// Puts the tool joints back after the objects were rebuilt in a fresh
    /// rapier world (their old joints went with the old world).
    pub(super) fn relink_tools(&mut self) {
        let links = std::mem::take(&mut self.holds.links);
        for l in links {
            // An object that is gone takes its joints with it.
            let _ = self.link(l.from, l.to, l.data);
        }
    }

    /// Forgets the tool joints of an object that left.
    pub(super) fn forget_links(&mut self, object: ObjectId) {
        self.holds
            .links
            .retain(|l| l.from != object && l.to != object);
    }

    /// Moves an object and the parts linked to it rigidly to `target`.
    fn move_with_links(
        &mut self,
        object: ObjectId,
        body: rapier3d::prelude::RigidBodyHandle,
        target: Transform,
        v: DVec3,
        w: DVec3,
    ) {
        let Some(now) = self.rapier.bodies.get(body).map(|b| pose64(b.position())) else {
            return;
        };
        let shift = compose(target, now.inverse());
        for part in self.tool_parts(object) {
            let Ok(h) = self.objects.movable(part) else {
                continue;
            };
            if let Some(b) = self.rapier.bodies.get_mut(h) {
                let pose = compose(shift, pose64(b.position()));
                b.set_position(pose32(pose), true);
                b.set_linvel(v32(v), true);
                b.set_angvel(v32(w), true);
            }
        }
    }
}

/// `a` then `b` (`b` given in `a`'s frame).
fn compose(a: Transform, b: Transform) -> Transform {
    Transform::new(
        a.position + a.rotation * b.position,
        (a.rotation * b.rotation).normalize(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stick() -> StickSpec {
        StickSpec {
            name: "staff".into(),
            length_m: 0.8,
            radius_m: 0.02,
            mass_kg: 0.6,
            segments: 3,
            stiffness_n_m_per_rad: 40.0,
            damping_n_m_s_per_rad: 1.0,
        }
    }

    /// Spoils one field of a stick.
    type Spoil = fn(&mut StickSpec);

    #[test]
    fn every_bad_field_is_named() {
        assert!(stick().check().is_ok());
        let cases: [(Spoil, &str); 6] = [
            (|s| s.segments = 0, "stick.segments"),
            (|s| s.segments = 9, "stick.segments"),
            (|s| s.radius_m = f64::NAN, "stick.radius_m"),
            (|s| s.length_m = 0.1, "stick.length_m"),
            (|s| s.mass_kg = 0.0, "stick.mass_kg"),
            (
                |s| s.stiffness_n_m_per_rad = -1.0,
                "stick.stiffness_n_m_per_rad",
            ),
        ];
        for (spoil, field) in cases {
            let mut s = stick();
            spoil(&mut s);
            match s.check() {
                Err(ObjectError::Invalid { field: f, .. }) => assert_eq!(f, field),
                other => panic!("{field}: {other:?}"),
            }
        }
        let far = Transform::new(DVec3::new(1.0, 0.0, 0.0), DQuat::IDENTITY);
        assert!(matches!(
            check_grip(&far),
            Err(ObjectError::Invalid { field, .. }) if field == "grip.position"
        ));
        let skew = Transform::new(DVec3::ZERO, DQuat::from_xyzw(0.0, 0.0, 0.0, 2.0));
        assert!(matches!(
            check_grip(&skew),
            Err(ObjectError::Invalid { field, .. }) if field == "grip.rotation"
        ));
    }

    #[test]
    fn segments_lie_end_to_end_along_the_grip() {
        let s = stick();
        let base = Transform::new(DVec3::new(1.0, 1.0, 0.0), DQuat::IDENTITY);
        let tip = s.segment(2, base);
        assert!((tip.pose.position - DVec3::new(1.0, 1.0 + 0.8 * 5.0 / 6.0, 0.0)).length() < 1e-9);
        assert_eq!(tip.name, "staff/3");
        assert!((tip.mass_kg - 0.2).abs() < 1e-12);
    }
}
