//! Starting the daemon in this process on a real loopback socket, with a
//! configuration of the test's own, and a client connected to it: the one
//! start-up every in-process end-to-end test goes through.

use std::time::Duration;

use posewire::serve::config::{AvatarConfig, SourceConfig};
use posewire::serve::{Config, Daemon};
use posewire_client::Client;

/// The longest any single wait may take before a test fails (a loaded
/// machine is slow; a stuck daemon fails the test).
pub const PATIENCE: Duration = Duration::from_secs(20);

/// An avatar `id` fed by `source`, with the default profile and no model.
pub fn avatar(id: &str, source: SourceConfig) -> AvatarConfig {
    AvatarConfig {
        id: id.into(),
        source,
        profile: None,
        model: None,
    }
}

/// The procedural demo person, started `time_offset_s` into its script,
/// walking around `origin`.
pub fn demo_person(time_offset_s: f64, origin: [f64; 3]) -> SourceConfig {
    SourceConfig::Demo {
        time_offset_s,
        origin,
    }
}

/// The solver settings of a solver named as in the configuration (`ik`,
/// `physics`).
pub fn solver_named(name: &str) -> posewire_solver::SolverSettings {
    posewire_solver::SolverSettings::of_kind(
        posewire_solver::SolverKind::from_name(name).expect("a solver name"),
    )
}

/// Starts the daemon with `config`, failing the test if it does not start.
pub async fn start_daemon_alone(config: &Config) -> Daemon {
    Daemon::start(config).await.expect("the daemon starts")
}

/// Starts the daemon with `config` and connects a client to the address it
/// listens on.
pub async fn start_daemon(config: &Config) -> (Daemon, Client) {
    let daemon = start_daemon_alone(config).await;
    let client = Client::connect(&daemon.local_addr().to_string())
        .await
        .expect("a client connects");
    (daemon, client)
}

/// The ids of the daemon's avatars, in its order.
pub async fn avatar_ids(client: &Client) -> Vec<String> {
    client
        .list_avatars()
        .await
        .expect("lists")
        .into_iter()
        .map(|a| a.id)
        .collect()
}
