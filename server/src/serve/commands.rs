//! Applying avatar commands inside the loop thread, between ticks: each is
//! a swap of something the service already built, so the loop never waits
//! on files or locks held for long. The loop is the only writer of the
//! avatar list the services read.

use std::sync::{Arc, PoisonError};

use posewire_solver::{Push, PushRefused, SharedSpace};
use tonic::Status;

use super::avatar::AvatarRunner;
use super::live::Command;
use super::skin::RigSlot;
use super::state::Shared;

/// Takes an avatar's simulated body out of the physics world (if any).
fn drop_body(space: &mut SharedSpace, avatar: &AvatarRunner) {
    avatar.solver.leave(space);
}

fn not_found(id: &str) -> Status {
    Status::not_found(format!("no avatar `{id}`"))
}

/// Applies one command and answers it, before tick `sequence` runs.
pub fn apply(
    command: Command,
    avatars: &mut Vec<AvatarRunner>,
    was_ready: &mut Vec<bool>,
    shared: &Shared,
    space: &mut SharedSpace,
    sequence: u64,
) {
    let index = |id: &str, avatars: &[AvatarRunner]| avatars.iter().position(|a| a.id == id);
    let mut infos = shared
        .avatars
        .write()
        .unwrap_or_else(PoisonError::into_inner);
    let mut queues = shared
        .push_queues
        .write()
        .unwrap_or_else(PoisonError::into_inner);
    let (reply, result) = match command {
        Command::Create {
            runner,
            info,
            queue,
            reply,
        } => {
            let result = if index(&runner.id, avatars).is_some() {
                Err(Status::already_exists(format!(
                    "avatar `{}` exists",
                    runner.id
                )))
            } else {
                if let Some(queue) = queue {
                    queues.insert(runner.id.clone(), queue);
                }
                tracing::info!(avatar = %runner.id, "avatar created");
                avatars.push(*runner);
                was_ready.push(false);
                infos.push(*info);
                Ok(())
            };
            (reply, result)
        }
        Command::Remove { id, reply } => {
            let result = match index(&id, avatars) {
                None => Err(not_found(&id)),
                Some(i) => {
                    drop_body(space, &avatars[i]);
                    if let Some(recorder) = &mut avatars[i].recording {
                        recorder.stop("the avatar was removed");
                    }
                    avatars.remove(i);
                    was_ready.remove(i);
                    infos.retain(|a| a.id != id);
                    queues.remove(&id);
                    tracing::info!(avatar = %id, "avatar removed");
                    Ok(())
                }
            };
            (reply, result)
        }
        Command::SetSource {
            id,
            source,
            described,
            queue,
            reply,
        } => {
            let result = match index(&id, avatars) {
                None => Err(not_found(&id)),
                Some(i) => {
                    avatars[i].source = source;
                    queues.remove(&id);
                    if let Some(queue) = queue {
                        queues.insert(id.clone(), queue);
                    }
                    if let Some(info) = infos.iter_mut().find(|a| a.id == id) {
                        info.source = described;
                    }
                    tracing::info!(avatar = %id, "avatar source replaced");
                    Ok(())
                }
            };
            (reply, result)
        }
        Command::SetProfile {
            id,
            profile,
            name,
            reply,
        } => {
            let result = match index(&id, avatars) {
                None => Err(not_found(&id)),
                Some(i) => {
                    // The new body joins the world at its first step.
                    drop_body(space, &avatars[i]);
                    let old = avatars.remove(i);
                    let model = old.rig.as_ref().and_then(|r| r.model().map(Into::into));
                    let mut next = old.with_profile(&profile);
                    if let Some(recorder) = &mut next.recording {
                        recorder.profile_changed(sequence, &profile);
                    }
                    let skeleton = next.skeleton;
                    let rig = Arc::new(RigSlot::new(skeleton, model, shared.live.cor_cache_dir()));
                    next.rig = Some(rig.clone());
                    avatars.insert(i, next);
                    was_ready[i] = false;
                    if let Some(info) = infos.iter_mut().find(|a| a.id == id) {
                        info.profile_name = name.clone();
                        info.skeleton = skeleton;
                        info.stature_m = profile.body.stature;
                        info.rig = rig;
                    }
                    tracing::info!(avatar = %id, profile = %name, "avatar profile replaced");
                    Ok(())
                }
            };
            (reply, result)
        }
        Command::Impulse {
            id,
            joint,
            impulse,
            reply,
        } => {
            let push = Push { joint, impulse };
            let result = match index(&id, avatars) {
                None => Err(not_found(&id)),
                Some(i) => queue_push(&mut avatars[i], push),
            };
            (reply, result)
        }
        Command::StartRecording {
            id,
            mut recorder,
            reply,
        } => {
            let result = match index(&id, avatars) {
                None => Err(not_found(&id)),
                Some(i) => {
                    let avatar = &mut avatars[i];
                    let seeds = avatar.restart_solver(space);
                    let objects = super::recorder::objects::adds_at_start(space);
                    recorder.begin(sequence, &avatar.profile, seeds, objects);
                    avatar.recording = Some(*recorder);
                    Ok(())
                }
            };
            (reply, result)
        }
        Command::Objects { change, reply } => {
            let edit = super::object_take::edit_of(&change, 0);
            let answer = super::objects::apply(change, space, avatars);
            if let (Some(edit), Ok(objects)) = (edit, &answer) {
                record_object_change(avatars, sequence, edit, objects);
            }
            // Nobody waiting is no error.
            let _ = reply.send(answer);
            return;
        }
        Command::RefinedProfile { id, reply } => {
            let answer = match index(&id, avatars) {
                None => Err(not_found(&id)),
                Some(i) => {
                    let avatar = &avatars[i];
                    Ok(Box::new(super::profiles::with_offsets(
                        &avatar.profile,
                        |d| avatar.solver.device_offset(d),
                    )))
                }
            };
            // Nobody waiting is no error.
            let _ = reply.send(answer);
            return;
        }
        Command::Gaze { id, target, reply } => {
            let result = match index(&id, avatars) {
                None => Err(not_found(&id)),
                Some(i) => {
                    avatars[i].solver.set_gaze_target(target);
                    Ok(())
                }
            };
            (reply, result)
        }
    };
    // The asker may have gone (cancelled call): nothing to do then.
    let _ = reply.send(result);
}

/// Hands a change made to the objects to every recording (an add with the
/// id the world gave it, which its answer names).
fn record_object_change(
    avatars: &mut [AvatarRunner],
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
    let recordings = avatars.iter_mut().filter_map(|a| a.recording.as_mut());
    super::recorder::objects::record_change(recordings, sequence, &edit);
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
