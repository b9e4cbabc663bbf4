//! The VMC protocol (Virtual Motion Capture Protocol,
//! <https://protocol.vmc.info/english>): OSC over UDP between a
//! *Performer* (which solves a body: here Posewire) and a *Marionette*
//! (which draws it: Warudo, VMagicMirror, a Unity scene with EVMC4U, ...),
//! port 39539 by custom; an *Assistant* sends devices to a Performer, port
//! 39540 by custom.
//!
//! Messages (the Marionette spec; every pose is a position and a
//! quaternion in Unity's left-handed frame, metres, see [`crate::unity`]):
//!
//! | address | arguments |
//! |---|---|
//! | `/VMC/Ext/OK` | `(int) loaded` (1: a model is loaded and bones follow) |
//! | `/VMC/Ext/T` | `(float) time`, the sender's relative time, seconds |
//! | `/VMC/Ext/Root/Pos` | `(string) "root"`, `(float) p.x p.y p.z q.x q.y q.z q.w` |
//! | `/VMC/Ext/Bone/Pos` | `(string) HumanBodyBones name`, `(float) p.x p.y p.z q.x q.y q.z q.w` |
//! | `/VMC/Ext/Hmd/Pos` | `(string) serial`, `(float) p.x p.y p.z q.x q.y q.z q.w` |
//! | `/VMC/Ext/Con/Pos` | the same, a controller |
//! | `/VMC/Ext/Tra/Pos` | the same, a tracker |
//! | `/VMC/Ext/Con` | a controller's button, trigger or stick ([`crate::vmc_input`]) |
//!
//! Conventions of Posewire's mapping:
//!
//! - Bones are Unity `HumanBodyBones` names ([`bone_name`]); a bone's pose
//!   is its `Transform.localPosition` / `localRotation` in a *normalized*
//!   humanoid (the VRM convention every VMC Marionette expects): in the
//!   T-pose, facing +Z, every bone's local rotation is the identity. That
//!   is Posewire's own rest pose, so a bone's VMC rotation is Posewire's
//!   local rotation (`parent^-1 * child`) mirrored into Unity's frame, and
//!   its local position is the mirrored rest offset from its parent.
//! - The root (`/VMC/Ext/Root/Pos`, name `root`) stays at the origin with
//!   no rotation, as Virtual Motion Capture's own model root does; the
//!   body moves and turns by its `Hips` bone, whose local pose is then the
//!   pelvis's world pose. Receivers that apply root and hips alike place
//!   the avatar where Posewire has it.
//! - Posewire's `spine` is Unity's `Spine`, `chest` is `Chest` (no
//!   `UpperChest`), `*_clavicle` are `*Shoulder`, `*_shoulder` are
//!   `*UpperArm`, `*_toe` are `*Toes`; the finger joints (when the avatar
//!   has them) are `*Proximal`, `*Intermediate`, `*Distal`
//!   ([`finger_bone_name`]); Unity's eyes and jaw are not sent (a
//!   Marionette keeps its own).
//! - Device poses (`Hmd`, `Con`, `Tra`) are the devices themselves in the
//!   world (not the bones they are strapped to), mirrored into Unity's
//!   frame.

use std::collections::BTreeMap;

use posewire_body::fingers::FingerJoint;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, ControllerInput, Device, Joint, JointMap, Skeleton, Transform};

use crate::osc::{OscArg, OscMessage, OscPacket};
use crate::unity;

/// `/VMC/Ext/OK`.
pub const OK: &str = "/VMC/Ext/OK";
/// `/VMC/Ext/T`.
pub const TIME: &str = "/VMC/Ext/T";
/// `/VMC/Ext/Root/Pos`.
pub const ROOT: &str = "/VMC/Ext/Root/Pos";
/// `/VMC/Ext/Bone/Pos`.
pub const BONE: &str = "/VMC/Ext/Bone/Pos";
/// `/VMC/Ext/Hmd/Pos`.
pub const HMD: &str = "/VMC/Ext/Hmd/Pos";
/// `/VMC/Ext/Con/Pos`.
pub const CONTROLLER: &str = "/VMC/Ext/Con/Pos";
/// `/VMC/Ext/Tra/Pos`.
pub const TRACKER: &str = "/VMC/Ext/Tra/Pos";
/// Every address of the VMC protocol starts so; others are unknown.
pub const PREFIX: &str = "/VMC/Ext/";
/// The root's name in `/VMC/Ext/Root/Pos`.
pub const ROOT_NAME: &str = "root";

