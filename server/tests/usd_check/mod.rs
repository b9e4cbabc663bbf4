//! Pixar's own USD library reading a USD export: `usd-core` from PyPI in a
//! virtual environment under the target folder (`python_env`), running
//! `tests/usd/read_skeletons.py`, which writes the stage's metadata, every
//! skeleton's joint world positions at every time code (UsdSkel's
//! `ComputeJointWorldTransforms`) and the objects' positions as JSON.
//! Included with `mod` next to `mod python_env`.

#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

use posewire_body::fingers::FingerJoint;
use posewire_body::formats::JointTrack;
use posewire_body::Joint;

use crate::python_env::{python_with, run, tail, NoPython};

/// What Pixar's USD reads in `usd` (the script's JSON), or why it could
/// not be run (no python3, no network to PyPI).
pub fn read_with_pixar_usd(usd: &Path, dir: &Path) -> Result<serde_json::Value, String> {
    let python =
        python_with("python-usd", &["usd-core"], "from pxr import Usd, UsdSkel").map_err(|e| {
            match e {
                NoPython::Unavailable(why) | NoPython::InstallFailed(why) => why,
            }
        })?;
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/usd/read_skeletons.py");
    let json_path = dir.join("usd.json");
    let out = run(Command::new(&python).arg(&script).arg(usd).arg(&json_path))
        .expect("the USD script runs");
    assert!(
        out.status.success(),
        "Pixar's USD could not read {}: {}",
        usd.display(),
        tail(&out.stderr)
    );
    let text = std::fs::read_to_string(&json_path).expect("the script's JSON");
    Ok(serde_json::from_str(&text).expect("the script wrote JSON"))
}

/// The worst distance (m) between UsdSkel's joint positions of the
/// skeleton under the SkelRoot `name` and the joint track's, over every
/// frame and every canonical joint (and finger joint, when the track
/// has them), with where it happened.
pub fn worst_joint(json: &serde_json::Value, name: &str, track: &JointTrack) -> (f64, String) {
    let frames = json["skeletons"][name]["frames"]
        .as_array()
        .unwrap_or_else(|| panic!("USD has no skeleton {name}: {}", json["skeletons"]));
    assert_eq!(
        frames.len(),
        track.frames.len(),
        "time codes against CSV frames"
    );
    let mut worst = (0.0, String::new());
    for (k, (theirs, ours)) in frames.iter().zip(&track.frames).enumerate() {
        let ours = ours.positions();
        for j in Joint::ALL {
            let p: [f64; 3] = serde_json::from_value(theirs[j.name()].clone())
                .unwrap_or_else(|_| panic!("USD has no joint {} at time code {k}", j.name()));
            let d = ours[j].distance(glam::DVec3::from_array(p));
            if d > worst.0 {
                worst = (d, format!("{} at time code {k}", j.name()));
            }
        }
        let fingers = track.fingers.get(k).into_iter().flatten();
        for (f, ours) in FingerJoint::all().zip(fingers) {
            let name = f.name();
            let p: [f64; 3] = serde_json::from_value(theirs[name.as_str()].clone())
                .unwrap_or_else(|_| panic!("USD has no joint {name} at time code {k}"));
            let d = ours.position.distance(glam::DVec3::from_array(p));
            if d > worst.0 {
                worst = (d, format!("{name} at time code {k}"));
            }
        }
    }
    worst
}

/// What Pixar's Sdf finds comparing two layers (`tests/usd/same_layer.py`:
/// their file formats, whether their contents are identical, the first
/// differing lines), or why it could not be run.
pub fn compare_with_pixar_sdf(
    first: &Path,
    second: &Path,
    dir: &Path,
) -> Result<serde_json::Value, String> {
    let python =
        python_with("python-usd", &["usd-core"], "from pxr import Usd, UsdSkel").map_err(|e| {
            match e {
                NoPython::Unavailable(why) | NoPython::InstallFailed(why) => why,
            }
        })?;
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/usd/same_layer.py");
    let json_path = dir.join("same_layer.json");
    let out = run(Command::new(&python)
        .arg(&script)
        .arg(first)
        .arg(second)
        .arg(&json_path))
    .expect("the USD script runs");
    assert!(
        out.status.success(),
        "Pixar's Sdf could not compare {} and {}: {}",
        first.display(),
        second.display(),
        tail(&out.stderr)
    );
    let text = std::fs::read_to_string(&json_path).expect("the script's JSON");
    Ok(serde_json::from_str(&text).expect("the script wrote JSON"))
}
