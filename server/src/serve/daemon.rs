//! Starting and stopping the daemon: builds the avatars from the
//! configuration, starts the loop thread, and serves the gRPC API (the
//! `posewire.v1` services, gRPC health, and server reflection v1 and
//! v1alpha) on a TCP socket until shut down.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::Context as _;
use posewire_proto::v1 as pb;
use posewire_solver::physics::Scene;
use posewire_solver::{SolverKind, SolverSettings};
use tokio::sync::{broadcast, watch};
use tonic::transport::server::TcpIncoming;
use tonic::transport::Server;
use tonic_health::server::HealthReporter;
use tonic_health::ServingStatus;

use super::avatar_info::AvatarInfo;
use super::config::Config;
use super::grpc;
use super::push_source::PushQueue;
use super::sim_loop::{self, LoopHandle, LoopSetup};
use super::state::{Shared, FANOUT_CAPACITY};
use super::stats::SubscriberRegistry;

/// Stature of the built-in average body, kept at its old path
/// (`serve::daemon::DEFAULT_STATURE_M`).
pub use super::defaults::DEFAULT_STATURE_M;

/// How long shutdown waits for clients to close their connections.
pub const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// A running daemon.
#[derive(Debug)]
pub struct Daemon {
    addr: SocketAddr,
    shutdown: watch::Sender<bool>,
    server: tokio::task::JoinHandle<Result<(), tonic::transport::Error>>,
    sim: Option<LoopHandle>,
    health: HealthReporter,
    shared: Arc<Shared>,
    osc_outputs: Vec<tokio::task::JoinHandle<()>>,
    bus: Option<super::cluster::link::BusThread>,
    web: Option<super::web::WebServer>,
    stage: super::shutdown_watch::ShutdownStage,
}

impl Daemon {
    /// Starts the daemon: listens, starts the loop, serves. Must run inside
    /// a tokio runtime.
    pub async fn start(config: &Config) -> anyhow::Result<Daemon> {
        config.validate("configuration")?;
        let access = Access::decide(config)?;
        let solver = config.solver_settings();
        let scene = load_scene(config, &solver)?;
        let (live, commands) = super::live::Live::new(config.storage.clone());
        let osc = Arc::new(super::osc_stats::OscRegistry::allowing_exposed_inputs(
            config.access.insecure,
        ));
        let avatars = super::daemon_avatars::build_avatars(config, &solver, &live, &osc)?;
        let (shutdown, shutdown_rx) = watch::channel(false);
        let shared = shared_state(
            config,
            solver,
            avatars.infos,
            avatars.push_queues,
            live,
            osc,
            &shutdown_rx,
        );
        let osc_outputs = super::osc_out::spawn(config, &shared)?;
        let bus = start_bus(&shared, &shutdown_rx).await?;
        let (incoming, local) = bind(access.addr, config)?;
        let sim = sim_loop::spawn(
            LoopSetup {
                avatars: avatars.runners,
                scene,
                commands,
            },
            shared.clone(),
        )
        .context("cannot start the real-time loop thread")?;
        let (health, routes) = grpc_routes(&shared).await?;
        let web = match access.web_policy {
            Some(web_policy) => super::web::start(
                access.web_addr,
                access.web_explicit,
                &config.web.allowed_hosts,
                &shared,
                web_policy,
                access.tls.clone(),
                shutdown_rx.clone(),
            )?,
            None => None,
        };
        let serves_tls = access.tls.is_some();
        let server = serve_grpc(
            config,
            access.tls,
            access.policy,
            routes,
            incoming,
            shutdown_rx,
        )?;
        announce(local, serves_tls);
        Ok(Daemon {
            addr: local,
            shutdown,
            server,
            sim: Some(sim),
            health,
            shared,
            osc_outputs,
            bus,
            web,
            stage: Default::default(),
        })
    }

    /// What [`Daemon::shutdown`] is doing, as it goes (for a watchdog).
    pub fn shutdown_stage(&self) -> super::shutdown_watch::ShutdownStage {
        self.stage.clone()
    }

