//! The Blender tier (issue 8): Blender itself (Debian's `blender`, installed
//! with apt-get when missing) imports a take, recorded by the daemon from
//! devices pushed in real time and exported by `posewire export`,
//! as BVH and as glTF binary, headless, and its evaluated joint positions
//! must match Posewire's own (the joint-track CSV export of the same take)
//! to 1 mm on frames spread over the take; as FBX (Blender's FBX importer)
//! to 1 mm at every frame, with the take's timecode; and as USD, read by
//! Pixar's own library (`usd-core` from PyPI), to 1 mm at every frame.
//! Debian's Blender is built without USD, so its USD importer is not
//! tried.
//!
//! Blender is large, so this tier does not run with `cargo test`; run it
//! with
//!
//! ```text
//! cargo test --release -p posewire --test blender -- --ignored --nocapture
//! ```

mod common;
mod debian;
mod python_env;
mod usd_check;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{arg, posewire, text};
use posewire::serve::config::{AvatarConfig, SourceConfig};
use posewire::serve::Config;
use posewire_body::fingers::FingerJoint;
use posewire_body::formats::{JointTrack, TrackerTake};
use posewire_body::{Joint, JointMap};
use posewire_client::pb;

/// Blender's script that imports both files and writes the joints.
fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/blender/read_joints.py")
}

/// Blender's script that imports an FBX file and writes the joints.
fn fbx_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/blender/read_fbx.py")
}

/// The CMU clip the take is made from.
const CLIP: &str = "cmu_05_12_dance_arms_high_upper_body_rotation";

fn shared_data() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    dir.is_dir().then_some(dir)
}

/// Debian's packages the tier needs: Blender, and NumPy for its glTF
/// importer (a recommendation of the blender package, not a dependency).
const PACKAGES: [&str; 2] = ["blender", "python3-numpy"];

/// The path of Blender, with the packages installed with apt-get if any is
/// missing.
fn blender() -> Option<PathBuf> {
    let path = PathBuf::from("/usr/bin/blender");
    debian::ensure(&PACKAGES, || debian::installed(&PACKAGES) && path.is_file()).then_some(path)
}

