//! The space's objects as a client outside sees them (issue 24): the real
//! `posewire serve` binary with no options (the physics solver, the demo
//! person), `posewire.v1.SceneService` over a real socket, and the frames'
//! `objects`. Objects are dropped at x = 3, z = -3, the spot kept clear of
//! the demo's props and paths. Times are the frames' simulation times.

mod common;

use common::{client_runtime, next_frame, spawn_serve_with, stop_cleanly};
use posewire_client::{pb, Client};
use tonic::{Code, Streaming};

fn v(x: f64, y: f64, z: f64) -> pb::Vec3 {
    pb::Vec3 { x, y, z }
}

fn at(x: f64, y: f64, z: f64) -> pb::Pose {
    pb::Pose {
        position: Some(v(x, y, z)),
        rotation: Some(pb::Quat {
            x: 0.0,
            y: 0.0,
            z: 0.0,
            w: 1.0,
        }),
    }
}

fn cube(edge: f64, mass_kg: f64, pose: pb::Pose) -> pb::AddObjectRequest {
    pb::AddObjectRequest {
        shape: Some(pb::Shape {
            kind: Some(pb::shape::Kind::Box(pb::Box {
                size: Some(v(edge, edge, edge)),
            })),
        }),
        mass_kg,
        pose: Some(pose),
        name: "crate".into(),
        ..Default::default()
    }
}

async fn next(stream: &mut Streaming<pb::StreamFramesResponse>) -> pb::Frame {
    next_frame(stream).await
}

/// (simulation time, centre height) of object `id` in each frame over
/// `seconds` of simulation time from the next frame that carries it at
/// `from_m` or higher (frames queued before a move are passed over).
async fn heights(
    stream: &mut Streaming<pb::StreamFramesResponse>,
    id: &str,
    from_m: f64,
    seconds: f64,
) -> Vec<(f64, f64)> {
    let mut out: Vec<(f64, f64)> = Vec::new();
    while out.last().is_none_or(|l| l.0 - out[0].0 < seconds) {
        let frame = next(stream).await;
        let Some(o) = frame.objects.iter().find(|o| o.id == id) else {
            continue;
        };
        let y = o.pose.and_then(|p| p.position).map_or(f64::NAN, |p| p.y);
        if !out.is_empty() || y >= from_m {
            out.push((frame.simulation_time_s, y));
        }
    }
    out
}

/// Checks that a fall ends at rest on the floor within 2 s: the centre
/// half the edge above the floor, within 2 cm, for the rest of the watch.
fn lands_and_rests(seen: &[(f64, f64)], half_edge: f64) {
    let t0 = seen[0].0;
    let after: Vec<f64> = seen
        .iter()
        .filter(|(t, _)| t - t0 >= 2.0)
        .map(|s| s.1)
        .collect();
    assert!(!after.is_empty(), "watched too short");
    let worst = after
        .iter()
        .map(|y| (y - half_edge).abs())
        .fold(0.0, f64::max);
    println!(
        "start {:.3} m, from 2 s on {} frames, worst {:.4} m from resting",
        seen[0].1,
        after.len(),
        worst
    );
    assert!(worst < 0.02, "{seen:?}");
}

#[test]
fn an_added_box_falls_to_the_floor_rests_moves_and_goes() {
    let (child, address, _rx) = spawn_serve_with(&["--listen", "127.0.0.1:0"], &[]);
    let runtime = client_runtime();
    runtime.block_on(async {
        let client = Client::connect(&address).await.expect("connects");
        let mut scene = client.scene_service();
        let mut stream = client
            .stream_frames(pb::StreamFramesRequest::default())
            .await
            .expect("subscribes");
        let added = scene
            .add_object(cube(0.3, 2.0, at(3.0, 1.0, -3.0)))
            .await
            .expect("adds")
            .into_inner();
        assert_eq!(added.name, "crate");
        assert_eq!(added.mass_kg, 2.0);
        lands_and_rests(&heights(&mut stream, &added.id, 0.99, 3.0).await, 0.15);

        let listed = scene
            .list_objects(pb::ListObjectsRequest {})
            .await
            .expect("lists")
            .into_inner();
        let mine = listed
            .objects
            .iter()
            .find(|o| o.id == added.id)
            .expect("listed");
        let y = mine.pose.and_then(|p| p.position).map_or(f64::NAN, |p| p.y);
        assert!((y - 0.15).abs() < 0.02, "{mine:?}");

        // Lifted to 2 m, it falls again.
        let moved = scene
            .set_object_pose(pb::SetObjectPoseRequest {
                id: added.id.clone(),
                pose: Some(at(3.0, 2.0, -3.0)),
                ..Default::default()
            })
            .await
            .expect("moves")
            .into_inner();
        assert_eq!(moved.pose.and_then(|p| p.position).map(|p| p.y), Some(2.0));
        lands_and_rests(&heights(&mut stream, &added.id, 1.99, 3.0).await, 0.15);

        scene
            .remove_object(pb::RemoveObjectRequest {
                id: added.id.clone(),
            })
            .await
            .expect("removes");
        let frame = next(&mut stream).await;
        let frame = if frame.objects.iter().any(|o| o.id == added.id) {
            // The frame was published before the removal was applied.
            next(&mut stream).await
        } else {
            frame
        };
        assert!(frame.objects.iter().all(|o| o.id != added.id), "{frame:?}");
        let again = scene
            .remove_object(pb::RemoveObjectRequest { id: added.id })
            .await
            .expect_err("gone");
        assert_eq!(again.code(), Code::NotFound);
    });
    stop_cleanly(child);
}