    /// Where the web view is served, if it is (`[web]`).
    pub fn web_addr(&self) -> Option<SocketAddr> {
        self.web.as_ref().map(|w| w.addr)
    }

    /// The address the daemon listens on (with the port picked, if 0 was
    /// asked for).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The state shared by the loop and the services (for tests and
    /// measurements).
    pub fn shared(&self) -> &Arc<Shared> {
        &self.shared
    }

    /// Shuts down: health says NOT_SERVING, every frame stream ends with
    /// status UNAVAILABLE, the servers stop accepting and finish their
    /// calls (all within one grace period), then the loop thread stops and
    /// the takes are closed. Work a call started off the async workers (a
    /// file read) is not waited for here: the runtime's owner does that.
    pub async fn shutdown(mut self) -> anyhow::Result<()> {
        let stage = self.stage.clone();
        stage.set("closing the gRPC connections");
        set_health(&self.health, ServingStatus::NotServing).await;
        let _ = self.shutdown.send(true);
        // Calls end at once (streams get UNAVAILABLE); a client that holds
        // its connection open without answering gets a grace period.
        let grace_ends = tokio::time::Instant::now() + SHUTDOWN_GRACE;
        let result = match tokio::time::timeout_at(grace_ends, &mut self.server).await {
            Ok(joined) => joined.context("the gRPC server task failed")?,
            Err(_) => {
                tracing::warn!(
                    grace_s = SHUTDOWN_GRACE.as_secs_f64(),
                    "clients kept their connections open past the grace period; closing them"
                );
                self.server.abort();
                Ok(())
            }
        };
        if let Some(web) = self.web.take() {
            stage.set("closing the web view's connections");
            let mut task = web.task;
            match tokio::time::timeout_at(grace_ends, &mut task).await {
                Ok(Ok(Err(e))) => tracing::warn!(error = %e, "the web view's server failed"),
                Ok(_) => {}
                Err(_) => task.abort(),
            }
        }
        stage.set("stopping the OSC outputs");
        for task in self.osc_outputs.drain(..) {
            // They end on the shutdown signal; a stuck one is not waited for.
            if tokio::time::timeout_at(grace_ends, task).await.is_err() {
                tracing::warn!("an OSC output did not stop in time");
            }
        }
        if let Some(bus) = self.bus.take() {
            // It ends on the shutdown signal; a stuck one is not waited for.
            stage.set("leaving the shared space");
            let grace = grace_ends.saturating_duration_since(tokio::time::Instant::now());
            let joined = tokio::task::spawn_blocking(move || bus.join(grace)).await;
            if !matches!(joined, Ok(true)) {
                tracing::warn!("the bus link did not stop in time");
            }
        }
        if let Some(sim) = self.sim.take() {
            stage.set("stopping the real-time loop");
            tokio::task::spawn_blocking(move || sim.stop())
                .await
                .context("cannot stop the real-time loop")?;
        }
        // The loop has handed over its last ticks: end every take cleanly.
        stage.set("closing the takes being recorded");
        let recordings = self.shared.recordings.clone();
        tokio::task::spawn_blocking(move || recordings.stop_all("the daemon shut down"))
            .await
            .context("cannot finish the recordings")?;
        result.context("the gRPC server failed")?;
        stage.set("done with the services, the loop and the takes");
        tracing::info!("the services, the loop and the takes have stopped");
        Ok(())
    }
}

/// Who may connect and how, decided from the configuration before anything
/// starts: the gRPC address and its token policy, TLS, and the web view's
/// address and policy (none: no web view).
struct Access {
    addr: SocketAddr,
    policy: super::access::AccessPolicy,
    tls: Option<tonic::transport::ServerTlsConfig>,
    web_addr: SocketAddr,
    web_explicit: bool,
    web_policy: Option<super::access::AccessPolicy>,
}

