//! Which names the web view answers to, against DNS rebinding: a page on a
//! hostile domain whose name is made to resolve to 127.0.0.1 reaches the
//! web port with its own name in `Host` (HTTP/2: `:authority`) and
//! `Origin`, so both are checked before any token rule.
//!
//! - `Host` must be a loopback name (`localhost`, `127.0.0.1`, `[::1]`) or
//!   the web port's own listen IP, each with the web port, or a name of
//!   `[web] allowed_hosts` (`NAME`: any port, `NAME:PORT`: that port).
//!   When the web port listens on every address (`0.0.0.0`, `[::]`), any
//!   IP literal with the web port is accepted too: the machine's addresses
//!   cannot be known in advance, and an IP literal cannot be rebound (the
//!   attack needs a name the attacker controls).
//! - A request with `Origin` (a browser's) must also come from an allowed
//!   origin: `http` or `https`, its host and port allowed as above (IP
//!   literals only through the listed rules), or the very origin of the
//!   request's own `Host` (a page this daemon served calling it back).
//!   `Origin: null` is refused.
//! - A request without `Origin` (a non-browser client) is judged on `Host`
//!   alone.

use std::net::{IpAddr, SocketAddr};

/// The loopback names accepted with the web port.
const LOOPBACK_NAMES: [&str; 3] = ["localhost", "127.0.0.1", "[::1]"];

/// A `host[:port]` as sent: the host in lower case (IPv6 in brackets) and
/// the port if one was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authority {
    /// The host, lower case; an IPv6 address keeps its brackets.
    pub host: String,
    /// The port, when given.
    pub port: Option<u16>,
}

impl Authority {
    /// Parses `host[:port]`: a DNS name, an IPv4 address or a bracketed
    /// IPv6 address; no user, no path. `None` if it is not one.
    pub fn parse(text: &str) -> Option<Authority> {
        let (host, port) = if let Some(rest) = text.strip_prefix('[') {
            let end = rest.find(']')?;
            let inside = &rest[..end];
            inside.parse::<std::net::Ipv6Addr>().ok()?;
            let after = &rest[end + 1..];
            let port = match after {
                "" => None,
                _ => Some(after.strip_prefix(':')?),
            };
            (format!("[{inside}]"), port)
        } else {
            match text.split_once(':') {
                Some((host, port)) => (host.to_string(), Some(port)),
                None => (text.to_string(), None),
            }
        };
        let host_ok = !host.is_empty()
            && host.len() <= 253
            && (host.starts_with('[')
                || host
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.' || b == b'_'));
        if !host_ok {
            return None;
        }
        let port = match port {
            None => None,
            Some(p) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => {
                Some(p.parse::<u16>().ok()?)
            }
            Some(_) => return None,
        };
        Some(Authority {
            host: host.to_ascii_lowercase(),
            port,
        })
    }

    /// Whether the host is an IP address (v4, or v6 in brackets).
    fn is_ip_literal(&self) -> bool {
        let bare = self.host.trim_start_matches('[').trim_end_matches(']');
        bare.parse::<IpAddr>().is_ok()
    }
}

/// Why a request was refused (the message names the rule and the key that
/// widens it; it never repeats what the request sent).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HostRefusal {
    /// No `Host` header and no `:authority`.
    #[error("the request names no host (no `Host` header)")]
    NoHost,
    /// `Host` and `:authority` disagree.
    #[error("the request's `Host` header and its `:authority` differ")]
    Conflicting,
    /// The host is not one this daemon answers to.
    #[error(
        "the request's `Host` is not a name this daemon answers to (allowed: localhost, \
         127.0.0.1 and [::1] with the web port, and the names of `web.allowed_hosts`)"
    )]
    ForeignHost,
    /// The page calling comes from another site.
    #[error(
        "the request's `Origin` is not a page this daemon answers to (allowed: http or https \
         on the allowed hosts, see `web.allowed_hosts`)"
    )]
    ForeignOrigin,
}

/// The names the web view answers to (see the module documentation).
#[derive(Debug, Clone, PartialEq)]
pub struct HostPolicy {
    /// The web port.
    port: u16,
    /// The port a `Host` without one means (80 plain, 443 with TLS).
    default_port: u16,
    /// The listen IP as a host (`[v6]` in brackets), unless it is every
    /// address.
    listen_host: Option<String>,
    /// Listening on every address: IP literals are accepted.
    every_address: bool,
    /// `web.allowed_hosts`.
    allowed: Vec<Authority>,
}

