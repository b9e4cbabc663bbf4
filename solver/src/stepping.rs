//! Planted feet for a body whose feet are not tracked: each foot stays
//! where it was put until the body moves away from it, then steps (one foot
//! at a time, on a smooth minimum-jerk arc) to where the body will be.

use std::f64::consts::PI;

use posewire_body::glam::DVec3;
use posewire_body::transform::yaw_rotation;

/// Stepping settings.
#[derive(Debug, Clone, Copy, PartialEq)]
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
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Swing {
    from: DVec3,
    from_yaw: f64,
    start_s: f64,
    duration_s: f64,
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
}

fn wrap_angle(a: f64) -> f64 {
    (a + PI).rem_euclid(2.0 * PI) - PI
}

fn min_jerk(s: f64) -> f64 {
    let s = s.clamp(0.0, 1.0);
    s * s * s * (10.0 - 15.0 * s + 6.0 * s * s)
}

impl FootPlanner {
    /// A planner that plants the feet on the first frame.
    pub fn new(settings: SteppingSettings) -> FootPlanner {
        FootPlanner {
            settings,
            feet: None,
            last_mover: 1,
        }
    }

    /// Advances to time `t`. `homes` are where each ankle belongs now
    /// (under its hip, on the floor at ankle height), `velocity` the body's
    /// horizontal velocity, `yaw` its heading.
    pub fn update(&mut self, t: f64, homes: [DVec3; 2], velocity: DVec3, yaw: f64) -> FeetState {
        let s = self.settings;
        let flat_velocity = DVec3::new(velocity.x, 0.0, velocity.z);
        let speed = flat_velocity.length();
        let feet = self.feet.get_or_insert_with(|| {
            homes.map(|h| Foot {
                ankle: h,
                yaw,
                swing: None,
            })
        });
        let targets = homes.map(|h| h + flat_velocity * s.lookahead_s);
        // Land finished steps.
        for (i, foot) in feet.iter_mut().enumerate() {
            if let Some(sw) = foot.swing {
                if t >= sw.start_s + sw.duration_s {
                    foot.ankle = targets[i];
                    foot.ankle.y = homes[i].y;
                    foot.yaw = yaw;
                    foot.swing = None;
                }
            }
        }
        // Start a step when no foot is in the air and one is out of place.
        if feet.iter().all(|f| f.swing.is_none()) {
            let need = |i: usize, f: &Foot| {
                let d = targets[i] - f.ankle;
                let dist = DVec3::new(d.x, 0.0, d.z).length();
                let turn = wrap_angle(yaw - f.yaw).abs();
                (dist / s.step_distance_m).max(turn / s.step_turn_rad)
            };
            let needs = [need(0, &feet[0]), need(1, &feet[1])];
            let moving = speed > 0.25;
            let pick = if needs[0] >= needs[1] { 0 } else { 1 };
            // While walking, alternate feet so that gait looks like gait.
            let pick = if moving && needs[1 - self.last_mover] >= 0.6 {
                1 - self.last_mover
            } else {
                pick
            };
            if needs[pick] >= 1.0 || (moving && needs[pick] >= 0.6) {
                let duration = (s.step_duration_s - 0.1 * speed).max(s.min_step_duration_s);
                let foot = &mut feet[pick];
                foot.swing = Some(Swing {
                    from: foot.ankle,
                    from_yaw: foot.yaw,
                    start_s: t,
                    duration_s: duration,
                });
                self.last_mover = pick;
            }
        }
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
                    let mut p = sw.from + (targets[i] - sw.from) * m;
                    let span = DVec3::new(targets[i].x - sw.from.x, 0.0, targets[i].z - sw.from.z)
                        .length();
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
            let st = p.update(k as f64 / 90.0, homes, DVec3::ZERO, 0.0);
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
            let st = p.update(t, homes, v, 0.0);
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
}
