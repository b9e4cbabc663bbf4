//! Development aid: the local volume near the elbows and knees of the
//! shared models for the three skinning methods (LBS, DQS, centres of
//! rotation), the figure docs/notes/skinning-measurements.md reports.
//!
//! Each joint is bent (elbow forward, knee backward) or twisted (forearm
//! about its own axis) from the bind pose; the volume is the signed volume
//! of the cones from the joint to the surface patch within half the child
//! bone's length of it, relative to the same patch at rest.
//!
//! `cargo run --release -p posewire-tools --bin local_volume`

use std::path::PathBuf;

use anyhow::Context as _;
use posewire_body::glam::{DQuat, DVec3, Vec3};
use posewire_body::{BodyProfile, Joint, Skeleton};
use posewire_skinning::volume::{cone_volume, triangles_near};
use posewire_skinning::{
    load_gltf, CentresOfRotation, CorParams, Deformed, Deformer, ImportOptions, Method, Retargeter,
    RigMap,
};

/// Local volume near bent and twisted joints, per skinning method.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// The folder of the shared models (CesiumMan.glb, male_base_mesh.glb).
    #[arg(long, value_name = "DIR", default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/models"))]
    models: PathBuf,
}

fn main() -> anyhow::Result<()> {
    let dir = <Args as clap::Parser>::parse().models;
    println!("| model | joint | motion | LBS | DQS | CoR |");
    println!("|---|---|---|---|---|---|");
    for file in ["CesiumMan.glb", "male_base_mesh.glb"] {
        let mesh = load_gltf(&dir.join(file), ImportOptions::default())?;
        let map = RigMap::for_mesh(&mesh);
        let skeleton = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
        let retarget = Retargeter::new(&mesh, &map, &skeleton)
            .with_context(|| format!("{file}: the body does not map onto its rig"))?;
        let cor = CentresOfRotation::compute(&mesh, &CorParams::default());
        let deformer = Deformer::new(&mesh, Some(&cor));
        let bind = retarget.bind_pose();
        for (joint, child, motion) in [
            (Joint::LeftElbow, Joint::LeftWrist, "bend 120"),
            (Joint::LeftElbow, Joint::LeftWrist, "twist 90"),
            (Joint::RightElbow, Joint::RightWrist, "bend 120"),
            (Joint::LeftKnee, Joint::LeftAnkle, "bend 120"),
            (Joint::RightKnee, Joint::RightAnkle, "bend 120"),
        ] {
            let (Some(mj), Some(mc)) = (map.joints[joint], map.joints[child]) else {
                continue;
            };
            let dir_c = bind.rotations[joint] * skeleton.offsets[child].normalize();
            let rot = if motion.starts_with("twist") {
                DQuat::from_axis_angle(dir_c, 90f64.to_radians())
            } else {
                let hinge = if joint == Joint::LeftKnee || joint == Joint::RightKnee {
                    DVec3::X
                } else {
                    DVec3::Y * -joint.side().map_or(1.0, |s| s.sign())
                };
                let axis = (hinge - dir_c * hinge.dot(dir_c)).normalize();
                DQuat::from_axis_angle(axis, 120f64.to_radians())
            };
            let mut pose = bind;
            let mut stack = vec![joint];
            while let Some(j) = stack.pop() {
                pose.rotations[j] = rot * pose.rotations[j];
                stack.extend(j.children());
            }
            let bones = retarget.transforms(&pose);
            let centre = mesh.skeleton[mj].bind_position.as_vec3();
            let radius = 0.5
                * (mesh.skeleton[mc].bind_position - mesh.skeleton[mj].bind_position).length()
                    as f32;
            let near = triangles_near(&mesh.positions, &mesh.triangles, centre, radius);
            let rest = cone_volume(&mesh.positions, &mesh.triangles, &near, centre);
            let apex: Vec3 = bones[mj].rotation * centre + bones[mj].translation;
            let mut row = format!("| {file} | {} | {motion} |", joint.name());
            for method in Method::ALL {
                let mut d = Deformed::default();
                deformer.deform(&bones, method, &mut d);
                let v = cone_volume(&d.positions, &mesh.triangles, &near, apex);
                row += &format!(" {:.3} |", v / rest);
            }
            println!("{row}");
        }
    }
    Ok(())
}
