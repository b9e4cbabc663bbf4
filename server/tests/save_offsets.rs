//! End-to-end: SaveRefinedOffsets stores the device offsets an avatar's
//! solver uses into a named profile, through the real daemon on a real
//! loopback socket (issue 25).

mod common;

use posewire::serve::Config;
use posewire_body::{BodyProfile, Device};
use posewire_client::ClientError;
use tonic::Code;

fn code(result: Result<posewire_client::pb::Profile, ClientError>) -> (Code, String) {
    match result.expect_err("refused") {
        ClientError::Status(s) => (s.code(), s.message().to_string()),
        other => panic!("{other}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refined_offsets_are_stored_into_a_named_profile_on_request() {
    let storage = tempfile::tempdir().expect("temp dir");
    let config = Config {
        listen: "127.0.0.1:0".into(),
        storage: storage.path().to_path_buf(),
        ..Config::default()
    };
    // The default configuration runs the `demo` avatar.
    let (daemon, client) = common::start_daemon(&config).await;

    let saved = client
        .save_refined_offsets("demo", "demo-refined", false)
        .await
        .expect("saved");
    assert_eq!(saved.name, "demo-refined");
    let file = storage.path().join("profiles/demo-refined.profile.toml");
    assert!(file.exists(), "{}", file.display());
    let fetched = client.get_profile("demo-refined").await.expect("fetched");
    assert_eq!(fetched.toml, saved.toml);
    let stored = BodyProfile::from_toml(&fetched.toml, "stored").expect("parses");
    // The demo avatar runs the default profile, which mounts no devices
    // (and the demo person wears no foot devices), so nothing was refined:
    // the stored mounts are the avatar profile's, and the rest is kept.
    let avatar_profile = BodyProfile::from_stature(stored.body.stature);
    assert_eq!(stored.trackers, avatar_profile.trackers);
    for device in [Device::LeftFoot, Device::RightFoot] {
        let (a, b) = (stored.tracker(device), avatar_profile.tracker(device));
        assert_eq!(a.map(|m| m.offset()), b.map(|m| m.offset()), "{device:?}");
    }

    // The name is taken: refused unless replacing.
    let (c, m) = code(
        client
            .save_refined_offsets("demo", "demo-refined", false)
            .await,
    );
    assert_eq!(c, Code::AlreadyExists, "{m}");
    client
        .save_refined_offsets("demo", "demo-refined", true)
        .await
        .expect("replaced");

    let (c, m) = code(client.save_refined_offsets("ghost", "x", false).await);
    assert_eq!(c, Code::NotFound, "{m}");
    assert!(m.contains("ghost"), "{m}");
    for bad in ["", "Bad Name", "../escape"] {
        let (c, m) = code(client.save_refined_offsets("demo", bad, false).await);
        assert_eq!(c, Code::InvalidArgument, "{bad}: {m}");
        assert!(m.contains("profile_name"), "{m}");
    }
    assert_eq!(
        client.list_profiles().await.expect("listed"),
        ["demo-refined"]
    );
    daemon.shutdown().await.expect("clean shutdown");
}
