//! Push trials: a person's devices (a standing person's, held still, or a
//! recorded take's) drive the physics avatar while an impulse strikes one
//! segment at a chosen moment; what the body did is traced per tick. What
//! the reaction tests and the reaction table (`push_reactions`) measure.

use posewire_body::formats::TrackerSample;
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, BodyProfile, Device, Joint, Skeleton};

use super::controller::{AvatarController, PhysicsSettings};
use super::reaction::BodyState;
use super::scene::Scene;
use super::world::WorldSettings;
use crate::learned::LearnedModels;
use crate::solve::take_ticks;
use crate::tick::{AvatarSolver, OfflineAvatar, SharedSpace};
use crate::{SolverKind, SolverSettings};

/// One push on the body.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Push {
    /// Which segment is struck.
    pub joint: Joint,
    /// The impulse, N s, world axes.
    pub impulse: DVec3,
    /// When, seconds from the take's first sample.
    pub at_s: f64,
}

/// One tick of a trial.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrialTick {
    /// Seconds from the take's first sample.
    pub t: f64,
    /// The body's state.
    pub state: BodyState,
    /// The assist level.
    pub assist: f64,
    /// Simulated head to the person's head (the headset's), metres.
    pub head_gap_m: f64,
    /// The simulated pelvis's height, metres.
    pub pelvis_y: f64,
    /// The reference's (the person's solved) pelvis height, metres.
    pub reference_pelvis_y: f64,
    /// The camera link (1 linked, 0 unlinked).
    pub link: f64,
    /// Recovery steps so far.
    pub steps: u32,
    /// The simulated ankles (left, right), world.
    pub ankles: [DVec3; 2],
    /// Whether each foot (left, right) touches the floor.
    pub contacts: [bool; 2],
    /// The reference's ankles (left, right), world: what the body tracked.
    pub reference_ankles: [DVec3; 2],
    /// The size of the assist's root force (what pushes the body from
    /// outside), newtons.
    pub assist_root_n: f64,
    /// The size of the assist's root moment, newton metres.
    pub assist_root_n_m: f64,
    /// The share of the body's weight the feet carry: one less what the
    /// assist lifts (its root force's upward part) over the weight.
    pub support_share: f64,
    /// Whether the balance array acted (any torque non-zero).
    pub balance_on: bool,
    /// Whether the locomotion array acted.
    pub locomotion_on: bool,
    /// The simulated pelvis (root) to the reference's, metres.
    pub pelvis_gap_m: f64,
    /// The larger of the simulated ankles' distances to the reference's,
    /// metres.
    pub ankle_gap_m: f64,
}

/// A standing person's devices (headset and hands; `feet`: foot trackers
/// too), held still for `seconds` at 90 samples a second, arms hanging
/// 30 degrees from the body.
pub fn standing_samples(profile: &BodyProfile, seconds: f64, feet: bool) -> Vec<TrackerSample> {
    let skeleton = Skeleton::from_profile(profile);
    let mut pose = BodyPose::rest(&skeleton);
    for (side, joints) in [
        (
            1.0,
            [Joint::LeftShoulder, Joint::LeftElbow, Joint::LeftWrist],
        ),
        (
            -1.0,
            [Joint::RightShoulder, Joint::RightElbow, Joint::RightWrist],
        ),
    ] {
        let q = DQuat::from_rotation_z(-side * 1.05);
        for j in joints {
            pose.rotations[j] = q;
        }
    }
    let bones = pose.transforms(&skeleton);
    let mut devices = vec![
        (Device::Head, Joint::Head),
        (Device::LeftHand, Joint::LeftWrist),
        (Device::RightHand, Joint::RightWrist),
    ];
    if feet {
        devices.push((Device::LeftFoot, Joint::LeftAnkle));
        devices.push((Device::RightFoot, Joint::RightAnkle));
    }
    let count = (seconds * 90.0).max(0.0) as usize;
    (0..count)
        .flat_map(|k| {
            let bones = &bones;
            devices.iter().map(move |(device, joint)| TrackerSample {
                time_s: k as f64 / 90.0,
                device: *device,
                pose: Some(bones[*joint]),
                input: None,
            })
        })
        .collect()
}

