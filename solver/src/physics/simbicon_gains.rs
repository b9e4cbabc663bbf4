//! The stepping controller's gains as the live legs use them
//! (`[solver.physics.simbicon_legs.gains]`): every key defaults to
//! [`SteppingSettings::default`], so the no-home controller of the tests
//! and tools is unchanged unless a settings file names a gain.

use super::stepping_balance::SteppingSettings;

/// The gains of [`SteppingSettings`] a settings file may set for the live
/// stepping legs (found by `simbicon_search`, `docs/notes/own-feet.md`,
/// round 10). Every value must be finite and positive: a settings file
/// that gives another is refused, naming the key ([`SimbiconGains::check`]).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SimbiconGains {
    /// [`SteppingSettings::torso_kp`].
    pub torso_kp: f64,
    /// [`SteppingSettings::torso_kd`].
    pub torso_kd: f64,
    /// [`SteppingSettings::hip_kp`] (the swing thigh).
    pub hip_kp: f64,
    /// [`SteppingSettings::hip_kd`].
    pub hip_kd: f64,
    /// [`SteppingSettings::knee_kp`].
    pub knee_kp: f64,
    /// [`SteppingSettings::knee_kd`].
    pub knee_kd: f64,
    /// [`SteppingSettings::ankle_kp`].
    pub ankle_kp: f64,
    /// [`SteppingSettings::ankle_kd`].
    pub ankle_kd: f64,
    /// [`SteppingSettings::step_time_s`].
    pub step_time_s: f64,
    /// [`SteppingSettings::swing_out_rad`].
    pub swing_out_rad: f64,
    /// [`SteppingSettings::forward_offset_gain`] (SIMBICON's c_d forward).
    pub forward_offset_gain: f64,
    /// [`SteppingSettings::forward_velocity_gain`] (c_v forward).
    pub forward_velocity_gain: f64,
    /// [`SteppingSettings::side_offset_gain`] (c_d sideways).
    pub side_offset_gain: f64,
    /// [`SteppingSettings::side_velocity_gain`] (c_v sideways).
    pub side_velocity_gain: f64,
    /// [`SteppingSettings::swing_knee_rad`] (the swing foot's height).
    pub swing_knee_rad: f64,
    /// [`SteppingSettings::stance_knee_rad`].
    pub stance_knee_rad: f64,
    /// [`SteppingSettings::velocity_damping`].
    pub velocity_damping: f64,
    /// [`SteppingSettings::stand_kp`].
    pub stand_kp: f64,
    /// [`SteppingSettings::stand_kd`].
    pub stand_kd: f64,
    /// [`SteppingSettings::calm_speed`].
    pub calm_speed: f64,
    /// [`SteppingSettings::calm_time_s`].
    pub calm_time_s: f64,
    /// [`SteppingSettings::stand_toe_m`].
    pub stand_toe_m: f64,
    /// [`SteppingSettings::stand_heel_m`].
    pub stand_heel_m: f64,
    /// [`SteppingSettings::stand_side_m`].
    pub stand_side_m: f64,
}

impl Default for SimbiconGains {
    fn default() -> Self {
        let s = SteppingSettings::default();
        SimbiconGains {
            torso_kp: s.torso_kp,
            torso_kd: s.torso_kd,
            hip_kp: s.hip_kp,
            hip_kd: s.hip_kd,
            knee_kp: s.knee_kp,
            knee_kd: s.knee_kd,
            ankle_kp: s.ankle_kp,
            ankle_kd: s.ankle_kd,
            step_time_s: s.step_time_s,
            swing_out_rad: s.swing_out_rad,
            forward_offset_gain: s.forward_offset_gain,
            forward_velocity_gain: s.forward_velocity_gain,
            side_offset_gain: s.side_offset_gain,
            side_velocity_gain: s.side_velocity_gain,
            swing_knee_rad: s.swing_knee_rad,
            stance_knee_rad: s.stance_knee_rad,
            velocity_damping: s.velocity_damping,
            stand_kp: s.stand_kp,
            stand_kd: s.stand_kd,
            calm_speed: s.calm_speed,
            calm_time_s: s.calm_time_s,
            stand_toe_m: s.stand_toe_m,
            stand_heel_m: s.stand_heel_m,
            stand_side_m: s.stand_side_m,
        }
    }
}

