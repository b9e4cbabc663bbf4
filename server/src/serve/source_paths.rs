//! Which files a client may name over the API (a file source's tracker
//! take): only those that resolve, symlinks and `..` included, inside
//! `<storage>/trackers/` or a folder of `[sources] allow`. Paths written
//! in the configuration file itself are trusted and not checked here;
//! every read is bounded either way (`posewire_body::bounded_read`).
//!
//! Status codes: PERMISSION_DENIED for a path outside the allowed folders
//! (also when it does not exist, and for a symlink whose target lies
//! outside whether or not that target exists, so that a client cannot
//! probe the disk), NOT_FOUND for a missing file inside them,
//! INVALID_ARGUMENT for an empty path, a NUL in it, or a file with more
//! than one hard link (another name may lie outside the folders); a file
//! that is not regular or is too large is INVALID_ARGUMENT when it is
//! read. The path is repeated in errors cut to a short prefix.

use std::path::{Component, Path, PathBuf};

use serde::Deserialize;
use tonic::Status;

use super::ids::clip;
use super::read_budget::ReadBudget;

/// The `[sources]` table: folders beyond `<storage>/trackers/` whose files
/// a client may name.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SourcesConfig {
    /// Folders (relative: to the configuration file's folder).
    pub allow: Vec<PathBuf>,
}

impl SourcesConfig {
    /// Takes relative folders from `base`.
    pub fn resolve_paths(&mut self, base: &Path) {
        for dir in &mut self.allow {
            if dir.is_relative() {
                *dir = base.join(&*dir);
            }
        }
    }

    /// Every folder must exist; the error is `(key, reason)`.
    pub fn validate(&self) -> Result<(), (String, String)> {
        for (i, dir) in self.allow.iter().enumerate() {
            if !dir.is_dir() {
                return Err((
                    format!("sources.allow[{i}]"),
                    format!("{} is not a folder", dir.display()),
                ));
            }
        }
        Ok(())
    }
}

/// The folders a path named over the API may resolve into.
#[derive(Debug, Clone)]
pub struct AllowedFolders {
    /// The first folder: relative paths are taken from it.
    base: PathBuf,
    /// It and the other allowed folders.
    folders: Vec<PathBuf>,
    /// How to let in a folder, for the refusal's message.
    hint: &'static str,
    /// The bytes read at once from files clients name.
    budget: std::sync::Arc<ReadBudget>,
}

impl AllowedFolders {
    /// Tracker takes: `<storage>/trackers/` and the configured folders.
    pub fn new(
        storage: &Path,
        sources: &SourcesConfig,
        budget: std::sync::Arc<ReadBudget>,
    ) -> AllowedFolders {
        let trackers = storage.join("trackers");
        let mut folders = vec![trackers.clone()];
        folders.extend(sources.allow.iter().cloned());
        AllowedFolders {
            base: trackers,
            folders,
            hint: "; add its folder to `[sources] allow` in the configuration",
            budget,
        }
    }

    /// Models of objects' hulls: `<storage>/models/` alone.
    pub fn models(storage: &Path, budget: std::sync::Arc<ReadBudget>) -> AllowedFolders {
        let models = storage.join("models");
        AllowedFolders {
            base: models.clone(),
            folders: vec![models],
            hint: "",
            budget,
        }
    }

    /// The budget of bytes read at once that reads of these files share.
    pub fn budget(&self) -> &std::sync::Arc<ReadBudget> {
        &self.budget
    }

    /// The first folder (relative paths are taken from it).
    pub fn base(&self) -> &Path {
        &self.base
    }

