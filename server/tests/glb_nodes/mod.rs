//! Reads the node positions of an exported `.glb` back with the `gltf`
//! crate (independent of Posewire's writer). Included with `mod` by the
//! tests that check an export's joints.
#![allow(dead_code)]

use std::collections::BTreeMap;

use gltf::animation::util::ReadOutputs;
use posewire_body::glam::{DQuat, DVec3};

/// World positions of every node of a `.glb` at animation key `k`: each
/// node's translation and rotation from its channels at key `k` (its own
/// when not animated), chained from the scene's roots. Keyed by (the name
/// of the scene root it hangs under, its own name); a root is under
/// itself, so in a scene export the first part is the avatar.
pub fn world_positions(bytes: &[u8], k: usize) -> BTreeMap<(String, String), DVec3> {
    let gltf = gltf::Gltf::from_slice(bytes).expect("a valid glb");
    let blob = gltf.blob.clone().expect("a binary chunk");
    let mut local: Vec<(DVec3, DQuat)> = gltf
        .nodes()
        .map(|n| {
            let (t, r, _) = n.transform().decomposed();
            (
                DVec3::from_array(t.map(f64::from)),
                DQuat::from_array(r.map(f64::from)),
            )
        })
        .collect();
    for animation in gltf.animations() {
        for channel in animation.channels() {
            let node = channel.target().node().index();
            let reader = channel.reader(|_| Some(&blob[..]));
            match reader.read_outputs().expect("values") {
                ReadOutputs::Translations(t) => {
                    let t: Vec<[f32; 3]> = t.collect();
                    if let Some(v) = t.get(k.min(t.len().saturating_sub(1))) {
                        local[node].0 = DVec3::from_array(v.map(f64::from));
                    }
                }
                ReadOutputs::Rotations(r) => {
                    let r: Vec<[f32; 4]> = r.into_f32().collect();
                    if let Some(v) = r.get(k.min(r.len().saturating_sub(1))) {
                        local[node].1 = DQuat::from_array(v.map(f64::from));
                    }
                }
                _ => {}
            }
        }
    }
    let mut out = BTreeMap::new();
    let mut stack: Vec<(gltf::Node, DVec3, DQuat, String)> = gltf
        .scenes()
        .flat_map(|s| s.nodes())
        .map(|n| (n, DVec3::ZERO, DQuat::IDENTITY, String::new()))
        .collect();
    while let Some((node, p, q, root)) = stack.pop() {
        let (t, r) = local[node.index()];
        let (wp, wq) = (p + q * t, q * r);
        let name = node.name().unwrap_or_default().to_string();
        let root = if root.is_empty() { name.clone() } else { root };
        out.insert((root.clone(), name), wp);
        stack.extend(node.children().map(|c| (c, wp, wq, root.clone())));
    }
    out
}

/// The same, keyed by the node's name alone (a file with one avatar).
pub fn named_positions(bytes: &[u8], k: usize) -> BTreeMap<String, DVec3> {
    world_positions(bytes, k)
        .into_iter()
        .filter(|((_, name), _)| !name.is_empty())
        .map(|((_, name), p)| (name, p))
        .collect()
}
