//! The second, non-Rust client: Python stubs generated from `proto/` with
//! grpcio-tools subscribe to the real daemon for 5 s (tests/python/
//! subscribe.py), checking that frames keep coming with increasing
//! sequence numbers and a skeleton-consistent body, and printing the rate.
//!
//! The test sets up its own Python: a virtual environment under the
//! target folder (`CARGO_TARGET_TMPDIR/python-grpc`, reused by later runs)
//! with grpcio and grpcio-tools from PyPI. Without python3, or when pip
//! cannot install them (no network), it prints `SKIPPED: ...` with the
//! reason and passes.

mod python_env;

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use posewire::serve::Config;

use python_env::{python_with, run, tail, NoPython};

const WORKSPACE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// A Python with grpcio and grpcio-tools, or why there is none.
fn python_with_grpc() -> Result<PathBuf, String> {
    python_with(
        "python-grpc",
        &["grpcio", "grpcio-tools"],
        "import grpc, grpc_tools.protoc",
    )
    .map_err(|e| match e {
        NoPython::Unavailable(why) | NoPython::InstallFailed(why) => why,
    })
}

/// Generates the Python stubs of every `proto/posewire/v1/*.proto` into
/// `out`.
fn generate_stubs(python: &Path, out: &Path) {
    let proto = Path::new(WORKSPACE).join("proto");
    let mut files: Vec<PathBuf> = std::fs::read_dir(proto.join("posewire/v1"))
        .expect("proto/posewire/v1 is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "proto"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "the API's proto files: {files:?}");
    let output = run(Command::new(python)
        .args(["-m", "grpc_tools.protoc"])
        .arg(format!("-I{}", proto.display()))
        .arg(format!("--python_out={}", out.display()))
        .arg(format!("--grpc_python_out={}", out.display()))
        .args(&files))
    .expect("grpc_tools.protoc runs");
    assert!(
        output.status.success(),
        "grpc_tools.protoc failed on proto/: {}",
        tail(&output.stderr)
    );
    assert!(out.join("posewire/v1/frames_pb2_grpc.py").is_file());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_python_client_from_generated_stubs_streams_for_five_seconds() {
    let python = match tokio::task::spawn_blocking(python_with_grpc)
        .await
        .expect("setup task")
    {
        Ok(python) => python,
        Err(reason) => {
            println!("SKIPPED: the Python client test needs grpcio and grpcio-tools: {reason}");
            return;
        }
    };
    let stubs = tempfile::tempdir().expect("temp dir");
    generate_stubs(&python, stubs.path());

    let config = Config {
        listen: "127.0.0.1:0".into(),
        ..Config::default()
    };
    let daemon = common::start_daemon_alone(&config).await;
    let address = daemon.local_addr().to_string();
    let script = Path::new(WORKSPACE).join("tests/python/subscribe.py");
    let stub_dir = stubs.path().to_path_buf();
    let output = tokio::task::spawn_blocking(move || {
        run(Command::new(&python)
            .arg(script)
            .args(["--server", &address, "--seconds", "5", "--stubs"])
            .arg(stub_dir)
            .env("no_grpc_proxy", "127.0.0.1,localhost")
            .env_remove("POSEWIRE_TOKEN"))
    })
    .await
    .expect("client task")
    .expect("the Python client runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    println!("{stdout}");
    assert!(
        output.status.success(),
        "the Python client failed:\n{stdout}\n{}",
        tail(&output.stderr)
    );
    let summary = stdout
        .lines()
        .find(|l| l.starts_with("python client:"))
        .expect("a summary line");
    let frames: u64 = summary
        .split_whitespace()
        .nth(2)
        .and_then(|n| n.parse().ok())
        .expect("a frame count");
    assert!(frames > 1, "{summary}");
    daemon.shutdown().await.expect("clean shutdown");
}
