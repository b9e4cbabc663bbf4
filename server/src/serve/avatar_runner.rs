//! One avatar inside the loop: its device source, the latest state of each
//! of its devices, the pushes queued for its next tick, and the solver that
//! poses it (`ik` alone, or a physics controller whose body lives in the
//! loop's shared space), run by the solver crate's tick
//! ([`posewire_solver::tick`]), and the samples it was handed over the
//! last [`WARM_UP_S`] (a restarted solver warms up on them,
//! [`posewire_solver::warm_up`]).

use std::collections::VecDeque;

use posewire_body::finger_curls::FingerCurls;
use posewire_body::fingers::{FingerJoint, HandSkeleton};
use posewire_body::formats::TrackerSample;
use posewire_body::glam::DQuat;
use posewire_body::hand_tracking::{self, TrackedFingers};
use posewire_body::{BodyProfile, Device, Skeleton, Transform};
use posewire_solver::gate::{Rejection, Verdict};
use posewire_solver::tick::{TickInput, Ticking};
// The solver's own rule of when a device is lost, so the stream's device
// list and the body agree (defined once, in `posewire_solver::tracking`).
use posewire_solver::tracking::LOST_AFTER_S;
use posewire_solver::warm_up::WARM_UP_S;
use posewire_solver::{AvatarSolver, Push, SharedSpace, Solved, SolverSettings};

use super::demo_source::DemoPerson;
use super::file_source::FileReplay;
use super::push_source::PushQueue;
use super::recorder::loop_recorder::AvatarTickRef;
use super::recorder::objects::ObjectNow;

/// Where an avatar's samples come from inside the loop.
#[derive(Debug, Clone)]
pub enum SampleSource {
    /// The procedural person.
    Demo(DemoPerson),
    /// A take being replayed.
    File(FileReplay),
    /// Samples pushed over gRPC.
    Push(std::sync::Arc<PushQueue>),
    /// Device poses received as VMC messages over UDP.
    Vmc(std::sync::Arc<super::vmc_source::VmcListener>),
    /// The OpenXR runtime, read on the source's own thread.
    OpenXr(posewire_openxr::OpenXrSource),
}

impl SampleSource {
    /// Appends the samples due by loop time `t`.
    pub fn poll(&mut self, t: f64, out: &mut Vec<TrackerSample>) {
        match self {
            SampleSource::Demo(person) => out.extend(person.samples(t)),
            SampleSource::File(replay) => replay.poll(t, out),
            SampleSource::Push(queue) => queue.poll(t, out),
            SampleSource::Vmc(listener) => listener.poll(t, out),
            SampleSource::OpenXr(source) => source.poll(t, out),
        }
    }

    /// The fingers the source tracks (OpenXR hand tracking) as of the last
    /// poll; none for every other source.
    pub fn tracked_fingers(&self) -> TrackedFingers {
        match self {
            SampleSource::OpenXr(source) => source.tracked_fingers(),
            _ => [None; 2],
        }
    }
}

/// What the loop knows of one device.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DeviceState {
    /// Its last valid pose.
    pub pose: Option<Transform>,
    /// The controller input of that last valid sample.
    pub input: Option<posewire_body::ControllerInput>,
    /// Loop time of its newest sample (valid or not), seconds.
    pub last_sample_s: f64,
    /// Loop time of its newest valid sample, seconds.
    pub last_valid_s: f64,
    /// Samples received.
    pub samples: u64,
    /// Samples the plausibility gate left out, per reason
    /// ([`Rejection::index`]).
    pub rejected: [u64; Rejection::ALL.len()],
}

impl DeviceState {
    /// Whether it had a valid sample within [`LOST_AFTER_S`] of `t`.
    pub fn tracked(&self, t: f64) -> bool {
        self.pose.is_some() && t - self.last_valid_s <= LOST_AFTER_S
    }
}

