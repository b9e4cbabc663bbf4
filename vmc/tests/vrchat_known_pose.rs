//! VRChat OSC trackers for a known pose, checked against VRChat's
//! documentation by hand-worked expectations.
//!
//! Reference: VRChat, "OSC Trackers", https://docs.vrchat.com/docs/osc-trackers
//! - addresses `/tracking/trackers/1..8/position`, `/rotation`, and
//!   `/tracking/trackers/head/position`, `/rotation`;
//! - each takes three floats (X, Y, Z): world-space positions and Euler
//!   angles;
//! - tracking space: Unity's coordinate system (left-handed), +Y up,
//!   1.0 = 1 metre;
//! - Euler angles as Unity has them (`Transform.eulerAngles`, what
//!   VRChat's example sender sends): degrees, the rotation being a turn
//!   about Z, then about X, then about Y (fixed axes), i.e.
//!   `q = Ry(y) * Rx(x) * Rz(z)`.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, BodyProfile, Joint, JointMap, Skeleton};
use posewire_vmc::osc::{OscArg, OscMessage, OscPacket};
use posewire_vmc::vrchat::{body_messages, Tracker};

fn vec3(m: &OscMessage) -> DVec3 {
    assert_eq!(m.tags(), "fff", "{}: three floats (X, Y, Z)", m.address);
    let f: Vec<f64> = m
        .args
        .iter()
        .map(|a| match a {
            OscArg::Float(v) => f64::from(*v),
            _ => f64::NAN,
        })
        .collect();
    DVec3::new(f[0], f[1], f[2])
}

#[test]
fn vmc_vrchat_known_pose_follows_the_documented_frame_units_and_euler_order() {
    let skeleton = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
    // The person stands with the pelvis at (0.5, 0.95, 2.0) m in Posewire's
    // frame (right-handed, +Y up), turned 90 degrees to their left (facing
    // Posewire's +X), with the left thigh raised 45 degrees forward.
    let yaw = DQuat::from_rotation_y(90f64.to_radians());
    let mut rotations = JointMap::splat(yaw);
    rotations[Joint::LeftHip] = yaw * DQuat::from_rotation_x((-45f64).to_radians());
    // The shin, foot and toes hang straight down from the raised knee.
    for j in [Joint::LeftKnee, Joint::LeftAnkle, Joint::LeftToe] {
        rotations[j] = yaw;
    }
    let pose = BodyPose {
        root: DVec3::new(0.5, 0.95, 2.0),
        rotations,
    };
    let messages = body_messages(&pose, &skeleton, &Tracker::ALL, None);
    assert_eq!(messages.len(), 16);
    let by_address = |a: &str| -> DVec3 {
        let m = messages
            .iter()
            .find(|m| m.address == a)
            .unwrap_or_else(|| panic!("no {a}"));
        // Every message is a well-formed OSC packet on its own.
        let bytes = OscPacket::Message(m.clone()).encode();
        assert_eq!(OscPacket::decode(&bytes), Ok(OscPacket::Message(m.clone())));
        vec3(m)
    };

    // Hips: Unity's X is Posewire's -X; metres, so the numbers are the
    // same magnitudes.
    let hips = by_address("/tracking/trackers/1/position");
    assert!(
        (hips - DVec3::new(-0.5, 0.95, 2.0)).length() < 1e-6,
        "{hips}"
    );
    // Facing Posewire's +X is facing Unity's -X: in Unity's left-handed
    // frame a positive turn about +Y takes +Z to +X, so this is -90.
    let hips_rot = by_address("/tracking/trackers/1/rotation");
    assert!(
        (hips_rot - DVec3::new(0.0, -90.0, 0.0)).length() < 1e-3,
        "{hips_rot}"
    );

    // Left knee (tracker 5) turns with the thigh: Unity Ry(-90) * Rx(-45),
    // which in Unity's Euler order is x = -45, y = -90, z = 0.
    let knee_rot = by_address("/tracking/trackers/5/rotation");
    assert!(
        (knee_rot - DVec3::new(-45.0, -90.0, 0.0)).length() < 1e-3,
        "{knee_rot}"
    );
    // Worked by hand in Unity's frame: the knee is one thigh length from
    // the hip joint along Ry(-90) * Rx(-45) * (0, -1, 0) = (-0.707,
    // -0.707, 0): forward (Unity -X) and down.
    let thigh = skeleton.offsets[Joint::LeftKnee].length();
    let p = pose.positions(&skeleton);
    let hip_unity = DVec3::new(
        -p[Joint::LeftHip].x,
        p[Joint::LeftHip].y,
        p[Joint::LeftHip].z,
    );
    let s = 0.5f64.sqrt();
    let knee_expected = hip_unity + thigh * DVec3::new(-s, -s, 0.0);
    let knee = by_address("/tracking/trackers/5/position");
    assert!(
        (knee - knee_expected).length() < 1e-5,
        "{knee} vs {knee_expected}"
    );

    // Check the Euler reading with Unity's matrices: Ry(y) Rx(x) Rz(z)
    // applied to the thigh's rest direction (down) gives the direction
    // from hip to knee.
    let (x, y, z) = (
        knee_rot.x.to_radians(),
        knee_rot.y.to_radians(),
        knee_rot.z.to_radians(),
    );
    let rz = |v: DVec3| {
        DVec3::new(
            v.x * z.cos() - v.y * z.sin(),
            v.x * z.sin() + v.y * z.cos(),
            v.z,
        )
    };
    let rx = |v: DVec3| {
        DVec3::new(
            v.x,
            v.y * x.cos() - v.z * x.sin(),
            v.y * x.sin() + v.z * x.cos(),
        )
    };
    let ry = |v: DVec3| {
        DVec3::new(
            v.x * y.cos() + v.z * y.sin(),
            v.y,
            -v.x * y.sin() + v.z * y.cos(),
        )
    };
    let down = ry(rx(rz(DVec3::new(0.0, -1.0, 0.0))));
    assert!(
        ((knee - hip_unity).normalize() - down).length() < 1e-5,
        "{down}"
    );

    // The other addresses are all there, 1 to 8.
    for n in 1..=8 {
        by_address(&format!("/tracking/trackers/{n}/position"));
        by_address(&format!("/tracking/trackers/{n}/rotation"));
    }
}
