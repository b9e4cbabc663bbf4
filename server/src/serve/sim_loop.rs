//! The real-time loop: a dedicated OS thread on a fixed clock. Each tick
//! takes the samples due from every avatar's source, steps every avatar in
//! one shared space (the `ik` solver per avatar, or one physics world for
//! all), and publishes one frame into the broadcast fan-out, which never
//! blocks. A tick whose work overruns its period is counted and the next
//! tick runs late (never two at once); simulation time advances by one
//! period per tick whatever happens. Logs only on state changes. In a
//! shared space (`[cluster]`), each frame also carries the other nodes'
//! newest avatars and objects, and the physics world holds them as
//! kinematic bodies ([`super::cluster`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use posewire_body::Device;
use posewire_proto::v1 as pb;
use posewire_solver::physics::Scene;
use posewire_solver::SolverKind;

use super::avatar_runner::AvatarRunner;
use super::frame_build::{avatar_frame, AvatarSnapshot};
use super::state::Shared;
use super::stats::{AvatarStat, DeviceStat};
use posewire_solver::{AvatarSolver, Solved};

/// What the loop runs.
#[derive(Debug)]
pub struct LoopSetup {
    /// The avatars.
    pub avatars: Vec<AvatarRunner>,
    /// The scene of the physics world.
    pub scene: Scene,
    /// Avatar commands from the services, drained each tick.
    pub commands: std::sync::mpsc::Receiver<super::live::Command>,
}

/// The running loop; [`LoopHandle::stop`] ends it.
#[derive(Debug)]
pub struct LoopHandle {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl LoopHandle {
    /// Asks the loop to stop after its current tick and waits for it.
    pub fn stop(mut self) {
        self.stop_and_join();
    }

    fn stop_and_join(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            if thread.join().is_err() {
                tracing::error!("the real-time loop panicked");
            }
        }
    }
}

impl Drop for LoopHandle {
    fn drop(&mut self) {
        self.stop_and_join();
    }
}

/// Starts the loop thread.
pub fn spawn(setup: LoopSetup, shared: Arc<Shared>) -> std::io::Result<LoopHandle> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let thread = std::thread::Builder::new()
        .name("posewire-loop".into())
        .spawn(move || run(setup, &shared, &flag))?;
    Ok(LoopHandle {
        stop,
        thread: Some(thread),
    })
}

fn unix_ns() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX))
}

/// What the loop keeps from one tick to the next.
struct LoopState {
    setup: LoopSetup,
    space: posewire_solver::SharedSpace,
    sequence: u64,
    was_ready: Vec<bool>,
    newest_arrival_ns: i64,
    overrun_logged: bool,
    deformed: posewire_skinning::Deformed,
    props: super::demo_props::DemoProps,
    remote_colliders: super::cluster::bodies::RemoteColliders,
    remote_objects: super::cluster::objects::RemoteObjectCopies,
    /// The scene recording (every avatar of the space), if one runs.
    scene_recording: Option<super::recorder::LoopRecorder>,
}

/// What the streamed avatars cost in skinning this tick.
#[derive(Default)]
struct SkinCost {
    time: Duration,
    skinned: u64,
}

fn run(setup: LoopSetup, shared: &Shared, stop: &AtomicBool) {
    let rate = shared.rate_hz;
    let period = Duration::from_secs_f64(1.0 / rate);
    let mut state = LoopState {
        space: posewire_solver::SharedSpace::new(&shared.solver, &setup.scene, rate),
        was_ready: vec![false; setup.avatars.len()],
        setup,
        sequence: 0,
        newest_arrival_ns: 0,
        overrun_logged: false,
        deformed: posewire_skinning::Deformed::default(),
        props: super::demo_props::DemoProps::default(),
        remote_colliders: super::cluster::bodies::RemoteColliders::default(),
        remote_objects: super::cluster::objects::RemoteObjectCopies::default(),
        scene_recording: None,
    };
    let start = Instant::now();
    shared.stats().started = Some(start);
    let mut deadline = start;
    tracing::info!(
        rate_hz = rate,
        solver = shared.solver.kind.name(),
        "real-time loop started"
    );
    while !stop.load(Ordering::SeqCst) {
        let now = Instant::now();
        if deadline > now {
            std::thread::sleep(deadline - now);
        }
        let tick_start = Instant::now();
        state.tick(shared, tick_start, period);
        // The next tick is one period after this one's deadline, or now if
        // that has passed (late, never twice at once).
        deadline = (deadline + period).max(Instant::now());
    }
    tracing::info!(frames = state.sequence, "real-time loop stopped");
}

