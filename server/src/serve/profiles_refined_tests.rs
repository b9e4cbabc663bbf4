//! The offsets refined during use for the hands and the headset (issue 43
//! item 3), stored into a profile as SaveRefinedOffsets does and reloaded.

use posewire_body::formats::TrackerSample;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyProfile, Device, Source, Transform};
use posewire_solver::offset_refine::OffsetRefineSettings;
use posewire_solver::{IkSettings, IkSolver};

use super::with_offsets;

/// Devices whose mounts the profile has: calibrated offsets 1.5 cm off
/// the true ones, across the bone.
const DEVICES: [(Device, [f64; 3], [f64; 3]); 3] = [
    (Device::LeftHand, [0.08, -0.02, 0.0], [0.09, -0.03, 0.005]),
    (
        Device::RightHand,
        [-0.08, -0.02, 0.0],
        [-0.07, -0.01, 0.005],
    ),
    (Device::Head, [0.0, 0.08, 0.10], [0.005, 0.09, 0.11]),
];

/// Each device's bone turning about its own joint (which holds still)
/// for `seconds`, its device at the true offset, pushed into `solver`.
fn turn_about_the_joints(solver: &mut IkSolver, seconds: f64) {
    let joints = [
        DVec3::new(0.3, 1.0, 0.2),
        DVec3::new(-0.3, 1.0, 0.2),
        DVec3::new(0.0, 1.6, 0.0),
    ];
    for k in 0..(seconds * 90.0) as usize {
        let t = k as f64 / 90.0;
        let phase = std::f64::consts::TAU * t;
        // Turns about the bone's forward and up axes by turns.
        let rotation = DQuat::from_rotation_z(0.6 * phase.sin())
            * DQuat::from_rotation_y(0.6 * (0.5 * phase).cos());
        for ((device, _, truth), joint) in DEVICES.iter().zip(joints) {
            let sample = TrackerSample {
                time_s: t,
                device: *device,
                pose: Some(Transform {
                    position: joint + rotation * DVec3::from_array(*truth),
                    rotation,
                }),
                input: None,
            };
            solver.push(&sample);
        }
    }
}

#[test]
fn hand_and_headset_offsets_refined_during_use_are_stored_and_reloaded() {
    let mut profile = BodyProfile::from_stature(1.75);
    for (device, calibrated, _) in DEVICES {
        profile.set_tracker(
            device,
            DVec3::from_array(calibrated),
            DQuat::IDENTITY,
            Source::Measured,
            Source::Ratio,
        );
    }
    let settings = IkSettings {
        offsets: OffsetRefineSettings {
            hands: true,
            head: true,
            ..OffsetRefineSettings::default()
        },
        ..IkSettings::default()
    };
    let mut solver = IkSolver::new(&profile, settings);
    turn_about_the_joints(&mut solver, 30.0);

    let stored = with_offsets(&profile, |d| solver.device_offset(d));
    let reloaded = BodyProfile::from_toml(&stored.to_toml(), "refined").expect("parses");
    for (device, calibrated, truth) in DEVICES {
        let in_use = solver.device_offset(device).expect("mounted");
        let before = DVec3::from_array(calibrated).distance(DVec3::from_array(truth));
        let after = in_use.distance(DVec3::from_array(truth));
        // Refined: most of the way to the true offset.
        assert!(after < 0.5 * before, "{device:?}: {before} -> {after}");
        let mount = reloaded.tracker(device).expect("kept");
        assert!(mount.offset().distance(in_use) < 1e-9, "{device:?}");
        assert_eq!(mount.offset_source, Source::Measured);
    }
    assert_eq!(
        reloaded.tracker(Device::Pelvis),
        profile.tracker(Device::Pelvis)
    );
    // A solver built from the reloaded profile starts at the stored
    // offsets.
    let again = IkSolver::new(&reloaded, IkSettings::default());
    for (device, ..) in DEVICES {
        let (a, b) = (again.device_offset(device), solver.device_offset(device));
        assert!(
            a.zip(b).is_some_and(|(a, b)| a.distance(b) < 1e-9),
            "{device:?}"
        );
    }
}