/// Records a take of the clip on a real daemon: six devices synthesized
/// from the clip, the person calibrated from the matching calibration take,
/// the devices pushed in real time over gRPC to an avatar with that
/// profile, and the daemon's recorder writing the take. Returns the take
/// file and the profile.
fn record_take(data: &Path, dir: &Path) -> (PathBuf, PathBuf) {
    let bvh = data.join("mocap").join(format!("{CLIP}.bvh"));
    let run = |args: &[&str]| {
        let out = posewire(args);
        assert!(out.status.success(), "{args:?} failed:\n{}", text(&out).1);
    };
    run(&[
        "synth",
        "--bvh",
        arg(&bvh),
        "--devices",
        "6",
        "--out-dir",
        arg(dir),
    ]);
    let profile = dir.join("dancer.profile.toml");
    let calibration = dir.join(format!("{CLIP}.calibration.csv"));
    run(&[
        "calibrate",
        "--input",
        arg(&calibration),
        "--out",
        arg(&profile),
    ]);
    let trackers = TrackerTake::read(&dir.join(format!("{CLIP}.trackers.csv")))
        .expect("the synthesized tracker take reads");
    let storage = dir.join("storage");
    let config = Config {
        listen: "127.0.0.1:0".into(),
        avatars: vec![AvatarConfig {
            id: "dancer".into(),
            source: SourceConfig::Push {},
            profile: Some(profile.clone()),
            model: None,
        }],
        storage: storage.clone(),
        ..Config::default()
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    rt.block_on(async {
        let (daemon, client) = common::start_daemon(&config).await;
        let mut takes = client.take_service();
        takes
            .start_recording(pb::StartRecordingRequest {
                avatar_id: "dancer".into(),
                name: "dance".into(),
                timecode_start: "01:00:00:00".into(),
                timecode_rate: String::new(),
            })
            .await
            .expect("records");
        let start = posewire::push_take::unix_ns() + 50_000_000;
        posewire::push_take::push(&client, &trackers, "dancer", true, start)
            .await
            .expect("the devices are pushed");
        takes
            .stop_recording(pb::StopRecordingRequest {
                avatar_id: "dancer".into(),
            })
            .await
            .expect("stops");
        daemon.shutdown().await.expect("clean shutdown");
    });
    (storage.join("takes").join("dance.pwtake"), profile)
}

/// Joint positions per export frame, as Blender evaluated them.
type Evaluated = BTreeMap<String, BTreeMap<String, [f64; 3]>>;

fn evaluated(json: &serde_json::Value, importer: &str) -> Evaluated {
    let frames = &json[importer]["frames"];
    serde_json::from_value(frames.clone()).expect("frames of joint positions")
}

/// An imported armature's joint positions (the read script's `frames`, a
/// list in frame order) keyed by frame number as [`worst`] reads them.
fn armature_frames(armature: &serde_json::Value) -> Evaluated {
    let frames: Vec<BTreeMap<String, [f64; 3]>> =
        serde_json::from_value(armature["frames"].clone()).expect("frames of joint positions");
    frames
        .into_iter()
        .enumerate()
        .map(|(k, f)| (k.to_string(), f))
        .collect()
}

/// The worst distance (m) between Blender's joints and Posewire's, over
/// the given frames and every canonical joint, with where it happened.
fn worst(track: &JointTrack, blender: &Evaluated, frames: &[usize]) -> (f64, String) {
    let mut worst = (0.0, String::new());
    for &k in frames {
        let ours: JointMap<_> = track.frames[k].positions();
        let theirs = blender
            .get(&k.to_string())
            .unwrap_or_else(|| panic!("Blender evaluated no frame {k}"));
        for j in Joint::ALL {
            let p = theirs
                .get(j.name())
                .unwrap_or_else(|| panic!("Blender has no bone {} at frame {k}", j.name()));
            let d = ours[j].distance(glam::DVec3::from_array(*p));
            if d > worst.0 {
                worst = (d, format!("{} at frame {k}", j.name()));
            }
        }
    }
    worst
}

/// As [`worst`] for the 30 finger joints (the track's fingers, which
/// must be in Blender's armature too).
fn worst_fingers(track: &JointTrack, blender: &Evaluated, frames: &[usize]) -> (f64, String) {
    assert!(!track.fingers.is_empty(), "the track has no fingers");
    let mut worst = (0.0, String::new());
    for &k in frames {
        let theirs = blender
            .get(&k.to_string())
            .unwrap_or_else(|| panic!("Blender evaluated no frame {k}"));
        for (f, t) in FingerJoint::all().zip(&track.fingers[k]) {
            let name = f.name();
            let p = theirs
                .get(&name)
                .unwrap_or_else(|| panic!("Blender has no bone {name} at frame {k}"));
            let d = t.position.distance(glam::DVec3::from_array(*p));
            if d > worst.0 {
                worst = (d, format!("{name} at frame {k}"));
            }
        }
    }
    worst
}

/// A scene take's fingers through Blender's BVH importer (each avatar's
/// BVH file) and glTF importer (the avatar's armature of the scene's
/// glTF), on frames spread over the take: every finger joint within 1 mm
/// of the avatar's CSV export.
fn check_scene_bvh_and_gltf_fingers(
    blender: &Path,
    dir: &Path,
    export: &dyn Fn(&str, &str) -> PathBuf,
    tracks: &[JointTrack],
) {
    export("bvh", "scene.bvh");
    let glb = dir.join("scene.glb");
    for (id, track) in ["demo0", "demo1"].iter().zip(tracks) {
        let n = track.frames.len();
        let frames: Vec<usize> = (0..12).map(|i| i * (n - 1) / 11).collect();
        let bvh = dir.join(format!("scene-{id}.bvh"));
        let json = run_blender(
            blender,
            dir,
            &[
                "--bvh",
                arg(&bvh),
                "--gltf",
                arg(&glb),
                "--armature",
                id,
                "--frames",
                &comma_list(&frames),
            ],
        );
        for importer in ["bvh", "gltf"] {
            let evaluated = evaluated(&json, importer);
            let (body, at_body) = worst(track, &evaluated, &frames);
            let (d, at) = worst_fingers(track, &evaluated, &frames);
            println!(
                "scene {importer}, {id}: worst finger joint {:.4} mm ({at}), body joint {:.4} mm ({at_body}) over frames {}",
                d * 1000.0,
                body * 1000.0,
                comma_list(&frames)
            );
            assert!(d <= 0.001, "{importer} {id}: {at} {:.2} mm off", d * 1000.0);
            assert!(
                body <= 0.001,
                "{importer} {id}: {at_body} {:.2} mm off",
                body * 1000.0
            );
        }
    }
}

/// The vertices of an OBJ file, in order.
fn obj_vertices(path: &Path) -> Vec<glam::DVec3> {
    std::fs::read_to_string(path)
        .expect("the OBJ file")
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .map(|l| {
            let v: Vec<f64> = l
                .split_whitespace()
                .map(|x| x.parse().expect("a coordinate"))
                .collect();
            glam::DVec3::new(v[0], v[1], v[2])
        })
        .collect()
}

/// Runs Blender's script on the exports; returns its JSON.
fn run_blender(blender: &Path, dir: &Path, args: &[&str]) -> serde_json::Value {
    let json_path = dir.join("blender.json");
    let out = Command::new(blender)
        .args([
            "-b",
            "--factory-startup",
            "--python-exit-code",
            "3",
            "--python",
        ])
        .arg(script())
        .arg("--")
        .args(args)
        .args(["--fps", "90", "--out", arg(&json_path)])
        .output()
        .expect("Blender runs");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "Blender failed:\n{stdout}\n{stderr}");
    serde_json::from_str(&std::fs::read_to_string(&json_path).expect("Blender's JSON"))
        .expect("Blender wrote JSON")
}

