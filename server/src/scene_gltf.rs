//! A scene take as one glTF 2.0 binary: every avatar's built-in body
//! (skinned to its canonical skeleton at its proportions) under a node
//! named after the avatar, the objects beside them, all in one animation
//! at the scene's frame times; the take's timecode in `asset.extras`.
//! An avatar with fingers gets its 30 finger joints in its skin, as the
//! glTF export of a take of one avatar (`gltf_fingers`).

use std::path::Path;

use anyhow::Context as _;
use posewire_body::fingers;
use posewire_body::formats::FingerFrame;
use posewire_skinning::export::{write_glb_scene, AnimationFrame, SceneBody};
use serde_json::json;

use crate::scene_export::SceneAnimation;
use crate::skin_rig::prepare_rig;

/// Writes the scene.
pub fn write(scene: &SceneAnimation, out: &Path) -> anyhow::Result<()> {
    let mut rigs = Vec::with_capacity(scene.avatars.len());
    for avatar in &scene.avatars {
        let rig = prepare_rig(None, &avatar.skeleton, false, None)
            .with_context(|| format!("the body of avatar {}", avatar.name))?;
        let mut keys: Vec<AnimationFrame> = avatar
            .poses
            .iter()
            .enumerate()
            .map(|(i, pose)| AnimationFrame {
                time_s: (i as f64 * scene.frame_time) as f32,
                bones: rig.retarget.transforms(pose),
            })
            .collect();
        let mut mesh = rig.mesh;
        if let Some(f) = &avatar.fingers {
            let frames: Vec<FingerFrame> = avatar
                .poses
                .iter()
                .zip(&f.local)
                .map(|(pose, l)| fingers::posed(pose, &avatar.skeleton, &f.hands, l))
                .collect();
            crate::gltf_fingers::add(&mut mesh, &mut keys, &avatar.skeleton, &frames);
        }
        rigs.push((mesh, keys));
    }
    let bodies: Vec<SceneBody<'_>> = scene
        .avatars
        .iter()
        .zip(&rigs)
        .map(|(avatar, (mesh, keys))| SceneBody {
            name: Some(&avatar.name),
            mesh,
            frames: keys,
        })
        .collect();
    write_glb_scene(out, &bodies, &scene.objects, extras(scene))?;
    Ok(())
}

/// The take's name and timecode, for `asset.extras`.
pub fn extras(scene: &SceneAnimation) -> Option<serde_json::Value> {
    let mut e = json!({ "posewire_take": scene.name });
    if let Some(tc) = &scene.timecode {
        e["timecode"] = json!(tc.label);
        if let Some((rate, frame)) = tc.rate {
            e["timecode_rate"] = json!(rate.name());
            e["timecode_start_frame"] = json!(frame);
            e["timecode_drop_frame"] = json!(rate.drop_frame());
        }
    }
    Some(e)
}
