//! The runtime's state: one instance at a time, its paths, session,
//! spaces and actions, the take being played, and the events waiting to
//! be polled. A C runtime's state is global by nature; here it sits
//! behind one mutex.

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Mutex, MutexGuard, PoisonError};

use openxr_sys as sys;
use posewire_body::fingers::HandSkeleton;
use posewire_body::formats::TrackerTake;
use posewire_body::{Device, Side};

use crate::player::Player;

/// An event waiting for `xrPollEvent`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Event {
    /// The session changed state.
    SessionState(u64, sys::SessionState),
    /// The runtime is going away.
    InstanceLoss,
}

/// What a space follows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum SpaceKind {
    /// A reference space (STAGE and LOCAL are the take's world, VIEW the
    /// headset).
    Reference(sys::ReferenceSpaceType),
    /// A device of the take (or, for `None`, a tracker without poses).
    Device(Option<Device>),
}

/// An action: its type and subaction paths.
#[derive(Debug, Clone, PartialEq)]
pub struct Action {
    /// Boolean, float, vector2f or pose input.
    pub ty: sys::ActionType,
    /// Its subaction paths.
    pub subactions: Vec<u64>,
}

/// The controller profile the test runtime's controllers have unless
/// `POSEWIRE_XR_TEST_PROFILE` names another.
pub const DEFAULT_PROFILE: &str = "/interaction_profiles/oculus/touch_controller";

/// A tracker the runtime reports: its role, xdev id and name, and the
/// take's device that moves it (`None`: a tracker that never has poses).
#[derive(Debug, Clone, PartialEq)]
pub struct Tracker {
    /// Vive tracker role (`waist`, ...).
    pub role: &'static str,
    /// Its xdev id (1-based).
    pub xdev_id: u64,
    /// Its xdev name.
    pub name: String,
    /// The take's device.
    pub device: Option<Device>,
}

/// Everything about the one instance.
#[derive(Debug, Default)]
pub struct Runtime {
    /// The live instance's handle, if any.
    pub instance: Option<u64>,
    /// Whether the instance was lost (the runtime went down).
    pub lost: bool,
    /// Interned paths; path value = index + 1.
    pub paths: Vec<String>,
    /// The live session's handle.
    pub session: Option<u64>,
    /// Live spaces.
    pub spaces: BTreeMap<u64, SpaceKind>,
    /// Live actions.
    pub actions: BTreeMap<u64, Action>,
    /// The suggested bindings by interaction profile: action and binding
    /// path.
    pub bindings: BTreeMap<String, Vec<(u64, String)>>,
    /// The interaction profile of the controllers.
    pub profile: String,
    /// An input component (e.g. `squeeze/value`) whose bindings the
    /// runtime refuses, as if its profiles lacked it.
    pub refuse: Option<String>,
    /// The runtime time of the last `xrSyncActions`, nanoseconds.
    pub synced_ns: Option<i64>,
    /// Events not yet polled.
    pub events: VecDeque<Event>,
    /// The take.
    pub player: Player,
    /// When the take's first sample plays, runtime nanoseconds (set at
    /// the first locate when not given).
    pub epoch_ns: Option<i64>,
    /// Whether the Vive tracker extension is offered.
    pub htcx: bool,
    /// The trackers.
    pub trackers: Vec<Tracker>,
    /// The hands whose joints are served (`XR_EXT_hand_tracking`), when
    /// offered.
    pub hands: Option<HandSkeleton>,
    /// Live hand trackers and their hands.
    pub hand_trackers: BTreeMap<u64, Side>,
    /// The control file (read from the environment once, at instance
    /// creation, so that tests may change the environment later).
    pub control: Option<std::path::PathBuf>,
    next_handle: u64,
}

static STATE: Mutex<Option<Runtime>> = Mutex::new(None);

/// The state, locked.
pub fn lock() -> MutexGuard<'static, Option<Runtime>> {
    STATE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The control file named by the environment.
pub fn control_file() -> Option<std::path::PathBuf> {
    std::env::var_os("POSEWIRE_XR_TEST_CONTROL").map(Into::into)
}

