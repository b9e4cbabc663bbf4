//! The calibration wizard: a small state machine fed with live device
//! samples. It asks for each pose in turn, waits until the person has moved
//! into it and holds still, records about one second of samples, and at the
//! end hands back the [`CalibrationTake`] for [`crate::calibrate`].

use std::collections::VecDeque;

use posewire_body::formats::{CalibrationPose, CalibrationSample, CalibrationTake, TrackerSample};
use posewire_body::glam::{DQuat, DVec3};
use posewire_body::transform::angle_between;
use posewire_body::{Device, Transform};

use crate::rows::mean_rotation;

/// The wizard's thresholds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WizardConfig {
    /// Length of the window stillness is judged over, seconds.
    pub still_window_s: f64,
    /// Largest drift of a device's mean position between the two halves of
    /// the window that still counts as still, metres. About 1 cm is the aim,
    /// but a brisk natural sway (0.5 degrees at 0.6 Hz) alone moves the head
    /// up to 1.5 cm between the half-windows, and sway does not hurt
    /// calibration (it is removed), so the default allows 2 cm.
    pub still_position_m: f64,
    /// Largest turn of a device's mean rotation between the two halves of
    /// the window that still counts as still, radians.
    pub still_angle_rad: f64,
    /// How long each pose is recorded, seconds.
    pub hold_s: f64,
    /// How far both hands must be from where they were in the previous pose
    /// before a new pose is accepted, metres (the poses differ by 30 cm or
    /// more at the hands).
    pub min_hand_travel_m: f64,
    /// Also ask for the optional `hands_on_hips` pose, after the three
    /// required ones (it measures the hip height with 3 devices).
    pub hands_on_hips: bool,
}

impl Default for WizardConfig {
    fn default() -> Self {
        WizardConfig {
            still_window_s: 0.5,
            still_position_m: 0.02,
            still_angle_rad: 2f64.to_radians(),
            hold_s: 1.0,
            min_hand_travel_m: 0.15,
            hands_on_hips: false,
        }
    }
}

/// What the wizard wants from the person now.
#[derive(Debug, Clone, PartialEq)]
pub enum WizardStep {
    /// Some required devices (head, hands) are not being tracked.
    WaitingForDevices {
        /// The devices without recent valid samples.
        missing: Vec<Device>,
    },
    /// Move into this pose and hold still.
    GetInto {
        /// The pose asked for.
        pose: CalibrationPose,
    },
    /// Holding still in this pose: recording.
    Hold {
        /// The pose being recorded.
        pose: CalibrationPose,
        /// Share of the hold recorded, 0 to 1.
        progress: f64,
    },
    /// Every pose is recorded: the take to calibrate from.
    Done(CalibrationTake),
}

/// The devices without which calibration cannot work.
const REQUIRED: [Device; 3] = [Device::Head, Device::LeftHand, Device::RightHand];

/// A sample newer than this (seconds before the latest) counts as current.
const FRESH_S: f64 = 0.1;

/// Records a calibration take from a live sample stream.
#[derive(Debug, Clone)]
pub struct CalibrationWizard {
    config: WizardConfig,
    /// Index into [`CalibrationWizard::poses`] of the pose asked for.
    next_pose: usize,
    /// Recent valid samples per device (the stillness window).
    recent: [VecDeque<(f64, Transform)>; Device::COUNT],
    /// Start time of the current recording, if recording.
    recording_since: Option<f64>,
    /// The samples of the current recording.
    recording: Vec<TrackerSample>,
    /// Mean hand positions (left, right) of the last recorded pose.
    previous_hands: Option<[DVec3; 2]>,
    /// The recorded poses so far.
    take: CalibrationTake,
    /// The latest sample time seen.
    now: f64,
}

impl Default for CalibrationWizard {
    fn default() -> Self {
        CalibrationWizard::new()
    }
}

impl CalibrationWizard {
    /// A wizard with the default thresholds, asking for `arms_forward` first.
    pub fn new() -> Self {
        CalibrationWizard::with_config(WizardConfig::default())
    }

    /// A wizard with the given thresholds.
    pub fn with_config(config: WizardConfig) -> Self {
        CalibrationWizard {
            config,
            next_pose: 0,
            recent: Default::default(),
            recording_since: None,
            recording: Vec::new(),
            previous_hands: None,
            take: CalibrationTake::default(),
            now: f64::NEG_INFINITY,
        }
    }

