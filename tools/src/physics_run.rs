//! A take solved by the physics solver tick by tick at 90 Hz, as the
//! diagnosis tools (`fall_trace`, `foot_trace`, `physics_gap`) trace it.

use posewire_body::formats::TrackerSample;
use posewire_solver::physics::{PhysicsFrame, PhysicsSolver};
use posewire_solver::take_ticks;

/// Feeds `samples` to `solver` at 90 Hz and calls `each(tick, time,
/// frame, solver)` for every tick that gives a frame (the solver ready;
/// the solver passed on for its world and controller); stops at the first
/// error `each` returns.
pub fn each_physics_frame(
    solver: &mut PhysicsSolver,
    samples: &[TrackerSample],
    mut each: impl FnMut(usize, f64, &PhysicsFrame, &mut PhysicsSolver) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    for (k, (t, due)) in take_ticks(samples, 90.0).enumerate() {
        for sample in due {
            solver.push(sample);
        }
        if !solver.ready() {
            continue;
        }
        if let Some(frame) = solver.step(t) {
            each(k, t, &frame, solver)?;
        }
    }
    Ok(())
}
