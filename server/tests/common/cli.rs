//! Running the real `posewire` binary: its output, the shipped demo clip,
//! a synthesized demo take and solves of it.

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

/// Synthesizes a 3-device clean take of the demo clip into `dir`
/// (`demo_walk.trackers.csv`, `demo_walk.calibration.csv`).
pub fn synth_demo(dir: &Path) {
    let out = posewire(&["synth", "--bvh", arg(&demo_clip()), "--out-dir", arg(dir)]);
    assert!(out.status.success(), "synth failed:\n{}", text(&out).1);
}

/// Writes `dir/name`: the demo tracker take of [`synth_demo`] with its
/// lines (header = line 1 = index 0) changed by `edit`.
pub fn edited_demo_trackers(
    dir: &Path,
    name: &str,
    edit: impl FnOnce(&mut Vec<String>),
) -> PathBuf {
    let good = std::fs::read_to_string(dir.join("demo_walk.trackers.csv")).expect("read");
    let mut lines: Vec<String> = good.lines().map(str::to_string).collect();
    edit(&mut lines);
    let path = dir.join(name);
    std::fs::write(&path, lines.join("\n") + "\n").expect("write");
    path
}

/// Replaces field `field` (0-based) of `line` (0-based, header = 0).
pub fn set_field(lines: &mut [String], line: usize, field: usize, value: &str) {
    let mut fields: Vec<String> = lines[line].split(',').map(str::to_string).collect();
    fields[field] = value.to_string();
    lines[line] = fields.join(",");
}

/// Runs `posewire solve` calibrating from the demo calibration take in
/// `dir`, on `trackers`, writing `dir/j.csv`, with `extra` arguments.
pub fn solve_calibrated(dir: &Path, trackers: &Path, extra: &[&str]) -> Output {
    let calibration = dir.join("demo_walk.calibration.csv");
    let out = dir.join("j.csv");
    let mut args = vec![
        "solve",
        "--calibration",
        arg(&calibration),
        "--trackers",
        arg(trackers),
        "--out",
        arg(&out),
    ];
    args.extend_from_slice(extra);
    posewire(&args)
}
