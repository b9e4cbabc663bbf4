//! Who may call what: bearer tokens with roles, checked on every call by a
//! tower layer in front of all services, and the decision whether the
//! daemon may start at all on its address.
//!
//! - On a loopback address with no token configured, anyone on this
//!   machine may call everything (the default).
//! - When tokens are configured they are required on every call, whatever
//!   the address: `authorization: Bearer <token>`. A call without a known
//!   token ends `UNAUTHENTICATED`; a token whose role is too small for the
//!   method ends `PERMISSION_DENIED`.
//! - On any other address the daemon refuses to start without a token,
//!   unless `access.insecure` (`posewire serve --insecure`) says the
//!   network is trusted.
//!
//! Roles, each allowing what the previous one does: `read` (watch: frames,
//! skeleton, mesh, stats, the avatar and profile lists, health,
//! reflection), `push` (also stream device samples in), `admin` (also
//! change avatars and run the calibration wizard).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

use serde::Deserialize;
use tonic::codegen::http;
use tonic::codegen::Service;
use tonic::Status;

use super::config_error::ConfigError;
use super::web_hosts::HostPolicy;

/// What a token may do; each role allows everything the smaller ones do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Watch: every read-only RPC, health and reflection.
    Read,
    /// Read, and stream device samples in (`DeviceService.PushDevices`).
    Push,
    /// Everything: avatar changes, the calibration wizard, profile
    /// deletion.
    Admin,
}

impl Role {
    /// The role's name in the configuration.
    pub fn name(self) -> &'static str {
        match self {
            Role::Read => "read",
            Role::Push => "push",
            Role::Admin => "admin",
        }
    }
}

/// Environment variables whose value, when set, is a token of the role
/// (read by `posewire serve`, added to the configured tokens).
pub const ENV_TOKENS: [(&str, Role); 3] = [
    ("POSEWIRE_TOKEN_READ", Role::Read),
    ("POSEWIRE_TOKEN_PUSH", Role::Push),
    ("POSEWIRE_TOKEN_ADMIN", Role::Admin),
];

/// The shortest token accepted (a guessable token is no protection).
pub const MIN_TOKEN_LEN: usize = 16;

/// Methods a `read` token may call (full gRPC paths), besides the health
/// and reflection services.
const READ_METHODS: [&str; 12] = [
    "/posewire.v1.FrameService/StreamFrames",
    "/posewire.v1.FrameService/GetSkeleton",
    "/posewire.v1.FrameService/GetMesh",
    "/posewire.v1.StatsService/GetStats",
    "/posewire.v1.AvatarService/ListAvatars",
    "/posewire.v1.CalibrationService/ListProfiles",
    "/posewire.v1.CalibrationService/GetProfile",
    "/posewire.v1.TakeService/WatchRecording",
    "/posewire.v1.TakeService/ListTakes",
    "/posewire.v1.TakeService/FetchTake",
    "/posewire.v1.TakeService/GetTakeFrames",
    "/posewire.v1.SceneService/ListObjects",
];

/// Services a `read` token may call in full.
const READ_SERVICES: [&str; 3] = [
    "/grpc.health.v1.Health/",
    "/grpc.reflection.v1.ServerReflection/",
    "/grpc.reflection.v1alpha.ServerReflection/",
];

/// Methods a `push` token may call besides the read ones.
const PUSH_METHODS: [&str; 1] = ["/posewire.v1.DeviceService/PushDevices"];

/// The smallest role that may call the method at `path` (a gRPC path,
/// `/package.Service/Method`). Unknown paths need `admin`.
pub fn required_role(path: &str) -> Role {
    if READ_METHODS.contains(&path) || READ_SERVICES.iter().any(|s| path.starts_with(s)) {
        Role::Read
    } else if PUSH_METHODS.contains(&path) {
        Role::Push
    } else {
        Role::Admin
    }
}

