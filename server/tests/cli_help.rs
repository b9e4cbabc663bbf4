//! `posewire --help` explains every subcommand.

mod common;
use common::{posewire, text};

#[test]
fn help_lists_every_subcommand() {
    let out = posewire(&["--help"]);
    assert!(out.status.success());
    let (stdout, _) = text(&out);
    for sub in ["synth", "calibrate", "solve", "eval", "train"] {
        assert!(
            stdout.lines().any(|l| l.trim_start().starts_with(sub)),
            "`{sub}` missing from --help:\n{stdout}"
        );
    }
    assert!(
        !stdout.contains("make-demo-clip"),
        "the maintenance tool is hidden"
    );
}

#[test]
fn every_subcommand_explains_its_flags() {
    let cases: [(&str, &[&str]); 6] = [
        (
            "synth",
            &["--bvh", "--devices", "--condition", "--seed", "--out-dir"],
        ),
        ("calibrate", &["--input", "--out"]),
        (
            "solve",
            &[
                "--calibration",
                "--profile",
                "--trackers",
                "--out",
                "--solver",
                "--rate",
            ],
        ),
        (
            "eval",
            &[
                "--bvh",
                "--devices",
                "--condition",
                "--solver",
                "--seed",
                "--json",
                "--jobs",
            ],
        ),
        ("make-demo-clip", &["--out"]),
        (
            "train pelvis",
            &[
                "--bvh", "--out", "--seeds", "--hidden", "--epochs", "--jobs",
            ],
        ),
    ];
    for (sub, flags) in cases {
        let mut args: Vec<&str> = sub.split(' ').collect();
        args.push("--help");
        let out = posewire(&args);
        assert!(out.status.success(), "{sub} --help failed");
        let (stdout, _) = text(&out);
        for flag in flags {
            assert!(
                stdout.contains(flag),
                "`{sub} --help` lacks {flag}:\n{stdout}"
            );
        }
    }
}

#[test]
fn an_unknown_subcommand_fails() {
    let out = posewire(&["fly"]);
    assert!(!out.status.success());
}