async fn count(
    scene: &mut pb::scene_service_client::SceneServiceClient<posewire_client::AuthChannel>,
) -> usize {
    scene
        .list_objects(pb::ListObjectsRequest {})
        .await
        .expect("lists")
        .into_inner()
        .objects
        .len()
}

#[test]
fn bad_objects_are_refused_with_the_field_named() {
    let (child, address, _rx) = spawn_serve_with(&["--listen", "127.0.0.1:0"], &[]);
    let runtime = client_runtime();
    runtime.block_on(async {
        let client = Client::connect(&address).await.expect("connects");
        let mut scene = client.scene_service();
        let sphere = |radius_m: f64| pb::AddObjectRequest {
            shape: Some(pb::Shape {
                kind: Some(pb::shape::Kind::Sphere(pb::Sphere { radius_m })),
            }),
            mass_kg: 1.0,
            pose: Some(at(3.0, 1.0, -3.0)),
            ..Default::default()
        };
        let before = count(&mut scene).await;
        let cases = [
            (sphere(f64::NAN), "radius_m"),
            (cube(-0.3, 1.0, at(3.0, 1.0, -3.0)), "shape.box.size"),
            (cube(0.3, -2.0, at(3.0, 1.0, -3.0)), "mass_kg"),
            (
                cube(0.3, 1.0, at(f64::INFINITY, 1.0, -3.0)),
                "pose.position",
            ),
            (
                pb::AddObjectRequest {
                    friction: Some(-1.0),
                    ..sphere(0.1)
                },
                "friction",
            ),
            (
                pb::AddObjectRequest {
                    shape: None,
                    ..sphere(0.1)
                },
                "shape",
            ),
        ];
        for (request, field) in cases {
            let e = scene.add_object(request).await.expect_err(field);
            assert_eq!(e.code(), Code::InvalidArgument, "{field}: {e}");
            assert!(e.message().contains(field), "{field}: {e}");
        }
        let e = scene
            .set_object_pose(pb::SetObjectPoseRequest {
                id: "o999".into(),
                pose: Some(at(0.0, 1.0, 0.0)),
                ..Default::default()
            })
            .await
            .expect_err("unknown");
        assert_eq!(e.code(), Code::NotFound, "{e}");
        let after = count(&mut scene).await;
        assert_eq!(after, before, "nothing refused got in");
    });
    stop_cleanly(child);
}

fn position(p: Option<pb::Pose>) -> [f64; 3] {
    p.and_then(|p| p.position)
        .map_or([f64::NAN; 3], |v| [v.x, v.y, v.z])
}

fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The demo's right wrist (canonical joint 17 of `joint_positions`).
fn right_wrist(frame: &pb::Frame) -> Option<[f64; 3]> {
    let a = frame.avatars.iter().find(|a| a.avatar_id == "demo")?;
    let j = 3 * posewire_body::Joint::RightWrist.index();
    a.joint_positions
        .get(j..j + 3)
        .map(|p| [p[0], p[1], p[2]].map(f64::from))
}