/// One token of the configuration: its role and either the token itself
/// or the environment variable holding it.
#[derive(Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenConfig {
    /// What the token may do.
    pub role: Role,
    /// The token (at least 16 characters of visible ASCII).
    #[serde(default)]
    pub token: Option<String>,
    /// The environment variable holding the token (read at start).
    #[serde(default)]
    pub env: Option<String>,
}

impl std::fmt::Debug for TokenConfig {
    /// Never prints the token itself.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TokenConfig")
            .field("role", &self.role)
            .field("token", &self.token.as_ref().map(|_| "<redacted>"))
            .field("env", &self.env)
            .finish()
    }
}

/// The `[access]` table of the configuration.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AccessConfig {
    /// Start on a non-loopback address even without a token.
    pub insecure: bool,
    /// The server certificate chain (PEM); with `tls_key`, serve TLS.
    pub tls_cert: Option<PathBuf>,
    /// The certificate's private key (PEM).
    pub tls_key: Option<PathBuf>,
    /// The tokens, each with its role.
    pub tokens: Vec<TokenConfig>,
}

impl AccessConfig {
    /// Makes relative certificate paths relative to `base`.
    pub fn resolve_paths(&mut self, base: &Path) {
        for p in [&mut self.tls_cert, &mut self.tls_key]
            .into_iter()
            .flatten()
        {
            if p.is_relative() {
                *p = base.join(&*p);
            }
        }
    }

    /// Replaces every `env` token by the variable's value and adds the
    /// tokens of [`ENV_TOKENS`] that are set. `lookup` reads a variable
    /// (`std::env::var` in the daemon; a map in tests).
    pub fn resolve_env(
        &mut self,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<(), ConfigError> {
        for (i, t) in self.tokens.iter_mut().enumerate() {
            if let (None, Some(var)) = (&t.token, &t.env) {
                let value = lookup(var).ok_or_else(|| ConfigError::Invalid {
                    path: "environment".into(),
                    key: format!("access.tokens[{i}].env"),
                    reason: format!("the variable `{var}` is not set"),
                })?;
                t.token = Some(value);
                t.env = None;
            }
        }
        for (var, role) in ENV_TOKENS {
            if let Some(value) = lookup(var) {
                self.tokens.push(TokenConfig {
                    role,
                    token: Some(value),
                    env: None,
                });
            }
        }
        Ok(())
    }

    /// Checks the table; the first problem is returned with its key.
    pub fn validate(&self, path: &str) -> Result<(), ConfigError> {
        let bad = |key: String, reason: String| ConfigError::Invalid {
            path: path.to_string(),
            key,
            reason,
        };
        match (&self.tls_cert, &self.tls_key) {
            (Some(_), None) => {
                return Err(bad(
                    "access.tls_key".into(),
                    "missing: `tls_cert` needs its private key".into(),
                ))
            }
            (None, Some(_)) => {
                return Err(bad(
                    "access.tls_cert".into(),
                    "missing: `tls_key` needs its certificate".into(),
                ))
            }
            _ => {}
        }
        for (key, file) in [("tls_cert", &self.tls_cert), ("tls_key", &self.tls_key)] {
            if let Some(file) = file {
                if !file.is_file() {
                    return Err(bad(
                        format!("access.{key}"),
                        format!("{} is not a file", file.display()),
                    ));
                }
            }
        }
        for (i, t) in self.tokens.iter().enumerate() {
            match (&t.token, &t.env) {
                (Some(_), Some(_)) | (None, None) => {
                    return Err(bad(
                        format!("access.tokens[{i}]"),
                        "give exactly one of `token` and `env`".into(),
                    ))
                }
                (Some(token), None) => {
                    check_token(token).map_err(|r| bad(format!("access.tokens[{i}].token"), r))?;
                    if self.tokens[..i]
                        .iter()
                        .any(|o| o.token.as_deref() == Some(token.as_str()))
                    {
                        return Err(bad(
                            format!("access.tokens[{i}].token"),
                            "the same token is given twice".into(),
                        ));
                    }
                }
                (None, Some(var)) if var.is_empty() => {
                    return Err(bad(
                        format!("access.tokens[{i}].env"),
                        "empty variable name".into(),
                    ))
                }
                (None, Some(_)) => {}
            }
        }
        Ok(())
    }

    /// Whether TLS is configured.
    pub fn serves_tls(&self) -> bool {
        self.tls_cert.is_some() && self.tls_key.is_some()
    }
}

/// Checks a token: long enough, visible ASCII only (it travels in an HTTP
/// header).
pub fn check_token(token: &str) -> Result<(), String> {
    if token.len() < MIN_TOKEN_LEN {
        return Err(format!(
            "a token needs at least {MIN_TOKEN_LEN} characters (this one has {})",
            token.len()
        ));
    }
    if !token.bytes().all(|b| b.is_ascii_graphic()) {
        return Err("a token may only hold visible ASCII characters (no spaces)".into());
    }
    Ok(())
}

/// Why the daemon will not start with this access configuration.
#[derive(Debug, thiserror::Error)]
pub enum AccessError {
    /// Exposed beyond this machine with nobody asked for a token.
    #[error(
        "refusing to listen on {addr} without an access token: that address is reachable \
         from other machines, which could then watch every avatar and push devices, change \
         avatars and run calibrations. Either listen on loopback (127.0.0.1:PORT), give \
         tokens ([[access.tokens]] in the configuration, or the environment variables \
         POSEWIRE_TOKEN_READ / POSEWIRE_TOKEN_PUSH / POSEWIRE_TOKEN_ADMIN), or pass \
         --insecure (access.insecure = true) if every machine on this network is trusted"
    )]
    ExposedWithoutToken {
        /// The address asked for.
        addr: SocketAddr,
    },
    /// A token entry still names a variable (the caller did not resolve
    /// the environment).
    #[error("access.tokens[{index}]: the token of environment variable `{var}` was not read")]
    Unresolved {
        /// Which entry.
        index: usize,
        /// Its variable.
        var: String,
    },
}

