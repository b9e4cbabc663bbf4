//! Frame subscriptions that survive dropped connections: a task keeps one
//! StreamFrames call open, and when it fails waits with exponential
//! backoff and calls again, reporting each disconnection and reconnection
//! between the frames.

use std::time::Duration;

use posewire_proto::v1 as pb;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tonic::{Code, Status};

use crate::client::{Client, ClientError};

/// How long to wait between attempts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Backoff {
    /// The first wait.
    pub initial: Duration,
    /// The longest wait.
    pub max: Duration,
    /// Each failed attempt multiplies the wait by this.
    pub factor: f64,
    /// Give up after this many failed attempts in a row (`None`: never).
    pub max_attempts: Option<u32>,
}

impl Default for Backoff {
    fn default() -> Self {
        Backoff {
            initial: Duration::from_millis(100),
            max: Duration::from_secs(5),
            factor: 2.0,
            max_attempts: None,
        }
    }
}

impl Backoff {
    /// The wait before attempt `attempt` (1 for the first retry).
    pub fn delay(&self, attempt: u32) -> Duration {
        let exponent = attempt.saturating_sub(1).min(60) as i32;
        let secs = self.initial.as_secs_f64() * self.factor.max(1.0).powi(exponent);
        Duration::from_secs_f64(secs.min(self.max.as_secs_f64()))
    }
}

/// What a subscription delivers.
#[derive(Debug, Clone)]
pub enum SubscriptionEvent {
    /// A frame (with how many frames were skipped before it).
    Frame(pb::StreamFramesResponse),
    /// The stream broke; the next attempt comes after `retry_in`.
    Disconnected {
        /// Why it broke.
        error: Status,
        /// Failed attempts in a row so far.
        attempt: u32,
        /// The wait before the next attempt.
        retry_in: Duration,
    },
    /// Streaming again after a disconnection.
    Reconnected,
    /// Given up: an error that retrying cannot fix (an unknown avatar, an
    /// unsupported request, a missing permission), or too many attempts.
    Failed(Status),
}

/// A running subscription; dropping it ends the stream.
#[derive(Debug)]
pub struct Subscription {
    events: mpsc::Receiver<SubscriptionEvent>,
    task: JoinHandle<()>,
}

impl Drop for Subscription {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Whether a stream that ended with `status` is worth opening again.
fn retryable(status: &Status) -> bool {
    !matches!(
        status.code(),
        Code::NotFound
            | Code::InvalidArgument
            | Code::Unimplemented
            | Code::PermissionDenied
            | Code::Unauthenticated
            | Code::FailedPrecondition
    )
}

impl Subscription {
    pub(crate) fn start(
        client: Client,
        request: pb::StreamFramesRequest,
        backoff: Backoff,
    ) -> Self {
        let (tx, events) = mpsc::channel(64);
        let task = tokio::spawn(run(client, request, backoff, tx));
        Subscription { events, task }
    }

    /// The next event; `None` once the subscription has ended (after a
    /// [`SubscriptionEvent::Failed`]).
    pub async fn next(&mut self) -> Option<SubscriptionEvent> {
        self.events.recv().await
    }
}

async fn run(
    client: Client,
    request: pb::StreamFramesRequest,
    backoff: Backoff,
    tx: mpsc::Sender<SubscriptionEvent>,
) {
    let mut failures = 0u32;
    let mut streamed_before = false;
    loop {
        let error = match client.stream_frames(request.clone()).await {
            Ok(mut stream) => {
                if streamed_before && tx.send(SubscriptionEvent::Reconnected).await.is_err() {
                    return;
                }
                streamed_before = true;
                failures = 0;
                loop {
                    match stream.message().await {
                        Ok(Some(frame)) => {
                            if tx.send(SubscriptionEvent::Frame(frame)).await.is_err() {
                                return;
                            }
                        }
                        Ok(None) => break Status::unavailable("the daemon ended the stream"),
                        Err(status) => break status,
                    }
                }
            }
            Err(ClientError::Status(status)) => status,
            Err(other) => Status::unavailable(other.to_string()),
        };
        failures += 1;
        let give_up = !retryable(&error) || backoff.max_attempts.is_some_and(|m| failures >= m);
        if give_up {
            let _ = tx.send(SubscriptionEvent::Failed(error)).await;
            return;
        }
        let retry_in = backoff.delay(failures);
        let event = SubscriptionEvent::Disconnected {
            error,
            attempt: failures,
            retry_in,
        };
        if tx.send(event).await.is_err() {
            return;
        }
        tokio::time::sleep(retry_in).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_its_cap() {
        let b = Backoff::default();
        assert_eq!(b.delay(1), Duration::from_millis(100));
        assert_eq!(b.delay(2), Duration::from_millis(200));
        assert_eq!(b.delay(4), Duration::from_millis(800));
        assert_eq!(b.delay(30), Duration::from_secs(5));
    }

    #[test]
    fn only_transient_errors_are_retried() {
        assert!(retryable(&Status::unavailable("down")));
        assert!(!retryable(&Status::not_found("no avatar")));
        assert!(!retryable(&Status::unimplemented("later")));
    }

    #[tokio::test]
    async fn a_missing_daemon_is_retried_then_given_up() {
        // Port 1 on loopback: nothing listens there.
        let client = Client::connect_lazy("127.0.0.1:1").expect("valid address");
        let backoff = Backoff {
            initial: Duration::from_millis(1),
            max_attempts: Some(3),
            ..Backoff::default()
        };
        let mut sub = client.subscribe(pb::StreamFramesRequest::default(), backoff);
        let mut disconnects = 0;
        loop {
            match sub.next().await {
                Some(SubscriptionEvent::Disconnected { attempt, .. }) => {
                    disconnects += 1;
                    assert_eq!(attempt, disconnects);
                }
                Some(SubscriptionEvent::Failed(status)) => {
                    assert_eq!(status.code(), Code::Unavailable, "{status:?}");
                    break;
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(disconnects, 2);
        assert!(sub.next().await.is_none());
    }
}
