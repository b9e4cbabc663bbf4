//! `posewire eval` on the shipped demo clip.

mod common;
use common::{arg, demo_clip, posewire, text};

#[test]
fn eval_writes_tables_and_json_with_finite_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("eval.json");
    let out = posewire(&[
        "eval",
        "--bvh",
        arg(&demo_clip()),
        "--devices",
        "3",
        "--condition",
        "clean",
        "--json",
        arg(&json),
        "--jobs",
        "1",
    ]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "eval failed:\n{stderr}");
    assert!(stdout.contains("| demo_walk "), "{stdout}");
    assert!(stdout.contains("| 3 clean "), "{stdout}");
    assert!(stdout.contains("### Calibration"), "{stdout}");
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json written"))
            .expect("valid JSON");
    let setting = &value["clips"][0]["settings"][0];
    assert_eq!(setting["devices"], 3);
    assert_eq!(setting["condition"], "clean");
    let mpjpe = setting["metrics"]["mpjpe_cm"]
        .as_f64()
        .expect("mpjpe is a number");
    assert!(
        mpjpe.is_finite() && mpjpe > 0.0 && mpjpe < 50.0,
        "mpjpe {mpjpe}"
    );
    let mean = value["means"][0]["all"]["mpjpe_cm"]
        .as_f64()
        .expect("mean mpjpe");
    assert!(
        (mean - mpjpe).abs() < 1e-9,
        "one clip: the mean is the clip"
    );
    assert!(value["calibration_clean_mean"]["head_height_cm"]
        .as_f64()
        .is_some());
    assert_eq!(setting["causality"]["passed"], true);
    // The default (physics) body walks the unpushed demo clip without a
    // stagger or a fall, and the report says so per clip.
    assert_eq!(value["solver"], "physics", "{}", value["solver"]);
    for count in ["staggers", "falls", "get_ups", "impulses"] {
        assert_eq!(setting["reactions"][count], 0, "{count}: {setting}");
    }
    let (_, changes) = stdout
        .split_once("### Body state changes")
        .expect("a state change table");
    let row: Vec<&str> = changes
        .lines()
        .find(|l| l.starts_with("| 3 clean "))
        .expect("a row for the setting")
        .split('|')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    assert_eq!(row, ["3 clean", "1", "0", "0", "0", "0", "-"], "{changes}");
}

#[test]
fn eval_finishes_the_other_clips_and_names_the_broken_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::copy(demo_clip(), dir.path().join("a_demo.bvh")).expect("copy the demo clip");
    std::fs::write(dir.path().join("b_broken.bvh"), "HIERARCHY\nROOT x\n{\n").expect("write");
    let out = posewire(&[
        "eval",
        "--bvh",
        arg(dir.path()),
        "--devices",
        "3",
        "--condition",
        "clean",
    ]);
    let (stdout, stderr) = text(&out);
    assert!(!out.status.success(), "a broken clip must fail the run");
    assert!(
        stdout.contains("| a_demo "),
        "the good clip is still reported:\n{stdout}"
    );
    assert!(
        stderr.contains("b_broken"),
        "stderr names the broken clip:\n{stderr}"
    );
}
