//! `posewire train pelvis|legs|arms|knees`: trains a learned component (the
//! pelvis of a body without a pelvis tracker, the feet of one without foot
//! devices, the shoulders and elbows, the knees over foot devices) on the training corpus (never the validation set) and writes its weights
//! (`solver/weights/*.bin`, embedded in the solver at build time).

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::{Args, Subcommand};
use posewire_body::bvh::Bvh;
use posewire_evaluation::learned_data::{clip_samples, Component, DataOptions, LearnedData};
use posewire_evaluation::mlp_ensemble::mean_network;
use posewire_evaluation::mlp_train::{predict, train, Rows, TrainOptions};
use posewire_evaluation::protocol::{bvh_clips, clip_name, is_prop_clip};
use posewire_evaluation::still_standing::standing_frame;
use posewire_solver::learned::LearnedModels;
use posewire_solver::SolverSettings;

use crate::train_split::{held_out_mask, EarlyStop};

/// `posewire train`.
#[derive(Debug, Args)]
pub struct TrainArgs {
    /// What to train.
    #[command(subcommand)]
    pub what: TrainWhat,
}

/// The learned components.
#[derive(Debug, Subcommand)]
pub enum TrainWhat {
    /// The pelvis of a body with 3 devices (head and hands): a small MLP
    /// from the head and hand bone targets (now and up to 1 s back) to the
    /// pelvis's position and axes relative to the head. Data: every no-prop
    /// clip of --bvh, synthesised as the evaluation does (random offsets,
    /// mounts, noise, dropouts) per seed and condition at a random body
    /// size (0.85-1.15), mirrored too; every 7th clip (by name, from the
    /// 4th) is held out for early stopping (`--early-stop subject`: one
    /// subject's clips). Deterministic.
    Pelvis(LearnArgs),
    /// The feet of a body without foot devices (3 and 4 devices): a small
    /// MLP from the pelvis as the solver placed it, the head and the wrists
    /// (now and up to 1 s back) to both ankles and feet's headings relative
    /// to the pelvis. Data as for the pelvis, with 3 and 4 devices.
    Legs(LearnArgs),
    /// The shoulders and elbows of a body with both hands tracked (3, 4
    /// and 6 devices): a small MLP from the pelvis (as the solver placed
    /// it), the head and both hands (positions and axes) to both shoulders
    /// and elbows relative to the pelvis. Data as for `pelvis`, with 3, 4
    /// and 6 devices.
    Arms(LearnArgs),
    /// The knees of a body with both feet tracked (6 devices): a small MLP
    /// from the pelvis and both feet (positions and axes) to both knees
    /// relative to the pelvis. Data as for `pelvis`, with 6 devices.
    Knees(LearnArgs),
    /// Writes one network giving the mean of the given weights files'
    /// outputs (an ensemble of networks trained on the same data with
    /// different seeds; `--seed 7,8` does this in one run).
    Mean(MeanArgs),
}

/// `posewire train mean`.
#[derive(Debug, Clone, Args)]
pub struct MeanArgs {
    /// The members' weights files (same data, same shape).
    #[arg(required = true)]
    pub members: Vec<PathBuf>,
    /// Where to write the ensemble.
    #[arg(long)]
    pub out: PathBuf,
}

