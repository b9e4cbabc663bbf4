//! BVH reader, writer, forward kinematics and CMU mapping on real clips from
//! `../shared/data/mocap` (skipped when the data is not there).

use std::path::PathBuf;

use posewire_body::bvh::cmu::{CmuMap, METRES_PER_UNIT};
use posewire_body::bvh::{Bvh, BvhError};
use posewire_body::Joint;

fn clip(name: &str) -> Option<PathBuf> {
    let data = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data"));
    if !data.is_dir() {
        // Straight to stderr, not through the test harness's captured
        // `println!`, so that the skip shows in every `cargo test` run.
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED: ../shared/data not found (test {})",
            std::thread::current().name().unwrap_or("?")
        );
        return None;
    }
    Some(data.join("mocap").join(name))
}

fn walk() -> Option<Bvh> {
    let path = clip("cmu_49_01_walk.bvh")?;
    Some(Bvh::read(&path).expect("the walk clip parses"))
}

#[test]
fn bvh_real_clip_reads_as_documented() {
    let Some(bvh) = walk() else { return };
    assert_eq!(bvh.joints.len(), 31);
    assert_eq!(bvh.frame_count(), 652);
    assert_eq!(bvh.channel_count(), 96);
    assert!((bvh.frame_time - 0.008333333).abs() < 1e-12);
    assert_eq!(
        bvh.joints.iter().filter(|j| j.end_site.is_some()).count(),
        7
    );
    let root = bvh.world_transforms(0)[0].position;
    assert!((root.y - 17.38).abs() < 0.01, "root height {}", root.y);
}

#[test]
fn bvh_real_clip_round_trip() {
    let Some(a) = walk() else { return };
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("walk.bvh");
    a.write(&path).expect("write");
    let b = Bvh::read(&path).expect("read back");
    assert_eq!(a.joints, b.joints);
    assert_eq!(a.frame_time, b.frame_time);
    assert_eq!(a.frame_count(), b.frame_count());
    let mut worst: f64 = 0.0;
    for f in 0..a.frame_count() {
        for (x, y) in a.frames[f].iter().zip(&b.frames[f]) {
            worst = worst.max((x - y).abs());
        }
        if f % 10 == 0 {
            for (ta, tb) in a.world_transforms(f).iter().zip(&b.world_transforms(f)) {
                worst = worst.max((ta.position - tb.position).length());
            }
        }
    }
    assert!(worst <= 1e-6, "round trip moved a value by {worst}");
}

#[test]
fn bvh_bone_lengths_constant_under_fk() {
    let Some(bvh) = walk() else { return };
    let rest = bvh.rest_world_transforms();
    let mut world = Vec::new();
    let mut worst: f64 = 0.0;
    let mut moved: f64 = 0.0;
    for f in (0..bvh.frame_count()).step_by(7) {
        bvh.world_transforms_into(f, &mut world);
        for (i, j) in bvh.joints.iter().enumerate() {
            let Some(p) = j.parent else { continue };
            let len = (world[i].position - world[p].position).length();
            let rest_len = (rest[i].position - rest[p].position).length();
            assert!((rest_len - j.offset.length()).abs() < 1e-9);
            worst = worst.max((len - rest_len).abs());
            moved = moved.max((world[i].position - rest[i].position).length());
        }
    }
    assert!(worst < 1e-9, "bone length changed by {worst} units");
    assert!(moved > 1.0, "the clip should actually move the joints");
}

#[test]
fn bvh_cmu_mapping_on_real_clip() {
    let Some(bvh) = walk() else { return };
    let map = CmuMap::new(&bvh).expect("every canonical joint maps");
    for j in Joint::ALL {
        assert!(map.bvh_joint(j) < bvh.joints.len());
    }
    assert_eq!(map.bvh_joint(Joint::Pelvis), 0);
    assert_eq!(bvh.joints[map.bvh_joint(Joint::LeftWrist)].name, "lhand");
    assert_eq!(bvh.joints[map.left_hip()].name, "lfemur");
    assert_eq!(bvh.joints[map.right_hip()].name, "rfemur");
    // R_body is the identity for CMU files (rest faces +Z, left at +X), up
    // to the 6-decimal rounding of the hip OFFSETs (a yaw of ~3e-7 rad).
    assert!(map.body_rotation().angle_between(glam::DQuat::IDENTITY) < 1e-5);

    let world = bvh.world_transforms(0);
    let c = map.canonical(&world);
    let root_m = world[0].position * METRES_PER_UNIT;
    let drop = root_m.y - c[Joint::Pelvis].position.y;
    assert!(
        (0.09..0.125).contains(&drop),
        "pelvis {drop} m below the root"
    );
    assert!((c[Joint::Pelvis].position.y - 0.88).abs() < 0.1);
    for j in Joint::ALL {
        assert!(c[j].is_finite());
        if j != Joint::Pelvis {
            let p = world[map.bvh_joint(j)].position * METRES_PER_UNIT;
            assert!((c[j].position - p).length() < 1e-12, "{j}");
        }
    }
    assert!(c[Joint::Head].position.y > c[Joint::Neck].position.y);

    // At rest the left hip is on +X, and every bone rotation is identity.
    let rest = map.canonical(&bvh.rest_world_transforms());
    assert!(rest[Joint::LeftHip].position.x > rest[Joint::RightHip].position.x);
    assert!(rest[Joint::LeftShoulder].position.x > 0.1);
    for j in Joint::ALL {
        assert!(
            rest[j].rotation.angle_between(glam::DQuat::IDENTITY) < 1e-5,
            "{j}"
        );
    }
}

#[test]
fn bvh_cmu_mapping_names_a_missing_joint() {
    let Some(mut bvh) = walk() else { return };
    let i = bvh.joint_index("lhand").expect("lhand");
    bvh.joints[i].name = "lpalm".into();
    let err = CmuMap::new(&bvh)
        .expect_err("no lhand")
        .with_path("walk.bvh");
    assert!(matches!(err, BvhError::Mapping { .. }));
    let msg = err.to_string();
    assert!(msg.contains("lhand") && msg.contains("walk.bvh"), "{msg}");
    assert!(!msg.contains("rhand"), "{msg}");
}

#[test]
fn bvh_largest_dev_clip_parses_and_maps() {
    let Some(path) = clip("cmu_14_14_jumping_jacks_jog_squats_twists.bvh") else {
        return;
    };
    let bvh = Bvh::read(&path).expect("largest clip parses");
    assert_eq!(bvh.frame_count(), 4653);
    assert_eq!(bvh.channel_count(), 96);
    let map = CmuMap::new(&bvh).expect("maps");
    let mut world = Vec::new();
    bvh.world_transforms_into(bvh.frame_count() - 1, &mut world);
    let c = map.canonical(&world);
    assert!(c[Joint::Head].position.y > 1.0);
}
