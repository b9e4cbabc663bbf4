//! Warming a restarted solver: a solver restarted mid-motion (the daemon
//! restarts an avatar's solver when a recording starts, so that the take
//! re-solves exactly) is handed, at its first tick, the samples its
//! predecessor received over the last [`WARM_UP_S`] before that tick's
//! own. [`AvatarSolver::warm_up`] pushes them in order and steps only the
//! kinematic reference (for `physics`, the controller's reference
//! [`crate::ik::IkSolver`]) at the past tick times they belong to, so the
//! device filters, the learned components' histories and the stepping
//! rules are settled; the simulated body is then built at the tick itself,
//! as for a fresh solver.
//!
//! The past tick times are derived from the tick's time, the loop rate and
//! the samples' own times (a sample belongs to the first tick at or after
//! it), so the live daemon and the offline re-solve, handed the same
//! samples at the same tick, perform the same operations. Samples with
//! less than [`WARM_UP_MIN_S`] of the headset's past (a take recorded
//! before warm-ups, whose first tick holds only the last known state of
//! each device) are pushed without any step, as a fresh solver takes them.

use posewire_body::formats::TrackerSample;
use posewire_body::Device;

use crate::gate::Verdict;
use crate::tick::AvatarSolver;

/// How far back the samples of a warm-up reach, seconds: past the learned
/// components' longest lag (1 s), with room for the device filters.
pub const WARM_UP_S: f64 = 1.2;

/// The headset's past a warm-up needs, seconds (the time from its oldest
/// to its newest valid sample before the tick); with less, the samples are
/// pushed without steps.
pub const WARM_UP_MIN_S: f64 = 0.25;

/// Slack on the tick grid, in ticks: a sample at a tick's time (up to
/// rounding) belongs to that tick.
const GRID_SLACK: f64 = 1e-6;

/// The past ticks a warm-up steps at.
#[derive(Debug, Clone, Copy)]
struct PastTicks {
    /// The tick being warmed for, seconds.
    t: f64,
    /// The loop's tick interval, seconds.
    dt: f64,
    /// The oldest past tick stepped at (ticks back from `t`).
    oldest: usize,
}

impl PastTicks {
    /// The grid of ticks before `t` at `rate_hz`, `None` for a rate or
    /// time that is not a positive finite number.
    fn new(t: f64, rate_hz: f64) -> Option<PastTicks> {
        let dt = 1.0 / rate_hz;
        (t.is_finite() && dt.is_finite() && dt > 0.0).then(|| PastTicks {
            t,
            dt,
            oldest: (WARM_UP_S / dt).ceil() as usize,
        })
    }

    /// How many ticks back from `t` a sample at `time_s` was taken: the
    /// first tick at or after it (0: this tick's own), at most `oldest`.
    fn back(&self, time_s: f64) -> usize {
        let ticks = (self.t - time_s) / self.dt - GRID_SLACK;
        if ticks.is_nan() || ticks <= 0.0 {
            return 0;
        }
        (ticks.ceil() as usize).min(self.oldest)
    }

    /// The time of the tick `back` ticks before `t`.
    fn time(&self, back: usize) -> f64 {
        self.t - back as f64 * self.dt
    }

    /// Whether `samples` hold at least [`WARM_UP_MIN_S`] of the headset's
    /// past (valid samples before this tick).
    fn has_past(&self, samples: &[TrackerSample]) -> bool {
        let mut span: Option<(f64, f64)> = None;
        let past = samples
            .iter()
            .filter(|s| s.device == Device::Head && s.pose.is_some())
            .filter(|s| self.back(s.time_s) > 0);
        for s in past {
            span = Some(match span {
                None => (s.time_s, s.time_s),
                Some((lo, hi)) => (lo.min(s.time_s), hi.max(s.time_s)),
            });
        }
        span.is_some_and(|(lo, hi)| hi - lo >= WARM_UP_MIN_S)
    }
}

