//! Two people walked into each other (issue 23's meeting bar): each walks
//! a straight line toward where the other starts, `offset` to the side, and
//! the table says what the two bodies did (`trials::run_meeting`).
//!
//! ```sh
//! cargo run --release -p posewire-tools --bin meeting_trials
//! cargo run --release -p posewire-tools --bin meeting_trials -- \
//!     --speeds 1.5 --offsets 0,0.2 --seconds 4 --no-reactions
//! cargo run --release -p posewire-tools --bin meeting_trials -- \
//!     --settings avoid.toml --no-reactions
//! ```
//!
//! `--settings FILE` gives the bodies a `[solver]` table's
//! `[solver.physics]` (e.g. `[solver.physics.avoid]` `clearance_m = 0.5`);
//! `--no-avoid` lets the bodies meet head on.

use posewire_body::BodyProfile;
use posewire_solver::physics::trials::{meeting_samples, run_meeting};
use posewire_solver::physics::PhysicsSettings;
use posewire_tools::choices::number_list;

/// Two people walked into each other: what the two bodies did.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// Walking speeds, m/s, comma-separated (one value, not repeated: a
    /// `std::vec::Vec` so clap parses the list as one argument).
    #[arg(long, value_parser = number_list, default_value = "1.0,1.5")]
    speeds: std::vec::Vec<f64>,
    /// Sideways offsets between the two lines, m, comma-separated.
    #[arg(long, value_parser = number_list, default_value = "0,0.1,0.2,0.3")]
    offsets: std::vec::Vec<f64>,
    /// Each meeting's length, s.
    #[arg(long, default_value_t = 4.0)]
    seconds: f64,
    /// Reactions off (the bodies only collide).
    #[arg(long)]
    no_reactions: bool,
    /// Passing off (the bodies meet head on).
    #[arg(long)]
    no_avoid: bool,
    /// A `[solver]` table whose `[solver.physics]` (reaction, avoid, ...)
    /// the bodies use.
    #[arg(long, value_name = "FILE")]
    settings: Option<std::path::PathBuf>,
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let (speeds, offsets, seconds) = (args.speeds, args.offsets, args.seconds);
    let mut settings = match &args.settings {
        Some(path) => posewire_solver::SolverSettings::load(path)?.physics,
        None => PhysicsSettings::default(),
    };
    if args.no_reactions {
        settings.reaction.enabled = false;
    }
    if args.no_avoid {
        settings.avoid.enabled = false;
    }
    let profile = BodyProfile::from_stature(1.75);
    println!(
        "speed m/s | offset m | deflection a / b cm | min pelvis a / b m | penetration cm | staggers a / b | falls a / b"
    );
    for &v in &speeds {
        for &o in &offsets {
            let samples = meeting_samples(&profile, v, o, seconds);
            let m = run_meeting(&profile, settings, &samples);
            println!(
                "{v:.1} | {o:.2} | {:.1} / {:.1} | {:.2} / {:.2} | {:.1} | {} / {} | {} / {}",
                m.max_deflection_m[0] * 100.0,
                m.max_deflection_m[1] * 100.0,
                m.min_pelvis_y[0],
                m.min_pelvis_y[1],
                m.max_penetration_m * 100.0,
                m.staggers[0],
                m.staggers[1],
                m.falls[0],
                m.falls[1],
            );
        }
    }
    Ok(())
}
