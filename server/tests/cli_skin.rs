//! `posewire skin`: OBJ sequences and glTF animations of a joint track on a
//! real model or the built-in body, the side-by-side comparison PNG, and
//! clear errors for bad input.

mod common;

use std::path::{Path, PathBuf};

use common::{arg, posewire, solve_calibrated, synth_demo, text};
use glam::{DQuat, Vec3};
use posewire_body::formats::{JointFrame, JointTrack};
use posewire_body::{BodyPose, BodyProfile, Joint, Skeleton};
use posewire_skinning::export::view_morph_glb;
use posewire_skinning::{body_mesh, load_gltf, ImportOptions, Retargeter, RigMap};

fn models() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/models");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!("SKIPPED: ../shared/data not found");
        None
    }
}

fn skeleton() -> Skeleton {
    Skeleton::from_profile(&BodyProfile::from_stature(1.75))
}

/// Writes a joint track of the given poses, 1/90 s apart.
fn write_track(path: &Path, poses: &[BodyPose]) {
    let skeleton = skeleton();
    let frames = poses
        .iter()
        .enumerate()
        .map(|(i, p)| JointFrame {
            time_s: i as f64 / 90.0,
            joints: p.transforms(&skeleton),
        })
        .collect();
    JointTrack {
        frames,
        has_rotations: true,
        fingers: Vec::new(),
    }
    .write(path)
    .expect("write the track");
}

/// The `v` lines of an OBJ file.
fn obj_vertices(path: &Path) -> Vec<Vec3> {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    text.lines()
        .filter_map(|l| l.strip_prefix("v "))
        .map(|l| {
            let v: Vec<f32> = l
                .split_whitespace()
                .map(|x| x.parse().expect("number"))
                .collect();
            Vec3::new(v[0], v[1], v[2])
        })
        .collect()
}

fn max_distance(a: &[Vec3], b: &[Vec3]) -> f32 {
    assert_eq!(a.len(), b.len(), "vertex counts differ");
    a.iter()
        .zip(b)
        .map(|(p, q)| (*p - *q).length())
        .fold(0.0, f32::max)
}

/// A pose other than the bind pose: the left forearm bent.
fn bent(mut pose: BodyPose) -> BodyPose {
    let rot = DQuat::from_rotation_y(1.2);
    for j in [Joint::LeftElbow, Joint::LeftWrist] {
        pose.rotations[j] = rot * pose.rotations[j];
    }
    pose
}

/// A pose with the left forearm twisted 150 degrees about its own axis
/// (where linear blending collapses the elbow and CoR does not).
fn twisted(skeleton: &Skeleton, mut pose: BodyPose) -> BodyPose {
    let at = pose.positions(skeleton);
    let axis = (at[Joint::LeftWrist] - at[Joint::LeftElbow]).normalize();
    let rot = DQuat::from_axis_angle(axis, 150f64.to_radians());
    for j in [Joint::LeftElbow, Joint::LeftWrist] {
        pose.rotations[j] = rot * pose.rotations[j];
    }
    pose
}

#[test]
fn skin_gltf_bakes_the_chosen_method_so_viewers_show_it() {
    let Some(models) = models() else { return };
    let model = models.join("CesiumMan.glb");
    let mesh = load_gltf(&model, ImportOptions::default()).expect("model loads");
    let retarget = Retargeter::new(&mesh, &RigMap::for_mesh(&mesh), &skeleton()).expect("rig");
    let bind = retarget.bind_pose();
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let track = d.join("take.joints.csv");
    let poses = [bind, bent(bind), twisted(&skeleton(), bind)];
    write_track(&track, &poses);
    let run = |method: &str, format: &str, out: &Path, extra: &[&str]| {
        let mut args = vec![
            "skin",
            "--model",
            arg(&model),
            "--joints",
            arg(&track),
            "--method",
            method,
            "--format",
            format,
            "--out",
            arg(out),
        ];
        args.extend_from_slice(extra);
        let out = posewire(&args);
        assert!(out.status.success(), "{method} {format}:\n{}", text(&out).1);
    };
    for method in ["cor", "dqs"] {
        let (objs, gltf) = (
            d.join(format!("obj_{method}")),
            d.join(format!("gltf_{method}")),
        );
        run(method, "obj", &objs, &[]);
        run(method, "gltf", &gltf, &[]);
        let bytes = std::fs::read(gltf.join("take.glb")).expect("the .glb is written");
        let keys = view_morph_glb(&bytes).expect("a morph-target glTF");
        assert_eq!(keys.len(), poses.len(), "{method}: one key per frame");
        for (k, key) in keys.iter().enumerate() {
            assert!(
                (key.time_s - k as f32 / 90.0).abs() < 1e-5,
                "{method} key {k}"
            );
            let want = obj_vertices(&objs.join(format!("frame_{:06}.obj", k + 1)));
            let err = max_distance(&key.positions, &want);
            assert!(
                err < 1e-4,
                "{method} frame {}: baked vertices off by {err} m",
                k + 1
            );
        }
    }
    // The twisted frame is where the methods differ: the viewer does not
    // show linear blending.
    run("lbs", "obj", &d.join("obj_lbs"), &[]);
    let lbs = obj_vertices(&d.join("obj_lbs/frame_000003.obj"));
    let bytes = std::fs::read(d.join("gltf_cor/take.glb")).expect("read");
    let cor = &view_morph_glb(&bytes).expect("morphs")[2].positions;
    assert!(
        max_distance(cor, &lbs) > 0.01,
        "the baked CoR frame looks like LBS"
    );
    // --every keeps every Nth frame as a target, at its own time.
    run("cor", "gltf", &d.join("every"), &["--every", "2"]);
    let bytes = std::fs::read(d.join("every/take.glb")).expect("read");
    let keys = view_morph_glb(&bytes).expect("morphs");
    assert_eq!(keys.len(), 2);
    assert!((keys[1].time_s - 2.0 / 90.0).abs() < 1e-5);
    let want = obj_vertices(&d.join("obj_cor/frame_000003.obj"));
    assert!(max_distance(&keys[1].positions, &want) < 1e-4);
    // LBS stays a skinned mesh with a skeletal animation (no morphs).
    run("lbs", "gltf", &d.join("gltf_lbs"), &[]);
    let bytes = std::fs::read(d.join("gltf_lbs/take.glb")).expect("read");
    assert!(view_morph_glb(&bytes).is_err(), "LBS is not baked");
    let back =
        load_gltf(&d.join("gltf_lbs/take.glb"), ImportOptions::default()).expect("a skinned glTF");
    assert_eq!(back.skeleton.len(), mesh.skeleton.len());
}

