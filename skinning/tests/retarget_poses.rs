//! Retargeting canonical poses onto the shared models: after retargeting,
//! every mesh bone that plays a canonical bone (a joint and its primary
//! child, both mapped: the spine, neck, limbs and feet) points in the same
//! world direction as the canonical bone, read in the model's own frame (up
//! from pelvis to head, left from the right-to-left joint pairs, forward =
//! left x up, as the model stands in its bind pose); and the bind pose maps
//! to identity transforms.
//!
//! The other offsets from a joint with several children (pelvis to hips,
//! chest to clavicles) are not bones of their own: they move rigidly with
//! the joint's bone, at the model's own angle to it (CesiumMan's hip joints
//! sit 45 degrees below its pelvis joint, the canonical ones level with
//! it), so for those the test checks that the angle to the primary bone
//! stays what it is in the bind pose.
//!
//! Tolerance: 0.5 degrees. Retargeting maps directions exactly in f64; the
//! only error is rounding the bone transforms to f32 (about 1e-7 relative,
//! so 1e-5 degrees on metre-long bones). A mapping bug (a bone following
//! the wrong parent, a bind offset taken from the wrong child, a missed
//! facing) shows up as tens of degrees, so 0.5 separates the two by orders
//! of magnitude while leaving room for numerically harmless changes.

mod common;

use glam::{DMat3, DQuat, DVec3};
use posewire_body::{BodyPose, BodyProfile, Joint, Skeleton};
use posewire_skinning::{load_gltf, ImportOptions, Retargeter, RigMap, SkinnedMesh};

const TOLERANCE_DEG: f64 = 0.5;

/// Rotates a canonical joint's bone and everything below it by `rot`.
fn rotate_subtree(pose: &mut BodyPose, joint: Joint, rot: DQuat) {
    let mut stack = vec![joint];
    while let Some(j) = stack.pop() {
        pose.rotations[j] = rot * pose.rotations[j];
        stack.extend(j.children());
    }
}

/// The canonical test poses, by name.
fn poses(skeleton: &Skeleton) -> Vec<(&'static str, BodyPose)> {
    let rest = BodyPose::rest(skeleton);
    let deg = f64::to_radians;
    let mut arms_down = rest;
    // Canonical frame: x = the body's left, y up, z forward. The left arm
    // points +x at rest; -90 degrees about z brings it to -y.
    rotate_subtree(
        &mut arms_down,
        Joint::LeftShoulder,
        DQuat::from_rotation_z(deg(-90.0)),
    );
    rotate_subtree(
        &mut arms_down,
        Joint::RightShoulder,
        DQuat::from_rotation_z(deg(90.0)),
    );
    let mut elbows = rest;
    // Forearms bent 90 degrees forward (+x and -x turned to +z).
    rotate_subtree(
        &mut elbows,
        Joint::LeftElbow,
        DQuat::from_rotation_y(deg(-90.0)),
    );
    rotate_subtree(
        &mut elbows,
        Joint::RightElbow,
        DQuat::from_rotation_y(deg(90.0)),
    );
    let mut knees = rest;
    // Shins bent 90 degrees backward (-y turned to -z), the left hip also
    // lifted 30 degrees forward.
    rotate_subtree(
        &mut knees,
        Joint::LeftKnee,
        DQuat::from_rotation_x(deg(90.0)),
    );
    rotate_subtree(
        &mut knees,
        Joint::RightKnee,
        DQuat::from_rotation_x(deg(90.0)),
    );
    rotate_subtree(
        &mut knees,
        Joint::LeftHip,
        DQuat::from_rotation_x(deg(-30.0)),
    );
    let mut trunk = arms_down;
    // The whole body turned 60 degrees to its left, then the trunk leaning
    // 30 degrees forward and the chest 20 degrees to the side; the root
    // moved and lowered.
    rotate_subtree(&mut trunk, Joint::Pelvis, DQuat::from_rotation_y(deg(60.0)));
    let turned = DQuat::from_rotation_y(deg(60.0));
    rotate_subtree(
        &mut trunk,
        Joint::Spine,
        DQuat::from_axis_angle(turned * DVec3::X, deg(30.0)),
    );
    rotate_subtree(
        &mut trunk,
        Joint::Chest,
        DQuat::from_axis_angle(turned * DVec3::Z, deg(20.0)),
    );
    trunk.root += DVec3::new(0.3, -0.1, 0.5);
    let mut twisted = elbows;
    // Forearm twisted about its own axis as well: directions must not care.
    let axis = (elbows.positions(skeleton)[Joint::LeftWrist]
        - elbows.positions(skeleton)[Joint::LeftElbow])
        .normalize();
    rotate_subtree(
        &mut twisted,
        Joint::LeftElbow,
        DQuat::from_axis_angle(axis, deg(80.0)),
    );
    vec![
        ("T-pose", rest),
        ("arms down", arms_down),
        ("elbows bent 90", elbows),
        ("knees bent 90", knees),
        ("trunk turned and leaning", trunk),
        ("forearm bent and twisted", twisted),
    ]
}

/// The model's frame in its bind pose: columns left, up, forward.
fn model_frame(mesh: &SkinnedMesh, map: &RigMap) -> DMat3 {
    let at = |j: Joint| map.joints[j].map(|i| mesh.skeleton[i].bind_position);
    let pelvis = at(Joint::Pelvis).expect("pelvis mapped");
    let top = at(Joint::Head).expect("head mapped");
    let up = (top - pelvis).normalize();
    let mut left = DVec3::ZERO;
    for (l, r) in [
        (Joint::LeftShoulder, Joint::RightShoulder),
        (Joint::LeftHip, Joint::RightHip),
        (Joint::LeftElbow, Joint::RightElbow),
        (Joint::LeftKnee, Joint::RightKnee),
    ] {
        left += at(l).expect("left mapped") - at(r).expect("right mapped");
    }
    let left = (left - up * left.dot(up)).normalize();
    DMat3::from_cols(left, up, left.cross(up))
}

