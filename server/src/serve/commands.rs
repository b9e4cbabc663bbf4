//! Applying avatar commands inside the loop thread, between ticks: each is
//! a swap of something the service already built, so the loop never waits
//! on files or locks held for long. The loop is the only writer of the
//! avatar list the services read.

use std::collections::BTreeMap;
use std::sync::{Arc, PoisonError};

use posewire_body::BodyProfile;
use posewire_proto::v1 as pb;
use posewire_solver::{Push, PushRefused, SharedSpace};
use tonic::Status;

use super::avatar_info::AvatarInfo;
use super::avatar_runner::{AvatarRunner, SampleSource};
use super::demo_props::LoopParts;
use super::live::Command;
use super::object_commands::ObjectChange;
use super::push_source::PushQueue;
use super::recorder::LoopRecorder;
use super::skin::RigSlot;
use super::state::Shared;

/// Takes an avatar's simulated body out of the physics world (if any).
fn drop_body(space: &mut SharedSpace, avatar: &AvatarRunner) {
    avatar.solver.leave(space);
}

fn not_found(id: &str) -> Status {
    Status::not_found(format!("no avatar `{id}`"))
}

/// Applies one command and answers it, before the coming tick runs.
pub fn apply(command: Command, parts: &mut LoopParts<'_>) {
    let shared = parts.shared;
    let mut infos = shared
        .avatars
        .write()
        .unwrap_or_else(PoisonError::into_inner);
    let mut queues = shared
        .push_queues
        .write()
        .unwrap_or_else(PoisonError::into_inner);
    let mut target = Avatars {
        avatars: parts.avatars,
        was_ready: parts.was_ready,
        infos: &mut infos,
        queues: &mut queues,
        shared,
        space: parts.space,
        sequence: parts.sequence,
        scene: parts.scene_recording,
    };
    let (reply, result) = match command {
        Command::Create {
            runner,
            info,
            queue,
            reply,
        } => (reply, target.create(runner, info, queue)),
        Command::Remove { id, reply } => (reply, target.remove(&id)),
        Command::SetSource {
            id,
            source,
            described,
            queue,
            reply,
        } => (reply, target.set_source(&id, source, described, queue)),
        Command::SetProfile {
            id,
            profile,
            name,
            reply,
        } => (reply, target.set_profile(&id, &profile, name)),
        Command::Impulse {
            id,
            joint,
            impulse,
            reply,
        } => {
            let push = Push { joint, impulse };
            (reply, target.with(&id, |a| queue_push(a, push)))
        }
        Command::StartRecording {
            id,
            recorder,
            reply,
        } => (reply, target.start_recording(&id, *recorder)),
        Command::Objects { change, reply } => {
            // Nobody waiting is no error.
            let _ = reply.send(target.objects(change));
            return;
        }
        Command::RefinedProfile { id, reply } => {
            // Nobody waiting is no error.
            let _ = reply.send(target.refined_profile(&id));
            return;
        }
        Command::Gaze {
            id,
            target: at,
            reply,
        } => {
            let result = target.with(&id, |a| {
                a.solver.set_gaze_target(at);
                Ok(())
            });
            (reply, result)
        }
    };
    // The asker may have gone (cancelled call): nothing to do then.
    let _ = reply.send(result);
}

/// What a command changes: the loop's avatars (with whether each was
/// ready), the services' list of them and the push queues (both locked
/// for the command), and the space, before tick `sequence`.
struct Avatars<'a> {
    avatars: &'a mut Vec<AvatarRunner>,
    was_ready: &'a mut Vec<bool>,
    infos: &'a mut Vec<AvatarInfo>,
    queues: &'a mut BTreeMap<String, Arc<PushQueue>>,
    shared: &'a Shared,
    space: &'a mut SharedSpace,
    sequence: u64,
    /// The scene recording, if one runs.
    scene: &'a mut Option<LoopRecorder>,
}