/// The tokens the daemon accepts (none: every call is let through).
#[derive(Clone, Default)]
pub struct AccessPolicy {
    tokens: Vec<(Vec<u8>, Role)>,
}

impl std::fmt::Debug for AccessPolicy {
    /// Never prints the tokens.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let roles: Vec<Role> = self.tokens.iter().map(|(_, r)| *r).collect();
        f.debug_struct("AccessPolicy")
            .field("token_roles", &roles)
            .finish()
    }
}

impl AccessPolicy {
    /// Decides what the daemon listening on `addr` requires, or refuses to
    /// start exposed without a token (see the module documentation).
    pub fn decide(config: &AccessConfig, addr: SocketAddr) -> Result<AccessPolicy, AccessError> {
        let mut tokens = Vec::new();
        for (index, t) in config.tokens.iter().enumerate() {
            match (&t.token, &t.env) {
                (Some(token), _) => tokens.push((token.as_bytes().to_vec(), t.role)),
                (None, var) => {
                    return Err(AccessError::Unresolved {
                        index,
                        var: var.clone().unwrap_or_default(),
                    })
                }
            }
        }
        if tokens.is_empty() && !addr.ip().is_loopback() && !config.insecure {
            return Err(AccessError::ExposedWithoutToken { addr });
        }
        Ok(AccessPolicy { tokens })
    }

    /// Whether calls need a token.
    pub fn requires_token(&self) -> bool {
        !self.tokens.is_empty()
    }

    /// The role of a token, if it is one of ours (compared in time that
    /// does not depend on where the bytes differ).
    fn role_of(&self, token: &[u8]) -> Option<Role> {
        let mut found = None;
        for (known, role) in &self.tokens {
            if constant_time_eq(known, token) {
                found = Some(*role);
            }
        }
        found
    }

