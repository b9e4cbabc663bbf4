//! Reading a frame subscription, every wait bounded.

use std::time::Duration;

use posewire_client::pb;

/// The longest a stream may take to deliver its next message (a loaded
/// machine is slow, a stuck daemon fails the test).
const STREAM_PATIENCE: Duration = Duration::from_secs(30);

/// The next message of a frame subscription, failing the test on error,
/// end or hang.
pub async fn next_response(
    stream: &mut tonic::Streaming<pb::StreamFramesResponse>,
) -> pb::StreamFramesResponse {
    tokio::time::timeout(STREAM_PATIENCE, stream.message())
        .await
        .expect("a frame in time")
        .expect("no stream error")
        .expect("the stream goes on")
}

/// The next frame of a subscription, as [`next_response`].
pub async fn next_frame(stream: &mut tonic::Streaming<pb::StreamFramesResponse>) -> pb::Frame {
    next_response(stream).await.frame.expect("a frame")
}
