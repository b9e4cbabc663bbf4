//! Tests of the look-at chain (names contain `look_at`).

use glam::{DQuat, DVec3};

use super::*;
use crate::transform::Transform;

const DEG: f64 = std::f64::consts::PI / 180.0;

/// A small deterministic generator (no extra dependency).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
}

fn yaw_axis(limit: f64) -> AxisConfig {
    AxisConfig {
        name: "yaw".into(),
        axis: [0.0, 1.0, 0.0],
        min_deg: -limit,
        max_deg: limit,
    }
}

/// Four joints stacked along +Y, each with one yaw axis; the gaze origin is
/// `eye` in the last bone.
fn planar(limits: [f64; 4], eye: [f64; 3]) -> LookAtConfig {
    let joints = (0..4)
        .map(|i| JointConfig {
            name: format!("j{i}"),
            offset: if i == 3 { eye } else { [0.0, 0.1, 0.0] },
            axes: vec![yaw_axis(limits[i])],
        })
        .collect();
    LookAtConfig {
        gaze_axis: [0.0, 0.0, 1.0],
        tolerance_deg: 0.01,
        passes: 0,
        phase3: false,
        rule: RuleSchedule::Larger,
        behind_hysteresis_deg: 30.0,
        joints,
        phase1: vec![],
        phase2: vec![],
        roll: vec![],
    }
}

fn p1(joint: usize, fraction: f64, max_deg: f64) -> Phase1Entry {
    Phase1Entry {
        joint: format!("j{joint}"),
        axis: "yaw".into(),
        bone: "j3".into(),
        bone_axis: [0.0, 0.0, 1.0],
        fraction,
        max_deg,
    }
}

fn p2(joint: usize, fraction: f64, max_deg: f64) -> Phase2Entry {
    Phase2Entry {
        joint: format!("j{joint}"),
        axis: "yaw".into(),
        fraction,
        max_deg,
    }
}

/// A far target at `yaw_deg` seen from the planar chain's eye (on the axis).
fn far(yaw_deg: f64) -> DVec3 {
    DVec3::new(0.0, 0.3, 0.0)
        + 1.0e7 * DVec3::new((yaw_deg * DEG).sin(), 0.0, (yaw_deg * DEG).cos())
}

fn angles_deg(config: &LookAtConfig, target: DVec3) -> (Vec<f64>, f64, LookAtPhase, u32) {
    let chain = LookAtChain::from_config(config).expect("valid chain");
    let mut state = chain.new_state();
    let r = chain
        .solve(&mut state, Transform::IDENTITY, target, 0.0)
        .expect("finite input");
    (
        r.angles.iter().map(|a| a / DEG).collect(),
        r.aim_error_rad / DEG,
        r.phase,
        r.passes,
    )
}

fn assert_angles(got: &[f64], want: &[f64]) {
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < 1e-6, "angles {got:?}, expected {want:?}");
    }
}

#[test]
fn look_at_phase1_larger_rule_limits_each_turn() {
    let mut c = planar([90.0; 4], [0.0, 0.0, 0.0]);
    c.phase1 = (0..4).map(|j| p1(j, 0.5, 10.0)).collect();
    // 60: 30 (half), 15 (half of 30), 10 (allowance over 7.5), 5 (the rest).
    let (a, err, phase, _) = angles_deg(&c, far(60.0));
    assert_angles(&a, &[30.0, 15.0, 10.0, 5.0]);
    assert!(err < 1e-5);
    assert_eq!(phase, LookAtPhase::One);
    // Hard limit on j0 (20): the rest is shared on: 20, 20, 10, 10.
    c.joints[0].axes[0] = yaw_axis(20.0);
    let (a, err, _, _) = angles_deg(&c, far(60.0));
    assert_angles(&a, &[20.0, 20.0, 10.0, 10.0]);
    assert!(err < 1e-5);
    // To the right, mirrored.
    let (a, _, _, _) = angles_deg(&c, far(-60.0));
    assert_angles(&a, &[-20.0, -20.0, -10.0, -10.0]);
}