impl AvatarSolver {
    /// Hands a restarted solver its first tick's samples (at time `t`, the
    /// loop running at `rate_hz`): the samples its predecessor received
    /// before the tick, in time order, then the tick's own. Each is pushed
    /// in the order given (its verdict appended to `verdicts`); before a
    /// sample of a later past tick, and after the last past sample, the
    /// kinematic reference steps at every past tick from the oldest one
    /// with a sample up to the one before `t` (once the headset is seen).
    /// A sample older than [`WARM_UP_S`] counts as of the oldest tick; a
    /// late one (older than the sample before it) joins the tick being
    /// filled. Without [`WARM_UP_MIN_S`] of the headset's past, nothing
    /// steps: the samples are pushed as a fresh solver takes them.
    pub fn warm_up(
        &mut self,
        samples: &[TrackerSample],
        t: f64,
        rate_hz: f64,
        verdicts: &mut Vec<Verdict>,
    ) {
        let grid = PastTicks::new(t, rate_hz).filter(|g| g.has_past(samples));
        let Some(grid) = grid else {
            verdicts.extend(samples.iter().map(|s| self.push(s)));
            return;
        };
        // The past tick being filled (ticks back from `t`).
        let mut filling: Option<usize> = None;
        for sample in samples {
            let back = grid.back(sample.time_s);
            match filling {
                Some(f) if back < f => {
                    self.step_reference_over(&grid, f, back);
                    filling = Some(back);
                }
                None => filling = Some(back),
                Some(_) => {}
            }
            verdicts.push(self.push(sample));
        }
        if let Some(f) = filling {
            self.step_reference_over(&grid, f, 0);
        }
    }

    /// Steps the kinematic reference at the past ticks `from` down to
    /// `until + 1` ticks back (none when `from <= until`).
    fn step_reference_over(&mut self, grid: &PastTicks, from: usize, until: usize) {
        for back in (until + 1..=from).rev() {
            self.step_reference(grid.time(back));
        }
    }

