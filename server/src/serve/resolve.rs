//! Offline re-solve of a take: its recorded ticks fed again, tick by tick,
//! through the very per-tick code of the live loop ([`super::solve_step`],
//! [`super::avatar::AvatarSolver`]). The live solver restarts when a
//! recording starts (and when the avatar's profile changes mid-take), from
//! the samples the first tick records, so a fresh solver here starts from
//! the same state: with unchanged settings the result is the recorded
//! solved track, bit for bit (for `physics`: while the avatar's body
//! touches no other avatar; conditions in `docs/TAKES.md`).

use posewire_body::{BodyProfile, Skeleton};
use posewire_solver::physics::Scene;
use posewire_solver::SolverKind;
use posewire_takes::{SolvedFrame, Take};

use super::avatar::AvatarSolver;
use super::solve_step::{self, Solving};

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
    /// The solver.
    pub solver: SolverKind,
    /// The scene of the physics world.
    pub scene: Scene,
    /// A profile to use instead of the take's own (at every profile change).
    pub profile: Option<BodyProfile>,
    /// Which device samples are plausible (the daemon's `[devices]`).
    pub gate: posewire_solver::GateSettings,
}

/// The offline avatar: a solver and what it poses.
struct Offline {
    solver: AvatarSolver,
    skeleton: Skeleton,
    ankle_height_m: f64,
}

impl Solving for Offline {
    fn solving(&mut self) -> (&mut AvatarSolver, Skeleton, f64) {
        (&mut self.solver, self.skeleton, self.ankle_height_m)
    }
}

/// Re-solves every tick of a take into solved frames of `version`.
pub fn resolve(
    take: &Take,
    settings: &ResolveSettings,
    version: u32,
) -> Result<Vec<SolvedFrame>, ResolveError> {
    let mut world = solve_step::world(settings.solver, &settings.scene, take.info.rate_hz);
    let mut avatar: Vec<Offline> = Vec::with_capacity(1);
    let mut out = Vec::with_capacity(take.ticks.len());
    for tick in &take.ticks {
        let change = take
            .profiles
            .iter()
            .rev()
            .find(|p| p.from_sequence == tick.sequence);
        if change.is_some() || avatar.is_empty() {
            let profile =
                match (&settings.profile, change.or(take.profile_at(tick.sequence))) {
                    (Some(p), _) => p.clone(),
                    (None, Some(p)) => BodyProfile::from_toml(&p.toml, "the take's profile")
                        .map_err(|e| ResolveError::Profile {
                            from_sequence: p.from_sequence,
                            reason: e.to_string(),
                        })?,
                    (None, None) => return Err(ResolveError::NoProfile),
                };
            if let Some(old) = avatar.pop() {
                old.solver.leave(world.as_mut());
            }
            avatar.push(Offline {
                solver: AvatarSolver::new(&profile, settings.solver, settings.gate),
                skeleton: Skeleton::from_profile(&profile),
                ankle_height_m: profile.body.ankle_height,
            });
        }
        for a in &mut avatar {
            for sample in &tick.samples {
                a.solver.push(sample);
            }
        }
        let solved = solve_step::step(&mut avatar, world.as_mut(), tick.time_s);
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
    Ok(out)
}
