//! The solver choice `posewire solve` and `posewire eval` share: a settings
//! file, the `--solver` and `--trunk` flags over it, and a look-at chain of
//! one's own.

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use posewire_body::look_at::LookAtConfig;
use posewire_body::{BodyProfile, Skeleton};
use posewire_solver::learned::{LearnedModels, Net};
use posewire_solver::trunk::LookAtTrunk;
use posewire_solver::{SolveOptions, SolverKind, SolverSettings, TrunkMode};

use crate::cli_choices::{SolverArg, TrunkArg};

/// Which solver, with which settings.
#[derive(Debug, Args)]
pub struct SolverChoiceArgs {
    /// The solver's settings (TOML: a `[solver]` table as in the daemon's
    /// configuration, any subset of its keys; see configs/default.toml).
    /// Without it, the built-in defaults: the tuned values.
    #[arg(long, value_name = "SETTINGS.toml")]
    pub settings: Option<PathBuf>,
    /// Which solver: the simulated body (`physics`) or the kinematic
    /// baseline (`ik`); overrides --settings (default: its `kind`, else
    /// physics).
    #[arg(long)]
    pub solver: Option<SolverArg>,
    /// How the trunk shares the head's rotation (`neck-only` is the
    /// comparison for the look-at chain); overrides --settings (default:
    /// its `ik.trunk`, else look-at).
    #[arg(long)]
    pub trunk: Option<TrunkArg>,
    /// A look-at chain of one's own (TOML, as configs/look_at.toml; its
    /// joints must be lumbar, chest, neck, head and optionally eyes).
    #[arg(long, value_name = "LOOK_AT.toml")]
    pub look_at_config: Option<PathBuf>,
    /// Learned networks' weights read from files instead of the embedded
    /// ones, e.g. `pelvis=fold/pelvis.bin,legs=fold/legs.bin` (networks:
    /// pelvis, legs, arms, knees; as `posewire train` writes them).
    #[arg(long, value_name = "NET=FILE,...", value_delimiter = ',')]
    pub weights: Vec<String>,
}

impl SolverChoiceArgs {
    /// The solve options of `--settings FILE` (or the built-in defaults)
    /// with the `--solver` and `--trunk` flags over them and the look-at
    /// chain of `--look-at-config`.
    pub fn options(&self) -> anyhow::Result<SolveOptions> {
        self.options_with(self.settings.as_deref())
    }

    /// The same with another settings file instead of `--settings` (a
    /// candidate of `posewire eval --cv`).
    pub fn options_with(&self, settings: Option<&std::path::Path>) -> anyhow::Result<SolveOptions> {
        let settings = match settings {
            Some(path) => SolverSettings::load(path)
                .with_context(|| format!("settings file {}", path.display()))?,
            None => SolverSettings::default(),
        };
        let mut options = SolveOptions::from_settings(&settings);
        if let Some(solver) = self.solver {
            options.solver = solver_kind(solver);
        }
        if let Some(trunk) = self.trunk {
            options.ik.trunk = trunk_mode(trunk);
        }
        options.look_at = load_look_at(self.look_at_config.as_deref())?;
        options.models = load_weights(&self.weights)?;
        Ok(options)
    }
}

/// The networks of `--weights NET=FILE,...` over the embedded ones: an
/// unknown network, a missing file or one that is not that network's
/// weights (truncated, wrong shape, not finite) is an error naming it.
pub fn load_weights(given: &[String]) -> anyhow::Result<LearnedModels> {
    let mut models = LearnedModels::embedded();
    for item in given {
        let (name, file) = item.split_once('=').with_context(|| {
            format!("--weights {item:?}: expected NET=FILE (NET: pelvis, legs, arms or knees)")
        })?;
        let net = Net::from_name(name.trim()).with_context(|| {
            format!("--weights {item:?}: no network {name:?} (pelvis, legs, arms or knees)")
        })?;
        let mlp = crate::eval_retrain::read_weights(net, std::path::Path::new(file.trim()))?;
        models = models.with_model(net, Some(std::sync::Arc::new(mlp)));
    }
    Ok(models)
}

/// The trunk mode behind a command-line choice.
pub fn trunk_mode(arg: TrunkArg) -> TrunkMode {
    match arg {
        TrunkArg::LookAt => TrunkMode::LookAt,
        TrunkArg::NeckOnly => TrunkMode::NeckOnly,
    }
}

/// Reads a look-at chain given on the command line (`None`: the shipped
/// one).
pub fn load_look_at(path: Option<&std::path::Path>) -> anyhow::Result<Option<LookAtConfig>> {
    let Some(path) = path else {
        return Ok(None);
    };
    let text =
        posewire_body::bounded_read::read_text_bounded(path, posewire_body::bounded_read::TOML)
            .map_err(|e| anyhow::anyhow!("cannot read the look-at chain: {e}"))?;
    let config = LookAtConfig::from_toml(&text, &path.display().to_string())?;
    // The trunk needs its own joints; say so now rather than once per take.
    let average = BodyProfile::from_stature(1.75);
    LookAtTrunk::new(&config, &Skeleton::from_profile(&average), 1.75)
        .with_context(|| format!("{} cannot pose the trunk", path.display()))?;
    Ok(Some(config))
}

/// The solver behind a command-line choice.
pub fn solver_kind(arg: SolverArg) -> SolverKind {
    match arg {
        SolverArg::Ik => SolverKind::Ik,
        SolverArg::Physics => SolverKind::Physics,
    }
}