/// The Unity `HumanBodyBones` name of a canonical joint's bone.
pub const fn bone_name(joint: Joint) -> &'static str {
    match joint {
        Joint::Pelvis => "Hips",
        Joint::Spine => "Spine",
        Joint::Chest => "Chest",
        Joint::Neck => "Neck",
        Joint::Head => "Head",
        Joint::LeftClavicle => "LeftShoulder",
        Joint::RightClavicle => "RightShoulder",
        Joint::LeftShoulder => "LeftUpperArm",
        Joint::RightShoulder => "RightUpperArm",
        Joint::LeftElbow => "LeftLowerArm",
        Joint::RightElbow => "RightLowerArm",
        Joint::LeftWrist => "LeftHand",
        Joint::RightWrist => "RightHand",
        Joint::LeftHip => "LeftUpperLeg",
        Joint::RightHip => "RightUpperLeg",
        Joint::LeftKnee => "LeftLowerLeg",
        Joint::RightKnee => "RightLowerLeg",
        Joint::LeftAnkle => "LeftFoot",
        Joint::RightAnkle => "RightFoot",
        Joint::LeftToe => "LeftToes",
        Joint::RightToe => "RightToes",
    }
}

/// The canonical joint of a Unity `HumanBodyBones` name (exact case).
pub fn joint_of_bone(name: &str) -> Option<Joint> {
    Joint::ALL.into_iter().find(|&j| bone_name(j) == name)
}

/// Which kind of device message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DeviceKind {
    /// `/VMC/Ext/Hmd/Pos`: a headset.
    Hmd,
    /// `/VMC/Ext/Con/Pos`: a controller.
    Controller,
    /// `/VMC/Ext/Tra/Pos`: a tracker.
    Tracker,
}

impl DeviceKind {
    /// The message address.
    pub const fn address(self) -> &'static str {
        match self {
            DeviceKind::Hmd => HMD,
            DeviceKind::Controller => CONTROLLER,
            DeviceKind::Tracker => TRACKER,
        }
    }

    /// The kind a Posewire device is sent as: the headset as `Hmd`, hand
    /// controllers as `Con`, the rest as `Tra`.
    pub const fn of(device: Device) -> DeviceKind {
        match device {
            Device::Head => DeviceKind::Hmd,
            Device::LeftHand | Device::RightHand => DeviceKind::Controller,
            Device::Pelvis | Device::LeftFoot | Device::RightFoot => DeviceKind::Tracker,
        }
    }
}

/// One decoded VMC message that Posewire understands, poses in Posewire's
/// frame.
#[derive(Debug, Clone, PartialEq)]
pub enum VmcMessage {
    /// `/VMC/Ext/OK`: whether a model is loaded.
    Ok {
        /// 1 when bones follow.
        loaded: i32,
    },
    /// `/VMC/Ext/T`: the sender's relative time, seconds.
    Time(f32),
    /// `/VMC/Ext/Root/Pos`.
    Root(Transform),
    /// `/VMC/Ext/Bone/Pos`: a bone's local pose.
    Bone {
        /// The canonical joint whose bone it is.
        joint: Joint,
        /// Local position and rotation (Posewire's frame).
        local: Transform,
    },
    /// `/VMC/Ext/Con`: a controller's button, trigger or stick.
    Control(crate::vmc_input::ControlEvent),
    /// `/VMC/Ext/Hmd|Con|Tra/Pos`: a device's world pose.
    Device {
        /// Which message.
        kind: DeviceKind,
        /// The sender's (virtual) serial number.
        serial: String,
        /// The device's world pose (Posewire's frame).
        pose: Transform,
    },
}

/// Why a message is not one Posewire can use.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum VmcError {
    /// The address is not part of the VMC protocol.
    #[error("`{0}` is not a VMC address")]
    UnknownAddress(String),
    /// A VMC address that Posewire does not use (blend shapes, camera,
    /// settings, ...): not an error of the sender.
    #[error("`{0}` is not used by Posewire")]
    Unused(String),
    /// The arguments do not have the published types or count.
    #[error("`{address}`: expected {expected}, got `,{got}`")]
    BadArguments {
        /// The message's address.
        address: String,
        /// What the spec says.
        expected: &'static str,
        /// The type tags received.
        got: String,
    },
    /// An unknown bone name.
    #[error("`{address}`: `{name}` is not a HumanBodyBones name Posewire maps")]
    UnknownBone {
        /// The message's address.
        address: String,
        /// The name received.
        name: String,
    },
    /// NaN or infinity, or a quaternion far from unit length.
    #[error("`{address}`: a value is not finite, or the rotation is not a unit quaternion")]
    NotFinite {
        /// The message's address.
        address: String,
    },
}

