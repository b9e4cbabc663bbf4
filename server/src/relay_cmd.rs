//! `posewire relay`: the relay's configuration from the flags, then the
//! same daemon run as `serve` (one implementation of every service).

use std::path::PathBuf;

use clap::Args;
use posewire::serve::cluster::relay::{relay_config, DEFAULT_RELAY_LISTEN};
use posewire::serve::Config;

/// `posewire relay`.
#[derive(Debug, Args)]
pub struct RelayArgs {
    /// The NATS server of the space (nats://HOST:PORT).
    #[arg(long, value_name = "URL")]
    pub nats: String,
    /// The space.
    #[arg(long, value_name = "NAME")]
    pub space: String,
    /// Address to listen on (default 127.0.0.1:50061).
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<String>,
    /// A configuration for the rest (access tokens and TLS, limits, the web
    /// view, [cluster] credentials); its avatars are ignored.
    #[arg(long, value_name = "FILE.toml")]
    pub config: Option<PathBuf>,
    /// Ticks per second of the merged stream, overriding the configuration.
    #[arg(long, value_name = "HZ")]
    pub rate: Option<f64>,
    /// Start on a non-loopback address even though no access token is
    /// configured.
    #[arg(long)]
    pub insecure: bool,
    /// Do not serve the live web view.
    #[arg(long)]
    pub no_web: bool,
}

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

    #[test]
    fn the_flags_make_a_relay_of_the_space() {
        let args: RelayArgs = crate::args_alone::parse(&[
            "posewire",
            "relay",
            "--nats",
            "nats://127.0.0.1:4222",
            "--space",
            "studio",
        ])
        .expect("parses");
        let relay = config(&args).expect("valid");
        assert_eq!(relay.listen, DEFAULT_RELAY_LISTEN);
        assert!(relay.avatars.is_empty());
        let cluster = relay.cluster.expect("a cluster");
        assert!(cluster.relay);
        assert_eq!(cluster.space, "studio");
        let bad: RelayArgs = crate::args_alone::parse(&[
            "posewire", "relay", "--nats", "http://x", "--space", "studio",
        ])
        .expect("parses");
        let err = config(&bad).expect_err("not a NATS URL").to_string();
        assert!(err.contains("cluster.nats"), "{err}");
    }
}
