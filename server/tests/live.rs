//! End-to-end tests of the daemon's live features (issue 6, phase 2): a
//! pushed take against the offline solve, the calibration wizard against
//! offline calibration, avatars colliding in one physics space, skinned
//! vertices and avatar commands. The daemon runs in-process on a real
//! loopback socket; every wait is bounded; nothing asserts on durations.

mod common;
use common::{
    avatar, avatar_ids, demo_person, first_seconds, next_response, solver_named, PATIENCE,
};

use std::path::Path;

use posewire::serve::config::{AvatarConfig, SourceConfig};
use posewire::serve::{Config, Daemon};
use posewire_body::bvh::Bvh;
use posewire_body::formats::CalibrationTake;
use posewire_body::{BodyProfile, DeviceSet, Joint};
use posewire_client::{pb, Client, ClientError};
use posewire_evaluation::{
    synthesize, synthesize_with, Condition, SynthExtras, SynthOptions, SynthTakes,
};
use tonic::Code;

/// A daemon with one demo person, `demo`, on the `ik` solver.
async fn start_demo(storage: &Path) -> (Daemon, Client) {
    start(
        vec![avatar("demo", demo_person(0.0, [0.0; 3]))],
        "ik",
        storage,
    )
    .await
}

async fn start(avatars: Vec<AvatarConfig>, solver: &str, storage: &Path) -> (Daemon, Client) {
    let config = Config {
        listen: "127.0.0.1:0".into(),
        solver: solver_named(solver),
        avatars,
        storage: storage.to_path_buf(),
        subscriber_buffer: 256,
        ..Config::default()
    };
    common::start_daemon(&config).await
}

fn code(e: ClientError) -> Code {
    match e {
        ClientError::Status(s) => s.code(),
        other => panic!("not a status: {other}"),
    }
}

fn joint(a: &pb::AvatarFrame, j: usize) -> [f64; 3] {
    let p = &a.joint_positions;
    [p[3 * j], p[3 * j + 1], p[3 * j + 2]].map(f64::from)
}

