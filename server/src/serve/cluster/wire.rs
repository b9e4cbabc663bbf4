//! What travels on the bus: the subjects of a space and the `ClusterFrame`
//! messages, encoded from a node's frame and checked when received. A
//! message that fails a check is refused with the reason (the caller counts
//! it); nothing here panics on what the network delivers.

use posewire_proto::v1 as pb;
use prost::Message as _;

/// The wire format's version (`ClusterFrame.format`).
pub const FORMAT: u32 = 1;

/// The largest message accepted, bytes (a frame of 64 avatars is about
/// 150 kB).
pub const MAX_MESSAGE: usize = 1 << 20;

/// The most avatars one node's message may carry.
pub const MAX_AVATARS: usize = 256;

/// A node's skeletons travel in the messages of every this many frames
/// (once a second at 90 Hz).
pub const SKELETON_EVERY: u64 = 90;

/// The subject a node publishes its frames to.
pub fn frame_subject(space: &str, node: &str) -> String {
    format!("posewire.space.{space}.node.{node}.frame")
}

/// The subject that matches every node's frames of a space.
pub fn all_frames(space: &str) -> String {
    format!("posewire.space.{space}.node.*.frame")
}

/// The node named by a frame subject of `space`, if it is one.
pub fn node_of<'a>(subject: &'a str, space: &str) -> Option<&'a str> {
    let rest = subject.strip_prefix("posewire.space.")?;
    let rest = rest.strip_prefix(space)?.strip_prefix(".node.")?;
    rest.strip_suffix(".frame")
}

/// The message a node publishes for one of its frames: only its own
/// avatars (not the remote ones it holds), without vertices or forces, and
/// its own objects: `objects` is the newest list of them with their shapes,
/// each dynamic one given the pose (velocities, holders) of `frame`'s entry
/// (one not in `frame` is left out: added since, or removed); and, in every
/// [`SKELETON_EVERY`]th frame's message, the skeletons of `frame`'s avatars
/// from `skeletons`.
pub fn encode(
    space: &str,
    node: &str,
    frame: &pb::Frame,
    objects: &[pb::SceneObject],
    skeletons: &[pb::Skeleton],
) -> Vec<u8> {
    let avatars = frame
        .avatars
        .iter()
        .filter(|a| a.remote.is_none())
        .map(|a| pb::AvatarFrame {
            vertices: None,
            forces: None,
            ..a.clone()
        })
        .collect();
    pb::ClusterFrame {
        format: FORMAT,
        space: space.to_string(),
        node: node.to_string(),
        frame: Some(pb::Frame {
            sequence: frame.sequence,
            simulation_time_s: frame.simulation_time_s,
            capture_time_unix_ns: frame.capture_time_unix_ns,
            publish_time_unix_ns: frame.publish_time_unix_ns,
            avatars,
            objects: frame.objects.clone(),
        }),
        objects: own_objects(frame, objects),
        skeletons: if frame.sequence.is_multiple_of(SKELETON_EVERY) {
            skeletons
                .iter()
                .filter(|s| {
                    frame
                        .avatars
                        .iter()
                        .any(|a| a.remote.is_none() && a.avatar_id == s.avatar_id)
                })
                .cloned()
                .collect()
        } else {
            Vec::new()
        },
    }
    .encode_to_vec()
}

/// `objects` with each dynamic one at its pose in `frame`.
fn own_objects(frame: &pb::Frame, objects: &[pb::SceneObject]) -> Vec<pb::SceneObject> {
    objects
        .iter()
        .filter_map(|o| {
            if o.mass_kg == 0.0 {
                return Some(o.clone());
            }
            let now = frame.objects.iter().find(|f| f.id == o.id)?;
            Some(pb::SceneObject {
                pose: now.pose,
                linear_velocity: now.linear_velocity,
                angular_velocity: now.angular_velocity,
                held_by: now.held_by.clone(),
                ..o.clone()
            })
        })
        .collect()
}

