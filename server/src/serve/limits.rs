//! Limits a daemon operator sets (`[limits]`): how many streams (frame
//! subscribers and every other response stream: WatchRecording,
//! Calibrate, FetchTake, GetTakeFrames) in all, on one connection, and how
//! many frame subscribers with vertices; HTTP/2 streams per connection;
//! the largest push; the bytes read at once from files clients name. A
//! call beyond a limit ends RESOURCE_EXHAUSTED with the limit and the key
//! that sets it; refusals are counted and the first is logged as a
//! warning.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use serde::Deserialize;
use tonic::Status;

use super::config_error::ConfigError;

/// The `[limits]` table of the configuration.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LimitsConfig {
    /// Frame subscribers (StreamFrames calls) open at once, on both ports.
    pub max_subscribers: usize,
    /// Frame subscribers open at once on one connection (one client
    /// address and port).
    pub max_subscribers_per_connection: usize,
    /// Frame subscribers with vertices open at once.
    pub max_vertex_subscribers: usize,
    /// Seconds between HTTP/2 pings on a quiet gRPC connection, and how
    /// long an unanswered ping waits before the connection is closed: a
    /// client that vanished without closing (power loss, a cut network)
    /// gives back its subscriber places within twice this.
    pub keepalive_s: f64,
    /// HTTP/2 streams (calls) open at once on one connection, on the gRPC
    /// and web ports (the SETTINGS_MAX_CONCURRENT_STREAMS the daemon
    /// announces: a client queues calls beyond it).
    pub max_streams_per_connection: u32,
    /// The largest impulse PushImpulse takes, newton-seconds (its length).
    pub max_impulse_n_s: f64,
    /// MiB read at once from files clients name (file sources, hull
    /// models, fetched takes): a read that would pass it is refused
    /// RESOURCE_EXHAUSTED; a file larger than the whole budget is read
    /// only when nothing else is.
    pub read_budget_mib: u64,
}

impl Default for LimitsConfig {
    /// Room for 4 relays of 100 viewers each (400 streams, 100 on one
    /// connection) beside the 400 pose subscribers measured at 90 Hz on
    /// this machine without a skip, with a margin: 1,000 in all, 200 on
    /// one connection; vertex subscribers 400 (the fan-out already skips
    /// beyond 150 to 200 of them on 2 cores, docs/RESULTS.md; the runs in docs/notes/live-daemon-measurements.md).
    /// HTTP/2 streams per connection 1,000: five times the subscribers one
    /// connection may hold, with room for its unary calls. Impulses up to
    /// 1,000 N s (four times the largest push tested, 250 N s). Reads 768
    /// MiB at once: one 512 MiB tracker take (about 470 MB of memory while
    /// parsed) at a time keeps the daemon under 1.2 GB
    /// (docs/notes/hardening-second-round.md).
    fn default() -> Self {
        LimitsConfig {
            max_subscribers: 1000,
            max_subscribers_per_connection: 200,
            max_vertex_subscribers: 400,
            keepalive_s: 20.0,
            max_streams_per_connection: 1000,
            max_impulse_n_s: 1000.0,
            read_budget_mib: 768,
        }
    }
}

/// The most any limit may be set to.
const MAX_LIMIT: usize = 1_000_000;

impl LimitsConfig {
    /// Checks the table; the first problem is returned with its key.
    pub fn validate(&self, path: &str) -> Result<(), ConfigError> {
        for (key, value) in [
            ("limits.max_subscribers", self.max_subscribers),
            (
                "limits.max_subscribers_per_connection",
                self.max_subscribers_per_connection,
            ),
            ("limits.max_vertex_subscribers", self.max_vertex_subscribers),
        ] {
            if !(1..=MAX_LIMIT).contains(&value) {
                return Err(ConfigError::Invalid {
                    path: path.to_string(),
                    key: key.to_string(),
                    reason: format!("{value} is not between 1 and {MAX_LIMIT}"),
                });
            }
        }
        let bad = |key: &str, reason: String| ConfigError::Invalid {
            path: path.to_string(),
            key: key.to_string(),
            reason,
        };
        if !(1..=MAX_LIMIT as u32).contains(&self.max_streams_per_connection) {
            return Err(bad(
                "limits.max_streams_per_connection",
                format!(
                    "{} is not between 1 and {MAX_LIMIT}",
                    self.max_streams_per_connection
                ),
            ));
        }
        if !(self.max_impulse_n_s.is_finite() && (1.0..=1e5).contains(&self.max_impulse_n_s)) {
            return Err(bad(
                "limits.max_impulse_n_s",
                format!("{} is not between 1 and 100000 N s", self.max_impulse_n_s),
            ));
        }
        if !(1..=1 << 20).contains(&self.read_budget_mib) {
            return Err(bad(
                "limits.read_budget_mib",
                format!("{} is not between 1 and 1048576 MiB", self.read_budget_mib),
            ));
        }
        if !(0.1..=3600.0).contains(&self.keepalive_s) {
            return Err(ConfigError::Invalid {
                path: path.to_string(),
                key: "limits.keepalive_s".to_string(),
                reason: format!("{} is not between 0.1 and 3600 seconds", self.keepalive_s),
            });
        }
        Ok(())
    }

    /// The keepalive interval and ping timeout of the gRPC port.
    pub fn keepalive(&self) -> std::time::Duration {
        std::time::Duration::from_secs_f64(self.keepalive_s)
    }
}

