//! Planted feet for a body whose feet are not tracked: each foot stays
//! where it was put until it steps (on a smooth minimum-jerk arc) to where
//! the body will be. While the body walks with swinging arms, the arm swing
//! ([`crate::gait`]) says when each foot steps; otherwise a foot steps when
//! the body has moved away from it, one foot at a time.

use std::f64::consts::PI;

use posewire_body::glam::DVec3;
use posewire_body::transform::yaw_rotation;

use crate::gait::GaitCue;

/// The horizontal speed (m/s) above which the body counts as walking.
const WALKING_SPEED_M_S: f64 = 0.25;

/// How much faster than the body a foot in the air may change where it
/// lands, m/s. The landing target jumps when the arm-swing cue comes or
/// goes (the lookahead changes, 0.12 s against 0.3 s), and a foot that
/// followed the jump moved 14-16 cm in one frame of the demo's walk.
const REAIM_M_S: f64 = 1.0;

/// Stepping settings.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SteppingSettings {
    /// A foot steps when it is this far (horizontally, metres) from where
    /// it belongs.
    pub step_distance_m: f64,
    /// ... or when its heading differs from the body's by this much.
    pub step_turn_rad: f64,
    /// How far ahead the body's motion is predicted when choosing where a
    /// foot lands, seconds.
    pub lookahead_s: f64,
    /// Duration of a step at rest, seconds (shorter when moving fast).
    pub step_duration_s: f64,
    /// Shortest step, seconds.
    pub min_step_duration_s: f64,
    /// Peak lift of the ankle during a step, metres.
    pub lift_m: f64,
    /// How far behind the hip a standing ankle sits, metres: the line of
    /// gravity of quiet standing passes a few centimetres in front of the
    /// ankle joint and close to the hip joint.
    pub ankle_behind_hip_m: f64,
    /// While the arm swing sets the gait phase: how far ahead the body's
    /// motion is predicted when choosing where a foot lands, seconds (the
    /// capture point of an inverted pendulum of hip height h lies
    /// `v * sqrt(h / g)` ahead, about 0.3 s).
    pub cued_lookahead_s: f64,
    /// While the arm swing sets the gait phase: how far out of place (as a
    /// share of `step_distance_m`) the cued foot must be to step.
    pub cued_min_need: f64,
    /// While the arm swing sets the gait phase: how far ahead of its home
    /// a foot lands at most, metres (the leg meets the ground at a limited
    /// angle, so fast runners land their feet no further ahead than
    /// walkers).
    pub cued_max_ahead_m: f64,
    /// While the arm swing sets the gait phase: step duration as a share
    /// of the half gait cycle (1: a foot is in the air from one change of
    /// the swing's direction to the next).
    pub cued_duration_share: f64,
}

