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
use posewire_takes::{AppliedPush, ProfileChange, SolvedFrame, Take, Tick};

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

/// Re-solves every tick of a take of one avatar into solved frames of
/// `version`, replaying the changes made to the space's objects; says what
/// became of them. (A scene take's first avatar only: see
/// [`resolve_scene`].)
pub fn resolve_with_objects(
    take: &Take,
    settings: &ResolveSettings,
    version: u32,
) -> Result<Resolved, ResolveError> {
    let scene = resolve_scene(take, settings, version)?;
    Ok(Resolved {
        frames: scene
            .avatars
            .into_iter()
            .next()
            .map(|a| a.1)
            .unwrap_or_default(),
        objects: scene.objects,
    })
}

/// A re-solve of every avatar of a take.
#[derive(Debug, Clone)]
pub struct SceneResolved {
    /// Each avatar's id and solved frames, in the take's order.
    pub avatars: Vec<(String, Vec<SolvedFrame>)>,
    /// What became of the take's objects.
    pub objects: ObjectReplay,
}

/// One avatar's recorded part: its take's own fields, or its part of a
/// scene take.
struct Lane<'a> {
    id: &'a str,
    profiles: &'a [ProfileChange],
    ticks: &'a [Tick],
    pushes: TickPushes<'a>,
    /// Where its next tick is in `ticks`.
    next: usize,
}

/// The avatars of a take: itself, or each of a scene take's.
fn lanes(take: &Take) -> Vec<Lane<'_>> {
    if !take.is_scene() {
        return vec![Lane {
            id: &take.info.avatar_id,
            profiles: &take.profiles,
            ticks: &take.ticks,
            pushes: TickPushes::new(&take.pushes),
            next: 0,
        }];
    }
    take.avatars
        .iter()
        .map(|a| Lane {
            id: &a.id,
            profiles: &a.profiles,
            ticks: &a.ticks,
            pushes: TickPushes::new(&a.pushes),
            next: 0,
        })
        .collect()
}

/// Re-solves every avatar of a take (one, or all of a scene take's) in one
/// shared space, tick by tick on the take's one clock, as the live loop
/// ran them: an avatar joins at its first tick (after those already in
/// the space, as the loop appends a new avatar), restarts its solver where
/// its profile changed, and leaves when its ticks stop (it was removed);
/// every solver present at the take's first tick warms up on it. The
/// changes made to the objects are replayed before the same ticks, grabs
/// into the recorded avatar's hand.
pub fn resolve_scene(
    take: &Take,
    settings: &ResolveSettings,
    version: u32,
) -> Result<SceneResolved, ResolveError> {
    let scene = scene_of(take, &settings.scene);
    let mut space = SharedSpace::new(&settings.solver, &scene, take.info.rate_hz);
    let mut lanes = lanes(take);
    let sequences: std::collections::BTreeSet<u64> = lanes
        .iter()
        .flat_map(|l| l.ticks.iter().map(|t| t.sequence))
        .collect();
    // The avatars in the space, in the loop's order, and their lanes.
    let mut active: Vec<OfflineAvatar> = Vec::with_capacity(lanes.len());
    let mut active_lanes: Vec<usize> = Vec::with_capacity(lanes.len());
    let mut objects = ObjectReplayer::new(take);
    let mut out: Vec<Vec<SolvedFrame>> = lanes
        .iter()
        .map(|l| Vec::with_capacity(l.ticks.len()))
        .collect();
    for (n, &sequence) in sequences.iter().enumerate() {
        let now: Vec<Option<&Tick>> = lanes
            .iter_mut()
            .map(|l| {
                let tick = l.ticks.get(l.next).filter(|t| t.sequence == sequence);
                l.next += usize::from(tick.is_some());
                tick
            })
            .collect();
        // Avatars whose ticks stopped were removed: their bodies leave.
        let mut i = 0;
        while i < active.len() {
            if now[active_lanes[i]].is_none() {
                active.remove(i).solver.leave(&mut space);
                active_lanes.remove(i);
            } else {
                i += 1;
            }
        }
        let mut time_s = 0.0;
        for (li, tick) in now.iter().enumerate() {
            let Some(tick) = tick else { continue };
            time_s = tick.time_s;
            let lane = &mut lanes[li];
            let k = place(
                lane,
                li,
                sequence,
                settings,
                &mut active,
                &mut active_lanes,
                &mut space,
            )?;
            let a = &mut active[k];
            a.samples.clone_from(&tick.samples);
            // The recording's first tick warms its restarted solvers up.
            a.warm_up = n == 0;
            a.pushes.clear();
            a.pushes.extend(lane.pushes.at(tick));
        }
        let replaying: Vec<ReplayAvatar> = active
            .iter()
            .zip(&active_lanes)
            .map(|(a, &li)| ReplayAvatar {
                id: lanes[li].id,
                body: a.solver.body_id(),
                grab: a.solver.grab_settings(),
            })
            .collect();
        objects.before_tick(sequence, &mut space, &replaying);
        let solved = space.tick(&mut active, time_s);
        objects.after_tick(sequence, &space);
        for (body, &li) in solved.into_iter().zip(&active_lanes) {
            if let Some(body) = body {
                out[li].push(SolvedFrame {
                    version,
                    sequence,
                    time_s,
                    pose: body.pose,
                    contacts: body.contacts,
                });
            }
        }
    }
    Ok(SceneResolved {
        avatars: lanes.iter().map(|l| l.id.to_string()).zip(out).collect(),
        objects: objects.finish(),
    })
}

/// Where lane `li`'s avatar is among the active ones at `sequence`: a
/// fresh solver at its first tick (appended, as the loop appends a new
/// avatar) or where its profile changed (in its place, the old body
/// leaving the space).
fn place(
    lane: &Lane<'_>,
    li: usize,
    sequence: u64,
    settings: &ResolveSettings,
    active: &mut Vec<OfflineAvatar>,
    active_lanes: &mut Vec<usize>,
    space: &mut SharedSpace,
) -> Result<usize, ResolveError> {
    let change = lane
        .profiles
        .iter()
        .rev()
        .find(|p| p.from_sequence == sequence);
    let at = active_lanes.iter().position(|&l| l == li);
    if change.is_none() {
        if let Some(k) = at {
            return Ok(k);
        }
    }
    let profile = tick_profile(lane.profiles, settings, change, sequence)?;
    let fresh = OfflineAvatar::new(AvatarSolver::new(&profile, &settings.solver));
    Ok(match at {
        Some(k) => {
            std::mem::replace(&mut active[k], fresh).solver.leave(space);
            k
        }
        None => {
            active.push(fresh);
            active_lanes.push(li);
            active.len() - 1
        }
    })
}

/// The profile a tick solves with: the one given, else the avatar's own
/// (the one changed to at this tick, else the one in force).
fn tick_profile(
    profiles: &[ProfileChange],
    settings: &ResolveSettings,
    change: Option<&ProfileChange>,
    sequence: u64,
) -> Result<BodyProfile, ResolveError> {
    let in_force = || {
        profiles
            .iter()
            .rev()
            .find(|p| p.from_sequence <= sequence)
            .or(profiles.first())
    };
    match (&settings.profile, change.or_else(in_force)) {
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
