//! `--settings FILE` for the development examples: a `[solver]` table as
//! `posewire solve --settings` reads it (environment variables the
//! examples read still apply on top).

use posewire_solver::{SolveOptions, SolverSettings};

/// Takes `--settings FILE` out of the arguments and reads the file.
pub fn take_settings(args: &mut Vec<String>) -> Result<Option<SolverSettings>, String> {
    let Some(at) = args.iter().position(|a| a == "--settings") else {
        return Ok(None);
    };
    if at + 1 >= args.len() {
        return Err("--settings needs a file".into());
    }
    let path = args.remove(at + 1);
    args.remove(at);
    SolverSettings::load(std::path::Path::new(&path))
        .map(Some)
        .map_err(|e| e.to_string())
}

/// The solve options of the settings, or the library's defaults without.
#[allow(dead_code)]
pub fn options(settings: Option<&SolverSettings>) -> SolveOptions {
    settings.map_or_else(SolveOptions::default, SolveOptions::from_settings)
}