/// One physics avatar (or several) in a shared space of their own: the
/// daemon's tick ([`crate::tick::SharedSpace`]).
fn space_of(settings: PhysicsSettings, world: WorldSettings) -> SharedSpace {
    let solver = SolverSettings {
        kind: SolverKind::Physics,
        physics: settings,
        world,
        ..SolverSettings::default()
    };
    SharedSpace::new(&solver, &Scene::default(), 90.0)
}

fn avatar_of(
    profile: &BodyProfile,
    settings: PhysicsSettings,
    models: &LearnedModels,
) -> OfflineAvatar {
    OfflineAvatar::new(AvatarSolver::Physics(Box::new(
        AvatarController::with_models(profile, settings, models),
    )))
}

/// Runs the physics avatar over `samples` (in time order) at 90 Hz with
/// `pushes`, through the daemon's tick, and traces every tick.
pub fn run_trial(
    profile: &BodyProfile,
    settings: PhysicsSettings,
    samples: &[TrackerSample],
    pushes: &[Push],
) -> Vec<TrialTick> {
    run_trial_in(WorldSettings::default(), profile, settings, samples, pushes)
}

/// [`run_trial`] in a world stepped as `world` says (`[solver.world]` of a
/// settings file), so the development aids honour it as the daemon does.
pub fn run_trial_in(
    world: WorldSettings,
    profile: &BodyProfile,
    settings: PhysicsSettings,
    samples: &[TrackerSample],
    pushes: &[Push],
) -> Vec<TrialTick> {
    let models = LearnedModels::embedded();
    run_trial_with(world, profile, settings, &models, samples, pushes)
}

/// [`run_trial_in`] with the reference running `models` instead of the
/// embedded networks (the aids' `--weights`).
pub fn run_trial_with(
    world: WorldSettings,
    profile: &BodyProfile,
    settings: PhysicsSettings,
    models: &LearnedModels,
    samples: &[TrackerSample],
    pushes: &[Push],
) -> Vec<TrialTick> {
    let mut space = space_of(settings, world);
    let mut avatar = [avatar_of(profile, settings, models)];
    let skeleton = Skeleton::from_profile(profile);
    let start = samples.first().map_or(0.0, |s| s.time_s);
    let mut pending: Vec<Push> = pushes.to_vec();
    pending.sort_by(|a, b| a.at_s.total_cmp(&b.at_s));
    let mut pending = pending.into_iter().peekable();
    let mut out = Vec::new();
    for (t, due) in take_ticks(samples, 90.0) {
        avatar[0].samples = due.to_vec();
        avatar[0].pushes.clear();
        let ready = avatar[0].solver.ready()
            || due
                .iter()
                .any(|s| s.device == Device::Head && s.pose.is_some());
        while let Some(p) = ready
            .then(|| pending.next_if(|p| p.at_s <= t - start + 1e-9))
            .flatten()
        {
            avatar[0].pushes.push(crate::tick::Push {
                joint: p.joint,
                impulse: p.impulse,
            });
        }
        let Some(Some(solved)) = space.tick(&mut avatar, t).pop() else {
            continue;
        };
        let contacts = solved.contacts;
        let Some(frame) = solved.physics else {
            continue;
        };
        let acts =
            |a: &super::force_array::ForceArray| a.torques.0.iter().any(|t| *t != DVec3::ZERO);
        let sim = frame.pose.positions(&skeleton);
        let person = frame.reference.positions(&skeleton);
        out.push(TrialTick {
            t: t - start,
            state: frame.reaction.state,
            assist: frame.reaction.assist,
            head_gap_m: (sim[Joint::Head] - person[Joint::Head]).length(),
            pelvis_y: frame.pose.root.y,
            reference_pelvis_y: frame.reference.root.y,
            link: frame.camera.link,
            steps: frame.reaction.recovery_steps,
            ankles: [sim[Joint::LeftAnkle], sim[Joint::RightAnkle]],
            contacts,
            reference_ankles: [person[Joint::LeftAnkle], person[Joint::RightAnkle]],
            assist_root_n: frame.arrays.assist.root_force.length(),
            assist_root_n_m: frame.arrays.assist.root_torque.length(),
            support_share: 1.0 - frame.arrays.assist.root_force.y / (profile_weight(profile)),
            balance_on: acts(&frame.arrays.balance),
            locomotion_on: acts(&frame.arrays.locomotion),
            pelvis_gap_m: (frame.pose.root - frame.reference.root).length(),
            ankle_gap_m: (sim[Joint::LeftAnkle] - person[Joint::LeftAnkle])
                .length()
                .max((sim[Joint::RightAnkle] - person[Joint::RightAnkle]).length()),
        });
    }
    out
}

