//! The fingers of a glTF export on the canonical skeleton (issue 44): the
//! 30 finger joints become joints of the skin, each a child of its wrist
//! (or of the finger joint before it) and bound to no vertex, animated
//! with the body. A rigged model keeps its own finger bones as they are.

use posewire_body::fingers::{self, FingerJoint, HandSkeleton};
use posewire_body::formats::FingerFrame;
use posewire_body::{BodyPose, Skeleton};
use posewire_skinning::export::AnimationFrame;
use posewire_skinning::{BoneTransform, MeshJoint, SkinnedMesh};

/// Adds the finger joints to `mesh`'s skeleton and their transforms to
/// every key (`fingers[k]` for `keys[k]`). Does nothing when the mesh has
/// no joints named `left_wrist` and `right_wrist` (not the canonical
/// skeleton).
pub fn add(
    mesh: &mut SkinnedMesh,
    keys: &mut [AnimationFrame],
    skeleton: &Skeleton,
    fingers: &[FingerFrame],
) {
    let wrist_of = |name: &str| mesh.skeleton.iter().position(|j| j.name == name);
    let Some(wrists) = wrist_of("left_wrist").zip(wrist_of("right_wrist")) else {
        return;
    };
    let hands = HandSkeleton::from_skeleton(skeleton);
    let rest_pose = BodyPose::rest(skeleton);
    let rest = fingers::world_transforms(&rest_pose, skeleton, &hands, &[[0.0; 5]; 2]);
    let rest_body = rest_pose.positions(skeleton);
    let first = mesh.skeleton.len();
    let mut bind = Vec::with_capacity(FingerJoint::COUNT);
    for j in FingerJoint::all() {
        let wrist = if j.wrist().index() == posewire_body::Joint::LeftWrist.index() {
            wrists.0
        } else {
            wrists.1
        };
        let w = &mesh.skeleton[wrist];
        let position =
            w.bind_position + w.bind_rotation * (rest[j.index()].position - rest_body[j.wrist()]);
        bind.push(position);
        mesh.skeleton.push(MeshJoint {
            name: j.name(),
            parent: Some(j.parent().map_or(wrist, |p| first + p.index())),
            bind_position: position,
            bind_rotation: w.bind_rotation,
        });
    }
    for (key, frame) in keys.iter_mut().zip(fingers) {
        key.bones.resize(first, BoneTransform::IDENTITY);
        for (t, p_bind) in frame.iter().zip(&bind) {
            // The rigid motion taking the bind pose to the joint now.
            let rotation = t.rotation.normalize();
            key.bones.push(BoneTransform {
                rotation: rotation.as_quat(),
                translation: (t.position - rotation * *p_bind).as_vec3(),
            });
        }
    }
}