    /// The file a client named, resolved (absolute, no symlink, no `..`)
    /// and inside an allowed folder; `what` names the request's field in
    /// errors ("file source").
    pub fn resolve(&self, named: &str, what: &str) -> Result<PathBuf, Status> {
        if named.is_empty() {
            return Err(Status::invalid_argument(format!(
                "{what}: the path is empty"
            )));
        }
        let shown = clip(named);
        if named.contains('\0') {
            return Err(Status::invalid_argument(format!(
                "{what}: {shown} holds a NUL character, which no file name can"
            )));
        }
        let asked = self.base.join(named);
        let denied = || {
            Status::permission_denied(format!(
                "{what}: {shown} is outside the folders a client may name files in ({}){}",
                self.describe(),
                self.hint
            ))
        };
        let roots = self.roots();
        match std::fs::canonicalize(&asked) {
            Ok(real) => {
                if !roots.iter().any(|root| real.starts_with(root)) {
                    return Err(denied());
                }
                refuse_hard_links(&real, what, &shown)?;
                Ok(real)
            }
            Err(e) => {
                // Where the path would lead, symlinks followed as far as
                // they exist: a link to a missing file outside answers as
                // one to an existing file outside does, so that a client
                // cannot probe the disk.
                let words = would_resolve(&absolute(&asked), 0)
                    .map_or_else(|| normalize(&absolute(&asked)), |p| normalize(&p));
                let inside = roots.iter().any(|root| words.starts_with(root))
                    || self
                        .folders
                        .iter()
                        .any(|f| words.starts_with(normalize(&absolute(f))));
                if inside {
                    Err(Status::not_found(format!(
                        "{what}: cannot open {shown}: {e}"
                    )))
                } else {
                    Err(denied())
                }
            }
        }
    }

    /// The allowed folders as they are now (a missing one is skipped).
    fn roots(&self) -> Vec<PathBuf> {
        self.folders
            .iter()
            .filter_map(|f| std::fs::canonicalize(f).ok())
            .collect()
    }

