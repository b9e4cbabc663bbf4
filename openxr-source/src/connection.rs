//! One connection to an OpenXR runtime: the instance, a headless session,
//! the reference space, the headset, controller and tracker spaces, the
//! controller input actions, the hand trackers (`XR_EXT_hand_tracking`,
//! where the runtime offers it); the runtime's events; and locating every
//! device (and reading the controllers' inputs and the tracked fingers)
//! at a given time.

use glam::{DQuat, DVec3};
use openxr as xr;
use posewire_body::hand_tracking::{self, TrackedFingers, XrHandOrientations};
use posewire_body::{ControllerInput, Device, Side, Transform};

use crate::error::OpenXrError;
use crate::input_actions::InputActions;
use crate::loader;
use crate::settings::{OpenXrSettings, TrackerTarget, VIVE_TRACKER_ROLES};
use crate::xdev::{self, XDevs};

/// The controller profiles given grip-pose and input bindings.
const CONTROLLER_PROFILES: [&str; 4] = [
    "/interaction_profiles/khr/simple_controller",
    "/interaction_profiles/oculus/touch_controller",
    "/interaction_profiles/valve/index_controller",
    "/interaction_profiles/htc/vive_controller",
];

/// The Vive tracker interaction profile.
const TRACKER_PROFILE: &str = "/interaction_profiles/htc/vive_tracker_htcx";

/// One device as located for a tick.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Located {
    /// The device.
    pub device: Device,
    /// Its pose; `None` where the runtime has no valid, tracked pose.
    pub pose: Option<Transform>,
    /// A controller's inputs; `None` for other devices and where no
    /// input action is active.
    pub input: Option<ControllerInput>,
}

/// A device's space.
struct DeviceSpace {
    device: Device,
    label: String,
    space: xr::Space,
}

/// A live connection. Fields drop in order: extension lists and spaces
/// before the actions, session and instance they belong to.
pub(crate) struct Connection {
    /// Kept alive while its spaces are used.
    _xdevs: Option<XDevs>,
    trackers: Vec<DeviceSpace>,
    xdev_trackers: Vec<DeviceSpace>,
    hands: Vec<DeviceSpace>,
    view: xr::Space,
    base: xr::Space,
    tracker_action: Option<xr::Action<xr::Posef>>,
    inputs: InputActions,
    /// Kept alive while its spaces are used.
    _grip: xr::Action<xr::Posef>,
    action_set: xr::ActionSet,
    /// One hand tracker per hand (left, right) when the runtime and its
    /// system offer hand tracking; none otherwise.
    hand_trackers: Vec<(Side, xr::HandTracker)>,
    session: xr::Session<xr::Headless>,
    instance: xr::Instance,
    /// Added to every height (LOCAL's origin above the floor; 0 on STAGE).
    height_offset_m: f64,
    running: bool,
    settings: OpenXrSettings,
    /// The runtime's name and version.
    pub runtime: String,
    /// `STAGE` or `LOCAL`.
    pub reference: &'static str,
}

fn path(instance: &xr::Instance, s: &str) -> Result<xr::Path, OpenXrError> {
    instance
        .string_to_path(s)
        .map_err(|r| OpenXrError::call("xrStringToPath", r))
}

/// A located pose as a Posewire transform; `None` unless the runtime says
/// both position and orientation are valid and tracked.
pub(crate) fn tracked_pose(
    location: &xr::SpaceLocation,
    height_offset_m: f64,
) -> Option<Transform> {
    let f = location.location_flags;
    let all = xr::SpaceLocationFlags::POSITION_VALID
        | xr::SpaceLocationFlags::ORIENTATION_VALID
        | xr::SpaceLocationFlags::POSITION_TRACKED
        | xr::SpaceLocationFlags::ORIENTATION_TRACKED;
    if !f.contains(all) {
        return None;
    }
    let p = location.pose.position;
    let q = location.pose.orientation;
    let rotation = DQuat::from_xyzw(q.x.into(), q.y.into(), q.z.into(), q.w.into());
    let t = Transform::new(
        DVec3::new(p.x.into(), f64::from(p.y) + height_offset_m, p.z.into()),
        rotation.normalize(),
    );
    (t.is_finite() && rotation.length() > 0.5).then_some(t)
}

