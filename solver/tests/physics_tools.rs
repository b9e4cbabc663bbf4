//! Tools held in a hand, and objects passed between people (issue 24), on
//! real physics runs: scripted devices through the daemon's tick.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyProfile, Joint, Transform};
use posewire_solver::physics::grab::{Hand, Holder};
use posewire_solver::physics::grab_trials::{
    right_hand_forward, run_people, scripted_samples, GrabTick, HandKey, HandScript,
};
use posewire_solver::physics::tool::{right_hand_sword_grip, StickSpec};
use posewire_solver::physics::{BodyState, ObjectShape, ObjectSpec, PhysicsSettings};

fn key(t: f64, x: f64, y: f64, z: f64, grip: f64) -> HandKey {
    HandKey {
        t,
        position: Some(DVec3::new(x, y, z)),
        grip,
    }
}

fn at(p: DVec3) -> Transform {
    Transform::new(p, DQuat::IDENTITY)
}

const STICK_LENGTH: f64 = 0.7;
const STICK_RADIUS: f64 = 0.02;

/// A 0.7 m, 0.4 kg stick (a wooden staff's weight) in `segments`.
fn stick(segments: usize) -> StickSpec {
    StickSpec {
        name: "stick".into(),
        length_m: STICK_LENGTH,
        radius_m: STICK_RADIUS,
        mass_kg: 0.4,
        segments,
        // The two outer segments (0.27 kg at ~0.23 m) weigh ~0.6 N m on
        // the first joint: 40 N m/rad sags them under 1 degree, while a
        // strike's hundreds of N m bend it visibly.
        stiffness_n_m_per_rad: 40.0,
        // About critical for the outer segments (2 sqrt(k I), I ~ 0.02
        // kg m^2): a bend settles without ringing.
        damping_n_m_s_per_rad: 1.5,
    }
}

/// The wall's face (x): it stands in front of the person, where the stick
/// passes but the hand does not.
const WALL_FACE_X: f64 = -0.1;

/// The wall's near edge (z): 4 cm beyond the hand's capsule (which ends
/// at z = 0.47 m), so the stick meets it a hand's breadth from the grip
/// and the wrist cannot simply turn the stick aside.
const WALL_NEAR_Z: f64 = 0.51;

/// The wall's depth along z, metres.
const WALL_DEPTH: f64 = 1.0;

/// The right hand, pointing forward with the stick, sweeps across the body
/// from x = -0.45 to +0.15 at chest height in 0.4 s (2.2 m/s at its
/// fastest), then holds still.
fn swing() -> HandScript {
    let (y, z) = (1.1, 0.35);
    HandScript {
        hand: Hand::Right,
        rotation: right_hand_forward(),
        keys: vec![
            key(0.0, -0.45, y, z, 0.0),
            key(1.5, -0.45, y, z, 0.0),
            key(1.9, 0.15, y, z, 0.0),
            key(3.0, 0.15, y, z, 0.0),
        ],
    }
}

/// One swing run: the stick's segments and each tick's trace.
struct Swing {
    ticks: Vec<GrabTick>,
    segments: usize,
}

impl Swing {
    /// Points every centimetre along the stick's axis, world.
    fn points(&self, t: &GrabTick) -> Vec<DVec3> {
        let l = STICK_LENGTH / self.segments as f64;
        let n = (l / 0.01).ceil() as usize;
        t.objects
            .iter()
            .skip(1)
            .flat_map(|s| {
                (0..=n).map(move |k| {
                    let y = l * (k as f64 / n as f64 - 0.5);
                    s.pose.position + s.pose.rotation * DVec3::new(0.0, y, 0.0)
                })
            })
            .collect()
    }

    /// How far the stick's surface is past the wall's face (positive:
    /// into the wall), over its points facing the wall.
    fn past_face(&self, t: &GrabTick) -> f64 {
        self.points(t)
            .into_iter()
            .filter(|p| (WALL_NEAR_Z..WALL_NEAR_Z + WALL_DEPTH).contains(&p.z) && p.y < 2.0)
            .map(|p| p.x + STICK_RADIUS - WALL_FACE_X)
            .fold(f64::MIN, f64::max)
    }
}

fn run_swing(segments: usize, wall: bool) -> Swing {
    let profile = BodyProfile::with_nominal_devices(1.75);
    let samples = scripted_samples(&profile, &[swing()], 3.0);
    let mut given = false;
    let ticks = run_people(
        &[(profile, samples)],
        PhysicsSettings::default(),
        |world| {
            // A static wall 10 cm thick, 2 m tall, 1 m deep (traced
            // first, so the stick's segments follow it).
            let spec = ObjectSpec::new(
                ObjectShape::Box {
                    size: DVec3::new(0.1, 2.0, WALL_DEPTH),
                },
                0.0,
                at(DVec3::new(
                    WALL_FACE_X + 0.05,
                    1.0,
                    WALL_NEAR_Z + 0.5 * WALL_DEPTH,
                )),
            );
            if wall {
                vec![world.add_object(spec).expect("the wall")]
            } else {
                // The same trace layout without a wall: a far-away stand-in.
                let far = ObjectSpec {
                    pose: at(DVec3::new(20.0, 1.0, 20.0)),
                    ..spec
                };
                vec![world.add_object(far).expect("the stand-in")]
            }
        },
        |world, ids, t| {
            if given || t < 0.5 {
                return Vec::new();
            }
            given = true;
            let holder = Holder {
                avatar: ids[0],
                hand: Hand::Right,
            };
            world
                .add_stick(&stick(segments), holder, right_hand_sword_grip())
                .expect("the stick")
        },
    )
    .pop()
    .expect("a person");
    Swing { ticks, segments }
}

