//! One tick of every avatar in a shared space, written once: the live
//! daemon's loop, offline solving ([`crate::solve_take`]: `posewire solve`,
//! `eval`) and the re-solve of a take (`posewire resolve`) all run
//! [`SharedSpace::tick`], so that the same inputs give the same bodies, bit
//! for bit.
//!
//! A tick's inputs, per avatar, are the device samples that arrived since
//! the tick before and the pushes (external impulses) queued for it. In
//! order:
//!
//! 1. each avatar's samples go to its solver, in time order (the gate's
//!    verdicts come back); a restarted solver's first tick warms it up on
//!    its predecessor's past samples ([`AvatarSolver::warm_up`]);
//! 2. each avatar's pushes are applied to its simulated body
//!    ([`AvatarController::apply_impulse`]): the segment's velocity changes
//!    at the state the previous step left, before any avatar prepares;
//! 3. the `ik` solver poses each ready avatar; or, with physics, every ready
//!    avatar prepares ([`AvatarController::prepare`]), the world steps once,
//!    and every prepared avatar finishes ([`AvatarController::finish`]).

use posewire_body::formats::TrackerSample;
use posewire_body::glam::DVec3;
use posewire_body::look_at::{LookAtConfig, LookAtConfigError};
use posewire_body::{BodyPose, BodyProfile, Joint};

use crate::gate::Verdict;
use crate::ik::IkSolver;
use crate::learned::LearnedModels;
use crate::physics::{AvatarController, PhysicsFrame, PhysicsWorld, ReactionCounts, Scene};
use crate::settings::SolverSettings;
use crate::solve::SolverKind;

/// An external impulse on one segment of an avatar's body: a push, a hit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Push {
    /// The segment (the bone starting at this joint).
    pub joint: Joint,
    /// Newton-seconds, world axes.
    pub impulse: DVec3,
}

/// Why a push cannot be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PushRefused {
    /// The avatar is posed by the kinematic solver.
    #[error(
        "pushes need the physics solver; the kinematic ik solver has no simulated body to push"
    )]
    NotPhysics,
    /// The body has not joined the world yet.
    #[error("no simulated body yet (its headset has not been seen)")]
    NoBody,
    /// The impulse is not a finite vector.
    #[error("the impulse is not a finite vector")]
    NotFinite,
}

/// The solver of one avatar.
#[derive(Debug)]
pub enum AvatarSolver {
    /// The kinematic baseline.
    Ik(Box<IkSolver>),
    /// A simulated body in the shared space's world.
    Physics(Box<AvatarController>),
}

impl AvatarSolver {
    /// The simulated body's id in the shared physics world (`None` for
    /// `ik`, or before the body joined).
    pub fn body_id(&self) -> Option<crate::physics::AvatarId> {
        match self {
            AvatarSolver::Ik(_) => None,
            AvatarSolver::Physics(c) => c.id(),
        }
    }

    /// How its hands grab (the default for `ik`, which has none).
    pub fn grab_settings(&self) -> crate::physics::grip::GrabSettings {
        match self {
            AvatarSolver::Ik(_) => crate::physics::grip::GrabSettings::default(),
            AvatarSolver::Physics(c) => c.settings().grab,
        }
    }

    /// A fresh solver for a person (nothing seen yet), with the shipped
    /// look-at chain and the embedded networks.
    pub fn new(profile: &BodyProfile, settings: &SolverSettings) -> AvatarSolver {
        AvatarSolver::with_models(profile, settings, &LearnedModels::embedded())
    }

    /// A fresh solver running the given networks (the `ik` solver's own,
    /// or the physics avatar's reference's): the one way the daemon, the
    /// offline solve, the evaluation and the tools build a solver.
    pub fn with_models(
        profile: &BodyProfile,
        settings: &SolverSettings,
        models: &LearnedModels,
    ) -> AvatarSolver {
        match settings.kind {
            SolverKind::Ik => AvatarSolver::Ik(Box::new(IkSolver::with_models(
                profile,
                settings.ik,
                models,
            ))),
            SolverKind::Physics => AvatarSolver::Physics(Box::new(AvatarController::with_models(
                profile,
                settings.physics_settings(),
                models,
            ))),
        }
    }

