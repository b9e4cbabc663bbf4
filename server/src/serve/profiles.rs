//! Body profiles stored by name in the storage folder
//! (`STORAGE/profiles/NAME.profile.toml`, FORMATS.md section 5).

use std::path::{Path, PathBuf};

use posewire_body::glam::DVec3;
use posewire_body::{BodyProfile, Device, Source};

use super::ids::check_id;

/// Why a stored profile could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ProfileStoreError {
    /// The name is not an id.
    #[error("{0}")]
    BadName(String),
    /// No profile of that name.
    #[error("no stored profile `{0}`")]
    NotFound(String),
    /// The file could not be read, written or parsed.
    #[error("{path}: {reason}")]
    Io {
        /// The file or folder.
        path: String,
        /// What went wrong.
        reason: String,
    },
}

/// The stored profiles under one folder.
#[derive(Debug, Clone)]
pub struct ProfileStore {
    dir: PathBuf,
}

impl ProfileStore {
    /// The store in `dir` (created on the first save).
    pub fn new(dir: PathBuf) -> ProfileStore {
        ProfileStore { dir }
    }

    /// The file of a profile name.
    pub fn path(&self, name: &str) -> Result<PathBuf, ProfileStoreError> {
        check_id(name).map_err(ProfileStoreError::BadName)?;
        Ok(self.dir.join(format!("{name}.profile.toml")))
    }

    /// The stored names, sorted.
    pub fn list(&self) -> Result<Vec<String>, ProfileStoreError> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(io(&self.dir, e)),
        };
        let mut names: Vec<String> = entries
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                name.strip_suffix(".profile.toml")
                    .filter(|n| check_id(n).is_ok())
                    .map(str::to_string)
            })
            .collect();
        names.sort();
        Ok(names)
    }

    /// A stored profile and its TOML text.
    pub fn get(&self, name: &str) -> Result<(BodyProfile, String), ProfileStoreError> {
        let path = self.path(name)?;
        use posewire_body::bounded_read::{read_text_bounded, ReadError, TOML};
        let text = match read_text_bounded(&path, TOML) {
            Ok(t) => t,
            Err(ReadError::Open { source, .. })
                if source.kind() == std::io::ErrorKind::NotFound =>
            {
                return Err(ProfileStoreError::NotFound(name.to_string()))
            }
            Err(e) => {
                return Err(ProfileStoreError::Io {
                    path: path.display().to_string(),
                    reason: e.to_string(),
                })
            }
        };
        let profile = BodyProfile::from_toml(&text, &path.display().to_string()).map_err(|e| {
            ProfileStoreError::Io {
                path: path.display().to_string(),
                reason: e.to_string(),
            }
        })?;
        Ok((profile, text))
    }

    /// Stores (or replaces) a profile; returns its TOML text.
    pub fn put(&self, name: &str, profile: &BodyProfile) -> Result<String, ProfileStoreError> {
        let path = self.path(name)?;
        std::fs::create_dir_all(&self.dir).map_err(|e| io(&self.dir, e))?;
        profile.save(&path).map_err(|e| ProfileStoreError::Io {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        Ok(profile.to_toml())
    }

    /// Deletes a stored profile.
    pub fn delete(&self, name: &str) -> Result<(), ProfileStoreError> {
        let path = self.path(name)?;
        match std::fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                Err(ProfileStoreError::NotFound(name.to_string()))
            }
            Err(e) => Err(io(&path, e)),
        }
    }
}

fn io(path: &Path, e: std::io::Error) -> ProfileStoreError {
    ProfileStoreError::Io {
        path: path.display().to_string(),
        reason: e.to_string(),
    }
}