/// `posewire train pelvis|legs|arms|knees`: the recipe.
#[derive(Debug, Clone, Args)]
pub struct LearnArgs {
    /// The training corpus (a folder of BVH clips). Never the validation
    /// set.
    #[arg(long, default_value = "../shared/data/mocap-train")]
    pub bvh: PathBuf,
    /// Where to write the weights [default: solver/weights/pelvis.bin or
    /// legs.bin].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Synthesis seeds (one take per seed and condition).
    #[arg(long, value_delimiter = ',', default_value = "101,102,103")]
    pub seeds: Vec<u64>,
    /// Keep every Nth solver tick (90 Hz) as a sample.
    #[arg(long, default_value_t = 3)]
    pub stride: usize,
    /// Hidden layer sizes [default: 64,64].
    #[arg(long, value_delimiter = ',')]
    pub hidden: Option<Vec<usize>>,
    /// Most epochs.
    #[arg(long, default_value_t = 40)]
    pub epochs: usize,
    /// Peak learning rate (cosine schedule).
    #[arg(long, default_value_t = 2e-3)]
    pub learning_rate: f32,
    /// AdamW weight decay [default: 1e-4 for the pelvis, 1e-3 for the
    /// legs].
    #[arg(long)]
    pub weight_decay: Option<f32>,
    /// Seed of the initial weights and shuffles; several (`7,8`): one
    /// network per seed on the same data, written as one network giving
    /// their mean (an ensemble, `mlp_ensemble`).
    #[arg(long, value_delimiter = ',', default_value = "7")]
    pub seed: Vec<u64>,
    /// Gaussian noise on the standardised inputs while training [default:
    /// 0.1 for the pelvis (chosen on the held-out training clips: 0 gave
    /// 9.24 cm, 0.1 9.03, 0.3 9.33, 0.6 9.86), 0.3 for the legs (ankles
    /// 17.73 cm with 96-96, 0.1, 1e-4; 17.30 with 64-64, 0.3, 1e-3)].
    #[arg(long)]
    pub input_noise: Option<f32>,
    /// Clips synthesised in parallel (the training itself runs on one
    /// thread).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// A file caching the synthesised data (read if present, else
    /// written): for trying training options without synthesising again.
    #[arg(long)]
    pub data_cache: Option<PathBuf>,
    /// The networks of the solver the data is synthesised with, instead of
    /// the embedded ones, e.g. `pelvis=fold/pelvis.bin` (the legs and arms
    /// read the pelvis the solver placed).
    #[arg(long, value_name = "NET=FILE,...", value_delimiter = ',')]
    pub weights: Vec<String>,
    /// The settings of the solver the data is synthesised with (a
    /// `[solver]` table, as `posewire eval --settings`; its physics
    /// avatar's reference runs): a network trained for settings that change
    /// its inputs, e.g. `[solver.ik] heading_hold_learned_frame`. Default:
    /// the built-in settings.
    #[arg(long, value_name = "SETTINGS.toml")]
    pub settings: Option<PathBuf>,
    /// The clips held out for early stopping: `clips` (every 7th clip
    /// from the 4th, the trained subjects' other clips) or `subject` (every
    /// clip of one subject, the one whose clip count is nearest a seventh
    /// of the clips: the epoch kept is the best on a person never seen).
    #[arg(long, value_enum, default_value_t = EarlyStop::Clips)]
    pub early_stop: EarlyStop,
    /// Seconds of each clip's still standing take per synthesis (its most
    /// upright frame with both feet down, held still, the head device read
    /// at the calibrated height or 2-8 cm below it and the devices a few
    /// centimetres off along the floor; `still_standing`). 0: none. Off by
    /// default: 1 s (about a tenth of the data) cost the pelvis and legs
    /// 0.4 cm of validation MPJPE at 3 devices and did not make a still
    /// standing person's reference upright (docs/notes/cross-validation.md).
    #[arg(long, value_name = "SECONDS", default_value_t = 0.0)]
    pub still_standing_s: f64,
    /// Bodies of other proportions: per clip and seed every segment ratio
    /// (trunk/leg, ankle height, shoulder and hip width, arm length) drawn
    /// uniform in `1 +- this`, on top of the uniform body size
    /// (`Proportions::drawn`). 0, the default: the corpus's own
    /// proportions, uniformly scaled only.
    #[arg(long, value_name = "FRACTION", default_value_t = 0.0)]
    pub proportions_spread: f64,
    /// Also write a manifest beside the weights (`<out>.json`: the recipe,
    /// the clips, the solver's other networks), the one `posewire eval
    /// --retrain` checks before reusing cached weights.
    #[arg(long)]
    pub manifest: bool,
}

