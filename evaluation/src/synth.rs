//! Synthetic tracker and calibration takes from a BVH clip (EVALUATION.md
//! sections 1 and 5), with the ground truth they were made from.
//!
//! Random draws come from streams named by the seed and the clip (see
//! [`crate::random`]): the device offsets and mounts and the calibration
//! placement depend on `(seed, clip)` only, so they are the same for every
//! device set and condition; the noise and dropouts depend on `(seed, clip,
//! condition, device)`, and all six devices are always generated before the
//! chosen set is kept, so a 3-device take is a subset of the 6-device take.

use posewire_body::bvh::cmu::CmuMap;
use posewire_body::bvh::{Bvh, BvhError};
use posewire_body::formats::{
    CalibrationPose, CalibrationSample, CalibrationTake, JointFrame, TrackerSample, TrackerTake,
};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::yaw_of;
use posewire_body::{Device, DeviceSet, Joint, JointMap, Transform};
use rand::seq::SliceRandom;
use rand::Rng;
use serde::Serialize;

use crate::calibration_pose::CalibrationPoser;
use crate::interp::{interpolate_transform, locate};
use crate::noise::{dropouts, dropped, perturb};
use crate::random::{in_ball, rotation, stream};
use crate::truth::{CalibrationPlacement, DeviceTruth, Truth, TruthMeasures};

/// Tracker sample rate, Hz.
pub const TRACKER_RATE_HZ: f64 = 90.0;
/// Samples per calibration pose (1 s at 90 Hz).
pub const CALIBRATION_BLOCK_SAMPLES: usize = 90;
/// Radius of the ball the true offsets are drawn in around the nominal, m.
pub const OFFSET_SPREAD_M: f64 = 0.03;
/// The calibration heading differs from the clip's by this much, degrees.
pub const HEADING_CHANGE_DEG: (f64, f64) = (30.0, 330.0);
/// Half the side of the floor square the calibration pelvis is placed in, m.
pub const PLACEMENT_HALF_SIDE_M: f64 = 1.0;
/// Calibration sway: tilt amplitude, degrees.
pub const SWAY_AMPLITUDE_DEG: (f64, f64) = (0.2, 0.5);
/// Calibration sway: frequency, Hz.
pub const SWAY_FREQUENCY_HZ: (f64, f64) = (0.2, 0.6);
/// The calibration take's lower ankle is put at this percentile of the
/// clip's ankle heights.
pub const ANKLE_PERCENTILE: f64 = 0.05;
/// The longest clip synthesised, seconds (the tracker take is held in
/// memory: two hours at 90 Hz with six devices is a few hundred MB). As long as
/// the longest take the solver solves at once.
pub const MAX_CLIP_S: f64 = posewire_solver::solve::MAX_TAKE_S;

/// Whether noise and dropouts are added.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// Exact device poses.
    Clean,
    /// White noise on every sample and dropouts in the tracker take.
    Noisy,
}

impl Condition {
    /// Both conditions.
    pub const ALL: [Condition; 2] = [Condition::Clean, Condition::Noisy];

    /// The name used in reports and random stream labels.
    pub const fn name(self) -> &'static str {
        match self {
            Condition::Clean => "clean",
            Condition::Noisy => "noisy",
        }
    }
}

/// What to synthesise.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SynthOptions {
    /// Which devices the takes carry (the standard sets have 3, 4 or 6).
    pub devices: DeviceSet,
    /// Clean or noisy.
    pub condition: Condition,
    /// The seed every random draw derives from (with the clip name).
    pub seed: u64,
}

/// Optional parts of the synthesis, off by default (the takes are then
/// those of EVALUATION.md exactly).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct SynthExtras {
    /// Append the optional `hands_on_hips` calibration pose (1 s) after the
    /// three required ones: each wrist [`HANDS_ON_HIPS_ABOVE_HIP_M`] above
    /// its hip joint and [`HANDS_ON_HIPS_OUT_M`] out to the side, each
    /// drawn per clip (where a person puts their hands varies). The other
    /// draws are unchanged.
    pub hands_on_hips: bool,
    /// How the calibration takes are calibrated (the defaults unless a
    /// study turns a calibration step off).
    pub calibration: posewire_calibration::CalibrationOptions,
}