    /// Lets a call to `path` with the `authorization` header through, or
    /// says why not (`UNAUTHENTICATED`: no or unknown token;
    /// `PERMISSION_DENIED`: a token whose role is too small).
    pub fn check(&self, path: &str, authorization: Option<&[u8]>) -> Result<(), Status> {
        if self.tokens.is_empty() {
            return Ok(());
        }
        let Some(header) = authorization else {
            return Err(Status::unauthenticated(
                "this daemon needs a token: send the metadata `authorization: Bearer <token>` \
                 (posewire subscribe --token, or POSEWIRE_TOKEN)",
            ));
        };
        let token = strip_bearer(header).ok_or_else(|| {
            Status::unauthenticated("the `authorization` metadata must be `Bearer <token>`")
        })?;
        let role = self
            .role_of(token)
            .ok_or_else(|| Status::unauthenticated("the token is not one this daemon accepts"))?;
        let needed = required_role(path);
        if role < needed {
            return Err(Status::permission_denied(format!(
                "`{path}` needs a token with the `{}` role; this token has the `{}` role",
                needed.name(),
                role.name()
            )));
        }
        Ok(())
    }
}

/// The token of `Bearer <token>` (the scheme in any case).
fn strip_bearer(header: &[u8]) -> Option<&[u8]> {
    let scheme = b"bearer ";
    if header.len() > scheme.len() && header[..scheme.len()].eq_ignore_ascii_case(scheme) {
        Some(header[scheme.len()..].trim_ascii())
    } else {
        None
    }
}

/// Equality whose time depends only on the lengths.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The tower layer that checks every call against an [`AccessPolicy`]
/// before any service sees it.
#[derive(Debug, Clone)]
pub struct AccessLayer {
    policy: Arc<AccessPolicy>,
    open_page: bool,
    hosts: Option<Arc<HostCheck>>,
}

/// The web port's `Host` and `Origin` check (see [`super::web_hosts`]),
/// with whether a refusal was logged already (the first is a warning, the
/// others are logged at debug level).
#[derive(Debug)]
struct HostCheck {
    policy: HostPolicy,
    warned: AtomicBool,
}

impl AccessLayer {
    /// A layer enforcing `policy`.
    pub fn new(policy: AccessPolicy) -> AccessLayer {
        AccessLayer {
            policy: Arc::new(policy),
            open_page: false,
            hosts: None,
        }
    }

    /// Also checks every request's `Host` (or `:authority`) and `Origin`
    /// against `hosts`, before the tokens and the open page: a refused
    /// request gets HTTP 403 (the web port, against DNS rebinding).
    pub fn with_hosts(mut self, hosts: HostPolicy) -> AccessLayer {
        self.hosts = Some(Arc::new(HostCheck {
            policy: hosts,
            warned: AtomicBool::new(false),
        }));
        self
    }

    /// Also lets `GET` requests of the web view's own files through
    /// without a token (the page holds no data and must load to ask for
    /// the token; see `web_page`).
    pub fn with_open_page(mut self) -> AccessLayer {
        self.open_page = true;
        self
    }
}

impl<S> tower_layer::Layer<S> for AccessLayer {
    type Service = AccessService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        AccessService {
            inner,
            policy: self.policy.clone(),
            open_page: self.open_page,
            hosts: self.hosts.clone(),
        }
    }
}

/// The services behind an [`AccessLayer`].
#[derive(Debug, Clone)]
pub struct AccessService<S> {
    inner: S,
    policy: Arc<AccessPolicy>,
    open_page: bool,
    hosts: Option<Arc<HostCheck>>,
}

