//! Bad input gives a clear message naming the file (and line), and a
//! non-zero exit; invalid samples are reported, never silent.

mod cli_common;
use cli_common::{arg, demo_clip, posewire, text};

/// Synthesizes a 3-device clean take of the demo clip into `dir`.
fn synth(dir: &std::path::Path) {
    let out = posewire(&["synth", "--bvh", arg(&demo_clip()), "--out-dir", arg(dir)]);
    assert!(out.status.success(), "synth failed:\n{}", text(&out).1);
}

#[test]
fn a_malformed_tracker_take_names_the_file_and_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    synth(d);
    let good = std::fs::read_to_string(d.join("demo_walk.trackers.csv")).expect("read");
    let mut lines: Vec<String> = good.lines().map(str::to_string).collect();
    lines[5] = "0.044444,head,0.1,abc,0.2,0,0,0,1".to_string();
    let bad = d.join("bad.trackers.csv");
    std::fs::write(&bad, lines.join("\n") + "\n").expect("write");
    let out = posewire(&[
        "solve",
        "--calibration",
        arg(&d.join("demo_walk.calibration.csv")),
        "--trackers",
        arg(&bad),
        "--out",
        arg(&d.join("j.csv")),
    ]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(
        stderr.contains("bad.trackers.csv:6"),
        "file and line missing:\n{stderr}"
    );
    assert!(!d.join("j.csv").exists(), "no output on failure");
}

#[test]
fn invalid_samples_are_reported_with_their_lines() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    synth(d);
    let good = std::fs::read_to_string(d.join("demo_walk.trackers.csv")).expect("read");
    let mut lines: Vec<String> = good.lines().map(str::to_string).collect();
    for k in [10, 20] {
        let mut fields: Vec<String> = lines[k - 1].split(',').map(str::to_string).collect();
        fields[2] = "nan".to_string();
        lines[k - 1] = fields.join(",");
    }
    let take = d.join("nan.trackers.csv");
    std::fs::write(&take, lines.join("\n") + "\n").expect("write");
    let out = posewire(&[
        "solve",
        "--calibration",
        arg(&d.join("demo_walk.calibration.csv")),
        "--trackers",
        arg(&take),
        "--out",
        arg(&d.join("j.csv")),
    ]);
    let (_, stderr) = text(&out);
    assert!(
        out.status.success(),
        "invalid samples are not fatal:\n{stderr}"
    );
    assert!(stderr.contains("2 invalid sample"), "{stderr}");
    assert!(stderr.contains("10, 20"), "line numbers missing:\n{stderr}");
}

#[test]
fn calibrating_a_missing_file_names_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let missing = dir.path().join("nowhere.calibration.csv");
    let out = posewire(&[
        "calibrate",
        "--input",
        arg(&missing),
        "--out",
        arg(&dir.path().join("p.toml")),
    ]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("nowhere.calibration.csv"), "{stderr}");
    assert!(!dir.path().join("p.toml").exists());
}

#[test]
fn a_missing_profile_names_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = posewire(&[
        "solve",
        "--profile",
        arg(&dir.path().join("absent.toml")),
        "--trackers",
        "t.csv",
        "--out",
        arg(&dir.path().join("j.csv")),
    ]);
    let (_, stderr) = text(&out);
    assert!(!out.status.success());
    assert!(stderr.contains("absent.toml"), "{stderr}");
}
