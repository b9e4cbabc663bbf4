//! Range checks on the numbers a request carries, beyond "finite": a
//! position within the workspace the plausibility gate judges samples by
//! (`devices.workspace_radius_m`), an impulse within `limits.max_impulse_n_s`,
//! a speed within what an object may move at. Each refusal is
//! INVALID_ARGUMENT naming the field and the limit (and its key), so that
//! one call cannot put a value into the loop that would make its frames
//! non-finite (`SetGazeTarget {x: 1e308}`, issue 42).

use posewire_body::glam::DVec3;
use posewire_proto::v1 as pb;
use tonic::Status;

/// The fastest an object may be set moving over the API, m/s and rad/s
/// (the physics solver's own limit for a new object's velocities).
pub const MAX_OBJECT_SPEED: f64 = 100.0;

fn vector(v: &pb::Vec3) -> DVec3 {
    DVec3::new(v.x, v.y, v.z)
}

/// A position field, `None` when unset: finite and within `radius_m` of
/// the space's origin.
pub fn position(v: Option<&pb::Vec3>, field: &str, radius_m: f64) -> Result<Option<DVec3>, Status> {
    let Some(v) = v.map(vector) else {
        return Ok(None);
    };
    if v.is_finite() && v.length() <= radius_m {
        Ok(Some(v))
    } else {
        Err(Status::invalid_argument(format!(
            "{field} must be finite and within the workspace, {radius_m} m of the space's origin \
             (`devices.workspace_radius_m`)"
        )))
    }
}

/// An impulse: given, finite and at most `max_n_s` long.
pub fn impulse(v: Option<&pb::Vec3>, max_n_s: f64) -> Result<DVec3, Status> {
    let v = v
        .map(vector)
        .ok_or_else(|| Status::invalid_argument("give the impulse"))?;
    if v.is_finite() && v.length() <= max_n_s {
        Ok(v)
    } else {
        Err(Status::invalid_argument(format!(
            "`impulse` must be finite and at most {max_n_s} N s long (`limits.max_impulse_n_s`)"
        )))
    }
}

/// A velocity field (linear m/s or angular rad/s), zero when unset:
/// finite and at most [`MAX_OBJECT_SPEED`].
pub fn speed(v: Option<&pb::Vec3>, field: &str) -> Result<DVec3, Status> {
    let v = v.map_or(DVec3::ZERO, vector);
    if v.is_finite() && v.length() <= MAX_OBJECT_SPEED {
        Ok(v)
    } else {
        Err(Status::invalid_argument(format!(
            "`{field}` must be finite and at most {MAX_OBJECT_SPEED} long"
        )))
    }
}

/// A device source's numbers that depend on the daemon's settings: a demo
/// person's origin within the workspace.
pub fn source(described: &pb::DeviceSource, radius_m: f64) -> Result<(), Status> {
    if let Some(pb::device_source::Kind::Demo(d)) = &described.kind {
        position(d.origin.as_ref(), "demo source: `origin`", radius_m)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic::Code;

    fn v(x: f64, y: f64, z: f64) -> pb::Vec3 {
        pb::Vec3 { x, y, z }
    }

    #[test]
    fn huge_finite_values_are_refused_naming_the_field_and_the_limit() {
        let e = position(Some(&v(1e308, 0.0, 0.0)), "`target`", 50.0).expect_err("far");
        assert_eq!(e.code(), Code::InvalidArgument);
        assert!(e.message().contains("`target`"), "{e:?}");
        assert!(e.message().contains("devices.workspace_radius_m"), "{e:?}");
        assert_eq!(
            position(Some(&v(1.0, 1.6, 2.0)), "t", 50.0).expect("near"),
            Some(DVec3::new(1.0, 1.6, 2.0))
        );
        assert_eq!(position(None, "t", 50.0).expect("unset"), None);
        for z in [1e30, -1e308, f64::NAN, 1001.0] {
            let e = impulse(Some(&v(0.0, 0.0, z)), 1000.0).expect_err("too big");
            assert!(e.message().contains("limits.max_impulse_n_s"), "{e:?}");
        }
        assert!(impulse(Some(&v(250.0, 0.0, 0.0)), 1000.0).is_ok());
        assert!(impulse(None, 1000.0).is_err());
        let e = speed(Some(&v(0.0, 1e300, 0.0)), "linear_velocity").expect_err("fast");
        assert!(e.message().contains("`linear_velocity`"), "{e:?}");
        assert_eq!(speed(None, "x").expect("unset"), DVec3::ZERO);
    }
}