/// Runs `posewire train`.
pub fn run(args: &TrainArgs) -> anyhow::Result<()> {
    match &args.what {
        TrainWhat::Pelvis(a) => run_component(Component::Pelvis, a),
        TrainWhat::Legs(a) => run_component(Component::Legs, a),
        TrainWhat::Arms(a) => run_component(Component::Arms, a),
        TrainWhat::Knees(a) => run_component(Component::Knees, a),
        TrainWhat::Mean(a) => run_mean(a),
    }
}

/// Runs `posewire train mean`.
fn run_mean(args: &MeanArgs) -> anyhow::Result<()> {
    let members = args
        .members
        .iter()
        .map(|p| {
            let bytes = std::fs::read(p).with_context(|| format!("cannot read {}", p.display()))?;
            posewire_solver::learned::Mlp::from_bytes(&bytes)
                .with_context(|| format!("{} is not a weights file", p.display()))?
                .with_context(|| format!("{} is empty (no network)", p.display()))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mean = mean_network(&members).context("cannot average these networks")?;
    write_weights(&args.out, &mean)?;
    println!(
        "mean of {} networks -> {} ({} bytes)",
        members.len(),
        args.out.display(),
        mean.to_bytes().len()
    );
    Ok(())
}

/// A component's defaults.
struct Defaults {
    out: &'static str,
    hidden: Vec<usize>,
    weight_decay: f32,
    input_noise: f32,
}

/// The defaults of `component` (chosen on the training corpus's held-out
/// clips).
fn defaults(component: Component) -> Defaults {
    match component {
        Component::Pelvis => Defaults {
            out: "solver/weights/pelvis.bin",
            hidden: vec![64, 64],
            weight_decay: 1e-4,
            input_noise: 0.1,
        },
        Component::Legs => Defaults {
            out: "solver/weights/legs.bin",
            hidden: vec![64, 64],
            weight_decay: 1e-3,
            input_noise: 0.3,
        },
        Component::Arms => Defaults {
            out: "solver/weights/arms.bin",
            hidden: vec![64, 64],
            weight_decay: 1e-4,
            input_noise: 0.05,
        },
        Component::Knees => Defaults {
            out: "solver/weights/knees.bin",
            hidden: vec![64, 64],
            weight_decay: 1e-4,
            input_noise: 0.05,
        },
    }
}

/// The training and held-out data (cached or synthesised).
fn learned_data(
    component: Component,
    args: &LearnArgs,
    models: &LearnedModels,
) -> anyhow::Result<[LearnedData; 2]> {
    if let Some(cache) = args.data_cache.as_ref().filter(|c| c.is_file()) {
        eprintln!("data from {}", cache.display());
        return read_cache(cache, component);
    }
    let clips =
        bvh_clips(&args.bvh).with_context(|| format!("cannot list {}", args.bvh.display()))?;
    let sets = synthesised_sets(component, &clips, args, models)?;
    if let Some(cache) = &args.data_cache {
        write_cache(cache, &sets)?;
    }
    Ok(sets)
}

/// The training and held-out data of the no-prop clips among `clips` (in
/// name order; the early-stopping clips by `--early-stop`), synthesised
/// with a solver running `models`.
fn synthesised_sets(
    component: Component,
    clips: &[PathBuf],
    args: &LearnArgs,
    models: &LearnedModels,
) -> anyhow::Result<[LearnedData; 2]> {
    let mut clips = clips.to_vec();
    clips.sort();
    clips.retain(|c| !is_prop_clip(&clip_name(c)));
    anyhow::ensure!(
        !clips.is_empty(),
        "no no-prop BVH clips in {}",
        args.bvh.display()
    );
    let still_standing_s = still_standing_s(args)?;
    let options = DataOptions {
        proportions_spread: proportions_spread(args)?,
        seeds: args.seeds.clone(),
        stride: args.stride,
        models: models.clone(),
        still_standing_s,
        settings: data_settings(args)?,
        ..DataOptions::new(component)
    };
    let names: Vec<String> = clips.iter().map(|c| clip_name(c)).collect();
    let held_out = held_out_mask(&names, args.early_stop)?;
    let per_clip = synthesise(&clips, &options, args.jobs)?;
    let mut sets = [LearnedData::default(), LearnedData::default()];
    for (data, held) in per_clip.into_iter().zip(held_out) {
        sets[usize::from(held)].extend(data);
    }
    Ok(sets)
}

/// The seconds of still standing data of `args`, refused when not a
/// finite number of seconds from 0 to 10.
pub fn still_standing_s(args: &LearnArgs) -> anyhow::Result<f64> {
    let s = args.still_standing_s;
    anyhow::ensure!(
        s.is_finite() && (0.0..=10.0).contains(&s),
        "--still-standing-s must be from 0 to 10 seconds, not {s}"
    );
    Ok(s)
}

/// The spread of `--proportions-spread`, refused when not from 0 to 0.3.
pub fn proportions_spread(args: &LearnArgs) -> anyhow::Result<f64> {
    let s = args.proportions_spread;
    anyhow::ensure!(
        s.is_finite() && (0.0..=0.3).contains(&s),
        "--proportions-spread must be from 0 to 0.3, not {s}"
    );
    Ok(s)
}

/// The solver settings of `--settings` (the built-in ones without it).
pub fn data_settings(args: &LearnArgs) -> anyhow::Result<SolverSettings> {
    match &args.settings {
        Some(path) => {
            SolverSettings::load(path).with_context(|| format!("settings file {}", path.display()))
        }
        None => Ok(SolverSettings::default()),
    }
}

/// Every clip's samples, in clip order, `jobs` clips at a time.
fn synthesise(
    clips: &[PathBuf],
    options: &DataOptions,
    jobs: usize,
) -> anyhow::Result<Vec<LearnedData>> {
    let one = |path: &PathBuf| -> anyhow::Result<LearnedData> {
        let bvh = Bvh::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        let data = clip_samples(&bvh, &clip_name(path), options)?;
        let still = if options.still_standing_s > 0.0 {
            match standing_frame(&bvh) {
                Some(f) => format!(", still standing at frame {f}"),
                None => ", never stands still".into(),
            }
        } else {
            String::new()
        };
        eprintln!("{}: {} samples{still}", clip_name(path), data.len());
        Ok(data)
    };
    let mut out = Vec::with_capacity(clips.len());
    for chunk in clips.chunks(jobs.max(1)) {
        let results: Vec<_> = std::thread::scope(|s| {
            let handles: Vec<_> = chunk.iter().map(|c| s.spawn(|| one(c))).collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err(anyhow::anyhow!("a worker panicked")))
                })
                .collect()
        });
        for r in results {
            out.push(r?);
        }
    }
    Ok(out)
}