#[test]
fn look_at_phase1_smaller_rule_caps_each_turn() {
    let mut c = planar([90.0; 4], [0.0, 0.0, 0.0]);
    c.phase1 = (0..4).map(|j| p1(j, 0.5, 10.0)).collect();
    c.rule = RuleSchedule::Smaller;
    let (a, err, _, _) = angles_deg(&c, far(60.0));
    assert_angles(&a, &[10.0, 10.0, 10.0, 10.0]);
    assert!((err - 20.0).abs() < 1e-5);
    // Small turn: half of 8 is 4 < 10.
    let (a, _, _, _) = angles_deg(&c, far(8.0));
    assert_angles(&a, &[4.0, 2.0, 1.0, 0.5]);
    // Per phase: phase 1 smaller as above.
    c.rule = RuleSchedule::PerPhase {
        phase1: LimitRule::Smaller,
        phase2: LimitRule::Larger,
    };
    let (a, _, _, _) = angles_deg(&c, far(60.0));
    assert_angles(&a, &[10.0, 10.0, 10.0, 10.0]);
}

#[test]
fn look_at_phase2_repeats_passes_and_stops_on_target() {
    let mut c = planar([90.0; 4], [0.0, 0.0, 0.0]);
    c.phase2 = vec![p2(3, 0.5, 0.0), p2(2, 0.5, 0.0)];
    c.passes = 2;
    // Pass 1: 30, 15; pass 2: +7.5, +3.75.
    let (a, err, phase, passes) = angles_deg(&c, far(60.0));
    assert_angles(&a, &[0.0, 0.0, 18.75, 37.5]);
    assert!((err - 3.75).abs() < 1e-5);
    assert_eq!((phase, passes), (LookAtPhase::Two, 2));
    c.passes = 100;
    let (_, err, _, passes) = angles_deg(&c, far(60.0));
    assert!(err < 0.01 && passes < 100, "error {err} after {passes}");
    // Larger first, smaller last: 30 (larger), 12.5 (between 15 and 10),
    // 8.75 (smaller of 8.75 and 10).
    c.phase2 = vec![p2(3, 0.5, 10.0)];
    c.passes = 3;
    c.rule = RuleSchedule::LargerFirstSmallerLast;
    let (a, _, _, _) = angles_deg(&c, far(60.0));
    assert_angles(&a, &[0.0, 0.0, 0.0, 51.25]);
}

#[test]
fn look_at_phase3_turns_from_the_last_joint_back_and_stops() {
    let mut c = planar([90.0, 90.0, 90.0, 15.0], [0.0, 0.0, 0.0]);
    c.phase1 = (0..4).map(|j| p1(j, 0.5, 10.0)).collect();
    c.rule = RuleSchedule::Smaller;
    c.phase3 = true;
    // Phase 1 gives 10 each (20 left); j3 can add 5, j2 the other 15, j0
    // and j1 stay.
    let (a, err, phase, _) = angles_deg(&c, far(60.0));
    assert_angles(&a, &[10.0, 10.0, 25.0, 15.0]);
    assert!(err < 1e-5);
    assert_eq!(phase, LookAtPhase::Three);
}

