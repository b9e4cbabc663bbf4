//! The stepping controller's gains as the live legs use them
//! (`[solver.physics.simbicon_legs.gains]`): every key defaults to
//! [`SteppingSettings::default`], so the no-home controller of the tests
//! and tools is unchanged unless a settings file names a gain.

use super::stepping_balance::SteppingSettings;

/// Declares [`SimbiconGains`] from one list of [`SteppingSettings`]' field
/// names: the struct, its built-in defaults, its keys and `apply`.
macro_rules! simbicon_gains {
    ($($field:ident),* $(,)?) => {
        /// The gains of [`SteppingSettings`] a settings file may set for the
        /// live stepping legs (found by `simbicon_search`,
        /// `docs/notes/own-feet.md`, round 10), each named and documented as
        /// its [`SteppingSettings`] field. Every value must be finite and
        /// positive: a settings file that gives another is refused, naming
        /// the key ([`SimbiconGains::check`]).
        #[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(default, deny_unknown_fields)]
        pub struct SimbiconGains {
            $(
                #[doc = concat!("[`SteppingSettings::", stringify!($field), "`].")]
                pub $field: f64,
            )*
        }

        impl Default for SimbiconGains {
            fn default() -> Self {
                let s = SteppingSettings::default();
                SimbiconGains { $($field: s.$field),* }
            }
        }

        impl SimbiconGains {
            /// Every gain by its settings key.
            fn named(&self) -> Vec<(&'static str, f64)> {
                vec![$((stringify!($field), self.$field)),*]
            }

            /// `settings` with these gains ([`SimbiconGains::check`] them
            /// first).
            pub fn apply(&self, settings: SteppingSettings) -> SteppingSettings {
                SteppingSettings { $($field: self.$field,)* ..settings }
            }
        }
    };
}

simbicon_gains!(
    torso_kp,
    torso_kd,
    hip_kp,
    hip_kd,
    knee_kp,
    knee_kd,
    ankle_kp,
    ankle_kd,
    step_time_s,
    swing_out_rad,
    forward_offset_gain,
    forward_velocity_gain,
    side_offset_gain,
    side_velocity_gain,
    swing_knee_rad,
    stance_knee_rad,
    velocity_damping,
    stand_kp,
    stand_kd,
    calm_speed,
    calm_time_s,
    stand_toe_m,
    stand_heel_m,
    stand_side_m,
);

impl SimbiconGains {
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
