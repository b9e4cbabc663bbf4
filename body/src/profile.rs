//! What calibration learns about one person (FORMATS.md section 5), saved
//! as human-readable TOML.

use std::collections::BTreeMap;
use std::path::Path;

use glam::{DQuat, DVec3};
use serde::{Deserialize, Serialize};

use crate::device::Device;
use crate::joint::Joint;
use crate::proportions as ratio;

/// The profile version this build writes and reads.
pub const PROFILE_VERSION: u32 = 1;

/// How a value in a profile was obtained.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Measured from the calibration poses.
    Measured,
    /// Estimated from measured values by anthropometric ratios.
    Ratio,
    /// The nominal value (nothing revealed it).
    Nominal,
    /// Given by the user.
    User,
}

/// Whole-body measures, metres (mass in kg).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodyMeasures {
    /// Floor to the top of the skull.
    pub stature: f64,
    /// Floor to the `head` joint (skull base), standing.
    pub head_height: f64,
    /// Between the shoulder joints.
    pub shoulder_width: f64,
    /// Between the hip joints.
    pub hip_width: f64,
    /// Floor to the shoulder joints, standing.
    pub shoulder_height: f64,
    /// How far the shoulder joints sit ahead (+) or behind (-) the `head`
    /// joint, standing upright.
    pub shoulder_forward: f64,
    /// Floor to the ankle joints, standing.
    pub ankle_height: f64,
    /// Body mass, kg.
    pub mass: f64,
}

/// Segment lengths, joint to joint, mean of left and right, metres.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Segments {
    /// Shoulder to elbow.
    pub upper_arm: f64,
    /// Elbow to wrist.
    pub forearm: f64,
    /// Hip to knee.
    pub thigh: f64,
    /// Knee to ankle.
    pub shin: f64,
    /// Pelvis (hip centre) to neck base.
    pub trunk: f64,
    /// Neck base to skull base.
    pub neck: f64,
    /// Ankle to the ball of the foot.
    pub foot: f64,
}

/// Where one device sits on its bone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackerMount {
    /// The canonical joint whose bone carries the device.
    pub bone: String,
    /// Device position in the bone frame (x left, y up, z forward at rest).
    pub offset_position: [f64; 3],
    /// `x,y,z,w`: device rotation = bone rotation * mount.
    pub mount_rotation: [f64; 4],
    /// How the position offset was obtained.
    #[serde(default = "nominal")]
    pub offset_source: Source,
    /// How the mount rotation was obtained.
    #[serde(default = "nominal")]
    pub mount_source: Source,
}

fn nominal() -> Source {
    Source::Nominal
}

impl TrackerMount {
    /// The offset as a vector.
    pub fn offset(&self) -> DVec3 {
        DVec3::from_array(self.offset_position)
    }

    /// The mount as a quaternion (normalised).
    pub fn mount(&self) -> DQuat {
        DQuat::from_array(self.mount_rotation).normalize()
    }

    /// Where the device is when its bone is at `bone` (world): what a
    /// device on a body in a known pose reports, as in synthetic takes
    /// and tests.
    pub fn device_pose(&self, bone: crate::transform::Transform) -> crate::transform::Transform {
        bone * crate::transform::Transform::new(self.offset(), self.mount())
    }
}

/// One person's calibrated body (FORMATS.md section 5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodyProfile {
    /// Format version ([`PROFILE_VERSION`]).
    pub version: u32,
    /// Whole-body measures.
    pub body: BodyMeasures,
    /// Segment lengths.
    pub segments: Segments,
    /// One entry per device seen during calibration, keyed by device name.
    #[serde(default)]
    pub trackers: BTreeMap<String, TrackerMount>,
    /// How each body measure and segment length was obtained, keyed by the
    /// field name (`stature`, `upper_arm`, ...).
    #[serde(default)]
    pub sources: BTreeMap<String, Source>,
}