/// The body's weight, N (its mass as the simulation takes it).
fn profile_weight(profile: &BodyProfile) -> f64 {
    let m = profile.body.mass;
    let m = if m.is_finite() && m > 1.0 { m } else { 70.0 };
    m * 9.81
}

/// What a trial shows, after a push at `push_s`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TrialSummary {
    /// The head's largest gap from the headset, metres.
    pub max_head_gap_m: f64,
    /// The pelvis's lowest height, metres.
    pub min_pelvis_y: f64,
    /// Seconds after the push until the pelvis was below 0.5 m.
    pub down_after_s: Option<f64>,
    /// Seconds after the push until the camera was unlinked (link < 0.5).
    pub unlinked_after_s: Option<f64>,
    /// Seconds after the push from which the head stayed within 3 cm of
    /// the headset (to the end of the trial).
    pub back_after_s: Option<f64>,
    /// Seconds after the push from which the body stood (pelvis above
    /// 0.8 m), linked (link above 0.5) and with its head within 5 cm of
    /// the headset, to the end of the trial.
    pub standing_after_s: Option<f64>,
    /// Recovery steps the push caused.
    pub steps: u32,
    /// Foot landings at least [`STEP_M`] from where the foot lifted, counted
    /// from the simulated ankles (a step seen, whoever planned it).
    pub steps_seen: u32,
    /// Of [`TrialSummary::steps_seen`], those that landed while the body
    /// was still up (pelvis above 0.7 m, not yet fallen).
    pub steps_while_up: u32,
    /// The farthest a foot slid along the floor while it stood (from where
    /// it came down until it lifted again), metres.
    pub max_stance_slide_m: f64,
    /// The farthest a foot moved along the floor while it touched it
    /// (contact lost for at most [`CONTACT_GAP_S`] counts as held), from
    /// where the contact began, metres: a slide under friction, where
    /// [`TrialSummary::max_stance_slide_m`] also counts a shuffle whose
    /// ankle lifts less than 3 cm.
    pub max_contact_slide_m: f64,
    /// States the body went through, in order (the first is the state at
    /// the push).
    pub states: [Option<BodyState>; 8],
}

/// Below this pelvis height a body is down, whatever its reaction state
/// says (the bars' "no fall: pelvis above 0.7 m"), metres.
pub const FALLEN_PELVIS_M: f64 = 0.7;

/// The pelvis's height below which a body is down (`down_after_s`),
/// metres.
pub const DOWN_PELVIS_M: f64 = 0.5;

impl TrialSummary {
    /// Whether the body fell: it went through the fallen state, or its
    /// pelvis went below [`FALLEN_PELVIS_M`] (a body whose reactions are
    /// off, or whose controller never calls it fallen, lies as low).
    pub fn fell(&self) -> bool {
        self.states.contains(&Some(BodyState::Fallen)) || self.min_pelvis_y < FALLEN_PELVIS_M
    }
}