impl HostPolicy {
    /// The policy of a web port bound to `bound` (the port picked, if 0
    /// was asked for), serving TLS or not, with the operator's
    /// `allowed_hosts` (checked by [`check_allowed_hosts`]; an entry that
    /// does not parse is left out).
    pub fn new(bound: SocketAddr, tls: bool, allowed_hosts: &[String]) -> HostPolicy {
        let ip = bound.ip();
        let listen_host = (!ip.is_unspecified()).then(|| match ip {
            IpAddr::V4(v4) => v4.to_string(),
            IpAddr::V6(v6) => format!("[{v6}]"),
        });
        HostPolicy {
            port: bound.port(),
            default_port: if tls { 443 } else { 80 },
            listen_host,
            every_address: ip.is_unspecified(),
            allowed: allowed_hosts
                .iter()
                .filter_map(|h| Authority::parse(h))
                .collect(),
        }
    }

    /// Whether `host` on `port` is one of the listed names: loopback and
    /// the listen IP on the web port, or `allowed_hosts`.
    fn listed(&self, host: &str, port: u16) -> bool {
        let own = LOOPBACK_NAMES.contains(&host) || self.listen_host.as_deref() == Some(host);
        (own && port == self.port)
            || self
                .allowed
                .iter()
                .any(|a| a.host == host && a.port.is_none_or(|p| p == port))
    }

    /// Checks a request's host (`authority`: the URI's, as HTTP/2 sends
    /// it; `host`: the `Host` header) and its `Origin` header.
    pub fn check(
        &self,
        authority: Option<&str>,
        host: Option<&[u8]>,
        origin: Option<&[u8]>,
    ) -> Result<(), HostRefusal> {
        let host = match (authority, host) {
            (Some(a), Some(h)) if !a.as_bytes().eq_ignore_ascii_case(h) => {
                return Err(HostRefusal::Conflicting)
            }
            (Some(a), _) => a,
            (None, Some(h)) => std::str::from_utf8(h).map_err(|_| HostRefusal::ForeignHost)?,
            (None, None) => return Err(HostRefusal::NoHost),
        };
        let host = Authority::parse(host).ok_or(HostRefusal::ForeignHost)?;
        let host_port = host.port.unwrap_or(self.default_port);
        let host_ok = self.listed(&host.host, host_port)
            || (self.every_address && host.is_ip_literal() && host_port == self.port);
        if !host_ok {
            return Err(HostRefusal::ForeignHost);
        }
        let Some(origin) = origin else {
            return Ok(());
        };
        let origin = std::str::from_utf8(origin).map_err(|_| HostRefusal::ForeignOrigin)?;
        let (rest, scheme_port) = if let Some(rest) = origin.strip_prefix("http://") {
            (rest, 80)
        } else if let Some(rest) = origin.strip_prefix("https://") {
            (rest, 443)
        } else {
            return Err(HostRefusal::ForeignOrigin);
        };
        let from = Authority::parse(rest).ok_or(HostRefusal::ForeignOrigin)?;
        let from_port = from.port.unwrap_or(scheme_port);
        let same_origin = from.host == host.host && from_port == host_port;
        if same_origin || self.listed(&from.host, from_port) {
            Ok(())
        } else {
            Err(HostRefusal::ForeignOrigin)
        }
    }
}