impl Avatars<'_> {
    /// Where the avatar `id` is in the list.
    fn index(&self, id: &str) -> Result<usize, Status> {
        self.avatars
            .iter()
            .position(|a| a.id == id)
            .ok_or_else(|| not_found(id))
    }

    /// Runs `f` on the avatar `id`.
    fn with(
        &mut self,
        id: &str,
        f: impl FnOnce(&mut AvatarRunner) -> Result<(), Status>,
    ) -> Result<(), Status> {
        let i = self.index(id)?;
        f(&mut self.avatars[i])
    }

    /// Adds an avatar the service built (its id must be new).
    fn create(
        &mut self,
        runner: Box<AvatarRunner>,
        info: Box<AvatarInfo>,
        queue: Option<Arc<PushQueue>>,
    ) -> Result<(), Status> {
        if self.avatars.iter().any(|a| a.id == runner.id) {
            return Err(Status::already_exists(format!(
                "avatar `{}` exists",
                runner.id
            )));
        }
        if let Some(queue) = queue {
            self.queues.insert(runner.id.clone(), queue);
        }
        tracing::info!(avatar = %runner.id, "avatar created");
        if let Some(scene) = self.scene.as_mut() {
            scene.avatar_profile(&runner.id, self.sequence, &runner.profile);
        }
        self.avatars.push(*runner);
        self.was_ready.push(false);
        self.infos.push(*info);
        Ok(())
    }

    /// Removes an avatar: its body leaves the world, its recording stops.
    fn remove(&mut self, id: &str) -> Result<(), Status> {
        let i = self.index(id)?;
        drop_body(self.space, &self.avatars[i]);
        if let Some(recorder) = &mut self.avatars[i].recording {
            recorder.stop("the avatar was removed");
        }
        if let Some(scene) = self.scene.as_mut() {
            scene.avatar_left(id, "the avatar was removed");
        }
        self.avatars.remove(i);
        self.was_ready.remove(i);
        self.infos.retain(|a| a.id != id);
        self.queues.remove(id);
        tracing::info!(avatar = %id, "avatar removed");
        Ok(())
    }

    /// Replaces an avatar's device source (and its push queue).
    fn set_source(
        &mut self,
        id: &str,
        source: SampleSource,
        described: pb::DeviceSource,
        queue: Option<Arc<PushQueue>>,
    ) -> Result<(), Status> {
        let i = self.index(id)?;
        self.avatars[i].source = source;
        self.queues.remove(id);
        if let Some(queue) = queue {
            self.queues.insert(id.to_string(), queue);
        }
        if let Some(info) = self.infos.iter_mut().find(|a| a.id == id) {
            info.source = described;
        }
        tracing::info!(avatar = %id, "avatar source replaced");
        Ok(())
    }

    /// Replaces an avatar's body profile: a new solver on the same source,
    /// a new rig, the recording told.
    fn set_profile(&mut self, id: &str, profile: &BodyProfile, name: String) -> Result<(), Status> {
        let i = self.index(id)?;
        // The new body joins the world at its first step.
        drop_body(self.space, &self.avatars[i]);
        let old = self.avatars.remove(i);
        let model = old.rig.as_ref().and_then(|r| r.model().map(Into::into));
        let mut next = old.with_profile(profile);
        if let Some(recorder) = &mut next.recording {
            recorder.profile_changed(self.sequence, profile);
        }
        if let Some(scene) = self.scene.as_mut() {
            scene.avatar_profile(id, self.sequence, profile);
        }
        let skeleton = next.skeleton;
        let rig = Arc::new(RigSlot::new(
            skeleton,
            model,
            self.shared.live.cor_cache_dir(),
        ));
        next.rig = Some(rig.clone());
        self.avatars.insert(i, next);
        self.was_ready[i] = false;
        if let Some(info) = self.infos.iter_mut().find(|a| a.id == id) {
            info.profile_name = name.clone();
            info.skeleton = skeleton;
            info.stature_m = profile.body.stature;
            info.rig = rig;
        }
        tracing::info!(avatar = %id, profile = %name, "avatar profile replaced");
        Ok(())
    }

    /// Starts recording an avatar: its solver restarts from its devices,
    /// the recording begins with its profile and the space's objects.
    fn start_recording(&mut self, id: &str, mut recorder: LoopRecorder) -> Result<(), Status> {
        if id == super::recorder::registry::SCENE {
            self.start_scene_recording(recorder);
            return Ok(());
        }
        let i = self.index(id)?;
        let avatar = &mut self.avatars[i];
        avatar.restart_solver(self.space);
        let objects = super::recorder::objects::adds_at_start(self.space);
        recorder.begin(self.sequence, &avatar.profile, objects);
        avatar.recording = Some(recorder);
        Ok(())
    }

    /// Starts recording the whole space: every avatar's solver restarts
    /// from its devices (as for a take of one avatar; with all of them
    /// leaving, the physics world is built afresh), the recording begins
    /// with each avatar's profile, in the loop's order, and the space's
    /// objects.
    fn start_scene_recording(&mut self, mut recorder: LoopRecorder) {
        for avatar in self.avatars.iter_mut() {
            avatar.restart_solver(self.space);
        }
        for avatar in self.avatars.iter() {
            recorder.avatar_profile(&avatar.id, self.sequence, &avatar.profile);
        }
        let objects = super::recorder::objects::adds_at_start(self.space);
        recorder.object_changes(self.sequence, objects);
        *self.scene = Some(recorder);
    }

    /// Applies an object command and hands the change to the recordings.
    fn objects(&mut self, change: ObjectChange) -> Result<Vec<pb::SceneObject>, Status> {
        let edit = super::object_take::edit_of(&change, 0);
        let answer = super::objects::apply(change, self.space, self.avatars);
        if let (Some(edit), Ok(objects)) = (edit, &answer) {
            record_object_change(self.avatars, self.scene, self.sequence, edit, objects);
        }
        answer
    }

    /// A copy of an avatar's profile with the device offsets its solver
    /// uses.
    fn refined_profile(&self, id: &str) -> Result<Box<BodyProfile>, Status> {
        let avatar = &self.avatars[self.index(id)?];
        Ok(Box::new(super::profiles::with_offsets(
            &avatar.profile,
            |d| avatar.solver.device_offset(d),
        )))
    }
}