impl HostCheck {
    /// The refusal of a request whose host or origin is not allowed.
    fn refuse<B>(&self, request: &http::Request<B>) -> Option<http::Response<tonic::body::Body>> {
        let headers = request.headers();
        let verdict = self.policy.check(
            request.uri().authority().map(|a| a.as_str()),
            headers.get(http::header::HOST).map(|v| v.as_bytes()),
            headers.get(http::header::ORIGIN).map(|v| v.as_bytes()),
        );
        let refusal = verdict.err()?;
        if self.warned.swap(true, Ordering::Relaxed) {
            tracing::debug!(path = request.uri().path(), %refusal, "web view: request refused (403)");
        } else {
            tracing::warn!(
                path = request.uri().path(),
                %refusal,
                "web view: request refused with 403 (further refusals are logged at debug level); \
                 a browser reaching the daemon under another name needs it in web.allowed_hosts"
            );
        }
        let grpc = headers
            .get(http::header::CONTENT_TYPE)
            .is_some_and(|v| v.as_bytes().starts_with(b"application/grpc"));
        // A gRPC or gRPC-Web client reads the status from the headers (a
        // trailers-only answer); anything else gets the reason as text.
        let mut response = if grpc {
            Status::permission_denied(refusal.to_string()).into_http()
        } else {
            let mut text = http::Response::new(tonic::body::Body::new(format!(
                "403 Forbidden: {refusal}\n"
            )));
            text.headers_mut().insert(
                http::header::CONTENT_TYPE,
                http::HeaderValue::from_static("text/plain; charset=utf-8"),
            );
            text
        };
        *response.status_mut() = http::StatusCode::FORBIDDEN;
        Some(response)
    }
}

type BoxFuture<T, E> = std::pin::Pin<Box<dyn std::future::Future<Output = Result<T, E>> + Send>>;

