//! Access control end to end: the real daemon on a real socket with
//! tokens and TLS configured, called by the client SDK with and without
//! the right token, over plain HTTP/2 and over TLS with a certificate made
//! in the test.
//!
//! Waits are bounded; nothing asserts on wall-clock durations.

mod common;
use common::PATIENCE;

use std::path::Path;

use posewire::serve::access::{AccessConfig, Role, TokenConfig};
use posewire::serve::{Config, Daemon};
use posewire_client::{pb, Auth, Client, ClientError, ConnectOptions};
use tonic::Code;
use tonic_health::pb::health_check_response::ServingStatus;

const READ: &str = "read-token-e2e-0123456789";
const PUSH: &str = "push-token-e2e-0123456789";
const ADMIN: &str = "admin-token-e2e-0123456789";

fn tokens() -> Vec<TokenConfig> {
    [(Role::Read, READ), (Role::Push, PUSH), (Role::Admin, ADMIN)]
        .into_iter()
        .map(|(role, token)| TokenConfig {
            role,
            token: Some(token.into()),
            env: None,
        })
        .collect()
}

fn config(listen: &str, access: AccessConfig) -> Config {
    Config {
        listen: listen.into(),
        access,
        ..Config::default()
    }
}

/// The loopback address of a daemon (it may listen on 0.0.0.0).
fn loopback(daemon: &Daemon) -> String {
    format!("127.0.0.1:{}", daemon.local_addr().port())
}

async fn client(address: &str, token: Option<&str>) -> Client {
    let options = ConnectOptions {
        token: token.map(str::to_string),
        ..ConnectOptions::default()
    };
    Client::connect_with(address, &options)
        .await
        .expect("connects")
}

/// The status code of a failed call.
fn code<T: std::fmt::Debug>(result: Result<T, ClientError>) -> Code {
    match result {
        Err(ClientError::Status(status)) => status.code(),
        other => panic!("expected a status, got {other:?}"),
    }
}

/// One frame of a fresh stream, within the patience.
async fn one_frame(client: &Client) -> Result<pb::Frame, ClientError> {
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest::default())
        .await?;
    let message = tokio::time::timeout(PATIENCE, stream.message())
        .await
        .expect("a frame within the patience")?;
    Ok(message
        .and_then(|m| m.frame)
        .expect("the stream delivers a frame"))
}

