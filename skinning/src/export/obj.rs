//! Wavefront OBJ: positions (`v`), normals (`vn`) and triangles
//! (`f a//a b//b c//c`, 1-based) of one deformed frame, 6 decimals
//! (micrometres), which every DCC tool and mesh viewer reads.

use std::fmt::Write as _;
use std::path::Path;

use glam::Vec3;

use super::ExportError;

/// The OBJ text of a mesh; `comment` lines go first (`# ...`). Normals are
/// written when there is one per vertex.
pub fn obj_text(
    positions: &[Vec3],
    normals: &[Vec3],
    triangles: &[[u32; 3]],
    comment: &str,
) -> String {
    let with_normals = normals.len() == positions.len();
    let mut out = String::with_capacity(64 + positions.len() * 80 + triangles.len() * 40);
    for line in comment.lines() {
        let _ = writeln!(out, "# {line}");
    }
    for p in positions {
        let _ = writeln!(out, "v {:.6} {:.6} {:.6}", p.x, p.y, p.z);
    }
    if with_normals {
        for n in normals {
            let _ = writeln!(out, "vn {:.6} {:.6} {:.6}", n.x, n.y, n.z);
        }
    }
    for t in triangles {
        let [a, b, c] = t.map(|i| u64::from(i) + 1);
        if with_normals {
            let _ = writeln!(out, "f {a}//{a} {b}//{b} {c}//{c}");
        } else {
            let _ = writeln!(out, "f {a} {b} {c}");
        }
    }
    out
}

/// Writes one frame as an OBJ file (atomically). Refuses non-finite
/// positions and triangles indexing outside the vertices, naming the file.
pub fn write_obj(
    path: &Path,
    positions: &[Vec3],
    normals: &[Vec3],
    triangles: &[[u32; 3]],
    comment: &str,
) -> Result<(), ExportError> {
    let invalid = |reason: String| ExportError::Invalid {
        path: path.to_path_buf(),
        reason,
    };
    if let Some(v) = positions.iter().position(|p| !p.is_finite()) {
        return Err(invalid(format!("vertex {v} is not finite")));
    }
    if let Some(t) = triangles
        .iter()
        .position(|t| t.iter().any(|&i| i as usize >= positions.len()))
    {
        return Err(invalid(format!(
            "triangle {t} uses a vertex outside the {} vertices",
            positions.len()
        )));
    }
    let text = obj_text(positions, normals, triangles, comment);
    posewire_body::atomic_file::write_atomic(path, text.as_bytes()).map_err(|source| {
        ExportError::Io {
            path: path.to_path_buf(),
            source,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn export_obj_text_is_one_based_with_normals() {
        let p = [Vec3::ZERO, Vec3::X, Vec3::Y];
        let n = [Vec3::Z; 3];
        let text = obj_text(&p, &n, &[[0, 1, 2]], "frame 1");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "# frame 1");
        assert_eq!(lines[2], "v 1.000000 0.000000 0.000000");
        assert_eq!(lines[4], "vn 0.000000 0.000000 1.000000");
        assert_eq!(lines.last().copied(), Some("f 1//1 2//2 3//3"));
    }

    #[test]
    fn export_obj_refuses_bad_data_naming_the_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("x.obj");
        let err =
            write_obj(&path, &[Vec3::ZERO], &[], &[[0, 0, 3]], "").expect_err("bad index refused");
        assert!(err.to_string().contains("x.obj"), "{err}");
        assert!(!path.exists());
    }
}