    /// The poses this wizard asks for, in order: the three required ones,
    /// then `hands_on_hips` when configured.
    pub fn poses(&self) -> &'static [CalibrationPose] {
        if self.config.hands_on_hips {
            &CalibrationPose::EVERY
        } else {
            &CalibrationPose::ALL
        }
    }

    /// The pose being asked for, or `None` once all are recorded.
    pub fn pose(&self) -> Option<CalibrationPose> {
        self.poses().get(self.next_pose).copied()
    }

    /// Feeds one live sample and says what the person should do now.
    /// Samples older than the latest one seen are ignored; once every pose
    /// is recorded, every push returns [`WizardStep::Done`] with the take.
    pub fn push(&mut self, sample: TrackerSample) -> WizardStep {
        let Some(pose) = self.pose() else {
            return WizardStep::Done(self.take.clone());
        };
        if !sample.time_s.is_finite() || sample.time_s < self.now {
            return self.step(pose);
        }
        self.now = sample.time_s;
        let valid = sample.pose.filter(|p| p.is_finite());
        if let Some(p) = valid {
            let window = &mut self.recent[sample.device.index()];
            window.push_back((sample.time_s, p));
            while window
                .front()
                .is_some_and(|f| f.0 < sample.time_s - self.config.still_window_s)
            {
                window.pop_front();
            }
        }
        if self.recording_since.is_some() {
            self.recording.push(sample);
        }

        let missing: Vec<Device> = REQUIRED
            .into_iter()
            .filter(|d| {
                self.recent[d.index()]
                    .back()
                    .is_none_or(|b| b.0 < self.now - FRESH_S)
            })
            .collect();
        if !missing.is_empty() {
            self.stop_recording();
            return WizardStep::WaitingForDevices { missing };
        }
        let ready = REQUIRED.into_iter().all(|d| self.is_still(d)) && self.moved_on();
        match (ready, self.recording_since) {
            (false, _) => self.stop_recording(),
            (true, None) => {
                self.recording_since = Some(self.now);
                self.recording.clear();
                self.recording.push(sample);
            }
            (true, Some(since)) if self.now - since >= self.config.hold_s => {
                self.finish_pose(pose);
            }
            (true, Some(_)) => {}
        }
        self.step(pose)
    }

    /// The step for the current state.
    fn step(&self, pose: CalibrationPose) -> WizardStep {
        match (self.pose(), self.recording_since) {
            (None, _) => WizardStep::Done(self.take.clone()),
            (Some(_), Some(since)) => WizardStep::Hold {
                pose,
                progress: ((self.now - since) / self.config.hold_s).clamp(0.0, 1.0),
            },
            (Some(next), None) => WizardStep::GetInto { pose: next },
        }
    }

    fn stop_recording(&mut self) {
        self.recording_since = None;
        self.recording.clear();
    }

    /// Moves the recording into the take and asks for the next pose.
    fn finish_pose(&mut self, pose: CalibrationPose) {
        let samples = std::mem::take(&mut self.recording);
        self.recording_since = None;
        let mut hands = [DVec3::ZERO; 2];
        for (k, hand) in [Device::LeftHand, Device::RightHand]
            .into_iter()
            .enumerate()
        {
            let positions: Vec<DVec3> = samples
                .iter()
                .filter(|s| s.device == hand)
                .filter_map(|s| s.pose.map(|p| p.position))
                .collect();
            hands[k] = positions.iter().sum::<DVec3>() / positions.len().max(1) as f64;
        }
        self.previous_hands = Some(hands);
        for s in samples {
            if s.pose.is_none() {
                self.take.invalid.count += 1;
            }
            self.take.samples.push(CalibrationSample {
                held: pose,
                sample: s,
            });
        }
        self.next_pose += 1;
    }

    /// Whether a device held still over the whole window: the mean pose of
    /// the window's first half and of its second half are close.
    fn is_still(&self, device: Device) -> bool {
        let window = &self.recent[device.index()];
        let (Some(first), Some(last)) = (window.front(), window.back()) else {
            return false;
        };
        if last.0 - first.0 < 0.9 * self.config.still_window_s || window.len() < 4 {
            return false;
        }
        let middle = 0.5 * (first.0 + last.0);
        let half = |early: bool| {
            let part = window.iter().filter(move |s| (s.0 < middle) == early);
            let n = part.clone().count().max(1) as f64;
            let position = part.clone().map(|s| s.1.position).sum::<DVec3>() / n;
            let rotation = mean_rotation(part.map(|s| s.1.rotation)).unwrap_or(DQuat::IDENTITY);
            (position, rotation)
        };
        let (p0, q0) = half(true);
        let (p1, q1) = half(false);
        (p1 - p0).length() < self.config.still_position_m
            && angle_between(q0, q1) < self.config.still_angle_rad
    }

    /// Whether both hands are away from where they were in the previous
    /// pose (so that holding the old pose is not taken for the new one).
    fn moved_on(&self) -> bool {
        let Some(previous) = self.previous_hands else {
            return true;
        };
        [Device::LeftHand, Device::RightHand]
            .into_iter()
            .zip(previous)
            .all(|(hand, before)| {
                let window = &self.recent[hand.index()];
                let n = window.len().max(1) as f64;
                let now = window.iter().map(|s| s.1.position).sum::<DVec3>() / n;
                (now - before).length() > self.config.min_hand_travel_m
            })
    }
}
