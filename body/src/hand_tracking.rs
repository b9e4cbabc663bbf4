//! Fingers from OpenXR hand tracking (`XR_EXT_hand_tracking`, issue 44):
//! the runtime's 26 joints per hand become the hand's 15 finger joints'
//! rotations relative to their parents, in the body's conventions
//! ([`crate::fingers`]), so that they hang under the solved wrist as the
//! controller curls do.
//!
//! OpenXR's joint frames (the extension's "hand joint conventions"): +Y
//! out of the back of the hand (the nail side of a finger), -Z along the
//! bone toward the fingertip, +X by the right-hand rule; the same for both
//! hands. The joints are palm 0, wrist 1, thumb metacarpal, proximal,
//! distal, tip 2..5, then index, middle, ring and little finger
//! metacarpal, proximal, intermediate, distal, tip (6..10, 11..15,
//! 16..20, 21..25).
//!
//! A body finger joint is the XR joint whose bone starts there: `thumb_1`
//! the thumb's metacarpal (its carpometacarpal joint), `thumb_2` its
//! proximal, `thumb_3` its distal; a finger's `_1` its proximal (the
//! knuckle), `_2` intermediate, `_3` distal. The fingers' metacarpals are
//! rigid in the body's hand and are skipped: a `_1` is relative to the XR
//! wrist. Only orientations are used: the body keeps its own bone lengths.
//!
//! At rest (the T-pose, palms down) each bone's XR frame is
//! [`rest_orientation`]; a tracked joint whose orientation is `q` has the
//! world rotation `q * rest⁻¹` relative to rest, and its rotation relative
//! to its parent follows as for any bone.

use glam::{DMat3, DQuat};

use crate::fingers::{self, Curls, Finger, FingerJoint, HandSkeleton};
use crate::joint::Side;
use crate::transform::Transform;

/// Joints per hand in `XR_HAND_JOINT_SET_DEFAULT_EXT`.
pub const XR_JOINT_COUNT: usize = 26;
/// `XR_HAND_JOINT_PALM_EXT`.
pub const XR_PALM: usize = 0;
/// `XR_HAND_JOINT_WRIST_EXT`.
pub const XR_WRIST: usize = 1;

/// The XR joint at a body finger joint of `finger`, `number` 1..=3 (the
/// joint whose bone starts there).
pub fn xr_joint(finger: Finger, number: u8) -> usize {
    let n = usize::from(number.clamp(1, 3));
    match finger {
        Finger::Thumb => 1 + n,
        Finger::Index => 6 + n,
        Finger::Middle => 11 + n,
        Finger::Ring => 16 + n,
        Finger::Little => 21 + n,
    }
}

/// The XR joint at the fingertip of `finger`.
pub fn xr_tip(finger: Finger) -> usize {
    xr_joint(finger, 3) + 1
}

/// One hand as the runtime located it: each joint's orientation in the
/// world, `None` where the runtime did not mark it valid.
pub type XrHandOrientations = [Option<DQuat>; XR_JOINT_COUNT];

/// One hand's tracked finger rotations, per finger joint of the hand
/// (`thumb_1` .. `little_3`, [`FingerJoint::all`] order), each relative to
/// its parent; `None` where it or its parent was not valid.
pub type TrackedHandFingers = [Option<DQuat>; FingerJoint::PER_HAND];

/// Both hands' tracked fingers (left, right); `None` for a hand not
/// tracked now.
pub type TrackedFingers = [Option<TrackedHandFingers>; 2];

/// The OpenXR frame of a bone of the `side` hand at rest, in the world:
/// the hand's and every finger's (they lie along the hand), or with
/// `thumb` the thumb's (along its rest direction, its nail up).
pub fn rest_orientation(side: Side, thumb: bool) -> DQuat {
    let (along, _, palm) = fingers::hand_axes(side);
    let direction = if thumb {
        fingers::thumb_direction(side)
    } else {
        along
    };
    let back = -palm;
    let z = -direction;
    let y = (back - direction * back.dot(direction)).normalize();
    let x = y.cross(z);
    DQuat::from_mat3(&DMat3::from_cols(x, y, z)).normalize()
}

/// A finger joint's rotation relative to its parent from the XR
/// orientations of the joint (`joint`, whose rest frame is `rest`) and of
/// its parent (`parent`, rest frame `parent_rest`).
fn relative(parent: DQuat, parent_rest: DQuat, joint: DQuat, rest: DQuat) -> Option<DQuat> {
    let q = (parent_rest * parent.inverse() * joint * rest.inverse()).normalize();
    q.is_finite().then_some(q)
}

