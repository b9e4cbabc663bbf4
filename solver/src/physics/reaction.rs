//! How the simulated body reacts to the world (issue 23): its state
//! (tracking, staggering, fallen, getting up), the assist level the state
//! gives the pelvis and end-effector springs, and the settings of the
//! transitions. The anchors: RootMotion's PuppetMaster (pin weight, muscle
//! weight, knock-out distance, get-up, regain-pin speed) and the
//! physics-avatar design's camera unlink.

use posewire_body::glam::DVec3;
use posewire_body::{BodyPose, Joint};
use serde::{Deserialize, Serialize};

/// The simulated body's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BodyState {
    /// Following the person, with the full assist.
    #[default]
    Tracking,
    /// Pushed or hit: the assist is lowered, balance and recovery steps
    /// catch the body, the arms keep tracking.
    Staggering,
    /// Beyond recovery: no assist, soft joints, falling under physics.
    Fallen,
    /// At rest after a fall: the body gets up where it lies (hands and
    /// knees, kneeling, standing) while the assist ramps back, then walks
    /// back under the person (`super::get_up`).
    GettingUp,
}

impl BodyState {
    /// The state's name in the user's words (logs, tables, the eval JSON).
    pub fn name(self) -> &'static str {
        match self {
            BodyState::Tracking => "tracking",
            BodyState::Staggering => "staggering",
            BodyState::Fallen => "fallen",
            BodyState::GettingUp => "getting_up",
        }
    }
}

/// What one frame says of the body's reaction.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Reaction {
    /// The state.
    pub state: BodyState,
    /// The assist level, 0..1.
    pub assist: f64,
    /// Simulated pelvis to the person's pelvis, horizontally, metres.
    pub deviation_m: f64,
    /// Seconds since the body entered `state`.
    pub state_time_s: f64,
    /// Recovery steps since the start.
    pub recovery_steps: u32,
}

/// Counts of state changes and impulses since the start (GetStats, the
/// eval JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ReactionCounts {
    /// Times the body began to stagger.
    pub staggers: u64,
    /// Times it fell.
    pub falls: u64,
    /// Times it got up.
    pub get_ups: u64,
    /// External impulses taken.
    pub impulses: u64,
    /// Recovery steps.
    pub recovery_steps: u64,
}

/// The thresholds and gains of the body's reactions. Chosen on standing
/// pushes and the training clips (docs/RESULTS.md, "Physics avatar reactions").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ReactionSettings {
    /// Whether the body reacts at all (off: always tracking, full assist).
    pub enabled: bool,
    /// An external impulse at least this large starts a stagger, N s.
    pub stagger_impulse_n_s: f64,
    /// A contact with something that moves (an object, a tool, another
    /// body) that gives the body at least this impulse in one step is a
    /// hit, counted once in the impulses, N s (0: contacts are not
    /// counted). A 20 kg box resting on the head gives 2.2 N s a step at
    /// 90 Hz; a 4 kg ball at 8 m/s about 30 (docs/notes/reactions-from-contacts.md).
    pub contact_hit_n_s: f64,
    /// The simulated pelvis this far (horizontally) from the person's
    /// starts a stagger, whatever caused it, metres.
    pub stagger_deviation_m: f64,
    /// ... plus the gap a tracking body leaves behind a moving person: this
    /// many seconds of the person's speed (a body that dives or sprints
    /// with the person trails it by its tracking lag, which is no
    /// disturbance).
    pub stagger_lag_s: f64,
    /// ... or this far while the body touches another avatar or a moving
    /// object (a hit), metres.
    pub hit_deviation_m: f64,
    /// The person's pelvis faster than this jumped (a device re-found, a
    /// reference that snapped), m/s: no body moves so, and the gap it
    /// leaves for a moment is no disturbance.
    pub jump_speed_m_s: f64,
    /// For this long after such a jump the gap starts no stagger, seconds.
    pub jump_grace_s: f64,
    /// The capture point this far from the middle of the feet means no
    /// step can catch the body: it falls, metres.
    pub fall_capture_m: f64,
    /// ... while the pelvis is at least this far from the person's (a body
    /// that tracks the person goes where the person goes), metres.
    pub fall_capture_deviation_m: f64,
    /// The simulated pelvis this far from the person's: it falls, metres.
    pub fall_deviation_m: f64,
    /// The pelvis below this share of its standing height: it falls.
    pub fall_height_share: f64,
    /// The assist while staggering: the root spring along the floor.
    pub stagger_horizontal: f64,
    /// ... its vertical support and upright torque.
    pub stagger_support: f64,
    /// ... the head and hand springs.
    pub stagger_ends: f64,
    /// ... the joint motors (a struck body gives at its joints).
    pub stagger_muscles: f64,
    /// The pull back toward the person while staggering acts over at most
    /// this distance, metres (bounds its force).
    pub stagger_pull_m: f64,
    /// A stagger lasts at least this long, seconds.
    pub min_stagger_s: f64,
    /// ... and at most this long (a body held back by another is then
    /// brought back to the person by the returning assist), seconds.
    pub max_stagger_s: f64,
    /// Below this speed (the centre of mass against the person's pelvis)
    /// the body counts as calm, m/s.
    pub calm_speed_m_s: f64,
    /// How fast the assist comes back after a stagger, share per second.
    pub regain_per_s: f64,
    /// The muscles' share while fallen (soft joints, no explosion).
    pub fallen_muscles: f64,
    /// A fall lasts at least this long before getting up, seconds.
    pub min_fallen_s: f64,
    /// The body rests when its centre of mass is slower than this, m/s
    /// (its own speed: judged against a person who walks on, a body on the
    /// floor never rested while they walked, and lay 9.5 s).
    pub rest_speed_m_s: f64,
    /// ... for this long, seconds.
    pub rest_s: f64,
    /// Getting up: its key poses' timing and the walk back
    /// (`super::get_up`).
    pub get_up: super::get_up::GetUpSettings,
}

