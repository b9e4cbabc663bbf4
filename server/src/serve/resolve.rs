//! Offline re-solve of a take: its recorded ticks (samples, pushes and the
//! changes made to the space's objects, `super::resolve_objects`) fed
//! again, tick by tick, through the very tick the live loop runs
//! ([`posewire_solver::tick`]). The live solver restarts when a recording
//! starts (and when the avatar's profile changes mid-take); at a
//! recording's start it warms up on the past samples the first tick
//! records before its own ([`posewire_solver::warm_up`]), and so does the
//! fresh solver here, which then starts from the same state: with
//! unchanged settings the result is the recorded solved track, bit for bit
//! (for `physics`: while the avatar's body touches no other avatar;
//! conditions in `docs/TAKES.md`). A take recorded before warm-ups holds
//! only the last known state of each device there, too little past to
//! warm up on: its solver takes them as it did live.

use posewire_body::BodyProfile;
use posewire_solver::physics::Scene;
use posewire_solver::tick::OfflineAvatar;
use posewire_solver::{AvatarSolver, Push, SharedSpace, SolverSettings};
use posewire_takes::{AppliedPush, SolvedFrame, Take, Tick};

use super::resolve_objects::{ObjectReplay, ObjectReplayer, ReplayAvatar};

/// Why a take cannot be re-solved.
#[derive(Debug, thiserror::Error)]
pub enum ResolveError {
    /// A profile stored in the take cannot be read.
    #[error("the take's profile from tick {from_sequence} cannot be read: {reason}")]
    Profile {
        /// The tick it applies from.
        from_sequence: u64,
        /// What is wrong.
        reason: String,
    },
    /// The take has no profile record to solve with (and none was given).
    #[error("the take has no body profile; give one")]
    NoProfile,
}

/// How to re-solve.
#[derive(Debug, Clone)]
pub struct ResolveSettings {
    /// The solver and its settings (with the daemon's `[devices]` gate).
    pub solver: SolverSettings,
    /// The scene of the physics world.
    pub scene: Scene,
    /// A profile to use instead of the take's own (at every profile change).
    pub profile: Option<BodyProfile>,
}

/// A re-solve's result.
#[derive(Debug, Clone)]
pub struct Resolved {
    /// The solved frames of the new version.
    pub frames: Vec<SolvedFrame>,
    /// What became of the take's objects.
    pub objects: ObjectReplay,
}

/// The scene a re-solve starts with: a take that records its objects puts
/// them back itself (those of the scene's `[[objects]]` among them, as
/// they were when recording began), so the scene's own objects stay out.
fn scene_of(take: &Take, scene: &Scene) -> Scene {
    let mut scene = scene.clone();
    if !take.object_changes.is_empty() {
        scene.objects.clear();
    }
    scene
}

/// Re-solves every tick of a take into solved frames of `version`
/// (as [`resolve_with_objects`], without its report on the objects).
pub fn resolve(
    take: &Take,
    settings: &ResolveSettings,
    version: u32,
) -> Result<Vec<SolvedFrame>, ResolveError> {
    resolve_with_objects(take, settings, version).map(|r| r.frames)
}

/// Re-solves every tick of a take into solved frames of `version`,
/// replaying the changes made to the space's objects; says what became of
/// them.
pub fn resolve_with_objects(
    take: &Take,
    settings: &ResolveSettings,
    version: u32,
) -> Result<Resolved, ResolveError> {
    let scene = scene_of(take, &settings.scene);
    let mut space = SharedSpace::new(&settings.solver, &scene, take.info.rate_hz);
    let mut avatar: Vec<OfflineAvatar> = Vec::with_capacity(1);
    let mut pushes = TickPushes::new(&take.pushes);
    let mut objects = ObjectReplayer::new(take);
    let mut out = Vec::with_capacity(take.ticks.len());
    for (n, tick) in take.ticks.iter().enumerate() {
        let change = take
            .profiles
            .iter()
            .rev()
            .find(|p| p.from_sequence == tick.sequence);
        if change.is_some() || avatar.is_empty() {
            let profile = tick_profile(take, settings, change, tick.sequence)?;
            if let Some(old) = avatar.pop() {
                old.solver.leave(&mut space);
            }
            let solver = AvatarSolver::new(&profile, &settings.solver);
            avatar.push(OfflineAvatar::new(solver));
        }
        for a in &mut avatar {
            a.samples.clone_from(&tick.samples);
            // The recording's first tick warms its restarted solver up.
            a.warm_up = n == 0;
            a.pushes.clear();
            a.pushes.extend(pushes.at(tick));
        }
        if let Some(a) = avatar.first() {
            let replaying = ReplayAvatar {
                id: &take.info.avatar_id,
                body: a.solver.body_id(),
                grab: a.solver.grab_settings(),
            };
            objects.before_tick(tick.sequence, &mut space, replaying);
        }
        let solved = space.tick(&mut avatar, tick.time_s);
        objects.after_tick(tick.sequence, &space);
        if let Some(Some(body)) = solved.into_iter().next() {
            out.push(SolvedFrame {
                version,
                sequence: tick.sequence,
                time_s: tick.time_s,
                pose: body.pose,
                contacts: body.contacts,
            });
        }
    }
    Ok(Resolved {
        frames: out,
        objects: objects.finish(),
    })
}

/// The profile a tick solves with: the one given, else the take's.
fn tick_profile(
    take: &Take,
    settings: &ResolveSettings,
    change: Option<&posewire_takes::ProfileChange>,
    sequence: u64,
) -> Result<BodyProfile, ResolveError> {
    match (&settings.profile, change.or(take.profile_at(sequence))) {
        (Some(p), _) => Ok(p.clone()),
        (None, Some(p)) => BodyProfile::from_toml(&p.toml, "the take's profile").map_err(|e| {
            ResolveError::Profile {
                from_sequence: p.from_sequence,
                reason: e.to_string(),
            }
        }),
        (None, None) => Err(ResolveError::NoProfile),
    }
}

/// The take's pushes, handed out tick by tick (in tick order; a push at a
/// tick that is not in the take, a dropped one, is left out).
struct TickPushes<'a> {
    pushes: &'a [AppliedPush],
    next: usize,
}

impl<'a> TickPushes<'a> {
    fn new(pushes: &'a [AppliedPush]) -> Self {
        TickPushes { pushes, next: 0 }
    }

    /// The pushes applied at `tick`.
    fn at(&mut self, tick: &Tick) -> impl Iterator<Item = Push> + 'a {
        let from = self.next;
        while self
            .pushes
            .get(self.next)
            .is_some_and(|p| p.sequence <= tick.sequence)
        {
            self.next += 1;
        }
        let sequence = tick.sequence;
        self.pushes[from..self.next]
            .iter()
            .filter(move |p| p.sequence == sequence)
            .map(|p| Push {
                joint: p.joint,
                impulse: p.impulse,
            })
    }
}
