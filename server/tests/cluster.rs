//! Shared spaces over NATS (issue 27), end to end: a real `nats-server` on
//! a free loopback port, daemons started in-process as nodes `a` and `b`
//! of one space (each from a configuration of only the three `[cluster]`
//! keys, so each runs the built-in demo), a relay, and clients on their
//! gRPC ports. No mock bus; every wait is bounded.

mod cluster_push;
mod debian;
mod nats_creds;
mod nats_server;

mod common;
use common::{next_frame, PATIENCE};

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cluster_push::push_paced;
use nats_server::NatsServer;
use posewire::serve::cluster::relay::relay_config;
use posewire::serve::config::{AvatarConfig, SourceConfig};
use posewire::serve::{Config, Daemon};
use posewire_body::glam::DVec3;
use posewire_body::BodyProfile;
use posewire_client::{pb, Client};
use posewire_solver::physics::trials::{meeting_samples, standing_samples};
use tonic::Streaming;

/// A node's configuration: the three keys of `[cluster]` and nothing else,
/// then a free port and no web view for the test.
fn node_config(nats: &str, space: &str, node: &str) -> Config {
    let text = format!("[cluster]\nnats = \"{nats}\"\nspace = \"{space}\"\nnode = \"{node}\"\n");
    let mut config = Config::from_toml(&text, "node.toml", Path::new(".")).expect("valid");
    assert_eq!(config.avatars, Config::default().avatars, "the demo stays");
    config.listen = "127.0.0.1:0".into();
    config.web.enabled = false;
    config
}

async fn start_node(nats: &str, space: &str, node: &str) -> (Daemon, Client) {
    start_configured(node_config(nats, space, node)).await
}

async fn start_configured(config: Config) -> (Daemon, Client) {
    common::start_daemon(&config).await
}

async fn start_relay(nats: &str, space: &str) -> (Daemon, Client) {
    let base = Config {
        listen: "127.0.0.1:0".into(),
        ..Config::default()
    };
    let mut config = relay_config(base, nats, space);
    config.web.enabled = false;
    common::start_daemon(&config).await
}

async fn stream(client: &Client) -> Streaming<pb::StreamFramesResponse> {
    client
        .stream_frames(pb::StreamFramesRequest::default())
        .await
        .expect("a stream")
}

fn ids(frame: &pb::Frame) -> Vec<&str> {
    frame.avatars.iter().map(|a| a.avatar_id.as_str()).collect()
}

/// Reads `stream` until a frame carries every one of `wanted`; that frame.
async fn until_has(stream: &mut Streaming<pb::StreamFramesResponse>, wanted: &[&str]) -> pb::Frame {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let frame = next_frame(stream).await;
        if wanted.iter().all(|w| ids(&frame).contains(w)) {
            return frame;
        }
        assert!(
            Instant::now() < deadline,
            "no frame with {wanted:?}: {:?}",
            ids(&frame)
        );
    }
}

async fn cluster_stats(client: &Client) -> pb::ClusterStats {
    client
        .get_stats()
        .await
        .expect("stats")
        .cluster
        .expect("a cluster section")
}

