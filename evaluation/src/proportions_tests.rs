//! Bodies of other proportions on a real clip (skipped when
//! `../shared/data` is absent) and the option's parsing.

use super::*;
use crate::shared_clips::clip_path;

fn load(name: &str) -> Option<Bvh> {
    clip_path(name).map(|p| Bvh::read(&p).expect("the clip parses"))
}

const WALK: &str = "cmu_09_12_walk_forward_backward_sideways.bvh";

/// Rest distance between two canonical joints, file units.
fn rest_distance(bvh: &Bvh, a: Joint, b: Joint) -> f64 {
    let map = CmuMap::new(bvh).expect("map");
    let rest = bvh.rest_world_transforms();
    rest[map.bvh_joint(a)]
        .position
        .distance(rest[map.bvh_joint(b)].position)
}

fn rest_height(bvh: &Bvh, a: Joint, b: Joint) -> f64 {
    let map = CmuMap::new(bvh).expect("map");
    let rest = bvh.rest_world_transforms();
    rest[map.bvh_joint(a)].position.y - rest[map.bvh_joint(b)].position.y
}

#[test]
fn parsing_names_every_ratio_and_refuses_bad_items() {
    let p: Proportions = "trunk-leg=0.85, ankle=1.2,hips=1.1,shoulders=0.9,arms=1.15"
        .parse()
        .expect("parses");
    assert_eq!(
        p,
        Proportions {
            trunk_leg: 0.85,
            ankle: 1.2,
            shoulders: 0.9,
            hips: 1.1,
            arms: 1.15
        }
    );
    assert_eq!(
        p.to_string(),
        "trunk-leg=0.85,ankle=1.2,shoulders=0.9,hips=1.1,arms=1.15"
    );
    assert!("".parse::<Proportions>().expect("empty").is_identity());
    let err = |s: &str| s.parse::<Proportions>().expect_err(s).to_string();
    assert!(
        err("trunk-leg").contains("NAME=FACTOR"),
        "{}",
        err("trunk-leg")
    );
    assert!(err("neck=1.1").contains("unknown ratio `neck`"));
    assert!(err("arms=big").contains("`arms` = `big`"));
    assert!(err("arms=3").contains("from 0.5 to 2"));
    assert!(err("arms=NaN").contains("from 0.5 to 2"));
    assert!(err("arms=1.1,arms=1.2").contains("twice"));
}

#[test]
fn trunk_leg_changes_the_ratio_keeps_the_height_the_angles_and_the_ground() {
    let Some(bvh) = load(WALK) else { return };
    let map = CmuMap::new(&bvh).expect("map");
    for r in [0.85, 1.15] {
        let p = Proportions {
            trunk_leg: r,
            ..Proportions::default()
        };
        let out = p.apply(&bvh).expect("altered");
        let trunk = |b: &Bvh| {
            0.5 * (rest_height(b, Joint::Head, Joint::LeftHip)
                + rest_height(b, Joint::Head, Joint::RightHip))
        };
        let leg = |b: &Bvh| {
            0.5 * (rest_height(b, Joint::LeftHip, Joint::LeftAnkle)
                + rest_height(b, Joint::RightHip, Joint::RightAnkle))
        };
        let ratio = (trunk(&out) / leg(&out)) / (trunk(&bvh) / leg(&bvh));
        assert!((ratio - r).abs() < 1e-9, "ratio {ratio} for {r}");
        let height = |b: &Bvh| trunk(b) + leg(b);
        assert!((height(&out) - height(&bvh)).abs() < 1e-9);
        // Thigh and shin scale alike; the foot and arms are untouched.
        let thigh = rest_distance(&out, Joint::LeftHip, Joint::LeftKnee)
            / rest_distance(&bvh, Joint::LeftHip, Joint::LeftKnee);
        let shin = rest_distance(&out, Joint::LeftKnee, Joint::LeftAnkle)
            / rest_distance(&bvh, Joint::LeftKnee, Joint::LeftAnkle);
        assert!((thigh - shin).abs() < 1e-9 && (thigh - 1.0).abs() > 0.02);
        assert!(
            (r < 1.0) == (thigh > 1.0),
            "a shorter trunk has longer legs"
        );
        let forearm = rest_distance(&out, Joint::LeftElbow, Joint::LeftWrist)
            / rest_distance(&bvh, Joint::LeftElbow, Joint::LeftWrist);
        assert!((forearm - 1.0).abs() < 1e-12);
        // The motion's rotations are the same: only the root's position
        // channels differ.
        let slots = root_position_slots(&bvh);
        for (a, b) in bvh.frames.iter().zip(&out.frames) {
            for (k, (x, y)) in a.iter().zip(b).enumerate() {
                if !slots.contains(&Some(k)) {
                    assert_eq!(x, y, "channel {k}");
                }
            }
        }
        // Re-grounded: the feet's low percentile is where it was, while the
        // pelvis moved up or down with the legs.
        let ground = |b: &Bvh| ground_height(b, &map);
        assert!((ground(&out) - ground(&bvh)).abs() < 1e-9);
        let pelvis_y = |b: &Bvh| {
            let w = b.world_transforms(0);
            0.5 * (w[map.left_hip()].position.y + w[map.right_hip()].position.y)
        };
        let lift = pelvis_y(&out) - pelvis_y(&bvh);
        assert!((r < 1.0) == (lift > 0.0), "pelvis lift {lift} for {r}");
    }
}

