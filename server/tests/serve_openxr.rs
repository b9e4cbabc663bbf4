//! The real `posewire serve` binary with an `openxr` avatar on a machine
//! without an OpenXR loader (forced with `POSEWIRE_OPENXR_LOADER` naming a
//! file that does not exist): it starts, serves, and says clearly what is
//! missing and how to get it.

mod common;

use std::time::Duration;

use common::{spawn_serve_logged, stop_cleanly};

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
    let loader = missing.display().to_string();
    let (mut child, _address, before, rx) = spawn_serve_logged(
        &["--config", &config.display().to_string()],
        &[("POSEWIRE_OPENXR_LOADER", &loader)],
    );
    let mut lines = before.into_iter();
    let mut serving = false;
    let mut said = None;
    while !(serving && said.is_some()) {
        let line = lines.next().unwrap_or_else(|| {
            rx.recv_timeout(Duration::from_secs(30))
                .expect("the daemon logs that it serves and what OpenXR lacks")
        });
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
    stop_cleanly(child);
}
