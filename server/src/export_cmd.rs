//! `posewire export`: a recorded take's solved body out to the formats
//! animators use: BVH on the canonical skeleton at the person's calibrated
//! proportions, glTF 2.0 binary (skeleton, animation and a skinned mesh:
//! the built-in body or a rigged model, and the space's recorded objects
//! as animated nodes beside it: `export_objects`), binary FBX
//! (`fbx_export`) and USD text with UsdSkel (`usd_export`), both with the
//! objects too, or the joint-track CSV of FORMATS.md section 3.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::{Args, ValueEnum};
use posewire::serve::take_fingers;
use posewire_body::bvh::{add_fingers, canonical_bvh};
use posewire_body::fingers::{self, FingerRotations, HandSkeleton};
use posewire_body::formats::{FingerFrame, JointFrame, JointTrack};
use posewire_body::{BodyPose, BodyProfile, Joint, JointMap, Skeleton, Transform};
use posewire_takes::Take;

use crate::scene_export::{AvatarAnimation, AvatarFingers, SceneAnimation};

/// `posewire export` arguments.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The take: a take file's path, or a take's name in the storage
    /// folder's `takes/`.
    #[arg(long, value_name = "TAKE")]
    pub take: String,
    /// What to write.
    #[arg(long, value_enum)]
    pub format: ExportFormat,
    /// Where to write it.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Frames per second of the export (resampled: positions linearly,
    /// rotations by slerp); default: the take's own rate.
    #[arg(long, value_name = "N")]
    pub fps: Option<f64>,
    /// Which solved version (1 = the live solve); default: the newest.
    #[arg(long, value_name = "V")]
    pub version: Option<u32>,
    /// The skeleton of a glTF export: `canonical` (the built-in body at the
    /// person's proportions) or the path of a rigged glTF model to
    /// retarget onto. BVH, CSV, FBX and USD always use the canonical
    /// skeleton.
    #[arg(long, value_name = "canonical|MODEL", default_value = "canonical")]
    pub skeleton: String,
    /// Length unit of a BVH export.
    #[arg(long, value_enum, default_value_t = LengthUnit::Cm)]
    pub units: LengthUnit,
    /// The storage folder that holds `takes/` (as in the daemon's
    /// configuration).
    #[arg(long, value_name = "DIR", default_value = "posewire-data")]
    pub storage: PathBuf,
}

/// The export formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// Biovision hierarchy text.
    Bvh,
    /// glTF 2.0 binary (.glb).
    Gltf,
    /// The joint track CSV (FORMATS.md section 3).
    Csv,
    /// Binary FBX 7.4 (.fbx), centimetres, +Y up.
    Fbx,
    /// USD with UsdSkel, metres, +Y up: text (.usda), or USD's binary
    /// crate format when --out ends in .usdc.
    Usd,
}

/// Length units for BVH.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LengthUnit {
    /// Metres.
    M,
    /// Centimetres (what most tools assume).
    Cm,
    /// Millimetres.
    Mm,
}

impl LengthUnit {
    fn per_metre(self) -> f64 {
        match self {
            LengthUnit::M => 1.0,
            LengthUnit::Cm => 100.0,
            LengthUnit::Mm => 1000.0,
        }
    }
}

/// Finds a take by path or by name in `storage/takes/`.
pub fn locate_take(take: &str, storage: &Path) -> anyhow::Result<PathBuf> {
    let as_path = PathBuf::from(take);
    if as_path.is_file() {
        return Ok(as_path);
    }
    let named = storage.join("takes").join(format!("{take}.pwtake"));
    if named.is_file() {
        return Ok(named);
    }
    anyhow::bail!(
        "no take {take:?}: it is neither a file nor a take named so in {}",
        storage.join("takes").display()
    )
}

