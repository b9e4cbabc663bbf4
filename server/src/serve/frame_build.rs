//! Turning one avatar's solved body into its part of a published frame
//! (`posewire.v1.AvatarFrame`): per-joint arrays in canonical order, the
//! device ghosts, foot contacts and, for the physics solver, the camera
//! link, ghost hands and force arrays.

use posewire_body::fingers::{self, FingerJoint, HandSkeleton};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, Device, Joint, Skeleton};
use posewire_proto::v1 as pb;
use posewire_solver::physics::controller::FrameArrays;
use posewire_solver::physics::{BodyState, ForceArray, PhysicsFrame, Reaction};

use super::avatar_runner::DeviceState;

/// A vector as the API's `Vec3`.
pub fn vec3(v: DVec3) -> pb::Vec3 {
    pb::Vec3 {
        x: v.x,
        y: v.y,
        z: v.z,
    }
}

/// A rotation as the API's `Quat`.
pub fn quat(q: DQuat) -> pb::Quat {
    pb::Quat {
        x: q.x,
        y: q.y,
        z: q.z,
        w: q.w,
    }
}

/// A device as the API's enum.
pub fn device(d: Device) -> pb::Device {
    match d {
        Device::Head => pb::Device::Head,
        Device::LeftHand => pb::Device::LeftHand,
        Device::RightHand => pb::Device::RightHand,
        Device::Pelvis => pb::Device::Pelvis,
        Device::LeftFoot => pb::Device::LeftFoot,
        Device::RightFoot => pb::Device::RightFoot,
    }
}

fn push_quat(out: &mut Vec<f32>, q: DQuat) {
    out.extend([q.x as f32, q.y as f32, q.z as f32, q.w as f32]);
}

fn force_array(a: &ForceArray) -> pb::ForceArray {
    pb::ForceArray {
        joint_torques: a
            .torques
            .0
            .iter()
            .flat_map(|t| [t.x as f32, t.y as f32, t.z as f32])
            .collect(),
        root_force: Some(vec3(a.root_force)),
        root_torque: Some(vec3(a.root_torque)),
    }
}

fn force_arrays(a: &FrameArrays) -> pb::ForceArrays {
    pb::ForceArrays {
        inverse_dynamics: Some(force_array(&a.inverse_dynamics)),
        gravity: Some(force_array(&a.gravity)),
        balance: Some(force_array(&a.balance)),
        locomotion: Some(force_array(&a.locomotion)),
        total: Some(force_array(&a.total)),
        assist: Some(force_array(&a.assist)),
    }
}

/// What one avatar contributes to a frame at loop time `t`.
pub struct AvatarSnapshot<'a> {
    /// The avatar's id.
    pub id: &'a str,
    /// Its solved pose.
    pub pose: &'a BodyPose,
    /// Its skeleton.
    pub skeleton: &'a Skeleton,
    /// Its devices ([`Device::ALL`] order).
    pub devices: &'a [Option<DeviceState>; Device::COUNT],
    /// Left and right foot on the floor or the scene.
    pub contacts: [bool; 2],
    /// The physics solver's extras.
    pub physics: Option<&'a PhysicsFrame>,
    /// Its hands and their fingers' rotations relative to their parents
    /// ([`FingerJoint::all`] order), when its controllers give input or
    /// its hands are tracked.
    pub fingers: Option<(&'a HandSkeleton, [DQuat; FingerJoint::COUNT])>,
}

/// The finger joints of a posed body (`posewire.v1.Fingers`).
pub fn fingers_frame(
    pose: &BodyPose,
    skeleton: &Skeleton,
    hands: &HandSkeleton,
    local: &[DQuat; FingerJoint::COUNT],
) -> pb::Fingers {
    let world = fingers::posed(pose, skeleton, hands, local);
    let n = FingerJoint::COUNT;
    let mut out = pb::Fingers {
        local_rotations: Vec::with_capacity(4 * n),
        joint_positions: Vec::with_capacity(3 * n),
        world_rotations: Vec::with_capacity(4 * n),
        rest_offsets: Vec::with_capacity(3 * n),
    };
    for (q, (t, rest)) in local.iter().copied().zip(world.iter().zip(hands.offsets)) {
        push_quat(&mut out.local_rotations, q);
        push_quat(&mut out.world_rotations, t.rotation);
        let p = t.position;
        out.joint_positions
            .extend([p.x as f32, p.y as f32, p.z as f32]);
        out.rest_offsets
            .extend([rest.x as f32, rest.y as f32, rest.z as f32]);
    }
    out
}

