//! `posewire eval`: runs the evaluation protocol on every clip and every
//! (device set, condition) setting, clips in parallel, then prints the
//! tables (see [`crate::eval_report`]) and optionally writes JSON.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use posewire_body::bvh::Bvh;
use posewire_body::formats::TrackerTake;
use posewire_body::{BodyProfile, DeviceSet};
use posewire_evaluation::protocol::clip_name;
use posewire_evaluation::{
    evaluate_bvh_with, project_solver, Condition, Proportions, SettingReport, SynthExtras,
};
use posewire_solver::learned::Net;
use posewire_solver::{SolveOptions, SolvedTake};
use rayon::prelude::*;

use crate::cli_choices::{ConditionArg, DeviceCount};
use crate::eval_report::{ClipOutcome, EvalReport, Failure, Setting};
use crate::solver_choice::SolverChoiceArgs;
use crate::synth_cmd::condition;

/// `posewire eval`.
#[derive(Debug, Args)]
pub struct EvalArgs {
    /// A BVH clip, or a folder whose *.bvh clips are all evaluated (in name
    /// order).
    #[arg(long, value_name = "DIR_OR_FILE")]
    pub bvh: PathBuf,
    /// The training corpus (a clip or a folder, e.g.
    /// ../shared/data/mocap-train), evaluated the same way and reported
    /// beside `--bvh`, the validation set: settings are chosen on the
    /// first and checked on the second.
    #[arg(long, value_name = "DIR_OR_FILE")]
    pub train: Option<PathBuf>,
    /// Device sets to evaluate, comma separated.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "3,4,6"
    )]
    pub devices: Vec<DeviceCount>,
    /// Conditions to evaluate, comma separated.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "clean,noisy"
    )]
    pub condition: Vec<ConditionArg>,
    /// The solver evaluated: settings file, flags, look-at chain.
    #[command(flatten)]
    pub choice: SolverChoiceArgs,
    /// Seed of the random draws; each clip derives its own from it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Also write every number (per clip, per setting, means) as JSON here.
    #[arg(long, value_name = "OUT.json")]
    pub json: Option<PathBuf>,
    /// How many clips to run at once (default: one per available core).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Cross-validate over the training corpus (needs `--train`):
    /// `subjects` = leave-one-subject-out folds (the subject from the clip
    /// name, `cmu_<subject>_...`).
    #[arg(long, value_name = "BY", requires = "train")]
    pub cv: Option<CvArg>,
    /// Other settings files the folds choose among (each fold picks the
    /// candidate best on the other subjects); the first candidate is
    /// `--settings` (or the built-in defaults). Comma separated.
    #[arg(
        long,
        value_name = "SETTINGS.toml",
        value_delimiter = ',',
        requires = "cv"
    )]
    pub cv_candidates: Vec<PathBuf>,
    /// With `--cv`: only candidates whose jitter over GT on a fold's fit
    /// subjects is at most this are chosen (the least jittery when none is).
    #[arg(long, value_name = "RATIO", requires = "cv")]
    pub cv_max_jitter: Option<f64>,
    /// With `--cv`: score each held-out subject with learned networks
    /// trained on the fold's other subjects only (`posewire train`'s
    /// recipe), cached in DIR/<held-out subject>/<net>.bin with a manifest
    /// (reused while the clips and the recipe are unchanged). The report
    /// gives both: the folds with the shipped networks and with these.
    #[arg(long, value_name = "DIR", requires = "cv")]
    pub retrain: Option<PathBuf>,
    /// The networks `--retrain` trains per fold (the others stay the
    /// shipped ones, or `--weights`).
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        default_value = "pelvis,legs,arms,knees",
        value_parser = parse_net,
        requires = "retrain"
    )]
    pub retrain_nets: Vec<Net>,
    /// `posewire train`'s options for `--retrain` (its defaults when
    /// absent), e.g. "--early-stop subject --input-noise 0.3".
    #[arg(
        long,
        value_name = "OPTIONS",
        requires = "retrain",
        allow_hyphen_values = true
    )]
    pub retrain_recipe: Option<String>,
    /// Keep every Nth frame of each clip (4: a 120 fps clip becomes a 30
    /// fps capture, then resampled to the 90 Hz devices as any clip).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=60))]
    pub decimate: u16,
    /// Synthesise every clip on a body of other proportions (joint angles
    /// kept, segments rescaled, re-grounded), e.g. `trunk-leg=0.85` or
    /// `trunk-leg=1.15,ankle=1.2,shoulders=0.9,hips=1.1,arms=1.05`.
    #[arg(long, value_name = "NAME=FACTOR,...")]
    pub proportions: Option<Proportions>,
    /// Add the optional `hands_on_hips` pose to every calibration take
    /// (after the three required ones), as a person asked for it would.
    #[arg(long)]
    pub hands_on_hips: bool,
    /// Calibrate without the symmetric arms (the hand offsets along the
    /// forearm and across the palm left nominal, as before issue 43).
    #[arg(long)]
    pub no_symmetric_arms: bool,
    /// Calibrate with the symmetric arms taken about a perfectly
    /// symmetric body (as before the right forearm was assumed a little
    /// longer and the shoulders a little off the midline).
    #[arg(long)]
    pub no_body_asymmetry: bool,
    /// Calibrate with the pelvis offset's height left nominal (as before
    /// the pelvis joint was put at the hip height the legs are sized from).
    #[arg(long)]
    pub no_pelvis_height_prior: bool,
    /// Calibrate with the foot offsets left nominal (as before the ankles
    /// were put right under the hips).
    #[arg(long)]
    pub no_feet_under_hips: bool,
}