#[test]
fn look_at_reachable_targets_end_on_target() {
    // Eyes off the axes (parallax), near and far targets.
    let mut c = planar([40.0; 4], [0.0, 0.05, 0.1]);
    c.phase1 = (0..4).map(|j| p1(j, 0.3, 5.0)).collect();
    c.phase2 = (0..4).rev().map(|j| p2(j, 0.5, 0.0)).collect();
    c.passes = 3;
    c.phase3 = true;
    let chain = LookAtChain::from_config(&c).expect("valid chain");
    let mut state = chain.new_state();
    let mut rng = Rng(0x5eed_1234);
    for _ in 0..300 {
        let yaw = rng.range(-140.0, 140.0) * DEG;
        let dist = rng.range(0.5, 5.0);
        let t = DVec3::new(0.0, 0.35, 0.0) + dist * DVec3::new(yaw.sin(), 0.0, yaw.cos());
        let r = chain
            .solve(&mut state, Transform::IDENTITY, t, 0.0)
            .expect("finite");
        assert!(
            r.aim_error_rad < 0.1 * DEG,
            "yaw {} dist {dist}: {}",
            yaw / DEG,
            r.aim_error_rad / DEG
        );
    }
}

#[test]
fn look_at_human_chain_reaches_targets_in_range() {
    let chain = LookAtChain::from_config(&LookAtConfig::default()).expect("shipped");
    let mut state = chain.new_state();
    let root = Transform::new(DVec3::new(0.3, 1.05, -0.2), DQuat::from_rotation_y(0.4));
    let mut rng = Rng(77);
    for _ in 0..300 {
        let yaw = rng.range(-100.0, 100.0) * DEG;
        let pitch = rng.range(-45.0, 45.0) * DEG;
        let dist = rng.range(0.8, 6.0);
        let dir = DVec3::new(
            yaw.sin() * pitch.cos(),
            -pitch.sin(),
            yaw.cos() * pitch.cos(),
        );
        let eye = root.transform_point(DVec3::new(0.0, 0.483, 0.08));
        let t = eye + root.rotation * (dist * dir);
        let r = chain.solve(&mut state, root, t, 0.0).expect("finite");
        assert!(
            r.aim_error_rad < 0.1 * DEG,
            "yaw {} pitch {}: {} deg",
            yaw / DEG,
            pitch / DEG,
            r.aim_error_rad / DEG
        );
    }
}

fn within_limits(chain: &LookAtChain, angles: &[f64]) -> bool {
    chain.joints().iter().all(|j| {
        j.axes
            .iter()
            .zip(&angles[j.first_angle..])
            .all(|(a, &t)| t >= a.min_rad - 1e-12 && t <= a.max_rad + 1e-12)
    })
}

#[test]
fn look_at_never_leaves_hard_limits() {
    let mut free = LookAtConfig::default();
    free.phase1
        .iter_mut()
        .for_each(|e| e.axis = FREE_AXIS.into());
    let mut planar_c = planar([30.0, 20.0, 40.0, 10.0], [0.0, 0.05, 0.1]);
    planar_c.phase1 = (0..4).map(|j| p1(j, 0.5, 5.0)).collect();
    planar_c.phase2 = (0..4).map(|j| p2(j, 0.5, 0.0)).collect();
    planar_c.passes = 3;
    planar_c.phase3 = true;
    for config in [LookAtConfig::default(), free, planar_c] {
        let chain = LookAtChain::from_config(&config).expect("valid chain");
        let mut state = chain.new_state();
        let mut rng = Rng(0xdead_beef);
        for _ in 0..500 {
            let t = DVec3::new(
                rng.range(-5.0, 5.0),
                rng.range(-3.0, 5.0),
                rng.range(-5.0, 5.0),
            );
            let roll = rng.range(-1.0, 1.0);
            let r = chain
                .solve(&mut state, Transform::IDENTITY, t, roll)
                .expect("finite");
            assert!(
                within_limits(&chain, r.angles),
                "target {t}: {:?}",
                r.angles
            );
            assert!(r.aim_error_rad.is_finite());
        }
    }
}

