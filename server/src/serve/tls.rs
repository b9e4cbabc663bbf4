//! TLS for the gRPC server (rustls, through tonic): the certificate chain
//! and private key of the `[access]` table, read at start.

use tonic::transport::{Identity, ServerTlsConfig};

use super::access::AccessConfig;

/// The server's TLS configuration, or `None` when no certificate is
/// configured (plain HTTP/2). Unreadable files are named.
pub fn server_tls(access: &AccessConfig) -> anyhow::Result<Option<ServerTlsConfig>> {
    let (Some(cert), Some(key)) = (&access.tls_cert, &access.tls_key) else {
        return Ok(None);
    };
    use posewire_body::bounded_read::{read_bounded, PEM};
    let cert_pem = read_bounded(cert, PEM).map_err(|e| anyhow::anyhow!("access.tls_cert: {e}"))?;
    let key_pem = read_bounded(key, PEM).map_err(|e| anyhow::anyhow!("access.tls_key: {e}"))?;
    for (name, file, pem) in [("tls_cert", cert, &cert_pem), ("tls_key", key, &key_pem)] {
        if !pem.windows(11).any(|w| w == b"-----BEGIN ") {
            anyhow::bail!(
                "access.{name}: {} is not a PEM file (no `-----BEGIN` line)",
                file.display()
            );
        }
    }
    Ok(Some(
        ServerTlsConfig::new().identity(Identity::from_pem(cert_pem, key_pem)),
    ))
}
