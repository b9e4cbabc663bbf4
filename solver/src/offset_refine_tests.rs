use super::*;

/// A deterministic pseudo-random number in [-1, 1) (no global state).
fn noise(seed: u64) -> f64 {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xD1B5_4A32_D192_ED03;
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 32;
    (x >> 11) as f64 / (1u64 << 52) as f64 - 1.0
}

/// Feeds `seconds` of a foot that rolls over its ball (heel up to 30
/// degrees and down, once a second) with a device at `true_offset`, into a
/// refiner calibrated at `calibrated`. `noise_m`: white noise on the
/// device position; `dropout`: the device silent 0.3 s every 5 s.
fn roll(
    calibrated: DVec3,
    true_offset: DVec3,
    seconds: f64,
    noise_m: f64,
    dropout: bool,
) -> (FootOffsetRefiner, Vec<DVec3>) {
    let settings = OffsetRefineSettings::default();
    let mut refiner = FootOffsetRefiner::new(calibrated);
    let ball_world = DVec3::new(0.3, 0.03, -0.2);
    let heading = DQuat::from_rotation_y(0.7);
    let mut applied = Vec::new();
    let mut last_valid = f64::NEG_INFINITY;
    let samples = (seconds * 90.0) as usize;
    for k in 0..samples {
        let t = k as f64 / 90.0;
        if dropout && (t % 5.0) > 4.7 {
            continue;
        }
        let lift = 30f64.to_radians() * (0.5 - 0.5 * (std::f64::consts::TAU * t).cos());
        // Heel up = the foot's toes down: a negative turn about its x axis.
        let rotation = heading * DQuat::from_rotation_x(-lift);
        let ankle = ball_world - rotation * settings.ball;
        let shake = DVec3::new(
            noise(3 * k as u64),
            noise(3 * k as u64 + 1),
            noise(3 * k as u64 + 2),
        ) * noise_m;
        let device = ankle + rotation * true_offset + shake;
        let restart = t - last_valid > 0.1;
        last_valid = t;
        refiner.push(t, rotation, device, restart, &settings);
        applied.push(refiner.offset());
    }
    (refiner, applied)
}

#[test]
fn a_foot_rolling_over_its_ball_reveals_the_offsets_height_and_reach() {
    let truth = DVec3::new(0.0, 0.055, 0.10);
    let calibrated = DVec3::new(0.0, 0.04, 0.08);
    let (refiner, _) = roll(calibrated, truth, 60.0, 0.0, false);
    let error = refiner.offset() - truth;
    assert!(error.y.abs() < 0.002 && error.z.abs() < 0.002, "{error:?}");
    assert_eq!(
        refiner.offset().x,
        calibrated.x,
        "left-right stays calibrated"
    );
}

#[test]
fn noise_and_dropouts_neither_make_it_jump_nor_stop_it() {
    let truth = DVec3::new(0.0, 0.055, 0.10);
    let calibrated = DVec3::new(0.0, 0.04, 0.08);
    let (refiner, applied) = roll(calibrated, truth, 60.0, 0.0015, true);
    let error = refiner.offset() - truth;
    assert!(error.length() < 0.006, "{error:?}");
    let settings = OffsetRefineSettings::default();
    // At most rate x the longest sample gap (0.1 s clamp) per sample.
    let most = settings.rate_m_per_s * 0.1 + 1e-12;
    for pair in applied.windows(2) {
        assert!((pair[1] - pair[0]).length() <= most);
    }
}

#[test]
fn the_change_never_exceeds_its_bound() {
    // A device truly 6 cm off the calibrated offset: the refinement stops
    // at 3 cm from the calibrated one.
    let truth = DVec3::new(0.0, 0.08, 0.12);
    let calibrated = DVec3::new(0.0, 0.04, 0.08);
    let (refiner, applied) = roll(calibrated, truth, 120.0, 0.0, false);
    let bound = OffsetRefineSettings::default().max_change_m + 1e-9;
    for a in &applied {
        assert!((*a - calibrated).length() <= bound);
    }
    assert!((refiner.offset() - calibrated).length() > 0.02);
}

#[test]
fn a_still_or_sliding_foot_changes_nothing() {
    let settings = OffsetRefineSettings::default();
    let calibrated = DVec3::new(0.0, 0.04, 0.08);
    let mut refiner = FootOffsetRefiner::new(calibrated);
    for k in 0..900 {
        let t = k as f64 / 90.0;
        // Sliding forward without turning, then swinging through the air
        // while turning (no still point).
        let rotation = DQuat::from_rotation_x(0.3 * (3.0 * t).sin());
        let position = DVec3::new(0.0, 0.1, 1.5 * t);
        refiner.push(t, rotation, position, k == 0, &settings);
    }
    assert_eq!(refiner.offset(), calibrated);
    assert_eq!(refiner.evidence_rad(), 0.0);
}

#[test]
fn non_finite_samples_are_ignored() {
    let settings = OffsetRefineSettings::default();
    let calibrated = DVec3::new(0.0, 0.04, 0.08);
    let mut refiner = FootOffsetRefiner::new(calibrated);
    refiner.push(0.0, DQuat::IDENTITY, DVec3::NAN, true, &settings);
    refiner.push(f64::NAN, DQuat::IDENTITY, DVec3::ZERO, true, &settings);
    assert_eq!(refiner.offset(), calibrated);
}

