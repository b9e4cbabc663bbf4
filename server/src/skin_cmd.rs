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
use glam::{DQuat, DVec3, Vec3};
use posewire_body::formats::{JointFrame, JointTrack};
use posewire_body::{BodyPose, BodyProfile, Joint, JointMap, Skeleton};
use posewire_skinning::export::{
    write_baked_glb, write_glb_with_props, write_obj, AnimationFrame, BakedFrame,
};
use posewire_skinning::{
    body_mesh, load_gltf, CentresOfRotation, CorParams, Deformed, Deformer, ImportOptions, Method,
    Retargeter, RigMap, SkinnedMesh,
};

use crate::cli::{MethodArg, SkinArgs, SkinFormat};

/// A mesh ready to pose: the mesh, its canonical joint map, retargeting and
/// the deformer (with centres of rotation when they were asked for).
pub struct Rig {
    /// The skinned mesh (rest geometry in the model's bind pose).
    pub mesh: SkinnedMesh,
    /// Which mesh joint plays which canonical joint.
    pub map: RigMap,
    /// Canonical poses to the mesh's skinning transforms.
    pub retarget: Retargeter,
    /// The prepared mesh.
    pub deformer: Deformer,
}

/// The skinning method behind a command-line choice.
pub fn method(arg: MethodArg) -> Method {
    match arg {
        MethodArg::Cor => Method::Cor,
        MethodArg::Lbs => Method::Lbs,
        MethodArg::Dqs => Method::Dqs,
    }
}

/// Reads a joint track that has rotation columns and at least one frame.
pub fn read_track(path: &Path) -> anyhow::Result<JointTrack> {
    let track = JointTrack::read(path).context("cannot read the joint track")?;
    if !track.has_rotations {
        anyhow::bail!(
            "{}: the joint track has no rotation columns (qx,qy,qz,qw); skinning needs the \
             bone rotations (FORMATS.md section 3; `posewire solve` writes them)",
            path.display()
        );
    }
    if track.frames.is_empty() {
        anyhow::bail!("{}: the joint track has no frames", path.display());
    }
    Ok(track)
}

/// The canonical pose of a frame: the pelvis position and bone rotations.
pub fn pose_of(frame: &JointFrame) -> BodyPose {
    BodyPose {
        root: frame.joints[Joint::Pelvis].position,
        rotations: frame.joints.map(|_, t| t.rotation),
    }
}

/// The skeleton a track was solved on, from one frame: each joint's rest
/// offset is its parent bone's rotation undone on the joint's displacement
/// (exact for forward-kinematic output). The pelvis's rest height, which a
/// track cannot show, is the average body's scaled by the leg length.
pub fn skeleton_from_frame(frame: &JointFrame, path: &Path) -> anyhow::Result<Skeleton> {
    let average = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
    let mut offsets: JointMap<DVec3> = JointMap::splat(DVec3::ZERO);
    for j in Joint::ALL {
        if let Some(parent) = j.parent() {
            let rot = frame.joints[parent].rotation.normalize();
            offsets[j] = rot.inverse() * (frame.joints[j].position - frame.joints[parent].position);
        }
    }
    let leg = |o: &JointMap<DVec3>| {
        o[Joint::LeftKnee].length()
            + o[Joint::LeftAnkle].length()
            + o[Joint::RightKnee].length()
            + o[Joint::RightAnkle].length()
    };
    let (track_leg, average_leg) = (leg(&offsets), leg(&average.offsets));
    if !(track_leg.is_finite() && track_leg > 0.2) {
        anyhow::bail!(
            "{}: frame at {:.3} s: the legs are {track_leg:.3} m long in total; not a body",
            path.display(),
            frame.time_s
        );
    }
    offsets[Joint::Pelvis] = average.offsets[Joint::Pelvis] * (track_leg / average_leg);
    Ok(Skeleton { offsets })
}