/// Why a profile could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    /// The file could not be read: missing, not a regular file, too large,
    /// not UTF-8 ([`crate::bounded_read`]).
    #[error(transparent)]
    Read(#[from] crate::bounded_read::ReadError),
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// The TOML does not have the profile's shape.
    #[error("{path}: not a valid body profile: {message}")]
    Syntax {
        /// The file.
        path: String,
        /// What the TOML parser said (it names the line and key).
        message: String,
    },
    /// A version this build does not know.
    #[error("{path}: profile version {found} is not supported (this build reads version {PROFILE_VERSION}); re-run calibration")]
    Version {
        /// The file.
        path: String,
        /// The version in the file.
        found: u32,
    },
    /// A value that cannot describe a body.
    #[error("{path}: {what}")]
    Invalid {
        /// The file.
        path: String,
        /// What is wrong.
        what: String,
    },
}

impl BodyProfile {
    /// A profile of an average person of the given stature (metres), every
    /// value from the ratios of [`crate::proportions`], and no devices.
    pub fn from_stature(stature: f64) -> BodyProfile {
        let h = stature;
        let body = BodyMeasures {
            stature: h,
            head_height: ratio::HEAD_HEIGHT * h,
            shoulder_width: ratio::SHOULDER_WIDTH * h,
            hip_width: ratio::HIP_WIDTH * h,
            shoulder_height: ratio::SHOULDER_HEIGHT * h,
            shoulder_forward: 0.0,
            ankle_height: ratio::ANKLE_HEIGHT * h,
            mass: ratio::DEFAULT_BMI * h * h,
        };
        let segments = Segments {
            upper_arm: ratio::UPPER_ARM * h,
            forearm: ratio::FOREARM * h,
            thigh: ratio::THIGH * h,
            shin: ratio::SHIN * h,
            trunk: ratio::TRUNK * h,
            neck: ratio::NECK * h,
            foot: ratio::FOOT * h,
        };
        let mut sources = BTreeMap::new();
        for key in FIELD_NAMES {
            sources.insert(key.to_string(), Source::Ratio);
        }
        sources.insert("stature".into(), Source::User);
        BodyProfile {
            version: PROFILE_VERSION,
            body,
            segments,
            trackers: BTreeMap::new(),
            sources,
        }
    }

    /// [`BodyProfile::from_stature`] wearing every device at its nominal
    /// place on the body, held straight (no mount rotation): the person of
    /// tests and benchmarks whose devices need no calibration.
    pub fn with_nominal_devices(stature: f64) -> BodyProfile {
        let mut profile = BodyProfile::from_stature(stature);
        for d in Device::ALL {
            profile.set_tracker(
                d,
                d.nominal_offset(),
                DQuat::IDENTITY,
                Source::Nominal,
                Source::Nominal,
            );
        }
        profile
    }

    /// The mount of a device, if the profile has one.
    pub fn tracker(&self, device: Device) -> Option<&TrackerMount> {
        self.trackers.get(device.name())
    }

    /// The sample `device` would report at `time_s` with its bone at
    /// `bones[device.bone()]` (world transforms of the bones), through
    /// its mount; `None` when the profile has no mount for it. For
    /// synthetic takes and tests.
    pub fn device_sample(
        &self,
        device: Device,
        bones: &crate::JointMap<crate::transform::Transform>,
        time_s: f64,
    ) -> Option<crate::formats::TrackerSample> {
        let mount = self.tracker(device)?;
        Some(crate::formats::TrackerSample {
            time_s,
            device,
            pose: Some(mount.device_pose(bones[device.bone()])),
            input: None,
        })
    }

    /// Sets a device's mount.
    pub fn set_tracker(
        &mut self,
        device: Device,
        offset: DVec3,
        mount: DQuat,
        offset_source: Source,
        mount_source: Source,
    ) {
        self.trackers.insert(
            device.name().to_string(),
            TrackerMount {
                bone: device.bone().name().to_string(),
                offset_position: offset.to_array(),
                mount_rotation: mount.normalize().to_array(),
                offset_source,
                mount_source,
            },
        );
    }

