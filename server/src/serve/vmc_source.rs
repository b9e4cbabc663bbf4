//! The `vmc` device source: a UDP socket on its own thread receives VMC
//! messages (`/VMC/Ext/Hmd/Pos`, `/VMC/Ext/Con/Pos`, `/VMC/Ext/Tra/Pos`,
//! as sent by SlimeVR, VMC Assistants, or another Posewire's VMC output),
//! maps their serials to devices and queues the poses with their arrival
//! time; the loop takes them each tick. Malformed datagrams, unknown
//! addresses, bad arguments and NaN are counted
//! ([`super::osc_stats`], GetStats) and dropped there, never reaching the
//! avatar; the first problem is logged, then a summary at most every
//! 10 s.

use std::net::{SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use posewire_body::formats::TrackerSample;
use posewire_body::{ControllerInput, Device, Transform};
use posewire_vmc::vmc::{DeviceReceiver, SerialMap};

use super::osc_stats::{OscCounters, OscRegistry};

/// How often the receiving thread looks at its stop flag.
const POLL: Duration = Duration::from_millis(100);

/// At most this many poses wait (10 s of 6 devices at 90 Hz); older ones
/// are dropped.
const MAX_QUEUED: usize = 6 * 90 * 10;

/// Poses received, with their arrival, not yet taken by the loop.
#[derive(Debug, Default)]
struct Queue {
    poses: Vec<(Instant, Device, Transform, Option<ControllerInput>)>,
    /// Per device, the loop time of its last sample taken.
    last: [f64; Device::COUNT],
}

/// A listening VMC source; dropping the last handle stops its thread.
#[derive(Debug)]
pub struct VmcListener {
    queue: Arc<Mutex<Queue>>,
    stop: Arc<AtomicBool>,
    /// What it received and dropped.
    pub counters: Arc<OscCounters>,
    /// The bound address (the port picked when 0 was asked for).
    pub local_addr: SocketAddr,
}

impl Drop for VmcListener {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

impl VmcListener {
    /// Binds `listen` and starts the receiving thread for avatar `avatar`.
    /// An address beyond loopback is refused (kind `PermissionDenied`,
    /// the message says why and what to do) unless the registry allows
    /// exposed inputs, and then a warning names it.
    pub fn bind(
        listen: &str,
        map: SerialMap,
        avatar: &str,
        registry: &OscRegistry,
    ) -> std::io::Result<VmcListener> {
        if let Ok(addr) = listen.parse::<SocketAddr>() {
            check_exposure(addr, registry.exposed_inputs_allowed())?;
        }
        let socket = UdpSocket::bind(listen)?;
        socket.set_read_timeout(Some(POLL))?;
        let local_addr = socket.local_addr()?;
        let counters = registry.register(format!("vmc in avatar {avatar} on {local_addr}"));
        let queue = Arc::new(Mutex::new(Queue {
            poses: Vec::new(),
            last: [f64::NEG_INFINITY; Device::COUNT],
        }));
        let stop = Arc::new(AtomicBool::new(false));
        let (q, s, c) = (queue.clone(), stop.clone(), counters.clone());
        let avatar = avatar.to_string();
        std::thread::Builder::new()
            .name(format!("posewire-vmc-{avatar}"))
            .spawn(move || receive(socket, DeviceReceiver::new(map), &q, &s, &c, &avatar))?;
        tracing::info!(address = %local_addr, "vmc source listening (UDP)");
        Ok(VmcListener {
            queue,
            stop,
            counters,
            local_addr,
        })
    }

    /// Appends every pose received so far, timed on the loop's clock at
    /// loop time `t` (now): a pose that arrived `d` seconds ago is a sample
    /// at `t - d`, never earlier than the device's previous one.
    pub fn poll(&self, t: f64, out: &mut Vec<TrackerSample>) {
        let now = Instant::now();
        let mut queue = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
        let Queue { poses, last } = &mut *queue;
        for (arrival, device, pose, input) in poses.drain(..) {
            let age = now.saturating_duration_since(arrival).as_secs_f64();
            let time_s = (t - age).max(last[device.index()]).min(t);
            last[device.index()] = time_s;
            out.push(TrackerSample {
                time_s,
                device,
                pose: Some(pose),
                input,
            });
        }
    }
}

/// Refuses a VMC source beyond loopback unless `insecure`; warns when it
/// is allowed.
fn check_exposure(addr: SocketAddr, insecure: bool) -> std::io::Result<()> {
    if addr.ip().is_loopback() {
        return Ok(());
    }
    if insecure {
        tracing::warn!(%addr, "--insecure: a vmc source listens beyond loopback; anyone who can reach this address may send poses to its avatar (VMC has no authentication)");
        return Ok(());
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::PermissionDenied,
        format!(
            "refusing a vmc source on {addr}: that address is reachable from other machines \
             and VMC has no authentication, so anyone there could send poses to the avatar. \
             Listen on 127.0.0.1:{port} for senders on this machine, or pass --insecure \
             (access.insecure = true) if every machine on this network is trusted",
            port = addr.port()
        ),
    ))
}

fn receive(
    socket: UdpSocket,
    mut receiver: DeviceReceiver,
    queue: &Mutex<Queue>,
    stop: &AtomicBool,
    counters: &OscCounters,
    avatar: &str,
) {
    let mut buf = vec![0u8; 65536];
    let mut poses = Vec::new();
    let mut logged_first = false;
    let mut last_summary = Instant::now();
    let mut dropped_at_summary = 0u64;
    while !stop.load(Ordering::SeqCst) {
        let n = match socket.recv_from(&mut buf) {
            Ok((n, _)) => n,
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                continue
            }
            Err(e) => {
                // ICMP errors surface on some systems; keep listening.
                tracing::debug!(avatar, error = %e, "vmc source: receive error");
                std::thread::sleep(Duration::from_millis(10));
                continue;
            }
        };
        poses.clear();
        let problem = receiver.receive(&buf[..n], &mut poses);
        let arrival = Instant::now();
        if !poses.is_empty() {
            let mut q = queue.lock().unwrap_or_else(PoisonError::into_inner);
            // A controller's pose carries its input as the messages so far
            // left it (VMC sends input as events of its own).
            q.poses.extend(
                poses
                    .iter()
                    .map(|&(device, pose)| (arrival, device, pose, receiver.input(device))),
            );
            if q.poses.len() > MAX_QUEUED {
                let excess = q.poses.len() - MAX_QUEUED;
                q.poses.drain(..excess);
            }
        }
        let counts = receiver.counts;
        *counters
            .received
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = counts;
        if let Some(problem) = problem {
            let dropped = counts.malformed
                + counts.unknown_address
                + counts.not_finite
                + counts.bad_arguments
                + counts.unmapped_serial;
            if !logged_first {
                logged_first = true;
                tracing::warn!(avatar, %problem, "vmc source: dropped input (further drops are counted in GetStats)");
            } else if last_summary.elapsed() >= Duration::from_secs(10)
                && dropped != dropped_at_summary
            {
                last_summary = Instant::now();
                dropped_at_summary = dropped;
                tracing::warn!(
                    avatar,
                    malformed = counts.malformed,
                    unknown_address = counts.unknown_address,
                    not_finite = counts.not_finite,
                    bad_arguments = counts.bad_arguments,
                    unmapped_serial = counts.unmapped_serial,
                    latest = %problem,
                    "vmc source: dropped input so far"
                );
            }
        }
    }
}
