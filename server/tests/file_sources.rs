//! End-to-end tests of the file-source path rule (issue 22): the real
//! daemon on a real loopback socket, driven over gRPC by the client SDK.
//! A path named over the API reads only inside `<storage>/trackers/` or a
//! `[sources] allow` folder, only regular files; refusals name the path and
//! the rule and never a byte of the file.
//!
//! Waits are bounded (a read that hangs fails the test instead of hanging
//! it); nothing asserts on wall-clock durations (they are printed).

mod common;
use common::{avatar, avatar_ids, demo_person, PATIENCE};

use std::path::{Path, PathBuf};
use std::time::Instant;

use posewire::serve::source_paths::SourcesConfig;
use posewire::serve::{Config, Daemon};
use posewire_body::formats::{TrackerSample, TrackerTake};
use posewire_body::{Device, Transform};
use posewire_client::{pb, Client, ClientError};
use tonic::{Code, Status};

/// A string that is in the secret files and nowhere else.
const SECRET: &str = "SECRET_7f3a9c_do_not_leak";

async fn start(storage: &Path, allow: Vec<PathBuf>) -> (Daemon, Client) {
    let config = Config {
        listen: "127.0.0.1:0".into(),
        storage: storage.to_path_buf(),
        avatars: vec![avatar("demo", demo_person(0.0, [0.0; 3]))],
        sources: SourcesConfig { allow },
        ..Config::default()
    };
    common::start_daemon(&config).await
}

fn file_source(path: &str) -> pb::DeviceSource {
    pb::DeviceSource {
        kind: Some(pb::device_source::Kind::File(pb::FileSource {
            path: path.into(),
            r#loop: true,
        })),
    }
}

/// CreateAvatar with a file source, within the patience.
async fn create(client: &Client, id: &str, path: &str) -> Result<pb::Avatar, Status> {
    let call = client.create_avatar(pb::CreateAvatarRequest {
        id: id.into(),
        source: Some(file_source(path)),
        profile_name: String::new(),
    });
    match tokio::time::timeout(PATIENCE, call).await {
        Ok(Ok(avatar)) => Ok(avatar),
        Ok(Err(ClientError::Status(s))) => Err(s),
        Ok(Err(other)) => panic!("{path}: not a status: {other}"),
        Err(_) => panic!("{path}: CreateAvatar did not answer within {PATIENCE:?}"),
    }
}

/// SetAvatarSource with a file source, within the patience.
async fn set_source(client: &Client, path: &str) -> Result<pb::Avatar, Status> {
    let call = client.set_avatar_source(pb::SetAvatarSourceRequest {
        id: "demo".into(),
        source: Some(file_source(path)),
    });
    match tokio::time::timeout(PATIENCE, call).await {
        Ok(Ok(avatar)) => Ok(avatar),
        Ok(Err(ClientError::Status(s))) => Err(s),
        Ok(Err(other)) => panic!("{path}: not a status: {other}"),
        Err(_) => panic!("{path}: SetAvatarSource did not answer within {PATIENCE:?}"),
    }
}

fn walk_take() -> TrackerTake {
    let samples = (0..90)
        .map(|k| TrackerSample {
            time_s: k as f64 / 90.0,
            device: Device::Head,
            pose: Some(Transform::IDENTITY),
            input: None,
        })
        .collect();
    TrackerTake {
        samples,
        ..TrackerTake::default()
    }
}

/// A file that looks like a tracker take and holds the secret: in the
/// header (an unknown column) and in a data line (a device name).
fn write_secret_take(path: &Path) {
    let text =
        format!("time_s,device,px,py,pz,qx,qy,qz,qw,{SECRET}\n0.0,{SECRET},0,1.6,0,0,0,0,1\n");
    std::fs::write(path, text).expect("write the secret file");
}

/// The refusal leaks nothing of the secret files or of the system files.
fn assert_leaks_nothing(named: &str, status: &Status) {
    let message = status.message();
    for leak in [SECRET, "root:", "/bin/bash", "PATH=", "HOME="] {
        assert!(
            !message.contains(leak),
            "{named}: the error quotes the file ({leak}): {message}"
        );
    }
}