/// Loads the model (or builds the default body for `skeleton`), maps its
/// rig, prepares retargeting and, when `centres` is set, the centres of
/// rotation (cached in `cache_dir` when given).
pub fn prepare_rig(
    model: Option<&Path>,
    skeleton: &Skeleton,
    centres: bool,
    cache_dir: Option<&Path>,
) -> anyhow::Result<Rig> {
    let mesh = match model {
        Some(path) => load_gltf(path, ImportOptions::default())
            .with_context(|| format!("cannot load the model {}", path.display()))?,
        None => body_mesh::default_body(skeleton).context("cannot build the built-in body")?,
    };
    let map = RigMap::for_mesh(&mesh);
    let retarget = Retargeter::new(&mesh, &map, skeleton)
        .with_context(|| format!("cannot retarget onto {}", mesh.name))?;
    tracing::info!(
        mesh = %mesh.name,
        vertices = mesh.vertex_count(),
        triangles = mesh.triangles.len(),
        joints = mesh.skeleton.len(),
        rig = %map.source,
        unmapped = map.unmapped.len(),
        "model ready"
    );
    let cor = if centres {
        let params = CorParams::default();
        Some(match cache_dir {
            Some(dir) => CentresOfRotation::compute_cached(&mesh, &params, dir)?,
            None => CentresOfRotation::compute(&mesh, &params),
        })
    } else {
        None
    };
    let deformer = Deformer::new(&mesh, cor.as_ref());
    Ok(Rig {
        mesh,
        map,
        retarget,
        deformer,
    })
}

/// Runs `posewire skin`.
pub fn run(args: &SkinArgs) -> anyhow::Result<()> {
    if args.compare {
        return crate::skin_compare::run(args);
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
                write_animation(&rig, &frames, &[], &path)
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
/// first frame).
pub fn write_animation(
    rig: &Rig,
    frames: &[(usize, &JointFrame)],
    props: &[posewire_skinning::export::PropTrack],
    path: &Path,
) -> anyhow::Result<()> {
    let t0 = frames.first().map_or(0.0, |(_, f)| f.time_s);
    let keys: Vec<AnimationFrame> = frames
        .iter()
        .map(|(_, frame)| AnimationFrame {
            time_s: (frame.time_s - t0) as f32,
            bones: rig.retarget.transforms(&pose_of(frame)),
        })
        .collect();
    write_glb_with_props(path, &rig.mesh, &keys, props)?;
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

/// Screen axes that show a rig from the front: right = the body's left
/// (the viewer faces it), up = pelvis toward the head. Falls back to the
/// canonical axes when the rig lacks the joints to tell.
pub fn front_axes(rig: &Rig) -> (Vec3, Vec3) {
    let at = |j: Joint| rig.map.joints[j].and_then(|i| rig.mesh.skeleton.get(i));
    let pos = |j: Joint| at(j).map(|m| m.bind_position);
    let up = match (
        pos(Joint::Pelvis),
        [Joint::Head, Joint::Neck, Joint::Chest]
            .into_iter()
            .find_map(pos),
    ) {
        (Some(p), Some(t)) => (t - p).normalize_or(DVec3::Y),
        _ => DVec3::Y,
    };
    let mut left = DVec3::ZERO;
    for (l, r) in [
        (Joint::LeftShoulder, Joint::RightShoulder),
        (Joint::LeftHip, Joint::RightHip),
    ] {
        if let (Some(a), Some(b)) = (pos(l), pos(r)) {
            left += a - b;
        }
    }
    let left = (left - up * left.dot(up)).normalize_or(DVec3::X);
    (left.as_vec3(), up.as_vec3())
}

/// Rotates a canonical joint's bone and everything below it by `rot`
/// (world frame).
pub fn rotate_subtree(pose: &mut BodyPose, joint: Joint, rot: DQuat) {
    let mut stack = vec![joint];
    while let Some(j) = stack.pop() {
        pose.rotations[j] = rot * pose.rotations[j];
        stack.extend(j.children());
    }
}