/// A network's name on the command line.
fn parse_net(name: &str) -> Result<Net, String> {
    Net::from_name(name).ok_or_else(|| format!("no network {name:?} (pelvis, legs, arms or knees)"))
}

/// How `--cv` splits the training corpus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CvArg {
    /// Leave one subject out.
    Subjects,
}

/// The BVH clips named by `--bvh`: the file itself, or every `*.bvh` in the
/// folder, sorted by name.
pub fn find_clips(path: &Path) -> anyhow::Result<Vec<PathBuf>> {
    if !path.is_dir() {
        anyhow::ensure!(path.is_file(), "{}: no such file or folder", path.display());
        return Ok(vec![path.to_path_buf()]);
    }
    let clips = posewire_evaluation::protocol::bvh_clips(path)
        .with_context(|| format!("cannot list the folder {}", path.display()))?;
    anyhow::ensure!(
        !clips.is_empty(),
        "{}: no *.bvh clip in this folder",
        path.display()
    );
    Ok(clips)
}

/// Every (devices, condition) pair asked for, devices first, in the order
/// given, without repeats.
pub fn settings(devices: &[DeviceCount], conditions: &[ConditionArg]) -> Vec<Setting> {
    let mut out: Vec<Setting> = Vec::new();
    for &d in devices {
        for &c in conditions {
            let s = Setting {
                devices: d.count(),
                condition: condition(c),
            };
            if !out.contains(&s) {
                out.push(s);
            }
        }
    }
    out
}