#[test]
fn skin_a_bind_pose_frame_reproduces_the_models_rest_mesh_with_every_method() {
    let Some(models) = models() else { return };
    let model = models.join("CesiumMan.glb");
    let mesh = load_gltf(&model, ImportOptions::default()).expect("model loads");
    let retarget = Retargeter::new(&mesh, &RigMap::for_mesh(&mesh), &skeleton()).expect("rig");
    let bind = retarget.bind_pose();
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let track = d.join("bind.joints.csv");
    write_track(&track, &[bind, bent(bind)]);
    for method in ["lbs", "dqs", "cor"] {
        let out_dir = d.join(method);
        let out = posewire(&[
            "skin",
            "--model",
            arg(&model),
            "--joints",
            arg(&track),
            "--method",
            method,
            "--out",
            arg(&out_dir),
            "--cache-dir",
            arg(&d.join("cache")),
        ]);
        assert!(out.status.success(), "{method}:\n{}", text(&out).1);
        let rest = obj_vertices(&out_dir.join("frame_000001.obj"));
        assert_eq!(rest.len(), mesh.vertex_count(), "{method}");
        let err = max_distance(&rest, &mesh.positions);
        assert!(err < 1e-4, "{method}: bind pose off by {err} m");
        let moved = obj_vertices(&out_dir.join("frame_000002.obj"));
        assert!(
            max_distance(&moved, &mesh.positions) > 0.05,
            "{method}: the bent frame did not move"
        );
    }
    let stderr = text(&posewire(&[
        "skin",
        "--model",
        arg(&model),
        "--joints",
        arg(&track),
        "--out",
        arg(&d.join("again")),
        "--cache-dir",
        arg(&d.join("cache")),
    ]))
    .1;
    assert!(
        stderr.contains("cache hit"),
        "second run reuses centres:\n{stderr}"
    );
}

