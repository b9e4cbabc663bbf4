//! The loop's side of `posewire.v1.SceneService`: object commands applied
//! to the physics world between ticks, and the objects' part of each frame
//! (with the hands that hold them, named by avatar).

use posewire_proto::v1 as pb;
use posewire_solver::physics::grab::{Hand, Holder};
use posewire_solver::physics::{AvatarId, ObjectId, PhysicsWorld};
use posewire_solver::SharedSpace;
use tonic::Status;

use super::avatar_runner::AvatarRunner;
use super::frame_build::device;
use super::object_commands::{ObjectChange, ToolChoice};
use super::object_convert::{object_frame, scene_object, status};
use super::recorder::objects::{objects_now, ObjectNow};

/// Why a space without a physics world has no objects.
fn no_world() -> Status {
    Status::failed_precondition(
        "objects need the physics solver (`[solver] kind = \"physics\"`); this daemon runs the \
         kinematic ik solver, which has no world to put them in",
    )
}

/// The avatar whose simulated body is `body`.
pub fn holder_avatar(avatars: &[AvatarRunner], body: AvatarId) -> Option<&AvatarRunner> {
    avatars.iter().find(|a| a.solver.body_id() == Some(body))
}

/// Every object of the space now with the avatars holding it, for the
/// recordings; empty (no work) when nothing is being recorded (no avatar,
/// and not the `scene`).
pub fn objects_to_record(
    space: &SharedSpace,
    avatars: &[AvatarRunner],
    scene: bool,
) -> Vec<ObjectNow> {
    if !scene && avatars.iter().all(|a| a.recording.is_none()) {
        return Vec::new();
    }
    objects_now(space, |body| {
        holder_avatar(avatars, body).map(|a| a.id.clone())
    })
}

/// The API's holders of an object.
fn holders(world: &PhysicsWorld, id: ObjectId, avatars: &[AvatarRunner]) -> Vec<pb::ObjectHolder> {
    world
        .holders(id)
        .into_iter()
        .filter_map(|h| {
            let a = holder_avatar(avatars, h.avatar)?;
            Some(pb::ObjectHolder {
                avatar_id: a.id.clone(),
                hand: device(h.hand.device()).into(),
            })
        })
        .collect()
}

/// One object as the API answers it.
fn answer(world: &PhysicsWorld, id: ObjectId, avatars: &[AvatarRunner]) -> Vec<pb::SceneObject> {
    world
        .object(id)
        .iter()
        .map(|s| scene_object(s, holders(world, id, avatars)))
        .collect()
}

/// The hand of an avatar's simulated body.
fn holder(avatars: &[AvatarRunner], avatar: &str, hand: Hand) -> Result<Holder, Status> {
    let runner = avatars
        .iter()
        .find(|a| a.id == avatar)
        .ok_or_else(|| Status::not_found(format!("no avatar `{avatar}`")))?;
    let body = runner.solver.body_id().ok_or_else(|| {
        Status::failed_precondition(format!(
            "avatar `{avatar}` has no simulated body yet (its headset has not been seen)"
        ))
    })?;
    Ok(Holder { avatar: body, hand })
}

/// Applies one object command; the objects it touched (all of them for a
/// list, none for a removal).
pub fn apply(
    change: ObjectChange,
    space: &mut SharedSpace,
    avatars: &[AvatarRunner],
) -> Result<Vec<pb::SceneObject>, Status> {
    let world = space.world_mut().ok_or_else(no_world)?;
    match change {
        ObjectChange::Add(spec) => {
            let id = world.add_object(*spec).map_err(|e| status(&e))?;
            Ok(answer(world, id, avatars))
        }
        ObjectChange::Remove(id) => {
            if world.remove_object(id) {
                Ok(Vec::new())
            } else {
                Err(Status::not_found(format!("no object `{id}`")))
            }
        }
        ObjectChange::List => Ok(world
            .objects()
            .iter()
            .map(|s| scene_object(s, holders(world, s.id, avatars)))
            .collect()),
        ObjectChange::SetPose { id, pose, velocity } => {
            world
                .set_object_pose(id, pose, velocity[0], velocity[1])
                .map_err(|e| status(&e))?;
            Ok(answer(world, id, avatars))
        }
        ObjectChange::Grab { avatar, hand, id } => {
            let holder = holder(avatars, &avatar, hand)?;
            let grab = avatars
                .iter()
                .find(|a| a.id == avatar)
                .map(|a| a.solver.grab_settings())
                .unwrap_or_default();
            world
                .grab_into_hand(id, holder, grab.reach_m, grab.break_impulse_n_s)
                .map_err(|e| status(&e))?;
            Ok(answer(world, id, avatars))
        }
        ObjectChange::AttachTool {
            avatar,
            hand,
            grip,
            tool,
        } => {
            let holder = holder(avatars, &avatar, hand)?;
            let ids = match tool {
                ToolChoice::Object(id) => {
                    world
                        .attach_tool(id, holder, grip)
                        .map_err(|e| status(&e))?;
                    world.tool_parts(id)
                }
                ToolChoice::Stick(stick) => world
                    .add_stick(&stick, holder, grip)
                    .map_err(|e| status(&e))?,
            };
            Ok(ids
                .into_iter()
                .flat_map(|id| answer(world, id, avatars))
                .collect())
        }
        ObjectChange::Release { id, velocity } => {
            world.release_object(id, velocity).map_err(|e| status(&e))?;
            Ok(answer(world, id, avatars))
        }
    }
}

/// Every dynamic object's state after a tick (none without a world).
pub fn frame_objects(space: &SharedSpace, avatars: &[AvatarRunner]) -> Vec<pb::ObjectFrame> {
    space.world().map_or_else(Vec::new, |w| {
        w.objects()
            .iter()
            .filter(|s| !s.spec.is_static())
            .map(|s| object_frame(s, holders(w, s.id, avatars)))
            .collect()
    })
}

/// [`frame_objects`], and every object of the space (static ones too) as
/// `SceneService` answers it, with its shape: what a node of a shared
/// space streams and publishes, from one pass (each object's holders
/// found once a tick).
pub fn frame_and_scene_objects(
    space: &SharedSpace,
    avatars: &[AvatarRunner],
) -> (Vec<pb::ObjectFrame>, Vec<pb::SceneObject>) {
    let Some(w) = space.world() else {
        return Default::default();
    };
    let all = w.objects();
    let mut frames = Vec::new();
    let mut scene = Vec::with_capacity(all.len());
    for s in &all {
        let held = holders(w, s.id, avatars);
        if !s.spec.is_static() {
            frames.push(object_frame(s, held.clone()));
        }
        scene.push(scene_object(s, held));
    }
    (frames, scene)
}