#[test]
fn the_heel_prior_moves_only_the_forward_part() {
    // A foot that lands: it turns onto its heel (toes up, then down flat)
    // about a still heel point. With heel windows on, only z changes.
    let settings = OffsetRefineSettings {
        heel_gate_m: 0.10,
        gate_m: 0.0,
        ..OffsetRefineSettings::default()
    };
    let truth = DVec3::new(0.0, 0.05, 0.10);
    let calibrated = DVec3::new(0.0, 0.04, 0.08);
    let mut refiner = FootOffsetRefiner::new(calibrated);
    let heel_world = DVec3::new(0.0, 0.02, 0.0);
    for k in 0..(60 * 90) {
        let t = k as f64 / 90.0;
        let lift = 20f64.to_radians() * (0.5 - 0.5 * (std::f64::consts::TAU * t).cos());
        let rotation = DQuat::from_rotation_x(lift);
        let ankle = heel_world - rotation * settings.heel;
        refiner.push(t, rotation, ankle + rotation * truth, k == 0, &settings);
    }
    let o = refiner.offset();
    assert_eq!(o.y, calibrated.y);
    assert!((o.z - truth.z).abs() < 0.002, "{o:?}");
}

/// Feeds `seconds` of a hand that turns at the wrist (the forearm still):
/// flexion about its y axis and deviation about its z axis, out of phase.
fn wave(calibrated: DVec3, true_offset: DVec3, seconds: f64) -> FootOffsetRefiner {
    let settings = OffsetRefineSettings {
        hands: true,
        ..OffsetRefineSettings::default()
    };
    let mut refiner = FootOffsetRefiner::for_hand(calibrated);
    let wrist = DVec3::new(0.2, 1.1, 0.3);
    let heading = DQuat::from_rotation_y(-0.4);
    for k in 0..(seconds * 90.0) as usize {
        let t = k as f64 / 90.0;
        let phase = std::f64::consts::TAU * 0.7 * t;
        let rotation = heading
            * DQuat::from_rotation_y(0.5 * phase.sin())
            * DQuat::from_rotation_z(0.4 * (1.3 * phase).cos());
        let device = wrist + rotation * true_offset;
        refiner.push(t, rotation, device, k == 0, &settings);
    }
    refiner
}

#[test]
fn a_hand_turning_at_the_wrist_reveals_its_offset_across_the_turns() {
    let truth = DVec3::new(-0.03, 0.045, 0.01);
    let calibrated = DVec3::new(-0.01, 0.03, 0.01);
    let refiner = wave(calibrated, truth, 60.0);
    let before = (calibrated - truth).length();
    let after = (refiner.offset() - truth).length();
    assert!(refiner.windows().0 > 100, "{:?}", refiner.windows());
    assert!(after < 0.25 * before, "{before} -> {after}");
}

#[test]
fn a_hand_moved_with_its_forearm_changes_nothing() {
    // The whole arm swings about a shoulder 60 cm away: no point near the
    // wrist stands still, so no window counts.
    let settings = OffsetRefineSettings {
        hands: true,
        ..OffsetRefineSettings::default()
    };
    let calibrated = DVec3::new(-0.01, 0.03, 0.01);
    let mut refiner = FootOffsetRefiner::for_hand(calibrated);
    let shoulder = DVec3::new(0.2, 1.4, 0.0);
    for k in 0..(30.0 * 90.0) as usize {
        let t = k as f64 / 90.0;
        let rotation = DQuat::from_rotation_x(0.8 * (std::f64::consts::TAU * 0.5 * t).sin());
        let wrist = shoulder + rotation * DVec3::new(0.0, -0.6, 0.0);
        refiner.push(
            t,
            rotation,
            wrist + rotation * calibrated,
            k == 0,
            &settings,
        );
    }
    assert_eq!(refiner.windows().0, 0);
    assert_eq!(refiner.offset(), calibrated);
}

#[test]
fn a_head_turning_about_its_pivot_reveals_the_headsets_offset() {
    // The head nods and shakes about a pivot 3 cm below and 2 cm behind the
    // head joint (the prior), the body still.
    let pivot = DVec3::new(0.0, -0.03, -0.02);
    let settings = OffsetRefineSettings {
        head: true,
        head_pivot: pivot,
        ..OffsetRefineSettings::default()
    };
    let truth = DVec3::new(0.01, 0.095, 0.085);
    let calibrated = DVec3::new(0.0, 0.08, 0.10);
    let mut refiner = FootOffsetRefiner::for_head(calibrated);
    let joint_at_rest = DVec3::new(-0.3, 1.55, 0.4);
    for k in 0..(60.0 * 90.0) as usize {
        let t = k as f64 / 90.0;
        let phase = std::f64::consts::TAU * 0.6 * t;
        let rotation = DQuat::from_rotation_y(0.6 * phase.sin())
            * DQuat::from_rotation_x(0.3 * (1.4 * phase).cos());
        // The pivot stays put; the head joint turns about it.
        let still = joint_at_rest + pivot;
        let joint = still - rotation * pivot;
        refiner.push(t, rotation, joint + rotation * truth, k == 0, &settings);
    }
    let before = (calibrated - truth).length();
    let after = (refiner.offset() - truth).length();
    assert!(refiner.windows().0 > 100, "{:?}", refiner.windows());
    assert!(after < 0.25 * before, "{before} -> {after}");
}
