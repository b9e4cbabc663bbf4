//! `posewire make-demo-clip`: writes the small procedural BVH clip shipped in
//! `examples/demo_walk.bvh`, so that the first commands of the README work
//! without the CMU data set.
//!
//! The skeleton is the CMU ASF hierarchy of `../shared/data/mocap/README.md`
//! (31 joints, CMU joint names, ASF length units, offsets of subject 49).
//! The motion is 6 s at 120 Hz: a walk with swinging legs and arms, a left
//! turn of 80 degrees, then the walker stops and reaches forward with the
//! right hand. The feet follow planned footprints (still while on the
//! floor, apart from the heel rising at push-off; an arc between), the
//! legs reach them by two-bone IK with the knees forward, and the root sits
//! as high as the legs reach. Every other bone's world rotation is designed
//! directly; the BVH channels are the local rotations derived from them.

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use posewire_body::bvh::cmu::METRES_PER_UNIT;
use posewire_body::bvh::{Bvh, BvhJoint, Channel};
use posewire_body::glam::{DQuat, DVec3, EulerRot};
use posewire_body::transform::rotation_between;

/// `posewire make-demo-clip`.
#[derive(Debug, Args)]
pub struct MakeDemoClipArgs {
    /// Where to write the BVH file.
    #[arg(
        long,
        value_name = "FILE.bvh",
        default_value = "examples/demo_walk.bvh"
    )]
    pub out: PathBuf,
}

/// Frames per second of the clip (the CMU rate).
pub const RATE_HZ: f64 = 120.0;
/// Length of the clip, seconds.
pub const DURATION_S: f64 = 6.0;

/// Height of the stance ankle above the floor, ASF units (about 5 cm, so
/// the toes are 2-3 cm above y = 0 like in the CMU clips).
const ANKLE_HEIGHT: f64 = 0.9;

