//! The loop's side of `posewire.v1.SceneService`: object commands applied
//! to the physics world between ticks, and the objects' part of each frame.

use posewire_proto::v1 as pb;
use posewire_solver::SharedSpace;
use tonic::Status;

use super::live::ObjectChange;
use super::object_convert::{object_frame, scene_object, status};

/// Why a space without a physics world has no objects.
fn no_world() -> Status {
    Status::failed_precondition(
        "objects need the physics solver (`[solver] kind = \"physics\"`); this daemon runs the \
         kinematic ik solver, which has no world to put them in",
    )
}

/// Applies one object command; the objects it touched (all of them for a
/// list, none for a removal).
pub fn apply(
    change: ObjectChange,
    space: &mut SharedSpace,
) -> Result<Vec<pb::SceneObject>, Status> {
    let world = space.world_mut().ok_or_else(no_world)?;
    match change {
        ObjectChange::Add(spec) => {
            let id = world.add_object(*spec).map_err(|e| status(&e))?;
            Ok(world
                .object(id)
                .iter()
                .map(|s| scene_object(s, None))
                .collect())
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
            .map(|s| scene_object(s, None))
            .collect()),
        ObjectChange::SetPose { id, pose, velocity } => {
            let s = world
                .set_object_pose(id, pose, velocity[0], velocity[1])
                .map_err(|e| status(&e))?;
            Ok(vec![scene_object(&s, None)])
        }
    }
}

/// Every dynamic object's state after a tick (none without a world).
pub fn frame_objects(space: &SharedSpace) -> Vec<pb::ObjectFrame> {
    space.world().map_or_else(Vec::new, |w| {
        w.objects()
            .iter()
            .filter(|s| !s.spec.is_static())
            .map(object_frame)
            .collect()
    })
}
