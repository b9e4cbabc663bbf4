//! An async Rust client for the Posewire daemon (`posewire serve`): typed
//! methods for every RPC of `posewire.v1`, gRPC health checks, and frame
//! subscriptions that reconnect with backoff when the connection drops.
//!
//! Examples (`cargo run -p posewire-client --example NAME`): `watch` (a
//! reconnecting subscription printing rate, skips and latency) and
//! `push_pose` (device samples pushed to an avatar, with the daemon's
//! estimate of the sender's clock).
//!
//! ```no_run
//! # async fn demo() -> Result<(), posewire_client::ClientError> {
//! use posewire_client::{Backoff, Client, SubscriptionEvent};
//! let client = Client::connect("127.0.0.1:50051").await?;
//! let skeleton = client.get_skeleton("demo").await?;
//! let mut frames = client.subscribe(Default::default(), Backoff::default());
//! while let Some(event) = frames.next().await {
//!     if let SubscriptionEvent::Frame(f) = event {
//!         let frame = f.frame.unwrap_or_default();
//!         println!("frame {} with {} avatars", frame.sequence, frame.avatars.len());
//!     }
//! }
//! # Ok(()) }
//! ```

mod client;
mod connect;
mod subscription;

pub use client::{AuthChannel, Client, ClientError};
pub use connect::{Auth, ConnectOptions, TOKEN_ENV};
pub use posewire_proto::v1 as pb;
pub use subscription::{Backoff, Subscription, SubscriptionEvent};

/// Where the daemon listens unless told otherwise.
pub const DEFAULT_SERVER: &str = "127.0.0.1:50051";
