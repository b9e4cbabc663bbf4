//! Building avatars asked for over the API (CreateAvatar, SetAvatarSource,
//! SetAvatarProfile): the source from its API description, the profile
//! from the store, the runner and what the services know of it. The work
//! (reading a take, a profile) happens here, off the loop; the loop only
//! swaps the result in.

use std::path::Path;
use std::sync::Arc;

use posewire_body::formats::TrackerTake;
use posewire_body::{BodyProfile, Skeleton};
use posewire_proto::v1 as pb;
use posewire_solver::SolverSettings;
use tonic::Status;

use super::avatar_info::AvatarInfo;
use super::avatar_runner::{AvatarRunner, SampleSource};
use super::defaults::DEFAULT_STATURE_M;
use super::demo_source::DemoPerson;
use super::file_source::FileReplay;
use super::profiles::{status, ProfileStore};
use super::push_source::PushQueue;
use super::skin::RigSlot;
use super::source_paths::AllowedFolders;

/// A source ready for the loop, its API description and its push queue.
pub type BuiltSource = (SampleSource, pb::DeviceSource, Option<Arc<PushQueue>>);

/// The largest time offset a demo source takes, seconds (a day).
const MAX_DEMO_OFFSET_S: f64 = 86_400.0;

/// The source an API description asks for, for an avatar of `skeleton`.
/// (`avatar` and `osc` name and count a `vmc` source's listener; a file
/// source's take must lie in one of `folders`.)
pub fn source(
    described: &pb::DeviceSource,
    skeleton: &Skeleton,
    avatar: &str,
    osc: &super::osc_stats::OscRegistry,
    folders: &AllowedFolders,
) -> Result<BuiltSource, Status> {
    use pb::device_source::Kind;
    let bad = |m: String| Status::invalid_argument(m);
    match &described.kind {
        None => Err(bad(
            "the source has no kind: give demo, file, push, vmc or openxr".into(),
        )),
        Some(Kind::Vmc(v)) => {
            let devices = v.devices.clone().into_iter().collect();
            super::osc_config::check_vmc_source(&v.listen, &devices)
                .map_err(|(k, reason)| bad(format!("vmc source: `{k}`: {reason}")))?;
            let map = super::osc_config::serial_map(&devices)
                .map_err(|(k, reason)| bad(format!("vmc source: `{k}`: {reason}")))?;
            let listener = super::vmc_source::VmcListener::bind(&v.listen, map, avatar, osc)
                .map_err(|e| {
                    bad(format!(
                        "vmc source: cannot listen on {} (UDP): {e}",
                        v.listen
                    ))
                })?;
            let mut described = described.clone();
            described.kind = Some(Kind::Vmc(pb::VmcSource {
                listen: listener.local_addr.to_string(),
                devices: v.devices.clone(),
            }));
            Ok((SampleSource::Vmc(Arc::new(listener)), described, None))
        }
        Some(Kind::Openxr(o)) => {
            let mut settings = posewire_openxr::OpenXrSettings::default();
            if o.floor_height_m != 0.0 {
                if !(o.floor_height_m.is_finite() && (0.0..=3.0).contains(&o.floor_height_m)) {
                    return Err(bad(format!(
                        "openxr source: floor_height_m {} is not between 0 and 3 m",
                        o.floor_height_m
                    )));
                }
                settings.floor_height_m = o.floor_height_m;
            }
            let described = pb::DeviceSource {
                kind: Some(Kind::Openxr(pb::OpenXrSource {
                    floor_height_m: settings.floor_height_m,
                })),
            };
            let source = posewire_openxr::OpenXrSource::start(settings)
                .map_err(|e| Status::internal(format!("cannot start the OpenXR source: {e}")))?;
            Ok((SampleSource::OpenXr(source), described, None))
        }
        Some(Kind::Demo(d)) => {
            let origin = d.origin.as_ref().map_or([0.0; 3], |o| [o.x, o.y, o.z]);
            if !(d.time_offset_s.is_finite() && d.time_offset_s.abs() <= MAX_DEMO_OFFSET_S) {
                return Err(bad(format!(
                    "demo source: `time_offset_s` must be finite and within {MAX_DEMO_OFFSET_S} s"
                )));
            }
            if !origin.iter().all(|v| v.is_finite()) {
                return Err(bad("demo source: `origin` must be finite".into()));
            }
            Ok((
                SampleSource::Demo(DemoPerson::new(skeleton, d.time_offset_s, origin)),
                described.clone(),
                None,
            ))
        }
        Some(Kind::File(f)) => {
            let path = folders.resolve(&f.path, "file source")?;
            let reading = folders.budget().take_file(&path, "file source")?;
            let take = TrackerTake::read(&path)
                .map_err(|e| bad(format!("file source: cannot read the tracker take: {e}")))?;
            drop(reading);
            let replay = FileReplay::new(take, f.r#loop).ok_or_else(|| {
                bad(format!(
                    "file source: {} has no samples",
                    super::ids::clip(&f.path)
                ))
            })?;
            Ok((SampleSource::File(replay), described.clone(), None))
        }
        Some(Kind::Push(_)) => {
            let queue = Arc::new(PushQueue::default());
            Ok((
                SampleSource::Push(queue.clone()),
                described.clone(),
                Some(queue),
            ))
        }
    }
}

/// A stored profile by name; the empty name or `default` is the built-in
/// average body.
pub fn profile(store: &ProfileStore, name: &str) -> Result<(BodyProfile, String), Status> {
    if name.is_empty() || name == "default" {
        return Ok((
            BodyProfile::from_stature(DEFAULT_STATURE_M),
            "default".into(),
        ));
    }
    let (profile, _) = store.get(name).map_err(status)?;
    Ok((profile, name.to_string()))
}

/// What the services know of an avatar.
pub fn info(
    id: &str,
    described: pb::DeviceSource,
    profile: &BodyProfile,
    profile_name: &str,
    model: Option<&Path>,
    cor_cache: &Path,
) -> AvatarInfo {
    let skeleton = Skeleton::from_profile(profile);
    AvatarInfo {
        id: id.to_string(),
        source: described,
        profile_name: profile_name.to_string(),
        skeleton,
        stature_m: profile.body.stature,
        rig: Arc::new(RigSlot::new(
            skeleton,
            model.map(Path::to_path_buf),
            cor_cache.to_path_buf(),
        )),
    }
}

/// A new avatar: its runner (rig attached), its facts and its push queue;
/// `solver` is the daemon's solver settings (with the plausibility gate of
/// `[devices]`).
#[allow(clippy::too_many_arguments)]
pub fn avatar(
    id: &str,
    described: &pb::DeviceSource,
    profile: &BodyProfile,
    profile_name: &str,
    solver: &SolverSettings,
    cor_cache: &Path,
    osc: &super::osc_stats::OscRegistry,
    folders: &AllowedFolders,
) -> Result<(AvatarRunner, AvatarInfo, Option<Arc<PushQueue>>), Status> {
    let skeleton = Skeleton::from_profile(profile);
    let (src, described, queue) = source(described, &skeleton, id, osc, folders)?;
    let info = info(id, described, profile, profile_name, None, cor_cache);
    let mut runner = AvatarRunner::new(id, profile, src, solver);
    runner.rig = Some(info.rig.clone());
    Ok((runner, info, queue))
}
