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
use tokio::sync::watch;
use tonic::transport::server::TcpIncoming;
use tonic::transport::Server;

use super::access::{AccessLayer, AccessPolicy};
use super::grpc;
use super::state::Shared;
use super::web_hosts::HostPolicy;

/// The `[web]` table, kept at its old path (`serve::web::WebConfig`).
pub use super::web_config::WebConfig;

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
    let mut builder = Server::builder()
        .accept_http1(true)
        .max_concurrent_streams(shared.limits.config().max_streams_per_connection);
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
