//! The world around the avatars: the floor (always, at y = 0) and static
//! boxes and walls from a scene description (TOML).
//!
//! ```toml
//! [[boxes]]
//! name = "wall"
//! center = [0.0, 1.0, 1.5]      # metres, world frame
//! half_extents = [2.0, 1.0, 0.05]
//! yaw_deg = 0.0                 # turn about +Y (optional)
//! ```
//!
//! and objects that move (`[[objects]]`, [`super::scene_objects`]).

use serde::Deserialize;

/// A static box.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SceneBox {
    /// What the box is (for messages and logs).
    pub name: String,
    /// Centre, metres, world frame.
    pub center: [f64; 3],
    /// Half the size along each of the box's axes, metres.
    pub half_extents: [f64; 3],
    /// Turn about +Y, degrees.
    #[serde(default)]
    pub yaw_deg: f64,
}

/// Everything static in the world besides the floor.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scene {
    /// Static boxes (tables, walls, steps).
    #[serde(default)]
    pub boxes: Vec<SceneBox>,
    /// Objects put into the space at the start (balls, props, tables).
    #[serde(default)]
    pub objects: Vec<super::scene_objects::SceneObject>,
}

/// Why a scene was refused.
#[derive(Debug, thiserror::Error)]
pub enum SceneError {
    /// Not TOML of the expected shape.
    #[error("{source_name}: not a valid scene: {message}")]
    Syntax {
        /// File name or label.
        source_name: String,
        /// The parser's message (it names the key and line).
        message: String,
    },
    /// A value out of range.
    #[error("{source_name}: `{key}`: {reason}")]
    Invalid {
        /// File name or label.
        source_name: String,
        /// The key at fault, e.g. `boxes[1].half_extents`.
        key: String,
        /// What is wrong.
        reason: String,
    },
    /// The file cannot be read (missing, not a regular file, too large,
    /// not UTF-8).
    #[error("cannot read the scene: {0}")]
    Read(#[from] posewire_body::bounded_read::ReadError),
}

impl Scene {
    /// Parses and checks a scene; `source_name` labels errors.
    pub fn from_toml(text: &str, source_name: &str) -> Result<Scene, SceneError> {
        let scene: Scene = toml::from_str(text).map_err(|e| SceneError::Syntax {
            source_name: source_name.to_string(),
            message: posewire_body::toml_error::describe(&e, text),
        })?;
        for (i, b) in scene.boxes.iter().enumerate() {
            let bad = |key: &str, reason: &str| SceneError::Invalid {
                source_name: source_name.to_string(),
                key: format!("boxes[{i}].{key}"),
                reason: reason.to_string(),
            };
            if !b.center.iter().all(|v| v.is_finite() && v.abs() < 1e4) {
                return Err(bad("center", "must be finite and within 10 km"));
            }
            if !b
                .half_extents
                .iter()
                .all(|v| v.is_finite() && *v > 0.0 && *v < 1e4)
            {
                return Err(bad("half_extents", "must be positive and below 10 km"));
            }
            if !b.yaw_deg.is_finite() {
                return Err(bad("yaw_deg", "must be finite"));
            }
        }
        if scene.objects.len() > super::objects::MAX_OBJECTS {
            return Err(SceneError::Invalid {
                source_name: source_name.to_string(),
                key: "objects".into(),
                reason: format!("at most {} objects", super::objects::MAX_OBJECTS),
            });
        }
        for (i, o) in scene.objects.iter().enumerate() {
            o.spec().map_err(|e| SceneError::Invalid {
                source_name: source_name.to_string(),
                key: format!("objects[{i}]"),
                reason: e.to_string(),
            })?;
        }
        Ok(scene)
    }

    /// Reads a scene file.
    pub fn load(path: &std::path::Path) -> Result<Scene, SceneError> {
        let text = posewire_body::bounded_read::read_text_bounded(
            path,
            posewire_body::bounded_read::TOML,
        )?;
        Scene::from_toml(&text, &path.display().to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scene_reads_boxes_and_names_bad_keys() {
        let s = Scene::from_toml(
            "[[boxes]]\nname = \"wall\"\ncenter = [0.0, 1.0, 1.5]\nhalf_extents = [2.0, 1.0, 0.05]\n",
            "s.toml",
        )
        .expect("valid");
        assert_eq!(s.boxes.len(), 1);
        assert_eq!(s.boxes[0].yaw_deg, 0.0);
        let e = Scene::from_toml(
            "[[boxes]]\nname = \"w\"\ncenter = [0.0, 1.0, 1.5]\nhalf_extents = [2.0, -1.0, 0.05]\n",
            "s.toml",
        )
        .expect_err("negative size");
        assert!(e.to_string().contains("boxes[0].half_extents"), "{e}");
        let e = Scene::from_toml("[[boxes]]\nname = 3\n", "s.toml").expect_err("bad type");
        assert!(e.to_string().contains("s.toml"), "{e}");
        let e = Scene::from_toml("[[boxs]]\n", "s.toml").expect_err("unknown key");
        // Located and answered with the keys, never quoting the file.
        let message = e.to_string();
        assert!(message.contains("line 1, column 3"), "{message}");
        assert!(message.contains("expected `boxes`"), "{message}");
        assert!(!message.contains("boxs"), "{message}");
    }

    #[test]
    fn scene_reads_objects_and_names_the_bad_one() {
        let s = Scene::from_toml(
            "[[objects]]\nname = \"ball\"\nshape = \"sphere\"\nradius_m = 0.1\nmass_kg = 0.5\nposition = [0.0, 1.0, 0.0]\n",
            "s.toml",
        )
        .expect("valid");
        assert_eq!(s.objects.len(), 1);
        let e = Scene::from_toml(
            "[[objects]]\nshape = \"box\"\nmass_kg = 1.0\nposition = [0.0, 1.0, 0.0]\n",
            "s.toml",
        )
        .expect_err("a box needs a size");
        assert!(
            e.to_string().contains("objects[0]") && e.to_string().contains("size"),
            "{e}"
        );
        let e = Scene::from_toml(
            "[[objects]]\nshape = \"sphere\"\nradius_m = 0.1\nmass_kg = -1.0\nposition = [0.0, 1.0, 0.0]\n",
            "s.toml",
        )
        .expect_err("negative mass");
        assert!(e.to_string().contains("mass_kg"), "{e}");
    }
}