/// Runs Blender's FBX import of `fbx` over its first `frames` frames;
/// returns the script's JSON.
fn run_blender_fbx(blender: &Path, dir: &Path, fbx: &Path, frames: usize) -> serde_json::Value {
    let json_path = dir.join("blender_fbx.json");
    let out = Command::new(blender)
        .args([
            "-b",
            "--factory-startup",
            "--python-exit-code",
            "3",
            "--python",
        ])
        .arg(fbx_script())
        .arg("--")
        .args(["--fbx", arg(fbx), "--frames", &frames.to_string()])
        .args(["--out", arg(&json_path)])
        .output()
        .expect("Blender runs");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "Blender failed:\n{stdout}\n{stderr}");
    serde_json::from_str(&std::fs::read_to_string(&json_path).expect("Blender's JSON"))
        .expect("Blender wrote JSON")
}

/// Blender's FBX import of the take: one armature named after the avatar
/// with the take's timecode, at the export's rate, every canonical joint
/// within 1 mm of the CSV export at every frame.
fn check_fbx_in_blender(blender: &Path, dir: &Path, fbx: &Path, track: &JointTrack) {
    let n = track.frames.len();
    let json = run_blender_fbx(blender, dir, fbx, n);
    assert_eq!(json["fps"].as_f64(), Some(90.0), "the scene's rate");
    let armatures = json["armatures"].as_object().expect("armatures");
    let names: Vec<&String> = armatures.keys().collect();
    assert_eq!(names, ["dancer"], "one armature, named after the avatar");
    let dancer = &armatures["dancer"];
    assert_eq!(dancer["custom"]["posewire_timecode"], "01:00:00:00");
    assert_eq!(
        dancer["frame_range"],
        serde_json::json!([1.0, n as f64]),
        "the action spans the take"
    );
    let evaluated = armature_frames(dancer);
    let all: Vec<usize> = (0..n).collect();
    let (d, at) = worst(track, &evaluated, &all);
    println!(
        "fbx (Blender {}): worst joint {:.4} mm ({at}) over all {n} frames",
        json["blender"],
        d * 1000.0
    );
    assert!(
        d <= 0.001,
        "Blender's FBX import puts {at} {:.2} mm from Posewire's",
        d * 1000.0
    );
}

