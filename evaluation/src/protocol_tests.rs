//! The protocol: the whole of it on a short real clip (skipped without the
//! data), and which clips it reads.

use std::path::PathBuf;

use posewire_body::formats::JointFrame;
use posewire_body::JointMap;

use super::*;
use crate::interp::{interpolate_transform, locate};
use crate::shared_clips::clip_path;
use crate::synth::{synthesize, SynthOptions};

fn run_clip() -> Option<PathBuf> {
    clip_path("cmu_127_03_run.bvh")
}

/// The GT resampled at 90 Hz from the take's first to its last sample: a
/// perfect (and causal) solver. With `peek_s` > 0 each frame is averaged
/// with the GT `peek_s` later, as far as the take reaches (a solver that
/// peeks at later samples).
fn oracle(
    truth: Vec<JointFrame>,
    peek_s: f64,
) -> impl Fn(&BodyProfile, &TrackerTake) -> Result<SolvedTake, String> {
    move |_profile: &BodyProfile, take: &TrackerTake| {
        let (first, last) = match (take.samples.first(), take.samples.last()) {
            (Some(a), Some(b)) => (a.time_s, b.time_s),
            _ => return Err("empty take".into()),
        };
        let times: Vec<f64> = truth.iter().map(|f| f.time_s).collect();
        let at = |t: f64| {
            let (i, a) = locate(&times, t);
            let j = (i + 1).min(truth.len() - 1);
            JointMap::from_fn(|joint| {
                interpolate_transform(&truth[i].joints[joint], &truth[j].joints[joint], a)
            })
        };
        let count = ((last - first) * 90.0 + 1e-9).floor() as usize + 1;
        let frames = (0..count)
            .map(|k| {
                let t = first + k as f64 / 90.0;
                let mut joints = at(t);
                if peek_s > 0.0 {
                    let ahead = at((t + peek_s).min(last));
                    for (j, x) in ahead.iter() {
                        joints[j].position = 0.5 * (joints[j].position + x.position);
                    }
                }
                JointFrame { time_s: t, joints }
            })
            .collect();
        Ok(SolvedTake {
            frames,
            reactions: Default::default(),
            fingers: Vec::new(),
        })
    }
}

fn settings() -> Vec<(DeviceSet, Condition)> {
    vec![
        (DeviceSet::standard(3).expect("3"), Condition::Clean),
        (DeviceSet::standard(6).expect("6"), Condition::Noisy),
    ]
}

#[test]
fn protocol_metrics_of_a_perfect_causal_solver_are_zero() {
    let Some(path) = run_clip() else { return };
    let bvh = Bvh::read(&path).expect("clip");
    let opts = SynthOptions {
        devices: DeviceSet::standard(3).expect("3"),
        condition: Condition::Clean,
        seed: 4,
    };
    let truth = synthesize(&bvh, &clip_name(&path), &opts)
        .expect("synth")
        .truth
        .frames;
    let report = evaluate_clip(&path, &settings(), 4, oracle(truth, 0.0)).expect("evaluation");
    assert_eq!(report.clip, "cmu_127_03_run");
    assert!((report.duration_s - 331.0 * bvh.frame_time).abs() < 1e-9);
    assert_eq!(report.settings.len(), 2);
    for s in &report.settings {
        let m = s.metrics;
        assert!(
            m.mpjpe_cm < 1e-6 && m.mpjve_cm_s < 1e-4 && m.bone_angle_deg < 1e-4,
            "{m:?}"
        );
        assert!(
            (m.jitter_ratio - 1.0).abs() < 1e-6 && m.lag_ms.abs() <= 1.0,
            "{m:?}"
        );
        assert_eq!(m.falls_pct, 0.0);
        assert!(s.causality.passed, "{:?}", s.causality);
        let c = s.calibration;
        for (name, e) in [
            ("head height", c.head_height_cm),
            ("upper arm", c.upper_arm_cm),
            ("forearm", c.forearm_cm),
            ("shoulder width", c.shoulder_width_cm),
        ] {
            assert!(e.is_finite() && e < 10.0, "{name}: {e} cm");
        }
    }
    let json = serde_json::to_string(&report).expect("json");
    assert!(json.contains("\"condition\":\"noisy\""), "{json}");
}

#[test]
fn protocol_causality_catches_a_solver_that_peeks_ahead() {
    let Some(path) = run_clip() else { return };
    let bvh = Bvh::read(&path).expect("clip");
    let opts = SynthOptions {
        devices: DeviceSet::standard(3).expect("3"),
        condition: Condition::Clean,
        seed: 4,
    };
    let truth = synthesize(&bvh, &clip_name(&path), &opts)
        .expect("synth")
        .truth
        .frames;
    let report =
        evaluate_clip(&path, &settings()[..1], 4, oracle(truth, 0.05)).expect("evaluation");
    let c = report.settings[0].causality;
    assert!(!c.passed && c.max_diff_m > 1e-3, "{c:?}");
}

#[test]
fn protocol_metrics_with_the_project_solver() {
    let Some(path) = run_clip() else { return };
    let report = evaluate_clip(
        &path,
        &settings(),
        4,
        project_solver(SolveOptions::default()),
    )
    .expect("evaluation");
    for s in &report.settings {
        println!(
            "{} {:?}: {:?}\n  {:?}",
            s.devices, s.condition, s.metrics, s.calibration
        );
        assert!(
            s.metrics.mpjpe_cm.is_finite() && s.metrics.mpjpe_cm < 30.0,
            "{:?}",
            s.metrics
        );
        assert!(s.causality.passed, "{:?}", s.causality);
    }
}

#[test]
fn prop_clips_are_the_steps_and_the_stool() {
    assert!(is_prop_clip("cmu_14_21_climb_3_steps"));
    assert!(is_prop_clip("cmu_14_27_sit_on_high_stool_stand_up"));
    assert!(!is_prop_clip("cmu_14_24_direct_traffic_wave_point"));
    assert!(!is_prop_clip("demo_walk"));
    // The training corpus's steps, stools, ladder and ropes.
    for clip in [
        "cmu_14_22_climb_3_steps",
        "cmu_14_29_sit_on_stepstool_stand_up_swing_legs",
        "cmu_14_33_climb_ladder",
        "cmu_49_21_acrobatics_spin_twirl_hang_on_ropes",
    ] {
        assert!(is_prop_clip(clip), "{clip}");
    }
    assert!(!is_prop_clip(
        "cmu_14_20_jumping_jacks_twists_reach_up_bend_over"
    ));
    assert!(!is_prop_clip("cmu_16_21_walk"));
}

#[test]
fn a_folder_lists_its_bvh_clips_sorted_and_nothing_else() {
    let dir = tempfile::tempdir().expect("temp dir");
    for name in ["b.bvh", "a.BVH", "notes.txt", "c.bvh.bak"] {
        std::fs::write(dir.path().join(name), "x").expect("write");
    }
    std::fs::create_dir(dir.path().join("folder.bvh")).expect("dir");
    let names: Vec<String> = bvh_clips(dir.path())
        .expect("lists")
        .iter()
        .map(|p| clip_name(p))
        .collect();
    assert_eq!(names, ["a", "b"]);
    assert!(bvh_clips(&dir.path().join("missing")).is_err());
}