/// Opens a take, saying on stderr what could not be read: damaged
/// regions skipped (every frame after them is kept), a torn tail cut, a
/// damaged identity pieced together.
pub fn open_take(path: &Path) -> anyhow::Result<Take> {
    let take = posewire_takes::open(path)?;
    for d in &take.damage {
        eprintln!("warning: {}: {d}", path.display());
    }
    if let Some(cut) = &take.cut {
        eprintln!("warning: {}: {cut}", path.display());
    }
    if !take.restored.is_empty() {
        eprintln!(
            "warning: {}: {} read from the copies later in the take (the originals were damaged)",
            path.display(),
            take.restored.join(", ")
        );
    }
    if take.guessed_info {
        eprintln!(
            "warning: {}: the take's identity record is damaged: its name, rate ({} Hz) and solver were pieced together from the rest",
            path.display(),
            take.info.rate_hz
        );
    }
    if !take.is_whole() {
        eprintln!(
            "warning: {}: exported what was recovered ({} solved frames, {} ticks); `posewire takes check` reports the damage",
            path.display(),
            take.solved.len(),
            take.ticks.len()
        );
    }
    Ok(take)
}

/// The skeleton of a take: from its (first) body profile.
pub fn take_skeleton(take: &Take) -> anyhow::Result<Skeleton> {
    let first = take
        .profiles
        .first()
        .with_context(|| format!("{}: the take holds no body profile", take.path.display()))?;
    if take.profiles.len() > 1 {
        tracing::warn!(
            profiles = take.profiles.len(),
            "the person was re-calibrated during the take; the export uses the first profile"
        );
    }
    let profile = BodyProfile::from_toml(&first.toml, &take.path.display().to_string())?;
    Ok(Skeleton::from_profile(&profile))
}

/// The solved poses of one version (default the newest), with their times,
/// resampled to `fps` when given.
pub fn take_poses(
    take: &Take,
    version: Option<u32>,
    fps: Option<f64>,
) -> anyhow::Result<(Vec<(f64, BodyPose)>, f64)> {
    let version = match version.or_else(|| take.latest_version()) {
        Some(v) => v,
        None => anyhow::bail!("{}: the take holds no solved body", take.path.display()),
    };
    let frames: Vec<(f64, BodyPose)> = take.frames(version).map(|f| (f.time_s, f.pose)).collect();
    if frames.is_empty() {
        anyhow::bail!(
            "{}: solved version {version} has no frames (versions: {:?})",
            take.path.display(),
            take.versions.iter().map(|v| v.version).collect::<Vec<_>>()
        );
    }
    let rate = take.info.rate_hz;
    match fps {
        None => Ok((frames, 1.0 / rate)),
        Some(fps) if fps.is_finite() && fps > 0.0 && fps <= 1000.0 => {
            Ok((resample(&frames, fps), 1.0 / fps))
        }
        Some(fps) => anyhow::bail!("--fps {fps}: give a rate between 0 and 1000 frames a second"),
    }
}

/// Poses at `fps` from the first frame's time to the last: positions
/// linearly, rotations by slerp, between the two frames around each time.
fn resample(frames: &[(f64, BodyPose)], fps: f64) -> Vec<(f64, BodyPose)> {
    resample_by(frames, fps, |a, b, s| BodyPose {
        root: a.root.lerp(b.root, s),
        rotations: JointMap::from_fn(|j| a.rotations[j].slerp(b.rotations[j], s)),
    })
}

/// Values at `fps` from the first frame's time to the last, each mixed by
/// `mix` between the two frames around its time (`s` 0..1).
fn resample_by<T: Copy>(
    frames: &[(f64, T)],
    fps: f64,
    mix: impl Fn(&T, &T, f64) -> T,
) -> Vec<(f64, T)> {
    let (Some(first), Some(last)) = (frames.first(), frames.last()) else {
        return Vec::new();
    };
    let (t0, t1) = (first.0, last.0);
    let count = ((t1 - t0) * fps).floor() as usize + 1;
    let mut out = Vec::with_capacity(count);
    let mut k = 0usize;
    for i in 0..count {
        let t = t0 + i as f64 / fps;
        while k + 1 < frames.len() && frames[k + 1].0 <= t {
            k += 1;
        }
        let (ta, a) = &frames[k];
        let value = match frames.get(k + 1) {
            Some((tb, b)) if *tb > *ta => mix(a, b, ((t - ta) / (tb - ta)).clamp(0.0, 1.0)),
            _ => *a,
        };
        out.push((t, value));
    }
    out
}

