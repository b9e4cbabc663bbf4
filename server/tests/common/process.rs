//! Starting the real `posewire serve` binary as a process, reading its
//! log, and stopping it with a signal.

use std::io::{BufRead as _, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// The tests' own runtime for their gRPC client (the daemon runs in its
/// own process).
pub fn client_runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

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
    let (child, address, _before, rx) = spawn_serve_logged(args, envs);
    (child, address, rx)
}

/// Starts `posewire serve ARGS` as [`spawn_serve_with`], and also returns
/// the log lines up to and including the one that gives the address.
pub fn spawn_serve_logged(
    args: &[&str],
    envs: &[(&str, &str)],
) -> (Child, String, Vec<String>, mpsc::Receiver<String>) {
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
    let mut before = Vec::new();
    let address = loop {
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the daemon logs its address");
        let address = line
            .split("address=")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .map(str::to_string);
        before.push(line);
        if let Some(address) = address {
            break address;
        }
    };
    (child, address, before, rx)
}

/// Stops the daemon with SIGTERM and asserts that it exits successfully.
pub fn stop_cleanly(mut child: Child) {
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let exit = child.wait().expect("the daemon exits");
    assert!(exit.success(), "exit status {exit:?}");
}

/// The rest of an exited daemon's log: every line until its reader reaches
/// the end of the output (the reader thread can still be passing the last
/// lines on when the process has already exited), at most 10 s.
pub fn rest_of_log(rx: &mpsc::Receiver<String>) -> Vec<String> {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let mut lines = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => lines.push(line),
            Err(_) => return lines,
        }
    }
}