fn pose_args(name: &str, t: &Transform) -> Vec<OscArg> {
    let p = unity::position_to_unity(t.position);
    let q = unity::rotation_to_unity(t.rotation);
    let mut args = Vec::with_capacity(8);
    args.push(OscArg::String(name.to_string()));
    for v in [p.x, p.y, p.z, q.x, q.y, q.z, q.w] {
        args.push(OscArg::Float(v as f32));
    }
    args
}

impl VmcMessage {
    /// The OSC message, in Unity's frame with float32 arguments.
    pub fn to_osc(&self) -> OscMessage {
        match self {
            VmcMessage::Ok { loaded } => OscMessage::new(OK, vec![OscArg::Int(*loaded)]),
            VmcMessage::Time(t) => OscMessage::new(TIME, vec![OscArg::Float(*t)]),
            VmcMessage::Root(t) => OscMessage::new(ROOT, pose_args(ROOT_NAME, t)),
            VmcMessage::Bone { joint, local } => {
                OscMessage::new(BONE, pose_args(bone_name(*joint), local))
            }
            VmcMessage::Device { kind, serial, pose } => {
                OscMessage::new(kind.address(), pose_args(serial, pose))
            }
            VmcMessage::Control(e) => e.to_osc(),
        }
    }

    /// Reads an OSC message. The pose messages need a string and seven
    /// floats (more floats, as in the v2.1 root's scale and offset, are
    /// ignored); the quaternion must be finite and of unit length within
    /// 1e-3 (it is normalized).
    pub fn from_osc(m: &OscMessage) -> Result<VmcMessage, VmcError> {
        let address = m.address.as_str();
        let bad = |expected: &'static str| VmcError::BadArguments {
            address: address.to_string(),
            expected,
            got: m.tags(),
        };
        match address {
            OK => match m.args.first() {
                Some(OscArg::Int(loaded)) => Ok(VmcMessage::Ok { loaded: *loaded }),
                _ => Err(bad("(int) loaded")),
            },
            TIME => match m.args.first() {
                Some(OscArg::Float(t)) if t.is_finite() => Ok(VmcMessage::Time(*t)),
                Some(OscArg::Float(_)) => Err(VmcError::NotFinite {
                    address: address.to_string(),
                }),
                _ => Err(bad("(float) time")),
            },
            ROOT | BONE | HMD | CONTROLLER | TRACKER => {
                let (name, pose) = read_pose(m)
                    .ok_or_else(|| bad("(string) name, (float) p.x p.y p.z q.x q.y q.z q.w"))?;
                let pose = pose.ok_or_else(|| VmcError::NotFinite {
                    address: address.to_string(),
                })?;
                Ok(match address {
                    ROOT => VmcMessage::Root(pose),
                    BONE => VmcMessage::Bone {
                        joint: joint_of_bone(name).ok_or_else(|| VmcError::UnknownBone {
                            address: address.to_string(),
                            name: name.to_string(),
                        })?,
                        local: pose,
                    },
                    _ => VmcMessage::Device {
                        kind: match address {
                            HMD => DeviceKind::Hmd,
                            CONTROLLER => DeviceKind::Controller,
                            _ => DeviceKind::Tracker,
                        },
                        serial: name.to_string(),
                        pose,
                    },
                })
            }
            crate::vmc_input::CONTROL
                if m.args.iter().any(|a| matches!(a, OscArg::Float(f) if !f.is_finite())) =>
            {
                Err(VmcError::NotFinite {
                    address: address.to_string(),
                })
            }
            crate::vmc_input::CONTROL => crate::vmc_input::ControlEvent::from_args(&m.args)
                .map(VmcMessage::Control)
                .ok_or_else(|| {
                    bad("(int) active, (string) name, (int) IsLeft IsTouch IsAxis, (float) Axis.x y z")
                }),
            other if other.starts_with(PREFIX) => Err(VmcError::Unused(other.to_string())),
            other => Err(VmcError::UnknownAddress(other.to_string())),
        }
    }
}

