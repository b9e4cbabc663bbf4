//! `posewire eval --cv subjects --retrain DIR`: each fold's learned networks
//! trained on the fold's fit subjects only, by `posewire train`'s code and
//! recipe ([`crate::train_cmd::train_network`]), cached as
//! `DIR/<held-out subject>/<net>.bin` beside a manifest (`<net>.json`: the
//! recipe, its version, the clips and the networks of the solver that made
//! the data). A cached network is reused only when its manifest matches.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use posewire_evaluation::learned_data::Component;
use posewire_evaluation::protocol::{clip_name, is_prop_clip};
use posewire_solver::learned::models::parse_weights;
use posewire_solver::learned::{LearnedModels, Net};
use posewire_solver::SolverSettings;
use serde::{Deserialize, Serialize};

use crate::eval_cv::{subject_of, Fold, FoldWeights};
use crate::train_cmd::{default_recipe, train_network, write_weights, LearnArgs, Trained};
use crate::train_split::EarlyStop;

/// The version of the training recipe's code: bump it when the data
/// synthesis or the training changes, so that cached networks retrain.
pub const RECIPE_VERSION: u32 = 1;

/// The component a network is trained as.
pub fn component(net: Net) -> Component {
    match net {
        Net::Pelvis => Component::Pelvis,
        Net::Legs => Component::Legs,
        Net::Arms => Component::Arms,
        Net::Knees => Component::Knees,
    }
}

/// The network a component trains.
pub fn net_of(component: Component) -> Net {
    match component {
        Component::Pelvis => Net::Pelvis,
        Component::Legs => Net::Legs,
        Component::Arms => Net::Arms,
        Component::Knees => Net::Knees,
    }
}

/// Writes a trained network's manifest.
pub fn write_manifest(path: &Path, key: ManifestKey, trained: &Trained) -> anyhow::Result<()> {
    let (n, r) = trained.held_out_cm;
    let record = Manifest {
        key,
        trained: format!(
            "best epoch {} of {}; {} training / {} held-out samples; held-out error network {n:.2} cm, rules {r:.2} cm",
            trained.best_epoch, trained.epochs, trained.samples.0, trained.samples.1
        ),
    };
    let text = serde_json::to_string_pretty(&record)?;
    std::fs::write(path, text + "\n").with_context(|| format!("cannot write {}", path.display()))
}

/// What a cached network was trained from: equal keys, equal training.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ManifestKey {
    /// [`RECIPE_VERSION`].
    pub recipe_version: u32,
    /// The network.
    pub net: String,
    /// `posewire train`'s options (seeds, stride, layers, epochs, learning
    /// rate, weight decay, seed, input noise).
    pub recipe: Vec<(String, String)>,
    /// The no-prop clips trained on (every 7th from the 4th held out for
    /// early stopping), in name order.
    pub clips: Vec<String>,
    /// The other networks in the solver that synthesised the data, as
    /// FNV-1a hashes of their weights (`none`: no model).
    pub solver_networks: Vec<(String, String)>,
}

/// A cached network's manifest: its key and what its training showed.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Manifest {
    /// What it was trained from.
    pub key: ManifestKey,
    /// Best epoch, epochs run, training and held-out samples, held-out
    /// error (network, rules), cm.
    pub trained: String,
}

