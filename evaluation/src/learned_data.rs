//! Training data for the learned components (`posewire train pelvis`,
//! `posewire train legs`, `posewire train arms`): each clip of the training corpus is synthesised
//! as the evaluation does (random device offsets, mounts, noise, dropouts)
//! at a random body size, calibrated, and fed through the solver's device
//! path; at every few ticks the component's features are paired with the
//! truth in the same frame (the pelvis in the head's frame; the ankles and
//! feet, the shoulders and elbows in the pelvis's), and the mirrored pair is added too.

use posewire_body::bvh::Bvh;
use posewire_body::glam::DVec3;
use posewire_body::transform::rotation_between;
use posewire_body::{BodyPose, Device, DeviceSet, Joint, Transform};
use posewire_solver::learned::legs::{self, LegsTarget};
use posewire_solver::learned::limbs::{JointTarget, LimbInput, MirrorSwaps};
use posewire_solver::learned::pelvis::{self, PelvisTarget};
use posewire_solver::learned::{arms, knees, LearnedModels};
use posewire_solver::{take_ticks, IkSolver, SolverSettings};
use rand::Rng;

use crate::interp::{interpolate_transform, locate};
use crate::proportions::Proportions;
use crate::protocol::{setting_takes, EvalError, SETTLING_S};
use crate::random::stream;
use crate::still_standing;
use crate::synth::Condition;

/// Which learned component the data is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Component {
    /// The pelvis of a body with head and hands only.
    Pelvis,
    /// The feet of a body without foot devices (3 and 4 devices).
    Legs,
    /// The shoulders and elbows (3, 4 and 6 devices).
    Arms,
    /// The knees over foot devices (6 devices).
    Knees,
}

impl Component {
    /// Numbers in, numbers out.
    pub fn sizes(self) -> (usize, usize) {
        match self {
            Component::Pelvis => (pelvis::FEATURES, pelvis::OUTPUTS),
            Component::Legs => (legs::FEATURES, legs::OUTPUTS),
            Component::Arms => (arms::FEATURES, arms::OUTPUTS),
            Component::Knees => (knees::FEATURES, knees::OUTPUTS),
        }
    }

    /// How many points (3 numbers each) lead the outputs: the positions
    /// whose error the trainer reports.
    pub fn points(self) -> usize {
        match self {
            Component::Pelvis => 1,
            Component::Legs => 2,
            Component::Arms => 4,
            Component::Knees => 2,
        }
    }

    /// The device sets synthesised.
    fn device_sets(self) -> Vec<DeviceSet> {
        let head_hands = [Device::Head, Device::LeftHand, Device::RightHand];
        let three: DeviceSet = head_hands.into_iter().collect();
        let mut four = three;
        four.insert(Device::Pelvis);
        let mut six = four;
        six.insert(Device::LeftFoot);
        six.insert(Device::RightFoot);
        match self {
            Component::Pelvis => vec![three],
            Component::Legs => vec![three, four],
            Component::Arms => vec![three, four, six],
            Component::Knees => vec![six],
        }
    }
}

/// How the training data is made.
#[derive(Debug, Clone, PartialEq)]
pub struct DataOptions {
    /// The component.
    pub component: Component,
    /// One synthesis per seed and condition.
    pub seeds: Vec<u64>,
    /// The conditions synthesised.
    pub conditions: Vec<Condition>,
    /// Body sizes: the clip is scaled uniformly in this range.
    pub scale: (f64, f64),
    /// Segment ratios varied per clip and seed, each uniform in `1 +-
    /// this` before the uniform size ([`Proportions::drawn`]); 0, the
    /// default: CMU's own proportions.
    pub proportions_spread: f64,
    /// Every how many solver ticks a sample is kept.
    pub stride: usize,
    /// The networks of the solver the data is made with (the component's
    /// own is off; the legs and arms see the pelvis network placed).
    pub models: LearnedModels,
    /// Seconds of samples of each clip's still standing take per seed,
    /// condition and device set (`still_standing`; 0, the default: none.
    /// 1 s is about a tenth of the data: clips average 8.6 s of samples).
    pub still_standing_s: f64,
    /// The solver's settings the data is made with (its physics avatar's
    /// reference; default: the built-in ones).
    pub settings: SolverSettings,
}