/// The joints of `id` in `frame`, if it is there.
fn joints<'a>(frame: &'a pb::Frame, id: &str) -> Option<&'a pb::AvatarFrame> {
    frame.avatars.iter().find(|a| a.avatar_id == id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_nodes_share_a_space_and_a_relay_serves_both() {
    let nats = NatsServer::start();
    let url = nats.url();
    let started = Instant::now();
    let (a, a_client) = start_node(&url, "studio", "a").await;
    let (b, b_client) = start_node(&url, "studio", "b").await;
    let mut a_frames = stream(&a_client).await;
    let mut b_frames = stream(&b_client).await;

    // Each node's stream carries its own demo and the other's (how soon is
    // measured by `bench_cluster`, not asserted: a busy machine is slower).
    let on_a = until_has(&mut a_frames, &["demo", "b/demo"]).await;
    let on_b = until_has(&mut b_frames, &["demo", "a/demo"]).await;
    let seen_after = started.elapsed();
    println!(
        "both nodes carry both demos {:.2} s after the start",
        seen_after.as_secs_f64()
    );
    let remote = joints(&on_a, "b/demo")
        .and_then(|a| a.remote.clone())
        .expect("marked remote");
    assert_eq!(remote.node, "b");
    assert!(remote.age_s >= 0.0 && remote.age_s < 2.0, "{remote:?}");
    assert!(joints(&on_a, "demo").is_some_and(|d| d.remote.is_none()));
    assert!(joints(&on_b, "a/demo").is_some_and(|d| d.remote.is_some()));

    // A remote avatar's joints equal those of the home frame it came from
    // (by the sequence it carries), to within 1 mm.
    let mut home: BTreeMap<u64, Vec<f32>> = BTreeMap::new();
    let mut copies: Vec<(u64, Vec<f32>)> = Vec::new();
    let window = Instant::now() + Duration::from_secs(2);
    while Instant::now() < window {
        tokio::select! {
            f = next_frame(&mut b_frames) => {
                if let Some(d) = joints(&f, "demo") {
                    home.insert(f.sequence, d.joint_positions.clone());
                }
            }
            f = next_frame(&mut a_frames) => {
                if let Some(d) = joints(&f, "b/demo") {
                    let seq = d.remote.as_ref().map_or(u64::MAX, |r| r.source_sequence);
                    copies.push((seq, d.joint_positions.clone()));
                }
            }
        }
    }
    let mut compared = 0;
    let mut worst = 0.0f32;
    for (seq, copy) in &copies {
        if let Some(original) = home.get(seq) {
            assert_eq!(copy.len(), original.len());
            for (x, y) in copy.iter().zip(original) {
                worst = worst.max((x - y).abs());
            }
            compared += 1;
        }
    }
    println!("{compared} remote frames matched by sequence; largest joint difference {worst} m");
    assert!(
        compared >= 20,
        "only {compared} of {} copies found at home",
        copies.len()
    );
    assert!(worst <= 0.001, "{worst} m");

    // A remote avatar's skeleton is its home node's (sent once a second),
    // its mesh is not here, and the error says why.
    let home_skeleton = b_client.get_skeleton("demo").await.expect("b's own");
    let held_skeleton = remote_skeleton(&a_client, "b/demo").await;
    assert_eq!(held_skeleton.avatar_id, "b/demo");
    assert_eq!(held_skeleton.joints, home_skeleton.joints);
    assert_eq!(held_skeleton.stature_m, home_skeleton.stature_m);
    let status = |e: posewire_client::ClientError| match e {
        posewire_client::ClientError::Status(s) => s,
        other => panic!("{other}"),
    };
    let no_mesh = status(a_client.get_mesh("b/demo").await.expect_err("no mesh"));
    println!("GetMesh b/demo on a: {}", no_mesh.message());
    assert_eq!(no_mesh.code(), tonic::Code::NotFound);
    assert!(no_mesh.message().contains("remote avatar"), "{no_mesh:?}");
    let nobody = status(a_client.get_skeleton("c/demo").await.expect_err("none"));
    assert_eq!(nobody.code(), tonic::Code::NotFound);

    // A relay serves every avatar of the space at its loop's rate.
    let (relay, relay_client) = start_relay(&url, "studio").await;
    let mut relay_frames = stream(&relay_client).await;
    let first = until_has(&mut relay_frames, &["a/demo", "b/demo"]).await;
    assert!(
        joints(&first, "demo").is_none(),
        "a relay has no avatar of its own"
    );
    // Its stream is the loop's: in order, and every frame carries both
    // nodes' avatars once both are heard (its rate is `bench_cluster`'s).
    let mut last = first.sequence;
    let (mut frames, mut with_both) = (0u32, 0u32);
    while frames < 270 {
        let f = next_frame(&mut relay_frames).await;
        assert!(f.sequence > last, "in order: {} after {last}", f.sequence);
        last = f.sequence;
        frames += 1;
        if ["a/demo", "b/demo"].iter().all(|w| ids(&f).contains(w)) {
            with_both += 1;
        }
    }
    println!("relay: {with_both} of {frames} frames with both demos");
    assert!(with_both * 10 >= frames * 9, "{with_both} of {frames}");
    // A relay answers a remote avatar's skeleton too.
    let on_relay = remote_skeleton(&relay_client, "a/demo").await;
    assert_eq!(on_relay.avatar_id, "a/demo");
    assert_eq!(on_relay.joints.len(), home_skeleton.joints.len());
    let stats = relay_client.get_stats().await.expect("stats");
    assert!((stats.rate_hz - 90.0).abs() < 1e-9);
    let cluster = stats.cluster.expect("a cluster section");
    assert_eq!(cluster.nodes, vec!["a", "b"]);
    assert_eq!(cluster.published, 0, "a relay publishes nothing");
    assert!(cluster.connected);
    let a_stats = cluster_stats(&a_client).await;
    assert!(a_stats.published > 0 && a_stats.received > 0, "{a_stats:?}");
    assert_eq!(a_stats.malformed, 0);

    relay.shutdown().await.expect("clean shutdown");
    a.shutdown().await.expect("clean shutdown");
    b.shutdown().await.expect("clean shutdown");
}

/// GetSkeleton of a remote avatar, asked again while it answers
/// UNAVAILABLE (its node sends skeletons once a second).
async fn remote_skeleton(client: &Client, id: &str) -> pb::Skeleton {
    let deadline = Instant::now() + PATIENCE;
    loop {
        match client.get_skeleton(id).await {
            Ok(s) => return s,
            Err(posewire_client::ClientError::Status(s))
                if s.code() == tonic::Code::Unavailable && Instant::now() < deadline =>
            {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("GetSkeleton {id}: {e}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bus_outage_holds_up_no_loop_and_remote_avatars_come_back() {
    let mut nats = NatsServer::start();
    let url = nats.url();
    let (a, a_client) = start_node(&url, "outage", "a").await;
    let (b, b_client) = start_node(&url, "outage", "b").await;
    let mut a_frames = stream(&a_client).await;
    until_has(&mut a_frames, &["demo", "b/demo"]).await;
    drop(a_frames);

    // The bus goes down for 3 s; the loops never wait for it, so node a's
    // frames keep coming through the outage (its overruns are
    // `bench_cluster`'s to measure: a busy machine overruns anyway).
    let outage = Duration::from_secs(3);
    let before = next_frame(&mut stream(&a_client).await).await.sequence;
    nats.kill();
    tokio::time::sleep(outage).await;
    let after = next_frame(&mut stream(&a_client).await).await.sequence;
    println!(
        "node a's loop ran {} ticks through the 3 s outage",
        after - before
    );
    assert!(
        after >= before + 90,
        "the loop went on: {before} to {after}"
    );

    // The nodes know, and their loops kept going: the other's avatar is
    // dropped after the timeout, their own stays.
    let stats = cluster_stats(&a_client).await;
    assert!(!stats.connected, "{stats:?}");
    assert!(stats.disconnects >= 1, "{stats:?}");
    let mut a_frames = stream(&a_client).await;
    let frame = next_frame(&mut a_frames).await;
    assert_eq!(
        ids(&frame),
        vec!["demo"],
        "b/demo is dropped while b is not heard"
    );

    // Back within 5 s of the restart, with fresh frames.
    nats.restart();
    let restarted = Instant::now();
    let frame = until_has(&mut a_frames, &["demo", "b/demo"]).await;
    let back_after = restarted.elapsed();
    println!(
        "b/demo back on a {:.2} s after the restart",
        back_after.as_secs_f64()
    );
    let age = joints(&frame, "b/demo")
        .and_then(|d| d.remote.as_ref())
        .map_or(f64::MAX, |r| r.age_s);
    assert!(age < 1.0, "{age}");
    let mut b_frames = stream(&b_client).await;
    until_has(&mut b_frames, &["demo", "a/demo"]).await;
    let stats = cluster_stats(&a_client).await;
    assert!(stats.connected && stats.connects >= 2, "{stats:?}");

    a.shutdown().await.expect("clean shutdown");
    b.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_messages_on_the_bus_are_counted_and_dropped() {
    let nats = NatsServer::start();
    let url = nats.url();
    let (a, a_client) = start_node(&url, "hostile", "a").await;
    let bus = async_nats::connect(url.as_str())
        .await
        .expect("a bus client");
    // Wait until the node is on the bus (it connects in the background).
    let deadline = Instant::now() + PATIENCE;
    while !cluster_stats(&a_client).await.connected {
        assert!(Instant::now() < deadline, "the node connects");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let subject = "posewire.space.hostile.node.x.frame";
    let garbage: [&[u8]; 3] = [b"\xff\xff\xff\xff", b"", &[0x0a; 64]];
    for payload in garbage {
        bus.publish(subject, payload.to_vec().into())
            .await
            .expect("published");
    }
    bus.flush().await.expect("flushed");
    let deadline = Instant::now() + PATIENCE;
    loop {
        let stats = cluster_stats(&a_client).await;
        if stats.malformed >= 3 {
            assert!(stats.nodes.is_empty(), "{stats:?}");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the messages are counted: {stats:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The node goes on.
    let mut frames = stream(&a_client).await;
    let frame = next_frame(&mut frames).await;
    assert_eq!(ids(&frame), vec!["demo"]);
    a.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_starts_while_the_bus_is_down_and_joins_when_it_is_up() {
    let mut nats = NatsServer::start();
    let url = nats.url();
    nats.kill();
    // Nothing listens: the node starts anyway and says it is not connected.
    let (a, a_client) = tokio::time::timeout(PATIENCE, start_node(&url, "late", "a"))
        .await
        .expect("the node starts without its bus");
    let stats = cluster_stats(&a_client).await;
    assert!(!stats.connected && stats.connects == 0, "{stats:?}");
    let mut a_frames = stream(&a_client).await;
    assert_eq!(ids(&next_frame(&mut a_frames).await), vec!["demo"]);
    nats.restart();
    let (b, _b_client) = start_node(&url, "late", "b").await;
    let frame = until_has(&mut a_frames, &["demo", "b/demo"]).await;
    assert!(joints(&frame, "b/demo").is_some_and(|d| d.remote.is_some()));
    let stats = cluster_stats(&a_client).await;
    assert!(stats.connected && stats.connects >= 1, "{stats:?}");
    a.shutdown().await.expect("clean shutdown");
    b.shutdown().await.expect("clean shutdown");
}

/// Nodes `a` and `b` from `configure(node, true)` and `c` from
/// `configure("c", false)` on one guarded bus: a and b share the space;
/// c, refused by the server, keeps simulating its own avatar, says it is
/// not connected, and never shows up on a's stream.
async fn only_trusted_nodes_share_the_space(configure: impl Fn(&str, bool) -> Config) {
    let (a, a_client) = start_configured(configure("a", true)).await;
    let (b, _b_client) = start_configured(configure("b", true)).await;
    let (c, c_client) = start_configured(configure("c", false)).await;
    let mut a_frames = stream(&a_client).await;
    until_has(&mut a_frames, &["demo", "b/demo"]).await;
    // Two more seconds of a's stream: c is never in it.
    let until = Instant::now() + Duration::from_secs(2);
    while Instant::now() < until {
        let frame = next_frame(&mut a_frames).await;
        assert!(!ids(&frame).contains(&"c/demo"), "{:?}", ids(&frame));
    }
    let c_stats = cluster_stats(&c_client).await;
    assert!(!c_stats.connected && c_stats.connects == 0, "{c_stats:?}");
    let mut c_frames = stream(&c_client).await;
    assert_eq!(ids(&next_frame(&mut c_frames).await), vec!["demo"]);
    let a_stats = cluster_stats(&a_client).await;
    assert!(
        a_stats.connected && a_stats.nodes == vec!["b".to_string()],
        "{a_stats:?}"
    );
    for node in [a, b, c] {
        node.shutdown().await.expect("clean shutdown");
    }
}

/// A bus that asks for a token (`nats-server --auth`): only nodes whose
/// `token_file` holds it share the space.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_protected_bus_admits_only_nodes_with_its_token() {
    let nats = NatsServer::start_with(&["--auth", "s3cret-bus-token"]);
    let dir = tempfile::tempdir().expect("a temp dir");
    let (right, wrong) = (dir.path().join("right"), dir.path().join("wrong"));
    std::fs::write(&right, "s3cret-bus-token\n").expect("the token file");
    std::fs::write(&wrong, "guess\n").expect("the token file");
    only_trusted_nodes_share_the_space(|node, trusted| {
        let mut config = node_config(&nats.url(), "guarded", node);
        if let Some(c) = config.cluster.as_mut() {
            c.token_file = Some(if trusted { &right } else { &wrong }.clone());
        }
        config
    })
    .await;
}

/// A bus over TLS (`nats-server --tls` with a self-signed certificate):
/// only nodes that trust its certificate (`tls_ca`) share the space over
/// `tls://`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tls_bus_admits_only_nodes_that_trust_its_certificate() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let names = vec!["localhost".to_string(), "127.0.0.1".to_string()];
    let certified = rcgen::generate_simple_self_signed(names).expect("a certificate");
    let (cert, key) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
    std::fs::write(&cert, certified.cert.pem()).expect("the certificate");
    std::fs::write(&key, certified.signing_key.serialize_pem()).expect("the key");
    let (cert_arg, key_arg) = (cert.display().to_string(), key.display().to_string());
    let nats = NatsServer::start_with(&["--tls", "--tlscert", &cert_arg, "--tlskey", &key_arg]);
    let url = format!("tls://{}", nats.addr);
    only_trusted_nodes_share_the_space(|node, trusted| {
        let mut config = node_config(&url, "sealed", node);
        if let Some(c) = config.cluster.as_mut() {
            c.tls_ca = trusted.then(|| cert.clone());
        }
        config
    })
    .await;
}

/// A certificate authority for the mutual-TLS test: its certificate (PEM)
/// and an issuer that signs with its key.
fn authority() -> (String, rcgen::Issuer<'static, rcgen::KeyPair>) {
    let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).expect("CA params");
    params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    params.key_usages = vec![
        rcgen::KeyUsagePurpose::KeyCertSign,
        rcgen::KeyUsagePurpose::DigitalSignature,
    ];
    let key = rcgen::KeyPair::generate().expect("a CA key");
    let cert = params.self_signed(&key).expect("a CA certificate");
    (cert.pem(), rcgen::Issuer::new(params, key))
}

/// A certificate for `names` signed by `issuer`, for a server or a client
/// (`usage`), written as `<stem>.pem` and `<stem>.key` in `dir`.
fn signed(
    dir: &std::path::Path,
    stem: &str,
    names: &[&str],
    usage: rcgen::ExtendedKeyUsagePurpose,
    issuer: &rcgen::Issuer<'static, rcgen::KeyPair>,
) -> (std::path::PathBuf, std::path::PathBuf) {
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let mut params = rcgen::CertificateParams::new(names).expect("params");
    params.extended_key_usages = vec![usage];
    let key = rcgen::KeyPair::generate().expect("a key");
    let cert = params
        .signed_by(&key, issuer)
        .expect("a signed certificate");
    let (c, k) = (
        dir.join(format!("{stem}.pem")),
        dir.join(format!("{stem}.key")),
    );
    std::fs::write(&c, cert.pem()).expect("the certificate");
    std::fs::write(&k, key.serialize_pem()).expect("the key");
    (c, k)
}

/// A bus over mutual TLS (`nats-server --tlsverify`: clients must show a
/// certificate signed by the bus's CA): nodes with such a certificate
/// (`tls_cert`, `tls_key`) share the space; a node whose certificate
/// another CA signed is refused, though it trusts the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mutual_tls_bus_admits_only_nodes_with_a_certificate_it_signed() {
    use rcgen::ExtendedKeyUsagePurpose::{ClientAuth, ServerAuth};
    let dir = tempfile::tempdir().expect("a temp dir");
    let (ca_pem, ca) = authority();
    let (_, other_ca) = authority();
    let ca_path = dir.path().join("ca.pem");
    std::fs::write(&ca_path, ca_pem).expect("the CA certificate");
    let (cert, key) = signed(
        dir.path(),
        "server",
        &["localhost", "127.0.0.1"],
        ServerAuth,
        &ca,
    );
    let args: Vec<String> = [
        "--tls",
        "--tlsverify",
        "--tlscert",
        &cert.display().to_string(),
        "--tlskey",
        &key.display().to_string(),
        "--tlscacert",
        &ca_path.display().to_string(),
    ]
    .iter()
    .map(|a| a.to_string())
    .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let nats = NatsServer::start_with(&args);
    let url = format!("tls://{}", nats.addr);
    only_trusted_nodes_share_the_space(|node, trusted| {
        let issuer = if trusted { &ca } else { &other_ca };
        let (cert, key) = signed(dir.path(), node, &[node], ClientAuth, issuer);
        let mut config = node_config(&url, "mutual", node);
        if let Some(c) = config.cluster.as_mut() {
            c.tls_ca = Some(ca_path.clone());
            c.tls_cert = Some(cert);
            c.tls_key = Some(key);
        }
        config
    })
    .await;
}

/// A bus in operator mode (decentralised auth: an operator's JWT, an
/// account's, each user a JWT signed by the account and an nkey seed):
/// only nodes whose `credentials` file holds a user of that account share
/// the space; a user of another account (signed by keys the server does
/// not know) is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bus_with_decentralised_auth_admits_only_nodes_with_its_credentials() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let trusted = nats_creds::Authority::new();
    let stranger = nats_creds::Authority::new();
    let conf = trusted.server_config(dir.path());
    let conf_arg = conf.display().to_string();
    let nats = NatsServer::start_with(&["-c", &conf_arg]);
    let creds = |node: &str, ok: bool| {
        let authority = if ok { &trusted } else { &stranger };
        authority.user_creds(dir.path(), node)
    };
    only_trusted_nodes_share_the_space(|node, ok| {
        let mut config = node_config(&nats.url(), "signed", node);
        if let Some(c) = config.cluster.as_mut() {
            c.credentials = Some(creds(node, ok));
        }
        config
    })
    .await;
}

/// An avatar fed by `PushDevices`.
fn pushed_avatar(id: &str) -> AvatarConfig {
    AvatarConfig {
        id: id.into(),
        source: SourceConfig::Push {},
        profile: None,
        model: None,
    }
}

/// An avatar's pelvis (its root) in `frame`, if it is there.
fn pelvis(frame: &pb::Frame, id: &str) -> Option<DVec3> {
    let p = joints(frame, id)?.root.as_ref()?.position.as_ref()?;
    Some(DVec3::new(p.x, p.y, p.z))
}

/// An avatar's head device in `frame`, if it is there.
fn head_device(frame: &pb::Frame, id: &str) -> Option<DVec3> {
    let d = joints(frame, id)?
        .devices
        .iter()
        .find(|d| d.device == pb::Device::Head as i32)?;
    let p = d.pose.as_ref()?.position.as_ref()?;
    Some(DVec3::new(p.x, p.y, p.z))
}

/// Where node `b`'s person stands, on the floor: away from node `a`'s demo
/// circle and props (z from -1.4 m to +5.5 m) and from the spot other tests
/// drop objects at (z = -3).
const STAND_AT: DVec3 = DVec3::new(0.0, 0.0, -4.5);

/// The walker's pace and how long it walks, m/s and seconds: it starts
/// 1.5 m short of `b/demo` and its devices end 4.5 m past it.
const WALK_M_S: f64 = 1.5;
const WALK_S: f64 = 4.0;

/// The bar "an `a` avatar walked into `b/demo` is stopped by it":
/// a walker pushed to node a walks at 1.5 m/s straight through where
/// b/demo stands; its devices go through, its body does not, and b/demo
/// is not pushed at home by the walker's copy there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_avatar_walked_into_a_remote_one_is_stopped_by_it() {
    let nats = NatsServer::start();
    let url = nats.url();
    // Node b's `demo` stands (pushed by the test: the built-in demo walks a
    // circle); node a runs its demo and a walker the test pushes.
    let mut b_config = node_config(&url, "walk", "b");
    b_config.avatars = vec![pushed_avatar("demo")];
    let mut a_config = node_config(&url, "walk", "a");
    a_config.avatars.push(pushed_avatar("walker"));
    let (b, b_client) = start_configured(b_config).await;
    let (a, a_client) = start_configured(a_config).await;
    let profile = BodyProfile::from_stature(1.75);
    let still = standing_samples(&profile, 1.0 / 90.0, false);
    let stop = Arc::new(AtomicBool::new(false));
    let b_push = push_paced(&b_client, "demo", STAND_AT, stop.clone(), move |_| {
        Some(still.clone())
    });

    // Where b/demo stands, as node a holds it.
    let mut a_frames = stream(&a_client).await;
    let mut target = until_has(&mut a_frames, &["demo", "b/demo"]).await;
    let settle = Instant::now() + Duration::from_secs(1);
    while Instant::now() < settle {
        target = next_frame(&mut a_frames).await;
    }
    let remote = pelvis(&target, "b/demo").expect("b/demo on a");
    println!("b/demo stands at {remote:.3} on a");
    assert!(remote.distance(STAND_AT + DVec3::new(0.0, remote.y, 0.0)) < 0.3);

    // The walker: straight along +X through where b/demo's pelvis is.
    let [walk, _] = meeting_samples(&profile, WALK_M_S, 0.0, WALK_S);
    let shift = DVec3::new(remote.x, 0.0, remote.z);
    let ticks: Vec<Vec<_>> = posewire_solver::solve::take_ticks(&walk, 90.0)
        .map(|(_, s)| s.to_vec())
        .collect();
    let walker = push_paced(&a_client, "walker", shift, stop.clone(), move |k| {
        ticks.get(k).cloned()
    });

    // Every frame of a until the walk is over: the walker's pelvis and
    // head device against b/demo's pelvis.
    let mut closest = f64::INFINITY;
    let mut furthest_pelvis = f64::NEG_INFINITY;
    let mut furthest_head = f64::NEG_INFINITY;
    let mut frames = 0u32;
    let mut remote_held = 0u32;
    let mut remote_moved = 0.0f64;
    while !walker.is_finished() {
        let f = next_frame(&mut a_frames).await;
        let (Some(w), Some(r)) = (pelvis(&f, "walker"), pelvis(&f, "b/demo")) else {
            continue;
        };
        frames += 1;
        let apart = DVec3::new(w.x - r.x, 0.0, w.z - r.z).length();
        closest = closest.min(apart);
        furthest_pelvis = furthest_pelvis.max(w.x - r.x);
        remote_moved = remote_moved.max(DVec3::new(r.x - remote.x, 0.0, r.z - remote.z).length());
        if let Some(h) = head_device(&f, "walker") {
            furthest_head = furthest_head.max(h.x - r.x);
        }
        if joints(&f, "b/demo").is_some_and(|d| d.remote.is_some()) {
            remote_held += 1;
        }
    }
    let response = walker
        .await
        .expect("the walker's pusher")
        .expect("the push is answered");
    stop.store(true, Ordering::SeqCst);
    println!(
        "{frames} frames of the walk: walker's head device reached {furthest_head:.2} m past \
         b/demo's pelvis, its pelvis at most {furthest_pelvis:.2} m past, closest {closest:.3} m \
         horizontally; b/demo moved {remote_moved:.3} m; {} samples accepted",
        response.accepted
    );
    assert!(frames >= 200, "{frames} frames with both");
    assert_eq!(remote_held, frames, "b/demo is remote on a");
    // The devices went through b/demo...
    assert!(furthest_head > 3.0, "{furthest_head}");
    // ...the body did not: its pelvis never got past b/demo's along the
    // walk, and never within 0.2 m of it across the floor, most of two
    // trunks' radii (b/demo's trunk capsule is 0.14 m, the walker's about
    // as thick). Since a bump is a hit (issue 41) the walker staggers and
    // is turned aside, so the gap along the walk alone (0.27-0.33 m
    // before; 0.17-0.38 m now, with 0.38 m across) is not the bodies' gap.
    assert!(furthest_pelvis < 0.0, "{furthest_pelvis}");
    assert!(closest > 0.2, "{closest}");
    // ...and b/demo, standing at home, was not pushed away by the walker's
    // copy there.
    assert!(remote_moved < 0.05, "{remote_moved}");
    let _ = b_push.await;
    a.shutdown().await.expect("clean shutdown");
    b.shutdown().await.expect("clean shutdown");
}

/// Where a frame's object `id` is, if it is there.
fn object_at(frame: &pb::Frame, id: &str) -> Option<DVec3> {
    let o = frame.objects.iter().find(|o| o.id == id)?;
    let p = o.pose.as_ref()?.position.as_ref()?;
    Some(DVec3::new(p.x, p.y, p.z))
}

/// Objects belong to the node that created them: one added on `a` (a box
/// dropped from 1 m, away from the demos' props) is on `b`'s stream as
/// `a/<id>`, at the pose of the home frame it came from (by the sequence
/// `a/demo` carries in the same frame) within 1 mm, in `b`'s ListObjects
/// (which only `a` may change), and is dropped with its node.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_object_created_on_one_node_is_on_the_others_stream() {
    let nats = NatsServer::start();
    let url = nats.url();
    let (a, a_client) = start_node(&url, "things", "a").await;
    let (b, b_client) = start_node(&url, "things", "b").await;
    let mut a_frames = stream(&a_client).await;
    let mut b_frames = stream(&b_client).await;
    until_has(&mut b_frames, &["demo", "a/demo"]).await;
    let v = |x, y, z| pb::Vec3 { x, y, z };
    let id = a_client
        .scene_service()
        .add_object(pb::AddObjectRequest {
            shape: Some(pb::Shape {
                kind: Some(pb::shape::Kind::Box(pb::Box {
                    size: Some(v(0.3, 0.3, 0.3)),
                })),
            }),
            mass_kg: 2.0,
            pose: Some(pb::Pose {
                position: Some(v(-3.0, 1.0, -3.0)),
                rotation: None,
            }),
            name: "crate".into(),
            ..Default::default()
        })
        .await
        .expect("the box is added on a")
        .into_inner()
        .id;
    let remote_id = format!("a/{id}");

    // Its poses at home by sequence, and its copies on b with the sequence
    // of the home frame they came from, while it falls and lands.
    let mut home: BTreeMap<u64, DVec3> = BTreeMap::new();
    let mut copies: Vec<(u64, DVec3)> = Vec::new();
    let window = Instant::now() + Duration::from_secs(2);
    while Instant::now() < window {
        tokio::select! {
            f = next_frame(&mut a_frames) => {
                if let Some(p) = object_at(&f, &id) {
                    home.insert(f.sequence, p);
                }
            }
            f = next_frame(&mut b_frames) => {
                let seq = joints(&f, "a/demo")
                    .and_then(|d| d.remote.as_ref())
                    .map(|r| r.source_sequence);
                if let (Some(seq), Some(p)) = (seq, object_at(&f, &remote_id)) {
                    copies.push((seq, p));
                }
            }
        }
    }
    let mut compared = 0;
    let mut worst = 0.0f64;
    let (mut lowest, mut highest) = (f64::INFINITY, f64::NEG_INFINITY);
    for (seq, copy) in &copies {
        if let Some(original) = home.get(seq) {
            worst = worst.max(copy.distance(*original));
            compared += 1;
        }
        lowest = lowest.min(copy.y);
        highest = highest.max(copy.y);
    }
    println!(
        "{remote_id} on b: {} copies, {compared} matched by sequence, largest difference {worst} m; \
         its centre from {highest:.3} m down to {lowest:.3} m",
        copies.len()
    );
    assert!(
        compared >= 20,
        "only {compared} of {} copies found at home",
        copies.len()
    );
    assert!(worst <= 0.001, "{worst} m");
    assert!(
        highest > 0.8 && lowest < 0.2,
        "it fell and landed on b's stream too"
    );

    // b lists it (with its shape) among its own, and leaves it to a.
    let listed = b_client
        .scene_service()
        .list_objects(pb::ListObjectsRequest {})
        .await
        .expect("b lists its objects")
        .into_inner()
        .objects;
    let copy = listed
        .iter()
        .find(|o| o.id == remote_id)
        .expect("listed on b");
    assert_eq!(copy.name, "crate");
    assert!(copy.shape.is_some() && copy.mass_kg == 2.0, "{copy:?}");
    assert!(
        listed.iter().any(|o| !o.id.contains('/')),
        "b's own props too"
    );
    let moved = b_client
        .scene_service()
        .set_object_pose(pb::SetObjectPoseRequest {
            id: remote_id.clone(),
            pose: copy.pose,
            ..Default::default()
        })
        .await
        .expect_err("only a moves it");
    assert_eq!(moved.code(), tonic::Code::FailedPrecondition, "{moved:?}");

    // Dropped with its node.
    a.shutdown().await.expect("clean shutdown");
    let deadline = Instant::now() + PATIENCE;
    loop {
        let f = next_frame(&mut b_frames).await;
        if object_at(&f, &remote_id).is_none() {
            assert!(joints(&f, "a/demo").is_none(), "dropped with a/demo");
            break;
        }
        assert!(Instant::now() < deadline, "{remote_id} is dropped");
    }
    b.shutdown().await.expect("clean shutdown");
}