#[test]
fn look_at_unreachable_target_ends_at_nearest_limit() {
    let mut c = planar([40.0, 30.0, 40.0, 20.0], [0.0, 0.05, 0.1]);
    c.phase1 = (0..4).map(|j| p1(j, 0.5, 5.0)).collect();
    c.phase2 = (0..4).map(|j| p2(j, 0.5, 0.0)).collect();
    c.passes = 4;
    c.phase3 = true;
    let (a, err, _, _) = angles_deg(&c, far(170.0));
    assert_angles(&a, &[40.0, 30.0, 40.0, 20.0]);
    assert!((err - 40.0).abs() < 0.01, "error {err}");
    let (a, _, _, _) = angles_deg(&c, far(-150.0));
    assert_angles(&a, &[-40.0, -30.0, -40.0, -20.0]);
    // The human chain: far left and a little behind -> every yaw at its
    // left limit.
    let config = LookAtConfig::default();
    let chain = LookAtChain::from_config(&config).expect("shipped");
    let mut state = chain.new_state();
    let yaw = 150.0 * DEG;
    let t = DVec3::new(0.0, 0.483, 0.0) + 5.0 * DVec3::new(yaw.sin(), 0.0, yaw.cos());
    let r = chain
        .solve(&mut state, Transform::IDENTITY, t, 0.0)
        .expect("finite");
    for (j, jc) in config.joints.iter().enumerate() {
        let a = r.angles[chain.angle_range(j).start] / DEG;
        assert!(
            (a - jc.axes[0].max_deg).abs() < 1e-6,
            "{}: yaw {a}",
            jc.name
        );
    }
}

#[test]
fn look_at_small_target_steps_give_small_pose_changes() {
    let chain = LookAtChain::from_config(&LookAtConfig::default()).expect("shipped");
    let mut state = chain.new_state();
    let mut prev: Option<Vec<f64>> = None;
    let mut worst: f64 = 0.0;
    let step = 0.25;
    let n = (220.0 / step) as usize;
    for i in 0..=n {
        // Yaw sweeps -110..110 (to the yaw limits of +-120 and the
        // parallax) while pitch waves. Out-of-reach targets are not covered:
        // see the module documentation.
        let yaw = (-110.0 + step * i as f64) * DEG;
        let pitch = 40.0 * DEG * (i as f64 * step * DEG * 3.0).sin();
        let dir = DVec3::new(
            yaw.sin() * pitch.cos(),
            -pitch.sin(),
            yaw.cos() * pitch.cos(),
        );
        let t = DVec3::new(0.0, 0.48, 0.0) + 2.0 * dir;
        let r = chain
            .solve(&mut state, Transform::IDENTITY, t, 0.0)
            .expect("finite");
        if let Some(p) = &prev {
            for (a, b) in r.angles.iter().zip(p) {
                worst = worst.max((a - b).abs() / DEG);
            }
        }
        prev = Some(r.angles.to_vec());
    }
    // The target moves at most 0.25 + 0.53 degrees a step.
    assert!(worst < 2.0, "largest joint change per step {worst} deg");
}

