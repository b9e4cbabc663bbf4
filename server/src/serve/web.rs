//! The live web view (issue 9): a second listener, by default next to the
//! gRPC port, serving the page (`GET /`, embedded by [`super::web_page`])
//! and the daemon's read and wizard services as gRPC-Web (tonic-web) on
//! the same port, so the browser needs no proxy. The services share the
//! daemon's state and pass through the same token check as the gRPC port;
//! only the page's own files are served without a token (the page asks
//! for one when the daemon needs it).

use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::Context as _;
use serde::Deserialize;
use tokio::sync::watch;
use tonic::transport::server::TcpIncoming;
use tonic::transport::Server;

use super::access::{AccessLayer, AccessPolicy};
use super::config::ConfigError;
use super::grpc;
use super::state::Shared;
use super::web_hosts::HostPolicy;

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

/// The running web listener.
#[derive(Debug)]
pub struct WebServer {
    /// Where the page is served.
    pub addr: SocketAddr,
    /// The server task.
    pub task: tokio::task::JoinHandle<Result<(), tonic::transport::Error>>,
}

/// Starts the web listener on `addr` with the daemon's state, token policy
/// and TLS settings, answering only to the allowed host names
/// (`allowed_hosts` besides loopback and its own address); it stops when
/// `stop` turns true. `None` (with a warning) when a derived address is
/// taken; an error when an explicit one is.
pub fn start(
    addr: SocketAddr,
    explicit: bool,
    allowed_hosts: &[String],
    shared: &Arc<Shared>,
    policy: AccessPolicy,
    tls: Option<tonic::transport::ServerTlsConfig>,
    mut stop: watch::Receiver<bool>,
) -> anyhow::Result<Option<WebServer>> {
    let incoming = match TcpIncoming::bind(addr) {
        Ok(incoming) => incoming.with_nodelay(Some(true)),
        Err(e) if !explicit => {
            tracing::warn!(%addr, error = %e, "cannot listen for the web view; it is off (set web.listen to choose its address)");
            return Ok(None);
        }
        Err(e) => anyhow::bail!("web.listen: cannot listen on {addr}: {e}"),
    };
    let local = incoming
        .local_addr()
        .with_context(|| format!("cannot read the address bound for {addr}"))?;
    let routes = grpc::shared_routes(shared);
    let page = |uri: axum::http::Uri| async move { super::web_page::respond(uri.path()) };
    // gRPC-Web translation for the services only: tonic-web answers 400 to
    // any other HTTP/1.1 request, such as the page's GETs (routes added
    // after `layer` are not wrapped by it).
    let router = routes
        .into_axum_router()
        .layer(tonic_web::GrpcWebLayer::new())
        .route("/", axum::routing::get(page))
        .route("/index.html", axum::routing::get(page))
        .route("/favicon.ico", axum::routing::get(page))
        .route("/assets/{*file}", axum::routing::get(page));
    let mut builder = Server::builder().accept_http1(true);
    let serves_tls = tls.is_some();
    if let Some(tls) = tls {
        builder = builder
            .tls_config(tls)
            .context("access.tls_cert / access.tls_key: cannot use them for the web view")?;
    }
    let hosts = HostPolicy::new(local, serves_tls, allowed_hosts);
    let server = builder
        .layer(AccessLayer::new(policy).with_open_page().with_hosts(hosts))
        .add_routes(tonic::service::Routes::from(router));
    let task = tokio::spawn(server.serve_with_incoming_shutdown(incoming, async move {
        let _ = stop.wait_for(|stopping| *stopping).await;
    }));
    let scheme = if serves_tls { "https" } else { "http" };
    // No `address=` field: scripts read the gRPC address from that field.
    tracing::info!("serving the live web view at {scheme}://{local}/ (open it in a browser)");
    Ok(Some(WebServer { addr: local, task }))
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
