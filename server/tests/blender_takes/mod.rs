//! The Blender tier, takes on the daemon (issue 44): the add-on records a
//! take of the whole scene and one of a single avatar on a real `posewire
//! serve` (two demo people, the default solver) and puts each on
//! Blender's timeline by its timecode (`tests/blender/daemon_takes.py`).
//! Checked against the take's own CSV export: the scene take at
//! 01:00:00:00 on a 24 fps scene starts at frame 86400, the avatar's take
//! at 00:10:00:00 stated at 30 fps at frame 14400, a take at 23:00:00:00
//! (past Blender's last frame) at the fallback frame with the reason;
//! every scene frame from the start keyed with the take's tick nearest
//! its time (half a tick at most), every bone head (body and fingers)
//! within 1 mm of the CSV's joint at that tick; the take's avatars each
//! an action; an unknown avatar refused with the daemon's reason.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use posewire_body::fingers::FingerJoint;
use posewire_body::formats::JointTrack;
use posewire_body::Joint;
use serde_json::Value;

use super::common::{arg, posewire, text};
use super::{point, read_json, repo, run, Daemon, JOINTS};

/// Two demo people 5 m apart (the second 3 s further into its loop).
pub const TWO_DEMOS: &str = "\n[[avatars]]\nid = \"demo0\"\nsource = { kind = \"demo\" }\n\n[[avatars]]\nid = \"demo1\"\nsource = { kind = \"demo\", time_offset_s = 3.0, origin = [5.0, 0.0, 0.0] }\n";

/// The script's JSON.
pub fn run_takes_script(blender: &Path, daemon: &Daemon, dir: &Path) -> Value {
    let out = dir.join("takes.json");
    let mut cmd = Command::new(blender);
    cmd.args(["-b", "--factory-startup", "--python-exit-code", "3"])
        .arg("--python")
        .arg(repo().join("tests/blender/daemon_takes.py"))
        .arg("--")
        .arg("--addon")
        .arg(repo().join("clients/blender"))
        .args(["--address", &daemon.address, "--out", arg(&out)]);
    run(&mut cmd, "Blender (daemon takes)");
    read_json(&out)
}

/// One avatar's track of a take: (tick, time, the 51 joint positions) per
/// solved frame, from the CSV export and the take's ticks.
struct Track {
    by_tick: BTreeMap<u64, (f64, Vec<[f64; 3]>)>,
}

fn track_of(storage: &Path, dir: &Path, take: &str, avatar: &str, scene: bool) -> Track {
    let out = dir.join(format!("{take}.csv"));
    let o = posewire(&[
        "export",
        "--take",
        take,
        "--storage",
        arg(storage),
        "--format",
        "csv",
        "--out",
        arg(&out),
    ]);
    assert!(o.status.success(), "export {take}: {:?}", text(&o));
    let csv = if scene {
        dir.join(format!("{take}-{avatar}.csv"))
    } else {
        out
    };
    let track = JointTrack::read(&csv).expect("the CSV export reads");
    let file = storage.join("takes").join(format!("{take}.pwtake"));
    let opened = posewire_takes::open(&file).expect("the take opens");
    let part = if scene {
        opened
            .avatar_takes()
            .into_iter()
            .find(|p| p.info.avatar_id == avatar)
            .expect("the avatar is in the scene take")
    } else {
        opened
    };
    let version = part.latest_version().expect("solved");
    let ticks: Vec<u64> = part.frames(version).map(|f| f.sequence).collect();
    assert_eq!(
        ticks.len(),
        track.frames.len(),
        "a CSV row per solved frame"
    );
    assert_eq!(
        track.fingers.len(),
        track.frames.len(),
        "the CSV has the fingers"
    );
    let by_tick = ticks
        .iter()
        .zip(track.frames.iter().zip(&track.fingers))
        .map(|(&seq, (frame, fingers))| {
            let body = Joint::ALL
                .iter()
                .map(|j| frame.joints[*j].position.to_array());
            let fingers = fingers.iter().map(|t| t.position.to_array());
            (seq, (frame.time_s, body.chain(fingers).collect()))
        })
        .collect();
    Track { by_tick }
}

