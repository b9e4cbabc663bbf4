use super::*;
use posewire_body::Transform;

/// The settings with the network on.
fn on() -> LearnedLegsSettings {
    LearnedLegsSettings {
        enabled: true,
        ..LearnedLegsSettings::default()
    }
}

fn target(p: DVec3, r: DQuat) -> BoneTarget {
    BoneTarget {
        bone: Transform::new(p, r),
        velocity: DVec3::new(0.0, 0.0, 1.2),
    }
}

/// A pelvis walking forward with a bob, the head above it, hands swinging.
fn at_time(t: f64) -> (PelvisState, BoneTarget, [Option<BoneTarget>; 2]) {
    let yaw = 0.3 * t;
    let r = yaw_rotation(yaw);
    let pelvis = DVec3::new(0.1 * t.sin(), 0.95 + 0.02 * (8.0 * t).sin(), 1.2 * t);
    let swing = 0.2 * (4.0 * t).sin();
    let hand = |s: f64| Some(target(pelvis + r * DVec3::new(0.2 * s, 0.1, swing * s), r));
    (
        PelvisState {
            position: pelvis,
            rotation: r,
            yaw,
            velocity: DVec3::new(0.0, 0.0, 1.2),
            tracked: true,
        },
        target(pelvis + DVec3::new(0.0, 0.65, 0.05), r),
        [hand(1.0), hand(-1.0)],
    )
}

/// A network of the legs' shape with small fixed weights: feet under the
/// hips, facing forward.
fn some_model() -> Arc<Mlp> {
    let mut m = Mlp::zeros(&[FEATURES, 8, OUTPUTS]);
    for (i, w) in m.layers[0].weights.iter_mut().enumerate() {
        *w = ((i * 37 % 17) as f32 - 8.0) * 0.01;
    }
    m.out_mean = vec![
        0.06, -0.5, 0.0, -0.06, -0.5, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.5, 0.5,
    ];
    m.out_scale = vec![0.02; OUTPUTS];
    Arc::new(m)
}

fn run(model: Option<Arc<Mlp>>, lose_hand_after: usize) -> Vec<Option<LearnedFeet>> {
    let mut legs = LearnedLegs::new(model, on());
    (0..270)
        .map(|k| {
            let t = k as f64 / 90.0;
            let (pelvis, head, mut hands) = at_time(t);
            if k >= lose_hand_after {
                hands[1] = None;
            }
            legs.update(t, 1.0 / 90.0, &pelvis, &head, &hands, (1.6, 1.0), true)
        })
        .collect()
}

#[test]
fn the_embedded_weights_have_the_legs_shape_if_any() {
    let model = embedded_model().expect("the embedded weights parse");
    if let Some(m) = model {
        assert_eq!((m.inputs(), m.outputs()), (FEATURES, OUTPUTS));
        assert!(EMBEDDED_WEIGHTS.len() < 400_000);
    }
}

#[test]
fn feet_blend_in_then_fade_out_at_a_bounded_rate_when_a_hand_is_lost() {
    let out = run(Some(some_model()), 180);
    let weights: Vec<f64> = out.iter().map(|o| o.map_or(0.0, |f| f.weight)).collect();
    // The ramp takes 0.3 s: never more than a tick's share per tick.
    for w in weights.windows(2) {
        assert!((w[1] - w[0]).abs() <= 1.0 / 27.0 + 1e-9, "{w:?}");
    }
    assert!(
        (weights[170] - 1.0).abs() < 1e-9,
        "fully in: {}",
        weights[170]
    );
    assert!(weights[269] == 0.0, "faded out: {}", weights[269]);
    for f in out.iter().flatten() {
        assert!(f.ankles.iter().all(|a| a.is_finite()));
        assert!(f.yaws.iter().all(|y| y.is_finite()));
    }
    // Where the net's feet are in use they sit below the pelvis, about
    // 0.5 head heights down.
    let (pelvis, ..) = at_time(170.0 / 90.0);
    let feet = out[170].expect("feet");
    for a in feet.ankles {
        let drop = pelvis.position.y - a.y;
        assert!((drop - 0.8).abs() < 0.2, "ankle {drop} m below the pelvis");
    }
}

#[test]
fn fresh_legs_answer_from_the_first_tick() {
    let weights: Vec<f64> = run(Some(some_model()), usize::MAX)
        .iter()
        .map(|o| o.map_or(0.0, |f| f.weight))
        .collect();
    super::super::history::assert_answers_from_the_first_tick(&weights);
}

#[test]
fn without_a_model_or_unwanted_only_features_are_made() {
    assert!(run(None, usize::MAX).iter().all(Option::is_none));
    let mut legs = LearnedLegs::new(Some(some_model()), on());
    for k in 0..100 {
        let t = k as f64 / 90.0;
        let (pelvis, head, hands) = at_time(t);
        let out = legs.update(t, 1.0 / 90.0, &pelvis, &head, &hands, (1.6, 1.0), false);
        assert!(out.is_none());
    }
    assert!(legs.last_input().is_some(), "features are still made");
}

