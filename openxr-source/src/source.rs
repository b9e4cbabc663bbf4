//! The OpenXR source: a thread of its own that connects to the runtime,
//! handles its events, locates every device when the real-time loop asks
//! (at the time of the loop's next tick), and reconnects when the runtime
//! goes away and comes back. The loop's side ([`OpenXrSource::poll`])
//! never waits on OpenXR: it takes what was located and leaves a request.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use openxr as xr;
use posewire_body::formats::TrackerSample;
use posewire_body::hand_tracking::TrackedFingers;
use posewire_body::Device;

use crate::connection::{Connection, Located};
use crate::error::OpenXrError;
use crate::settings::OpenXrSettings;

/// Where the source stands with the runtime.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConnectionState {
    /// Not yet tried.
    Starting,
    /// No loader, no runtime, or a runtime lacking what Posewire needs;
    /// retrying (the status message says why).
    Unavailable,
    /// Connected; the session is not running yet (or was stopped).
    Connected,
    /// Connected and the session runs: devices are located every tick.
    Running,
    /// The runtime went away; reconnecting.
    Lost,
}

/// What the source reports about itself.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenXrStatus {
    /// Where it stands.
    pub state: ConnectionState,
    /// The last problem or event, for people.
    pub message: String,
    /// The loader library opened.
    pub loader: Option<String>,
    /// The runtime's name and version, when connected.
    pub runtime: Option<String>,
    /// `STAGE` or `LOCAL`, when connected.
    pub reference_space: Option<String>,
    /// Successful connections so far.
    pub connections: u64,
    /// Runtime losses so far.
    pub losses: u64,
    /// Per device located in the last tick, whether it was tracked.
    pub tracked: Vec<(Device, bool)>,
    /// Whether the runtime's hand tracking (`XR_EXT_hand_tracking`) is
    /// read, when connected.
    pub hand_tracking: bool,
}

impl Default for OpenXrStatus {
    fn default() -> Self {
        OpenXrStatus {
            state: ConnectionState::Starting,
            message: "starting".into(),
            loader: None,
            runtime: None,
            reference_space: None,
            connections: 0,
            losses: 0,
            tracked: Vec::new(),
            hand_tracking: false,
        }
    }
}

/// A request from the loop: locate the devices `lead` after `at`.
#[derive(Debug, Clone, Copy)]
struct Tick {
    at: Instant,
    lead: Duration,
}

#[derive(Debug, Default)]
struct Shared {
    located: Mutex<Vec<Located>>,
    /// The newest tracked fingers, until the loop takes them.
    fingers: Mutex<Option<TrackedFingers>>,
    status: Mutex<OpenXrStatus>,
}

/// The loop's handle on the OpenXR thread. Dropping every clone ends the
/// thread (within a tenth of a second, or when a connection attempt in
/// progress returns).
#[derive(Debug, Clone)]
pub struct OpenXrSource {
    shared: Arc<Shared>,
    ticks: mpsc::Sender<Tick>,
    last_t: Option<f64>,
    /// Boxed: a hand's rotations are half a kilobyte, and the daemon keeps
    /// sources in an enum beside small ones.
    fingers: Box<TrackedFingers>,
}

impl OpenXrSource {
    /// Starts the thread, which connects (and keeps retrying) on its own.
    pub fn start(settings: OpenXrSettings) -> std::io::Result<OpenXrSource> {
        let shared = Arc::new(Shared::default());
        let (ticks, rx) = mpsc::channel();
        let thread_shared = shared.clone();
        std::thread::Builder::new()
            .name("posewire-openxr".into())
            .spawn(move || run(&settings, &thread_shared, &rx))?;
        Ok(OpenXrSource {
            shared,
            ticks,
            last_t: None,
            fingers: Box::new([None; 2]),
        })
    }

