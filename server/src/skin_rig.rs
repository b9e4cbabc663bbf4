//! A rigged mesh ready to pose, and what `skin`, `skin --compare` and
//! `export` share to get there: reading a joint track, its poses and
//! skeleton, preparing the rig, front-view axes.

use std::path::Path;

use anyhow::Context as _;
use glam::{DQuat, DVec3, Vec3};
use posewire_body::formats::{JointFrame, JointTrack};
use posewire_body::{BodyPose, BodyProfile, Joint, JointMap, Skeleton};
use posewire_skinning::{
    body_mesh, load_gltf, CentresOfRotation, CorParams, Deformer, ImportOptions, Retargeter,
    RigMap, SkinnedMesh,
};

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
