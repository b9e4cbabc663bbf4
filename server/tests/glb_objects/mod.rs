//! Reads the objects of an exported `.glb` back with the `gltf` crate
//! (independent of Posewire's writer): each node with a mesh other than
//! the body's, its mesh's name and bounds, and its animation keys.
#![allow(dead_code)]

use std::collections::BTreeMap;

use gltf::animation::util::ReadOutputs;

/// One object node as the file holds it.
#[derive(Debug, Clone)]
pub struct GlbObject {
    /// The node's name.
    pub name: String,
    /// The mesh's name (its shape).
    pub mesh: String,
    /// The mesh's vertex bounds (min, max), object frame.
    pub bounds: ([f32; 3], [f32; 3]),
    /// Translation keys: (time, position).
    pub translations: Vec<(f32, [f32; 3])>,
    /// Rotation keys: (time, x y z w).
    pub rotations: Vec<(f32, [f32; 4])>,
    /// Scale keys (time, uniform scale) with their interpolation.
    pub scales: Vec<(f32, f32)>,
}

/// Every node that has a mesh and no skin (the body's mesh is skinned),
/// by name; and the number of animations.
pub fn glb_objects(bytes: &[u8]) -> (BTreeMap<String, GlbObject>, usize) {
    let gltf = gltf::Gltf::from_slice(bytes).expect("a valid glb");
    let blob = gltf.blob.clone().expect("a binary chunk");
    let mut out = BTreeMap::new();
    for node in gltf.nodes() {
        let (Some(mesh), None) = (node.mesh(), node.skin()) else {
            continue;
        };
        let prim = mesh.primitives().next().expect("a primitive");
        let b = prim.bounding_box();
        out.insert(
            node.name().unwrap_or_default().to_string(),
            GlbObject {
                name: node.name().unwrap_or_default().to_string(),
                mesh: mesh.name().unwrap_or_default().to_string(),
                bounds: (b.min, b.max),
                translations: Vec::new(),
                rotations: Vec::new(),
                scales: Vec::new(),
            },
        );
    }
    for animation in gltf.animations() {
        for channel in animation.channels() {
            let Some(name) = channel.target().node().name() else {
                continue;
            };
            let Some(o) = out.get_mut(name) else {
                continue;
            };
            let reader = channel.reader(|_| Some(&blob[..]));
            let times: Vec<f32> = reader.read_inputs().expect("times").collect();
            match reader.read_outputs().expect("values") {
                ReadOutputs::Translations(t) => o.translations = times.into_iter().zip(t).collect(),
                ReadOutputs::Rotations(r) => {
                    o.rotations = times.into_iter().zip(r.into_f32()).collect()
                }
                ReadOutputs::Scales(s) => {
                    o.scales = times.into_iter().zip(s.map(|v| v[0])).collect()
                }
                ReadOutputs::MorphTargetWeights(_) => {}
            }
        }
    }
    (out, gltf.animations().count())
}
