//! `posewire export --format usd`: a scene as a USD text layer (`.usda`)
//! with UsdSkel, the form Pixar's USD, Omniverse, Houdini, Maya and Unreal
//! read skeletal animation in.
//!
//! The layer states its units and time: `metersPerUnit = 1` (Posewire's
//! metres, so joint positions are the joint track's numbers),
//! `upAxis = "Y"`, `timeCodesPerSecond` and `framesPerSecond` the export
//! rate, time codes the frame numbers from 0 (`startTimeCode`,
//! `endTimeCode`), and in `customLayerData` the take's name and its
//! timecode string, if it has one. Under one `Xform` named after the take,
//! each avatar is a `SkelRoot` named after it holding a `Skeleton`
//! (joints as paths of the canonical names, `bindTransforms` in skeleton
//! space, `restTransforms` local) bound to its `SkelAnimation`
//! (`translations`, `rotations`, `scales` sampled at every frame); the
//! objects are `Xform`s under `objects` with time-sampled translate and
//! orient ops, `visibility` sampled where they came or left, and a mesh
//! of their shape.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context as _;
use posewire_body::glam::{DQuat, DVec3};
use posewire_skinning::export::PropTrack;

use crate::scene_export::{identifier, AvatarAnimation, Bone, SceneAnimation};

/// Writes `scene` as a `.usda` layer to `path`, or as USD's binary crate
/// format when `path` ends in `.usdc` (the same layer: `crate::usdc`).
pub fn write(scene: &SceneAnimation, path: &Path) -> anyhow::Result<()> {
    let text = layer(scene);
    let bytes = if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("usdc"))
    {
        crate::usdc::from_usda(&text).context("cannot lay the USD export out as .usdc")?
    } else {
        text.into_bytes()
    };
    posewire_body::atomic_file::write_atomic(path, &bytes)
        .with_context(|| format!("cannot write {}", path.display()))
}