/// One avatar in the loop.
#[derive(Debug)]
pub struct AvatarRunner {
    /// Its id.
    pub id: String,
    /// Its body profile (a recording stores it; a restarted solver is
    /// built from it).
    pub profile: BodyProfile,
    /// Its skeleton.
    pub skeleton: Skeleton,
    /// Its standing ankle height, metres (for the ik solver's foot
    /// contacts).
    pub ankle_height_m: f64,
    /// Its source.
    pub source: SampleSource,
    /// Its solver.
    pub solver: AvatarSolver,
    /// Per device ([`Device::ALL`] order), what is known of it.
    pub devices: [Option<DeviceState>; Device::COUNT],
    /// Its skinned mesh (built on first need, off the loop).
    pub rig: Option<std::sync::Arc<super::skin::RigSlot>>,
    /// Its recording in progress, if any.
    pub recording: Option<super::recorder::LoopRecorder>,
    /// What its stream showed last, to fade across a solver restart.
    pub handover: super::handover::Handover,
    /// What its solver is built from (the daemon's `[solver]`, with the
    /// plausibility gate of `[devices]`).
    pub settings: SolverSettings,
    /// Pushes queued for its next tick (recorded at that tick).
    pub pushes: Vec<Push>,
    /// Its fingers' curls, fed every sample the source gives (the same
    /// samples a recording keeps, so a take's export poses them alike).
    pub fingers: FingerCurls,
    /// Its fingers as the source tracks them (OpenXR hand tracking), as
    /// of the last poll; they take precedence over the curls.
    pub tracked_fingers: TrackedFingers,
    /// Its hands' rest offsets (from its skeleton).
    pub hands: HandSkeleton,
    scratch: Vec<TrackerSample>,
    verdicts: Vec<Verdict>,
    accepted: Vec<TrackerSample>,
    /// The samples its solvers were handed over the last [`WARM_UP_S`]
    /// (by sample time), oldest first.
    past: PastSamples,
    /// Set by a restart until its solver's first tick is done: that tick's
    /// input is `warm_input` (see [`AvatarRunner::restart_solver`]).
    warming: bool,
    /// A warm-up tick's input: the past samples in time order, then the
    /// tick's own.
    warm_input: Vec<TrackerSample>,
}

/// At most this many past samples are kept (30 devices at 90 Hz over
/// [`WARM_UP_S`]), whatever a source sends.
pub const MAX_PAST_SAMPLES: usize = 30 * 108;

/// The samples handed to an avatar's solvers over the last [`WARM_UP_S`],
/// in the order they were handed.
#[derive(Debug, Clone, Default)]
struct PastSamples {
    samples: VecDeque<TrackerSample>,
}

impl PastSamples {
    /// Keeps a tick's samples, letting go of those older than
    /// [`WARM_UP_S`] before loop time `t` (and the oldest beyond
    /// [`MAX_PAST_SAMPLES`]).
    fn keep(&mut self, t: f64, samples: &[TrackerSample]) {
        self.samples.extend(samples.iter().copied());
        let from = t - WARM_UP_S;
        while self
            .samples
            .front()
            .is_some_and(|s| s.time_s < from || self.samples.len() > MAX_PAST_SAMPLES)
        {
            self.samples.pop_front();
        }
    }

    /// The samples kept, in time order (in the order handed among equal
    /// times).
    fn in_time_order(&self) -> Vec<TrackerSample> {
        let mut out: Vec<TrackerSample> = self.samples.iter().copied().collect();
        out.sort_by(|a, b| a.time_s.total_cmp(&b.time_s));
        out
    }
}

impl AvatarRunner {
    /// An avatar with a profile, a source and the settings of its solver.
    pub fn new(
        id: &str,
        profile: &BodyProfile,
        source: SampleSource,
        settings: &SolverSettings,
    ) -> Self {
        AvatarRunner {
            id: id.to_string(),
            profile: profile.clone(),
            skeleton: Skeleton::from_profile(profile),
            ankle_height_m: profile.body.ankle_height,
            source,
            solver: AvatarSolver::new(profile, settings),
            devices: [None; Device::COUNT],
            rig: None,
            recording: None,
            handover: super::handover::Handover::default(),
            settings: *settings,
            pushes: Vec::new(),
            fingers: FingerCurls::new(),
            tracked_fingers: [None; 2],
            hands: HandSkeleton::from_skeleton(&Skeleton::from_profile(profile)),
            scratch: Vec::new(),
            verdicts: Vec::new(),
            accepted: Vec::new(),
            past: PastSamples::default(),
            warming: false,
            warm_input: Vec::new(),
        }
    }

