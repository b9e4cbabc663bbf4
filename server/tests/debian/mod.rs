//! Debian packages a test needs from outside the project (the OpenXR
//! loader, Blender, Chromium): installed with apt-get when missing, so that
//! a fresh machine runs the test instead of skipping it. Included with
//! `mod` by the end-to-end tests and, through `#[path]`, by the binary's
//! own test tiers.

#![allow(dead_code)]

use std::process::Command;
use std::sync::Mutex;

/// One install at a time in this process: tests of one binary run on
/// several threads, and two apt-gets at once fail on dpkg's lock.
static APT: Mutex<()> = Mutex::new(());

fn apt_get(args: &[&str]) -> bool {
    // Another process's apt-get (a second test binary, the machine's own
    // updates) holds the lock for a while: wait for it instead of failing.
    Command::new("apt-get")
        .args(["-o", "DPkg::Lock::Timeout=900"])
        .args(args)
        .env("DEBIAN_FRONTEND", "noninteractive")
        .status()
        .is_ok_and(|s| s.success())
}

/// Whether dpkg lists every one of `packages` as installed.
pub fn installed(packages: &[&str]) -> bool {
    Command::new("dpkg-query")
        .args(["-W", "-f", "${Status}\\n"])
        .args(packages)
        .output()
        .is_ok_and(|o| {
            o.status.success()
                && String::from_utf8_lossy(&o.stdout)
                    .lines()
                    .all(|l| l.ends_with(" installed"))
        })
}

/// Makes sure `ready()` holds, installing `packages` (without their
/// recommendations) with apt-get first if it does not, and refreshing the
/// package lists once if the first try fails. `false` when it still does
/// not hold (no apt-get, no network, not root).
pub fn ensure(packages: &[&str], ready: impl Fn() -> bool) -> bool {
    if ready() {
        return true;
    }
    let _one_at_a_time = APT.lock().unwrap_or_else(|e| e.into_inner());
    if ready() {
        return true;
    }
    println!(
        "installing: apt-get install -y --no-install-recommends {}",
        packages.join(" ")
    );
    let mut args = vec!["install", "-y", "--no-install-recommends"];
    args.extend(packages);
    let _ = apt_get(&args) || (apt_get(&["update"]) && apt_get(&args));
    ready()
}
