//! `--settings FILE` for the development aids: a `[solver]` table as
//! `posewire solve --settings` reads it, so every gain an aid varies is
//! set the way a user sets it.

use std::path::PathBuf;

use posewire_solver::physics::PhysicsSettings;
use posewire_solver::{SolveOptions, SolverSettings};

/// The solver settings file of an aid's command line.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SolverFile {
    /// A TOML file with a `[solver]` table (as `posewire solve --settings`
    /// reads it); the built-in defaults without.
    #[arg(long, value_name = "FILE")]
    pub settings: Option<PathBuf>,
}

impl SolverFile {
    /// The settings read from the file, or the defaults without one.
    pub fn load(&self) -> anyhow::Result<SolverSettings> {
        match &self.settings {
            Some(path) => SolverSettings::load(path).map_err(anyhow::Error::from),
            None => Ok(SolverSettings::default()),
        }
    }

    /// The solve options of the settings.
    pub fn options(&self) -> anyhow::Result<SolveOptions> {
        Ok(match &self.settings {
            Some(_) => SolveOptions::from_settings(&self.load()?),
            None => SolveOptions::default(),
        })
    }

    /// The physics solver's settings of the file (its `ik` reference from
    /// `[solver.ik]`), or the defaults without one.
    pub fn physics(&self) -> anyhow::Result<PhysicsSettings> {
        let file = self.load()?;
        Ok(PhysicsSettings {
            ik: file.ik,
            ..file.physics
        })
    }
}
