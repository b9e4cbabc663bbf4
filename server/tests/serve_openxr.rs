//! The real `posewire serve` binary with an `openxr` avatar on a machine
//! without an OpenXR loader (forced with `POSEWIRE_OPENXR_LOADER` naming a
//! file that does not exist): it starts, serves, and says clearly what is
//! missing and how to get it.

use std::io::{BufRead as _, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

#[test]
fn serve_with_an_openxr_avatar_and_no_loader_runs_and_says_what_is_missing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("openxr.toml");
    std::fs::write(
        &config,
        "listen = \"127.0.0.1:0\"\n[[avatars]]\nid = \"me\"\nsource = { kind = \"openxr\" }\n",
    )
    .expect("writes the configuration");
    let missing = dir.path().join("no-such-dir/libopenxr_loader.so.1");
    let mut child = Command::new(env!("CARGO_BIN_EXE_posewire"))
        .args(["serve", "--config"])
        .arg(&config)
        .env("POSEWIRE_OPENXR_LOADER", &missing)
        .env("RUST_LOG", "info")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let stderr = child.stderr.take().expect("stderr");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut serving = false;
    let mut said = None;
    while !(serving && said.is_some()) {
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the daemon logs that it serves and what OpenXR lacks");
        serving |= line.contains("serving the Posewire gRPC API");
        if line.contains("no OpenXR loader found") {
            said = Some(line);
        }
    }
    let said = said.expect("the message");
    assert!(said.contains(&missing.display().to_string()), "{said}");
    assert!(said.contains("apt-get install libopenxr-loader1"), "{said}");
    // Still running: no loader is not a reason to stop.
    assert!(
        child.try_wait().expect("status").is_none(),
        "the daemon exited"
    );
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let exit = child.wait().expect("the daemon exits");
    assert!(exit.success(), "exit status {exit:?}");
}