fn rows(d: &LearnedData, component: Component) -> Rows<'_> {
    let (n_in, n_out) = component.sizes();
    Rows {
        inputs: &d.inputs,
        targets: &d.targets,
        n_in,
        n_out,
    }
}

/// Runs `posewire train pelvis|legs|arms|knees`.
fn run_component(component: Component, args: &LearnArgs) -> anyhow::Result<()> {
    let d = defaults(component);
    let out_path = args.out.clone().unwrap_or_else(|| PathBuf::from(d.out));
    let models = crate::solver_choice::load_weights(&args.weights)?;
    let sets = learned_data(component, args, &models)?;
    let trained = train_on(component, sets, args)?;
    write_weights(&out_path, &trained.mlp)?;
    trained.print(component, &out_path);
    if args.manifest {
        let clips =
            bvh_clips(&args.bvh).with_context(|| format!("cannot list {}", args.bvh.display()))?;
        let net = crate::eval_retrain::net_of(component);
        let key = crate::eval_retrain::manifest_key(net, &clips, args, &models);
        crate::eval_retrain::write_manifest(&out_path.with_extension("json"), key, &trained)?;
    }
    Ok(())
}

/// A network trained by [`train_network`], with what its training showed.
pub struct Trained {
    /// The network.
    pub mlp: posewire_solver::learned::Mlp,
    /// The epoch with the lowest held-out loss (the one kept; of the first
    /// seed's network with several seeds).
    pub best_epoch: usize,
    /// Epochs run (early stopping may end before `--epochs`).
    pub epochs: usize,
    /// Training and held-out samples.
    pub samples: (usize, usize),
    /// Mean position error on the held-out clips, cm: network, rules.
    pub held_out_cm: (f64, f64),
    /// Hidden layer sizes.
    pub hidden: Vec<usize>,
}

