//! The built-in `demo` device source: a procedural person wearing a headset
//! and two hand controllers, so that `posewire serve` with no configuration
//! streams a body that visibly moves.
//!
//! Every 16 s the person walks once around a circle of 1.4 m radius (so it
//! turns all the time; speeding up and slowing down, arms swinging, head
//! bobbing), stands and reaches forward with the right hand, then dips
//! with both hands forward and low (shallow: the simulated pelvis stays
//! above 0.8 m all loop long, so "fallen", below 0.7 m, and "standing",
//! above 0.8 m, as outside tests judge a pushed demo body, mean the same at
//! every moment of the loop), and stands up again where it started, so the
//! loop has no jump. Device poses are bone poses carried through each
//! device's nominal offset with an identity mount, which is what a profile
//! without calibrated mounts assumes.

use posewire_body::formats::TrackerSample;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{Device, Joint, Skeleton, Transform};

/// Length of one loop of the motion, seconds.
pub const LOOP_S: f64 = 16.0;
/// How far the head drops in the dip, metres (0.2 m took the simulated
/// pelvis to 0.73 m, 0.55 m to 0.38 m).
const CROUCH_DROP_M: f64 = 0.1;
/// Radius of the walking circle, metres.
const RADIUS_M: f64 = 1.4;
/// When the walk ends within the loop, seconds.
const WALK_END_S: f64 = 10.0;
/// Floor distance per step, metres.
const STEP_M: f64 = 0.7;

/// The procedural person.
#[derive(Debug, Clone)]
pub struct DemoPerson {
    time_offset_s: f64,
    origin: DVec3,
    /// Rest head joint, relative to the floor point under the pelvis.
    head: DVec3,
    /// Rest left shoulder, relative to the floor point.
    shoulder: DVec3,
    /// Shoulder to wrist, arm straight, metres.
    arm: f64,
}