/// The fingers' rotations on the export's frames (those of [`take_poses`]
/// with the same `version` and `fps`); `None` when the take has no
/// fingers (no controller input, nothing hand-tracked).
pub fn take_fingers(
    take: &Take,
    version: Option<u32>,
    fps: Option<f64>,
) -> Option<Vec<FingerRotations>> {
    let version = version.or_else(|| take.latest_version())?;
    let local = take_fingers::solved_fingers(take, version)?;
    let local = match fps {
        Some(fps) if fps.is_finite() && fps > 0.0 => resample_by(&local, fps, take_fingers::mix),
        _ => local,
    };
    Some(local.into_iter().map(|(_, f)| f).collect())
}

/// The finger joints of each pose (FORMATS.md section 4) for its finger
/// rotations.
pub fn finger_frames(
    skeleton: &Skeleton,
    poses: &[(f64, BodyPose)],
    local: &[FingerRotations],
) -> Vec<FingerFrame> {
    let hands = HandSkeleton::from_skeleton(skeleton);
    poses
        .iter()
        .zip(local)
        .map(|((_, pose), f)| fingers::posed(pose, skeleton, &hands, f))
        .collect()
}

/// A joint track of poses on a skeleton: world positions and rotations.
pub fn joint_track(skeleton: &Skeleton, poses: &[(f64, BodyPose)]) -> JointTrack {
    JointTrack {
        frames: poses
            .iter()
            .map(|(t, pose)| {
                let p = pose.positions(skeleton);
                JointFrame {
                    time_s: *t,
                    joints: JointMap::from_fn(|j: Joint| Transform::new(p[j], pose.rotations[j])),
                }
            })
            .collect(),
        has_rotations: true,
        fingers: Vec::new(),
    }
}

/// A take as a scene to export: its avatar (named by its avatar id), its
/// objects keyed at the poses' times, its timecode.
fn scene(
    take: &Take,
    skeleton: Skeleton,
    poses: &[(f64, BodyPose)],
    local: Option<Vec<FingerRotations>>,
    frame_time: f64,
) -> SceneAnimation {
    let fingers = local.map(|local| AvatarFingers {
        hands: HandSkeleton::from_skeleton(&skeleton),
        local,
    });
    let times: Vec<f64> = poses.iter().map(|(t, _)| *t).collect();
    SceneAnimation {
        name: take.info.name.clone(),
        frame_time,
        avatars: vec![AvatarAnimation {
            name: take.info.avatar_id.clone(),
            skeleton,
            poses: poses.iter().map(|(_, p)| *p).collect(),
            fingers,
        }],
        objects: crate::export_objects::object_tracks(take, &times),
        timecode: crate::scene_export::ExportTimecode::of(take),
    }
}

/// Writes a take's body as BVH or CSV (one avatar).
fn write_body(args: &ExportArgs, take: &Take, out: &Path) -> anyhow::Result<usize> {
    let skeleton = take_skeleton(take)?;
    let (poses, frame_time) = take_poses(take, args.version, args.fps)?;
    let local = take_fingers(take, args.version, args.fps);
    match args.format {
        ExportFormat::Bvh => {
            let bodies: Vec<BodyPose> = poses.iter().map(|(_, p)| *p).collect();
            let mut bvh = canonical_bvh(&skeleton, &bodies, frame_time, args.units.per_metre());
            if let Some(local) = &local {
                let hands = HandSkeleton::from_skeleton(&skeleton);
                add_fingers(&mut bvh, &hands, local, args.units.per_metre());
            }
            // No timecode comment: Assimp's BVH reader refuses any line it
            // does not expect (docs/PIPELINE.md).
            posewire_body::atomic_file::write_atomic(out, bvh.to_text().as_bytes())
                .with_context(|| format!("cannot write {}", out.display()))?;
        }
        _ => {
            let mut track = joint_track(&skeleton, &poses);
            if let Some(local) = &local {
                track.fingers = finger_frames(&skeleton, &poses, local);
            }
            track.write(out)?
        }
    }
    Ok(poses.len())
}

