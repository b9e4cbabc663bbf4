//! Scripted grabs (issue 24): a standing person whose hands follow key
//! poses with a grip value, in a world with objects, through the daemon's
//! tick ([`crate::tick::SharedSpace`]). What the grab tests and the
//! `grab_trials` example run.

use posewire_body::formats::TrackerSample;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, BodyProfile, ControllerInput, Device, Joint, Skeleton, Transform};

use super::controller::{AvatarController, PhysicsSettings};
use super::grab::{Hand, Holder};
use super::objects::{ObjectId, ObjectState};
use super::world::{AvatarId, PhysicsWorld};
use crate::solve::take_ticks;
use crate::tick::{AvatarSolver, OfflineAvatar, SharedSpace};
use crate::{SolverKind, SolverSettings};

/// A hand's key at a time: where it is (its bone's origin, the wrist), or
/// `None` for a key that only sets the grip; and its grip from then on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HandKey {
    /// Seconds from the start.
    pub t: f64,
    /// The wrist's position, world (`None`: the path passes by).
    pub position: Option<DVec3>,
    /// Grip from this key on, 0 open .. 1 closed.
    pub grip: f64,
}

/// A hand's scripted path: positions eased between the keys that have one
/// (smoothstep: at rest at each), the grip stepping at each key.
#[derive(Debug, Clone, PartialEq)]
pub struct HandScript {
    /// Which hand.
    pub hand: Hand,
    /// The hand bone's orientation throughout.
    pub rotation: DQuat,
    /// Keys in time order.
    pub keys: Vec<HandKey>,
}

impl HandScript {
    /// The hand bone's pose and grip at `t`.
    pub fn at(&self, t: f64) -> Option<(Transform, f64)> {
        let grip = self
            .keys
            .iter()
            .take_while(|k| k.t <= t)
            .last()
            .or(self.keys.first())?
            .grip;
        let path: Vec<(f64, DVec3)> = self
            .keys
            .iter()
            .filter_map(|k| k.position.map(|p| (k.t, p)))
            .collect();
        let (first, last) = (path.first()?, path.last()?);
        let p = if t <= first.0 {
            first.1
        } else if t >= last.0 {
            last.1
        } else {
            let i = path.windows(2).position(|w| t < w[1].0)?;
            let (a, b) = (path[i], path[i + 1]);
            let u = ((t - a.0) / (b.0 - a.0).max(1e-9)).clamp(0.0, 1.0);
            a.1.lerp(b.1, u * u * (3.0 - 2.0 * u))
        };
        Some((Transform::new(p, self.rotation), grip))
    }
}

/// A standing person's headset and hands for `seconds` at 90 Hz: scripted
/// hands follow their script, the others hang at the sides; each device
/// where the profile's mount puts it on its bone (on the bone without one).
pub fn scripted_samples(
    profile: &BodyProfile,
    scripts: &[HandScript],
    seconds: f64,
) -> Vec<TrackerSample> {
    let skeleton = Skeleton::from_profile(profile);
    let mut pose = BodyPose::rest(&skeleton);
    for (side, joints) in [
        (
            1.0,
            [Joint::LeftShoulder, Joint::LeftElbow, Joint::LeftWrist],
        ),
        (
            -1.0,
            [Joint::RightShoulder, Joint::RightElbow, Joint::RightWrist],
        ),
    ] {
        for j in joints {
            pose.rotations[j] = DQuat::from_rotation_z(-side * 1.05);
        }
    }
    let bones = pose.transforms(&skeleton);
    let device_pose = |device: Device, bone: Transform| {
        profile
            .tracker(device)
            .map_or(bone, |m| m.device_pose(bone))
    };
    let count = (seconds * 90.0).max(0.0) as usize;
    let mut out = Vec::with_capacity(count * 3);
    for k in 0..count {
        let t = k as f64 / 90.0;
        out.push(TrackerSample {
            time_s: t,
            device: Device::Head,
            pose: Some(device_pose(Device::Head, bones[Joint::Head])),
            input: None,
        });
        for hand in Hand::BOTH {
            let script = scripts.iter().find(|s| s.hand == hand);
            let (pose, input) = match script.and_then(|s| s.at(t)) {
                Some((pose, grip)) => (
                    pose,
                    Some(ControllerInput {
                        grip,
                        ..ControllerInput::default()
                    }),
                ),
                None => (bones[hand.joint()], None),
            };
            out.push(TrackerSample {
                time_s: t,
                device: hand.device(),
                pose: Some(device_pose(hand.device(), pose)),
                input,
            });
        }
    }
    out
}