/// Checks one take's actions against its CSV export; the worst bone head
/// (m) and where.
fn check_take(json: &Value, storage: &Path, dir: &Path, expected_start: i64) -> (f64, String) {
    let summary = &json["summary"];
    let name = summary["name"].as_str().expect("a take name");
    let scene = summary["avatar_id"] == "";
    assert_eq!(
        json["start_frame"].as_i64(),
        Some(expected_start),
        "{name}: {json:#}"
    );
    let ids: Vec<String> = if scene {
        serde_json::from_value(summary["scene_avatar_ids"].clone()).expect("ids")
    } else {
        vec![summary["avatar_id"].as_str().expect("id").to_string()]
    };
    let actions = json["actions"].as_object().expect("actions");
    assert_eq!(
        actions.keys().collect::<Vec<_>>(),
        ids.iter().collect::<Vec<_>>(),
        "{name}: an action per avatar of the take"
    );
    let fingers: Vec<String> = FingerJoint::all().map(|f| f.name()).collect();
    let names: Vec<&str> = JOINTS
        .iter()
        .copied()
        .chain(fingers.iter().map(String::as_str))
        .collect();
    let mut worst = (0.0, String::new());
    for id in &ids {
        let action = &actions[id];
        assert_eq!(action["name"], format!("{id}_{name}"));
        assert_eq!(action["on_armature"], action["name"]);
        assert_eq!(
            action["custom"]["posewire_timecode"],
            summary["timecode_start"]
        );
        assert_eq!(
            action["first_key"].as_i64(),
            Some(expected_start),
            "{name} {id}"
        );
        let track = track_of(storage, dir, name, id, scene);
        let first_time = track.by_tick.values().next().expect("frames").0;
        let frames = action["frames"].as_array().expect("frames");
        let duration = summary["duration_s"].as_f64().expect("duration");
        let expected = (duration * 24.0).floor() as usize + 1;
        assert!(
            frames.len() + 1 >= expected && frames.len() <= expected + 1,
            "{name} {id}: {} keyed frames for {duration} s",
            frames.len()
        );
        for (k, f) in frames.iter().enumerate() {
            assert_eq!(f["scene_frame"].as_i64(), Some(expected_start + k as i64));
            let seq = f["sequence"].as_u64().expect("tick");
            let (time, joints) = track
                .by_tick
                .get(&seq)
                .unwrap_or_else(|| panic!("{name} {id}: tick {seq} is not in the take"));
            let off = ((time - first_time) - k as f64 / 24.0).abs();
            assert!(
                off <= 0.5 / 90.0 + 1e-6,
                "{name} {id}: frame {k} is {off} s off"
            );
            for (j, bone) in names.iter().enumerate() {
                let d = distance(point(&f["heads"][*bone]), joints[j]);
                if d > worst.0 {
                    worst = (
                        d,
                        format!("{name} {id} {bone} at scene frame {}", f["scene_frame"]),
                    );
                }
            }
        }
        println!(
            "take {name}, {id}: action {} keyed on scene frames {}..={} ({} frames at 24 fps)",
            action["name"], action["first_key"], action["last_key"], action["keys"]
        );
    }
    worst
}

fn distance(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The bars of the takes on the daemon, from the script's JSON.
pub fn check_takes(json: &Value, storage: &Path, dir: &Path) {
    let scene = &json["scene"];
    assert_eq!(scene["summary"]["timecode_start"], "01:00:00:00");
    assert_eq!(scene["summary"]["timecode_rate"], "24", "the scene's rate");
    assert_eq!(scene["reason"], "", "placed by its timecode");
    let (d, at) = check_take(scene, storage, dir, 86_400);
    println!(
        "scene take at 01:00:00:00 (24 fps): frame 86400; worst bone head {:.4} mm from the CSV ({at})",
        d * 1000.0
    );
    assert!(d <= 0.001, "{at} is {:.3} mm off", d * 1000.0);

    let solo = &json["solo"];
    assert_eq!(solo["summary"]["avatar_id"], "demo1");
    assert_eq!(solo["summary"]["timecode_rate"], "30");
    // 00:10:00:00 at 30 fps is 600 s: frame 14400 at 24 fps.
    let (d, at) = check_take(solo, storage, dir, 14_400);
    println!(
        "demo1's take at 00:10:00:00 @ 30 (24 fps scene): frame 14400; worst bone head {:.4} mm ({at})",
        d * 1000.0
    );
    assert!(d <= 0.001, "{at} is {:.3} mm off", d * 1000.0);

    let late = &json["late"];
    let reason = late["reason"].as_str().expect("a reason");
    assert!(reason.contains("1048574"), "{reason}");
    let (d, at) = check_take(late, storage, dir, 101);
    println!(
        "take at 23:00:00:00: at frame 101 ({reason}); worst bone head {:.4} mm ({at})",
        d * 1000.0
    );
    assert!(d <= 0.001, "{at} is {:.3} mm off", d * 1000.0);

    let refused = json["unknown_avatar"].as_str().expect("an outcome");
    println!("a take of an unknown avatar: {refused}");
    assert!(
        refused.starts_with("NOT_FOUND") && refused.contains("nobody"),
        "{refused}"
    );
}