/// Why a received message was refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refused {
    /// Larger than [`MAX_MESSAGE`].
    #[error("{0} bytes is larger than the limit")]
    TooLarge(usize),
    /// Not a `ClusterFrame`.
    #[error("not a ClusterFrame: {0}")]
    Undecodable(String),
    /// Another wire format.
    #[error("format {0} is not {FORMAT}")]
    Format(u32),
    /// The subject's space or node differs from the message's, or is not an
    /// id.
    #[error("the message's node or space does not match its subject")]
    WrongSender,
    /// No frame, too many avatars, a bad avatar id or joint array.
    #[error("bad frame: {0}")]
    BadFrame(String),
    /// Too many objects, or one that is not an object.
    #[error("bad object: {0}")]
    BadObject(String),
    /// Too many skeletons, or one that is not a skeleton.
    #[error("bad skeleton: {0}")]
    BadSkeleton(String),
}

/// Decodes and checks a message received on `subject` of `space`.
pub fn decode(subject: &str, space: &str, payload: &[u8]) -> Result<pb::ClusterFrame, Refused> {
    if payload.len() > MAX_MESSAGE {
        return Err(Refused::TooLarge(payload.len()));
    }
    let message =
        pb::ClusterFrame::decode(payload).map_err(|e| Refused::Undecodable(e.to_string()))?;
    if message.format != FORMAT {
        return Err(Refused::Format(message.format));
    }
    let node = node_of(subject, space).ok_or(Refused::WrongSender)?;
    if message.space != space || message.node != node || crate::serve::ids::check_id(node).is_err()
    {
        return Err(Refused::WrongSender);
    }
    let frame = message
        .frame
        .as_ref()
        .ok_or_else(|| Refused::BadFrame("no frame".into()))?;
    if frame.avatars.len() > MAX_AVATARS {
        return Err(Refused::BadFrame(format!(
            "{} avatars",
            frame.avatars.len()
        )));
    }
    let n = posewire_proto::JOINT_COUNT;
    for a in &frame.avatars {
        crate::serve::ids::check_id(&a.avatar_id).map_err(Refused::BadFrame)?;
        if a.remote.is_some() {
            return Err(Refused::BadFrame("a remote avatar forwarded".into()));
        }
        let sizes_ok = a.joint_positions.len() == 3 * n
            && a.world_rotations.len() == 4 * n
            && a.local_rotations.len() == 4 * n;
        let finite = a
            .joint_positions
            .iter()
            .chain(&a.world_rotations)
            .chain(&a.local_rotations)
            .all(|v| v.is_finite() && v.abs() < 1.0e4);
        if !(sizes_ok && finite) {
            return Err(Refused::BadFrame(format!(
                "avatar `{}`: joint arrays of the wrong size or not finite",
                a.avatar_id
            )));
        }
        if !a.fingers.as_ref().is_none_or(fingers_ok) {
            return Err(Refused::BadFrame(format!(
                "avatar `{}`: finger arrays of the wrong size or not finite",
                a.avatar_id
            )));
        }
    }
    if message.objects.len() > super::objects::MAX_OBJECTS {
        return Err(Refused::BadObject(format!(
            "{} objects",
            message.objects.len()
        )));
    }
    for o in &message.objects {
        super::objects::spec_of(o).map_err(Refused::BadObject)?;
    }
    if message.skeletons.len() > MAX_AVATARS {
        return Err(Refused::BadSkeleton(format!(
            "{} skeletons",
            message.skeletons.len()
        )));
    }
    for s in &message.skeletons {
        check_skeleton(s).map_err(Refused::BadSkeleton)?;
    }
    Ok(message)
}

/// Whether a received avatar's fingers are 30 joints of finite, bounded
/// numbers.
fn fingers_ok(f: &pb::Fingers) -> bool {
    let n = posewire_body::fingers::FingerJoint::COUNT;
    f.joint_positions.len() == 3 * n
        && f.rest_offsets.len() == 3 * n
        && f.world_rotations.len() == 4 * n
        && f.local_rotations.len() == 4 * n
        && f.joint_positions
            .iter()
            .chain(&f.rest_offsets)
            .chain(&f.world_rotations)
            .chain(&f.local_rotations)
            .all(|v| v.is_finite() && v.abs() < 1.0e4)
}

