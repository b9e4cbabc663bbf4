//! The `[cluster]` section: which NATS server, which space, which node, and
//! how the node proves itself to the server (token, credentials, TLS).

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

/// Environment variable whose value, when set, is the NATS token (instead
/// of `token_file`).
pub const ENV_TOKEN: &str = "POSEWIRE_NATS_TOKEN";

/// A shared space over NATS (issue 27, `docs/SCALING.md`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClusterConfig {
    /// The NATS server, `nats://HOST:PORT` (`tls://` for TLS); several may
    /// be given separated by commas (the servers of one NATS cluster).
    pub nats: String,
    /// The space: every node and relay of one space shares its subjects.
    pub space: String,
    /// This node's name, unique in the space (a relay has none).
    #[serde(default)]
    pub node: String,
    /// Seconds without a frame after which a node's avatars are dropped.
    #[serde(default = "default_timeout")]
    pub remote_timeout_s: f64,
    /// A file holding the NATS token (or set `POSEWIRE_NATS_TOKEN`).
    #[serde(default)]
    pub token_file: Option<PathBuf>,
    /// A NATS credentials file (`*.creds`: a user JWT and its nkey seed).
    #[serde(default)]
    pub credentials: Option<PathBuf>,
    /// A CA certificate (PEM) to trust for the server's TLS certificate.
    #[serde(default)]
    pub tls_ca: Option<PathBuf>,
    /// A client certificate (PEM) for mutual TLS, with `tls_key`.
    #[serde(default)]
    pub tls_cert: Option<PathBuf>,
    /// The client certificate's private key (PEM).
    #[serde(default)]
    pub tls_key: Option<PathBuf>,
    /// Refuse a server that does not offer TLS.
    #[serde(default)]
    pub require_tls: bool,
    /// Set by `posewire relay`, never by a file: the daemon simulates
    /// nothing and publishes nothing.
    #[serde(skip)]
    pub relay: bool,
}

fn default_timeout() -> f64 {
    2.0
}

impl ClusterConfig {
    /// A relay's link: `nats` and `space`, no node.
    pub fn relay(nats: &str, space: &str) -> ClusterConfig {
        ClusterConfig {
            nats: nats.to_string(),
            space: space.to_string(),
            node: String::new(),
            remote_timeout_s: default_timeout(),
            token_file: None,
            credentials: None,
            tls_ca: None,
            tls_cert: None,
            tls_key: None,
            require_tls: false,
            relay: true,
        }
    }

    /// The timeout after which a silent node's avatars are dropped.
    pub fn remote_timeout(&self) -> Duration {
        Duration::from_secs_f64(self.remote_timeout_s)
    }

    /// Makes relative paths relative to `base`.
    pub fn resolve_paths(&mut self, base: &Path) {
        for p in [
            &mut self.token_file,
            &mut self.credentials,
            &mut self.tls_ca,
            &mut self.tls_cert,
            &mut self.tls_key,
        ]
        .into_iter()
        .flatten()
        {
            if p.is_relative() {
                *p = base.join(&*p);
            }
        }
    }

    /// Checks every value: `(key, reason)` of the first problem.
    pub fn check(&self) -> Result<(), (String, String)> {
        let bad = |k: &str, r: String| Err((format!("cluster.{k}"), r));
        if self.nats.trim().is_empty()
            || !self.nats.split(',').all(|u| {
                let u = u.trim();
                ["nats://", "tls://"].iter().any(|s| u.starts_with(s)) && u.len() > 7
            })
        {
            return bad(
                "nats",
                format!(
                    "`{}` is not a NATS URL like nats://127.0.0.1:4222",
                    self.nats
                ),
            );
        }
        if let Err(reason) = crate::serve::ids::check_id(&self.space) {
            return bad("space", reason);
        }
        if !self.relay {
            if let Err(reason) = crate::serve::ids::check_id(&self.node) {
                return bad("node", reason);
            }
        }
        if !(self.remote_timeout_s.is_finite() && (0.1..=60.0).contains(&self.remote_timeout_s)) {
            return bad(
                "remote_timeout_s",
                format!(
                    "{} is not between 0.1 and 60 seconds",
                    self.remote_timeout_s
                ),
            );
        }
        if self.tls_cert.is_some() != self.tls_key.is_some() {
            return bad(
                "tls_cert",
                "give tls_cert and tls_key together (or neither)".into(),
            );
        }
        for (key, path) in [
            ("token_file", &self.token_file),
            ("credentials", &self.credentials),
            ("tls_ca", &self.tls_ca),
            ("tls_cert", &self.tls_cert),
            ("tls_key", &self.tls_key),
        ] {
            if let Some(p) = path {
                if !p.is_file() {
                    return bad(key, format!("{} is not a file", p.display()));
                }
            }
        }
        Ok(())
    }
}