    /// The folders, for messages.
    fn describe(&self) -> String {
        self.folders
            .iter()
            .map(|f| f.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A file with another name (a hard link) may be one outside the folders:
/// refused, whatever its content.
fn refuse_hard_links(real: &Path, what: &str, shown: &str) -> Result<(), Status> {
    use std::os::unix::fs::MetadataExt as _;
    match std::fs::metadata(real) {
        Ok(m) if m.is_file() && m.nlink() > 1 => Err(Status::invalid_argument(format!(
            "{what}: {shown} has {} hard links (names); a client may only name a file that \
             has one, since another name may lie outside the allowed folders: copy it instead",
            m.nlink()
        ))),
        _ => Ok(()),
    }
}

/// Where a path that does not fully exist would lead: its symlinks
/// followed as far as they exist, then the missing rest appended. `None`
/// past 40 links (a loop).
fn would_resolve(path: &Path, links: u32) -> Option<PathBuf> {
    if links > 40 {
        return None;
    }
    if let Ok(real) = std::fs::canonicalize(path) {
        return Some(real);
    }
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        let target = std::fs::read_link(path).ok()?;
        let from = path.parent()?;
        return would_resolve(&normalize(&from.join(target)), links + 1);
    }
    let parent = path.parent()?;
    let name = path.file_name()?;
    Some(would_resolve(parent, links + 1)?.join(name))
}

/// `path` made absolute from the working directory.
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// `path` with `.` and `..` worked out on the words alone.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic::Code;

    struct Setup {
        _storage: tempfile::TempDir,
        _outside: tempfile::TempDir,
        folders: AllowedFolders,
        outside: PathBuf,
        trackers: PathBuf,
    }

    fn setup() -> Setup {
        let storage = tempfile::tempdir().expect("temp dir");
        let outside = tempfile::tempdir().expect("temp dir");
        let trackers = storage.path().join("trackers");
        std::fs::create_dir_all(&trackers).expect("folder");
        std::fs::write(trackers.join("walk.trackers.csv"), "x").expect("write");
        std::fs::write(outside.path().join("secret.csv"), "x").expect("write");
        Setup {
            folders: AllowedFolders::new(
                storage.path(),
                &SourcesConfig::default(),
                ReadBudget::new(1 << 20),
            ),
            outside: outside.path().to_path_buf(),
            trackers,
            _storage: storage,
            _outside: outside,
        }
    }

    #[test]
    fn a_take_in_the_trackers_folder_resolves_by_name_or_path() {
        let s = setup();
        let by_name = s.folders.resolve("walk.trackers.csv", "f").expect("inside");
        let by_path = s
            .folders
            .resolve(
                &s.trackers.join("walk.trackers.csv").display().to_string(),
                "f",
            )
            .expect("inside");
        assert_eq!(by_name, by_path);
    }

    #[test]
    fn paths_leaving_the_folders_are_denied() {
        let s = setup();
        let secret = s.outside.join("secret.csv");
        std::os::unix::fs::symlink(&secret, s.trackers.join("link.csv")).expect("symlink");
        let dotdot = format!(
            "../../{}",
            secret.strip_prefix("/").expect("absolute").display()
        );
        for named in [
            secret.display().to_string(),
            "link.csv".to_string(),
            dotdot,
            "/etc/passwd".to_string(),
            "/proc/self/environ".to_string(),
            "/nonexistent/x.csv".to_string(),
        ] {
            let e = s.folders.resolve(&named, "file source").expect_err(&named);
            assert_eq!(e.code(), Code::PermissionDenied, "{named}: {e:?}");
            assert!(e.message().contains(&named), "{}", e.message());
            assert!(e.message().contains("[sources] allow"), "{}", e.message());
        }
    }

    #[test]
    fn links_outside_answer_alike_whether_their_target_exists() {
        let s = setup();
        let secret = s.outside.join("secret.csv");
        let missing = s.outside.join("missing.csv");
        std::os::unix::fs::symlink(&secret, s.trackers.join("there.csv")).expect("symlink");
        std::os::unix::fs::symlink(&missing, s.trackers.join("gone.csv")).expect("symlink");
        // A link to a link to a missing file outside, and a relative one.
        std::os::unix::fs::symlink("gone.csv", s.trackers.join("chain.csv")).expect("symlink");
        let there = s.folders.resolve("there.csv", "f").expect_err("outside");
        for named in ["gone.csv", "chain.csv"] {
            let e = s.folders.resolve(named, "f").expect_err(named);
            assert_eq!(e.code(), there.code(), "{named}: {e:?}");
            assert_eq!(e.code(), Code::PermissionDenied);
        }
        // A link inside to a missing file inside is still NOT_FOUND.
        std::os::unix::fs::symlink("nothing.csv", s.trackers.join("soon.csv")).expect("symlink");
        let e = s
            .folders
            .resolve("soon.csv", "f")
            .expect_err("missing inside");
        assert_eq!(e.code(), Code::NotFound, "{e:?}");
    }

    #[test]
    fn nul_long_paths_and_hard_links_are_refused_briefly() {
        let s = setup();
        let e = s.folders.resolve("walk\0.csv", "f").expect_err("nul");
        assert_eq!(e.code(), Code::InvalidArgument, "{e:?}");
        let long = "a/".repeat(35_000);
        let e = s.folders.resolve(&long, "f").expect_err("long");
        assert!(e.message().len() < 1000, "{}", e.message().len());
        std::fs::hard_link(s.outside.join("secret.csv"), s.trackers.join("hard.csv"))
            .expect("hard link");
        let e = s.folders.resolve("hard.csv", "f").expect_err("two links");
        assert_eq!(e.code(), Code::InvalidArgument, "{e:?}");
        assert!(e.message().contains("hard links"), "{e:?}");
    }

    #[test]
    fn a_missing_file_inside_is_not_found_and_an_allowed_folder_is_taken() {
        let s = setup();
        let e = s.folders.resolve("gone.csv", "f").expect_err("missing");
        assert_eq!(e.code(), Code::NotFound, "{e:?}");
        let allowed = AllowedFolders::new(
            s.trackers.parent().expect("storage"),
            &SourcesConfig {
                allow: vec![s.outside.clone()],
            },
            ReadBudget::new(1 << 20),
        );
        let secret = s.outside.join("secret.csv");
        assert!(allowed.resolve(&secret.display().to_string(), "f").is_ok());
        assert_eq!(
            s.folders.resolve("", "f").expect_err("empty").code(),
            Code::InvalidArgument
        );
    }
}