/// Suggests a controller profile's bindings: the grip poses and the
/// inputs; if the runtime refuses them, the grip poses alone (a refused
/// suggestion is logged at debug level and left; the other profiles go
/// on). An error only when a path cannot be made.
fn suggest_controller_bindings(
    instance: &xr::Instance,
    profile: &str,
    grip: &xr::Action<xr::Posef>,
    inputs: &InputActions,
) -> Result<(), OpenXrError> {
    let profile_path = path(instance, profile)?;
    let poses = [
        xr::Binding::new(grip, path(instance, "/user/hand/left/input/grip/pose")?),
        xr::Binding::new(grip, path(instance, "/user/hand/right/input/grip/pose")?),
    ];
    let mut all = poses.to_vec();
    all.extend(inputs.bindings(instance, profile)?);
    let Err(r) = instance.suggest_interaction_profile_bindings(profile_path, &all) else {
        return Ok(());
    };
    tracing::debug!(profile, result = ?r, "the runtime refused the controller input bindings; suggesting the grip poses alone");
    if let Err(r) = instance.suggest_interaction_profile_bindings(profile_path, &poses) {
        tracing::debug!(profile, result = ?r, "the runtime refused the controller bindings");
    }
    Ok(())
}

/// The OpenXR instance with the extensions Posewire uses that the runtime
/// offers; says whether it offers `XR_MNDX_xdev_space`.
fn create_instance(
    entry: &xr::Entry,
) -> Result<(xr::Instance, xr::ExtensionSet, bool), OpenXrError> {
    let available = entry
        .enumerate_extensions()
        .map_err(|r| OpenXrError::call("xrEnumerateInstanceExtensionProperties", r))?;
    let mut wanted = xr::ExtensionSet::default();
    wanted.mnd_headless = available.mnd_headless;
    wanted.khr_convert_timespec_time = available.khr_convert_timespec_time;
    wanted.htcx_vive_tracker_interaction = available.htcx_vive_tracker_interaction;
    wanted.ext_hand_tracking = available.ext_hand_tracking;
    let has_xdev = available.other.iter().any(|n| n.as_slice() == xdev::NAME);
    if has_xdev {
        wanted.other.push(xdev::NAME.to_vec());
    }
    let instance = entry
        .create_instance(
            &xr::ApplicationInfo {
                application_name: "Posewire",
                application_version: 1,
                engine_name: "Posewire",
                engine_version: 1,
                api_version: xr::Version::new(1, 0, 0),
            },
            &wanted,
            &[],
            &(),
        )
        .map_err(|r| OpenXrError::call("xrCreateInstance", r))?;
    Ok((instance, wanted, has_xdev))
}

/// The extensions Posewire cannot do without, named with why.
fn check_extensions(wanted: &xr::ExtensionSet, runtime: &str) -> Result<(), OpenXrError> {
    let missing = |extension, why| OpenXrError::MissingExtension {
        runtime: runtime.to_string(),
        extension,
        why,
    };
    if !wanted.mnd_headless {
        return Err(missing(
            "XR_MND_headless",
            "a session without graphics, so that Posewire reads the devices without drawing to the headset (Monado and WiVRn offer it; with SteamVR hardware, run Monado with its SteamVR lighthouse driver)",
        ));
    }
    if !wanted.khr_convert_timespec_time {
        return Err(missing(
            "XR_KHR_convert_timespec_time",
            "turning the daemon's clock into OpenXR time, to locate devices at each tick's time",
        ));
    }
    Ok(())
}

/// The Vive tracker pose action, one subaction per role, bound to each
/// role's grip pose.
fn create_tracker_action(
    instance: &xr::Instance,
    action_set: &xr::ActionSet,
) -> Result<xr::Action<xr::Posef>, OpenXrError> {
    let roles: Vec<xr::Path> = VIVE_TRACKER_ROLES
        .iter()
        .map(|r| path(instance, &format!("/user/vive_tracker_htcx/role/{r}")))
        .collect::<Result<_, _>>()?;
    let action = action_set
        .create_action::<xr::Posef>("tracker", "Tracker pose", &roles)
        .map_err(|r| OpenXrError::call("xrCreateAction (tracker)", r))?;
    let bindings: Vec<xr::Path> = VIVE_TRACKER_ROLES
        .iter()
        .map(|r| {
            path(
                instance,
                &format!("/user/vive_tracker_htcx/role/{r}/input/grip/pose"),
            )
        })
        .collect::<Result<_, _>>()?;
    let bindings: Vec<xr::Binding> = bindings
        .iter()
        .map(|p| xr::Binding::new(&action, *p))
        .collect();
    instance
        .suggest_interaction_profile_bindings(path(instance, TRACKER_PROFILE)?, &bindings)
        .map_err(|r| OpenXrError::call("xrSuggestInteractionProfileBindings (trackers)", r))?;
    Ok(action)
}

