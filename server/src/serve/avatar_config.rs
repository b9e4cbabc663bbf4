//! The `[[avatars]]` tables of the configuration: each avatar's id, device
//! source, profile and model. Apart from the OpenXR settings it converts
//! to, it imports nothing of the daemon.

use std::path::PathBuf;

use serde::Deserialize;

/// One avatar.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AvatarConfig {
    /// Unique id (a-z, 0-9, `-`, `_`; at most 64 characters).
    pub id: String,
    /// Where its devices come from.
    pub source: SourceConfig,
    /// A body profile (`posewire calibrate` output); absent: an average
    /// person of 1.75 m.
    #[serde(default)]
    pub profile: Option<PathBuf>,
    /// A rigged glTF model (`*.glb`) for its skinned vertices; absent: the
    /// built-in body fitted to its skeleton.
    #[serde(default)]
    pub model: Option<PathBuf>,
}

/// A device source.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum SourceConfig {
    /// The built-in procedural person.
    Demo {
        /// Shifts the person's loop in time, seconds.
        #[serde(default)]
        time_offset_s: f64,
        /// Centre of the walking circle on the floor, metres.
        #[serde(default)]
        origin: [f64; 3],
    },
    /// A tracker take replayed in real time.
    File {
        /// The take (`*.trackers.csv`).
        path: PathBuf,
        /// Start over at the end.
        #[serde(default = "yes", rename = "loop")]
        looping: bool,
    },
    /// Samples streamed in with `DeviceService.PushDevices`.
    Push {},
    /// Device poses received as VMC messages over UDP (`/VMC/Ext/Hmd/Pos`,
    /// `/VMC/Ext/Con/Pos`, `/VMC/Ext/Tra/Pos`).
    Vmc {
        /// UDP address to listen on, `IP:PORT`.
        listen: String,
        /// Serial number to Posewire device name; serials equal to a
        /// device name need no entry, an unlisted `Hmd` serial is the head.
        #[serde(default)]
        devices: std::collections::BTreeMap<String, String>,
    },
    /// The OpenXR runtime on this machine (headset, controllers, trackers
    /// by role), read on a thread of its own (`docs/DEVICES.md`).
    #[serde(rename = "openxr")]
    OpenXr {
        /// Height of the LOCAL space's origin above the floor, metres,
        /// used only when the runtime offers no STAGE space.
        #[serde(default = "default_floor_height")]
        floor_height_m: f64,
        /// Tracker mapping overrides: a Vive tracker role (`waist`,
        /// `chest`, ...) or an xdev device's serial or name, to a device
        /// name (`pelvis`, `left_foot`, ...) or `ignore`.
        #[serde(default)]
        trackers: std::collections::BTreeMap<String, String>,
    },
}

fn default_floor_height() -> f64 {
    posewire_openxr::settings::DEFAULT_FLOOR_HEIGHT_M
}

impl SourceConfig {
    /// The OpenXR source's settings, if this is one (its values checked by
    /// [`Config::validate`](super::config::Config::validate)).
    pub fn openxr_settings(&self) -> Option<Result<posewire_openxr::OpenXrSettings, String>> {
        let SourceConfig::OpenXr {
            floor_height_m,
            trackers,
        } = self
        else {
            return None;
        };
        Some(openxr_settings(*floor_height_m, trackers))
    }
}

/// Checks and converts the OpenXR source's keys.
fn openxr_settings(
    floor_height_m: f64,
    trackers: &std::collections::BTreeMap<String, String>,
) -> Result<posewire_openxr::OpenXrSettings, String> {
    use posewire_openxr::TrackerTarget;
    if !(floor_height_m.is_finite() && (0.0..=3.0).contains(&floor_height_m)) {
        return Err(format!(
            "floor_height_m: {floor_height_m} is not a height between 0 and 3 m"
        ));
    }
    let mut out = posewire_openxr::OpenXrSettings {
        floor_height_m,
        ..Default::default()
    };
    for (key, value) in trackers {
        let target = TrackerTarget::from_name(value).ok_or_else(|| {
            format!(
                "trackers.{key}: `{value}` is not a device: use head, left_hand, right_hand, pelvis, left_foot, right_foot or ignore"
            )
        })?;
        out.trackers.insert(key.clone(), target);
    }
    Ok(out)
}

fn yes() -> bool {
    true
}