fn vm_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn file_sources_read_only_regular_files_in_the_allowed_folders() {
    let storage = tempfile::tempdir().expect("temp dir");
    let outside = tempfile::tempdir().expect("temp dir");
    let allowed = tempfile::tempdir().expect("temp dir");
    let trackers = storage.path().join("trackers");
    std::fs::create_dir_all(&trackers).expect("trackers folder");
    walk_take()
        .write(&trackers.join("walk.trackers.csv"))
        .expect("write the take");
    let secret = outside.path().join("secret.trackers.csv");
    write_secret_take(&secret);
    write_secret_take(&allowed.path().join("leaky.trackers.csv"));
    std::os::unix::fs::symlink(&secret, trackers.join("link.trackers.csv")).expect("symlink");
    // A link to a file outside that does not exist answers as one to a
    // file that does (issue 42: no probing through links).
    std::os::unix::fs::symlink(
        outside.path().join("missing.trackers.csv"),
        trackers.join("gone.trackers.csv"),
    )
    .expect("symlink");
    let fifo = trackers.join("pipe.trackers.csv");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let (daemon, client) = start(
        storage.path(),
        vec![allowed.path().to_path_buf(), PathBuf::from("/dev")],
    )
    .await;

    // A take in the trackers folder, by name or by path, and one in an
    // allowed folder.
    let walk = create(&client, "walk", "walk.trackers.csv")
        .await
        .expect("a take in <storage>/trackers is read");
    assert_eq!(walk.id, "walk");
    let copy = allowed.path().join("copy.trackers.csv");
    walk_take().write(&copy).expect("write");
    set_source(&client, &copy.display().to_string())
        .await
        .expect("a take in a [sources] allow folder is read");

    // Outside the folders: refused by the call itself, naming the rule.
    let dotdot = format!("../../../../../../../..{}", secret.display());
    for named in [
        secret.display().to_string(),
        "link.trackers.csv".to_string(),
        "gone.trackers.csv".to_string(),
        dotdot,
        "/etc/passwd".to_string(),
        "/proc/self/environ".to_string(),
        "/nonexistent/take.trackers.csv".to_string(),
    ] {
        for status in [
            create(&client, "intruder", &named).await.expect_err(&named),
            set_source(&client, &named).await.expect_err(&named),
        ] {
            assert_eq!(status.code(), Code::PermissionDenied, "{named}: {status:?}");
            assert!(status.message().contains(&named), "{status:?}");
            assert!(status.message().contains("[sources] allow"), "{status:?}");
            assert_leaks_nothing(&named, &status);
        }
    }

    // A NUL is no file name; a 70,000-character path is not echoed whole.
    let status = create(&client, "nul", "walk\0.trackers.csv")
        .await
        .expect_err("a NUL");
    assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
    let long = "x/".repeat(35_000);
    let status = set_source(&client, &long).await.expect_err("a long path");
    assert!(
        status.message().len() < 1024,
        "{} bytes of error",
        status.message().len()
    );

    // Inside, but not a take: the parse error says where, not what.
    let leaky = allowed.path().join("leaky.trackers.csv");
    let status = create(&client, "leaky", &leaky.display().to_string())
        .await
        .expect_err("not a take");
    assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
    assert!(
        status.message().contains("column 10 of the header"),
        "{status:?}"
    );
    assert_leaks_nothing("leaky", &status);

    // A FIFO without a writer and a device: refused at once, no read.
    let status = create(&client, "pipe", "pipe.trackers.csv")
        .await
        .expect_err("a FIFO");
    assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
    assert!(
        status.message().contains("a FIFO, not a regular file"),
        "{status:?}"
    );
    let rss_before = vm_rss_kib();
    let started = Instant::now();
    let status = create(&client, "zero", "/dev/zero")
        .await
        .expect_err("a device");
    let took = started.elapsed();
    let rss_after = vm_rss_kib();
    assert_eq!(status.code(), Code::InvalidArgument, "{status:?}");
    assert!(
        status
            .message()
            .contains("/dev/zero: is a device, not a regular file"),
        "{status:?}"
    );
    eprintln!(
        "CreateAvatar on /dev/zero refused in {:.1} ms; VmRSS {rss_before:?} -> {rss_after:?} KiB",
        took.as_secs_f64() * 1e3
    );

    // Nothing refused became an avatar.
    let ids = avatar_ids(&client).await;
    assert_eq!(ids, ["demo", "walk"]);
    daemon.shutdown().await.expect("shuts down");
}