/// A hand tracker per hand when the instance has `XR_EXT_hand_tracking`
/// and the system says it tracks hands (`XrSystemHandTrackingPropertiesEXT`);
/// none otherwise, or when the runtime refuses one (logged: the fingers
/// then come from the controllers alone).
fn hand_trackers(
    instance: &xr::Instance,
    system: xr::SystemId,
    session: &xr::Session<xr::Headless>,
) -> Vec<(Side, xr::HandTracker)> {
    if instance.exts().ext_hand_tracking.is_none() {
        tracing::debug!(
            "the OpenXR runtime offers no XR_EXT_hand_tracking: fingers come from the controllers"
        );
        return Vec::new();
    }
    match instance.supports_hand_tracking(system) {
        Ok(true) => {}
        Ok(false) => {
            tracing::info!("the OpenXR runtime offers XR_EXT_hand_tracking but its system tracks no hands: fingers come from the controllers");
            return Vec::new();
        }
        Err(r) => {
            tracing::warn!(result = ?r, "xrGetSystemProperties (hand tracking) failed: fingers come from the controllers");
            return Vec::new();
        }
    }
    let mut out = Vec::new();
    for (side, hand) in [(Side::Left, xr::Hand::LEFT), (Side::Right, xr::Hand::RIGHT)] {
        match session.create_hand_tracker(hand) {
            Ok(tracker) => out.push((side, tracker)),
            Err(r) => {
                tracing::warn!(result = ?r, "xrCreateHandTrackerEXT failed: fingers come from the controllers");
                return Vec::new();
            }
        }
    }
    out
}

/// The joints' orientations of a located hand: `None` where the runtime
/// did not set `ORIENTATION_VALID`, or gave an orientation that is not a
/// finite, non-zero quaternion.
pub(crate) fn joint_orientations(joints: &xr::HandJointLocations) -> XrHandOrientations {
    std::array::from_fn(|i| {
        let j = &joints[i];
        if !j
            .location_flags
            .contains(xr::SpaceLocationFlags::ORIENTATION_VALID)
        {
            return None;
        }
        let q = j.pose.orientation;
        let q = DQuat::from_xyzw(q.x.into(), q.y.into(), q.z.into(), q.w.into());
        (q.is_finite() && q.length() > 0.5).then(|| q.normalize())
    })
}

/// The space devices are located in (STAGE, else LOCAL raised by the
/// configured floor height) and the headset's view space.
struct ReferenceSpaces {
    base: xr::Space,
    view: xr::Space,
    reference: &'static str,
    height_offset_m: f64,
}

impl ReferenceSpaces {
    fn create(
        session: &xr::Session<xr::Headless>,
        settings: &OpenXrSettings,
    ) -> Result<ReferenceSpaces, OpenXrError> {
        let spaces = session
            .enumerate_reference_spaces()
            .map_err(|r| OpenXrError::call("xrEnumerateReferenceSpaces", r))?;
        let (kind, reference, height_offset_m) = if spaces.contains(&xr::ReferenceSpaceType::STAGE)
        {
            (xr::ReferenceSpaceType::STAGE, "STAGE", 0.0)
        } else {
            tracing::warn!(
                floor_height_m = settings.floor_height_m,
                "the runtime has no STAGE space: using LOCAL with its origin floor_height_m above the floor"
            );
            (
                xr::ReferenceSpaceType::LOCAL,
                "LOCAL",
                settings.floor_height_m,
            )
        };
        let base = session
            .create_reference_space(kind, xr::Posef::IDENTITY)
            .map_err(|r| OpenXrError::call("xrCreateReferenceSpace", r))?;
        let view = session
            .create_reference_space(xr::ReferenceSpaceType::VIEW, xr::Posef::IDENTITY)
            .map_err(|r| OpenXrError::call("xrCreateReferenceSpace (VIEW)", r))?;
        Ok(ReferenceSpaces {
            base,
            view,
            reference,
            height_offset_m,
        })
    }
}