/// Whether a received skeleton is one: an id, every joint once with a
/// finite offset, a finite stature.
fn check_skeleton(s: &pb::Skeleton) -> Result<(), String> {
    crate::serve::ids::check_id(&s.avatar_id)?;
    let fingers = s.finger_joints.len();
    let offsets_ok = s.joints.iter().chain(&s.finger_joints).all(|j| {
        j.rest_offset.is_some_and(|v| {
            [v.x, v.y, v.z]
                .iter()
                .all(|x| x.is_finite() && x.abs() < 10.0)
        })
    });
    let ok = s.joints.len() == posewire_proto::JOINT_COUNT
        && (fingers == 0 || fingers == posewire_body::fingers::FingerJoint::COUNT)
        && offsets_ok
        && s.stature_m.is_finite()
        && s.profile_name.len() <= 256;
    if ok {
        Ok(())
    } else {
        Err(format!("the skeleton of `{}` is not one", s.avatar_id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn avatar(id: &str) -> pb::AvatarFrame {
        let n = posewire_proto::JOINT_COUNT;
        pb::AvatarFrame {
            avatar_id: id.into(),
            joint_positions: vec![0.5; 3 * n],
            world_rotations: vec![0.5; 4 * n],
            local_rotations: vec![0.5; 4 * n],
            vertices: Some(pb::SkinnedVertices::default()),
            ..Default::default()
        }
    }

    #[test]
    fn a_frame_travels_without_remote_avatars_or_vertices() {
        let mut remote = avatar("b-x");
        remote.remote = Some(pb::RemoteAvatar::default());
        let frame = pb::Frame {
            sequence: 42,
            avatars: vec![avatar("demo"), remote],
            ..Default::default()
        };
        let subject = frame_subject("studio", "a");
        assert_eq!(subject, "posewire.space.studio.node.a.frame");
        let bytes = encode("studio", "a", &frame, &[], &[]);
        let got = decode(&subject, "studio", &bytes).expect("valid");
        let f = got.frame.expect("a frame");
        assert_eq!(f.sequence, 42);
        assert_eq!(f.avatars.len(), 1);
        assert_eq!(f.avatars[0].avatar_id, "demo");
        assert!(f.avatars[0].vertices.is_none());
        assert_eq!(f.avatars[0].joint_positions, avatar("demo").joint_positions);
    }

    fn cube(id: &str, mass_kg: f64, x: f64) -> pb::SceneObject {
        let v = |x, y, z| pb::Vec3 { x, y, z };
        pb::SceneObject {
            id: id.into(),
            shape: Some(pb::Shape {
                kind: Some(pb::shape::Kind::Box(pb::Box {
                    size: Some(v(0.3, 0.3, 0.3)),
                })),
            }),
            mass_kg,
            pose: Some(pb::Pose {
                position: Some(v(x, 0.15, 0.0)),
                rotation: None,
            }),
            ..Default::default()
        }
    }

    #[test]
    fn objects_travel_with_their_shapes_at_the_frames_poses() {
        let at = |x| pb::Pose {
            position: Some(pb::Vec3 { x, y: 0.15, z: 0.0 }),
            rotation: None,
        };
        let frame = pb::Frame {
            objects: vec![pb::ObjectFrame {
                id: "o1".into(),
                pose: Some(at(2.5)),
                ..Default::default()
            }],
            ..Default::default()
        };
        // o1 moved since the list was made; o3 is not in the frame.
        let list = [
            cube("o1", 1.0, 0.0),
            cube("o2", 0.0, 1.0),
            cube("o3", 1.0, 0.0),
        ];
        let bytes = encode("s", "a", &frame, &list, &[]);
        let got = decode(&frame_subject("s", "a"), "s", &bytes).expect("valid");
        let ids: Vec<&str> = got.objects.iter().map(|o| o.id.as_str()).collect();
        assert_eq!(ids, vec!["o1", "o2"]);
        assert_eq!(got.objects[0].pose, Some(at(2.5)));
        assert!(got.objects[0].shape.is_some());
        // A bad object refuses the message.
        let mut m = got.clone();
        m.objects[1].mass_kg = f64::NAN;
        assert!(matches!(
            decode(&frame_subject("s", "a"), "s", &m.encode_to_vec()),
            Err(Refused::BadObject(_))
        ));
    }

    fn skeleton(id: &str) -> pb::Skeleton {
        let sk =
            posewire_body::Skeleton::from_profile(&posewire_body::BodyProfile::from_stature(1.75));
        crate::serve::frame_build::skeleton(id, &sk, "default", 1.75)
    }

    #[test]
    fn skeletons_travel_once_a_second_and_are_checked() {
        let skeletons = [skeleton("demo"), skeleton("gone")];
        let subject = frame_subject("s", "a");
        let at = |sequence| pb::Frame {
            sequence,
            avatars: vec![avatar("demo")],
            ..Default::default()
        };
        let got = |sequence| {
            decode(
                &subject,
                "s",
                &encode("s", "a", &at(sequence), &[], &skeletons),
            )
            .expect("valid")
            .skeletons
        };
        // Only the frame's avatars', only every SKELETON_EVERY frames.
        assert_eq!(got(SKELETON_EVERY * 3), vec![skeleton("demo")]);
        assert!(got(SKELETON_EVERY * 3 + 1).is_empty());
        let mut m = pb::ClusterFrame::decode(encode("s", "a", &at(0), &[], &skeletons).as_slice())
            .expect("decodes");
        m.skeletons[0].joints.pop();
        assert!(matches!(
            decode(&subject, "s", &m.encode_to_vec()),
            Err(Refused::BadSkeleton(_))
        ));
    }

    #[test]
    fn hostile_messages_are_refused_with_a_reason() {
        let frame = pb::Frame {
            avatars: vec![avatar("demo")],
            ..Default::default()
        };
        let good = encode("s", "a", &frame, &[], &[]);
        let subject = frame_subject("s", "a");
        assert!(decode(&subject, "s", &good).is_ok());
        // Another node's name in the message than in the subject.
        assert_eq!(
            decode(&frame_subject("s", "b"), "s", &good),
            Err(Refused::WrongSender)
        );
        assert!(matches!(
            decode(&subject, "s", b"\xff\xff\xff"),
            Err(Refused::Undecodable(_))
        ));
        assert!(matches!(
            decode(&subject, "s", &vec![0u8; MAX_MESSAGE + 1]),
            Err(Refused::TooLarge(_))
        ));
        let mut m = pb::ClusterFrame::decode(good.as_slice()).expect("decodes");
        m.format = 2;
        assert_eq!(
            decode(&subject, "s", &m.encode_to_vec()),
            Err(Refused::Format(2))
        );
        for change in [
            |a: &mut pb::AvatarFrame| a.joint_positions.pop().map(drop).unwrap_or(()),
            |a: &mut pb::AvatarFrame| a.joint_positions[4] = f32::NAN,
            |a: &mut pb::AvatarFrame| a.avatar_id = "../x".into(),
            |a: &mut pb::AvatarFrame| a.remote = Some(pb::RemoteAvatar::default()),
        ] {
            let mut m = pb::ClusterFrame::decode(good.as_slice()).expect("decodes");
            if let Some(a) = m.frame.as_mut().and_then(|f| f.avatars.first_mut()) {
                change(a);
            }
            assert!(
                matches!(
                    decode(&subject, "s", &m.encode_to_vec()),
                    Err(Refused::BadFrame(_))
                ),
                "{m:?}"
            );
        }
        assert_eq!(node_of("posewire.space.s.node.a.frame", "s"), Some("a"));
        assert_eq!(node_of("posewire.space.t.node.a.frame", "s"), None);
    }
}
