//! Searches the SIMBICON legs' gains (`[solver.physics.simbicon_legs]` and
//! its `.gains`) with a separable CMA-ES over the live tick: each candidate
//! is scored by `posewire_tools::simbicon_objective` (quiet standing and
//! 20 / 40 / 60 N s chest pushes from four sides at 1.60 and 1.90 m); the
//! best is checked on the held-out set (1.75 m, pushed at 3.1 s). Progress
//! goes to `OUT/simbicon-search.log` and the best so far to
//! `OUT/simbicon-best.toml` after every generation, so a stopped search
//! still gives its best.
//!
//! `cargo run --release -p posewire-tools --bin simbicon_search -- --out DIR [--generations 12 --settings FILE]`
//! `cargo run --release -p posewire-tools --bin simbicon_search -- --evaluate --settings FILE`

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::Context;
use posewire_solver::physics::{PhysicsSettings, WorldSettings};
use posewire_tools::sep_cma::SepCma;
use posewire_tools::simbicon_objective::{
    held_out_set, score, search_set, settings_toml, with_vector, Case, CaseScore, KNOBS,
};

/// Search bounds of each knob's log factor (e^1.5: 4.5 times either way).
const BOUND: f64 = 1.5;

#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// Only score the settings on the search and held-out sets, per case.
    #[arg(long)]
    evaluate: bool,
    /// Generations to run.
    #[arg(long, default_value_t = 12)]
    generations: usize,
    /// Initial step size of the log factors.
    #[arg(long, default_value_t = 0.3)]
    sigma: f64,
    /// The search's seed.
    #[arg(long, default_value_t = 41)]
    seed: u64,
    /// Where the progress log and the best settings go.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    #[command(flatten)]
    settings: posewire_tools::solver_file::SolverFile,
}

fn secs(v: Option<f64>) -> String {
    v.map_or("-".to_string(), |s| format!("{s:.1}"))
}

fn print_cases(title: &str, cases: &[Case], scores: &[CaseScore], mean: f64) {
    println!("{title}: mean penalty {mean:.3}");
    println!(
        "| case | penalty | fell | both feet % | steps | slide cm | back (5 cm) s | final gap cm |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for (c, s) in cases.iter().zip(scores) {
        println!(
            "| {} | {:.2} | {} | {:.0} | {} | {:.1} | {} | {:.1} |",
            c.name(),
            s.penalty,
            if s.fell { "yes" } else { "no" },
            100.0 * s.both_feet,
            s.steps,
            100.0 * s.slide_m,
            secs(s.back_after_s),
            100.0 * s.final_gap_m,
        );
    }
    let falls = scores.iter().filter(|s| s.fell).count();
    let back = scores.iter().filter(|s| s.back_after_s.is_some()).count();
    println!(
        "falls {falls} of {}, back {back} of {}",
        scores.len(),
        scores.len()
    );
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let base: PhysicsSettings = args.settings.physics()?;
    let world: WorldSettings = args.settings.load()?.world;
    let (search, held) = (search_set(), held_out_set());
    if args.evaluate {
        let (m, s) = score(world, base, &search);
        print_cases("search set", &search, &s, m);
        let (m, s) = score(world, base, &held);
        print_cases("held-out set", &held, &s, m);
        return Ok(());
    }
    let out = args
        .out
        .context("--out DIR is needed for a search (the log and the best settings)")?;
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
    let log_path = out.join("simbicon-search.log");
    let mut log = std::fs::File::create(&log_path)
        .with_context(|| format!("creating {}", log_path.display()))?;
    let started = Instant::now();
    let evaluate = |x: &[f64]| {
        let settings = PhysicsSettings {
            simbicon_legs: with_vector(base.simbicon_legs, x),
            ..base
        };
        score(world, settings, &search).0
    };
    let start = vec![0.0; KNOBS.len()];
    let start_score = evaluate(&start);
    let mut best = (start.clone(), start_score);
    writeln!(
        log,
        "start score {start_score:.4} ({:.0} s)",
        started.elapsed().as_secs_f64()
    )?;
    let mut cma = SepCma::new(start, args.sigma, args.seed);
    for generation in 0..args.generations {
        let candidates: Vec<Vec<f64>> = cma
            .ask()
            .into_iter()
            .map(|x| x.into_iter().map(|v| v.clamp(-BOUND, BOUND)).collect())
            .collect();
        let scores: Vec<f64> = candidates.iter().map(|x| evaluate(x)).collect();
        for (x, f) in candidates.iter().zip(&scores) {
            if *f < best.1 {
                best = (x.clone(), *f);
            }
        }
        cma.tell(&candidates, &scores);
        let mut sorted = scores.clone();
        sorted.sort_by(f64::total_cmp);
        writeln!(
            log,
            "generation {generation}: best {:.4} median {:.4}, best so far {:.4}, sigma {:.3} ({:.0} s)",
            sorted[0],
            sorted[sorted.len() / 2],
            best.1,
            cma.sigma,
            started.elapsed().as_secs_f64()
        )?;
        let legs = with_vector(base.simbicon_legs, &best.0);
        let text = format!(
            "# simbicon_search: search-set score {:.4} (start {start_score:.4}), generation {generation}\n{}",
            best.1,
            settings_toml(&legs)
        );
        std::fs::write(out.join("simbicon-best.toml"), text)?;
        log.flush()?;
    }
    let legs = with_vector(base.simbicon_legs, &best.0);
    println!("{}", settings_toml(&legs));
    let best_settings = PhysicsSettings {
        simbicon_legs: legs,
        ..base
    };
    let (m, s) = score(world, best_settings, &search);
    print_cases("search set (best)", &search, &s, m);
    let (m, s) = score(world, best_settings, &held);
    print_cases("held-out set (best)", &held, &s, m);
    Ok(())
}
