//! The objective of the SIMBICON legs' gain search (`simbicon_search`,
//! `docs/notes/own-feet.md`, round 10): a gain vector is scored by the live
//! tick (`physics::trials::run_trial_in`, the simbicon legs on) over quiet
//! standing and chest pushes from four sides at several statures. Lower is
//! better; the same settings give the same score (the trials are
//! deterministic).

use posewire_body::glam::DVec3;
use posewire_body::{BodyProfile, Joint};
use posewire_solver::physics::simbicon_legs::SimbiconLegs;
use posewire_solver::physics::trials::{run_trial_in, standing_samples, summarise, Push};
use posewire_solver::physics::{PhysicsSettings, WorldSettings};

/// Seconds of quiet standing scored (after the first second).
pub const QUIET_S: f64 = 8.0;
/// Seconds after a push a trial runs: the body must be back by then.
pub const AFTER_PUSH_S: f64 = 8.0;

/// One trial of the objective.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Case {
    /// The person's stature, metres.
    pub stature_m: f64,
    /// The push on the chest (none: quiet standing).
    pub push: Option<Push>,
}

impl Case {
    /// A short name: `1.60 quiet` or `1.60 +X 40 @2.0`.
    pub fn name(&self) -> String {
        match self.push {
            None => format!("{:.2} quiet", self.stature_m),
            Some(p) => {
                let d = p.impulse;
                let (axis, size) = if d.x.abs() >= d.z.abs() {
                    (if d.x >= 0.0 { "+X" } else { "-X" }, d.x.abs())
                } else {
                    (if d.z >= 0.0 { "+Z" } else { "-Z" }, d.z.abs())
                };
                format!("{:.2} {axis} {size:.0} @{:.1}", self.stature_m, p.at_s)
            }
        }
    }
}

/// Quiet standing and pushes of `sizes` N s from four sides at `at_s`, for
/// each stature.
pub fn cases(statures: &[f64], sizes: &[f64], at_s: f64) -> Vec<Case> {
    let mut out = Vec::new();
    for &stature_m in statures {
        out.push(Case {
            stature_m,
            push: None,
        });
        for &size in sizes {
            for dir in [DVec3::X, -DVec3::X, DVec3::Z, -DVec3::Z] {
                out.push(Case {
                    stature_m,
                    push: Some(Push {
                        joint: Joint::Chest,
                        impulse: dir * size,
                        at_s,
                    }),
                });
            }
        }
    }
    out
}

/// The search set: statures 1.60 and 1.90 m, 20 / 40 / 60 N s at 2.0 s.
pub fn search_set() -> Vec<Case> {
    cases(&[1.60, 1.90], &[20.0, 40.0, 60.0], 2.0)
}

/// The held-out set: the daemon's 1.75 m (another stature), pushed at
/// 3.1 s (another moment).
pub fn held_out_set() -> Vec<Case> {
    cases(&[1.75], &[20.0, 40.0, 60.0], 3.1)
}

/// What one trial showed, and its penalty.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CaseScore {
    /// The penalty (0: every bar met; a fall scores 2-3).
    pub penalty: f64,
    /// Whether the body fell.
    pub fell: bool,
    /// Share of the scored ticks with both feet down.
    pub both_feet: f64,
    /// Steps seen (landings at least 10 cm from the lift).
    pub steps: u32,
    /// The farthest a stance foot slid, metres.
    pub slide_m: f64,
    /// Seconds after the push from which the body stood linked with its
    /// head within 5 cm of the headset to the end (quiet: from 1 s).
    pub back_after_s: Option<f64>,
    /// The head's gap from the headset at the end, metres.
    pub final_gap_m: f64,
}

/// Runs and scores one case with `settings` (the simbicon legs turned on).
pub fn score_case(world: WorldSettings, settings: PhysicsSettings, case: &Case) -> CaseScore {
    let settings = PhysicsSettings {
        simbicon_legs: SimbiconLegs {
            enabled: true,
            ..settings.simbicon_legs
        },
        ..settings
    };
    let profile = BodyProfile::from_stature(case.stature_m);
    let (from_s, seconds) = match case.push {
        None => (1.0, 1.0 + QUIET_S),
        Some(p) => (p.at_s, p.at_s + AFTER_PUSH_S),
    };
    let samples = standing_samples(&profile, seconds, false);
    let pushes: Vec<Push> = case.push.into_iter().collect();
    let ticks = run_trial_in(world, &profile, settings, &samples, &pushes);
    let s = summarise(&ticks, from_s);
    let scored: Vec<_> = ticks.iter().filter(|k| k.t >= from_s - 1e-9).collect();
    let both_feet = if scored.is_empty() {
        0.0
    } else {
        scored
            .iter()
            .filter(|k| k.contacts[0] && k.contacts[1])
            .count() as f64
            / scored.len() as f64
    };
    let final_gap_m = scored.last().map_or(f64::INFINITY, |k| k.head_gap_m);
    let fell = s.fell() || scored.is_empty();
    let back = s.standing_after_s.filter(|t| *t <= AFTER_PUSH_S - 0.5);
    let penalty = if fell {
        // Longer up is better: 3 for a fall at once, 2 at the end.
        let down = scored
            .iter()
            .position(|k| k.pelvis_y < 0.7)
            .unwrap_or(scored.len());
        3.0 - down as f64 / scored.len().max(1) as f64
    } else {
        let slide = ((s.max_stance_slide_m - 0.03) / 0.05).clamp(0.0, 1.0);
        let away = if back.is_some() {
            0.0
        } else {
            0.3 + 0.7 * (final_gap_m / 0.3).clamp(0.0, 1.0)
        };
        match case.push {
            None => 4.0 * (1.0 - both_feet) + 0.05 * s.steps_seen.min(10) as f64 + away,
            Some(p) => {
                let no_step = if p.impulse.length() >= 50.0 && s.steps_seen == 0 {
                    0.3
                } else {
                    0.0
                };
                slide + away + no_step
            }
        }
    };
    CaseScore {
        penalty,
        fell,
        both_feet,
        steps: s.steps_seen,
        slide_m: s.max_stance_slide_m,
        back_after_s: back,
        final_gap_m,
    }
}