fn comma_list(frames: &[usize]) -> String {
    frames
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Posewire's own linear blend skinning of the take's track (`posewire
/// skin --method lbs` with the take's profile), at every `every`th frame.
fn posewire_skinned(
    dir: &Path,
    csv: &Path,
    profile: &Path,
    model: Option<&Path>,
    every: usize,
) -> PathBuf {
    let out = dir.join(match model {
        Some(_) => "skinned_model",
        None => "skinned_body",
    });
    let every = every.to_string();
    let mut args = vec![
        "skin",
        "--joints",
        arg(csv),
        "--profile",
        arg(profile),
        "--method",
        "lbs",
        "--every",
        &every,
        "--out",
        arg(&out),
    ];
    if let Some(m) = model {
        args.extend(["--model", arg(m)]);
    }
    let o = posewire(&args);
    assert!(o.status.success(), "skin:\n{}", text(&o).1);
    out
}

/// The worst distance (m) between Blender's deformed mesh and Posewire's,
/// vertex by vertex, over the frames.
fn worst_vertex(blender: &serde_json::Value, ours: &Path, frames: &[usize]) -> f64 {
    let mut worst: f64 = 0.0;
    for &k in frames {
        let theirs: Vec<[f64; 3]> =
            serde_json::from_value(blender["frames"][k.to_string()].clone())
                .expect("Blender's vertices");
        let mine = obj_vertices(&ours.join(format!("frame_{:06}.obj", k + 1)));
        assert_eq!(theirs.len(), mine.len(), "vertex count at frame {k}");
        for (a, b) in theirs.iter().zip(&mine) {
            worst = worst.max(glam::DVec3::from_array(*a).distance(*b));
        }
    }
    worst
}

#[test]
#[ignore = "Blender tier: cargo test --release -p posewire --test blender -- --ignored"]
fn blender_imports_the_bvh_gltf_and_fbx_exports_with_the_joints_where_posewire_has_them() {
    let Some(data) = shared_data() else {
        println!("SKIPPED: ../shared/data not found");
        return;
    };
    let blender = blender().expect("Blender is installed or installable with apt-get");
    let dir = tempfile::tempdir().expect("tempdir");
    let (take, profile) = record_take(&data, dir.path());
    let model = data.join("models/CesiumMan.glb");
    let export = |format: &str, file: &str, extra: &[&str]| {
        let out = dir.path().join(file);
        let mut args = vec![
            "export",
            "--take",
            arg(&take),
            "--format",
            format,
            "--out",
            arg(&out),
        ];
        args.extend(extra);
        let o = posewire(&args);
        assert!(o.status.success(), "export {format}:\n{}", text(&o).1);
        out
    };
    let bvh = export("bvh", "dance.bvh", &[]);
    let gltf = export("gltf", "dance.glb", &[]);
    let model_gltf = export("gltf", "dance_cesium.glb", &["--skeleton", arg(&model)]);
    let csv = export("csv", "dance.joints.csv", &[]);
    let fbx = export("fbx", "dance.fbx", &[]);
    let usd = export("usd", "dance.usda", &[]);
    let track = JointTrack::read(&csv).expect("the CSV export reads");
    let n = track.frames.len();
    assert!(n > 500, "the take has {n} frames");
    let frames: Vec<usize> = (0..8).map(|i| i * (n - 1) / 7).collect();
    let every = n.div_ceil(6);
    let mesh_frames: Vec<usize> = (0..n).step_by(every).collect();
    let json = run_blender(
        &blender,
        dir.path(),
        &[
            "--bvh",
            arg(&bvh),
            "--gltf",
            arg(&gltf),
            "--frames",
            &comma_list(&frames),
            "--mesh-gltf",
            arg(&gltf),
            "--mesh-gltf",
            arg(&model_gltf),
            "--mesh-frames",
            &comma_list(&mesh_frames),
        ],
    );
    println!("Blender {}", json["blender"]);
    for importer in ["bvh", "gltf"] {
        let (d, at) = worst(&track, &evaluated(&json, importer), &frames);
        println!(
            "{importer}: worst joint {:.3} mm ({at}) over frames {} of {n}",
            d * 1000.0,
            comma_list(&frames)
        );
        assert!(
            d <= 0.001,
            "Blender's {importer} import puts {at} {:.2} mm from Posewire's",
            d * 1000.0
        );
    }
    check_fbx_in_blender(&blender, dir.path(), &fbx, &track);
    match usd_check::read_with_pixar_usd(&usd, dir.path()) {
        Ok(json) => {
            let (d, at) = usd_check::worst_joint(&json, "dancer", &track);
            println!(
                "usd (Pixar USD {}): worst joint {:.4} mm ({at}) over all {n} frames",
                json["usd"],
                d * 1000.0
            );
            assert!(
                d <= 0.001,
                "UsdSkel puts {at} {:.2} mm from Posewire's",
                d * 1000.0
            );
            assert_eq!(json["customLayerData"]["timecode"], "01:00:00:00");
            assert_eq!(
                json["validation"],
                serde_json::json!([]),
                "USD's validators"
            );
        }
        Err(why) => println!("SKIPPED the USD check: {why}"),
    }
    for (file, model) in [(&gltf, None), (&model_gltf, Some(model.as_path()))] {
        let mesh = &json["meshes"][arg(file)];
        assert_eq!(
            mesh["armature"].as_array().map(Vec::len),
            Some(1),
            "{}: the mesh is bound to the armature",
            file.display()
        );
        let ours = posewire_skinned(dir.path(), &csv, &profile, model, every);
        let d = worst_vertex(mesh, &ours, &mesh_frames);
        println!(
            "{}: {} vertices, worst vertex {:.3} mm from Posewire's own linear blend skinning over frames {}",
            mesh["name"],
            mesh["vertices"],
            d * 1000.0,
            comma_list(&mesh_frames)
        );
        assert!(
            d <= 0.001,
            "{}: Blender skins a vertex {:.2} mm from Posewire",
            file.display(),
            d * 1000.0
        );
    }
}

/// The bar of issue 44 (scene takes): a 6 s take of the whole space with
/// two demo people (`posewire record --all --timecode 01:00:00:00` against
/// the daemon binary) exported as FBX, USD and glTF; Blender's FBX
/// importer and Pixar's UsdSkel put every canonical joint of each avatar
/// within 1 mm of that avatar's CSV export at every frame; the FBX and USD
/// hold two skeletons, the glTF two skins; the timecode is in the USD
/// layer (and its start is the layer's `startTimeCode`) and on Blender's
/// armatures. The fingers (both hands close on the ball and open to throw
/// in the take) through Blender's FBX importer at every frame, its BVH
/// importer (each avatar's file) and its glTF importer (the scene's file)
/// on frames spread over the take, within 1 mm of the CSV.
#[test]
#[ignore = "Blender tier: cargo test --release -p posewire --test blender -- --ignored"]
fn a_scene_take_of_two_people_imports_with_every_joint_of_each_where_posewire_has_it() {
    let blender = blender().expect("Blender is installed or installable with apt-get");
    let dir = tempfile::tempdir().expect("tempdir");
    // Six seconds of ticks at 90 Hz; both hands close on the ball and
    // open to throw during the take (`common::scene`).
    let (_storage, take) = common::record_demo_scene(dir.path(), "scene", 540);

    let export = |format: &str, file: &str| {
        let out = dir.path().join(file);
        let o = posewire(&[
            "export",
            "--take",
            arg(&take),
            "--format",
            format,
            "--out",
            arg(&out),
        ]);
        assert!(o.status.success(), "export {format}:\n{}", text(&o).1);
        out
    };
    let fbx = export("fbx", "scene.fbx");
    let usd = export("usd", "scene.usda");
    let glb = export("gltf", "scene.glb");
    export("csv", "scene.csv");
    let ids = ["demo0", "demo1"];
    let tracks: Vec<JointTrack> = ids
        .iter()
        .map(|id| JointTrack::read(&dir.path().join(format!("scene-{id}.csv"))).expect("CSV"))
        .collect();
    let n = tracks[0].frames.len();
    assert!(n >= 540, "the take has {n} frames");
    assert_eq!(tracks[1].frames.len(), n, "both on the take's ticks");

    let json = run_blender_fbx(&blender, dir.path(), &fbx, n);
    let armatures = json["armatures"].as_object().expect("armatures");
    let names: Vec<&String> = armatures.keys().collect();
    assert_eq!(names, ids, "one armature per avatar, named after it");
    for (id, track) in ids.iter().zip(&tracks) {
        let armature = &armatures[*id];
        assert_eq!(armature["custom"]["posewire_timecode"], "01:00:00:00");
        let evaluated = armature_frames(armature);
        let all: Vec<usize> = (0..n).collect();
        let (d, at) = worst(track, &evaluated, &all);
        println!(
            "scene fbx (Blender {}), {id}: worst joint {:.4} mm ({at}) over all {n} frames",
            json["blender"],
            d * 1000.0
        );
        assert!(
            d <= 0.001,
            "{id}: {at} {:.2} mm from Posewire's",
            d * 1000.0
        );
        let (d, at) = worst_fingers(track, &evaluated, &all);
        println!(
            "scene fbx, {id}: worst finger joint {:.4} mm ({at}) over all {n} frames",
            d * 1000.0
        );
        assert!(d <= 0.001, "{id}: {at} {:.2} mm off", d * 1000.0);
    }
    check_scene_bvh_and_gltf_fingers(&blender, dir.path(), &export, &tracks);

    match usd_check::read_with_pixar_usd(&usd, dir.path()) {
        Ok(json) => {
            let skeletons = json["skeletons"].as_object().expect("skeletons");
            assert_eq!(skeletons.len(), 2, "two skeletons in the USD");
            for (id, track) in ids.iter().zip(&tracks) {
                let (d, at) = usd_check::worst_joint(&json, id, track);
                println!(
                    "scene usd (Pixar USD {}), {id}: worst joint {:.4} mm ({at}) over all {n} time codes",
                    json["usd"],
                    d * 1000.0
                );
                assert!(
                    d <= 0.001,
                    "{id}: UsdSkel puts {at} {:.2} mm off",
                    d * 1000.0
                );
            }
            let layer = &json["customLayerData"];
            assert_eq!(layer["timecode"], "01:00:00:00");
            assert_eq!(layer["timecode_rate"], "30");
            assert_eq!(layer["timecode_start_frame"], 108_000);
            // 01:00:00:00 is 3600 s: frame 324000 of the export's 90 fps.
            assert_eq!(json["startTimeCode"], 324_000.0);
            assert_eq!(
                json["validation"],
                serde_json::json!([]),
                "USD's validators"
            );
        }
        Err(why) => println!("SKIPPED the USD check: {why}"),
    }

    let bytes = std::fs::read(&glb).expect("glb");
    let len = u32::from_le_bytes([bytes[12], bytes[13], bytes[14], bytes[15]]) as usize;
    let gltf: serde_json::Value = serde_json::from_slice(&bytes[20..20 + len]).expect("glTF JSON");
    assert_eq!(gltf["skins"].as_array().map(Vec::len), Some(2), "two skins");
    assert_eq!(gltf["asset"]["extras"]["timecode"], "01:00:00:00");
    let nodes: Vec<&str> = gltf["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .filter_map(|n| n["name"].as_str())
        .collect();
    assert!(ids.iter().all(|id| nodes.contains(id)), "{nodes:?}");
}
