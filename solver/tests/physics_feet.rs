//! The simulated feet against a tracked reference: a foot whose devices
//! slide it along the floor follows them.

mod noise;
use noise::Noise;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, BodyProfile, Device, Joint, Skeleton};
use posewire_solver::physics::effectors::EffectorSettings;
use posewire_solver::physics::{
    AvatarController, PhysicsSettings, PhysicsWorld, Scene, WorldSettings,
};

/// An empty world and a physics avatar of `profile` whose feet use
/// `effectors`.
fn world_with(
    profile: &BodyProfile,
    effectors: EffectorSettings,
) -> (PhysicsWorld, AvatarController) {
    let settings = PhysicsSettings {
        body: posewire_solver::physics::sim_avatar::BodySettings {
            effectors,
            ..Default::default()
        },
        ..PhysicsSettings::default()
    };
    let world = PhysicsWorld::new(&Scene::default(), WorldSettings::default());
    (world, AvatarController::new(profile, settings))
}

/// Poses the leg below `hip` so that its ankle is at `ankle` (the knee
/// bending forward, +Z), the foot flat.
fn pose_leg(pose: &mut BodyPose, sk: &Skeleton, hip: Joint, ankle: DVec3) {
    let (knee, foot) = match hip {
        Joint::LeftHip => (Joint::LeftKnee, Joint::LeftAnkle),
        _ => (Joint::RightKnee, Joint::RightAnkle),
    };
    let h = pose.positions(sk)[hip];
    let (l1, l2) = (sk.offsets[knee].length(), sk.offsets[foot].length());
    let d = (ankle - h).length().min(l1 + l2 - 1e-6);
    let u = (ankle - h).normalize();
    let cos = ((l1 * l1 + d * d - l2 * l2) / (2.0 * l1 * d)).clamp(-1.0, 1.0);
    let f = (DVec3::Z - u * u.dot(DVec3::Z)).normalize();
    let thigh = u * cos + f * (1.0 - cos * cos).sqrt();
    let k = h + thigh * l1;
    let shin = (h + u * d - k).normalize();
    pose.rotations[hip] = DQuat::from_rotation_arc(sk.offsets[knee].normalize(), thigh);
    pose.rotations[knee] = DQuat::from_rotation_arc(sk.offsets[foot].normalize(), shin);
}

/// A person standing with bent knees (pelvis `drop` lower than at rest),
/// the reference's left ankle `sink` metres lower than at rest (under the
/// floor, as a device's offset error puts it) and the simulated left foot
/// starting `start_off` metres behind it; from 1 s on, the left foot slides `slide` metres forward along the floor
/// in `slide_s` seconds while the pelvis moves half as far (the weight
/// going onto the sliding foot, as in a shuffling step), then everything
/// stands still. Both feet carry devices (so their motion is measured).
/// Returns the largest horizontal distance between the simulated left
/// ankle and the reference's, from 0.1 s after the slide ended to 0.5 s
/// after.
fn slide_gap(
    effectors: EffectorSettings,
    slide: f64,
    slide_s: f64,
    sink: f64,
    start_off: f64,
) -> f64 {
    let profile = BodyProfile::with_nominal_devices(1.75);
    let sk = Skeleton::from_profile(&profile);
    let rest = BodyPose::rest(&sk);
    let p0 = rest.positions(&sk);
    let drop = 0.05;
    let pose_at = |t: f64| {
        let s = ((t - 1.0) / slide_s).clamp(0.0, 1.0);
        let mut pose = rest;
        pose.root += DVec3::new(0.0, -drop, 0.5 * slide * s);
        pose_leg(
            &mut pose,
            &sk,
            Joint::LeftHip,
            p0[Joint::LeftAnkle] + DVec3::new(0.0, -sink, slide * s),
        );
        pose_leg(&mut pose, &sk, Joint::RightHip, p0[Joint::RightAnkle]);
        pose
    };
    let (mut world, mut avatar) = world_with(&profile, effectors);
    let mut start = pose_at(0.0);
    pose_leg(
        &mut start,
        &sk,
        Joint::LeftHip,
        p0[Joint::LeftAnkle] + DVec3::new(0.0, 0.0, -start_off),
    );
    avatar.set_start_pose(start);
    let mut most: f64 = 0.0;
    let end = 1.0 + slide_s;
    for k in 0..((end + 0.5) * 90.0) as usize {
        let t = k as f64 / 90.0;
        let reference = pose_at(t);
        let joints = reference.transforms(&sk);
        for d in Device::ALL {
            let sample = profile.device_sample(d, &joints, t);
            avatar.push(&sample.expect("a tracker on every device"));
        }
        avatar.prepare_with_reference(&mut world, t, &reference);
        world.step();
        let f = avatar.finish(&world).expect("a frame after prepare");
        if t >= end + 0.1 {
            let gap = f.pose.positions(&sk)[Joint::LeftAnkle] - joints[Joint::LeftAnkle].position;
            most = most.max(DVec3::new(gap.x, 0.0, gap.z).length());
        }
    }
    most
}

