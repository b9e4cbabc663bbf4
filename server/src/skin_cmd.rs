//! `posewire skin`: a joint track in, skinned meshes out. Every frame's
//! canonical pose is retargeted onto a rigged glTF model (or the built-in
//! body fitted to the track's skeleton) and skinned with the chosen method,
//! then written as an OBJ sequence or one animated glTF (`--compare`: see
//! [`crate::skin_compare`]). The glTF of `--method lbs` is the rest mesh,
//! its skin and a skeletal animation (a viewer's own skinning is linear
//! blending, so it shows LBS); for `cor` and `dqs` every kept frame's
//! deformed vertices are baked as a morph target switched on in turn, so a
//! viewer shows that method's result.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::{Args, ValueEnum};
use posewire_body::formats::{FingerFrame, JointFrame};
use posewire_body::{BodyProfile, Skeleton};
use posewire_skinning::export::{write_baked_glb, write_obj, AnimationFrame, BakedFrame};
use posewire_skinning::{Deformed, Method};

use crate::skin_compare::Compare;
use crate::skin_rig::{pose_of, prepare_rig, read_track, skeleton_from_frame, Rig};

/// Which skinning method deforms the mesh (the OBJ frames, and with
/// --format gltf what a viewer shows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum MethodArg {
    /// Optimized centres of rotation: no candy wrapper, little bulging
    /// (precomputed once per model; see --cache-dir). As glTF: baked
    /// morph targets.
    #[default]
    Cor,
    /// Linear blend skinning (collapses twisted and bent joints). As glTF:
    /// the skin and a skeletal animation, which viewers skin this way.
    Lbs,
    /// Dual quaternion skinning (bulges at bent joints). As glTF: baked
    /// morph targets.
    Dqs,
}

/// What `posewire skin` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum SkinFormat {
    /// One Wavefront OBJ per frame: DIR/frame_000001.obj, ... (the chosen
    /// method's vertices).
    #[default]
    Obj,
    /// One binary glTF 2.0 file DIR/NAME.glb that viewers play as --method
    /// deforms it: with lbs the rest mesh, its skin and a skeletal
    /// animation (viewers skin it with linear blending themselves); with
    /// cor or dqs the rest mesh with every kept frame's deformed vertices
    /// baked as a morph target, switched on in turn (24 bytes per vertex
    /// per frame, e.g. 44 MB for 540 frames of CesiumMan; use --every N).
    Gltf,
}

/// `posewire skin`.
#[derive(Debug, Args)]
pub struct SkinArgs {
    /// A rigged glTF 2.0 model (.glb, or .gltf with its buffers); without
    /// it, the built-in procedural body fitted to the track's skeleton.
    #[arg(long, value_name = "MODEL.glb")]
    pub model: Option<PathBuf>,
    /// The joint track with rotations (*.joints.csv from `posewire solve`).
    /// Optional with --compare (a built-in test pose is used).
    #[arg(long, value_name = "JOINTS.csv", required_unless_present = "compare")]
    pub joints: Option<PathBuf>,
    /// The body profile the track was solved with (`posewire calibrate`):
    /// its skeleton places the model exactly. Without it the skeleton is
    /// read off the track's first frame, and the pelvis's rest height,
    /// which a track cannot show, is estimated from the leg length.
    #[arg(long, value_name = "PROFILE.toml", requires = "joints")]
    pub profile: Option<PathBuf>,
    /// The skinning method of the written meshes; with --format gltf also
    /// what a viewer shows.
    #[arg(long, default_value = "cor")]
    pub method: MethodArg,
    /// Folder to write into (created if missing); with --compare, the PNG
    /// file to write.
    #[arg(long, value_name = "DIR|IMAGE.png")]
    pub out: PathBuf,
    /// OBJ sequence or one animated glTF (see --method for what a glTF
    /// viewer shows).
    #[arg(long, default_value = "obj")]
    pub format: SkinFormat,
    /// Folder caching the centres of rotation per model (computed and
    /// saved on first use, loaded afterwards); without it they are
    /// computed every run.
    #[arg(long, value_name = "DIR")]
    pub cache_dir: Option<PathBuf>,
    /// Write every Nth frame only (frame files keep their track numbers).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub every: u64,
    /// Render one pose with LBS, DQS and CoR side by side to the PNG file
    /// --out: frame --frame of --joints, or without --joints a built-in
    /// test pose (left elbow bent 120 degrees, right forearm twisted 150
    /// degrees).
    #[arg(long)]
    pub compare: bool,
    /// The frame (1-based) of --joints that --compare renders.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "compare",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub frame: u64,
    /// Width and height of each --compare panel, pixels.
    #[arg(long, value_name = "PIXELS", default_value_t = 600,
          value_parser = clap::value_parser!(u32).range(64..=4096))]
    pub panel_size: u32,
}