    /// Parses a profile from TOML text; `path` names it in errors.
    pub fn from_toml(text: &str, path: &str) -> Result<BodyProfile, ProfileError> {
        // Check the version first so that an old or new file says so plainly
        // instead of failing on a renamed key.
        #[derive(Deserialize)]
        struct VersionOnly {
            version: Option<u32>,
        }
        let v: VersionOnly = toml::from_str(text).map_err(|e| ProfileError::Syntax {
            path: path.to_string(),
            message: crate::toml_error::describe(&e, text),
        })?;
        match v.version {
            Some(PROFILE_VERSION) => {}
            Some(found) => {
                return Err(ProfileError::Version {
                    path: path.to_string(),
                    found,
                })
            }
            None => {
                return Err(ProfileError::Invalid {
                    path: path.to_string(),
                    what: "missing `version` (expected `version = 1` on the first line)".into(),
                })
            }
        }
        let raw: RawProfile = toml::from_str(text).map_err(|e| ProfileError::Syntax {
            path: path.to_string(),
            message: crate::toml_error::describe(&e, text),
        })?;
        let profile = raw.complete();
        profile.validate().map_err(|what| ProfileError::Invalid {
            path: path.to_string(),
            what,
        })?;
        Ok(profile)
    }

    /// Reads a profile file.
    pub fn load(path: &Path) -> Result<BodyProfile, ProfileError> {
        let name = path.display().to_string();
        let text = crate::bounded_read::read_text_bounded(path, crate::bounded_read::TOML)?;
        BodyProfile::from_toml(&text, &name)
    }

    /// The profile as TOML text, with a comment per section (empty of
    /// values only if the profile cannot be serialised, which
    /// [`BodyProfile::save`] reports as an error instead).
    pub fn to_toml(&self) -> String {
        self.toml_text().unwrap_or_default()
    }

    /// [`BodyProfile::to_toml`], with the serialiser's error.
    fn toml_text(&self) -> Result<String, toml::ser::Error> {
        let body = toml::to_string(self)?;
        Ok(format!(
            "# Posewire body profile: lengths in metres, offsets in the bone frame\n\
             # (x left, y up, z forward at rest); device rotation = bone rotation * mount.\n\
             # `sources` says how each value was obtained: measured from the calibration\n\
             # poses, estimated by anthropometric ratio, nominal, or given by the user.\n{body}"
        ))
    }

    /// Writes the profile to a file, whole and atomically
    /// ([`crate::atomic_file`]): an interrupted or failed write (disk full)
    /// never leaves half a profile. A profile that [`BodyProfile::validate`]
    /// rejects is not written (it could not be loaded again).
    pub fn save(&self, path: &Path) -> Result<(), ProfileError> {
        let name = path.display().to_string();
        self.validate().map_err(|what| ProfileError::Invalid {
            path: name.clone(),
            what: format!("not saved: {what}"),
        })?;
        let text = self.toml_text().map_err(|e| ProfileError::Invalid {
            path: name.clone(),
            what: format!("not saved: cannot write the profile as TOML: {e}"),
        })?;
        crate::atomic_file::write_atomic(path, text.as_bytes())
            .map_err(|source| ProfileError::Io { path: name, source })
    }

