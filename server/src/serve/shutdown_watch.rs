//! Bounding the daemon's shutdown: what it is doing now
//! ([`ShutdownStage`]), and a watchdog thread ([`Watchdog`]) that gives up
//! on it after a deadline, whatever the async workers or a blocking read
//! are doing (it runs on a plain OS thread of its own).

use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// How long `posewire serve` gives its shutdown after SIGTERM or SIGINT
/// before it exits without waiting (so that it ends within 5 s).
pub const SHUTDOWN_DEADLINE: Duration = Duration::from_secs(4);

/// What the shutdown is doing now, in words for the log.
#[derive(Debug, Clone)]
pub struct ShutdownStage(Arc<Mutex<&'static str>>);

impl Default for ShutdownStage {
    fn default() -> Self {
        ShutdownStage(Arc::new(Mutex::new("not shutting down")))
    }
}

impl ShutdownStage {
    /// Says what the shutdown does next.
    pub fn set(&self, what: &'static str) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = what;
    }

    /// What the shutdown is doing.
    pub fn get(&self) -> &'static str {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Calls its `expire` with the stage reached if it is not dropped within
/// its deadline; dropping it disarms it.
#[derive(Debug)]
pub struct Watchdog {
    _disarm: mpsc::Sender<()>,
}

impl Watchdog {
    /// Starts the watch on a thread of its own.
    pub fn arm(
        deadline: Duration,
        stage: ShutdownStage,
        expire: impl FnOnce(&'static str) + Send + 'static,
    ) -> std::io::Result<Watchdog> {
        let (tx, rx) = mpsc::channel::<()>();
        std::thread::Builder::new()
            .name("posewire-shutdown-watch".into())
            .spawn(move || {
                if let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(deadline) {
                    expire(stage.get());
                }
            })?;
        Ok(Watchdog { _disarm: tx })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unfinished_shutdown_is_given_up_with_its_stage() {
        let stage = ShutdownStage::default();
        stage.set("stopping the real-time loop");
        let (tx, rx) = mpsc::channel();
        let watchdog = Watchdog::arm(Duration::from_millis(20), stage, move |s| {
            let _ = tx.send(s);
        })
        .expect("starts");
        let given_up = rx.recv_timeout(Duration::from_secs(10)).expect("expires");
        assert_eq!(given_up, "stopping the real-time loop");
        drop(watchdog);
    }

    #[test]
    fn a_finished_shutdown_disarms_the_watchdog() {
        let (tx, rx) = mpsc::channel();
        let watchdog = Watchdog::arm(
            Duration::from_millis(200),
            ShutdownStage::default(),
            move |s| {
                let _ = tx.send(s);
            },
        )
        .expect("starts");
        drop(watchdog);
        // The thread ends without calling `expire`: the sender is dropped.
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(10)),
            Err(mpsc::RecvTimeoutError::Disconnected)
        );
    }
}
