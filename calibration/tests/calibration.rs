//! Calibration against synthetic takes from a known skeleton.

mod common;

use common::Scenario;
use posewire_body::formats::{CalibrationPose, CalibrationTake};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::angle_between;
use posewire_body::{Device, Joint, Source};
use posewire_calibration::{calibrate, calibrate_with, CalibrationError, CalibrationOptions};

fn cm(m: f64) -> f64 {
    100.0 * m
}

/// Heading difference in degrees, in [0, 180].
fn heading_error_deg(a: f64, b_deg: f64) -> f64 {
    let d = (a.to_degrees() - b_deg).rem_euclid(360.0);
    d.min(360.0 - d)
}

#[test]
fn calibration_recovers_a_known_body_at_any_heading_and_place() {
    let cases = [
        (0.0, DVec3::new(0.0, 0.0, 0.0)),
        (90.0, DVec3::new(-0.9, 0.0, 0.3)),
        (137.0, DVec3::new(0.7, 0.0, -0.4)),
        (180.0, DVec3::new(0.2, 0.0, 0.95)),
        (271.0, DVec3::new(-0.5, 0.0, -0.8)),
        (-35.0, DVec3::new(0.99, 0.0, 0.99)),
    ];
    for (i, (heading, position)) in cases.into_iter().enumerate() {
        let mut s = Scenario::new(100 + i as u64, heading, position, false);
        if i % 2 == 1 {
            s = s.three_devices();
        }
        let take = s.take();
        let c = calibrate(&take).expect("calibrates");
        let p = &c.profile;
        let t = &s.truth;
        let ctx = format!("case {i} heading {heading}: {:#?}", c.report);
        // The head and pelvis refined from the shoulders alone.
        let without_symmetric_arms = CalibrationOptions {
            symmetric_arms: false,
            ..CalibrationOptions::default()
        };
        let apart = calibrate_with(&take, &without_symmetric_arms).expect("calibrates");
        assert!(
            heading_error_deg(c.report.heading_rad, heading) < 1.0,
            "{ctx}"
        );
        assert!(
            cm((p.body.shoulder_width - s.shoulder_width()).abs()) < 1.0,
            "{ctx}\n{p:#?}"
        );
        assert!(
            cm((p.segments.upper_arm - t.segments.upper_arm).abs()) < 1.0,
            "{ctx}\n{p:#?}"
        );
        assert!(
            cm((p.segments.forearm - t.segments.forearm).abs()) < 1.0,
            "{ctx}\n{p:#?}"
        );
        assert!(
            cm((p.body.head_height - t.body.head_height).abs()) < 3.5,
            "{ctx}\n{p:#?}"
        );
        assert!(
            cm((p.body.shoulder_height - t.body.shoulder_height).abs()) < 1.0,
            "{ctx}\n{p:#?}"
        );
        let floor_under_head = DVec3::new(position.x, 0.0, position.z);
        assert!(
            cm((c.report.position - floor_under_head).length()) < 6.0,
            "{ctx}"
        );
        for &device in &s.devices {
            let mount = p.tracker(device).expect("every worn device has a mount");
            let err = angle_between(mount.mount(), s.mounts[device.index()]).to_degrees();
            assert!(err < 1.5, "{device}: mount off by {err} deg\n{ctx}");
            assert_eq!(mount.mount_source, Source::Measured);
            if matches!(device, Device::LeftHand | Device::RightHand) {
                // The hands' true offsets here differ from nominal only
                // where the poses see them: without the symmetric arms'
                // estimate of the open directions, found to within 1 cm;
                // with it, the part the poses see stays found.
                let truth = s.offsets[device.index()];
                let seen = apart.profile.tracker(device).expect("worn").offset();
                let off = cm((seen - truth).length());
                assert!(off < 1.0, "{device}: offset off by {off} cm\n{ctx}");
                let off_z = cm((mount.offset().z - truth.z).abs());
                assert!(off_z < 0.5, "{device}: offset z off by {off_z} cm\n{ctx}");
                assert_eq!(mount.offset_source, Source::Measured);
            } else if matches!(device, Device::Head | Device::Pelvis) {
                // Sideways, the head is centred between the (here exactly
                // known) shoulders and the pelvis under them: the refined
                // offset keeps at most a third of the nominal's sideways
                // error for the head, and stays within the nominal's reach
                // for the pelvis (its ankles carry their own offset errors).
                assert_eq!(mount.offset_source, Source::Measured);
                let truth = s.offsets[device.index()];
                let apart = apart.profile.tracker(device).expect("worn");
                let refined = cm((apart.offset().x - truth.x).abs());
                let nominal = cm((device.nominal_offset().x - truth.x).abs());
                let bound = if device == Device::Head {
                    nominal / 3.0 + 0.1
                } else {
                    2.0
                };
                assert!(
                    refined <= bound,
                    "{device}: sideways {refined} cm vs nominal {nominal} cm\n{ctx}"
                );
                if device == Device::Head {
                    assert!(
                        (mount.offset().y - device.nominal_offset().y).abs() < 1e-9,
                        "the head's height stays nominal"
                    );
                } else {
                    // At the hip height the legs were sized from.
                    let height = cm((mount.offset().y - truth.y).abs());
                    assert!(height < 3.0, "pelvis height off by {height} cm\n{ctx}");
                }
            } else {
                // The feet, right under the hips: still within the nominal
                // offset's reach of the truth.
                assert!(matches!(device, Device::LeftFoot | Device::RightFoot));
                assert_eq!(mount.offset_source, Source::Measured);
                let off = cm((mount.offset() - s.offsets[device.index()]).length());
                assert!(off < 3.0, "{device}: offset off by {off} cm\n{ctx}");
            }
        }
        assert_eq!(p.trackers.len(), s.devices.len());
        assert!(c.report.warnings.is_empty(), "{ctx}");
        assert_eq!(c.report.left_arm.unobservable_directions, 2);
        assert!(c.report.left_arm.residual_m < 0.005, "{ctx}");
        assert!(c.report.right_arm.residual_m < 0.005, "{ctx}");
        p.validate().expect("a valid profile");
    }
}

