//! Grabbing and throwing (issue 24) on real physics runs: a scripted take
//! (devices plus grip) through the daemon's tick.

use std::f64::consts::PI;

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyProfile, Transform};
use posewire_solver::physics::grab::Hand;
use posewire_solver::physics::grab_trials::{
    placed, right_hand_forward, run_grab, run_people, scripted_samples, GrabTick, HandKey,
    HandScript,
};
use posewire_solver::physics::{ObjectShape, ObjectSpec, PhysicsSettings, PhysicsWorld};

const BALL_R: f64 = 0.06;

fn key(t: f64, x: f64, y: f64, z: f64, grip: f64) -> HandKey {
    HandKey {
        t,
        position: Some(DVec3::new(x, y, z)),
        grip,
    }
}

/// A key that only sets the grip.
fn grip_at(t: f64, grip: f64) -> HandKey {
    HandKey {
        t,
        position: None,
        grip,
    }
}

fn at(p: DVec3) -> Transform {
    Transform::new(p, posewire_body::glam::DQuat::IDENTITY)
}

/// A static square post of `width` under `over` (x, z), its top at `top`.
fn post(world: &mut PhysicsWorld, over: DVec3, top: f64, width: f64) {
    let post = ObjectSpec::new(
        ObjectShape::Box {
            size: DVec3::new(width, top, width),
        },
        0.0,
        at(DVec3::new(over.x, top * 0.5, over.z)),
    );
    world.add_object(post).expect("the post");
}

/// The right hand reaches forward to a ball on a post, closes, lifts it,
/// draws back to the chest and pushes it forward and up, opening the grip
/// at the height of the push.
fn throw_script() -> HandScript {
    let x = -0.22;
    HandScript {
        hand: Hand::Right,
        rotation: right_hand_forward(),
        keys: vec![
            key(0.0, x, 1.05, 0.30, 0.0),
            key(1.5, x, 1.05, 0.30, 0.0),
            // Closes on the ball.
            key(1.6, x, 1.05, 0.30, 1.0),
            key(2.2, x, 1.2, 0.3, 1.0),
            key(2.8, x, 1.15, 0.15, 1.0),
            // The push: 0.5 m forward and 0.3 m up in 0.3 s (fastest,
            // 2.9 m/s, halfway); the grip opens halfway.
            grip_at(2.95, 0.0),
            key(3.1, x, 1.45, 0.65, 0.0),
            key(6.0, x, 1.45, 0.65, 0.0),
        ],
    }
}

/// The ball's place: 5 mm under the palm of the right hand at the
/// script's first key (the palm faces down, the hand's capsule has a 3 cm
/// radius, the palm is 6 cm past the wrist along +Z).
fn ball_start() -> DVec3 {
    DVec3::new(-0.22, 1.05 - 0.03 - BALL_R - 0.005, 0.30 + 0.06)
}

fn run(settings: PhysicsSettings) -> Vec<GrabTick> {
    let profile = BodyProfile::with_nominal_devices(1.75);
    let samples = scripted_samples(&profile, &[throw_script()], 6.0);
    run_grab(&profile, settings, &samples, |world| {
        post(world, ball_start(), ball_start().y - BALL_R, 0.05);
        let ball = ObjectSpec::new(
            ObjectShape::Sphere { radius_m: BALL_R },
            0.5,
            at(ball_start()),
        );
        vec![world.add_object(ball).expect("the ball")]
    })
}