impl<S, B> Service<http::Request<B>> for AccessService<S>
where
    S: Service<http::Request<B>, Response = http::Response<tonic::body::Body>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = http::Response<tonic::body::Body>;
    type Error = S::Error;
    type Future = BoxFuture<Self::Response, Self::Error>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<B>) -> Self::Future {
        if let Some(refused) = self.hosts.as_ref().and_then(|h| h.refuse(&request)) {
            return Box::pin(std::future::ready(Ok(refused)));
        }
        if self.open_page
            && request.method() == http::Method::GET
            && super::web_page::is_page_path(request.uri().path())
        {
            return Box::pin(self.inner.call(request));
        }
        let verdict = self.policy.check(
            request.uri().path(),
            request
                .headers()
                .get(http::header::AUTHORIZATION)
                .map(|v| v.as_bytes()),
        );
        match verdict {
            Ok(()) => Box::pin(self.inner.call(request)),
            Err(status) => {
                tracing::debug!(path = request.uri().path(), code = ?status.code(), "call refused");
                Box::pin(std::future::ready(Ok(status.into_http())))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic::Code;

    const READ: &str = "read-token-0123456789";
    const PUSH: &str = "push-token-0123456789";
    const ADMIN: &str = "admin-token-0123456789";

    fn token(role: Role, t: &str) -> TokenConfig {
        TokenConfig {
            role,
            token: Some(t.into()),
            env: None,
        }
    }

    fn policy() -> AccessPolicy {
        let config = AccessConfig {
            tokens: vec![
                token(Role::Read, READ),
                token(Role::Push, PUSH),
                token(Role::Admin, ADMIN),
            ],
            ..AccessConfig::default()
        };
        let addr = "0.0.0.0:50051".parse().expect("address");
        AccessPolicy::decide(&config, addr).expect("tokens given")
    }

    fn code(policy: &AccessPolicy, path: &str, header: Option<&str>) -> Option<Code> {
        policy
            .check(path, header.map(str::as_bytes))
            .err()
            .map(|s| s.code())
    }

    #[test]
    fn every_rpc_of_the_api_has_the_documented_role() {
        let read = [
            "/posewire.v1.FrameService/StreamFrames",
            "/posewire.v1.FrameService/GetSkeleton",
            "/posewire.v1.FrameService/GetMesh",
            "/posewire.v1.StatsService/GetStats",
            "/posewire.v1.AvatarService/ListAvatars",
            "/posewire.v1.CalibrationService/ListProfiles",
            "/posewire.v1.CalibrationService/GetProfile",
            "/posewire.v1.TakeService/WatchRecording",
            "/posewire.v1.TakeService/ListTakes",
            "/posewire.v1.TakeService/FetchTake",
            "/posewire.v1.TakeService/GetTakeFrames",
            "/posewire.v1.SceneService/ListObjects",
            "/grpc.health.v1.Health/Watch",
            "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
            "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
        ];
        for path in read {
            assert_eq!(required_role(path), Role::Read, "{path}");
        }
        assert_eq!(
            required_role("/posewire.v1.DeviceService/PushDevices"),
            Role::Push
        );
        for path in [
            "/posewire.v1.AvatarService/CreateAvatar",
            "/posewire.v1.AvatarService/RemoveAvatar",
            "/posewire.v1.AvatarService/SetAvatarSource",
            "/posewire.v1.AvatarService/SetAvatarProfile",
            "/posewire.v1.AvatarService/PushImpulse",
            "/posewire.v1.AvatarService/SetGazeTarget",
            "/posewire.v1.SceneService/AddObject",
            "/posewire.v1.SceneService/RemoveObject",
            "/posewire.v1.SceneService/SetObjectPose",
            "/posewire.v1.CalibrationService/Calibrate",
            "/posewire.v1.CalibrationService/DeleteProfile",
            "/posewire.v1.CalibrationService/SaveRefinedOffsets",
            "/posewire.v1.TakeService/StartRecording",
            "/posewire.v1.TakeService/AddMarker",
            "/posewire.v1.TakeService/StopRecording",
            "/posewire.v1.TakeService/RenameTake",
            "/posewire.v1.TakeService/DeleteTake",
            "/posewire.v1.FrameService/Unknown",
            "/posewire.v1.FrameService/StreamFramesX",
        ] {
            assert_eq!(required_role(path), Role::Admin, "{path}");
        }
    }

    #[test]
    fn tokens_are_checked_against_the_role_each_method_needs() {
        let p = policy();
        let frames = "/posewire.v1.FrameService/StreamFrames";
        let push = "/posewire.v1.DeviceService/PushDevices";
        let create = "/posewire.v1.AvatarService/CreateAvatar";
        assert_eq!(code(&p, frames, None), Some(Code::Unauthenticated));
        assert_eq!(code(&p, frames, Some(READ)), Some(Code::Unauthenticated));
        assert_eq!(
            code(&p, frames, Some("Bearer wrong-token-0123456789")),
            Some(Code::Unauthenticated)
        );
        let bearer = |t: &str| format!("Bearer {t}");
        assert_eq!(code(&p, frames, Some(&bearer(READ))), None);
        assert_eq!(code(&p, frames, Some(&format!("bearer {READ}"))), None);
        // Issue 42's decision (SECURITY.md, "Tokens"): the scheme in any
        // case, trailing whitespace not part of the token; a token that
        // differs by any byte is refused.
        assert_eq!(code(&p, frames, Some(&format!("BEARER {READ} \t"))), None);
        for near in [
            format!("Bearer {READ}x"),
            format!("Bearer x{READ}"),
            format!("Bearer {READ} x"),
        ] {
            assert_eq!(
                code(&p, frames, Some(&near)),
                Some(Code::Unauthenticated),
                "{near}"
            );
        }
        assert_eq!(
            code(&p, push, Some(&bearer(READ))),
            Some(Code::PermissionDenied)
        );
        assert_eq!(code(&p, push, Some(&bearer(PUSH))), None);
        assert_eq!(
            code(&p, create, Some(&bearer(PUSH))),
            Some(Code::PermissionDenied)
        );
        assert_eq!(code(&p, create, Some(&bearer(ADMIN))), None);
        assert_eq!(code(&p, frames, Some(&bearer(ADMIN))), None);
        let denied = p
            .check(create, Some(bearer(READ).as_bytes()))
            .expect_err("read cannot create");
        assert!(denied.message().contains("`admin` role"), "{denied:?}");
    }

    #[test]
    fn exposed_addresses_need_a_token_unless_insecure() {
        let open = AccessConfig::default();
        for loopback in ["127.0.0.1:0", "127.0.0.2:50051", "[::1]:50051"] {
            let addr = loopback.parse().expect("address");
            let p = AccessPolicy::decide(&open, addr).expect("loopback is fine");
            assert!(!p.requires_token());
            assert_eq!(
                code(&p, "/posewire.v1.AvatarService/CreateAvatar", None),
                None
            );
        }
        let exposed = "0.0.0.0:50051".parse().expect("address");
        let err = AccessPolicy::decide(&open, exposed).expect_err("exposed without token");
        let text = err.to_string();
        assert!(
            text.contains("0.0.0.0:50051") && text.contains("--insecure"),
            "{text}"
        );
        let insecure = AccessConfig {
            insecure: true,
            ..AccessConfig::default()
        };
        assert!(!AccessPolicy::decide(&insecure, exposed)
            .expect("insecure on purpose")
            .requires_token());
        assert!(policy().requires_token());
    }

    #[test]
    fn tokens_come_from_the_environment_and_are_validated() {
        let mut config = AccessConfig {
            tokens: vec![TokenConfig {
                role: Role::Push,
                token: None,
                env: Some("MY_PUSH".into()),
            }],
            ..AccessConfig::default()
        };
        config.validate("t.toml").expect("env entry is valid");
        let exposed = "10.0.0.1:50051".parse().expect("address");
        assert!(matches!(
            AccessPolicy::decide(&config, exposed),
            Err(AccessError::Unresolved { index: 0, .. })
        ));
        let missing = config.clone().resolve_env(|_| None).expect_err("unset");
        assert!(
            missing.to_string().contains("access.tokens[0].env"),
            "{missing}"
        );
        config
            .resolve_env(|var| match var {
                "MY_PUSH" => Some(PUSH.into()),
                "POSEWIRE_TOKEN_READ" => Some(READ.into()),
                _ => None,
            })
            .expect("resolved");
        let p = AccessPolicy::decide(&config, exposed).expect("two tokens");
        assert_eq!(
            code(
                &p,
                "/posewire.v1.DeviceService/PushDevices",
                Some(&format!("Bearer {PUSH}"))
            ),
            None
        );
        assert_eq!(
            code(
                &p,
                "/posewire.v1.DeviceService/PushDevices",
                Some(&format!("Bearer {READ}"))
            ),
            Some(Code::PermissionDenied)
        );
        assert!(
            !format!("{config:?}").contains(PUSH),
            "Debug leaks the token"
        );
    }

    #[test]
    fn bad_tables_name_the_key() {
        let cases = [
            (
                AccessConfig {
                    tokens: vec![token(Role::Read, "short")],
                    ..AccessConfig::default()
                },
                "access.tokens[0].token",
            ),
            (
                AccessConfig {
                    tokens: vec![token(Role::Read, READ), token(Role::Admin, READ)],
                    ..AccessConfig::default()
                },
                "access.tokens[1].token",
            ),
            (
                AccessConfig {
                    tokens: vec![TokenConfig {
                        role: Role::Read,
                        token: None,
                        env: None,
                    }],
                    ..AccessConfig::default()
                },
                "access.tokens[0]",
            ),
            (
                AccessConfig {
                    tls_cert: Some("/nonexistent/cert.pem".into()),
                    ..AccessConfig::default()
                },
                "access.tls_key",
            ),
            (
                AccessConfig {
                    tls_cert: Some("/nonexistent/cert.pem".into()),
                    tls_key: Some("/nonexistent/key.pem".into()),
                    ..AccessConfig::default()
                },
                "access.tls_cert",
            ),
        ];
        for (config, key) in cases {
            let err = config.validate("t.toml").expect_err(key);
            assert!(
                err.to_string().contains(&format!("`{key}`")),
                "{key}: {err}"
            );
        }
        assert!(check_token("has a space in it 0123").is_err());
    }
}
