//! Microseconds per look-at solve of the shipped human chain (lumbar spine,
//! chest, neck, head), for targets to the side, above, below and behind.
//!
//! `cargo bench -p posewire-body --bench look_at`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::look_at::{LookAtChain, LookAtConfig};
use posewire_body::Transform;

fn bench_look_at(c: &mut Criterion) {
    let Ok(config) = LookAtConfig::shipped() else {
        return;
    };
    let Ok(chain) = LookAtChain::from_config(&config) else {
        return;
    };
    let mut state = chain.new_state();
    let root = Transform::new(DVec3::new(0.0, 1.0, 0.0), DQuat::IDENTITY);
    let targets = [
        ("ahead_30deg_left", DVec3::new(0.6, 1.6, 1.0)),
        ("up_and_right", DVec3::new(-0.8, 2.4, 1.0)),
        ("down_at_hands", DVec3::new(0.1, 0.9, 0.4)),
        ("behind_left", DVec3::new(1.0, 1.6, -0.6)),
    ];
    let mut group = c.benchmark_group("look_at_human_chain");
    for (name, target) in targets {
        group.bench_function(name, |b| {
            b.iter(|| {
                let r = chain.solve(
                    &mut state,
                    black_box(root),
                    black_box(target),
                    black_box(0.1),
                );
                black_box(r.map(|r| r.aim_error_rad).unwrap_or(f64::NAN))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_look_at);
criterion_main!(benches);
