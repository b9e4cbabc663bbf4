//! What the OpenXR source is told by the configuration: the floor height
//! used when the runtime has no STAGE space, and which tracker goes to
//! which Posewire device.

use std::collections::BTreeMap;

use posewire_body::Device;

/// Height of the LOCAL space's origin above the floor when the runtime
/// has no STAGE space, metres (LOCAL starts at the user's eyes; a standing
/// adult's eyes are about this high).
pub const DEFAULT_FLOOR_HEIGHT_M: f64 = 1.6;

/// Where one tracker's poses go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrackerTarget {
    /// Into this Posewire device.
    Device(Device),
    /// Nowhere (listed in the log, ignored).
    Ignore,
}

impl TrackerTarget {
    /// Parses a configuration value: a device name (`pelvis`,
    /// `left_foot`, ...) or `ignore`.
    pub fn from_name(name: &str) -> Option<TrackerTarget> {
        if name == "ignore" {
            return Some(TrackerTarget::Ignore);
        }
        Device::from_name(name).map(TrackerTarget::Device)
    }
}

/// The source's settings.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenXrSettings {
    /// Height of LOCAL's origin above the floor, metres; added to every
    /// height when the runtime offers no STAGE space (STAGE has its floor
    /// at y = 0 and needs nothing).
    pub floor_height_m: f64,
    /// Tracker mapping overrides: key a Vive tracker role (`waist`,
    /// `left_foot`, `chest`, ... as in `/user/vive_tracker_htcx/role/ROLE`)
    /// or an `XR_MNDX_xdev_space` device's serial or name; value where its
    /// poses go. Keys not given keep the defaults of [`default_target`].
    pub trackers: BTreeMap<String, TrackerTarget>,
    /// Seconds between reconnection attempts at first (doubling up to
    /// [`OpenXrSettings::retry_max_s`]).
    pub retry_s: f64,
    /// Longest wait between reconnection attempts, seconds.
    pub retry_max_s: f64,
}

impl Default for OpenXrSettings {
    fn default() -> Self {
        OpenXrSettings {
            floor_height_m: DEFAULT_FLOOR_HEIGHT_M,
            trackers: BTreeMap::new(),
            retry_s: 0.5,
            retry_max_s: 5.0,
        }
    }
}

/// Vive tracker roles the runtime may report
/// (`XR_HTCX_vive_tracker_interaction`, with the wrist and ankle roles of
/// its later revisions).
pub const VIVE_TRACKER_ROLES: [&str; 17] = [
    "handheld_object",
    "left_foot",
    "right_foot",
    "left_shoulder",
    "right_shoulder",
    "left_elbow",
    "right_elbow",
    "left_knee",
    "right_knee",
    "left_wrist",
    "right_wrist",
    "left_ankle",
    "right_ankle",
    "waist",
    "chest",
    "camera",
    "keyboard",
];

/// The built-in mapping of a Vive tracker role: waist to the pelvis, feet
/// (and ankles) to the foot devices; every other role is ignored until the
/// body uses it.
pub fn default_target(role: &str) -> TrackerTarget {
    match role {
        "waist" => TrackerTarget::Device(Device::Pelvis),
        "left_foot" | "left_ankle" => TrackerTarget::Device(Device::LeftFoot),
        "right_foot" | "right_ankle" => TrackerTarget::Device(Device::RightFoot),
        _ => TrackerTarget::Ignore,
    }
}

/// A guess from an `XR_MNDX_xdev_space` device's name, which carries no
/// role: words like "waist" or "hip", "left foot" or "right ankle". Heads
/// and controllers are read through their own spaces and are ignored
/// here, as is anything the name does not place.
pub fn guess_from_name(name: &str) -> TrackerTarget {
    let n = name.to_ascii_lowercase();
    let has = |w: &str| n.contains(w);
    if has("hmd") || has("head") || has("controller") || has("hand") {
        return TrackerTarget::Ignore;
    }
    let foot = has("foot") || has("feet") || has("ankle");
    if has("waist") || has("hip") || has("pelvis") {
        TrackerTarget::Device(Device::Pelvis)
    } else if foot && has("left") {
        TrackerTarget::Device(Device::LeftFoot)
    } else if foot && has("right") {
        TrackerTarget::Device(Device::RightFoot)
    } else {
        TrackerTarget::Ignore
    }
}

impl OpenXrSettings {
    /// Where a Vive tracker of `role` goes.
    pub fn role_target(&self, role: &str) -> TrackerTarget {
        self.trackers
            .get(role)
            .copied()
            .unwrap_or_else(|| default_target(role))
    }

    /// Where an xdev device goes: by serial, then name, in the
    /// configuration, else the guess from its name.
    pub fn xdev_target(&self, serial: &str, name: &str) -> TrackerTarget {
        self.trackers
            .get(serial)
            .or_else(|| self.trackers.get(name))
            .copied()
            .unwrap_or_else(|| guess_from_name(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_map_to_devices_and_overrides_win() {
        let mut s = OpenXrSettings::default();
        assert_eq!(
            s.role_target("waist"),
            TrackerTarget::Device(Device::Pelvis)
        );
        assert_eq!(s.role_target("chest"), TrackerTarget::Ignore);
        s.trackers
            .insert("chest".into(), TrackerTarget::Device(Device::Pelvis));
        s.trackers.insert("waist".into(), TrackerTarget::Ignore);
        assert_eq!(
            s.role_target("chest"),
            TrackerTarget::Device(Device::Pelvis)
        );
        assert_eq!(s.role_target("waist"), TrackerTarget::Ignore);
    }

    #[test]
    fn xdev_names_are_guessed_and_serials_override() {
        let mut s = OpenXrSettings::default();
        assert_eq!(
            s.xdev_target("LHR-1", "Tracker left foot"),
            TrackerTarget::Device(Device::LeftFoot)
        );
        assert_eq!(
            s.xdev_target("x", "WiVRn hips"),
            TrackerTarget::Device(Device::Pelvis)
        );
        assert_eq!(
            s.xdev_target("x", "Index Controller (left hand)"),
            TrackerTarget::Ignore
        );
        assert_eq!(s.xdev_target("x", "Tracker 3"), TrackerTarget::Ignore);
        s.trackers
            .insert("LHR-3".into(), TrackerTarget::Device(Device::RightFoot));
        assert_eq!(
            s.xdev_target("LHR-3", "Tracker 3"),
            TrackerTarget::Device(Device::RightFoot)
        );
        assert_eq!(
            TrackerTarget::from_name("ignore"),
            Some(TrackerTarget::Ignore)
        );
        assert_eq!(TrackerTarget::from_name("knee"), None);
    }
}
