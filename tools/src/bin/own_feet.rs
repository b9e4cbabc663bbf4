//! Whether the physics avatar stands on its own feet (issue 41): a
//! standing person (headset at the default stature's height, hands at the
//! sides, no foot devices) and the demo person walking its loop drive the
//! body through the daemon's tick (`physics::trials::run_trial`); for each
//! it prints the share of frames with each foot, both and at least one on
//! the floor, the median and 90th percentile of the assist's root force
//! (what pushes the body from outside), the median share of the weight the
//! feet carry (one less the assist's lift over the weight), and the share
//! of frames in which
//! the balance and locomotion arrays act, and the reference's lower ankle
//! above its standing height (median and 90th percentile), and the
//! simulated pelvis's and ankles' distances to the reference's and the
//! assist's root moment (median and 90th percentile).
//!
//! Last, over the demo's walking phases (`DemoPerson::walking`), the share
//! of frames whose reference lower ankle, and each reference ankle, is
//! within 3 cm of its standing height (issue 41's bars for the reference;
//! run a whole loop, `--seconds 23.5`, for both walks).
//!
//! `cargo run --release -p posewire-tools --bin own_feet [-- --seconds 12 --settings FILE --weights pelvis=P.bin,legs=L.bin]`

use posewire::serve::daemon::DEFAULT_STATURE_M;
use posewire::serve::demo_source::DemoPerson;
use posewire_body::formats::TrackerSample;
use posewire_body::{BodyProfile, Skeleton};
use posewire_solver::learned::models::parse_weights;
use posewire_solver::learned::{LearnedModels, Net};
use posewire_solver::physics::trials::{run_trial_with, standing_samples, TrialTick};
use posewire_tools::solver_file::SolverFile;

/// The command line.
#[derive(clap::Parser, Debug)]
#[command(
    about = "Feet on the floor, assist and arrays of the standing and walking physics avatar"
)]
struct Args {
    /// Seconds of each run.
    #[arg(long, default_value_t = 12.0)]
    seconds: f64,
    /// Also print the demo walk's ankles (simulated and reference) every
    /// tenth of a second.
    #[arg(long)]
    trace: bool,
    /// The standing person's devices worn at their nominal places on the
    /// body (as the demo person's and a real person's with an uncalibrated
    /// profile) instead of on the bones themselves.
    #[arg(long)]
    worn: bool,
    /// The reference's networks from files instead of the embedded ones,
    /// e.g. `pelvis=P.bin,legs=L.bin`.
    #[arg(long, value_name = "NET=FILE,...", value_delimiter = ',')]
    weights: Vec<String>,
    #[command(flatten)]
    settings: SolverFile,
}

/// The embedded networks with those of `--weights` in their place.
fn models(given: &[String]) -> anyhow::Result<LearnedModels> {
    let mut models = LearnedModels::embedded();
    for item in given {
        let (name, file) = item
            .split_once('=')
            .ok_or_else(|| anyhow::anyhow!("--weights {item:?}: expected NET=FILE"))?;
        let net = Net::from_name(name.trim())
            .ok_or_else(|| anyhow::anyhow!("--weights {item:?}: no network {name:?}"))?;
        let bytes = std::fs::read(file.trim())
            .map_err(|e| anyhow::anyhow!("--weights {item:?}: cannot read {file}: {e}"))?;
        let mlp = parse_weights(net, &bytes, file.trim())?;
        models = models.with_model(net, Some(std::sync::Arc::new(mlp)));
    }
    Ok(models)
}

/// Devices on bones moved to where each is worn: through its nominal
/// offset, no mount rotation (what a profile without mounts assumes).
fn worn(samples: Vec<TrackerSample>) -> Vec<TrackerSample> {
    samples
        .into_iter()
        .map(|mut s| {
            if let Some(p) = s.pose.as_mut() {
                p.position += p.rotation * s.device.nominal_offset();
            }
            s
        })
        .collect()
}

fn demo_samples(profile: &BodyProfile, seconds: f64) -> Vec<TrackerSample> {
    DemoPerson::new(&Skeleton::from_profile(profile), 0.0, [0.0; 3]).samples_for(seconds, 90.0)
}

fn share(ticks: &[TrialTick], ok: impl Fn(&TrialTick) -> bool) -> f64 {
    100.0 * ticks.iter().filter(|k| ok(k)).count() as f64 / ticks.len().max(1) as f64
}

