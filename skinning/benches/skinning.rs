//! Criterion benchmarks: centres-of-rotation precomputation and per-frame
//! deformation per method, for both shared models and for CesiumMan
//! subdivided (in this setup) to at least 50k vertices.
//! `cargo bench -p posewire-skinning --bench skinning`

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use posewire_skinning::{
    load_gltf, CentresOfRotation, CorParams, Deformed, Deformer, ImportOptions, Method, SkinnedMesh,
};

use posewire_skinning::bench_mesh::{pose, subdivide};

fn models() -> Vec<(String, SkinnedMesh)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/models");
    if !dir.is_dir() {
        println!("SKIPPED: ../shared/data not found");
        return Vec::new();
    }
    let mut out = Vec::new();
    for file in ["CesiumMan.glb", "male_base_mesh.glb"] {
        match load_gltf(&dir.join(file), ImportOptions::default()) {
            Ok(m) => out.push((file.trim_end_matches(".glb").to_string(), m)),
            Err(e) => panic!("{e}"),
        }
    }
    let big = subdivide(&out[0].1, 50_000).expect("the model subdivides");
    out.push((format!("CesiumMan_{}k", big.vertex_count() / 1000), big));
    out
}

fn benches(c: &mut Criterion) {
    let params = CorParams::default();
    for (name, mesh) in models() {
        println!(
            "{name}: {} vertices, {} triangles",
            mesh.vertex_count(),
            mesh.triangles.len()
        );
        let mut g = c.benchmark_group(format!("precompute/{name}"));
        g.sample_size(10);
        g.bench_function("cor_centres", |b| {
            b.iter(|| CentresOfRotation::compute(black_box(&mesh), &params))
        });
        g.finish();
        let cor = CentresOfRotation::compute(&mesh, &params);
        let deformer = Deformer::new(&mesh, Some(&cor));
        let bones = pose(&mesh);
        let mut g = c.benchmark_group(format!("deform/{name}"));
        for method in Method::ALL {
            let mut out = Deformed::default();
            g.bench_with_input(
                BenchmarkId::from_parameter(method.name()),
                &method,
                |b, &m| b.iter(|| deformer.deform(black_box(&bones), m, &mut out)),
            );
        }
        g.finish();
    }
}

criterion_group!(skinning, benches);
criterion_main!(skinning);
