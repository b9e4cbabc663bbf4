//! Two avatars walked into each other (issue 23): two people in one
//! shared space walk straight through each other's place at 1.5 m/s; their
//! simulated bodies, in one world through the daemon's tick, step aside
//! and pass: both deflect, neither falls, they sink at most 2 cm into each
//! other.

use posewire_body::BodyProfile;
use posewire_solver::physics::trials::{meeting_samples, run_meeting, MeetingSummary};
use posewire_solver::physics::PhysicsSettings;

fn meet(offset_m: f64, settings: PhysicsSettings) -> MeetingSummary {
    let profile = BodyProfile::from_stature(1.75);
    let samples = meeting_samples(&profile, 1.5, offset_m, 4.0);
    run_meeting(&profile, settings, &samples)
}

#[test]
fn two_walkers_at_1_5_m_s_both_step_aside_and_neither_falls() {
    for offset in [0.0, 0.1, 0.3] {
        let m = meet(offset, PhysicsSettings::default());
        for i in 0..2 {
            assert!(
                m.max_deflection_m[i] >= 0.1,
                "{offset} m, body {i} did not deflect: {m:?}"
            );
            assert!(m.min_pelvis_y[i] > 0.7, "{offset} m, body {i} fell: {m:?}");
            assert_eq!(m.falls[i], 0, "{offset} m: {m:?}");
        }
        assert!(m.max_penetration_m <= 0.02, "{offset} m: {m:?}");
    }
}

#[test]
fn without_passing_the_same_walkers_collide_and_fall() {
    // What the passing rule is for: the bodies held to their people meet
    // head on.
    let mut settings = PhysicsSettings::default();
    settings.avoid.enabled = false;
    let m = meet(0.0, settings);
    assert!(m.falls.iter().sum::<u64>() > 0, "{m:?}");
}