    /// Called by the loop at loop time `t`: appends what was located for
    /// this tick (stamped `t`; a device without a tracked pose comes as a
    /// sample without pose, i.e. tracking loss) and asks for the next
    /// tick's poses. Never blocks on OpenXR. The tracked fingers located
    /// with those samples are [`OpenXrSource::tracked_fingers`] from then
    /// on.
    pub fn poll(&mut self, t: f64, out: &mut Vec<TrackerSample>) {
        if let Some(fingers) = self
            .shared
            .fingers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()
        {
            *self.fingers = fingers;
        }
        let period = self
            .last_t
            .map_or(1.0 / 90.0, |last| (t - last).clamp(1e-3, 0.1));
        self.last_t = Some(t);
        let located = std::mem::take(
            &mut *self
                .shared
                .located
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
        );
        out.extend(located.into_iter().map(|l| TrackerSample {
            time_s: t,
            device: l.device,
            pose: l.pose,
            input: l.input,
        }));
        // An error only means the thread ended (it logged why).
        let _ = self.ticks.send(Tick {
            at: Instant::now(),
            lead: Duration::from_secs_f64(period),
        });
    }

    /// The hands' finger rotations from the runtime's hand tracking as of
    /// the last [`OpenXrSource::poll`] that brought any: per hand `None`
    /// when it is not tracked (or the runtime has no hand tracking), per
    /// finger joint `None` where the runtime did not mark it valid.
    pub fn tracked_fingers(&self) -> TrackedFingers {
        *self.fingers
    }