impl SimbiconGains {
    /// Every gain by its settings key.
    fn named(&self) -> [(&'static str, f64); 24] {
        [
            ("torso_kp", self.torso_kp),
            ("torso_kd", self.torso_kd),
            ("hip_kp", self.hip_kp),
            ("hip_kd", self.hip_kd),
            ("knee_kp", self.knee_kp),
            ("knee_kd", self.knee_kd),
            ("ankle_kp", self.ankle_kp),
            ("ankle_kd", self.ankle_kd),
            ("step_time_s", self.step_time_s),
            ("swing_out_rad", self.swing_out_rad),
            ("forward_offset_gain", self.forward_offset_gain),
            ("forward_velocity_gain", self.forward_velocity_gain),
            ("side_offset_gain", self.side_offset_gain),
            ("side_velocity_gain", self.side_velocity_gain),
            ("swing_knee_rad", self.swing_knee_rad),
            ("stance_knee_rad", self.stance_knee_rad),
            ("velocity_damping", self.velocity_damping),
            ("stand_kp", self.stand_kp),
            ("stand_kd", self.stand_kd),
            ("calm_speed", self.calm_speed),
            ("calm_time_s", self.calm_time_s),
            ("stand_toe_m", self.stand_toe_m),
            ("stand_heel_m", self.stand_heel_m),
            ("stand_side_m", self.stand_side_m),
        ]
    }

    /// The key of the first gain that is not finite and positive, if any:
    /// a settings file giving one is refused rather than half-applied.
    pub fn check(&self) -> Result<(), &'static str> {
        match self
            .named()
            .into_iter()
            .find(|(_, v)| !(v.is_finite() && *v > 0.0))
        {
            Some((key, _)) => Err(key),
            None => Ok(()),
        }
    }

    /// `settings` with these gains ([`SimbiconGains::check`] them first).
    pub fn apply(&self, settings: SteppingSettings) -> SteppingSettings {
        SteppingSettings {
            torso_kp: self.torso_kp,
            torso_kd: self.torso_kd,
            hip_kp: self.hip_kp,
            hip_kd: self.hip_kd,
            knee_kp: self.knee_kp,
            knee_kd: self.knee_kd,
            ankle_kp: self.ankle_kp,
            ankle_kd: self.ankle_kd,
            step_time_s: self.step_time_s,
            swing_out_rad: self.swing_out_rad,
            forward_offset_gain: self.forward_offset_gain,
            forward_velocity_gain: self.forward_velocity_gain,
            side_offset_gain: self.side_offset_gain,
            side_velocity_gain: self.side_velocity_gain,
            swing_knee_rad: self.swing_knee_rad,
            stance_knee_rad: self.stance_knee_rad,
            velocity_damping: self.velocity_damping,
            stand_kp: self.stand_kp,
            stand_kd: self.stand_kd,
            calm_speed: self.calm_speed,
            calm_time_s: self.calm_time_s,
            stand_toe_m: self.stand_toe_m,
            stand_heel_m: self.stand_heel_m,
            stand_side_m: self.stand_side_m,
            ..settings
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_gains_leave_the_controller_unchanged() {
        let s = SteppingSettings::default();
        assert_eq!(SimbiconGains::default().apply(s), s);
    }

    #[test]
    fn a_gain_is_applied_and_an_unusable_one_is_named() {
        let s = SteppingSettings::default();
        let g = SimbiconGains {
            forward_velocity_gain: 1.5,
            ..SimbiconGains::default()
        };
        assert_eq!(g.check(), Ok(()));
        assert_eq!(g.apply(s).forward_velocity_gain, 1.5);
        for (bad, key) in [
            (
                SimbiconGains {
                    hip_kp: f64::NAN,
                    ..g
                },
                "hip_kp",
            ),
            (
                SimbiconGains {
                    stand_kd: -3.0,
                    ..g
                },
                "stand_kd",
            ),
            (
                SimbiconGains {
                    stand_side_m: 0.0,
                    ..g
                },
                "stand_side_m",
            ),
        ] {
            assert_eq!(bad.check(), Err(key));
        }
    }
}