/// The mean and the peak of `f` over the ticks at the times `at`.
fn mean_and_peak(ticks: &[GrabTick], at: &[f64], f: impl Fn(&GrabTick) -> f64) -> (f64, f64) {
    let v: Vec<f64> = ticks
        .iter()
        .filter(|t| at.iter().any(|a| (a - t.t).abs() < 1e-6))
        .map(f)
        .collect();
    let mean = v.iter().sum::<f64>() / v.len().max(1) as f64;
    (mean, v.iter().copied().fold(0.0, f64::max))
}

/// The swing into the wall against the same swing in the open: the
/// stick's deepest pass of the wall's face, the ghost hand's, and the
/// arm's torques while the stick touches the wall.
fn stick_stops_at_the_wall(segments: usize) {
    let hit = run_swing(segments, true);
    let free = run_swing(segments, false);
    // The stick's first segment is traced second (after the wall).
    let held = hit.ticks.iter().filter(|t| t.t > 0.6).all(|t| {
        t.objects.len() == segments + 1
            && t.holders[1].len() == 1
            && t.holders[1][0].hand == Hand::Right
    });
    assert!(held, "the stick left the hand");
    // The stick's deepest pass of the face (positive: into the wall).
    let pass = hit
        .ticks
        .iter()
        .map(|t| hit.past_face(t))
        .fold(f64::MIN, f64::max);
    let ghost = hit
        .ticks
        .iter()
        .map(|t| t.ghost_wrists[1].x)
        .fold(f64::MIN, f64::max);
    // The ticks the stick pushes on the wall (the only thing it can touch
    // but the body).
    let contact: Vec<f64> = hit
        .ticks
        .iter()
        .filter(|t| t.tool_impact_n_s > 0.0)
        .map(|t| t.t)
        .collect();
    assert!(
        contact.len() >= 9,
        "the stick touched the wall {} ticks",
        contact.len()
    );
    let free_reach = free
        .ticks
        .iter()
        .flat_map(|t| free.points(t))
        .map(|p| p.x)
        .fold(f64::MIN, f64::max);
    let torque = |ticks: &[GrabTick], j: Joint| mean_and_peak(ticks, &contact, |t| t.torques[j]);
    let (elbow_hit, elbow_free) = (
        torque(&hit.ticks, Joint::RightElbow),
        torque(&free.ticks, Joint::RightElbow),
    );
    let (shoulder_hit, shoulder_free) = (
        torque(&hit.ticks, Joint::RightShoulder),
        torque(&free.ticks, Joint::RightShoulder),
    );
    let shown = hit
        .ticks
        .iter()
        .filter(|t| contact.contains(&t.t) && t.ghost_shown[1])
        .count();
    let strike = hit
        .ticks
        .iter()
        .map(|t| t.tool_impact_n_s)
        .fold(0.0, f64::max);
    let ratio = |name: &str, hit: (f64, f64), free: (f64, f64)| {
        format!(
            "{name} mean {:.1} vs {:.1} N m ({:.1}x), peak {:.1} vs {:.1} ({:.1}x)",
            hit.0,
            free.0,
            hit.0 / free.0,
            hit.1,
            free.1,
            hit.1 / free.1
        )
    };
    println!(
        "{segments} segment(s): touching the wall {:.2} s from {:.2} s; the stick at most \
         {:.1} cm past its face (in the open it reaches x = {free_reach:.2}); the ghost wrist \
         to x = {ghost:.2}, shown {shown} of those ticks; strike {strike:.1} N s; {}; {}",
        contact.len() as f64 / 90.0,
        contact[0],
        pass * 100.0,
        ratio("elbow", elbow_hit, elbow_free),
        ratio("shoulder", shoulder_hit, shoulder_free),
    );
    assert!(pass <= 0.02, "the stick went {pass:.3} m into the wall");
    // The ghost hand (the device) went through the wall's plane.
    assert!(ghost > WALL_FACE_X + 0.2, "{ghost}");
    // In the open, the same swing carries the stick well past the face.
    assert!(free_reach > WALL_FACE_X + 0.15, "{free_reach}");
    // While the stick is against the wall the wall's push reaches the arm
    // through the grip: on top of gravity and the swing's acceleration
    // (all the free swing's torques are) the arm pushes toward a device
    // the wall holds back. Measured: peaks 8x-12x (elbow) and 2.3x-2.4x
    // (shoulder); means 2.1x-2.5x (shoulder) and 9x-10x (elbow). The
    // shoulder's free peak is the trunk turning with the sweep: the
    // learned pelvis turns it 22 degrees in 0.2 s (the rules: 6), and the
    // shoulder carries arm and stick round with it (free peak 107 N m
    // against 53 with the rules, whose ratio was 5.4x). Asserted: peaks
    // above 3x (elbow) and 2x (shoulder), means above 1.5x.
    for (name, hit, free, peak) in [
        ("elbow", elbow_hit, elbow_free, 3.0),
        ("shoulder", shoulder_hit, shoulder_free, 2.0),
    ] {
        assert!(hit.1 > peak * free.1, "{name} peak {hit:?} vs {free:?}");
        assert!(hit.0 > 1.5 * free.0, "{name} mean {hit:?} vs {free:?}");
    }
    assert!(shown > 0, "no ghost hand while held back");
    assert!(hit.ticks.iter().all(|t| t.pelvis_y > 0.8), "fell");
}