#[test]
fn a_ball_picked_up_and_thrown_leaves_with_the_hands_velocity_and_flies_ballistic() {
    let ticks = run(PhysicsSettings::default());
    let held: Vec<&GrabTick> = ticks.iter().filter(|t| !t.holders[0].is_empty()).collect();
    assert!(!held.is_empty(), "never held");
    let first = held[0].t;
    let last = held[held.len() - 1];
    println!("held from {first:.3} s to {:.3} s", last.t);
    assert!((1.5..1.8).contains(&first), "grabbed at {first}");
    let lifted = ticks
        .iter()
        .find(|t| (t.t - 2.2).abs() < 0.006)
        .expect("a tick at 2.2 s");
    let y = lifted.objects[0].pose.position.y;
    assert!(y > ball_start().y + 0.08, "lifted to {y:.3}");
    // Released during the push, not before it.
    assert!((2.85..3.1).contains(&last.t), "released at {}", last.t);
    let i = ticks
        .iter()
        .position(|t| std::ptr::eq(t, last))
        .expect("the tick");
    // The hand's velocity at the ball's centre on the last held tick, and
    // the ball's on the first free one.
    let ball_at_release = &last.objects[0];
    let hand_v = last.hands[1].velocity_at(ball_at_release.pose.position);
    let free = &ticks[i + 1].objects[0];
    let gap = (free.linear_velocity - hand_v).length() / hand_v.length();
    println!(
        "hand {:.2} m/s {:?}, ball {:.2} m/s {:?}: {:.1} % apart",
        hand_v.length(),
        hand_v,
        free.linear_velocity.length(),
        free.linear_velocity,
        gap * 100.0
    );
    assert!(hand_v.length() > 1.5, "a throw, not a drop: {hand_v:?}");
    assert!(gap <= 0.10, "{gap}");
    // Where a ball released so lands (its centre one radius above the
    // floor), against where it did.
    let (p, v, g) = (free.pose.position, free.linear_velocity, 9.81);
    let fall = p.y - BALL_R;
    let flight = (v.y + (v.y * v.y + 2.0 * g * fall).sqrt()) / g;
    let predicted = DVec3::new(v.x, 0.0, v.z).length() * flight;
    let landed = ticks[i + 1..]
        .iter()
        .find(|t| t.objects[0].pose.position.y <= BALL_R + 0.01)
        .expect("the ball lands");
    let d = landed.objects[0].pose.position - p;
    let actual = DVec3::new(d.x, 0.0, d.z).length();
    println!(
        "range: ballistic {predicted:.3} m, landed {actual:.3} m ({:.1} %)",
        (actual - predicted).abs() / predicted * 100.0
    );
    assert!(predicted > 0.5, "{predicted}");
    assert!((actual - predicted).abs() <= 0.1 * predicted);
    assert!(ticks.iter().all(|t| t.pelvis_y > 0.8), "the thrower fell");
}

#[test]
fn without_a_grip_the_same_hand_motion_leaves_the_ball_on_its_post() {
    let mut settings = PhysicsSettings::default();
    settings.grab.enabled = false;
    let ticks = run(settings);
    assert!(ticks.iter().all(|t| t.holders[0].is_empty()));
    let end = &ticks[ticks.len() - 1].objects[0];
    let moved = (end.pose.position - ball_start()).length();
    assert!(moved < 0.02, "the ball left its post: {:?}", end.pose);
}

/// Issue 42: a controller sample's grip counts only once the plausibility
/// gate took the sample. The throw script with the right hand's samples
/// from just before the grip closes moved 100 m away (outside the
/// workspace: every one left out), grip and all: the hand never closes on
/// the ball it rests over.
#[test]
fn a_grip_on_samples_the_gate_left_out_does_not_grab() {
    let profile = BodyProfile::with_nominal_devices(1.75);
    let mut samples = scripted_samples(&profile, &[throw_script()], 3.0);
    let mut gripping = 0;
    for s in &mut samples {
        if s.device == posewire_body::Device::RightHand && s.time_s >= 1.55 {
            if let Some(p) = s.pose.as_mut() {
                p.position += DVec3::new(100.0, 0.0, 0.0);
            }
            gripping += usize::from(s.input.is_some_and(|i| i.grip > 0.9));
        }
    }
    assert!(gripping > 10, "the moved samples carry a closed grip");
    let ticks = run_grab(&profile, PhysicsSettings::default(), &samples, |world| {
        post(world, ball_start(), ball_start().y - BALL_R, 0.05);
        let ball = ObjectSpec::new(
            ObjectShape::Sphere { radius_m: BALL_R },
            0.5,
            at(ball_start()),
        );
        vec![world.add_object(ball).expect("the ball")]
    });
    assert!(
        ticks.iter().all(|t| t.holders[0].is_empty()),
        "a sample the gate left out grabbed the ball"
    );
}

/// A box of `edge` and `mass_kg` on a post beside the right hand, reached
/// sideways, taken when the grip closes at 1.6 s and lifted in front of
/// the chest by 2.4 s; `then` keys follow.
fn carry(
    mass_kg: f64,
    edge: f64,
    settings: PhysicsSettings,
    then: &[HandKey],
    walk: Option<DVec3>,
) -> Vec<GrabTick> {
    let (x, y, z) = (-0.5, 1.05, 0.25);
    let mut keys = vec![
        key(0.0, x, y, z, 0.0),
        key(1.5, x, y, z, 0.0),
        key(1.6, x, y, z, 1.0),
        key(2.4, -0.3, 1.15, 0.3, 1.0),
    ];
    keys.extend_from_slice(then);
    let script = HandScript {
        hand: Hand::Right,
        rotation: right_hand_forward(),
        keys,
    };
    let profile = BodyProfile::with_nominal_devices(1.75);
    let last = then.last().map_or(4.0, |k| k.t + 1.5);
    let mut samples = scripted_samples(&profile, &[script], last);
    if let Some(d) = walk {
        samples = posewire_solver::physics::grab_trials::walking(&samples, 2.5, 5.5, d);
    }
    let centre = DVec3::new(x, y - 0.03 - edge * 0.5 - 0.005, z + 0.06);
    run_grab(&profile, settings, &samples, |world| {
        post(world, centre, centre.y - edge * 0.5, 0.06);
        let cube = ObjectSpec::new(
            ObjectShape::Box {
                size: DVec3::splat(edge),
            },
            mass_kg,
            at(centre),
        );
        vec![world.add_object(cube).expect("the box")]
    })
}