/// A ball resting on the floor at the tests' spot (x = 3, z = -3).
fn ball_on_the_floor(radius_m: f64, mass_kg: f64) -> pb::AddObjectRequest {
    pb::AddObjectRequest {
        shape: Some(pb::Shape {
            kind: Some(pb::shape::Kind::Sphere(pb::Sphere { radius_m })),
        }),
        mass_kg,
        pose: Some(at(3.0, radius_m, -3.0)),
        ..Default::default()
    }
}

/// A scene client and a frame stream on the daemon at `address`, once the
/// demo's body is in the frames.
async fn with_the_demo(
    address: &str,
) -> (
    pb::scene_service_client::SceneServiceClient<posewire_client::AuthChannel>,
    Streaming<pb::StreamFramesResponse>,
) {
    let client = Client::connect(address).await.expect("connects");
    let scene = client.scene_service();
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest::default())
        .await
        .expect("subscribes");
    while right_wrist(&next(&mut stream).await).is_none() {}
    (scene, stream)
}

#[test]
fn an_application_grab_holds_a_ball_in_the_demos_hand_and_a_release_throws_it() {
    let (child, address, _rx) = spawn_serve_with(&["--listen", "127.0.0.1:0"], &[]);
    let runtime = client_runtime();
    runtime.block_on(async {
        let (mut scene, mut stream) = with_the_demo(&address).await;
        let ball = scene
            .add_object(ball_on_the_floor(0.06, 0.5))
            .await
            .expect("adds")
            .into_inner();
        let grab = |hand: pb::Device| pb::GrabObjectRequest {
            avatar_id: "demo".into(),
            hand: hand.into(),
            object_id: ball.id.clone(),
        };
        let e = scene
            .grab_object(grab(pb::Device::Head))
            .await
            .expect_err("not a hand");
        assert_eq!(e.code(), Code::InvalidArgument);
        let held = scene
            .grab_object(grab(pb::Device::RightHand))
            .await
            .expect("grabs")
            .into_inner();
        assert_eq!(held.held_by.len(), 1, "{held:?}");
        assert_eq!(held.held_by[0].avatar_id, "demo");
        assert_eq!(held.held_by[0].hand(), pb::Device::RightHand);
        // For a second of frames the ball is held and in the hand (the
        // demo's grip stays open: an application's hold lasts).
        let mut first: Option<f64> = None;
        let mut worst = 0.0_f64;
        loop {
            let frame = next(&mut stream).await;
            let Some(o) = frame.objects.iter().find(|o| o.id == ball.id) else {
                continue;
            };
            if o.held_by.is_empty() {
                assert!(first.is_none(), "let go at {}", frame.simulation_time_s);
                continue;
            }
            let t0 = *first.get_or_insert(frame.simulation_time_s);
            let wrist = right_wrist(&frame).expect("the demo");
            worst = worst.max(dist(position(o.pose), wrist));
            if frame.simulation_time_s - t0 >= 1.0 {
                break;
            }
        }
        println!("held 1 s, at most {worst:.3} m from the wrist");
        assert!(worst < 0.15);
        let released = scene
            .release_object(pb::ReleaseObjectRequest {
                object_id: ball.id.clone(),
                linear_velocity: Some(v(0.0, 3.0, 4.0)),
                angular_velocity: None,
            })
            .await
            .expect("releases")
            .into_inner();
        assert!(released.held_by.is_empty());
        let v0 = released.linear_velocity.expect("a velocity");
        assert!((v0.z - 4.0).abs() < 1e-6, "{v0:?}");
        // It flies (faster than 3 m/s) and lands on the floor.
        let mut fastest = 0.0_f64;
        loop {
            let frame = next(&mut stream).await;
            let Some(o) = frame.objects.iter().find(|o| o.id == ball.id) else {
                continue;
            };
            assert!(o.held_by.is_empty());
            let v = o.linear_velocity.expect("a velocity");
            fastest = fastest.max((v.x * v.x + v.y * v.y + v.z * v.z).sqrt());
            if fastest > 3.0 && position(o.pose)[1] < 0.07 {
                break;
            }
        }
        assert!(fastest > 3.0);
    });
    stop_cleanly(child);
}

