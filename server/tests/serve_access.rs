//! Access through the real binaries: `posewire serve` refuses an exposed
//! address without a token and says why; with a token from the
//! environment it starts, and `posewire subscribe` gets frames only with
//! the token (`--token` or POSEWIRE_TOKEN).

mod common;

use std::process::{Child, Command};
use std::sync::mpsc;

use common::spawn_serve;

const BIN: &str = env!("CARGO_BIN_EXE_posewire");
const TOKEN: &str = "binary-read-token-0123456789";

#[test]
fn serve_refuses_an_exposed_address_without_a_token() {
    let output = Command::new(BIN)
        .args(["serve", "--listen", "0.0.0.0:0"])
        .env_remove("POSEWIRE_TOKEN_READ")
        .env_remove("POSEWIRE_TOKEN_PUSH")
        .env_remove("POSEWIRE_TOKEN_ADMIN")
        .output()
        .expect("the binary runs");
    assert!(!output.status.success(), "it must refuse");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("refusing to listen on 0.0.0.0:0") && stderr.contains("--insecure"),
        "{stderr}"
    );
}

/// Starts `posewire serve` exposed with a read token from the
/// environment; returns the child, the port it logged and its log.
fn serve_with_token() -> (Child, u16, mpsc::Receiver<String>) {
    let (child, address, log) = spawn_serve("0.0.0.0:0", &[("POSEWIRE_TOKEN_READ", TOKEN)]);
    let port = address
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .expect("a port");
    (child, port, log)
}

#[test]
fn subscribe_needs_the_token_of_an_exposed_daemon() {
    let (mut child, port, _log) = serve_with_token();
    let server = format!("127.0.0.1:{port}");
    let subscribe = |extra: &[&str], env_token: Option<&str>| {
        let mut command = Command::new(BIN);
        command
            .args(["subscribe", "--server", &server, "--frames", "5"])
            .args(extra)
            .env_remove("POSEWIRE_TOKEN");
        if let Some(token) = env_token {
            command.env("POSEWIRE_TOKEN", token);
        }
        command.output().expect("subscribe runs")
    };
    let without = subscribe(&[], None);
    let with_flag = subscribe(&["--token", TOKEN], None);
    let with_env = subscribe(&[], Some(TOKEN));
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let exit = child.wait().expect("the daemon exits");
    assert!(exit.success(), "{exit:?}");

    assert!(!without.status.success(), "no token must fail");
    let stderr = String::from_utf8_lossy(&without.stderr);
    assert!(stderr.contains("needs a token"), "{stderr}");
    for (name, output) in [("--token", with_flag), ("POSEWIRE_TOKEN", with_env)] {
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{name}: {stdout} {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(stdout.contains("frames 5"), "{name}: {stdout}");
    }
}
