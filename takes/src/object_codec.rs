//! The byte layout of the object records (kinds 11 to 14; see
//! docs/TAKES.md "Objects"), little-endian as the rest.

use posewire_body::glam::DVec3;
use posewire_body::{Device, Transform};

use crate::codec::{finite, quat, string, vec3, Payload};
use crate::object_record::{
    ObjectBody, ObjectChange, ObjectEdit, ObjectGone, ObjectHolder, ObjectMotion, ObjectSeen,
    ObjectShape,
};
use crate::record::Record;

/// Most points of a hull a take stores (the physics world's own limit).
pub const MAX_HULL_POINTS: usize = 4096;

/// Most hands holding one object a record stores (two hands of each of
/// many avatars would be far beyond this).
const MAX_HOLDERS: usize = 32;

/// Bytes of a motion record without holders: sequence, id, position,
/// rotation, two velocities, the holder count.
const MOTION_FIXED_BYTES: usize = 8 + 8 + 24 + 32 + 24 + 24 + 1;

/// Appends an object record's payload; `Ok(false)` for any other record.
pub(crate) fn encode_object(record: &Record, out: &mut Vec<u8>) -> Result<bool, String> {
    match record {
        Record::ObjectSeen(o) => {
            out.extend_from_slice(&o.sequence.to_le_bytes());
            out.extend_from_slice(&o.id.to_le_bytes());
            body(out, &o.body)?;
        }
        Record::ObjectMotion(m) => {
            out.extend_from_slice(&m.sequence.to_le_bytes());
            out.extend_from_slice(&m.id.to_le_bytes());
            pose(out, &m.pose)?;
            vec3(out, m.linear_velocity, "the object's velocity")?;
            vec3(out, m.angular_velocity, "the object's angular velocity")?;
            if m.held_by.len() > MAX_HOLDERS {
                return Err(format!(
                    "{} holders (at most {MAX_HOLDERS})",
                    m.held_by.len()
                ));
            }
            out.push(m.held_by.len() as u8);
            for h in &m.held_by {
                holder(out, h)?;
            }
        }
        Record::ObjectGone(g) => {
            out.extend_from_slice(&g.sequence.to_le_bytes());
            out.extend_from_slice(&g.id.to_le_bytes());
        }
        Record::ObjectChange(c) => {
            out.extend_from_slice(&c.sequence.to_le_bytes());
            edit(out, &c.edit)?;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

fn pose(out: &mut Vec<u8>, p: &Transform) -> Result<(), String> {
    vec3(out, p.position, "the object's position")?;
    quat(out, p.rotation, "the object's rotation")
}

fn holder(out: &mut Vec<u8>, h: &ObjectHolder) -> Result<(), String> {
    if !matches!(h.hand, Device::LeftHand | Device::RightHand) {
        return Err(format!("a holder's hand is {}", h.hand.name()));
    }
    out.push(h.hand.index() as u8);
    string(out, &h.avatar_id)
}

fn body(out: &mut Vec<u8>, b: &ObjectBody) -> Result<(), String> {
    string(out, &b.name)?;
    match &b.shape {
        ObjectShape::Box { size } => {
            out.push(0);
            vec3(out, *size, "the box's size")?;
        }
        ObjectShape::Sphere { radius_m } => {
            out.push(1);
            finite(out, *radius_m, "the sphere's radius")?;
        }
        ObjectShape::Capsule { radius_m, length_m } => {
            out.push(2);
            finite(out, *radius_m, "the capsule's radius")?;
            finite(out, *length_m, "the capsule's length")?;
        }
        ObjectShape::Hull { points } => {
            if points.len() > MAX_HULL_POINTS {
                return Err(format!(
                    "a hull of {} points (at most {MAX_HULL_POINTS})",
                    points.len()
                ));
            }
            out.push(3);
            out.extend_from_slice(&(points.len() as u32).to_le_bytes());
            for p in points {
                vec3(out, *p, "a hull point")?;
            }
        }
    }
    finite(out, b.mass_kg, "the object's mass")?;
    finite(out, b.friction, "the object's friction")?;
    finite(out, b.restitution, "the object's restitution")
}

fn edit(out: &mut Vec<u8>, e: &ObjectEdit) -> Result<(), String> {
    let tag = match e {
        ObjectEdit::Add { .. } => 1,
        ObjectEdit::Remove { .. } => 2,
        ObjectEdit::SetPose { .. } => 3,
        ObjectEdit::Grab { .. } => 4,
        ObjectEdit::Release { .. } => 5,
    };
    out.push(tag);
    out.extend_from_slice(&e.id().to_le_bytes());
    match e {
        ObjectEdit::Add {
            body: b,
            pose: p,
            linear_velocity,
            angular_velocity,
            ..
        } => {
            body(out, b)?;
            pose(out, p)?;
            vec3(out, *linear_velocity, "the object's velocity")?;
            vec3(out, *angular_velocity, "the object's angular velocity")?;
        }
        ObjectEdit::SetPose {
            pose: p,
            linear_velocity,
            angular_velocity,
            ..
        } => {
            pose(out, p)?;
            vec3(out, *linear_velocity, "the object's velocity")?;
            vec3(out, *angular_velocity, "the object's angular velocity")?;
        }
        ObjectEdit::Grab { holder: h, .. } => holder(out, h)?,
        ObjectEdit::Release { velocity, .. } => match velocity {
            Some([lin, ang]) => {
                out.push(1);
                vec3(out, *lin, "the release velocity")?;
                vec3(out, *ang, "the release angular velocity")?;
            }
            None => out.push(0),
        },
        ObjectEdit::Remove { .. } => {}
    }
    Ok(())
}

/// Decodes an object record's payload (kinds 11 to 14); `None` for other
/// kinds.
pub(crate) fn decode_object(kind: u8, p: &mut Payload<'_>) -> Option<Result<Record, String>> {
    let record = match kind {
        11 => read_seen(p).map(Record::ObjectSeen),
        12 => read_motion(p).map(Record::ObjectMotion),
        13 => (|| {
            Ok(Record::ObjectGone(ObjectGone {
                sequence: p.u64("the tick the object left")?,
                id: p.u64("the object's id")?,
            }))
        })(),
        14 => read_change(p).map(Record::ObjectChange),
        _ => return None,
    };
    Some(record)
}

fn read_seen(p: &mut Payload<'_>) -> Result<ObjectSeen, String> {
    Ok(ObjectSeen {
        sequence: p.u64("the tick the object was first seen")?,
        id: p.u64("the object's id")?,
        body: read_body(p)?,
    })
}

fn read_pose(p: &mut Payload<'_>) -> Result<Transform, String> {
    Ok(Transform::new(
        p.vec3("the object's position")?,
        p.quat("the object's rotation")?,
    ))
}

fn read_holder(p: &mut Payload<'_>) -> Result<ObjectHolder, String> {
    let hand = match p.u8("a holder's hand")? {
        1 => Device::LeftHand,
        2 => Device::RightHand,
        other => return Err(format!("a holder's hand is device {other} (1 or 2)")),
    };
    Ok(ObjectHolder {
        avatar_id: p.string("a holder's avatar")?,
        hand,
    })
}

fn read_motion(p: &mut Payload<'_>) -> Result<ObjectMotion, String> {
    let sequence = p.u64("the object state's tick")?;
    let id = p.u64("the object's id")?;
    let pose = read_pose(p)?;
    let linear_velocity = p.vec3("the object's velocity")?;
    let angular_velocity = p.vec3("the object's angular velocity")?;
    let n = p.u8("the holder count")? as usize;
    if n > MAX_HOLDERS {
        return Err(format!("{n} holders (at most {MAX_HOLDERS})"));
    }
    let held_by = (0..n)
        .map(|_| read_holder(p))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ObjectMotion {
        sequence,
        id,
        pose,
        linear_velocity,
        angular_velocity,
        held_by,
    })
}

fn read_body(p: &mut Payload<'_>) -> Result<ObjectBody, String> {
    let name = p.string("the object's name")?;
    let shape = match p.u8("the object's shape")? {
        0 => ObjectShape::Box {
            size: p.vec3("the box's size")?,
        },
        1 => ObjectShape::Sphere {
            radius_m: p.f64("the sphere's radius")?,
        },
        2 => ObjectShape::Capsule {
            radius_m: p.f64("the capsule's radius")?,
            length_m: p.f64("the capsule's length")?,
        },
        3 => {
            let n = p.u32("the hull's point count")? as usize;
            if n > MAX_HULL_POINTS {
                return Err(format!("a hull of {n} points (at most {MAX_HULL_POINTS})"));
            }
            let points = (0..n)
                .map(|_| p.vec3("a hull point"))
                .collect::<Result<Vec<_>, _>>()?;
            ObjectShape::Hull { points }
        }
        other => return Err(format!("shape number {other} (0-3 exist)")),
    };
    Ok(ObjectBody {
        name,
        shape,
        mass_kg: p.f64("the object's mass")?,
        friction: p.f64("the object's friction")?,
        restitution: p.f64("the object's restitution")?,
    })
}

fn read_velocities(p: &mut Payload<'_>) -> Result<(DVec3, DVec3), String> {
    Ok((
        p.vec3("the object's velocity")?,
        p.vec3("the object's angular velocity")?,
    ))
}

fn read_change(p: &mut Payload<'_>) -> Result<ObjectChange, String> {
    let sequence = p.u64("the change's tick")?;
    let tag = p.u8("the change's kind")?;
    let id = p.u64("the object's id")?;
    let edit = match tag {
        1 => {
            let body = read_body(p)?;
            let pose = read_pose(p)?;
            let (linear_velocity, angular_velocity) = read_velocities(p)?;
            ObjectEdit::Add {
                id,
                body,
                pose,
                linear_velocity,
                angular_velocity,
            }
        }
        2 => ObjectEdit::Remove { id },
        3 => {
            let pose = read_pose(p)?;
            let (linear_velocity, angular_velocity) = read_velocities(p)?;
            ObjectEdit::SetPose {
                id,
                pose,
                linear_velocity,
                angular_velocity,
            }
        }
        4 => ObjectEdit::Grab {
            id,
            holder: read_holder(p)?,
        },
        5 => ObjectEdit::Release {
            id,
            velocity: match p.u8("the release velocity flag")? {
                0 => None,
                1 => {
                    let (lin, ang) = read_velocities(p)?;
                    Some([lin, ang])
                }
                other => return Err(format!("release velocity flag {other} (0 or 1)")),
            },
        },
        other => return Err(format!("object change kind {other} (1-5 exist)")),
    };
    Ok(ObjectChange { sequence, edit })
}

/// Whether an object record's length agrees with its kind's layout (the
/// cheap test before decoding; see `codec::plausible`).
pub(crate) fn plausible_object(kind: u8, payload: &[u8]) -> bool {
    let len = payload.len();
    match kind {
        // sequence, id, name length, shape tag, three f64 at least.
        11 => len >= 16 + 4 + 1 + 8 + 24,
        12 => {
            let holders = payload.get(MOTION_FIXED_BYTES - 1).copied().unwrap_or(0) as usize;
            len >= MOTION_FIXED_BYTES
                && holders <= MAX_HOLDERS
                && (if holders == 0 {
                    len == MOTION_FIXED_BYTES
                } else {
                    len >= MOTION_FIXED_BYTES + holders * 5
                })
        }
        13 => len == 16,
        14 => len >= 8 + 1 + 8,
        _ => false,
    }
}