/// The same samples with the person walking: every device moves by
/// `displacement` at a steady pace from `from_s` to `to_s` (seconds from
/// the start), facing as before.
pub fn walking(
    samples: &[TrackerSample],
    from_s: f64,
    to_s: f64,
    displacement: DVec3,
) -> Vec<TrackerSample> {
    samples
        .iter()
        .map(|s| {
            let mut s = *s;
            let u = ((s.time_s - from_s) / (to_s - from_s).max(1e-9)).clamp(0.0, 1.0);
            if let Some(p) = s.pose.as_mut() {
                p.position += displacement * u;
            }
            s
        })
        .collect()
}

/// The same samples of a person standing elsewhere: every device's pose
/// moved by `place` (world), so the person stands at its position and
/// faces its rotation's forward.
pub fn placed(samples: &[TrackerSample], place: Transform) -> Vec<TrackerSample> {
    samples
        .iter()
        .map(|s| {
            let mut s = *s;
            if let Some(p) = s.pose.as_mut() {
                *p = Transform::new(
                    place.position + place.rotation * p.position,
                    (place.rotation * p.rotation).normalize(),
                );
            }
            s
        })
        .collect()
}

/// The right hand bone's orientation pointing forward (+Z), palm down.
pub fn right_hand_forward() -> DQuat {
    DQuat::from_rotation_y(std::f64::consts::FRAC_PI_2)
}

/// One tick of a scripted grab.
#[derive(Debug, Clone, PartialEq)]
pub struct GrabTick {
    /// Seconds from the start.
    pub t: f64,
    /// The person's avatar.
    pub avatar: AvatarId,
    /// The objects after the step.
    pub objects: Vec<ObjectState>,
    /// Who holds each object (same order).
    pub holders: Vec<Vec<Holder>>,
    /// Each hand segment's pose and the velocity of the point at each
    /// object's centre (left, right; per object), m/s.
    pub hands: [HandMotion; 2],
    /// The simulated pelvis height, metres.
    pub pelvis_y: f64,
    /// The person's (reference) wrists, world (left, right).
    pub ghost_wrists: [DVec3; 2],
    /// The simulated wrists, world (left, right).
    pub wrists: [DVec3; 2],
    /// Inverse-dynamics torque magnitude per joint, N m.
    pub torques: posewire_body::JointMap<f64>,
    /// Holds broken under load so far.
    pub broken: u64,
    /// The body's state (tracking, staggering...).
    pub state: super::reaction::BodyState,
    /// Whether each ghost hand is shown (left, right): the simulated hand
    /// held back from its device by more than the threshold.
    pub ghost_shown: [bool; 2],
    /// The largest impulse the person's tools took in the step, N s
    /// ([`PhysicsWorld::tool_impact`]).
    pub tool_impact_n_s: f64,
}

/// A hand segment's motion.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HandMotion {
    /// Velocity of the segment's centre of mass, m/s.
    pub velocity: DVec3,
    /// Angular velocity, rad/s.
    pub angular_velocity: DVec3,
    /// Centre of mass, world.
    pub centre: DVec3,
}

impl HandMotion {
    /// The velocity of the segment's (rigidly extended) point `p`.
    pub fn velocity_at(&self, p: DVec3) -> DVec3 {
        self.velocity + self.angular_velocity.cross(p - self.centre)
    }
}

fn hand_motion(world: &PhysicsWorld, holder: Holder) -> HandMotion {
    let body = world
        .avatar(holder.avatar)
        .and_then(|a| a.body_handle(holder.hand.joint()))
        .and_then(|h| world.rapier().bodies.get(h));
    body.map_or_else(HandMotion::default, |b| HandMotion {
        velocity: super::convert::v64(b.linvel()),
        angular_velocity: super::convert::v64(b.angvel()),
        centre: super::convert::v64(b.center_of_mass()),
    })
}

/// Runs one person over `samples` in a physics space whose world `setup`
/// furnishes first (it returns the objects to trace), and traces every
/// tick.
pub fn run_grab(
    profile: &BodyProfile,
    settings: PhysicsSettings,
    samples: &[TrackerSample],
    setup: impl FnOnce(&mut PhysicsWorld) -> Vec<ObjectId>,
) -> Vec<GrabTick> {
    let people = [(profile.clone(), samples.to_vec())];
    run_people(&people, settings, setup, |_, _, _| Vec::new())
        .pop()
        .unwrap_or_default()
}

