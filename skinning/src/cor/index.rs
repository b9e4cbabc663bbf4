//! The acceleration structure over weight space: integration elements
//! grouped by their set of bones (a vertex only visits groups sharing at
//! least two bones with it, the only ones with non-zero similarity), and
//! within a group merged on a fine weight grid (area-weighted centroid and
//! weights), so the per-vertex integral runs over few representatives.
//! A group is stored bone-major in blocks of [`LANES`] elements, and the
//! integral runs pair by pair over a block as branch-free `f32` lane
//! arithmetic (with an inlined `exp`, [`exp_neg`]) that the compiler
//! vectorises.

use std::collections::HashMap;

use glam::{DVec3, Vec3};
use rayon::prelude::*;

use super::elements::Element;
use crate::mesh::SkinnedMesh;

/// Elements per lane block: a group's arrays are padded to a multiple of
/// this with zero-area elements, and the inner loop runs over one block at
/// a time as plain `[f32; LANES]` arithmetic the compiler vectorises.
const LANES: usize = 64;

/// Blocks whose weighted centroids are summed per lane in `f32` before the
/// lanes are added to the `f64` totals (so no `f32` sum has more than this
/// many terms).
const FLUSH: usize = 8;

/// Similarity terms whose kernel `exp(-x)` is below `exp(-CUTOFF)` (about
/// 1.2e-4) count as zero: measured on CesiumMan subdivided to 50k vertices,
/// this moves centres by 7 µm at most (0.7 µm on average) against a cut-off
/// of 16.
const CUTOFF: f32 = 9.0;

/// Merged elements of one bone set, structure of arrays padded to whole
/// [`LANES`] blocks (padding: zero area and weights).
struct Group {
    bones: Vec<u16>,
    /// Padded element count.
    len: usize,
    /// `bone * len + element`.
    weights: Vec<f32>,
    /// Centroid coordinates.
    centroid: [Vec<f32>; 3],
    area: Vec<f32>,
}

/// Elements grouped by bone set.
pub(super) struct WeightIndex {
    groups: Vec<Group>,
}

#[derive(Default)]
struct Acc {
    area: f64,
    centroid: DVec3,
    weights: Vec<f64>,
}

impl WeightIndex {
    /// Groups and merges the elements (single-bone elements are dropped:
    /// their similarity to anything is zero).
    pub(super) fn build(elements: Vec<Element>, grid: f32) -> WeightIndex {
        let mut sets: HashMap<Vec<u16>, HashMap<Vec<i64>, Acc>> = HashMap::new();
        for e in elements {
            if e.bones.len() < 2 {
                continue;
            }
            let key: Vec<i64> = e
                .weights
                .iter()
                .map(|&w| {
                    if grid > 0.0 {
                        (w / grid).round() as i64
                    } else {
                        i64::from(w.to_bits())
                    }
                })
                .collect();
            let nb = e.bones.len();
            let acc = sets.entry(e.bones).or_default().entry(key).or_default();
            let a = f64::from(e.area);
            acc.area += a;
            acc.centroid += e.centroid.as_dvec3() * a;
            acc.weights.resize(nb, 0.0);
            for (s, &w) in acc.weights.iter_mut().zip(&e.weights) {
                *s += f64::from(w) * a;
            }
        }
        let mut groups: Vec<Group> = sets
            .into_iter()
            .map(|(bones, cells)| {
                let nb = bones.len();
                let mut cells: Vec<Acc> = cells.into_values().collect();
                // Deterministic order (hash maps are not).
                cells.sort_by(|a, b| {
                    a.centroid
                        .x
                        .total_cmp(&b.centroid.x)
                        .then(a.centroid.y.total_cmp(&b.centroid.y))
                        .then(a.centroid.z.total_cmp(&b.centroid.z))
                });
                let len = cells.len().div_ceil(LANES) * LANES;
                let mut g = Group {
                    bones,
                    len,
                    weights: vec![0.0; nb * len],
                    centroid: [vec![0.0; len], vec![0.0; len], vec![0.0; len]],
                    area: vec![0.0; len],
                };
                for (e, c) in cells.iter().enumerate() {
                    g.area[e] = c.area as f32;
                    let centroid = (c.centroid / c.area).as_vec3();
                    for (k, v) in centroid.to_array().into_iter().enumerate() {
                        g.centroid[k][e] = v;
                    }
                    for (b, w) in c.weights.iter().enumerate() {
                        g.weights[b * len + e] = (w / c.area) as f32;
                    }
                }
                g
            })
            .collect();
        groups.sort_by(|a, b| a.bones.cmp(&b.bones));
        WeightIndex { groups }
    }

