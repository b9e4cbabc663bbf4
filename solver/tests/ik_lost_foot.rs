//! A foot device lost for a moment (`[solver.ik] lost_foot_hold_s`, 0.5 s by
//! default, for a foot slower than `lost_foot_hold_max_speed_m_s`): the
//! foot stays where its device last put it instead of dropping to the
//! stepping foot on the floor, and is handed over to it once the loss
//! lasts (issue 43: such drops made the 6-device noisy foot skate).

use posewire_body::formats::TrackerTake;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, Device, DeviceSet, Joint, Skeleton};
use posewire_solver::{solve_take, SolveOptions, SolverKind};

// Only the mounted profile is used here.
#[allow(dead_code)]
mod walker;
use walker::{profile_with_mounts, push_worn};

/// A person standing on the right leg with the left thigh raised forward
/// (the left ankle well above the floor), seen through 6 devices at 90 Hz
/// for `seconds`; the left foot device silent during `lost` (seconds).
fn standing_on_one_leg(seconds: f64, lost: (f64, f64)) -> (TrackerTake, f64, Skeleton) {
    swinging_leg(seconds, lost, |_| 0.0)
}

/// As [`standing_on_one_leg`], the raised thigh swinging by `swing(t)`
/// radians about its raised angle; the height is the raised ankle's.
fn swinging_leg(
    seconds: f64,
    lost: (f64, f64),
    swing: impl Fn(f64) -> f64,
) -> (TrackerTake, f64, Skeleton) {
    let profile = profile_with_mounts();
    let skeleton = Skeleton::from_profile(&profile);
    let pose_at = |t: f64| {
        let mut pose = BodyPose::rest(&skeleton);
        let thigh = DQuat::from_rotation_x(-1.0 + swing(t));
        pose.rotations[Joint::LeftHip] = thigh;
        pose.rotations[Joint::LeftKnee] = thigh * DQuat::from_rotation_x(1.2);
        pose
    };
    let raised = pose_at(0.0).positions(&skeleton)[Joint::LeftAnkle].y;
    let mut take = TrackerTake::default();
    for k in 0..=(seconds * 90.0) as usize {
        let t = k as f64 / 90.0;
        let silent = |d| d == Device::LeftFoot && t >= lost.0 && t < lost.1;
        let devices = DeviceSet::standard(6).expect("6");
        push_worn(&mut take, &profile, devices, t, &pose_at(t), silent);
    }
    (take, raised, skeleton)
}

/// `ik` with the lost foot held for `hold_s` whatever its speed.
fn ik_options(hold_s: f64) -> SolveOptions {
    let mut o = SolveOptions {
        solver: SolverKind::Ik,
        ..SolveOptions::default()
    };
    o.ik.lost_foot_hold_s = hold_s;
    o.ik.lost_foot_hold_max_speed_m_s = 0.0;
    o
}

/// The left ankle's lowest height (m) over `window` of an `ik` solve.
fn lowest_left_ankle(hold_s: f64, lost: (f64, f64), window: (f64, f64)) -> (f64, f64) {
    let (take, raised, _) = standing_on_one_leg(4.0, lost);
    let profile = profile_with_mounts();
    let o = ik_options(hold_s);
    let frames = solve_take(&profile, &take, &o).expect("solve");
    let lowest = frames
        .iter()
        .filter(|f| f.time_s >= window.0 && f.time_s <= window.1)
        .map(|f| f.joints[Joint::LeftAnkle].position.y)
        .fold(f64::INFINITY, f64::min);
    (lowest, raised)
}

#[test]
fn a_raised_foot_whose_device_is_lost_briefly_stays_raised() {
    let lost = (2.0, 2.35);
    let (held, raised) = lowest_left_ankle(0.5, lost, lost);
    assert!(raised > 0.2, "the test's foot is raised: {raised} m");
    assert!(
        (held - raised).abs() < 0.02,
        "held at {held} m, the device had it at {raised} m"
    );
    // Without the hold the foot is handed to the stepping foot at once:
    // it drops toward the floor (what the hold is for).
    let (dropped, _) = lowest_left_ankle(0.0, lost, lost);
    assert!(
        dropped < raised - 0.1,
        "without the hold the lost foot went to {dropped} m (raised {raised} m)"
    );
}

#[test]
fn a_foot_lost_for_good_is_handed_to_the_stepping_foot() {
    // Lost from 1.5 s on: held 0.5 s, then handed over within the fade.
    let lost = (1.5, 10.0);
    let handed_at = 1.5 + 0.5 + posewire_solver::ik::LOST_FOOT_FADE_S + 0.2;
    let (late, raised) = lowest_left_ankle(0.5, lost, (handed_at, 4.0));
    let (at_once, _) = lowest_left_ankle(0.0, lost, (handed_at, 4.0));
    assert!(
        (late - at_once).abs() < 0.01 && late < raised - 0.1,
        "after the hold: {late} m, handed over at once: {at_once} m (raised {raised} m)"
    );
}

#[test]
fn the_hold_moves_nothing_while_tracked() {
    let profile = profile_with_mounts();
    let (take, _, _) = standing_on_one_leg(2.0, (10.0, 10.0));
    let run = |hold_s: f64| solve_take(&profile, &take, &ik_options(hold_s)).expect("solve");
    let (a, b) = (run(0.0), run(0.5));
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        let d: DVec3 = x.joints[Joint::LeftAnkle].position - y.joints[Joint::LeftAnkle].position;
        assert!(d.length() < 1e-12, "tracked frames moved by {d}");
    }
}

#[test]
fn a_foot_lost_while_it_swings_goes_to_the_stepping_foot() {
    // The thigh swings at 1.5 Hz; lost mid-swing (fast), a foot with the
    // speed limit is handed over at once, as without the hold.
    let swing = |t: f64| 0.4 * (2.0 * std::f64::consts::PI * 1.5 * t).sin();
    let lost = (2.0, 2.35);
    let (take, _, _) = swinging_leg(4.0, lost, swing);
    let profile = profile_with_mounts();
    let run = |hold_s: f64, max_speed: f64| {
        let mut o = ik_options(hold_s);
        o.ik.lost_foot_hold_max_speed_m_s = max_speed;
        solve_take(&profile, &take, &o).expect("solve")
    };
    let ankle_during_loss = |frames: &[posewire_body::formats::JointFrame]| -> Vec<DVec3> {
        frames
            .iter()
            .filter(|f| f.time_s >= lost.0 && f.time_s < lost.1)
            .map(|f| f.joints[Joint::LeftAnkle].position)
            .collect()
    };
    let limited = ankle_during_loss(&run(0.5, 0.3));
    let at_once = ankle_during_loss(&run(0.0, 0.3));
    let held = ankle_during_loss(&run(0.5, 0.0));
    assert!(!limited.is_empty() && limited.len() == at_once.len());
    let gap = |a: &[DVec3], b: &[DVec3]| {
        a.iter()
            .zip(b)
            .map(|(x, y)| (*x - *y).length())
            .fold(0.0f64, f64::max)
    };
    assert!(
        gap(&limited, &at_once) < 1e-9,
        "a swinging foot was held: {} m from the stepping foot",
        gap(&limited, &at_once)
    );
    // Without the limit the same foot is held (the two differ).
    assert!(
        gap(&held, &at_once) > 0.05,
        "without the limit: {} m",
        gap(&held, &at_once)
    );
}