impl DataOptions {
    /// The defaults for `component`.
    pub fn new(component: Component) -> Self {
        DataOptions {
            component,
            seeds: vec![101, 102, 103],
            conditions: Condition::ALL.to_vec(),
            scale: (0.85, 1.15),
            proportions_spread: 0.0,
            stride: 3,
            models: LearnedModels::embedded(),
            still_standing_s: 0.0,
            settings: SolverSettings::default(),
        }
    }
}

/// Paired inputs and targets, row-major.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LearnedData {
    /// The component's feature count of numbers per sample.
    pub inputs: Vec<f32>,
    /// The component's output count of numbers per sample.
    pub targets: Vec<f32>,
    /// The calibrated head height of each sample, m (to report errors in
    /// metres).
    pub scales: Vec<f32>,
    /// Per sample, the rules' error (m) where the rules ran alone (the
    /// solver's own pelvis, or mean ankle, at that tick, against the
    /// truth).
    pub rule_errors: Vec<f32>,
}

impl LearnedData {
    /// How many samples.
    pub fn len(&self) -> usize {
        self.scales.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.scales.is_empty()
    }

    /// Appends another set.
    pub fn extend(&mut self, other: LearnedData) {
        self.inputs.extend(other.inputs);
        self.targets.extend(other.targets);
        self.scales.extend(other.scales);
        self.rule_errors.extend(other.rule_errors);
    }

    fn push(&mut self, x: &[f32], y: &[f32], scale: f64, rule_error: f64) {
        self.inputs.extend_from_slice(x);
        self.targets.extend_from_slice(y);
        self.scales.push(scale as f32);
        self.rule_errors.push(rule_error as f32);
    }
}

/// The clip scaled by `s` (offsets, end sites and root translation): the
/// same motion by a person `s` times as tall.
pub fn scaled_bvh(bvh: &Bvh, s: f64) -> Bvh {
    let mut out = bvh.clone();
    let mut position_channels = Vec::new();
    let mut at = 0;
    for joint in &mut out.joints {
        joint.offset *= s;
        joint.end_site = joint.end_site.map(|e| e * s);
        for c in &joint.channels {
            if c.is_position() {
                position_channels.push(at);
            }
            at += 1;
        }
    }
    for frame in &mut out.frames {
        for &i in &position_channels {
            if let Some(v) = frame.get_mut(i) {
                *v *= s;
            }
        }
    }
    out
}

/// The samples of one clip, every seed, condition and device set of
/// `options`.
pub fn clip_samples(
    bvh: &Bvh,
    clip: &str,
    options: &DataOptions,
) -> Result<LearnedData, EvalError> {
    let mut data = LearnedData::default();
    // Each clip's most upright frame, held still (`still_standing`).
    let standing = (options.still_standing_s > 0.0)
        .then(|| still_standing::standing_frame(bvh))
        .flatten();
    for &seed in &options.seeds {
        let s = stream(seed, &[clip, "pelvis-training", "scale"])
            .gen_range(options.scale.0..=options.scale.1);
        let body = Proportions::drawn(seed, clip, options.proportions_spread).apply(bvh)?;
        let scaled = scaled_bvh(&body, s);
        every_variant(&scaled, clip, seed, None, options, &mut data)?;
        if let Some(frame) = standing {
            let still =
                still_standing::held_still(&scaled, frame, SETTLING_S + options.still_standing_s);
            let name = format!("{clip}/still-standing");
            let misread = Some(still_standing::misread(seed, clip));
            every_variant(&still, &name, seed, misread, options, &mut data)?;
        }
    }
    Ok(data)
}

/// One clip's samples for every device set and condition of `options`.
fn every_variant(
    bvh: &Bvh,
    name: &str,
    seed: u64,
    misread: Option<still_standing::Misread>,
    options: &DataOptions,
    data: &mut LearnedData,
) -> Result<(), EvalError> {
    for devices in options.component.device_sets() {
        for &condition in &options.conditions {
            let variant = Variant {
                devices,
                condition,
                seed,
                misread,
            };
            variant_samples(bvh, name, &variant, options, data)?;
        }
    }
    Ok(())
}

