//! The fold logic of `posewire eval --cv subjects` on a tiny fixture: the
//! subject scored is never among those the choice is made on, and the
//! choice follows the fit subjects only.

use posewire_evaluation::causality::CausalityResult;
use posewire_evaluation::{
    mean_calibration_errors, mean_metrics, Condition, Metrics, SettingReport,
};

use super::*;
use crate::eval_report::{ClipOutcome, EvalReport, Setting};

const ANY: Criterion = Criterion {
    max_jitter_ratio: None,
};

const SETTING: Setting = Setting {
    devices: 6,
    condition: Condition::Clean,
};

fn metrics(mpjpe_cm: f64) -> Metrics {
    jittery(mpjpe_cm, 1.0)
}

fn jittery(mpjpe_cm: f64, jitter: f64) -> Metrics {
    let mut m = mean_metrics(&[]);
    m.mpjpe_cm = mpjpe_cm;
    m.upper_pe_cm = mpjpe_cm;
    m.lower_pe_cm = mpjpe_cm;
    m.hand_pe_cm = mpjpe_cm;
    m.jitter = jitter;
    m.gt_jitter = 1.0;
    m.jitter_ratio = jitter;
    m
}

fn clip(name: &str, mpjpe_cm: f64) -> ClipOutcome {
    ClipOutcome {
        clip: name.into(),
        path: format!("{name}.bvh"),
        duration_s: 3.0,
        settings: vec![SettingReport {
            devices: SETTING.devices,
            condition: SETTING.condition,
            metrics: metrics(mpjpe_cm),
            calibration: mean_calibration_errors(&[]),
            causality: CausalityResult {
                passed: true,
                cut_time_s: 1.0,
                last_frame_time: 1.0,
                max_diff_m: 0.0,
            },
            output_frames: 270,
            reactions: Default::default(),
        }],
        failures: Vec::new(),
    }
}

fn report(clips: &[(&str, f64)]) -> EvalReport {
    let clips = clips.iter().map(|(n, e)| clip(n, *e)).collect();
    EvalReport::new("ik", "look-at", 1, vec![SETTING], clips)
}

#[test]
fn subjects_come_from_cmu_names_only() {
    assert_eq!(subject_of("cmu_127_03_run"), Some("127"));
    assert_eq!(subject_of("cmu_02_01_walk"), Some("02"));
    assert_eq!(subject_of("walk"), None);
    assert_eq!(subject_of("cmu_x1_03"), None);
    assert_eq!(subject_of("cmu__03"), None);
    let err = subject_folds(["cmu_02_01_walk", "studio_take"]).expect_err("no subject");
    assert!(err.contains("studio_take"), "{err}");
    let err = subject_folds(["cmu_02_01_walk", "cmu_02_02_walk"]).expect_err("one subject");
    assert!(err.contains("at least 2"), "{err}");
}

#[test]
fn no_fold_fits_on_the_subject_it_scores() {
    let folds = subject_folds(["cmu_05_01_a", "cmu_02_01_b", "cmu_05_02_c", "cmu_127_01_d"])
        .expect("folds");
    let held: Vec<&str> = folds.iter().map(|f| f.held_out.as_str()).collect();
    assert_eq!(held, ["02", "05", "127"]);
    for f in &folds {
        assert!(!f.fit.contains(&f.held_out), "{f:?}");
        assert_eq!(f.fit.len(), 2, "{f:?}");
    }
}

#[test]
fn each_fold_chooses_on_the_others_and_scores_the_held_out_subject() {
    // Candidate `a` is better on subjects 02 and 05, much worse on 16;
    // candidate `b` the reverse, and better over the three together.
    let a = report(&[
        ("cmu_02_01_x", 2.0),
        ("cmu_05_01_x", 2.0),
        ("cmu_16_01_x", 9.0),
        ("cmu_16_02_x", 9.0),
    ]);
    let b = report(&[
        ("cmu_02_01_x", 3.0),
        ("cmu_05_01_x", 3.0),
        ("cmu_16_01_x", 1.0),
        ("cmu_16_02_x", 1.0),
    ]);
    // Validation sets that tell the candidates apart.
    let (va, vb) = (
        report(&[("cmu_09_01_v", 7.0)]),
        report(&[("cmu_09_01_v", 5.0)]),
    );
    let candidates = [
        Candidate {
            name: "a".into(),
            train: &a,
            validation: &va,
            held_out: None,
        },
        Candidate {
            name: "b".into(),
            train: &b,
            validation: &vb,
            held_out: None,
        },
    ];
    let cv = cross_validate(&candidates, ANY).expect("cv");
    let s = &cv.settings[0];
    let got: Vec<(&str, &str, f64)> = s
        .folds
        .iter()
        .map(|f| {
            (
                f.held_out.as_str(),
                f.chosen.as_str(),
                f.held_out_metrics.mpjpe_cm,
            )
        })
        .collect();
    // Holding 02 out: on 05 and 16, a = (2 + 9 + 9) / 3 = 6.67, b = 1.67:
    // b, scored 3 on 02. Holding 16 out: on 02 and 05, a = 2: a, scored 9.
    assert_eq!(got, [("02", "b", 3.0), ("05", "b", 3.0), ("16", "a", 9.0)]);
    assert_eq!(s.folds[2].fit_clips, 2);
    assert_eq!(s.folds[2].scored_clips, 2);
    assert!((s.mpjpe_cm.mean - 5.0).abs() < 1e-12);
    assert!(
        (s.mpjpe_cm.sd - 12f64.sqrt()).abs() < 1e-12,
        "{:?}",
        s.mpjpe_cm
    );
    // On every subject b is better (7 / 4 against 22 / 4): its validation.
    assert_eq!(s.chosen_on_all, "b");
    assert_eq!(s.validation.mpjpe_cm, 5.0);
    let text = cv.tables();
    let row = text
        .lines()
        .find(|l| l.starts_with("| 6 clean | 5.00 +- 3.46 |"))
        .expect("the mean row");
    assert!(row.ends_with("| b      |") || row.contains(" b "), "{row}");
    let json = serde_json::to_string(&cv).expect("json");
    assert!(
        json.contains("\"held_out\":\"16\",\"chosen\":\"a\""),
        "{json}"
    );
    // Each candidate alone: a's folds 2, 2, 9; b's 3, 3, 1.
    let each: Vec<(&str, f64, f64)> = s
        .each
        .iter()
        .map(|c| (c.name.as_str(), c.mpjpe_cm.mean, c.validation.mpjpe_cm))
        .collect();
    assert_eq!(each, [("a", 13.0 / 3.0, 7.0), ("b", 7.0 / 3.0, 5.0)]);
    assert!(text.contains("Each candidate alone"), "{text}");
}

