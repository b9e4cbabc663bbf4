//! The web port against DNS rebinding (issue 22): the real daemon on a free
//! loopback port answers its page and its gRPC-Web calls only to the
//! allowed names in `Host` (HTTP/1.1) or `:authority` (HTTP/2) and, for a
//! browser's request, in `Origin`; anything else gets HTTP 403 before any
//! service sees it.
//!
//! Waits are bounded; nothing asserts on wall-clock durations.

mod common;
use common::PATIENCE;

use std::io::{Read as _, Write as _};
use std::net::SocketAddr;

use posewire::serve::web::WebConfig;
use posewire::serve::{Config, Daemon};
use posewire_client::pb;
use tonic::transport::Endpoint;
use tonic::Code;

async fn start(storage: &std::path::Path, allowed_hosts: &[&str]) -> Daemon {
    let config = Config {
        listen: "127.0.0.1:0".into(),
        storage: storage.to_path_buf(),
        web: WebConfig {
            allowed_hosts: allowed_hosts.iter().map(|s| s.to_string()).collect(),
            ..WebConfig::default()
        },
        ..Config::default()
    };
    common::start_daemon_alone(&config).await
}

/// Sends one raw HTTP/1.1 request (`Connection: close`) and returns the
/// status code and the whole response text.
async fn http1(web: SocketAddr, request_head: &str, body: &[u8]) -> (u16, String) {
    let mut bytes = request_head.replace('\n', "\r\n").into_bytes();
    bytes.extend_from_slice(body);
    let exchange = tokio::task::spawn_blocking(move || {
        let mut tcp = std::net::TcpStream::connect(web).expect("connects");
        tcp.set_read_timeout(Some(PATIENCE)).expect("a timeout");
        tcp.write_all(&bytes).expect("sends");
        let mut response = Vec::new();
        tcp.read_to_end(&mut response)
            .expect("an answer within the patience");
        response
    });
    let response = exchange.await.expect("the exchange runs");
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP response: {text:?}"));
    (status, text)
}

/// `GET /` with these extra header lines.
async fn get_page(web: SocketAddr, host: &str, extra: &str) -> (u16, String) {
    let head = format!("GET / HTTP/1.1\nHost: {host}\n{extra}Connection: close\n\n");
    http1(web, &head, &[]).await
}

/// A gRPC-Web GetStats call (an empty message) with these extra header
/// lines.
async fn grpc_web_stats(web: SocketAddr, host: &str, extra: &str) -> (u16, String) {
    let empty_message = [0u8, 0, 0, 0, 0];
    let head = format!(
        "POST /posewire.v1.StatsService/GetStats HTTP/1.1\nHost: {host}\n{extra}\
         Content-Type: application/grpc-web+proto\nX-Grpc-Web: 1\n\
         Content-Length: {}\nConnection: close\n\n",
        empty_message.len()
    );
    http1(web, &head, &empty_message).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_host_or_origin_gets_403_and_loopback_names_still_work() {
    let storage = tempfile::tempdir().expect("a folder");
    let daemon = start(storage.path(), &["posewire.lan"]).await;
    let web = daemon.web_addr().expect("the web view is on");
    let port = web.port();

    // The page.
    for good in [format!("127.0.0.1:{port}"), format!("localhost:{port}")] {
        let (status, text) = get_page(web, &good, "").await;
        assert_eq!(status, 200, "GET / with Host {good}: {text}");
        assert!(
            text.contains("<html") || text.contains("<!doctype"),
            "{text}"
        );
    }
    let (status, text) = get_page(web, &format!("rebind.example:{port}"), "").await;
    assert_eq!(status, 403, "a foreign Host gets the page: {text}");
    assert!(text.contains("web.allowed_hosts"), "{text}");
    assert!(!text.contains("rebind.example"), "echoes the Host: {text}");
    let (status, _) = get_page(web, "posewire.lan", "").await;
    assert_eq!(status, 200, "a name of web.allowed_hosts");
    let (status, _) = get_page(web, &format!("localhost:{}", port ^ 1), "").await;
    assert_eq!(status, 403, "a loopback name on another port");

    // gRPC-Web.
    let good = format!("127.0.0.1:{port}");
    let (status, text) = grpc_web_stats(web, &good, "").await;
    assert_eq!(status, 200, "{text}");
    assert!(text.contains("grpc-status:0"), "the call succeeds: {text}");
    let origin = format!("Origin: http://localhost:{port}\n");
    let (status, text) = grpc_web_stats(web, &good, &origin).await;
    assert_eq!(status, 200, "the page's own origin: {text}");
    assert!(text.contains("grpc-status:0"), "{text}");
    let (status, text) = grpc_web_stats(web, &format!("rebind.example:{port}"), "").await;
    assert_eq!(status, 403, "a foreign Host reaches the API: {text}");
    let foreign = format!("Origin: http://rebind.example:{port}\n");
    let (status, text) = grpc_web_stats(web, &good, &foreign).await;
    assert_eq!(status, 403, "a foreign Origin reaches the API: {text}");
    assert!(text.contains("Origin"), "{text}");
    let (status, _) = grpc_web_stats(web, &good, "Origin: null\n").await;
    assert_eq!(status, 403, "an opaque origin");
    let (status, _) = get_page(web, &good, &foreign).await;
    assert_eq!(status, 403, "a foreign Origin gets the page");

    daemon.shutdown().await.expect("shuts down");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http2_calls_are_judged_by_their_authority() {
    let storage = tempfile::tempdir().expect("a folder");
    let daemon = start(storage.path(), &[]).await;
    let web = daemon.web_addr().expect("the web view is on");
    let stats = |authority: String| async move {
        let channel = Endpoint::from_shared(format!("http://{web}"))
            .expect("an endpoint")
            .origin(authority.parse().expect("a URI"))
            .connect()
            .await
            .expect("connects");
        let mut client = pb::stats_service_client::StatsServiceClient::new(channel);
        tokio::time::timeout(PATIENCE, client.get_stats(pb::GetStatsRequest {}))
            .await
            .expect("an answer within the patience")
    };
    let port = web.port();
    let ok = stats(format!("http://localhost:{port}")).await;
    assert!(ok.is_ok(), "{ok:?}");
    let refused = stats(format!("http://rebind.example:{port}"))
        .await
        .expect_err("a foreign :authority");
    // HTTP 403 is PERMISSION_DENIED to a gRPC client.
    assert_eq!(refused.code(), Code::PermissionDenied, "{refused:?}");
    daemon.shutdown().await.expect("shuts down");
}
