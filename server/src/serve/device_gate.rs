//! The `[devices]` table: the plausibility gate every device sample of
//! every source passes before it reaches an avatar's solver
//! ([`posewire_solver::gate`]): a workspace around the space's origin and
//! the fastest a device may move. Rejected samples are counted per avatar,
//! device and reason (GetStats `devices[].rejections`).

use posewire_solver::gate::GateSettings;
use serde::Deserialize;

use super::avatar_config::SourceConfig;

/// How far the demo person walks from its `origin`, with a margin, metres
/// (a circle of 1.4 m radius, hands reaching beyond it).
const DEMO_REACH_M: f64 = 3.0;

/// `[devices]`: which device samples are plausible.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct DevicesConfig {
    /// How far from the space's origin a device may be, metres.
    pub workspace_radius_m: f64,
    /// How fast a device may move between two samples, m/s.
    pub max_speed_m_s: f64,
}

impl Default for DevicesConfig {
    fn default() -> Self {
        let gate = GateSettings::default();
        DevicesConfig {
            workspace_radius_m: gate.workspace_radius_m,
            max_speed_m_s: gate.max_speed_m_s,
        }
    }
}

impl DevicesConfig {
    /// The gate's settings.
    pub fn gate(&self) -> GateSettings {
        GateSettings {
            workspace_radius_m: self.workspace_radius_m,
            max_speed_m_s: self.max_speed_m_s,
        }
    }

    /// Checks the values, and that every demo person walks inside the
    /// workspace; the error is `(key, reason)`.
    pub fn check<'a>(
        &self,
        sources: impl IntoIterator<Item = &'a SourceConfig>,
    ) -> Result<(), (String, String)> {
        self.gate().check().map_err(|reason| {
            let key = reason.split(':').next().unwrap_or_default();
            (format!("devices.{key}"), reason)
        })?;
        for (i, source) in sources.into_iter().enumerate() {
            if let SourceConfig::Demo { origin, .. } = source {
                let [x, y, z] = *origin;
                let far = posewire_body::glam::DVec3::new(x, y, z).length() + DEMO_REACH_M;
                if far > self.workspace_radius_m {
                    return Err((
                        format!("avatars[{i}].source.origin"),
                        format!(
                            "the demo person walks up to {far:.1} m from the space's origin, outside `devices.workspace_radius_m` = {} m",
                            self.workspace_radius_m
                        ),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Appends the `[devices]` table to a take's config record (TOML text that
/// ends with a newline), so that a re-solve gates as the recording did.
pub fn append_toml(devices: &DevicesConfig, out: &mut String) {
    out.push_str(&format!(
        "[devices]\nworkspace_radius_m = {:?}\nmax_speed_m_s = {:?}\n",
        devices.workspace_radius_m, devices.max_speed_m_s
    ));
}

/// The gate a take was recorded with: the `[devices]` table of its config
/// record, or the defaults when the record has none (takes recorded before
/// the gate) or it cannot be used.
pub fn recorded_gate(config_toml: Option<&str>) -> GateSettings {
    #[derive(Deserialize, Default)]
    struct Record {
        #[serde(default)]
        devices: DevicesConfig,
    }
    let record: Record = config_toml
        .and_then(|text| toml::from_str(text).ok())
        .unwrap_or_default();
    let gate = record.devices.gate();
    if gate.check().is_ok() {
        gate
    } else {
        GateSettings::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_take_records_the_gate_it_was_recorded_with() {
        let devices = DevicesConfig {
            workspace_radius_m: 12.5,
            max_speed_m_s: 7.0,
        };
        let mut record = String::from("rate_hz = 90.0\nsolver = \"ik\"\n");
        append_toml(&devices, &mut record);
        assert_eq!(recorded_gate(Some(&record)), devices.gate());
        // Takes recorded before the gate, and broken records: the defaults.
        assert_eq!(recorded_gate(None), GateSettings::default());
        assert_eq!(
            recorded_gate(Some("rate_hz = 90.0\n")),
            GateSettings::default()
        );
        assert_eq!(
            recorded_gate(Some("[devices]\nmax_speed_m_s = -1.0\n")),
            GateSettings::default()
        );
    }
}