/// Whether the control file says the runtime is down.
pub fn down_by(control: Option<&std::path::Path>) -> bool {
    control
        .and_then(|p| std::fs::read_to_string(p).ok())
        .is_some_and(|s| s.trim() == "down")
}

/// Whether the control file named by the environment says the runtime is
/// down (for calls made before an instance exists).
pub fn down() -> bool {
    down_by(control_file().as_deref())
}

/// The controllers' interaction profile named by the environment.
pub fn controller_profile() -> String {
    std::env::var("POSEWIRE_XR_TEST_PROFILE").unwrap_or_else(|_| DEFAULT_PROFILE.into())
}

/// Whether `XR_EXT_hand_tracking` is offered (`POSEWIRE_XR_TEST_HANDS`
/// set).
pub fn offers_hands() -> bool {
    std::env::var_os("POSEWIRE_XR_TEST_HANDS").is_some()
}

/// Whether the Vive tracker extension is offered (not switched off).
pub fn offers_htcx() -> bool {
    std::env::var_os("POSEWIRE_XR_TEST_NO_HTCX").is_none()
}

impl Runtime {
    /// A runtime playing `take`.
    pub fn new(take: &TrackerTake, epoch_ns: Option<i64>, htcx: bool) -> Runtime {
        let player = Player::new(take);
        let mut trackers = Vec::new();
        for (role, device, name) in [
            ("waist", Some(Device::Pelvis), "Test tracker (waist)"),
            (
                "left_foot",
                Some(Device::LeftFoot),
                "Test tracker (left foot)",
            ),
            (
                "right_foot",
                Some(Device::RightFoot),
                "Test tracker (right foot)",
            ),
            ("chest", None, "Test tracker (chest)"),
        ] {
            if device.is_none_or(|d| player.has(d)) {
                trackers.push(Tracker {
                    role,
                    xdev_id: trackers.len() as u64 + 1,
                    name: name.to_string(),
                    device,
                });
            }
        }
        Runtime {
            player,
            epoch_ns,
            htcx,
            trackers,
            control: control_file(),
            profile: controller_profile(),
            refuse: std::env::var("POSEWIRE_XR_TEST_REFUSE").ok(),
            hands: offers_hands().then(crate::hands::hand_skeleton),
            next_handle: 0,
            ..Default::default()
        }
    }

    /// Whether the runtime is down now.
    pub fn down(&self) -> bool {
        down_by(self.control.as_deref())
    }

    /// A fresh handle value.
    pub fn handle(&mut self) -> u64 {
        self.next_handle += 1;
        self.next_handle
    }

    /// The path for a string (interned on first use).
    pub fn path(&mut self, s: &str) -> u64 {
        match self.paths.iter().position(|p| p == s) {
            Some(i) => i as u64 + 1,
            None => {
                self.paths.push(s.to_string());
                self.paths.len() as u64
            }
        }
    }

    /// The string of a path.
    pub fn path_str(&self, p: u64) -> Option<&str> {
        let i = usize::try_from(p).ok()?.checked_sub(1)?;
        self.paths.get(i).map(String::as_str)
    }

    /// Take time at runtime time `t_ns` (`None` before the first locate
    /// set the epoch).
    pub fn take_time(&self, t_ns: i64) -> Option<f64> {
        let epoch = self.epoch_ns?;
        Some(self.player.first_s() + (t_ns - epoch) as f64 * 1e-9)
    }

    /// The take's device that a subaction path stands for (`Some(None)`:
    /// a known tracker without poses; `None`: not a device path).
    pub fn device_of_path(&self, p: u64) -> Option<Option<Device>> {
        let s = self.path_str(p)?;
        match s {
            "/user/hand/left" => Some(Some(Device::LeftHand)),
            "/user/hand/right" => Some(Some(Device::RightHand)),
            _ => {
                let role = s.strip_prefix("/user/vive_tracker_htcx/role/")?;
                self.trackers
                    .iter()
                    .find(|t| t.role == role)
                    .map(|t| t.device)
            }
        }
    }
}
