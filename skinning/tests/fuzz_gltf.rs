//! The fuzz tier of glTF import (`gltf_import`): a real small model
//! (`../shared/data/models/CesiumMan.glb`, read at test time, never copied
//! into the repository) as `.glb` and as `.gltf` with a `data:` URI,
//! mutated in its JSON (numbers: counts, offsets, indices; keys removed)
//! and its binary data, and arbitrary bytes: the import never panics and
//! gives a mesh that holds together or a typed error.
//!
//! Brief in `cargo test`; for minutes:
//! `PROPTEST_CASES=20000 cargo test --release -p posewire-skinning --test fuzz_gltf`.

use std::path::Path;
use std::sync::OnceLock;

use posewire_skinning::gltf_import::load_gltf_bytes;
use posewire_skinning::ImportOptions;
use proptest::prelude::*;
use serde_json::Value;

/// The default configuration (so `PROPTEST_CASES` scales it), without
/// writing failures into the source tree.
fn config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The model's JSON and binary chunk, or `None` without the shared data.
fn model() -> Option<&'static (Value, Vec<u8>)> {
    static MODEL: OnceLock<Option<(Value, Vec<u8>)>> = OnceLock::new();
    MODEL
        .get_or_init(|| {
            let path = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../shared/data/models/CesiumMan.glb");
            let bytes = std::fs::read(path).ok()?;
            split_glb(&bytes)
        })
        .as_ref()
}

fn u32_at(b: &[u8], at: usize) -> Option<usize> {
    let s = b.get(at..at + 4)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]) as usize)
}

/// A GLB's JSON and binary chunks.
fn split_glb(bytes: &[u8]) -> Option<(Value, Vec<u8>)> {
    let json_len = u32_at(bytes, 12)?;
    let json = bytes.get(20..20 + json_len)?;
    let bin_at = 20 + json_len;
    let bin_len = u32_at(bytes, bin_at)?;
    let bin = bytes.get(bin_at + 8..bin_at + 8 + bin_len)?.to_vec();
    Some((serde_json::from_slice(json).ok()?, bin))
}

/// A GLB of a JSON document and a binary chunk.
fn glb(json: &Value, bin: &[u8]) -> Vec<u8> {
    let mut j = json.to_string().into_bytes();
    while !j.len().is_multiple_of(4) {
        j.push(b' ');
    }
    let mut b = bin.to_vec();
    while !b.len().is_multiple_of(4) {
        b.push(0);
    }
    let total = 12 + 8 + j.len() + 8 + b.len();
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(b"glTF");
    out.extend_from_slice(&2u32.to_le_bytes());
    out.extend_from_slice(&(total as u32).to_le_bytes());
    out.extend_from_slice(&(j.len() as u32).to_le_bytes());
    out.extend_from_slice(b"JSON");
    out.extend_from_slice(&j);
    out.extend_from_slice(&(b.len() as u32).to_le_bytes());
    out.extend_from_slice(b"BIN\0");
    out.extend_from_slice(&b);
    out
}