fn tick_at(ticks: &[GrabTick], t: f64) -> &GrabTick {
    ticks
        .iter()
        .min_by(|a, b| (a.t - t).abs().total_cmp(&(b.t - t).abs()))
        .expect("ticks")
}

#[test]
fn a_3_kg_box_stays_held_while_the_person_walks_3_m_then_drops_when_the_grip_opens() {
    let then = [
        key(5.5, -0.3, 1.15, 0.3, 1.0),
        grip_at(6.5, 0.0),
        key(8.0, -0.3, 1.15, 0.3, 0.0),
    ];
    let ticks = carry(
        3.0,
        0.16,
        PhysicsSettings::default(),
        &then,
        Some(DVec3::new(0.0, 0.0, 3.0)),
    );
    let during: Vec<&GrabTick> = ticks.iter().filter(|t| (1.7..6.5).contains(&t.t)).collect();
    let dropped = during.iter().find(|t| t.holders[0].is_empty());
    assert!(dropped.is_none(), "let go at {:?}", dropped.map(|t| t.t));
    let start = tick_at(&ticks, 2.4).objects[0].pose.position;
    let end = tick_at(&ticks, 6.4).objects[0].pose.position;
    let worst_gap = during
        .iter()
        .map(|t| (t.objects[0].pose.position - t.wrists[1]).length())
        .fold(0.0, f64::max);
    println!(
        "carried {:.2} m forward, {:.2} m up; the box at most {:.3} m from the wrist",
        end.z - start.z,
        end.y - start.y,
        worst_gap
    );
    assert!(end.z - start.z > 2.9, "{start:?} -> {end:?}");
    assert!(worst_gap < 0.2);
    let after = tick_at(&ticks, 6.6);
    assert!(
        after.holders[0].is_empty(),
        "still held after the grip opened"
    );
    let rest = &ticks[ticks.len() - 1].objects[0];
    println!("at rest {:.3} m up", rest.pose.position.y);
    assert!(
        (rest.pose.position.y - 0.08).abs() < 0.02,
        "on the floor: {:?}",
        rest.pose
    );
    assert!(ticks.iter().all(|t| t.pelvis_y > 0.8), "the carrier fell");
}

#[test]
fn a_20_kg_box_breaks_a_grip_weaker_than_its_weight_and_a_1_kg_one_does_not() {
    let mut settings = PhysicsSettings::default();
    // 1.5 N s per 90 Hz step: 135 N, below 20 kg's 196 N.
    settings.grab.break_impulse_n_s = 1.5;
    let then = [key(4.0, -0.3, 1.15, 0.3, 1.0)];
    let heavy = carry(20.0, 0.2, settings, &then, None);
    let first = heavy
        .iter()
        .find(|t| !t.holders[0].is_empty())
        .expect("taken hold of");
    let end = &heavy[heavy.len() - 1];
    println!(
        "20 kg: held from {:.2} s, {} broken; the box ends {:.3} m up",
        first.t, end.broken, end.objects[0].pose.position.y
    );
    assert!(end.broken >= 1, "the hold did not break");
    assert!(end.holders[0].is_empty());
    let light = carry(1.0, 0.2, settings, &then, None);
    let end = &light[light.len() - 1];
    println!(
        "1 kg: {} broken, the box ends {:.3} m up",
        end.broken, end.objects[0].pose.position.y
    );
    assert_eq!(end.broken, 0);
    assert!(!end.holders[0].is_empty(), "the 1 kg box was dropped");
}

