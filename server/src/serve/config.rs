//! The daemon's configuration (TOML, documented in `configs/default.toml`):
//! parsing with unknown keys rejected, defaults, and validation that names
//! the key at fault and the reason.

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use serde::Deserialize;

pub use super::avatar_config::{AvatarConfig, SourceConfig};
pub use super::config_error::ConfigError;
pub use super::defaults::{DEFAULT_LISTEN, DEFAULT_STORAGE};
pub use super::ids::check_id;

/// The whole configuration.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// Address to listen on (`IP:PORT`; port 0 picks a free one).
    pub listen: String,
    /// Ticks of the real-time loop per second.
    pub rate_hz: f64,
    /// Which solver poses every avatar and its settings (`[solver]`; the old
    /// `solver = "ik"` or `"physics"` is still read).
    #[serde(deserialize_with = "super::solver_config::deserialize")]
    pub solver: posewire_solver::SolverSettings,
    /// Static boxes around the avatars (a scene TOML; physics only).
    pub scene: Option<PathBuf>,
    /// Frames buffered for each subscriber before it skips frames.
    pub subscriber_buffer: usize,
    /// The avatars sharing the space.
    pub avatars: Vec<AvatarConfig>,
    /// Who may connect: tokens and their roles, TLS (`[access]`).
    pub access: super::access::AccessConfig,
    /// Folder of stored profiles and caches (relative: to the working
    /// directory of `posewire serve`).
    pub storage: PathBuf,
    /// VMC outputs (`[[vmc_out]]`): an avatar's body to VMC receivers.
    pub vmc_out: Vec<super::osc_config::VmcOutConfig>,
    /// VRChat OSC tracker outputs (`[[vrchat_out]]`).
    pub vrchat_out: Vec<super::osc_config::VrchatOutConfig>,
    /// The live web view (`[web]`): on by default, next to `listen`.
    pub web: super::web_config::WebConfig,
    /// Folders a client may name files in (`[sources]`).
    pub sources: super::source_paths::SourcesConfig,
    /// How many subscribers the daemon serves (`[limits]`).
    pub limits: super::limits::LimitsConfig,
    /// Which device samples are plausible (`[devices]`).
    pub devices: super::device_gate::DevicesConfig,
    /// A space shared with other daemons over NATS (`[cluster]`).
    pub cluster: Option<super::cluster::ClusterConfig>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            listen: DEFAULT_LISTEN.to_string(),
            rate_hz: 90.0,
            solver: posewire_solver::SolverSettings::default(),
            scene: None,
            subscriber_buffer: 16,
            avatars: vec![AvatarConfig {
                id: "demo".to_string(),
                source: SourceConfig::Demo {
                    time_offset_s: 0.0,
                    origin: [0.0; 3],
                },
                profile: None,
                model: None,
            }],
            access: Default::default(),
            storage: PathBuf::from(DEFAULT_STORAGE),
            vmc_out: Vec::new(),
            vrchat_out: Vec::new(),
            web: Default::default(),
            sources: Default::default(),
            limits: Default::default(),
            devices: Default::default(),
            cluster: None,
        }
    }
}

impl Config {
    /// Parses TOML text; relative paths inside are taken from `base_dir`;
    /// `path` names the text in errors. The result is validated.
    pub fn from_toml(text: &str, path: &str, base_dir: &Path) -> Result<Config, ConfigError> {
        let mut config: Config = toml::from_str(text).map_err(|e| ConfigError::Syntax {
            path: path.to_string(),
            message: posewire_body::toml_error::describe(&e, text),
        })?;
        config.resolve_paths(base_dir);
        config.validate(path)?;
        Ok(config)
    }

