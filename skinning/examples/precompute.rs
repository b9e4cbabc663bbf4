//! Times the centres-of-rotation precomputation of a model, with the
//! per-phase log: `cargo run --release -p posewire-skinning --example precompute -- MODEL.glb`.

use posewire_skinning::{load_gltf, CentresOfRotation, CorParams, ImportOptions};

fn main() {
    tracing_subscriber::fmt().with_env_filter("info").init();
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: precompute MODEL.glb");
        std::process::exit(2);
    };
    match load_gltf(std::path::Path::new(&path), ImportOptions::default()) {
        Ok(mesh) => {
            let cor = CentresOfRotation::compute(&mesh, &CorParams::default());
            println!(
                "{} centres, {} fell back to linear blending",
                cor.centres.len(),
                cor.fallback_vertices
            );
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
