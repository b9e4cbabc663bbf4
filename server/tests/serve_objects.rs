//! The space's objects as a client outside sees them (issue 24): the real
//! `posewire serve` binary with no options (the physics solver, the demo
//! person), `posewire.v1.SceneService` over a real socket, and the frames'
//! `objects`. Objects are dropped at x = 3, z = -3, the spot kept clear of
//! the demo's props and paths. Times are the frames' simulation times.

mod serve_common;

use posewire_client::{pb, Client};
use serve_common::{client_runtime, next_frame, spawn_serve_with, stop_cleanly};
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
        .map(|p| [f64::from(p[0]), f64::from(p[1]), f64::from(p[2])])
}

#[test]
fn an_application_grab_holds_a_ball_in_the_demos_hand_and_a_release_throws_it() {
    let (child, address, _rx) = spawn_serve_with(&["--listen", "127.0.0.1:0"], &[]);
    let runtime = client_runtime();
    runtime.block_on(async {
        let client = Client::connect(&address).await.expect("connects");
        let mut scene = client.scene_service();
        let mut stream = client
            .stream_frames(pb::StreamFramesRequest::default())
            .await
            .expect("subscribes");
        // Wait for the demo's body.
        while right_wrist(&next(&mut stream).await).is_none() {}
        let ball = scene
            .add_object(pb::AddObjectRequest {
                shape: Some(pb::Shape {
                    kind: Some(pb::shape::Kind::Sphere(pb::Sphere { radius_m: 0.06 })),
                }),
                mass_kg: 0.5,
                pose: Some(at(3.0, 0.06, -3.0)),
                ..Default::default()
            })
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
