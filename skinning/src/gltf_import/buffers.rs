//! Buffer loading (GLB blob, external files, `data:` URIs) and accessor
//! bounds checks, so the accessor readers never index out of range.

use std::path::Path;

use gltf::accessor::{DataType, Dimensions};

use crate::error::SkinError;

/// The bytes of every buffer of the document, in order; with `within`, an
/// external buffer file must lie inside that folder (symlinks and `..`
/// resolved), so that a file a client named cannot reach beyond it.
pub(super) fn load(
    gltf: &gltf::Gltf,
    path: &Path,
    within: Option<&Path>,
) -> Result<Vec<Vec<u8>>, SkinError> {
    let unsupported = |reason: String| SkinError::Unsupported {
        path: path.to_path_buf(),
        reason,
    };
    let mut out = Vec::new();
    for buffer in gltf.document.buffers() {
        let bytes = match buffer.source() {
            gltf::buffer::Source::Bin => gltf.blob.clone().ok_or_else(|| {
                unsupported(format!(
                    "buffer {} refers to a missing GLB binary chunk",
                    buffer.index()
                ))
            })?,
            gltf::buffer::Source::Uri(uri) => {
                if let Some(rest) = uri.strip_prefix("data:") {
                    let (_, payload) = rest.split_once(";base64,").ok_or_else(|| {
                        unsupported(format!("buffer {}: data URI is not base64", buffer.index()))
                    })?;
                    decode_base64(payload).ok_or_else(|| {
                        unsupported(format!(
                            "buffer {}: invalid base64 in data URI",
                            buffer.index()
                        ))
                    })?
                } else {
                    let file = path.parent().unwrap_or(Path::new(".")).join(uri);
                    if let Some(root) = within {
                        confined(&file, root).map_err(|reason| {
                            unsupported(format!("buffer {}: {reason}", buffer.index()))
                        })?;
                    }
                    posewire_body::bounded_read::read_bounded(
                        &file,
                        posewire_body::bounded_read::GLTF,
                    )?
                }
            }
        };
        if bytes.len() < buffer.length() {
            return Err(unsupported(format!(
                "buffer {} has {} bytes but declares {}",
                buffer.index(),
                bytes.len(),
                buffer.length()
            )));
        }
        out.push(bytes);
    }
    Ok(out)
}

/// Whether `file` resolves inside `root`.
fn confined(file: &Path, root: &Path) -> Result<(), String> {
    let real = std::fs::canonicalize(file).map_err(|e| format!("cannot open its file: {e}"))?;
    let root = std::fs::canonicalize(root).map_err(|e| format!("no model folder: {e}"))?;
    if real.starts_with(&root) {
        Ok(())
    } else {
        Err("its file lies outside the model folder".into())
    }
}

/// The element types glTF allows for one use of an accessor (the reader
/// of the `gltf` crate panics on any other).
#[derive(Debug, Clone, Copy)]
pub(super) struct Layout {
    dimensions: Dimensions,
    types: &'static [DataType],
}

impl Layout {
    /// `POSITION`, `NORMAL`: float VEC3.
    pub(super) const VEC3: Layout = Layout {
        dimensions: Dimensions::Vec3,
        types: &[DataType::F32],
    };
    /// `TEXCOORD_n`: VEC2 of float or normalized unsigned bytes or shorts.
    pub(super) const TEXCOORD: Layout = Layout {
        dimensions: Dimensions::Vec2,
        types: &[DataType::F32, DataType::U8, DataType::U16],
    };
    /// `JOINTS_n`: VEC4 of unsigned bytes or shorts.
    pub(super) const JOINTS: Layout = Layout {
        dimensions: Dimensions::Vec4,
        types: &[DataType::U8, DataType::U16],
    };
    /// `WEIGHTS_n`: VEC4 of float or normalized unsigned bytes or shorts.
    pub(super) const WEIGHTS: Layout = Layout {
        dimensions: Dimensions::Vec4,
        types: &[DataType::F32, DataType::U8, DataType::U16],
    };
    /// Indices: unsigned SCALAR.
    pub(super) const INDICES: Layout = Layout {
        dimensions: Dimensions::Scalar,
        types: &[DataType::U8, DataType::U16, DataType::U32],
    };
    /// Inverse bind matrices: float MAT4.
    pub(super) const MAT4: Layout = Layout {
        dimensions: Dimensions::Mat4,
        types: &[DataType::F32],
    };
}

/// Checks that an accessor has the element type its use allows, a stride
/// no shorter than an element, and elements inside its view and buffer.
pub(super) fn check_accessor(
    acc: &gltf::Accessor<'_>,
    layout: Layout,
    data: &[Vec<u8>],
    path: &Path,
    what: &str,
) -> Result<(), SkinError> {
    let err = |reason: String| SkinError::Unsupported {
        path: path.to_path_buf(),
        reason: format!("{what}: {reason}"),
    };
    // glTF requires at least one element; the gltf crate's readers
    // underflow on an empty accessor.
    if acc.count() == 0 {
        return Err(err(format!("accessor {} has no elements", acc.index())));
    }
    if acc.dimensions() != layout.dimensions || !layout.types.contains(&acc.data_type()) {
        return Err(err(format!(
            "accessor {} holds {:?} of {:?}; glTF allows {:?} of {:?} here",
            acc.index(),
            acc.dimensions(),
            acc.data_type(),
            layout.dimensions,
            layout.types
        )));
    }
    if acc.sparse().is_some() {
        return Err(err("sparse accessors are not supported".into()));
    }
    let Some(view) = acc.view() else {
        return Err(err("accessor has no buffer view".into()));
    };
    let buf_len = data.get(view.buffer().index()).map_or(0, Vec::len);
    let view_end = view.offset().checked_add(view.length());
    if view_end.is_none_or(|e| e > buf_len) {
        return Err(err(format!(
            "buffer view {} (offset {}, length {}) runs past its buffer of {buf_len} bytes",
            view.index(),
            view.offset(),
            view.length()
        )));
    }
    let elem = acc.size();
    if let Some(stride) = view.stride().filter(|&s| s < elem) {
        return Err(err(format!(
            "buffer view {} has a stride of {stride} bytes, shorter than the {elem} bytes of an element",
            view.index()
        )));
    }
    let stride = view.stride().unwrap_or(elem);
    if acc.count() > 0 {
        let need = acc
            .offset()
            .checked_add(stride.saturating_mul(acc.count() - 1))
            .and_then(|x| x.checked_add(elem));
        if need.is_none_or(|n| n > view.length()) {
            return Err(err(format!(
                "accessor {} ({} elements) runs past its buffer view of {} bytes",
                acc.index(),
                acc.count(),
                view.length()
            )));
        }
    }
    Ok(())
}

/// Standard base64 (with or without padding); `None` on a bad character.
fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for c in text.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => break,
            b'\r' | b'\n' | b' ' => continue,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn skinning_base64_decodes_known_text() {
        assert_eq!(
            super::decode_base64("aGVsbG8=").as_deref(),
            Some(&b"hello"[..])
        );
        assert_eq!(super::decode_base64("aGk").as_deref(), Some(&b"hi"[..]));
        assert!(super::decode_base64("a*b").is_none());
    }
}