/// Builds the avatar's part of the frame at loop time `t`.
pub fn avatar_frame(s: &AvatarSnapshot<'_>, t: f64) -> pb::AvatarFrame {
    let transforms = s.pose.transforms(s.skeleton);
    let mut local = Vec::with_capacity(4 * Joint::COUNT);
    let mut world = Vec::with_capacity(4 * Joint::COUNT);
    let mut positions = Vec::with_capacity(3 * Joint::COUNT);
    for j in Joint::ALL {
        push_quat(&mut local, s.pose.local_rotation(j));
        push_quat(&mut world, transforms[j].rotation);
        let p = transforms[j].position;
        positions.extend([p.x as f32, p.y as f32, p.z as f32]);
    }
    let devices = Device::ALL
        .into_iter()
        .filter_map(|d| {
            let state = s.devices[d.index()]?;
            let pose = state.pose?;
            Some(pb::DevicePose {
                device: device(d) as i32,
                pose: Some(pb::Pose {
                    position: Some(vec3(pose.position)),
                    rotation: Some(quat(pose.rotation)),
                }),
                tracked: state.tracked(t),
                sample_age_s: (t - state.last_sample_s).max(0.0),
            })
        })
        .collect();
    let reaction = s.physics.map(|f| reaction(&f.reaction));
    let (camera_link, ghost_hands, forces) = match s.physics {
        Some(f) => (
            Some(pb::CameraLink {
                distance_m: f.camera.distance,
                link: f.camera.link,
            }),
            f.ghost_hands
                .iter()
                .map(|g| pb::GhostHand {
                    simulated: Some(vec3(g.simulated)),
                    ghost: Some(vec3(g.ghost)),
                    distance_m: g.distance,
                    shown: g.shown,
                    simulated_rotation: Some(quat(g.simulated_rotation)),
                    ghost_rotation: Some(quat(g.ghost_rotation)),
                })
                .collect(),
            Some(force_arrays(&f.arrays)),
        ),
        None => (None, Vec::new(), None),
    };
    pb::AvatarFrame {
        avatar_id: s.id.to_string(),
        root: Some(pb::Pose {
            position: Some(vec3(s.pose.root)),
            rotation: Some(quat(s.pose.rotations[Joint::Pelvis])),
        }),
        local_rotations: local,
        joint_positions: positions,
        world_rotations: world,
        devices,
        foot_contacts: Some(pb::FootContacts {
            left: s.contacts[0],
            right: s.contacts[1],
        }),
        camera_link,
        ghost_hands,
        forces,
        vertices: None,
        reaction,
        remote: None,
        fingers: s
            .fingers
            .map(|(hands, local)| fingers_frame(s.pose, s.skeleton, hands, &local)),
    }
}

/// The body's state in the proto's words.
pub fn body_state(s: BodyState) -> pb::BodyState {
    match s {
        BodyState::Tracking => pb::BodyState::Tracking,
        BodyState::Staggering => pb::BodyState::Staggering,
        BodyState::Fallen => pb::BodyState::Fallen,
        BodyState::GettingUp => pb::BodyState::GettingUp,
    }
}

fn reaction(r: &Reaction) -> pb::Reaction {
    pb::Reaction {
        state: body_state(r.state) as i32,
        assist: r.assist,
        deviation_m: r.deviation_m,
        state_time_s: r.state_time_s,
        recovery_steps: r.recovery_steps,
    }
}

/// The skeleton message of an avatar.
pub fn skeleton(id: &str, skeleton: &Skeleton, profile_name: &str, stature_m: f64) -> pb::Skeleton {
    pb::Skeleton {
        avatar_id: id.to_string(),
        joints: Joint::ALL
            .into_iter()
            .map(|j| pb::SkeletonJoint {
                name: j.name().to_string(),
                parent: j.parent().map_or(-1, |p| p.index() as i32),
                rest_offset: Some(vec3(skeleton.offsets[j])),
            })
            .collect(),
        profile_name: profile_name.to_string(),
        stature_m,
        finger_joints: finger_joints(skeleton),
    }
}

