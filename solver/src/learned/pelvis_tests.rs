use super::*;
use posewire_body::Transform;

fn target(p: DVec3, r: DQuat, v: DVec3) -> BoneTarget {
    BoneTarget {
        bone: Transform::new(p, r),
        velocity: v,
    }
}

/// A head walking forward and turning, hands swinging: `k` ticks at 90 Hz.
fn tick(k: usize) -> (f64, BoneTarget, [Option<BoneTarget>; 2]) {
    at_time(k as f64 / 90.0)
}

/// The same motion at time `t`, seconds.
fn at_time(t: f64) -> (f64, BoneTarget, [Option<BoneTarget>; 2]) {
    let yaw = 0.3 * t;
    let head = DVec3::new(0.2 * t.sin(), 1.6 + 0.02 * (4.0 * t).sin(), 1.2 * t);
    let r = yaw_rotation(yaw);
    let swing = 0.2 * (6.0 * t).sin();
    let hand = |s: f64| {
        target(
            head + r * DVec3::new(0.2 * s, -0.7, swing * s),
            r * DQuat::from_rotation_x(swing),
            DVec3::new(0.0, 0.0, 1.2),
        )
    };
    (
        t,
        target(head, r, DVec3::new(0.0, 0.0, 1.2)),
        [Some(hand(1.0)), Some(hand(-1.0))],
    )
}

/// A network of the pelvis's shape with small fixed weights.
fn some_model() -> Arc<Mlp> {
    let mut m = Mlp::zeros(&[FEATURES, 8, OUTPUTS]);
    for (i, w) in m.layers[0].weights.iter_mut().enumerate() {
        *w = ((i * 37 % 17) as f32 - 8.0) * 0.01;
    }
    for (i, w) in m.layers[1].weights.iter_mut().enumerate() {
        *w = ((i * 11 % 7) as f32 - 3.0) * 0.05;
    }
    // Pelvis 0.5 head heights below the head, facing forward, upright.
    m.out_mean = vec![0.0, -0.5, 0.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0];
    m.out_scale = vec![0.05; OUTPUTS];
    Arc::new(m)
}

fn run(model: Option<Arc<Mlp>>, ticks: usize) -> Vec<Option<LearnedPose>> {
    let mut lp = LearnedPelvis::new(model, on());
    (0..ticks)
        .map(|k| {
            let (t, head, hands) = tick(k);
            lp.update(t, 1.0 / 90.0, &head, &hands, 1.6)
        })
        .collect()
}

#[test]
fn the_embedded_weights_load_with_the_pelvis_shape() {
    let model = embedded_model().expect("the embedded weights parse");
    let model = model.expect("the build embeds a pelvis network");
    assert_eq!((model.inputs(), model.outputs()), (FEATURES, OUTPUTS));
    assert!(model.to_bytes().len() < 400_000, "a few hundred KB at most");
}

#[test]
fn the_same_input_gives_the_same_output() {
    let a = run(Some(some_model()), 200);
    let b = run(Some(some_model()), 200);
    assert_eq!(a, b);
    let last = a.last().copied().flatten().expect("a pose after 200 ticks");
    assert_eq!(last.weight, 1.0);
    assert!(last.position.is_finite() && last.rotation.is_finite());
}

#[test]
fn a_fresh_pelvis_answers_from_the_first_tick() {
    let weights: Vec<f64> = run(Some(some_model()), 120)
        .iter()
        .map(|o| o.map_or(0.0, |p| p.weight))
        .collect();
    super::super::history::assert_answers_from_the_first_tick(&weights);
}

#[test]
fn without_a_model_only_features_are_made() {
    let mut lp = LearnedPelvis::new(None, on());
    let (t, head, hands) = tick(0);
    assert_eq!(lp.update(t, 1.0 / 90.0, &head, &hands, 1.6), None);
    assert!(lp.last_input().is_some());
    let input = lp.last_input().copied().expect("features");
    assert!((input.features.head_height - 1.0).abs() < 0.05);
}

#[test]
fn a_lost_or_nan_hand_fades_back_to_the_rules_without_nan() {
    let mut lp = LearnedPelvis::new(Some(some_model()), on());
    let mut weights = Vec::new();
    for k in 0..330 {
        let (t, head, mut hands) = tick(k);
        if (150..230).contains(&k) {
            hands[0] = None;
        }
        if (230..290).contains(&k) {
            hands[1] = Some(target(
                DVec3::NAN,
                DQuat::IDENTITY,
                DVec3::new(f64::INFINITY, 0.0, 0.0),
            ));
        }
        let out = lp.update(t, 1.0 / 90.0, &head, &hands, 1.6);
        if let Some(p) = out {
            assert!(p.position.is_finite() && p.rotation.is_finite(), "tick {k}");
        }
        weights.push(out.map_or(0.0, |p| p.weight));
    }
    assert_eq!(weights[149], 1.0);
    assert_eq!(weights[229], 0.0, "lost hand: the rules");
    assert_eq!(weights[289], 0.0, "NaN hand: the rules");
    // The blend moves at most a tick's share of the ramp.
    let ramp = (1.0 / 90.0) / LearnedPelvisSettings::default().blend_s + 1e-9;
    assert!(weights.windows(2).all(|w| (w[1] - w[0]).abs() <= ramp));
}