    /// The samples the last [`AvatarRunner::take_samples`] took from the
    /// source for the tick (all of them: the gate's verdicts are in
    /// [`AvatarRunner::last_accepted`]).
    pub fn last_samples(&self) -> &[TrackerSample] {
        &self.scratch
    }

    /// Hands this tick to its recording, if any (called by the loop every
    /// tick, after solving, before the tick's samples and pushes are let
    /// go): the samples it took, the pushes its body took, the fingers its
    /// source tracks, its solved `body` and the space's `objects` after the tick. A recording whose
    /// writer has stopped is let go.
    pub fn record_tick(
        &mut self,
        sequence: u64,
        t: f64,
        body: Option<&Solved>,
        objects: &[ObjectNow],
    ) {
        let Some(mut recorder) = self.recording.take() else {
            return;
        };
        if recorder.tick(sequence, t, self.tick_to_record(body), objects) {
            self.recording = Some(recorder);
        }
    }

    /// This tick as a recording (its own or the scene's) takes it: the
    /// samples its solver was handed (after a restart, the past ones before
    /// the tick's own), its pushes, the fingers its source tracks and its
    /// solved `body`.
    pub fn tick_to_record<'a>(&'a self, body: Option<&'a Solved>) -> AvatarTickRef<'a> {
        AvatarTickRef {
            id: &self.id,
            samples: if self.warming {
                &self.warm_input
            } else {
                &self.scratch
            },
            pushes: &self.pushes,
            fingers: &self.tracked_fingers,
            body,
        }
    }

    /// Those of [`AvatarRunner::last_samples`] that the plausibility gate
    /// let through (and the tracking losses), for the calibration wizard.
    pub fn last_accepted(&self) -> &[TrackerSample] {
        &self.accepted
    }

    /// The same avatar (id, source, devices seen, recording, past samples
    /// and a restart waiting for its first tick) with a new profile: a new
    /// solver and skeleton, which wait for the source's next samples; the
    /// stream fades over from the old body.
    pub fn with_profile(self, profile: &BodyProfile) -> AvatarRunner {
        let mut next = AvatarRunner::new(&self.id, profile, self.source, &self.settings);
        next.devices = self.devices;
        next.recording = self.recording;
        next.handover = self.handover;
        next.handover.solver_restarted();
        next.past = self.past;
        next.warming = self.warming;
        next.fingers = self.fingers;
        next.tracked_fingers = self.tracked_fingers;
        next
    }

    /// Restarts the solver from scratch (as when the avatar was created);
    /// at its first tick it is handed the samples its predecessor was
    /// handed over the last [`WARM_UP_S`], in time order, before the
    /// tick's own, and warms up on them
    /// ([`posewire_solver::AvatarSolver::warm_up`]). A recording starts
    /// here and its first tick keeps all of them, so that an offline
    /// re-solve, which warms up its fresh solver on the take's first tick,
    /// starts from the same state. The live stream fades over from the old
    /// body ([`super::handover`]).
    pub fn restart_solver(&mut self, space: &mut SharedSpace) {
        self.solver.leave(space);
        self.solver = AvatarSolver::new(&self.profile, &self.settings);
        // A push queued for the old body does not reach the new one.
        self.pushes.clear();
        self.handover.solver_restarted();
        self.warming = true;
    }

    /// Takes every sample due by loop time `t` from the source, for the
    /// tick to hand to the solver (after a restart's past samples); returns
    /// how many arrived.
    pub fn take_samples(&mut self, t: f64) -> usize {
        self.scratch.clear();
        self.source.poll(t, &mut self.scratch);
        if self.warming {
            self.warm_input = self.past.in_time_order();
            self.warm_input.extend_from_slice(&self.scratch);
        }
        self.past.keep(t, &self.scratch);
        for sample in &self.scratch {
            self.fingers.push(sample);
        }
        self.tracked_fingers = self.source.tracked_fingers();
        self.scratch.len()
    }