/// One joint of the CMU ASF skeleton: name, parent index, offset, End Site.
type JointDef = (&'static str, Option<usize>, [f64; 3], Option<[f64; 3]>);

/// The CMU ASF hierarchy with the rest offsets of subject 49 (ASF units),
/// in file (depth-first) order.
const SKELETON: [JointDef; 31] = [
    ("root", None, [0.0, 0.0, 0.0], None),
    ("lhipjoint", Some(0), [0.0, 0.0, 0.0], None),
    ("lfemur", Some(1), [1.620672, -1.779174, 0.709887], None),
    ("ltibia", Some(2), [2.345317, -6.443710, 0.0], None),
    ("lfoot", Some(3), [2.742241, -7.534252, 0.0], None),
    (
        "ltoes",
        Some(4),
        [0.170316, -0.467939, 2.080864],
        Some([0.0, 0.0, 1.074760]),
    ),
    ("rhipjoint", Some(0), [0.0, 0.0, 0.0], None),
    ("rfemur", Some(6), [-1.558109, -1.779172, 0.709886], None),
    ("rtibia", Some(7), [-2.332429, -6.408302, 0.0], None),
    ("rfoot", Some(8), [-2.787983, -7.659926, 0.0], None),
    (
        "rtoes",
        Some(9),
        [-0.227075, -0.623880, 2.040590],
        Some([0.0, 0.0, 1.070300]),
    ),
    ("lowerback", Some(0), [0.0, 0.0, 0.0], None),
    ("upperback", Some(11), [0.022034, 1.915645, 0.071612], None),
    ("thorax", Some(12), [0.017400, 1.905251, 0.116357], None),
    ("lowerneck", Some(13), [0.006823, 1.907721, 0.080268], None),
    ("upperneck", Some(14), [-0.108407, 1.835664, 0.050670], None),
    (
        "head",
        Some(15),
        [0.066010, 1.747598, -0.505050],
        Some([0.031024, 1.852146, -0.176974]),
    ),
    ("lclavicle", Some(13), [0.006823, 1.907721, 0.080268], None),
    ("lhumerus", Some(17), [2.870591, 1.354704, 0.161113], None),
    ("lradius", Some(18), [5.435920, 0.0, 0.0], None),
    ("lwrist", Some(19), [3.254600, 0.0, 0.0], None),
    ("lhand", Some(20), [1.627300, 0.0, 0.0], None),
    (
        "lfingers",
        Some(21),
        [0.498244, 0.0, 0.0],
        Some([0.401697, 0.0, 0.0]),
    ),
    (
        "lthumb",
        Some(20),
        [1.627300, 0.0, 0.0],
        Some([0.407830, 0.0, 0.407830]),
    ),
    ("rclavicle", Some(13), [0.006823, 1.907721, 0.080268], None),
    ("rhumerus", Some(24), [-2.866433, 1.234878, 0.459574], None),
    ("rradius", Some(25), [-5.338300, 0.0, 0.0], None),
    ("rwrist", Some(26), [-3.231480, 0.0, 0.0], None),
    ("rhand", Some(27), [-1.615740, 0.0, 0.0], None),
    (
        "rfingers",
        Some(28),
        [-0.463641, 0.0, 0.0],
        Some([-0.373799, 0.0, 0.0]),
    ),
    (
        "rthumb",
        Some(27),
        [-1.615740, 0.0, 0.0],
        Some([-0.379506, 0.0, 0.379506]),
    ),
];

/// Indices into [`SKELETON`] of the joints the motion drives.
mod idx {
    pub const ROOT: usize = 0;
    pub const LFEMUR: usize = 2;
    pub const LTIBIA: usize = 3;
    pub const LFOOT: usize = 4;
    pub const RFEMUR: usize = 7;
    pub const RTIBIA: usize = 8;
    pub const RFOOT: usize = 9;
    pub const LOWERBACK: usize = 11;
    pub const UPPERBACK: usize = 12;
    pub const THORAX: usize = 13;
    pub const LOWERNECK: usize = 14;
    pub const UPPERNECK: usize = 15;
    pub const HEAD: usize = 16;
    pub const LHUMERUS: usize = 18;
    pub const LRADIUS: usize = 19;
    pub const LWRIST: usize = 20;
    pub const LHAND: usize = 21;
    pub const RHUMERUS: usize = 25;
    pub const RRADIUS: usize = 26;
    pub const RWRIST: usize = 27;
    pub const RHAND: usize = 28;
    /// The joints whose world rotation the motion sets; every other joint
    /// keeps its rest local rotation.
    pub const DRIVEN: [usize; 21] = [
        ROOT, LFEMUR, LTIBIA, LFOOT, RFEMUR, RTIBIA, RFOOT, LOWERBACK, UPPERBACK, THORAX,
        LOWERNECK, UPPERNECK, HEAD, LHUMERUS, LRADIUS, LWRIST, LHAND, RHUMERUS, RRADIUS, RWRIST,
        RHAND,
    ];
}

/// Runs `posewire make-demo-clip`.
pub fn run(args: &MakeDemoClipArgs) -> anyhow::Result<()> {
    let bvh = demo_walk();
    crate::create_parent(&args.out)?;
    bvh.write(&args.out)
        .with_context(|| format!("cannot write the demo clip {}", args.out.display()))?;
    tracing::info!(
        file = %args.out.display(),
        frames = bvh.frame_count(),
        "wrote the procedural demo clip"
    );
    Ok(())
}

/// The rest skeleton with no frames.
fn skeleton() -> Bvh {
    let joints = SKELETON
        .iter()
        .map(|&(name, parent, offset, end)| BvhJoint {
            name: name.to_string(),
            parent,
            offset: DVec3::from_array(offset),
            channels: if parent.is_none() {
                vec![
                    Channel::Xposition,
                    Channel::Yposition,
                    Channel::Zposition,
                    Channel::Zrotation,
                    Channel::Yrotation,
                    Channel::Xrotation,
                ]
            } else {
                vec![Channel::Zrotation, Channel::Yrotation, Channel::Xrotation]
            },
            end_site: end.map(DVec3::from_array),
        })
        .collect();
    Bvh {
        joints,
        frame_time: 1.0 / RATE_HZ,
        frames: Vec::new(),
    }
}

/// 0 before `a`, 1 after `b`, a smooth (cubic) ramp between.
fn smoothstep(a: f64, b: f64, t: f64) -> f64 {
    let x = ((t - a) / (b - a)).clamp(0.0, 1.0);
    x * x * (3.0 - 2.0 * x)
}

fn rx(deg: f64) -> DQuat {
    DQuat::from_rotation_x(deg.to_radians())
}
fn ry(deg: f64) -> DQuat {
    DQuat::from_rotation_y(deg.to_radians())
}
fn rz(deg: f64) -> DQuat {
    DQuat::from_rotation_z(deg.to_radians())
}

/// Walking speed at full pace, ASF units per second (1.1 m/s).
const SPEED: f64 = 1.1 / METRES_PER_UNIT;
/// Duration of one gait cycle (two steps), s.
const CYCLE_S: f64 = 1.0;
/// Share of the cycle a foot is on the floor.
const DUTY: f64 = 0.6;
/// Highest lift of the ankle during a full step, units.
const LIFT: f64 = 2.0;
/// How far the heel (and the ankle) rises before the foot leaves the
/// floor, units (3.4 cm).
const HEEL_LIFT: f64 = 0.6;
/// Ankle to the ball of the foot, units (subject 49).
const FOOT_LENGTH: f64 = 2.13;
/// Sideways distance of each footprint from the walking path, units.
const FOOT_SIDE: f64 = 1.5;
/// Stance legs stay this share of their full length (a slightly soft knee).
const LEG_STRETCH: f64 = 0.985;

/// The walker's heading at `t`, degrees (0 = +Z): an 80 degree left turn.
fn heading(t: f64) -> f64 {
    80.0 * smoothstep(2.0, 3.2, t)
}

/// Walking speed at `t` as a share of [`SPEED`]: the walker stops near 4.5 s.
fn pace(t: f64) -> f64 {
    1.0 - smoothstep(3.7, 4.5, t)
}

/// How far the right arm reaches forward at `t` (0 to 1).
fn reach(t: f64) -> f64 {
    smoothstep(4.7, 5.3, t) * (1.0 - smoothstep(5.7, 6.3, t))
}

/// The walking path: the floor point under the root, tabulated finely from
/// 2 s before the clip (the walker is already walking at t = 0).
struct Path {
    start: f64,
    step: f64,
    points: Vec<DVec3>,
}

impl Path {
    fn new() -> Path {
        let (start, end, step) = (-2.0, DURATION_S + 2.0, 1.0 / 1200.0);
        let n = ((end - start) / step).ceil() as usize + 1;
        let mut p = DVec3::new(0.0, 0.0, -40.0 - 2.0 * SPEED);
        let mut points = Vec::with_capacity(n);
        for k in 0..n {
            points.push(p);
            let t = start + (k as f64 + 0.5) * step;
            p += ry(heading(t)) * DVec3::Z * (SPEED * pace(t) * step);
        }
        Path {
            start,
            step,
            points,
        }
    }

    fn at(&self, t: f64) -> DVec3 {
        let x = ((t - self.start) / self.step).max(0.0);
        let i = (x.floor() as usize).min(self.points.len() - 2);
        let a = (x - i as f64).min(1.0);
        self.points[i].lerp(self.points[i + 1], a)
    }

    /// Where a foot rests when its stance is centred on `t_mid`: beside the
    /// path, under the hip, flat on the floor; and the foot's heading.
    fn footprint(&self, t_mid: f64, side: f64) -> (DVec3, f64) {
        let h = heading(t_mid);
        let p = self.at(t_mid) + ry(h) * DVec3::new(side * FOOT_SIDE, 0.0, 0.7);
        (DVec3::new(p.x, ANKLE_HEIGHT, p.z), h)
    }

    /// The ankle target, foot heading (degrees) and heel lift (units) of
    /// one foot at `t`; `offset` is the foot's phase in the gait cycle (0
    /// left, 0.5 right).
    fn foot(&self, t: f64, offset: f64, side: f64) -> (DVec3, f64, f64) {
        let cycle = t / CYCLE_S + offset;
        let phase = cycle - cycle.floor();
        let start = t - phase * CYCLE_S;
        let (a, ha) = self.footprint(start + 0.5 * DUTY * CYCLE_S, side);
        if phase < DUTY {
            // The heel rises at the end of the stance (push-off).
            let heel = HEEL_LIFT * smoothstep(DUTY - 0.2, DUTY, phase);
            return (a + DVec3::Y * heel, ha, heel);
        }
        // Swing from the last footprint to the next one.
        let (b, hb) = self.footprint(start + 1.5 * DUTY * CYCLE_S + (1.0 - DUTY) * CYCLE_S, side);
        let u = (phase - DUTY) / (1.0 - DUTY);
        let s = u * u * (3.0 - 2.0 * u);
        let full_step = SPEED * CYCLE_S;
        let lift = LIFT * ((b - a).length() / (0.3 * full_step)).min(1.0);
        let heel = HEEL_LIFT * (1.0 - s);
        let mut p = a.lerp(b, s);
        p.y += heel + lift * (std::f64::consts::PI * u).sin();
        (p, ha + (hb - ha) * s, heel)
    }
}

/// Fixed facts about the skeleton the pose design needs.
struct Body {
    /// Per leg (left, right): rotation taking the rest thigh (spread about
    /// 20 degrees) straight down.
    leg_align: [DQuat; 2],
    /// Per leg: hip position relative to the root at rest, units.
    hip: [DVec3; 2],
    /// Per leg: thigh and shin lengths, units.
    lengths: [(f64, f64); 2],
}

impl Body {
    fn new(bvh: &Bvh) -> Body {
        let rest = bvh.rest_world_transforms();
        let at = |i: usize| rest[i].position;
        let leg = |hip: usize, knee: usize, ankle: usize| {
            (
                rotation_between(at(knee) - at(hip), DVec3::NEG_Y),
                at(hip) - at(idx::ROOT),
                (
                    (at(knee) - at(hip)).length(),
                    (at(ankle) - at(knee)).length(),
                ),
            )
        };
        let l = leg(idx::LFEMUR, idx::LTIBIA, idx::LFOOT);
        let r = leg(idx::RFEMUR, idx::RTIBIA, idx::RFOOT);
        Body {
            leg_align: [l.0, r.0],
            hip: [l.1, r.1],
            lengths: [l.2, r.2],
        }
    }
}

/// Directions of the thigh and the shin that put the ankle at `target`
/// from the hip at `hip`, the knee pointing `forward`.
fn leg_ik(hip: DVec3, target: DVec3, (a, b): (f64, f64), forward: DVec3) -> (DVec3, DVec3) {
    let d = target - hip;
    let dist = d.length().clamp(1e-6, (a + b) * 0.9999);
    let dir = d / d.length().max(1e-9);
    let cos_hip = ((a * a + dist * dist - b * b) / (2.0 * a * dist)).clamp(-1.0, 1.0);
    let bend = (forward - dir * forward.dot(dir)).normalize_or_zero();
    let knee = hip + a * (cos_hip * dir + (1.0 - cos_hip * cos_hip).sqrt() * bend);
    let ankle = hip + dir * dist;
    ((knee - hip).normalize(), (ankle - knee).normalize())
}

/// The designed pose at time `t`: the root position and the world
/// rotation of every joint.
fn pose(t: f64, body: &Body, path: &Path) -> (DVec3, Vec<DQuat>) {
    let pace = pace(t);
    let reach = reach(t);
    let heading = heading(t);
    let h = ry(heading);
    let forward = h * DVec3::Z;
    let look = 80.0 * smoothstep(1.7, 2.9, t) - heading;
    let ground = path.at(t);

    // Feet first; the rest of the body follows them.
    let feet = [path.foot(t, 0.0, 1.0), path.foot(t, 0.5, -1.0)];
    let step = 0.5 * SPEED * CYCLE_S;
    let ahead = feet.map(|(p, _, _)| ((p - ground).dot(forward) - 0.7) / (0.5 * step));
    let pelvis_yaw = -5.0 * pace * (ahead[0] - ahead[1]) * 0.5;
    let lean = 3.0 * pace + 12.0 * reach;
    let root_rotation = h * ry(pelvis_yaw) * rx(2.0 + 4.0 * reach);

    // Root height: as high as the legs reach (both slightly soft), so the
    // body rises over the stance leg and dips when both feet are down.
    let mut height = f64::INFINITY;
    for (leg, foot) in feet.iter().enumerate() {
        let hip = root_rotation * body.hip[leg];
        let target = foot.0;
        let flat = DVec3::new(
            ground.x + hip.x - target.x,
            0.0,
            ground.z + hip.z - target.z,
        );
        let (a, b) = body.lengths[leg];
        let reach_len = LEG_STRETCH * (a + b);
        let up = (reach_len * reach_len - flat.length_squared())
            .max(0.0)
            .sqrt();
        height = height.min(target.y - hip.y + up);
    }
    let root = DVec3::new(ground.x, height, ground.z);

    let mut g = vec![DQuat::IDENTITY; SKELETON.len()];
    g[idx::ROOT] = root_rotation;
    let leg_joints = [
        (idx::LFEMUR, idx::LTIBIA, idx::LFOOT),
        (idx::RFEMUR, idx::RTIBIA, idx::RFOOT),
    ];
    for (leg, &(femur, tibia, foot)) in leg_joints.iter().enumerate() {
        let hip = root + root_rotation * body.hip[leg];
        let (thigh, shin) = leg_ik(hip, feet[leg].0, body.lengths[leg], forward);
        let bone = |dir: DVec3| {
            h * rotation_between(DVec3::NEG_Y, h.inverse() * dir) * body.leg_align[leg]
        };
        g[femur] = bone(thigh);
        g[tibia] = bone(shin);
        // The foot pivots about its ball as the heel rises.
        let pitch = (feet[leg].2 / FOOT_LENGTH)
            .clamp(-1.0, 1.0)
            .asin()
            .to_degrees();
        g[foot] = ry(feet[leg].1) * rx(pitch);
    }
    g[idx::LOWERBACK] = h * ry(0.3 * pelvis_yaw) * rx(lean * 0.5);
    g[idx::UPPERBACK] = h * ry(-0.3 * pelvis_yaw) * rx(lean);
    g[idx::THORAX] = h * ry(-0.8 * pelvis_yaw) * rx(lean);
    let head = h * ry(look) * rx(5.0 + 15.0 * reach);
    g[idx::LOWERNECK] = h * ry(0.5 * look) * rx(lean);
    g[idx::UPPERNECK] = head;
    g[idx::HEAD] = head;

    // Arms swing against the legs; the right one then reaches forward.
    let arm_l = 18.0 * ahead[1].clamp(-1.3, 1.3);
    let arm_r = 18.0 * ahead[0].clamp(-1.3, 1.3) * (1.0 - reach) + 75.0 * reach;
    let elbow_l = 20.0 * (1.0 - 0.5 * reach);
    let elbow_r = 20.0 * (1.0 - reach) + 12.0 * reach;
    g[idx::LHUMERUS] = h * rx(-arm_l) * rz(-82.0);
    g[idx::LRADIUS] = h * rx(-arm_l - elbow_l) * rz(-82.0);
    g[idx::RHUMERUS] = h * ry(-10.0 * reach) * rx(-arm_r) * rz(82.0);
    g[idx::RRADIUS] = h * ry(-10.0 * reach) * rx(-arm_r - elbow_r) * rz(82.0);
    g[idx::LWRIST] = g[idx::LRADIUS];
    g[idx::LHAND] = g[idx::LRADIUS];
    g[idx::RWRIST] = g[idx::RRADIUS];
    g[idx::RHAND] = g[idx::RRADIUS];
    // Every other joint keeps its rest local rotation (clavicles, hip
    // joints, toes, fingers, thumbs): its world rotation is its parent's.
    for (i, &(_, parent, _, _)) in SKELETON.iter().enumerate() {
        if let (false, Some(p)) = (idx::DRIVEN.contains(&i), parent) {
            g[i] = g[p];
        }
    }
    (root, g)
}

/// `Rz * Ry * Rx` Euler angles in degrees (z, y, x) of `q`, choosing the
/// one of the two equivalent triples (and the multiple of 360 degrees per
/// channel) closest to `previous`, so the channels are continuous in time.
fn euler_zyx_near(q: DQuat, previous: [f64; 3]) -> [f64; 3] {
    let (z, y, x) = q.to_euler(EulerRot::ZYX);
    let a = [z.to_degrees(), y.to_degrees(), x.to_degrees()];
    let b = [a[0] + 180.0, 180.0 - a[1], a[2] + 180.0];
    let unwrap = |v: [f64; 3]| -> [f64; 3] {
        let mut out = v;
        for (o, p) in out.iter_mut().zip(previous) {
            *o += 360.0 * ((p - *o) / 360.0).round();
        }
        out
    };
    let (a, b) = (unwrap(a), unwrap(b));
    let dist = |v: &[f64; 3]| -> f64 { v.iter().zip(previous).map(|(x, p)| (x - p).abs()).sum() };
    if dist(&a) <= dist(&b) {
        a
    } else {
        b
    }
}

/// Rounds to 4 decimals, like the CMU files (keeps the file small).
fn round4(v: f64) -> f64 {
    let r = (v * 1e4).round() / 1e4;
    if r == 0.0 {
        0.0
    } else {
        r
    }
}

/// The frame values (root position + local Euler angles) of a designed pose.
fn frame_values(bvh: &Bvh, world: &[DQuat], root: DVec3, previous: Option<&[f64]>) -> Vec<f64> {
    let mut values = Vec::with_capacity(bvh.channel_count());
    values.extend([root.x, root.y, root.z]);
    for (i, joint) in bvh.joints.iter().enumerate() {
        let local = match joint.parent {
            Some(p) => world[p].inverse() * world[i],
            None => world[i],
        };
        let start = values.len();
        let prev = previous
            .and_then(|p| p.get(start..start + 3))
            .map_or([0.0; 3], |p| [p[0], p[1], p[2]]);
        values.extend(euler_zyx_near(local.normalize(), prev));
    }
    values.into_iter().map(round4).collect()
}

/// The procedural demo clip: CMU skeleton, 6 s at 120 Hz.
pub fn demo_walk() -> Bvh {
    let mut bvh = skeleton();
    let body = Body::new(&bvh);
    let path = Path::new();
    let frames = (DURATION_S * RATE_HZ).round() as usize;
    for f in 0..frames {
        let (root, world) = pose(f as f64 / RATE_HZ, &body, &path);
        let values = frame_values(&bvh, &world, root, bvh.frames.last().map(Vec::as_slice));
        bvh.frames.push(values);
    }
    bvh
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::bvh::cmu::CmuMap;
    use posewire_body::transform::angle_between;
    use posewire_body::Joint;

    #[test]
    fn euler_round_trip_matches_the_bvh_convention() {
        let q = (rz(30.0) * ry(-50.0) * rx(70.0)).normalize();
        let e = euler_zyx_near(q, [0.0; 3]);
        assert!(
            (e[0] - 30.0).abs() < 1e-9 && (e[1] + 50.0).abs() < 1e-9,
            "{e:?}"
        );
        assert!((e[2] - 70.0).abs() < 1e-9, "{e:?}");
        // Near a previous triple 360 degrees away, the channel follows it.
        let e2 = euler_zyx_near(q, [390.0, -50.0, 70.0]);
        assert!((e2[0] - 390.0).abs() < 1e-9, "{e2:?}");
    }

    #[test]
    fn leg_ik_reaches_the_target_with_the_knee_forward() {
        let hip = DVec3::new(0.0, 10.0, 0.0);
        let target = DVec3::new(0.5, 1.0, 2.0);
        let (thigh, shin) = leg_ik(hip, target, (4.5, 5.0), DVec3::Z);
        let ankle = hip + thigh * 4.5 + shin * 5.0;
        assert!((ankle - target).length() < 1e-9, "{ankle}");
        let knee = hip + thigh * 4.5;
        let line = (target - hip).normalize();
        let off = (knee - hip) - line * (knee - hip).dot(line);
        assert!(off.z > 0.0, "knee bends backwards: {off}");
    }

    #[test]
    fn demo_clip_is_a_plausible_cmu_walk() {
        let bvh = demo_walk();
        bvh.validate("demo").expect("valid clip");
        assert_eq!(bvh.joints.len(), 31);
        assert_eq!(bvh.frame_count(), 720);
        // The text reads back to the same clip.
        let back = Bvh::parse(&bvh.to_text(), "demo").expect("parses");
        assert_eq!(back.frame_count(), bvh.frame_count());
        let map = CmuMap::new(&bvh).expect("CMU joint names");
        let body = Body::new(&bvh);
        let path = Path::new();
        let mut lowest = f64::INFINITY;
        let mut travelled = 0.0;
        let mut previous: Option<DVec3> = None;
        for f in 0..bvh.frame_count() {
            let world = bvh.world_transforms(f);
            // The channels reproduce the designed world rotations.
            let (_, designed) = pose(f as f64 / RATE_HZ, &body, &path);
            for (i, (w, d)) in world.iter().zip(&designed).enumerate() {
                let err = angle_between(w.rotation, *d).to_degrees();
                assert!(err < 0.05, "frame {f} joint {i}: {err} deg");
            }
            let joints = map.canonical(&world);
            let ankle = joints[Joint::LeftAnkle]
                .position
                .y
                .min(joints[Joint::RightAnkle].position.y);
            lowest = lowest.min(ankle);
            assert!(
                joints[Joint::Head].position.y > 1.3,
                "frame {f}: head too low"
            );
            let pelvis = joints[Joint::Pelvis].position;
            travelled += previous.map_or(0.0, |p| (pelvis - p).length());
            previous = Some(pelvis);
        }
        // Feet on the floor, and the walker travelled a few metres.
        let ankle_m = ANKLE_HEIGHT * METRES_PER_UNIT;
        assert!((lowest - ankle_m).abs() < 0.002, "lowest ankle {lowest} m");
        assert!((3.5..6.0).contains(&travelled), "travelled {travelled} m");
    }

    #[test]
    fn stance_foot_does_not_slide() {
        let bvh = demo_walk();
        let map = CmuMap::new(&bvh).expect("CMU joint names");
        let ankles: Vec<[DVec3; 2]> = (0..bvh.frame_count())
            .map(|f| {
                let j = map.canonical_frame(&bvh, f);
                [j[Joint::LeftAnkle].position, j[Joint::RightAnkle].position]
            })
            .collect();
        let mut slide = 0.0;
        for w in ankles.windows(2) {
            let low = if w[0][0].y <= w[0][1].y { 0 } else { 1 };
            let d = w[1][low] - w[0][low];
            slide += (d.x * d.x + d.z * d.z).sqrt() * RATE_HZ;
        }
        let mean_cm_s = 100.0 * slide / (ankles.len() - 1) as f64;
        assert!(mean_cm_s < 1.0, "stance foot slides {mean_cm_s} cm/s");
    }
}