fn quantile(ticks: &[TrialTick], q: f64, of: impl Fn(&TrialTick) -> f64) -> f64 {
    let mut v: Vec<f64> = ticks.iter().map(of).collect();
    v.sort_by(f64::total_cmp);
    v.get(((v.len() as f64 - 1.0) * q).round() as usize)
        .copied()
        .unwrap_or(0.0)
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let settings = args.settings.physics()?;
    let world = args.settings.load()?.world;
    let models = models(&args.weights)?;
    let profile = BodyProfile::from_stature(DEFAULT_STATURE_M);
    // The reference's lower ankle above a standing ankle's height, metres.
    let lower_ankle_up = |k: &TrialTick| {
        k.reference_ankles[0].y.min(k.reference_ankles[1].y) - profile.body.ankle_height
    };
    println!("| run | left % | right % | both % | one % | assist median N | assist p90 N | support share (median) | balance % | locomotion % | min pelvis m | fell | ref. lower ankle up cm (median / p90) | pelvis gap cm (median / p90) | ankle gap cm (median / p90) | assist moment N m (median / p90) | ref. pelvis m (median / p10) |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut walking_rows = Vec::new();
    for (name, samples) in [
        ("standing", {
            let still = standing_samples(&profile, args.seconds, false);
            if args.worn {
                worn(still)
            } else {
                still
            }
        }),
        ("demo", demo_samples(&profile, args.seconds)),
    ] {
        let ticks = run_trial_with(world, &profile, settings, &models, &samples, &[]);
        if name == "demo" {
            walking_rows = walking_phases(&profile, &ticks);
        }
        if args.trace && name == "standing" {
            for k in ticks.iter().step_by(90) {
                eprintln!(
                    "standing t {:.1} contacts {:?} pelvis y {:.3} ref {:.3} gap {:.3} assist {:.0} support {:.2} | ankles y sim {:.3} {:.3} ref {:.3} {:.3}",
                    k.t,
                    k.contacts,
                    k.pelvis_y,
                    k.reference_pelvis_y,
                    k.pelvis_gap_m,
                    k.assist_root_n,
                    k.support_share,
                    k.ankles[0].y,
                    k.ankles[1].y,
                    k.reference_ankles[0].y,
                    k.reference_ankles[1].y,
                );
            }
        }
        if args.trace && name == "demo" {
            for k in ticks.iter().step_by(9) {
                let f = |v: posewire_body::glam::DVec3| format!("{:.2} {:.2} {:.2}", v.x, v.y, v.z);
                eprintln!(
                    "t {:.1} contacts {:?} pelvis y {:.2} gap {:.2} assist {:.0} | L sim {} ref {} | R sim {} ref {}",
                    k.t,
                    k.contacts,
                    k.pelvis_y,
                    k.pelvis_gap_m,
                    k.assist_root_n,
                    f(k.ankles[0]),
                    f(k.reference_ankles[0]),
                    f(k.ankles[1]),
                    f(k.reference_ankles[1]),
                );
            }
        }
        println!(
            "| {name} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} | {:.2} | {:.0} | {:.0} | {:.2} | {} | {:.1} / {:.1} | {:.1} / {:.1} | {:.1} / {:.1} | {:.0} / {:.0} | {:.3} / {:.3} |",
            share(&ticks, |k| k.contacts[0]),
            share(&ticks, |k| k.contacts[1]),
            share(&ticks, |k| k.contacts[0] && k.contacts[1]),
            share(&ticks, |k| k.contacts[0] || k.contacts[1]),
            quantile(&ticks, 0.5, |k| k.assist_root_n),
            quantile(&ticks, 0.9, |k| k.assist_root_n),
            quantile(&ticks, 0.5, |k| k.support_share),
            share(&ticks, |k| k.balance_on),
            share(&ticks, |k| k.locomotion_on),
            ticks.iter().map(|k| k.pelvis_y).fold(f64::INFINITY, f64::min),
            ticks
                .iter()
                .any(|k| k.state == posewire_solver::physics::BodyState::Fallen),
            100.0 * quantile(&ticks, 0.5, lower_ankle_up),
            100.0 * quantile(&ticks, 0.9, lower_ankle_up),
            100.0 * quantile(&ticks, 0.5, |k| k.pelvis_gap_m),
            100.0 * quantile(&ticks, 0.9, |k| k.pelvis_gap_m),
            100.0 * quantile(&ticks, 0.5, |k| k.ankle_gap_m),
            100.0 * quantile(&ticks, 0.9, |k| k.ankle_gap_m),
            quantile(&ticks, 0.5, |k| k.assist_root_n_m),
            quantile(&ticks, 0.9, |k| k.assist_root_n_m),
            quantile(&ticks, 0.5, |k| k.reference_pelvis_y),
            quantile(&ticks, 0.1, |k| k.reference_pelvis_y),
        );
    }
    println!();
    println!("The demo's walking phases ({} frames): the reference's ankles within 3 cm of standing height, % of frames:", walking_rows.len());
    println!();
    println!("| lower ankle | left | right | simulated feet down: left / right / one |");
    println!("|---|---|---|---|");
    let near = |y: f64| (y - profile.body.ankle_height).abs() <= 0.03;
    println!(
        "| {:.0} | {:.0} | {:.0} | {:.0} / {:.0} / {:.0} |",
        share(&walking_rows, |k| near(
            k.reference_ankles[0].y.min(k.reference_ankles[1].y)
        )),
        share(&walking_rows, |k| near(k.reference_ankles[0].y)),
        share(&walking_rows, |k| near(k.reference_ankles[1].y)),
        share(&walking_rows, |k| k.contacts[0]),
        share(&walking_rows, |k| k.contacts[1]),
        share(&walking_rows, |k| k.contacts[0] || k.contacts[1]),
    );
    Ok(())
}

/// The ticks of the demo run during the person's walks.
fn walking_phases(profile: &BodyProfile, ticks: &[TrialTick]) -> Vec<TrialTick> {
    let person = DemoPerson::new(&Skeleton::from_profile(profile), 0.0, [0.0; 3]);
    ticks
        .iter()
        .filter(|k| person.walking(k.t))
        .cloned()
        .collect()
}