    /// Number of merged elements.
    pub(super) fn len(&self) -> usize {
        self.groups
            .iter()
            .map(|g| g.area.iter().filter(|&&a| a > 0.0).count())
            .sum()
    }

    /// Number of bone sets.
    pub(super) fn group_count(&self) -> usize {
        self.groups.len()
    }

    /// The centre of every vertex and the number of multi-bone vertices
    /// that fell back to linear blending. A centre depends only on the
    /// vertex's weights, so vertices whose weights agree on the weight grid
    /// (`grid`; 0: exactly) share one computation, made with the first such
    /// vertex's exact weights.
    pub(super) fn centres(&self, mesh: &SkinnedMesh, sigma: f32, grid: f32) -> (Vec<Vec3>, usize) {
        let inv_s2 = 1.0 / (sigma * sigma);
        let n = mesh.vertex_count();
        // Unique weight vectors, in vertex order (deterministic).
        let mut slot_of: HashMap<Vec<(u16, i64)>, usize> = HashMap::new();
        let mut representatives: Vec<usize> = Vec::new();
        let mut slots: Vec<Option<usize>> = vec![None; n];
        for (v, slot) in slots.iter_mut().enumerate() {
            let mut key: Vec<(u16, i64)> = mesh
                .vertex_influences(v)
                .map(|(j, w)| {
                    let q = if grid > 0.0 {
                        (w / grid).round() as i64
                    } else {
                        i64::from(w.to_bits())
                    };
                    (j as u16, q)
                })
                .collect();
            if key.len() < 2 {
                continue;
            }
            key.sort_unstable();
            let next = representatives.len();
            let s = *slot_of.entry(key).or_insert(next);
            if s == next {
                representatives.push(v);
            }
            *slot = Some(s);
        }
        tracing::debug!(unique = representatives.len(), "distinct weight vectors");
        let computed: Vec<Option<Vec3>> = representatives
            .par_iter()
            .map(|&v| {
                let infl: Vec<(usize, f32)> = mesh.vertex_influences(v).collect();
                self.centre_of(&infl, inv_s2)
            })
            .collect();
        let mut fallback = 0;
        let centres = (0..n)
            .map(|v| match slots[v].map(|s| computed[s]) {
                Some(Some(c)) => c,
                Some(None) => {
                    fallback += 1;
                    mesh.positions[v]
                }
                None => mesh.positions[v],
            })
            .collect();
        (centres, fallback)
    }

    /// The centre for one set of influences; `None` when no element is
    /// similar.
    fn centre_of(&self, infl: &[(usize, f32)], inv_s2: f32) -> Option<Vec3> {
        let mut num = DVec3::ZERO;
        let mut den = 0f64;
        let mut shared: Vec<(usize, f32)> = Vec::with_capacity(infl.len());
        let mut pairs: Vec<Pair> = Vec::new();
        let mut s = [0f32; LANES];
        let mut acc = [[0f32; LANES]; 4];
        let mut pending = 0;
        for g in &self.groups {
            shared.clear();
            for &(j, w) in infl {
                if let Ok(pos) = g.bones.binary_search(&(j as u16)) {
                    shared.push((pos, w));
                }
            }
            if shared.len() < 2 {
                continue;
            }
            pairs.clear();
            for a in 0..shared.len() {
                for b in a + 1..shared.len() {
                    let (ia, wa) = shared[a];
                    let (ib, wb) = shared[b];
                    pairs.push(Pair {
                        a: ia * g.len,
                        b: ib * g.len,
                        scale: 2.0 * wa * wb,
                        wa,
                        wb,
                    });
                }
            }
            for block in (0..g.len).step_by(LANES) {
                s.fill(0.0);
                for p in &pairs {
                    let va = lanes(&g.weights, p.a + block);
                    let vb = lanes(&g.weights, p.b + block);
                    for e in 0..LANES {
                        let d = p.wa * vb[e] - p.wb * va[e];
                        let x = d * d * inv_s2;
                        let term = p.scale * va[e] * vb[e] * exp_neg(x.min(CUTOFF));
                        // Negligible terms count as zero (see CUTOFF).
                        s[e] += if x < CUTOFF { term } else { 0.0 };
                    }
                }
                // Summed per lane in f32 over at most FLUSH blocks, then
                // in f64.
                let area = lanes(&g.area, block);
                let [cx, cy, cz] = [0, 1, 2].map(|k| lanes(&g.centroid[k], block));
                for e in 0..LANES {
                    let f = s[e] * area[e];
                    acc[0][e] += cx[e] * f;
                    acc[1][e] += cy[e] * f;
                    acc[2][e] += cz[e] * f;
                    acc[3][e] += f;
                }
                pending += 1;
                if pending == FLUSH {
                    flush(&mut acc, &mut num, &mut den);
                    pending = 0;
                }
            }
        }
        flush(&mut acc, &mut num, &mut den);
        (den > 1e-20).then(|| (num / den).as_vec3())
    }
}

