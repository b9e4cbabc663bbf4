//! The whole-body inverse-dynamics controller (issue 41, round 5):
//! through the daemon's tick (`physics::trials::run_trial`).

use posewire_body::BodyProfile;
use posewire_solver::physics::trials::{run_trial, standing_samples, TrialTick};
use posewire_solver::physics::PhysicsSettings;

fn whole_body(end_share: f64) -> PhysicsSettings {
    let mut s = PhysicsSettings::default();
    s.whole_body.enabled = true;
    s.whole_body.end_share = end_share;
    s
}

fn median(ticks: &[TrialTick], of: impl Fn(&TrialTick) -> f64) -> f64 {
    let mut v: Vec<f64> = ticks.iter().filter(|k| k.t >= 1.0).map(of).collect();
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
}

#[test]
fn trace_standing() {
    let profile = BodyProfile::from_stature(1.75);
    let samples = standing_samples(&profile, 3.0, false);
    let share: f64 = std::env::var("WB_END")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0);
    let ticks = run_trial(&profile, whole_body(share), &samples, &[]);
    for k in ticks.iter().step_by(9) {
        eprintln!(
            "t {:.2} pelvis {:.3} contacts {:?} assist {:.0} share {:.2} state {:?}",
            k.t, k.pelvis_y, k.contacts, k.assist_root_n, k.support_share, k.state
        );
    }
    eprintln!("median assist {:.0}", median(&ticks, |k| k.assist_root_n));
}
