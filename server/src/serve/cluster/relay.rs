//! `posewire relay`: a daemon of a shared space that simulates nothing. It
//! holds every node's avatars from the bus and serves them with the same
//! services as `serve` (one merged frame per tick of its loop, ids
//! `NODE/ID`), so that viewers scale by adding relays.

use crate::serve::config::Config;

/// The default address of a relay (next to a node's default 50051 and its
/// web view's 50052).
pub const DEFAULT_RELAY_LISTEN: &str = "127.0.0.1:50061";

/// A relay's configuration: `base` (access, limits, web, `[cluster]`
/// credentials and TLS) without avatars, with the `ik` solver (no physics
/// world), joined to `space` on `nats`.
pub fn relay_config(mut base: Config, nats: &str, space: &str) -> Config {
    let mut cluster = base
        .cluster
        .take()
        .unwrap_or_else(|| super::ClusterConfig::relay(nats, space));
    cluster.nats = nats.to_string();
    cluster.space = space.to_string();
    cluster.node = String::new();
    cluster.relay = true;
    base.cluster = Some(cluster);
    base.avatars.clear();
    base.vmc_out.clear();
    base.vrchat_out.clear();
    base.scene = None;
    base.solver.kind = posewire_solver::SolverKind::Ik;
    base
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relay_has_no_avatar_and_no_node() {
        let config = relay_config(Config::default(), "nats://127.0.0.1:4222", "studio");
        config.validate("relay").expect("a valid relay");
        assert!(config.avatars.is_empty());
        let cluster = config.cluster.expect("a cluster");
        assert!(cluster.relay && cluster.node.is_empty());
        assert_eq!(cluster.space, "studio");
        // A node needs its avatars (or the built-in demo) and a name.
        let mut node = Config::default();
        node.avatars.clear();
        node.cluster = Some(super::super::ClusterConfig {
            relay: false,
            node: "a".into(),
            ..super::super::ClusterConfig::relay("nats://h:1", "s")
        });
        assert!(node.validate("node").is_err());
    }
}
