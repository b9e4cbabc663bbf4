//! The take folder as the services see it: summaries, rename, delete, and
//! a take's solved frames as API frames. Runs on blocking threads (it
//! reads whole files).

use std::path::{Path, PathBuf};

use posewire_body::{BodyProfile, Device, Skeleton};
use posewire_proto::v1 as pb;
use posewire_takes::{Record, Take, TakeWriter};
use tonic::Status;

use super::frame_build::{avatar_frame, AvatarSnapshot};
use super::recorder::names::{check_name, take_path, EXTENSION};

/// A take error as a status: a missing file is NOT_FOUND, the rest names
/// the file and the cause.
pub fn status(e: &posewire_takes::TakeError) -> Status {
    match e {
        posewire_takes::TakeError::Io { source, .. }
            if source.kind() == std::io::ErrorKind::NotFound =>
        {
            Status::not_found(e.to_string())
        }
        _ => Status::failed_precondition(e.to_string()),
    }
}

/// Opens a take by name.
pub fn open(dir: &Path, name: &str) -> Result<(PathBuf, Take), Status> {
    check_name(name).map_err(Status::invalid_argument)?;
    let path = take_path(dir, name);
    let take = posewire_takes::open(&path).map_err(|e| status(&e))?;
    Ok((path, take))
}

/// What a take holds, for the API.
pub fn summary(path: &Path, take: &Take, recording: bool) -> pb::TakeSummary {
    let first = take
        .ticks
        .first()
        .into_iter()
        .chain(take.avatars.iter().flat_map(|a| a.ticks.first()))
        .map(|t| t.time_s)
        .fold(f64::INFINITY, f64::min);
    let first = if first.is_finite() { first } else { 0.0 };
    let scene_ticks: std::collections::BTreeSet<u64> = take
        .avatars
        .iter()
        .flat_map(|a| a.ticks.iter().map(|t| t.sequence))
        .collect();
    let frames = |v: u32| {
        take.frames(v).count()
            + take
                .avatars
                .iter()
                .map(|a| a.solved.iter().filter(|f| f.version == v).count())
                .sum::<usize>()
    };
    let name = path.file_stem().map_or_else(
        || take.info.name.clone(),
        |s| s.to_string_lossy().into_owned(),
    );
    pb::TakeSummary {
        name,
        avatar_id: take.info.avatar_id.clone(),
        created_unix_ns: take.info.created_unix_ns,
        rate_hz: take.info.rate_hz,
        timecode_start: take.info.timecode_start.clone().unwrap_or_default(),
        duration_s: take.duration_s(),
        ticks: (take.ticks.len() + scene_ticks.len()) as u64,
        timecode_rate: take
            .timecode
            .map(|t| t.rate.name().to_string())
            .unwrap_or_default(),
        timecode_start_frame: take.timecode.map_or(0, |t| t.start_frame),
        scene_avatar_ids: take.avatars.iter().map(|a| a.id.clone()).collect(),
        versions: take
            .versions
            .iter()
            .map(|v| pb::TakeVersion {
                version: v.version,
                description: v.description.clone(),
                frames: frames(v.version) as u64,
            })
            .collect(),
        markers: take
            .markers
            .iter()
            .map(|m| pb::TakeMarker {
                time_s: m.time_s - first,
                label: m.label.clone(),
            })
            .collect(),
        bytes: std::fs::metadata(path).map_or(0, |m| m.len()),
        recording,
        ended: take.ended.clone().unwrap_or_default(),
        cut: take
            .cut
            .as_ref()
            .map(ToString::to_string)
            .unwrap_or_default(),
        stop_error: take.stop_error().unwrap_or_default().to_string(),
        damage: take
            .damage
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n"),
    }
}

/// Every take in the folder, oldest first; `recording` says which name
/// is being recorded. Files that are not readable takes are left out
/// (and logged).
pub fn list(dir: &Path, recording: impl Fn(&str) -> bool) -> Result<Vec<pb::TakeSummary>, Status> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(Status::internal(format!(
                "cannot list the take folder {}: {e}",
                dir.display()
            )))
        }
    };
    let mut out = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some(EXTENSION) {
            continue;
        }
        match posewire_takes::open(&path) {
            Ok(take) => {
                let stem = path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                out.push(summary(&path, &take, recording(&stem)));
            }
            Err(e) => tracing::warn!(error = %e, "not listed: the file is not a readable take"),
        }
    }
    out.sort_by(|a, b| {
        a.created_unix_ns
            .cmp(&b.created_unix_ns)
            .then(a.name.cmp(&b.name))
    });
    Ok(out)
}

