//! Skinning methods on a two-bone cylinder: volume at a twist and a bend,
//! rigid vertices, and the bind pose.

mod common;

use common::{cylinder, BLEND, RADIUS};
use glam::{Quat, Vec3};
use posewire_skinning::volume::{cone_volume, triangles_near};
use posewire_skinning::{BoneTransform, CentresOfRotation, CorParams, Deformed, Deformer, Method};

fn deform_all(
    angle_axis: Vec3,
    degrees: f32,
) -> (posewire_skinning::SkinnedMesh, Vec<(Method, Deformed)>) {
    let mesh = cylinder(81, 48);
    let cor = CentresOfRotation::compute(&mesh, &CorParams::default());
    let deformer = Deformer::new(&mesh, Some(&cor));
    let bones = [
        BoneTransform::IDENTITY,
        BoneTransform::about(
            Vec3::ZERO,
            Quat::from_axis_angle(angle_axis, degrees.to_radians()),
        ),
    ];
    let out = Method::ALL
        .iter()
        .map(|&m| {
            let mut d = Deformed::default();
            deformer.deform(&bones, m, &mut d);
            (m, d)
        })
        .collect();
    (mesh, out)
}

/// Local volume near the joint relative to rest, per method.
fn local_ratios(
    mesh: &posewire_skinning::SkinnedMesh,
    out: &[(Method, Deformed)],
) -> Vec<(Method, f64)> {
    let near = triangles_near(&mesh.positions, &mesh.triangles, Vec3::ZERO, BLEND + 0.1);
    let rest = cone_volume(&mesh.positions, &mesh.triangles, &near, Vec3::ZERO);
    out.iter()
        .map(|(m, d)| {
            (
                *m,
                cone_volume(&d.positions, &mesh.triangles, &near, Vec3::ZERO) / rest,
            )
        })
        .collect()
}

#[test]
fn skinning_twist_150_lbs_collapses_cor_keeps_volume() {
    let (mesh, out) = deform_all(Vec3::X, 150.0);
    let ratios = local_ratios(&mesh, &out);
    println!("twist 150 deg, local volume / rest: {ratios:?}");
    for (m, r) in ratios {
        match m {
            Method::Lbs => assert!(r < 0.70, "LBS should lose >30%, ratio {r}"),
            Method::Cor => assert!(
                (r - 1.0).abs() < 0.05,
                "CoR should stay within 5%, ratio {r}"
            ),
            Method::Dqs => assert!(
                (r - 1.0).abs() < 0.05,
                "DQS keeps volume under twist, ratio {r}"
            ),
        }
    }
}

/// Largest distance of a vertex from the bent bone axis, over the radius.
fn max_radius_ratio(d: &Deformed, bend: Quat) -> f32 {
    let dir1 = bend * Vec3::X;
    d.positions
        .iter()
        .map(|&p| {
            let upper = Vec3::new(p.x.clamp(-1.0, 0.0), 0.0, 0.0).distance(p);
            let s = p.dot(dir1).clamp(0.0, 1.0);
            let lower = (dir1 * s).distance(p);
            upper.min(lower) / RADIUS
        })
        .fold(0.0, f32::max)
}

#[test]
fn skinning_bend_120_dqs_bulges_cor_keeps_volume() {
    let (mesh, out) = deform_all(Vec3::Z, 120.0);
    let bend = Quat::from_axis_angle(Vec3::Z, 120f32.to_radians());
    let ratios = local_ratios(&mesh, &out);
    let radii: Vec<(Method, f32)> = out
        .iter()
        .map(|(m, d)| (*m, max_radius_ratio(d, bend)))
        .collect();
    println!("bend 120 deg, local volume / rest: {ratios:?}; max distance from the bones / radius: {radii:?}");
    let get = |m: Method| {
        ratios
            .iter()
            .find(|(x, _)| *x == m)
            .map(|(_, r)| *r)
            .unwrap_or(f64::NAN)
    };
    let rad = |m: Method| {
        radii
            .iter()
            .find(|(x, _)| *x == m)
            .map(|(_, r)| *r)
            .unwrap_or(f32::NAN)
    };
    assert!(
        get(Method::Dqs) > 1.0
            || (rad(Method::Dqs) > 1.15 && rad(Method::Dqs) > rad(Method::Cor) + 0.1),
        "DQS should bulge: volume ratio {}, radius ratio {}",
        get(Method::Dqs),
        rad(Method::Dqs)
    );
    assert!(
        (get(Method::Cor) - 1.0).abs() < 0.05,
        "CoR within 5%: {}",
        get(Method::Cor)
    );
}