#[test]
fn symmetric_arms_find_part_of_the_hand_offsets_the_poses_leave_open() {
    // Hand offsets perturbed in every direction, 6 and 3 devices: the
    // forearms' equal length, the midline and the shoulder width's prior
    // bring the hand offsets closer to the truth on average, keep every
    // hand device where the poses put it (the same wrist residuals) and do
    // not move the head's sideways error away on average.
    let without = CalibrationOptions {
        symmetric_arms: false,
        ..CalibrationOptions::default()
    };
    let (mut hands_on, mut hands_off, mut head_on, mut head_off) = (0.0, 0.0, 0.0, 0.0);
    for seed in 0..40u64 {
        let mut s = Scenario::new(
            500 + seed,
            9.0 * seed as f64,
            DVec3::new(0.2, 0.0, -0.1),
            true,
        );
        if seed % 2 == 1 {
            s = s.three_devices();
        }
        let take = s.take();
        let on = calibrate(&take).expect("calibrates");
        let off = calibrate_with(&take, &without).expect("calibrates");
        for (c, hands, head) in [
            (&on, &mut hands_on, &mut head_on),
            (&off, &mut hands_off, &mut head_off),
        ] {
            for hand in [Device::LeftHand, Device::RightHand] {
                let o = c.profile.tracker(hand).expect("hand").offset();
                *hands += cm((o - s.offsets[hand.index()]).length());
            }
            let o = c.profile.tracker(Device::Head).expect("head").offset();
            *head += cm((o.x - s.offsets[Device::Head.index()].x).abs());
        }
        assert!(
            (on.report.left_arm.residual_m - off.report.left_arm.residual_m).abs() < 1e-9
                && (on.report.right_arm.residual_m - off.report.right_arm.residual_m).abs() < 1e-9
        );
        let forearms = |c: &posewire_calibration::Calibration| {
            c.report.left_arm.forearm + c.report.right_arm.forearm
        };
        assert!((forearms(&on) - forearms(&off)).abs() < 1e-9);
    }
    assert!(
        hands_on < 0.8 * hands_off,
        "hand offsets: {hands_on} cm with, {hands_off} cm without (sums over 80 hands)"
    );
    assert!(
        head_on <= head_off,
        "head sideways: {head_on} cm with, {head_off} cm without"
    );
}