/// A device stream of no samples (enough to pass or fail the access
/// check).
fn no_samples() -> impl tokio_stream::Stream<Item = pb::PushDevicesRequest> + Send + 'static {
    tokio_stream::iter(Vec::new())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_call_needs_a_token_with_a_large_enough_role() {
    let access = AccessConfig {
        tokens: tokens(),
        ..AccessConfig::default()
    };
    // 0.0.0.0 is the exposed case the daemon would refuse without tokens.
    let daemon = Daemon::start(&config("0.0.0.0:0", access))
        .await
        .expect("starts exposed with tokens");
    let address = loopback(&daemon);

    let anonymous = client(&address, None).await;
    assert_eq!(
        code(anonymous.get_skeleton("demo").await),
        Code::Unauthenticated
    );
    assert_eq!(code(one_frame(&anonymous).await), Code::Unauthenticated);
    assert_eq!(code(anonymous.health("").await), Code::Unauthenticated);
    assert_eq!(code(anonymous.get_stats().await), Code::Unauthenticated);
    let stranger = client(&address, Some("not-a-token-of-this-daemon")).await;
    assert_eq!(code(stranger.list_avatars().await), Code::Unauthenticated);

    let reader = client(&address, Some(READ)).await;
    let skeleton = reader.get_skeleton("demo").await.expect("read may");
    assert_eq!(skeleton.joints.len(), posewire_body::Joint::COUNT);
    let frame = one_frame(&reader).await.expect("read may stream");
    assert_eq!(frame.avatars.len(), 1);
    assert_eq!(
        reader.health("").await.expect("read may check health"),
        ServingStatus::Serving
    );
    reader.get_stats().await.expect("read may get stats");
    assert_eq!(reader.list_avatars().await.expect("read may list").len(), 1);
    assert_eq!(
        code(reader.push_devices(no_samples()).await),
        Code::PermissionDenied
    );
    let create = pb::CreateAvatarRequest::default();
    assert_eq!(
        code(reader.create_avatar(create.clone()).await),
        Code::PermissionDenied
    );
    assert_eq!(
        code(reader.remove_avatar("demo").await),
        Code::PermissionDenied
    );
    // The same connection with a token that may push.
    let pusher = reader.clone().with_auth(Auth::bearer(PUSH).expect("token"));
    let pushed = pusher.push_devices(no_samples()).await;
    assert!(
        !matches!(&pushed, Err(ClientError::Status(s))
            if matches!(s.code(), Code::PermissionDenied | Code::Unauthenticated)),
        "push may push: {pushed:?}"
    );
    assert_eq!(
        code(pusher.remove_avatar("demo").await),
        Code::PermissionDenied
    );
    // Admin passes the access check (what the RPC then answers is the
    // service's business: never an access error).
    let admin = client(&address, Some(ADMIN)).await;
    let removed = admin.remove_avatar("nobody").await;
    assert!(
        !matches!(&removed, Err(ClientError::Status(s))
            if matches!(s.code(), Code::PermissionDenied | Code::Unauthenticated)),
        "admin may call everything: {removed:?}"
    );
    one_frame(&admin).await.expect("admin may stream");
    daemon.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_exposed_daemon_without_a_token_refuses_to_start_unless_insecure() {
    let err = Daemon::start(&config("0.0.0.0:0", AccessConfig::default()))
        .await
        .expect_err("exposed without a token");
    let text = format!("{err:#}");
    assert!(
        text.contains("0.0.0.0:0") && text.contains("token") && text.contains("--insecure"),
        "{text}"
    );

    let insecure = AccessConfig {
        insecure: true,
        ..AccessConfig::default()
    };
    let daemon = Daemon::start(&config("0.0.0.0:0", insecure))
        .await
        .expect("starts when insecure on purpose");
    let anyone = client(&loopback(&daemon), None).await;
    one_frame(&anyone).await.expect("no token needed");
    daemon.shutdown().await.expect("clean shutdown");

    // Loopback without tokens: anyone local may call everything.
    let daemon = Daemon::start(&config("127.0.0.1:0", AccessConfig::default()))
        .await
        .expect("loopback needs no token");
    let local = client(&loopback(&daemon), None).await;
    local.get_stats().await.expect("open on loopback");
    daemon.shutdown().await.expect("clean shutdown");
}

/// A self-signed certificate for `localhost` and 127.0.0.1, written as
/// PEM files into `dir`; returns the certificate's PEM.
fn self_signed(dir: &Path) -> Vec<u8> {
    let names = vec!["localhost".to_string(), "127.0.0.1".to_string()];
    let certified = rcgen::generate_simple_self_signed(names).expect("a certificate");
    let cert = certified.cert.pem();
    std::fs::write(dir.join("cert.pem"), &cert).expect("write the certificate");
    std::fs::write(dir.join("key.pem"), certified.signing_key.serialize_pem())
        .expect("write the key");
    cert.into_bytes()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tls_with_the_configured_certificate_carries_the_stream() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cert = self_signed(dir.path());
    let access = AccessConfig {
        tls_cert: Some(dir.path().join("cert.pem")),
        tls_key: Some(dir.path().join("key.pem")),
        tokens: tokens(),
        ..AccessConfig::default()
    };
    let daemon = Daemon::start(&config("127.0.0.1:0", access))
        .await
        .expect("starts with TLS");
    let port = daemon.local_addr().port();

    let options = ConnectOptions {
        token: Some(READ.into()),
        ca_certificate_pem: Some(cert.clone()),
        tls_domain: None,
    };
    for address in [format!("localhost:{port}"), format!("127.0.0.1:{port}")] {
        let secure = Client::connect_with(&address, &options)
            .await
            .unwrap_or_else(|e| panic!("TLS connection to {address}: {e}"));
        let frame = one_frame(&secure).await.expect("frames over TLS");
        assert_eq!(frame.avatars.len(), 1);
        assert!(frame.avatars[0].joint_positions.len() >= 3 * posewire_body::Joint::COUNT);
    }

    // The token is still required over TLS.
    let no_token = ConnectOptions {
        token: None,
        ..options.clone()
    };
    let anonymous = Client::connect_with(&format!("localhost:{port}"), &no_token)
        .await
        .expect("TLS connection");
    assert_eq!(code(anonymous.get_stats().await), Code::Unauthenticated);

    // A plaintext client cannot talk to the TLS port.
    let plain = Client::connect_lazy(&format!("127.0.0.1:{port}")).expect("lazy client");
    let refused = tokio::time::timeout(PATIENCE, plain.get_stats())
        .await
        .expect("an answer within the patience");
    assert!(refused.is_err(), "plaintext must fail: {refused:?}");

    // A client trusting another certificate refuses the daemon's.
    let other = tempfile::tempdir().expect("temp dir");
    let stranger_ca = self_signed(other.path());
    let wrong = ConnectOptions {
        ca_certificate_pem: Some(stranger_ca),
        ..options
    };
    let result = Client::connect_with(&format!("localhost:{port}"), &wrong).await;
    assert!(
        matches!(result, Err(ClientError::Connect { .. })),
        "an untrusted certificate must fail the handshake: {result:?}"
    );

    // Without a CA, an https:// address speaks TLS trusting the system's
    // roots, which do not hold this self-signed certificate.
    let system = ConnectOptions {
        token: Some(READ.into()),
        ..ConnectOptions::default()
    };
    let result = Client::connect_with(&format!("https://localhost:{port}"), &system).await;
    let text = format!("{result:?}").to_lowercase();
    assert!(
        matches!(result, Err(ClientError::Connect { .. }))
            && (text.contains("certificate") || text.contains("native certs")),
        "the system roots must not trust a self-signed certificate: {text}"
    );
    daemon.shutdown().await.expect("clean shutdown");
}