/// Writes `<models>/props/NAME.gltf` with one mesh `crate` of `points`
/// in the external buffer `BUFFER` (a path relative to the file).
fn write_gltf(models: &std::path::Path, name: &str, buffer: &str, points: &[[f32; 3]]) {
    let props = models.join("props");
    std::fs::create_dir_all(&props).expect("folder");
    let bytes: Vec<u8> = points
        .iter()
        .flatten()
        .flat_map(|c| c.to_le_bytes())
        .collect();
    std::fs::write(props.join(buffer), &bytes).expect("buffer");
    let bound = |f: fn(f32, f32) -> f32| -> Vec<f32> {
        (0..3)
            .map(|k| points.iter().map(|p| p[k]).reduce(f).unwrap_or(0.0))
            .collect()
    };
    let json = serde_json::json!({
        "asset": { "version": "2.0" },
        "buffers": [{ "uri": buffer, "byteLength": bytes.len() }],
        "bufferViews": [{ "buffer": 0, "byteLength": bytes.len() }],
        "accessors": [{
            "bufferView": 0, "componentType": 5126, "count": points.len(), "type": "VEC3",
            "min": bound(f32::min), "max": bound(f32::max)
        }],
        "meshes": [{ "name": "crate", "primitives": [{ "attributes": { "POSITION": 0 } }] }]
    });
    std::fs::write(props.join(format!("{name}.gltf")), json.to_string()).expect("gltf");
}

fn hull(model: &str, mesh: &str, scale: f64) -> pb::AddObjectRequest {
    pb::AddObjectRequest {
        shape: Some(pb::Shape {
            kind: Some(pb::shape::Kind::MeshHull(pb::MeshHull {
                model: model.into(),
                mesh: mesh.into(),
                scale,
                points: Vec::new(),
            })),
        }),
        mass_kg: 1.0,
        pose: Some(at(3.0, 1.0, -3.0)),
        ..Default::default()
    }
}

#[test]
fn a_mesh_hull_is_read_from_the_model_folder_and_lands_and_bad_models_are_refused() {
    let storage = tempfile::tempdir().expect("storage");
    let models = storage.path().join("models");
    // A cube of 0.2 m with a point inside, and a flat square.
    let mut cube: Vec<[f32; 3]> = (0..8)
        .map(|i| [0, 1, 2].map(|k| if i & (1 << k) == 0 { -0.1 } else { 0.1 }))
        .collect();
    cube.push([0.02, -0.03, 0.01]);
    write_gltf(&models, "cube", "cube.bin", &cube);
    write_gltf(
        &models,
        "flat",
        "flat.bin",
        &[
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 0.0, 1.0],
            [1.0, 0.0, 1.0],
        ],
    );
    // A model whose buffer lies outside the model folder.
    std::fs::write(storage.path().join("secret.bin"), [0_u8; 108]).expect("secret");
    write_gltf(&models, "escape", "../../secret.bin", &cube);
    let config = storage.path().join("posewire.toml");
    let storage_line = format!("storage = {:?}\n", storage.path().display().to_string());
    std::fs::write(&config, storage_line).expect("config");
    let config = config.display().to_string();
    let (child, address, _rx) =
        spawn_serve_with(&["--config", &config, "--listen", "127.0.0.1:0"], &[]);
    let runtime = client_runtime();
    runtime.block_on(async {
        let client = Client::connect(&address).await.expect("connects");
        let mut scene = client.scene_service();
        let mut stream = client
            .stream_frames(pb::StreamFramesRequest::default())
            .await
            .expect("subscribes");
        let added = scene
            .add_object(hull("props/cube.gltf", "crate", 1.5))
            .await
            .expect("adds")
            .into_inner();
        let Some(pb::shape::Kind::MeshHull(h)) = added.shape.and_then(|s| s.kind) else {
            panic!("a hull");
        };
        assert_eq!((h.model.as_str(), h.mesh.as_str(), h.scale), ("props/cube.gltf", "crate", 1.5));
        // The inner point is gone; the corners are scaled.
        assert_eq!(h.points.len(), 8, "{:?}", h.points);
        for p in &h.points {
            for c in [p.x, p.y, p.z] {
                assert!((c.abs() - 0.15).abs() < 1e-6, "{p:?}");
            }
        }
        lands_and_rests(&heights(&mut stream, &added.id, 0.99, 3.0).await, 0.15);
        let listed = scene
            .list_objects(pb::ListObjectsRequest {})
            .await
            .expect("lists")
            .into_inner();
        let mine = listed.objects.iter().find(|o| o.id == added.id).expect("listed");
        assert!(
            matches!(&mine.shape.as_ref().and_then(|s| s.kind.as_ref()),
                Some(pb::shape::Kind::MeshHull(h)) if h.model == "props/cube.gltf" && h.points.len() == 8),
            "{mine:?}"
        );

        let before = count(&mut scene).await;
        let cases = [
            (hull("../secret.bin", "", 1.0), Code::PermissionDenied, "outside"),
            (hull("/etc/passwd", "", 1.0), Code::PermissionDenied, "outside"),
            (hull("props/none.gltf", "", 1.0), Code::NotFound, "props/none.gltf"),
            (hull("props/escape.gltf", "", 1.0), Code::InvalidArgument, "outside the model folder"),
            (hull("props/cube.gltf", "lid", 1.0), Code::InvalidArgument, "no mesh named `lid`"),
            (hull("props/cube.gltf", "", -1.0), Code::InvalidArgument, "scale"),
            (hull("props/flat.gltf", "", 1.0), Code::InvalidArgument, "no volume"),
        ];
        for (request, code, says) in cases {
            let e = scene.add_object(request).await.expect_err(says);
            assert_eq!(e.code(), code, "{says}: {e}");
            assert!(e.message().contains(says), "{says}: {e}");
        }
        assert_eq!(count(&mut scene).await, before, "nothing refused got in");
    });
    stop_cleanly(child);
}

