//! The configuration's tables (`[access]`, `[[vmc_out]]`, `[[vrchat_out]]`,
//! the `vmc` source, `[cluster]`) read through [`Config::from_toml`]: kept
//! here, beside the whole configuration, so that the tables' own modules
//! need not import the configuration that holds them.

use std::path::Path;

use posewire_body::Device;

use super::access::Role;
use super::config::{Config, ConfigError, SourceConfig};
use super::osc_config::{serial_map, DEFAULT_OUT_RATE_HZ};

fn parse(text: &str) -> Result<Config, ConfigError> {
    Config::from_toml(text, "test.toml", Path::new("."))
}

mod access {
    use super::*;

    const READ: &str = "read-token-0123456789";

    #[test]
    fn the_access_table_parses_from_toml() {
        let text = "[access]\ninsecure = true\n\
                    [[access.tokens]]\nrole = \"push\"\nenv = \"MY_PUSH\"\n\
                    [[access.tokens]]\nrole = \"read\"\ntoken = \"read-token-0123456789\"\n";
        let config =
            Config::from_toml(text, "t.toml", Path::new(".")).expect("a valid access table");
        assert!(config.access.insecure);
        assert_eq!(config.access.tokens.len(), 2);
        assert_eq!(config.access.tokens[0].role, Role::Push);
        assert_eq!(config.access.tokens[0].env.as_deref(), Some("MY_PUSH"));
        assert_eq!(config.access.tokens[1].token.as_deref(), Some(READ));
        let err = Config::from_toml(
            "[[access.tokens]]\nrole = \"root\"\ntoken = \"read-token-0123456789\"\n",
            "t.toml",
            Path::new("."),
        )
        .expect_err("unknown role");
        // Located and answered with the roles, without quoting the file.
        let message = err.to_string();
        assert!(message.contains("line 2, column 8"), "{message}");
        assert!(message.contains("`read`, `push`, `admin`"), "{message}");
        assert!(!message.contains("root"), "{message}");
    }
}

mod osc {
    use super::*;

    const AVATARS: &str = "[[avatars]]\nid = \"a\"\nsource = { kind = \"demo\" }\n[[avatars]]\nid = \"b\"\nsource = { kind = \"vmc\", listen = \"127.0.0.1:39540\", devices = { \"LHR-1\" = \"pelvis\" } }\n";