impl Access {
    /// Decides access from `[access]`, `listen` and `[web]`, and warns
    /// when the daemon is exposed without a token or without TLS.
    fn decide(config: &Config) -> anyhow::Result<Access> {
        let addr = config.listen_addr()?;
        let policy = super::access::AccessPolicy::decide(&config.access, addr)?;
        let tls = super::tls::server_tls(&config.access)?;
        let (web_addr, web_explicit) = config.web.address(addr)?;
        let web_policy = if config.web.enabled {
            Some(super::access::AccessPolicy::decide(
                &config.access,
                web_addr,
            )?)
        } else {
            None
        };
        warn_about_access(&policy, tls.is_some(), addr, config.access.insecure);
        Ok(Access {
            addr,
            policy,
            tls,
            web_addr,
            web_explicit,
            web_policy,
        })
    }
}

/// The static scene around the avatars (`scene`), with a warning when the
/// solver ignores it.
fn load_scene(config: &Config, solver: &SolverSettings) -> anyhow::Result<Scene> {
    let scene = match &config.scene {
        Some(path) => Scene::load(path).context("scene: cannot load the scene")?,
        None => Scene::default(),
    };
    if config.scene.is_some() && solver.kind != SolverKind::Physics {
        tracing::warn!("`scene` only matters to the physics solver; the ik solver ignores it");
    }
    Ok(scene)
}

/// The state the loop and the services share.
fn shared_state(
    config: &Config,
    solver: SolverSettings,
    infos: Vec<AvatarInfo>,
    push_queues: BTreeMap<String, Arc<PushQueue>>,
    live: super::live::Live,
    osc: Arc<super::osc_stats::OscRegistry>,
    shutdown: &watch::Receiver<bool>,
) -> Arc<Shared> {
    let (frames, _) = broadcast::channel(FANOUT_CAPACITY);
    let read_budget = super::read_budget::ReadBudget::new(config.limits.read_budget_mib << 20);
    Arc::new(Shared {
        rate_hz: config.rate_hz,
        solver,
        gate: config.devices.gate(),
        avatars: std::sync::RwLock::new(infos),
        frames,
        subscriber_buffer: config.subscriber_buffer,
        stats: Default::default(),
        subscribers: Arc::new(SubscriberRegistry::default()),
        limits: Arc::new(super::limits::SubscriberLimits::new(config.limits.clone())),
        push_streams: Default::default(),
        push_queues: std::sync::RwLock::new(push_queues),
        shutdown: shutdown.clone(),
        live,
        osc,
        recordings: Arc::new(super::recorder::Recordings::new(
            super::recorder::registry::RecorderSettings {
                storage: config.storage.clone(),
                rate_hz: config.rate_hz,
                solver: solver.kind.name().to_string(),
                config_toml: super::recorder::registry::config_toml(config),
            },
        )),
        sources: super::source_paths::AllowedFolders::new(
            &config.storage,
            &config.sources,
            read_budget.clone(),
        ),
        models: super::source_paths::AllowedFolders::models(&config.storage, read_budget),
        hulls: Default::default(),
        cluster: config
            .cluster
            .clone()
            .map(|c| Arc::new(super::cluster::Link::new(c))),
    })
}

/// Connects to the cluster's bus, when there is a `[cluster]`.
async fn start_bus(
    shared: &Shared,
    shutdown: &watch::Receiver<bool>,
) -> anyhow::Result<Option<super::cluster::link::BusThread>> {
    let Some(link) = &shared.cluster else {
        return Ok(None);
    };
    let (link, frames, stop) = (link.clone(), shared.frames.clone(), shutdown.clone());
    // Connecting reads the credentials file: off the workers.
    let bus =
        tokio::task::spawn_blocking(move || super::cluster::link::start(&link, &frames, stop))
            .await
            .context("cannot start the bus link")??;
    Ok(Some(bus))
}

/// Binds the gRPC socket; the address actually bound (port 0 picks one).
fn bind(addr: SocketAddr, config: &Config) -> anyhow::Result<(TcpIncoming, SocketAddr)> {
    let incoming = TcpIncoming::bind(addr)
        .map_err(|e| anyhow::anyhow!("cannot listen on {addr}: {e}"))?
        .with_nodelay(Some(true))
        .with_keepalive(Some(config.limits.keepalive()));
    let local = incoming
        .local_addr()
        .with_context(|| format!("cannot read the address bound for {addr}"))?;
    Ok((incoming, local))
}

