use super::*;
use crate::learned::limbs::{features, middle_pole};
use posewire_body::glam::DQuat;
use posewire_body::transform::yaw_rotation;
use posewire_body::Transform;

fn target(p: DVec3, r: DQuat) -> BoneTarget {
    BoneTarget {
        bone: Transform::new(p, r),
        velocity: DVec3::ZERO,
    }
}

/// A standing body facing +Z at the origin's heading: the pelvis at 0.95 m,
/// the head above it, the hands in front, each turned its own way.
fn body() -> (PelvisState, BoneTarget, [Option<BoneTarget>; 2]) {
    let pelvis = PelvisState {
        position: DVec3::new(0.0, 0.95, 0.0),
        rotation: DQuat::from_rotation_x(0.1),
        yaw: 0.0,
        velocity: DVec3::ZERO,
        tracked: true,
    };
    let head = target(DVec3::new(0.02, 1.6, 0.05), DQuat::from_rotation_y(0.3));
    let left = target(
        DVec3::new(0.25, 1.1, 0.3),
        DQuat::from_euler(posewire_body::glam::EulerRot::YXZ, 0.4, 0.2, -0.5),
    );
    let right = target(
        DVec3::new(-0.3, 1.0, 0.2),
        DQuat::from_euler(posewire_body::glam::EulerRot::YXZ, -0.1, 0.6, 0.3),
    );
    (pelvis, head, [Some(left), Some(right)])
}

/// The world mirrored across the plane x = 0: positions flip x, rotations
/// become M R M.
fn mirror_world(b: &BoneTarget) -> BoneTarget {
    let p = b.bone.position;
    let q = b.bone.rotation;
    target(
        DVec3::new(-p.x, p.y, p.z),
        DQuat::from_xyzw(q.x, -q.y, -q.z, q.w),
    )
}

/// A network of the arms' shape with small fixed weights.
fn some_model() -> Arc<Mlp> {
    let mut m = Mlp::zeros(&[FEATURES, 8, OUTPUTS]);
    for (i, w) in m.layers[0].weights.iter_mut().enumerate() {
        *w = ((i * 37 % 17) as f32 - 8.0) * 0.01;
    }
    m.out_mean = vec![
        0.1, 0.3, 0.0, -0.1, 0.3, 0.0, 0.2, 0.15, -0.05, -0.2, 0.15, -0.05,
    ];
    m.out_scale = vec![0.02; OUTPUTS];
    Arc::new(m)
}

#[test]
fn the_mirrored_body_gives_the_mirrored_features() {
    let (pelvis, head, hands) = body();
    let [Some(l), Some(r)] = hands else {
        panic!("both hands");
    };
    let q = pelvis.rotation;
    let mirrored_pelvis = PelvisState {
        rotation: DQuat::from_xyzw(q.x, -q.y, -q.z, q.w),
        ..pelvis
    };
    let a = features(&pelvis, [&head, &l, &r], 1.6).map(|i| i.features);
    let (mh, ml, mr) = (mirror_world(&head), mirror_world(&l), mirror_world(&r));
    let b = features(&mirrored_pelvis, [&mh, &mr, &ml], 1.6).map(|i| i.features);
    let (Some(a), Some(b)) = (a, b) else {
        panic!("features of a whole body");
    };
    let (x, y) = (a.mirrored(&SWAPS).to_input(), b.to_input());
    for (k, (u, v)) in x.iter().zip(&y).enumerate() {
        assert!((u - v).abs() < 1e-6, "feature {k}: {u} against {v}");
    }
    // And mirroring twice gives the features back.
    assert_eq!(a.mirrored(&SWAPS).mirrored(&SWAPS), a);
}

#[test]
fn targets_round_trip_through_the_output_vector_and_the_mirror() {
    let t = ArmsTarget {
        joints: [
            DVec3::new(0.1, 0.3, 0.0),
            DVec3::new(-0.1, 0.31, 0.01),
            DVec3::new(0.2, 0.1, -0.1),
            DVec3::new(-0.15, 0.12, 0.05),
        ],
    };
    let Some(back) = ArmsTarget::from_output(&t.to_output()) else {
        panic!("a whole output vector");
    };
    for (u, v) in back.joints.iter().zip(&t.joints) {
        assert!(u.distance(*v) < 1e-6);
    }
    assert!(ArmsTarget::from_output(&[0.0; OUTPUTS - 1]).is_none());
    let m = t.mirrored(&SWAPS);
    assert!(m.joints[0].distance(DVec3::new(0.1, 0.31, 0.01)) < 1e-12);
    assert!(m.joints[3].distance(DVec3::new(-0.2, 0.1, -0.1)) < 1e-12);
    assert_eq!(m.mirrored(&SWAPS), t);
}