/// Runs `posewire eval`.
pub fn run(args: &EvalArgs) -> anyhow::Result<()> {
    let validation_clips = find_clips(&args.bvh)?;
    let train_clips = args.train.as_deref().map(find_clips).transpose()?;
    let settings = settings(&args.devices, &args.condition);
    anyhow::ensure!(
        !settings.is_empty(),
        "no device set or condition to evaluate"
    );
    let mut resolved: Vec<(Setting, DeviceSet, Condition)> = Vec::new();
    for s in &settings {
        let devices = DeviceSet::standard(s.devices)
            .with_context(|| format!("no standard set of {} devices", s.devices))?;
        resolved.push((*s, devices, s.condition));
    }
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let mut candidates = vec![(
        args.choice
            .settings
            .as_ref()
            .map_or("defaults".to_string(), |p| p.display().to_string()),
        args.choice.options()?,
    )];
    for file in &args.cv_candidates {
        candidates.push((
            file.display().to_string(),
            args.choice.options_with(Some(file))?,
        ));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context("cannot start the worker threads")?;
    let run = Run {
        settings: &settings,
        resolved: &resolved,
        seed: args.seed,
        decimate: usize::from(args.decimate),
        proportions: args.proportions.unwrap_or_default(),
        extras: SynthExtras {
            hands_on_hips: args.hands_on_hips,
            calibration: posewire_calibration::CalibrationOptions {
                symmetric_arms: !args.no_symmetric_arms,
                pelvis_height_prior: !args.no_pelvis_height_prior,
                feet_under_hips: !args.no_feet_under_hips,
                asymmetry: if args.no_body_asymmetry {
                    posewire_calibration::BodyAsymmetry::default()
                } else {
                    posewire_calibration::CalibrationOptions::default().asymmetry
                },
                ..Default::default()
            },
        },
        jobs,
        pool: &pool,
    };
    let mut reports = Vec::new();
    for (name, options) in candidates {
        tracing::info!(candidate = %name, "evaluating a candidate");
        let train = train_clips
            .as_deref()
            .map(|c| run.set(c, "train", &options));
        let mut report = run.set(&validation_clips, "validation", &options);
        report.train = train.map(Box::new);
        reports.push(Evaluated {
            name,
            options,
            report,
        });
    }
    let criterion = crate::eval_cv::Criterion {
        max_jitter_ratio: args.cv_max_jitter,
    };
    let cv = match args.cv {
        Some(CvArg::Subjects) => Some(cross_validate_reports(&reports, &[], criterion)?),
        None => None,
    };
    let cv_retrained = match (&args.retrain, &train_clips) {
        (Some(dir), Some(clips)) => {
            let retrain = crate::eval_retrain::Retrain {
                dir,
                nets: &args.retrain_nets,
                jobs,
                recipe: match &args.retrain_recipe {
                    Some(text) => crate::eval_retrain::parse_recipe(text)?,
                    None => crate::train_cmd::default_recipe(),
                },
            };
            Some(retrained_cv(&run, &retrain, clips, &reports, criterion)?)
        }
        _ => None,
    };
    let mut report = reports.swap_remove(0).report;
    report.cv = cv;
    report.cv_retrained = cv_retrained;

    // A closed stdout is reported after the JSON is written, not instead.
    let printed = crate::print_stdout(&report.all_tables());
    if let Some(json) = &args.json {
        let text =
            serde_json::to_string_pretty(&report).context("cannot encode the report as JSON")?;
        crate::create_parent(json)?;
        posewire_body::atomic_file::write_atomic(json, (text + "\n").as_bytes())
            .with_context(|| format!("cannot write the JSON report {}", json.display()))?;
        tracing::info!(json = %json.display(), "wrote every number as JSON");
    }
    printed?;
    check_outcome(&report)?;
    if let Some(train) = &report.train {
        check_outcome(train).context("on the training corpus")?;
    }
    Ok(())
}

/// What every set of one `posewire eval` shares.
struct Run<'a> {
    settings: &'a [Setting],
    resolved: &'a [(Setting, DeviceSet, Condition)],
    seed: u64,
    decimate: usize,
    proportions: Proportions,
    extras: SynthExtras,
    jobs: usize,
    pool: &'a rayon::ThreadPool,
}

impl Run<'_> {
    /// Evaluates one set of clips with one solver choice.
    fn set(&self, clips: &[PathBuf], set: &str, options: &SolveOptions) -> EvalReport {
        let (solver_name, trunk_name) = (options.solver.name(), options.ik.trunk.name());
        tracing::info!(
            set,
            clips = clips.len(),
            settings = self.settings.len(),
            jobs = self.jobs,
            solver = %solver_name,
            seed = self.seed,
            "evaluating"
        );
        let solve = project_solver(options.clone());
        let outcomes = evaluate_set(clips, self, &solve);
        let mut report = EvalReport::new(
            solver_name,
            trunk_name,
            self.seed,
            self.settings.to_vec(),
            outcomes,
        );
        report.decimate = self.decimate;
        report.proportions = self.proportions;
        report.hands_on_hips = self.extras.hands_on_hips;
        report
    }
}

/// One candidate evaluated: its name, options and reports.
struct Evaluated {
    name: String,
    options: SolveOptions,
    report: EvalReport,
}

/// The folds over every candidate's training and validation reports;
/// with `held_out` (one per candidate), each held-out subject is scored
/// there instead.
fn cross_validate_reports(
    reports: &[Evaluated],
    held_out: &[EvalReport],
    criterion: crate::eval_cv::Criterion,
) -> anyhow::Result<crate::eval_cv::CvReport> {
    let mut candidates = Vec::new();
    for (k, e) in reports.iter().enumerate() {
        let train = e
            .report
            .train
            .as_deref()
            .context("--cv needs the training corpus (--train)")?;
        candidates.push(crate::eval_cv::Candidate {
            name: e.name.clone(),
            train,
            validation: &e.report,
            held_out: held_out.get(k),
        });
    }
    crate::eval_cv::cross_validate(&candidates, criterion)
        .map_err(|e| anyhow::anyhow!("--cv subjects: {e}"))
}

