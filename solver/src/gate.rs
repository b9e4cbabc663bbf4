//! The plausibility gate of device samples: a sample outside the workspace
//! (too far from the space's origin) or farther from the device's last
//! accepted sample than a person can move in the time between them is
//! rejected with its reason, so that no solver, live or offline, ever
//! follows it. A device's first sample after it was lost (or ever) is
//! accepted wherever it is inside the workspace, so a device that really
//! moved is never locked out.

use posewire_body::glam::DVec3;

/// The default workspace radius around the space's origin, metres.
pub const DEFAULT_WORKSPACE_RADIUS_M: f64 = 50.0;

/// The default fastest a device may move, m/s. On the training clips
/// (`../shared/data/mocap-train/`, six devices, clean and noisy) the
/// fastest real motion is a dancer's foot at 21.1 m/s between two samples
/// (hands 14 m/s but for two isolated samples of 24 and 30 m/s in one
/// window-washing clip, head and pelvis 6 m/s; the dev clips: 10.7 m/s);
/// faster moves there are single-frame capture glitches at a clip's start
/// (hands jumping 0.6 m in 11 ms, up to 57 m/s). About 1.4 times the fastest
/// real motion leaves a margin for faster people than the clips hold
/// (measured by `cargo run --release -p posewire-tools --bin
/// device_speeds -- ../shared/data/mocap-train ../shared/data/mocap`).
pub const DEFAULT_MAX_SPEED_M_S: f64 = 30.0;

/// What a jump may exceed `max_speed * elapsed` by, metres: sensor noise
/// and samples bunched by their transport (several samples of a stalled
/// network stream that arrive with almost the same time).
pub const JUMP_SLACK_M: f64 = 0.1;

/// How the gate judges samples.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GateSettings {
    /// How far from the space's origin a device may be, metres.
    pub workspace_radius_m: f64,
    /// How fast a device may move between two samples, m/s.
    pub max_speed_m_s: f64,
}

impl Default for GateSettings {
    fn default() -> Self {
        GateSettings {
            workspace_radius_m: DEFAULT_WORKSPACE_RADIUS_M,
            max_speed_m_s: DEFAULT_MAX_SPEED_M_S,
        }
    }
}

impl GateSettings {
    /// Checks the values: both positive and finite; the reason names the
    /// field.
    pub fn check(&self) -> Result<(), String> {
        if !(self.workspace_radius_m.is_finite() && self.workspace_radius_m > 0.0) {
            return Err(format!(
                "workspace_radius_m: {} is not a positive distance in metres",
                self.workspace_radius_m
            ));
        }
        if !(self.max_speed_m_s.is_finite() && self.max_speed_m_s > 0.0) {
            return Err(format!(
                "max_speed_m_s: {} is not a positive speed in m/s",
                self.max_speed_m_s
            ));
        }
        Ok(())
    }

    /// Whether a position lies inside the workspace.
    pub fn inside(&self, position: DVec3) -> bool {
        // Component-wise first: the length of huge coordinates overflows.
        position.abs().max_element() <= self.workspace_radius_m
            && position.length() <= self.workspace_radius_m
    }
}

/// Why a sample was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rejection {
    /// Farther from the space's origin than the workspace radius.
    OutsideWorkspace,
    /// Farther from the device's last accepted sample than a person moves
    /// in the time between them.
    TooFast,
}

impl Rejection {
    /// Every reason.
    pub const ALL: [Rejection; 2] = [Rejection::OutsideWorkspace, Rejection::TooFast];

    /// Its index in [`Rejection::ALL`].
    pub const fn index(self) -> usize {
        match self {
            Rejection::OutsideWorkspace => 0,
            Rejection::TooFast => 1,
        }
    }
}

/// What became of a sample.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Taken: the device is where it says.
    Accepted,
    /// No usable pose (missing, NaN or infinite): the device is lost.
    Lost,
    /// Left out for a reason; the device keeps its last accepted state
    /// (and counts as lost once that is old).
    Rejected(Rejection),
}

/// The last accepted position of one device.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DeviceGate {
    last: Option<(DVec3, f64)>,
}

impl DeviceGate {
    /// Judges a finite position at `time_s`; `found` says the device was
    /// lost (or never seen) until now, so any place inside the workspace is
    /// accepted. An accepted position becomes the one the next is judged
    /// against.
    pub fn judge(
        &mut self,
        settings: &GateSettings,
        position: DVec3,
        time_s: f64,
        found: bool,
    ) -> Result<(), Rejection> {
        if !settings.inside(position) {
            return Err(Rejection::OutsideWorkspace);
        }
        if let (Some((last, last_time)), false) = (self.last, found) {
            let elapsed = (time_s - last_time).max(0.0);
            let reach = settings.max_speed_m_s * elapsed + JUMP_SLACK_M;
            if position.distance(last) > reach {
                return Err(Rejection::TooFast);
            }
        }
        self.last = Some((position, time_s));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_and_far_positions_are_outside() {
        let s = GateSettings::default();
        let mut gate = DeviceGate::default();
        for p in [
            DVec3::new(1e308, 0.0, 0.0),
            DVec3::new(1e308, 1e308, -1e308),
            DVec3::new(1000.0, 1.0, 0.0),
            DVec3::new(30.0, 30.0, 30.0),
        ] {
            assert_eq!(
                gate.judge(&s, p, 0.0, true),
                Err(Rejection::OutsideWorkspace),
                "{p}"
            );
        }
        assert_eq!(
            gate.judge(&s, DVec3::new(49.0, 1.0, 0.0), 0.0, true),
            Ok(())
        );
    }

    #[test]
    fn a_jump_is_judged_against_the_time_since_the_last_accepted_sample() {
        let s = GateSettings::default();
        let mut gate = DeviceGate::default();
        let at = |x: f64| DVec3::new(x, 1.0, 0.0);
        assert_eq!(gate.judge(&s, at(0.0), 0.0, true), Ok(()));
        // 3 m in one 90 Hz tick: too fast; the spike is not remembered.
        assert_eq!(
            gate.judge(&s, at(3.0), 1.0 / 90.0, false),
            Err(Rejection::TooFast)
        );
        assert_eq!(gate.judge(&s, at(0.05), 2.0 / 90.0, false), Ok(()));
        // The same 3 m after a second's gap is a walk.
        assert_eq!(gate.judge(&s, at(3.05), 1.0 + 2.0 / 90.0, false), Ok(()));
        // A device found again is accepted wherever it is.
        assert_eq!(gate.judge(&s, at(-20.0), 1.05, true), Ok(()));
    }

    #[test]
    fn settings_are_checked_by_name() {
        let bad = GateSettings {
            workspace_radius_m: -1.0,
            ..GateSettings::default()
        };
        assert!(bad.check().is_err_and(|e| e.contains("workspace_radius_m")));
        let bad = GateSettings {
            max_speed_m_s: f64::NAN,
            ..GateSettings::default()
        };
        assert!(bad.check().is_err_and(|e| e.contains("max_speed_m_s")));
        assert!(GateSettings::default().check().is_ok());
    }
}