#[test]
fn feet_under_hips_and_the_pelvis_height_prior_bring_the_offsets_closer() {
    // Every offset perturbed up to 3 cm, 6 devices: with the ankles put
    // right under the hips (midline and hip width sideways, the pelvis's
    // forward position, one height for both) the foot offsets are closer
    // to the truth on average; with the pelvis joint at the profile's hip
    // height (the pelvis device fused with the anthropometric prior, which
    // this body follows exactly) the pelvis offset's height is too. Either
    // way the profile's measures are unchanged, and the other devices'
    // offsets with them.
    let on = CalibrationOptions {
        feet_under_hips: true,
        pelvis_height_prior: true,
        ..CalibrationOptions::default()
    };
    let off = CalibrationOptions {
        feet_under_hips: false,
        pelvis_height_prior: false,
        ..on
    };
    let (mut feet_on, mut feet_off, mut pelvis_on, mut pelvis_off) = (0.0, 0.0, 0.0, 0.0);
    for seed in 0..40u64 {
        let s = Scenario::new(
            900 + seed,
            7.0 * seed as f64,
            DVec3::new(-0.2, 0.0, 0.4),
            true,
        );
        let take = s.take();
        let with = calibrate_with(&take, &on).expect("calibrates");
        let without = calibrate_with(&take, &off).expect("calibrates");
        for (c, feet, pelvis) in [
            (&with, &mut feet_on, &mut pelvis_on),
            (&without, &mut feet_off, &mut pelvis_off),
        ] {
            for foot in [Device::LeftFoot, Device::RightFoot] {
                let o = c.profile.tracker(foot).expect("foot").offset();
                *feet += cm((o - s.offsets[foot.index()]).length());
            }
            let o = c.profile.tracker(Device::Pelvis).expect("pelvis").offset();
            *pelvis += cm((o.y - s.offsets[Device::Pelvis.index()].y).abs());
        }
        assert_eq!(with.profile.body, without.profile.body);
        assert_eq!(with.profile.segments, without.profile.segments);
        for device in [Device::Head, Device::LeftHand, Device::RightHand] {
            assert_eq!(
                with.profile.tracker(device).expect("worn").offset(),
                without.profile.tracker(device).expect("worn").offset()
            );
        }
    }
    assert!(
        feet_on < 0.8 * feet_off,
        "foot offsets: {feet_on} cm with, {feet_off} cm without (sums over 80 feet)"
    );
    assert!(
        pelvis_on < 0.8 * pelvis_off,
        "pelvis height: {pelvis_on} cm with, {pelvis_off} cm without"
    );
    // Without foot or pelvis devices nothing changes.
    let s = Scenario::new(77, 30.0, DVec3::ZERO, true).three_devices();
    let take = s.take();
    assert_eq!(
        calibrate_with(&take, &on).expect("calibrates").profile,
        calibrate_with(&take, &off).expect("calibrates").profile
    );
}