/// What holding a box does to the right arm over scripted lifts and
/// lowerings of 0.4 m in 0.4 s each (2.6 to 5.4 s): the mean tracking torque at the elbow and the
/// shoulder, N m; the mean and largest distance of the simulated wrist
/// behind the device's (the ghost hand), metres; the ticks the ghost hand
/// shows.
fn arm_under_load(mass_kg: f64) -> (f64, f64, f64, f64, usize) {
    let then = [
        key(2.8, -0.3, 1.4, 0.35, 1.0),
        key(3.2, -0.3, 1.0, 0.35, 1.0),
        key(3.6, -0.3, 1.4, 0.35, 1.0),
        key(4.0, -0.3, 1.0, 0.35, 1.0),
        key(4.4, -0.3, 1.4, 0.35, 1.0),
        key(5.2, -0.3, 1.15, 0.3, 1.0),
    ];
    // A firm grip (6 N s a step, 540 N): this is about the arm's load;
    // the default 2.5 N s hold lets the 8 kg box go in this run (it broke
    // as the hand closed on the box on its post).
    let mut settings = PhysicsSettings::default();
    settings.grab.break_impulse_n_s = 6.0;
    let ticks = carry(mass_kg, 0.16, settings, &then, None);
    let during: Vec<&GrabTick> = ticks.iter().filter(|t| (2.6..5.4).contains(&t.t)).collect();
    assert!(
        during.iter().all(|t| t.holders[0].len() == 1),
        "{mass_kg} kg: dropped"
    );
    let n = during.len().max(1) as f64;
    let mean = |f: &dyn Fn(&GrabTick) -> f64| during.iter().map(|t| f(t)).sum::<f64>() / n;
    let lag = |t: &GrabTick| (t.ghost_wrists[1] - t.wrists[1]).length();
    (
        mean(&|t| t.torques[posewire_body::Joint::RightElbow]),
        mean(&|t| t.torques[posewire_body::Joint::RightShoulder]),
        mean(&lag),
        during.iter().map(|t| lag(t)).fold(0.0, f64::max),
        during.iter().filter(|t| t.ghost_shown[1]).count(),
    )
}

#[test]
fn a_heavy_object_weighs_on_the_arm_the_torques_rise_and_the_hand_lags() {
    let (e8, s8, lag8, worst8, shown8) = arm_under_load(8.0);
    let (e05, s05, lag05, worst05, shown05) = arm_under_load(0.5);
    println!(
        "8 kg: elbow {e8:.1} N m, shoulder {s8:.1} N m, wrist behind its device {:.1} cm \
         (at most {:.1}), ghost shown {shown8} ticks; 0.5 kg: elbow {e05:.1} N m, shoulder \
         {s05:.1} N m, behind {:.1} cm (at most {:.1}), ghost shown {shown05} ticks",
        lag8 * 100.0,
        worst8 * 100.0,
        lag05 * 100.0,
        worst05 * 100.0,
    );
    // 7.5 kg more in the hand is 74 N about 0.3 m from the elbow: ~22 N m
    // held still, more while it is swung up and down (measured +30 N m,
    // 3.7x). The shoulder carries it too, over a lever that changes with
    // the arm: 1.85x with the rules' arm; with the learned arms (the
    // default, which place the shoulder and swing the elbow as people
    // do) +10 N m, 1.32x. Asserted with room: 2x and 1.2x.
    assert!(e8 > 2.0 * e05, "elbow {e8} vs {e05}");
    assert!(s8 > 1.2 * s05, "shoulder {s8} vs {s05}");
    // The same tracking gains move a heavier hand later: measured 2.7x
    // the light box's lag; asserted 2x.
    assert!(lag8 > 2.0 * lag05, "lag {lag8} vs {lag05}");
    // The ghost hand shows while the heavy box holds the hand back (here
    // by its turn: the lag stays under the 3 cm threshold), far less with
    // the light one (measured 22 ticks against 6: the learned pelvis turns
    // the trunk with the arm and the light hand's turn lags a moment; 0
    // with the rules' pelvis). Asserted: at least twice as often.
    assert!(shown8 > 0 && shown8 >= 2 * shown05, "{shown8} / {shown05}");
}

/// Where the ball is passed: in front of A (at the origin, facing +Z) and
/// of B (at z = 1 m, facing -Z), on A's right.
const PASS_X: f64 = -0.1;