/// The two controllers' grip spaces (`hands`: the left and right hand
/// paths).
fn grip_spaces(
    session: &xr::Session<xr::Headless>,
    grip: &xr::Action<xr::Posef>,
    hands: [xr::Path; 2],
) -> Result<Vec<DeviceSpace>, OpenXrError> {
    let mut out = Vec::new();
    for ((device, label), sub) in [
        (Device::LeftHand, "left controller grip"),
        (Device::RightHand, "right controller grip"),
    ]
    .into_iter()
    .zip(hands)
    {
        let space = grip
            .create_space(session, sub, xr::Posef::IDENTITY)
            .map_err(|r| OpenXrError::call("xrCreateActionSpace (grip)", r))?;
        out.push(DeviceSpace {
            device,
            label: label.into(),
            space,
        });
    }
    Ok(out)
}

impl Connection {
    /// Connects: instance, system, headless session, actions, spaces.
    pub fn open(entry: &xr::Entry, settings: &OpenXrSettings) -> Result<Connection, OpenXrError> {
        let (instance, wanted, has_xdev) = create_instance(entry)?;
        let runtime = instance
            .properties()
            .map(|p| format!("{} {}", p.runtime_name, p.runtime_version))
            .unwrap_or_else(|_| "unknown".into());
        check_extensions(&wanted, &runtime)?;
        let system = instance
            .system(xr::FormFactor::HEAD_MOUNTED_DISPLAY)
            .map_err(|r| OpenXrError::call("xrGetSystem", r))?;
        let session = loader::create_headless_session(&instance, system)?;

        let action_set = instance
            .create_action_set("posewire", "Posewire body tracking", 0)
            .map_err(|r| OpenXrError::call("xrCreateActionSet", r))?;
        let left = path(&instance, "/user/hand/left")?;
        let right = path(&instance, "/user/hand/right")?;
        let grip = action_set
            .create_action::<xr::Posef>("grip", "Controller grip", &[left, right])
            .map_err(|r| OpenXrError::call("xrCreateAction (grip)", r))?;
        let inputs = InputActions::create(&action_set, left, right)?;
        for profile in CONTROLLER_PROFILES {
            suggest_controller_bindings(&instance, profile, &grip, &inputs)?;
        }
        let tracker_action = if wanted.htcx_vive_tracker_interaction {
            Some(create_tracker_action(&instance, &action_set)?)
        } else {
            None
        };
        session
            .attach_action_sets(&[&action_set])
            .map_err(|r| OpenXrError::call("xrAttachSessionActionSets", r))?;
        let spaces = ReferenceSpaces::create(&session, settings)?;
        let hands = grip_spaces(&session, &grip, [left, right])?;
        let hand_trackers = hand_trackers(&instance, system, &session);
        let mut connection = Connection {
            _xdevs: None,
            trackers: Vec::new(),
            xdev_trackers: Vec::new(),
            hands,
            view: spaces.view,
            base: spaces.base,
            tracker_action,
            inputs,
            _grip: grip,
            action_set,
            hand_trackers,
            session,
            instance,
            height_offset_m: spaces.height_offset_m,
            running: false,
            settings: settings.clone(),
            runtime,
            reference: spaces.reference,
        };
        connection.refresh_vive_trackers()?;
        if has_xdev {
            connection.open_xdevs();
        }
        Ok(connection)
    }

    /// (Re)reads the connected Vive trackers and their roles; mapped ones
    /// get a space, the others are listed and ignored.
    fn refresh_vive_trackers(&mut self) -> Result<(), OpenXrError> {
        let Some(action) = &self.tracker_action else {
            return Ok(());
        };
        let mut trackers = Vec::new();
        for (persistent, role_path) in loader::vive_trackers(&self.instance)? {
            let role = role_path
                .as_deref()
                .and_then(|p| p.rsplit('/').next())
                .unwrap_or("");
            match self.settings.role_target(role) {
                TrackerTarget::Device(device)
                    if !trackers.iter().any(|t: &DeviceSpace| t.device == device) =>
                {
                    let sub = path(&self.instance, role_path.as_deref().unwrap_or_default())?;
                    let space = action
                        .create_space(&self.session, sub, xr::Posef::IDENTITY)
                        .map_err(|r| OpenXrError::call("xrCreateActionSpace (tracker)", r))?;
                    tracing::info!(tracker = %persistent, role, device = device.name(), "Vive tracker mapped");
                    trackers.push(DeviceSpace {
                        device,
                        label: format!("Vive tracker {persistent} ({role})"),
                        space,
                    });
                }
                TrackerTarget::Device(device) => {
                    tracing::warn!(tracker = %persistent, role, device = device.name(), "a second tracker for the same device is ignored");
                }
                TrackerTarget::Ignore => {
                    let role = if role.is_empty() {
                        "none (set one in SteamVR's tracker roles)"
                    } else {
                        role
                    };
                    tracing::info!(tracker = %persistent, role, "Vive tracker listed and ignored (its role is not used by the body; map it under `trackers` in the configuration)");
                }
            }
        }
        self.trackers = trackers;
        Ok(())
    }