/// Where the simulated wrists are above the hip joints in `hands_on_hips`,
/// metres: drawn uniformly in this range per clip (the calibration assumes
/// the middle, [`posewire_calibration::HANDS_ON_HIPS_WRIST_ABOVE_HIP_M`]).
pub const HANDS_ON_HIPS_ABOVE_HIP_M: (f64, f64) = (0.09, 0.15);
/// How far the simulated wrists are out to the side of the hip joints in
/// `hands_on_hips`, metres, drawn per clip.
pub const HANDS_ON_HIPS_OUT_M: (f64, f64) = (0.06, 0.10);

/// The synthetic takes of one clip and their ground truth.
#[derive(Debug, Clone, PartialEq)]
pub struct SynthTakes {
    /// The tracker take (90 Hz, from the clip's first frame).
    pub trackers: TrackerTake,
    /// The calibration take (three 1 s blocks).
    pub calibration: CalibrationTake,
    /// What really happened (for evaluation only).
    pub truth: Truth,
}

/// Why a clip could not be synthesised.
#[derive(Debug, thiserror::Error)]
pub enum SynthError {
    /// The clip's skeleton lacks joints of the CMU mapping.
    #[error("{clip}: {source}")]
    Mapping {
        /// The clip.
        clip: String,
        /// The mapping error.
        source: BvhError,
    },
    /// Too few frames to interpolate.
    #[error("{clip}: the clip has {frames} frames; at least 2 are needed")]
    TooShort {
        /// The clip.
        clip: String,
        /// Its frame count.
        frames: usize,
    },
    /// The frame time is not a positive number.
    #[error("{clip}: frame time {frame_time} is not a positive number")]
    FrameTime {
        /// The clip.
        clip: String,
        /// The frame time.
        frame_time: f64,
    },
    /// The clip lasts longer than [`MAX_CLIP_S`] (frame count times frame
    /// time).
    #[error("{clip}: the clip lasts {duration_s:.0} s ({frames} frames of {frame_time} s); at most {max_s:.0} s can be synthesised: split the clip")]
    TooLong {
        /// The clip.
        clip: String,
        /// Its frame count.
        frames: usize,
        /// Its frame time, seconds.
        frame_time: f64,
        /// Its duration, seconds.
        duration_s: f64,
        /// The longest duration synthesised, seconds.
        max_s: f64,
    },
    /// The clip's motion puts a joint at a non-finite place (values so
    /// large that forward kinematics overflows).
    #[error("{clip}: frame {frame} (time {time_s} s) puts joint `{joint}` at a non-finite position: the clip's values are out of range")]
    NonFinite {
        /// The clip.
        clip: String,
        /// The BVH frame (0-based).
        frame: usize,
        /// Its time, seconds.
        time_s: f64,
        /// The first canonical joint found non-finite.
        joint: Joint,
    },
    /// No device was asked for.
    #[error("{clip}: no devices asked for")]
    NoDevices {
        /// The clip.
        clip: String,
    },
}

/// The ground truth of a clip: canonical joints of every frame, metres,
/// time 0 = the first frame.
pub fn ground_truth(bvh: &Bvh, map: &CmuMap) -> Vec<JointFrame> {
    let mut world = Vec::with_capacity(bvh.joints.len());
    (0..bvh.frame_count())
        .map(|f| {
            bvh.world_transforms_into(f, &mut world);
            JointFrame {
                time_s: f as f64 * bvh.frame_time,
                joints: map.canonical(&world),
            }
        })
        .collect()
}

/// Synthesises the tracker take, the calibration take and the truth of
/// `bvh` (named `clip_name`, which also names the random streams).
pub fn synthesize(
    bvh: &Bvh,
    clip_name: &str,
    options: &SynthOptions,
) -> Result<SynthTakes, SynthError> {
    synthesize_with(bvh, clip_name, options, &SynthExtras::default())
}