fn base64(bytes: &[u8]) -> String {
    const A: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for c in bytes.chunks(3) {
        let n = (c[0] as u32) << 16
            | (c.get(1).copied().unwrap_or(0) as u32) << 8
            | c.get(2).copied().unwrap_or(0) as u32;
        for k in 0..4 {
            if k <= c.len() {
                out.push(A[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// A `.gltf` text whose first buffer is the binary chunk as a `data:` URI.
fn gltf_text(json: &Value, bin: &[u8]) -> Vec<u8> {
    let mut json = json.clone();
    if let Some(buffer) = json
        .pointer_mut("/buffers/0")
        .and_then(Value::as_object_mut)
    {
        buffer.insert(
            "uri".into(),
            Value::String(format!(
                "data:application/octet-stream;base64,{}",
                base64(bin)
            )),
        );
    }
    json.to_string().into_bytes()
}

/// Every number in a JSON document, by pointer.
fn numbers(v: &Value, at: &str, out: &mut Vec<String>) {
    match v {
        Value::Number(_) => out.push(at.to_string()),
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                numbers(x, &format!("{at}/{i}"), out);
            }
        }
        Value::Object(o) => {
            for (k, x) in o {
                numbers(
                    x,
                    &format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                    out,
                );
            }
        }
        _ => {}
    }
}

/// Values that break counts, offsets and indices.
const NUMBERS: [i64; 10] = [0, 1, -1, 2, 3, 255, 65535, 4294967295, 1 << 40, i64::MIN];

/// One change of the model.
#[derive(Debug, Clone)]
enum Edit {
    /// A number of the JSON set to one of [`NUMBERS`], or off by one.
    Number(usize, usize, bool),
    /// A number of the JSON removed with its key.
    Remove(usize),
    /// A byte of the binary chunk overwritten.
    Bin(usize, u8),
    /// The binary chunk cut.
    Cut(usize),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    let edit = prop_oneof![
        4 => (any::<usize>(), 0..NUMBERS.len(), any::<bool>()).prop_map(|(i, v, off)| Edit::Number(i, v, off)),
        1 => any::<usize>().prop_map(Edit::Remove),
        3 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Bin(i, b)),
        1 => any::<usize>().prop_map(Edit::Cut),
    ];
    prop::collection::vec(edit, 1..5)
}

fn apply(json: &Value, bin: &[u8], edits: &[Edit]) -> (Value, Vec<u8>) {
    let mut json = json.clone();
    let mut bin = bin.to_vec();
    for e in edits {
        let mut paths = Vec::new();
        numbers(&json, "", &mut paths);
        match *e {
            Edit::Number(i, v, off) if !paths.is_empty() => {
                let path = &paths[i % paths.len()];
                if let Some(n) = json.pointer_mut(path) {
                    let old = n.as_i64().unwrap_or(0);
                    *n = Value::from(if off {
                        old.saturating_add(1)
                    } else {
                        NUMBERS[v]
                    });
                }
            }
            Edit::Remove(i) if !paths.is_empty() => {
                let path = &paths[i % paths.len()];
                if let Some((parent, key)) = path.rsplit_once('/') {
                    match json.pointer_mut(parent) {
                        Some(Value::Object(o)) => {
                            o.remove(&key.replace("~1", "/").replace("~0", "~"));
                        }
                        Some(Value::Array(a)) => {
                            if let Ok(k) = key.parse::<usize>() {
                                if k < a.len() {
                                    a.remove(k);
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            Edit::Bin(i, b) if !bin.is_empty() => {
                let n = bin.len();
                bin[i % n] = b;
            }
            Edit::Cut(i) => bin.truncate(i % (bin.len() + 1)),
            _ => {}
        }
    }
    (json, bin)
}

/// Imports, and checks that a mesh that came out holds together.
fn import(bytes: &[u8], name: &str) -> Result<(), TestCaseError> {
    if let Ok(mesh) = load_gltf_bytes(bytes, Path::new(name), ImportOptions::default()) {
        let n = mesh.vertex_count();
        prop_assert_eq!(mesh.positions.len(), n);
        prop_assert!(mesh.triangles.iter().flatten().all(|&i| (i as usize) < n));
        prop_assert!(mesh.positions.iter().all(|p| p.is_finite()));
    }
    Ok(())
}

#[test]
fn fuzz_seed_model_imports() {
    let Some((json, bin)) = model() else {
        println!("SKIPPED: ../shared/data/models not found");
        return;
    };
    for (bytes, name) in [
        (glb(json, bin), "model.glb"),
        (gltf_text(json, bin), "model.gltf"),
    ] {
        let mesh = load_gltf_bytes(&bytes, Path::new(name), ImportOptions::default());
        assert!(mesh.is_ok_and(|m| m.vertex_count() > 1000), "{name}");
    }
}

/// What the fuzz found (the `gltf` crate's reader panicked on both): a
/// buffer view whose stride is shorter than an element, and `JOINTS_0`
/// of signed shorts. Both are refused with the accessor named.
#[test]
fn fuzz_found_short_strides_and_wrong_component_types() {
    let Some((json, bin)) = model() else {
        println!("SKIPPED: ../shared/data/models not found");
        return;
    };
    let attribute = |name: &str| {
        json.pointer(&format!("/meshes/0/primitives/0/attributes/{name}"))
            .and_then(Value::as_u64)
            .expect("the model has the attribute")
    };
    let mut short_stride = json.clone();
    let view = short_stride
        .pointer(&format!("/accessors/{}/bufferView", attribute("POSITION")))
        .and_then(Value::as_u64)
        .expect("a view");
    if let Some(v) = short_stride
        .pointer_mut(&format!("/bufferViews/{view}"))
        .and_then(Value::as_object_mut)
    {
        v.insert("byteStride".into(), Value::from(4));
    }
    let mut signed_joints = json.clone();
    if let Some(a) = signed_joints
        .pointer_mut(&format!("/accessors/{}", attribute("JOINTS_0")))
        .and_then(Value::as_object_mut)
    {
        a.insert("componentType".into(), Value::from(5122));
    }
    for (changed, expect) in [(short_stride, "stride"), (signed_joints, "JOINTS_0")] {
        for (bytes, name) in [
            (glb(&changed, bin), "m.glb"),
            (gltf_text(&changed, bin), "m.gltf"),
        ] {
            let err = load_gltf_bytes(&bytes, Path::new(name), ImportOptions::default())
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default();
            assert!(err.contains(expect) && err.contains(name), "{name}: {err}");
        }
    }
}

/// What the fuzz found next (the `gltf` crate's reader underflowed on it,
/// 2026-12-04): an accessor with no elements, here the skin's inverse bind
/// matrices. Refused with the accessor named.
#[test]
fn fuzz_found_an_empty_accessor() {
    let Some((json, bin)) = model() else {
        println!("SKIPPED: ../shared/data/models not found");
        return;
    };
    let ibm = json
        .pointer("/skins/0/inverseBindMatrices")
        .and_then(Value::as_u64)
        .expect("the model's skin has inverse bind matrices");
    let mut empty = json.clone();
    if let Some(a) = empty
        .pointer_mut(&format!("/accessors/{ibm}"))
        .and_then(Value::as_object_mut)
    {
        a.insert("count".into(), Value::from(0));
    }
    for (bytes, name) in [
        (glb(&empty, bin), "m.glb"),
        (gltf_text(&empty, bin), "m.gltf"),
    ] {
        let err = load_gltf_bytes(&bytes, Path::new(name), ImportOptions::default())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            err.contains("no elements") && err.contains(name),
            "{name}: {err}"
        );
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_mutated_glb_never_panics(edits in edits()) {
        let Some((json, bin)) = model() else { return Ok(()) };
        let (json, bin) = apply(json, bin, &edits);
        import(&glb(&json, &bin), "mutated.glb")?;
    }

    #[test]
    fn fuzz_mutated_gltf_with_data_uri_never_panics(edits in edits()) {
        let Some((json, bin)) = model() else { return Ok(()) };
        let (json, bin) = apply(json, bin, &edits);
        import(&gltf_text(&json, &bin), "mutated.gltf")?;
    }

    #[test]
    fn fuzz_mutated_glb_bytes_never_panic(edits in prop::collection::vec((any::<usize>(), any::<u8>()), 1..8)) {
        let Some((json, bin)) = model() else { return Ok(()) };
        let mut bytes = glb(json, bin);
        // Header and JSON chunk: where a byte flip changes the structure.
        let head = (20 + json.to_string().len()).min(bytes.len());
        for (i, b) in edits {
            bytes[i % head] = b;
        }
        import(&bytes, "flipped.glb")?;
    }

    #[test]
    fn fuzz_arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512), glb_header in any::<bool>()) {
        let mut bytes = bytes;
        if glb_header && bytes.len() >= 12 {
            bytes[..4].copy_from_slice(b"glTF");
        }
        import(&bytes, "arbitrary.glb")?;
    }
}