impl Trained {
    /// What `posewire train` prints once the weights are written.
    fn print(&self, component: Component, out_path: &Path) {
        let what = match component {
            Component::Pelvis => "pelvis",
            Component::Legs => "ankle",
            Component::Arms => "shoulder and elbow",
            Component::Knees => "knee",
        };
        println!(
            "{what} network {:?} -> {} ({} bytes), best epoch {} of {}",
            self.hidden,
            out_path.display(),
            self.mlp.to_bytes().len(),
            self.best_epoch,
            self.epochs
        );
        let (net, rules) = self.held_out_cm;
        println!(
            "held-out clips, {what} position error per tick (no smoothing): network {net:.2} cm, rules {rules:.2} cm"
        );
    }
}

/// Trains `component` on the no-prop clips among `clips` with the recipe
/// of `args` (seeds, stride, layers, epochs, early stopping on every 7th
/// clip), its data synthesised with a solver running `models`: what
/// `posewire train` does, for `posewire eval --cv subjects --retrain`.
pub fn train_network(
    component: Component,
    clips: &[PathBuf],
    args: &LearnArgs,
    models: &LearnedModels,
) -> anyhow::Result<Trained> {
    let sets = synthesised_sets(component, clips, args, models)?;
    train_on(component, sets, args)
}

/// The recipe `posewire train` runs without options (its flags' defaults).
pub fn default_recipe() -> LearnArgs {
    #[derive(clap::Parser)]
    struct Defaults {
        #[command(flatten)]
        args: LearnArgs,
    }
    <Defaults as clap::Parser>::parse_from(["train"]).args
}

/// Writes a network's weights file (its folder made if missing).
pub fn write_weights(path: &Path, mlp: &posewire_solver::learned::Mlp) -> anyhow::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    std::fs::write(path, mlp.to_bytes()).with_context(|| format!("cannot write {}", path.display()))
}

/// Trains on the synthesised training set, stopping early on the held-out
/// one.
fn train_on(
    component: Component,
    [train_set, held_out]: [LearnedData; 2],
    args: &LearnArgs,
) -> anyhow::Result<Trained> {
    let d = defaults(component);
    eprintln!(
        "{} training samples, {} held out",
        train_set.len(),
        held_out.len()
    );
    anyhow::ensure!(!args.seed.is_empty(), "--seed needs at least one seed");
    let options = TrainOptions {
        hidden: args.hidden.clone().unwrap_or(d.hidden),
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        weight_decay: args.weight_decay.unwrap_or(d.weight_decay),
        input_noise: args.input_noise.unwrap_or(d.input_noise),
        ..TrainOptions::default()
    };
    let (train_rows, held_rows) = (rows(&train_set, component), rows(&held_out, component));
    let mut members = Vec::new();
    let (mut best_epoch, mut epochs) = (0, 0);
    for (i, &seed) in args.seed.iter().enumerate() {
        let options = TrainOptions {
            seed,
            ..options.clone()
        };
        let (mlp, history) = train(&train_rows, &held_rows, &options, |e| {
            eprintln!(
                "seed {seed}, epoch {:3}: train {:.4}, held out {:.4}",
                e.epoch, e.train, e.held_out
            );
        });
        let best = history
            .iter()
            .min_by(|a, b| a.held_out.total_cmp(&b.held_out))
            .map_or(0, |e| e.epoch);
        if args.seed.len() > 1 {
            let (net, rules) = position_errors(&mlp, &held_out, component);
            eprintln!(
                "seed {seed}: best epoch {best} of {}, held-out error {net:.2} cm (rules {rules:.2})",
                history.len()
            );
        }
        if i == 0 {
            (best_epoch, epochs) = (best, history.len());
        }
        members.push(mlp);
    }
    let mlp = mean_network(&members).context("cannot average the seeds' networks")?;
    let held_out_cm = position_errors(&mlp, &held_out, component);
    Ok(Trained {
        best_epoch,
        epochs,
        samples: (train_set.len(), held_out.len()),
        held_out_cm,
        hidden: options.hidden,
        mlp,
    })
}

