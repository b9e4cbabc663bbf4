//! BVH motion files: reading, writing, forward kinematics, and the CMU mapping.
//!
//! A [`Bvh`] holds the joint hierarchy and the raw channel values of every
//! frame, exactly as the file has them (file units, degrees). Reading is in
//! `parse.rs`, writing in `write.rs`, forward kinematics in `fk.rs`, and the
//! mapping of the CMU clips onto the canonical joints in [`cmu`].

use glam::DVec3;

pub use canonical::{add_fingers, canonical_bvh, zxy_rotation};

mod canonical;
pub mod cmu;
mod fk;
mod parse;
mod write;

/// One animated degree of freedom of a joint, as named in `CHANNELS`.
/// Positions are in file units along the parent's axes, rotations in
/// degrees about the joint's own (already partly rotated) axes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Channel {
    /// Translation along the parent's x axis.
    Xposition,
    /// Translation along the parent's y axis.
    Yposition,
    /// Translation along the parent's z axis.
    Zposition,
    /// Rotation about x, degrees.
    Xrotation,
    /// Rotation about y, degrees.
    Yrotation,
    /// Rotation about z, degrees.
    Zrotation,
}

impl Channel {
    /// Every channel kind.
    pub const ALL: [Channel; 6] = [
        Channel::Xposition,
        Channel::Yposition,
        Channel::Zposition,
        Channel::Xrotation,
        Channel::Yrotation,
        Channel::Zrotation,
    ];

    /// The name used in files (`Zrotation`).
    pub const fn name(self) -> &'static str {
        match self {
            Channel::Xposition => "Xposition",
            Channel::Yposition => "Yposition",
            Channel::Zposition => "Zposition",
            Channel::Xrotation => "Xrotation",
            Channel::Yrotation => "Yrotation",
            Channel::Zrotation => "Zrotation",
        }
    }

    /// Parses a channel name, ignoring ASCII case; `None` for anything else.
    pub fn from_name(name: &str) -> Option<Channel> {
        Channel::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(name))
    }

    /// Whether this is a translation channel.
    pub const fn is_position(self) -> bool {
        matches!(
            self,
            Channel::Xposition | Channel::Yposition | Channel::Zposition
        )
    }

    /// The unit axis the channel moves or turns about.
    pub const fn axis(self) -> DVec3 {
        match self {
            Channel::Xposition | Channel::Xrotation => DVec3::X,
            Channel::Yposition | Channel::Yrotation => DVec3::Y,
            Channel::Zposition | Channel::Zrotation => DVec3::Z,
        }
    }
}

impl std::fmt::Display for Channel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One `ROOT` or `JOINT` of the hierarchy.
#[derive(Debug, Clone, PartialEq)]
pub struct BvhJoint {
    /// The joint's name as written in the file.
    pub name: String,
    /// Index of the parent joint in [`Bvh::joints`]; `None` for the root.
    pub parent: Option<usize>,
    /// `OFFSET`: where the joint sits in its parent's frame at rest, file units.
    pub offset: DVec3,
    /// `CHANNELS`, in file order (also the order of the values in a frame).
    pub channels: Vec<Channel>,
    /// The `OFFSET` of the joint's `End Site`, if it has one.
    pub end_site: Option<DVec3>,
}

/// A whole BVH file: hierarchy and motion, in file units and degrees.
#[derive(Debug, Clone, PartialEq)]
pub struct Bvh {
    /// Every joint in file order (parents before children).
    pub joints: Vec<BvhJoint>,
    /// Seconds between frames (`Frame Time`).
    pub frame_time: f64,
    /// Per frame, every channel value in file order (joint by joint).
    pub frames: Vec<Vec<f64>>,
}

