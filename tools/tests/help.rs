//! Every aid answers `--help` with what it measures, and refuses an
//! unknown flag by name (no environment variables read in its place).

use std::process::Command;

const AIDS: [(&str, &str); 19] = [
    ("damaged_read", env!("CARGO_BIN_EXE_damaged_read")),
    ("demo_smoothness", env!("CARGO_BIN_EXE_demo_smoothness")),
    ("device_speeds", env!("CARGO_BIN_EXE_device_speeds")),
    ("foot_trace", env!("CARGO_BIN_EXE_foot_trace")),
    ("jitter_joints", env!("CARGO_BIN_EXE_jitter_joints")),
    ("joint_errors", env!("CARGO_BIN_EXE_joint_errors")),
    ("leg_smoothness", env!("CARGO_BIN_EXE_leg_smoothness")),
    ("local_volume", env!("CARGO_BIN_EXE_local_volume")),
    ("meeting_trials", env!("CARGO_BIN_EXE_meeting_trials")),
    ("offset_oracle", env!("CARGO_BIN_EXE_offset_oracle")),
    ("offset_probe", env!("CARGO_BIN_EXE_offset_probe")),
    ("offset_refine", env!("CARGO_BIN_EXE_offset_refine")),
    ("physics_gap", env!("CARGO_BIN_EXE_physics_gap")),
    ("push_reactions", env!("CARGO_BIN_EXE_push_reactions")),
    ("push_trials", env!("CARGO_BIN_EXE_push_trials")),
    ("results_tables", env!("CARGO_BIN_EXE_results_tables")),
    ("simbicon_search", env!("CARGO_BIN_EXE_simbicon_search")),
    ("skate_diag", env!("CARGO_BIN_EXE_skate_diag")),
    ("skin_cost", env!("CARGO_BIN_EXE_skin_cost")),
];

#[test]
fn every_aid_answers_help_and_names_an_unknown_flag() {
    for (name, exe) in AIDS {
        let help = Command::new(exe).arg("--help").output().expect("runs");
        let text = String::from_utf8_lossy(&help.stdout);
        assert!(help.status.success(), "{name} --help failed");
        assert!(text.contains("Usage:"), "{name}: {text}");
        let bad = Command::new(exe)
            .arg("--no-such-flag")
            .output()
            .expect("runs");
        let err = String::from_utf8_lossy(&bad.stderr);
        assert!(!bad.status.success(), "{name} took an unknown flag");
        assert!(err.contains("--no-such-flag"), "{name}: {err}");
    }
}

#[test]
fn results_tables_names_a_json_without_a_training_set() {
    let dir = std::env::temp_dir().join(format!("posewire-tools-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let json = dir.join("eval.json");
    std::fs::write(&json, r#"{"means": []}"#).expect("writes");
    let out = Command::new(env!("CARGO_BIN_EXE_results_tables"))
        .arg("--eval")
        .arg(&json)
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("train"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn simbicon_search_names_what_it_lacks() {
    let out = Command::new(env!("CARGO_BIN_EXE_simbicon_search"))
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("--out"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_simbicon_search"))
        .args(["--evaluate", "--settings", "/no/such/settings.toml"])
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("/no/such/settings.toml"), "{err}");
}