/// FNV-1a (64 bits) of some bytes, in hex.
fn fnv1a(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// The key of `net` trained on `clips` by `recipe` with `models` in the
/// solver.
pub fn manifest_key(
    net: Net,
    clips: &[PathBuf],
    recipe: &LearnArgs,
    models: &LearnedModels,
) -> ManifestKey {
    let mut names: Vec<String> = clips
        .iter()
        .map(|c| clip_name(c))
        .filter(|c| !is_prop_clip(c))
        .collect();
    names.sort();
    let opt = |v: Option<String>| v.unwrap_or_else(|| "default".into());
    let early_stop = recipe.early_stop;
    let recipe_args = recipe;
    let recipe_pairs = vec![
        ("seeds".into(), format!("{:?}", recipe.seeds)),
        ("stride".into(), recipe.stride.to_string()),
        (
            "hidden".into(),
            opt(recipe.hidden.as_ref().map(|h| format!("{h:?}"))),
        ),
        ("epochs".into(), recipe.epochs.to_string()),
        ("learning_rate".into(), recipe.learning_rate.to_string()),
        (
            "weight_decay".into(),
            opt(recipe.weight_decay.map(|w| w.to_string())),
        ),
        // One seed as a number, so that older caches' keys still match.
        (
            "seed".into(),
            recipe
                .seed
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(","),
        ),
        (
            "input_noise".into(),
            opt(recipe.input_noise.map(|w| w.to_string())),
        ),
    ];
    // Only when not the default, so that the keys of networks trained
    // before the option existed still match.
    let mut recipe = recipe_pairs;
    if early_stop == EarlyStop::Subject {
        recipe.push(("early_stop".into(), "subject".into()));
    }
    // Only when there is any, so that the keys of networks trained before
    // the still standing data existed still match.
    if recipe_args.still_standing_s > 0.0 {
        recipe.push((
            "still_standing_s".into(),
            recipe_args.still_standing_s.to_string(),
        ));
    }
    // Only when any, so that older keys still match.
    if recipe_args.proportions_spread > 0.0 {
        recipe.push((
            "proportions_spread".into(),
            recipe_args.proportions_spread.to_string(),
        ));
    }
    // Only when not the built-in ones, so that older keys still match.
    let settings = crate::train_cmd::data_settings(recipe_args)
        .map_or_else(|e| format!("unreadable: {e:#}"), |s| s.to_toml());
    if settings != SolverSettings::default().to_toml() {
        recipe.push(("settings".into(), fnv1a(settings.as_bytes())));
    }
    let solver_networks = Net::ALL
        .into_iter()
        .filter(|n| *n != net)
        .map(|n| {
            let hash = models
                .get(n)
                .map_or_else(|| "none".to_string(), |m| fnv1a(&m.to_bytes()));
            (n.name().to_string(), hash)
        })
        .collect();
    ManifestKey {
        recipe_version: RECIPE_VERSION,
        net: net.name().into(),
        recipe,
        clips: names,
        solver_networks,
    }
}

/// Reads a network's weights file for `--weights` or the cache: a missing,
/// unreadable, truncated, wrong-shape or non-finite file is an error naming
/// it.
pub fn read_weights(net: Net, path: &Path) -> anyhow::Result<posewire_solver::learned::Mlp> {
    let bytes = std::fs::read(path)
        .with_context(|| format!("cannot read the {} weights {}", net.name(), path.display()))?;
    Ok(parse_weights(net, &bytes, &path.display().to_string())?)
}

/// A cached network, when its manifest says it was trained from `key`.
fn cached(
    weights: &Path,
    manifest: &Path,
    key: &ManifestKey,
    net: Net,
) -> Option<anyhow::Result<posewire_solver::learned::Mlp>> {
    let text = std::fs::read_to_string(manifest).ok()?;
    let found: Manifest = serde_json::from_str(&text).ok()?;
    (found.key == *key && weights.is_file()).then(|| read_weights(net, weights))
}

/// How one fold's networks are made.
pub struct Retrain<'a> {
    /// The cache folder (`--retrain DIR`).
    pub dir: &'a Path,
    /// The networks retrained (the others stay as given).
    pub nets: &'a [Net],
    /// Clips synthesised in parallel.
    pub jobs: usize,
    /// The recipe's options (`posewire train`'s defaults unless
    /// `--retrain-recipe`).
    pub recipe: LearnArgs,
}

/// The recipe `--retrain-recipe` gives: `posewire train`'s options (e.g.
/// `--early-stop subject --hidden 32,32`); the ones naming files or the
/// corpus (`--bvh`, `--out`, `--weights`, `--data-cache`, `--manifest`) are
/// refused, since the folds set them.
pub fn parse_recipe(text: &str) -> anyhow::Result<LearnArgs> {
    #[derive(clap::Parser)]
    struct Recipe {
        #[command(flatten)]
        args: LearnArgs,
    }
    let words = std::iter::once("train").chain(text.split_whitespace());
    let args = <Recipe as clap::Parser>::try_parse_from(words)
        .map_err(|e| anyhow::anyhow!("--retrain-recipe `{text}`: {e}"))?
        .args;
    let default = default_recipe();
    let per_fold = args.bvh != default.bvh
        || args.out.is_some()
        || !args.weights.is_empty()
        || args.data_cache.is_some()
        || args.manifest;
    anyhow::ensure!(
        !per_fold,
        "--retrain-recipe `{text}`: --bvh, --out, --weights, --data-cache and --manifest are set per fold, not in the recipe"
    );
    Ok(args)
}