#[test]
fn calibration_error_follows_the_unobservable_hand_offsets() {
    // Hand offsets perturbed in every direction: what the poses cannot see
    // (offset along the forearm, across the palm) goes into the forearm and
    // the shoulder width one for one; everything else stays exact.
    for seed in 0..4u64 {
        let s = Scenario::new(
            200 + seed,
            40.0 + 77.0 * seed as f64,
            DVec3::new(0.3, 0.0, -0.2),
            true,
        );
        let c = calibrate(&s.take()).expect("calibrates");
        let p = &c.profile;
        let t = &s.truth;
        let d_left = s.offsets[Device::LeftHand.index()] - Device::LeftHand.nominal_offset();
        let d_right = s.offsets[Device::RightHand.index()] - Device::RightHand.nominal_offset();
        let forearm_expected = 0.5 * (d_left.x - d_right.x);
        let width_expected = d_left.y + d_right.y;
        let forearm_err = p.segments.forearm - t.segments.forearm;
        let width_err = c.report.shoulder_width_measured_m - s.shoulder_width();
        assert!(
            cm((forearm_err - forearm_expected).abs()) < 0.5,
            "{forearm_err} vs {forearm_expected}"
        );
        assert!(
            cm((width_err - width_expected).abs()) < 0.5,
            "{width_err} vs {width_expected}"
        );
        assert!(cm((p.segments.upper_arm - t.segments.upper_arm).abs()) < 0.5);
        for hand in [Device::LeftHand, Device::RightHand] {
            let err = angle_between(
                p.tracker(hand).expect("hand").mount(),
                s.mounts[hand.index()],
            );
            assert!(err.to_degrees() < 1.5);
            let off = p.tracker(hand).expect("hand").offset() - s.offsets[hand.index()];
            assert!(
                cm(off.z.abs()) < 0.5,
                "the offset across the hand is observable: {off}"
            );
        }
    }
}

#[test]
fn calibration_with_feet_and_pelvis_measures_the_legs() {
    let s = Scenario::new(7, 200.0, DVec3::new(-0.3, 0.0, 0.6), false);
    let c = calibrate(&s.take()).expect("calibrates");
    let p = &c.profile;
    let t = &s.truth;
    // Offsets of the pelvis and feet stay nominal (up to 3 cm off).
    assert!(
        cm((p.body.ankle_height - t.body.ankle_height).abs()) < 3.0,
        "{p:#?}"
    );
    assert!(
        cm((p.body.hip_width - t.body.hip_width).abs()) < 4.5,
        "{p:#?}"
    );
    let legs = |b: &posewire_body::BodyProfile| b.segments.thigh + b.segments.shin;
    assert!(cm((legs(p) - legs(t)).abs()) < 6.0, "{p:#?}");
    for field in [
        "ankle_height",
        "hip_width",
        "head_height",
        "upper_arm",
        "forearm",
        "shoulder_width",
    ] {
        assert_eq!(p.sources[field], Source::Measured, "{field}");
    }
    for field in ["thigh", "shin", "trunk", "neck", "stature", "mass", "foot"] {
        assert_eq!(p.sources[field], Source::Ratio, "{field}");
    }
    let three = calibrate(&s.clone().three_devices().take()).expect("calibrates");
    assert_eq!(three.profile.sources["ankle_height"], Source::Ratio);
    assert_eq!(three.profile.sources["hip_width"], Source::Ratio);
    assert_eq!(
        three.profile.sources.len(),
        posewire_body::profile::FIELD_NAMES.len()
    );
    // The skeleton the profile describes stands with its head at the
    // measured head height.
    let skeleton = posewire_body::Skeleton::from_profile(&p.clone());
    let rest = skeleton.rest_positions();
    assert!((rest[Joint::Head].y - p.body.head_height).abs() < 1e-9);
}

fn without(
    take: &CalibrationTake,
    drop: impl Fn(&posewire_body::formats::CalibrationSample) -> bool,
) -> CalibrationTake {
    CalibrationTake {
        samples: take.samples.iter().filter(|s| !drop(s)).copied().collect(),
        invalid: take.invalid.clone(),
    }
}

