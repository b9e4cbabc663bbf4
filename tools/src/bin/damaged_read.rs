//! Development aid: how long opening a take costs when it is whole and
//! when a stretch of it is damaged (the reader then looks for the next
//! valid record byte by byte):
//! `cargo run --release -p posewire-tools --bin damaged_read -- [--seconds 600] [--damaged-mb 10]`.

use std::time::Instant;

use posewire_body::formats::TrackerSample;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, Device, JointMap, Transform};
use posewire_takes::{
    from_bytes, Record, SolveVersion, SolvedFrame, TakeError, TakeInfo, TakeWriter, Tick,
};

/// The cost of opening a whole and a damaged take.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// The take's length, seconds at 90 Hz.
    #[arg(long, default_value_t = 600)]
    seconds: u64,
    /// How many MB of random bytes to write over its middle (at most half
    /// the take).
    #[arg(long, value_name = "MB", default_value_t = 10)]
    damaged_mb: usize,
}

fn main() -> Result<(), TakeError> {
    let args = <Args as clap::Parser>::parse();
    let (seconds, damaged_mb) = (args.seconds, args.damaged_mb);
    let dir = std::env::temp_dir().join(format!("posewire-damaged-read-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|source| TakeError::Io {
        path: dir.clone(),
        action: "creating a folder",
        source,
    })?;
    let path = dir.join("bench.pwtake");
    write(&path, seconds * 90)?;
    let whole = std::fs::read(&path).map_err(|source| TakeError::Io {
        path: path.clone(),
        action: "reading",
        source,
    })?;
    let _ = std::fs::remove_dir_all(&dir);
    let t = Instant::now();
    let take = from_bytes(&path, &whole)?;
    let whole_s = t.elapsed().as_secs_f64();
    let mut damaged = whole.clone();
    let junk = (damaged_mb << 20).min(damaged.len() / 2);
    let start = damaged.len() / 4;
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for b in &mut damaged[start..start + junk] {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *b = x as u8;
    }
    let t = Instant::now();
    let read = from_bytes(&path, &damaged)?;
    let damaged_s = t.elapsed().as_secs_f64();
    println!(
        "take of {seconds} s: {} bytes, {} ticks; whole: opened in {whole_s:.3} s",
        whole.len(),
        take.ticks.len()
    );
    println!(
        "{junk} random bytes over the middle: opened in {damaged_s:.3} s, {} ticks recovered, {} damaged region(s): {}",
        read.ticks.len(),
        read.damage.len(),
        read.damage.first().map(ToString::to_string).unwrap_or_default()
    );
    Ok(())
}

/// A take of `ticks` ticks of six devices with their solved frames.
fn write(path: &std::path::Path, ticks: u64) -> Result<(), TakeError> {
    let mut w = TakeWriter::create(
        path,
        &TakeInfo {
            name: "bench".into(),
            avatar_id: "a".into(),
            created_unix_ns: 0,
            rate_hz: 90.0,
            timecode_start: None,
            solver: "ik".into(),
            software: "damaged_read".into(),
        },
    )?;
    w.push(&Record::Version(SolveVersion {
        version: 1,
        created_unix_ns: 0,
        description: "live".into(),
    }))?;
    for k in 0..ticks {
        let t = k as f64 / 90.0;
        let pose = Transform::new(DVec3::new(t.sin(), 1.6, t.cos()), DQuat::from_rotation_y(t));
        w.push(&Record::Tick(Tick {
            sequence: k,
            time_s: t,
            samples: Device::ALL
                .iter()
                .map(|&device| TrackerSample {
                    time_s: t,
                    device,
                    pose: Some(pose),
                    input: None,
                })
                .collect(),
        }))?;
        w.push(&Record::Solved(SolvedFrame {
            version: 1,
            sequence: k,
            time_s: t,
            pose: BodyPose {
                root: DVec3::new(0.0, 0.95, t),
                rotations: JointMap::splat(DQuat::from_rotation_x(t)),
            },
            contacts: [true, false],
        }))?;
        if k % 900 == 0 {
            w.flush()?;
        }
    }
    w.finish("done").map(|_| ())
}
