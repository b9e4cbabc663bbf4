//! The client SDK's frame subscription survives the daemon going away: it
//! reports the disconnection, retries with backoff, and streams again once
//! a daemon listens on the same address. Real daemons on a real socket;
//! every wait is bounded; nothing asserts on durations.

mod common;
use common::PATIENCE;

use std::time::Duration;

use posewire::serve::{Config, Daemon};
use posewire_client::{pb, Backoff, Client, SubscriptionEvent};

async fn start(listen: &str) -> Daemon {
    let config = Config {
        listen: listen.into(),
        ..Config::default()
    };
    common::start_daemon_alone(&config).await
}

async fn next(sub: &mut posewire_client::Subscription) -> SubscriptionEvent {
    tokio::time::timeout(PATIENCE, sub.next())
        .await
        .expect("an event within the patience")
        .expect("the subscription goes on")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_subscription_reconnects_with_backoff_when_the_daemon_comes_back() {
    let first = start("127.0.0.1:0").await;
    let address = first.local_addr().to_string();
    let client = Client::connect_lazy(&address).expect("a valid address");
    let backoff = Backoff {
        initial: Duration::from_millis(20),
        max: Duration::from_millis(200),
        ..Backoff::default()
    };
    let mut sub = client.subscribe(pb::StreamFramesRequest::default(), backoff);
    let mut frames = 0;
    while frames < 5 {
        match next(&mut sub).await {
            SubscriptionEvent::Frame(_) => frames += 1,
            other => panic!("a frame expected, got {other:?}"),
        }
    }
    first.shutdown().await.expect("clean shutdown");

    // Frames still queued, then the disconnection; retries while nobody
    // listens, each waiting no shorter than the last.
    let mut waits = Vec::new();
    while waits.len() < 3 {
        match next(&mut sub).await {
            SubscriptionEvent::Frame(_) => assert!(waits.is_empty(), "no frame while down"),
            SubscriptionEvent::Disconnected {
                attempt, retry_in, ..
            } => {
                assert_eq!(attempt as usize, waits.len() + 1);
                waits.push(retry_in);
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!(waits.windows(2).all(|w| w[1] >= w[0]), "{waits:?}");
    assert!(waits.iter().all(|w| *w <= backoff.max), "{waits:?}");

    // A daemon on the same address: the subscription streams again.
    let second = start(&address).await;
    let mut reconnected = false;
    let frame = loop {
        match next(&mut sub).await {
            SubscriptionEvent::Disconnected { .. } => assert!(!reconnected),
            SubscriptionEvent::Reconnected => reconnected = true,
            SubscriptionEvent::Frame(f) => {
                assert!(reconnected, "Reconnected comes before the new frames");
                break f.frame.expect("a frame");
            }
            SubscriptionEvent::Failed(status) => panic!("gave up: {status:?}"),
        }
    };
    assert_eq!(frame.avatars.len(), 1, "the new daemon's demo avatar");
    drop(sub);
    second.shutdown().await.expect("clean shutdown");
}
