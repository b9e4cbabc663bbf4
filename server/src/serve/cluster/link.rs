//! The bus connection: connecting (in the background, with backoff, for
//! ever), the connection's events as counters and log lines, the publisher
//! of this node's frames (off the real-time loop: it reads the frame
//! fan-out, whose lag drops the oldest frames) and the subscriber of the
//! other nodes' frames.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use posewire_proto::v1 as pb;
use tokio::sync::{broadcast, watch};
use tokio_stream::StreamExt as _;

use super::{wire, Link};

/// Frames the client queues toward the server (a bus outage longer than
/// this holds up the publisher, whose fan-out then drops the oldest).
const CLIENT_CAPACITY: usize = 256;

/// The wait before reconnect attempt `n`: 50 ms doubling to 1 s.
pub fn backoff(attempts: usize) -> Duration {
    let shift = attempts.min(5) as u32;
    Duration::from_millis(50u64 << shift).min(Duration::from_secs(1))
}

/// The connect options of `link`'s configuration: backoff, events, token,
/// credentials, TLS.
async fn options(link: &Arc<Link>) -> anyhow::Result<async_nats::ConnectOptions> {
    let c = &link.config;
    let name = if c.relay {
        format!("posewire relay ({})", c.space)
    } else {
        format!("posewire node {} ({})", c.node, c.space)
    };
    let events = link.clone();
    let mut o = async_nats::ConnectOptions::new()
        .name(name)
        .retry_on_initial_connect()
        .max_reconnects(None)
        .reconnect_delay_callback(backoff)
        .client_capacity(CLIENT_CAPACITY)
        .no_echo()
        .event_callback(move |event| {
            events.on_event(&event);
            async {}
        });
    let token = match (
        &c.token_file,
        std::env::var(super::cluster_config::ENV_TOKEN),
    ) {
        (Some(path), _) => Some(
            // A secret's file, capped as a PEM file is.
            posewire_body::bounded_read::read_text_bounded(path, posewire_body::bounded_read::PEM)
                .context("cluster.token_file: cannot read the token")?
                .trim()
                .to_string(),
        ),
        (None, Ok(token)) if !token.is_empty() => Some(token),
        _ => None,
    };
    if let Some(token) = token {
        o = o.token(token);
    }
    if let Some(path) = &c.credentials {
        o = o
            .credentials_file(path)
            .await
            .with_context(|| format!("cluster.credentials: cannot use {}", path.display()))?;
    }
    if let Some(ca) = &c.tls_ca {
        o = o.add_root_certificates(ca.clone());
    }
    if let (Some(cert), Some(key)) = (&c.tls_cert, &c.tls_key) {
        o = o.add_client_certificate(cert.clone(), key.clone());
    }
    Ok(o.require_tls(c.require_tls))
}

/// The bus link's own thread: the connection and its tasks run there, on
/// a runtime of their own, so that neither the gRPC fan-out's load delays
/// the bus nor the bus the fan-out.
#[derive(Debug)]
pub struct BusThread {
    thread: Option<std::thread::JoinHandle<()>>,
}

impl BusThread {
    /// Waits up to `grace` for the thread to end (it ends on the daemon's
    /// shutdown signal); whether it did.
    pub fn join(mut self, grace: Duration) -> bool {
        let Some(thread) = self.thread.take() else {
            return true;
        };
        let deadline = Instant::now() + grace;
        while !thread.is_finished() {
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        thread.join().is_ok()
    }
}

/// Starts the bus thread: connects (in the background: a server that is
/// down now is retried), subscribes, and runs the publisher (nodes only),
/// the subscriber and the expiry until `shutdown`. Returns once subscribed,
/// or with what made the link unusable (a bad credentials file).
pub fn start(
    link: &Arc<Link>,
    frames: &broadcast::Sender<Arc<pb::Frame>>,
    shutdown: watch::Receiver<bool>,
) -> anyhow::Result<BusThread> {
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let (link, frames) = (link.clone(), frames.subscribe());
    let thread = std::thread::Builder::new()
        .name("posewire-bus".into())
        .spawn(move || {
            let runtime = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(r) => r,
                Err(e) => {
                    let _ =
                        ready_tx.send(Err(anyhow::anyhow!(e).context("no runtime for the bus")));
                    return;
                }
            };
            runtime.block_on(async move {
                match connect(&link, frames, shutdown).await {
                    Ok(tasks) => {
                        let _ = ready_tx.send(Ok(()));
                        for task in tasks {
                            let _ = task.await;
                        }
                    }
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                    }
                }
            });
        })
        .context("cannot start the bus thread")?;
    match ready_rx.recv() {
        Ok(Ok(())) => Ok(BusThread {
            thread: Some(thread),
        }),
        Ok(Err(e)) => Err(e),
        Err(_) => Err(anyhow::anyhow!("the bus thread ended while starting")),
    }
}