/// Why a BVH file could not be read, written or mapped. Every message names
/// the file and, for syntax errors, the line.
#[derive(Debug, thiserror::Error)]
pub enum BvhError {
    /// The file could not be read: missing, not a regular file, too large,
    /// not UTF-8 ([`crate::bounded_read`]).
    #[error(transparent)]
    Read(#[from] crate::bounded_read::ReadError),
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// The text is not a valid BVH file.
    #[error("{path}:{line}: {reason}")]
    Syntax {
        /// The file.
        path: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The hierarchy lacks joints a mapping needs.
    #[error("{}{reason}", path.as_ref().map(|p| format!("{p}: ")).unwrap_or_default())]
    Mapping {
        /// The file, when known.
        path: Option<String>,
        /// What is missing.
        reason: String,
    },
    /// An in-memory [`Bvh`] is inconsistent (found before writing it).
    #[error("{path}: invalid BVH data: {reason}")]
    Invalid {
        /// The file that was to be written.
        path: String,
        /// What is inconsistent.
        reason: String,
    },
}

impl BvhError {
    /// Fills in the file name of a [`BvhError::Mapping`] error (mapping works
    /// on a parsed [`Bvh`], which does not remember its file).
    pub fn with_path(self, file: &str) -> BvhError {
        match self {
            BvhError::Mapping { path: None, reason } => BvhError::Mapping {
                path: Some(file.to_string()),
                reason,
            },
            other => other,
        }
    }
}

impl Bvh {
    /// Reads and parses a BVH file.
    pub fn read(path: &std::path::Path) -> Result<Bvh, BvhError> {
        let name = path.display().to_string();
        let text = crate::bounded_read::read_text_bounded(path, crate::bounded_read::BVH)?;
        Bvh::parse(&text, &name)
    }

    /// Index of the first joint called `name`.
    pub fn joint_index(&self, name: &str) -> Option<usize> {
        self.joints.iter().position(|j| j.name == name)
    }

    /// Number of frames of motion.
    pub fn frame_count(&self) -> usize {
        self.frames.len()
    }

    /// Number of values in one frame (all joints' channels).
    pub fn channel_count(&self) -> usize {
        self.joints.iter().map(|j| j.channels.len()).sum()
    }

    /// Index, within a frame, of the first channel value of `joint`.
    pub fn channel_start(&self, joint: usize) -> usize {
        self.joints[..joint.min(self.joints.len())]
            .iter()
            .map(|j| j.channels.len())
            .sum()
    }

    /// Checks the invariants the rest of the module relies on: parents come
    /// before their children, one frame value per channel, every number
    /// finite and a positive frame time. `path` only labels the error.
    pub fn validate(&self, path: &str) -> Result<(), BvhError> {
        let invalid = |reason: String| BvhError::Invalid {
            path: path.to_string(),
            reason,
        };
        if !(self.frame_time.is_finite() && self.frame_time > 0.0) {
            return Err(invalid(format!(
                "frame time {} is not a positive number",
                self.frame_time
            )));
        }
        for (i, j) in self.joints.iter().enumerate() {
            if let Some(p) = j.parent {
                if p >= i {
                    return Err(invalid(format!(
                        "joint {i} `{}` comes before its parent {p}",
                        j.name
                    )));
                }
            }
            if j.name.is_empty() || j.name.chars().any(char::is_whitespace) {
                return Err(invalid(format!(
                    "joint {i} name `{}` is empty or has white space",
                    j.name
                )));
            }
            let end_ok = j.end_site.is_none_or(|e| e.is_finite());
            if !j.offset.is_finite() || !end_ok {
                return Err(invalid(format!(
                    "joint `{}` has a non-finite offset",
                    j.name
                )));
            }
        }
        let n = self.channel_count();
        for (f, values) in self.frames.iter().enumerate() {
            if values.len() != n {
                return Err(invalid(format!(
                    "frame {f} has {} values, the hierarchy has {n} channels",
                    values.len()
                )));
            }
            if let Some(k) = values.iter().position(|v| !v.is_finite()) {
                return Err(invalid(format!("frame {f} value {k} is not finite")));
            }
        }
        Ok(())
    }

    /// Moves the root's `OFFSET` into its position channels (added to every
    /// frame) and sets the offset to zero, which leaves the motion unchanged.
    /// Blender ignores the root offset, so call this before writing a file
    /// for it. Does nothing unless the root has all three position channels.
    pub fn fold_root_offset(&mut self) {
        let Some(root) = self.joints.first() else {
            return;
        };
        let offset = root.offset;
        let start = 0;
        let mut slots = [None; 3];
        for (k, c) in root.channels.iter().enumerate() {
            match c {
                Channel::Xposition => slots[0] = Some(start + k),
                Channel::Yposition => slots[1] = Some(start + k),
                Channel::Zposition => slots[2] = Some(start + k),
                _ => {}
            }
        }
        let [Some(x), Some(y), Some(z)] = slots else {
            return;
        };
        for values in &mut self.frames {
            for (slot, add) in [(x, offset.x), (y, offset.y), (z, offset.z)] {
                if let Some(v) = values.get_mut(slot) {
                    *v += add;
                }
            }
        }
        self.joints[0].offset = DVec3::ZERO;
    }
}