impl Default for ReactionSettings {
    fn default() -> Self {
        ReactionSettings {
            enabled: true,
            stagger_impulse_n_s: 15.0,
            contact_hit_n_s: 5.0,
            stagger_deviation_m: 0.4,
            stagger_lag_s: 0.1,
            hit_deviation_m: 0.06,
            jump_speed_m_s: 6.0,
            jump_grace_s: 0.5,
            fall_capture_m: 0.8,
            fall_capture_deviation_m: 0.25,
            fall_deviation_m: 1.5,
            fall_height_share: 0.6,
            stagger_horizontal: 0.05,
            stagger_support: 0.6,
            stagger_ends: 0.0,
            stagger_muscles: 0.5,
            stagger_pull_m: 0.05,
            min_stagger_s: 1.0,
            max_stagger_s: 2.5,
            calm_speed_m_s: 0.15,
            regain_per_s: 0.7,
            fallen_muscles: 0.15,
            min_fallen_s: 1.5,
            rest_speed_m_s: 0.2,
            rest_s: 0.5,
            get_up: super::get_up::GetUpSettings::default(),
        }
    }
}

/// What the state machine reads of one tick.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ReactionInput {
    /// The tick's time, seconds.
    pub t: f64,
    /// The largest external impulse taken since the tick before, N s.
    pub impulse_n_s: f64,
    /// Simulated pelvis to the person's, horizontally, metres.
    pub deviation_m: f64,
    /// The capture point to the middle of the simulated feet,
    /// horizontally, metres.
    pub capture_m: f64,
    /// The centre of mass's speed against the person's pelvis, m/s.
    pub speed_m_s: f64,
    /// The centre of mass's own speed, m/s: a fallen body rests when this
    /// is low, wherever the person walks meanwhile.
    pub body_speed_m_s: f64,
    /// The simulated pelvis's height over the person's.
    pub height_share: f64,
    /// Whether the body touches another avatar or a moving object.
    pub touching_other: bool,
    /// The person's pelvis's speed, m/s.
    pub person_speed_m_s: f64,
}

/// The body's state over time: the transitions of issue 23.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReactionState {
    state: BodyState,
    since_s: f64,
    /// The assist level (the share of the full assist while tracking).
    level: f64,
    /// Since when the body has rested (fallen), seconds.
    resting_since: Option<f64>,
    counts: ReactionCounts,
    started: bool,
    /// When the person's reference last jumped, seconds.
    jumped_at: Option<f64>,
}