/// A copy of `profile` whose device mounts carry the position offsets a
/// solver uses (`offset(device)`: the profile's, refined during use for
/// the feet). Devices without a mount in the profile, and offsets that are
/// missing or not finite, are left as they were; an offset that moved
/// becomes [`Source::Measured`] (measured during use).
pub fn with_offsets(
    profile: &BodyProfile,
    offset: impl Fn(Device) -> Option<DVec3>,
) -> BodyProfile {
    let mut out = profile.clone();
    for device in Device::ALL {
        let Some(mount) = out.trackers.get_mut(device.name()) else {
            continue;
        };
        let Some(new) = offset(device).filter(|o| o.is_finite()) else {
            continue;
        };
        if new.distance(mount.offset()) > 1e-12 {
            mount.offset_position = new.to_array();
            mount.offset_source = Source::Measured;
        }
    }
    out
}

/// The status for a store error.
pub fn status(e: ProfileStoreError) -> tonic::Status {
    match e {
        ProfileStoreError::BadName(m) => tonic::Status::invalid_argument(m),
        ProfileStoreError::NotFound(_) => tonic::Status::not_found(e.to_string()),
        ProfileStoreError::Io { .. } => tonic::Status::internal(e.to_string()),
    }
}

#[cfg(test)]
#[path = "profiles_refined_tests.rs"]
mod refined_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refined_offsets_replace_only_mounted_finite_moved_ones() {
        let mut p = BodyProfile::from_stature(1.75);
        for (i, device) in Device::ALL.into_iter().enumerate() {
            let offset = DVec3::new(0.01 * i as f64, -0.02, 0.03);
            let mount = posewire_body::glam::DQuat::from_rotation_y(0.1 * i as f64);
            p.set_tracker(device, offset, mount, Source::Measured, Source::Ratio);
        }
        let foot = p.tracker(Device::LeftFoot).expect("set above").clone();
        let moved = foot.offset() + DVec3::new(0.0, 0.01, 0.02);
        let out = with_offsets(&p, |d| match d {
            Device::LeftFoot => Some(moved),
            Device::RightFoot => Some(DVec3::NAN),
            Device::Head => None,
            d => p.tracker(d).map(|m| m.offset()),
        });
        let left = out.tracker(Device::LeftFoot).expect("kept");
        assert!(left.offset().distance(moved) < 1e-15);
        assert_eq!(left.offset_source, Source::Measured);
        assert_eq!(left.mount_rotation, foot.mount_rotation);
        assert_eq!(out.tracker(Device::RightFoot), p.tracker(Device::RightFoot));
        assert_eq!(out.tracker(Device::Head), p.tracker(Device::Head));
        assert_eq!(out.tracker(Device::LeftHand), p.tracker(Device::LeftHand));
        assert_eq!(out.body, p.body);
        // Unchanged offsets: the same profile.
        assert_eq!(with_offsets(&p, |d| p.tracker(d).map(|m| m.offset())), p);
    }

    #[test]
    fn profiles_are_stored_listed_fetched_and_deleted_by_name() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = ProfileStore::new(dir.path().join("profiles"));
        assert_eq!(store.list().expect("empty"), Vec::<String>::new());
        let p = BodyProfile::from_stature(1.62);
        store.put("zoe", &p).expect("saved");
        store
            .put("adam", &BodyProfile::from_stature(1.9))
            .expect("saved");
        assert_eq!(store.list().expect("listed"), ["adam", "zoe"]);
        let (back, text) = store.get("zoe").expect("fetched");
        assert!((back.body.stature - 1.62).abs() < 1e-9);
        assert!(text.contains("stature"));
        assert!(matches!(
            store.get("nobody"),
            Err(ProfileStoreError::NotFound(_))
        ));
        assert!(matches!(
            store.put("Bad Name", &p),
            Err(ProfileStoreError::BadName(_))
        ));
        store.delete("zoe").expect("deleted");
        assert!(matches!(
            store.delete("zoe"),
            Err(ProfileStoreError::NotFound(_))
        ));
        assert_eq!(store.list().expect("listed"), ["adam"]);
    }
}