fn smoothstep(a: f64, b: f64, t: f64) -> f64 {
    let x = ((t - a) / (b - a)).clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

fn deg(d: f64) -> f64 {
    d.to_radians()
}

impl DemoPerson {
    /// A person with the skeleton's proportions; `time_offset_s` shifts the
    /// loop, `origin` is where the walk starts (and ends) on the floor.
    pub fn new(skeleton: &Skeleton, time_offset_s: f64, origin: [f64; 3]) -> DemoPerson {
        let rest = skeleton.rest_positions();
        let floor = DVec3::new(rest[Joint::Pelvis].x, 0.0, rest[Joint::Pelvis].z);
        DemoPerson {
            time_offset_s,
            origin: DVec3::new(origin[0], 0.0, origin[2]),
            head: rest[Joint::Head] - floor,
            shoulder: rest[Joint::LeftShoulder] - floor,
            arm: skeleton.bone_length(Joint::LeftShoulder) + skeleton.bone_length(Joint::LeftElbow),
        }
    }

    /// The bone poses of head, left wrist and right wrist at time `t`
    /// (seconds, any origin).
    pub fn bones(&self, t: f64) -> [Transform; 3] {
        let tau = (t + self.time_offset_s).rem_euclid(LOOP_S);
        let length = 2.0 * std::f64::consts::PI * RADIUS_M;
        let walked = length * smoothstep(0.0, WALK_END_S, tau);
        // Speed relative to the peak of the smoothstep (1.5 * mean).
        let speed = {
            let x = (tau / WALK_END_S).clamp(0.0, 1.0);
            6.0 * x * (1.0 - x) / 1.5
        };
        let phi = walked / RADIUS_M;
        let floor = self.origin + RADIUS_M * DVec3::new(1.0 - phi.cos(), 0.0, phi.sin());
        let yaw = DQuat::from_rotation_y(phi);
        let gait = std::f64::consts::PI * walked / STEP_M;
        let reach = smoothstep(10.2, 10.8, tau) * (1.0 - smoothstep(11.4, 12.0, tau));
        let crouch = smoothstep(12.2, 13.0, tau) * (1.0 - smoothstep(14.6, 15.5, tau));
        let look = deg(25.0)
            * (std::f64::consts::PI * (tau - WALK_END_S) / 3.0).sin()
            * smoothstep(10.0, 10.5, tau)
            * (1.0 - smoothstep(11.5, 12.0, tau));

        // Head: bobbing while walking, dropping and leaning when crouching.
        let bob = 0.015 * speed * (2.0 * gait).cos();
        let head_local = self.head
            + DVec3::new(
                0.0,
                bob - CROUCH_DROP_M * crouch,
                0.05 * speed + 0.1 * crouch,
            );
        let head_rot = yaw
            * DQuat::from_rotation_y(look)
            * DQuat::from_rotation_x(deg(5.0 + 20.0 * crouch + 10.0 * reach));
        let head = Transform::new(floor + yaw * head_local, head_rot);

        // Hands: hanging and swinging, reaching (right), forward when low.
        let hang_y = self.shoulder.y - self.arm + 0.02;
        let side = self.shoulder.x + 0.04;
        let swing = 0.18 * speed * gait.sin();
        let hand = |s: f64, swing: f64, reach: f64| -> Transform {
            let hanging = DVec3::new(s * side, hang_y, swing);
            let reached = DVec3::new(-0.15 * s, self.shoulder.y + 0.05, 0.85 * self.arm);
            let low = DVec3::new(s * 0.22, 0.95, 0.45);
            let p = hanging.lerp(reached, reach).lerp(low, crouch);
            let down = DQuat::from_rotation_z(-s * deg(90.0)) * DQuat::from_rotation_y(0.0);
            let forward = DQuat::from_rotation_y(-s * deg(90.0));
            let r = down.slerp(forward, reach.max(crouch));
            Transform::new(floor + yaw * p, yaw * DQuat::from_rotation_x(-swing) * r)
        };
        [head, hand(1.0, swing, 0.0), hand(-1.0, -swing, reach)]
    }

    /// One sample per device at time `t`, timed `sample_time_s` (the
    /// loop's clock).
    pub fn samples(&self, t: f64) -> [TrackerSample; 3] {
        let bones = self.bones(t);
        let devices = [Device::Head, Device::LeftHand, Device::RightHand];
        std::array::from_fn(|i| {
            let device = devices[i];
            let bone = bones[i];
            TrackerSample {
                time_s: t,
                device,
                pose: Some(Transform::new(
                    bone.position + bone.rotation * device.nominal_offset(),
                    bone.rotation,
                )),
                input: None,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::BodyProfile;

    fn person() -> DemoPerson {
        DemoPerson::new(
            &Skeleton::from_profile(&BodyProfile::from_stature(1.75)),
            0.0,
            [0.0; 3],
        )
    }

    #[test]
    fn the_loop_closes_without_a_jump() {
        let p = person();
        let a = p.samples(0.0);
        let b = p.samples(LOOP_S - 1e-6);
        for (x, y) in a.iter().zip(&b) {
            let (x, y) = (x.pose.expect("pose"), y.pose.expect("pose"));
            assert!((x.position - y.position).length() < 1e-3, "{x:?} {y:?}");
        }
    }

    #[test]
    fn the_person_walks_turns_reaches_and_crouches() {
        let p = person();
        let head = |t: f64| p.bones(t)[0];
        // Walks: the head travels around the circle (2 m away mid-walk).
        let start = head(0.0).position;
        assert!((head(5.0).position - start).length() > 2.0);
        // Turns: halfway round the head faces backwards.
        let facing = head(5.0).rotation * DVec3::Z;
        assert!(facing.z < -0.8, "{facing}");
        // Reaches: the right hand is forward at shoulder height at 11 s.
        let [h, _, right] = p.bones(11.0);
        let local = h.rotation.inverse() * (right.position - h.position);
        assert!(right.position.y > 1.2, "{}", right.position);
        assert!(local.z > 0.3 || (right.position - h.position).length() > 0.4);
        // Dips: the head is lower at 14 s.
        assert!(head(0.0).position.y - head(14.0).position.y > 0.08);
        // Every sample is a valid device pose.
        for k in 0..160 {
            for s in p.samples(k as f64 * 0.1) {
                let pose = s.pose.expect("pose");
                assert!(pose.is_finite());
                assert!((pose.rotation.length() - 1.0).abs() < 1e-9);
            }
        }
    }
}