/// The finger joints of a skeleton for `pb::Skeleton::finger_joints`.
fn finger_joints(skeleton: &Skeleton) -> Vec<pb::SkeletonJoint> {
    let hands = HandSkeleton::from_skeleton(skeleton);
    FingerJoint::all()
        .map(|f| pb::SkeletonJoint {
            name: f.name(),
            parent: f
                .parent()
                .map_or(f.wrist().index(), |p| Joint::COUNT + p.index()) as i32,
            rest_offset: Some(vec3(hands.offsets[f.index()])),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::BodyProfile;

    #[test]
    fn per_joint_arrays_follow_forward_kinematics() {
        let sk = Skeleton::from_profile(&BodyProfile::from_stature(1.8));
        let mut pose = BodyPose::rest(&sk);
        pose.rotations[Joint::LeftElbow] = DQuat::from_rotation_y(0.7);
        pose.rotations[Joint::LeftWrist] = DQuat::from_rotation_y(0.7);
        let devices = [None; Device::COUNT];
        let f = avatar_frame(
            &AvatarSnapshot {
                id: "a",
                pose: &pose,
                skeleton: &sk,
                devices: &devices,
                contacts: [true, false],
                physics: None,
                fingers: None,
            },
            0.0,
        );
        assert_eq!(f.local_rotations.len(), 84);
        assert_eq!(f.world_rotations.len(), 84);
        assert_eq!(f.joint_positions.len(), 63);
        let p = pose.positions(&sk);
        let w = Joint::LeftWrist.index();
        let got = DVec3::new(
            f.joint_positions[3 * w] as f64,
            f.joint_positions[3 * w + 1] as f64,
            f.joint_positions[3 * w + 2] as f64,
        );
        assert!((got - p[Joint::LeftWrist]).length() < 1e-6);
        // The elbow's local rotation is relative to the (identity) shoulder.
        let e = Joint::LeftElbow.index();
        assert!((f.local_rotations[4 * e + 1] as f64 - (0.35f64).sin()).abs() < 1e-6);
        // The wrist's is relative to the elbow: identity.
        assert!((f.local_rotations[4 * w + 3] - 1.0).abs() < 1e-6);
        let s = skeleton("a", &sk, "default", 1.8);
        assert_eq!(s.joints.len(), 21);
        assert_eq!(s.joints[0].parent, -1);
        assert_eq!(
            s.joints[Joint::LeftElbow.index()].parent,
            Joint::LeftShoulder.index() as i32
        );
    }

    /// A physics frame's extras reach the API as the solver made them:
    /// the reaction, both rotations of each ghost hand and the assist
    /// array.
    #[test]
    fn physics_frames_carry_the_reaction_ghost_rotations_and_assist() {
        use posewire_body::Transform;
        use posewire_solver::physics::links::{CameraLink, GhostHand};
        let sk = Skeleton::from_profile(&BodyProfile::from_stature(1.8));
        let pose = BodyPose::rest(&sk);
        let at = |x: f64, turn: f64| {
            Transform::new(DVec3::new(x, 1.0, 0.0), DQuat::from_rotation_y(turn))
        };
        let mut arrays = FrameArrays::default();
        arrays.assist.root_force = DVec3::new(12.0, -3.0, 0.5);
        arrays.assist.root_torque = DVec3::new(0.0, 2.0, 0.0);
        let frame = PhysicsFrame {
            pose,
            reference: pose,
            arrays,
            ghost_hands: [
                GhostHand::new(at(0.3, 0.0), at(0.5, 0.9), 0.03),
                GhostHand::new(at(-0.3, 0.0), at(-0.3, 0.01), 0.03),
            ],
            camera: CameraLink {
                distance: 0.4,
                link: 0.25,
            },
            reaction: Reaction {
                state: BodyState::Fallen,
                assist: 0.125,
                deviation_m: 0.7,
                state_time_s: 1.5,
                recovery_steps: 2,
            },
        };
        let devices = [None; Device::COUNT];
        let f = avatar_frame(
            &AvatarSnapshot {
                id: "a",
                pose: &pose,
                skeleton: &sk,
                devices: &devices,
                contacts: [false, false],
                physics: Some(&frame),
                fingers: None,
            },
            0.0,
        );
        let r = f.reaction.expect("a reaction");
        assert_eq!(r.state(), pb::BodyState::Fallen);
        assert_eq!(
            (r.assist, r.deviation_m, r.state_time_s, r.recovery_steps),
            (0.125, 0.7, 1.5, 2)
        );
        let link = f.camera_link.expect("a camera link");
        assert_eq!((link.distance_m, link.link), (0.4, 0.25));
        assert_eq!(f.ghost_hands.len(), 2);
        let left = &f.ghost_hands[0];
        assert!(left.shown && (left.distance_m - 0.2).abs() < 1e-12);
        let turned = DQuat::from_rotation_y(0.9);
        assert_eq!(left.ghost_rotation, Some(quat(turned)));
        assert_eq!(left.simulated_rotation, Some(quat(DQuat::IDENTITY)));
        assert_eq!(left.ghost.as_ref().map(|g| g.x), Some(0.5));
        assert!(
            !f.ghost_hands[1].shown,
            "a hand on its device shows no ghost"
        );
        let assist = f.forces.and_then(|a| a.assist).expect("the assist array");
        assert_eq!(assist.root_force, Some(vec3(DVec3::new(12.0, -3.0, 0.5))));
        assert_eq!(assist.root_torque, Some(vec3(DVec3::new(0.0, 2.0, 0.0))));
        assert_eq!(assist.joint_torques.len(), 63);
        // The ik solver's frames have none of these.
        let ik = avatar_frame(
            &AvatarSnapshot {
                physics: None,
                fingers: None,
                id: "a",
                pose: &pose,
                skeleton: &sk,
                devices: &devices,
                contacts: [false, false],
            },
            0.0,
        );
        assert!(ik.reaction.is_none() && ik.camera_link.is_none() && ik.forces.is_none());
        assert!(ik.ghost_hands.is_empty());
    }
}
