//! The bytes being read at once from files clients name (`[limits]
//! read_budget_mib`): file sources' tracker takes, hull models, fetched
//! takes. Each read is bounded on its own (`posewire_body::bounded_read`);
//! this bounds them together, so that concurrent large reads cannot add up
//! past the daemon's memory. A read that would pass the budget is refused
//! RESOURCE_EXHAUSTED naming the key; a file larger than the whole budget
//! takes all of it (read only when nothing else is).

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use tonic::Status;

/// The budget and the bytes being read now.
#[derive(Debug)]
pub struct ReadBudget {
    limit: u64,
    reading: Mutex<u64>,
    refused: AtomicU64,
}

/// One read's share of the budget, given back when dropped.
#[derive(Debug)]
pub struct ReadPermit {
    budget: Arc<ReadBudget>,
    bytes: u64,
}

impl Drop for ReadPermit {
    fn drop(&mut self) {
        let mut reading = self.budget.lock();
        *reading = reading.saturating_sub(self.bytes);
    }
}

impl ReadBudget {
    /// A budget of `limit` bytes being read at once.
    pub fn new(limit: u64) -> Arc<ReadBudget> {
        Arc::new(ReadBudget {
            limit,
            reading: Mutex::new(0),
            refused: AtomicU64::new(0),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, u64> {
        self.reading.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Reads refused so far.
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }

    /// Takes the share for reading `bytes` (at most the whole budget), or
    /// answers RESOURCE_EXHAUSTED; `what` names the request's field.
    pub fn take(self: &Arc<Self>, bytes: u64, what: &str) -> Result<ReadPermit, Status> {
        let share = bytes.min(self.limit);
        let mut reading = self.lock();
        if *reading + share > self.limit {
            let busy = *reading;
            drop(reading);
            let message = format!(
                "{what}: reading {} MiB now would pass the {} MiB the daemon reads at once from \
                 files clients name ({} MiB are being read); try again when those reads end \
                 (the operator sets the budget with `limits.read_budget_mib`)",
                mib(bytes),
                mib(self.limit),
                mib(busy)
            );
            if self.refused.fetch_add(1, Ordering::Relaxed) == 0 {
                tracing::warn!("a read was refused: {message} (further refusals at debug level)");
            } else {
                tracing::debug!("a read was refused: {message}");
            }
            return Err(Status::resource_exhausted(message));
        }
        *reading += share;
        Ok(ReadPermit {
            budget: self.clone(),
            bytes: share,
        })
    }

    /// Takes the share for reading the file at `path` (its size now; the
    /// read itself stays capped by its kind's limit).
    pub fn take_file(self: &Arc<Self>, path: &Path, what: &str) -> Result<ReadPermit, Status> {
        let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
        self.take(bytes, what)
    }
}

/// Bytes as MiB, rounded up.
fn mib(bytes: u64) -> u64 {
    bytes.div_ceil(1 << 20)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic::Code;

    #[test]
    fn reads_share_the_budget_and_give_it_back() {
        let budget = ReadBudget::new(100 << 20);
        let a = budget.take(60 << 20, "file source").expect("first");
        let e = budget.take(60 << 20, "file source").expect_err("over");
        assert_eq!(e.code(), Code::ResourceExhausted);
        assert!(e.message().contains("`limits.read_budget_mib`"), "{e:?}");
        assert!(
            e.message().starts_with("file source: reading 60 MiB"),
            "{e:?}"
        );
        let b = budget.take(40 << 20, "file source").expect("fits beside");
        drop(a);
        // Larger than the whole budget: it takes all of it, alone.
        let e = budget
            .take(500 << 20, "file source")
            .expect_err("not alone");
        assert_eq!(e.code(), Code::ResourceExhausted);
        drop(b);
        let big = budget.take(500 << 20, "file source").expect("alone");
        assert!(budget.take(1, "x").is_err());
        drop(big);
        assert_eq!(*budget.lock(), 0);
        assert_eq!(budget.refused(), 3);
    }
}
