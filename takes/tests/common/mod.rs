//! What the take tests share: a take with every kind of record, and its
//! record boundaries walked by the documented framing.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use posewire_body::formats::TrackerSample;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, Device, Joint, JointMap, Transform};
use posewire_takes::{
    Marker, ProfileChange, Record, SolveVersion, SolvedFrame, TakeInfo, TakeWriter, Tick,
};

/// The identity of the test take.
pub fn info() -> TakeInfo {
    TakeInfo {
        name: "scene 4 take 2".into(),
        avatar_id: "alice".into(),
        created_unix_ns: 1_795_000_000_000_000_000,
        rate_hz: 90.0,
        timecode_start: Some("01:00:00:00".into()),
        solver: "physics".into(),
        software: "posewire test".into(),
    }
}

/// Tick `k`: six devices, the right hand lost.
pub fn tick(k: u64) -> Tick {
    let t = k as f64 / 90.0;
    let mut samples: Vec<TrackerSample> = Device::ALL
        .iter()
        .map(|&device| TrackerSample {
            time_s: t - 0.004,
            device,
            pose: Some(Transform::new(
                DVec3::new(0.1 * k as f64, 1.0 + device.index() as f64 * 0.1, -0.5),
                DQuat::from_rotation_y(0.01 * k as f64),
            )),
            input: None,
        })
        .collect();
    // A tracking loss is stored as such.
    samples[2].pose = None;
    Tick {
        sequence: k,
        time_s: t,
        samples,
    }
}

/// Solved frame `k` of a version.
pub fn solved(version: u32, k: u64) -> SolvedFrame {
    let mut rotations = JointMap::splat(DQuat::IDENTITY);
    for (i, j) in Joint::ALL.into_iter().enumerate() {
        rotations[j] = DQuat::from_rotation_x(0.001 * (k as f64 + i as f64));
    }
    SolvedFrame {
        version,
        sequence: k,
        time_s: k as f64 / 90.0,
        pose: BodyPose {
            root: DVec3::new(0.0, 0.95, 0.01 * k as f64),
            rotations,
        },
        contacts: [k.is_multiple_of(2), k.is_multiple_of(3)],
    }
}

/// Writes a take of `ticks` ticks with every kind of record; returns its path.
pub fn write_take(dir: &Path, ticks: u64) -> PathBuf {
    let path = dir.join("take.pwtake");
    let mut w = TakeWriter::create(&path, &info()).expect("create");
    w.push(&Record::Profile(ProfileChange {
        from_sequence: 0,
        toml: "version = 1\nstature = 1.75\n".into(),
    }))
    .expect("profile");
    w.push(&Record::Config("rate_hz = 90\n".into()))
        .expect("config");
    w.push(&Record::Version(SolveVersion {
        version: 1,
        created_unix_ns: 5,
        description: "live, physics".into(),
    }))
    .expect("version");
    for k in 0..ticks {
        w.push(&Record::Tick(tick(k))).expect("tick");
        w.push(&Record::Solved(solved(1, k))).expect("frame");
        if k == 3 {
            w.push(&Record::Marker(Marker {
                time_s: k as f64 / 90.0,
                label: "cue".into(),
            }))
            .expect("marker");
        }
        if k % 9 == 0 {
            w.flush().expect("flush");
        }
    }
    w.finish("stopped by the user").expect("finish");
    path
}

/// Where each record starts, by the documented framing (12-byte header,
/// then length u32 + kind u8 + payload + CRC u32), walked independently
/// of the reader; the last entry is the file's length.
pub fn boundaries(bytes: &[u8]) -> Vec<usize> {
    let mut at = vec![12usize];
    while let Some(&p) = at.last().filter(|&&p| p < bytes.len()) {
        let len = u32::from_le_bytes([bytes[p], bytes[p + 1], bytes[p + 2], bytes[p + 3]]);
        at.push(p + len as usize + 9);
    }
    at
}

/// A 64 KiB tmpfs that fills after about a second of take, unmounted when
/// dropped.
pub struct SmallDisk {
    /// Where it is mounted.
    pub path: PathBuf,
}

impl SmallDisk {
    /// Mounts one in `dir`; `None` (saying so) where mounting needs a root
    /// this test does not have, so the disk-full path is not exercised.
    pub fn mount(dir: &Path) -> Option<SmallDisk> {
        let path = dir.join("small");
        std::fs::create_dir(&path).expect("mkdir");
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
            .arg(&path)
            .status()
            .is_ok_and(|s| s.success());
        if !mounted {
            println!("SKIPPED: could not mount a small tmpfs (needs root): the disk-full path is not exercised here");
            return None;
        }
        Some(SmallDisk { path })
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg(&self.path)
            .status();
    }
}
