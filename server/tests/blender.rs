//! The Blender tier (issue 8): Blender itself (Debian's `blender`, installed
//! with apt-get when missing) imports a take exported by `posewire export`
//! as BVH and as glTF binary, headless, and its evaluated joint positions
//! must match Posewire's own (the joint-track CSV export of the same take)
//! to 1 mm on frames spread over the take.
//!
//! Blender is large, so this tier does not run with `cargo test`; run it
//! with
//!
//! ```text
//! cargo test --release -p posewire --test blender -- --ignored --nocapture
//! ```

mod cli_common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use cli_common::{arg, posewire, text};
use posewire_body::formats::JointTrack;
use posewire_body::{BodyPose, BodyProfile, Joint, JointMap};
use posewire_takes::{ProfileChange, Record, SolveVersion, SolvedFrame, TakeInfo, TakeWriter};

/// Blender's script that imports both files and writes the joints.
fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/blender/read_joints.py")
}

/// The CMU clip the take is made from.
const CLIP: &str = "cmu_05_12_dance_arms_high_upper_body_rotation";

fn shared_data() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    dir.is_dir().then_some(dir)
}

fn apt_get(args: &[&str]) -> bool {
    Command::new("apt-get")
        .args(args)
        .env("DEBIAN_FRONTEND", "noninteractive")
        .status()
        .is_ok_and(|s| s.success())
}

/// Debian's packages the tier needs: Blender, and NumPy for its glTF
/// importer (a recommendation of the blender package, not a dependency).
const PACKAGES: [&str; 2] = ["blender", "python3-numpy"];

fn packages_installed() -> bool {
    Command::new("dpkg-query")
        .args(["-W", "-f", "${Status}\\n"])
        .args(PACKAGES)
        .output()
        .is_ok_and(|o| {
            o.status.success()
                && String::from_utf8_lossy(&o.stdout)
                    .lines()
                    .all(|l| l.ends_with(" installed"))
        })
}

/// The path of Blender, with the packages installed with apt-get if any is
/// missing.
fn blender() -> Option<PathBuf> {
    if !packages_installed() {
        println!("installing: apt-get install -y --no-install-recommends {PACKAGES:?}");
        let mut args = vec!["install", "-y", "--no-install-recommends"];
        args.extend(PACKAGES);
        let _ = apt_get(&args) || (apt_get(&["update"]) && apt_get(&args));
    }
    let path = PathBuf::from("/usr/bin/blender");
    (packages_installed() && path.is_file()).then_some(path)
}

/// Makes a take of the clip: synthesize six devices, calibrate, solve,
/// and store the solved body as version 1 of a take, as the recorder does.
fn make_take(data: &Path, dir: &Path) -> PathBuf {
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
    let profile_path = dir.join("profile.toml");
    let calibration = dir.join(format!("{CLIP}.calibration.csv"));
    run(&[
        "calibrate",
        "--input",
        arg(&calibration),
        "--out",
        arg(&profile_path),
    ]);
    let solved = dir.join("solved.joints.csv");
    let trackers = dir.join(format!("{CLIP}.trackers.csv"));
    run(&[
        "solve",
        "--profile",
        arg(&profile_path),
        "--trackers",
        arg(&trackers),
        "--out",
        arg(&solved),
    ]);
    let profile = BodyProfile::load(&profile_path).expect("the saved profile loads");
    let track = JointTrack::read(&solved).expect("the solved track reads");
    let path = dir.join("dance.pwtake");
    let mut w = TakeWriter::create(
        &path,
        &TakeInfo {
            name: "dance".into(),
            avatar_id: "performer".into(),
            created_unix_ns: 0,
            rate_hz: 90.0,
            timecode_start: None,
            solver: "physics".into(),
            software: "posewire blender tier".into(),
        },
    )
    .expect("create the take");
    w.push(&Record::Profile(ProfileChange {
        from_sequence: 0,
        toml: profile.to_toml(),
    }))
    .expect("profile record");
    w.push(&Record::Version(SolveVersion {
        version: 1,
        created_unix_ns: 0,
        description: "posewire solve".into(),
    }))
    .expect("version record");
    for (k, frame) in track.frames.iter().enumerate() {
        let pose = BodyPose {
            root: frame.joints[Joint::Pelvis].position,
            rotations: frame.joints.map(|_, t| t.rotation),
        };
        w.push(&Record::Solved(SolvedFrame {
            version: 1,
            sequence: k as u64,
            time_s: frame.time_s,
            pose,
            contacts: [false; 2],
        }))
        .expect("solved frame");
    }
    w.finish("done").expect("finish the take");
    path
}

/// Joint positions per export frame, as Blender evaluated them.
type Evaluated = BTreeMap<String, BTreeMap<String, [f64; 3]>>;

fn evaluated(json: &serde_json::Value, importer: &str) -> Evaluated {
    let frames = &json[importer]["frames"];
    serde_json::from_value(frames.clone()).expect("frames of joint positions")
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

#[test]
#[ignore = "Blender tier: cargo test --release -p posewire --test blender -- --ignored"]
fn blender_imports_the_bvh_and_gltf_exports_with_the_joints_where_posewire_has_them() {
    let Some(data) = shared_data() else {
        println!("SKIPPED: ../shared/data not found");
        return;
    };
    let blender = blender().expect("Blender is installed or installable with apt-get");
    let dir = tempfile::tempdir().expect("tempdir");
    let take = make_take(&data, dir.path());
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
    let bvh = export("bvh", "dance.bvh");
    let gltf = export("gltf", "dance.glb");
    let csv = export("csv", "dance.joints.csv");
    let track = JointTrack::read(&csv).expect("the CSV export reads");
    let n = track.frames.len();
    assert!(n > 500, "the take has {n} frames");
    let frames: Vec<usize> = (0..8).map(|i| i * (n - 1) / 7).collect();
    let list = frames
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let json_path = dir.path().join("blender.json");
    let out = Command::new(&blender)
        .args([
            "-b",
            "--factory-startup",
            "--python-exit-code",
            "3",
            "--python",
        ])
        .arg(script())
        .args(["--", "--bvh", arg(&bvh), "--gltf", arg(&gltf)])
        .args(["--fps", "90", "--frames", &list, "--out", arg(&json_path)])
        .output()
        .expect("Blender runs");
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "Blender failed:\n{stdout}\n{stderr}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).expect("Blender's JSON"))
            .expect("Blender wrote JSON");
    println!("Blender {}", json["blender"]);
    for importer in ["bvh", "gltf"] {
        let (d, at) = worst(&track, &evaluated(&json, importer), &frames);
        println!(
            "{importer}: worst joint {:.3} mm ({at}) over frames {list} of {n}",
            d * 1000.0
        );
        assert!(
            d <= 0.001,
            "Blender's {importer} import puts {at} {:.2} mm from Posewire's",
            d * 1000.0
        );
    }
}