    /// As [`AvatarSolver::with_models`], with a look-at chain of one's own.
    pub fn with_look_at(
        profile: &BodyProfile,
        settings: &SolverSettings,
        look_at: &LookAtConfig,
        models: &LearnedModels,
    ) -> Result<AvatarSolver, LookAtConfigError> {
        let ik = match settings.kind {
            SolverKind::Ik => settings.ik,
            SolverKind::Physics => settings.physics_settings().reference_ik(),
        };
        let ik = IkSolver::with_look_at(profile, ik, look_at, models)?;
        let mut solver = AvatarSolver::with_models(profile, settings, models);
        match &mut solver {
            AvatarSolver::Ik(s) => **s = ik,
            AvatarSolver::Physics(c) => *c.reference_solver() = ik,
        }
        Ok(solver)
    }

    /// Hands one device sample to the solver (in time order); says whether
    /// the plausibility gate took it.
    pub fn push(&mut self, sample: &TrackerSample) -> Verdict {
        match self {
            AvatarSolver::Ik(s) => s.push(sample),
            AvatarSolver::Physics(c) => c.push(sample),
        }
    }

    /// The simulated body's state changes and impulses so far (none for
    /// `ik`, which has no body).
    pub fn reaction_counts(&self) -> ReactionCounts {
        match self {
            AvatarSolver::Ik(_) => ReactionCounts::default(),
            AvatarSolver::Physics(c) => c.reaction_counts(),
        }
    }

    /// The position offset in use for a device (bone frame, metres): the
    /// profile's, refined during use for the feet
    /// ([`crate::offset_refine`]); what the daemon can store into the
    /// profile on request. `None` for a device the profile has no mount
    /// for.
    pub fn device_offset(
        &self,
        device: posewire_body::Device,
    ) -> Option<posewire_body::glam::DVec3> {
        match self {
            AvatarSolver::Ik(s) => s.device_offset(device),
            AvatarSolver::Physics(c) => c.reference().device_offset(device),
        }
    }

    /// Whether the solver can pose a body (its headset has been seen).
    pub fn ready(&self) -> bool {
        match self {
            AvatarSolver::Ik(s) => s.ready(),
            AvatarSolver::Physics(c) => c.ready(),
        }
    }

    /// Looks at a world point instead of where the headset looks (`None`:
    /// the headset again).
    pub fn set_gaze_target(&mut self, target: Option<DVec3>) {
        match self {
            AvatarSolver::Ik(s) => s.set_gaze_target(target),
            AvatarSolver::Physics(c) => c.reference_solver().set_gaze_target(target),
        }
    }

    /// Whether a push would be taken at the next tick.
    pub fn check_push(&self, push: &Push) -> Result<(), PushRefused> {
        match self {
            AvatarSolver::Ik(_) => Err(PushRefused::NotPhysics),
            AvatarSolver::Physics(_) if !push.impulse.is_finite() => Err(PushRefused::NotFinite),
            AvatarSolver::Physics(c) if c.id().is_none() => Err(PushRefused::NoBody),
            AvatarSolver::Physics(_) => Ok(()),
        }
    }

    /// Takes the solver's simulated body (if any) out of the space.
    pub fn leave(&self, space: &mut SharedSpace) {
        if let (Some(world), AvatarSolver::Physics(c)) = (space.world.as_mut(), self) {
            if let Some(id) = c.id() {
                world.remove_avatar(id);
            }
        }
    }
}

/// One avatar's body at a tick.
#[derive(Debug, Clone)]
pub struct Solved {
    /// The pose.
    pub pose: BodyPose,
    /// The simulated body's extras (physics solver only).
    pub physics: Option<PhysicsFrame>,
    /// Whether the left and right foot are down.
    pub contacts: [bool; 2],
}

/// What one avatar brings to a tick.
#[derive(Debug)]
pub struct TickInput<'a> {
    /// Its solver.
    pub solver: &'a mut AvatarSolver,
    /// The samples that arrived since the tick before, in time order.
    pub samples: &'a [TrackerSample],
    /// The pushes queued for this tick.
    pub pushes: &'a [Push],
    /// Filled with the gate's verdict on each sample, in order.
    pub verdicts: &'a mut Vec<Verdict>,
    /// Whether this is a restarted solver's first tick, whose samples
    /// begin with those its predecessor received before it: they warm it
    /// up ([`AvatarSolver::warm_up`]).
    pub warm_up: bool,
}

/// An avatar the tick can run.
pub trait Ticking {
    /// Its input to this tick.
    fn tick_input(&mut self) -> TickInput<'_>;
}

/// The space the avatars share: for physics, one world with the floor, the
/// scene and every body; for `ik`, nothing (the avatars are independent).
#[derive(Debug)]
pub struct SharedSpace {
    world: Option<PhysicsWorld>,
    rate_hz: f64,
}