    /// What the source reports now.
    pub fn status(&self) -> OpenXrStatus {
        self.shared
            .status
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

fn set_status(shared: &Shared, change: impl FnOnce(&mut OpenXrStatus)) {
    change(&mut shared.status.lock().unwrap_or_else(PoisonError::into_inner));
}

/// The thread: connect, serve ticks, reconnect.
fn run(settings: &OpenXrSettings, shared: &Shared, ticks: &mpsc::Receiver<Tick>) {
    let mut entry: Option<xr::Entry> = None;
    let mut connection: Option<Connection> = None;
    let mut retry_s = settings.retry_s;
    let mut next_attempt = Instant::now();
    let mut last_problem = String::new();
    let mut tracked: Vec<(Device, bool)> = Vec::new();
    let mut with_input: Vec<(Device, bool)> = Vec::new();
    let mut hands_tracked = [false; 2];
    let mut located = Vec::new();
    let mut fingers: TrackedFingers = [None; 2];
    loop {
        if connection.is_none() && Instant::now() >= next_attempt {
            match connect(&mut entry, settings, shared) {
                Ok(c) => {
                    tracing::info!(
                        runtime = %c.runtime,
                        reference_space = c.reference,
                        devices = ?c.labels(),
                        "connected to the OpenXR runtime"
                    );
                    set_status(shared, |s| {
                        s.state = ConnectionState::Connected;
                        s.message = format!("connected to {}", c.runtime);
                        s.runtime = Some(c.runtime.clone());
                        s.reference_space = Some(c.reference.to_string());
                        s.connections += 1;
                        s.hand_tracking = c.hand_tracking();
                    });
                    retry_s = settings.retry_s;
                    last_problem.clear();
                    connection = Some(c);
                }
                Err(e) => {
                    let problem = e.to_string();
                    if problem != last_problem {
                        tracing::warn!("OpenXR source: {problem}; retrying every few seconds");
                        last_problem = problem.clone();
                    }
                    set_status(shared, |s| {
                        if s.state != ConnectionState::Lost {
                            s.state = ConnectionState::Unavailable;
                        }
                        s.message = problem;
                    });
                    next_attempt = Instant::now() + Duration::from_secs_f64(retry_s);
                    retry_s = (retry_s * 2.0).min(settings.retry_max_s);
                }
            }
        }
        let wait = match &connection {
            Some(_) => Duration::from_millis(100),
            None => next_attempt
                .saturating_duration_since(Instant::now())
                .min(Duration::from_millis(100)),
        };
        let mut tick = match ticks.recv_timeout(wait) {
            Ok(tick) => Some(tick),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        // Serve only the newest request if several queued up.
        while let Ok(newer) = ticks.try_recv() {
            tick = Some(newer);
        }
        let Some(c) = &mut connection else { continue };
        located.clear();
        let result = c.handle_events().and_then(|()| match tick {
            Some(tick) => {
                let now = c.now_ns()?;
                let ahead = tick.lead.saturating_sub(tick.at.elapsed());
                c.locate(now + ahead.as_nanos() as i64, &mut located, &mut fingers)
            }
            None => Ok(()),
        });
        match result {
            Ok(()) => {
                let running = c.running();
                set_status(shared, |s| {
                    s.state = if running {
                        ConnectionState::Running
                    } else {
                        ConnectionState::Connected
                    };
                });
                if tick.is_some() && running {
                    report_tracking(&located, &mut tracked, shared);
                    report_input(&located, &mut with_input);
                    report_hands(&fingers, &mut hands_tracked);
                    shared
                        .located
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .extend(located.iter().copied());
                    *shared
                        .fingers
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner) = Some(fingers);
                }
            }
            Err(e) => {
                tracing::warn!("OpenXR runtime lost: {e}; reconnecting when it comes back");
                connection = None;
                // Every device the loop had is lost now, at once.
                shared
                    .located
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .extend(tracked.iter().map(|&(device, _)| Located {
                        device,
                        pose: None,
                        input: None,
                    }));
                with_input.clear();
                hands_tracked = [false; 2];
                *shared
                    .fingers
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner) = Some([None; 2]);
                for t in &mut tracked {
                    t.1 = false;
                }
                set_status(shared, |s| {
                    s.state = ConnectionState::Lost;
                    s.message = format!("runtime lost: {e}");
                    s.losses += 1;
                    s.runtime = None;
                    s.tracked = tracked.clone();
                    s.hand_tracking = false;
                });
                retry_s = settings.retry_s;
                next_attempt = Instant::now() + Duration::from_secs_f64(retry_s);
            }
        }
    }
    tracing::debug!("OpenXR source stopped");
}

/// Logs each device's tracking changes (never per frame) and publishes
/// the per-device tracking state.
fn report_tracking(located: &[Located], tracked: &mut Vec<(Device, bool)>, shared: &Shared) {
    let mut changed = false;
    for l in located {
        let (device, now) = (l.device, l.pose.is_some());
        match tracked.iter_mut().find(|(d, _)| *d == device) {
            Some((_, was)) if *was == now => {}
            Some((_, was)) => {
                *was = now;
                changed = true;
                if now {
                    tracing::info!(device = device.name(), "OpenXR device tracked again");
                } else {
                    tracing::warn!(device = device.name(), "OpenXR device lost tracking");
                }
            }
            None => {
                tracked.push((device, now));
                changed = true;
                if !now {
                    tracing::warn!(device = device.name(), "OpenXR device not tracked");
                }
            }
        }
    }
    if changed {
        set_status(shared, |s| s.tracked = tracked.clone());
    }
}

/// Logs when a controller's inputs start or stop coming (never per
/// frame).
fn report_input(located: &[Located], with_input: &mut Vec<(Device, bool)>) {
    for l in located
        .iter()
        .filter(|l| matches!(l.device, Device::LeftHand | Device::RightHand))
    {
        let now = l.input.is_some();
        let was = match with_input.iter_mut().find(|(d, _)| *d == l.device) {
            Some((_, was)) => std::mem::replace(was, now),
            None => {
                with_input.push((l.device, now));
                !now
            }
        };
        if was != now {
            if now {
                tracing::info!(device = l.device.name(), "OpenXR controller input active");
            } else {
                tracing::info!(device = l.device.name(), "OpenXR controller input inactive (no input binding for this controller's profile)");
            }
        }
    }
}

/// Logs when a hand's tracked fingers start or stop coming (never per
/// frame).
fn report_hands(fingers: &TrackedFingers, was: &mut [bool; 2]) {
    for (h, name) in ["left", "right"].into_iter().enumerate() {
        let now = fingers[h].is_some();
        if std::mem::replace(&mut was[h], now) != now {
            if now {
                tracing::info!(
                    hand = name,
                    "OpenXR hand tracking active: its fingers follow the tracked joints"
                );
            } else {
                tracing::info!(
                    hand = name,
                    "OpenXR hand tracking inactive: its fingers follow the controller"
                );
            }
        }
    }
}

fn connect(
    entry: &mut Option<xr::Entry>,
    settings: &OpenXrSettings,
    shared: &Shared,
) -> Result<Connection, OpenXrError> {
    if entry.is_none() {
        let (e, name) = crate::loader::open_loader()?;
        tracing::info!(loader = %name, "OpenXR loader opened");
        set_status(shared, |s| s.loader = Some(name));
        *entry = Some(e);
    }
    match entry {
        Some(e) => Connection::open(e, settings),
        None => Err(OpenXrError::NoLoader {
            tried: String::new(),
            reason: "not loaded".into(),
        }),
    }
}
