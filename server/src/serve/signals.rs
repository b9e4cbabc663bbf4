//! Waiting for the signals that stop the daemon: SIGINT (Ctrl-C) and
//! SIGTERM (a service manager or a container runtime).

/// Resolves when SIGINT or SIGTERM arrives; returns the signal's name.
pub async fn shutdown_signal() -> anyhow::Result<&'static str> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = signal(SignalKind::terminate())?;
        tokio::select! {
            r = tokio::signal::ctrl_c() => { r?; Ok("SIGINT") }
            _ = term.recv() => Ok("SIGTERM"),
        }
    }
    #[cfg(not(unix))]
    {
        tokio::signal::ctrl_c().await?;
        Ok("Ctrl-C")
    }
}