impl SharedSpace {
    /// The space of a solver kind, stepped at `rate_hz`.
    pub fn new(settings: &SolverSettings, scene: &Scene, rate_hz: f64) -> SharedSpace {
        let world = match settings.kind {
            SolverKind::Physics => Some(PhysicsWorld::new(
                scene,
                settings
                    .physics
                    .world_settings(crate::physics::WorldSettings {
                        rate_hz,
                        ..settings.world
                    }),
            )),
            SolverKind::Ik => None,
        };
        SharedSpace { world, rate_hz }
    }

    /// The rate it is stepped at, Hz.
    pub fn rate_hz(&self) -> f64 {
        self.rate_hz
    }

    /// The physics world, if the space has one.
    pub fn world(&self) -> Option<&PhysicsWorld> {
        self.world.as_ref()
    }

    /// The physics world, if the space has one, to change.
    pub fn world_mut(&mut self) -> Option<&mut PhysicsWorld> {
        self.world.as_mut()
    }

    /// Runs one tick at time `t` (see the module's order): each avatar's
    /// body, or `None` for an avatar not ready yet.
    pub fn tick<A: Ticking>(&mut self, avatars: &mut [A], t: f64) -> Vec<Option<Solved>> {
        for a in avatars.iter_mut() {
            self.take_inputs(a.tick_input(), t);
        }
        match self.world.as_mut() {
            None => avatars
                .iter_mut()
                .map(|a| match a.tick_input().solver {
                    AvatarSolver::Ik(s) if s.ready() => Some(ik_body(s, t)),
                    _ => None,
                })
                .collect(),
            Some(world) => step_world(world, avatars, t),
        }
    }

    /// Steps 1 and 2 of the tick at `t`: the samples to the solver (a
    /// warm-up's past samples stepping its reference at their ticks), the
    /// pushes to the body.
    fn take_inputs(&mut self, input: TickInput<'_>, t: f64) {
        input.verdicts.clear();
        if input.warm_up {
            input
                .solver
                .warm_up(input.samples, t, self.rate_hz, input.verdicts);
        } else {
            for sample in input.samples {
                input.verdicts.push(input.solver.push(sample));
            }
        }
        if let (Some(world), AvatarSolver::Physics(c)) = (self.world.as_mut(), input.solver) {
            for push in input.pushes {
                c.apply_impulse(world, push.joint, push.impulse);
            }
        }
    }
}

/// The `ik` solver's body at `t`, with the feet down when the ankle is
/// within 3 cm of its standing height (no simulation).
fn ik_body(s: &mut IkSolver, t: f64) -> Solved {
    let pose = s.step(t);
    let ankle = s.profile().body.ankle_height;
    let p = pose.positions(s.skeleton());
    let down = |j: Joint| p[j].y <= ankle + 0.03;
    Solved {
        pose,
        physics: None,
        contacts: [down(Joint::LeftAnkle), down(Joint::RightAnkle)],
    }
}

/// Step 3 with physics: prepare every ready body, one world step, finish.
fn step_world<A: Ticking>(
    world: &mut PhysicsWorld,
    avatars: &mut [A],
    t: f64,
) -> Vec<Option<Solved>> {
    let mut prepared = vec![false; avatars.len()];
    for (a, p) in avatars.iter_mut().zip(prepared.iter_mut()) {
        if let AvatarSolver::Physics(c) = a.tick_input().solver {
            if c.ready() {
                c.prepare(world, t);
                *p = true;
            }
        }
    }
    world.step_with(&mut |w| {
        for (a, p) in avatars.iter_mut().zip(&prepared) {
            if let (true, AvatarSolver::Physics(c)) = (*p, a.tick_input().solver) {
                c.substep(w);
            }
        }
    });
    avatars
        .iter_mut()
        .zip(prepared)
        .map(|(a, p)| match a.tick_input().solver {
            AvatarSolver::Physics(c) if p => {
                let frame = c.finish(world)?;
                let stance = c.id().map(|id| world.stance(id)).unwrap_or_default();
                Some(Solved {
                    pose: frame.pose,
                    contacts: [stance.left, stance.right],
                    physics: Some(frame),
                })
            }
            _ => None,
        })
        .collect()
}