/// The folds with each held-out subject scored by networks trained without
/// it (`--retrain`): per fold, the networks are trained (or read from the
/// cache), then every candidate solves the held-out subject's clips with
/// them.
fn retrained_cv(
    run: &Run<'_>,
    retrain: &crate::eval_retrain::Retrain<'_>,
    train_clips: &[PathBuf],
    reports: &[Evaluated],
    criterion: crate::eval_cv::Criterion,
) -> anyhow::Result<crate::eval_cv::CvReport> {
    let names: Vec<String> = train_clips.iter().map(|c| clip_name(c)).collect();
    let folds = crate::eval_cv::subject_folds(names.iter().map(String::as_str))
        .map_err(|e| anyhow::anyhow!("--cv subjects: {e}"))?;
    let mut outcomes: Vec<Vec<ClipOutcome>> = reports.iter().map(|_| Vec::new()).collect();
    let mut weights = Vec::new();
    for fold in &folds {
        let held: Vec<PathBuf> = train_clips
            .iter()
            .filter(|c| crate::eval_cv::subject_of(&clip_name(c)) == Some(fold.held_out.as_str()))
            .cloned()
            .collect();
        let mut used = None;
        for (k, e) in reports.iter().enumerate() {
            let (models, fold_weights) =
                retrain.fold_models(fold, train_clips, &e.options.models)?;
            let options = SolveOptions {
                models,
                ..e.options.clone()
            };
            tracing::info!(fold = %fold.held_out, clips = held.len(), candidate = %e.name, "scoring the held-out subject with the fold's networks");
            outcomes[k].extend(run.set(&held, "train", &options).clips);
            used.get_or_insert(fold_weights);
        }
        weights.extend(used);
    }
    let held_out: Vec<EvalReport> = reports
        .iter()
        .zip(outcomes)
        .map(|(e, clips)| {
            let mut r = EvalReport::new(
                e.options.solver.name(),
                e.options.ik.trunk.name(),
                run.seed,
                run.settings.to_vec(),
                clips,
            );
            r.decimate = run.decimate;
            r.proportions = run.proportions;
            r.hands_on_hips = run.extras.hands_on_hips;
            r
        })
        .collect();
    for r in &held_out {
        check_outcome(r).context("on the held-out subjects with retrained networks")?;
    }
    let mut cv = cross_validate_reports(reports, &held_out, criterion)?;
    cv.weights = weights;
    Ok(cv)
}

/// Evaluates every clip of one set, clips in parallel on `pool`.
fn evaluate_set(clips: &[PathBuf], run: &Run<'_>, solve: &SolveFn) -> Vec<ClipOutcome> {
    let progress = progress_bar((clips.len() * run.resolved.len()) as u64);
    let outcomes = run.pool.install(|| {
        clips
            .par_iter()
            .map(|path| {
                let outcome = evaluate_one(path, run, solve, &progress);
                progress.suspend(|| log_outcome(&outcome));
                outcome
            })
            .collect()
    });
    progress.finish_and_clear();
    outcomes
}

/// Fails on any clip that could not be evaluated and on any solve that
/// looked ahead in time (the tables leave the first out; the second is
/// broken whatever its errors).
fn check_outcome(report: &EvalReport) -> anyhow::Result<()> {
    let failures: Vec<&Failure> = report.failures().collect();
    if !failures.is_empty() {
        let list: Vec<String> = failures
            .iter()
            .map(|f| format!("  {}: {}", f.clip, f.error))
            .collect();
        anyhow::bail!(
            "{} evaluation(s) failed (the tables above leave them out):\n{}",
            failures.len(),
            list.join("\n")
        );
    }
    let acausal: Vec<String> = report.causality_failures().collect();
    if !acausal.is_empty() {
        anyhow::bail!(
            "the causality check failed for {} solve(s): {}",
            acausal.len(),
            acausal.join(", ")
        );
    }
    Ok(())
}

/// A progress bar on stderr, hidden when stderr is not a terminal.
fn progress_bar(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} clip-settings (eta {eta}) {msg}",
    ) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// A solver as the evaluation protocol calls it.
type SolveFn = dyn Fn(&BodyProfile, &TrackerTake) -> Result<SolvedTake, String> + Sync;