/// Where one avatar's file of a scene take's BVH or CSV export goes:
/// `OUT` with `-AVATAR` before its extension (`take.csv` ->
/// `take-alice.csv`).
pub fn avatar_path(out: &Path, avatar: &str) -> PathBuf {
    let stem = out
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match out.extension() {
        Some(ext) => format!("{stem}-{}.{}", file_safe(avatar), ext.to_string_lossy()),
        None => format!("{stem}-{}", file_safe(avatar)),
    };
    out.with_file_name(name)
}

/// An avatar id made safe as part of a file name.
fn file_safe(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// A scene take as one scene to export: every avatar on one frame grid
/// (the take's ticks, or `--fps` from the first to the last), each posed
/// by its own frames (before it joined and after it left, held at its
/// first and last pose), and the objects.
fn scene_of_scene_take(args: &ExportArgs, take: &Take) -> anyhow::Result<SceneAnimation> {
    let parts = take.avatar_takes();
    let mut avatars = Vec::with_capacity(parts.len());
    let mut tracks = Vec::with_capacity(parts.len());
    for part in &parts {
        let (poses, _) = take_poses(part, args.version, None)?;
        let local = args
            .version
            .or_else(|| part.latest_version())
            .and_then(|v| take_fingers::solved_fingers(part, v));
        tracks.push((
            part.info.avatar_id.clone(),
            take_skeleton(part)?,
            poses,
            local,
        ));
    }
    let mut times: Vec<f64> = tracks
        .iter()
        .flat_map(|(_, _, p, _)| p.iter().map(|(t, _)| *t))
        .collect();
    times.sort_by(f64::total_cmp);
    times.dedup();
    let (Some(&first), Some(&last)) = (times.first(), times.last()) else {
        anyhow::bail!(
            "{}: the scene take holds no solved body",
            take.path.display()
        );
    };
    let frame_time = match args.fps {
        None => 1.0 / take.info.rate_hz,
        Some(fps) if fps.is_finite() && fps > 0.0 && fps <= 1000.0 => {
            let count = ((last - first) * fps).floor() as usize + 1;
            times = (0..count).map(|i| first + i as f64 / fps).collect();
            1.0 / fps
        }
        Some(fps) => anyhow::bail!("--fps {fps}: give a rate between 0 and 1000 frames a second"),
    };
    for (name, skeleton, poses, local) in tracks {
        let fingers = local.map(|local| AvatarFingers {
            hands: HandSkeleton::from_skeleton(&skeleton),
            local: times
                .iter()
                .map(|&t| value_at(&local, t, take_fingers::mix, take_fingers::OPEN))
                .collect(),
        });
        avatars.push(AvatarAnimation {
            name,
            skeleton,
            poses: times.iter().map(|&t| pose_at(&poses, t)).collect(),
            fingers,
        });
    }
    Ok(SceneAnimation {
        name: take.info.name.clone(),
        frame_time,
        avatars,
        objects: crate::export_objects::object_tracks(take, &times),
        timecode: crate::scene_export::ExportTimecode::of(take),
    })
}

/// The pose at time `t` of frames in time order (see [`value_at`]).
fn pose_at(frames: &[(f64, BodyPose)], t: f64) -> BodyPose {
    let rest = BodyPose {
        root: posewire_body::glam::DVec3::ZERO,
        rotations: JointMap::splat(posewire_body::glam::DQuat::IDENTITY),
    };
    value_at(
        frames,
        t,
        |a, b, s| BodyPose {
            root: a.root.lerp(b.root, s),
            rotations: JointMap::from_fn(|j| a.rotations[j].slerp(b.rotations[j], s)),
        },
        rest,
    )
}

/// The value at time `t` of frames in time order: exact at a frame's
/// time, mixed by `mix` between the two around it, held before the first
/// and after the last; `none` when there are no frames.
fn value_at<T: Copy>(frames: &[(f64, T)], t: f64, mix: impl Fn(&T, &T, f64) -> T, none: T) -> T {
    let k = frames.partition_point(|(ft, _)| *ft <= t);
    match (k.checked_sub(1).and_then(|i| frames.get(i)), frames.get(k)) {
        (Some((ta, a)), Some((tb, b))) if *tb > *ta && t > *ta => {
            mix(a, b, ((t - ta) / (tb - ta)).clamp(0.0, 1.0))
        }
        (Some((_, a)), _) => *a,
        (None, Some((_, b))) => *b,
        (None, None) => none,
    }
}

/// Exports a scene take: every avatar into one FBX, USD or glTF file;
/// BVH and CSV one file per avatar (`avatar_path`).
fn export_scene_take(args: &ExportArgs, take: &Take) -> anyhow::Result<()> {
    if take.avatars.is_empty() {
        anyhow::bail!("{}: the scene take holds no avatar", take.path.display());
    }
    match args.format {
        ExportFormat::Bvh | ExportFormat::Csv => {
            for part in take.avatar_takes() {
                let out = avatar_path(&args.out, &part.info.avatar_id);
                let frames = write_body(args, &part, &out)?;
                crate::print_stdout(&format!(
                    "avatar {}: {frames} frames to {}\n",
                    part.info.avatar_id,
                    out.display()
                ))?;
            }
        }
        ExportFormat::Fbx => {
            crate::fbx_export::write(&scene_of_scene_take(args, take)?, &args.out)?
        }
        ExportFormat::Usd => {
            crate::usd_export::write(&scene_of_scene_take(args, take)?, &args.out)?
        }
        ExportFormat::Gltf => {
            if args.skeleton != "canonical" {
                anyhow::bail!("--skeleton {}: a scene take's glTF export uses the canonical skeleton of each avatar", args.skeleton);
            }
            crate::scene_gltf::write(&scene_of_scene_take(args, take)?, &args.out)?
        }
    }
    Ok(())
}

/// Runs `posewire export`.
pub fn run(args: &ExportArgs) -> anyhow::Result<()> {
    let path = locate_take(&args.take, &args.storage)?;
    let take = open_take(&path)?;
    if let Some(parent) = args.out.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create the folder {}", parent.display()))?;
    }
    if take.is_scene() {
        export_scene_take(args, &take)?;
        tracing::info!(take = %take.info.name, avatars = take.avatars.len(), out = %args.out.display(), "exported");
        return Ok(());
    }
    let skeleton = take_skeleton(&take)?;
    let (poses, frame_time) = take_poses(&take, args.version, args.fps)?;
    let local = take_fingers(&take, args.version, args.fps);
    match args.format {
        ExportFormat::Bvh | ExportFormat::Csv => {
            write_body(args, &take, &args.out)?;
        }
        ExportFormat::Gltf => {
            let model = match args.skeleton.as_str() {
                "canonical" => None,
                path => Some(Path::new(path)),
            };
            let rig = crate::skin_rig::prepare_rig(model, &skeleton, false, None)?;
            let track = joint_track(&skeleton, &poses);
            let frames: Vec<(usize, &JointFrame)> = track.frames.iter().enumerate().collect();
            let times: Vec<f64> = poses.iter().map(|(t, _)| *t).collect();
            let objects = crate::export_objects::object_tracks(&take, &times);
            // The fingers join the canonical skeleton; a rigged model keeps
            // its own finger bones.
            let finger_frames = match (&local, model) {
                (Some(local), None) => Some(finger_frames(&skeleton, &poses, local)),
                _ => None,
            };
            let fingers = finger_frames.as_deref().map(|f| (&skeleton, f));
            let extras = crate::scene_gltf::extras(&scene(&take, skeleton, &[], None, frame_time));
            crate::skin_cmd::write_animation(&rig, &frames, &objects, fingers, extras, &args.out)?;
        }
        ExportFormat::Fbx => crate::fbx_export::write(
            &scene(&take, skeleton, &poses, local, frame_time),
            &args.out,
        )?,
        ExportFormat::Usd => crate::usd_export::write(
            &scene(&take, skeleton, &poses, local, frame_time),
            &args.out,
        )?,
    }
    tracing::info!(
        take = %take.info.name,
        frames = poses.len(),
        out = %args.out.display(),
        "exported"
    );
    Ok(())
}
