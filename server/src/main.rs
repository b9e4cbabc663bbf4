//! `posewire`: the command-line tool of Posewire. Each subcommand lives in
//! its own module; this file parses the command line, sets up logging and
//! turns errors into a message and a non-zero exit.

#[cfg(test)]
mod args_alone;
mod async_runtime;
mod calibrate_cmd;
mod calibrate_wizard;
mod cli;
mod cli_choices;
mod client_access;
mod demo_clip;
mod eval_cmd;
mod eval_cv;
mod eval_report;
mod eval_retrain;
mod export_cmd;
mod export_objects;
mod fbx_export;
mod gltf_fingers;
mod push_cmd;
mod record_cmd;
mod relay_cmd;
mod resolve_cmd;
mod scene_export;
mod scene_gltf;
mod serve_cmd;
mod skin_cmd;
mod skin_compare;
mod skin_rig;
mod solve_cmd;
mod solver_choice;
mod subscribe_cmd;
mod synth_cmd;
mod table;
mod take_check_cmd;
mod train_cmd;
mod train_split;
mod usd_export;
mod usdc;

use std::io::IsTerminal as _;
use std::process::ExitCode;

use clap::Parser as _;
use tracing_subscriber::EnvFilter;

use crate::cli::{Cli, Command};

/// Logs go to stderr (stdout carries the reports); the level comes from
/// RUST_LOG, `info` by default.
fn init_logging() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_target(false)
        .without_time()
        .init();
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging();
    let result = match &cli.command {
        Command::Synth(args) => synth_cmd::run(args),
        Command::Calibrate(args) => calibrate_cmd::run(args),
        Command::Solve(args) => solve_cmd::run(args),
        Command::Eval(args) => eval_cmd::run(args),
        Command::Skin(args) => skin_cmd::run(args),
        Command::Export(args) => export_cmd::run(args),
        Command::Serve(args) => serve_cmd::run(args),
        Command::Relay(args) => relay_cmd::run(args),
        Command::Subscribe(args) => subscribe_cmd::run(args),
        Command::Push(args) => push_cmd::run(args),
        Command::Record(args) => record_cmd::run_record(args),
        Command::Takes(args) => record_cmd::run_takes(args),
        Command::Resolve(args) => resolve_cmd::run(args),
        Command::Train(args) => train_cmd::run(args),
        Command::MakeDemoClip(args) => demo_clip::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", error_message(&error));
            ExitCode::FAILURE
        }
    }
}

/// Creates the folder a file is to be written into, if it is missing.
pub fn create_parent(file: &std::path::Path) -> anyhow::Result<()> {
    use anyhow::Context as _;
    match file.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the folder {}", dir.display())),
        _ => Ok(()),
    }
}

/// Writes a report (tables, a summary) to stdout. A closed pipe or a full
/// disk behind a redirect is an error naming stdout, never a panic (which
/// `print!` would give).
pub fn print_stdout(text: &str) -> anyhow::Result<()> {
    use anyhow::Context as _;
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .context("cannot write the report to standard output")
}

/// The error and its causes, joined by `: `, leaving out a cause whose text
/// the message already holds (library errors often repeat their source).
fn error_message(error: &anyhow::Error) -> String {
    let mut message = String::new();
    for cause in error.chain() {
        let text = cause.to_string();
        if message.contains(&text) {
            continue;
        }
        if !message.is_empty() {
            message.push_str(": ");
        }
        message.push_str(&text);
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_causes_are_said_once() {
        let io = std::io::Error::new(std::io::ErrorKind::NotFound, "no such file");
        let inner = anyhow::Error::new(io).context("a.csv: no such file");
        let error = inner.context("cannot read the take");
        assert_eq!(
            error_message(&error),
            "cannot read the take: a.csv: no such file"
        );
    }
}
