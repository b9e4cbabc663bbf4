//! The real `posewire serve` binary: started on a free loopback port, it
//! logs where to connect, streams the demo body to a gRPC subscriber, and
//! shuts down cleanly on SIGTERM.

use std::io::{BufRead as _, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use posewire_client::{pb, Client};

#[test]
fn serve_streams_the_demo_and_stops_cleanly_on_sigterm() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_posewire"))
        .args(["serve", "--listen", "127.0.0.1:0"])
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
    // The log says where to connect.
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
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let frames = runtime.block_on(async {
        let client = Client::connect(&address).await.expect("connects");
        let mut stream = client
            .stream_frames(pb::StreamFramesRequest::default())
            .await
            .expect("subscribes");
        let mut sequences = Vec::new();
        while sequences.len() < 20 {
            let r = tokio::time::timeout(Duration::from_secs(20), stream.message())
                .await
                .expect("a frame in time")
                .expect("no error")
                .expect("stream goes on");
            let frame = r.frame.expect("frame");
            if !frame.avatars.is_empty() {
                sequences.push(frame.sequence);
            }
        }
        sequences
    });
    // Close the client's connection before stopping the daemon.
    drop(runtime);
    assert!(frames.windows(2).all(|w| w[1] > w[0]), "{frames:?}");
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let exit = child.wait().expect("the daemon exits");
    assert!(exit.success(), "exit status {exit:?}");
    let rest: Vec<String> = rx.try_iter().collect();
    assert!(
        rest.iter().any(|l| l.contains("shut down cleanly")),
        "{rest:?}"
    );
}