    #[test]
    fn vmc_outputs_and_source_parse_with_defaults() {
        let text = format!(
            "{AVATARS}[[vmc_out]]\navatar = \"a\"\ntargets = [\"127.0.0.1:39539\", \"localhost:39541\"]\n[[vrchat_out]]\navatar = \"a\"\ntargets = [\"127.0.0.1:9000\"]\n"
        );
        let c = parse(&text).expect("valid");
        assert_eq!(c.vmc_out[0].rate_hz, DEFAULT_OUT_RATE_HZ);
        assert!(!c.vmc_out[0].devices);
        assert_eq!(c.vrchat_out[0].trackers.len(), 8);
        assert!(c.vrchat_out[0].head);
        match &c.avatars[1].source {
            SourceConfig::Vmc { listen, devices } => {
                assert_eq!(listen, "127.0.0.1:39540");
                assert_eq!(
                    serial_map(devices).expect("valid").serials["LHR-1"],
                    Device::Pelvis
                );
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn vmc_bad_output_and_source_keys_are_named_with_a_reason() {
        let cases = [
            ("[[vmc_out]]\navatar = \"zz\"\ntargets = [\"127.0.0.1:1\"]", "`vmc_out[0].avatar`"),
            ("[[vmc_out]]\navatar = \"a\"\ntargets = []", "`vmc_out[0].targets`"),
            ("[[vmc_out]]\navatar = \"a\"\ntargets = [\"nonsense\"]", "`vmc_out[0].targets[0]`"),
            ("[[vmc_out]]\navatar = \"a\"\ntargets = [\"127.0.0.1:1\"]\nrate_hz = 500.0", "`vmc_out[0].rate_hz`"),
            ("[[vmc_out]]\navatar = \"a\"\ntargets = [\"127.0.0.1:1\"]\nrate = 5", "rate"),
            ("[[vrchat_out]]\navatar = \"a\"\ntargets = [\"127.0.0.1:9000\"]\ntrackers = [\"hips\", \"tail\"]", "`vrchat_out[0].trackers[1]`"),
            ("[[vrchat_out]]\navatar = \"a\"\ntargets = [\"127.0.0.1:9000\"]\ntrackers = []\nhead = false", "`vrchat_out[0].trackers`"),
        ];
        for (extra, key) in cases {
            let text = format!("{AVATARS}{extra}\n");
            let err = parse(&text).expect_err(extra);
            assert!(err.to_string().contains(key), "{extra}: {err}");
        }
        let bad_sources = [
            ("source = { kind = \"vmc\", listen = \"nowhere\" }", "`avatars[0].source.listen`"),
            ("source = { kind = \"vmc\", listen = \"127.0.0.1:1\", devices = { \"X\" = \"tail\" } }", "`avatars[0].source.devices.X`"),
            ("source = { kind = \"vmc\" }", "listen"),
        ];
        for (source, key) in bad_sources {
            let text = format!("[[avatars]]\nid = \"a\"\n{source}\n");
            let err = parse(&text).expect_err(source);
            assert!(err.to_string().contains(key), "{source}: {err}");
        }
    }
}

mod cluster {
    use super::*;

    fn parse(text: &str) -> Result<Config, String> {
        Config::from_toml(text, "t.toml", Path::new(".")).map_err(|e| e.to_string())
    }

    #[test]
    fn three_keys_make_a_node_and_keep_the_demo() {
        let config = parse(
            "[cluster]\nnats = \"nats://127.0.0.1:4222\"\nspace = \"studio\"\nnode = \"a\"\n",
        )
        .expect("valid");
        let cluster = config.cluster.as_ref().expect("a cluster");
        assert_eq!(cluster.space, "studio");
        assert_eq!(cluster.node, "a");
        assert_eq!(cluster.remote_timeout_s, 2.0);
        assert!(!cluster.relay);
        assert_eq!(config.avatars, Config::default().avatars);
        assert_eq!(config.avatars[0].id, "demo");
    }

    #[test]
    fn bad_cluster_values_name_the_key() {
        let ok = "nats = \"nats://h:4222\"\nspace = \"s\"\nnode = \"a\"\n";
        for (text, key) in [
            (
                "nats = \"http://h:4222\"\nspace = \"s\"\nnode = \"a\"\n",
                "`cluster.nats`",
            ),
            (
                "nats = \"nats://h:4222\"\nspace = \"S p\"\nnode = \"a\"\n",
                "`cluster.space`",
            ),
            (
                "nats = \"nats://h:4222\"\nspace = \"s\"\n",
                "`cluster.node`",
            ),
            (
                "nats = \"nats://h:4222\"\nspace = \"s\"\nnode = \"a.b\"\n",
                "`cluster.node`",
            ),
            (
                &format!("{ok}remote_timeout_s = 0.0\n"),
                "`cluster.remote_timeout_s`",
            ),
            (&format!("{ok}tls_cert = \"c.pem\"\n"), "`cluster.tls_cert`"),
            (
                &format!("{ok}credentials = \"/nonexistent.creds\"\n"),
                "`cluster.credentials`",
            ),
        ] {
            let err = parse(&format!("[cluster]\n{text}")).expect_err(text);
            assert!(err.contains(key), "{text}: {err}");
        }
        let err = parse(&format!("[cluster]\n{ok}password = \"x\"\n")).expect_err("unknown key");
        assert!(err.contains("unknown field"), "{err}");
    }
}