impl LoopState {
    /// One tick: commands, samples, the shared space's step, recordings,
    /// the frame built and published, the statistics.
    fn tick(&mut self, shared: &Shared, tick_start: Instant, period: Duration) {
        let t = self.sequence as f64 / shared.rate_hz;
        self.take_commands(shared, t);
        let solved = self.solve_and_record(shared, t);
        let mut cost = SkinCost::default();
        let mut avatars = self.avatar_frames(shared, &solved, t, &mut cost);
        let objects = self.exchange_with_cluster(shared, &mut avatars);
        if cost.skinned > 0 {
            shared
                .live
                .skin_cost()
                .record(cost.time.as_secs_f64() * 1e3, cost.skinned);
        }
        let frame = pb::Frame {
            sequence: self.sequence,
            simulation_time_s: t,
            capture_time_unix_ns: self.newest_arrival_ns,
            publish_time_unix_ns: unix_ns(),
            avatars,
            objects,
        };
        // Never blocks; an error only means nobody is subscribed.
        let _ = shared.frames.send(Arc::new(frame));
        let work = tick_start.elapsed();
        let overrun = work > period;
        if overrun && !self.overrun_logged {
            self.overrun_logged = true;
            tracing::warn!(
                work_ms = work.as_secs_f64() * 1e3,
                period_ms = period.as_secs_f64() * 1e3,
                "a tick took longer than its period (further overruns are counted in GetStats)"
            );
        }
        record(
            shared,
            &self.setup.avatars,
            &solved,
            &self.was_ready,
            Tick { t, work, overrun },
        );
        self.sequence += 1;
    }

    /// The demo's props, then every avatar command the services sent.
    fn take_commands(&mut self, shared: &Shared, t: f64) {
        let mut parts = super::demo_props::LoopParts {
            avatars: &mut self.setup.avatars,
            was_ready: &mut self.was_ready,
            shared,
            space: &mut self.space,
            sequence: self.sequence,
            scene_recording: &mut self.scene_recording,
        };
        self.props.before_tick(&mut parts, t);
        while let Ok(command) = self.setup.commands.try_recv() {
            super::commands::apply(command, &mut parts);
        }
    }

    /// The samples due, one step of the shared space, each avatar's tick
    /// handed to its recording and the accepted samples to the live taps.
    fn solve_and_record(&mut self, shared: &Shared, t: f64) -> Vec<Option<Solved>> {
        let arrival = unix_ns();
        for avatar in &mut self.setup.avatars {
            if avatar.take_samples(t) > 0 {
                self.newest_arrival_ns = arrival;
            }
        }
        let solved = self.space.tick(&mut self.setup.avatars, t);
        let objects_now = super::objects::objects_to_record(
            &self.space,
            &self.setup.avatars,
            self.scene_recording.is_some(),
        );
        self.record_scene(t, &solved, &objects_now);
        for (avatar, body) in self.setup.avatars.iter_mut().zip(&solved) {
            avatar.record_tick(self.sequence, t, body.as_ref(), &objects_now);
            avatar.after_tick();
            if !avatar.last_samples().is_empty() {
                shared.live.feed_taps(&avatar.id, avatar.last_accepted());
            }
        }
        solved
    }

    /// Hands the tick of every avatar to the scene recording, if one runs
    /// (let go when its writer has stopped).
    fn record_scene(
        &mut self,
        t: f64,
        solved: &[Option<Solved>],
        objects: &[super::recorder::objects::ObjectNow],
    ) {
        let Some(recorder) = self.scene_recording.as_mut() else {
            return;
        };
        let ticks = self
            .setup
            .avatars
            .iter()
            .zip(solved)
            .map(|(a, body)| a.tick_to_record(body.as_ref()));
        if !recorder.scene_tick(self.sequence, t, ticks, objects) {
            self.scene_recording = None;
        }
    }

    /// The frame's avatars: each solved body as streamed (faded across a
    /// solver restart), skinned for the subscribers that want vertices.
    fn avatar_frames(
        &mut self,
        shared: &Shared,
        solved: &[Option<Solved>],
        t: f64,
        cost: &mut SkinCost,
    ) -> Vec<pb::AvatarFrame> {
        let any_vertices = shared.live.vertices.any();
        let mut avatars = Vec::with_capacity(self.setup.avatars.len());
        for (i, (avatar, body)) in self.setup.avatars.iter_mut().zip(solved).enumerate() {
            let Some(body) = body else { continue };
            // The recording took the solver's own pose; the stream fades
            // across a solver restart instead of jumping.
            let pose = avatar.handover.stream(&body.pose, t);
            if !self.was_ready[i] {
                self.was_ready[i] = true;
                tracing::info!(avatar = %avatar.id, "avatar has a body (headset seen)");
            }
            let mut out = avatar_frame(
                &AvatarSnapshot {
                    id: &avatar.id,
                    pose: &pose,
                    skeleton: &avatar.skeleton,
                    devices: &avatar.devices,
                    contacts: body.contacts,
                    physics: body.physics.as_ref(),
                    fingers: avatar.finger_rotations(t).map(|f| (&avatar.hands, f)),
                },
                t,
            );
            if !super::frame_check::avatar_is_finite(&out) {
                // Never streamed: the avatar starts again from its devices.
                avatar.restart_solver(&mut self.space);
                let mut stats = shared.stats();
                stats.non_finite_resets += 1;
                if stats.non_finite_resets == 1 {
                    tracing::warn!(avatar = %avatar.id, "an avatar's solved state went non-finite (NaN or infinite); it was left out of the frame and its solver reset (further resets are counted in GetStats `non_finite_resets`)");
                }
                continue;
            }
            if any_vertices && shared.live.vertices.wanted(&avatar.id) {
                out.vertices = skin(avatar, &pose, &mut self.deformed, cost);
            }
            avatars.push(out);
        }
        avatars
    }