/// Adds the lane sums (x, y, z numerator and denominator) to the f64
/// totals and clears them.
fn flush(acc: &mut [[f32; LANES]; 4], num: &mut DVec3, den: &mut f64) {
    let sum = |a: &[f32; LANES]| a.iter().map(|&v| f64::from(v)).sum::<f64>();
    *num += DVec3::new(sum(&acc[0]), sum(&acc[1]), sum(&acc[2]));
    *den += sum(&acc[3]);
    *acc = [[0.0; LANES]; 4];
}

/// One pair of a vertex's bones within a group: offsets of the two bones'
/// weight rows, the vertex's weights and `2 w_a w_b`.
struct Pair {
    a: usize,
    b: usize,
    scale: f32,
    wa: f32,
    wb: f32,
}

/// `LANES` values from `at` (the group arrays are padded to whole blocks).
fn lanes(v: &[f32], at: usize) -> &[f32; LANES] {
    v.get(at..at + LANES)
        .and_then(|s| s.try_into().ok())
        .unwrap_or(&[0.0; LANES])
}

/// `exp(-x)` for `0 <= x <= CUTOFF`, relative error below 2e-7 (libm's
/// `expf` is within 6e-8): `x = -n ln 2 + y` with `n` an integer and
/// `|y| <= ln 2 / 2` (Cody-Waite, `ln 2` in two parts so `y` is exact to
/// f32 precision), `e^y` by its degree-7 Taylor polynomial, and `2^n`
/// built in the exponent bits. Branch-free plain arithmetic, so the
/// compiler vectorises the loop around it (the libm call does not).
#[inline(always)]
fn exp_neg(x: f32) -> f32 {
    // Adding 1.5 * 2^23 rounds to an integer held in the low mantissa bits.
    const ROUND: f32 = 12_582_912.0;
    // ln 2 rounded to 9 bits (355 / 512), so n * LN2_HI is exact.
    const LN2_HI: f32 = 355.0 / 512.0;
    const LN2_LO: f32 = -2.121_944_4e-4;
    let shifted = -x * std::f32::consts::LOG2_E + ROUND;
    let n = shifted - ROUND;
    let y = (-x - n * LN2_HI) - n * LN2_LO;
    let p = 1.0
        + y * (1.0
            + y * (1.0 / 2.0
                + y * (1.0 / 6.0
                    + y * (1.0 / 24.0
                        + y * (1.0 / 120.0 + y * (1.0 / 720.0 + y * (1.0 / 5040.0)))))));
    // n in [-13, 0]: 2^n from its biased exponent.
    let exponent = shifted
        .to_bits()
        .wrapping_sub(ROUND.to_bits())
        .wrapping_add(127)
        << 23;
    p * f32::from_bits(exponent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cor_exp_neg_matches_libm_to_f32_precision() {
        let mut worst = 0f64;
        for i in 0..=90_000 {
            let x = i as f32 * (CUTOFF / 90_000.0);
            let want = (-f64::from(x)).exp();
            let got = f64::from(exp_neg(x));
            worst = worst.max((got - want).abs() / want);
        }
        assert!(worst < 2e-7, "relative error {worst}");
    }
}