#[test]
fn odd_scales_and_inputs_give_no_features() {
    let mut lp = LearnedPelvis::new(Some(some_model()), on());
    let (t, head, hands) = tick(0);
    for h in [0.0, -1.0, f64::NAN] {
        assert_eq!(lp.update(t, 1.0 / 90.0, &head, &hands, h), None);
    }
    let bad_head = target(DVec3::NAN, DQuat::IDENTITY, DVec3::ZERO);
    assert_eq!(lp.update(t, 1.0 / 90.0, &bad_head, &hands, 1.6), None);
}

#[test]
fn mirroring_twice_is_the_identity_and_targets_round_trip() {
    let mut lp = LearnedPelvis::new(None, on());
    for k in 0..120 {
        let (t, head, hands) = tick(k);
        lp.update(t, 1.0 / 90.0, &head, &hands, 1.6);
    }
    let input = lp.last_input().copied().expect("features");
    assert_eq!(input.features.mirrored().mirrored(), input.features);
    let swapped = input.features.mirrored();
    assert_eq!(
        swapped.hands[0].position.x,
        -input.features.hands[1].position.x
    );

    let frame = input.frame;
    let pelvis = DVec3::new(0.3, 0.9, 2.0);
    let rot = yaw_rotation(0.4) * DQuat::from_rotation_x(0.2);
    let tg = PelvisTarget::from_world(&frame, pelvis, rot);
    let back = PelvisTarget::from_output(&tg.to_output());
    let (p, r) = back.to_world(&frame).expect("a pose");
    assert!((p - pelvis).length() < 1e-5);
    assert!(r.angle_between(rot) < 1e-5);
    assert_eq!(tg.mirrored().mirrored(), tg);
}

/// The settings with the network on.
fn on() -> LearnedPelvisSettings {
    LearnedPelvisSettings {
        enabled: true,
        ..LearnedPelvisSettings::default()
    }
}

#[test]
fn the_past_features_do_not_depend_on_where_the_ticks_fall() {
    // The same motion seen through ticks at 90 Hz and through ticks a third
    // of a tick later at 120 Hz, both ending at the same moment: the
    // features of the past (0.1-1.0 s back) must agree, not jump by the
    // motion of a tick.
    let end = 2.0;
    let features = |rate: f64, phase: f64| {
        let mut lp = LearnedPelvis::new(None, on());
        let n = ((end - phase / rate) * rate).round() as usize;
        let mut last = None;
        for k in 0..=n {
            let (t, head, hands) = at_time(end - (n - k) as f64 / rate);
            lp.update(t, 1.0 / rate, &head, &hands, 1.6);
            last = lp.last_input().copied();
        }
        last.expect("features with both hands").features.to_input()
    };
    let a = features(90.0, 0.0);
    let b = features(120.0, 1.0 / 3.0);
    let worst = a[1 + 6 + 18 + 9..]
        .iter()
        .zip(&b[1 + 6 + 18 + 9..])
        .map(|(x, y)| (x - y).abs())
        .fold(0.0f32, f32::max);
    // A tick's motion here is up to 0.008 head heights; interpolation
    // leaves far less.
    assert!(worst < 5e-4, "past features differ by {worst}");
}

#[test]
fn the_rotation_can_be_smoothed_longer_than_the_position() {
    // A step in both the pelvis's place and turn: with a longer rotation
    // time constant the position moves as before, the turn lags more.
    let settle = |rotation_smoothing_s: f64| {
        let mut lp = LearnedPelvis::new(
            None,
            LearnedPelvisSettings {
                rotation_smoothing_s,
                rotation_speed_radps: 0.0,
                ..on()
            },
        );
        let dt = 1.0 / 90.0;
        lp.blend(dt, DVec3::ZERO, Some((DVec3::ZERO, DQuat::IDENTITY)));
        let step = (DVec3::new(0.1, 0.0, 0.0), DQuat::from_rotation_y(0.5));
        let mut last = None;
        for _ in 0..9 {
            last = lp.blend(dt, DVec3::ZERO, Some(step));
        }
        last.map_or((f64::NAN, f64::NAN), |p| {
            (p.position.x, p.rotation.angle_between(DQuat::IDENTITY))
        })
    };
    let (p_same, r_same) = settle(-1.0);
    let (p_long, r_long) = settle(0.2);
    assert!((p_same - p_long).abs() < 1e-12, "{p_same} {p_long}");
    // 0.1 s into a 0.05 s time constant: 86 % of the turn; 0.2 s: 39 %.
    assert!(r_same > 0.4 && r_long < 0.25, "{r_same} {r_long}");
    assert!(p_same > 0.08, "{p_same}");
}

#[test]
fn a_spinning_pelvis_is_smoothed_less_than_a_still_one() {
    // Turning at 6 rad/s: with the time constant shortened by the turn
    // rate (2 rad/s halves it) the output lags the spin less than with a
    // fixed one.
    let lag = |rotation_speed_radps: f64| {
        let mut lp = LearnedPelvis::new(
            None,
            LearnedPelvisSettings {
                rotation_smoothing_s: 0.2,
                rotation_speed_radps,
                ..on()
            },
        );
        let dt = 1.0 / 90.0;
        let mut out = None;
        let mut truth = DQuat::IDENTITY;
        for k in 0..60 {
            truth = DQuat::from_rotation_y(6.0 * k as f64 * dt);
            out = lp.blend(dt, DVec3::ZERO, Some((DVec3::ZERO, truth)));
        }
        out.map_or(f64::NAN, |p| p.rotation.angle_between(truth))
    };
    let (fixed, adaptive) = (lag(0.0), lag(2.0));
    assert!(adaptive < 0.5 * fixed, "{fixed} {adaptive}");
    assert!(adaptive.is_finite() && adaptive > 0.0, "{adaptive}");
}
