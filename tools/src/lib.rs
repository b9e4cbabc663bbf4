//! Posewire's development aids (unpublished): the pieces the `tools`
//! binaries share. Each binary in `src/bin/` says with `--help` what it
//! measures; solver settings come from a `[solver]` TOML file
//! (`--settings FILE`, as `posewire solve --settings` reads it), never from
//! environment variables.

pub mod choices;
pub mod hands;
pub mod physics_run;
pub mod results;
pub mod sep_cma;
pub mod simbicon_objective;
pub mod solver_file;
pub mod truth;