fn stick(segments: u32) -> pb::Stick {
    pb::Stick {
        name: "staff".into(),
        length_m: 0.9,
        radius_m: 0.02,
        mass_kg: 0.6,
        segments,
        stiffness_n_m_per_rad: 40.0,
        damping_n_m_s_per_rad: 1.5,
    }
}

fn attach(tool: pb::attach_tool_request::Tool, hand: pb::Device) -> pb::AttachToolRequest {
    pb::AttachToolRequest {
        avatar_id: "demo".into(),
        hand: hand.into(),
        grip: None,
        tool: Some(tool),
    }
}

/// Bad AttachTool requests, each refused with the field named (nothing
/// gets in).
async fn bad_tools_are_refused(
    scene: &mut pb::scene_service_client::SceneServiceClient<posewire_client::AuthChannel>,
) {
    use pb::attach_tool_request::Tool;
    let before = count(scene).await;
    let with_stick = |f: fn(&mut pb::Stick)| {
        let mut s = stick(3);
        f(&mut s);
        attach(Tool::Stick(s), pb::Device::RightHand)
    };
    let cases = [
        (with_stick(|s| s.segments = 0), "stick.segments"),
        (with_stick(|s| s.segments = 9), "stick.segments"),
        (with_stick(|s| s.length_m = f64::NAN), "stick.length_m"),
        (with_stick(|s| s.radius_m = 0.0), "stick.radius_m"),
        (with_stick(|s| s.mass_kg = -1.0), "stick.mass_kg"),
        (
            with_stick(|s| s.stiffness_n_m_per_rad = f64::INFINITY),
            "stick.stiffness_n_m_per_rad",
        ),
        (
            with_stick(|s| s.damping_n_m_s_per_rad = -0.5),
            "stick.damping_n_m_s_per_rad",
        ),
        (
            pb::AttachToolRequest {
                grip: Some(at(2.0, 0.0, 0.0)),
                ..attach(Tool::Stick(stick(1)), pb::Device::RightHand)
            },
            "grip.position",
        ),
        (attach(Tool::Stick(stick(1)), pb::Device::LeftFoot), "hand"),
        (
            pb::AttachToolRequest {
                tool: None,
                ..attach(Tool::Stick(stick(1)), pb::Device::RightHand)
            },
            "object_id",
        ),
    ];
    for (request, field) in cases {
        let e = scene.attach_tool(request).await.expect_err(field);
        assert_eq!(e.code(), Code::InvalidArgument, "{field}: {e}");
        assert!(e.message().contains(field), "{field}: {e}");
    }
    let e = scene
        .attach_tool(pb::AttachToolRequest {
            avatar_id: "nobody".into(),
            ..attach(Tool::Stick(stick(1)), pb::Device::RightHand)
        })
        .await
        .expect_err("no such avatar");
    assert_eq!(e.code(), Code::NotFound, "{e}");
    assert_eq!(count(scene).await, before, "nothing refused got in");
}