#[test]
fn mirroring_twice_is_the_identity_and_targets_round_trip() {
    let mut legs = LearnedLegs::new(None, on());
    for k in 0..120 {
        let t = k as f64 / 90.0;
        let (pelvis, head, hands) = at_time(t);
        legs.update(t, 1.0 / 90.0, &pelvis, &head, &hands, (1.6, 1.0), true);
    }
    let input = *legs.last_input().expect("features");
    assert_eq!(input.features.mirrored().mirrored(), input.features);
    assert_ne!(input.features.mirrored(), input.features);
    let feet = [DVec3::new(0.3, 0.08, 2.0), DVec3::new(0.1, 0.2, 1.6)];
    let rot = [yaw_rotation(0.2), yaw_rotation(-0.1)];
    let target = LegsTarget::from_world(&input.frame, feet, rot, [1.0, 0.0]);
    let back = LegsTarget::from_output(&target.to_output());
    for (a, b) in back.ankles.iter().zip(feet) {
        assert!(input.frame.world(*a).distance(b) < 1e-5);
    }
    assert_eq!(target.mirrored().mirrored(), target);
    assert_eq!(target.mirrored().contact, [0.0, 1.0]);
    assert_eq!(back.contact, [1.0, 0.0]);
}

#[test]
fn odd_head_heights_and_nan_give_no_features() {
    let mut legs = LearnedLegs::new(Some(some_model()), on());
    let (pelvis, head, hands) = at_time(0.0);
    for h in [0.0, -1.0, f64::NAN] {
        legs.update(0.0, 1.0 / 90.0, &pelvis, &head, &hands, (h, 1.0), true);
        assert!(legs.last_input().is_none(), "head height {h}");
    }
    let mut bad = pelvis;
    bad.velocity = DVec3::NAN;
    let out = legs.update(0.0, 1.0 / 90.0, &bad, &head, &hands, (1.6, 1.0), true);
    assert!(out.is_none() && legs.last_input().is_none());
}

/// The feet after 1 s with `settings` and a leg scale.
fn feet_with(settings: LearnedLegsSettings, leg_scale: f64) -> LearnedFeet {
    let mut legs = LearnedLegs::new(Some(embedded_or_some_model()), settings);
    let mut last = None;
    for k in 0..90 {
        let t = k as f64 / 90.0;
        let (pelvis, head, hands) = at_time(t);
        last = legs.update(
            t,
            1.0 / 90.0,
            &pelvis,
            &head,
            &hands,
            (1.6, leg_scale),
            true,
        );
    }
    last.expect("feet")
}

fn embedded_or_some_model() -> Arc<Mlp> {
    embedded_model()
        .expect("the embedded weights parse")
        .map(Arc::new)
        .unwrap_or_else(some_model)
}

#[test]
fn the_leg_scale_changes_the_feet_only_when_asked_and_measured() {
    let scaled = LearnedLegsSettings {
        scale_by_leg_length: true,
        ..on()
    };
    let plain = feet_with(on(), 1.0);
    // Off: the scale is ignored. On with a scale of 1 (nothing measured):
    // the same feet.
    assert_eq!(feet_with(on(), 1.15).ankles, plain.ankles);
    assert_eq!(feet_with(scaled, 1.0).ankles, plain.ankles);
    // On with longer legs: the ankles go deeper below the pelvis.
    let longer = feet_with(scaled, 1.15);
    let (pelvis, _, _) = at_time(89.0 / 90.0);
    for (a, b) in longer.ankles.iter().zip(&plain.ankles) {
        let (da, db) = (pelvis.position.y - a.y, pelvis.position.y - b.y);
        assert!(da > db, "deeper: {da} against {db}");
    }
}

#[test]
fn the_weight_falls_to_the_floor_when_the_inputs_leave_the_training_range() {
    let range = InputRangeSettings {
        start_sd: 1.0,
        end_sd: 2.0,
        floor: 0.4,
    };
    let settings = LearnedLegsSettings { range, ..on() };
    // The same network trained on data spread widely (every input within a
    // tenth of a standard deviation) or narrowly (hundreds of them away).
    let with_scale = |scale: f32| {
        let mut m = (*some_model()).clone();
        m.in_scale = vec![scale; FEATURES];
        Arc::new(m)
    };
    let weights = |model: Arc<Mlp>| -> Vec<f64> {
        let mut legs = LearnedLegs::new(Some(model), settings);
        (0..180)
            .map(|k| {
                let t = k as f64 / 90.0;
                let (pelvis, head, hands) = at_time(t);
                legs.update(t, 1.0 / 90.0, &pelvis, &head, &hands, (1.6, 1.0), true)
                    .map_or(0.0, |f| f.weight)
            })
            .collect()
    };
    let inside = weights(with_scale(100.0));
    let outside = weights(with_scale(0.01));
    assert!((inside[179] - 1.0).abs() < 1e-9, "{}", inside[179]);
    assert!((outside[179] - 0.4).abs() < 1e-9, "{}", outside[179]);
    // Never faster than the blend's ramp.
    for w in [&inside, &outside] {
        assert!(w
            .windows(2)
            .all(|p| (p[1] - p[0]).abs() <= 1.0 / 90.0 / 0.3 + 1e-9));
    }
}
