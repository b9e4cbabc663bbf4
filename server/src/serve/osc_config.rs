//! Configuration of the OSC endpoints (issue 7), documented in
//! `configs/default.toml`: the `vmc` source's keys, `[[vmc_out]]` and
//! `[[vrchat_out]]`. Checks return the key at fault (relative to the
//! table) and the reason.

use std::collections::BTreeMap;
use std::net::{SocketAddr, ToSocketAddrs};

use posewire_body::Device;
use posewire_vmc::vmc::SerialMap;
use posewire_vmc::vrchat::Tracker;
use serde::Deserialize;

use super::avatar_config::AvatarConfig;

/// The default send rate of an output, Hz.
pub const DEFAULT_OUT_RATE_HZ: f64 = 60.0;

/// One VMC output: an avatar's body to VMC receivers (Marionettes).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VmcOutConfig {
    /// The avatar whose body is sent.
    pub avatar: String,
    /// Where to send, `HOST:PORT` each (39539 by VMC custom).
    pub targets: Vec<String>,
    /// Frames sent per second (at most the loop's rate).
    #[serde(default = "default_rate")]
    pub rate_hz: f64,
    /// Also send the avatar's device poses (`/VMC/Ext/Hmd/Pos`,
    /// `/VMC/Ext/Con/Pos`, `/VMC/Ext/Tra/Pos`, serials = device names).
    #[serde(default)]
    pub devices: bool,
}

/// One VRChat OSC output: an avatar's body as VRChat's OSC trackers.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VrchatOutConfig {
    /// The avatar whose body is sent.
    pub avatar: String,
    /// Where to send, `HOST:PORT` each (VRChat listens on 9000).
    pub targets: Vec<String>,
    /// Frames sent per second (at most the loop's rate).
    #[serde(default = "default_rate")]
    pub rate_hz: f64,
    /// Which trackers, by name (`hips`, `chest`, `left_foot`,
    /// `right_foot`, `left_knee`, `right_knee`, `left_elbow`,
    /// `right_elbow`); numbered 1 to 8 in that order whatever is chosen.
    #[serde(default = "all_trackers")]
    pub trackers: Vec<String>,
    /// Also send the head (the headset's pose) for VRChat to align its
    /// tracking space with Posewire's.
    #[serde(default = "yes")]
    pub head: bool,
}

fn default_rate() -> f64 {
    DEFAULT_OUT_RATE_HZ
}

fn all_trackers() -> Vec<String> {
    Tracker::ALL.iter().map(|t| t.name().to_string()).collect()
}

fn yes() -> bool {
    true
}

/// Checks a `vmc` source's keys; `Err((key, reason))`.
pub fn check_vmc_source(
    listen: &str,
    devices: &BTreeMap<String, String>,
) -> Result<(), (String, String)> {
    if listen.parse::<SocketAddr>().is_err() {
        return Err((
            "listen".into(),
            format!("`{listen}` is not an address like 127.0.0.1:39540"),
        ));
    }
    serial_map(devices).map(|_| ())
}

/// The serial map of a `vmc` source's `devices` table.
pub fn serial_map(devices: &BTreeMap<String, String>) -> Result<SerialMap, (String, String)> {
    let mut map = SerialMap::default();
    for (serial, name) in devices {
        if serial.is_empty() {
            return Err(("devices".into(), "a serial is empty".into()));
        }
        let device = Device::from_name(name).ok_or_else(|| {
            (
                format!("devices.{serial}"),
                format!(
                    "`{name}` is not a device: use head, left_hand, right_hand, pelvis, left_foot or right_foot"
                ),
            )
        })?;
        map.serials.insert(serial.clone(), device);
    }
    Ok(map)
}

/// Resolves `HOST:PORT` targets (names through the system resolver).
pub fn resolve_targets(targets: &[String]) -> Result<Vec<SocketAddr>, (usize, String)> {
    let mut out = Vec::new();
    for (i, t) in targets.iter().enumerate() {
        let addr = t
            .to_socket_addrs()
            .map_err(|e| (i, format!("`{t}` is not a HOST:PORT address ({e})")))?
            .next()
            .ok_or_else(|| (i, format!("`{t}` resolves to no address")))?;
        if addr.port() == 0 {
            return Err((i, format!("`{t}`: port 0 cannot be sent to")));
        }
        out.push(addr);
    }
    Ok(out)
}

/// The trackers a VRChat output names, in number order.
pub fn trackers(names: &[String]) -> Result<Vec<Tracker>, (usize, String)> {
    let mut out = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let t = Tracker::from_name(name).ok_or_else(|| {
            (
                i,
                format!(
                    "`{name}` is not a tracker: use {}",
                    all_trackers().join(", ")
                ),
            )
        })?;
        if out.contains(&t) {
            return Err((i, format!("`{name}` is listed twice")));
        }
        out.push(t);
    }
    out.sort();
    Ok(out)
}

/// Checks `[[vmc_out]]` and `[[vrchat_out]]` against the configured
/// avatars and the loop's rate (`rate_hz`); `Err((key, reason))`.
pub fn check_outputs(
    avatars: &[AvatarConfig],
    rate_hz: f64,
    vmc_out: &[VmcOutConfig],
    vrchat_out: &[VrchatOutConfig],
) -> Result<(), (String, String)> {
    let common = |table: &str,
                  i: usize,
                  avatar: &str,
                  targets: &[String],
                  rate: f64|
     -> Result<(), (String, String)> {
        let key = |k: &str| format!("{table}[{i}].{k}");
        if !avatars.iter().any(|a| a.id == avatar) {
            return Err((
                key("avatar"),
                format!("no avatar `{avatar}` in the configuration"),
            ));
        }
        if targets.is_empty() {
            return Err((key("targets"), "give at least one HOST:PORT".into()));
        }
        resolve_targets(targets).map_err(|(j, reason)| (key(&format!("targets[{j}]")), reason))?;
        if !(rate.is_finite() && rate > 0.0 && rate <= rate_hz) {
            return Err((
                key("rate_hz"),
                format!(
                    "{rate} is not a rate above 0 and at most the loop's {} Hz",
                    rate_hz
                ),
            ));
        }
        Ok(())
    };
    for (i, o) in vmc_out.iter().enumerate() {
        common("vmc_out", i, &o.avatar, &o.targets, o.rate_hz)?;
    }
    for (i, o) in vrchat_out.iter().enumerate() {
        common("vrchat_out", i, &o.avatar, &o.targets, o.rate_hz)?;
        trackers(&o.trackers)
            .map_err(|(j, reason)| (format!("vrchat_out[{i}].trackers[{j}]"), reason))?;
        if o.trackers.is_empty() && !o.head {
            return Err((
                format!("vrchat_out[{i}].trackers"),
                "nothing to send: no tracker and no head".into(),
            ));
        }
    }
    Ok(())
}