/// Mean position error of the output's points on `data`, cm: the
/// network's (raw) and the rules' (the solver's where the data was made).
fn position_errors(
    mlp: &posewire_solver::learned::Mlp,
    data: &LearnedData,
    component: Component,
) -> (f64, f64) {
    let out = predict(mlp, &rows(data, component));
    let n_out = component.sizes().1;
    let points = component.points();
    let n = data.len().max(1) as f64;
    let point_error = |o: &[f32], y: &[f32], p: usize| -> f32 {
        let d: f32 = (3 * p..3 * p + 3)
            .map(|k| (o[k] - y[k]) * (o[k] - y[k]))
            .sum();
        d.sqrt()
    };
    let net: f64 = out
        .chunks_exact(n_out)
        .zip(data.targets.chunks_exact(n_out))
        .zip(&data.scales)
        .map(|((o, y), s)| {
            let sum: f32 = (0..points).map(|p| point_error(o, y, p)).sum();
            f64::from(sum / points as f32 * s)
        })
        .sum();
    let rules: f64 = data.rule_errors.iter().map(|e| f64::from(*e)).sum();
    (100.0 * net / n, 100.0 * rules / n)
}

/// Writes both data sets as little-endian counts and floats.
fn write_cache(path: &Path, sets: &[LearnedData; 2]) -> anyhow::Result<()> {
    let mut bytes = Vec::new();
    for d in sets {
        bytes.extend_from_slice(&(d.len() as u64).to_le_bytes());
        for v in [&d.inputs, &d.targets, &d.scales, &d.rule_errors] {
            v.iter()
                .for_each(|x| bytes.extend_from_slice(&x.to_le_bytes()));
        }
    }
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

/// Reads what [`write_cache`] wrote.
fn read_cache(path: &Path, component: Component) -> anyhow::Result<[LearnedData; 2]> {
    let (n_in, n_out) = component.sizes();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut at = 0usize;
    let mut take = |n: usize| -> anyhow::Result<&[u8]> {
        let s = bytes
            .get(at..at + n)
            .context("the data cache is cut short")?;
        at += n;
        Ok(s)
    };
    let mut read_set = || -> anyhow::Result<LearnedData> {
        let raw: [u8; 8] = take(8)?.try_into()?;
        let n = usize::try_from(u64::from_le_bytes(raw))?;
        let mut floats = |count: usize| -> anyhow::Result<Vec<f32>> {
            Ok(take(count * 4)?
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect())
        };
        Ok(LearnedData {
            inputs: floats(n * n_in)?,
            targets: floats(n * n_out)?,
            scales: floats(n)?,
            rule_errors: floats(n)?,
        })
    };
    Ok([read_set()?, read_set()?])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_still_standing_seconds_are_off_by_default_and_refuse_nonsense() {
        assert_eq!(still_standing_s(&default_recipe()).expect("default"), 0.0);
        let one = LearnArgs {
            still_standing_s: 1.0,
            ..default_recipe()
        };
        assert_eq!(still_standing_s(&one).expect("one second"), 1.0);
        for bad in [-1.0, f64::NAN, 11.0] {
            let args = LearnArgs {
                still_standing_s: bad,
                ..default_recipe()
            };
            let err = still_standing_s(&args).expect_err("refused");
            assert!(err.to_string().contains("--still-standing-s"), "{err}");
        }
    }

    #[test]
    fn the_proportions_spread_is_off_by_default_and_refuses_nonsense() {
        assert_eq!(proportions_spread(&default_recipe()).expect("default"), 0.0);
        for bad in [-0.1, f64::NAN, 0.31] {
            let args = LearnArgs {
                proportions_spread: bad,
                ..default_recipe()
            };
            let err = proportions_spread(&args).expect_err("refused");
            assert!(err.to_string().contains("--proportions-spread"), "{err}");
        }
    }
}