#[test]
fn widths_arms_and_ankles_scale_their_own_segments() {
    let Some(bvh) = load(WALK) else { return };
    let p: Proportions = "hips=1.2,shoulders=0.8,arms=1.1,ankle=1.3"
        .parse()
        .expect("parses");
    let out = p.apply(&bvh).expect("altered");
    let ratio = |a: Joint, b: Joint| rest_distance(&out, a, b) / rest_distance(&bvh, a, b);
    // The hips are level and side by side at rest: only the sideways part
    // of their offsets differs, so their distance scales exactly.
    assert!((ratio(Joint::LeftHip, Joint::RightHip) - 1.2).abs() < 0.01);
    assert!((ratio(Joint::LeftClavicle, Joint::LeftShoulder) - 0.8).abs() < 1e-9);
    assert!(ratio(Joint::LeftShoulder, Joint::RightShoulder) < 0.95);
    assert!((ratio(Joint::LeftShoulder, Joint::LeftElbow) - 1.1).abs() < 1e-9);
    assert!((ratio(Joint::LeftElbow, Joint::LeftWrist) - 1.1).abs() < 1e-9);
    assert!((ratio(Joint::LeftAnkle, Joint::LeftToe) - 1.3).abs() < 1e-9);
    assert!((ratio(Joint::LeftHip, Joint::LeftKnee) - 1.0).abs() < 1e-12);
    assert!((ratio(Joint::Neck, Joint::Head) - 1.0).abs() < 1e-12);
    // The identity gives the clip back unchanged.
    assert_eq!(Proportions::default().apply(&bvh).expect("same"), bvh);
}

#[test]
fn drawn_bodies_are_deterministic_within_the_spread_and_vary_by_clip_and_seed() {
    assert!(Proportions::drawn(1, "a", 0.0).is_identity());
    let ratios = |p: Proportions| [p.trunk_leg, p.ankle, p.shoulders, p.hips, p.arms];
    let a = Proportions::drawn(101, "cmu_02_01_walk", 0.15);
    assert_eq!(a, Proportions::drawn(101, "cmu_02_01_walk", 0.15));
    assert!(ratios(a).iter().all(|r| (0.85..=1.15).contains(r)), "{a}");
    assert!(ratios(a).iter().any(|r| *r != 1.0), "{a}");
    assert_ne!(a, Proportions::drawn(102, "cmu_02_01_walk", 0.15));
    assert_ne!(a, Proportions::drawn(101, "cmu_02_02_walk", 0.15));
    let mut lowest = f64::INFINITY;
    let mut highest = f64::NEG_INFINITY;
    for seed in 0..200 {
        for r in ratios(Proportions::drawn(seed, "clip", 0.15)) {
            lowest = lowest.min(r);
            highest = highest.max(r);
        }
    }
    assert!(lowest < 0.87 && highest > 1.13, "{lowest} {highest}");
}