#[test]
fn attach_tool_puts_a_3_segment_stick_in_the_demos_hand_until_released() {
    use pb::attach_tool_request::Tool;
    let (child, address, _rx) = spawn_serve_with(&["--listen", "127.0.0.1:0"], &[]);
    let runtime = client_runtime();
    runtime.block_on(async {
        let (mut scene, mut stream) = with_the_demo(&address).await;
        bad_tools_are_refused(&mut scene).await;
        let parts = scene
            .attach_tool(attach(Tool::Stick(stick(3)), pb::Device::RightHand))
            .await
            .expect("attaches")
            .into_inner()
            .objects;
        let names: Vec<&str> = parts.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["staff/1", "staff/2", "staff/3"]);
        assert_eq!(parts[0].held_by.len(), 1, "{:?}", parts[0]);
        assert_eq!(parts[0].held_by[0].hand(), pb::Device::RightHand);
        assert!(parts[1..].iter().all(|p| p.held_by.is_empty()));
        let ids: Vec<String> = parts.iter().map(|p| p.id.clone()).collect();
        // For 3 s of frames (the demo's grip opening and closing as it
        // goes) the stick stays in the hand and in one piece: each joint's
        // two segment centres a segment's length (0.3 m) apart.
        let (mut first, mut worst_hand, mut worst_joint) = (None::<f64>, 0.0_f64, 0.0_f64);
        loop {
            let frame = next(&mut stream).await;
            let seen: Vec<&pb::ObjectFrame> = ids
                .iter()
                .filter_map(|id| frame.objects.iter().find(|o| &o.id == id))
                .collect();
            let Some(wrist) = right_wrist(&frame) else {
                continue;
            };
            if seen.is_empty() && first.is_none() {
                // Published before the stick was made.
                continue;
            }
            let t = frame.simulation_time_s;
            assert_eq!(seen.len(), 3, "segments in the frame at {t}");
            assert_eq!(
                seen[0].held_by.len(),
                1,
                "let go at {}",
                frame.simulation_time_s
            );
            worst_hand = worst_hand.max(dist(position(seen[0].pose), wrist));
            for w in seen.windows(2) {
                let gap = dist(position(w[0].pose), position(w[1].pose));
                worst_joint = worst_joint.max((gap - 0.3).abs());
            }
            let t0 = *first.get_or_insert(frame.simulation_time_s);
            if frame.simulation_time_s - t0 >= 3.0 {
                break;
            }
        }
        println!(
            "held 3 s: the held segment at most {worst_hand:.3} m from the wrist, the joints \
             at most {worst_joint:.3} m off a segment's length"
        );
        // The held segment's centre is 8 + 15 cm along the hand.
        assert!(worst_hand < 0.26, "{worst_hand}");
        assert!(worst_joint < 0.03, "{worst_joint}");
        let released = scene
            .release_object(pb::ReleaseObjectRequest {
                object_id: ids[0].clone(),
                ..Default::default()
            })
            .await
            .expect("releases")
            .into_inner();
        assert!(released.held_by.is_empty());
        // Let go, the stick falls to the floor (every segment's centre
        // below 0.1 m: a 2 cm radius lying down).
        let mut landed = false;
        for _ in 0..(90 * 5) {
            let frame = next(&mut stream).await;
            let ys: Vec<f64> = ids
                .iter()
                .filter_map(|id| frame.objects.iter().find(|o| &o.id == id))
                .map(|o| position(o.pose)[1])
                .collect();
            if ys.len() == 3 && ys.iter().all(|&y| y < 0.1) {
                landed = true;
                break;
            }
        }
        assert!(landed, "the stick did not fall");
        // An existing object as a tool: a ball fixed 10 cm past the left
        // wrist (the left hand runs along +X), held until released.
        let ball = scene
            .add_object(ball_on_the_floor(0.04, 0.3))
            .await
            .expect("adds")
            .into_inner();
        let held = scene
            .attach_tool(pb::AttachToolRequest {
                grip: Some(at(0.1, 0.0, 0.0)),
                ..attach(Tool::ObjectId(ball.id.clone()), pb::Device::LeftHand)
            })
            .await
            .expect("attaches")
            .into_inner()
            .objects;
        assert_eq!(held.len(), 1);
        assert_eq!(held[0].held_by.len(), 1);
        assert_eq!(held[0].held_by[0].hand(), pb::Device::LeftHand);
        let y = position(held[0].pose)[1];
        assert!(y > 0.5, "not moved to the hand: {y}");
        let let_go = scene
            .release_object(pb::ReleaseObjectRequest {
                object_id: ball.id,
                ..Default::default()
            })
            .await
            .expect("releases")
            .into_inner();
        assert!(let_go.held_by.is_empty());
    });
    stop_cleanly(child);
}