/// Checks `web.allowed_hosts`: each entry a `NAME` or `NAME:PORT` (no
/// scheme, no path); `Err((index, reason))`.
pub fn check_allowed_hosts(hosts: &[String]) -> Result<(), (usize, String)> {
    for (i, h) in hosts.iter().enumerate() {
        if Authority::parse(h).is_none() {
            return Err((
                i,
                format!(
                    "`{h}` is not a host name like `posewire.lan` or `posewire.lan:8080` \
                     (no scheme, no path; IPv6 in brackets)"
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(bound: &str, allowed: &[&str]) -> HostPolicy {
        let allowed: Vec<String> = allowed.iter().map(|s| s.to_string()).collect();
        HostPolicy::new(bound.parse().expect("address"), false, &allowed)
    }

    fn host(p: &HostPolicy, host: &str) -> Result<(), HostRefusal> {
        p.check(None, Some(host.as_bytes()), None)
    }

    fn origin(p: &HostPolicy, host: &str, origin: &str) -> Result<(), HostRefusal> {
        p.check(None, Some(host.as_bytes()), Some(origin.as_bytes()))
    }

    #[test]
    fn loopback_names_with_the_web_port_are_the_default() {
        let p = policy("127.0.0.1:50052", &[]);
        for ok in [
            "localhost:50052",
            "127.0.0.1:50052",
            "[::1]:50052",
            "LocalHost:50052",
        ] {
            assert_eq!(host(&p, ok), Ok(()), "{ok}");
        }
        for bad in [
            "rebind.example:50052",
            "localhost:50051",
            "localhost",
            "127.0.0.2:50052",
            "localhost.:50052",
            "user@localhost:50052",
            "localhost:50052/x",
            "",
            "[::1",
        ] {
            assert_eq!(host(&p, bad), Err(HostRefusal::ForeignHost), "{bad}");
        }
        assert_eq!(p.check(None, None, None), Err(HostRefusal::NoHost));
    }

    #[test]
    fn http2_authority_counts_like_host() {
        let p = policy("127.0.0.1:50052", &[]);
        assert_eq!(p.check(Some("localhost:50052"), None, None), Ok(()));
        assert_eq!(
            p.check(Some("rebind.example:50052"), None, None),
            Err(HostRefusal::ForeignHost)
        );
        assert_eq!(
            p.check(Some("localhost:50052"), Some(b"rebind.example:50052"), None),
            Err(HostRefusal::Conflicting)
        );
    }

    #[test]
    fn allowed_hosts_widen_the_names() {
        let p = policy("127.0.0.1:50052", &["posewire.lan", "proxy.example:8443"]);
        assert_eq!(host(&p, "posewire.lan"), Ok(()));
        assert_eq!(host(&p, "posewire.lan:50052"), Ok(()));
        assert_eq!(host(&p, "proxy.example:8443"), Ok(()));
        assert_eq!(host(&p, "proxy.example"), Err(HostRefusal::ForeignHost));
        assert_eq!(
            origin(&p, "posewire.lan", "https://proxy.example:8443"),
            Ok(())
        );
        assert!(check_allowed_hosts(&["ok.lan".into(), "[::1]:80".into()]).is_ok());
        let err = check_allowed_hosts(&["ok.lan".into(), "http://x.lan/".into()])
            .expect_err("a URL is not a host");
        assert_eq!(err.0, 1);
    }

    #[test]
    fn on_every_address_ip_literals_are_accepted_but_not_names() {
        let p = policy("0.0.0.0:50052", &[]);
        assert_eq!(host(&p, "192.168.1.20:50052"), Ok(()));
        assert_eq!(host(&p, "[fe80::1]:50052"), Ok(()));
        assert_eq!(host(&p, "localhost:50052"), Ok(()));
        assert_eq!(host(&p, "192.168.1.20:8080"), Err(HostRefusal::ForeignHost));
        assert_eq!(host(&p, "my-pc.lan:50052"), Err(HostRefusal::ForeignHost));
        // A page of this daemon calls it back; a page of another machine
        // does not.
        assert_eq!(
            origin(&p, "192.168.1.20:50052", "http://192.168.1.20:50052"),
            Ok(())
        );
        assert_eq!(
            origin(&p, "192.168.1.20:50052", "http://10.0.0.9:50052"),
            Err(HostRefusal::ForeignOrigin)
        );
        let fixed = policy("192.168.1.20:50052", &[]);
        assert_eq!(host(&fixed, "192.168.1.20:50052"), Ok(()));
        assert_eq!(
            host(&fixed, "10.0.0.9:50052"),
            Err(HostRefusal::ForeignHost)
        );
    }

    #[test]
    fn a_foreign_origin_is_refused_with_a_good_host() {
        let p = policy("127.0.0.1:50052", &[]);
        let h = "127.0.0.1:50052";
        assert_eq!(origin(&p, h, "http://127.0.0.1:50052"), Ok(()));
        assert_eq!(origin(&p, h, "http://localhost:50052"), Ok(()));
        for bad in [
            "http://rebind.example:50052",
            "https://evil.example",
            "null",
            "file://",
            "ftp://localhost:50052",
            "http://localhost:50051",
            "http://localhost:50052/path",
        ] {
            assert_eq!(origin(&p, h, bad), Err(HostRefusal::ForeignOrigin), "{bad}");
        }
        let tls = HostPolicy::new("127.0.0.1:443".parse().expect("address"), true, &[]);
        assert_eq!(origin(&tls, "localhost", "https://localhost"), Ok(()));
    }
}
