//! A scene take as one glTF 2.0 binary: every avatar's built-in body
//! (skinned to its canonical skeleton at its proportions) under a node
//! named after the avatar, the objects beside them, all in one animation
//! at the scene's frame times; the take's timecode in `asset.extras`.

use std::path::Path;

use anyhow::Context as _;
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
        let keys: Vec<AnimationFrame> = avatar
            .poses
            .iter()
            .enumerate()
            .map(|(i, pose)| AnimationFrame {
                time_s: (i as f64 * scene.frame_time) as f32,
                bones: rig.retarget.transforms(pose),
            })
            .collect();
        rigs.push((rig, keys));
    }
    let bodies: Vec<SceneBody<'_>> = scene
        .avatars
        .iter()
        .zip(&rigs)
        .map(|(avatar, (rig, keys))| SceneBody {
            name: Some(&avatar.name),
            mesh: &rig.mesh,
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