/// The skinning method behind a command-line choice.
pub fn method(arg: MethodArg) -> Method {
    match arg {
        MethodArg::Cor => Method::Cor,
        MethodArg::Lbs => Method::Lbs,
        MethodArg::Dqs => Method::Dqs,
    }
}

/// Runs `posewire skin`.
pub fn run(args: &SkinArgs) -> anyhow::Result<()> {
    if args.compare {
        return crate::skin_compare::run(&Compare {
            joints: args.joints.as_deref(),
            frame: args.frame,
            model: args.model.as_deref(),
            cache_dir: args.cache_dir.as_deref(),
            out: &args.out,
            panel_size: args.panel_size,
        });
    }
    let Some(joints) = &args.joints else {
        anyhow::bail!("give a joint track: --joints JOINTS.csv");
    };
    let track = read_track(joints)?;
    let first = track
        .frames
        .first()
        .context("the joint track has no frames")?;
    let skeleton = match &args.profile {
        Some(path) => Skeleton::from_profile(
            &BodyProfile::load(path)
                .with_context(|| format!("cannot load the profile {}", path.display()))?,
        ),
        None => skeleton_from_frame(first, joints)?,
    };
    let method = method(args.method);
    let needs_centres = method == Method::Cor;
    let rig = prepare_rig(
        args.model.as_deref(),
        &skeleton,
        needs_centres,
        args.cache_dir.as_deref(),
    )?;
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("cannot create the folder {}", args.out.display()))?;
    let step = usize::try_from(args.every).unwrap_or(usize::MAX).max(1);
    let frames: Vec<(usize, &JointFrame)> = track.frames.iter().enumerate().step_by(step).collect();
    match args.format {
        SkinFormat::Obj => write_sequence(&rig, &frames, method, &args.out),
        SkinFormat::Gltf => {
            let path = args.out.join(format!("{}.glb", track_name(joints)));
            if method == Method::Lbs {
                write_animation(&rig, &frames, &[], None, None, &path)
            } else {
                write_baked(&rig, &frames, method, &path)
            }
        }
    }
}

