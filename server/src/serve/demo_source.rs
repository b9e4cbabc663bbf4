//! The built-in `demo` device source: a procedural person wearing a headset
//! and two hand controllers, so that `posewire serve` with no configuration
//! streams a body that visibly moves and uses its hands.
//!
//! Every [`LOOP_S`] seconds the person walks a quarter of a circle of
//! 1.4 m radius to a table beside its walking circle, turns to it, lowers
//! the right hand onto a ball lying there, closes the grip (the controller
//! input the grab logic reads), lifts the ball, draws back and throws it
//! over the table at a stack of boxes, opening the grip while the hand
//! moves fast; turns back, walks the rest of the circle (so it turns all
//! the time; speeding up and slowing down, arms swinging, head bobbing),
//! stands and reaches forward with the right hand, then dips with both
//! hands forward and low (shallow: the simulated pelvis stays above 0.8 m
//! all loop long, so "fallen", below 0.7 m, and "standing", above 0.8 m, as
//! outside tests judge a pushed demo body, mean the same at every moment
//! of the loop), and stands up again where it started, so the loop has no
//! jump. The props themselves are [`super::demo_props`]. Device poses are
//! bone poses carried through each device's nominal offset with an
//! identity mount, which is what a profile without calibrated mounts
//! assumes.

use posewire_body::formats::TrackerSample;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{ControllerInput, Device, Joint, Skeleton, Transform};

/// Length of one loop of the motion, seconds.
pub const LOOP_S: f64 = 23.5;
/// How far the head drops in the dip, metres (0.2 m took the simulated
/// pelvis to 0.73 m, 0.55 m to 0.38 m).
const CROUCH_DROP_M: f64 = 0.1;
/// Radius of the walking circle, metres.
const RADIUS_M: f64 = 1.4;
/// Floor distance per step, metres (0.7 gave 1.4 steps a second at the
/// demo's 0.93 m/s, where CMU walkers take 1.6-1.9 at that speed).
const STEP_M: f64 = 0.6;
/// How much lower the head walks than it stands, at the walk's peak speed,
/// metres: CMU walkers' heads are at 0.96-0.99 of their calibrated height
/// while they walk (mean 0.98); at the full height (1.00) the learned legs
/// read the walk as one on raised ground and fold both knees
/// (`docs/notes/demo-reference-feet.md`).
const WALK_HEAD_DROP_M: f64 = 0.035;
/// The head's bob while walking, up and down, metres at peak speed (CMU
/// walkers: 1.2-2.6 cm).
const BOB_M: f64 = 0.018;
/// The walk to the table (a quarter circle), seconds of the loop.
const WALK_TO_TABLE: (f64, f64) = (0.0, 3.5);
/// The walk on round the rest of the circle, seconds of the loop.
const WALK_ON: (f64, f64) = (9.3, 17.5);
/// When the walk ends within the loop, seconds (reach and dip follow).
const WALK_END_S: f64 = WALK_ON.1;
/// The turn to face the table, and back, seconds of the loop.
const TURN_TO_TABLE: (f64, f64) = (3.5, 4.3);
const TURN_BACK: (f64, f64) = (8.5, 9.3);
/// When, within the loop, the ball and boxes are put back: the person is
/// on the far side of its circle, more than 2.5 m from every prop, and
/// the throw (at 7.3 s) has long landed.
pub const PROPS_RESET_S: f64 = 13.0;

/// Where the person stands at the table: a quarter round its circle from
/// `origin` (facing +Z there, with the turn), on the floor.
pub const TABLE_STANCE: [f64; 3] = [RADIUS_M, 0.0, RADIUS_M];
/// The ball's radius, metres (a handball's).
pub const BALL_RADIUS_M: f64 = 0.06;
/// The table's top, metres above the floor: a counter at which the
/// 1.75 m person reaches the ball with the arm bent, without bending low.
pub const TABLE_TOP_M: f64 = 0.9;
/// The ball's centre at rest on the table, relative to the stance (the
/// person faces +Z there): in front of the right shoulder, 0.42 m ahead.
pub const BALL_AT_STANCE: [f64; 3] = [-0.22, TABLE_TOP_M + BALL_RADIUS_M, 0.42];