/// The hand's finger rotations from its tracked XR joints: for each body
/// finger joint, its rotation relative to its parent (a `_1` relative to
/// the XR wrist), `None` where the joint or its parent has no valid
/// orientation (all of them without a valid wrist).
pub fn finger_rotations(side: Side, xr: &XrHandOrientations) -> TrackedHandFingers {
    let mut out = [None; FingerJoint::PER_HAND];
    let Some(wrist) = xr[XR_WRIST] else {
        return out;
    };
    let hand_rest = rest_orientation(side, false);
    for (f, finger) in Finger::ALL.into_iter().enumerate() {
        let rest = rest_orientation(side, finger == Finger::Thumb);
        for number in 1..=3u8 {
            let (parent, parent_rest) = match number {
                1 => (Some(wrist), hand_rest),
                _ => (xr[xr_joint(finger, number - 1)], rest),
            };
            let joint = xr[xr_joint(finger, number)];
            out[3 * f + usize::from(number - 1)] = match (parent, joint) {
                (Some(p), Some(j)) => relative(p, parent_rest, j, rest),
                _ => None,
            };
        }
    }
    out
}

/// The rotations the fingers take ([`FingerJoint::all`] order): a tracked
/// joint's where it is valid, the controller curls' elsewhere (hand
/// tracking takes precedence, joint by joint).
pub fn merged(curls: &Curls, tracked: &TrackedFingers) -> [DQuat; FingerJoint::COUNT] {
    let mut local = fingers::local_rotations(curls);
    for (h, hand) in tracked.iter().enumerate() {
        let Some(hand) = hand else { continue };
        for (k, q) in hand.iter().enumerate() {
            if let Some(q) = q.filter(|q| q.is_finite()) {
                local[h * FingerJoint::PER_HAND + k] = q;
            }
        }
    }
    local
}

/// Whether any finger joint of either hand is tracked.
pub fn any_tracked(tracked: &TrackedFingers) -> bool {
    tracked.iter().flatten().flatten().any(Option::is_some)
}

/// The 26 XR joints (world poses in OpenXR's joint frames) of a body hand
/// whose wrist is at `wrist` (its position, and its rotation relative to
/// rest) with the finger rotations `local` ([`FingerJoint::all`] order,
/// only the `side` hand's are used). The inverse of [`finger_rotations`]:
/// what a runtime would serve for that hand (the test runtime does). The
/// fingers' metacarpals lie a tenth of the way from the wrist to their
/// knuckles and turn with the wrist; the palm is halfway to the middle
/// knuckle.
pub fn xr_hand_joints(
    side: Side,
    wrist: Transform,
    hands: &HandSkeleton,
    local: &[DQuat; FingerJoint::COUNT],
) -> [Transform; XR_JOINT_COUNT] {
    let hand_rest = rest_orientation(side, false);
    let thumb_rest = rest_orientation(side, true);
    let h = match side {
        Side::Left => 0,
        Side::Right => 1,
    };
    let mut out = [Transform::IDENTITY; XR_JOINT_COUNT];
    out[XR_WRIST] = Transform::new(wrist.position, (wrist.rotation * hand_rest).normalize());
    for (f, finger) in Finger::ALL.into_iter().enumerate() {
        let rest = if finger == Finger::Thumb {
            thumb_rest
        } else {
            hand_rest
        };
        let (mut origin, mut rotation) = (wrist.position, wrist.rotation);
        for number in 1..=3u8 {
            let j = FingerJoint {
                side,
                finger,
                number,
            };
            let position = origin + rotation * hands.offsets[j.index()];
            if number == 1 && finger != Finger::Thumb {
                let metacarpal = wrist.position + wrist.rotation * (0.1 * hands.offsets[j.index()]);
                out[xr_joint(finger, 1) - 1] =
                    Transform::new(metacarpal, (wrist.rotation * hand_rest).normalize());
            }
            if number == 1 && finger == Finger::Middle {
                out[XR_PALM] = Transform::new(
                    (wrist.position + position) / 2.0,
                    (wrist.rotation * hand_rest).normalize(),
                );
            }
            rotation = (rotation * local[j.index()]).normalize();
            out[xr_joint(finger, number)] = Transform::new(position, (rotation * rest).normalize());
            origin = position;
        }
        let tip = origin + rotation * hands.tips[h][f];
        out[xr_tip(finger)] = Transform::new(tip, (rotation * rest).normalize());
    }
    out
}