/// One avatar solved on its own (offline): its solver and its tick's
/// input buffers.
#[derive(Debug)]
pub struct OfflineAvatar {
    /// Its solver.
    pub solver: AvatarSolver,
    /// This tick's samples.
    pub samples: Vec<TrackerSample>,
    /// This tick's pushes.
    pub pushes: Vec<Push>,
    /// The verdicts on this tick's samples.
    pub verdicts: Vec<Verdict>,
    /// Whether this tick is its restarted solver's first, to warm up on
    /// the past samples that begin `samples` ([`TickInput::warm_up`]).
    pub warm_up: bool,
}

impl OfflineAvatar {
    /// An avatar with this solver and empty inputs.
    pub fn new(solver: AvatarSolver) -> OfflineAvatar {
        OfflineAvatar {
            solver,
            samples: Vec::new(),
            pushes: Vec::new(),
            verdicts: Vec::new(),
            warm_up: false,
        }
    }
}

impl Ticking for OfflineAvatar {
    fn tick_input(&mut self) -> TickInput<'_> {
        TickInput {
            solver: &mut self.solver,
            samples: &self.samples,
            pushes: &self.pushes,
            verdicts: &mut self.verdicts,
            warm_up: self.warm_up,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::{Device, Skeleton};

    /// A person standing still: headset and hands where the rest pose has
    /// them, at tick `k` of 90 Hz.
    fn standing(profile: &BodyProfile, k: usize) -> Vec<TrackerSample> {
        let skeleton = Skeleton::from_profile(profile);
        let rest = BodyPose::rest(&skeleton).transforms(&skeleton);
        [
            (Device::Head, Joint::Head),
            (Device::LeftHand, Joint::LeftWrist),
            (Device::RightHand, Joint::RightWrist),
        ]
        .map(|(device, joint)| TrackerSample {
            time_s: k as f64 / 90.0,
            device,
            pose: Some(rest[joint]),
            input: None,
        })
        .to_vec()
    }

    /// 40 ticks of the physics solver, with a chest push at tick `push_at`.
    fn run(push_at: Option<usize>) -> Vec<BodyPose> {
        let profile = BodyProfile::from_stature(1.75);
        let settings = SolverSettings::of_kind(SolverKind::Physics);
        let mut space = SharedSpace::new(&settings, &Scene::default(), 90.0);
        let mut avatar = [OfflineAvatar::new(AvatarSolver::new(&profile, &settings))];
        let mut poses = Vec::new();
        for k in 0..40 {
            avatar[0].samples = standing(&profile, k);
            avatar[0].pushes.clear();
            if push_at == Some(k) {
                let push = Push {
                    joint: Joint::Chest,
                    impulse: DVec3::new(25.0, 0.0, 0.0),
                };
                assert_eq!(avatar[0].solver.check_push(&push), Ok(()));
                avatar[0].pushes.push(push);
            }
            let solved = space.tick(&mut avatar, k as f64 / 90.0);
            assert_eq!(avatar[0].verdicts, vec![Verdict::Accepted; 3]);
            if let Some(Some(body)) = solved.into_iter().next() {
                poses.push(body.pose);
            }
        }
        poses
    }

    #[test]
    fn a_push_moves_the_body_in_the_tick_it_was_queued_for() {
        let (calm, pushed) = (run(None), run(Some(20)));
        assert_eq!(calm.len(), 40);
        assert_eq!(calm[..20], pushed[..20]);
        assert_ne!(calm[20], pushed[20]);
        assert_eq!(
            run(Some(20)),
            pushed,
            "the same pushes give the same bodies"
        );
    }

    #[test]
    fn pushes_need_a_simulated_body() {
        let profile = BodyProfile::from_stature(1.75);
        let push = Push {
            joint: Joint::Chest,
            impulse: DVec3::X,
        };
        let ik = AvatarSolver::new(&profile, &SolverSettings::of_kind(SolverKind::Ik));
        assert_eq!(ik.check_push(&push), Err(PushRefused::NotPhysics));
        let settings = SolverSettings::of_kind(SolverKind::Physics);
        let mut avatar = [OfflineAvatar::new(AvatarSolver::new(&profile, &settings))];
        assert_eq!(avatar[0].solver.check_push(&push), Err(PushRefused::NoBody));
        let mut space = SharedSpace::new(&settings, &Scene::default(), 90.0);
        avatar[0].samples = standing(&profile, 0);
        space.tick(&mut avatar, 0.0);
        assert_eq!(avatar[0].solver.check_push(&push), Ok(()));
        let nan = Push {
            impulse: DVec3::NAN,
            ..push
        };
        assert_eq!(
            avatar[0].solver.check_push(&nan),
            Err(PushRefused::NotFinite)
        );
    }
}