#[test]
fn without_a_model_only_the_features_are_kept() {
    let (pelvis, head, hands) = body();
    let mut arms = LearnedArms::new(None, LearnedArmsSettings::default());
    assert!(arms
        .update(1.0 / 90.0, &pelvis, &head, &hands, 1.6)
        .is_none());
    assert!(arms.last_input().is_some());
    assert!(!arms.has_model());
    let one_hand = [hands[0], None];
    assert!(arms
        .update(1.0 / 90.0, &pelvis, &head, &one_hand, 1.6)
        .is_none());
    assert!(arms.last_input().is_none());
}

#[test]
fn a_model_is_blended_in_and_out_over_the_ramp_without_a_jump() {
    let (pelvis, head, hands) = body();
    let settings = LearnedArmsSettings::default();
    let mut arms = LearnedArms::new(Some(some_model()), settings);
    let dt = 1.0 / 90.0;
    let ramp = (settings.blend_s / dt).round() as usize;
    let mut weights = Vec::new();
    let mut last = None;
    for k in 0..(2 * ramp) {
        let lost = k >= ramp + ramp / 2;
        let h = if lost { [hands[0], None] } else { hands };
        let out = arms.update(dt, &pelvis, &head, &h, 1.6);
        let w = out.map_or(0.0, |o| o.weight);
        weights.push(w);
        if let (Some(a), Some(b)) = (last, out) {
            let (a, b): (LearnedArmJoints, LearnedArmJoints) = (a, b);
            for (p, q) in a.elbows.iter().zip(&b.elbows) {
                assert!(
                    p.distance(*q) < 0.01,
                    "the elbow jumped {} m",
                    p.distance(*q)
                );
            }
        }
        last = out;
    }
    assert!(weights[0] > 0.0 && weights[0] < 0.1, "{}", weights[0]);
    let full = weights[ramp + 2];
    assert!(
        (full - 1.0).abs() < 1e-9,
        "full weight after the ramp: {full}"
    );
    let end = *weights.last().unwrap_or(&1.0);
    assert!(end < 0.5, "fading out after the hand is lost: {end}");
    for w in weights.windows(2) {
        assert!((w[1] - w[0]).abs() <= dt / settings.blend_s + 1e-9);
    }
    // The answer is in the body's frame: a body moved and turned carries
    // its shoulders with it.
    let mut fresh = LearnedArms::new(Some(some_model()), settings);
    let a = fresh.update(dt, &pelvis, &head, &hands, 1.6);
    let turn = yaw_rotation(1.0);
    let shift = DVec3::new(2.0, 0.0, -1.0);
    let moved = |b: &BoneTarget| target(shift + turn * b.bone.position, turn * b.bone.rotation);
    let turned = PelvisState {
        position: shift + turn * pelvis.position,
        rotation: turn * pelvis.rotation,
        yaw: 1.0,
        ..pelvis
    };
    let mut other = LearnedArms::new(Some(some_model()), settings);
    let moved_hands = hands.map(|h| h.map(|h| moved(&h)));
    let b = other.update(dt, &turned, &moved(&head), &moved_hands, 1.6);
    let (Some(a), Some(b)) = (a, b) else {
        panic!("answers with a model and both hands");
    };
    for (p, q) in a.shoulders.iter().zip(&b.shoulders) {
        assert!((shift + turn * *p).distance(*q) < 1e-5);
    }
}

#[test]
fn a_collarbone_turns_toward_the_wanted_shoulder_within_its_limit() {
    let clav = DVec3::ZERO;
    let shoulder = DVec3::new(0.15, 0.0, 0.0);
    let wanted = DVec3::new(0.15, 0.15, 0.0);
    let full = clavicle_turn(clav, shoulder, wanted, 1.0, 1.0);
    let moved = full * shoulder;
    assert!((moved.normalize() - wanted.normalize()).length() < 1e-9);
    let limited = clavicle_turn(clav, shoulder, wanted, 1.0, 0.2);
    assert!((limited.to_axis_angle().1 - 0.2).abs() < 1e-9);
    let half = clavicle_turn(clav, shoulder, wanted, 0.5, 1.0);
    assert!((half.to_axis_angle().1 - std::f64::consts::FRAC_PI_8).abs() < 1e-9);
    assert_eq!(clavicle_turn(clav, clav, wanted, 1.0, 1.0), DQuat::IDENTITY);
}

#[test]
fn the_middle_pole_is_square_to_the_limb_and_points_at_the_joint() {
    let s = DVec3::ZERO;
    let w = DVec3::new(0.4, 0.0, 0.0);
    let e = DVec3::new(0.2, -0.1, 0.05);
    let pole = middle_pole(s, w, e, 0.28, 0.26);
    let Some(pole) = pole else {
        panic!("an elbow off the line has a pole");
    };
    assert!(pole.dot(DVec3::X).abs() < 1e-9);
    assert!(pole.y < 0.0 && pole.z > 0.0);
    assert!(middle_pole(s, w, DVec3::new(0.2, 0.0, 0.0), 0.28, 0.26).is_none());
}
