//! The shared glTF models: import, rig mapping, retargeting of the bind pose.

mod common;

use posewire_body::{BodyProfile, Joint, Skeleton};
use posewire_skinning::{
    load_gltf, BoneTransform, CentresOfRotation, CorParams, Deformed, Deformer, ImportOptions,
    Method, Retargeter, RigMap,
};

#[test]
fn skinning_shared_models_import_map_and_keep_bind_pose() {
    let Some(dir) = common::models_dir("skinning_shared_models_import_map_and_keep_bind_pose")
    else {
        return;
    };
    let skeleton = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
    for (file, verts, joints, source) in [
        ("CesiumMan.glb", 3273, 19, "CesiumMan"),
        ("male_base_mesh.glb", 1226, 56, "Rigify metarig"),
    ] {
        let mesh =
            load_gltf(&dir.join(file), ImportOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(mesh.vertex_count(), verts);
        assert_eq!(mesh.skeleton.len(), joints);
        // Both files have TEXCOORD_0; CesiumMan's accessor bounds are
        // u 0.0141..0.9908, v 0.0084..0.9880.
        let uvs = mesh
            .uvs
            .as_ref()
            .unwrap_or_else(|| panic!("{file}: no UVs"));
        assert_eq!(uvs.len(), verts);
        assert!(uvs.iter().flatten().all(|c| (0.0..=1.0).contains(c)));
        if file == "CesiumMan.glb" {
            let (lo, hi) = uvs.iter().fold(([1f32; 2], [0f32; 2]), |(lo, hi), uv| {
                (
                    [lo[0].min(uv[0]), lo[1].min(uv[1])],
                    [hi[0].max(uv[0]), hi[1].max(uv[1])],
                )
            });
            assert!((lo[0] - 0.014_079).abs() < 1e-5 && (hi[0] - 0.990_806).abs() < 1e-5);
            assert!((lo[1] - 0.008_446).abs() < 1e-5 && (hi[1] - 0.988_030).abs() < 1e-5);
        }
        let map = RigMap::for_mesh(&mesh);
        assert_eq!(map.source, source);
        let retarget = Retargeter::new(&mesh, &map, &skeleton).unwrap_or_else(|e| panic!("{e}"));
        let bones = retarget.transforms(&retarget.bind_pose());
        for (j, b) in bones.iter().enumerate() {
            assert!(
                b.rotation.angle_between(glam::Quat::IDENTITY) < 1e-5,
                "{file} joint {j}: {b:?}"
            );
            assert!(b.translation.length() < 1e-5, "{file} joint {j}: {b:?}");
        }
        let cor = CentresOfRotation::compute(&mesh, &CorParams::default());
        let deformer = Deformer::new(&mesh, Some(&cor));
        for method in Method::ALL {
            let mut d = Deformed::default();
            deformer.deform(&vec![BoneTransform::IDENTITY; joints], method, &mut d);
            let worst = d
                .positions
                .iter()
                .zip(&mesh.positions)
                .map(|(a, b)| a.distance(*b))
                .fold(0.0, f32::max);
            assert!(
                worst < 1e-5,
                "{file} {method:?}: bind pose moved by {worst}"
            );
        }
        // The character faces the canonical +Z after retargeting the rest
        // T-pose: the left wrist ends up on the canonical left of the pelvis.
        let rest = posewire_body::BodyPose::rest(&skeleton);
        let t = retarget.transforms(&rest);
        let (Some(lw), Some(rw)) = (map.joints[Joint::LeftWrist], map.joints[Joint::RightWrist])
        else {
            panic!("{file}: wrists unmapped");
        };
        let at =
            |i: usize| t[i].rotation * mesh.skeleton[i].bind_position.as_vec3() + t[i].translation;
        let (l, r) = (at(lw), at(rw));
        let shoulder_y = mesh.skeleton[map.joints[Joint::LeftShoulder].unwrap_or(0)].bind_position;
        // In the T-pose the wrists are level with the shoulders (arms straight out).
        let up = l.y;
        assert!(
            (up as f64 - shoulder_y.y).abs() < 0.08,
            "{file}: T-pose wrist height {up} vs shoulder {}",
            shoulder_y.y
        );
        assert!(
            (l - r).length() > 1.0,
            "{file}: wrists {l} {r} should be spread"
        );
    }
}

#[test]
fn skinning_rig_guess_maps_the_rigify_model_fully() {
    let Some(dir) = common::models_dir("skinning_rig_guess_maps_the_rigify_model_fully") else {
        return;
    };
    let mesh = load_gltf(&dir.join("male_base_mesh.glb"), ImportOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let guess = RigMap::guess(&mesh);
    let table = RigMap::for_mesh(&mesh);
    assert!(guess.unmapped.is_empty(), "unmapped: {:?}", guess.unmapped);
    assert_eq!(guess.joints, table.joints);
    let cesium = load_gltf(&dir.join("CesiumMan.glb"), ImportOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let g = RigMap::guess(&cesium);
    assert!(
        !g.unmapped.is_empty(),
        "CesiumMan's names are not a standard scheme"
    );
}

#[test]
fn skinning_cache_is_written_then_hit() {
    let mesh = common::cylinder(21, 12);
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let params = CorParams::default();
    let a = CentresOfRotation::compute_cached(&mesh, &params, dir.path())
        .unwrap_or_else(|e| panic!("{e}"));
    let files: Vec<_> = std::fs::read_dir(dir.path())
        .map(|r| r.count())
        .into_iter()
        .collect();
    assert_eq!(files, vec![1]);
    let b = CentresOfRotation::compute_cached(&mesh, &params, dir.path())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a, b);
    let other = CorParams {
        sigma: 0.2,
        ..params
    };
    let key_a = CentresOfRotation::cache_key(&mesh, &params);
    let key_b = CentresOfRotation::cache_key(&mesh, &other);
    assert_ne!(key_a, key_b);
}