/// Every service of the gRPC port: the `posewire.v1` services, gRPC health
/// (reported serving) and server reflection v1 and v1alpha.
async fn grpc_routes(
    shared: &Arc<Shared>,
) -> anyhow::Result<(HealthReporter, tonic::service::Routes)> {
    let (health, health_service) = tonic_health::server::health_reporter();
    set_health(&health, ServingStatus::Serving).await;
    let reflection_v1 = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(posewire_proto::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1()
        .context("cannot build the reflection service (v1)")?;
    let reflection_v1alpha = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(posewire_proto::FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1alpha()
        .context("cannot build the reflection service (v1alpha)")?;
    let routes = grpc::shared_routes(shared)
        .add_service(health_service)
        .add_service(reflection_v1)
        .add_service(reflection_v1alpha)
        .add_service(pb::device_service_server::DeviceServiceServer::new(
            grpc::devices::Devices::new(shared.clone()),
        ));
    Ok((health, routes))
}

/// Serves `routes` on `incoming` behind the token check (and TLS, when
/// given) until `stop` turns true.
fn serve_grpc(
    config: &Config,
    tls: Option<tonic::transport::ServerTlsConfig>,
    policy: super::access::AccessPolicy,
    routes: tonic::service::Routes,
    incoming: TcpIncoming,
    mut stop: watch::Receiver<bool>,
) -> anyhow::Result<tokio::task::JoinHandle<Result<(), tonic::transport::Error>>> {
    // Pings find a client that vanished without closing, so that its
    // subscriber places are given back (`limits.keepalive_s`).
    let mut builder = Server::builder()
        .max_concurrent_streams(config.limits.max_streams_per_connection)
        .http2_keepalive_interval(Some(config.limits.keepalive()))
        .http2_keepalive_timeout(Some(config.limits.keepalive()));
    if let Some(tls) = tls {
        builder = builder
            .tls_config(tls)
            .context("access.tls_cert / access.tls_key: cannot use the certificate and key")?;
    }
    let router = builder
        .layer(super::access::AccessLayer::new(policy))
        .add_routes(routes);
    Ok(tokio::spawn(router.serve_with_incoming_shutdown(
        incoming,
        async move {
            let _ = stop.wait_for(|stopping| *stopping).await;
        },
    )))
}

/// Says where the gRPC API is served and how to connect.
fn announce(local: SocketAddr, serves_tls: bool) {
    if serves_tls {
        tracing::info!(
            address = %local,
            "serving the Posewire gRPC API over TLS; connect with `posewire subscribe --server {local} --ca CERT.pem` (grpcurl: `grpcurl -cacert CERT.pem {local} list`)"
        );
    } else {
        tracing::info!(
            address = %local,
            "serving the Posewire gRPC API; connect with `posewire subscribe --server {local}` (grpcurl: `grpcurl -plaintext {local} list`)"
        );
    }
}

/// Logs how the daemon is exposed when that deserves a warning.
fn warn_about_access(
    policy: &super::access::AccessPolicy,
    tls: bool,
    addr: SocketAddr,
    insecure: bool,
) {
    let exposed = !addr.ip().is_loopback();
    if exposed && !policy.requires_token() && insecure {
        tracing::warn!(%addr, "--insecure: anyone who can reach this address may watch and drive every avatar");
    } else if exposed && !tls {
        tracing::warn!(%addr, "tokens travel in clear text without TLS (set access.tls_cert and access.tls_key)");
    }
    if policy.requires_token() {
        tracing::info!("every call needs a bearer token");
    }
}

/// Sets the overall status and every `posewire.v1` service's.
async fn set_health(health: &HealthReporter, status: ServingStatus) {
    health.set_service_status("", status).await;
    for name in posewire_proto::SERVICE_NAMES {
        health.set_service_status(name, status).await;
    }
}