/// Summarises a trial's ticks after a push at `push_s`.
pub fn summarise(ticks: &[TrialTick], push_s: f64) -> TrialSummary {
    let after: Vec<&TrialTick> = ticks.iter().filter(|k| k.t >= push_s - 1e-9).collect();
    let mut s = TrialSummary {
        min_pelvis_y: f64::INFINITY,
        ..Default::default()
    };
    let steps_before = after.first().map_or(0, |k| k.steps);
    let mut n_states: usize = 0;
    for k in &after {
        s.max_head_gap_m = s.max_head_gap_m.max(k.head_gap_m);
        s.min_pelvis_y = s.min_pelvis_y.min(k.pelvis_y);
        if s.down_after_s.is_none() && k.pelvis_y < DOWN_PELVIS_M {
            s.down_after_s = Some(k.t - push_s);
        }
        if s.unlinked_after_s.is_none() && k.link < 0.5 {
            s.unlinked_after_s = Some(k.t - push_s);
        }
        s.steps = k.steps - steps_before;
        let last = n_states.checked_sub(1).and_then(|i| s.states[i]);
        if last != Some(k.state) && n_states < s.states.len() {
            s.states[n_states] = Some(k.state);
            n_states += 1;
        }
    }
    s.back_after_s = settled_from(&after, push_s, |k| k.head_gap_m <= 0.03);
    s.standing_after_s = settled_from(&after, push_s, |k| {
        k.pelvis_y > 0.8 && k.link > 0.5 && k.head_gap_m <= 0.05
    });
    s.steps_seen = steps_seen(&after);
    let up_to = after
        .iter()
        .position(|k| k.pelvis_y < FALLEN_PELVIS_M || k.state == BodyState::Fallen)
        .unwrap_or(after.len());
    s.steps_while_up = steps_seen_until(&after, up_to);
    s.max_stance_slide_m = stance_slide(&after);
    s.max_contact_slide_m = contact_slide(&after);
    s
}

/// A foot's contact lost for at most this long still counts as the same
/// contact (a loaded foot's contacts flicker as it rocks), s.
pub const CONTACT_GAP_S: f64 = 0.06;

/// The farthest a foot moved along the floor during one contact, metres.
fn contact_slide(ticks: &[&TrialTick]) -> f64 {
    let mut most: f64 = 0.0;
    for foot in 0..2 {
        let mut since: Option<(DVec3, f64)> = None;
        for k in ticks {
            let a = k.ankles[foot];
            if k.contacts[foot] {
                let (from, _) = *since.get_or_insert((a, k.t));
                since = Some((from, k.t));
                let d = a - from;
                most = most.max(DVec3::new(d.x, 0.0, d.z).length());
            } else if since.is_some_and(|(_, last)| k.t - last > CONTACT_GAP_S) {
                since = None;
            }
        }
    }
    most
}

/// The farthest a foot slid along the floor while down (its ankle within
/// 3 cm of its lowest height), from where it came down, metres.
fn stance_slide(ticks: &[&TrialTick]) -> f64 {
    let mut most: f64 = 0.0;
    for foot in 0..2 {
        let floor = ticks
            .iter()
            .map(|k| k.ankles[foot].y)
            .fold(f64::INFINITY, f64::min);
        let mut down_at: Option<DVec3> = None;
        for k in ticks {
            let a = k.ankles[foot];
            if a.y > floor + 0.03 {
                down_at = None;
                continue;
            }
            let from = *down_at.get_or_insert(a);
            let d = a - from;
            most = most.max(DVec3::new(d.x, 0.0, d.z).length());
        }
    }
    most
}

/// The time after `push_s` from which `ok` held to the end.
fn settled_from(ticks: &[&TrialTick], push_s: f64, ok: impl Fn(&TrialTick) -> bool) -> Option<f64> {
    let last_bad = ticks.iter().rposition(|k| !ok(k));
    match last_bad {
        None => ticks.first().map(|k| k.t - push_s),
        Some(i) => ticks.get(i + 1).map(|k| k.t - push_s),
    }
}

/// A foot landing this far (horizontally) from where it lifted is a step,
/// metres (issue 41's bar: a user sees a step when the foot lands at least
/// 10 cm from where it left).
pub const STEP_M: f64 = 0.10;

/// Foot landings at least [`STEP_M`] from where the foot lifted: a foot is
/// up when its ankle is 3 cm above its lowest height.
fn steps_seen(ticks: &[&TrialTick]) -> u32 {
    steps_seen_until(ticks, ticks.len())
}

/// [`steps_seen`] over the first `until` ticks (the floor from them all).
fn steps_seen_until(ticks: &[&TrialTick], until: usize) -> u32 {
    let mut count = 0;
    for foot in 0..2 {
        let floor = ticks
            .iter()
            .map(|k| k.ankles[foot].y)
            .fold(f64::INFINITY, f64::min);
        let mut lifted: Option<DVec3> = None;
        let mut last_down = ticks.first().map(|k| k.ankles[foot]);
        for k in &ticks[..until.min(ticks.len())] {
            let a = k.ankles[foot];
            let up = a.y > floor + 0.03;
            match (up, lifted) {
                (true, None) => lifted = last_down,
                (false, Some(from)) => {
                    let d = a - from;
                    if DVec3::new(d.x, 0.0, d.z).length() >= STEP_M {
                        count += 1;
                    }
                    lifted = None;
                }
                _ => {}
            }
            if !up {
                last_down = Some(a);
            }
        }
    }
    count
}

