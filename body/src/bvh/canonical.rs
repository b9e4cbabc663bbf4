//! Writing bodies as BVH on the canonical skeleton, at the person's own
//! proportions, for DCC tools (Blender, Maya, MotionBuilder, Unreal).
//!
//! The hierarchy is the 21 canonical joints with their FORMATS.md names and
//! the skeleton's rest offsets (a T-pose facing +Z, +Y up, so every local
//! frame starts aligned with the world). The root has six channels
//! `Xposition Yposition Zposition Zrotation Xrotation Yrotation`, every other
//! joint the three rotations in the same `Z X Y` order, the order of the CMU
//! files that every major tool reads. The root `OFFSET` is zero (Blender
//! ignores it) and the pelvis position is in the root's position channels.
//! Euler angles are unwrapped frame to frame, so no channel jumps by 360
//! degrees.

use glam::{DQuat, DVec3, EulerRot};

use super::{Bvh, BvhJoint, Channel};
use crate::fingers::{self, FingerJoint, FingerRotations, HandSkeleton};
use crate::joint::Joint;
use crate::pose::BodyPose;
use crate::skeleton::Skeleton;

/// End-site lengths of the leaf bones, metres: the top of the head above
/// the skull base, the hand beyond the wrist, the toe tip beyond the toe
/// joint (nominal: only for how a tool draws the last bones).
const HEAD_TOP_M: f64 = 0.18;
const HAND_M: f64 = 0.09;
const TOE_TIP_M: f64 = 0.05;

/// The BVH of a sequence of poses on `skeleton`, `frame_time` seconds
/// apart, with lengths multiplied by `units_per_metre` (100 for
/// centimetres, the default of most tools).
pub fn canonical_bvh(
    skeleton: &Skeleton,
    poses: &[BodyPose],
    frame_time: f64,
    units_per_metre: f64,
) -> Bvh {
    let joints = Joint::ALL
        .iter()
        .map(|&j| BvhJoint {
            name: j.name().to_string(),
            parent: j.parent().map(|p| p.index()),
            offset: if j.parent().is_some() {
                skeleton.offsets[j] * units_per_metre
            } else {
                DVec3::ZERO
            },
            channels: if j.parent().is_some() {
                vec![Channel::Zrotation, Channel::Xrotation, Channel::Yrotation]
            } else {
                vec![
                    Channel::Xposition,
                    Channel::Yposition,
                    Channel::Zposition,
                    Channel::Zrotation,
                    Channel::Xrotation,
                    Channel::Yrotation,
                ]
            },
            end_site: end_site(skeleton, j).map(|v| v * units_per_metre),
        })
        .collect();
    let mut frames: Vec<Vec<f64>> = Vec::with_capacity(poses.len());
    for pose in poses {
        let mut values = Vec::with_capacity(3 + 3 * Joint::COUNT);
        values.extend((pose.root * units_per_metre).to_array());
        for j in Joint::ALL {
            let local = match j.parent() {
                Some(p) => pose.rotations[p].inverse() * pose.rotations[j],
                None => pose.rotations[j],
            };
            let (z, x, y) = local.normalize().to_euler(EulerRot::ZXY);
            values.extend([z.to_degrees(), x.to_degrees(), y.to_degrees()]);
        }
        if let Some(previous) = frames.last() {
            unwrap_angles(previous, &mut values);
        }
        frames.push(values);
    }
    Bvh {
        joints,
        frame_time,
        frames,
    }
}

/// Adds the 30 finger joints (FORMATS.md section 4) to a [`canonical_bvh`]
/// of the same frames: each hangs under its wrist (or the finger joint
/// before it) at the hand skeleton's rest offset, with three rotation
/// channels `Z X Y`, its values appended to each frame; the wrists lose
/// their end sites and each `_3` gets one at its fingertip. `local` holds
/// each frame's finger rotations (a missing one reads as open hands).
pub fn add_fingers(
    bvh: &mut Bvh,
    hands: &HandSkeleton,
    local: &[FingerRotations],
    units_per_metre: f64,
) {
    let index_of = |name: &str, joints: &[BvhJoint]| joints.iter().position(|j| j.name == name);
    let first = bvh.joints.len();
    for j in FingerJoint::all() {
        let parent = match j.parent() {
            Some(p) => Some(first + p.index()),
            None => index_of(j.wrist().name(), &bvh.joints),
        };
        if let Some(wrist) = j.parent().is_none().then_some(parent).flatten() {
            bvh.joints[wrist].end_site = None;
        }
        let finger = fingers::Finger::ALL
            .iter()
            .position(|f| *f == j.finger)
            .unwrap_or(0);
        let hand = usize::from(j.side == crate::joint::Side::Right);
        bvh.joints.push(BvhJoint {
            name: j.name(),
            parent,
            offset: hands.offsets[j.index()] * units_per_metre,
            channels: vec![Channel::Zrotation, Channel::Xrotation, Channel::Yrotation],
            end_site: (j.number == 3).then(|| hands.tips[hand][finger] * units_per_metre),
        });
    }
    for (k, values) in bvh.frames.iter_mut().enumerate() {
        let open = [DQuat::IDENTITY; FingerJoint::COUNT];
        for q in local.get(k).unwrap_or(&open) {
            let (z, x, y) = q.normalize().to_euler(EulerRot::ZXY);
            values.extend([z.to_degrees(), x.to_degrees(), y.to_degrees()]);
        }
    }
}

