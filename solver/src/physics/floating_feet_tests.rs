use super::*;
use crate::physics::grounded::legs_bent_to;
use posewire_body::BodyProfile;

const DT: f64 = 1.0 / 90.0;

fn on() -> FloatingFeetSettings {
    FloatingFeetSettings {
        enabled: true,
        ..FloatingFeetSettings::default()
    }
}

/// The rest pose raised by `rise` with both knees bent so that the ankles
/// hang `lift` and `lift + 2 cm` above their standing height.
fn folded(skeleton: &Skeleton, rise: f64, lift: f64) -> BodyPose {
    let standing = BodyPose::rest(skeleton).positions(skeleton);
    let mut pose = BodyPose::rest(skeleton);
    pose.root.y += rise;
    let up = |j: Joint, k: f64| standing[j] + DVec3::Y * (lift + k);
    legs_bent_to(
        skeleton,
        pose,
        [up(Joint::LeftAnkle, 0.0), up(Joint::RightAnkle, 0.02)],
    )
}

fn lower_ankle(skeleton: &Skeleton, pose: &BodyPose) -> f64 {
    let p = pose.positions(skeleton);
    p[Joint::LeftAnkle].y.min(p[Joint::RightAnkle].y)
}

#[test]
fn both_feet_up_under_a_still_head_put_the_lower_foot_down() {
    let profile = BodyProfile::from_stature(1.75);
    let sk = Skeleton::from_profile(&profile);
    let h = profile.body.ankle_height;
    let settings = on();
    let mut rule = FloatingFeet::default();
    // The knees folded 15 cm under a head at standing height, 1 s.
    let pose = folded(&sk, 0.0, 0.15);
    assert!((lower_ankle(&sk, &pose) - h - 0.15).abs() < 1e-3);
    for k in 0..90 {
        let t = (k + 1) as f64 * DT;
        let out = rule.apply(&settings, &sk, &pose, h, DT, [false, false]);
        let up = lower_ankle(&sk, &out) - h;
        if t <= settings.after_s {
            // Not longer than a flight yet: as given.
            assert_eq!(out, pose, "tick {k}");
        } else if t > settings.after_s + settings.blend_s + 2.0 * DT {
            // The lower foot stands; the other keeps its 2 cm lift.
            assert!(up.abs() < 0.01, "tick {k}: lower ankle {up} m up");
            let p = out.positions(&sk);
            let lift = p[Joint::RightAnkle].y - p[Joint::LeftAnkle].y;
            assert!((lift - 0.02).abs() < 0.01, "tick {k}: lift {lift}");
            assert!((out.root - pose.root).length() < 0.06, "pelvis moved");
            assert!(rule.weight() > 0.99);
        }
    }
    // A foot comes down in the reference: the correction fades out.
    let standing = BodyPose::rest(&sk);
    for _ in 0..30 {
        rule.apply(&settings, &sk, &standing, h, DT, [false, false]);
    }
    assert_eq!(rule.weight(), 0.0);
    assert_eq!(
        rule.apply(&settings, &sk, &standing, h, DT, [false, false]),
        standing
    );
}

#[test]
fn a_jump_with_the_head_rising_keeps_its_feet_in_the_air() {
    let profile = BodyProfile::from_stature(1.75);
    let sk = Skeleton::from_profile(&profile);
    let h = profile.body.ankle_height;
    let settings = on();
    let mut rule = FloatingFeet::default();
    // Take-off: the body rises 40 cm in 0.4 s, the knees tucked, then
    // hangs there 0.4 s and comes down.
    for k in 0..72 {
        let t = k as f64 * DT;
        let rise = 0.4 * (t / 0.4).min(1.0) - 0.4 * ((t - 0.4).max(0.0) / 0.4).min(1.0);
        let pose = folded(&sk, rise, 0.1 + rise);
        let out = rule.apply(&settings, &sk, &pose, h, DT, [false, false]);
        assert_eq!(out, pose, "tick {k}: the jump was changed");
    }
    assert_eq!(rule.weight(), 0.0);
}

#[test]
fn a_falling_head_a_dive_or_a_cartwheel_keeps_its_feet_in_the_air() {
    let profile = BodyProfile::from_stature(1.75);
    let sk = Skeleton::from_profile(&profile);
    let h = profile.body.ankle_height;
    let mut rule = FloatingFeet::default();
    // The body goes down 50 cm in 0.5 s with both feet 10 cm up.
    for k in 0..60 {
        let drop = 0.5 * (k as f64 * DT / 0.5).min(1.0);
        let pose = folded(&sk, -drop, 0.1);
        assert_eq!(rule.apply(&on(), &sk, &pose, h, DT, [false, false]), pose);
    }
}

#[test]
fn one_foot_down_a_tracked_foot_or_the_rule_off_leave_the_pose_alone() {
    let profile = BodyProfile::from_stature(1.75);
    let sk = Skeleton::from_profile(&profile);
    let h = profile.body.ankle_height;
    let mut rule = FloatingFeet::default();
    // Lower ankle 2 cm up: a foot on the floor.
    let low = folded(&sk, 0.0, 0.02);
    let high = folded(&sk, 0.0, 0.15);
    for _ in 0..90 {
        assert_eq!(rule.apply(&on(), &sk, &low, h, DT, [false, false]), low);
        assert_eq!(rule.apply(&on(), &sk, &high, h, DT, [true, false]), high);
        let off = FloatingFeetSettings::default();
        assert_eq!(rule.apply(&off, &sk, &high, h, DT, [false, false]), high);
    }
    // Not a number: as given, no panic.
    let mut bad = high;
    bad.root.x = f64::NAN;
    let out = rule.apply(&on(), &sk, &bad, h, DT, [false, false]);
    assert!(out.root.x.is_nan());
}