#[test]
fn look_at_human_chain_turns_left_right_up_down() {
    let config = LookAtConfig::default();
    let chain = LookAtChain::from_config(&config).expect("shipped");
    let mut state = chain.new_state();
    let eye = DVec3::new(0.0, 0.483, 0.08);
    let yaw_of = |a: &[f64], j: usize| a[chain.angle_range(j).start];
    let pitch_of = |a: &[f64], j: usize| a[chain.angle_range(j).start + 1];
    let cases = [
        (DVec3::new(3.0, 0.0, 1.0), "left"),
        (DVec3::new(-3.0, 0.0, 1.0), "right"),
        (DVec3::new(0.0, 1.5, 2.0), "up"),
        (DVec3::new(0.0, -1.5, 1.0), "down"),
    ];
    for (d, name) in cases {
        let r = chain
            .solve(&mut state, Transform::IDENTITY, eye + d, 0.0)
            .expect("finite");
        assert!(
            r.aim_error_rad < 0.1 * DEG,
            "{name}: {}",
            r.aim_error_rad / DEG
        );
        let a = r.angles;
        match name {
            "left" => assert!((0..4).all(|j| yaw_of(a, j) >= 0.0) && yaw_of(a, 3) > 10.0 * DEG),
            "right" => assert!((0..4).all(|j| yaw_of(a, j) <= 0.0) && yaw_of(a, 3) < -10.0 * DEG),
            "up" => assert!(pitch_of(a, 3) < -10.0 * DEG && pitch_of(a, 2) < 0.0),
            _ => assert!(pitch_of(a, 3) > 10.0 * DEG && pitch_of(a, 2) > 0.0),
        }
        // The neck carries more of the turn than the lumbar spine.
        assert!(
            yaw_of(a, 2).abs() + pitch_of(a, 2).abs() > yaw_of(a, 0).abs() + pitch_of(a, 0).abs(),
            "{name}"
        );
    }
    // A 20 degree turn stays on the head and neck; the trunk joins a 90
    // degree turn.
    let turn = |deg: f64, state: &mut LookAtState| {
        let t = eye + 3.0 * DVec3::new((deg * DEG).sin(), 0.0, (deg * DEG).cos());
        let r = chain
            .solve(state, Transform::IDENTITY, t, 0.0)
            .expect("finite");
        (yaw_of(r.angles, 0) + yaw_of(r.angles, 1)) / DEG
    };
    assert!(turn(20.0, &mut state).abs() < 0.5);
    assert!(turn(90.0, &mut state) > 10.0);
}

#[test]
fn look_at_target_passing_behind_does_not_flip() {
    let config = LookAtConfig::default();
    let chain = LookAtChain::from_config(&config).expect("shipped");
    let mut state = chain.new_state();
    let reach: f64 = config.joints.iter().map(|j| j.axes[0].max_deg).sum();
    for i in 0..=180 {
        // From the left (90) through behind (180) to 270 (the right).
        let deg = 90.0 + i as f64;
        let t = DVec3::new(0.0, 0.48, 0.0)
            + 3.0 * DVec3::new((deg * DEG).sin(), 0.0, (deg * DEG).cos());
        let r = chain
            .solve(&mut state, Transform::IDENTITY, t, 0.0)
            .expect("finite");
        let yaws: Vec<f64> = (0..4)
            .map(|j| r.angles[chain.angle_range(j).start] / DEG)
            .collect();
        assert!(within_limits(&chain, r.angles));
        if deg < 180.0 + config.behind_hysteresis_deg - 1.0 {
            // Still on the left side, at the limits once out of reach.
            assert!(yaws.iter().all(|&y| y >= 0.0), "{deg}: flipped to {yaws:?}");
            if deg > reach + 5.0 {
                for (j, jc) in config.joints.iter().enumerate() {
                    let a = r.angles[chain.angle_range(j).start] / DEG;
                    assert!(
                        (a - jc.axes[0].max_deg).abs() < 1e-6,
                        "{deg}: {} yaw {a}",
                        jc.name
                    );
                }
            }
        }
        if deg > 270.0 - 1.0 {
            assert!(
                yaws.iter().all(|&y| y < 0.0),
                "{deg}: the right side at the end"
            );
        }
    }
}

#[test]
fn look_at_roll_without_shares_is_held_on_the_head() {
    let mut config = LookAtConfig::default();
    config.roll.clear();
    let chain = LookAtChain::from_config(&config).expect("shipped without roll shares");
    assert!(chain.supports_roll());
    let mut state = chain.new_state();
    let t = DVec3::new(1.0, 1.0, 2.0);
    let r = chain
        .solve(&mut state, Transform::IDENTITY, t, 10.0 * DEG)
        .expect("finite");
    assert!((r.roll_rad - 10.0 * DEG).abs() < 1e-12);
    assert!(r.aim_error_rad < 0.1 * DEG);
    let head = chain.angle_range(3);
    assert!((r.angles[head.end - 1] - 10.0 * DEG).abs() < 1e-12);
    let r = chain
        .solve(&mut state, Transform::IDENTITY, t, -40.0 * DEG)
        .expect("finite");
    assert!(
        (r.roll_rad + 15.0 * DEG).abs() < 1e-12,
        "clamped to the limit"
    );
}

