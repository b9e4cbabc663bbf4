//! Every error path of the glTF importer, on small hand-made files.

use std::path::Path;

use posewire_skinning::{load_gltf, ImportOptions, SkinError, WeightFix};

/// A second set of joints and weights (`JOINTS_1`/`WEIGHTS_1`).
type WeightSet = (Vec<[u16; 4]>, Vec<[f32; 4]>);

/// What to put in the test file.
#[derive(Clone)]
struct Spec {
    positions: Vec<[f32; 3]>,
    joints0: Vec<[u16; 4]>,
    weights0: Vec<[f32; 4]>,
    set1: Option<WeightSet>,
    indices: Vec<u32>,
    skin: bool,
    ibms: usize,
    mode: u32,
    truncate: usize,
    joints2: bool,
    uvs: Option<Vec<[f32; 2]>>,
}

impl Spec {
    fn good() -> Spec {
        Spec {
            positions: vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
            joints0: vec![[0, 1, 0, 0]; 3],
            weights0: vec![[0.5, 0.5, 0.0, 0.0]; 3],
            set1: None,
            indices: vec![0, 1, 2],
            skin: true,
            ibms: 2,
            mode: 4,
            truncate: 0,
            joints2: false,
            uvs: None,
        }
    }
}

/// Writes `model.gltf` + `model.bin` into `dir` and returns the path.
fn write(dir: &Path, spec: &Spec) -> std::path::PathBuf {
    let mut bin: Vec<u8> = Vec::new();
    let mut views = Vec::new();
    let mut accessors = Vec::new();
    let mut push = |bytes: Vec<u8>, count: usize, ctype: u32, ty: &str| -> usize {
        let offset = bin.len();
        bin.extend_from_slice(&bytes);
        while !bin.len().is_multiple_of(4) {
            bin.push(0);
        }
        views.push(format!(
            r#"{{"buffer":0,"byteOffset":{offset},"byteLength":{}}}"#,
            bytes.len()
        ));
        accessors.push(format!(
            r#"{{"bufferView":{},"componentType":{ctype},"count":{count},"type":"{ty}"{}}}"#,
            views.len() - 1,
            if ty == "VEC3" && ctype == 5126 && accessors.is_empty() {
                r#","min":[-10,-10,-10],"max":[10,10,10]"#
            } else {
                ""
            }
        ));
        accessors.len() - 1
    };
    let f32s = |v: &[f32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let u16s = |v: &[u16]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let n = spec.positions.len();
    let pos = push(f32s(&spec.positions.concat()), n, 5126, "VEC3");
    let j0 = push(u16s(&spec.joints0.concat()), n, 5123, "VEC4");
    let w0 = push(f32s(&spec.weights0.concat()), n, 5126, "VEC4");
    let mut attrs = format!(r#""POSITION":{pos},"JOINTS_0":{j0},"WEIGHTS_0":{w0}"#);
    if let Some((j, w)) = &spec.set1 {
        let j1 = push(u16s(&j.concat()), n, 5123, "VEC4");
        let w1 = push(f32s(&w.concat()), n, 5126, "VEC4");
        attrs += &format!(r#","JOINTS_1":{j1},"WEIGHTS_1":{w1}"#);
        if spec.joints2 {
            let j2 = push(u16s(&j.concat()), n, 5123, "VEC4");
            let w2 = push(f32s(&w.concat()), n, 5126, "VEC4");
            attrs += &format!(r#","JOINTS_2":{j2},"WEIGHTS_2":{w2}"#);
        }
    }
    if let Some(uvs) = &spec.uvs {
        let t = push(f32s(&uvs.concat()), uvs.len(), 5126, "VEC2");
        attrs += &format!(r#","TEXCOORD_0":{t}"#);
    }
    let idx_bytes: Vec<u8> = spec.indices.iter().flat_map(|x| x.to_le_bytes()).collect();
    let idx = push(idx_bytes, spec.indices.len(), 5125, "SCALAR");
    let identity: Vec<f32> = (0..16)
        .map(|i| if i % 5 == 0 { 1.0 } else { 0.0 })
        .collect();
    let ibm = push(f32s(&identity.repeat(spec.ibms)), spec.ibms, 5126, "MAT4");
    let declared = bin.len();
    bin.truncate(bin.len().saturating_sub(spec.truncate));
    let skin = if spec.skin { r#","skin":0"# } else { "" };
    let json = format!(
        r#"{{"asset":{{"version":"2.0"}},"scene":0,"scenes":[{{"nodes":[0,1]}}],
"nodes":[{{"mesh":0{skin}}},{{"name":"a","children":[2]}},{{"name":"b","translation":[1,0,0]}}],
"meshes":[{{"primitives":[{{"attributes":{{{attrs}}},"indices":{idx},"mode":{}}}]}}],
"skins":[{{"joints":[1,2],"inverseBindMatrices":{ibm}}}],
"accessors":[{}],"bufferViews":[{}],
"buffers":[{{"uri":"model.bin","byteLength":{declared}}}]}}"#,
        spec.mode,
        accessors.join(","),
        views.join(",")
    );
    let path = dir.join("model.gltf");
    std::fs::write(dir.join("model.bin"), bin).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&path, json).unwrap_or_else(|e| panic!("{e}"));
    path
}

fn load(spec: &Spec, fix: WeightFix) -> Result<posewire_skinning::SkinnedMesh, SkinError> {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = write(dir.path(), spec);
    load_gltf(&path, ImportOptions { weight_fix: fix })
}

fn expect_err(spec: &Spec, fix: WeightFix, needle: &str) {
    match load(spec, fix) {
        Ok(_) => panic!("expected an error containing {needle:?}"),
        Err(e) => {
            let text = e.to_string();
            println!("{text}");
            assert!(
                text.contains(needle),
                "error {text:?} should mention {needle:?}"
            );
        }
    }
}

#[test]
fn skinning_import_good_file_and_weight_renormalising() {
    let mesh = load(&Spec::good(), WeightFix::Strict).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(mesh.vertex_count(), 3);
    assert_eq!(mesh.skeleton[1].parent, Some(0));
    assert!((mesh.skeleton[1].bind_position.x - 1.0).abs() < 1e-9);
    let mut spec = Spec::good();
    spec.weights0 = vec![[0.3, 0.3, 0.0, 0.0]; 3];
    let fixed = load(&spec, WeightFix::Renormalise).unwrap_or_else(|e| panic!("{e}"));
    for v in 0..3 {
        let sum: f32 = fixed.vertex_influences(v).map(|(_, w)| w).sum();
        assert!((sum - 1.0).abs() < 1e-6);
    }
}

#[test]
fn skinning_import_keeps_texture_coordinates_when_present() {
    assert_eq!(
        load(&Spec::good(), WeightFix::Strict)
            .unwrap_or_else(|e| panic!("{e}"))
            .uvs,
        None
    );
    let uvs = vec![[0.0, 0.0], [1.0, 0.0], [0.25, 0.75]];
    let spec = Spec {
        uvs: Some(uvs.clone()),
        ..Spec::good()
    };
    let mesh = load(&spec, WeightFix::Strict).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(mesh.uvs, Some(uvs));
    expect_err(
        &Spec {
            uvs: Some(vec![[0.0, 0.0]; 2]),
            ..Spec::good()
        },
        WeightFix::Strict,
        "TEXCOORD_0 has 2 entries but POSITION has 3",
    );
}

#[test]
fn skinning_import_eight_influences() {
    let mut spec = Spec::good();
    spec.joints0 = vec![[0, 1, 0, 1]; 3];
    spec.weights0 = vec![[0.125; 4]; 3];
    spec.set1 = Some((vec![[1, 0, 1, 0]; 3], vec![[0.125; 4]; 3]));
    let mesh = load(&spec, WeightFix::Strict).unwrap_or_else(|e| panic!("{e}"));
    // Duplicate joints are merged: two influences of 0.5 each.
    assert_eq!(mesh.vertex_influences(0).count(), 2);
}

#[test]
fn skinning_import_errors_name_the_problem() {
    expect_err(
        &Spec {
            skin: false,
            ..Spec::good()
        },
        WeightFix::Strict,
        "no skin",
    );
    expect_err(
        &Spec {
            weights0: vec![[0.3, 0.3, 0.0, 0.0]; 3],
            ..Spec::good()
        },
        WeightFix::Strict,
        "sum to",
    );
    expect_err(
        &Spec {
            weights0: vec![[0.0; 4]; 3],
            ..Spec::good()
        },
        WeightFix::Renormalise,
        "sum to zero",
    );
    expect_err(
        &Spec {
            joints0: vec![[0, 7, 0, 0]; 3],
            ..Spec::good()
        },
        WeightFix::Strict,
        "joint index 7",
    );
    expect_err(
        &Spec {
            indices: vec![0, 1, 9],
            ..Spec::good()
        },
        WeightFix::Strict,
        "index 9",
    );
    expect_err(
        &Spec {
            indices: vec![0, 1],
            ..Spec::good()
        },
        WeightFix::Strict,
        "multiple of 3",
    );
    expect_err(
        &Spec {
            positions: vec![[f32::NAN, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
            ..Spec::good()
        },
        WeightFix::Strict,
        "not finite",
    );
    expect_err(
        &Spec {
            weights0: vec![[f32::NAN, 1.0, 0.0, 0.0]; 3],
            ..Spec::good()
        },
        WeightFix::Strict,
        "not finite",
    );
    expect_err(
        &Spec {
            weights0: vec![[-0.5, 1.5, 0.0, 0.0]; 3],
            ..Spec::good()
        },
        WeightFix::Strict,
        "negative weight",
    );
    expect_err(
        &Spec {
            ibms: 1,
            ..Spec::good()
        },
        WeightFix::Strict,
        "inverse bind matrices",
    );
    expect_err(
        &Spec {
            mode: 1,
            ..Spec::good()
        },
        WeightFix::Strict,
        "only triangles",
    );
    expect_err(
        &Spec {
            truncate: 40,
            ..Spec::good()
        },
        WeightFix::Strict,
        "bytes but declares",
    );
    let mut too_many = Spec::good();
    too_many.set1 = Some((vec![[1, 0, 1, 0]; 3], vec![[0.0; 4]; 3]));
    too_many.joints2 = true;
    expect_err(&too_many, WeightFix::Strict, "more than 8 influences");
}

#[test]
fn skinning_import_unreadable_and_garbage_files() {
    use posewire_body::bounded_read::ReadError;
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    match load_gltf(&dir.path().join("missing.glb"), ImportOptions::default()) {
        Err(SkinError::Read(ReadError::Open { .. })) => {}
        other => panic!("expected Read(Open), got {other:?}"),
    }
    // A device is refused without a read (it would never end).
    match load_gltf(std::path::Path::new("/dev/zero"), ImportOptions::default()) {
        Err(SkinError::Read(ReadError::NotRegular { .. })) => {}
        other => panic!("expected Read(NotRegular), got {other:?}"),
    }
    let garbage = dir.path().join("garbage.glb");
    std::fs::write(&garbage, b"this is not a gltf").unwrap_or_else(|e| panic!("{e}"));
    match load_gltf(&garbage, ImportOptions::default()) {
        Err(SkinError::Gltf { .. }) => {}
        other => panic!("expected Gltf, got {other:?}"),
    }
    let empty = dir.path().join("empty.gltf");
    std::fs::write(&empty, br#"{"asset":{"version":"2.0"}}"#).unwrap_or_else(|e| panic!("{e}"));
    match load_gltf(&empty, ImportOptions::default()) {
        Err(e) => assert!(e.to_string().contains("no mesh"), "{e}"),
        Ok(_) => panic!("empty file loaded"),
    }
}

/// A primitive whose POSITION names an accessor that does not exist made
/// the `gltf` crate's validation panic (index out of bounds, found by the
/// fuzz tier); it is an invalid model.
#[test]
fn skinning_import_refuses_an_accessor_index_out_of_range() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("dangling.gltf");
    let text = br#"{"asset":{"version":"2.0"},"meshes":[{"primitives":[{"attributes":{"POSITION":3}}]}],"nodes":[{"mesh":0}],"scenes":[{"nodes":[0]}]}"#;
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    match load_gltf(&path, ImportOptions::default()) {
        Err(SkinError::Gltf { reason, .. }) => assert!(reason.contains("out of range"), "{reason}"),
        other => panic!("expected Gltf, got {other:?}"),
    }
}
