//! A real `nats-server` (Debian's package, installed with apt-get when
//! missing) on a free loopback port, for the shared-space tests: started,
//! killed and started again on the same port. Included with `mod`.

#![allow(dead_code)]

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Where Debian puts the server.
const PATHS: [&str; 2] = ["/usr/sbin/nats-server", "/usr/bin/nats-server"];

/// The server's binary, installing the package if needed.
pub fn binary() -> PathBuf {
    let found = || PATHS.iter().map(PathBuf::from).find(|p| p.is_file());
    assert!(
        super::debian::ensure(&["nats-server"], || found().is_some()),
        "nats-server is installed or installable with apt-get"
    );
    found().expect("nats-server is installed")
}

/// A running nats-server.
#[derive(Debug)]
pub struct NatsServer {
    child: Option<Child>,
    /// Its address.
    pub addr: SocketAddr,
    /// Options given to the server beyond its address (e.g. `--auth`).
    args: Vec<String>,
}

impl NatsServer {
    /// Starts a server on a free loopback port and waits until it accepts.
    pub fn start() -> NatsServer {
        NatsServer::start_with(&[])
    }

    /// [`NatsServer::start`] with more of nats-server's options (for
    /// example `["--auth", TOKEN]`: clients must give that token).
    pub fn start_with(args: &[&str]) -> NatsServer {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let mut server = NatsServer {
            child: None,
            addr: SocketAddr::from(([127, 0, 0, 1], port)),
            args: args.iter().map(|a| a.to_string()).collect(),
        };
        server.restart();
        server
    }

    /// Its URL, `nats://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("nats://{}", self.addr)
    }

    /// Kills the server (as a crash would).
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts the server again on its port and waits until it accepts.
    pub fn restart(&mut self) {
        self.kill();
        let child = Command::new(binary())
            .args(["-a", "127.0.0.1", "-p", &self.addr.port().to_string()])
            .args(&self.args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nats-server starts");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect_timeout(&self.addr, Duration::from_millis(200)).is_err() {
            assert!(Instant::now() < deadline, "nats-server accepts within 20 s");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for NatsServer {
    fn drop(&mut self) {
        self.kill();
    }
}
