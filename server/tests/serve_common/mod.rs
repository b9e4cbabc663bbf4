//! Starting the real `posewire serve` binary for the daemon's binary tests
//! (included with `mod`).

#![allow(dead_code)]

use std::io::{BufRead as _, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Starts `posewire serve --listen LISTEN` with `envs` set and waits for it
/// to log where it listens; returns the child, that address (IP:PORT) and
/// the rest of its log, line by line.
pub fn spawn_serve(listen: &str, envs: &[(&str, &str)]) -> (Child, String, mpsc::Receiver<String>) {
    spawn_serve_with(&["--listen", listen], envs)
}

/// Starts `posewire serve ARGS` with `envs` set, as [`spawn_serve`].
pub fn spawn_serve_with(
    args: &[&str],
    envs: &[(&str, &str)],
) -> (Child, String, mpsc::Receiver<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_posewire"))
        .arg("serve")
        .args(args)
        .envs(envs.iter().copied())
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
    let address = loop {
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the daemon logs its address");
        if let Some(rest) = line.split("address=").nth(1) {
            break rest
                .split_whitespace()
                .next()
                .expect("an address")
                .to_string();
        }
    };
    (child, address, rx)
}
