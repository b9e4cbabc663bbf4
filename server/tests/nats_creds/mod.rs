//! NATS decentralised auth for the shared-space tests: an operator, an
//! account and users signed with real nkeys (ed25519), as `nsc` would make
//! them: the operator's JWT and the account's go into a nats-server
//! configuration (operator mode, memory resolver), a user's JWT and seed
//! into a credentials file (`*.creds`). Included with `mod`.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use data_encoding::BASE64URL_NOPAD;
use nkeys::KeyPair;

/// A JWT of `claims` (their `nats` part, `subject` and `name`) issued and
/// signed by `issuer`.
fn jwt(issuer: &KeyPair, subject: &str, name: &str, nats: serde_json::Value) -> String {
    let header = serde_json::json!({"typ": "JWT", "alg": "ed25519-nkey"});
    let claims = serde_json::json!({
        "jti": format!("{}{}", name.to_uppercase(), subject.get(..20).unwrap_or(subject)),
        "iat": 1_764_000_000u64,
        "iss": issuer.public_key(),
        "name": name,
        "sub": subject,
        "nats": nats,
    });
    let signed = format!(
        "{}.{}",
        BASE64URL_NOPAD.encode(header.to_string().as_bytes()),
        BASE64URL_NOPAD.encode(claims.to_string().as_bytes())
    );
    let signature = issuer.sign(signed.as_bytes()).expect("an nkey signs");
    format!("{signed}.{}", BASE64URL_NOPAD.encode(&signature))
}

/// An operator and one account it signs.
pub struct Authority {
    operator: KeyPair,
    account: KeyPair,
}

impl Authority {
    /// A new operator and account (fresh random keys).
    pub fn new() -> Authority {
        Authority {
            operator: KeyPair::new_operator(),
            account: KeyPair::new_account(),
        }
    }

    /// A nats-server configuration file in `dir` that trusts this operator
    /// and knows its account; its path.
    pub fn server_config(&self, dir: &Path) -> PathBuf {
        let op_pub = self.operator.public_key();
        let operator = jwt(
            &self.operator,
            &op_pub,
            "posewire-test-operator",
            serde_json::json!({"type": "operator", "version": 2}),
        );
        let account = jwt(
            &self.operator,
            &self.account.public_key(),
            "posewire-test-account",
            serde_json::json!({
                "limits": {
                    "subs": -1, "data": -1, "payload": -1, "imports": -1,
                    "exports": -1, "wildcards": true, "conn": -1, "leaf": -1
                },
                "default_permissions": {"pub": {}, "sub": {}},
                "type": "account",
                "version": 2
            }),
        );
        let path = dir.join("server.conf");
        let text = format!(
            "operator: {operator}\nresolver: MEMORY\nresolver_preload: {{\n  {}: {account}\n}}\n",
            self.account.public_key()
        );
        std::fs::write(&path, text).expect("the server configuration");
        path
    }

    /// A credentials file in `dir` for a new user of this account.
    pub fn user_creds(&self, dir: &Path, name: &str) -> PathBuf {
        let user = KeyPair::new_user();
        let token = jwt(
            &self.account,
            &user.public_key(),
            name,
            serde_json::json!({
                "pub": {}, "sub": {}, "subs": -1, "data": -1, "payload": -1,
                "type": "user", "version": 2
            }),
        );
        let seed = user.seed().expect("a user's seed");
        let path = dir.join(format!("{name}.creds"));
        let text = format!(
            "-----BEGIN NATS USER JWT-----\n{token}\n------END NATS USER JWT------\n\n\
             ************************* IMPORTANT *************************\n\
             NKEY Seed printed below can be used to sign and prove identity.\n\n\
             -----BEGIN USER NKEY SEED-----\n{seed}\n------END USER NKEY SEED------\n"
        );
        std::fs::write(&path, text).expect("the credentials file");
        path
    }
}