    /// Steps the kinematic reference alone at `t` (the pose is let go),
    /// once the headset has been seen.
    fn step_reference(&mut self, t: f64) {
        if !self.ready() {
            return;
        }
        match self {
            AvatarSolver::Ik(s) => {
                s.step(t);
            }
            AvatarSolver::Physics(c) => {
                c.reference_solver().step(t);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::{BodyPose, BodyProfile, Joint, Skeleton};

    use crate::physics::Scene;
    use crate::settings::SolverSettings;
    use crate::solve::SolverKind;
    use crate::tick::{OfflineAvatar, SharedSpace};

    const RATE: f64 = 90.0;

    /// Tick `k`'s samples (at `k / 90` s) of a person walking along +z
    /// with a headset and two hands.
    fn walking(profile: &BodyProfile, k: usize) -> Vec<TrackerSample> {
        let skeleton = Skeleton::from_profile(profile);
        let rest = BodyPose::rest(&skeleton).transforms(&skeleton);
        let time_s = k as f64 / RATE;
        let swing = (time_s * 2.0 * std::f64::consts::PI).sin();
        [
            (Device::Head, Joint::Head, 0.0),
            (Device::LeftHand, Joint::LeftWrist, 0.15 * swing),
            (Device::RightHand, Joint::RightWrist, -0.15 * swing),
        ]
        .map(|(device, joint, ahead)| {
            let mut pose = rest[joint];
            pose.position.z += 1.2 * time_s + ahead;
            pose.position.y += 0.02 * (2.0 * swing).abs();
            TrackerSample {
                time_s,
                device,
                pose: Some(pose),
                input: None,
            }
        })
        .to_vec()
    }

    /// The poses of a solver of `kind` ticked live from tick `from` to
    /// `to` (exclusive); with `warm`, its first tick is a warm-up that is
    /// handed the samples of ticks `warm..from` before its own.
    fn run(kind: SolverKind, warm: Option<usize>, from: usize, to: usize) -> Vec<BodyPose> {
        let profile = BodyProfile::from_stature(1.75);
        let settings = SolverSettings::of_kind(kind);
        let mut space = SharedSpace::new(&settings, &Scene::default(), RATE);
        let mut avatar = [OfflineAvatar::new(AvatarSolver::new(&profile, &settings))];
        let mut poses = Vec::new();
        for k in from..to {
            avatar[0].samples.clear();
            if let (Some(w), true) = (warm, k == from) {
                for past in w..from {
                    avatar[0].samples.extend(walking(&profile, past));
                }
                avatar[0].warm_up = true;
            }
            avatar[0].samples.extend(walking(&profile, k));
            let solved = space.tick(&mut avatar, k as f64 / RATE);
            avatar[0].warm_up = false;
            assert!(avatar[0]
                .verdicts
                .iter()
                .all(|v| matches!(v, Verdict::Accepted)));
            assert_eq!(avatar[0].verdicts.len(), avatar[0].samples.len());
            if let Some(Some(body)) = solved.into_iter().next() {
                poses.push(body.pose);
            }
        }
        poses
    }

    #[test]
    fn a_warmed_ik_solver_poses_as_the_solver_that_ran_through_its_samples() {
        // Live from tick 0 to 200; restarted at tick 150 with the 1.2 s
        // (108 ticks) before it.
        let live = run(SolverKind::Ik, None, 0, 200);
        let warmed = run(SolverKind::Ik, Some(150 - 108), 150, 200);
        let cold = run(SolverKind::Ik, None, 150, 200);
        assert_eq!(warmed.len(), 50);
        let root = |p: &BodyPose| p.root;
        let gap = |a: &[BodyPose]| {
            a.iter()
                .zip(&live[150..])
                .map(|(p, q)| (root(p) - root(q)).length())
                .fold(0.0, f64::max)
        };
        let (warm_gap, cold_gap) = (gap(&warmed), gap(&cold));
        println!("pelvis off the live solver's: warmed {warm_gap} m, cold {cold_gap} m");
        // The warmed solver's pelvis stays with the live one's; the cold
        // one starts without a past.
        assert!(warm_gap < 0.001, "warmed {warm_gap} m, cold {cold_gap} m");
        assert!(
            cold_gap > 5.0 * warm_gap.max(1e-4),
            "warmed {warm_gap} m, cold {cold_gap} m"
        );
    }

    #[test]
    fn warming_up_is_the_same_every_time_and_needs_a_past() {
        let a = run(SolverKind::Physics, Some(42), 150, 170);
        let b = run(SolverKind::Physics, Some(42), 150, 170);
        assert_eq!(a, b);
        let cold = run(SolverKind::Physics, None, 150, 170);
        assert_ne!(a, cold);
        // A tick's worth of past (the last known state of each device, as
        // takes recorded before warm-ups hold): no step, as a fresh
        // solver that is handed them.
        let profile = BodyProfile::from_stature(1.75);
        let settings = SolverSettings::of_kind(SolverKind::Ik);
        let mut samples = walking(&profile, 149);
        samples.extend(walking(&profile, 150));
        let (mut fresh, mut warmed) = (
            AvatarSolver::new(&profile, &settings),
            AvatarSolver::new(&profile, &settings),
        );
        let mut verdicts = Vec::new();
        warmed.warm_up(&samples, 150.0 / RATE, RATE, &mut verdicts);
        for s in &samples {
            fresh.push(s);
        }
        let (AvatarSolver::Ik(f), AvatarSolver::Ik(w)) = (&mut fresh, &mut warmed) else {
            panic!("ik solvers");
        };
        assert_eq!(f.step(150.0 / RATE), w.step(150.0 / RATE));
    }

    #[test]
    fn samples_fall_in_the_first_tick_at_or_after_them() {
        let Some(grid) = PastTicks::new(10.0, 90.0) else {
            panic!("a grid at 90 Hz");
        };
        assert_eq!(grid.back(10.0), 0);
        assert_eq!(grid.back(10.001), 0);
        assert_eq!(grid.back(10.0 - 1.0 / 90.0), 1);
        assert_eq!(grid.back(10.0 - 0.5 / 90.0), 1);
        assert_eq!(grid.back(0.0), grid.oldest);
        assert_eq!(grid.back(f64::NAN), 0);
        assert!(PastTicks::new(10.0, 0.0).is_none());
        assert!(PastTicks::new(f64::NAN, 90.0).is_none());
    }
}