    /// Lists the `XR_MNDX_xdev_space` devices; mapped ones not already
    /// given by a Vive tracker role get a space.
    fn open_xdevs(&mut self) {
        let xdevs = match XDevs::list(&self.instance, &self.session) {
            Ok(x) => x,
            Err(e) => {
                tracing::warn!("cannot list the runtime's devices (XR_MNDX_xdev_space): {e}");
                return;
            }
        };
        for dev in &xdevs.devices {
            let target = self.settings.xdev_target(&dev.serial, &dev.name);
            match target {
                TrackerTarget::Device(device)
                    if dev.can_create_space
                        && !self.trackers.iter().any(|t| t.device == device)
                        && !self.xdev_trackers.iter().any(|t| t.device == device) =>
                {
                    match xdevs.create_space(&self.session, dev.id) {
                        Ok(space) => {
                            tracing::info!(name = %dev.name, serial = %dev.serial, device = device.name(), "xdev tracker mapped");
                            self.xdev_trackers.push(DeviceSpace {
                                device,
                                label: format!("xdev {} ({})", dev.name, dev.serial),
                                space,
                            });
                        }
                        Err(e) => {
                            tracing::warn!(name = %dev.name, "cannot create the device's space: {e}")
                        }
                    }
                }
                _ => {
                    tracing::info!(name = %dev.name, serial = %dev.serial, "xdev device listed and ignored (map it by serial under `trackers` in the configuration)")
                }
            }
        }
        self._xdevs = Some(xdevs);
    }

    /// Handles every pending runtime event. An error means the instance or
    /// session is gone and must be made anew.
    pub fn handle_events(&mut self) -> Result<(), OpenXrError> {
        let mut refresh = false;
        loop {
            let mut buffer = xr::EventDataBuffer::new();
            let event = self
                .instance
                .poll_event(&mut buffer)
                .map_err(|r| OpenXrError::call("xrPollEvent", r))?;
            let Some(event) = event else { break };
            match event {
                xr::Event::SessionStateChanged(e) => {
                    let state = e.state();
                    tracing::info!(state = ?state, "OpenXR session state");
                    match state {
                        xr::SessionState::READY => {
                            self.session
                                .begin(xr::ViewConfigurationType::PRIMARY_STEREO)
                                .map_err(|r| OpenXrError::call("xrBeginSession", r))?;
                            self.running = true;
                        }
                        xr::SessionState::STOPPING => {
                            self.running = false;
                            self.session
                                .end()
                                .map_err(|r| OpenXrError::call("xrEndSession", r))?;
                        }
                        xr::SessionState::EXITING | xr::SessionState::LOSS_PENDING => {
                            self.running = false;
                            return Err(OpenXrError::call(
                                "the session (state EXITING or LOSS_PENDING)",
                                xr::sys::Result::ERROR_SESSION_LOST,
                            ));
                        }
                        _ => {}
                    }
                }
                xr::Event::InstanceLossPending(_) => {
                    return Err(OpenXrError::call(
                        "the instance (XrEventDataInstanceLossPending)",
                        xr::sys::Result::ERROR_INSTANCE_LOST,
                    ));
                }
                xr::Event::ViveTrackerConnectedHTCX(_) => refresh = true,
                _ => {}
            }
        }
        if refresh {
            self.refresh_vive_trackers()?;
        }
        Ok(())
    }

    /// Whether the session runs (devices can be located).
    pub fn running(&self) -> bool {
        self.running
    }

    /// The runtime's clock now, nanoseconds.
    pub fn now_ns(&self) -> Result<i64, OpenXrError> {
        self.instance
            .now()
            .map(|t| t.as_nanos())
            .map_err(|r| OpenXrError::call("xrConvertTimespecTimeToTimeKHR", r))
    }

