//! The still standing take of the learned pelvis's and legs' training data
//! (real clips; skipped when `../shared/data` is absent).

use posewire_body::formats::TrackerSample;
use posewire_body::Transform;

use super::*;
use crate::shared_clips::clip_path;
use crate::synth::ground_truth;

const WALK: &str = "cmu_16_14_walk_veer_right.bvh";

fn load(name: &str) -> Option<Bvh> {
    clip_path(name).map(|p| Bvh::read(&p).expect("the clip parses"))
}

#[test]
fn a_walk_stands_still_at_an_upright_frame_with_both_feet_down() {
    let Some(bvh) = load(WALK) else { return };
    let frame = standing_frame(&bvh).expect("a walk has a standing frame");
    let map = CmuMap::new(&bvh).expect("maps");
    let truth = ground_truth(&bvh, &map);
    let lowest = |a: Joint| {
        truth
            .iter()
            .map(|f| f.joints[a].position.y)
            .fold(f64::INFINITY, f64::min)
    };
    let f = &truth[frame].joints;
    for a in [Joint::LeftAnkle, Joint::RightAnkle] {
        assert!(f[a].position.y < lowest(a) + FOOT_DOWN_M, "{a:?} is up");
    }
    // No frame with both feet down has its head higher above the ankles.
    let (head, _) = heights(f);
    for g in &truth {
        let down = [Joint::LeftAnkle, Joint::RightAnkle]
            .iter()
            .all(|&a| g.joints[a].position.y < lowest(a) + FOOT_DOWN_M);
        assert!(!down || heights(&g.joints).0 <= head + 1e-12);
    }

    let still = held_still(&bvh, frame, 2.0);
    assert!(still.frame_count() as f64 * still.frame_time >= 2.0);
    assert!(still.frames.iter().all(|v| *v == bvh.frames[frame]));
    assert_eq!(still.frame_time, bvh.frame_time);
}

#[test]
fn a_body_lying_on_the_floor_never_stands() {
    let Some(mut bvh) = load(WALK) else { return };
    // The root's last rotation channel is Xrotation: tip the walker over.
    let x_rotation = bvh.joints[0]
        .channels
        .iter()
        .position(|c| *c == posewire_body::bvh::Channel::Xrotation)
        .expect("the root turns about x");
    for frame in &mut bvh.frames {
        frame[x_rotation] += 90.0;
    }
    assert_eq!(standing_frame(&bvh), None);
}

#[test]
fn the_misreading_is_deterministic_and_in_its_ranges() {
    let draws: Vec<Misread> = (0..400)
        .map(|i| misread(101 + i % 3, &format!("clip_{i}")))
        .collect();
    assert_eq!(draws[7], misread(102, "clip_7"));
    assert_ne!(draws[7], misread(101, "clip_7"));
    let mut level = 0;
    for m in &draws {
        let drop = -m.head.y;
        if drop == 0.0 {
            level += 1;
        } else {
            assert!((HEAD_DROP_M.0..=HEAD_DROP_M.1).contains(&drop), "{m:?}");
        }
        assert!(DVec3::new(m.head.x, 0.0, m.head.z).length() <= HEAD_SHIFT_M);
        for h in m.hands {
            assert_eq!(h.y, 0.0);
            assert!(h.length() <= HAND_SHIFT_M);
        }
    }
    let share = f64::from(level) / draws.len() as f64;
    assert!(
        (share - LEVEL_HEAD_SHARE).abs() < 0.08,
        "level share {share}"
    );
}

#[test]
fn misreading_moves_the_head_and_hands_only() {
    let sample = |device, pose: Option<Transform>| TrackerSample {
        time_s: 0.0,
        device,
        pose,
        input: None,
    };
    let at = |p: DVec3| Some(Transform::new(p, posewire_body::glam::DQuat::IDENTITY));
    let p = DVec3::new(0.1, 1.6, 0.2);
    let mut take = TrackerTake {
        samples: vec![
            sample(Device::Head, at(p)),
            sample(Device::LeftHand, at(p)),
            sample(Device::RightHand, at(p)),
            sample(Device::Pelvis, at(p)),
            sample(Device::Head, None),
        ],
        invalid: Default::default(),
    };
    let m = misread(101, "clip");
    misread_devices(&mut take, &m);
    let moved: Vec<Option<DVec3>> = take
        .samples
        .iter()
        .map(|s| s.pose.map(|t| t.position))
        .collect();
    assert_eq!(
        moved,
        vec![
            Some(p + m.head),
            Some(p + m.hands[0]),
            Some(p + m.hands[1]),
            Some(p),
            None
        ]
    );
}