#[test]
fn physics_a_foot_whose_devices_slide_it_along_the_floor_follows() {
    // A shuffle: the left foot slides 25 cm forward along the floor in
    // 0.15 s (1.7 m/s, as a recorded foot landing at the end of a walk
    // does) while the weight goes onto it. With the floor's full friction
    // under the loaded foot, the simulated foot stopped where it touched
    // down and stayed behind; a foot whose reference slides is let slide.
    const SINK: f64 = 0.03;
    // The speed rule alone (no rule for a foot that stands off its
    // devices), against neither.
    let on = EffectorSettings {
        slide_gap_m: 0.0,
        ..EffectorSettings::default()
    };
    let off = EffectorSettings {
        slide_speed_m_s: 0.0,
        ..on
    };
    let (follows, stuck) = (
        slide_gap(on, 0.25, 0.15, SINK, 0.0),
        slide_gap(off, 0.25, 0.15, SINK, 0.0),
    );
    let default = slide_gap(EffectorSettings::default(), 0.25, 0.15, SINK, 0.0);
    assert!(
        default < 0.03,
        "with the default settings {default} m behind"
    );
    println!("sliding foot: {follows:.3} m behind with the rule, {stuck:.3} m without");
    assert!(follows < 0.03, "the sliding foot stays {follows} m behind");
    assert!(
        stuck > 2.0 * follows,
        "without the rule {stuck} m, with {follows} m"
    );
}

#[test]
fn physics_a_foot_that_stands_off_its_devices_slides_to_them() {
    // The simulated foot stands 8 cm behind where its devices put it,
    // pressed into the floor by its spring (the reference 2 cm under the
    // floor) and held there by friction; the reference stands still. A
    // tracked foot that far from its reference is let slide to it.
    // The distance rule alone, against neither.
    let on = EffectorSettings {
        slide_speed_m_s: 0.0,
        ..EffectorSettings::default()
    };
    let off = EffectorSettings {
        slide_gap_m: 0.0,
        ..on
    };
    let (follows, stuck) = (
        slide_gap(on, 0.0, 0.15, 0.02, 0.08),
        slide_gap(off, 0.0, 0.15, 0.02, 0.08),
    );
    println!("foot off its devices: {follows:.3} m off with the rule, {stuck:.3} m without");
    assert!(follows < 0.04, "the foot stays {follows} m off");
    assert!(
        stuck > 1.5 * follows,
        "without the rule {stuck} m, with {follows} m"
    );
}

