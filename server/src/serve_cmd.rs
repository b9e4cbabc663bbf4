//! `posewire serve`: loads the configuration, applies the command-line
//! overrides, runs the daemon until SIGINT or SIGTERM, then shuts it down
//! within a deadline.

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use posewire::serve::shutdown_watch::{Watchdog, SHUTDOWN_DEADLINE};
use posewire::serve::signals::ShutdownSignals;
use posewire::serve::{Config, Daemon};

use crate::cli_choices::SolverArg;

/// `posewire serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The configuration (TOML; every option is documented in
    /// configs/default.toml). Without it, the built-in defaults: the demo
    /// person on 127.0.0.1:50051.
    #[arg(long, value_name = "FILE.toml")]
    pub config: Option<PathBuf>,
    /// Address to listen on, overriding the configuration (IP:PORT; port 0
    /// picks a free one).
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<String>,
    /// Ticks of the real-time loop per second, overriding the
    /// configuration.
    #[arg(long, value_name = "HZ")]
    pub rate: Option<f64>,
    /// The solver posing every avatar, overriding the configuration.
    #[arg(long)]
    pub solver: Option<SolverArg>,
    /// Start on a non-loopback address even though no access token is
    /// configured (anyone who can reach it may then watch and drive every
    /// avatar). Tokens: [[access.tokens]] in the configuration, or
    /// POSEWIRE_TOKEN_READ / POSEWIRE_TOKEN_PUSH / POSEWIRE_TOKEN_ADMIN.
    #[arg(long)]
    pub insecure: bool,
    /// Serve TLS with this certificate chain (PEM), overriding
    /// access.tls_cert.
    #[arg(long, value_name = "CERT.pem", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The certificate's private key (PEM), overriding access.tls_key.
    #[arg(long, value_name = "KEY.pem", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Address of the live web view (IP:PORT), overriding web.listen
    /// (default: the IP of --listen and the next port).
    #[arg(long, value_name = "ADDR", conflicts_with = "no_web")]
    pub web_listen: Option<String>,
    /// Do not serve the live web view (web.enabled = false).
    #[arg(long)]
    pub no_web: bool,
}

/// The configuration the daemon runs with: the file (or the defaults),
/// then the flags.
pub fn config(args: &ServeArgs) -> anyhow::Result<Config> {
    let mut config = match &args.config {
        Some(path) => Config::load(path)?,
        None => Config::default(),
    };
    if let Some(listen) = &args.listen {
        config.listen = listen.clone();
    }
    if let Some(rate) = args.rate {
        config.rate_hz = rate;
    }
    if let Some(solver) = args.solver {
        config.solver.kind = crate::solver_choice::solver_kind(solver);
    }
    if args.insecure {
        config.access.insecure = true;
    }
    if let (Some(cert), Some(key)) = (&args.tls_cert, &args.tls_key) {
        config.access.tls_cert = Some(cert.clone());
        config.access.tls_key = Some(key.clone());
    }
    if let Some(web) = &args.web_listen {
        config.web.listen = Some(web.clone());
    }
    if args.no_web {
        config.web.enabled = false;
    }
    config.validate("command line")?;
    Ok(config)
}

/// Runs `posewire serve`. After SIGINT or SIGTERM the shutdown has
/// [`SHUTDOWN_DEADLINE`]: past it the process logs what had not stopped and
/// exits with status 1, whatever a call or a blocking read is doing. It
/// says "shut down cleanly" only when everything, including work the calls
/// started off the async workers, has ended.
pub fn run(args: &ServeArgs) -> anyhow::Result<()> {
    run_config(config(args)?)
}

/// Runs the daemon of `config` (`serve` and `relay`) until a signal, as
/// [`run`] says.
pub fn run_config(mut config: Config) -> anyhow::Result<()> {
    config.access.resolve_env(|var| std::env::var(var).ok())?;
    config.validate("environment")?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("posewire-grpc")
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let (watchdog, stage, stopped) = runtime.block_on(async {
        // Listening first: a signal during start-up is not lost.
        let mut signals = ShutdownSignals::listen().context("cannot listen for SIGINT/SIGTERM")?;
        let daemon = Daemon::start(&config).await?;
        let signal = signals
            .recv()
            .await
            .context("cannot listen for SIGINT/SIGTERM")?;
        tracing::info!(signal, "shutting down");
        let stage = daemon.shutdown_stage();
        let watchdog = Watchdog::arm(SHUTDOWN_DEADLINE, stage.clone(), give_up)
            .context("cannot start the shutdown watchdog")?;
        let stopped = daemon.shutdown().await;
        anyhow::Ok((watchdog, stage, stopped))
    })?;
    // Dropping the runtime waits for every blocking task (a file read a
    // call started, an avatar being built): the watchdog bounds that too.
    stage.set(
        "waiting for work the calls started off the async workers (a file read, an avatar build)",
    );
    drop(runtime);
    drop(watchdog);
    stopped?;
    tracing::info!("shut down cleanly");
    Ok(())
}

/// The shutdown did not finish in time: say what was still running and
/// end the process.
fn give_up(stage: &'static str) {
    tracing::error!(
        deadline_s = SHUTDOWN_DEADLINE.as_secs_f64(),
        still = stage,
        "the shutdown did not finish in time; exiting without waiting for it (status 1)"
    );
    std::process::exit(1);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> ServeArgs {
        crate::args_alone::parse(args).expect("parses")
    }

    #[test]
    fn flags_override_the_configuration() {
        let args = parse(&[
            "posewire",
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--rate",
            "60",
        ]);
        let merged = config(&args).expect("valid");
        assert_eq!(merged.listen, "127.0.0.1:0");
        assert_eq!(merged.rate_hz, 60.0);
        assert_eq!(merged.avatars.len(), 1);
        assert!(merged.web.enabled);
        let web = parse(&["posewire", "serve", "--web-listen", "127.0.0.1:8080"]);
        let web = config(&web).expect("valid");
        assert_eq!(web.web.listen.as_deref(), Some("127.0.0.1:8080"));
        let off = config(&parse(&["posewire", "serve", "--no-web"])).expect("valid");
        assert!(!off.web.enabled);
        let bad = parse(&["posewire", "serve", "--listen", "nowhere"]);
        let err = config(&bad).expect_err("bad address").to_string();
        assert!(err.contains("`listen`"), "{err}");
    }

    #[test]
    fn a_missing_configuration_file_is_named() {
        let args = parse(&[
            "posewire",
            "serve",
            "--config",
            "/nonexistent/posewire.toml",
        ]);
        let err = config(&args).expect_err("missing file").to_string();
        assert!(err.contains("/nonexistent/posewire.toml"), "{err}");
    }
}