/// The objective: the mean penalty over `cases`, and each case's score.
pub fn score(
    world: WorldSettings,
    settings: PhysicsSettings,
    cases: &[Case],
) -> (f64, Vec<CaseScore>) {
    let each: Vec<CaseScore> = cases
        .iter()
        .map(|c| score_case(world, settings, c))
        .collect();
    let mean = each.iter().map(|c| c.penalty).sum::<f64>() / each.len().max(1) as f64;
    (mean, each)
}

/// The searched knobs, by their settings key (`gains.` ones in
/// `[solver.physics.simbicon_legs.gains]`).
pub const KNOBS: [&str; 22] = [
    "gains.forward_offset_gain",
    "gains.forward_velocity_gain",
    "gains.side_offset_gain",
    "gains.side_velocity_gain",
    "gains.torso_kp",
    "gains.torso_kd",
    "gains.hip_kp",
    "gains.hip_kd",
    "gains.knee_kp",
    "gains.ankle_kp",
    "gains.step_time_s",
    "gains.swing_knee_rad",
    "gains.stance_knee_rad",
    "gains.velocity_damping",
    "gains.stand_kp",
    "gains.stand_kd",
    "gains.stand_side_m",
    "gains.calm_speed",
    "home_rate_per_s",
    "home_lean_m",
    "home_leave_m",
    "home_arrive_m",
];

/// The knobs of `legs`, in [`KNOBS`]'s order.
pub fn knobs(legs: &mut SimbiconLegs) -> [&mut f64; 22] {
    let g = &mut legs.gains;
    [
        &mut g.forward_offset_gain,
        &mut g.forward_velocity_gain,
        &mut g.side_offset_gain,
        &mut g.side_velocity_gain,
        &mut g.torso_kp,
        &mut g.torso_kd,
        &mut g.hip_kp,
        &mut g.hip_kd,
        &mut g.knee_kp,
        &mut g.ankle_kp,
        &mut g.step_time_s,
        &mut g.swing_knee_rad,
        &mut g.stance_knee_rad,
        &mut g.velocity_damping,
        &mut g.stand_kp,
        &mut g.stand_kd,
        &mut g.stand_side_m,
        &mut g.calm_speed,
        &mut legs.home_rate_per_s,
        &mut legs.home_lean_m,
        &mut legs.home_leave_m,
        &mut legs.home_arrive_m,
    ]
}

/// `base` with each knob scaled by `exp(x_i)` (a search vector of log
/// factors; missing entries leave a knob as it is).
pub fn with_vector(base: SimbiconLegs, x: &[f64]) -> SimbiconLegs {
    let mut legs = base;
    for (k, xi) in knobs(&mut legs).into_iter().zip(x) {
        *k *= xi.exp();
    }
    legs
}

/// The `[solver.physics.simbicon_legs]` tables of `legs`' knobs, on: a
/// settings file's text.
pub fn settings_toml(legs: &SimbiconLegs) -> String {
    let mut legs = *legs;
    let values: Vec<f64> = knobs(&mut legs).into_iter().map(|v| *v).collect();
    let mut top = String::from("[solver.physics.simbicon_legs]\nenabled = true\n");
    let mut gains = String::from("\n[solver.physics.simbicon_legs.gains]\n");
    for (name, v) in KNOBS.iter().zip(values) {
        match name.strip_prefix("gains.") {
            Some(g) => gains.push_str(&format!("{g} = {v:?}\n")),
            None => top.push_str(&format!("{name} = {v:?}\n")),
        }
    }
    top + &gains
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vector_scales_the_knobs_and_the_toml_reads_back() {
        let base = SimbiconLegs::default();
        let legs = with_vector(base, &[0.5, 0.0, -0.5]);
        let e = 0.5f64.exp();
        assert!(
            (legs.gains.forward_offset_gain - base.gains.forward_offset_gain * e).abs() < 1e-12
        );
        assert_eq!(
            legs.gains.forward_velocity_gain,
            base.gains.forward_velocity_gain
        );
        assert!((legs.gains.side_offset_gain - base.gains.side_offset_gain / e).abs() < 1e-12);
        let read =
            posewire_solver::SolverSettings::from_toml(&settings_toml(&legs), "searched.toml")
                .expect("the written tables read back");
        assert_eq!(read.physics.simbicon_legs.gains, legs.gains);
        assert_eq!(
            read.physics.simbicon_legs.home_rate_per_s,
            legs.home_rate_per_s
        );
        assert!(read.physics.simbicon_legs.enabled);
    }
}