/// The right hand's path at the table: (loop time, wrist position relative
/// to the stance), eased between keys. The wrist comes down over the ball
/// so that the palm (6 cm past the wrist, the hand capsule 3 cm thick)
/// rests 5 mm above its top, within the grab logic's 3 cm; the grip closes
/// there while the hand is still ([`GRIP_CLOSE`]); the hand lifts, draws
/// back beside the head and pushes forward and up, 0.75 m in 0.22 s (the
/// wrist's target peaks near 5 m/s; the ball leaves the simulated hand at
/// about 5.6 m/s, measured), the grip opening at the push's fastest
/// ([`THROW_OPEN`]).
const THROW_KEYS: [(f64, [f64; 3]); 8] = [
    (4.6, [-0.22, 1.15, 0.36]),
    (5.6, [-0.22, PICK_WRIST_Y, 0.36]),
    (6.2, [-0.22, PICK_WRIST_Y, 0.36]),
    (6.6, [-0.22, 1.25, 0.3]),
    (7.1, [-0.22, 1.2, -0.05]),
    (7.2, [-0.22, 1.2, -0.05]),
    (7.42, [-0.22, 1.6, 0.6]),
    (8.0, [-0.22, 1.6, 0.6]),
];
/// The wrist's height when the palm rests on the ball.
const PICK_WRIST_Y: f64 = TABLE_TOP_M + 2.0 * BALL_RADIUS_M + 0.03 + 0.005;
/// When the grip closes on the ball: rising past the grab logic's 0.6
/// while the palm has rested on the ball for 0.15 s (it grabs within 0.3 s
/// of closing).
const GRIP_CLOSE: (f64, f64) = (5.75, 5.8);
/// When the grip starts to open during the push (its fastest moment).
const THROW_OPEN: (f64, f64) = (7.3, 7.34);
/// How the table arm blends in and out of the usual arm motion.
const TABLE_ARM_IN: (f64, f64) = (4.3, 4.6);
const TABLE_ARM_OUT: (f64, f64) = (8.0, 8.6);

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

/// 1 between the ends of `rise` and the start of `fall`, eased.
fn window(rise: (f64, f64), fall: (f64, f64), t: f64) -> f64 {
    smoothstep(rise.0, rise.1, t) * (1.0 - smoothstep(fall.0, fall.1, t))
}

fn deg(d: f64) -> f64 {
    d.to_radians()
}

fn vec(p: [f64; 3]) -> DVec3 {
    DVec3::from_array(p)
}

/// The right wrist on its table path at loop time `tau` (eased between
/// keys; held at the ends).
fn table_wrist(tau: f64) -> DVec3 {
    let first = THROW_KEYS[0];
    let mut p = vec(first.1);
    for pair in THROW_KEYS.windows(2) {
        let ((t0, a), (t1, b)) = (pair[0], pair[1]);
        if tau >= t0 {
            p = vec(a).lerp(vec(b), smoothstep(t0, t1, tau));
        }
    }
    p
}

/// The right controller's grip at loop time `tau`.
fn right_grip(tau: f64) -> f64 {
    window(GRIP_CLOSE, THROW_OPEN, tau)
}