/// [`synthesize`] with optional extras (see [`SynthExtras`]).
pub fn synthesize_with(
    bvh: &Bvh,
    clip_name: &str,
    options: &SynthOptions,
    extras: &SynthExtras,
) -> Result<SynthTakes, SynthError> {
    let clip = clip_name.to_string();
    if bvh.frame_count() < 2 {
        return Err(SynthError::TooShort {
            clip,
            frames: bvh.frame_count(),
        });
    }
    if !(bvh.frame_time.is_finite() && bvh.frame_time > 0.0) {
        return Err(SynthError::FrameTime {
            clip,
            frame_time: bvh.frame_time,
        });
    }
    let duration_s = (bvh.frame_count() - 1) as f64 * bvh.frame_time;
    if !duration_s.is_finite() || duration_s > MAX_CLIP_S {
        return Err(SynthError::TooLong {
            clip,
            frames: bvh.frame_count(),
            frame_time: bvh.frame_time,
            duration_s,
            max_s: MAX_CLIP_S,
        });
    }
    if options.devices.is_empty() {
        return Err(SynthError::NoDevices { clip });
    }
    let map = CmuMap::new(bvh).map_err(|source| SynthError::Mapping {
        clip: clip.clone(),
        source,
    })?;
    let frames = ground_truth(bvh, &map);
    for (frame, f) in frames.iter().enumerate() {
        if let Some((joint, _)) = f
            .joints
            .iter()
            .find(|(_, t)| !(t.position.is_finite() && t.rotation.is_finite()))
        {
            return Err(SynthError::NonFinite {
                clip,
                frame,
                time_s: f.time_s,
                joint,
            });
        }
    }
    let devices = device_truths(options.seed, clip_name);
    let poser = CalibrationPoser::new(bvh, &map);
    let (placement, poses, hips) =
        place_calibration(&poser, &frames, options.seed, clip_name, extras);
    let measures = truth_measures(bvh, &map, &poses);
    let trackers = tracker_take(&frames, &devices, options, clip_name);
    let mut blocks: Vec<(CalibrationPose, &JointMap<Transform>)> = placement
        .placement
        .pose_order
        .iter()
        .map(|&held| (held, &poses[pose_index(held)]))
        .collect();
    if let Some(h) = &hips {
        blocks.push((CalibrationPose::HandsOnHips, h));
    }
    let calibration = calibration_take(&blocks, &placement, &devices, options, clip_name);
    Ok(SynthTakes {
        trackers,
        calibration,
        truth: Truth {
            frames,
            measures,
            devices,
            calibration: placement.placement,
        },
    })
}

/// The true offset and mount of all six devices, from `(seed, clip)`.
fn device_truths(seed: u64, clip: &str) -> Vec<DeviceTruth> {
    Device::ALL
        .iter()
        .map(|&device| {
            let mut rng = stream(seed, &[clip, "device", device.name()]);
            let offset = device.nominal_offset() + in_ball(&mut rng, OFFSET_SPREAD_M);
            DeviceTruth {
                device,
                offset,
                mount: rotation(&mut rng),
            }
        })
        .collect()
}

/// The device pose on a bone: `p + R * offset`, `R * mount`.
fn device_pose(bone: &Transform, truth: &DeviceTruth) -> Transform {
    Transform::new(
        bone.position + bone.rotation * truth.offset,
        (bone.rotation * truth.mount).normalize(),
    )
}

/// The tracker take: every device at k/90 s, GT interpolated first.
fn tracker_take(
    frames: &[JointFrame],
    devices: &[DeviceTruth],
    options: &SynthOptions,
    clip: &str,
) -> TrackerTake {
    let times: Vec<f64> = frames.iter().map(|f| f.time_s).collect();
    let end = times[times.len() - 1];
    let count = (end * TRACKER_RATE_HZ + 1e-9).floor() as usize + 1;
    let noisy = options.condition == Condition::Noisy;
    // One stream per device, used for all six whatever the set.
    let mut streams: Vec<_> = devices
        .iter()
        .map(|d| {
            let mut rng = stream(
                options.seed,
                &[clip, options.condition.name(), "trackers", d.device.name()],
            );
            let gaps = if noisy {
                dropouts(&mut rng, end)
            } else {
                Vec::new()
            };
            (rng, gaps)
        })
        .collect();
    let mut samples = Vec::with_capacity(count * options.devices.len());
    for k in 0..count {
        let t = k as f64 / TRACKER_RATE_HZ;
        let (i, a) = locate(&times, t);
        let j = (i + 1).min(frames.len() - 1);
        for (d, (rng, gaps)) in devices.iter().zip(streams.iter_mut()) {
            let bone = d.device.bone();
            let bone_pose =
                interpolate_transform(&frames[i].joints[bone], &frames[j].joints[bone], a);
            let mut pose = device_pose(&bone_pose, d);
            if noisy {
                pose = perturb(rng, pose);
            }
            if options.devices.contains(d.device) && !dropped(gaps, t) {
                samples.push(TrackerSample {
                    time_s: t,
                    device: d.device,
                    pose: Some(pose),
                    input: None,
                });
            }
        }
    }
    TrackerTake {
        samples,
        ..TrackerTake::default()
    }
}