#[test]
fn calibration_errors_name_the_missing_pose_or_device() {
    let take = Scenario::new(3, 10.0, DVec3::ZERO, false).take();
    let e = calibrate(&without(&take, |s| s.held == CalibrationPose::ArmsDown))
        .expect_err("no arms_down");
    assert_eq!(
        e,
        CalibrationError::MissingPose {
            pose: CalibrationPose::ArmsDown
        }
    );
    assert!(e.to_string().contains("arms_down"), "{e}");

    let e = calibrate(&without(&take, |s| s.sample.device == Device::RightHand))
        .expect_err("no right hand");
    assert_eq!(
        e,
        CalibrationError::MissingDevice {
            device: Device::RightHand
        }
    );
    assert!(e.to_string().contains("right_hand"), "{e}");

    let e = calibrate(&without(&take, |s| {
        s.sample.device == Device::LeftHand
            && s.held == CalibrationPose::ForearmsUp
            && s.sample.time_s > 0.05
    }))
    .expect_err("too few");
    assert!(
        matches!(
            e,
            CalibrationError::TooFewSamples {
                pose: CalibrationPose::ForearmsUp,
                device: Device::LeftHand,
                ..
            }
        ),
        "{e}"
    );

    // Optional devices may be missing.
    let c = calibrate(&without(&take, |s| s.sample.device == Device::Pelvis))
        .expect("no pelvis is fine");
    assert!(c.profile.tracker(Device::Pelvis).is_none());
    assert_eq!(c.profile.sources["thigh"], Source::Ratio);

    // Swapped hands cannot be fitted as arms.
    let swapped = CalibrationTake {
        samples: take
            .samples
            .iter()
            .map(|s| {
                let mut s = *s;
                s.sample.device = match s.sample.device {
                    Device::LeftHand => Device::RightHand,
                    Device::RightHand => Device::LeftHand,
                    d => d,
                };
                s
            })
            .collect(),
        invalid: Default::default(),
    };
    let e = calibrate(&swapped).expect_err("swapped hands");
    assert!(
        matches!(e, CalibrationError::Inconsistent { .. }) && e.to_string().contains("swap"),
        "{e}"
    );
}

#[test]
fn calibration_skips_invalid_samples() {
    let s = Scenario::new(11, 300.0, DVec3::new(0.5, 0.0, 0.5), false);
    let mut take = s.take();
    for (i, row) in take.samples.iter_mut().enumerate() {
        if i % 5 == 0 {
            row.sample.pose = None;
            take.invalid.count += 1;
        }
    }
    let c = calibrate(&take).expect("calibrates");
    assert_eq!(c.report.invalid_samples, take.invalid.count);
    assert!(cm((c.profile.segments.upper_arm - s.truth.segments.upper_arm).abs()) < 1.0);
    let total: usize = c.report.per_pose_samples.values().sum();
    assert_eq!(total + take.invalid.count, take.samples.len());
}

#[test]
fn calibration_sway_removal_reduces_the_error() {
    // Strong but realistic sway, no noise: compare the observable lengths
    // with and without sway removal over a few takes.
    let mut with = 0.0;
    let mut without_removal = 0.0;
    for seed in 0..6u64 {
        let mut s = Scenario::new(
            300 + seed,
            60.0 * seed as f64,
            DVec3::new(0.1, 0.0, 0.2),
            false,
        )
        .three_devices();
        s.sway_deg = 0.5;
        s.sway_hz = 0.3;
        let take = s.take();
        for (remove_sway, total) in [(true, &mut with), (false, &mut without_removal)] {
            let options = CalibrationOptions {
                remove_sway,
                ratio_priors: false,
                ..CalibrationOptions::default()
            };
            let c = calibrate_with(&take, &options).expect("calibrates");
            let p = &c.profile;
            *total += (p.segments.upper_arm - s.truth.segments.upper_arm).abs()
                + (p.segments.forearm - s.truth.segments.forearm).abs()
                + (c.report.shoulder_width_measured_m - s.shoulder_width()).abs();
        }
    }
    assert!(
        with < 0.5 * without_removal,
        "with {with} without {without_removal}"
    );
}

#[test]
fn calibration_profile_round_trips_through_toml() {
    let c = calibrate(&Scenario::new(5, 137.0, DVec3::new(0.7, 0.0, -0.4), false).take())
        .expect("calibrates");
    let text = c.profile.to_toml();
    let back = posewire_body::BodyProfile::from_toml(&text, "calibrated.toml").expect("loads");
    assert_eq!(back.trackers.len(), 6);
    let q: DQuat = back.tracker(Device::Head).expect("head").mount();
    assert!(angle_between(q, c.profile.tracker(Device::Head).expect("head").mount()) < 1e-6);
}