/// Two people who walk into each other: each walks forward (facing where
/// it goes) along a straight line at `speed_m_s` toward where the other
/// starts, `offset_m` to the side of the other's line, headset and hands
/// held as when standing.
pub fn meeting_samples(
    profile: &BodyProfile,
    speed_m_s: f64,
    offset_m: f64,
    seconds: f64,
) -> [Vec<TrackerSample>; 2] {
    let still = standing_samples(profile, seconds, false);
    let start = 1.5;
    [(-start, 1.0), (start, -1.0)].map(|(x0, dir)| {
        still
            .iter()
            .map(|s| {
                let mut s = *s;
                if let Some(p) = s.pose.as_mut() {
                    let x = x0 + dir * speed_m_s * s.time_s;
                    // The standing person faces +Z: the first walker turns
                    // to face +X, the second -X.
                    let face = DQuat::from_rotation_y(dir * std::f64::consts::FRAC_PI_2);
                    p.position = face * p.position;
                    p.rotation = face * p.rotation;
                    p.position += DVec3::new(x, 0.0, dir * offset_m * 0.5);
                }
                s
            })
            .collect()
    })
}

/// What two walkers who met did.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct MeetingSummary {
    /// Each body's lowest pelvis height, metres.
    pub min_pelvis_y: [f64; 2],
    /// How far each body was pushed off its person (pelvis, horizontally),
    /// at most, metres.
    pub max_deflection_m: [f64; 2],
    /// The deepest the two bodies sank into each other, metres.
    pub max_penetration_m: f64,
    /// States each body went through (counts of stagger and fall).
    pub staggers: [u64; 2],
    /// Falls of each.
    pub falls: [u64; 2],
}

/// Runs two avatars in one world over their samples at 90 Hz, through
/// the daemon's tick.
pub fn run_meeting(
    profile: &BodyProfile,
    settings: PhysicsSettings,
    samples: &[Vec<TrackerSample>; 2],
) -> MeetingSummary {
    let mut space = space_of(settings, WorldSettings::default());
    let models = LearnedModels::embedded();
    let mut people = [
        avatar_of(profile, settings, &models),
        avatar_of(profile, settings, &models),
    ];
    let mut out = MeetingSummary {
        min_pelvis_y: [f64::INFINITY; 2],
        ..Default::default()
    };
    let ticks: [Vec<(f64, &[TrackerSample])>; 2] =
        [0, 1].map(|i| take_ticks(&samples[i], 90.0).collect());
    for k in 0..ticks[0].len().min(ticks[1].len()) {
        let t = ticks[0][k].0;
        for (p, ts) in people.iter_mut().zip(&ticks) {
            p.samples = ts[k].1.to_vec();
        }
        let solved = space.tick(&mut people, t);
        for (i, s) in solved.iter().enumerate() {
            if let Some(f) = s.as_ref().and_then(|s| s.physics.as_ref()) {
                out.min_pelvis_y[i] = out.min_pelvis_y[i].min(f.pose.root.y);
                out.max_deflection_m[i] = out.max_deflection_m[i].max(f.reaction.deviation_m);
            }
        }
        let ids = people.each_ref().map(|p| match &p.solver {
            AvatarSolver::Physics(c) => c.id(),
            AvatarSolver::Ik(_) => None,
        });
        if let (Some(world), [Some(a), Some(b)]) = (space.world_mut(), ids) {
            let pen = world.penetration_between(a, b);
            out.max_penetration_m = out.max_penetration_m.max(pen);
        }
    }
    for (i, p) in people.iter().enumerate() {
        if let AvatarSolver::Physics(c) = &p.solver {
            out.staggers[i] = c.reaction_counts().staggers;
            out.falls[i] = c.reaction_counts().falls;
        }
    }
    out
}
