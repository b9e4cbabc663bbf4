//! Two people walked into each other (issue 23's meeting bar): each walks
//! a straight line toward where the other starts, `offset` to the side, and
//! the table says what the two bodies did (`trials::run_meeting`).
//!
//! ```sh
//! cargo run --release -p posewire-solver --example meeting_trials
//! cargo run --release -p posewire-solver --example meeting_trials -- \
//!     --speeds 1.5 --offsets 0,0.2 --seconds 4 --no-reactions
//! cargo run --release -p posewire-solver --example meeting_trials -- \
//!     --avoid "clearance_m = 0.5" --no-reactions
//! ```
//!
//! `--reaction` and `--avoid` take `[solver.physics.reaction]` and
//! `[solver.physics.avoid]` settings (TOML, `;` between them; the rest keep
//! their defaults); `--no-avoid` lets the bodies meet head on.

use std::process::ExitCode;

use posewire_body::BodyProfile;
use posewire_solver::physics::avoid::AvoidSettings;
use posewire_solver::physics::reaction::ReactionSettings;
use posewire_solver::physics::trials::{meeting_samples, run_meeting};
use posewire_solver::physics::PhysicsSettings;

fn list(v: &str) -> Result<Vec<f64>, String> {
    v.split(',')
        .map(|x| x.trim().parse::<f64>().map_err(|e| format!("{x}: {e}")))
        .collect()
}

fn main() -> ExitCode {
    let mut speeds = vec![1.0, 1.5];
    let mut offsets = vec![0.0, 0.1, 0.2, 0.3];
    let mut seconds = 4.0;
    let mut settings = PhysicsSettings::default();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let r = match a.as_str() {
            "--speeds" => args.next().map(|v| list(&v).map(|l| speeds = l)),
            "--offsets" => args.next().map(|v| list(&v).map(|l| offsets = l)),
            "--seconds" => args
                .next()
                .map(|v| v.parse().map(|s| seconds = s).map_err(|e| format!("{e}"))),
            "--reaction" => args.next().map(|v| {
                toml::from_str::<ReactionSettings>(&v.replace(';', "\n"))
                    .map(|r| settings.reaction = r)
                    .map_err(|e| format!("{e}"))
            }),
            "--no-reactions" => {
                settings.reaction.enabled = false;
                Some(Ok(()))
            }
            "--no-avoid" => {
                settings.avoid.enabled = false;
                Some(Ok(()))
            }
            "--avoid" => args.next().map(|v| {
                toml::from_str::<AvoidSettings>(&v.replace(';', "\n"))
                    .map(|r| settings.avoid = r)
                    .map_err(|e| format!("{e}"))
            }),
            _ => None,
        };
        match r {
            Some(Ok(())) => {}
            Some(Err(e)) => {
                eprintln!("{a}: {e}");
                return ExitCode::FAILURE;
            }
            None => {
                eprintln!("unknown or incomplete argument {a}");
                return ExitCode::FAILURE;
            }
        }
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
    ExitCode::SUCCESS
}
