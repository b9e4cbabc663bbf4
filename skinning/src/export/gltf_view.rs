//! Reading a morph-target `.glb` back the way a viewer plays it (with the
//! `gltf` crate, independently of the writer): the first mesh's first
//! primitive, its morph targets, and the animation of that mesh node's
//! morph weights; at every key the shown vertices are the base plus the
//! weighted sum of the targets. Used to check baked files end to end.

use glam::Vec3;

/// The vertices a viewer shows at one key of the weights animation.
#[derive(Debug, Clone, PartialEq)]
pub struct ViewedKey {
    /// Key time, seconds.
    pub time_s: f32,
    /// Morphed positions.
    pub positions: Vec<Vec3>,
    /// Morphed normals (not renormalised).
    pub normals: Vec<Vec3>,
}

/// The keys of a `.glb` whose first mesh has morph targets. Without a
/// weights animation there is one key at time 0 with the mesh's default
/// weights. Errors say what is missing or inconsistent.
pub fn view_morph_glb(bytes: &[u8]) -> Result<Vec<ViewedKey>, String> {
    let gltf = gltf::Gltf::from_slice(bytes).map_err(|e| format!("not a glTF: {e}"))?;
    let blob = gltf.blob.as_deref().ok_or("no binary chunk")?;
    let doc = &gltf.document;
    let mesh = doc.meshes().next().ok_or("no mesh")?;
    let prim = mesh
        .primitives()
        .next()
        .ok_or("the mesh has no primitive")?;
    let reader = prim.reader(|_| Some(blob));
    let base: Vec<Vec3> = reader
        .read_positions()
        .ok_or("no POSITION")?
        .map(Vec3::from_array)
        .collect();
    let base_normals: Vec<Vec3> = reader
        .read_normals()
        .ok_or("no NORMAL")?
        .map(Vec3::from_array)
        .collect();
    let mut targets: Vec<(Vec<Vec3>, Vec<Vec3>)> = Vec::new();
    for (dp, dn, _) in reader.read_morph_targets() {
        let dp: Vec<Vec3> = dp.map_or_else(
            || vec![Vec3::ZERO; base.len()],
            |it| it.map(Vec3::from_array).collect(),
        );
        let dn: Vec<Vec3> = dn.map_or_else(
            || vec![Vec3::ZERO; base.len()],
            |it| it.map(Vec3::from_array).collect(),
        );
        if dp.len() != base.len() || dn.len() != base.len() {
            return Err("a morph target's vertex count differs from the mesh's".into());
        }
        targets.push((dp, dn));
    }
    if targets.is_empty() {
        return Err("the mesh has no morph targets".into());
    }
    let morph = |time_s: f32, weights: &[f32]| -> Result<ViewedKey, String> {
        if weights.len() != targets.len() {
            return Err(format!(
                "{} weights for {} morph targets",
                weights.len(),
                targets.len()
            ));
        }
        let mut positions = base.clone();
        let mut normals = base_normals.clone();
        for (w, (dp, dn)) in weights.iter().zip(&targets) {
            if *w != 0.0 {
                for (p, d) in positions.iter_mut().zip(dp) {
                    *p += *d * *w;
                }
                for (p, d) in normals.iter_mut().zip(dn) {
                    *p += *d * *w;
                }
            }
        }
        Ok(ViewedKey {
            time_s,
            positions,
            normals,
        })
    };
    let node = doc
        .nodes()
        .find(|n| n.mesh().is_some_and(|m| m.index() == mesh.index()))
        .ok_or("no node shows the mesh")?;
    let channel = doc.animations().flat_map(|a| a.channels()).find(|c| {
        c.target().node().index() == node.index()
            && c.target().property() == gltf::animation::Property::MorphTargetWeights
    });
    let Some(channel) = channel else {
        let weights = mesh
            .weights()
            .map_or_else(|| vec![0.0; targets.len()], <[f32]>::to_vec);
        return Ok(vec![morph(0.0, &weights)?]);
    };
    let reader = channel.reader(|_| Some(blob));
    let times: Vec<f32> = reader.read_inputs().ok_or("no key times")?.collect();
    let weights: Vec<f32> = match reader.read_outputs().ok_or("no key values")? {
        gltf::animation::util::ReadOutputs::MorphTargetWeights(w) => w.into_f32().collect(),
        _ => return Err("the weights channel holds no weights".into()),
    };
    let per_key = match channel.sampler().interpolation() {
        gltf::animation::Interpolation::CubicSpline => 3 * targets.len(),
        _ => targets.len(),
    };
    if weights.len() != times.len() * per_key {
        return Err(format!(
            "{} weight values for {} keys of {} targets",
            weights.len(),
            times.len(),
            targets.len()
        ));
    }
    // Cubic splines store (in-tangent, value, out-tangent) per key.
    let value_at = if per_key == targets.len() {
        0
    } else {
        targets.len()
    };
    times
        .iter()
        .enumerate()
        .map(|(k, &t)| {
            let row = &weights[k * per_key + value_at..k * per_key + value_at + targets.len()];
            morph(t, row)
        })
        .collect()
}