/// The angle between two rotations, radians (each normalized first).
pub fn angle_between(a: DQuat, b: DQuat) -> f64 {
    let d = a.normalize().inverse() * b.normalize();
    2.0 * d.xyz().length().atan2(d.w.abs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pose::BodyPose;
    use crate::profile::BodyProfile;
    use crate::skeleton::Skeleton;
    use glam::DVec3;

    fn setup() -> (Skeleton, HandSkeleton) {
        let skeleton = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
        let hands = HandSkeleton::from_skeleton(&skeleton);
        (skeleton, hands)
    }

    fn orientations(joints: &[Transform; XR_JOINT_COUNT]) -> XrHandOrientations {
        joints.map(|t| Some(t.rotation))
    }

    /// A hand pose with every joint turned differently (flexion, spread
    /// and twist), not one the curls could make.
    fn odd_pose() -> [DQuat; FingerJoint::COUNT] {
        std::array::from_fn(|i| {
            let k = i as f64;
            DQuat::from_euler(
                glam::EulerRot::XYZ,
                0.05 * (k % 4.0),
                -0.3 + 0.04 * k,
                0.2 * (k % 3.0) - 0.1,
            )
        })
    }

    #[test]
    fn the_joints_a_hand_serves_give_back_its_rotations_under_any_wrist() {
        let (_, hands) = setup();
        let local = odd_pose();
        let wrist = Transform::new(
            DVec3::new(0.3, 1.1, -0.2),
            DQuat::from_rotation_y(2.0) * DQuat::from_rotation_z(-0.7),
        );
        for side in [Side::Left, Side::Right] {
            let xr = xr_hand_joints(side, wrist, &hands, &local);
            let got = finger_rotations(side, &orientations(&xr));
            for j in FingerJoint::all().filter(|j| j.side == side) {
                let q = got[j.index() % FingerJoint::PER_HAND].expect("valid");
                assert!(angle_between(q, local[j.index()]) < 1e-9, "{j}");
            }
        }
    }

    #[test]
    fn rest_frames_point_minus_z_along_the_bone_and_y_out_of_the_back() {
        let (_, hands) = setup();
        let identity = [DQuat::IDENTITY; FingerJoint::COUNT];
        let xr = xr_hand_joints(Side::Right, Transform::IDENTITY, &hands, &identity);
        for finger in Finger::ALL {
            let (a, b) = (xr[xr_joint(finger, 2)], xr[xr_joint(finger, 3)]);
            let bone = (b.position - a.position).normalize();
            let minus_z = a.rotation * DVec3::NEG_Z;
            assert!((bone - minus_z).length() < 1e-9, "{finger:?}");
            // The back of the hand is up at rest (palms down).
            assert!((a.rotation * DVec3::Y).y > 0.5, "{finger:?}");
        }
    }

    #[test]
    fn a_curled_hand_served_as_joints_poses_the_fingers_as_its_curls() {
        let (skeleton, hands) = setup();
        let curls = [[0.2, 0.4, 0.6, 0.8, 1.0], [1.0, 0.0, 0.5, 1.0, 0.3]];
        let local = fingers::local_rotations(&curls);
        let pose = BodyPose::rest(&skeleton);
        let mut tracked: TrackedFingers = [None; 2];
        for (h, side) in [Side::Left, Side::Right].into_iter().enumerate() {
            let wrist = Transform::new(DVec3::ZERO, DQuat::from_rotation_x(1.0));
            let xr = xr_hand_joints(side, wrist, &hands, &local);
            tracked[h] = Some(finger_rotations(side, &orientations(&xr)));
        }
        // Tracked fingers win over open controllers.
        let merged = merged(&[[0.0; 5]; 2], &tracked);
        let a = fingers::posed(&pose, &skeleton, &hands, &merged);
        let b = fingers::world_transforms(&pose, &skeleton, &hands, &curls);
        for i in 0..FingerJoint::COUNT {
            assert!((a[i].position - b[i].position).length() < 1e-9);
        }
    }

    #[test]
    fn invalid_joints_fall_back_to_the_curls_joint_by_joint() {
        let (_, hands) = setup();
        let served = odd_pose();
        let xr = xr_hand_joints(Side::Right, Transform::IDENTITY, &hands, &served);
        let mut o = orientations(&xr);
        // The middle finger's intermediate joint is not valid: middle_2
        // (the joint) and middle_3 (its child) fall back; middle_1 stays.
        o[xr_joint(Finger::Middle, 2)] = None;
        let right = finger_rotations(Side::Right, &o);
        let curls = [[0.0; 5], [1.0; 5]];
        let m = merged(&curls, &[None, Some(right)]);
        let from_curls = fingers::local_rotations(&curls);
        for j in FingerJoint::all() {
            let i = j.index();
            let fallback = j.side == Side::Left || (j.finger == Finger::Middle && j.number >= 2);
            let want = if fallback { from_curls[i] } else { served[i] };
            assert!(angle_between(m[i], want) < 1e-9, "{j}");
        }
        // No valid wrist: nothing of the hand is tracked.
        o[XR_WRIST] = None;
        let none = finger_rotations(Side::Right, &o);
        assert!(!any_tracked(&[None, Some(none)]));
        assert!(any_tracked(&[None, Some(right)]));
        // A non-finite orientation the runtime called valid is not used.
        let mut bad = orientations(&xr);
        bad[xr_joint(Finger::Index, 1)] = Some(DQuat::from_xyzw(f64::NAN, 0.0, 0.0, 1.0));
        let r = finger_rotations(Side::Right, &bad);
        assert!(r[3].is_none());
        assert_eq!(merged(&curls, &[None, Some(r)])[18], from_curls[18]);
    }
}
