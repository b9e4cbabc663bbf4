//! Issue 43 item 5: on a 30 fps capture with noisy devices, the head's
//! longer filter (`[solver.ik.filter] trunk_taps`, 16 by default) cuts the
//! noise in the head's bone target at a bounded cost in its distance from
//! the clean device, and leaves the hands' filters as they were (the
//! repository's demo clip, never skipped). Over whole bodies and the
//! corpora the effect is measured by `posewire eval` (docs/notes/coarse-captures.md):
//! on this one walk the body's jitter barely moves (1.717 -> 1.714 x GT, `ik`,
//! 3 devices), so the test looks at the filter's own output.

use std::path::Path;

use posewire_body::bvh::Bvh;
use posewire_body::glam::DVec3;
use posewire_body::{BodyProfile, Device, DeviceSet};
use posewire_evaluation::{synthesize, Condition, SynthOptions};
use posewire_solver::filter::PoseFilterSettings;
use posewire_solver::tracking::DeviceTracker;
use posewire_solver::GateSettings;

/// The demo walk (120 fps) with every 4th frame kept: a 30 fps capture.
fn demo_at_30_fps() -> Bvh {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/demo_walk.bvh");
    let mut bvh = Bvh::read(&path).expect("the demo clip parses");
    bvh.frames = bvh.frames.into_iter().step_by(4).collect();
    bvh.frame_time *= 4.0;
    bvh
}

/// A device's bone positions after each of its samples (time, position).
fn filtered(
    take: &posewire_body::formats::TrackerTake,
    device: Device,
    settings: &PoseFilterSettings,
) -> Vec<(f64, DVec3)> {
    let profile = BodyProfile::from_stature(1.75);
    let mut tracker = DeviceTracker::new(&profile, settings, &GateSettings::default());
    let mut out = Vec::new();
    for s in &take.samples {
        tracker.push(s);
        if s.device == device && s.pose.is_some() {
            if let Some(t) = tracker.bone_target(device, s.time_s) {
                out.push((s.time_s, t.bone.position));
            }
        }
    }
    out
}

/// Mean third difference (m) over runs of four samples 1/90 s apart, and
/// the mean distance from `reference` at the same times (after 1 s).
fn jitter_and_error(xs: &[(f64, DVec3)], reference: &[(f64, DVec3)]) -> (f64, f64) {
    let (mut jitter, mut n) = (0.0, 0);
    for w in xs.windows(4) {
        if (w[3].0 - w[0].0 - 3.0 / 90.0).abs() < 1e-3 && w[0].0 > 1.0 {
            jitter += (w[3].1 - 3.0 * w[2].1 + 3.0 * w[1].1 - w[0].1).length();
            n += 1;
        }
    }
    let (mut error, mut m) = (0.0, 0);
    for &(t, p) in xs.iter().filter(|(t, _)| *t > 1.0) {
        if let Some((_, r)) = reference.iter().find(|(u, _)| (u - t).abs() < 1e-6) {
            error += (p - *r).length();
            m += 1;
        }
    }
    assert!(n > 300 && m > 300, "{n} runs, {m} matched samples");
    (jitter / n as f64, error / m as f64)
}

#[test]
fn the_heads_longer_filter_cuts_its_noise_on_a_30_fps_capture() {
    let bvh = demo_at_30_fps();
    let defaults = PoseFilterSettings::default();
    assert_eq!(defaults.trunk_taps, 16, "the default");
    let window_alone = PoseFilterSettings {
        trunk_taps: 0,
        ..defaults
    };
    for seed in 1..=3 {
        let options = |condition| SynthOptions {
            devices: DeviceSet::standard(3).expect("3 devices"),
            condition,
            seed,
        };
        let noisy = synthesize(&bvh, "demo_walk", &options(Condition::Noisy))
            .expect("synthesises")
            .trackers;
        let clean = synthesize(&bvh, "demo_walk", &options(Condition::Clean))
            .expect("synthesises")
            .trackers;
        let truth = filtered(&clean, Device::Head, &window_alone);
        let (j0, e0) = jitter_and_error(&filtered(&noisy, Device::Head, &window_alone), &truth);
        let (j16, e16) = jitter_and_error(&filtered(&noisy, Device::Head, &defaults), &truth);
        eprintln!(
            "seed {seed}: head third difference {:.3} -> {:.3} mm, error {:.2} -> {:.2} mm",
            j0 * 1e3,
            j16 * 1e3,
            e0 * 1e3,
            e16 * 1e3
        );
        // Measured: 13-19 % less, 1.3-1.5 mm further (the longer filter's
        // response overshoots more at 2-6 Hz, where a 30 fps walk's head
        // bob and its capture frames' kinks are: docs/notes/coarse-captures.md).
        assert!(j16 < 0.9 * j0, "seed {seed}: jitter {j16} against {j0}");
        assert!(e16 < e0 + 0.002, "seed {seed}: error {e16} against {e0}");
        // The hands keep their filter.
        assert_eq!(
            filtered(&noisy, Device::LeftHand, &window_alone),
            filtered(&noisy, Device::LeftHand, &defaults)
        );
    }
}
