use std::path::Path;

use glam::{DQuat, DVec3, Quat, Vec3};

use super::*;
use crate::gltf_import::{load_gltf_bytes, ImportOptions};
use crate::mesh::{MeshJoint, WeightFix};

/// A bent strip on two bones along +X, the second joint at x = 1, with
/// the root's bind rotation not the identity (to exercise the inverse
/// bind matrices).
fn strip() -> SkinnedMesh {
    let mut positions = Vec::new();
    let mut weights = Vec::new();
    for i in 0..5 {
        let x = i as f32 * 0.5;
        for y in [-0.1f32, 0.1] {
            positions.push(Vec3::new(x, y, 0.0));
            let w1 = (x - 0.5).clamp(0.0, 1.0);
            let mut list = vec![(0usize, 1.0 - w1)];
            if w1 > 0.0 {
                list.push((1, w1));
            }
            weights.push(list);
        }
    }
    let mut triangles = Vec::new();
    for i in 0..4u32 {
        let a = 2 * i;
        triangles.push([a, a + 2, a + 3]);
        triangles.push([a, a + 3, a + 1]);
    }
    let skeleton = vec![
        MeshJoint {
            name: "root".into(),
            parent: None,
            bind_position: DVec3::ZERO,
            bind_rotation: DQuat::from_rotation_z(0.3),
        },
        MeshJoint {
            name: "tip".into(),
            parent: Some(0),
            bind_position: DVec3::X,
            bind_rotation: DQuat::IDENTITY,
        },
    ];
    SkinnedMesh::from_vertex_weights(
        "strip",
        positions,
        None,
        triangles,
        &weights,
        skeleton,
        WeightFix::Strict,
    )
    .expect("valid strip")
}

fn frames() -> Vec<AnimationFrame> {
    (0..3)
        .map(|f| {
            let angle = f as f32 * 0.6;
            AnimationFrame {
                time_s: f as f32 / 30.0,
                bones: vec![
                    BoneTransform {
                        rotation: Quat::IDENTITY,
                        translation: Vec3::new(0.0, f as f32 * 0.1, 0.0),
                    },
                    BoneTransform {
                        rotation: Quat::from_rotation_z(angle),
                        translation: Vec3::new(0.0, f as f32 * 0.1, 0.0) + Vec3::X
                            - Quat::from_rotation_z(angle) * Vec3::X,
                    },
                ],
            }
        })
        .collect()
}

#[test]
fn export_glb_reimports_to_the_same_rest_mesh() {
    let mesh = strip();
    let bytes = glb_bytes(&mesh, &frames()).expect("exports");
    let back = load_gltf_bytes(&bytes, Path::new("strip.glb"), ImportOptions::default())
        .expect("our importer reads it");
    assert_eq!(back.vertex_count(), mesh.vertex_count());
    assert_eq!(back.triangles, mesh.triangles);
    for (a, b) in back.positions.iter().zip(&mesh.positions) {
        assert!((*a - *b).length() < 1e-5, "{a} vs {b}");
    }
    let names: Vec<&str> = back.skeleton.iter().map(|j| j.name.as_str()).collect();
    assert_eq!(names, ["root", "tip"]);
}

#[test]
fn export_glb_animation_keys_reproduce_the_bone_transforms() {
    let mesh = strip();
    let frames = frames();
    let bytes = glb_bytes(&mesh, &frames).expect("exports");
    let gltf = gltf::Gltf::from_slice(&bytes).expect("valid glb");
    let blob = gltf.blob.clone().expect("binary chunk");
    let anims: Vec<_> = gltf.document.animations().collect();
    assert_eq!(anims.len(), 1);
    assert_eq!(anims[0].channels().count(), 4);
    // Rebuild each frame's joint world transforms from the keys and check
    // world * inverse bind = the bone transform given.
    let mut local_rot = vec![vec![Quat::IDENTITY; 2]; frames.len()];
    let mut local_pos = vec![vec![Vec3::ZERO; 2]; frames.len()];
    for ch in anims[0].channels() {
        let j = ch.target().node().index();
        let reader = ch.reader(|_| Some(&blob[..]));
        match reader.read_outputs().expect("outputs") {
            gltf::animation::util::ReadOutputs::Rotations(r) => {
                for (f, q) in r.into_f32().enumerate() {
                    local_rot[f][j] = Quat::from_array(q);
                }
            }
            gltf::animation::util::ReadOutputs::Translations(t) => {
                for (f, v) in t.enumerate() {
                    local_pos[f][j] = Vec3::from_array(v);
                }
            }
            _ => panic!("unexpected channel"),
        }
    }
    for (f, frame) in frames.iter().enumerate() {
        let w0 = (local_rot[f][0], local_pos[f][0]);
        let w1 = (w0.0 * local_rot[f][1], w0.0 * local_pos[f][1] + w0.1);
        for (j, (r, p)) in [w0, w1].into_iter().enumerate() {
            let bind_r = mesh.skeleton[j].bind_rotation.as_quat();
            let bind_p = mesh.skeleton[j].bind_position.as_vec3();
            let got_rot = r * bind_r.inverse();
            let got_trans = p - got_rot * bind_p;
            let want = frame.bones[j];
            assert!(
                got_rot.dot(want.rotation).abs() > 1.0 - 1e-6,
                "frame {f} joint {j}"
            );
            assert!(
                (got_trans - want.translation).length() < 1e-5,
                "frame {f} joint {j}: {got_trans} vs {}",
                want.translation
            );
        }
    }
}

#[test]
fn export_glb_refuses_times_that_do_not_increase() {
    let mesh = strip();
    let mut frames = frames();
    frames[2].time_s = frames[1].time_s;
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("a.glb");
    let err = write_glb(&path, &mesh, &frames).expect_err("refused");
    assert!(err.to_string().contains("a.glb"), "{err}");
    assert!(!path.exists());
}
