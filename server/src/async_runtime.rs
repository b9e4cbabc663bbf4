//! The single-threaded async runtime the daemon's command-line clients
//! (`calibrate --server`, `push`, `record`, `takes`) run their requests on.

use anyhow::Context as _;

/// A current-thread runtime with I/O and timers.
pub fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")
}
