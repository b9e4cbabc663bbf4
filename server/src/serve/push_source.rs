//! The `push` device source: samples streamed in over gRPC
//! (`DeviceService.PushDevices`) wait in a queue per avatar until the loop
//! takes them; and the estimate of the offset between a sender's clock and
//! the daemon's.

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

/// The offset from a sender's clock to the daemon's, estimated from the
/// samples' capture times and arrival times: the smallest apparent delay
/// seen (the transport adds delay, never removes it), so `daemon time =
/// sender time + offset` maps a capture to no later than its arrival.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ClockOffset {
    min_delay_s: Option<f64>,
    max_delay_s: Option<f64>,
}

impl ClockOffset {
    /// Takes one sample captured at `sender_s` (sender's clock) that
    /// arrived at `arrival_s` (daemon's clock); returns the current offset.
    pub fn observe(&mut self, sender_s: f64, arrival_s: f64) -> f64 {
        let delay = arrival_s - sender_s;
        let min = self.min_delay_s.map_or(delay, |m| m.min(delay));
        let max = self.max_delay_s.map_or(delay, |m| m.max(delay));
        self.min_delay_s = Some(min);
        self.max_delay_s = Some(max);
        min
    }

    /// The estimated offset, seconds (0 before any sample).
    pub fn offset_s(&self) -> f64 {
        self.min_delay_s.unwrap_or(0.0)
    }

    /// How much the apparent delay varied, seconds.
    pub fn jitter_s(&self) -> f64 {
        match (self.min_delay_s, self.max_delay_s) {
            (Some(a), Some(b)) => b - a,
            _ => 0.0,
        }
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

    #[test]
    fn the_offset_is_the_smallest_delay() {
        let mut c = ClockOffset::default();
        // Sender clock 1000 s ahead of the daemon; delays 5, 2 and 9 ms.
        c.observe(1000.0, 0.005);
        c.observe(1000.1, 0.102);
        c.observe(1000.2, 0.209);
        assert!((c.offset_s() + 999.998).abs() < 1e-9, "{}", c.offset_s());
        assert!((c.jitter_s() - 0.007).abs() < 1e-9);
    }
}
