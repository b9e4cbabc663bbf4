//! The real `posewire serve` binary: started on a free loopback port, it
//! logs where to connect, streams the demo body to a gRPC subscriber, and
//! shuts down cleanly on SIGTERM.

mod serve_common;

use std::time::Duration;

use serve_common::{rest_of_log, spawn_serve, stop_cleanly};

use posewire_client::{pb, Client};

#[test]
fn serve_streams_the_demo_and_stops_cleanly_on_sigterm() {
    // The log says where to connect.
    let (child, address, rx) = spawn_serve("127.0.0.1:0", &[]);
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
    stop_cleanly(child);
    let rest = rest_of_log(&rx);
    assert!(
        rest.iter().any(|l| l.contains("shut down cleanly")),
        "{rest:?}"
    );
}
