//! A scene take of two demo people recorded by the real binaries: `posewire
//! serve` with its default solver (physics) and `posewire record --all
//! --timecode 01:00:00:00`, stopped with Ctrl-C once it holds enough ticks.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{arg, spawn_serve_with, stop_cleanly, text};

/// The two demo people's loop offsets (seconds): they close the right
/// hand on the ball (5.75 s of their loop) at 5.75 s and 5.25 s of the
/// daemon's clock and open it to throw (7.3-7.34 s) at 7.3 s and 6.8 s.
pub const SCENE_OFFSETS_S: [f64; 2] = [0.0, 0.5];
/// The daemon's clock (s) a scene take of [`record_demo_scene`] reaches
/// at least: 0.5 s past the later throw, so that the take holds both
/// hands closing and opening. The take starts 1.5 s after the daemon
/// answers (so that 540 ticks end near here), long before the first grip
/// even on a loaded machine.
pub const SCENE_UNTIL_S: f64 = 7.9;

/// Writes the daemon's configuration (no solver named: the default, and
/// takes under `dir/storage`) for `demo0` and `demo1`, 5 m apart.
pub fn demo_scene_config(dir: &Path) -> (PathBuf, PathBuf) {
    let storage = dir.join("storage");
    let config = dir.join("daemon.toml");
    let [a, b] = SCENE_OFFSETS_S;
    std::fs::write(
        &config,
        format!(
            "listen = \"127.0.0.1:0\"\nstorage = {:?}\n\n[[avatars]]\nid = \"demo0\"\nsource = {{ kind = \"demo\", time_offset_s = {a:?} }}\n\n[[avatars]]\nid = \"demo1\"\nsource = {{ kind = \"demo\", time_offset_s = {b:?}, origin = [5.0, 0.0, 0.0] }}\n",
            arg(&storage)
        ),
    )
    .expect("config");
    (storage, config)
}

/// Records the scene of [`demo_scene_config`] as take `name` until its
/// first avatar has `ticks` ticks (540: 6 s at 90 Hz), with `posewire
/// record --all --timecode 01:00:00:00` against `posewire serve`; stops
/// both cleanly. Returns the storage folder and the take file.
pub fn record_demo_scene(dir: &Path, name: &str, ticks: usize) -> (PathBuf, PathBuf) {
    let (storage, config) = demo_scene_config(dir);
    let (daemon, address, _log) = spawn_serve_with(&["--config", arg(&config)], &[]);
    std::thread::sleep(Duration::from_millis(1500));
    let record = Command::new(env!("CARGO_BIN_EXE_posewire"))
        .args(["record", "--server", &address, "--all", "--name", name])
        .args(["--timecode", "01:00:00:00"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("record starts");
    let take = storage.join("takes").join(format!("{name}.pwtake"));
    let started = Instant::now();
    let long_enough = |t: &posewire_takes::Take| {
        t.avatars.first().is_some_and(|a| {
            a.ticks.len() >= ticks && a.ticks.last().is_some_and(|l| l.time_s >= SCENE_UNTIL_S)
        })
    };
    while !posewire_takes::open(&take).is_ok_and(|t| long_enough(&t)) {
        assert!(
            started.elapsed() < Duration::from_secs(180),
            "the recording did not reach {ticks} ticks"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let sent = Command::new("kill")
        .args(["-INT", &record.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let out = record.wait_with_output().expect("record ends");
    assert!(out.status.success(), "{:?}", text(&out));
    stop_cleanly(daemon);
    (storage, take)
}