#[test]
fn skin_without_a_model_poses_the_built_in_body() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let rest = BodyPose::rest(&skeleton());
    let track = d.join("t.joints.csv");
    write_track(&track, &[rest, bent(rest)]);
    let out = posewire(&[
        "skin",
        "--joints",
        arg(&track),
        "--method",
        "cor",
        "--out",
        arg(&d.join("objs")),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let body = body_mesh::default_body(&skeleton()).expect("built-in body");
    let first = obj_vertices(&d.join("objs/frame_000001.obj"));
    let err = max_distance(&first, &body.positions);
    assert!(err < 1e-4, "T-pose frame off the rest body by {err} m");
    let second = obj_vertices(&d.join("objs/frame_000002.obj"));
    assert!(max_distance(&second, &body.positions) > 0.05);
}

#[test]
fn skin_writes_an_obj_sequence_and_a_gltf_of_a_solved_track() {
    let Some(models) = models() else { return };
    let model = models.join("male_base_mesh.glb");
    let mesh = load_gltf(&model, ImportOptions::default()).expect("model loads");
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    synth_demo(d);
    let solved = solve_calibrated(d, &d.join("demo_walk.trackers.csv"), &[]);
    assert!(solved.status.success(), "{}", text(&solved).1);
    let joints = d.join("j.csv");
    let frames = JointTrack::read(&joints).expect("track").frames.len();
    let objs = d.join("objs");
    let out = posewire(&[
        "skin",
        "--model",
        arg(&model),
        "--joints",
        arg(&joints),
        "--method",
        "dqs",
        "--every",
        "40",
        "--out",
        arg(&objs),
    ]);
    let (_, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let mut names: Vec<String> = std::fs::read_dir(&objs)
        .expect("out dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), frames.div_ceil(40), "{names:?}");
    assert_eq!(names[0], "frame_000001.obj");
    assert_eq!(names[1], "frame_000041.obj");
    for name in &names {
        let v = obj_vertices(&objs.join(name));
        assert_eq!(v.len(), mesh.vertex_count(), "{name}");
        assert!(v.iter().all(|p| p.is_finite()), "{name}");
    }
    assert!(
        stderr.lines().count() < 20,
        "progress is not logged per frame:\n{stderr}"
    );

    let out = posewire(&[
        "skin",
        "--model",
        arg(&model),
        "--joints",
        arg(&joints),
        "--format",
        "gltf",
        "--method",
        "lbs",
        "--out",
        arg(&d.join("gltf")),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let glb = d.join("gltf/j.glb");
    let back = load_gltf(&glb, ImportOptions::default()).expect("the .glb reads back");
    assert_eq!(back.vertex_count(), mesh.vertex_count());
    assert!(max_distance(&back.positions, &mesh.positions) < 1e-4);
    assert_eq!(back.skeleton.len(), mesh.skeleton.len());
}

#[test]
fn skin_compare_writes_three_lit_panels() {
    let dir = tempfile::tempdir().expect("temp dir");
    let png_path = dir.path().join("sub/compare.png");
    let out = posewire(&[
        "skin",
        "--compare",
        "--panel-size",
        "200",
        "--out",
        arg(&png_path),
    ]);
    assert!(out.status.success(), "{}", text(&out).1);
    let bytes = std::fs::read(&png_path).expect("png written");
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a valid PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("pixels");
    assert_eq!(info.width, 600);
    assert_eq!(info.color_type, png::ColorType::Rgb);
    let (w, h) = (info.width as usize, info.height as usize);
    let background = [buf[0], buf[1], buf[2]];
    for third in 0..3 {
        // Body pixels: neither the background nor the grey label/separator
        // ink, in the panel (top 200 rows), away from the label.
        let lit = (30..200.min(h))
            .flat_map(|y| (third * 200 + 5..third * 200 + 195).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let i = (y * w + x) * 3;
                let px = [buf[i], buf[i + 1], buf[i + 2]];
                px != background && px[2] > px[0] + 20
            })
            .count();
        assert!(lit > 1000, "panel {third} has only {lit} body pixels");
    }
}

/// Runs `posewire` with `args`, which must fail without panicking and with
/// every one of `needles` in its error output.
fn fails_naming(args: &[&str], needles: &[&str]) {
    let out = posewire(args);
    let (_, stderr) = text(&out);
    assert!(!out.status.success(), "{args:?} succeeded");
    assert!(!stderr.contains("panicked"), "{stderr}");
    for n in needles {
        assert!(stderr.contains(n), "no `{n}` in:\n{stderr}");
    }
}

#[test]
fn skin_errors_name_the_bad_input() {
    let dir = tempfile::tempdir().expect("temp dir");
    let d = dir.path();
    let rest = BodyPose::rest(&skeleton());
    let track = d.join("t.joints.csv");
    write_track(&track, &[rest]);
    let (o1, o2, o3) = (d.join("o1"), d.join("o2"), d.join("o3"));

    let missing = d.join("no_such_model.glb");
    let skin = |model: &Path, joints: &Path, out: &Path| {
        vec![
            "skin".to_string(),
            "--model".into(),
            arg(model).into(),
            "--joints".into(),
            arg(joints).into(),
            "--out".into(),
            arg(out).into(),
        ]
    };
    let args = skin(&missing, &track, &o1);
    fails_naming(
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        &["no_such_model.glb"],
    );
    assert!(!d.join("o1/frame_000001.obj").exists());

    let garbage = d.join("garbage.glb");
    std::fs::write(&garbage, b"glTF\x02\x00\x00\x00not really").expect("write");
    let args = skin(&garbage, &track, &o2);
    fails_naming(
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        &["garbage.glb"],
    );

    let positions_only = d.join("p.joints.csv");
    let text_track = std::fs::read_to_string(&track).expect("read");
    let stripped: Vec<String> = text_track
        .lines()
        .map(|l| l.split(',').take(5).collect::<Vec<_>>().join(","))
        .collect();
    std::fs::write(&positions_only, stripped.join("\n") + "\n").expect("write");
    fails_naming(
        &["skin", "--joints", arg(&positions_only), "--out", arg(&o3)],
        &["p.joints.csv", "rotation"],
    );

    let no_profile = d.join("no_such_profile.toml");
    fails_naming(
        &[
            "skin",
            "--joints",
            arg(&track),
            "--profile",
            arg(&no_profile),
            "--out",
            arg(&o3),
        ],
        &["no_such_profile.toml"],
    );

    let png = d.join("c.png");
    fails_naming(
        &[
            "skin",
            "--compare",
            "--joints",
            arg(&track),
            "--frame",
            "5",
            "--out",
            arg(&png),
        ],
        &["t.joints.csv", "1 frames"],
    );
}
