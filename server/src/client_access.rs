//! The access flags every client subcommand shares (`--token`, `--ca`,
//! `--tls-domain`) and the connection options they make.

use std::path::PathBuf;

use clap::Args;
use posewire_client::{ConnectOptions, TOKEN_ENV};

/// How to reach a daemon that wants a token or speaks TLS.
#[derive(Debug, Clone, Default, Args)]
pub struct ClientAccessArgs {
    /// The bearer token the daemon gave this client (default: the
    /// POSEWIRE_TOKEN environment variable; prefer it, since flags show in
    /// process lists).
    #[arg(long, value_name = "TOKEN")]
    pub token: Option<String>,
    /// Connect with TLS, trusting this certificate (PEM): the daemon's
    /// self-signed certificate or the authority that signed it. Without
    /// it, an https:// --server uses TLS with the system's trusted roots.
    #[arg(long, value_name = "CA.pem")]
    pub ca: Option<PathBuf>,
    /// The name the daemon's certificate must carry (default: the host of
    /// --server).
    #[arg(long, value_name = "NAME")]
    pub tls_domain: Option<String>,
}

impl ClientAccessArgs {
    /// The connection options; `env` reads an environment variable.
    pub fn options(&self, env: impl Fn(&str) -> Option<String>) -> anyhow::Result<ConnectOptions> {
        let ca_certificate_pem = match &self.ca {
            Some(path) => Some(
                posewire_body::bounded_read::read_bounded(path, posewire_body::bounded_read::PEM)
                    .map_err(|e| anyhow::anyhow!("--ca: {e}"))?,
            ),
            None => None,
        };
        Ok(ConnectOptions {
            token: self
                .token
                .clone()
                .or_else(|| env(TOKEN_ENV).filter(|t| !t.is_empty())),
            ca_certificate_pem,
            tls_domain: self.tls_domain.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_wins_over_the_environment() {
        let env = |var: &str| (var == TOKEN_ENV).then(|| "from-env-0123456789".to_string());
        let none = ClientAccessArgs::default().options(env).expect("options");
        assert_eq!(none.token.as_deref(), Some("from-env-0123456789"));
        assert!(!none.uses_tls());
        let flag = ClientAccessArgs {
            token: Some("from-flag-0123456789".into()),
            ..ClientAccessArgs::default()
        };
        let options = flag.options(env).expect("options");
        assert_eq!(options.token.as_deref(), Some("from-flag-0123456789"));
        let missing = ClientAccessArgs {
            ca: Some("/nonexistent/ca.pem".into()),
            ..ClientAccessArgs::default()
        };
        let err = missing.options(|_| None).expect_err("no file").to_string();
        assert!(err.contains("/nonexistent/ca.pem"), "{err}");
    }
}