#[test]
fn look_at_roll_is_shared_in_order_and_keeps_the_aim() {
    let chain = LookAtChain::from_config(&LookAtConfig::default()).expect("shipped");
    let mut state = chain.new_state();
    let t = DVec3::new(1.0, 1.0, 2.0);
    let roll_of = |r: &LookAtResult, j: usize| r.angles[chain.angle_range(j).end - 1] / DEG;
    let r = chain
        .solve(&mut state, Transform::IDENTITY, t, -40.0 * DEG)
        .expect("finite");
    // Each entry takes its fraction of what remains; the head the rest.
    let lumbar = -40.0 * 0.26;
    let chest = (-40.0 - lumbar) * 0.36;
    let neck = (-40.0 - lumbar - chest) * 0.67;
    let head = -40.0 - lumbar - chest - neck;
    for (j, want) in [lumbar, chest, neck, head].into_iter().enumerate() {
        assert!(
            (roll_of(&r, j) - want).abs() < 1e-9,
            "joint {j}: {} vs {want}",
            roll_of(&r, j)
        );
    }
    assert!((r.roll_rad + 40.0 * DEG).abs() < 1e-12);
    assert!(r.aim_error_rad < 0.1 * DEG, "aim {}", r.aim_error_rad / DEG);
    // Beyond every joint's lateral range: each at its limit.
    let r = chain
        .solve(&mut state, Transform::IDENTITY, t, 200.0 * DEG)
        .expect("finite");
    for (j, limit) in [25.0, 25.0, 30.0, 15.0].into_iter().enumerate() {
        assert!(
            (roll_of(&r, j) - limit).abs() < 1e-9,
            "joint {j}: {}",
            roll_of(&r, j)
        );
    }
    assert!((r.roll_rad - 95.0 * DEG).abs() < 1e-9);
}

#[test]
fn look_at_free_entries_aim_and_decompose() {
    // Euler decomposition round trip with the axes in unusual orders.
    for axes in [
        [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
        [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0]],
    ] {
        let mut c = planar([90.0; 4], [0.0, 0.0, 0.0]);
        c.joints[0].axes = (0..3)
            .map(|k| AxisConfig {
                name: format!("a{k}"),
                axis: axes[k],
                min_deg: -90.0,
                max_deg: 90.0,
            })
            .collect();
        let chain = LookAtChain::from_config(&c).expect("valid chain");
        let want = [0.4, -0.7, 0.25, 0.0, 0.0, 0.0];
        let q = chain.local_rotation(0, &want);
        let mut got = [0.0; 3];
        chain.decompose(0, q, &mut got);
        for k in 0..3 {
            assert!((got[k] - want[k]).abs() < 1e-9, "{axes:?}: {got:?}");
        }
    }
    // A single free entry on the 3-axis neck aims on its own.
    let c = LookAtConfig {
        phase1: vec![Phase1Entry {
            joint: "neck".into(),
            axis: FREE_AXIS.into(),
            bone: "head".into(),
            bone_axis: [0.0, 0.0, 1.0],
            fraction: 1.0,
            max_deg: 0.0,
        }],
        phase2: vec![],
        phase3: false,
        ..LookAtConfig::default()
    };
    let t = DVec3::new(0.0, 0.48, 0.0) + 3.0 * DVec3::new(0.4, -0.3, 1.0).normalize();
    let (_, err, phase, _) = angles_deg(&c, t);
    assert_eq!(phase, LookAtPhase::One);
    assert!(err < 0.5, "error {err}");
}