    /// Checks that every value can describe a body; says which is wrong.
    pub fn validate(&self) -> Result<(), String> {
        let lengths = [
            ("body.stature", self.body.stature, 0.5, 2.6),
            ("body.head_height", self.body.head_height, 0.4, 2.4),
            ("body.shoulder_width", self.body.shoulder_width, 0.1, 0.8),
            ("body.hip_width", self.body.hip_width, 0.05, 0.6),
            ("body.shoulder_height", self.body.shoulder_height, 0.3, 2.3),
            (
                "body.shoulder_forward",
                self.body.shoulder_forward,
                -0.3,
                0.3,
            ),
            ("body.ankle_height", self.body.ankle_height, 0.0, 0.3),
            ("body.mass", self.body.mass, 10.0, 400.0),
            ("segments.upper_arm", self.segments.upper_arm, 0.08, 0.6),
            ("segments.forearm", self.segments.forearm, 0.08, 0.6),
            ("segments.thigh", self.segments.thigh, 0.1, 0.8),
            ("segments.shin", self.segments.shin, 0.1, 0.8),
            ("segments.trunk", self.segments.trunk, 0.15, 1.0),
            ("segments.neck", self.segments.neck, 0.03, 0.4),
            ("segments.foot", self.segments.foot, 0.03, 0.4),
        ];
        for (name, value, lo, hi) in lengths {
            if !value.is_finite() || value < lo || value > hi {
                return Err(format!(
                    "`{name}` = {value} is outside the plausible range {lo}..{hi}"
                ));
            }
        }
        for (name, mount) in &self.trackers {
            let device = Device::from_name(name)
                .ok_or_else(|| "a `[trackers.*]` table names an unknown device (expected one of head, left_hand, right_hand, pelvis, left_foot, right_foot)".to_string())?;
            let bone = Joint::from_name(&mount.bone)
                .ok_or_else(|| format!("`[trackers.{name}]`: unknown bone (expected `{}`, the bone this device is worn on)", device.bone()))?;
            if bone != device.bone() {
                return Err(format!(
                    "`[trackers.{name}]`: bone `{}` is not the bone this device is worn on (`{}`)",
                    mount.bone,
                    device.bone()
                ));
            }
            if mount
                .offset_position
                .iter()
                .any(|v| !v.is_finite() || v.abs() > 0.5)
            {
                return Err(format!(
                    "`[trackers.{name}].offset_position` must be finite and within 0.5 m of the bone"
                ));
            }
            let q = DQuat::from_array(mount.mount_rotation);
            if !q.is_finite() || (q.length() - 1.0).abs() > 1e-3 {
                return Err(format!(
                    "`[trackers.{name}].mount_rotation` is not a unit quaternion (length {})",
                    q.length()
                ));
            }
        }
        Ok(())
    }
}

