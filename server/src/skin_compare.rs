//! `posewire skin --compare`: one pose skinned with linear blending, dual
//! quaternions and optimized centres of rotation, rendered side by side
//! (front view, same scale) to a PNG, so the candy wrapper of a twisted
//! forearm and the bulge or collapse of a bent elbow can be seen.

use std::path::Path;

use anyhow::Context as _;
use glam::{DQuat, DVec3};
use posewire_body::{BodyPose, BodyProfile, Joint, Skeleton};
use posewire_skinning::render::{write_compare_png, CloseUp, Panel};
use posewire_skinning::{BoneTransform, Deformed, Method};

use crate::skin_rig::{
    front_axes, pose_of, prepare_rig, read_track, rotate_subtree, skeleton_from_frame, Rig,
};

/// What `posewire skin --compare` renders (its flags of `skin`).
#[derive(Debug)]
pub struct Compare<'a> {
    /// The joint track whose frame is shown; none: the built-in test pose.
    pub joints: Option<&'a Path>,
    /// The frame (1-based) of `joints`.
    pub frame: u64,
    /// A rigged glTF model; none: the built-in body.
    pub model: Option<&'a Path>,
    /// Folder caching the centres of rotation.
    pub cache_dir: Option<&'a Path>,
    /// The PNG file to write.
    pub out: &'a Path,
    /// Width and height of each panel, pixels.
    pub panel_size: u32,
}

/// Elbow bend of the built-in test pose, degrees.
pub const TEST_BEND_DEG: f64 = 120.0;
/// Forearm twist of the built-in test pose, degrees.
pub const TEST_TWIST_DEG: f64 = 150.0;

/// Runs `posewire skin --compare`.
pub fn run(args: &Compare<'_>) -> anyhow::Result<()> {
    let (skeleton, given) = match args.joints {
        Some(path) => {
            let track = read_track(path)?;
            let count = track.frames.len();
            let index = usize::try_from(args.frame)
                .unwrap_or(usize::MAX)
                .saturating_sub(1);
            let frame = *track.frames.get(index).with_context(|| {
                format!(
                    "{}: --frame {} but the track has {count} frames",
                    path.display(),
                    args.frame
                )
            })?;
            let first = track
                .frames
                .first()
                .context("the joint track has no frames")?;
            (skeleton_from_frame(first, path)?, Some(frame))
        }
        None => (
            Skeleton::from_profile(&BodyProfile::from_stature(1.75)),
            None,
        ),
    };
    let rig = prepare_rig(args.model, &skeleton, true, args.cache_dir)?;
    let pose = match &given {
        Some(frame) => pose_of(frame),
        None => test_pose(&rig, &skeleton),
    };
    let bones = rig.retarget.transforms(&pose);
    let deformed: Vec<(Method, Deformed)> = Method::ALL
        .into_iter()
        .map(|m| {
            let mut d = Deformed::default();
            rig.deformer.deform(&bones, m, &mut d);
            (m, d)
        })
        .collect();
    let labels: Vec<String> = deformed
        .iter()
        .map(|(m, _)| m.name().to_uppercase())
        .collect();
    let panels: Vec<Panel<'_>> = deformed
        .iter()
        .zip(&labels)
        .map(|((_, d), label)| Panel {
            label,
            positions: &d.positions,
        })
        .collect();
    let (right, up) = front_axes(&rig);
    // Close-ups of the right elbow (on the viewer's left) and the left.
    let close_ups: Vec<CloseUp> = [
        (Joint::RightElbow, Joint::RightWrist),
        (Joint::LeftElbow, Joint::LeftWrist),
    ]
    .into_iter()
    .filter_map(|(elbow, wrist)| close_up(&rig, &bones, elbow, wrist))
    .collect();
    crate::create_parent(args.out)?;
    let size = args.panel_size;
    write_compare_png(
        args.out,
        &panels,
        &rig.mesh.triangles,
        right,
        up,
        (size, size),
        &close_ups,
    )?;
    tracing::info!(
        mesh = %rig.mesh.name,
        pose = if given.is_some() { "joint track frame" } else { "built-in test pose" },
        out = %args.out.display(),
        "comparison written (left to right: LBS, DQS, CoR)"
    );
    Ok(())
}

/// A close-up centred on a posed joint, as high as the bone to its child
/// is long (none when the rig lacks either joint).
fn close_up(rig: &Rig, bones: &[BoneTransform], joint: Joint, child: Joint) -> Option<CloseUp> {
    let j = rig.map.joints[joint]?;
    let c = rig.map.joints[child]?;
    let bind = rig.mesh.skeleton.get(j)?.bind_position.as_vec3();
    let length = (rig.mesh.skeleton.get(c)?.bind_position.as_vec3() - bind).length();
    let bone = bones.get(j)?;
    Some(CloseUp {
        centre: bone.rotation * bind + bone.translation,
        half_height: length.max(1e-3),
    })
}

/// The built-in test pose: the model's bind pose with the left elbow bent
/// [`TEST_BEND_DEG`] in the body's frontal plane (the forearm swings up,
/// so the fold faces the camera) and the right forearm twisted
/// [`TEST_TWIST_DEG`] about its own axis.
pub fn test_pose(rig: &Rig, skeleton: &Skeleton) -> BodyPose {
    let mut pose = rig.retarget.bind_pose();
    let forearm = |pose: &BodyPose, elbow: Joint, wrist: Joint| {
        (pose.rotations[elbow] * skeleton.offsets[wrist]).normalize_or(DVec3::X)
    };
    let dir = forearm(&pose, Joint::LeftElbow, Joint::LeftWrist);
    let hinge = (DVec3::Z - dir * dir.z).normalize_or(DVec3::Z);
    rotate_subtree(
        &mut pose,
        Joint::LeftElbow,
        DQuat::from_axis_angle(hinge, TEST_BEND_DEG.to_radians()),
    );
    let dir = forearm(&pose, Joint::RightElbow, Joint::RightWrist);
    rotate_subtree(
        &mut pose,
        Joint::RightElbow,
        DQuat::from_axis_angle(dir, TEST_TWIST_DEG.to_radians()),
    );
    pose
}