/// Runs several people (each a profile and its samples, ticked together
/// at the first one's tick times) in one physics space whose world
/// `setup` furnishes first; before each tick `before` may change the
/// world, given the people's avatars (once their bodies exist) and the
/// time; both return objects to trace. Each person's trace, every tick.
pub fn run_people(
    people: &[(BodyProfile, Vec<TrackerSample>)],
    settings: PhysicsSettings,
    setup: impl FnOnce(&mut PhysicsWorld) -> Vec<ObjectId>,
    mut before: impl FnMut(&mut PhysicsWorld, &[AvatarId], f64) -> Vec<ObjectId>,
) -> Vec<Vec<GrabTick>> {
    let solver = SolverSettings {
        kind: SolverKind::Physics,
        physics: settings,
        ..SolverSettings::default()
    };
    let mut space = SharedSpace::new(&solver, &super::scene::Scene::default(), 90.0);
    let Some(world) = space.world_mut() else {
        return Vec::new();
    };
    let mut traced = setup(world);
    let mut avatars: Vec<OfflineAvatar> = people
        .iter()
        .map(|(profile, _)| {
            OfflineAvatar::new(AvatarSolver::Physics(Box::new(AvatarController::new(
                profile, settings,
            ))))
        })
        .collect();
    let skeletons: Vec<Skeleton> = people
        .iter()
        .map(|(p, _)| Skeleton::from_profile(p))
        .collect();
    let mut ticks: Vec<_> = people.iter().map(|(_, s)| take_ticks(s, 90.0)).collect();
    let mut out = vec![Vec::new(); people.len()];
    loop {
        let due: Vec<_> = ticks.iter_mut().map(Iterator::next).collect();
        let Some(Some((t, _))) = due.first().copied() else {
            break;
        };
        for (a, d) in avatars.iter_mut().zip(&due) {
            a.samples = d.map_or_else(Vec::new, |(_, s)| s.to_vec());
        }
        let ids: Vec<AvatarId> = avatars.iter().filter_map(avatar_id).collect();
        if let (Some(world), true) = (space.world_mut(), ids.len() == avatars.len()) {
            traced.extend(before(world, &ids, t));
        }
        let solved = space.tick(&mut avatars, t);
        let Some(world) = space.world() else { break };
        for (k, s) in solved.into_iter().enumerate() {
            let trace = s.and_then(|s| {
                trace_tick(world, &avatars[k], s.physics?, &skeletons[k], &traced, t)
            });
            out[k].extend(trace);
        }
    }
    out
}

/// A physics avatar's id, once its body exists.
fn avatar_id(a: &OfflineAvatar) -> Option<AvatarId> {
    match &a.solver {
        AvatarSolver::Physics(c) => c.id(),
        _ => None,
    }
}

/// One person's trace after a tick.
fn trace_tick(
    world: &PhysicsWorld,
    avatar: &OfflineAvatar,
    frame: super::controller::PhysicsFrame,
    skeleton: &Skeleton,
    traced: &[ObjectId],
    t: f64,
) -> Option<GrabTick> {
    let id = avatar_id(avatar)?;
    let sim = frame.pose.positions(skeleton);
    let person = frame.reference.positions(skeleton);
    let objects: Vec<ObjectState> = traced.iter().filter_map(|&o| world.object(o)).collect();
    Some(GrabTick {
        t,
        avatar: id,
        holders: objects.iter().map(|o| world.holders(o.id)).collect(),
        objects,
        hands: Hand::BOTH.map(|hand| hand_motion(world, Holder { avatar: id, hand })),
        pelvis_y: frame.pose.root.y,
        ghost_wrists: [person[Joint::LeftWrist], person[Joint::RightWrist]],
        wrists: [sim[Joint::LeftWrist], sim[Joint::RightWrist]],
        torques: posewire_body::JointMap(
            frame.arrays.inverse_dynamics.torques.0.map(|t| t.length()),
        ),
        broken: world.broken_holds(),
        state: frame.reaction.state,
        ghost_shown: frame.ghost_hands.map(|g| g.shown),
        tool_impact_n_s: world.tool_impact(id),
    })
}