/// Where the walk is at loop time `tau`: distance walked along the circle
/// (metres) and the speed relative to a segment's peak (0..1).
fn walk(tau: f64) -> (f64, f64) {
    let quarter = 0.5 * std::f64::consts::PI * RADIUS_M;
    let segment = |(a, b): (f64, f64)| {
        let x = ((tau - a) / (b - a)).clamp(0.0, 1.0);
        (smoothstep(a, b, tau), 6.0 * x * (1.0 - x) / 1.5)
    };
    let (first, speed1) = segment(WALK_TO_TABLE);
    let (rest, speed2) = segment(WALK_ON);
    (quarter * first + 3.0 * quarter * rest, speed1.max(speed2))
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

    /// Where the walk starts and ends on the floor (y = 0).
    pub fn origin(&self) -> DVec3 {
        self.origin
    }

    /// Whether the person walks at time `t` (one of the loop's two walks).
    pub fn walking(&self, t: f64) -> bool {
        let tau = self.loop_time(t);
        [WALK_TO_TABLE, WALK_ON]
            .iter()
            .any(|(a, b)| (*a..*b).contains(&tau))
    }

    /// The time within the loop at time `t`, seconds.
    pub fn loop_time(&self, t: f64) -> f64 {
        (t + self.time_offset_s).rem_euclid(LOOP_S)
    }

    /// The bone poses of head, left wrist and right wrist at time `t`
    /// (seconds, any origin).
    pub fn bones(&self, t: f64) -> [Transform; 3] {
        let tau = self.loop_time(t);
        let (walked, speed) = walk(tau);
        let phi = walked / RADIUS_M;
        let floor = self.origin + RADIUS_M * DVec3::new(1.0 - phi.cos(), 0.0, phi.sin());
        // At the table the person turns left a quarter to face it (+Z).
        let turn = 0.5 * std::f64::consts::PI * window(TURN_TO_TABLE, TURN_BACK, tau);
        let yaw = DQuat::from_rotation_y(phi - turn);
        let gait = std::f64::consts::PI * walked / STEP_M;
        let reach = smoothstep(17.7, 18.3, tau) * (1.0 - smoothstep(18.9, 19.5, tau));
        let crouch = smoothstep(19.7, 20.5, tau) * (1.0 - smoothstep(22.1, 23.0, tau));
        let table = window(TABLE_ARM_IN, TABLE_ARM_OUT, tau);
        let look = deg(25.0)
            * (std::f64::consts::PI * (tau - WALK_END_S) / 3.0).sin()
            * smoothstep(WALK_END_S, WALK_END_S + 0.5, tau)
            * (1.0 - smoothstep(19.0, 19.5, tau));

        // Head: lower and bobbing while walking, dropping and leaning when crouching,
        // looking down at the ball at the table.
        // Lowest at each heel strike (hands at their swing's ends), highest
        // at mid-stance, always under the standing height.
        let bob = speed * (BOB_M * (2.0 * gait).cos() - WALK_HEAD_DROP_M);
        let head_local = self.head
            + DVec3::new(
                0.0,
                bob - CROUCH_DROP_M * crouch,
                0.05 * speed + 0.1 * crouch,
            );
        let head_rot = yaw
            * DQuat::from_rotation_y(look)
            * DQuat::from_rotation_x(deg(5.0 + 20.0 * crouch + 10.0 * reach + 20.0 * table));
        let head = Transform::new(floor + yaw * head_local, head_rot);

        // Hands: hanging and swinging, reaching (right), forward when low;
        // the right one on its table path at the table.
        let hang_y = self.shoulder.y - self.arm + 0.02;
        let side = self.shoulder.x + 0.04;
        let swing = 0.18 * speed * gait.sin();
        let hand = |s: f64, swing: f64, reach: f64, table: f64| -> Transform {
            let hanging = DVec3::new(s * side, hang_y, swing);
            let reached = DVec3::new(-0.15 * s, self.shoulder.y + 0.05, 0.85 * self.arm);
            let low = DVec3::new(s * 0.22, 0.95, 0.45);
            let p = hanging
                .lerp(reached, reach)
                .lerp(low, crouch)
                .lerp(table_wrist(tau), table);
            let down = DQuat::from_rotation_z(-s * deg(90.0)) * DQuat::from_rotation_y(0.0);
            let forward = DQuat::from_rotation_y(-s * deg(90.0));
            let r = down.slerp(forward, reach.max(crouch).max(table));
            Transform::new(floor + yaw * p, yaw * DQuat::from_rotation_x(-swing) * r)
        };
        [
            head,
            hand(1.0, swing, 0.0, 0.0),
            hand(-1.0, -swing, reach, table),
        ]
    }

    /// The grips of the left and right controllers at time `t` (0 open ..
    /// 1 closed).
    pub fn grips(&self, t: f64) -> [f64; 2] {
        [0.0, right_grip(self.loop_time(t))]
    }

    /// The person's first `seconds` as samples at `rate_hz` (tick `k` at
    /// `k / rate_hz`), as the offline tools and tests feed a solver.
    pub fn samples_for(&self, seconds: f64, rate_hz: f64) -> Vec<TrackerSample> {
        (0..(seconds * rate_hz) as usize)
            .flat_map(|k| self.samples(k as f64 / rate_hz))
            .collect()
    }

    /// One sample per device at time `t`, timed `sample_time_s` (the
    /// loop's clock); the hand controllers carry their grips (and triggers,
    /// equal to the grips).
    pub fn samples(&self, t: f64) -> [TrackerSample; 3] {
        let bones = self.bones(t);
        let [left, right] = self.grips(t);
        let devices = [Device::Head, Device::LeftHand, Device::RightHand];
        let grips = [None, Some(left), Some(right)];
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
                // The trigger follows the grip, so that the whole hand
                // (the index too) closes on the ball and opens to throw.
                input: grips[i].map(|grip| ControllerInput {
                    grip,
                    trigger: grip,
                    ..ControllerInput::default()
                }),
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
        // Walks: the head travels around the circle (2 m away halfway).
        let start = head(0.0).position;
        assert!((head(12.4).position - start).length() > 2.0);
        // Turns: halfway round the head faces backwards.
        let facing = head(12.4).rotation * DVec3::Z;
        assert!(facing.z < -0.8, "{facing}");
        // Reaches: the right hand is forward at shoulder height at 18.6 s.
        let [h, _, right] = p.bones(18.6);
        let local = h.rotation.inverse() * (right.position - h.position);
        assert!(right.position.y > 1.2, "{}", right.position);
        assert!(local.z > 0.3 || (right.position - h.position).length() > 0.4);
        // Dips: the head is lower at 21.3 s.
        assert!(head(0.0).position.y - head(21.3).position.y > 0.08);
        // Every sample is a valid device pose.
        for k in 0..(LOOP_S * 10.0) as usize {
            for s in p.samples(k as f64 * 0.1) {
                let pose = s.pose.expect("pose");
                assert!(pose.is_finite());
                assert!((pose.rotation.length() - 1.0).abs() < 1e-9);
            }
        }
    }

    #[test]
    fn the_right_grip_closes_over_the_ball_and_opens_while_the_hand_moves_fast() {
        let p = person();
        let stance = vec(TABLE_STANCE);
        let ball = stance + vec(BALL_AT_STANCE);
        let wrist = |t: f64| p.bones(t)[2].position;
        // Closed from the grab to the throw only, never on the left.
        let closed: Vec<f64> = (0..(LOOP_S * 90.0) as usize)
            .map(|k| k as f64 / 90.0)
            .filter(|&t| p.grips(t)[1] > 0.6)
            .collect();
        let (first, last) = (closed[0], closed[closed.len() - 1]);
        assert!(
            (5.7..5.9).contains(&first) && (7.2..7.4).contains(&last),
            "{first} {last}"
        );
        assert!((0..2000).all(|k| p.grips(k as f64 * 0.013)[0] == 0.0));
        // While it closes, the wrist rests above the ball: palm 6 cm ahead
        // of the wrist, on the ball's top.
        for t in [first - 0.15, first, first + 0.15] {
            let w = wrist(t);
            let palm = w + DVec3::new(0.0, -0.03, 0.06);
            assert!(
                (palm - ball).length() < BALL_RADIUS_M + 0.01,
                "{t}: {w} {ball}"
            );
            assert!((wrist(t + 0.01) - w).length() < 1e-3, "still");
        }
        // While it opens, the wrist's target moves faster than 3 m/s.
        let speed = (wrist(last + 0.01) - wrist(last - 0.01)).length() / 0.02;
        assert!(speed > 3.0, "{speed}");
        // The samples carry the grips.
        let s = p.samples(6.5);
        assert_eq!(s[0].input, None);
        assert_eq!(s[2].input.map(|i| i.grip), Some(1.0));
    }
}
