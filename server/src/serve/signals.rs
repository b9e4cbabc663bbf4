//! Waiting for the signals that stop the daemon: SIGINT (Ctrl-C) and
//! SIGTERM (a service manager or a container runtime).

/// The stop signals, listened for from the moment this is made (so that
/// a signal arriving while the daemon starts is not lost, nor left to its
/// default action of killing the process without a word).
#[derive(Debug)]
pub struct ShutdownSignals {
    #[cfg(unix)]
    term: tokio::signal::unix::Signal,
    #[cfg(unix)]
    int: tokio::signal::unix::Signal,
}

impl ShutdownSignals {
    /// Starts listening (inside a tokio runtime with I/O enabled).
    pub fn listen() -> anyhow::Result<ShutdownSignals> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            Ok(ShutdownSignals {
                term: signal(SignalKind::terminate())?,
                int: signal(SignalKind::interrupt())?,
            })
        }
        #[cfg(not(unix))]
        {
            Ok(ShutdownSignals {})
        }
    }

    /// Resolves when SIGINT or SIGTERM arrives; returns the signal's name.
    pub async fn recv(&mut self) -> anyhow::Result<&'static str> {
        #[cfg(unix)]
        {
            tokio::select! {
                _ = self.int.recv() => Ok("SIGINT"),
                _ = self.term.recv() => Ok("SIGTERM"),
            }
        }
        #[cfg(not(unix))]
        {
            tokio::signal::ctrl_c().await?;
            Ok("Ctrl-C")
        }
    }
}

/// Resolves when SIGINT or SIGTERM arrives; returns the signal's name.
pub async fn shutdown_signal() -> anyhow::Result<&'static str> {
    ShutdownSignals::listen()?.recv().await
}