    /// Reads and validates a configuration file.
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let name = path.display().to_string();
        let text = posewire_body::bounded_read::read_text_bounded(
            path,
            posewire_body::bounded_read::TOML,
        )?;
        let base = path.parent().unwrap_or(Path::new("."));
        Config::from_toml(&text, &name, base)
    }

    fn resolve_paths(&mut self, base: &Path) {
        let join = |p: &mut PathBuf| {
            if p.is_relative() {
                *p = base.join(&*p);
            }
        };
        if let Some(scene) = &mut self.scene {
            join(scene);
        }
        self.access.resolve_paths(base);
        self.sources.resolve_paths(base);
        if let Some(cluster) = &mut self.cluster {
            cluster.resolve_paths(base);
        }
        for avatar in &mut self.avatars {
            if let Some(profile) = &mut avatar.profile {
                join(profile);
            }
            if let Some(model) = &mut avatar.model {
                join(model);
            }
            if let SourceConfig::File { path, .. } = &mut avatar.source {
                join(path);
            }
        }
    }

    /// The solver's settings with the plausibility gate of `[devices]`:
    /// what every avatar's solver is built from.
    pub fn solver_settings(&self) -> posewire_solver::SolverSettings {
        let mut settings = self.solver;
        settings.ik.gate = self.devices.gate();
        settings
    }

    /// The listen address, parsed.
    pub fn listen_addr(&self) -> Result<SocketAddr, ConfigError> {
        self.listen.parse().map_err(|_| ConfigError::Invalid {
            path: "configuration".into(),
            key: "listen".into(),
            reason: format!("`{}` is not an address like 127.0.0.1:50051", self.listen),
        })
    }

    /// Checks every value; the first problem is returned with its key.
    pub fn validate(&self, path: &str) -> Result<(), ConfigError> {
        let bad = |key: &str, reason: String| ConfigError::Invalid {
            path: path.to_string(),
            key: key.to_string(),
            reason,
        };
        self.listen_addr().map_err(|e| match e {
            ConfigError::Invalid { key, reason, .. } => bad(&key, reason),
            other => other,
        })?;
        if !(self.rate_hz.is_finite() && (1.0..=1000.0).contains(&self.rate_hz)) {
            return Err(bad(
                "rate_hz",
                format!("{} is not a rate between 1 and 1000 Hz", self.rate_hz),
            ));
        }
        if !(1..=4096).contains(&self.subscriber_buffer) {
            return Err(bad(
                "subscriber_buffer",
                format!(
                    "{} is not between 1 and 4096 frames",
                    self.subscriber_buffer
                ),
            ));
        }
        if let Some(scene) = &self.scene {
            if !scene.is_file() {
                return Err(bad("scene", format!("{} is not a file", scene.display())));
            }
        }
        self.solver
            .check()
            .map_err(|(k, reason)| bad(&format!("solver.{k}"), reason.to_string()))?;
        self.access.validate(path)?;
        self.sources
            .validate()
            .map_err(|(k, reason)| bad(&k, reason))?;
        self.limits.validate(path)?;
        if let Ok(grpc) = self.listen_addr() {
            self.web.address(grpc).map_err(|e| match e {
                ConfigError::Invalid { key, reason, .. } => bad(&key, reason),
                other => other,
            })?;
        }
        if let Some(cluster) = &self.cluster {
            cluster.check().map_err(|(k, reason)| bad(&k, reason))?;
        }
        let relay = self.cluster.as_ref().is_some_and(|c| c.relay);
        if self.avatars.is_empty() && !relay {
            return Err(bad(
                "avatars",
                "no avatar: give at least one [[avatars]] table".into(),
            ));
        }
        let mut ids = BTreeSet::new();
        for (i, avatar) in self.avatars.iter().enumerate() {
            let key = |k: &str| format!("avatars[{i}].{k}");
            if let Err(reason) = check_id(&avatar.id) {
                return Err(bad(&key("id"), reason));
            }
            if !ids.insert(avatar.id.as_str()) {
                return Err(bad(
                    &key("id"),
                    format!("`{}` is used by an earlier avatar", avatar.id),
                ));
            }
            if let Some(profile) = &avatar.profile {
                if !profile.is_file() {
                    return Err(bad(
                        &key("profile"),
                        format!("{} is not a file", profile.display()),
                    ));
                }
            }
            if let Some(model) = &avatar.model {
                if !model.is_file() {
                    return Err(bad(
                        &key("model"),
                        format!("{} is not a file", model.display()),
                    ));
                }
            }
            match &avatar.source {
                SourceConfig::File { path: take, .. } if !take.is_file() => {
                    return Err(bad(
                        &key("source.path"),
                        format!("{} is not a file", take.display()),
                    ));
                }
                SourceConfig::Demo {
                    time_offset_s,
                    origin,
                } if !(time_offset_s.is_finite() && origin.iter().all(|v| v.is_finite())) => {
                    return Err(bad(&key("source"), "numbers must be finite".into()));
                }
                SourceConfig::Vmc { listen, devices } => {
                    super::osc_config::check_vmc_source(listen, devices)
                        .map_err(|(k, reason)| bad(&key(&format!("source.{k}")), reason))?;
                }
                other => {
                    if let Some(Err(reason)) = other.openxr_settings() {
                        return Err(bad(&key("source"), reason));
                    }
                }
            }
        }
        super::osc_config::check_outputs(
            &self.avatars,
            self.rate_hz,
            &self.vmc_out,
            &self.vrchat_out,
        )
        .map_err(|(k, reason)| bad(&k, reason))?;
        self.devices
            .check(self.avatars.iter().map(|a| &a.source))
            .map_err(|(k, reason)| bad(&k, reason))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::from_toml(text, "test.toml", Path::new("."))
    }

    #[test]
    fn the_shipped_default_file_is_the_built_in_default() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../configs");
        let config = Config::load(&dir.join("default.toml")).expect("default.toml is valid");
        assert_eq!(config, Config::default());
    }

    #[test]
    fn an_empty_file_gives_the_defaults() {
        assert_eq!(parse("").expect("empty is valid"), Config::default());
    }

    #[test]
    fn unknown_keys_are_rejected_by_line_and_column() {
        // The file's own text is never quoted: the place and what was
        // expected are.
        let err = parse("rate = 90\n").expect_err("unknown key").to_string();
        assert!(err.contains("line 1, column 1: unknown field"), "{err}");
        assert!(err.contains("`rate_hz`"), "{err}");
        let err = parse("[[avatars]]\nid = \"a\"\nsource = { kind = \"demo\", speed = 2 }\n")
            .expect_err("unknown source key")
            .to_string();
        assert!(err.contains("line 3, column 10: unknown field"), "{err}");
        assert!(!err.contains("speed"), "{err}");
        let err = parse("[[avatars]]\nid = \"a\"\nsource = { kind = \"openvr\" }\n")
            .expect_err("unknown kind")
            .to_string();
        assert!(err.contains("line 3, column "), "{err}");
        assert!(err.contains("`openxr`") && !err.contains("openvr"), "{err}");
    }

    #[test]
    fn bad_values_name_the_key_and_the_reason() {
        let cases = [
            ("rate_hz = 0.0", "`rate_hz`"),
            ("listen = \"localhost\"", "`listen`"),
            ("solver = \"magic\"", "`solver`"),
            ("avatars = []", "`avatars`"),
            (
                "[[avatars]]\nid = \"Bad Id\"\nsource = { kind = \"demo\" }",
                "`avatars[0].id`",
            ),
            (
                "[[avatars]]\nid = \"a\"\nsource = { kind = \"demo\" }\n[[avatars]]\nid = \"a\"\nsource = { kind = \"demo\" }",
                "`avatars[1].id`",
            ),
            (
                "[[avatars]]\nid = \"a\"\nsource = { kind = \"file\", path = \"/nonexistent.csv\" }",
                "`avatars[0].source.path`",
            ),
            (
                "[[avatars]]\nid = \"a\"\nsource = { kind = \"demo\" }\n[solver.physics.simbicon_legs.gains]\nknee_kp = nan",
                "`solver.physics.simbicon_legs.gains.knee_kp`",
            ),
        ];
        for (text, key) in cases {
            let err = parse(text).expect_err(text);
            assert!(err.to_string().contains(key), "{text}: {err}");
        }
    }

    #[test]
    fn the_solver_section_fills_what_it_gives_and_keeps_the_old_form() {
        use posewire_solver::{SolverKind, SolverSettings};
        assert_eq!(Config::default().solver.kind, SolverKind::Physics);
        let config = parse("[solver]\nkind = \"ik\"\n[solver.physics.body]\njoint_hz = 6.0\n")
            .expect("valid");
        let mut expected = SolverSettings {
            kind: SolverKind::Ik,
            ..SolverSettings::default()
        };
        expected.physics.body.joint_hz = 6.0;
        assert_eq!(config.solver, expected);
        for (old, kind) in [("ik", SolverKind::Ik), ("physics", SolverKind::Physics)] {
            let config = parse(&format!("solver = \"{old}\"\n")).expect("the old form");
            assert_eq!(
                config.solver,
                SolverSettings {
                    kind,
                    ..SolverSettings::default()
                }
            );
        }
        let err = parse("[solver.physics]\nbalanse = {}\n").expect_err("unknown key");
        let err = err.to_string();
        assert!(err.contains("line 2, column 1: unknown field"), "{err}");
        assert!(err.contains("`balance`"), "{err}");
        // The gate stays the daemon's `[devices]`.
        let config = parse("[devices]\nmax_speed_m_s = 12.0\n").expect("valid");
        assert_eq!(config.solver_settings().ik.gate, config.devices.gate());
    }

    #[test]
    fn the_device_gate_is_configured_and_checked() {
        let config =
            parse("[devices]\nworkspace_radius_m = 20.0\nmax_speed_m_s = 12.0\n").expect("valid");
        assert_eq!(config.devices.gate().workspace_radius_m, 20.0);
        assert_eq!(config.devices.gate().max_speed_m_s, 12.0);
        for (text, key) in [
            ("[devices]\nworkspace_radius_m = 0.0", "`devices.workspace_radius_m`"),
            ("[devices]\nmax_speed_m_s = -3.0", "`devices.max_speed_m_s`"),
            ("[devices]\nradius = 3.0", "radius"),
            (
                "[devices]\nworkspace_radius_m = 10.0\n[[avatars]]\nid = \"a\"\nsource = { kind = \"demo\", origin = [9.0, 0.0, 0.0] }",
                "`avatars[0].source.origin`",
            ),
        ] {
            let err = parse(text).expect_err(text);
            assert!(err.to_string().contains(key), "{text}: {err}");
        }
    }

    #[test]
    fn a_push_avatar_needs_no_more_than_its_kind() {
        let config =
            parse("[[avatars]]\nid = \"p\"\nsource = { kind = \"push\" }\n").expect("valid");
        assert_eq!(config.avatars[0].source, SourceConfig::Push {});
        assert!(
            parse("[[avatars]]\nid = \"p\"\nsource = { kind = \"push\", path = \"x\" }\n").is_err()
        );
    }

    #[test]
    fn an_openxr_avatar_takes_a_floor_height_and_tracker_roles() {
        let config =
            parse("[[avatars]]\nid = \"x\"\nsource = { kind = \"openxr\" }\n").expect("valid");
        let settings = config.avatars[0]
            .source
            .openxr_settings()
            .expect("an openxr source")
            .expect("valid settings");
        assert_eq!(settings, posewire_openxr::OpenXrSettings::default());
        let text = "[[avatars]]\nid = \"x\"\n[avatars.source]\nkind = \"openxr\"\nfloor_height_m = 1.5\ntrackers = { chest = \"pelvis\", \"LHR-1\" = \"left_foot\" }\n";
        let settings = parse(text).expect("valid").avatars[0]
            .source
            .openxr_settings()
            .expect("openxr")
            .expect("valid");
        assert_eq!(settings.floor_height_m, 1.5);
        assert_eq!(settings.trackers.len(), 2);
        let err = parse("[[avatars]]\nid = \"x\"\nsource = { kind = \"openxr\", trackers = { waist = \"hips\" } }\n")
            .expect_err("not a device");
        assert!(
            err.to_string().contains("avatars[0].source") && err.to_string().contains("hips"),
            "{err}"
        );
        let err = parse(
            "[[avatars]]\nid = \"x\"\nsource = { kind = \"openxr\", floor_height_m = -1.0 }\n",
        )
        .expect_err("negative");
        assert!(err.to_string().contains("floor_height_m"), "{err}");
    }

    #[test]
    fn relative_paths_are_taken_from_the_file_folder() {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::write(dir.path().join("take.csv"), "x").expect("write");
        let text = "[[avatars]]\nid = \"a\"\nsource = { kind = \"file\", path = \"take.csv\", loop = false }\n";
        let config = Config::from_toml(text, "t.toml", dir.path()).expect("valid");
        assert_eq!(
            config.avatars[0].source,
            SourceConfig::File {
                path: dir.path().join("take.csv"),
                looping: false
            }
        );
    }
}