/// The name and the pose (in Posewire's frame; `None` when not finite or
/// not a unit quaternion) of a pose message; `None` for wrong types.
fn read_pose(m: &OscMessage) -> Option<(&str, Option<Transform>)> {
    let name = match m.args.first()? {
        OscArg::String(s) => s.as_str(),
        _ => return None,
    };
    let mut v = [0.0f64; 7];
    for (slot, arg) in v.iter_mut().zip(m.args.get(1..8)?) {
        *slot = match arg {
            OscArg::Float(f) => f64::from(*f),
            _ => return None,
        };
    }
    if m.args.len() < 8 {
        return None;
    }
    let p = DVec3::new(v[0], v[1], v[2]);
    let q = DQuat::from_xyzw(v[3], v[4], v[5], v[6]);
    if !(p.is_finite() && q.is_finite()) || (q.length() - 1.0).abs() > 1e-3 {
        return Some((name, None));
    }
    let unity_pose = Transform::new(p, q.normalize());
    Some((name, Some(unity::transform_from_unity(&unity_pose))))
}

/// Unity `HumanBodyBones` names of the finger bones, in
/// [`FingerJoint::all`] order: `_1` is `*Proximal` (for the thumb, its
/// carpometacarpal joint, as Unity's and VRM 0.x's `ThumbProximal`), `_2`
/// `*Intermediate`, `_3` `*Distal`.
const FINGER_BONES: [&str; FingerJoint::COUNT] = [
    "LeftThumbProximal",
    "LeftThumbIntermediate",
    "LeftThumbDistal",
    "LeftIndexProximal",
    "LeftIndexIntermediate",
    "LeftIndexDistal",
    "LeftMiddleProximal",
    "LeftMiddleIntermediate",
    "LeftMiddleDistal",
    "LeftRingProximal",
    "LeftRingIntermediate",
    "LeftRingDistal",
    "LeftLittleProximal",
    "LeftLittleIntermediate",
    "LeftLittleDistal",
    "RightThumbProximal",
    "RightThumbIntermediate",
    "RightThumbDistal",
    "RightIndexProximal",
    "RightIndexIntermediate",
    "RightIndexDistal",
    "RightMiddleProximal",
    "RightMiddleIntermediate",
    "RightMiddleDistal",
    "RightRingProximal",
    "RightRingIntermediate",
    "RightRingDistal",
    "RightLittleProximal",
    "RightLittleIntermediate",
    "RightLittleDistal",
];

/// The Unity `HumanBodyBones` name of a finger joint's bone.
pub fn finger_bone_name(joint: FingerJoint) -> &'static str {
    FINGER_BONES[joint.index() % FingerJoint::COUNT]
}

/// The fingers as `/VMC/Ext/Bone/Pos` messages, from each finger joint's
/// local pose ([`FingerJoint::all`] order): its rest offset from its
/// parent and its rotation relative to the parent bone, in Posewire's
/// frame (mirrored into Unity's here, as the body's bones are).
pub fn finger_messages(local: &[Transform; FingerJoint::COUNT]) -> Vec<OscMessage> {
    FingerJoint::all()
        .zip(local)
        .map(|(j, t)| OscMessage::new(BONE, pose_args(finger_bone_name(j), t)))
        .collect()
}

/// The body as VMC messages: the root at the origin, then every canonical
/// joint's bone ([`Joint::ALL`] order), `Hips` first.
pub fn body_messages(pose: &BodyPose, skeleton: &Skeleton) -> Vec<VmcMessage> {
    let mut out = Vec::with_capacity(1 + Joint::COUNT);
    out.push(VmcMessage::Root(Transform::IDENTITY));
    for joint in Joint::ALL {
        let local = match joint.parent() {
            None => Transform::new(pose.root, pose.rotations[joint]),
            Some(_) => Transform::new(skeleton.offsets[joint], pose.local_rotation(joint)),
        };
        out.push(VmcMessage::Bone { joint, local });
    }
    out
}

/// The body a Marionette would show from a root and bone local poses (the
/// inverse of [`body_messages`]): world rotations chained along the
/// canonical hierarchy, the pelvis placed by root * hips. Bones not given
/// keep the rest pose relative to their parent. `None` without `Hips`.
pub fn body_from_bones(root: &Transform, bones: &BTreeMap<Joint, Transform>) -> Option<BodyPose> {
    let hips = bones.get(&Joint::Pelvis)?;
    let mut rotations = JointMap::splat(DQuat::IDENTITY);
    for joint in Joint::ALL {
        let local = bones.get(&joint).map_or(DQuat::IDENTITY, |t| t.rotation);
        rotations[joint] = match joint.parent() {
            None => root.rotation * local,
            Some(parent) => rotations[parent] * local,
        };
    }
    Some(BodyPose {
        root: root.transform_point(hips.position),
        rotations,
    })
}