    /// After the tick: what the plausibility gate said of each of the
    /// source's samples goes into the devices' known state (a rejected
    /// sample is counted per device and reason and leaves the state as it
    /// was), and the queued pushes and a restart's past samples are done
    /// with.
    pub fn after_tick(&mut self) {
        self.accepted.clear();
        self.pushes.clear();
        // A warm-up's verdicts begin with those on the past samples.
        let past = if std::mem::take(&mut self.warming) {
            self.warm_input.len().saturating_sub(self.scratch.len())
        } else {
            0
        };
        let verdicts = self.verdicts.get(past..).unwrap_or_default();
        for (sample, verdict) in self.scratch.iter().zip(verdicts) {
            if !matches!(verdict, Verdict::Rejected(_)) {
                self.accepted.push(*sample);
            }
            let state = self.devices[sample.device.index()].get_or_insert(DeviceState {
                pose: None,
                input: None,
                last_sample_s: sample.time_s,
                last_valid_s: f64::NEG_INFINITY,
                samples: 0,
                rejected: [0; Rejection::ALL.len()],
            });
            state.samples += 1;
            state.last_sample_s = sample.time_s;
            match (verdict, sample.pose) {
                (Verdict::Accepted, Some(pose)) => {
                    state.pose = Some(pose);
                    state.input = sample.input;
                    state.last_valid_s = sample.time_s;
                }
                (Verdict::Rejected(reason), _) => state.rejected[reason.index()] += 1,
                _ => {}
            }
        }
    }

    /// The fingers' rotations at loop time `t` ([`FingerJoint::all`]
    /// order): tracked joints where the source tracks them, the
    /// controller curls elsewhere; `None` while neither has been seen.
    pub fn finger_rotations(&self, t: f64) -> Option<[DQuat; FingerJoint::COUNT]> {
        (self.fingers.seen() || hand_tracking::any_tracked(&self.tracked_fingers))
            .then(|| hand_tracking::merged(&self.fingers.at(t), &self.tracked_fingers))
    }

    /// Whether the solver can pose a body (its headset has been seen).
    pub fn ready(&self) -> bool {
        self.solver.ready()
    }

    /// The devices seen so far.
    pub fn seen(&self) -> Vec<Device> {
        Device::ALL
            .into_iter()
            .filter(|d| self.devices[d.index()].is_some())
            .collect()
    }
}

impl Ticking for AvatarRunner {
    fn tick_input(&mut self) -> TickInput<'_> {
        let warm_up = self.warming;
        TickInput {
            solver: &mut self.solver,
            samples: if warm_up {
                &self.warm_input
            } else {
                &self.scratch
            },
            pushes: &self.pushes,
            verdicts: &mut self.verdicts,
            warm_up,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head_at(time_s: f64) -> TrackerSample {
        TrackerSample {
            time_s,
            device: Device::Head,
            pose: Some(Transform::IDENTITY),
            input: None,
        }
    }

    #[test]
    fn the_past_holds_the_last_warm_up_span_in_time_order() {
        let mut past = PastSamples::default();
        for k in 0..300 {
            let t = k as f64 / 90.0;
            past.keep(t, &[head_at(t)]);
        }
        // A late sample, handed after a newer one.
        past.keep(
            300.0 / 90.0,
            &[head_at(300.0 / 90.0), head_at(299.5 / 90.0)],
        );
        let kept = past.in_time_order();
        let newest = 300.0 / 90.0;
        assert!(kept.iter().all(|s| s.time_s >= newest - WARM_UP_S));
        // 1.2 s of ticks (108 or 109 by rounding at the edge) and the late one.
        assert!((109..=110).contains(&kept.len()), "{}", kept.len());
        assert!(kept.windows(2).all(|w| w[0].time_s <= w[1].time_s));
        // A flood is bounded.
        let flood = vec![head_at(newest); 2 * MAX_PAST_SAMPLES];
        past.keep(newest, &flood);
        assert_eq!(past.in_time_order().len(), MAX_PAST_SAMPLES);
    }
}
