//! The `push` device source: samples streamed in over gRPC
//! (`DeviceService.PushDevices`) wait in a queue per avatar until the loop
//! takes them (their capture times already mapped onto the loop's clock by
//! [`super::clock::ClockTracker`]).

use std::sync::{Mutex, PoisonError};

use posewire_body::formats::TrackerSample;

/// Samples pushed for one avatar, in the loop's clock, not yet taken.
#[derive(Debug, Default)]
pub struct PushQueue {
    samples: Mutex<Vec<TrackerSample>>,
}

/// At most this many samples wait per avatar (about 10 s of 6 devices at
/// 90 Hz); beyond it the oldest are dropped, so a sender far ahead of the
/// loop cannot grow memory without bound.
pub const MAX_QUEUED: usize = 6 * 90 * 10;

impl PushQueue {
    /// Queues samples (already checked and re-timed to the loop's clock).
    pub fn extend(&self, samples: impl IntoIterator<Item = TrackerSample>) {
        let mut queue = self.samples.lock().unwrap_or_else(PoisonError::into_inner);
        queue.extend(samples);
        if queue.len() > MAX_QUEUED {
            let excess = queue.len() - MAX_QUEUED;
            queue.drain(..excess);
        }
    }

    /// Appends to `out`, in time order, every queued sample due by loop
    /// time `t`; later ones stay queued.
    pub fn poll(&self, t: f64, out: &mut Vec<TrackerSample>) {
        let mut queue = self.samples.lock().unwrap_or_else(PoisonError::into_inner);
        let start = out.len();
        queue.retain(|s| {
            if s.time_s <= t {
                out.push(*s);
                false
            } else {
                true
            }
        });
        out[start..].sort_by(|a, b| a.time_s.total_cmp(&b.time_s));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::Device;

    fn sample(t: f64) -> TrackerSample {
        TrackerSample {
            time_s: t,
            device: Device::Head,
            pose: None,
            input: None,
        }
    }

    #[test]
    fn the_queue_gives_due_samples_in_time_order() {
        let q = PushQueue::default();
        q.extend([sample(0.3), sample(0.1), sample(0.9)]);
        let mut out = Vec::new();
        q.poll(0.5, &mut out);
        assert_eq!(out.iter().map(|s| s.time_s).collect::<Vec<_>>(), [0.1, 0.3]);
        out.clear();
        q.poll(1.0, &mut out);
        assert_eq!(out.len(), 1);
    }
}
