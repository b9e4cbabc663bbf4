//! The configured avatars (`[[avatars]]`), built when the daemon starts:
//! each one's profile, device source, solver and the facts the services
//! show. Avatars created later by a client are built by [`super::avatar_build`].

use std::collections::BTreeMap;
use std::sync::Arc;

use anyhow::Context as _;
use posewire_body::formats::TrackerTake;
use posewire_body::BodyProfile;
use posewire_proto::v1 as pb;
use posewire_solver::SolverSettings;

use super::avatar_info::AvatarInfo;
use super::avatar_runner::{AvatarRunner, SampleSource};
use super::config::{Config, SourceConfig};
use super::defaults::DEFAULT_STATURE_M;
use super::demo_source::DemoPerson;
use super::file_source::FileReplay;
use super::push_source::PushQueue;

/// The configured avatars: the loop's runners, the services' facts and the
/// push queues by avatar id.
pub struct Avatars {
    /// The loop's runners, in configuration order.
    pub runners: Vec<AvatarRunner>,
    /// What the services know of each.
    pub infos: Vec<AvatarInfo>,
    /// The queues of the `push` sources, by avatar id.
    pub push_queues: BTreeMap<String, Arc<PushQueue>>,
}

/// Builds every avatar of the configuration, in order.
pub fn build_avatars(
    config: &Config,
    solver: &SolverSettings,
    live: &super::live::Live,
    osc: &super::osc_stats::OscRegistry,
) -> anyhow::Result<Avatars> {
    let mut out = Avatars {
        runners: Vec::new(),
        infos: Vec::new(),
        push_queues: BTreeMap::new(),
    };
    for (i, a) in config.avatars.iter().enumerate() {
        let (runner, info, queue) = build_avatar(i, a, solver, &live.cor_cache_dir(), osc)?;
        if let Some(queue) = queue {
            out.push_queues.insert(a.id.clone(), queue);
        }
        out.runners.push(runner);
        out.infos.push(info);
    }
    Ok(out)
}

/// Builds one avatar of the configuration.
fn build_avatar(
    index: usize,
    a: &super::config::AvatarConfig,
    solver: &SolverSettings,
    cor_cache: &std::path::Path,
    osc: &super::osc_stats::OscRegistry,
) -> anyhow::Result<(AvatarRunner, AvatarInfo, Option<Arc<PushQueue>>)> {
    let (profile, profile_name) = load_profile(index, a)?;
    let skeleton = posewire_body::Skeleton::from_profile(&profile);
    let (source, described) = open_source(index, a, &skeleton, osc)?;
    let queue = match &source {
        SampleSource::Push(q) => Some(q.clone()),
        _ => None,
    };
    let mut runner = AvatarRunner::new(&a.id, &profile, source, solver);
    let info = super::avatar_build::info(
        &a.id,
        pb::DeviceSource {
            kind: Some(described),
        },
        &profile,
        &profile_name,
        a.model.as_deref(),
        cor_cache,
    );
    runner.rig = Some(info.rig.clone());
    Ok((runner, info, queue))
}

/// The avatar's body profile and the name the services show for it (the
/// file's stem, or `default` for the default stature).
fn load_profile(
    index: usize,
    a: &super::config::AvatarConfig,
) -> anyhow::Result<(BodyProfile, String)> {
    Ok(match &a.profile {
        Some(path) => (
            BodyProfile::load(path).with_context(|| {
                format!("avatars[{index}].profile: cannot load the body profile")
            })?,
            path.file_stem().map_or_else(
                || "profile".to_string(),
                |s| s.to_string_lossy().into_owned(),
            ),
        ),
        None => (
            BodyProfile::from_stature(DEFAULT_STATURE_M),
            "default".to_string(),
        ),
    })
}

/// The avatar's device source, opened, and how the services describe it.
fn open_source(
    index: usize,
    a: &super::config::AvatarConfig,
    skeleton: &posewire_body::Skeleton,
    osc: &super::osc_stats::OscRegistry,
) -> anyhow::Result<(SampleSource, pb::device_source::Kind)> {
    Ok(match &a.source {
        SourceConfig::Demo {
            time_offset_s,
            origin,
        } => (
            SampleSource::Demo(DemoPerson::new(skeleton, *time_offset_s, *origin)),
            pb::device_source::Kind::Demo(pb::DemoSource {
                time_offset_s: *time_offset_s,
                origin: Some(pb::Vec3 {
                    x: origin[0],
                    y: origin[1],
                    z: origin[2],
                }),
            }),
        ),
        SourceConfig::Vmc { listen, devices } => open_vmc(index, a, listen, devices, osc)?,
        SourceConfig::Push {} => (
            SampleSource::Push(Arc::new(PushQueue::default())),
            pb::device_source::Kind::Push(pb::PushSource {}),
        ),
        SourceConfig::OpenXr { .. } => {
            let settings = a
                .source
                .openxr_settings()
                .context("an openxr source")?
                .map_err(|reason| anyhow::anyhow!("avatars[{index}].source: {reason}"))?;
            let floor_height_m = settings.floor_height_m;
            (
                SampleSource::OpenXr(
                    posewire_openxr::OpenXrSource::start(settings)
                        .context("cannot start the OpenXR source thread")?,
                ),
                pb::device_source::Kind::Openxr(pb::OpenXrSource { floor_height_m }),
            )
        }
        SourceConfig::File { path, looping } => open_file(index, path, *looping)?,
    })
}

/// A VMC listener bound to `listen`, its serials mapped to devices.
fn open_vmc(
    index: usize,
    a: &super::config::AvatarConfig,
    listen: &str,
    devices: &BTreeMap<String, String>,
    osc: &super::osc_stats::OscRegistry,
) -> anyhow::Result<(SampleSource, pb::device_source::Kind)> {
    let map = super::osc_config::serial_map(devices)
        .map_err(|(k, reason)| anyhow::anyhow!("avatars[{index}].source.{k}: {reason}"))?;
    let listener =
        super::vmc_source::VmcListener::bind(listen, map, &a.id, osc).with_context(|| {
            format!("avatars[{index}].source.listen: cannot listen on {listen} (UDP)")
        })?;
    let described = pb::VmcSource {
        listen: listener.local_addr.to_string(),
        devices: devices.clone().into_iter().collect(),
    };
    Ok((
        SampleSource::Vmc(Arc::new(listener)),
        pb::device_source::Kind::Vmc(described),
    ))
}

/// A tracker take replayed (once, or `looping`); its invalid samples are
/// replayed as tracking loss, with one warning.
fn open_file(
    index: usize,
    path: &std::path::Path,
    looping: bool,
) -> anyhow::Result<(SampleSource, pb::device_source::Kind)> {
    let take = TrackerTake::read(path)
        .with_context(|| format!("avatars[{index}].source.path: cannot read the tracker take"))?;
    if take.invalid.count > 0 {
        tracing::warn!(
            take = %path.display(),
            invalid = take.invalid.count,
            first_lines = ?take.invalid.first_lines,
            "invalid samples in the take are replayed as tracking loss"
        );
    }
    let replay = FileReplay::new(take, looping).with_context(|| {
        format!(
            "avatars[{index}].source.path: {} has no samples",
            path.display()
        )
    })?;
    Ok((
        SampleSource::File(replay),
        pb::device_source::Kind::File(pb::FileSource {
            path: path.display().to_string(),
            r#loop: looping,
        }),
    ))
}
