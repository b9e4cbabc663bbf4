//! The reaction table (issue 23): the demo person (`posewire serve`'s
//! built-in device source) is pushed on the chest with impulses of several
//! sizes, along four directions, at several moments of its loop
//! (standing, walking, at the table, throwing, turning, reaching,
//! crouching), and a standing person
//! the same; each trial prints what the physics avatar did: whether it
//! fell (went through the fallen state or its pelvis went below 0.7 m; the lowest pelvis is printed too), how far the head left the headset, when it was
//! back within 3 cm, its gap 4 and 8 s after the push, when it stood
//! linked again, the steps it took (and
//! those that landed before it was down), how far a stance foot slid (its
//! ankle within 3 cm of the floor; and while it touched the floor) and the
//! states it went through.
//!
//! `cargo run --release -p posewire-tools --bin push_reactions [-- --sizes 25,60,250 --moments 0,2,4 --settings FILE]`

use posewire::serve::daemon::DEFAULT_STATURE_M;
use posewire::serve::demo_source::{DemoPerson, LOOP_S};
use posewire_body::formats::TrackerSample;
use posewire_body::glam::DVec3;
use posewire_body::{BodyProfile, Joint, Skeleton};
use posewire_solver::physics::trials::{
    run_trial_in, standing_samples, summarise, Push, TrialSummary, TrialTick,
};
use posewire_tools::choices::number_list;

/// Seconds of a trial before the push, and after it.
const BEFORE_S: f64 = 2.0;
const AFTER_S: f64 = 14.0;

fn demo_samples(profile: &BodyProfile, moment_s: f64) -> Vec<TrackerSample> {
    let person = DemoPerson::new(
        &Skeleton::from_profile(profile),
        moment_s - BEFORE_S,
        [0.0; 3],
    );
    person.samples_for(BEFORE_S + AFTER_S, 90.0)
}

fn secs(v: Option<f64>) -> String {
    v.map_or("-".to_string(), |s| format!("{s:.1}"))
}

/// The states after the push, each with the seconds after the push at
/// which it began: `staggering 0.0 > fallen 0.6 > ...`.
fn state_line(ticks: &[TrialTick]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut last = None;
    for k in ticks.iter().filter(|k| k.t >= BEFORE_S - 1e-9) {
        if last != Some(k.state) {
            out.push(format!("{} {:.1}", k.state.name(), k.t - BEFORE_S));
            last = Some(k.state);
        }
    }
    out.join(" > ")
}

/// The head's gap from the headset `after` seconds after the push, cm
/// (`-` past the trial's end).
fn gap_at(ticks: &[TrialTick], after: f64) -> String {
    ticks
        .iter()
        .find(|k| k.t >= BEFORE_S + after - 1e-9)
        .map_or("-".to_string(), |k| format!("{:.1}", 100.0 * k.head_gap_m))
}

fn row(size: f64, dir: &str, moment: &str, s: &TrialSummary, ticks: &[TrialTick]) -> String {
    let states = state_line(ticks);
    let gaps = format!("{} / {}", gap_at(ticks, 4.0), gap_at(ticks, 8.0));
    format!(
        "| {size:>5.0} | {dir:>3} | {moment:>8} | {:>4} | {:>5.2} | {:>5.1} | {gaps:>11} | {:>5} | {:>5} | {:>5} | {:>3} | {:>3} | {:>5.1} | {:>5.1} | {} |",
        if s.fell() { "yes" } else { "no" },
        s.min_pelvis_y,
        100.0 * s.max_head_gap_m,
        secs(s.back_after_s),
        secs(s.unlinked_after_s),
        secs(s.standing_after_s),
        s.steps_seen,
        s.steps_while_up,
        100.0 * s.max_stance_slide_m,
        100.0 * s.max_contact_slide_m,
        states,
    )
}

/// The reaction table: the demo person pushed on the chest.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// Impulses, N s, comma-separated (one argument: a `std::vec::Vec` so
    /// clap parses the list whole).
    #[arg(long, value_parser = number_list, default_value = "25,60,120,250")]
    sizes: std::vec::Vec<f64>,
    /// Moments of the demo's loop to push at, s, comma-separated.
    #[arg(long, value_parser = number_list, default_value = "0.5,2,5.8,7.3,12.4,18.6,21.3")]
    moments: std::vec::Vec<f64>,
    #[command(flatten)]
    settings: posewire_tools::solver_file::SolverFile,
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let settings = args.settings.physics()?;
    let world = args.settings.load()?.world;
    let (sizes, moments) = (args.sizes, args.moments);
    let profile = BodyProfile::from_stature(DEFAULT_STATURE_M);
    let directions = [
        ("+X", DVec3::X),
        ("-X", -DVec3::X),
        ("+Z", DVec3::Z),
        ("-Z", -DVec3::Z),
    ];
    println!("| N s | dir | moment s | fell | min pelvis m | head gap cm | gap 4 / 8 s after, cm | back (3 cm) s | unlinked s | standing s | steps | steps while up | stance slide cm | contact slide cm | states |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut cases: Vec<(String, Vec<TrackerSample>)> = vec![(
        "standing".to_string(),
        standing_samples(&profile, BEFORE_S + AFTER_S, false),
    )];
    for m in &moments {
        cases.push((
            format!("{:.1}", m.rem_euclid(LOOP_S)),
            demo_samples(&profile, *m),
        ));
    }
    for &size in &sizes {
        for (dir, axis) in directions {
            for (moment, samples) in &cases {
                let push = Push {
                    joint: Joint::Chest,
                    impulse: axis * size,
                    at_s: BEFORE_S,
                };
                let ticks = run_trial_in(world, &profile, settings, samples, &[push]);
                let summary = summarise(&ticks, BEFORE_S);
                println!("{}", row(size, dir, moment, &summary, &ticks));
            }
        }
    }
    Ok(())
}