/// The open subscribers, counted against the limits.
#[derive(Debug, Default)]
struct Open {
    all: usize,
    vertices: usize,
    by_connection: HashMap<SocketAddr, usize>,
}

/// Admits frame subscribers within the limits.
#[derive(Debug)]
pub struct SubscriberLimits {
    config: LimitsConfig,
    open: Mutex<Open>,
    refused: AtomicU64,
}

/// Holds one admitted subscriber's place; dropping it frees the place.
#[derive(Debug)]
pub struct Admitted {
    limits: Arc<SubscriberLimits>,
    peer: Option<SocketAddr>,
    vertices: bool,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut open = self.limits.lock();
        open.all = open.all.saturating_sub(1);
        if self.vertices {
            open.vertices = open.vertices.saturating_sub(1);
        }
        if let Some(peer) = self.peer {
            if let Some(n) = open.by_connection.get_mut(&peer) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    open.by_connection.remove(&peer);
                }
            }
        }
    }
}

impl SubscriberLimits {
    /// Limits as configured.
    pub fn new(config: LimitsConfig) -> SubscriberLimits {
        SubscriberLimits {
            config,
            open: Mutex::default(),
            refused: AtomicU64::new(0),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The limits as configured.
    pub fn config(&self) -> &LimitsConfig {
        &self.config
    }

    /// Subscribers refused so far.
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }

    /// Admits a subscriber from `peer` (its connection; `None`: unknown,
    /// counted in all only), with vertices or not, or answers
    /// RESOURCE_EXHAUSTED naming the limit reached and its key.
    pub fn admit(
        self: &Arc<Self>,
        peer: Option<SocketAddr>,
        vertices: bool,
    ) -> Result<Admitted, Status> {
        let c = &self.config;
        let mut open = self.lock();
        let on_connection = peer.map_or(0, |p| open.by_connection.get(&p).copied().unwrap_or(0));
        let full = if open.all >= c.max_subscribers {
            Some(("subscribers", c.max_subscribers, "limits.max_subscribers"))
        } else if peer.is_some() && on_connection >= c.max_subscribers_per_connection {
            Some((
                "subscribers on one connection",
                c.max_subscribers_per_connection,
                "limits.max_subscribers_per_connection",
            ))
        } else if vertices && open.vertices >= c.max_vertex_subscribers {
            Some((
                "vertex subscribers",
                c.max_vertex_subscribers,
                "limits.max_vertex_subscribers",
            ))
        } else {
            None
        };
        if let Some((what, limit, key)) = full {
            drop(open);
            let message = format!(
                "the daemon already serves its limit of {limit} {what}; the operator sets it \
                 with `{key}` in the configuration"
            );
            if self.refused.fetch_add(1, Ordering::Relaxed) == 0 {
                tracing::warn!(
                    "a stream was refused: {message} (further refusals are logged at debug level)"
                );
            } else {
                tracing::debug!("a stream was refused: {message}");
            }
            return Err(Status::resource_exhausted(message));
        }
        open.all += 1;
        if vertices {
            open.vertices += 1;
        }
        if let Some(p) = peer {
            *open.by_connection.entry(p).or_default() += 1;
        }
        Ok(Admitted {
            limits: self.clone(),
            peer,
            vertices,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic::Code;

    fn limits(all: usize, per: usize, vertices: usize) -> Arc<SubscriberLimits> {
        Arc::new(SubscriberLimits::new(LimitsConfig {
            max_subscribers: all,
            max_subscribers_per_connection: per,
            max_vertex_subscribers: vertices,
            ..LimitsConfig::default()
        }))
    }

    fn peer(port: u16) -> Option<SocketAddr> {
        Some(SocketAddr::from(([127, 0, 0, 1], port)))
    }

    #[test]
    fn each_limit_refuses_with_its_key_and_frees_on_drop() {
        let l = limits(3, 2, 1);
        let a = l.admit(peer(1), false).expect("first");
        let b = l.admit(peer(1), true).expect("second on the connection");
        let err = l
            .admit(peer(1), false)
            .expect_err("third on the connection");
        assert_eq!(err.code(), Code::ResourceExhausted);
        assert!(
            err.message()
                .contains("limits.max_subscribers_per_connection")
                && err.message().contains(" 2 "),
            "{err:?}"
        );
        let err = l.admit(peer(2), true).expect_err("second with vertices");
        assert!(
            err.message().contains("limits.max_vertex_subscribers"),
            "{err:?}"
        );
        let c = l.admit(peer(2), false).expect("third in all");
        let err = l.admit(peer(3), false).expect_err("fourth in all");
        assert!(
            err.message().contains("`limits.max_subscribers`"),
            "{err:?}"
        );
        assert_eq!(l.refused(), 3);
        drop(b);
        let _d = l.admit(peer(1), true).expect("a freed place, vertices too");
        drop((a, c));
        assert_eq!(l.lock().all, 1);
        assert_eq!(l.lock().by_connection.len(), 1);
    }

    #[test]
    fn limits_must_be_positive() {
        let bad = LimitsConfig {
            max_vertex_subscribers: 0,
            ..LimitsConfig::default()
        };
        let err = bad.validate("t.toml").expect_err("zero");
        assert!(
            err.to_string().contains("`limits.max_vertex_subscribers`"),
            "{err}"
        );
        LimitsConfig::default()
            .validate("t.toml")
            .expect("defaults");
    }
}
