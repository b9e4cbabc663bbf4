//! The device-side command-line clients against the real `posewire serve`
//! binary with tokens: `posewire push` (needs a push token) sends a tracker
//! take and reports the counts and the clock estimate; `posewire calibrate
//! --server --name --input` (needs an admin token) runs the wizard on a
//! recorded calibration take and prints the stored profile.

mod common;

use std::process::Command;

use common::spawn_serve_with;
use common::{arg, posewire, synth_demo, text};

const PUSH: &str = "push-token-0123456789abcdef";
const ADMIN: &str = "admin-token-0123456789abcdef";

#[test]
fn push_and_calibrate_reach_a_daemon_that_wants_tokens() {
    let dir = tempfile::tempdir().expect("temp dir");
    synth_demo(dir.path());
    let config = dir.path().join("daemon.toml");
    let storage = dir.path().join("storage");
    std::fs::write(
        &config,
        format!(
            "listen = \"127.0.0.1:0\"\nstorage = {:?}\n\
             [[avatars]]\nid = \"pushed\"\nsource = {{ kind = \"push\" }}\n",
            arg(&storage)
        ),
    )
    .expect("write the configuration");
    let (mut child, address, _log) = spawn_serve_with(
        &["--config", arg(&config)],
        &[
            ("POSEWIRE_TOKEN_PUSH", PUSH),
            ("POSEWIRE_TOKEN_ADMIN", ADMIN),
        ],
    );
    let trackers = dir.path().join("demo_walk.trackers.csv");
    let calibration = dir.path().join("demo_walk.calibration.csv");
    let push = |token: Option<&str>| {
        let mut args = vec![
            "push",
            "--trackers",
            arg(&trackers),
            "--server",
            address.as_str(),
        ];
        if let Some(t) = token {
            args.extend(["--token", t]);
        }
        posewire(&args)
    };
    let calibrate = |token: &str| {
        posewire(&[
            "calibrate",
            "--server",
            address.as_str(),
            "--name",
            "zoe",
            "--input",
            arg(&calibration),
            "--token",
            token,
        ])
    };

    let denied = push(None);
    assert!(
        !denied.status.success(),
        "a push without a token is refused"
    );
    assert!(text(&denied).1.contains("token"), "{}", text(&denied).1);

    let pushed = push(Some(PUSH));
    let (out, err) = text(&pushed);
    assert!(pushed.status.success(), "push failed:\n{err}");
    // "accepted N rejected 0 clock offset ... drift ..."
    let accepted: u64 = out
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {out:?}"));
    assert!(accepted > 100, "{out}");
    assert!(out.contains("rejected 0"), "{out}");
    assert!(out.contains("drift"), "{out}");

    let not_admin = calibrate(PUSH);
    assert!(
        !not_admin.status.success(),
        "calibrating needs an admin token"
    );
    assert!(
        text(&not_admin).1.contains("admin"),
        "{}",
        text(&not_admin).1
    );

    let calibrated = calibrate(ADMIN);
    let (out, err) = text(&calibrated);
    assert!(calibrated.status.success(), "calibrate failed:\n{err}");
    assert!(out.contains("stature"), "the profile's TOML: {out}");
    assert!(storage
        .join("profiles")
        .read_dir()
        .is_ok_and(|mut d| d.next().is_some()));

    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    assert!(child.wait().expect("the daemon exits").success());
}