#[test]
fn a_rigid_stick_swung_into_a_wall_stops_there_while_the_ghost_hand_passes() {
    stick_stops_at_the_wall(1);
}

#[test]
fn a_3_segment_stick_swung_into_a_wall_stops_there_while_the_ghost_hand_passes() {
    stick_stops_at_the_wall(3);
}

/// A ball of `ball_kg` flying at 7 m/s head-on into the tip of a stick
/// held forward: the strike reaches the holder's body as an impulse, and
/// one of 15 N s (the reactive body's threshold) makes it stagger. The
/// trace and the ball's momentum, N s.
fn strike(ball_kg: f64) -> (Vec<GrabTick>, f64) {
    let profile = BodyProfile::with_nominal_devices(1.75);
    // The right hand holds the stick forward at chest height.
    let script = HandScript {
        hand: Hand::Right,
        rotation: right_hand_forward(),
        keys: vec![
            key(0.0, -0.3, 1.1, 0.35, 0.0),
            key(4.0, -0.3, 1.1, 0.35, 0.0),
        ],
    };
    let samples = scripted_samples(&profile, &[script], 4.0);
    let (mut given, mut thrown) = (false, false);
    let speed = 7.0;
    let ticks = run_people(
        &[(profile, samples)],
        PhysicsSettings::default(),
        |_| Vec::new(),
        |world, ids, t| {
            let holder = Holder {
                avatar: ids[0],
                hand: Hand::Right,
            };
            if !given && t >= 0.5 {
                given = true;
                return world
                    .add_stick(&stick(1), holder, right_hand_sword_grip())
                    .expect("the stick");
            }
            if !thrown && t >= 1.5 {
                thrown = true;
                // Head-on at the stick's tip (z = 1.13 m), 0.1 m off,
                // flying back along it: the strike pushes along the stick
                // into the hand, the arm and the trunk.
                let mut ball = ObjectSpec::new(
                    ObjectShape::Sphere { radius_m: 0.1 },
                    ball_kg,
                    at(DVec3::new(-0.3, 1.1, 1.13 + STICK_RADIUS + 0.2)),
                );
                ball.linear_velocity = DVec3::new(0.0, 0.0, -speed);
                return vec![world.add_object(ball).expect("the ball")];
            }
            Vec::new()
        },
    )
    .pop()
    .expect("a person");
    (ticks, ball_kg * speed)
}

#[test]
fn a_heavy_strike_on_a_held_stick_staggers_the_holder_and_a_light_one_does_not() {
    // What a strike did: the largest one-step impulse on the stick, N s;
    // whether the body staggered; the shoulder's peak torque after it.
    let outcome = |ticks: &[GrabTick]| {
        let after = ticks.iter().filter(|t| t.t > 1.5);
        let strike = after.clone().map(|t| t.tool_impact_n_s).fold(0.0, f64::max);
        let staggered = ticks.iter().any(|t| t.state == BodyState::Staggering);
        let shoulder = after
            .map(|t| t.torques[Joint::RightShoulder])
            .fold(0.0, f64::max);
        (strike, staggered, shoulder)
    };
    let held = |ticks: &[GrabTick]| {
        ticks
            .iter()
            .filter(|t| t.t > 0.6)
            .all(|t| t.holders.first().is_some_and(|h| h.len() == 1))
    };
    let (heavy, heavy_momentum) = strike(10.0);
    let (light, light_momentum) = strike(0.3);
    let (hs, hst, hsh) = outcome(&heavy);
    let (ls, lst, lsh) = outcome(&light);
    println!(
        "10 kg ball ({heavy_momentum:.1} N s): strike {hs:.1} N s, staggered {hst}, shoulder \
         peak {hsh:.0} N m; 0.3 kg ball ({light_momentum:.1} N s): strike {ls:.2} N s, \
         staggered {lst}, shoulder peak {lsh:.0} N m"
    );
    assert!(held(&heavy) && held(&light), "the stick left the hand");
    // The reactive body staggers at 15 N s (ReactionSettings).
    assert!(
        hs >= 15.0 && hst,
        "the 70 N s ball did not stagger the holder"
    );
    assert!(ls < 15.0 && !lst, "the 2.1 N s ball staggered the holder");
    assert!(hsh > 3.0 * lsh, "the strike did not reach the shoulder");
}
