//! Training data for the learned pelvis (`posewire train pelvis`): each
//! clip of the training corpus is synthesised as the evaluation does
//! (random device offsets, mounts, noise, dropouts) at a random body size,
//! calibrated, and fed through the solver's device path; at every few
//! ticks the learned pelvis's features are paired with the true pelvis in
//! the same head frame, and the mirrored pair is added too.

use posewire_body::bvh::Bvh;
use posewire_body::{Device, DeviceSet, Joint};
use posewire_solver::learned::pelvis::{PelvisTarget, FEATURES, OUTPUTS};
use posewire_solver::physics::PhysicsSettings;
use posewire_solver::{take_ticks, IkSolver};
use rand::Rng;

use crate::interp::{interpolate_transform, locate};
use crate::protocol::{setting_takes, EvalError, SETTLING_S};
use crate::random::stream;
use crate::synth::Condition;

/// How the training data is made.
#[derive(Debug, Clone, PartialEq)]
pub struct PelvisDataOptions {
    /// One synthesis per seed and condition.
    pub seeds: Vec<u64>,
    /// The conditions synthesised.
    pub conditions: Vec<Condition>,
    /// Body sizes: the clip is scaled uniformly in this range.
    pub scale: (f64, f64),
    /// Every how many solver ticks a sample is kept.
    pub stride: usize,
}

impl Default for PelvisDataOptions {
    fn default() -> Self {
        PelvisDataOptions {
            seeds: vec![101, 102, 103],
            conditions: Condition::ALL.to_vec(),
            scale: (0.85, 1.15),
            stride: 3,
        }
    }
}

/// Paired inputs and targets, row-major.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PelvisData {
    /// `FEATURES` numbers per sample.
    pub inputs: Vec<f32>,
    /// `OUTPUTS` numbers per sample.
    pub targets: Vec<f32>,
    /// The calibrated head height of each sample, m (to report errors in
    /// metres).
    pub scales: Vec<f32>,
    /// Per sample, the rules' pelvis error (m) where the rules ran alone
    /// (the solver's own pelvis at that tick, against the truth).
    pub rule_errors: Vec<f32>,
}

impl PelvisData {
    /// How many samples.
    pub fn len(&self) -> usize {
        self.scales.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.scales.is_empty()
    }

    /// Appends another set.
    pub fn extend(&mut self, other: PelvisData) {
        self.inputs.extend(other.inputs);
        self.targets.extend(other.targets);
        self.scales.extend(other.scales);
        self.rule_errors.extend(other.rule_errors);
    }

    fn push(&mut self, x: &[f32; FEATURES], y: &[f32; OUTPUTS], scale: f64, rule_error: f64) {
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

/// The samples of one clip, every seed and condition of `options`, with
/// 3 devices (head and hands).
pub fn clip_samples(
    bvh: &Bvh,
    clip: &str,
    options: &PelvisDataOptions,
) -> Result<PelvisData, EvalError> {
    let mut data = PelvisData::default();
    for &seed in &options.seeds {
        let s = stream(seed, &[clip, "pelvis-training", "scale"])
            .gen_range(options.scale.0..=options.scale.1);
        let scaled = scaled_bvh(bvh, s);
        for &condition in &options.conditions {
            variant_samples(&scaled, clip, condition, seed, options.stride, &mut data)?;
        }
    }
    Ok(data)
}

/// The samples of one synthesis, appended to `data`.
fn variant_samples(
    bvh: &Bvh,
    clip: &str,
    condition: Condition,
    seed: u64,
    stride: usize,
    data: &mut PelvisData,
) -> Result<(), EvalError> {
    let devices: DeviceSet = [Device::Head, Device::LeftHand, Device::RightHand]
        .into_iter()
        .collect();
    let (takes, profile) = setting_takes(bvh, clip, devices, condition, seed)?;
    // The physics solver's reference: what `solve` and `serve` run by
    // default; the rules alone, so the features never see a network.
    let mut settings = PhysicsSettings::default().reference_ik();
    settings.learned_pelvis.enabled = false;
    let mut solver = IkSolver::new(&profile, settings);
    let truth = &takes.truth.frames;
    let times: Vec<f64> = truth.iter().map(|f| f.time_s).collect();
    let first = takes.trackers.samples.first().map_or(0.0, |s| s.time_s);
    let Some(&last) = times.last() else {
        return Ok(());
    };
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
        if t < first + SETTLING_S || !tick.is_multiple_of(stride.max(1)) || t > last {
            continue;
        }
        let Some(input) = solver.learned_pelvis_input().copied() else {
            continue;
        };
        let (i, a) = locate(&times, t);
        let j = (i + 1).min(truth.len() - 1);
        let pelvis = Joint::Pelvis;
        let gt = interpolate_transform(&truth[i].joints[pelvis], &truth[j].joints[pelvis], a);
        let target = PelvisTarget::from_world(&input.frame, gt.position, gt.rotation);
        let rule_error = pose.root.distance(gt.position);
        if !target.position.is_finite() {
            continue;
        }
        let scale = input.frame.scale;
        data.push(
            &input.features.to_input(),
            &target.to_output(),
            scale,
            rule_error,
        );
        data.push(
            &input.features.mirrored().to_input(),
            &target.mirrored().to_output(),
            scale,
            rule_error,
        );
    }
    Ok(())
}