/// The device poses as VMC messages, each named by `serial(device)`.
pub fn device_messages<'a>(
    devices: impl IntoIterator<Item = (Device, Transform)>,
    serial: impl Fn(Device) -> &'a str,
) -> Vec<VmcMessage> {
    devices
        .into_iter()
        .map(|(device, pose)| VmcMessage::Device {
            kind: DeviceKind::of(device),
            serial: serial(device).to_string(),
            pose,
        })
        .collect()
}

/// Packs messages into bundles of at most `max_bytes` each (a bundle
/// always holds at least one message), so that a frame's datagrams stay
/// under a network's MTU.
pub fn bundles(messages: &[OscMessage], max_bytes: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut current: Vec<OscPacket> = Vec::new();
    // "#bundle\0" + the time tag.
    const HEADER: usize = 16;
    let mut size = HEADER;
    for m in messages {
        let packet = OscPacket::Message(m.clone());
        let len = 4 + packet.encode().len();
        if !current.is_empty() && size + len > max_bytes {
            out.push(
                OscPacket::Bundle {
                    time_tag: crate::osc::IMMEDIATELY,
                    content: std::mem::take(&mut current),
                }
                .encode(),
            );
            size = HEADER;
        }
        size += len;
        current.push(packet);
    }
    if !current.is_empty() {
        out.push(
            OscPacket::Bundle {
                time_tag: crate::osc::IMMEDIATELY,
                content: current,
            }
            .encode(),
        );
    }
    out
}

/// What a [`DeviceReceiver`] has seen and dropped.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReceiveCounts {
    /// Datagrams received.
    pub packets: u64,
    /// Datagrams that were not OSC (dropped whole).
    pub malformed: u64,
    /// Messages in the well-formed datagrams.
    pub messages: u64,
    /// Device poses taken.
    pub accepted: u64,
    /// Messages whose address is not VMC.
    pub unknown_address: u64,
    /// VMC messages Posewire does not use (bones, blend shapes, ...).
    pub unused: u64,
    /// Messages with NaN, infinity or a non-unit quaternion.
    pub not_finite: u64,
    /// Messages whose arguments are not the published ones.
    pub bad_arguments: u64,
    /// Device messages whose serial is not mapped to a Posewire device.
    pub unmapped_serial: u64,
    /// Controller input messages (`/VMC/Ext/Con`) taken.
    pub controls: u64,
}

/// Which serial is which Posewire device.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SerialMap {
    /// Serial to device.
    pub serials: BTreeMap<String, Device>,
}

impl SerialMap {
    /// The device of a message: a listed serial; else a serial equal to a
    /// Posewire device name (`head`, `left_hand`, ...: what Posewire's own
    /// VMC output sends); else, for `Hmd`, the head (there is one
    /// headset).
    pub fn device(&self, kind: DeviceKind, serial: &str) -> Option<Device> {
        self.serials
            .get(serial)
            .copied()
            .or_else(|| Device::from_name(serial))
            .or((kind == DeviceKind::Hmd).then_some(Device::Head))
    }
}

/// Turns received VMC datagrams into device poses, counting and dropping
/// everything else (malformed packets, unknown addresses, bad arguments,
/// NaN): a bad message never reaches the avatar, and the good messages of
/// the same bundle still do.
#[derive(Debug, Clone, Default)]
pub struct DeviceReceiver {
    /// Which serial is which device.
    pub map: SerialMap,
    /// What has been seen.
    pub counts: ReceiveCounts,
    /// Each hand's controller input (left, right), once any was received.
    inputs: [Option<ControllerInput>; 2],
}

impl DeviceReceiver {
    /// A receiver with a serial map.
    pub fn new(map: SerialMap) -> DeviceReceiver {
        DeviceReceiver {
            map,
            counts: ReceiveCounts::default(),
            inputs: [None; 2],
        }
    }

    /// A hand controller's input as the received `/VMC/Ext/Con` messages
    /// left it; `None` for another device or before any.
    pub fn input(&self, device: Device) -> Option<ControllerInput> {
        match device {
            Device::LeftHand => self.inputs[0],
            Device::RightHand => self.inputs[1],
            _ => None,
        }
    }

