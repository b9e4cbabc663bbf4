//! The solver's settings as data: the `[solver]` table of the daemon's
//! configuration and of a `--settings FILE` (`posewire solve`, `eval`, the
//! development examples). Any subset of the keys may be given; the rest
//! are the built-in defaults, which are the tuned values (each field's
//! `Default` in its module). An unknown key is an error that names it.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::ik::IkSettings;
use crate::physics::{PhysicsSettings, WorldSettings};
use crate::solve::SolverKind;

/// Which solver runs and how it is tuned (`[solver]`).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SolverSettings {
    /// Which solver poses the avatars (`kind = "physics"`, the default, or
    /// `"ik"`).
    pub kind: SolverKind,
    /// The kinematic solve (`[solver.ik]`): the `ik` solver's own, and the
    /// physics avatar's reference (with the reference's filter window,
    /// `physics.reference_filter_window`). The plausibility gate is not
    /// here: it is the daemon's `[devices]`.
    pub ik: IkSettings,
    /// The physics avatar (`[solver.physics]`).
    pub physics: PhysicsSettings,
    /// How the physics world steps (`[solver.world]`; its rate is the
    /// loop's or the solve's).
    pub world: WorldSettings,
}

/// A settings file: a `[solver]` table and nothing else.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingsFile {
    #[serde(default)]
    solver: SolverSettings,
}

/// Why a settings file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// The file could not be read.
    #[error(transparent)]
    Read(#[from] posewire_body::bounded_read::ReadError),
    /// The TOML does not parse, or has an unknown or mistyped key (line,
    /// column and the key; never the file's text).
    #[error(
        "{path}: {message} (a settings file holds a [solver] table: see configs/default.toml)"
    )]
    Syntax {
        /// The file.
        path: String,
        /// The parser's message.
        message: String,
    },
    /// A key holds a value the solver cannot use (the key and why).
    #[error("{path}: [solver.{key}] {reason}")]
    Value {
        /// The file.
        path: String,
        /// The key, from `solver.` on.
        key: String,
        /// What it must be.
        reason: &'static str,
    },
}

impl SolverSettings {
    /// The built-in settings of a solver kind.
    pub fn of_kind(kind: SolverKind) -> SolverSettings {
        SolverSettings {
            kind,
            ..SolverSettings::default()
        }
    }

    /// Parses a settings file's text (`path` names it in errors).
    pub fn from_toml(text: &str, path: &str) -> Result<SolverSettings, SettingsError> {
        let file: SettingsFile = toml::from_str(text).map_err(|e| SettingsError::Syntax {
            path: path.to_string(),
            message: posewire_body::toml_error::describe(&e, text),
        })?;
        file.solver
            .check()
            .map_err(|(key, reason)| SettingsError::Value {
                path: path.to_string(),
                key,
                reason,
            })?;
        Ok(file.solver)
    }

    /// The values a key may hold beyond its type: the first one that is
    /// not usable, as its key (from `solver.` on) and what it must be.
    pub fn check(&self) -> Result<(), (String, &'static str)> {
        let share = self.physics.body.tracking_hz_share;
        if !(share.is_finite() && share > 0.0 && share <= 2.0) {
            return Err((
                "physics.body.tracking_hz_share".to_string(),
                "must be above 0 and at most 2",
            ));
        }
        self.physics.simbicon_legs.gains.check().map_err(|key| {
            (
                format!("physics.simbicon_legs.gains.{key}"),
                "must be finite and positive",
            )
        })
    }

    /// The physics avatar's settings with `[solver.ik]` as its reference's
    /// kinematic solve (as the tick runs them).
    pub fn physics_settings(&self) -> PhysicsSettings {
        PhysicsSettings {
            ik: self.ik,
            ..self.physics
        }
    }

    /// Reads a settings file.
    pub fn load(path: &Path) -> Result<SolverSettings, SettingsError> {
        let text = posewire_body::bounded_read::read_text_bounded(
            path,
            posewire_body::bounded_read::TOML,
        )?;
        SolverSettings::from_toml(&text, &path.display().to_string())
    }