/// A canonical joint and one of its children.
type Bone = (Joint, Joint);

/// Canonical bones (joint, primary child) with both ends mapped on the
/// mesh, and the other (joint, child) offsets with both ends mapped.
fn mapped_bones(map: &RigMap) -> (Vec<Bone>, Vec<Bone>) {
    let mapped = |&(j, c): &Bone| map.joints[j].is_some() && map.joints[c].is_some();
    let primary = Joint::ALL
        .into_iter()
        .filter_map(|j| j.children().next().map(|c| (j, c)))
        .filter(mapped)
        .collect();
    let secondary = Joint::ALL
        .into_iter()
        .flat_map(|j| j.children().skip(1).map(move |c| (j, c)))
        .filter(mapped)
        .collect();
    (primary, secondary)
}

fn angle_deg(a: DVec3, b: DVec3) -> f64 {
    a.normalize()
        .dot(b.normalize())
        .clamp(-1.0, 1.0)
        .acos()
        .to_degrees()
}

#[test]
fn retarget_canonical_poses_point_mesh_bones_like_canonical_bones() {
    let Some(dir) =
        common::models_dir("retarget_canonical_poses_point_mesh_bones_like_canonical_bones")
    else {
        return;
    };
    let skeleton = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
    for (file, min_bones) in [("CesiumMan.glb", 14), ("male_base_mesh.glb", 16)] {
        let mesh = load_gltf(&dir.join(file), ImportOptions::default())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let map = RigMap::for_mesh(&mesh);
        let retarget =
            Retargeter::new(&mesh, &map, &skeleton).unwrap_or_else(|e| panic!("{file}: {e}"));
        let frame = model_frame(&mesh, &map);
        let (bones, offsets) = mapped_bones(&map);
        assert!(
            bones.len() >= min_bones,
            "{file}: only {} canonical bones mapped",
            bones.len()
        );

        // The bind pose maps to itself.
        for (j, b) in retarget
            .transforms(&retarget.bind_pose())
            .iter()
            .enumerate()
        {
            let turn = b.rotation.angle_between(glam::Quat::IDENTITY).to_degrees();
            assert!(
                turn < 1e-3,
                "{file} joint {j}: bind pose turned by {turn} deg"
            );
            assert!(
                b.translation.length() < 1e-5,
                "{file} joint {j}: bind pose moved by {}",
                b.translation
            );
        }

        let bind = |i: usize| mesh.skeleton[i].bind_position;
        let primary_of = |j: Joint| {
            let c = j.children().next().expect("a joint with children");
            (map.joints[j].unwrap_or(0), map.joints[c].unwrap_or(0))
        };
        let leg = |p: &dyn Fn(Joint) -> DVec3| {
            (p(Joint::LeftKnee) - p(Joint::LeftHip)).length()
                + (p(Joint::LeftAnkle) - p(Joint::LeftKnee)).length()
        };
        let rest = BodyPose::rest(&skeleton);
        let rest_at = rest.positions(&skeleton);
        let scale = leg(&|j| bind(map.joints[j].unwrap_or(0))) / leg(&|j| rest_at[j]);
        for (name, pose) in poses(&skeleton) {
            let canon = pose.positions(&skeleton);
            let t = retarget.transforms(&pose);
            let posed = |i: usize| {
                (t[i].rotation * mesh.skeleton[i].bind_position.as_vec3() + t[i].translation)
                    .as_dvec3()
            };
            let pelvis = map.joints[Joint::Pelvis].unwrap_or(0);
            let want = bind(pelvis) + frame * (pose.root - rest.root) * scale;
            let off = (posed(pelvis) - want).length();
            assert!(
                off < 1e-4,
                "{file}, {name}: pelvis {off} m from where it should be"
            );
            for &(j, c) in &offsets {
                let (mj, mc) = (map.joints[j].unwrap_or(0), map.joints[c].unwrap_or(0));
                let (pj, pc) = primary_of(j);
                let at_bind = angle_deg(bind(mc) - bind(mj), bind(pc) - bind(pj));
                let now = angle_deg(posed(mc) - posed(mj), posed(pc) - posed(pj));
                assert!(
                    (now - at_bind).abs() < TOLERANCE_DEG,
                    "{file}, {name}: offset {j}->{c} at {now:.3} deg to its bone, {at_bind:.3} in the bind pose"
                );
            }
            let mut worst = (0.0, Joint::Pelvis);
            for &(j, c) in &bones {
                let (mj, mc) = (map.joints[j].unwrap_or(0), map.joints[c].unwrap_or(0));
                let mesh_dir = posed(mc) - posed(mj);
                let want = frame * (canon[c] - canon[j]);
                let angle = angle_deg(mesh_dir, want);
                if angle > worst.0 {
                    worst = (angle, j);
                }
                assert!(
                    angle < TOLERANCE_DEG,
                    "{file}, {name}: bone {j}->{c} is {angle:.3} deg off the canonical direction"
                );
            }
            println!(
                "{file}, {name}: {} bones and {} offsets, worst bone {:.2e} deg ({})",
                bones.len(),
                offsets.len(),
                worst.0,
                worst.1
            );
        }
    }
}