/// The track's file name without `.csv` and `.joints`.
fn track_name(path: &Path) -> String {
    let name = path.file_name().map_or_else(
        || "skinned".to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let name = name.strip_suffix(".csv").unwrap_or(&name);
    let name = name.strip_suffix(".joints").unwrap_or(name);
    if name.is_empty() {
        "skinned".to_string()
    } else {
        name.to_string()
    }
}

/// Writes `DIR/frame_NNNNNN.obj` (track frame numbers, 1-based) for the
/// given frames, logging progress every quarter.
fn write_sequence(
    rig: &Rig,
    frames: &[(usize, &JointFrame)],
    method: Method,
    dir: &Path,
) -> anyhow::Result<()> {
    tracing::info!(
        frames = frames.len(),
        method = method.name(),
        out = %dir.display(),
        "writing an OBJ sequence"
    );
    let mut deformed = Deformed::default();
    let quarter = frames.len().div_ceil(4).max(1);
    let mut last: Option<PathBuf> = None;
    for (done, (index, frame)) in frames.iter().enumerate() {
        let bones = rig.retarget.transforms(&pose_of(frame));
        rig.deformer.deform(&bones, method, &mut deformed);
        let path = dir.join(format!("frame_{:06}.obj", index + 1));
        let comment = format!(
            "posewire skin: {} ({}), frame {} at {:.6} s",
            rig.mesh.name,
            method.name(),
            index + 1,
            frame.time_s
        );
        write_obj(
            &path,
            &deformed.positions,
            &deformed.normals,
            &rig.mesh.triangles,
            &comment,
        )?;
        if (done + 1) % quarter == 0 && done + 1 < frames.len() {
            tracing::info!("{} of {} frames written", done + 1, frames.len());
        }
        last = Some(path);
    }
    tracing::info!(
        frames = frames.len(),
        vertices = rig.mesh.vertex_count(),
        last = %last.as_deref().map_or_else(String::new, |p| p.display().to_string()),
        "OBJ sequence written"
    );
    Ok(())
}

/// Writes one `.glb`: the rest mesh, skin and the retargeted skeletal
/// animation (viewers skin it with linear blending), with rigid objects
/// beside the body (`props`, keyed in the same clock: seconds from the
/// first frame), and `extras` in the asset's `extras` (a take's timecode).
pub fn write_animation(
    rig: &Rig,
    frames: &[(usize, &JointFrame)],
    props: &[posewire_skinning::export::PropTrack],
    fingers: Option<(&Skeleton, &[FingerFrame])>,
    extras: Option<serde_json::Value>,
    path: &Path,
) -> anyhow::Result<()> {
    let t0 = frames.first().map_or(0.0, |(_, f)| f.time_s);
    let mut keys: Vec<AnimationFrame> = frames
        .iter()
        .map(|(_, frame)| AnimationFrame {
            time_s: (frame.time_s - t0) as f32,
            bones: rig.retarget.transforms(&pose_of(frame)),
        })
        .collect();
    let mut mesh = std::borrow::Cow::Borrowed(&rig.mesh);
    if let Some((skeleton, fingers)) = fingers {
        crate::gltf_fingers::add(mesh.to_mut(), &mut keys, skeleton, fingers);
    }
    let body = posewire_skinning::export::SceneBody {
        name: None,
        mesh: &mesh,
        frames: &keys,
    };
    posewire_skinning::export::write_glb_scene(path, &[body], props, extras)?;
    tracing::info!(
        frames = keys.len(),
        objects = props.len(),
        vertices = rig.mesh.vertex_count(),
        out = %path.display(),
        "glTF skeletal animation written (viewers skin it with linear blending)"
    );
    Ok(())
}

/// Writes one `.glb`: the rest mesh with each frame's deformation by
/// `method` baked as a morph target, switched on in turn (STEP keys).
fn write_baked(
    rig: &Rig,
    frames: &[(usize, &JointFrame)],
    method: Method,
    path: &Path,
) -> anyhow::Result<()> {
    let n = rig.mesh.vertex_count();
    let megabytes = frames.len() as f64 * (24.0 * n as f64 + 4.0 * frames.len() as f64) / 1e6;
    tracing::info!(
        frames = frames.len(),
        method = method.name(),
        approx_mb = format!("{megabytes:.0}"),
        "baking the deformation as morph targets (use --every N for a smaller file)"
    );
    let t0 = frames.first().map_or(0.0, |(_, f)| f.time_s);
    let mut deformed = Deformed::default();
    let mut baked = Vec::with_capacity(frames.len());
    for (index, frame) in frames {
        let bones = rig.retarget.transforms(&pose_of(frame));
        rig.deformer.deform(&bones, method, &mut deformed);
        baked.push(BakedFrame {
            time_s: (frame.time_s - t0) as f32,
            name: format!("frame_{:06}", index + 1),
            positions: deformed.positions.clone(),
            normals: deformed.normals.clone(),
        });
    }
    write_baked_glb(path, &rig.mesh, &baked)?;
    let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
    tracing::info!(
        frames = baked.len(),
        vertices = n,
        method = method.name(),
        bytes,
        out = %path.display(),
        "glTF with baked morph targets written (viewers show these vertices)"
    );
    Ok(())
}
