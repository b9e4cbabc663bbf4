//! The last line of defence against non-finite frames: every number of an
//! avatar's part of a frame (and of each object's) is checked before the
//! frame leaves the daemon. An avatar whose numbers are not all finite is
//! left out of the frame and its solver reset by the loop (counted in
//! GetStats `non_finite_resets`, the first logged); an object so is left
//! out of the frame.

use posewire_proto::v1 as pb;

fn vec3(v: Option<&pb::Vec3>) -> bool {
    v.is_none_or(|v| v.x.is_finite() && v.y.is_finite() && v.z.is_finite())
}

fn quat(q: Option<&pb::Quat>) -> bool {
    q.is_none_or(|q| q.x.is_finite() && q.y.is_finite() && q.z.is_finite() && q.w.is_finite())
}

fn pose(p: Option<&pb::Pose>) -> bool {
    p.is_none_or(|p| vec3(p.position.as_ref()) && quat(p.rotation.as_ref()))
}

fn floats(values: &[f32]) -> bool {
    values.iter().all(|v| v.is_finite())
}

fn forces(f: Option<&pb::ForceArrays>) -> bool {
    let Some(f) = f else { return true };
    [
        &f.inverse_dynamics,
        &f.gravity,
        &f.balance,
        &f.locomotion,
        &f.total,
        &f.assist,
    ]
    .into_iter()
    .all(|a| {
        a.as_ref().is_none_or(|a| {
            floats(&a.joint_torques) && vec3(a.root_force.as_ref()) && vec3(a.root_torque.as_ref())
        })
    })
}

/// Whether every number of an avatar's part of a frame is finite
/// (vertices aside: they are skinned from the pose checked here).
pub fn avatar_is_finite(a: &pb::AvatarFrame) -> bool {
    pose(a.root.as_ref())
        && floats(&a.local_rotations)
        && floats(&a.joint_positions)
        && floats(&a.world_rotations)
        && a.devices
            .iter()
            .all(|d| pose(d.pose.as_ref()) && d.sample_age_s.is_finite())
        && a.camera_link
            .as_ref()
            .is_none_or(|c| c.distance_m.is_finite() && c.link.is_finite())
        && a.ghost_hands.iter().all(|g| {
            vec3(g.simulated.as_ref())
                && vec3(g.ghost.as_ref())
                && g.distance_m.is_finite()
                && quat(g.simulated_rotation.as_ref())
                && quat(g.ghost_rotation.as_ref())
        })
        && forces(a.forces.as_ref())
        && a.reaction.as_ref().is_none_or(|r| {
            r.assist.is_finite() && r.deviation_m.is_finite() && r.state_time_s.is_finite()
        })
        && a.fingers.as_ref().is_none_or(|f| {
            floats(&f.local_rotations)
                && floats(&f.joint_positions)
                && floats(&f.world_rotations)
                && floats(&f.rest_offsets)
        })
}

/// Whether every number of an object's part of a frame is finite.
pub fn object_is_finite(o: &pb::ObjectFrame) -> bool {
    pose(o.pose.as_ref()) && vec3(o.linear_velocity.as_ref()) && vec3(o.angular_velocity.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_non_finite_number_is_found() {
        let mut a = pb::AvatarFrame {
            joint_positions: vec![0.0, 1.0, 2.0],
            forces: Some(pb::ForceArrays {
                assist: Some(pb::ForceArray {
                    joint_torques: vec![1.0; 63],
                    root_force: Some(pb::Vec3 {
                        x: 0.0,
                        y: 0.0,
                        z: 1.0,
                    }),
                    root_torque: None,
                }),
                ..Default::default()
            }),
            ..Default::default()
        };
        assert!(avatar_is_finite(&a));
        if let Some(f) = a.forces.as_mut().and_then(|f| f.assist.as_mut()) {
            f.root_force = Some(pb::Vec3 {
                x: 0.0,
                y: 0.0,
                z: f64::INFINITY,
            });
        }
        assert!(!avatar_is_finite(&a));
        let b = pb::AvatarFrame {
            camera_link: Some(pb::CameraLink {
                distance_m: f64::NAN,
                link: 1.0,
            }),
            ..Default::default()
        };
        assert!(!avatar_is_finite(&b));
        let c = pb::AvatarFrame {
            fingers: Some(pb::Fingers {
                joint_positions: vec![0.0, f32::NAN, 0.0],
                ..Default::default()
            }),
            ..Default::default()
        };
        assert!(!avatar_is_finite(&c));
        let o = pb::ObjectFrame {
            linear_velocity: Some(pb::Vec3 {
                x: f64::NAN,
                y: 0.0,
                z: 0.0,
            }),
            ..Default::default()
        };
        assert!(!object_is_finite(&o));
    }
}
