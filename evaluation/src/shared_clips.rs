//! The unit tests' real clips: a development clip of `../shared/data/mocap`
//! by name, or a skip said on stderr when the data is not beside the
//! repository.

use std::path::PathBuf;

/// The path of `../shared/data/mocap/NAME`, or `None` (with a `SKIPPED`
/// line naming the test) when `../shared/data` is absent.
pub(crate) fn clip_path(name: &str) -> Option<PathBuf> {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data");
    if !data.is_dir() {
        // Straight to stderr, not through the test harness's captured
        // `println!`, so that the skip shows in every `cargo test` run.
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED: ../shared/data not found (test {})",
            std::thread::current().name().unwrap_or("?")
        );
        return None;
    }
    Some(data.join("mocap").join(name))
}
