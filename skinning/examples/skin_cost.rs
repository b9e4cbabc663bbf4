//! Runs one costly piece of the skinning alone, for profilers that count
//! instructions (`valgrind --tool=callgrind`) rather than time:
//!
//! ```text
//! cargo run --release -p posewire-skinning --example skin_cost -- MODEL.glb precompute [VERTICES [CENTRES.f32]]
//! cargo run --release -p posewire-skinning --example skin_cost -- MODEL.glb deform FRAMES [VERTICES]
//! cargo run --release -p posewire-skinning --example skin_cost -- MODEL.glb cpu-time FRAMES [VERTICES]
//! ```
//!
//! `precompute` computes the centres once (with the per-phase log) and
//! writes them, when asked, as raw little-endian `f32` x y z triples (to
//! compare two versions of the computation). `VERTICES` subdivides the model first, as the criterion bench does for
//! its 50k-vertex mesh. `deform` loads the centres from (or writes them to)
//! `$TMPDIR/posewire-cor-cache` and then deforms `FRAMES` frames with each
//! method in turn, each in its own non-inlined function (`run_lbs`,
//! `run_dqs`, `run_cor`) so that their inclusive costs can be read apart.
//! `cpu-time` runs the methods in turn, `FRAMES` frames at a time, for 15
//! rounds and prints each method's median CPU time per frame, summed over
//! the process's threads from `/proc/self/task/*/schedstat` (Linux): time
//! the process spends waiting for a core shared with other work does not
//! count, so the ratios hold up on a busy machine better than wall-clock
//! times do.

use std::hint::black_box;
use std::path::Path;

use posewire_skinning::{
    load_gltf, BoneTransform, CentresOfRotation, CorParams, Deformed, Deformer, ImportOptions,
    Method,
};

#[path = "../benches/common/subdivide.rs"]
mod subdivide;
use subdivide::pose;

fn run(d: &Deformer, bones: &[BoneTransform], method: Method, frames: usize) -> f32 {
    let mut out = Deformed::default();
    let mut sum = 0.0;
    for _ in 0..frames {
        d.deform(black_box(bones), method, &mut out);
        sum += out.positions.first().map_or(0.0, |p| p.x);
    }
    sum
}

#[inline(never)]
fn run_lbs(d: &Deformer, bones: &[BoneTransform], frames: usize) -> f32 {
    run(d, bones, Method::Lbs, frames)
}

#[inline(never)]
fn run_dqs(d: &Deformer, bones: &[BoneTransform], frames: usize) -> f32 {
    run(d, bones, Method::Dqs, frames)
}

#[inline(never)]
fn run_cor(d: &Deformer, bones: &[BoneTransform], frames: usize) -> f32 {
    run(d, bones, Method::Cor, frames)
}

/// Nanoseconds this process's threads have spent on a CPU.
fn cpu_ns() -> u64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0;
    };
    tasks
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .sum()
}

fn cpu_time(d: &Deformer, bones: &[BoneTransform], frames: usize) {
    let mut per_frame: Vec<Vec<f64>> = vec![Vec::new(); Method::ALL.len()];
    for round in 0..16 {
        for (k, &method) in Method::ALL.iter().enumerate() {
            let start = cpu_ns();
            black_box(run(d, bones, method, frames));
            let ns = cpu_ns().saturating_sub(start);
            // Round 0 warms up.
            if round > 0 {
                per_frame[k].push(ns as f64 / frames as f64 / 1000.0);
            }
        }
    }
    let mut median = [0.0; 3];
    for (k, times) in per_frame.iter_mut().enumerate() {
        times.sort_by(f64::total_cmp);
        median[k] = times[times.len() / 2];
        println!(
            "{}: median {:.2} us CPU per frame (min {:.2}, max {:.2})",
            Method::ALL[k].name(),
            median[k],
            times[0],
            times[times.len() - 1]
        );
    }
    println!(
        "cor/lbs {:.2}, dqs/lbs {:.2}",
        median[2] / median[0],
        median[1] / median[0]
    );
}

fn main() {
    tracing_subscriber::fmt().with_env_filter("info").init();
    let args: Vec<String> = std::env::args().collect();
    let usage =
        "usage: skin_cost MODEL.glb precompute [VERTICES] | MODEL.glb deform FRAMES [VERTICES]";
    let (Some(path), Some(what)) = (args.get(1), args.get(2)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let mut mesh = match load_gltf(Path::new(path), ImportOptions::default()) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let number = |i: usize| args.get(i).and_then(|s| s.parse::<usize>().ok());
    let vertices_arg = if what == "precompute" { 3 } else { 4 };
    if let Some(v) = number(vertices_arg).filter(|&v| v > 0) {
        mesh = subdivide::subdivide(&mesh, v);
    }
    let params = CorParams::default();
    match what.as_str() {
        "precompute" => {
            let cor = CentresOfRotation::compute(&mesh, &params);
            println!(
                "{} centres, {} fell back to linear blending",
                cor.centres.len(),
                cor.fallback_vertices
            );
            if let Some(out) = args.get(4) {
                let bytes: Vec<u8> = cor
                    .centres
                    .iter()
                    .flat_map(|c| c.to_array())
                    .flat_map(f32::to_le_bytes)
                    .collect();
                if let Err(e) = std::fs::write(out, bytes) {
                    eprintln!("{out}: {e}");
                    std::process::exit(1);
                }
            }
        }
        "deform" | "cpu-time" => {
            let frames = number(3).unwrap_or(100);
            let cache = std::env::temp_dir().join("posewire-cor-cache");
            let cor = match CentresOfRotation::compute_cached(&mesh, &params, &cache) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("{e}");
                    std::process::exit(1);
                }
            };
            let d = Deformer::new(&mesh, Some(&cor));
            let bones = pose(&mesh);
            if what == "cpu-time" {
                cpu_time(&d, &bones, frames);
                return;
            }
            let s = run_lbs(&d, &bones, frames)
                + run_dqs(&d, &bones, frames)
                + run_cor(&d, &bones, frames);
            println!(
                "{} vertices, {frames} frames per method ({s})",
                mesh.vertex_count()
            );
        }
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    }
}