#[test]
fn look_at_shipped_config_parses_and_is_default() {
    let c = LookAtConfig::from_toml(SHIPPED_TOML, "configs/look_at.toml").expect("shipped file");
    assert_eq!(c, LookAtConfig::default());
    let names: Vec<&str> = c.joints.iter().map(|j| j.name.as_str()).collect();
    assert_eq!(names, ["lumbar", "chest", "neck", "head"]);
    // The sources' numbers: neck + head rotation 80-90 each side, about half
    // at C1-C2; lumbar rotation within 9 in all.
    let yaw = |j: usize| c.joints[j].axes[0].max_deg;
    assert!((80.0..=90.0).contains(&(yaw(2) + yaw(3))));
    assert!((yaw(3) / (yaw(2) + yaw(3)) - 0.5).abs() < 0.1);
    assert!(yaw(0) <= 9.0);
    let flex = c.joints[2].axes[1].max_deg + c.joints[3].axes[1].max_deg;
    let ext = -(c.joints[2].axes[1].min_deg + c.joints[3].axes[1].min_deg);
    assert!((50.0..=64.0).contains(&flex) && (63.0..=80.0).contains(&ext));
}

#[test]
fn look_at_config_errors_name_the_key() {
    let bad = SHIPPED_TOML.replacen("passes = 4", "passes = 4\nspeed = 2", 1);
    let e = LookAtConfig::from_toml(&bad, "x.toml").expect_err("unknown key");
    let message = e.to_string();
    assert!(message.contains("unknown field"), "{message}");
    assert!(message.contains(", column 1: "), "{message}");
    assert!(!message.contains("speed"), "{message}");
    let bad = SHIPPED_TOML.replacen("min_deg = -5.0", "min_deg = 5.0", 1);
    let e = LookAtConfig::from_toml(&bad, "x.toml").expect_err("min above 0");
    assert!(e.to_string().contains("joints[0].axes[0].min_deg"), "{e}");
    let bad = SHIPPED_TOML.replacen("joint = \"neck\"", "joint = \"knee\"", 1);
    let e = LookAtConfig::from_toml(&bad, "x.toml").expect_err("unknown joint");
    assert!(e.to_string().contains("phase1[1].joint"), "{e}");
    let per_phase = SHIPPED_TOML.replacen(
        "rule = \"larger\"",
        "rule = { per_phase = { phase1 = \"larger\", phase2 = \"smaller\" } }",
        1,
    );
    let bad = SHIPPED_TOML.replacen(
        "[[roll]]\njoint = \"lumbar\"\naxis = \"roll\"",
        "[[roll]]\njoint = \"lumbar\"\naxis = \"yaw\"",
        1,
    );
    let e = LookAtConfig::from_toml(&bad, "x.toml").expect_err("roll about yaw");
    assert!(e.to_string().contains("roll[0].axis"), "{e}");
    let bad = SHIPPED_TOML.replacen(
        "[[roll]]\njoint = \"lumbar\"",
        "[[roll]]\njoint = \"head\"",
        1,
    );
    let e = LookAtConfig::from_toml(&bad, "x.toml").expect_err("the end roll listed");
    assert!(e.to_string().contains("roll[0].axis"), "{e}");
    let c = LookAtConfig::from_toml(&per_phase, "x.toml").expect("per-phase rule");
    assert_eq!(
        c.rule,
        RuleSchedule::PerPhase {
            phase1: LimitRule::Larger,
            phase2: LimitRule::Smaller
        }
    );
}

#[test]
fn look_at_rejects_non_finite_input() {
    let chain = LookAtChain::from_config(&LookAtConfig::default()).expect("shipped");
    let mut state = chain.new_state();
    let e = chain
        .solve(
            &mut state,
            Transform::IDENTITY,
            DVec3::new(f64::NAN, 0.0, 1.0),
            0.0,
        )
        .expect_err("NaN target");
    assert_eq!(e, LookAtSolveError::NonFinite("target"));
}