/// Connects, subscribes and spawns the link's tasks on the bus runtime.
async fn connect(
    link: &Arc<Link>,
    frames: broadcast::Receiver<Arc<pb::Frame>>,
    shutdown: watch::Receiver<bool>,
) -> anyhow::Result<Vec<tokio::task::JoinHandle<()>>> {
    let c = &link.config;
    let servers: Vec<&str> = c.nats.split(',').map(str::trim).collect();
    let client = options(link)
        .await?
        .connect(servers)
        .await
        .with_context(|| format!("cluster.nats: cannot use {}", c.nats))?;
    let subscriber = client
        .subscribe(wire::all_frames(&c.space))
        .await
        .context("cannot subscribe to the space's frames")?;
    tracing::info!(
        nats = %c.nats,
        space = %c.space,
        node = %c.node,
        subject = %wire::all_frames(&c.space),
        "joining the shared space"
    );
    let mut tasks = vec![tokio::spawn(receive(
        link.clone(),
        client.clone(),
        subscriber,
        shutdown.clone(),
    ))];
    tasks.push(tokio::spawn(expire(link.clone(), shutdown.clone())));
    if !c.relay {
        tasks.push(tokio::spawn(publish(
            link.clone(),
            client,
            frames,
            shutdown,
        )));
    }
    Ok(tasks)
}

/// Publishes every frame of the fan-out (this node's own avatars) until
/// shutdown. The fan-out never waits for this task: when it falls behind
/// (a slow or absent bus), the oldest frames are dropped and counted.
async fn publish(
    link: Arc<Link>,
    client: async_nats::Client,
    mut frames: broadcast::Receiver<Arc<pb::Frame>>,
    mut shutdown: watch::Receiver<bool>,
) {
    let c = &link.config;
    let subject = wire::frame_subject(&c.space, &c.node);
    loop {
        let frame = tokio::select! {
            r = frames.recv() => r,
            _ = shutdown.changed() => break,
        };
        let frame = match frame {
            Ok(frame) => frame,
            Err(broadcast::error::RecvError::Lagged(n)) => {
                link.counters
                    .publish_dropped
                    .fetch_add(n, Ordering::Relaxed);
                continue;
            }
            Err(broadcast::error::RecvError::Closed) => break,
        };
        let payload = wire::encode(
            &c.space,
            &c.node,
            &frame,
            &link.own_objects(),
            &link.own_skeletons(),
        );
        let sent = tokio::select! {
            r = client.publish(subject.clone(), payload.into()) => r.is_ok(),
            _ = shutdown.changed() => break,
        };
        let counter = if sent {
            &link.counters.published
        } else {
            &link.counters.publish_dropped
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }
    // Whatever is queued goes out before the connection closes.
    let _ = tokio::time::timeout(Duration::from_millis(500), client.flush()).await;
}

/// Takes the other nodes' frames into the store until shutdown; refuses
/// malformed ones (counted, logged at most every few seconds).
async fn receive(
    link: Arc<Link>,
    // Held while the link lives (a relay has no publisher holding it).
    _client: async_nats::Client,
    mut subscriber: async_nats::Subscriber,
    mut shutdown: watch::Receiver<bool>,
) {
    let space = link.config.space.clone();
    loop {
        let message = tokio::select! {
            m = subscriber.next() => m,
            _ = shutdown.changed() => break,
        };
        let Some(message) = message else { break };
        let subject = message.subject.as_str();
        if wire::node_of(subject, &space) == Some(link.config.node.as_str()) {
            continue;
        }
        match wire::decode(subject, &space, &message.payload) {
            Ok(m) => {
                link.counters.received.fetch_add(1, Ordering::Relaxed);
                let Some(frame) = m.frame else { continue };
                let verdict = link
                    .remote
                    .accept(&m.node, frame, m.objects, Instant::now());
                if verdict != super::remote::Accepted::Full && !m.skeletons.is_empty() {
                    link.remote.keep_skeletons(&m.node, m.skeletons);
                }
                match verdict {
                    super::remote::Accepted::NewNode => {
                        tracing::info!(node = %m.node, "a node of the space is heard");
                    }
                    super::remote::Accepted::Full => link.refused(
                        subject,
                        &wire::Refused::BadFrame(format!(
                            "more than {} remote avatars or {} remote objects",
                            super::remote::MAX_REMOTE_AVATARS,
                            super::remote::MAX_REMOTE_OBJECTS
                        )),
                    ),
                    _ => {}
                }
            }
            Err(reason) => link.refused(subject, &reason),
        }
    }
}

/// Drops silent nodes (and says so) four times a second until shutdown.
async fn expire(link: Arc<Link>, mut shutdown: watch::Receiver<bool>) {
    let mut every = tokio::time::interval(Duration::from_millis(250));
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = shutdown.changed() => break,
        }
        for node in link.remote.expire(Instant::now()) {
            tracing::warn!(
                node = %node,
                timeout_s = link.config.remote_timeout_s,
                "a node of the space went silent: its avatars are dropped until it returns"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reconnects_back_off_to_one_second() {
        assert_eq!(backoff(0), Duration::from_millis(50));
        assert_eq!(backoff(1), Duration::from_millis(100));
        assert_eq!(backoff(4), Duration::from_millis(800));
        assert_eq!(backoff(5), Duration::from_secs(1));
        assert_eq!(backoff(usize::MAX), Duration::from_secs(1));
    }
}