/// Hands a change made to the objects to every recording (an add with the
/// id the world gave it, which its answer names).
fn record_object_change(
    avatars: &mut [AvatarRunner],
    scene: &mut Option<LoopRecorder>,
    sequence: u64,
    mut edit: posewire_takes::ObjectEdit,
    answer: &[posewire_proto::v1::SceneObject],
) {
    if let posewire_takes::ObjectEdit::Add { id, .. } = &mut edit {
        match answer
            .first()
            .and_then(|o| super::object_convert::object_id(&o.id).ok())
        {
            Some(added) => *id = added.0,
            None => return,
        }
    }
    let avatars = avatars.iter_mut().filter_map(|a| a.recording.as_mut());
    for recording in avatars.chain(scene.as_mut()) {
        recording.object_changes(sequence, vec![edit.clone()]);
    }
}

/// Queues a push for the avatar's next tick (which applies it before the
/// bodies prepare, and records it with the tick), or says why it cannot be
/// taken.
fn queue_push(avatar: &mut AvatarRunner, push: Push) -> Result<(), Status> {
    match avatar.solver.check_push(&push) {
        Ok(()) => {
            avatar.pushes.push(push);
            Ok(())
        }
        Err(PushRefused::NotPhysics) => Err(Status::failed_precondition(
            "PushImpulse needs the physics solver (`[solver] kind = \"physics\"`); this daemon \
             runs the kinematic ik solver, which has no simulated body to push",
        )),
        Err(e) => Err(Status::failed_precondition(format!(
            "avatar `{}`: {e}",
            avatar.id
        ))),
    }
}
