//! Counters of the daemon's OSC endpoints (VMC sources, VMC and VRChat
//! outputs), listed in GetStats: what each received, dropped and sent.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};

use posewire_proto::v1 as pb;
use posewire_vmc::vmc::ReceiveCounts;

/// One endpoint's counters.
#[derive(Debug, Default)]
pub struct OscCounters {
    /// What it is, for people.
    pub name: String,
    /// What an input received and dropped.
    pub received: Mutex<ReceiveCounts>,
    /// Datagrams sent.
    pub sent: AtomicU64,
    /// Datagrams the OS refused.
    pub send_errors: AtomicU64,
    /// Frames an output skipped because it fell behind the fan-out.
    pub skipped_frames: AtomicU64,
}

impl OscCounters {
    /// What an input has received so far.
    pub fn received(&self) -> ReceiveCounts {
        *self.received.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The counters as GetStats reports them.
    pub fn to_proto(&self) -> pb::OscStats {
        let r = self.received();
        pb::OscStats {
            name: self.name.clone(),
            packets: r.packets,
            malformed: r.malformed,
            messages: r.messages,
            accepted: r.accepted,
            unknown_address: r.unknown_address,
            unused: r.unused,
            not_finite: r.not_finite,
            bad_arguments: r.bad_arguments,
            unmapped_serial: r.unmapped_serial,
            controls: r.controls,
            sent: self.sent.load(Ordering::Relaxed),
            send_errors: self.send_errors.load(Ordering::Relaxed),
            skipped_frames: self.skipped_frames.load(Ordering::Relaxed),
        }
    }
}

/// The live endpoints; an endpoint leaves the list when its owner drops
/// its counters (a removed avatar's VMC source).
#[derive(Debug, Default)]
pub struct OscRegistry {
    list: Mutex<Vec<Weak<OscCounters>>>,
    exposed_inputs: bool,
}

impl OscRegistry {
    /// A registry whose inputs (VMC sources) may listen beyond loopback
    /// when `allowed` (`access.insecure`: VMC has no authentication).
    pub fn allowing_exposed_inputs(allowed: bool) -> OscRegistry {
        OscRegistry {
            exposed_inputs: allowed,
            ..OscRegistry::default()
        }
    }

    /// Whether inputs may listen beyond loopback.
    pub fn exposed_inputs_allowed(&self) -> bool {
        self.exposed_inputs
    }

    /// Lists a new endpoint.
    pub fn register(&self, name: String) -> Arc<OscCounters> {
        let counters = Arc::new(OscCounters {
            name,
            ..OscCounters::default()
        });
        let mut list = self.list.lock().unwrap_or_else(PoisonError::into_inner);
        list.retain(|w| w.strong_count() > 0);
        list.push(Arc::downgrade(&counters));
        counters
    }

    /// The live endpoints, in creation order.
    pub fn snapshot(&self) -> Vec<Arc<OscCounters>> {
        self.list
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .filter_map(Weak::upgrade)
            .collect()
    }
}
