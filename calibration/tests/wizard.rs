//! The calibration wizard driven by a synthetic live stream.

mod common;

use common::Scenario;
use posewire_body::formats::CalibrationPose;
use posewire_body::glam::DVec3;
use posewire_body::{Device, Transform};
use posewire_calibration::{calibrate, CalibrationWizard, WizardConfig, WizardStep};

/// One stretch of the stream: move from one pose to another over `move_s`,
/// then hold `hold_s`.
struct Segment {
    from: CalibrationPose,
    to: CalibrationPose,
    move_s: f64,
    hold_s: f64,
}

/// A 90 Hz stream of the scenario's devices following the segments, with
/// the time intervals during which each pose was held.
fn stream(
    s: &Scenario,
    segments: &[Segment],
) -> (
    Vec<posewire_body::formats::TrackerSample>,
    Vec<(CalibrationPose, f64, f64)>,
) {
    let mut rng = s.rng();
    let mut out = Vec::new();
    let mut holds = Vec::new();
    let mut k = 0usize;
    for seg in segments {
        let (a, pivot) = s.device_poses(seg.from);
        let (b, _) = s.device_poses(seg.to);
        let n_move = (seg.move_s * 90.0).round() as usize;
        let n_hold = (seg.hold_s * 90.0).round() as usize;
        let hold_start = (k + n_move) as f64 / 90.0;
        for i in 0..n_move + n_hold {
            let t = k as f64 / 90.0;
            k += 1;
            let w = if i < n_move {
                i as f64 / n_move as f64
            } else {
                1.0
            };
            for (&(device, pa), &(_, pb)) in a.iter().zip(&b) {
                let at = Transform::new(
                    pa.position.lerp(pb.position, w),
                    pa.rotation.slerp(pb.rotation, w),
                );
                out.push(s.observe(device, at, pivot, t, &mut rng));
            }
        }
        holds.push((seg.to, hold_start, k as f64 / 90.0));
    }
    (out, holds)
}

fn scenario() -> Scenario {
    let mut s = Scenario::new(42, 137.0, DVec3::new(0.7, 0.0, -0.4), false).three_devices();
    // The brisk end of natural sway, to show it does not stop recording.
    s.sway_deg = 0.5;
    s.sway_hz = 0.6;
    s
}

#[test]
fn calibration_wizard_records_each_pose_while_still() {
    use CalibrationPose::*;
    let s = scenario();
    let (samples, holds) = stream(
        &s,
        &[
            Segment {
                from: ArmsDown,
                to: ArmsForward,
                move_s: 0.8,
                hold_s: 1.8,
            },
            Segment {
                from: ArmsForward,
                to: ForearmsUp,
                move_s: 0.6,
                hold_s: 1.8,
            },
            Segment {
                from: ForearmsUp,
                to: ArmsDown,
                move_s: 0.8,
                hold_s: 1.8,
            },
        ],
    );
    let mut wizard = CalibrationWizard::new();
    let mut seen = Vec::new();
    let mut last_progress = 0.0;
    let mut take = None;
    for sample in samples {
        let step = wizard.push(sample);
        match &step {
            WizardStep::Hold { progress, .. } => {
                assert!(
                    *progress >= last_progress || *progress < 0.05,
                    "progress goes forward"
                );
                last_progress = *progress;
            }
            WizardStep::Done(t) => take = Some(t.clone()),
            _ => last_progress = 0.0,
        }
        let kind = match &step {
            WizardStep::WaitingForDevices { .. } => "wait".to_string(),
            WizardStep::GetInto { pose } => format!("get into {}", pose.name()),
            WizardStep::Hold { pose, .. } => format!("hold {}", pose.name()),
            WizardStep::Done(_) => "done".to_string(),
        };
        if seen.last() != Some(&kind) {
            seen.push(kind);
        }
    }
    assert_eq!(
        seen,
        [
            "wait",
            "get into arms_forward",
            "hold arms_forward",
            "get into forearms_up",
            "hold forearms_up",
            "get into arms_down",
            "hold arms_down",
            "done"
        ],
        "the wizard asks for each pose once, in order"
    );
    let take = take.expect("done");
    assert!(wizard.pose().is_none());
    for (pose, start, end) in holds {
        for device in [Device::Head, Device::LeftHand, Device::RightHand] {
            let block: Vec<f64> = take
                .samples
                .iter()
                .filter(|r| r.held == pose && r.sample.device == device)
                .map(|r| r.sample.time_s)
                .collect();
            assert!(
                (88..=92).contains(&block.len()),
                "{pose:?} {device}: {} samples",
                block.len()
            );
            let (first, last) = (block[0], block[block.len() - 1]);
            assert!(
                first >= start && last <= end,
                "{pose:?} recorded {first}..{last}, held {start}..{end}"
            );
        }
    }
    let c = calibrate(&take).expect("the wizard's take calibrates");
    assert!((c.profile.segments.upper_arm - s.truth.segments.upper_arm).abs() < 0.01);
    assert!((c.profile.segments.forearm - s.truth.segments.forearm).abs() < 0.01);
}

