//! The shipped demo clip is exactly what `posewire make-demo-clip` writes.

mod common;
use common::{arg, demo_clip, posewire, text};

#[test]
fn shipped_demo_clip_is_reproducible() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out_path = dir.path().join("demo.bvh");
    let out = posewire(&["make-demo-clip", "--out", arg(&out_path)]);
    assert!(out.status.success(), "{}", text(&out).1);
    let fresh = std::fs::read_to_string(&out_path).expect("written");
    let shipped = std::fs::read_to_string(demo_clip()).expect("examples/demo_walk.bvh exists");
    assert!(
        fresh == shipped,
        "examples/demo_walk.bvh is stale: run `posewire make-demo-clip --out examples/demo_walk.bvh`"
    );
    assert!(
        shipped.len() < 600_000,
        "demo clip is {} bytes",
        shipped.len()
    );
}