    /// Whether the hands' joints are read (`XR_EXT_hand_tracking`).
    pub fn hand_tracking(&self) -> bool {
        !self.hand_trackers.is_empty()
    }

    /// Locates every device at runtime time `time_ns`: a pose, or `None`
    /// where the runtime has no valid, tracked pose; for the controllers,
    /// their inputs as of this sync; and in `fingers` the tracked hands'
    /// finger rotations (`None` for a hand the runtime does not track now,
    /// or without hand tracking). An error means the runtime is gone.
    pub fn locate(
        &self,
        time_ns: i64,
        out: &mut Vec<Located>,
        fingers: &mut TrackedFingers,
    ) -> Result<(), OpenXrError> {
        *fingers = [None; 2];
        if !self.running {
            return Ok(());
        }
        if let Err(r) = self
            .session
            .sync_actions(&[xr::ActiveActionSet::new(&self.action_set)])
        {
            let e = OpenXrError::call("xrSyncActions", r);
            if e.is_loss() {
                return Err(e);
            }
        }
        let time = xr::Time::from_nanos(time_ns);
        let hands = self.hands.iter().map(|d| (d.device, &d.space, true));
        let others = self.trackers.iter().chain(&self.xdev_trackers);
        let all = std::iter::once((Device::Head, &self.view, false))
            .chain(hands)
            .chain(others.map(|d| (d.device, &d.space, false)));
        for (device, space, hand) in all {
            let pose = match space.locate(&self.base, time) {
                Ok(location) => tracked_pose(&location, self.height_offset_m),
                Err(r) => {
                    let e = OpenXrError::call("xrLocateSpace", r);
                    if e.is_loss() {
                        return Err(e);
                    }
                    None
                }
            };
            let input = match hand {
                true => self.inputs.read(&self.session, device)?,
                false => None,
            };
            out.push(Located {
                device,
                pose,
                input,
            });
        }
        for (side, tracker) in &self.hand_trackers {
            let h = match side {
                Side::Left => 0,
                Side::Right => 1,
            };
            fingers[h] = match self.base.locate_hand_joints(tracker, time) {
                Ok(Some(joints)) => {
                    let rotations =
                        hand_tracking::finger_rotations(*side, &joint_orientations(&joints));
                    rotations.iter().any(Option::is_some).then_some(rotations)
                }
                Ok(None) => None,
                Err(r) => {
                    let e = OpenXrError::call("xrLocateHandJointsEXT", r);
                    if e.is_loss() {
                        return Err(e);
                    }
                    None
                }
            };
        }
        Ok(())
    }

    /// What each located device is (for the log), in [`Connection::locate`]
    /// order after the headset.
    pub fn labels(&self) -> Vec<(Device, String)> {
        std::iter::once((Device::Head, "headset (VIEW space)".to_string()))
            .chain(
                self.hands
                    .iter()
                    .chain(&self.trackers)
                    .chain(&self.xdev_trackers)
                    .map(|d| (d.device, d.label.clone())),
            )
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_valid_finite_hand_joint_orientations_are_read() {
        let valid = xr::HandJointLocation {
            location_flags: xr::SpaceLocationFlags::ORIENTATION_VALID,
            pose: xr::Posef {
                orientation: xr::Quaternionf {
                    x: 0.0,
                    y: 0.0,
                    z: 0.6,
                    w: 0.8,
                },
                position: xr::Vector3f {
                    x: 99.0,
                    y: 99.0,
                    z: 99.0,
                },
            },
            radius: 0.01,
        };
        let mut joints = [valid; xr::HAND_JOINT_COUNT];
        joints[3].location_flags = xr::SpaceLocationFlags::POSITION_VALID;
        joints[4].pose.orientation.x = f32::NAN;
        joints[5].pose.orientation = xr::Quaternionf {
            x: 0.0,
            y: 0.0,
            z: 0.0,
            w: 0.0,
        };
        joints[6].pose.orientation.w = 1.6;
        let o = joint_orientations(&joints);
        let want = DQuat::from_xyzw(0.0, 0.0, 0.6, 0.8);
        assert!(o[0].is_some_and(|q| q.abs_diff_eq(want, 1e-6)));
        assert_eq!(o[3..6], [None, None, None]);
        // Not unit length: normalized.
        assert!(o[6].is_some_and(|q| (q.length() - 1.0).abs() < 1e-12));
        assert_eq!(o.iter().filter(|q| q.is_some()).count(), 23);
    }
}
