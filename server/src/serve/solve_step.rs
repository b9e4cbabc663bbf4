//! One tick of solving, shared by the live loop and the offline re-solve
//! (`posewire resolve`): the very same code poses the avatars in both, so
//! that a take re-solved with unchanged settings reproduces its recorded
//! solved track bit for bit.

use posewire_body::{BodyPose, Joint, Skeleton};
use posewire_solver::physics::{PhysicsFrame, PhysicsWorld, Scene, WorldSettings};
use posewire_solver::SolverKind;

use super::avatar::AvatarSolver;

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

/// What the solve of one avatar needs: its solver, skeleton and standing
/// ankle height (the ik solver's foot contacts).
pub trait Solving {
    /// The solver, the skeleton it poses and the standing ankle height, m.
    fn solving(&mut self) -> (&mut AvatarSolver, Skeleton, f64);
}

/// The physics world of a solver kind (none for `ik`), at a loop rate.
pub fn world(kind: SolverKind, scene: &Scene, rate_hz: f64) -> Option<PhysicsWorld> {
    match kind {
        SolverKind::Physics => Some(PhysicsWorld::new(
            scene,
            WorldSettings {
                rate_hz,
                ..WorldSettings::default()
            },
        )),
        SolverKind::Ik => None,
    }
}

/// Solves every ready avatar at loop time `t` in the shared space (the
/// `ik` solver per avatar, or one step of the physics world for all).
pub fn step<A: Solving>(
    avatars: &mut [A],
    world: Option<&mut PhysicsWorld>,
    t: f64,
) -> Vec<Option<Solved>> {
    match world {
        None => avatars
            .iter_mut()
            .map(|a| {
                let (solver, skeleton, ankle) = a.solving();
                let ready = solver.ready();
                match solver {
                    AvatarSolver::Ik(s) if ready => {
                        let pose = s.step(t);
                        let p = pose.positions(&skeleton);
                        // No simulation: a foot is down when its ankle is
                        // within 3 cm of its standing height.
                        let down = |j: Joint| p[j].y <= ankle + 0.03;
                        Some(Solved {
                            pose,
                            physics: None,
                            contacts: [down(Joint::LeftAnkle), down(Joint::RightAnkle)],
                        })
                    }
                    _ => None,
                }
            })
            .collect(),
        Some(world) => {
            let mut prepared = vec![false; avatars.len()];
            for (a, p) in avatars.iter_mut().zip(prepared.iter_mut()) {
                let (solver, _, _) = a.solving();
                let ready = solver.ready();
                if let AvatarSolver::Physics(c) = solver {
                    if ready {
                        c.prepare(world, t);
                        *p = true;
                    }
                }
            }
            world.step();
            avatars
                .iter_mut()
                .zip(prepared)
                .map(|(a, p)| match a.solving().0 {
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
    }
}