/// The calibration placement with the sway parameters.
struct Placement {
    placement: CalibrationPlacement,
    /// Sway centre (between the ankles), m.
    sway_centre: DVec3,
    /// Horizontal unit axis of the tilt.
    sway_axis: DVec3,
    /// Tilt amplitude, radians.
    sway_amplitude: f64,
    /// Tilt angular frequency, rad/s.
    sway_omega: f64,
    /// Tilt phase, radians.
    sway_phase: f64,
}

impl Placement {
    /// The sway rotation at time `t`, about [`Placement::sway_centre`].
    fn sway(&self, t: f64) -> DQuat {
        let angle = self.sway_amplitude * (self.sway_omega * t + self.sway_phase).sin();
        DQuat::from_axis_angle(self.sway_axis, angle)
    }
}

/// Wraps an angle to (-pi, pi].
fn wrap(angle: f64) -> f64 {
    let tau = std::f64::consts::TAU;
    let a = angle.rem_euclid(tau);
    if a > std::f64::consts::PI {
        a - tau
    } else {
        a
    }
}

/// The `p`-quantile (0..=1) of some values, linear between ranks.
fn quantile(mut values: Vec<f64>, p: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    let x = p * (values.len() - 1) as f64;
    let i = x.floor() as usize;
    let j = (i + 1).min(values.len() - 1);
    values[i] + (values[j] - values[i]) * (x - i as f64)
}

/// Draws the calibration placement from `(seed, clip)` and returns it with
/// the three placed poses (without sway), in [`CalibrationPose::ALL`] order,
/// and the `hands_on_hips` pose when asked for.
fn place_calibration(
    poser: &CalibrationPoser<'_>,
    frames: &[JointFrame],
    seed: u64,
    clip: &str,
    extras: &SynthExtras,
) -> (
    Placement,
    [JointMap<Transform>; 3],
    Option<JointMap<Transform>>,
) {
    let mut rng = stream(seed, &[clip, "calibration"]);
    let clip_heading = yaw_of(frames[0].joints[Joint::Pelvis].rotation);
    let change = rng.gen_range(HEADING_CHANGE_DEG.0..=HEADING_CHANGE_DEG.1);
    let heading = wrap(clip_heading + change.to_radians());
    let h = PLACEMENT_HALF_SIDE_M;
    let (px, pz) = (rng.gen_range(-h..=h), rng.gen_range(-h..=h));
    let mut pose_order = CalibrationPose::ALL;
    pose_order.shuffle(&mut rng);
    let sway_amplitude = rng
        .gen_range(SWAY_AMPLITUDE_DEG.0..=SWAY_AMPLITUDE_DEG.1)
        .to_radians();
    let sway_omega =
        std::f64::consts::TAU * rng.gen_range(SWAY_FREQUENCY_HZ.0..=SWAY_FREQUENCY_HZ.1);
    let axis_angle = rng.gen_range(0.0..std::f64::consts::TAU);
    let sway_phase = rng.gen_range(0.0..std::f64::consts::TAU);

    let ankle_floor = quantile(
        frames
            .iter()
            .flat_map(|f| {
                [
                    f.joints[Joint::LeftAnkle].position.y,
                    f.joints[Joint::RightAnkle].position.y,
                ]
            })
            .collect(),
        ANKLE_PERCENTILE,
    );
    let placed = |joints: JointMap<Transform>| {
        let lower_ankle = joints[Joint::LeftAnkle]
            .position
            .y
            .min(joints[Joint::RightAnkle].position.y);
        let pelvis = joints[Joint::Pelvis].position;
        let shift = DVec3::new(px - pelvis.x, ankle_floor - lower_ankle, pz - pelvis.z);
        joints.map(|_, t| Transform::new(t.position + shift, t.rotation))
    };
    let poses = CalibrationPose::ALL.map(|p| placed(poser.pose(p, heading)));
    let hips = extras.hands_on_hips.then(|| {
        // Its own stream: the other draws stay as they are without it.
        let mut rng = stream(seed, &[clip, "calibration", "hands_on_hips"]);
        let above = rng.gen_range(HANDS_ON_HIPS_ABOVE_HIP_M.0..=HANDS_ON_HIPS_ABOVE_HIP_M.1);
        let out = rng.gen_range(HANDS_ON_HIPS_OUT_M.0..=HANDS_ON_HIPS_OUT_M.1);
        placed(poser.hands_on_hips(heading, above, out))
    });
    let first = &poses[0];
    let placement = Placement {
        placement: CalibrationPlacement {
            clip_heading,
            heading,
            pelvis: first[Joint::Pelvis].position,
            pose_order,
        },
        sway_centre: 0.5 * (first[Joint::LeftAnkle].position + first[Joint::RightAnkle].position),
        sway_axis: DVec3::new(axis_angle.cos(), 0.0, axis_angle.sin()),
        sway_amplitude,
        sway_omega,
        sway_phase,
    };
    (placement, poses, hips)
}