    /// Reads one datagram; appends the device poses it carries (world
    /// poses in Posewire's frame) to `out`. Returns the first problem
    /// seen, for a log line (everything is counted either way).
    pub fn receive(
        &mut self,
        datagram: &[u8],
        out: &mut Vec<(Device, Transform)>,
    ) -> Option<String> {
        self.counts.packets += 1;
        let packet = match OscPacket::decode(datagram) {
            Ok(p) => p,
            Err(e) => {
                self.counts.malformed += 1;
                return Some(format!("malformed OSC packet: {e}"));
            }
        };
        let mut problem = None;
        for m in packet.messages() {
            self.counts.messages += 1;
            match VmcMessage::from_osc(m) {
                Ok(VmcMessage::Device { kind, serial, pose }) => {
                    match self.map.device(kind, &serial) {
                        Some(device) => {
                            self.counts.accepted += 1;
                            out.push((device, pose));
                        }
                        None => {
                            self.counts.unmapped_serial += 1;
                            problem.get_or_insert_with(|| {
                                format!(
                                    "`{}` serial `{serial}` is not mapped to a device",
                                    kind.address()
                                )
                            });
                        }
                    }
                }
                Ok(VmcMessage::Control(e)) => {
                    let hand = &mut self.inputs[usize::from(!e.left)];
                    let mut input = hand.unwrap_or_default();
                    if crate::vmc_input::apply(&mut input, &e) {
                        *hand = Some(input);
                        self.counts.controls += 1;
                    } else {
                        self.counts.unused += 1;
                    }
                }
                Ok(_) | Err(VmcError::Unused(_)) => self.counts.unused += 1,
                Err(e) => {
                    match &e {
                        VmcError::UnknownAddress(_) => self.counts.unknown_address += 1,
                        VmcError::NotFinite { .. } => self.counts.not_finite += 1,
                        _ => self.counts.bad_arguments += 1,
                    }
                    problem.get_or_insert_with(|| e.to_string());
                }
            }
        }
        problem
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::BodyProfile;

    fn posed() -> (BodyPose, Skeleton) {
        let skeleton = Skeleton::from_profile(&BodyProfile::from_stature(1.7));
        let mut pose = BodyPose::rest(&skeleton);
        pose.root = DVec3::new(0.3, 0.95, -1.2);
        let mut k: f64 = 0.0;
        for j in Joint::ALL {
            k += 0.37;
            pose.rotations[j] = DQuat::from_euler(
                posewire_body::glam::EulerRot::YXZ,
                0.9 * k.sin(),
                0.4 * (1.3 * k).cos(),
                0.3 * (0.7 * k).sin(),
            );
        }
        (pose, skeleton)
    }

    #[test]
    fn vmc_finger_bones_are_unity_names_with_mirrored_local_poses() {
        let names: Vec<&str> = FingerJoint::all().map(finger_bone_name).collect();
        assert_eq!(names[0], "LeftThumbProximal");
        assert_eq!(names[23], "RightMiddleDistal");
        let unique: std::collections::BTreeSet<&str> = names.iter().copied().collect();
        assert_eq!(unique.len(), FingerJoint::COUNT);
        let mut local = [Transform::IDENTITY; FingerJoint::COUNT];
        local[4] = Transform::new(DVec3::new(0.05, 0.0, 0.01), DQuat::from_rotation_z(-0.5));
        let m = &finger_messages(&local)[4];
        assert_eq!(m.address, BONE);
        assert_eq!(m.args[0], OscArg::String("LeftIndexIntermediate".into()));
        // Unity's frame: x negated.
        assert_eq!(m.args[1], OscArg::Float(-0.05));
    }

    #[test]
    fn vmc_body_messages_round_trip_through_osc_bytes() {
        let (pose, skeleton) = posed();
        let messages = body_messages(&pose, &skeleton);
        assert_eq!(messages.len(), 22);
        let osc: Vec<OscMessage> = messages.iter().map(VmcMessage::to_osc).collect();
        let mut root = None;
        let mut bones = BTreeMap::new();
        for datagram in bundles(&osc, 1400) {
            assert!(datagram.len() <= 1400);
            let packet = OscPacket::decode(&datagram).expect("decodes");
            for m in packet.messages() {
                assert_eq!(m.tags(), "sfffffff", "{}", m.address);
                match VmcMessage::from_osc(m).expect("a VMC message") {
                    VmcMessage::Root(t) => root = Some(t),
                    VmcMessage::Bone { joint, local } => {
                        bones.insert(joint, local);
                    }
                    other => panic!("unexpected {other:?}"),
                }
            }
        }
        let back = body_from_bones(&root.expect("a root"), &bones).expect("hips");
        let a = pose.positions(&skeleton);
        let b = back.positions(&skeleton);
        for j in Joint::ALL {
            // float32 on the wire: well under a millimetre.
            assert!((a[j] - b[j]).length() < 1e-4, "{j:?}");
            assert!(
                posewire_body::transform::angle_between(pose.rotations[j], back.rotations[j])
                    < 1e-4
            );
        }
        // Bone local positions are the skeleton's rest offsets, mirrored.
        let elbow = &bones[&Joint::LeftElbow];
        assert!((elbow.position - skeleton.offsets[Joint::LeftElbow]).length() < 1e-6);
    }

    #[test]
    fn vmc_the_rest_pose_is_identity_bones_with_the_left_arm_at_minus_x() {
        let skeleton = Skeleton::from_profile(&BodyProfile::from_stature(1.7));
        let rest = BodyPose::rest(&skeleton);
        for m in body_messages(&rest, &skeleton) {
            let osc = m.to_osc();
            let f: Vec<f32> = osc.args[1..]
                .iter()
                .map(|a| match a {
                    OscArg::Float(v) => *v,
                    _ => f32::NAN,
                })
                .collect();
            // Unity quaternion identity in the T-pose.
            assert_eq!(&f[3..], &[0.0, 0.0, 0.0, 1.0], "{osc:?}");
            if osc.args[0] == OscArg::String("LeftUpperArm".into()) {
                // The left shoulder sits at -X of the left collarbone in
                // Unity (the avatar's right is +X).
                assert!(f[0] < 0.0, "{f:?}");
            }
        }
    }

    #[test]
    fn vmc_device_receiver_counts_and_drops_what_it_cannot_use() {
        let mut rx = DeviceReceiver::default();
        let head = Transform::new(DVec3::new(0.1, 1.6, 0.2), DQuat::from_rotation_y(0.5));
        let good = VmcMessage::Device {
            kind: DeviceKind::Hmd,
            serial: "HMD-1".into(),
            pose: head,
        }
        .to_osc();
        let mut nan = VmcMessage::Device {
            kind: DeviceKind::Tracker,
            serial: "pelvis".into(),
            pose: head,
        }
        .to_osc();
        nan.args[2] = OscArg::Float(f32::NAN);
        let unknown = OscMessage::new("/hello", vec![OscArg::Int(1)]);
        let wrong = OscMessage::new(TRACKER, vec![OscArg::String("x".into())]);
        let unmapped = VmcMessage::Device {
            kind: DeviceKind::Tracker,
            serial: "LHR-0000".into(),
            pose: head,
        }
        .to_osc();
        let bone = OscMessage::new(BONE, pose_args("Hips", &head));
        let grip = VmcMessage::Control(crate::vmc_input::ControlEvent {
            active: 2,
            name: "Grip".into(),
            left: false,
            touch: false,
            axis: true,
            value: [0.5, 0.0, 0.0],
        })
        .to_osc();
        let bundle = OscPacket::Bundle {
            time_tag: 1,
            content: [good, nan, unknown, wrong, unmapped, bone, grip]
                .into_iter()
                .map(OscPacket::Message)
                .collect(),
        }
        .encode();
        let mut out = Vec::new();
        assert!(rx.receive(&bundle, &mut out).is_some());
        assert!(rx.receive(b"garbage!", &mut out).is_some());
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].0, Device::Head);
        assert!((out[0].1.position - head.position).length() < 1e-6);
        assert_eq!(
            rx.counts,
            ReceiveCounts {
                packets: 2,
                malformed: 1,
                messages: 7,
                accepted: 1,
                unknown_address: 1,
                unused: 1,
                not_finite: 1,
                bad_arguments: 1,
                unmapped_serial: 1,
                controls: 1,
            }
        );
        assert_eq!(rx.input(Device::RightHand).map(|i| i.grip), Some(0.5));
        assert_eq!(rx.input(Device::LeftHand), None);
        assert_eq!(rx.input(Device::Head), None);
    }
}
