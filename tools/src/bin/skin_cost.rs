//! Development aid: one costly piece of the skinning run alone, for
//! profilers that count instructions (`valgrind --tool=callgrind`) rather
//! than time, or timed in CPU time:
//!
//! ```text
//! cargo run --release -p posewire-tools --bin skin_cost -- --model MODEL.glb precompute [--vertices N] [--centres-out CENTRES.f32]
//! cargo run --release -p posewire-tools --bin skin_cost -- --model MODEL.glb deform [--frames N] [--vertices N]
//! cargo run --release -p posewire-tools --bin skin_cost -- --model MODEL.glb cpu-time [--frames N] [--vertices N]
//! ```
//!
//! `precompute` computes the centres of rotation once (with the per-phase
//! log) and writes them, when asked, as raw little-endian `f32` x y z
//! triples (to compare two versions of the computation). `--vertices`
//! subdivides the model first, as the criterion bench does for its
//! 50k-vertex mesh. `deform` loads the centres from (or writes them to)
//! `$TMPDIR/posewire-cor-cache` and then deforms the frames with each
//! method in turn, each in its own non-inlined function (`run_lbs`,
//! `run_dqs`, `run_cor`) so that their inclusive costs can be read apart.
//! `cpu-time` runs the methods in turn, the frames at a time, for 15
//! rounds and prints each method's median CPU time per frame, summed over
//! the process's threads from `/proc/self/task/*/schedstat` (Linux): time
//! the process spends waiting for a core shared with other work does not
//! count, so the ratios hold up on a busy machine better than wall-clock
//! times do.

use std::hint::black_box;
use std::path::PathBuf;

use anyhow::Context as _;
use posewire_skinning::bench_mesh::{pose, subdivide};
use posewire_skinning::{
    load_gltf, BoneTransform, CentresOfRotation, CorParams, Deformed, Deformer, ImportOptions,
    Method,
};

/// One costly piece of the skinning, alone.
#[derive(clap::Parser, Debug)]
#[command(about)]
struct Args {
    /// The skinned model (glTF).
    #[arg(long, value_name = "MODEL.glb")]
    model: PathBuf,
    /// Subdivide the model to this many vertices first.
    #[arg(long, value_name = "N", global = true)]
    vertices: Option<usize>,
    /// What to run.
    #[command(subcommand)]
    what: What,
}

/// The pieces.
#[derive(clap::Subcommand, Debug)]
enum What {
    /// Compute the centres of rotation once.
    Precompute {
        /// Also write the centres as raw little-endian f32 x y z triples.
        #[arg(long, value_name = "CENTRES.f32")]
        centres_out: Option<PathBuf>,
    },
    /// Deform frames with each method in turn (for instruction counts).
    Deform {
        /// Frames per method.
        #[arg(long, default_value_t = 100)]
        frames: usize,
    },
    /// The median CPU time per frame of each method.
    CpuTime {
        /// Frames per method and round.
        #[arg(long, default_value_t = 100)]
        frames: usize,
    },
}

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

/// The centres as raw little-endian f32 x y z triples.
fn write_centres(cor: &CentresOfRotation, out: &std::path::Path) -> anyhow::Result<()> {
    let bytes: Vec<u8> = cor
        .centres
        .iter()
        .flat_map(|c| c.to_array())
        .flat_map(f32::to_le_bytes)
        .collect();
    std::fs::write(out, bytes).with_context(|| format!("cannot write {}", out.display()))
}

fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt().with_env_filter("info").init();
    let args = <Args as clap::Parser>::parse();
    let mut mesh = load_gltf(&args.model, ImportOptions::default())?;
    if let Some(v) = args.vertices.filter(|&v| v > 0) {
        mesh = subdivide(&mesh, v)?;
    }
    let params = CorParams::default();
    let frames = match args.what {
        What::Precompute { centres_out } => {
            let cor = CentresOfRotation::compute(&mesh, &params);
            println!(
                "{} centres, {} fell back to linear blending",
                cor.centres.len(),
                cor.fallback_vertices
            );
            if let Some(out) = centres_out {
                write_centres(&cor, &out)?;
            }
            return Ok(());
        }
        What::Deform { frames } | What::CpuTime { frames } => frames,
    };
    let cache = std::env::temp_dir().join("posewire-cor-cache");
    let cor = CentresOfRotation::compute_cached(&mesh, &params, &cache)?;
    let d = Deformer::new(&mesh, Some(&cor));
    let bones = pose(&mesh);
    if matches!(args.what, What::CpuTime { .. }) {
        cpu_time(&d, &bones, frames);
        return Ok(());
    }
    let s = run_lbs(&d, &bones, frames) + run_dqs(&d, &bones, frames) + run_cor(&d, &bones, frames);
    println!(
        "{} vertices, {frames} frames per method ({s})",
        mesh.vertex_count()
    );
    Ok(())
}