#[test]
fn calibration_wizard_restarts_a_pose_when_the_person_moves() {
    use CalibrationPose::*;
    let s = scenario();
    // Hold arms_forward for 0.7 s (too short), wave to forearms_up and back,
    // then hold properly.
    let (samples, holds) = stream(
        &s,
        &[
            Segment {
                from: ArmsDown,
                to: ArmsForward,
                move_s: 0.8,
                hold_s: 1.2,
            },
            Segment {
                from: ArmsForward,
                to: ForearmsUp,
                move_s: 0.3,
                hold_s: 0.0,
            },
            Segment {
                from: ForearmsUp,
                to: ArmsForward,
                move_s: 0.3,
                hold_s: 1.8,
            },
        ],
    );
    let mut wizard = CalibrationWizard::new();
    let mut restarted = false;
    let mut was_holding = false;
    for sample in samples {
        match wizard.push(sample) {
            WizardStep::Hold { .. } => was_holding = true,
            WizardStep::GetInto { pose: ArmsForward } if was_holding => restarted = true,
            _ => {}
        }
    }
    assert!(restarted, "moving during the hold restarts it");
    assert_eq!(
        wizard.pose(),
        Some(ForearmsUp),
        "arms_forward was recorded after the restart"
    );
    // Staying in arms_forward does not count as forearms_up.
    let (more, _) = stream(
        &s,
        &[Segment {
            from: ArmsForward,
            to: ArmsForward,
            move_s: 0.0,
            hold_s: 2.0,
        }],
    );
    let t0 = holds[2].2;
    for mut sample in more {
        sample.time_s += t0;
        let step = wizard.push(sample);
        assert!(
            matches!(step, WizardStep::GetInto { pose: ForearmsUp }),
            "{step:?}"
        );
    }
}

#[test]
fn calibration_wizard_waits_for_missing_devices() {
    let s = scenario();
    let (samples, _) = stream(
        &s,
        &[Segment {
            from: CalibrationPose::ArmsForward,
            to: CalibrationPose::ArmsForward,
            move_s: 0.0,
            hold_s: 2.0,
        }],
    );
    let mut wizard = CalibrationWizard::new();
    let mut last = None;
    for sample in samples.into_iter().filter(|r| r.device != Device::LeftHand) {
        last = Some(wizard.push(sample));
    }
    assert_eq!(
        last,
        Some(WizardStep::WaitingForDevices {
            missing: vec![Device::LeftHand]
        })
    );
}

#[test]
fn with_hands_on_hips_the_wizard_asks_for_it_after_the_three_poses() {
    use CalibrationPose::*;
    let s = scenario();
    let segment = |from, to| Segment {
        from,
        to,
        move_s: 0.8,
        hold_s: 1.8,
    };
    let (samples, _) = stream(
        &s,
        &[
            segment(ArmsDown, ArmsForward),
            segment(ArmsForward, ForearmsUp),
            segment(ForearmsUp, ArmsDown),
        ],
    );
    let mut wizard = CalibrationWizard::with_config(WizardConfig {
        hands_on_hips: true,
        ..WizardConfig::default()
    });
    assert_eq!(wizard.poses(), CalibrationPose::EVERY);
    assert_eq!(CalibrationWizard::new().poses(), CalibrationPose::ALL);
    let mut last = None;
    for sample in samples {
        last = Some(wizard.push(sample));
    }
    assert_eq!(
        last,
        Some(WizardStep::GetInto { pose: HandsOnHips }),
        "not done after the three required poses"
    );
    assert_eq!(wizard.pose(), Some(HandsOnHips));
}
