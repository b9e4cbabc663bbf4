//! Test helper: one command's arguments parsed alone, without the top-level
//! parser, so that a command's tests need not import [`crate::cli`] (which
//! imports every command).

use clap::{Args, FromArgMatches, Parser};

/// A command line of one command's arguments.
#[derive(Debug, Parser)]
struct Alone<A: Args + FromArgMatches> {
    #[command(flatten)]
    args: A,
}

/// Parses `line` (`posewire`, the command's name, then its flags) into the
/// command's arguments.
pub fn parse<A: Args + FromArgMatches>(line: &[&str]) -> Result<A, clap::Error> {
    let own = line.get(1..).unwrap_or_default();
    Alone::<A>::try_parse_from(own).map(|alone| alone.args)
}
