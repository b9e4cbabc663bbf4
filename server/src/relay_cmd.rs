//! `posewire relay`: the relay's configuration from the flags, then the
//! same daemon run as `serve` (one implementation of every service).

use posewire::serve::cluster::relay::{relay_config, DEFAULT_RELAY_LISTEN};
use posewire::serve::Config;

use crate::cli::RelayArgs;

/// The relay's configuration: the file (or the defaults), then the flags.
pub fn config(args: &RelayArgs) -> anyhow::Result<Config> {
    let base = match &args.config {
        Some(path) => Config::load(path)?,
        None => Config {
            listen: DEFAULT_RELAY_LISTEN.to_string(),
            ..Config::default()
        },
    };
    let mut config = relay_config(base, &args.nats, &args.space);
    if let Some(listen) = &args.listen {
        config.listen = listen.clone();
    }
    if let Some(rate) = args.rate {
        config.rate_hz = rate;
    }
    if args.insecure {
        config.access.insecure = true;
    }
    if args.no_web {
        config.web.enabled = false;
    }
    config.validate("command line")?;
    Ok(config)
}

/// Runs `posewire relay` until SIGINT or SIGTERM.
pub fn run(args: &RelayArgs) -> anyhow::Result<()> {
    crate::serve_cmd::run_config(config(args)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Cli, Command};
    use clap::Parser as _;

    #[test]
    fn the_flags_make_a_relay_of_the_space() {
        let cli = Cli::try_parse_from([
            "posewire",
            "relay",
            "--nats",
            "nats://127.0.0.1:4222",
            "--space",
            "studio",
        ])
        .expect("parses");
        let Command::Relay(args) = cli.command else {
            panic!("not relay");
        };
        let relay = config(&args).expect("valid");
        assert_eq!(relay.listen, DEFAULT_RELAY_LISTEN);
        assert!(relay.avatars.is_empty());
        let cluster = relay.cluster.expect("a cluster");
        assert!(cluster.relay);
        assert_eq!(cluster.space, "studio");
        let bad = Cli::try_parse_from([
            "posewire", "relay", "--nats", "http://x", "--space", "studio",
        ])
        .expect("parses");
        let Command::Relay(bad) = bad.command else {
            panic!("not relay");
        };
        let err = config(&bad).expect_err("not a NATS URL").to_string();
        assert!(err.contains("cluster.nats"), "{err}");
    }
}
