//! Helpers shared by the command-line tests (included with `mod`).

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The shipped demo clip.
pub fn demo_clip() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/demo_walk.bvh")
}

/// Runs the real `posewire` binary with `args`.
pub fn posewire(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_posewire"))
        .args(args)
        .env("RUST_LOG", "info")
        .output()
        .expect("the posewire binary runs")
}

/// Stdout and stderr as text.
pub fn text(output: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// A path as a `&str` argument.
pub fn arg(path: &Path) -> &str {
    path.to_str().expect("temp paths are UTF-8")
}