fn dist(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// Synthetic takes (3 devices, clean) of the demo clip shipped in
/// `examples/` (part of the repository, so never skipped).
fn demo_takes() -> SynthTakes {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/demo_walk.bvh");
    let bvh = Bvh::read(&path).expect("the demo clip parses");
    synthesize(
        &bvh,
        "demo_walk",
        &SynthOptions {
            devices: DeviceSet::standard(3).expect("3 devices"),
            condition: Condition::Clean,
            seed: 7,
        },
    )
    .expect("synthesises")
}

/// [`demo_takes`] with the optional `hands_on_hips` calibration pose.
fn demo_takes_with_hips() -> SynthTakes {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/demo_walk.bvh");
    let bvh = Bvh::read(&path).expect("the demo clip parses");
    synthesize_with(
        &bvh,
        "demo_walk",
        &SynthOptions {
            devices: DeviceSet::standard(3).expect("3 devices"),
            condition: Condition::Clean,
            seed: 7,
        },
        &SynthExtras {
            hands_on_hips: true,
            ..Default::default()
        },
    )
    .expect("synthesises")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pushed_take_streams_the_joints_of_the_offline_solve() {
    let storage = tempfile::tempdir().expect("temp dir");
    let (daemon, client) = start(
        vec![avatar("p", SourceConfig::Push {})],
        "ik",
        storage.path(),
    )
    .await;
    // 3 s of the take, pushed in real time.
    let take = first_seconds(&demo_takes().trackers, 3.0);
    let t0 = take.samples[0].time_s;
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest {
            avatar_ids: vec!["p".into()],
            ..Default::default()
        })
        .await
        .expect("subscribes");
    let start_ns = posewire::push_take::unix_ns() + 50_000_000;
    let pusher = {
        let (client, take) = (client.clone(), take.clone());
        tokio::spawn(
            async move { posewire::push_take::push(&client, &take, "p", true, start_ns).await },
        )
    };
    let mut frames = Vec::new();
    while !pusher.is_finished() {
        let f = next_response(&mut stream).await.frame.expect("a frame");
        if let Some(a) = f.avatars.into_iter().next() {
            frames.push((f.simulation_time_s, a));
        }
    }
    let answer = pusher.await.expect("joined").expect("pushed");
    assert_eq!(answer.rejected, 0);
    assert_eq!(answer.accepted as usize, take.samples.len());

    let offline = posewire_solver::solve_take(
        &BodyProfile::from_stature(posewire::serve::daemon::DEFAULT_STATURE_M),
        &take,
        &posewire_solver::SolveOptions::default(),
    )
    .expect("offline solve");
    let (first, last) = (offline[0].time_s, offline[offline.len() - 1].time_s);
    // The daemon's loop time of a sample is its capture time (sender clock)
    // plus the clock offset it reported: invert that for each frame.
    let start_s = start_ns as f64 * 1e-9;
    let mut errors = Vec::new();
    for (t_loop, a) in &frames {
        let tau = t_loop - answer.clock_offset_s - start_s + t0;
        // Skip the first half second (the live solver starts when the
        // first sample lands, the offline one at the first tick) and the
        // last tick.
        if tau < first + 0.5 || tau > last - 0.02 {
            continue;
        }
        let k = (((tau - first) * 90.0).floor() as usize).min(offline.len() - 2);
        let w = ((tau - offline[k].time_s) * 90.0).clamp(0.0, 1.0);
        for j in Joint::ALL {
            let (p, q) = (
                offline[k].joints[j].position,
                offline[k + 1].joints[j].position,
            );
            let expected = p.lerp(q, w);
            errors.push(dist(joint(a, j.index()), expected.to_array()));
        }
    }
    assert!(errors.len() > 21 * 150, "{} comparisons", errors.len());
    errors.sort_by(f64::total_cmp);
    let median = errors[errors.len() / 2];
    let p95 = errors[errors.len() * 95 / 100];
    println!(
        "pushed vs offline: {} joint positions, median {:.2} mm, p95 {:.2} mm, max {:.2} mm",
        errors.len(),
        median * 1e3,
        p95 * 1e3,
        errors[errors.len() - 1] * 1e3
    );
    // Same solver, same samples; what differs is only when each tick falls
    // between two samples (the live ticks are not in phase with the take,
    // so each joint is compared with the offline track interpolated at the
    // live tick's take time) and the pushed samples' re-timing by the
    // estimated clock offset (sub-millisecond jitter on loopback). At
    // walking speeds (~1.5 m/s at the hands) a few milliseconds of phase
    // is a few millimetres.
    assert!(median < 0.005, "median {median} m");
    assert!(p95 < 0.02, "p95 {p95} m");
    daemon.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wizard_on_a_calibration_take_gives_the_offline_profile_and_stores_it() {
    let storage = tempfile::tempdir().expect("temp dir");
    let (daemon, client) = start_demo(storage.path()).await;
    let file = storage.path().join("demo_walk.calibration.csv");
    demo_takes()
        .calibration
        .write(&file)
        .expect("writes the take");
    // What `posewire calibrate --input` makes of the same file.
    let offline = posewire_calibration::calibrate(&CalibrationTake::read(&file).expect("reads"))
        .expect("calibrates")
        .profile
        .to_toml();

    let mut updates = client
        .calibrate(pb::CalibrateRequest {
            avatar_id: "demo".into(),
            profile_name: "zoe".into(),
            apply: true,
            take_csv: std::fs::read_to_string(&file).expect("reads"),
            hands_on_hips: false,
        })
        .await
        .expect("starts");
    let mut poses = Vec::new();
    let mut holds = 0;
    let mut progress = 0.0;
    let mut last_left = f64::INFINITY;
    let result = loop {
        let u = tokio::time::timeout(PATIENCE, updates.message())
            .await
            .expect("an update")
            .expect("no error")
            .expect("ends with the result");
        assert!(u.progress >= progress - 1e-9, "progress goes forward");
        progress = u.progress;
        match u.step {
            Some(pb::calibrate_update::Step::Instruction(i)) => {
                poses.push(i.pose);
                assert!(!i.text.is_empty());
                last_left = f64::INFINITY;
            }
            Some(pb::calibrate_update::Step::Holding(h)) => {
                holds += 1;
                assert!(h.seconds_left <= last_left, "the countdown counts down");
                last_left = h.seconds_left;
            }
            Some(pb::calibrate_update::Step::Result(p)) => break p,
            None => {}
        }
    };
    assert_eq!(poses.len(), 3, "one instruction per pose: {poses:?}");
    assert!(holds >= 3 * 5, "a countdown per pose ({holds} updates)");
    assert_eq!(progress, 1.0);
    assert_eq!(result.name, "zoe");
    assert_eq!(
        result.toml, offline,
        "the same profile as offline calibration"
    );

    // Stored by name: listed, fetched, applied to the avatar, deleted.
    assert_eq!(client.list_profiles().await.expect("lists"), ["zoe"]);
    assert_eq!(client.get_profile("zoe").await.expect("gets").toml, offline);
    let avatars = client.list_avatars().await.expect("lists");
    assert_eq!(avatars[0].profile_name, "zoe");
    let skeleton = client.get_skeleton("demo").await.expect("skeleton");
    assert_eq!(skeleton.profile_name, "zoe");
    client.delete_profile("zoe").await.expect("deletes");
    assert_eq!(
        code(client.get_profile("zoe").await.expect_err("gone")),
        Code::NotFound
    );

    // A take with the optional fourth pose: the wizard narrates it too and
    // the profile is again the offline one (which reads the hip height
    // from it).
    let hips_file = storage.path().join("demo_walk_hips.calibration.csv");
    demo_takes_with_hips()
        .calibration
        .write(&hips_file)
        .expect("writes the take");
    let hips_offline =
        posewire_calibration::calibrate(&CalibrationTake::read(&hips_file).expect("reads"))
            .expect("calibrates")
            .profile
            .to_toml();
    assert_ne!(hips_offline, offline, "the fourth pose changes the profile");
    let mut updates = client
        .calibrate(pb::CalibrateRequest {
            avatar_id: "demo".into(),
            profile_name: "hips".into(),
            take_csv: std::fs::read_to_string(&hips_file).expect("reads"),
            ..Default::default()
        })
        .await
        .expect("starts");
    let mut poses = Vec::new();
    let result = loop {
        let u = tokio::time::timeout(PATIENCE, updates.message())
            .await
            .expect("an update")
            .expect("no error")
            .expect("ends with the result");
        match u.step {
            Some(pb::calibrate_update::Step::Instruction(i)) => poses.push(i.pose),
            Some(pb::calibrate_update::Step::Result(p)) => break p,
            _ => {}
        }
    };
    assert_eq!(poses.len(), 4, "{poses:?}");
    assert_eq!(poses[3], pb::CalibrationPose::HandsOnHips as i32);
    assert_eq!(result.toml, hips_offline);
    client.delete_profile("hips").await.expect("deletes");

    // Live: the wizard watches the demo avatar's devices and asks for the
    // first pose.
    let mut live = client
        .calibrate(pb::CalibrateRequest {
            avatar_id: "demo".into(),
            profile_name: "live".into(),
            ..Default::default()
        })
        .await
        .expect("starts");
    let first = tokio::time::timeout(PATIENCE, live.message())
        .await
        .expect("an update")
        .expect("no error")
        .expect("an update");
    match first.step {
        Some(pb::calibrate_update::Step::Instruction(i)) => {
            assert_eq!(i.pose, pb::CalibrationPose::ArmsForward as i32)
        }
        other => panic!("{other:?}"),
    }
    drop(live);
    daemon.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_avatars_in_one_physics_space_collide_instead_of_passing_through() {
    let storage = tempfile::tempdir().expect("temp dir");
    // Two demo people doing exactly the same thing at the same place:
    // their devices coincide, so without collisions their bodies would too.
    let (daemon, client) = start(
        vec![
            avatar("a", demo_person(0.0, [0.0; 3])),
            avatar("b", demo_person(0.0, [0.0; 3])),
        ],
        "physics",
        storage.path(),
    )
    .await;
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest::default())
        .await
        .expect("subscribes");
    let mut separations = Vec::new();
    while separations.len() < 180 {
        let f = next_response(&mut stream).await.frame.expect("a frame");
        if f.avatars.len() == 2 {
            let chest = Joint::Chest.index();
            separations.push(dist(
                joint(&f.avatars[0], chest),
                joint(&f.avatars[1], chest),
            ));
        }
    }
    // They start overlapping and are pushed apart over the first second
    // (how fast depends on where the pelvis goes under the head); judge the
    // second second.
    let later = &separations[90..];
    let least = later.iter().copied().fold(f64::INFINITY, f64::min);
    println!("chest-to-chest separation after the start: at least {least:.3} m");
    assert!(
        least > 0.1,
        "the bodies overlap ({least} m apart): they pass through each other"
    );
    // A push on one of them is accepted in the physics space.
    client
        .push_impulse(pb::PushImpulseRequest {
            id: "a".into(),
            joint: "chest".into(),
            impulse: Some(pb::Vec3 {
                x: 20.0,
                y: 0.0,
                z: 0.0,
            }),
        })
        .await
        .expect("pushed");
    // Removing one takes its body out of the space; the other streams on
    // alone.
    client.remove_avatar("b").await.expect("removed");
    for _ in 0..5 {
        next_response(&mut stream).await;
    }
    for _ in 0..10 {
        let f = next_response(&mut stream).await.frame.expect("a frame");
        let ids: Vec<&str> = f.avatars.iter().map(|a| a.avatar_id.as_str()).collect();
        assert_eq!(ids, ["a"]);
    }
    daemon.shutdown().await.expect("clean shutdown");
}

fn decode(v: &pb::SkinnedVertices) -> Vec<[f32; 3]> {
    posewire::serve::skin::decode(v)
        .expect("decodes")
        .into_iter()
        .map(|p| p.to_array())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn vertex_subscribers_get_moving_vertices_skinned_once_per_frame() {
    let storage = tempfile::tempdir().expect("temp dir");
    let (daemon, client) = start_demo(storage.path()).await;
    let mesh = client.get_mesh("demo").await.expect("the mesh");
    let n = mesh.rest_positions.len() / 3;
    assert!(n > 1000, "{n} vertices");
    assert_eq!(mesh.triangles.len() % 3, 0);
    assert!(mesh.triangles.iter().all(|&i| (i as usize) < n));
    assert_eq!(mesh.model, "builtin");
    assert_eq!(
        client.get_stats().await.expect("stats").skinned_frames,
        0,
        "nobody asked for vertices: no skinning"
    );

    let ask = |encoding: pb::VertexEncoding| pb::StreamFramesRequest {
        avatar_ids: vec!["demo".into()],
        include_vertices: true,
        vertex_encoding: encoding as i32,
        ..Default::default()
    };
    let mut f32s = client
        .stream_frames(ask(pb::VertexEncoding::Float32))
        .await
        .expect("subscribes");
    let mut i16s = client
        .stream_frames(ask(pb::VertexEncoding::Int16))
        .await
        .expect("subscribes");
    let mut exact = std::collections::BTreeMap::new();
    let mut quantised = std::collections::BTreeMap::new();
    while exact.len() < 60 || quantised.len() < 60 {
        for (stream, into) in [(&mut f32s, &mut exact), (&mut i16s, &mut quantised)] {
            let f = next_response(stream).await.frame.expect("a frame");
            if let Some(v) = f.avatars.first().and_then(|a| a.vertices.clone()) {
                assert_eq!(v.vertex_count as usize, n, "as many vertices as GetMesh");
                into.insert(f.sequence, v);
            }
        }
    }
    // They move.
    let seqs: Vec<u64> = exact.keys().copied().collect();
    let a = decode(&exact[&seqs[0]]);
    let b = decode(&exact[&seqs[seqs.len() - 1]]);
    assert_eq!(exact[&seqs[0]].data.len(), 12 * n);
    let moved = a
        .iter()
        .zip(&b)
        .map(|(p, q)| dist(p.map(f64::from), q.map(f64::from)))
        .fold(0.0, f64::max);
    assert!(moved > 0.01, "the vertices moved {moved} m");
    // INT16 decodes within the stated bound of FLOAT32 for the same frame.
    let mut compared = 0;
    for (seq, q) in &quantised {
        let Some(e) = exact.get(seq) else { continue };
        assert_eq!(q.data.len(), 6 * n);
        let (lo, hi) = (q.bounds_min.expect("min"), q.bounds_max.expect("max"));
        let bound = [hi.x - lo.x, hi.y - lo.y, hi.z - lo.z].map(|r| r / 131070.0 + 1e-6);
        for (p, r) in decode(q).iter().zip(decode(e)) {
            for k in 0..3 {
                let err = f64::from((p[k] - r[k]).abs());
                assert!(err <= bound[k], "axis {k}: {err} > {}", bound[k]);
            }
        }
        compared += 1;
    }
    assert!(compared > 30, "{compared} frames in both encodings");
    // Once per frame per avatar, whatever the number of subscribers.
    let stats = client.get_stats().await.expect("stats");
    assert!(stats.skinned_frames > 0);
    assert!(
        stats.skinned_frames <= stats.frames,
        "{} skinned for {} ticks with two vertex subscribers",
        stats.skinned_frames,
        stats.frames
    );
    assert!(stats.skinning.expect("skinning cost").count > 0);
    // Only while someone wants vertices.
    drop(f32s);
    drop(i16s);
    let mut poses = client
        .stream_frames(pb::StreamFramesRequest::default())
        .await
        .expect("subscribes");
    for _ in 0..10 {
        next_response(&mut poses).await;
    }
    let before = client.get_stats().await.expect("stats").skinned_frames;
    for _ in 0..30 {
        let f = next_response(&mut poses).await.frame.expect("frame");
        assert!(f.avatars.iter().all(|a| a.vertices.is_none()));
    }
    assert_eq!(
        client.get_stats().await.expect("stats").skinned_frames,
        before,
        "no skinning without vertex subscribers"
    );
    daemon.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_model_avatar_sends_its_mesh_with_uvs_and_its_vertices() {
    let model =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/models/CesiumMan.glb");
    if !model.is_file() {
        println!("SKIPPED: ../shared/data not found");
        return;
    }
    let storage = tempfile::tempdir().expect("temp dir");
    let mut cesium = avatar("cesium", demo_person(0.0, [0.0; 3]));
    cesium.model = Some(model);
    let (daemon, client) = start(
        vec![cesium, avatar("plain", demo_person(0.0, [2.0, 0.0, 0.0]))],
        "ik",
        storage.path(),
    )
    .await;
    let mesh = client.get_mesh("cesium").await.expect("the mesh");
    assert_eq!(mesh.model, "CesiumMan.glb");
    let n = mesh.rest_positions.len() / 3;
    assert_eq!(n, 3273, "CesiumMan's vertices");
    assert_eq!(mesh.triangles.len(), 3 * 4672);
    // TEXCOORD_0 of the file: 2 per vertex, inside its accessor bounds.
    assert_eq!(mesh.uvs.len(), 2 * n);
    assert!(mesh.uvs.iter().all(|c| (0.008..=0.991).contains(c)));
    let spread = |k: usize| {
        let it = mesh.uvs.iter().skip(k).step_by(2);
        it.clone().fold(0f32, |a, &b| a.max(b)) - it.fold(1f32, |a, &b| a.min(b))
    };
    assert!(
        spread(0) > 0.9 && spread(1) > 0.9,
        "the UVs cover the texture"
    );
    // The built-in body has none.
    let plain = client.get_mesh("plain").await.expect("the mesh");
    assert_eq!(plain.model, "builtin");
    assert!(plain.uvs.is_empty());
    // Its vertices stream in the mesh's order and count.
    let mut stream = client
        .stream_frames(pb::StreamFramesRequest {
            avatar_ids: vec!["cesium".into()],
            include_vertices: true,
            vertex_encoding: pb::VertexEncoding::Int16 as i32,
            ..Default::default()
        })
        .await
        .expect("subscribes");
    let vertices = loop {
        let f = next_response(&mut stream).await.frame.expect("a frame");
        if let Some(v) = f.avatars.first().and_then(|a| a.vertices.clone()) {
            break v;
        }
    };
    assert_eq!(vertices.vertex_count as usize, n);
    assert_eq!(decode(&vertices).len(), n);
    daemon.shutdown().await.expect("clean shutdown");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn avatars_are_created_changed_and_removed_while_the_loop_runs() {
    let storage = tempfile::tempdir().expect("temp dir");
    let (daemon, client) = start_demo(storage.path()).await;
    let demo_source = |x: f64| pb::DeviceSource {
        kind: Some(pb::device_source::Kind::Demo(pb::DemoSource {
            time_offset_s: 3.0,
            origin: Some(pb::Vec3 { x, y: 0.0, z: 0.0 }),
        })),
    };
    let bob = client
        .create_avatar(pb::CreateAvatarRequest {
            id: "bob".into(),
            source: Some(demo_source(2.0)),
            profile_name: String::new(),
        })
        .await
        .expect("created");
    assert_eq!(bob.id, "bob");
    assert_eq!(bob.profile_name, "default");
    let again = client
        .create_avatar(pb::CreateAvatarRequest {
            id: "bob".into(),
            source: Some(demo_source(0.0)),
            profile_name: String::new(),
        })
        .await
        .expect_err("taken");
    assert_eq!(code(again), Code::AlreadyExists);
    let missing_profile = client
        .create_avatar(pb::CreateAvatarRequest {
            id: "carl".into(),
            source: Some(demo_source(0.0)),
            profile_name: "nobody".into(),
        })
        .await
        .expect_err("no such profile");
    assert_eq!(code(missing_profile), Code::NotFound);

    let mut stream = client
        .stream_frames(pb::StreamFramesRequest::default())
        .await
        .expect("subscribes");
    let mut seen_bob = None;
    for _ in 0..200 {
        let f = next_response(&mut stream).await.frame.expect("frame");
        if let Some(b) = f.avatars.iter().find(|a| a.avatar_id == "bob") {
            seen_bob = Some(joint(b, Joint::Pelvis.index()));
            break;
        }
    }
    let pelvis = seen_bob.expect("bob streams");
    assert!(
        (pelvis[0] - 2.0).abs() < 1.5,
        "bob walks around x = 2: {pelvis:?}"
    );

    // Commands on it.
    client
        .set_gaze_target(pb::SetGazeTargetRequest {
            id: "bob".into(),
            target: Some(pb::Vec3 {
                x: 0.0,
                y: 1.6,
                z: 5.0,
            }),
        })
        .await
        .expect("gaze set");
    let impulse = client
        .push_impulse(pb::PushImpulseRequest {
            id: "bob".into(),
            joint: "chest".into(),
            impulse: Some(pb::Vec3 {
                x: 1.0,
                y: 0.0,
                z: 0.0,
            }),
        })
        .await
        .expect_err("ik has no body to push");
    assert_eq!(code(impulse), Code::FailedPrecondition);
    let tall = BodyProfile::from_stature(1.95);
    std::fs::create_dir_all(storage.path().join("profiles")).expect("folder");
    tall.save(&storage.path().join("profiles/tall.profile.toml"))
        .expect("saves");
    let changed = client
        .set_avatar_profile(pb::SetAvatarProfileRequest {
            id: "bob".into(),
            profile_name: "tall".into(),
        })
        .await
        .expect("profile set");
    assert_eq!(changed.profile_name, "tall");
    let skeleton = client.get_skeleton("bob").await.expect("skeleton");
    assert!((skeleton.stature_m - 1.95).abs() < 1e-9);
    let moved = client
        .set_avatar_source(pb::SetAvatarSourceRequest {
            id: "bob".into(),
            source: Some(pb::DeviceSource {
                kind: Some(pb::device_source::Kind::Push(pb::PushSource {})),
            }),
        })
        .await
        .expect("source set");
    assert!(matches!(
        moved.source.and_then(|s| s.kind),
        Some(pb::device_source::Kind::Push(_))
    ));

    client.remove_avatar("bob").await.expect("removed");
    assert_eq!(
        code(client.remove_avatar("bob").await.expect_err("gone")),
        Code::NotFound
    );
    let ids = avatar_ids(&client).await;
    assert_eq!(ids, ["demo"]);
    // Frames queued before the removal still carry bob (how many depends
    // on how long the calls above took); once one does not, none may.
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let f = next_response(&mut stream).await.frame.expect("frame");
        if f.avatars.iter().all(|a| a.avatar_id != "bob") {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "bob is still streamed {PATIENCE:?} after his removal"
        );
    }
    for _ in 0..10 {
        let f = next_response(&mut stream).await.frame.expect("frame");
        assert!(
            f.avatars.iter().all(|a| a.avatar_id != "bob"),
            "bob is gone"
        );
    }
    daemon.shutdown().await.expect("clean shutdown");
}