/// Evaluates one clip under every setting; a failing setting is recorded
/// and the others still run.
fn evaluate_one(
    path: &Path,
    run: &Run<'_>,
    solve: &SolveFn,
    progress: &ProgressBar,
) -> ClipOutcome {
    let (settings, seed) = (run.resolved, run.seed);
    let clip = clip_name(path);
    let mut outcome = ClipOutcome {
        clip: clip.clone(),
        path: path.display().to_string(),
        duration_s: f64::NAN,
        settings: Vec::new(),
        failures: Vec::new(),
    };
    progress.set_message(clip.clone());
    let bvh = match Bvh::read(path).map_err(|e| e.to_string()).and_then(|bvh| {
        let bvh = decimated(bvh, run.decimate);
        if run.proportions.is_identity() {
            return Ok(bvh);
        }
        run.proportions.apply(&bvh).map_err(|e| e.to_string())
    }) {
        Ok(bvh) => bvh,
        Err(e) => {
            outcome.failures.push(Failure {
                clip,
                setting: None,
                error: e,
            });
            progress.inc(settings.len() as u64);
            return outcome;
        }
    };
    outcome.duration_s = bvh.frame_count().saturating_sub(1) as f64 * bvh.frame_time;
    for (setting, devices, condition) in settings {
        let result = evaluate_bvh_with(
            &bvh,
            &clip,
            &[(*devices, *condition)],
            seed,
            &run.extras,
            solve,
        );
        match result {
            Ok(mut report) => {
                if let Some(s) = report.settings.pop() {
                    outcome.settings.push(s);
                }
            }
            Err(e) => outcome.failures.push(Failure {
                clip: clip.clone(),
                setting: Some(*setting),
                error: e.to_string(),
            }),
        }
        progress.inc(1);
    }
    outcome
}

/// The clip with every `n`th frame kept (the first one included) and its
/// frame time `n` times longer: the same motion captured at a lower rate.
pub fn decimated(mut bvh: Bvh, n: usize) -> Bvh {
    if n > 1 {
        bvh.frames = bvh.frames.into_iter().step_by(n).collect();
        bvh.frame_time *= n as f64;
    }
    bvh
}

/// One log line per finished clip.
fn log_outcome(outcome: &ClipOutcome) {
    let mpjpe: Vec<String> = outcome
        .settings
        .iter()
        .map(|s: &SettingReport| {
            format!(
                "{} {} {:.2} cm",
                s.devices,
                s.condition.name(),
                s.metrics.mpjpe_cm
            )
        })
        .collect();
    if outcome.failures.is_empty() {
        tracing::info!(clip = %outcome.clip, "done: MPJPE {}", mpjpe.join(", "));
    } else {
        for f in &outcome.failures {
            tracing::error!(clip = %outcome.clip, "failed: {}", f.error);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_devices_major_without_repeats() {
        let s = settings(
            &[DeviceCount::Six, DeviceCount::Three, DeviceCount::Six],
            &[ConditionArg::Clean, ConditionArg::Noisy],
        );
        let names: Vec<String> = s.iter().map(Setting::label).collect();
        assert_eq!(names, ["6 clean", "6 noisy", "3 clean", "3 noisy"]);
    }

    #[test]
    fn the_retrain_recipe_may_start_with_a_flag() {
        #[derive(clap::Parser)]
        struct Cli {
            #[command(flatten)]
            args: EvalArgs,
        }
        let cli = <Cli as clap::Parser>::try_parse_from([
            "eval",
            "--bvh",
            "v",
            "--train",
            "t",
            "--cv",
            "subjects",
            "--retrain",
            "dir",
            "--retrain-recipe",
            "--early-stop subject --hidden 32,32",
        ])
        .expect("parses");
        assert_eq!(
            cli.args.retrain_recipe.as_deref(),
            Some("--early-stop subject --hidden 32,32")
        );
    }

    #[test]
    fn a_folder_gives_its_bvh_files_sorted() {
        let dir = tempfile::tempdir().expect("temp dir");
        for name in ["b.bvh", "a.BVH", "notes.txt"] {
            std::fs::write(dir.path().join(name), "x").expect("write");
        }
        let clips = find_clips(dir.path()).expect("clips");
        let names: Vec<String> = clips.iter().map(|p| clip_name(p)).collect();
        assert_eq!(names, ["a", "b"]);
        assert!(find_clips(&dir.path().join("missing")).is_err());
        let empty = tempfile::tempdir().expect("temp dir");
        let err = find_clips(empty.path()).expect_err("no clips");
        assert!(err.to_string().contains("no *.bvh"), "{err}");
    }
}
