//! Scene takes (issue 44): one take of the whole space recorded from the
//! real daemon (the physics solver, two demo people walking apart with
//! their props), with an avatar joining and another leaving during the
//! take. The take holds every avatar on the loop's one clock and the
//! timecode stated; the re-solve equals the live solve bit for bit for
//! every avatar; the exports write every avatar (one file for FBX, USD and
//! glTF; one per avatar for CSV). The fingers bar on a scene take of the
//! default daemon: [`fingers`].

mod fingers;

use std::time::Duration;

use posewire_body::Joint;
use posewire_client::pb;
use posewire_takes::SolvedFrame;
use tonic::Code;

use super::common::{arg, posewire, text};
use super::{physics_daemon, start_request, take_file};

/// StartRecording of the whole space (the empty avatar id).
fn scene_request(name: &str, timecode: &str, rate: &str) -> pb::StartRecordingRequest {
    pb::StartRecordingRequest {
        avatar_id: String::new(),
        name: name.into(),
        timecode_start: timecode.into(),
        timecode_rate: rate.into(),
    }
}

/// Every bit of a solved frame's body.
fn bits(f: &SolvedFrame) -> Vec<u64> {
    let mut v: Vec<u64> = f.pose.root.to_array().map(f64::to_bits).to_vec();
    for j in Joint::ALL {
        v.extend(f.pose.rotations[j].to_array().map(f64::to_bits));
    }
    v.push(u64::from(f.contacts[0]) | u64::from(f.contacts[1]) << 1);
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scene_take_holds_every_avatar_on_one_clock_and_resolves_exactly() {
    let (dir, storage, daemon, client) = physics_daemon(2).await;
    let mut takes = client.take_service();
    // The world steps (and the bodies live in it) before the take begins.
    tokio::time::sleep(Duration::from_millis(400)).await;
    let started = takes
        .start_recording(scene_request("scene", "01:00:00:00", "24"))
        .await
        .expect("records the scene")
        .into_inner();
    assert_eq!(started.avatar_id, "");
    // A take of one avatar would not know that the scene restarted it.
    let solo = takes
        .start_recording(start_request("demo0", "solo"))
        .await
        .expect_err("refused while the scene records");
    assert_eq!(solo.code(), Code::FailedPrecondition, "{solo:?}");
    assert!(solo.message().contains("scene"), "{}", solo.message());
    tokio::time::sleep(Duration::from_millis(700)).await;
    client
        .create_avatar(pb::CreateAvatarRequest {
            id: "late".into(),
            source: Some(pb::DeviceSource {
                kind: Some(pb::device_source::Kind::Demo(pb::DemoSource {
                    time_offset_s: 2.0,
                    origin: Some(pb::Vec3 {
                        x: 10.0,
                        y: 0.0,
                        z: 0.0,
                    }),
                })),
            }),
            profile_name: String::new(),
        })
        .await
        .expect("an avatar joins");
    tokio::time::sleep(Duration::from_millis(700)).await;
    client
        .remove_avatar("demo1")
        .await
        .expect("an avatar leaves");
    tokio::time::sleep(Duration::from_millis(700)).await;
    takes
        .add_marker(pb::AddMarkerRequest {
            avatar_id: String::new(),
            label: "cut".into(),
        })
        .await
        .expect("a marker in the scene take");
    let summary = takes
        .stop_recording(pb::StopRecordingRequest {
            avatar_id: String::new(),
        })
        .await
        .expect("stops")
        .into_inner();
    daemon.shutdown().await.expect("clean shutdown");
    assert_eq!(summary.avatar_id, "");
    assert_eq!(summary.scene_avatar_ids, ["demo0", "demo1", "late"]);
    assert_eq!(summary.timecode_start, "01:00:00:00");
    assert_eq!(summary.timecode_rate, "24");
    assert_eq!(summary.timecode_start_frame, 86_400);
    assert_eq!(summary.markers.len(), 1);

    let path = take_file(&storage, "scene");
    let take = posewire_takes::open(&path).expect("the scene take opens");
    assert!(take.is_scene() && take.is_whole());
    let ids: Vec<&str> = take.avatars.iter().map(|a| a.id.as_str()).collect();
    assert_eq!(ids, ["demo0", "demo1", "late"]);
    let [first, left, late] = [0, 1, 2].map(|i| &take.avatars[i]);
    assert_eq!(left.left.as_deref(), Some("the avatar was removed"));
    // One clock: every tick of the avatar that joined and of the one that
    // left is a tick of the one there throughout, at the same time.
    let times: std::collections::BTreeMap<u64, u64> = first
        .ticks
        .iter()
        .map(|t| (t.sequence, t.time_s.to_bits()))
        .collect();
    for lane in [left, late] {
        assert!(
            lane.ticks.len() > 30,
            "{}: {} ticks",
            lane.id,
            lane.ticks.len()
        );
        for t in &lane.ticks {
            assert_eq!(times.get(&t.sequence), Some(&t.time_s.to_bits()));
        }
    }
    assert!(late.ticks[0].sequence > first.ticks[0].sequence + 30);
    assert!(left.ticks.last().map(|t| t.sequence) < first.ticks.last().map(|t| t.sequence));
    assert!(
        !take.object_changes.is_empty(),
        "the demo's props are in the take"
    );

    let check = posewire(&["takes", "check", arg(&path)]);
    assert!(check.status.success(), "{:?}", text(&check));

    // The re-solve reproduces every avatar's live solve, bit for bit.
    let o = posewire(&["resolve", "--take", "scene", "--storage", arg(&storage)]);
    assert!(o.status.success(), "{:?}", text(&o));
    let said = text(&o).0;
    println!("{said}");
    assert!(said.contains("3 avatars"), "{said}");
    assert!(said.contains("re-solved objects within"), "{said}");
    let take = posewire_takes::open(&path).expect("the take opens");
    assert_eq!(take.latest_version(), Some(2));
    for lane in &take.avatars {
        let live: Vec<&SolvedFrame> = lane.solved.iter().filter(|f| f.version == 1).collect();
        let again: Vec<&SolvedFrame> = lane.solved.iter().filter(|f| f.version == 2).collect();
        assert!(live.len() > 30, "{}: {} live frames", lane.id, live.len());
        assert_eq!(live.len(), again.len(), "{}", lane.id);
        for (a, b) in live.iter().zip(&again) {
            assert_eq!(a.sequence, b.sequence, "{}", lane.id);
            assert_eq!(bits(a), bits(b), "{}: tick {} differs", lane.id, a.sequence);
        }
        println!("{}: {} frames re-solved bit for bit", lane.id, live.len());
    }

    // Exports: every avatar in one FBX, USD and glTF; a CSV per avatar.
    let out = dir.path().join("out");
    for (format, file) in [
        ("fbx", "scene.fbx"),
        ("usd", "scene.usda"),
        ("gltf", "scene.glb"),
        ("csv", "scene.csv"),
    ] {
        let o = posewire(&[
            "export",
            "--take",
            arg(&path),
            "--format",
            format,
            "--out",
            arg(&out.join(file)),
        ]);
        assert!(o.status.success(), "{format}: {:?}", text(&o));
    }
    for id in ["demo0", "demo1", "late"] {
        let csv = out.join(format!("scene-{id}.csv"));
        assert!(csv.is_file(), "{}", csv.display());
    }
    let usd = std::fs::read_to_string(out.join("scene.usda")).expect("usd");
    for id in ["demo0", "demo1", "late"] {
        assert!(
            usd.contains(&format!("def SkelRoot \"{id}\"")),
            "{id} in the USD"
        );
    }
    assert!(usd.contains("01:00:00:00"), "the timecode in the USD layer");
}