#[test]
fn physics_a_foot_whose_heel_rises_rolls_about_the_ball() {
    // Push-off: the left heel raised 35 degrees about the floor under the
    // ball of the foot (the toe joint), the toes flat.
    // A rigid foot that reaches well past the ball (to the tips of the
    // toes) cannot pitch that far with its ankle where the reference's is:
    // measured with a box 5 cm past the ball, the foot pitched 25 degrees
    // and the ball stood 2.5 cm off. The simulated foot ends 3 cm past the
    // ball and rolls about its rounded front edge (29 degrees, 1.4 cm; 32
    // degrees and 0.6 cm with 2 cm, see `FOOT_TOE_REACH_M`).
    let profile = BodyProfile::with_nominal_devices(1.75);
    let sk = Skeleton::from_profile(&profile);
    let rest = BodyPose::rest(&sk);
    let p0 = rest.positions(&sk);
    let mut reference = rest;
    reference.root += DVec3::new(0.0, -0.05, 0.0);
    let heel_up = DQuat::from_rotation_x(35_f64.to_radians());
    // The foot turns about the point of the floor under the ball.
    let ball = p0[Joint::LeftToe] * DVec3::new(1.0, 0.0, 1.0);
    let ankle = ball + heel_up * (p0[Joint::LeftAnkle] - ball);
    assert!(
        ankle.y - p0[Joint::LeftAnkle].y > 0.05,
        "the heel is really raised (ankle up {} m)",
        ankle.y - p0[Joint::LeftAnkle].y
    );
    pose_leg(&mut reference, &sk, Joint::LeftHip, ankle);
    pose_leg(&mut reference, &sk, Joint::RightHip, p0[Joint::RightAnkle]);
    reference.rotations[Joint::LeftAnkle] = heel_up;
    let mut world = PhysicsWorld::new(&Scene::default(), WorldSettings::default());
    let mut avatar = AvatarController::new(&profile, PhysicsSettings::default());
    avatar.set_start_pose(reference);
    let mut last = None;
    for k in 0..90 {
        avatar.prepare_with_reference(&mut world, k as f64 / 90.0, &reference);
        world.step();
        last = avatar.finish(&world);
    }
    let f = last.expect("a frame after prepare");
    let (sim, want) = (f.pose.positions(&sk), reference.positions(&sk));
    let tilt = |q: DQuat| -(q * DVec3::Z).y.asin().to_degrees();
    let (sim_tilt, want_tilt) = (
        tilt(f.pose.rotations[Joint::LeftAnkle]),
        tilt(reference.rotations[Joint::LeftAnkle]),
    );
    println!(
        "raised heel: foot pitched {sim_tilt:.1} degrees (reference {want_tilt:.1}), ankle {:.3} m and ball {:.3} m from the reference's",
        (sim[Joint::LeftAnkle] - want[Joint::LeftAnkle]).length(),
        (sim[Joint::LeftToe] - want[Joint::LeftToe]).length()
    );
    for j in [Joint::LeftAnkle, Joint::LeftToe] {
        let gap = (sim[j] - want[j]).length();
        assert!(gap < 0.02, "{} is {gap} m from the reference", j.name());
    }
    assert!(
        (sim_tilt - want_tilt).abs() < 7.0,
        "foot pitched {sim_tilt} degrees, reference {want_tilt}"
    );
}

/// A person standing still with six devices whose foot devices carry the
/// protocol's white noise (1.5 mm per axis per sample): the simulated
/// ankles' mean horizontal speed from 1 s to 5 s, m/s (both feet).
fn still_feet_speed(effectors: EffectorSettings) -> f64 {
    let profile = BodyProfile::with_nominal_devices(1.75);
    let sk = Skeleton::from_profile(&profile);
    let rest = BodyPose::rest(&sk);
    let joints = rest.transforms(&sk);
    let (mut world, mut avatar) = world_with(&profile, effectors);
    avatar.set_start_pose(rest);
    let mut noise = Noise(0x9e37_79b9_7f4a_7c15);
    let (mut travel, mut last, mut frames) = (0.0, None::<[DVec3; 2]>, 0);
    for k in 0..(5.0 * 90.0) as usize {
        let t = k as f64 / 90.0;
        for d in Device::ALL {
            let mut sample = profile.device_sample(d, &joints, t).expect("a tracker");
            if matches!(d, Device::LeftFoot | Device::RightFoot) {
                if let Some(pose) = sample.pose.as_mut() {
                    pose.position += DVec3::new(
                        noise.gaussian(0.0015),
                        noise.gaussian(0.0015),
                        noise.gaussian(0.0015),
                    );
                }
            }
            avatar.push(&sample);
        }
        // The reference is solved from the (noisy) devices, as live.
        avatar.prepare(&mut world, t);
        world.step();
        let Some(f) = avatar.finish(&world) else {
            continue;
        };
        let p = f.pose.positions(&sk);
        let ankles = [p[Joint::LeftAnkle], p[Joint::RightAnkle]];
        if t >= 1.0 {
            if let Some(l) = last {
                for (a, b) in ankles.iter().zip(l) {
                    travel += DVec3::new(a.x - b.x, 0.0, a.z - b.z).length();
                }
                frames += 2;
            }
        }
        last = Some(ankles);
    }
    travel / frames as f64 * 90.0
}

#[test]
fn physics_still_feet_stay_planted_under_device_noise() {
    let keep = still_feet_speed(EffectorSettings::default());
    let old = still_feet_speed(EffectorSettings {
        plant_keep_speed_m_s: 0.0,
        ..EffectorSettings::default()
    });
    println!(
        "still feet under device noise: {:.2} cm/s planted until the reference moves faster than {} m/s, {:.2} cm/s with one speed for planting and keeping",
        100.0 * keep,
        EffectorSettings::default().plant_keep_speed_m_s,
        100.0 * old
    );
    assert!(keep < 0.5 * old, "{keep} m/s against {old} m/s");
}