#[test]
fn prop_clips_are_left_out_of_fit_and_score() {
    let a = report(&[
        ("cmu_14_22_climb", 50.0),
        ("cmu_14_01_walk", 4.0),
        ("cmu_02_01_walk", 2.0),
    ]);
    let v = report(&[("cmu_09_01_v", 1.0)]);
    let cv = cross_validate(
        &[Candidate {
            name: "defaults".into(),
            train: &a,
            validation: &v,
            held_out: None,
        }],
        ANY,
    )
    .expect("cv");
    let folds = &cv.settings[0].folds;
    assert_eq!(folds[1].held_out, "14");
    assert_eq!(folds[1].scored_clips, 1);
    assert_eq!(folds[1].held_out_metrics.mpjpe_cm, 4.0);
}

#[test]
fn a_jitter_cap_leaves_out_candidates_that_shake_on_the_fit_subjects() {
    // `sharp` is more accurate but shakes (jitter 1.5x GT); `smooth` is
    // within a 1.3x cap.
    let mut sharp = report(&[("cmu_02_01_x", 2.0), ("cmu_05_01_x", 2.0)]);
    let smooth = report(&[("cmu_02_01_x", 3.0), ("cmu_05_01_x", 3.0)]);
    for c in &mut sharp.clips {
        c.settings[0].metrics = jittery(2.0, 1.5);
    }
    let v = report(&[("cmu_09_01_v", 1.0)]);
    let candidates = [
        Candidate {
            name: "sharp".into(),
            train: &sharp,
            validation: &v,
            held_out: None,
        },
        Candidate {
            name: "smooth".into(),
            train: &smooth,
            validation: &v,
            held_out: None,
        },
    ];
    let free = cross_validate(&candidates, ANY).expect("cv");
    assert!(free.settings[0].folds.iter().all(|f| f.chosen == "sharp"));
    let capped = Criterion {
        max_jitter_ratio: Some(1.3),
    };
    let cv = cross_validate(&candidates, capped).expect("cv");
    assert!(cv.settings[0].folds.iter().all(|f| f.chosen == "smooth"));
    assert_eq!(cv.settings[0].chosen_on_all, "smooth");
    // No candidate within a 1.2x cap: the least jittery one.
    let tight = Criterion {
        max_jitter_ratio: Some(0.5),
    };
    let cv = cross_validate(&candidates, tight).expect("cv");
    assert!(cv.settings[0].folds.iter().all(|f| f.chosen == "smooth"));
}

#[test]
fn with_retrained_networks_the_choice_uses_the_fit_subjects_and_the_score_the_held_out_report() {
    // On the shipped networks `a` is better on every subject; with each
    // fold's own networks the held-out subjects score worse, differently
    // per candidate.
    let a = report(&[("cmu_02_01_x", 2.0), ("cmu_05_01_x", 2.0)]);
    let b = report(&[("cmu_02_01_x", 3.0), ("cmu_05_01_x", 3.0)]);
    let a_held = report(&[("cmu_02_01_x", 6.0), ("cmu_05_01_x", 8.0)]);
    let b_held = report(&[("cmu_02_01_x", 4.0), ("cmu_05_01_x", 5.0)]);
    let v = report(&[("cmu_09_01_v", 1.0)]);
    let candidates = [
        Candidate {
            name: "a".into(),
            train: &a,
            validation: &v,
            held_out: Some(&a_held),
        },
        Candidate {
            name: "b".into(),
            train: &b,
            validation: &v,
            held_out: Some(&b_held),
        },
    ];
    let cv = cross_validate(&candidates, ANY).expect("cv");
    assert_eq!(cv.refitted, REFITTED_RETRAINED);
    let s = &cv.settings[0];
    let folds: Vec<(&str, &str, f64, f64)> = s
        .folds
        .iter()
        .map(|f| {
            let m = f.held_out_metrics.mpjpe_cm;
            (f.held_out.as_str(), f.chosen.as_str(), f.fit_mpjpe_cm, m)
        })
        .collect();
    assert_eq!(folds, [("02", "a", 2.0, 6.0), ("05", "a", 2.0, 8.0)]);
    assert_eq!(s.mpjpe_cm.mean, 7.0);
    let each: Vec<(&str, f64)> = s
        .each
        .iter()
        .map(|c| (c.name.as_str(), c.mpjpe_cm.mean))
        .collect();
    assert_eq!(each, [("a", 7.0), ("b", 4.5)]);
    let shipped = cross_validate(
        &[Candidate {
            name: "a".into(),
            train: &a,
            validation: &v,
            held_out: None,
        }],
        ANY,
    )
    .expect("cv");
    assert_eq!(shipped.refitted, REFITTED);
    assert_eq!(shipped.settings[0].mpjpe_cm.mean, 2.0);
}
