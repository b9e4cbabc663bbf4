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

#[test]
fn eval_cv_subjects_holds_each_subject_out_and_names_a_clip_without_one() {
    let train = tempfile::tempdir().expect("temp dir");
    for name in ["cmu_01_01_walk.bvh", "cmu_02_01_walk.bvh"] {
        std::fs::copy(demo_clip(), train.path().join(name)).expect("copy the demo clip");
    }
    let json = train.path().join("out").join("eval.json");
    let args = |train: &std::path::Path| {
        vec![
            "eval".to_string(),
            "--bvh".into(),
            arg(&demo_clip()).into(),
            "--train".into(),
            arg(train).into(),
            "--cv".into(),
            "subjects".into(),
            "--solver".into(),
            "ik".into(),
            "--devices".into(),
            "3".into(),
            "--condition".into(),
            "clean".into(),
            "--decimate".into(),
            "4".into(),
            "--jobs".into(),
            "1".into(),
            "--json".into(),
            arg(&json).into(),
        ]
    };
    let owned = args(train.path());
    let out = posewire(&owned.iter().map(String::as_str).collect::<Vec<_>>());
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "eval --cv failed:\n{stderr}");
    assert!(
        stdout.contains("# Leave-one-subject-out cross-validation"),
        "{stdout}"
    );
    assert!(
        stdout.contains("every 4th frame of each clip kept"),
        "{stdout}"
    );
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("json written"))
            .expect("valid JSON");
    assert_eq!(value["decimate"], 4);
    let cv = &value["cv"];
    assert_eq!(cv["by"], "subjects");
    assert_eq!(cv["folds"][0]["held_out"], "01");
    assert_eq!(cv["folds"][0]["fit"], serde_json::json!(["02"]));
    assert_eq!(cv["folds"][1]["fit"], serde_json::json!(["01"]));
    let folds = cv["settings"][0]["folds"].as_array().expect("folds");
    assert_eq!(folds.len(), 2, "{cv}");
    for f in folds {
        assert_eq!(f["scored_clips"], 1, "{f}");
        assert_eq!(f["fit_clips"], 1, "{f}");
        let e = f["held_out_metrics"]["mpjpe_cm"].as_f64().expect("mpjpe");
        assert!(e.is_finite() && e > 0.0 && e < 50.0, "{f}");
    }
    // The held-out subject's score is that subject's clip alone.
    let clip_02 = value["train"]["clips"][1]["settings"][0]["metrics"]["mpjpe_cm"].clone();
    assert_eq!(folds[1]["held_out_metrics"]["mpjpe_cm"], clip_02);

    std::fs::copy(demo_clip(), train.path().join("studio_take.bvh")).expect("copy");
    let owned = args(train.path());
    let out = posewire(&owned.iter().map(String::as_str).collect::<Vec<_>>());
    let (_, stderr) = text(&out);
    assert!(!out.status.success(), "a clip without a subject passed");
    assert!(stderr.contains("studio_take"), "{stderr}");
}