/// A takes the ball from a post under its palm-down right hand at 1.5 s
/// and lifts it 0.2 m by 2.3 s; B's right hand, palm up, comes under it
/// by 3.2 s and closes at 3.4 s; A opens at 4.2 s and draws back; B
/// carries the ball back to its chest by 5.8 s.
fn pass_scripts() -> (HandScript, HandScript, DVec3) {
    let (ya, za) = (1.05, 0.45);
    let ball = DVec3::new(PASS_X, ya - 0.03 - BALL_R - 0.005, za + 0.06);
    let lift = 0.2;
    let a = HandScript {
        hand: Hand::Right,
        rotation: right_hand_forward(),
        keys: vec![
            key(0.0, PASS_X, ya, za, 0.0),
            key(1.4, PASS_X, ya, za, 0.0),
            key(1.5, PASS_X, ya, za, 1.0),
            key(2.3, PASS_X, ya + lift, za, 1.0),
            key(4.2, PASS_X, ya + lift, za, 1.0),
            key(4.3, PASS_X, ya + lift, za, 0.0),
            key(5.5, -0.25, 1.0, 0.2, 0.0),
        ],
    };
    // B's own frame: B faces its +Z, the world's -Z, so the world's x is
    // B's -x and the world's z is 1 - B's z. Its palm faces up (the hand
    // turned half a turn about its length); the palm is 6 cm past the
    // wrist toward A, under the ball's bottom with 5 mm to spare.
    let (xb, zb) = (-PASS_X, 1.0 - (ball.z + 0.06));
    let under = ball.y + lift - BALL_R - 0.03 - 0.005;
    let b = HandScript {
        hand: Hand::Right,
        rotation: right_hand_forward() * DQuat::from_rotation_x(std::f64::consts::PI),
        keys: vec![
            key(0.0, -0.25, 0.95, 0.25, 0.0),
            key(2.4, -0.25, 0.95, 0.25, 0.0),
            key(3.2, xb, under, zb, 0.0),
            key(3.4, xb, under, zb, 1.0),
            key(4.6, xb, under, zb, 1.0),
            key(5.8, -0.2, 1.05, 0.2, 1.0),
            key(7.0, -0.2, 1.05, 0.2, 1.0),
        ],
    };
    (a, b, ball)
}

#[test]
fn two_people_pass_a_ball_from_hand_to_hand() {
    let profile = BodyProfile::with_nominal_devices(1.75);
    let (a, b, ball) = pass_scripts();
    let seconds = 7.0;
    let b_place = Transform::new(DVec3::new(0.0, 0.0, 1.0), DQuat::from_rotation_y(PI));
    let people = [
        (profile.clone(), scripted_samples(&profile, &[a], seconds)),
        (
            profile.clone(),
            placed(&scripted_samples(&profile, &[b], seconds), b_place),
        ),
    ];
    // People handing something over reach into each other's space on
    // purpose: the steering that routes bodies around each other (on by
    // default) is off here (with it on, A's body fell within 0.2 s).
    let mut settings = PhysicsSettings::default();
    settings.avoid.enabled = false;
    let traces = run_people(
        &people,
        settings,
        |world| {
            post(world, ball, ball.y - BALL_R, 0.05);
            let spec = ObjectSpec::new(ObjectShape::Sphere { radius_m: BALL_R }, 0.5, at(ball));
            vec![world.add_object(spec).expect("the ball")]
        },
        |_, _, _| Vec::new(),
    );
    let (ta, tb) = (&traces[0], &traces[1]);
    assert_eq!(ta.len(), tb.len());
    // Who holds the ball, tick by tick: "A", "B", "AB" or "".
    let who: Vec<(f64, String)> = ta
        .iter()
        .zip(tb)
        .map(|(x, y)| {
            let holders = &x.holders[0];
            let mut s = String::new();
            for (name, id) in [("A", x.avatar), ("B", y.avatar)] {
                if holders
                    .iter()
                    .any(|h| h.avatar == id && h.hand == Hand::Right)
                {
                    s.push_str(name);
                }
            }
            (x.t, s)
        })
        .collect();
    // The order of holders, each change once.
    let mut phases: Vec<(f64, &str)> = Vec::new();
    for (t, w) in &who {
        if phases.last().is_none_or(|(_, last)| last != w) {
            phases.push((*t, w.as_str()));
        }
    }
    println!("holders over time: {phases:?}");
    let names: Vec<&str> = phases.iter().map(|(_, w)| *w).collect();
    assert_eq!(names, ["", "A", "AB", "B"], "{phases:?}");
    let end = (ta.last().expect("a tick"), tb.last().expect("a tick"));
    let p = end.0.objects[0].pose.position;
    let (to_b, to_a) = (
        (p - end.1.wrists[1]).length(),
        (p - end.0.wrists[1]).length(),
    );
    println!(
        "at the end the ball is {to_b:.3} m from B's wrist, {to_a:.3} m from A's, {:.2} m up",
        p.y
    );
    // B carried it away: in B's hand, back near B's chest, away from A.
    assert!(to_b < 0.15, "{to_b}");
    assert!(to_a > 0.3, "{to_a}");
    assert!(p.z > ball.z + 0.2, "not carried toward B: {p:?}");
    for t in ta.iter().chain(tb) {
        assert!(t.pelvis_y > 0.8, "someone fell at {}", t.t);
    }
}