/// One synthesis of a clip.
struct Variant {
    devices: DeviceSet,
    condition: Condition,
    seed: u64,
    /// How the devices read against the truth (a still standing take).
    misread: Option<still_standing::Misread>,
}

/// The samples of one synthesis, appended to `data`.
fn variant_samples(
    bvh: &Bvh,
    clip: &str,
    variant: &Variant,
    options: &DataOptions,
    data: &mut LearnedData,
) -> Result<(), EvalError> {
    let (mut takes, profile) =
        setting_takes(bvh, clip, variant.devices, variant.condition, variant.seed)?;
    if let Some(m) = &variant.misread {
        still_standing::misread_devices(&mut takes.trackers, m);
    }
    // The physics solver's reference (of `options.settings`: by default
    // what `solve` and `serve` run); the component's own network off, so
    // its features never see it (the legs see the learned pelvis, as they
    // do in use).
    let mut settings = options.settings.physics_settings().reference_ik();
    match options.component {
        Component::Pelvis => settings.learned_pelvis.enabled = false,
        Component::Legs => {
            settings.learned_pelvis.enabled = true;
            settings.learned_legs.enabled = false;
        }
        Component::Arms => settings.learned_arms.enabled = false,
        Component::Knees => settings.learned_knees.enabled = false,
    }
    let mut solver = IkSolver::with_models(&profile, settings, &options.models);
    let truth = &takes.truth.frames;
    let times: Vec<f64> = truth.iter().map(|f| f.time_s).collect();
    let first = takes.trackers.samples.first().map_or(0.0, |s| s.time_s);
    let Some(&last) = times.last() else {
        return Ok(());
    };
    // Each ankle's lowest height in the clip: a foot within 3 cm of it
    // (as the evaluation's foot skate counts contact) and slow is planted.
    let lowest = [Joint::LeftAnkle, Joint::RightAnkle].map(|a| {
        truth
            .iter()
            .map(|f| f.joints[a].position.y)
            .fold(f64::INFINITY, f64::min)
    });
    let mut tick = 0usize;
    for (t, due) in take_ticks(&takes.trackers.samples, 90.0) {
        for sample in due {
            solver.push(sample);
        }
        if !solver.ready() {
            continue;
        }
        let pose = solver.step(t);
        tick += 1;
        if t < first + SETTLING_S || !tick.is_multiple_of(options.stride.max(1)) || t > last {
            continue;
        }
        let gt = |joint: Joint, t: f64| {
            let (i, a) = locate(&times, t);
            let j = (i + 1).min(truth.len() - 1);
            interpolate_transform(&truth[i].joints[joint], &truth[j].joints[joint], a)
        };
        let pair = match options.component {
            Component::Pelvis => pelvis_pair(&solver, &pose, &|j| gt(j, t)),
            Component::Legs => legs_pair(&solver, &pose, &gt, (t, lowest)),
            Component::Arms => {
                let joints = [
                    Joint::LeftShoulder,
                    Joint::RightShoulder,
                    Joint::LeftElbow,
                    Joint::RightElbow,
                ];
                let input = solver.learned_arms_input().copied();
                input.and_then(|i| limb_pair(&solver, &pose, (i, &arms::SWAPS), joints, t, &gt))
            }
            Component::Knees => {
                let joints = [Joint::LeftKnee, Joint::RightKnee];
                let input = solver.learned_knees_input().copied();
                input.and_then(|i| limb_pair(&solver, &pose, (i, &knees::SWAPS), joints, t, &gt))
            }
        };
        if let Some(p) = pair {
            data.push(&p.input, &p.target, p.scale, p.rule_error);
            data.push(&p.mirrored_input, &p.mirrored_target, p.scale, p.rule_error);
        }
    }
    Ok(())
}

/// One tick's features and truth, and their mirror images.
struct Pair {
    input: Vec<f32>,
    target: Vec<f32>,
    mirrored_input: Vec<f32>,
    mirrored_target: Vec<f32>,
    scale: f64,
    rule_error: f64,
}

