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

fn run(mut setup: LoopSetup, shared: &Shared, stop: &AtomicBool) {
    let rate = shared.rate_hz;
    let period = Duration::from_secs_f64(1.0 / rate);
    let mut space = posewire_solver::SharedSpace::new(&shared.solver, &setup.scene, rate);
    let start = Instant::now();
    shared.stats().started = Some(start);
    let mut deadline = start;
    let mut sequence: u64 = 0;
    let mut was_ready = vec![false; setup.avatars.len()];
    let mut newest_arrival_ns: i64 = 0;
    let mut overrun_logged = false;
    let mut deformed = posewire_skinning::Deformed::default();
    let mut props = super::demo_props::DemoProps::default();
    let mut remote_colliders = super::cluster::bodies::RemoteColliders::default();
    let mut remote_objects = super::cluster::objects::RemoteObjectCopies::default();
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
        let t = sequence as f64 / rate;
        props.before_tick(
            &mut super::demo_props::LoopParts {
                avatars: &mut setup.avatars,
                was_ready: &mut was_ready,
                shared,
                space: &mut space,
                sequence,
            },
            t,
        );
        while let Ok(command) = setup.commands.try_recv() {
            super::commands::apply(
                command,
                &mut setup.avatars,
                &mut was_ready,
                shared,
                &mut space,
                sequence,
            );
        }
        let arrival = unix_ns();
        for avatar in &mut setup.avatars {
            if avatar.take_samples(t) > 0 {
                newest_arrival_ns = arrival;
            }
        }
        let solved = space.tick(&mut setup.avatars, t);
        let objects_now = super::objects::objects_to_record(&space, &setup.avatars);
        for (avatar, body) in setup.avatars.iter_mut().zip(&solved) {
            avatar.record_tick(sequence, t, body.as_ref(), &objects_now);
            avatar.after_tick();
            if !avatar.last_samples().is_empty() {
                shared.live.feed_taps(&avatar.id, avatar.last_accepted());
            }
        }
        let mut skin_time = Duration::ZERO;
        let mut skinned = 0u64;
        let any_vertices = shared.live.vertices.any();
        let mut avatars = Vec::with_capacity(setup.avatars.len());
        for (i, (avatar, body)) in setup.avatars.iter_mut().zip(&solved).enumerate() {
            let Some(body) = body else { continue };
            // The recording above took the solver's own pose; the stream
            // fades across a solver restart instead of jumping.
            let pose = avatar.handover.stream(&body.pose, t);
            if !was_ready[i] {
                was_ready[i] = true;
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
                },
                t,
            );
            if any_vertices && shared.live.vertices.wanted(&avatar.id) {
                if let Some(slot) = &avatar.rig {
                    match slot.ready() {
                        Some(rig) => {
                            let skin_start = Instant::now();
                            rig.skin(&pose, &mut deformed);
                            out.vertices = Some(super::skin::encode_float32(&deformed.positions));
                            skin_time += skin_start.elapsed();
                            skinned += 1;
                        }
                        None => slot.build_in_background(),
                    }
                }
            }
            avatars.push(out);
        }
        let mut objects = match &shared.cluster {
            // In a shared space, this node's objects for the publisher too.
            Some(link) => {
                let (frames, own) = super::objects::frame_and_scene_objects(&space, &setup.avatars);
                link.set_own_objects(Arc::new(own));
                frames
            }
            None => super::objects::frame_objects(&space, &setup.avatars),
        };
        if let Some(link) = &shared.cluster {
            // The other nodes' avatars and objects: in the frame, and as
            // kinematic bodies of the next step.
            if sequence.is_multiple_of(super::cluster::wire::SKELETON_EVERY) {
                link.set_own_skeletons(Arc::new(own_skeletons(shared)));
            }
            let now = Instant::now();
            link.remote.merge_into(now, &mut avatars);
            link.remote.merge_objects_into(now, &mut objects);
            if let Some(world) = space.world_mut() {
                remote_colliders.update(world, &avatars);
                remote_objects.update(world, &link.remote.objects(now));
            }
        }
        if skinned > 0 {
            shared
                .live
                .skin_cost()
                .record(skin_time.as_secs_f64() * 1e3, skinned);
        }
        let frame = pb::Frame {
            sequence,
            simulation_time_s: t,
            capture_time_unix_ns: newest_arrival_ns,
            publish_time_unix_ns: unix_ns(),
            avatars,
            objects,
        };
        // Never blocks; an error only means nobody is subscribed.
        let _ = shared.frames.send(Arc::new(frame));
        let work = tick_start.elapsed();
        let overrun = work > period;
        if overrun && !overrun_logged {
            overrun_logged = true;
            tracing::warn!(
                work_ms = work.as_secs_f64() * 1e3,
                period_ms = period.as_secs_f64() * 1e3,
                "a tick took longer than its period (further overruns are counted in GetStats)"
            );
        }
        record(
            shared,
            &setup.avatars,
            &solved,
            &was_ready,
            Tick { t, work, overrun },
        );
        sequence += 1;
        // The next tick is one period after this one's deadline, or now if
        // that has passed (late, never twice at once).
        deadline = (deadline + period).max(Instant::now());
    }
    tracing::info!(frames = sequence, "real-time loop stopped");
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
