//! Development aid: where the physics body's foot skate comes from, against
//! its `ik` reference, over the clips of a folder (clean). Per clip and in
//! sum: the skate of the simulated and the reference ankles (the
//! evaluation's rule: frames within 3 cm of the ankle's lowest height), and
//! the simulated skate split by whether the reference ankle stands still
//! (planted) or moves in that frame.
//!
//! `--settings FILE` (a `[solver]` table) sets the physics body, e.g.
//! `[solver.physics.body.effectors]` `plant_speed_m_s` or
//! `[solver.physics.body]` `friction`.
//!
//! `cargo run --release -p posewire-tools --bin skate_diag -- ../shared/data/mocap 4`

use posewire_body::bvh::Bvh;
use posewire_body::glam::DVec3;
use posewire_body::Joint;
use posewire_evaluation::protocol::{bvh_clips, clip_name, is_prop_clip, setting_takes};
use posewire_evaluation::synth::Condition;
use posewire_solver::physics::{PhysicsSolver, Scene, WorldSettings};
use posewire_solver::take_ticks;

/// Per foot: (sum of speeds, frames) over contact frames, split by whether
/// `planted[i]` holds.
fn skate(ankles: &[[DVec3; 2]], planted: &[[bool; 2]], dt: f64) -> [[(f64, f64); 2]; 2] {
    let mut out = [[(0.0, 0.0); 2]; 2];
    for foot in 0..2 {
        let lowest = ankles
            .iter()
            .map(|a| a[foot].y)
            .fold(f64::INFINITY, f64::min);
        for i in 1..ankles.len().saturating_sub(1) {
            if ankles[i][foot].y > lowest + 0.03 {
                continue;
            }
            let v = (ankles[i + 1][foot] - ankles[i - 1][foot]) / (2.0 * dt);
            let s = DVec3::new(v.x, 0.0, v.z).length();
            let k = usize::from(!planted[i][foot]);
            out[foot][k].0 += s;
            out[foot][k].1 += 1.0;
        }
    }
    out
}

/// Where the physics body's foot skate comes from, against its reference.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// A folder of BVH clips.
    #[arg(default_value = "../shared/data/mocap")]
    dir: std::path::PathBuf,
    /// Devices: 3, 4 or 6.
    #[arg(default_value_t = 4)]
    devices: usize,
    #[command(flatten)]
    solver: posewire_tools::solver_file::SolverFile,
}

fn main() -> anyhow::Result<()> {
    let args = <Args as clap::Parser>::parse();
    let physics = args.solver.physics()?;
    let (dir, count) = (args.dir, args.devices);
    let mut clips = bvh_clips(&dir)?;
    clips.retain(|p| !is_prop_clip(&clip_name(p)));
    let dt = 1.0 / 90.0;
    let (mut tot_sim, mut tot_ref) = (0.0, 0.0);
    for clip in &clips {
        let bvh = Bvh::read(clip)?;
        let (takes, profile) = setting_takes(
            &bvh,
            &clip_name(clip),
            posewire_tools::choices::devices(count)?,
            Condition::Clean,
            1,
        )?;
        let settings = physics;
        let mut solver = PhysicsSolver::new(
            &profile,
            settings,
            &Scene::default(),
            WorldSettings::default(),
        );
        let samples = &takes.trackers.samples;
        let skeleton = posewire_body::Skeleton::from_profile(&profile);
        let (mut sim, mut refr) = (Vec::new(), Vec::new());
        for (t, due) in take_ticks(samples, 90.0) {
            for sample in due {
                solver.push(sample);
            }
            if !solver.ready() {
                continue;
            }
            let Some(f) = solver.step(t) else { continue };
            let (ps, pr) = (
                f.pose.positions(&skeleton),
                f.reference.positions(&skeleton),
            );
            sim.push([ps[Joint::LeftAnkle], ps[Joint::RightAnkle]]);
            refr.push([pr[Joint::LeftAnkle], pr[Joint::RightAnkle]]);
        }
        // The reference foot is planted when it moves under 2 cm/s.
        let planted: Vec<[bool; 2]> = (0..refr.len())
            .map(|i| {
                let (a, b) = (i.saturating_sub(1), (i + 1).min(refr.len() - 1));
                [0, 1].map(|f| {
                    let d = refr[b][f] - refr[a][f];
                    DVec3::new(d.x, 0.0, d.z).length() / (((b - a).max(1)) as f64 * dt) < 0.02
                })
            })
            .collect();
        let s = skate(&sim, &planted, dt);
        let r = skate(&refr, &planted, dt);
        let mean = |x: &[[(f64, f64); 2]; 2]| {
            let per: Vec<f64> = (0..2)
                .map(|f| (x[f][0].0 + x[f][1].0) / (x[f][0].1 + x[f][1].1).max(1.0))
                .collect();
            100.0 * (per[0] + per[1]) / 2.0
        };
        let part = |x: &[[(f64, f64); 2]; 2], k: usize| {
            let (sum, n): (f64, f64) =
                (0..2).fold((0.0, 0.0), |a, f| (a.0 + x[f][k].0, a.1 + x[f][k].1));
            (100.0 * sum / n.max(1.0), n)
        };
        let (sp, np) = part(&s, 0);
        let (sm, nm) = part(&s, 1);
        let (rp, rnp) = part(&r, 0);
        let (rm, rnm) = part(&r, 1);
        println!(
            "{:40} sim {:5.1} ref {:5.1} | sim planted {:5.1} ({:4}) moving {:5.1} ({:4}) | ref planted {:5.1} ({:4}) moving {:5.1} ({:4})",
            clip.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
            mean(&s),
            mean(&r),
            sp, np, sm, nm, rp, rnp, rm, rnm
        );
        tot_sim += mean(&s);
        tot_ref += mean(&r);
    }
    let n = clips.len().max(1) as f64;
    println!("mean sim {:5.2} ref {:5.2}", tot_sim / n, tot_ref / n);
    Ok(())
}
