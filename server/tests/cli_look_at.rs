//! The trunk options of `posewire solve` and `posewire eval`: the look-at
//! chain (default) against the whole head turn on the neck, and a look-at
//! chain of one's own from a file.

mod common;
use common::{arg, demo_clip, posewire, solve_calibrated, synth_demo, text};

fn shipped_chain() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs/look_at.toml");
    std::fs::read_to_string(path).expect("configs/look_at.toml")
}

#[test]
fn look_at_eval_reports_the_trunk_mode_and_neck_only_differs() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut upper = Vec::new();
    for trunk in ["look-at", "neck-only"] {
        let json = dir.path().join(format!("{trunk}.json"));
        let out = posewire(&[
            "eval",
            "--bvh",
            arg(&demo_clip()),
            "--devices",
            "3",
            "--condition",
            "clean",
            "--trunk",
            trunk,
            "--json",
            arg(&json),
            "--jobs",
            "1",
        ]);
        let (stdout, stderr) = text(&out);
        assert!(
            out.status.success(),
            "eval --trunk {trunk} failed:\n{stderr}"
        );
        assert!(stdout.contains(&format!("(trunk `{trunk}`)")), "{stdout}");
        let value: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).expect("json")).expect("JSON");
        assert_eq!(value["trunk"], trunk);
        upper.push(
            value["means"][0]["all"]["upper_pe_cm"]
                .as_f64()
                .expect("upper PE"),
        );
    }
    assert!(upper.iter().all(|u| u.is_finite() && *u > 0.0), "{upper:?}");
    assert!(
        (upper[0] - upper[1]).abs() > 1e-6,
        "the modes pose the trunk differently: {upper:?}"
    );
}

#[test]
fn look_at_solve_takes_a_chain_file_and_names_a_bad_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    synth_demo(dir.path());
    let trackers = dir.path().join("demo_walk.trackers.csv");

    let own = dir.path().join("own.toml");
    std::fs::write(&own, shipped_chain().replace("passes = 4", "passes = 2")).expect("write");
    let out = solve_calibrated(dir.path(), &trackers, &["--look-at-config", arg(&own)]);
    assert!(out.status.success(), "own chain refused:\n{}", text(&out).1);

    // A chain of other joints cannot pose the trunk.
    let other = dir.path().join("other.toml");
    std::fs::write(
        &other,
        shipped_chain()
            .replace("name = \"lumbar\"", "name = \"waist\"")
            .replace("joint = \"lumbar\"", "joint = \"waist\""),
    )
    .expect("write");
    let out = solve_calibrated(dir.path(), &trackers, &["--look-at-config", arg(&other)]);
    let stderr = text(&out).1;
    assert!(!out.status.success());
    assert!(
        stderr.contains("other.toml") && stderr.contains("lumbar"),
        "{stderr}"
    );

    // Not TOML of the right shape: the file and the key are named.
    let broken = dir.path().join("broken.toml");
    std::fs::write(
        &broken,
        shipped_chain().replace("passes = 4", "passes = \"many\""),
    )
    .expect("write");
    let out = solve_calibrated(dir.path(), &trackers, &["--look-at-config", arg(&broken)]);
    let stderr = text(&out).1;
    assert!(!out.status.success());
    assert!(
        stderr.contains("broken.toml") && stderr.contains("passes"),
        "{stderr}"
    );

    let missing = dir.path().join("missing.toml");
    let out = solve_calibrated(dir.path(), &trackers, &["--look-at-config", arg(&missing)]);
    let stderr = text(&out).1;
    assert!(!out.status.success());
    assert!(stderr.contains("missing.toml"), "{stderr}");
}
