//! Development aid: how smoothly the demo person (`posewire serve`'s
//! built-in device source) is solved. The demo's devices are sampled at
//! 90 Hz for two loops (32 s), solved offline by `ik` and by `physics`, and
//! the largest change of a joint's move from one tick to the next is
//! printed (a snapping joint shows as a large one), with its joint and time
//! and the 99.9th percentile over all joints and ticks.
//!
//! `cargo run --release -p posewire-tools --bin demo_smoothness`

use posewire::serve::daemon::DEFAULT_STATURE_M;
use posewire::serve::demo_source::{DemoPerson, LOOP_S};
use posewire_body::formats::TrackerTake;
use posewire_body::{BodyProfile, Joint, Skeleton};
use posewire_solver::{solve_take, SolveOptions, SolverKind};

/// How smoothly the demo person is solved.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    <Args as clap::Parser>::parse();
    let profile = BodyProfile::from_stature(DEFAULT_STATURE_M);
    let person = DemoPerson::new(&Skeleton::from_profile(&profile), 0.0, [0.0, 0.0, 0.0]);
    let take = TrackerTake {
        samples: person.samples_for(2.0 * LOOP_S, 90.0),
        invalid: Default::default(),
    };
    for solver in [SolverKind::Ik, SolverKind::Physics] {
        let options = SolveOptions {
            solver,
            ..SolveOptions::default()
        };
        let frames = solve_take(&profile, &take, &options)?;
        let mut largest = (0.0, 0.0, Joint::Pelvis);
        let mut changes = Vec::new();
        for w in frames.windows(3) {
            for j in Joint::ALL {
                let [a, b, c] = [0, 1, 2].map(|i| w[i].joints[j].position);
                let change = ((c - b) - (b - a)).length() * 100.0;
                changes.push(change);
                if change > largest.0 {
                    largest = (change, w[1].time_s, j);
                }
            }
        }
        changes.sort_by(f64::total_cmp);
        let p999 = changes
            .get(changes.len() * 999 / 1000)
            .copied()
            .unwrap_or(0.0);
        println!(
            "{}: largest change of a joint's move between ticks {:.2} cm ({} at {:.2} s), 99.9th percentile {:.2} cm",
            solver.name(),
            largest.0,
            largest.2.name(),
            largest.1,
            p999
        );
    }
    Ok(())
}