/// A string as a USD string literal (quotes, backslashes and control
/// characters escaped).
fn quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {
                let _ = write!(out, "\\x{:02x}", u32::from(c) & 0xff);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Every bone's path in the skeleton (`pelvis/spine/chest`...; the
/// fingers under their wrists).
fn joint_paths(bones: &[Bone]) -> Vec<String> {
    let mut paths: Vec<String> = Vec::with_capacity(bones.len());
    for &b in bones {
        let parent = b.parent().and_then(|p| bones.iter().position(|x| *x == p));
        let path = match parent {
            Some(p) => format!("{}/{}", paths[p], b.name()),
            None => b.name(),
        };
        paths.push(path);
    }
    paths
}

/// A translation-only matrix, USD's row-vector layout (translation in the
/// last row).
fn translation_matrix(t: DVec3) -> String {
    format!(
        "( (1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), ({}, {}, {}, 1) )",
        t.x, t.y, t.z
    )
}

fn vec3(v: DVec3) -> String {
    format!("({}, {}, {})", v.x as f32, v.y as f32, v.z as f32)
}

/// A quaternion in USD's order: real part first.
fn quat(q: DQuat) -> String {
    format!(
        "({}, {}, {}, {})",
        q.w as f32, q.x as f32, q.y as f32, q.z as f32
    )
}

/// The whole layer.
fn layer(scene: &SceneAnimation) -> String {
    let root = identifier(&scene.name);
    let fps = scene.fps();
    let mut s = String::new();
    let _ = writeln!(s, "#usda 1.0\n(");
    let _ = writeln!(s, "    customLayerData = {{");
    let _ = writeln!(s, "        string posewire_take = {}", quoted(&scene.name));
    if let Some(tc) = &scene.timecode {
        let _ = writeln!(s, "        string timecode = {}", quoted(&tc.label));
        if let Some((rate, frame)) = tc.rate {
            let _ = writeln!(s, "        string timecode_rate = {}", quoted(rate.name()));
            let _ = writeln!(s, "        int64 timecode_start_frame = {frame}");
            let _ = writeln!(
                s,
                "        bool timecode_drop_frame = {}",
                rate.drop_frame()
            );
        }
    }
    let _ = writeln!(s, "    }}");
    let _ = writeln!(s, "    defaultPrim = \"{root}\"");
    let _ = writeln!(
        s,
        "    doc = {}",
        quoted(&format!("posewire {}", env!("CARGO_PKG_VERSION")))
    );
    let start = scene.start_frame();
    let _ = writeln!(
        s,
        "    endTimeCode = {}",
        start + scene.frame_count().saturating_sub(1) as u64
    );
    let _ = writeln!(s, "    framesPerSecond = {fps}");
    let _ = writeln!(s, "    metersPerUnit = 1");
    let _ = writeln!(s, "    startTimeCode = {start}");
    let _ = writeln!(s, "    timeCodesPerSecond = {fps}");
    let _ = writeln!(s, "    upAxis = \"Y\"\n)\n");
    let _ = writeln!(s, "def Xform \"{root}\"\n{{");
    for avatar in &scene.avatars {
        skel_root(&mut s, &root, avatar, scene.start_frame());
    }
    if !scene.objects.is_empty() {
        let _ = writeln!(s, "    def Xform \"objects\"\n    {{");
        let mut used = Vec::new();
        for object in &scene.objects {
            let mut name = identifier(&object.name);
            while used.contains(&name) {
                name.push('_');
            }
            used.push(name.clone());
            object_xform(&mut s, scene, object, &name);
        }
        let _ = writeln!(s, "    }}");
    }
    let _ = writeln!(s, "}}");
    s
}

/// One avatar: `SkelRoot`, `Skeleton`, `SkelAnimation`.
fn skel_root(s: &mut String, root: &str, avatar: &AvatarAnimation, start: u64) {
    let name = identifier(&avatar.name);
    let skel_path = format!("/{root}/{name}/Skeleton");
    let bones = avatar.bones();
    let paths = joint_paths(&bones);
    let joints = paths
        .iter()
        .map(|p| quoted(p))
        .collect::<Vec<_>>()
        .join(", ");
    let bind: Vec<String> = bones
        .iter()
        .map(|&b| translation_matrix(avatar.rest_world(b)))
        .collect();
    let local: Vec<String> = bones
        .iter()
        .map(|&b| translation_matrix(avatar.rest_local(b)))
        .collect();
    let _ = writeln!(s, "    def SkelRoot {}\n    {{", quoted(&name));
    let _ = writeln!(
        s,
        "        custom string posewire_avatar = {}",
        quoted(&avatar.name)
    );
    let _ = writeln!(
        s,
        "        def Skeleton \"Skeleton\" (\n            prepend apiSchemas = [\"SkelBindingAPI\"]\n        )\n        {{"
    );
    let _ = writeln!(s, "            uniform token[] joints = [{joints}]");
    let _ = writeln!(
        s,
        "            uniform matrix4d[] bindTransforms = [{}]",
        bind.join(", ")
    );
    let _ = writeln!(
        s,
        "            uniform matrix4d[] restTransforms = [{}]",
        local.join(", ")
    );
    let _ = writeln!(
        s,
        "            rel skel:animationSource = <{skel_path}/Animation>"
    );
    let _ = writeln!(
        s,
        "\n            def SkelAnimation \"Animation\"\n            {{"
    );
    let _ = writeln!(s, "                uniform token[] joints = [{joints}]");
    samples(s, "float3[] translations", avatar, &bones, start, |k, b| {
        vec3(avatar.pose_local(k, b).0)
    });
    samples(s, "quatf[] rotations", avatar, &bones, start, |k, b| {
        quat(avatar.pose_local(k, b).1.normalize())
    });
    samples(s, "half3[] scales", avatar, &bones, start, |_, _| {
        "(1, 1, 1)".into()
    });
    let _ = writeln!(s, "            }}\n        }}\n    }}");
}

/// A time-sampled joint array attribute: one sample per frame, from time
/// code `start`.
fn samples(
    s: &mut String,
    declaration: &str,
    avatar: &AvatarAnimation,
    bones: &[Bone],
    start: u64,
    value: impl Fn(usize, Bone) -> String,
) {
    let _ = writeln!(s, "                {declaration}.timeSamples = {{");
    for k in 0..avatar.poses.len() {
        let row: Vec<String> = bones.iter().map(|&b| value(k, b)).collect();
        let _ = writeln!(
            s,
            "                    {}: [{}],",
            start + k as u64,
            row.join(", ")
        );
    }
    let _ = writeln!(s, "                }}");
}

/// One object: an `Xform` keyed at its frames, with its shape's mesh.
fn object_xform(s: &mut String, scene: &SceneAnimation, object: &PropTrack, name: &str) {
    let _ = writeln!(s, "        def Xform {}\n        {{", quoted(name));
    let _ = writeln!(
        s,
        "            custom string posewire_object = {}",
        quoted(&object.name)
    );
    let mut keys: Vec<(usize, String, String)> = Vec::with_capacity(object.times.len());
    for ((t, p), q) in object
        .times
        .iter()
        .zip(&object.translations)
        .zip(&object.rotations)
    {
        let frame = scene.start_frame() as usize + scene.frame_of(*t);
        if keys.last().is_some_and(|k| k.0 >= frame) {
            continue;
        }
        let v = p.as_dvec3();
        keys.push((
            frame,
            format!("({}, {}, {})", v.x, v.y, v.z),
            quat(q.as_dquat()),
        ));
    }
    let _ = writeln!(s, "            double3 xformOp:translate.timeSamples = {{");
    for (k, p, _) in &keys {
        let _ = writeln!(s, "                {k}: {p},");
    }
    let _ = writeln!(
        s,
        "            }}\n            quatf xformOp:orient.timeSamples = {{"
    );
    for (k, _, q) in &keys {
        let _ = writeln!(s, "                {k}: {q},");
    }
    let _ = writeln!(s, "            }}");
    let _ = writeln!(
        s,
        "            uniform token[] xformOpOrder = [\"xformOp:translate\", \"xformOp:orient\"]"
    );
    if !object.shown.is_empty() {
        let _ = writeln!(s, "            token visibility.timeSamples = {{");
        for (t, shown) in &object.shown {
            let v = if *shown { "inherited" } else { "invisible" };
            let frame = scene.start_frame() as usize + scene.frame_of(*t);
            let _ = writeln!(s, "                {frame}: \"{v}\",");
        }
        let _ = writeln!(s, "            }}");
    }
    mesh(s, object);
    let _ = writeln!(s, "        }}");
}

/// The object's shape as a `Mesh` child.
fn mesh(s: &mut String, object: &PropTrack) {
    let points: Vec<String> = object
        .positions
        .iter()
        .map(|p| format!("({}, {}, {})", p.x, p.y, p.z))
        .collect();
    let indices: Vec<String> = object
        .triangles
        .iter()
        .flat_map(|t| t.iter().map(u32::to_string))
        .collect();
    let counts = vec!["3"; object.triangles.len()].join(", ");
    let _ = writeln!(
        s,
        "            def Mesh {}\n            {{",
        quoted(&identifier(&object.mesh_name))
    );
    let _ = writeln!(s, "                int[] faceVertexCounts = [{counts}]");
    let _ = writeln!(
        s,
        "                int[] faceVertexIndices = [{}]",
        indices.join(", ")
    );
    let _ = writeln!(
        s,
        "                point3f[] points = [{}]",
        points.join(", ")
    );
    let _ = writeln!(
        s,
        "                uniform token subdivisionScheme = \"none\""
    );
    let _ = writeln!(s, "            }}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::Joint;

    #[test]
    fn strings_are_escaped_and_joints_are_paths_from_the_root() {
        assert_eq!(quoted("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
        let bones: Vec<Bone> = Joint::ALL
            .into_iter()
            .map(Bone::Body)
            .chain(posewire_body::fingers::FingerJoint::all().map(Bone::Finger))
            .collect();
        let paths = joint_paths(&bones);
        assert_eq!(paths[0], "pelvis");
        assert!(
            paths
                .iter()
                .any(|p| p.ends_with("right_wrist/right_index_1/right_index_2")),
            "{paths:?}"
        );
        assert!(
            paths.iter().any(|p| p.ends_with("chest/neck/head")),
            "{paths:?}"
        );
    }
}
