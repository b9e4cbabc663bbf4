//! The daemon's `[solver]` section: which solver poses the avatars and its
//! settings ([`posewire_solver::SolverSettings`], any subset of the keys,
//! the built-in defaults for the rest). The old form, a top-level
//! `solver = "ik"` or `"physics"`, is still read (it means that solver
//! with the defaults), in a configuration and in the config record of a
//! take recorded before the section existed.

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;

use posewire_solver::{SolverKind, SolverSettings};

/// Reads `solver`: a table (`[solver]`) or the old solver name.
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<SolverSettings, D::Error> {
    d.deserialize_any(Section)
}

struct Section;

impl<'de> Visitor<'de> for Section {
    type Value = SolverSettings;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a [solver] table, or the name `ik` or `physics`")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<SolverSettings, E> {
        let kind = SolverKind::from_name(name)
            .ok_or_else(|| E::invalid_value(de::Unexpected::Str(name), &"`ik` or `physics`"))?;
        Ok(SolverSettings::of_kind(kind))
    }

    fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<SolverSettings, M::Error> {
        SolverSettings::deserialize(de::value::MapAccessDeserializer::new(map))
    }
}

/// The solver settings a take was recorded with, from its config record
/// (`recorded_kind`, the take's identity, when the record names none).
pub fn recorded(config_toml: Option<&str>, recorded_kind: &str) -> Result<SolverSettings, String> {
    let table: toml::Table = match config_toml {
        Some(text) => toml::from_str(text).map_err(|e| e.message().to_string())?,
        None => toml::Table::new(),
    };
    match table.get("solver") {
        Some(value) => deserialize(value.clone()).map_err(|e| e.message().to_string()),
        None => Section
            .visit_str::<de::value::Error>(recorded_kind)
            .map_err(|e| e.to_string()),
    }
}

/// Appends the `[solver]` table, every key, to a config record (tables
/// come after the record's top-level keys).
pub fn append_toml(settings: &SolverSettings, out: &mut String) {
    out.push('\n');
    out.push_str(&settings.to_toml());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_old_take_names_its_solver_and_gets_the_defaults() {
        let old = "rate_hz = 90.0\nsolver = \"ik\"\n";
        let s = recorded(Some(old), "physics").expect("reads");
        assert_eq!(s.kind, SolverKind::Ik);
        assert_eq!(s.ik, SolverSettings::default().ik);
        // No config record at all: the take's identity says which.
        assert_eq!(recorded(None, "ik").expect("reads").kind, SolverKind::Ik);
        assert!(recorded(None, "ragdoll").is_err());
    }

    #[test]
    fn a_recorded_table_reads_back_exactly() {
        let mut settings = SolverSettings::default();
        settings.physics.body.joint_hz = 7.25;
        settings.ik.elbow_from_hand = 0.1 + 0.2;
        let mut record = String::from("rate_hz = 90.0\n");
        append_toml(&settings, &mut record);
        assert_eq!(recorded(Some(&record), "ik").expect("reads"), settings);
    }
}
