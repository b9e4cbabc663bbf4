//! The objects of a scene file (`[[objects]]`), besides its static boxes:
//!
//! ```toml
//! [[objects]]
//! name = "ball"
//! shape = "sphere"              # "box", "sphere" or "capsule"
//! radius_m = 0.11               # sphere and capsule
//! # size = [0.3, 0.3, 0.3]      # box: full edge lengths, metres
//! # length_m = 0.4              # capsule: between its end caps' centres
//! mass_kg = 0.45                # 0: static
//! position = [0.5, 1.0, 0.3]    # its centre, metres, world frame
//! yaw_deg = 0.0                 # optional
//! friction = 0.6                # optional
//! restitution = 0.2             # optional
//! ```

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::Transform;
use serde::Deserialize;

use super::objects::{ObjectError, ObjectShape, ObjectSpec};

/// An object of a scene file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SceneObject {
    /// What it is.
    #[serde(default)]
    pub name: String,
    /// `box`, `sphere` or `capsule`.
    pub shape: String,
    /// A box's full edge lengths, metres.
    #[serde(default)]
    pub size: Option<[f64; 3]>,
    /// A sphere's or capsule's radius, metres.
    #[serde(default)]
    pub radius_m: Option<f64>,
    /// A capsule's length between its end caps' centres, metres.
    #[serde(default)]
    pub length_m: Option<f64>,
    /// Kilograms; 0: static.
    pub mass_kg: f64,
    /// Centre, metres, world frame.
    pub position: [f64; 3],
    /// Turn about +Y, degrees.
    #[serde(default)]
    pub yaw_deg: f64,
    /// Friction coefficient.
    #[serde(default)]
    pub friction: Option<f64>,
    /// Bounciness.
    #[serde(default)]
    pub restitution: Option<f64>,
}

fn missing(field: &str, shape: &str) -> ObjectError {
    ObjectError::Invalid {
        field: field.into(),
        reason: format!("is needed for a {shape}"),
    }
}

impl SceneObject {
    /// The object it makes, checked.
    pub fn spec(&self) -> Result<ObjectSpec, ObjectError> {
        let shape = match self.shape.as_str() {
            "box" => ObjectShape::Box {
                size: DVec3::from_array(self.size.ok_or_else(|| missing("size", "box"))?),
            },
            "sphere" => ObjectShape::Sphere {
                radius_m: self.radius_m.ok_or_else(|| missing("radius_m", "sphere"))?,
            },
            "capsule" => ObjectShape::Capsule {
                radius_m: self
                    .radius_m
                    .ok_or_else(|| missing("radius_m", "capsule"))?,
                length_m: self
                    .length_m
                    .ok_or_else(|| missing("length_m", "capsule"))?,
            },
            _ => {
                return Err(ObjectError::Invalid {
                    field: "shape".into(),
                    reason: "must be `box`, `sphere` or `capsule`".into(),
                })
            }
        };
        if !self.yaw_deg.is_finite() {
            return Err(ObjectError::Invalid {
                field: "yaw_deg".into(),
                reason: "must be finite".into(),
            });
        }
        let pose = Transform::new(
            DVec3::from_array(self.position),
            DQuat::from_rotation_y(self.yaw_deg.to_radians()),
        );
        let mut spec = ObjectSpec::new(shape, self.mass_kg, pose);
        spec.name = self.name.clone();
        spec.friction = self.friction.unwrap_or(spec.friction);
        spec.restitution = self.restitution.unwrap_or(spec.restitution);
        spec.check()?;
        Ok(spec)
    }
}