impl Retrain<'_> {
    /// The networks of `fold`: `base` with every network of
    /// [`Retrain::nets`] trained (or taken from the cache) on the fit
    /// subjects' clips among `train_clips`, in training order (the pelvis
    /// first: the legs and arms are trained over the fold's pelvis).
    pub fn fold_models(
        &self,
        fold: &Fold,
        train_clips: &[PathBuf],
        base: &LearnedModels,
    ) -> anyhow::Result<(LearnedModels, FoldWeights)> {
        let clips: Vec<PathBuf> = train_clips
            .iter()
            .filter(|c| subject_of(&clip_name(c)).is_some_and(|s| fold.fit.iter().any(|f| f == s)))
            .cloned()
            .collect();
        let folder = self.dir.join(&fold.held_out);
        let recipe = LearnArgs {
            jobs: self.jobs,
            ..self.recipe.clone()
        };
        let mut models = base.clone();
        let mut nets = Vec::new();
        for net in Net::ALL {
            if !self.nets.contains(&net) {
                nets.push((net.name().to_string(), "as given".to_string()));
                continue;
            }
            let weights = folder.join(format!("{}.bin", net.name()));
            let manifest = folder.join(format!("{}.json", net.name()));
            let key = manifest_key(net, &clips, &recipe, &models);
            let (mlp, how) = match cached(&weights, &manifest, &key, net) {
                Some(found) => (found?, "cached"),
                None => {
                    tracing::info!(fold = %fold.held_out, net = net.name(), clips = clips.len(), "training");
                    let trained = train_network(component(net), &clips, &recipe, &models)
                        .with_context(|| {
                            format!("training {} without subject {}", net.name(), fold.held_out)
                        })?;
                    write_weights(&weights, &trained.mlp)?;
                    write_manifest(&manifest, key, &trained)?;
                    (trained.mlp, "trained now")
                }
            };
            nets.push((
                net.name().to_string(),
                format!("{} ({how})", weights.display()),
            ));
            models = models.with_model(net, Some(std::sync::Arc::new(mlp)));
        }
        Ok((
            models,
            FoldWeights {
                held_out: fold.held_out.clone(),
                nets,
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_changes_with_the_clips_the_recipe_and_the_solver_networks() {
        let clips = [
            PathBuf::from("a/cmu_02_01_walk.bvh"),
            PathBuf::from("a/cmu_03_01_run.bvh"),
        ];
        let recipe = default_recipe();
        let embedded = LearnedModels::embedded();
        let key = manifest_key(Net::Legs, &clips, &recipe, &embedded);
        assert_eq!(key, manifest_key(Net::Legs, &clips, &recipe, &embedded));
        assert_eq!(key.clips, ["cmu_02_01_walk", "cmu_03_01_run"]);
        assert_ne!(
            key,
            manifest_key(Net::Legs, &clips[..1], &recipe, &embedded)
        );
        let more_epochs = LearnArgs {
            epochs: recipe.epochs + 1,
            ..default_recipe()
        };
        assert_ne!(
            key,
            manifest_key(Net::Legs, &clips, &more_epochs, &embedded)
        );
        let no_pelvis = embedded.clone().with_model(Net::Pelvis, None);
        assert_ne!(key, manifest_key(Net::Legs, &clips, &recipe, &no_pelvis));
        // The network's own weights are not an input of its training.
        let no_legs = embedded.with_model(Net::Legs, None);
        assert_eq!(key, manifest_key(Net::Legs, &clips, &recipe, &no_legs));
    }

    #[test]
    fn the_subject_early_stop_changes_the_key_and_the_default_keeps_it() {
        let clips = [PathBuf::from("a/cmu_02_01_walk.bvh")];
        let embedded = LearnedModels::embedded();
        let key = manifest_key(Net::Pelvis, &clips, &default_recipe(), &embedded);
        assert!(key.recipe.iter().all(|(k, _)| k != "early_stop"));
        let subject = parse_recipe("--early-stop subject").expect("recipe");
        let other = manifest_key(Net::Pelvis, &clips, &subject, &embedded);
        assert_ne!(key, other);
        assert!(other
            .recipe
            .contains(&("early_stop".to_string(), "subject".to_string())));
    }

    #[test]
    fn the_still_standing_data_changes_the_key_and_none_keeps_it() {
        let clips = [PathBuf::from("a/cmu_02_01_walk.bvh")];
        let embedded = LearnedModels::embedded();
        let still = |net, recipe: &LearnArgs| {
            manifest_key(net, &clips, recipe, &embedded)
                .recipe
                .into_iter()
                .find(|(k, _)| k == "still_standing_s")
                .map(|(_, v)| v)
        };
        for net in Net::ALL {
            assert_eq!(still(net, &default_recipe()), None);
        }
        let one = parse_recipe("--still-standing-s 1").expect("recipe");
        assert_eq!(still(Net::Pelvis, &one), Some("1".into()));
        assert_ne!(
            manifest_key(Net::Legs, &clips, &one, &embedded),
            manifest_key(Net::Legs, &clips, &default_recipe(), &embedded)
        );
    }

    #[test]
    fn the_proportions_spread_changes_the_key_and_none_keeps_it() {
        let clips = [PathBuf::from("a/cmu_02_01_walk.bvh")];
        let embedded = LearnedModels::embedded();
        let spread = |recipe: &LearnArgs| {
            manifest_key(Net::Pelvis, &clips, recipe, &embedded)
                .recipe
                .into_iter()
                .find(|(k, _)| k == "proportions_spread")
                .map(|(_, v)| v)
        };
        assert_eq!(spread(&default_recipe()), None);
        let varied = parse_recipe("--proportions-spread 0.15").expect("recipe");
        assert_eq!(spread(&varied), Some("0.15".into()));
    }

    #[test]
    fn the_synthesis_settings_change_the_key_and_the_built_in_ones_keep_it() {
        let clips = [PathBuf::from("a/cmu_02_01_walk.bvh")];
        let embedded = LearnedModels::embedded();
        let dir = tempfile::tempdir().expect("temp dir");
        let key = |text: &str| {
            let path = dir.path().join("s.toml");
            std::fs::write(&path, text).expect("write settings");
            let recipe = LearnArgs {
                settings: Some(path),
                ..default_recipe()
            };
            manifest_key(Net::Pelvis, &clips, &recipe, &embedded)
        };
        let none = manifest_key(Net::Pelvis, &clips, &default_recipe(), &embedded);
        assert!(none.recipe.iter().all(|(k, _)| k != "settings"));
        assert_eq!(key("[solver]\n"), none);
        let held = key("[solver.ik]\nheading_hold_learned_frame = true\n");
        assert!(held.recipe.iter().any(|(k, _)| k == "settings"));
        assert_ne!(held, none);
    }

    #[test]
    fn the_retrain_recipe_takes_train_options_and_refuses_per_fold_ones() {
        let r =
            parse_recipe("--early-stop subject --hidden 32,32 --input-noise 0.5").expect("recipe");
        assert_eq!(r.early_stop, EarlyStop::Subject);
        assert_eq!(r.hidden, Some(vec![32, 32]));
        assert_eq!(r.input_noise, Some(0.5));
        assert_eq!(r.epochs, default_recipe().epochs);
        for bad in ["--out x.bin", "--data-cache d", "--manifest", "--bvh other"] {
            let err = parse_recipe(bad).expect_err(bad);
            assert!(format!("{err:#}").contains("per fold"), "{bad}: {err:#}");
        }
        let err = parse_recipe("--hidden lots").expect_err("not numbers");
        assert!(format!("{err:#}").contains("--hidden lots"), "{err:#}");
    }

    #[test]
    fn weights_files_equal_to_the_embedded_ones_load_as_the_embedded_networks() {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut given = Vec::new();
        for net in Net::ALL {
            let path = dir.path().join(format!("{}.bin", net.name()));
            std::fs::write(&path, net.embedded_bytes()).expect("write");
            given.push(format!("{}={}", net.name(), path.display()));
        }
        let models = crate::solver_choice::load_weights(&given).expect("valid weights");
        assert_eq!(models, LearnedModels::embedded());
        let err =
            crate::solver_choice::load_weights(&["tail=x.bin".into()]).expect_err("no such net");
        assert!(format!("{err:#}").contains("tail"), "{err:#}");
    }

    #[test]
    fn a_wrong_shape_weights_file_is_refused_naming_it() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("pelvis.bin");
        std::fs::write(
            &path,
            posewire_solver::learned::Mlp::zeros(&[2, 3, 1]).to_bytes(),
        )
        .expect("write");
        let err = read_weights(Net::Pelvis, &path).expect_err("wrong shape");
        let text = format!("{err:#}");
        assert!(text.contains(&path.display().to_string()), "{text}");
        assert!(text.contains("2 inputs"), "{text}");
        let missing = read_weights(Net::Pelvis, &dir.path().join("none.bin")).expect_err("missing");
        assert!(format!("{missing:#}").contains("none.bin"), "{missing:#}");
    }
}