impl Default for ReactionState {
    fn default() -> Self {
        ReactionState {
            state: BodyState::Tracking,
            since_s: 0.0,
            level: 1.0,
            resting_since: None,
            counts: ReactionCounts::default(),
            started: false,
            jumped_at: None,
        }
    }
}

impl ReactionState {
    /// The state now.
    pub fn state(&self) -> BodyState {
        self.state
    }

    /// Seconds since the state began, at time `t`.
    pub fn state_time(&self, t: f64) -> f64 {
        (t - self.since_s).max(0.0)
    }

    /// How far rising from the floor has come, 0..1 (1 outside getting
    /// up, and while walking back after it).
    pub fn get_up_progress(&self, t: f64, s: &ReactionSettings) -> f64 {
        match self.state {
            BodyState::GettingUp => (self.state_time(t) / s.get_up.rise_s()).clamp(0.0, 1.0),
            _ => 1.0,
        }
    }

    /// The assist level, 0..1: 1 while tracking, lowered while staggering,
    /// 0 fallen, ramping while getting up.
    pub fn level(&self) -> f64 {
        self.level
    }

    /// State changes and impulses since the start.
    pub fn counts(&self) -> ReactionCounts {
        self.counts
    }

    /// Counts one external impulse.
    pub fn count_impulse(&mut self) {
        self.counts.impulses += 1;
    }

    /// Counts one recovery step.
    pub fn count_step(&mut self) {
        self.counts.recovery_steps += 1;
    }

    fn enter(&mut self, state: BodyState, t: f64) {
        match state {
            BodyState::Staggering => self.counts.staggers += 1,
            BodyState::Fallen => self.counts.falls += 1,
            BodyState::GettingUp => self.counts.get_ups += 1,
            BodyState::Tracking => {}
        }
        self.state = state;
        self.since_s = t;
        self.resting_since = None;
    }

    /// Advances by one tick of `dt` seconds; says whether the state changed.
    pub fn update(&mut self, input: &ReactionInput, dt: f64, s: &ReactionSettings) -> bool {
        if !self.started {
            self.started = true;
            self.level = 1.0;
            self.since_s = input.t;
        }
        if !s.enabled {
            self.level = 1.0;
            return false;
        }
        let before = self.state;
        let t = input.t;
        let falling = (input.capture_m > s.fall_capture_m
            && input.deviation_m > s.fall_capture_deviation_m)
            || input.deviation_m > s.fall_deviation_m
            || input.height_share < s.fall_height_share;
        if input.person_speed_m_s > s.jump_speed_m_s {
            self.jumped_at = Some(t);
        }
        let settled = self.jumped_at.is_none_or(|j| t - j > s.jump_grace_s);
        let hit = input.impulse_n_s >= s.stagger_impulse_n_s
            || (settled
                && input.deviation_m
                    > s.stagger_deviation_m + s.stagger_lag_s * input.person_speed_m_s)
            || (input.touching_other && input.deviation_m > s.hit_deviation_m);
        match self.state {
            // Only a body already struck falls: one that tracks goes where
            // the person goes, however fast.
            BodyState::Staggering if falling => self.enter(BodyState::Fallen, t),
            BodyState::Tracking if hit => self.enter(BodyState::Staggering, t),
            BodyState::Staggering if input.impulse_n_s >= s.stagger_impulse_n_s => {
                // A new push restarts the stagger's clock.
                self.since_s = t;
            }
            BodyState::Staggering
                if (self.state_time(t) >= s.min_stagger_s
                    && input.speed_m_s < s.calm_speed_m_s)
                    || self.state_time(t) >= s.max_stagger_s =>
            {
                self.enter(BodyState::Tracking, t)
            }
            BodyState::Fallen => {
                let rest = input.body_speed_m_s < s.rest_speed_m_s;
                self.resting_since = match (rest, self.resting_since) {
                    (true, None) => Some(t),
                    (true, since) => since,
                    (false, _) => None,
                };
                let rested = self.resting_since.is_some_and(|r| t - r >= s.rest_s);
                if rested && self.state_time(t) >= s.min_fallen_s {
                    self.enter(BodyState::GettingUp, t);
                }
            }
            // Risen, and back under the person (walked back to them, or
            // given up on one out of reach).
            BodyState::GettingUp
                if self.get_up_progress(t, s) >= 1.0
                    && (input.deviation_m <= s.get_up.back_m
                        || self.state_time(t) >= s.get_up.rise_s() + s.get_up.max_walk_s) =>
            {
                self.enter(BodyState::Tracking, t)
            }
            _ => {}
        }
        self.level = match self.state {
            BodyState::Tracking => (self.level + s.regain_per_s * dt).min(1.0),
            BodyState::Staggering => 0.0,
            BodyState::Fallen => 0.0,
            BodyState::GettingUp => self.get_up_progress(t, s),
        };
        self.state != before
    }