/// A profile as read: the keys FORMATS.md fixes are required; the ones this
/// project adds may be missing (a profile written by another tool) and are
/// then estimated from the stature by ratio, and said so in `sources`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProfile {
    version: u32,
    body: RawMeasures,
    segments: RawSegments,
    #[serde(default)]
    trackers: BTreeMap<String, TrackerMount>,
    #[serde(default)]
    sources: BTreeMap<String, Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMeasures {
    stature: f64,
    head_height: f64,
    shoulder_width: f64,
    hip_width: f64,
    shoulder_height: Option<f64>,
    shoulder_forward: Option<f64>,
    ankle_height: Option<f64>,
    mass: Option<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSegments {
    upper_arm: f64,
    forearm: f64,
    thigh: f64,
    shin: f64,
    trunk: Option<f64>,
    neck: Option<f64>,
    foot: Option<f64>,
}

impl RawProfile {
    /// Fills what is missing from the stature's ratios.
    fn complete(self) -> BodyProfile {
        let ratio = BodyProfile::from_stature(self.body.stature);
        let mut sources = self.sources;
        let mut fill = |name: &str, value: Option<f64>, estimate: f64| {
            value.unwrap_or_else(|| {
                sources.insert(name.to_string(), Source::Ratio);
                estimate
            })
        };
        let b = &self.body;
        let s = &self.segments;
        let ankle_height = fill("ankle_height", b.ankle_height, ratio.body.ankle_height);
        let neck = fill("neck", s.neck, ratio.segments.neck);
        // The trunk joins the legs to the neck: what the measured head
        // height leaves between them.
        let trunk_estimate = b.head_height - neck - (ankle_height + s.shin + s.thigh);
        let body = BodyMeasures {
            stature: b.stature,
            head_height: b.head_height,
            shoulder_width: b.shoulder_width,
            hip_width: b.hip_width,
            shoulder_height: fill(
                "shoulder_height",
                b.shoulder_height,
                ratio.body.shoulder_height,
            ),
            shoulder_forward: fill("shoulder_forward", b.shoulder_forward, 0.0),
            ankle_height,
            mass: fill("mass", b.mass, ratio.body.mass),
        };
        let segments = Segments {
            upper_arm: s.upper_arm,
            forearm: s.forearm,
            thigh: s.thigh,
            shin: s.shin,
            trunk: fill("trunk", s.trunk, trunk_estimate),
            neck,
            foot: fill("foot", s.foot, ratio.segments.foot),
        };
        BodyProfile {
            version: self.version,
            body,
            segments,
            trackers: self.trackers,
            sources,
        }
    }
}

/// The names of the body measures and segment lengths, as in `sources`.
pub const FIELD_NAMES: [&str; 15] = [
    "stature",
    "head_height",
    "shoulder_width",
    "hip_width",
    "shoulder_height",
    "shoulder_forward",
    "ankle_height",
    "mass",
    "upper_arm",
    "forearm",
    "thigh",
    "shin",
    "trunk",
    "neck",
    "foot",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_round_trips_through_toml() {
        let mut p = BodyProfile::from_stature(1.78);
        p.set_tracker(
            Device::LeftHand,
            DVec3::new(0.08, -0.02, 0.0),
            DQuat::from_rotation_x(0.3),
            Source::Measured,
            Source::Measured,
        );
        let text = p.to_toml();
        let back = BodyProfile::from_toml(&text, "p.toml").expect("round trip");
        assert_eq!(p, back);
        assert!(text.contains("[trackers.left_hand]"));
        assert!(text.contains("stature = 1.78"));
    }

    #[test]
    fn profile_example_of_formats_md_loads_with_the_rest_estimated() {
        // The example of FORMATS.md section 5, keys as another tool writes them.
        let text = r#"version = 1

[body]
stature = 1.78        # floor to top of the skull
head_height = 1.58    # floor to the `head` joint (skull base), standing
shoulder_width = 0.38 # between the shoulder joints
hip_width = 0.19      # between the hip joints

[segments]            # joint to joint, mean of left and right
upper_arm = 0.29
forearm = 0.26
thigh = 0.43
shin = 0.44

[trackers.left_hand]  # one table per device seen during calibration
bone = "left_wrist"
offset_position = [0.08, -0.02, 0.0]     # in the bone frame (x left, y up, z forward at rest)
mount_rotation = [0.0, 0.0, 0.0, 1.0]    # x,y,z,w: device rotation = bone rotation * mount
"#;
        let p = BodyProfile::from_toml(text, "example.toml").expect("the documented example loads");
        assert_eq!(p.body.shoulder_width, 0.38);
        assert_eq!(p.segments.shin, 0.44);
        assert_eq!(p.sources.get("trunk"), Some(&Source::Ratio));
        assert_eq!(p.sources.get("shoulder_height"), Some(&Source::Ratio));
        // The trunk fills the gap between the legs and the neck exactly.
        let sk = crate::Skeleton::from_profile(&p);
        let rest = crate::BodyPose::rest(&sk).positions(&sk);
        assert!((rest[crate::Joint::Head].y - p.body.head_height).abs() < 1e-9);
        assert!(p.tracker(Device::LeftHand).is_some());
    }

    #[test]
    fn profile_errors_name_the_problem() {
        let p = BodyProfile::from_stature(1.7);
        let text = p.to_toml().replace("version = 1", "version = 7");
        let e = BodyProfile::from_toml(&text, "x.toml").expect_err("version");
        assert!(e.to_string().contains("version 7"), "{e}");
        let text = p
            .to_toml()
            .replace("[segments]", "[segments]\nwingspan = 2.0");
        let e = BodyProfile::from_toml(&text, "x.toml").expect_err("unknown key");
        // Located, not quoted: the file's own text never shows.
        let message = e.to_string();
        assert!(message.contains("unknown field"), "{message}");
        assert!(message.contains(", column 1: "), "{message}");
        assert!(!message.contains("wingspan"), "{message}");
        let mut bad = p.clone();
        bad.segments.forearm = f64::NAN;
        let e = BodyProfile::from_toml(&bad.to_toml(), "x.toml").expect_err("nan");
        assert!(e.to_string().contains("forearm"), "{e}");
    }

    #[test]
    fn profile_save_is_whole_and_refuses_invalid_profiles() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("me.profile.toml");
        let p = BodyProfile::from_stature(1.8);
        p.save(&path).expect("save");
        p.save(&path).expect("save again over the old file");
        assert_eq!(BodyProfile::load(&path).expect("load"), p);
        let mut bad = p.clone();
        bad.segments.shin = -0.4;
        let e = bad.save(&path).expect_err("negative shin");
        assert!(e.to_string().contains("segments.shin"), "{e}");
        // The good profile is still there, and nothing else.
        assert_eq!(BodyProfile::load(&path).expect("load"), p);
        assert_eq!(std::fs::read_dir(dir.path()).expect("list").count(), 1);
    }
}