impl Default for SteppingSettings {
    fn default() -> Self {
        SteppingSettings {
            step_distance_m: 0.2,
            step_turn_rad: 35f64.to_radians(),
            lookahead_s: 0.12,
            step_duration_s: 0.4,
            min_step_duration_s: 0.22,
            lift_m: 0.08,
            ankle_behind_hip_m: 0.04,
            cued_lookahead_s: 0.3,
            cued_min_need: 0.25,
            cued_max_ahead_m: 0.3,

            cued_duration_share: 1.0,
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Swing {
    from: DVec3,
    from_yaw: f64,
    start_s: f64,
    duration_s: f64,
    /// Where the foot will land (following the landing target at a
    /// limited speed) and when that was last updated.
    aim: DVec3,
    aimed_s: f64,
}

/// One foot: where its ankle is planted, or its step under way.
#[derive(Debug, Clone, Copy)]
struct Foot {
    ankle: DVec3,
    yaw: f64,
    swing: Option<Swing>,
}

/// Where the two ankles are this frame and how the feet are turned.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FeetState {
    /// Ankle positions, left then right.
    pub ankles: [DVec3; 2],
    /// Foot headings (yaw), left then right.
    pub yaws: [f64; 2],
    /// Whether each foot is on the ground.
    pub planted: [bool; 2],
}

/// The stepping planner for both feet.
#[derive(Debug, Clone)]
pub struct FootPlanner {
    settings: SteppingSettings,
    feet: Option<[Foot; 2]>,
    last_mover: usize,
    /// The gait cue (its `since_s`) the last cued step answered.
    cued_step: Option<f64>,
}

fn wrap_angle(a: f64) -> f64 {
    (a + PI).rem_euclid(2.0 * PI) - PI
}

/// Moves each swinging foot's aim toward its landing target, at most
/// [`REAIM_M_S`] faster than the body moves.
fn reaim(feet: &mut [Foot; 2], t: f64, targets: &[DVec3; 2], speed: f64) {
    for (foot, target) in feet.iter_mut().zip(targets) {
        if let Some(sw) = &mut foot.swing {
            let reach = (speed + REAIM_M_S) * (t - sw.aimed_s).max(0.0);
            sw.aim += (*target - sw.aim).clamp_length_max(reach);
            sw.aimed_s = t;
        }
    }
}

/// Land the steps whose time is up, where they aimed.
fn land_finished_steps(feet: &mut [Foot; 2], t: f64, homes: [DVec3; 2], yaw: f64) {
    for (i, foot) in feet.iter_mut().enumerate() {
        if let Some(sw) = foot.swing {
            if t >= sw.start_s + sw.duration_s {
                foot.ankle = DVec3::new(sw.aim.x, homes[i].y, sw.aim.z);
                foot.yaw = yaw;
                foot.swing = None;
            }
        }
    }
}

fn min_jerk(s: f64) -> f64 {
    let s = s.clamp(0.0, 1.0);
    s * s * s * (10.0 - 15.0 * s + 6.0 * s * s)
}

impl Foot {
    /// Lifts the foot for a step of `duration_s` starting at `t`, aimed
    /// at `target`.
    fn lift(&mut self, t: f64, duration_s: f64, target: DVec3) {
        self.swing = Some(Swing {
            from: self.ankle,
            from_yaw: self.yaw,
            start_s: t,
            duration_s,
            aim: target,
            aimed_s: t,
        });
    }
}

impl FootPlanner {
    /// A planner that plants the feet on the first frame.
    pub fn new(settings: SteppingSettings) -> FootPlanner {
        FootPlanner {
            settings,
            feet: None,
            last_mover: 1,
            cued_step: None,
        }
    }

    /// Advances to time `t`. `homes` are where each ankle belongs now
    /// (under its hip, on the floor at ankle height), `velocity` the body's
    /// horizontal velocity, `yaw` its heading, `cue` the gait phase read
    /// from the arm swing (if the arms swing). While the body walks and the
    /// arms swing, the cue decides when each foot steps; otherwise a foot
    /// steps when the body has moved away from it.
    pub fn update(
        &mut self,
        t: f64,
        homes: [DVec3; 2],
        velocity: DVec3,
        yaw: f64,
        cue: Option<GaitCue>,
    ) -> FeetState {
        let flat_velocity = DVec3::new(velocity.x, 0.0, velocity.z);
        let speed = flat_velocity.length();
        let cue = cue.filter(|_| speed > WALKING_SPEED_M_S);
        let targets = self.landing_targets(homes, flat_velocity, cue.is_some());
        let mut feet = *self.feet.get_or_insert_with(|| {
            homes.map(|h| Foot {
                ankle: h,
                yaw,
                swing: None,
            })
        });
        reaim(&mut feet, t, &targets, speed);
        land_finished_steps(&mut feet, t, homes, yaw);
        let needs = [0, 1].map(|i| self.need(&feet[i], targets[i], yaw));
        match cue {
            Some(c) => self.start_cued_step(&mut feet, t, c, needs, &targets),
            None => self.start_needed_step(&mut feet, t, speed, needs, &targets),
        }
        self.feet = Some(feet);
        self.feet_state(&feet, t, homes, yaw)
    }

    /// Where each foot lands if it steps now: its home, ahead by the body's
    /// motion over the lookahead (no further than `cued_max_ahead_m` while
    /// the arm swing sets the phase).
    fn landing_targets(&self, homes: [DVec3; 2], flat_velocity: DVec3, cued: bool) -> [DVec3; 2] {
        let s = self.settings;
        let ahead = if cued {
            (flat_velocity * s.cued_lookahead_s).clamp_length_max(s.cued_max_ahead_m)
        } else {
            flat_velocity * s.lookahead_s
        };
        homes.map(|h| h + ahead)
    }

    /// How far out of place a planted foot is: 1 at `step_distance_m` (or
    /// `step_turn_rad` of heading).
    fn need(&self, foot: &Foot, target: DVec3, yaw: f64) -> f64 {
        let s = self.settings;
        let d = target - foot.ankle;
        let dist = DVec3::new(d.x, 0.0, d.z).length();
        let turn = wrap_angle(yaw - foot.yaw).abs();
        (dist / s.step_distance_m).max(turn / s.step_turn_rad)
    }

    /// The arms say which foot is in the air: that foot steps once per
    /// change of the swing's direction, for the half gait cycle the swing
    /// lasts (the other foot may still be in the air: running).
    fn start_cued_step(
        &mut self,
        feet: &mut [Foot; 2],
        t: f64,
        cue: GaitCue,
        needs: [f64; 2],
        targets: &[DVec3; 2],
    ) {
        let s = self.settings;
        let i = cue.swinging_foot;
        if feet[i].swing.is_none()
            && self.cued_step != Some(cue.since_s)
            && needs[i] >= s.cued_min_need
        {
            let duration = (s.cued_duration_share * cue.half_period_s).max(s.min_step_duration_s);
            feet[i].lift(t, duration, targets[i]);
            self.cued_step = Some(cue.since_s);
            self.last_mover = i;
        }
    }

    /// Without a gait cue: when no foot is in the air and one is out of
    /// place, it steps; while walking, the feet take turns.
    fn start_needed_step(
        &mut self,
        feet: &mut [Foot; 2],
        t: f64,
        speed: f64,
        needs: [f64; 2],
        targets: &[DVec3; 2],
    ) {
        if feet.iter().any(|f| f.swing.is_some()) {
            return;
        }
        let s = self.settings;
        let moving = speed > WALKING_SPEED_M_S;
        let pick = if needs[0] >= needs[1] { 0 } else { 1 };
        let pick = if moving && needs[1 - self.last_mover] >= 0.6 {
            1 - self.last_mover
        } else {
            pick
        };
        if needs[pick] >= 1.0 || (moving && needs[pick] >= 0.6) {
            let duration = (s.step_duration_s - 0.1 * speed).max(s.min_step_duration_s);
            feet[pick].lift(t, duration, targets[pick]);
            self.last_mover = pick;
        }
    }

    /// The ankles this frame: planted feet where they are, stepping feet on
    /// their minimum-jerk arcs toward where they aim.
    fn feet_state(&self, feet: &[Foot; 2], t: f64, homes: [DVec3; 2], yaw: f64) -> FeetState {
        let s = self.settings;
        let mut state = FeetState {
            ankles: [DVec3::ZERO; 2],
            yaws: [0.0; 2],
            planted: [true; 2],
        };
        for (i, foot) in feet.iter().enumerate() {
            match foot.swing {
                None => {
                    state.ankles[i] = foot.ankle;
                    state.yaws[i] = foot.yaw;
                }
                Some(sw) => {
                    let phase = ((t - sw.start_s) / sw.duration_s).clamp(0.0, 1.0);
                    let m = min_jerk(phase);
                    let mut p = sw.from + (sw.aim - sw.from) * m;
                    let span = DVec3::new(sw.aim.x - sw.from.x, 0.0, sw.aim.z - sw.from.z).length();
                    let lift = (s.lift_m * (0.4 + span / 0.3)).min(s.lift_m * 1.5);
                    p.y = homes[i].y
                        + (sw.from.y - homes[i].y) * (1.0 - m)
                        + lift * (PI * phase).sin().powi(2);
                    state.ankles[i] = p;
                    state.yaws[i] = sw.from_yaw + wrap_angle(yaw - sw.from_yaw) * m;
                    state.planted[i] = false;
                }
            }
        }
        state
    }

    /// The heading rotation of a foot.
    pub fn foot_rotation(yaw: f64) -> posewire_body::glam::DQuat {
        yaw_rotation(yaw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feet_stay_planted_while_the_body_stands_still() {
        let mut p = FootPlanner::new(SteppingSettings::default());
        let homes = [DVec3::new(0.1, 0.07, 0.0), DVec3::new(-0.1, 0.07, 0.0)];
        for k in 0..200 {
            let st = p.update(k as f64 / 90.0, homes, DVec3::ZERO, 0.0, None);
            assert_eq!(st.ankles, homes);
            assert_eq!(st.planted, [true, true]);
        }
    }

    #[test]
    fn a_walking_body_steps_and_keeps_its_feet_near_it() {
        let mut p = FootPlanner::new(SteppingSettings::default());
        let v = DVec3::new(0.0, 0.0, 1.2);
        let mut steps = 0;
        let mut was = [true, true];
        for k in 0..450 {
            let t = k as f64 / 90.0;
            let z = v.z * t;
            let homes = [DVec3::new(0.1, 0.07, z), DVec3::new(-0.1, 0.07, z)];
            let st = p.update(t, homes, v, 0.0, None);
            for (i, was_planted) in was.iter_mut().enumerate() {
                if *was_planted && !st.planted[i] {
                    steps += 1;
                }
                *was_planted = st.planted[i];
                assert!(
                    (st.ankles[i].z - z).abs() < 0.6,
                    "foot {i} left behind at {t}"
                );
                assert!(st.ankles[i].y >= 0.07 - 1e-9);
            }
        }
        assert!(steps >= 6, "only {steps} steps in 5 s of walking");
    }

    #[test]
    fn a_foot_in_the_air_never_jumps_when_the_arm_swing_cue_comes_and_goes() {
        // Walking at 1 m/s while the arms swing only now and then (the
        // demo person speeds up, slows down and turns): the landing target
        // jumps each time the cue appears or vanishes.
        let mut p = FootPlanner::new(SteppingSettings::default());
        let v = DVec3::new(0.0, 0.0, 1.0);
        let mut last: Option<[DVec3; 2]> = None;
        let mut last_move = [DVec3::ZERO; 2];
        let mut worst: f64 = 0.0;
        let mut steps = 0;
        let mut was = [true, true];
        for k in 0..720 {
            let t = k as f64 / 90.0;
            let z = v.z * t;
            let homes = [DVec3::new(0.1, 0.07, z), DVec3::new(-0.1, 0.07, z)];
            let cue = (t % 0.7 < 0.35).then(|| cue_at(t, 0.5));
            let st = p.update(t, homes, v, 0.0, cue);
            if let Some(l) = last {
                for i in 0..2 {
                    // A jump is a change of a frame's move from the one
                    // before (smooth swings start and land at rest).
                    let step = st.ankles[i] - l[i];
                    worst = worst.max((step - last_move[i]).length());
                    last_move[i] = step;
                    if was[i] && !st.planted[i] {
                        steps += 1;
                    }
                    was[i] = st.planted[i];
                }
            }
            last = Some(st.ankles);
        }
        assert!(steps >= 8, "only {steps} steps in 8 s of walking");
        // A foot's aim may change by the body's speed plus `REAIM_M_S`
        // (2.2 cm a frame here), twice that when the target turns back;
        // following the target's jump changed a move by 19 cm.
        assert!(
            worst < 0.04,
            "an ankle's move changed by {worst} m from one frame to the next"
        );
    }

    /// A cue whose swing changes direction every `half` seconds, left foot first.
    fn cue_at(t: f64, half: f64) -> GaitCue {
        let k = (t / half).floor();
        GaitCue {
            swinging_foot: (k as usize) % 2,
            since_s: k * half,
            half_period_s: half,
        }
    }

    #[test]
    fn the_arm_swing_decides_which_foot_steps_and_when() {
        let mut p = FootPlanner::new(SteppingSettings::default());
        let v = DVec3::new(0.0, 0.0, 1.0);
        let half = 0.5;
        let mut lifts = Vec::new();
        let mut was = [true, true];
        for k in 0..360 {
            let t = k as f64 / 90.0;
            let z = v.z * t;
            let homes = [DVec3::new(0.1, 0.07, z), DVec3::new(-0.1, 0.07, z)];
            let st = p.update(t, homes, v, 0.0, Some(cue_at(t, half)));
            for (i, was_planted) in was.iter_mut().enumerate() {
                if *was_planted && !st.planted[i] {
                    lifts.push((t, i));
                }
                *was_planted = st.planted[i];
                assert!(
                    st.ankles[i].z - z < 0.3 + 1e-9,
                    "foot {i} landed too far ahead at {t}"
                );
            }
        }
        assert!(lifts.len() >= 6, "only {} steps: {lifts:?}", lifts.len());
        for (t, i) in lifts.iter().skip(1) {
            let cue = cue_at(*t, half);
            assert_eq!(
                *i, cue.swinging_foot,
                "foot {i} stepped at {t} against the cue"
            );
            assert!(*t - cue.since_s < 0.05, "step at {t} late after the cue");
        }
    }

    #[test]
    fn a_cue_does_not_make_a_standing_body_step() {
        let mut p = FootPlanner::new(SteppingSettings::default());
        let homes = [DVec3::new(0.1, 0.07, 0.0), DVec3::new(-0.1, 0.07, 0.0)];
        for k in 0..200 {
            let t = k as f64 / 90.0;
            let st = p.update(t, homes, DVec3::ZERO, 0.0, Some(cue_at(t, 0.5)));
            assert_eq!(st.planted, [true, true]);
        }
    }
}