/// The calibration take: the blocks back to back (the three poses in the
/// drawn order, then any optional one), swayed, with white noise in the
/// noisy condition.
fn calibration_take(
    blocks: &[(CalibrationPose, &JointMap<Transform>)],
    placement: &Placement,
    devices: &[DeviceTruth],
    options: &SynthOptions,
    clip: &str,
) -> CalibrationTake {
    let noisy = options.condition == Condition::Noisy;
    let mut streams: Vec<_> = devices
        .iter()
        .map(|d| {
            stream(
                options.seed,
                &[
                    clip,
                    options.condition.name(),
                    "calibration",
                    d.device.name(),
                ],
            )
        })
        .collect();
    let c = placement.sway_centre;
    let mut samples =
        Vec::with_capacity(blocks.len() * CALIBRATION_BLOCK_SAMPLES * options.devices.len());
    for (block, &(held, joints)) in blocks.iter().enumerate() {
        for n in 0..CALIBRATION_BLOCK_SAMPLES {
            let k = block * CALIBRATION_BLOCK_SAMPLES + n;
            let t = k as f64 / TRACKER_RATE_HZ;
            let sway = placement.sway(t);
            for (d, rng) in devices.iter().zip(streams.iter_mut()) {
                let bone = joints[d.device.bone()];
                let swayed = Transform::new(c + sway * (bone.position - c), sway * bone.rotation);
                let mut pose = device_pose(&swayed, d);
                if noisy {
                    pose = perturb(rng, pose);
                }
                if options.devices.contains(d.device) {
                    samples.push(CalibrationSample {
                        held,
                        sample: TrackerSample {
                            time_s: t,
                            device: d.device,
                            pose: Some(pose),
                            input: None,
                        },
                    });
                }
            }
        }
    }
    CalibrationTake {
        samples,
        ..CalibrationTake::default()
    }
}

/// Index of a pose in [`CalibrationPose::ALL`].
fn pose_index(pose: CalibrationPose) -> usize {
    CalibrationPose::ALL
        .iter()
        .position(|p| *p == pose)
        .unwrap_or(0)
}

/// The true measures: lengths and widths from the rest skeleton (metres:
/// `canonical` scales), the head height from the placed `arms_down` pose.
fn truth_measures(bvh: &Bvh, map: &CmuMap, poses: &[JointMap<Transform>; 3]) -> TruthMeasures {
    let rest = map.canonical(&bvh.rest_world_transforms());
    let d = |a: Joint, b: Joint| rest[a].position.distance(rest[b].position);
    let both = |a: Joint, b: Joint| 0.5 * (d(a, b) + d(a.mirror(), b.mirror()));
    TruthMeasures {
        head_height: poses[pose_index(CalibrationPose::ArmsDown)][Joint::Head]
            .position
            .y,
        shoulder_width: d(Joint::LeftShoulder, Joint::RightShoulder),
        hip_width: d(Joint::LeftHip, Joint::RightHip),
        upper_arm: both(Joint::LeftShoulder, Joint::LeftElbow),
        forearm: both(Joint::LeftElbow, Joint::LeftWrist),
        thigh: both(Joint::LeftHip, Joint::LeftKnee),
        shin: both(Joint::LeftKnee, Joint::LeftAnkle),
    }
}

#[cfg(test)]
#[path = "synth_tests.rs"]
mod tests;