    /// The frame's objects; in a shared space, also this node's objects
    /// and skeletons for the publisher, and the other nodes' avatars and
    /// objects merged into the frame and held as kinematic bodies of the
    /// next step.
    fn exchange_with_cluster(
        &mut self,
        shared: &Shared,
        avatars: &mut Vec<pb::AvatarFrame>,
    ) -> Vec<pb::ObjectFrame> {
        let Some(link) = &shared.cluster else {
            let mut objects = super::objects::frame_objects(&self.space, &self.setup.avatars);
            objects.retain(super::frame_check::object_is_finite);
            return objects;
        };
        let (mut objects, own) =
            super::objects::frame_and_scene_objects(&self.space, &self.setup.avatars);
        link.set_own_objects(Arc::new(own));
        if self
            .sequence
            .is_multiple_of(super::cluster::wire::SKELETON_EVERY)
        {
            link.set_own_skeletons(Arc::new(own_skeletons(shared)));
        }
        let now = Instant::now();
        link.remote.merge_into(now, avatars);
        link.remote.merge_objects_into(now, &mut objects);
        objects.retain(super::frame_check::object_is_finite);
        if let Some(world) = self.space.world_mut() {
            self.remote_colliders.update(world, avatars);
            self.remote_objects.update(world, &link.remote.objects(now));
        }
        objects
    }
}

/// The avatar's skinned vertices for `pose` (float32), once its rig is
/// built (built in the background on first need: `None` until then).
fn skin(
    avatar: &AvatarRunner,
    pose: &posewire_body::BodyPose,
    deformed: &mut posewire_skinning::Deformed,
    cost: &mut SkinCost,
) -> Option<pb::SkinnedVertices> {
    let slot = avatar.rig.as_ref()?;
    let Some(rig) = slot.ready() else {
        slot.build_in_background();
        return None;
    };
    let skin_start = Instant::now();
    rig.skin(pose, deformed);
    let vertices = super::skin::encode_float32(&deformed.positions);
    cost.time += skin_start.elapsed();
    cost.skinned += 1;
    Some(vertices)
}

/// The skeletons of the daemon's avatars, as GetSkeleton answers them.
fn own_skeletons(shared: &Shared) -> Vec<pb::Skeleton> {
    shared
        .avatars()
        .iter()
        .map(|a| super::frame_build::skeleton(&a.id, &a.skeleton, &a.profile_name, a.stature_m))
        .collect()
}

/// One tick's loop time and how long its work took.
struct Tick {
    t: f64,
    work: Duration,
    overrun: bool,
}

/// One avatar's solver and simulated body after a tick (GetStats).
fn avatar_stat(avatar: &AvatarRunner, body: Option<&Solved>) -> AvatarStat {
    let solver = match &avatar.solver {
        AvatarSolver::Ik(_) => SolverKind::Ik,
        AvatarSolver::Physics(_) => SolverKind::Physics,
    };
    AvatarStat {
        avatar_id: avatar.id.clone(),
        solver,
        reaction: body.and_then(|b| b.physics.as_ref()).map(|f| f.reaction),
        counts: avatar.solver.reaction_counts(),
    }
}

fn record(
    shared: &Shared,
    avatars: &[AvatarRunner],
    solved: &[Option<Solved>],
    ready: &[bool],
    tick: Tick,
) {
    let Tick { t, work, overrun } = tick;
    let mut stats = shared.stats();
    stats.record_tick(work.as_secs_f64() * 1e3, overrun);
    stats.avatars.clear();
    let bodies = solved
        .iter()
        .map(Option::as_ref)
        .chain(std::iter::repeat(None));
    stats
        .avatars
        .extend(avatars.iter().zip(bodies).map(|(a, b)| avatar_stat(a, b)));
    stats.ready = ready.to_vec();
    stats.seen = avatars.iter().map(AvatarRunner::seen).collect();
    stats.devices.clear();
    for a in avatars {
        for d in Device::ALL {
            if let Some(state) = a.devices[d.index()] {
                stats.devices.push(DeviceStat {
                    avatar_id: a.id.clone(),
                    device: d,
                    sample_age_s: (t - state.last_sample_s).max(0.0),
                    samples: state.samples,
                    tracked: state.tracked(t),
                    rejected: state.rejected,
                });
            }
        }
    }
}
