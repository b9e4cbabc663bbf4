//! `posewire solve --solver physics`: a joint track frame for frame like the
//! `ik` one, a scene from a file, and a bad scene named in the error.

mod common;
use common::{arg, posewire, solve_calibrated, synth_demo, text};

fn rows(path: &std::path::Path) -> usize {
    std::fs::read_to_string(path)
        .expect("joint track")
        .lines()
        .count()
}

#[test]
fn physics_solve_writes_a_track_frame_for_frame_with_ik_and_takes_a_scene() {
    let dir = tempfile::tempdir().expect("temp dir");
    synth_demo(dir.path());
    let trackers = dir.path().join("demo_walk.trackers.csv");
    let out = solve_calibrated(dir.path(), &trackers, &["--solver", "ik"]);
    assert!(out.status.success(), "ik:\n{}", text(&out).1);
    let ik_rows = rows(&dir.path().join("j.csv"));
    let scene =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/scene_example.toml");
    let out = solve_calibrated(
        dir.path(),
        &trackers,
        &["--solver", "physics", "--scene", arg(&scene)],
    );
    assert!(out.status.success(), "physics:\n{}", text(&out).1);
    assert_eq!(rows(&dir.path().join("j.csv")), ik_rows);
}

#[test]
fn physics_solve_names_a_bad_scene() {
    let dir = tempfile::tempdir().expect("temp dir");
    synth_demo(dir.path());
    let trackers = dir.path().join("demo_walk.trackers.csv");
    let bad = dir.path().join("bad_scene.toml");
    std::fs::write(
        &bad,
        "[[boxes]]\nname = \"wall\"\ncenter = [0.0, 1.0, 1.5]\nhalf_extents = [2.0, 0.0, 0.05]\n",
    )
    .expect("write");
    let out = solve_calibrated(
        dir.path(),
        &trackers,
        &["--solver", "physics", "--scene", arg(&bad)],
    );
    let stderr = text(&out).1;
    assert!(!out.status.success());
    assert!(
        stderr.contains("bad_scene.toml") && stderr.contains("boxes[0].half_extents"),
        "{stderr}"
    );
    let missing = dir.path().join("none.toml");
    let out = posewire(&[
        "solve",
        "--calibration",
        arg(&dir.path().join("demo_walk.calibration.csv")),
        "--trackers",
        arg(&trackers),
        "--out",
        arg(&dir.path().join("k.csv")),
        "--solver",
        "physics",
        "--scene",
        arg(&missing),
    ]);
    assert!(!out.status.success());
    assert!(text(&out).1.contains("none.toml"));
}

/// `--settings FILE`: a `[solver]` table reaches the solver (a different
/// joint stiffness gives a different track), its `kind` picks the solver
/// as `--solver` does, `--solver` overrides it, and an unknown key is an
/// error naming the file and the line.
#[test]
fn a_settings_file_sets_the_solver_and_its_values() {
    let dir = tempfile::tempdir().expect("temp dir");
    synth_demo(dir.path());
    let trackers = dir.path().join("demo_walk.trackers.csv");
    let track = |extra: &[&str]| {
        let out = solve_calibrated(dir.path(), &trackers, extra);
        assert!(out.status.success(), "{extra:?}:\n{}", text(&out).1);
        std::fs::read(dir.path().join("j.csv")).expect("joint track")
    };
    let settings = |name: &str, body: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, body).expect("settings");
        path
    };
    let ik_file = settings("ik.toml", "[solver]\nkind = \"ik\"\n");
    let ik = track(&["--solver", "ik"]);
    assert!(
        track(&["--settings", arg(&ik_file)]) == ik,
        "kind = ik is --solver ik"
    );
    let soft = settings("soft.toml", "[solver.physics.body]\njoint_hz = 5.0\n");
    let physics = track(&[]);
    assert!(
        track(&["--settings", arg(&ik_file), "--solver", "physics"]) == physics,
        "--solver overrides the file"
    );
    assert!(
        track(&["--settings", arg(&soft)]) != physics,
        "the joint stiffness reaches the solver"
    );
    assert!(physics != ik, "physics is the default");
    let bad = settings("bad.toml", "[solver.physics.body]\njoint_hzz = 5.0\n");
    let out = solve_calibrated(dir.path(), &trackers, &["--settings", arg(&bad)]);
    let stderr = text(&out).1;
    assert!(!out.status.success());
    assert!(
        stderr.contains("bad.toml") && stderr.contains("line 2, column 1: unknown field"),
        "{stderr}"
    );
}