    /// The whole table as TOML (every key), under `[solver]`: what a take
    /// stores, so that a re-solve runs exactly these settings (written
    /// with the shortest decimals that read back to the same bits). Every
    /// field is a number, a flag, a name or a table, which TOML holds, so
    /// the fallbacks never run.
    pub fn to_toml(&self) -> String {
        let file = toml::Table::from_iter([(
            "solver".to_string(),
            toml::Value::try_from(self).unwrap_or_else(|_| toml::Value::Table(toml::Table::new())),
        )]);
        toml::to_string(&file).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subset_of_keys_keeps_the_defaults_for_the_rest() {
        let s = SolverSettings::from_toml(
            "[solver]\nkind = \"ik\"\n[solver.physics.body]\njoint_hz = 6.5\n",
            "s.toml",
        )
        .expect("parses");
        let mut expected = SolverSettings {
            kind: SolverKind::Ik,
            ..SolverSettings::default()
        };
        expected.physics.body.joint_hz = 6.5;
        assert_eq!(s, expected);
        assert_eq!(
            SolverSettings::from_toml("", "empty.toml").expect("parses"),
            SolverSettings::default()
        );
    }

    #[test]
    fn a_gain_that_is_not_positive_is_refused_by_name() {
        let err = SolverSettings::from_toml(
            "[solver.physics.simbicon_legs.gains]\nhip_kp = -1.0\n",
            "g.toml",
        )
        .expect_err("a negative gain is refused");
        assert_eq!(
            err.to_string(),
            "g.toml: [solver.physics.simbicon_legs.gains.hip_kp] must be finite and positive"
        );
    }

    #[test]
    fn a_tracking_stiffness_share_out_of_range_is_refused_by_name() {
        for value in ["0.0", "-0.5", "2.5", "nan"] {
            let text = format!("[solver.physics.body]\ntracking_hz_share = {value}\n");
            let err = SolverSettings::from_toml(&text, "s.toml").expect_err("refused");
            assert_eq!(
                err.to_string(),
                "s.toml: [solver.physics.body.tracking_hz_share] must be above 0 and at most 2",
                "{value}"
            );
        }
        let ok = "[solver.physics.body]\ntracking_hz_share = 1.0\n";
        assert!(SolverSettings::from_toml(ok, "s.toml").is_ok());
    }

    #[test]
    fn the_default_kind_is_physics() {
        assert_eq!(SolverSettings::default().kind, SolverKind::Physics);
    }

    #[test]
    fn an_unknown_key_is_placed_and_its_table_named() {
        // The file's text is never quoted (`body::toml_error`): the line,
        // the column and the keys its table takes say where and what.
        for (text, place, table_key) in [
            (
                "[solver.physics.body]\njoint_hzz = 6.5\n",
                "line 2, column 1",
                "`joint_hz`",
            ),
            ("[solver]\nkinds = \"ik\"\n", "line 2, column 1", "`kind`"),
            ("listen = \"127.0.0.1:1\"\n", "line 1, column 1", "`solver`"),
            // The reference's ik settings are `[solver.ik]`, once.
            (
                "[solver.physics.ik]\nwindow = 3\n",
                "line 1, column",
                "`reference_filter_window`",
            ),
            // The gate is the daemon's `[devices]`.
            (
                "[solver.ik.gate]\nmax_speed_m_s = 3.0\n",
                "line 1, column",
                "`elbow_from_hand`",
            ),
        ] {
            let e = SolverSettings::from_toml(text, "s.toml")
                .expect_err("an unknown key")
                .to_string();
            assert!(e.contains("s.toml") && e.contains("unknown field"), "{e}");
            assert!(e.contains(place) && e.contains(table_key), "{text}: {e}");
        }
        let e = SolverSettings::from_toml("[solver]\nkind = \"ragdoll\"\n", "s.toml")
            .expect_err("an unknown solver")
            .to_string();
        assert!(
            e.contains("line 2, column 8") && e.contains("`physics`"),
            "{e}"
        );
    }

    #[test]
    fn settings_written_as_toml_read_back_exactly() {
        let mut s = SolverSettings::default();
        s.physics.balance = Some(Default::default());
        s.physics.body.root_hz = 1.0 / 3.0;
        s.ik.trunk = crate::TrunkMode::NeckOnly;
        for settings in [SolverSettings::default(), s] {
            let text = settings.to_toml();
            let back = SolverSettings::from_toml(&text, "written").expect("reads back");
            assert_eq!(back, settings, "{text}");
        }
    }

    #[test]
    fn an_empty_table_turns_an_optional_controller_on_with_its_defaults() {
        let s =
            SolverSettings::from_toml("[solver.physics.locomotion]\n", "s.toml").expect("parses");
        assert_eq!(s.physics.locomotion, Some(Default::default()));
        assert_eq!(s.physics.balance, None);
    }
}
