use glam::{DQuat, DVec3, Vec3};

use super::*;
use crate::mesh::{MeshJoint, WeightFix};

/// A square of two triangles on one joint.
fn square() -> SkinnedMesh {
    let positions = vec![
        Vec3::new(0.0, 0.0, 0.0),
        Vec3::new(1.0, 0.0, 0.0),
        Vec3::new(1.0, 1.0, 0.0),
        Vec3::new(0.0, 1.0, 0.0),
    ];
    let weights = vec![vec![(0usize, 1.0f32)]; 4];
    let skeleton = vec![MeshJoint {
        name: "root".into(),
        parent: None,
        bind_position: DVec3::ZERO,
        bind_rotation: DQuat::IDENTITY,
    }];
    SkinnedMesh::from_vertex_weights(
        "square",
        positions,
        None,
        vec![[0, 1, 2], [0, 2, 3]],
        &weights,
        skeleton,
        WeightFix::Strict,
    )
    .expect("valid square")
}

/// Frame k: the square lifted by k/10 m and its corner 2 pulled out in z;
/// normals tilted toward +x.
fn frames(mesh: &SkinnedMesh, count: usize) -> Vec<BakedFrame> {
    (0..count)
        .map(|k| {
            let lift = Vec3::new(0.0, 0.1 * k as f32, 0.0);
            let mut positions: Vec<Vec3> = mesh.positions.iter().map(|p| *p + lift).collect();
            positions[2].z += 0.05 * k as f32;
            let normal = Vec3::new(0.1 * k as f32, 0.0, 1.0).normalize();
            BakedFrame {
                time_s: 2.0 + k as f32 / 30.0,
                name: format!("frame_{k}"),
                positions,
                normals: vec![normal; 4],
            }
        })
        .collect()
}

#[test]
fn export_baked_glb_morph_targets_reproduce_every_frame() {
    let mesh = square();
    let frames = frames(&mesh, 4);
    let bytes = baked_glb_bytes(&mesh, &frames).expect("exports");
    let gltf = gltf::Gltf::from_slice(&bytes).expect("valid glb");
    let blob = gltf.blob.clone().expect("binary chunk");
    assert_eq!(
        gltf.document.skins().count(),
        0,
        "no skin: nothing to re-skin"
    );
    let prim = gltf
        .document
        .meshes()
        .next()
        .expect("a mesh")
        .primitives()
        .next()
        .expect("a primitive");
    let reader = prim.reader(|_| Some(&blob[..]));
    let rest: Vec<Vec3> = reader
        .read_positions()
        .expect("positions")
        .map(Vec3::from_array)
        .collect();
    let rest_normals: Vec<Vec3> = reader
        .read_normals()
        .expect("normals")
        .map(Vec3::from_array)
        .collect();
    let targets: Vec<_> = reader.read_morph_targets().collect();
    assert_eq!(targets.len(), frames.len());
    for (k, (dp, dn, _)) in targets.into_iter().enumerate() {
        let dp: Vec<Vec3> = dp.expect("position deltas").map(Vec3::from_array).collect();
        let dn: Vec<Vec3> = dn.expect("normal deltas").map(Vec3::from_array).collect();
        for v in 0..4 {
            let p = rest[v] + dp[v];
            let n = rest_normals[v] + dn[v];
            assert!(
                (p - frames[k].positions[v]).length() < 1e-6,
                "frame {k} vertex {v}"
            );
            assert!(
                (n - frames[k].normals[v]).length() < 1e-6,
                "frame {k} normal {v}"
            );
        }
    }
    // The weights animation: STEP keys at the frame times from 0, one-hot.
    let anim = gltf.document.animations().next().expect("an animation");
    let channel = anim.channels().next().expect("a channel");
    assert_eq!(
        channel.target().property(),
        gltf::animation::Property::MorphTargetWeights
    );
    assert_eq!(
        channel.sampler().interpolation(),
        gltf::animation::Interpolation::Step
    );
    let reader = channel.reader(|_| Some(&blob[..]));
    let times: Vec<f32> = reader.read_inputs().expect("times").collect();
    assert_eq!(times.len(), 4);
    assert!(
        times[0].abs() < 1e-6 && (times[3] - 0.1).abs() < 1e-6,
        "{times:?}"
    );
    let weights: Vec<f32> = match reader.read_outputs().expect("outputs") {
        gltf::animation::util::ReadOutputs::MorphTargetWeights(w) => w.into_f32().collect(),
        _ => panic!("not morph weights"),
    };
    for k in 0..4 {
        let row = &weights[k * 4..k * 4 + 4];
        for (i, w) in row.iter().enumerate() {
            assert_eq!(*w, if i == k { 1.0 } else { 0.0 }, "key {k}: {row:?}");
        }
    }
}

#[test]
fn export_baked_glb_refuses_bad_frames() {
    let mesh = square();
    let mut short = frames(&mesh, 2);
    short[1].positions.pop();
    let err = baked_glb_bytes(&mesh, &short).expect_err("refused");
    assert!(
        err.contains("frame 1") && err.contains("3 positions"),
        "{err}"
    );

    let mut nan = frames(&mesh, 2);
    nan[0].normals[3] = Vec3::NAN;
    let err = baked_glb_bytes(&mesh, &nan).expect_err("refused");
    assert!(err.contains("vertex 3"), "{err}");

    let mut late = frames(&mesh, 3);
    late[2].time_s = late[0].time_s;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("b.glb");
    let err = write_baked_glb(&path, &mesh, &late).expect_err("refused");
    assert!(err.to_string().contains("b.glb"), "{err}");
    assert!(!path.exists());
    assert!(baked_glb_bytes(&mesh, &[]).is_err());
}

#[test]
fn export_baked_glb_plays_back_every_frame_at_its_time() {
    let mesh = square();
    let frames = frames(&mesh, 5);
    let bytes = baked_glb_bytes(&mesh, &frames).expect("exports");
    let keys = crate::export::view_morph_glb(&bytes).expect("plays back");
    assert_eq!(keys.len(), frames.len());
    for (key, frame) in keys.iter().zip(&frames) {
        assert!((key.time_s - (frame.time_s - frames[0].time_s)).abs() < 1e-6);
        for (a, b) in key.positions.iter().zip(&frame.positions) {
            assert!(
                (*a - *b).length() < 1e-6,
                "{} at {}: {a} vs {b}",
                frame.name,
                key.time_s
            );
        }
        for (a, b) in key.normals.iter().zip(&frame.normals) {
            assert!(
                (*a - *b).length() < 1e-6,
                "{}: normal {a} vs {b}",
                frame.name
            );
        }
    }
}
