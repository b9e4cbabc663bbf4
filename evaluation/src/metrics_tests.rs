//! Hand-computed cases for every metric.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{Joint, JointMap, Transform};

use super::*;

const GT_DT: f64 = 1.0 / 120.0;
const OUT_DT: f64 = 1.0 / 90.0;

fn frame(time_s: f64, p: JointMap<DVec3>) -> JointFrame {
    JointFrame {
        time_s,
        joints: p.map(|_, &x| Transform::new(x, DQuat::IDENTITY)),
    }
}

/// Distinct resting positions for every joint (no zero-length bone).
fn base(j: Joint) -> DVec3 {
    let i = j.index() as f64;
    DVec3::new(0.07 * i, 1.0 + 0.03 * i, 0.02 * (j.index() % 4) as f64)
}

/// Frames at `k * dt` for `0 <= k * dt <= duration`, positions from `f`.
fn track(dt: f64, duration: f64, f: impl Fn(f64, Joint) -> DVec3) -> Vec<JointFrame> {
    let n = (duration / dt + 1e-9).floor() as usize + 1;
    (0..n)
        .map(|k| {
            let t = k as f64 * dt;
            frame(t, JointMap::from_fn(|j| f(t, j)))
        })
        .collect()
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn metric_constant_offset_gives_its_length_as_every_position_error() {
    let v = DVec3::new(0.3, 0.0, -0.2);
    let gt = track(GT_DT, 4.0, |t, j| base(j) + v * t);
    let d = DVec3::new(0.03, -0.04, 0.0); // 5 cm
                                          // Huge errors during settling must not count.
    let out = track(OUT_DT, 4.0, |t, j| {
        base(j) + v * t + if t < 1.0 { DVec3::splat(3.0) } else { d }
    });
    let m = evaluate(&out, &gt, 1.0).expect("metrics");
    for (name, value) in [
        ("mpjpe", m.mpjpe_cm),
        ("upper", m.upper_pe_cm),
        ("lower", m.lower_pe_cm),
        ("hand", m.hand_pe_cm),
        ("root", m.root_pe_cm),
    ] {
        assert!(close(value, 5.0, 1e-9), "{name} = {value}");
    }
    assert!(m.mpjve_cm_s.abs() < 1e-9, "{}", m.mpjve_cm_s);
    assert!(m.bone_angle_deg.abs() < 1e-5, "{}", m.bone_angle_deg);
    assert!(m.jitter.abs() < 1e-6 && m.gt_jitter.abs() < 1e-6);
    assert_eq!(m.falls_pct, 0.0);
    // Window: t >= 1.0 and t <= 4.0 at 90 Hz: frames 90..=360.
    assert_eq!(m.frames, 271);
}

#[test]
fn metric_position_errors_split_by_joint_group() {
    let gt = track(GT_DT, 3.0, |_, j| base(j));
    // Only the left wrist is off, by 10 cm.
    let out = track(OUT_DT, 3.0, |_, j| {
        base(j)
            + if j == Joint::LeftWrist {
                DVec3::new(0.0, 0.1, 0.0)
            } else {
                DVec3::ZERO
            }
    });
    let m = evaluate(&out, &gt, 1.0).expect("metrics");
    assert!(close(m.hand_pe_cm, 5.0, 1e-9), "{}", m.hand_pe_cm);
    assert!(close(m.upper_pe_cm, 10.0 / 7.0, 1e-9), "{}", m.upper_pe_cm);
    assert!(close(m.lower_pe_cm, 0.0, 1e-12));
    assert!(close(m.root_pe_cm, 0.0, 1e-12));
    assert!(close(m.mpjpe_cm, 10.0 / 14.0, 1e-9), "{}", m.mpjpe_cm);
}

#[test]
fn metric_velocity_error_of_a_wrong_speed() {
    // GT still; output pelvis moves at 0.5 m/s: velocity error 50 cm/s on
    // one of 14 joints.
    let gt = track(GT_DT, 3.0, |_, j| base(j));
    let out = track(OUT_DT, 3.0, |t, j| {
        base(j)
            + if j == Joint::Pelvis {
                DVec3::new(0.5 * t, 0.0, 0.0)
            } else {
                DVec3::ZERO
            }
    });
    let m = evaluate(&out, &gt, 1.0).expect("metrics");
    assert!(close(m.mpjve_cm_s, 50.0 / 14.0, 1e-9), "{}", m.mpjve_cm_s);
}

#[test]
fn metric_bone_angle_of_one_bent_forearm() {
    let gt = track(GT_DT, 2.0, |_, j| base(j));
    // Put the left wrist so that elbow->wrist is at 90 degrees to the GT's.
    let out = track(OUT_DT, 2.0, |_, j| {
        if j == Joint::LeftWrist {
            let dir = base(Joint::LeftWrist) - base(Joint::LeftElbow);
            let perpendicular = dir.normalize().any_orthonormal_vector() * dir.length();
            base(Joint::LeftElbow) + perpendicular
        } else {
            base(j)
        }
    });
    let m = evaluate(&out, &gt, 0.5).expect("metrics");
    assert!(
        close(m.bone_angle_deg, 90.0 / 8.0, 1e-9),
        "{}",
        m.bone_angle_deg
    );
}

#[test]
fn metric_jitter_of_a_cubic_is_six_a() {
    let a = 2.5;
    let dir = DVec3::new(1.0, 2.0, -2.0) / 3.0;
    // GT at the output times, so its jitter is exact too.
    let gt = track(OUT_DT, 3.0, |t, j| base(j) + dir * a * t * t * t);
    let out = gt.clone();
    let m = evaluate(&out, &gt, 1.0).expect("metrics");
    assert!(close(m.jitter, 6.0 * a, 1e-6), "{}", m.jitter);
    assert!(close(m.gt_jitter, 6.0 * a, 1e-6), "{}", m.gt_jitter);
    assert!(close(m.jitter_ratio, 1.0, 1e-6));
    // A smooth reconstruction of a cubic GT: jitter 0, ratio 0.
    let still = track(OUT_DT, 3.0, |_, j| base(j));
    let m = evaluate(&still, &gt, 1.0).expect("metrics");
    assert!(m.jitter.abs() < 1e-9 && m.jitter_ratio.abs() < 1e-9);
}

#[test]
fn metric_foot_skate_on_a_sliding_ankle() {
    // Left ankle slides at 0.1 m/s along x; on the floor until t = 2 s,
    // then 20 cm up (no contact). Right ankle stands still, 5 cm up.
    let ankles = |t: f64, j: Joint| match j {
        Joint::LeftAnkle => DVec3::new(0.1 * t, if t < 2.0 { 0.0 } else { 0.2 }, 0.0),
        Joint::RightAnkle => DVec3::new(-0.2, 0.05, 0.0),
        _ => base(j),
    };
    let out = track(OUT_DT, 3.0, ankles);
    // GT: both feet still.
    let gt = track(GT_DT, 3.0, |_, j| match j {
        Joint::LeftAnkle => DVec3::new(0.1, 0.0, 0.0),
        Joint::RightAnkle => DVec3::new(-0.2, 0.05, 0.0),
        _ => base(j),
    });
    let m = evaluate(&out, &gt, 1.0).expect("metrics");
    // Left foot 10 cm/s, right 0: mean 5.
    assert!(close(m.foot_skate_cm_s, 5.0, 1e-9), "{}", m.foot_skate_cm_s);
    assert!(m.gt_foot_skate_cm_s.abs() < 1e-12);
    // Same motion in the GT: the GT's skate is the same.
    let gt_sliding = track(GT_DT, 3.0, ankles);
    let m = evaluate(&out, &gt_sliding, 1.0).expect("metrics");
    assert!(
        close(m.gt_foot_skate_cm_s, 5.0, 1e-6),
        "{}",
        m.gt_foot_skate_cm_s
    );
    assert!(close(m.skate_ratio, 1.0, 1e-6));
}

#[test]
fn metric_penetration_against_the_lowest_gt_ankle_of_the_clip() {
    // GT ankles lowest at 2 cm, at t = 0 (outside the window).
    let gt = track(GT_DT, 3.0, |t, j| match j {
        Joint::LeftAnkle | Joint::RightAnkle => {
            DVec3::new(0.0, if t == 0.0 { 0.02 } else { 0.1 }, 0.0)
        }
        _ => base(j),
    });
    let out = track(OUT_DT, 3.0, |_, j| match j {
        Joint::LeftAnkle => DVec3::new(0.0, -0.03, 0.0),
        Joint::RightAnkle => DVec3::new(0.0, 0.5, 0.0),
        _ => base(j),
    });
    let m = evaluate(&out, &gt, 1.0).expect("metrics");
    assert!(close(m.penetration_cm, 2.5, 1e-9), "{}", m.penetration_cm);
}

#[test]
fn metric_falls_count_frames_with_the_head_below_half_the_gt() {
    let gt = track(GT_DT, 5.0, |_, j| {
        if j == Joint::Head {
            DVec3::new(0.0, 1.6, 0.0)
        } else {
            base(j)
        }
    });
    // Window 1..=5 s at 90 Hz: 361 frames; head down for t in [4, 5]: 91.
    let out = track(OUT_DT, 5.0, |t, j| match j {
        Joint::Head if t >= 4.0 - 1e-9 => DVec3::new(0.0, 0.79, 0.0),
        Joint::Head => DVec3::new(0.0, 0.81, 0.0),
        _ => base(j),
    });
    let m = evaluate(&out, &gt, 1.0).expect("metrics");
    assert_eq!(m.frames, 361);
    assert!(
        close(m.falls_pct, 100.0 * 91.0 / 361.0, 1e-9),
        "{}",
        m.falls_pct
    );
}

fn waving(t: f64, j: Joint) -> DVec3 {
    let w = |f: f64, phase: f64| (std::f64::consts::TAU * f * t + phase).sin();
    match j {
        Joint::LeftWrist => {
            base(j) + DVec3::new(0.3 * w(0.7, 0.0), 0.2 * w(1.3, 1.0), 0.1 * w(0.4, 2.0))
        }
        Joint::RightWrist => {
            base(j) + DVec3::new(0.2 * w(1.1, 0.5), 0.25 * w(0.5, 0.2), 0.15 * w(0.9, 1.5))
        }
        _ => base(j),
    }
}

#[test]
fn metric_lag_of_a_delayed_motion_is_the_delay() {
    let gt = track(GT_DT, 6.0, waving);
    for k in [-4i32, 0, 1, 3, 9] {
        let delay = f64::from(k) * OUT_DT;
        let out = track(OUT_DT, 6.0, |t, j| waving(t - delay, j));
        let m = evaluate(&out, &gt, 1.0).expect("metrics");
        assert!(
            (m.lag_ms - delay * 1000.0).abs() <= 1.0,
            "k = {k}: lag {} ms, expected {} ms",
            m.lag_ms,
            delay * 1000.0
        );
    }
    // Still wrists: no lag can be measured.
    let still = track(OUT_DT, 6.0, |_, j| base(j));
    let m = evaluate(&still, &track(GT_DT, 6.0, |_, j| base(j)), 1.0).expect("metrics");
    assert!(m.lag_ms.is_nan());
}

#[test]
fn metric_means_use_ratio_of_means_for_jitter_and_skate() {
    let gt = track(OUT_DT, 3.0, |t, j| base(j) + DVec3::X * t * t * t);
    let a = evaluate(&gt, &gt, 1.0).expect("metrics");
    let mut b = a;
    b.mpjpe_cm = a.mpjpe_cm + 4.0;
    b.jitter = 1.0;
    b.gt_jitter = 0.001;
    b.jitter_ratio = 1000.0;
    b.lag_ms = f64::NAN;
    let m = mean_metrics(&[a, b]);
    assert!(close(m.mpjpe_cm, a.mpjpe_cm + 2.0, 1e-12));
    assert!(close(
        m.jitter_ratio,
        (a.jitter + 1.0) / (a.gt_jitter + 0.001),
        1e-12
    ));
    assert!(close(m.lag_ms, a.lag_ms, 1e-12) || (m.lag_ms.is_nan() && a.lag_ms.is_nan()));
    assert_eq!(m.frames, 2 * a.frames);
    let json = serde_json::to_string(&m).expect("json");
    assert!(
        json.contains("\"mpjpe_cm\"") && json.contains("\"skate_ratio\""),
        "{json}"
    );
}

#[test]
fn metric_inputs_are_checked() {
    let gt = track(GT_DT, 2.0, |_, j| base(j));
    assert_eq!(evaluate(&[], &gt, 1.0), Err(MetricsError::EmptyOutput));
    assert_eq!(
        evaluate(&gt, &gt[..1], 1.0),
        Err(MetricsError::ShortTruth(1))
    );
    let out = track(OUT_DT, 2.0, |_, j| base(j));
    assert!(matches!(
        evaluate(&out, &gt, 1.99),
        Err(MetricsError::TooFewFrames { found: 1, .. })
    ));
    let mut bad = out.clone();
    bad[5].time_s = bad[4].time_s;
    assert!(matches!(
        evaluate(&bad, &gt, 1.0),
        Err(MetricsError::TimeNotIncreasing {
            which: "output",
            index: 5,
            ..
        })
    ));
    let mut bad = out;
    bad[7].joints[Joint::LeftKnee].position.y = f64::NAN;
    let e = evaluate(&bad, &gt, 1.0).expect_err("nan");
    assert!(e.to_string().contains("left_knee"), "{e}");
}
