//! How to reach a daemon that wants a token or speaks TLS: the connection
//! options, the endpoint they make, and the interceptor that puts the
//! bearer token on every call.

use std::time::Duration;

use tonic::metadata::{Ascii, MetadataValue};
use tonic::service::Interceptor;
use tonic::transport::{Certificate, ClientTlsConfig, Endpoint};
use tonic::{Request, Status};

use crate::client::ClientError;

/// The environment variable `posewire subscribe` and friends read the
/// token from when no `--token` is given.
pub const TOKEN_ENV: &str = "POSEWIRE_TOKEN";

/// Options for a connection beyond the address.
#[derive(Clone, Default)]
pub struct ConnectOptions {
    /// A bearer token, sent on every call (`authorization: Bearer ...`).
    pub token: Option<String>,
    /// The certificate (PEM) of the authority that signed the daemon's
    /// certificate, or the daemon's self-signed certificate itself. With
    /// it, the connection uses TLS. Without it, an `https://` address uses
    /// TLS trusting the system's certificate store.
    pub ca_certificate_pem: Option<Vec<u8>>,
    /// The name the daemon's certificate must carry (default: the host of
    /// the address).
    pub tls_domain: Option<String>,
}

impl std::fmt::Debug for ConnectOptions {
    /// Never prints the token.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConnectOptions")
            .field("token", &self.token.as_ref().map(|_| "<redacted>"))
            .field(
                "ca_certificate_pem",
                &self.ca_certificate_pem.as_ref().map(Vec::len),
            )
            .field("tls_domain", &self.tls_domain)
            .finish()
    }
}

impl ConnectOptions {
    /// Whether the connection uses TLS.
    pub fn uses_tls(&self) -> bool {
        self.ca_certificate_pem.is_some()
    }
}

/// Puts the bearer token (if any) on every call.
#[derive(Clone, Default)]
pub struct Auth {
    header: Option<MetadataValue<Ascii>>,
}

impl std::fmt::Debug for Auth {
    /// Never prints the token.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Auth")
            .field("token", &self.header.as_ref().map(|_| "<redacted>"))
            .finish()
    }
}

impl Auth {
    /// No token.
    pub fn none() -> Auth {
        Auth::default()
    }

    /// A bearer token; it must be visible ASCII (it travels in a header).
    pub fn bearer(token: &str) -> Result<Auth, ClientError> {
        let header = MetadataValue::try_from(format!("Bearer {}", token.trim()))
            .ok()
            .filter(|_| {
                !token.trim().is_empty() && token.trim().bytes().all(|b| b.is_ascii_graphic())
            })
            .ok_or_else(|| {
                ClientError::Options("the token must be visible ASCII characters".into())
            })?;
        Ok(Auth {
            header: Some(header),
        })
    }

    /// From the options' token.
    pub fn from_options(options: &ConnectOptions) -> Result<Auth, ClientError> {
        match &options.token {
            Some(token) => Auth::bearer(token),
            None => Ok(Auth::none()),
        }
    }
}

impl Interceptor for Auth {
    fn call(&mut self, mut request: Request<()>) -> Result<Request<()>, Status> {
        if let Some(header) = &self.header {
            request
                .metadata_mut()
                .insert("authorization", header.clone());
        }
        Ok(request)
    }
}

/// An endpoint for `address` (`HOST:PORT`, or a full `http://` or
/// `https://` URI) with the options' TLS settings.
pub(crate) fn endpoint(address: &str, options: &ConnectOptions) -> Result<Endpoint, ClientError> {
    let uri = uri(address, options)?;
    let tls = uri.starts_with("https://");
    let mut endpoint = Endpoint::from_shared(uri).map_err(|e| ClientError::BadAddress {
        address: address.to_string(),
        reason: e.to_string(),
    })?;
    if tls {
        let mut tls = match &options.ca_certificate_pem {
            Some(ca) => ClientTlsConfig::new().ca_certificate(Certificate::from_pem(ca)),
            None => ClientTlsConfig::new().with_native_roots(),
        };
        if let Some(domain) = &options.tls_domain {
            tls = tls.domain_name(domain.clone());
        }
        endpoint = endpoint
            .tls_config(tls)
            .map_err(|e| ClientError::Options(format!("cannot set up TLS: {e}")))?;
    }
    Ok(endpoint
        .tcp_nodelay(true)
        .connect_timeout(Duration::from_secs(3)))
}

/// The URI of `address`: as given when it has a scheme, else `https://`
/// with a CA certificate and `http://` without; `http://` with a CA
/// certificate is refused.
fn uri(address: &str, options: &ConnectOptions) -> Result<String, ClientError> {
    let bad = |reason: String| ClientError::BadAddress {
        address: address.to_string(),
        reason,
    };
    let uri = if address.contains("://") {
        address.to_string()
    } else if options.uses_tls() {
        format!("https://{address}")
    } else {
        format!("http://{address}")
    };
    if uri.starts_with("http://") && options.uses_tls() {
        return Err(bad(
            "a CA certificate was given but the address says http://; use https://".into(),
        ));
    }
    Ok(uri)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_goes_into_the_authorization_metadata() {
        let mut auth = Auth::bearer("secret-token-0123456789").expect("valid token");
        let request = auth.call(Request::new(())).expect("intercepted");
        let header = request
            .metadata()
            .get("authorization")
            .expect("header set")
            .to_str()
            .expect("ascii");
        assert_eq!(header, "Bearer secret-token-0123456789");
        assert!(!format!("{auth:?}").contains("secret"));
        let mut none = Auth::none();
        let request = none.call(Request::new(())).expect("intercepted");
        assert!(request.metadata().get("authorization").is_none());
        assert!(Auth::bearer("has space").is_err());
        assert!(Auth::bearer("").is_err());
    }

    #[test]
    fn the_scheme_follows_the_tls_options() {
        let tls = ConnectOptions {
            ca_certificate_pem: Some(b"-----BEGIN CERTIFICATE-----".to_vec()),
            ..ConnectOptions::default()
        };
        let plain = ConnectOptions::default();
        assert_eq!(
            uri("127.0.0.1:1", &plain).expect("plain"),
            "http://127.0.0.1:1"
        );
        assert_eq!(
            uri("localhost:1", &tls).expect("tls"),
            "https://localhost:1"
        );
        assert_eq!(
            endpoint("127.0.0.1:1", &plain)
                .expect("plain")
                .uri()
                .to_string(),
            "http://127.0.0.1:1/"
        );
        assert!(uri("http://localhost:1", &tls).is_err());
        // https without a CA: TLS with the system's roots (the endpoint
        // builds; whether it connects depends on the daemon's certificate).
        assert_eq!(
            uri("https://localhost:1", &plain).expect("system roots"),
            "https://localhost:1"
        );
        assert!(endpoint("https://localhost:1", &plain).is_ok());
    }
}