/// The local rotation that a `Z X Y` triple of degrees stands for (the
/// inverse of what [`canonical_bvh`] writes).
pub fn zxy_rotation(z_deg: f64, x_deg: f64, y_deg: f64) -> DQuat {
    DQuat::from_euler(
        EulerRot::ZXY,
        z_deg.to_radians(),
        x_deg.to_radians(),
        y_deg.to_radians(),
    )
}

/// Moves every rotation value (all but the first three, the root position)
/// by whole turns to within 180 degrees of the previous frame's.
fn unwrap_angles(previous: &[f64], values: &mut [f64]) {
    for (v, p) in values.iter_mut().zip(previous).skip(3) {
        *v += 360.0 * ((*p - *v) / 360.0).round();
    }
}

fn end_site(skeleton: &Skeleton, j: Joint) -> Option<DVec3> {
    if j.children().next().is_some() {
        return None;
    }
    let along = skeleton.offsets[j].normalize_or(DVec3::Y);
    Some(match j {
        Joint::Head => DVec3::Y * HEAD_TOP_M,
        Joint::LeftToe | Joint::RightToe => DVec3::Z * TOE_TIP_M,
        _ => along * HAND_M,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::BodyProfile;

    fn wavy_poses(sk: &Skeleton, n: usize) -> Vec<BodyPose> {
        (0..n)
            .map(|k| {
                let t = k as f64 * 0.05;
                let mut pose = BodyPose::rest(sk);
                pose.root += DVec3::new(0.3 * t, 0.02 * t.sin(), -0.1 * t);
                for (i, j) in Joint::ALL.into_iter().enumerate() {
                    let own = DQuat::from_euler(
                        EulerRot::XYZ,
                        0.4 * (t + i as f64).sin(),
                        // The pelvis turns round and round: unwrapping is needed.
                        if i == 0 {
                            1.3 * t
                        } else {
                            0.3 * (0.7 * t + i as f64).cos()
                        },
                        0.2 * (1.3 * t - i as f64).sin(),
                    );
                    let world = match j.parent() {
                        Some(p) => pose.rotations[p] * own,
                        None => own,
                    };
                    pose.rotations[j] = world;
                }
                pose
            })
            .collect()
    }

    #[test]
    fn bvh_canonical_export_reproduces_every_joint_position() {
        let sk = Skeleton::from_profile(&BodyProfile::from_stature(1.68));
        let poses = wavy_poses(&sk, 120);
        let bvh = canonical_bvh(&sk, &poses, 1.0 / 90.0, 100.0);
        // Through the text and back, then forward kinematics in centimetres.
        let text = bvh.to_text();
        let back = Bvh::parse(&text, "export.bvh").expect("parse");
        for (f, pose) in poses.iter().enumerate() {
            let expect = pose.positions(&sk);
            let world = back.world_transforms(f);
            for j in Joint::ALL {
                let index = back.joint_index(j.name()).expect("every joint is written");
                let got = world[index].position / 100.0;
                assert!(
                    got.distance(expect[j]) < 1e-6,
                    "frame {f} {}: {got} vs {}",
                    j.name(),
                    expect[j]
                );
            }
        }
        // No rotation channel jumps by more than 90 degrees between frames.
        for pair in back.frames.windows(2) {
            for (a, b) in pair[0].iter().zip(&pair[1]).skip(3) {
                assert!((a - b).abs() < 90.0, "{a} -> {b}");
            }
        }
    }

    #[test]
    fn bvh_zxy_matches_the_channel_order() {
        let q = zxy_rotation(30.0, -20.0, 75.0);
        let t = super::super::fk::local_from_channels(
            DVec3::ZERO,
            &[Channel::Zrotation, Channel::Xrotation, Channel::Yrotation],
            &[30.0, -20.0, 75.0],
        );
        assert!(q.angle_between(t.rotation) < 1e-9);
    }
}