/// The learned pelvis's pair of this tick.
fn pelvis_pair(
    solver: &IkSolver,
    pose: &BodyPose,
    gt: &dyn Fn(Joint) -> Transform,
) -> Option<Pair> {
    let input = solver.learned_pelvis_input().copied()?;
    let truth = gt(Joint::Pelvis);
    let target = PelvisTarget::from_world(&input.frame, truth.position, truth.rotation);
    target.position.is_finite().then(|| Pair {
        input: input.features.to_input().to_vec(),
        target: target.to_output().to_vec(),
        mirrored_input: input.features.mirrored().to_input().to_vec(),
        mirrored_target: target.mirrored().to_output().to_vec(),
        scale: input.frame.scale,
        rule_error: pose.root.distance(truth.position),
    })
}

/// Height above its lowest and horizontal speed below which a true ankle
/// counts as planted.
const CONTACT_HEIGHT_M: f64 = 0.03;
const CONTACT_SPEED_M_S: f64 = 0.25;

/// The learned legs' pair of this tick (`t`, and each ankle's lowest
/// height): the true ankles, the feet's forward axes from ankle to toe,
/// and whether each is planted.
fn legs_pair(
    solver: &IkSolver,
    pose: &BodyPose,
    gt: &dyn Fn(Joint, f64) -> Transform,
    (t, lowest): (f64, [f64; 2]),
) -> Option<Pair> {
    let input = solver.learned_legs_input().copied()?;
    let sides = [
        (Joint::LeftAnkle, Joint::LeftToe),
        (Joint::RightAnkle, Joint::RightToe),
    ];
    let ankles = sides.map(|(a, _)| gt(a, t).position);
    let feet = sides.map(|(a, toe)| {
        let d = gt(toe, t).position - gt(a, t).position;
        let flat = DVec3::new(d.x, 0.0, d.z);
        rotation_between(DVec3::Z, flat.normalize_or(DVec3::Z))
    });
    let dt = 1.0 / 90.0;
    let contact = [0, 1].map(|i| {
        let before = gt(sides[i].0, t - dt).position;
        let d = ankles[i] - before;
        let speed = DVec3::new(d.x, 0.0, d.z).length() / dt;
        let low = ankles[i].y < lowest[i] + CONTACT_HEIGHT_M;
        if low && speed < CONTACT_SPEED_M_S {
            1.0
        } else {
            0.0
        }
    });
    let target = LegsTarget::from_world(&input.frame, ankles, feet, contact);
    let positions = pose.positions(solver.skeleton());
    let rule_error = 0.5
        * sides
            .iter()
            .zip(ankles)
            .map(|((a, _), truth)| positions[*a].distance(truth))
            .sum::<f64>();
    let finite = target
        .ankles
        .iter()
        .chain(&target.forward)
        .all(|v| v.is_finite());
    finite.then(|| Pair {
        input: input.features.to_input().to_vec(),
        target: target.to_output().to_vec(),
        mirrored_input: input.features.mirrored().to_input().to_vec(),
        mirrored_target: target.mirrored().to_output().to_vec(),
        scale: input.frame.scale,
        rule_error,
    })
}

/// A limb network's pair of this tick: the true `joints`, against the
/// solver's own (the rules') as the rule error.
fn limb_pair<const B: usize, const J: usize>(
    solver: &IkSolver,
    pose: &BodyPose,
    (input, swaps): (LimbInput<B>, &MirrorSwaps<B, J>),
    joints: [Joint; J],
    t: f64,
    gt: &dyn Fn(Joint, f64) -> Transform,
) -> Option<Pair> {
    let truth = joints.map(|j| gt(j, t).position);
    let target = JointTarget::from_world(&input.frame, truth);
    let positions = pose.positions(solver.skeleton());
    let rule_error = joints
        .iter()
        .zip(truth)
        .map(|(j, p)| positions[*j].distance(p))
        .sum::<f64>()
        / J as f64;
    target.joints.iter().all(|v| v.is_finite()).then(|| Pair {
        input: input.features.to_input(),
        target: target.to_output(),
        mirrored_input: input.features.mirrored(swaps).to_input(),
        mirrored_target: target.mirrored(swaps).to_output(),
        scale: input.frame.scale,
        rule_error,
    })
}

#[cfg(test)]
#[path = "learned_data_tests.rs"]
mod tests;