    /// The assist the state gives the body.
    pub fn assist(&self, s: &ReactionSettings) -> super::sim_avatar::Assist {
        use super::sim_avatar::Assist;
        let l = self.level;
        let mix = |low: f64| low + (1.0 - low) * l;
        match self.state {
            BodyState::Tracking | BodyState::Staggering => Assist {
                horizontal: mix(s.stagger_horizontal),
                support: mix(s.stagger_support),
                ends: mix(s.stagger_ends),
                feet: 1.0,
                muscles: mix(s.stagger_muscles),
            },
            BodyState::Fallen => Assist {
                horizontal: 0.0,
                support: 0.0,
                ends: 0.0,
                feet: 0.0,
                muscles: s.fallen_muscles,
            },
            BodyState::GettingUp => Assist {
                horizontal: l,
                support: l,
                ends: l,
                feet: l,
                muscles: mix(s.fallen_muscles),
            },
        }
    }

    /// The share of the full assist the frame reports (the mean of the
    /// outside help's shares).
    pub fn reported_level(&self, s: &ReactionSettings) -> f64 {
        let a = self.assist(s);
        (a.horizontal + a.support + a.ends + a.feet) / 4.0
    }
}

/// What the state machine reads of the simulated body against the
/// person's pose (`person`, and `before` a tick `dt` earlier), before the
/// world steps.
pub fn read_body(
    avatar: &super::sim_avatar::SimAvatar,
    world: &super::world::RapierWorld,
    person: &BodyPose,
    before: Option<&BodyPose>,
    dt: f64,
) -> ReactionInput {
    let flat = |d: DVec3| DVec3::new(d.x, 0.0, d.z);
    let (Some(pelvis), Some(left), Some(right)) = (
        avatar.bone(world, Joint::Pelvis),
        avatar.bone(world, Joint::LeftAnkle),
        avatar.bone(world, Joint::RightAnkle),
    ) else {
        return ReactionInput::default();
    };
    let (c, v, _) = avatar.centre_of_mass(world);
    let person_v = before.map_or(DVec3::ZERO, |b| (person.root - b.root) / dt.max(1e-4));
    let relative = flat(v - person_v);
    let h = c.y.max(0.3);
    let omega = (9.81 / h).sqrt();
    let middle = 0.5 * (left.position + right.position);
    // The capture point both of the body's own motion and of its motion
    // against the person's: a body falls when neither a step nor the
    // person's own walk catches it (a walker's capture point runs ahead of
    // the feet; a body held back by another stands still).
    let own = flat(c - middle) + flat(v) / omega;
    let against = flat(c - middle) + relative / omega;
    let capture = if own.length() < against.length() {
        own
    } else {
        against
    };
    let height = person.root.y.max(0.05);
    let finite = |x: f64| if x.is_finite() { x } else { f64::INFINITY };
    ReactionInput {
        t: 0.0,
        impulse_n_s: 0.0,
        deviation_m: finite(flat(pelvis.position - person.root).length()),
        capture_m: finite(capture.length()),
        speed_m_s: finite(relative.length()),
        body_speed_m_s: finite(v.length()),
        height_share: if pelvis.position.y.is_finite() {
            pelvis.position.y / height
        } else {
            0.0
        },
        touching_other: false,
        person_speed_m_s: finite(flat(person_v).length()),
    }
}
