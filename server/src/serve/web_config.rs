//! The `[web]` table of the configuration: whether the live web view is
//! served, where, and which host names it answers to. The server itself is
//! [`super::web`].

use std::net::SocketAddr;

use serde::Deserialize;

use super::config_error::ConfigError;

/// The `[web]` table of the configuration.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct WebConfig {
    /// Serve the web view at all.
    pub enabled: bool,
    /// Address of the page (`IP:PORT`); absent: the IP of `listen` and
    /// the next port (port 0 when `listen` asks for port 0).
    pub listen: Option<String>,
    /// More names the page answers to besides loopback and its own
    /// address (`NAME` on any port, or `NAME:PORT`), against DNS
    /// rebinding; see [`super::web_hosts`].
    pub allowed_hosts: Vec<String>,
}

impl Default for WebConfig {
    fn default() -> Self {
        WebConfig {
            enabled: true,
            listen: None,
            allowed_hosts: Vec::new(),
        }
    }
}

impl WebConfig {
    /// The page's address for a daemon whose gRPC address is `grpc`, and
    /// whether it was configured explicitly (`false`: derived from
    /// `listen`; see [`WebConfig::listen`]).
    pub fn address(&self, grpc: SocketAddr) -> Result<(SocketAddr, bool), ConfigError> {
        super::web_hosts::check_allowed_hosts(&self.allowed_hosts).map_err(|(i, reason)| {
            ConfigError::Invalid {
                path: "configuration".into(),
                key: format!("web.allowed_hosts[{i}]"),
                reason,
            }
        })?;
        match &self.listen {
            Some(text) => text
                .parse()
                .map(|a| (a, true))
                .map_err(|_| ConfigError::Invalid {
                    path: "configuration".into(),
                    key: "web.listen".into(),
                    reason: format!("`{text}` is not an address like 127.0.0.1:50052"),
                }),
            None => {
                let port = match grpc.port() {
                    0 | u16::MAX => 0,
                    p => p + 1,
                };
                Ok((SocketAddr::new(grpc.ip(), port), false))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_listens_next_to_the_grpc_port_unless_configured() {
        let web = WebConfig::default();
        let grpc: SocketAddr = "127.0.0.1:50051".parse().expect("address");
        assert_eq!(
            web.address(grpc).expect("derived"),
            ("127.0.0.1:50052".parse().expect("address"), false)
        );
        let any: SocketAddr = "0.0.0.0:0".parse().expect("address");
        assert_eq!(web.address(any).expect("derived").0.port(), 0);
        let set = WebConfig {
            listen: Some("127.0.0.1:8080".into()),
            ..web.clone()
        };
        assert_eq!(set.address(grpc).expect("set").0.port(), 8080);
        let bad = WebConfig {
            listen: Some("nowhere".into()),
            ..web
        };
        let err = bad.address(grpc).expect_err("bad").to_string();
        assert!(err.contains("web.listen"), "{err}");
    }
}