#[test]
fn skinning_rigid_vertices_ignore_their_centres() {
    let mesh = cylinder(41, 24);
    // Absurd centres: single-bone vertices must still move rigidly.
    let centres = (0..mesh.vertex_count())
        .map(|i| Vec3::new(3.0 + i as f32 * 0.01, -2.0, 5.0))
        .collect();
    let cor = CentresOfRotation {
        centres,
        fallback_vertices: 0,
    };
    let deformer = Deformer::new(&mesh, Some(&cor));
    let b0 = BoneTransform {
        rotation: Quat::from_euler(glam::EulerRot::XYZ, 0.3, -0.7, 1.1),
        translation: Vec3::new(0.2, -0.1, 0.4),
    };
    let b1 = BoneTransform::about(
        Vec3::ZERO,
        Quat::from_axis_angle(Vec3::new(0.0, 0.6, 0.8), 2.0),
    );
    let mut checked = 0;
    for method in Method::ALL {
        let mut d = Deformed::default();
        deformer.deform(&[b0, b1], method, &mut d);
        for v in 0..mesh.vertex_count() {
            let infl: Vec<(usize, f32)> = mesh.vertex_influences(v).collect();
            if infl.len() != 1 {
                continue;
            }
            let b = if infl[0].0 == 0 { b0 } else { b1 };
            let want = b.rotation * mesh.positions[v] + b.translation;
            let err = d.positions[v].distance(want);
            assert!(err < 1e-5, "{method:?} vertex {v}: error {err}");
            let nerr = d.normals[v].distance(b.rotation * mesh.normals[v]);
            assert!(nerr < 1e-5, "{method:?} vertex {v}: normal error {nerr}");
            checked += 1;
        }
    }
    assert!(checked > 1000);
}

#[test]
fn skinning_bind_pose_deforms_to_itself() {
    let mesh = cylinder(41, 24);
    let cor = CentresOfRotation::compute(&mesh, &CorParams::default());
    let deformer = Deformer::new(&mesh, Some(&cor));
    for method in Method::ALL {
        let mut d = Deformed::default();
        deformer.deform(&[BoneTransform::IDENTITY; 2], method, &mut d);
        for v in 0..mesh.vertex_count() {
            assert!(
                d.positions[v].distance(mesh.positions[v]) < 1e-5,
                "{method:?} vertex {v}"
            );
            assert!(
                d.normals[v].distance(mesh.normals[v]) < 1e-5,
                "{method:?} normal {v}"
            );
        }
    }
}

#[test]
fn skinning_twist_centres_lie_on_the_axis() {
    let mesh = cylinder(81, 48);
    let cor = CentresOfRotation::compute(&mesh, &CorParams::default());
    assert_eq!(cor.fallback_vertices, 0);
    for v in 0..mesh.vertex_count() {
        if mesh.vertex_influences(v).count() == 2 {
            let c = cor.centres[v];
            assert!(c.y.hypot(c.z) < 0.01, "vertex {v}: centre {c} off axis");
            assert!(
                (c.x - mesh.positions[v].x).abs() < 0.1,
                "vertex {v}: centre {c} far along the axis"
            );
        }
    }
}

#[test]
fn skinning_default_body_mesh_is_usable() {
    use posewire_body::{BodyPose, BodyProfile, Joint, Skeleton};
    use posewire_skinning::{body_mesh::default_body, Retargeter, RigMap};
    let skeleton = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
    let mesh = default_body(&skeleton).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        (2000..20000).contains(&mesh.vertex_count()),
        "{}",
        mesh.vertex_count()
    );
    let map = RigMap::for_mesh(&mesh);
    assert!(map.unmapped.is_empty());
    let retarget = Retargeter::new(&mesh, &map, &skeleton).unwrap_or_else(|e| panic!("{e}"));
    // The canonical rest pose is this mesh's bind pose.
    let bones = retarget.transforms(&BodyPose::rest(&skeleton));
    assert!(bones
        .iter()
        .all(|b| b.translation.length() < 1e-5 && b.rotation.angle_between(Quat::IDENTITY) < 1e-5));
    // Bending the left elbow moves the hand and leaves the right arm alone.
    let mut pose = BodyPose::rest(&skeleton);
    let bend = glam::DQuat::from_rotation_y(-1.5);
    pose.rotations[Joint::LeftElbow] = bend;
    pose.rotations[Joint::LeftWrist] = bend;
    let bones = retarget.transforms(&pose);
    let cor = CentresOfRotation::compute(&mesh, &CorParams::default());
    let mut d = Deformed::default();
    Deformer::new(&mesh, Some(&cor)).deform(&bones, Method::Cor, &mut d);
    let mut moved_left = 0;
    for v in 0..mesh.vertex_count() {
        let dist = d.positions[v].distance(mesh.positions[v]);
        if mesh.positions[v].x < -0.3 {
            assert!(dist < 1e-5, "right arm vertex {v} moved {dist}");
        }
        if mesh.positions[v].x > 0.6 && dist > 0.05 {
            moved_left += 1;
        }
    }
    assert!(moved_left > 100, "{moved_left}");
}