/// Renames a take: appends a rename record, then renames the file.
pub fn rename(dir: &Path, name: &str, new_name: &str) -> Result<pb::TakeSummary, Status> {
    check_name(new_name).map_err(|e| Status::invalid_argument(format!("new_name: {e}")))?;
    let (path, _) = open(dir, name)?;
    let to = take_path(dir, new_name);
    if to.exists() {
        return Err(Status::already_exists(format!(
            "a take named `{new_name}` exists ({})",
            to.display()
        )));
    }
    let (mut writer, _, _) = TakeWriter::append(&path).map_err(|e| status(&e))?;
    writer
        .push(&Record::Renamed(new_name.to_string()))
        .and_then(|()| writer.sync())
        .map_err(|e| status(&e))?;
    drop(writer);
    std::fs::rename(&path, &to).map_err(|e| {
        Status::internal(format!(
            "cannot rename {} to {}: {e}",
            path.display(),
            to.display()
        ))
    })?;
    let take = posewire_takes::open(&to).map_err(|e| status(&e))?;
    Ok(summary(&to, &take, false))
}

/// Deletes a take's file (and a space reserve a crashed recording left).
pub fn delete(dir: &Path, name: &str) -> Result<(), Status> {
    check_name(name).map_err(Status::invalid_argument)?;
    let path = take_path(dir, name);
    let _ = std::fs::remove_file(super::recorder::reserve::reserve_path(&path));
    std::fs::remove_file(&path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            Status::not_found(format!("no take `{name}` ({})", path.display()))
        } else {
            Status::internal(format!("cannot delete {}: {e}", path.display()))
        }
    })
}

/// One solved version of a take (0: the latest) as API frames: one
/// avatar frame each, `simulation_time_s` the take time, `sequence` the
/// recorded tick.
pub fn frames(take: &Take, version: u32) -> Result<Vec<pb::Frame>, Status> {
    let version = if version == 0 {
        take.latest_version()
            .ok_or_else(|| Status::failed_precondition("the take has no solved version"))?
    } else {
        version
    };
    if !take.versions.iter().any(|v| v.version == version) {
        return Err(Status::not_found(format!(
            "the take has no solved version {version}"
        )));
    }
    if take.is_scene() {
        return scene_frames(take, version);
    }
    let first = take.ticks.first().map_or(0.0, |t| t.time_s);
    let no_devices = [None; Device::COUNT];
    let mut skeleton_of: Option<(u64, Skeleton)> = None;
    let mut out = Vec::new();
    let local = super::take_fingers::solved_fingers(take, version);
    let mut hands_of: Option<(u64, posewire_body::fingers::HandSkeleton)> = None;
    for (k, f) in take.frames(version).enumerate() {
        let profile = take.profile_at(f.sequence);
        let from = profile.map_or(0, |p| p.from_sequence);
        let skeleton = match skeleton_of {
            Some((at, s)) if at == from => s,
            _ => {
                let body = match profile {
                    Some(p) => BodyProfile::from_toml(&p.toml, "the take's profile")
                        .map_err(|e| Status::failed_precondition(e.to_string()))?,
                    None => BodyProfile::from_stature(super::defaults::DEFAULT_STATURE_M),
                };
                let s = Skeleton::from_profile(&body);
                skeleton_of = Some((from, s));
                s
            }
        };
        let t = f.time_s - first;
        let hands = match hands_of {
            Some((at, h)) if at == from => h,
            _ => {
                let h = posewire_body::fingers::HandSkeleton::from_skeleton(&skeleton);
                hands_of = Some((from, h));
                h
            }
        };
        let fingers = local
            .as_ref()
            .and_then(|l| l.get(k))
            .map(|(_, l)| (&hands, *l));
        let avatar = avatar_frame(
            &AvatarSnapshot {
                id: &take.info.avatar_id,
                pose: &f.pose,
                skeleton: &skeleton,
                devices: &no_devices,
                contacts: f.contacts,
                physics: None,
                fingers,
            },
            t,
        );
        out.push(pb::Frame {
            sequence: f.sequence,
            simulation_time_s: t,
            capture_time_unix_ns: 0,
            publish_time_unix_ns: 0,
            avatars: vec![avatar],
            objects: Vec::new(),
        });
    }
    Ok(out)
}

/// A scene take's solved frames of `version`: one frame per tick, with
/// every avatar solved at it (in the take's order), in take time.
fn scene_frames(take: &Take, version: u32) -> Result<Vec<pb::Frame>, Status> {
    let first = take
        .avatars
        .iter()
        .filter_map(|a| a.ticks.first())
        .map(|t| t.time_s)
        .fold(f64::INFINITY, f64::min);
    let mut by_tick: std::collections::BTreeMap<u64, pb::Frame> = std::collections::BTreeMap::new();
    for avatar in take.avatar_takes() {
        for mut frame in frames(&avatar, version)? {
            // Each avatar's frames are in its own take time: back to the scene's.
            let t =
                frame.simulation_time_s + avatar.ticks.first().map_or(first, |t| t.time_s) - first;
            let entry = by_tick.entry(frame.sequence).or_insert_with(|| pb::Frame {
                sequence: frame.sequence,
                simulation_time_s: t,
                ..pb::Frame::default()
            });
            entry.avatars.append(&mut frame.avatars);
        }
    }
    Ok(by_tick.into_values().collect())
}
