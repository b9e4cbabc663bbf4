//! The inner loop: one chunk of [`CHUNK`] vertices at a time, in two passes
//! shared by the three methods.
//!
//! 1. Gather: for each vertex, the bone rows of its influence slots are
//!    summed with the weights as 4-wide vectors (a 3x4 matrix is three
//!    `Vec4` rows, a quaternion one `Vec4`), then scattered into lane
//!    arrays (`[f32; CHUNK]` per value). Each method gathers only what it
//!    needs, in one pass over the slots. LBS reads one row per joint; the
//!    quaternion methods read one row per (joint, vertex's heaviest joint)
//!    pair whose quaternions were put in the heaviest one's hemisphere when
//!    the frame's table was built, so the per-vertex loop has no sign test.
//! 2. Lane-wise arithmetic on those plain arrays, which the compiler turns
//!    into SIMD across vertices.

use glam::{Mat3, Quat, Vec3, Vec4};

use super::{BoneTransform, Deformer, Method};
use crate::mesh::MAX_INFLUENCES;

/// Vertices per chunk (lanes).
pub const CHUNK: usize = 64;

type Lanes = [f32; CHUNK];
type IndexLanes = [u32; CHUNK];

/// One bone's per-frame data.
#[derive(Debug, Clone, Copy)]
struct BoneRow {
    /// Rows of the 3x4 skinning matrix: `[m_r0 m_r1 m_r2 t_r]`.
    m: [Vec4; 3],
    /// Unit rotation quaternion `(x, y, z, w)`.
    q: Vec4,
    /// Dual part of the unit dual quaternion, `(x, y, z, w)`.
    d: Vec4,
}

/// Per-frame bone data: one row per skeleton joint, and for the quaternion
/// methods one per [`Deformer::pairs`] entry with the quaternions aligned.
pub(crate) struct BoneTable {
    rows: Vec<BoneRow>,
    aligned: Vec<BoneRow>,
}

impl BoneTable {
    pub(crate) fn new(
        bones: &[BoneTransform],
        count: usize,
        pairs: &[[u32; 2]],
        method: Method,
    ) -> BoneTable {
        let rows = (0..count.max(1))
            .map(|j| {
                let b = bones.get(j).copied().unwrap_or(BoneTransform::IDENTITY);
                let q = b.rotation.normalize();
                let m = Mat3::from_quat(q);
                let t = b.translation;
                let d = Quat::from_xyzw(t.x, t.y, t.z, 0.0) * q * 0.5;
                BoneRow {
                    m: [
                        Vec4::new(m.x_axis.x, m.y_axis.x, m.z_axis.x, t.x),
                        Vec4::new(m.x_axis.y, m.y_axis.y, m.z_axis.y, t.y),
                        Vec4::new(m.x_axis.z, m.y_axis.z, m.z_axis.z, t.z),
                    ],
                    q: Vec4::from(q),
                    d: Vec4::from(d),
                }
            })
            .collect::<Vec<_>>();
        let aligned = match method {
            Method::Lbs => Vec::new(),
            Method::Cor | Method::Dqs => {
                let identity = rows[0];
                let row = |j: u32| rows.get(j as usize).copied().unwrap_or(identity);
                pairs
                    .iter()
                    .map(|&[j, dominant]| {
                        let mut r = row(j);
                        if r.q.dot(row(dominant).q) < 0.0 {
                            r.q = -r.q;
                            r.d = -r.d;
                        }
                        r
                    })
                    .collect()
            }
        };
        BoneTable { rows, aligned }
    }
}

/// Deforms vertices `base .. base + pos.len()` (at most one chunk).
pub(crate) fn chunk(
    d: &Deformer,
    table: &BoneTable,
    method: Method,
    base: usize,
    pos: &mut [Vec3],
    nrm: &mut [Vec3],
) {
    let rest = [
        lanes(&d.rest[0], base),
        lanes(&d.rest[1], base),
        lanes(&d.rest[2], base),
    ];
    let normal = [
        lanes(&d.normal[0], base),
        lanes(&d.normal[1], base),
        lanes(&d.normal[2], base),
    ];
    let mut p = [[0f32; CHUNK]; 3];
    let mut n = [[0f32; CHUNK]; 3];
    match method {
        Method::Lbs => {
            let mut m = [[0f32; CHUNK]; 12];
            gather_matrices(d, table, base, &mut m);
            lbs_lanes(&m, rest, normal, &mut p, &mut n);
        }
        Method::Cor => {
            let mut m = [[0f32; CHUNK]; 12];
            let mut q = [[0f32; CHUNK]; 4];
            gather_matrices_and_rotations(d, table, base, &mut m, &mut q);
            let centre = [
                lanes(&d.centre[0], base),
                lanes(&d.centre[1], base),
                lanes(&d.centre[2], base),
            ];
            cor_lanes(&m, &q, rest, normal, centre, &mut p, &mut n);
        }
        Method::Dqs => {
            let mut q = [[0f32; CHUNK]; 4];
            let mut dq = [[0f32; CHUNK]; 4];
            gather_dual_quaternions(d, table, base, &mut q, &mut dq);
            dqs_lanes(&q, &dq, rest, normal, &mut p, &mut n);
        }
    }
    write(pos, nrm, &p, &n);
}

fn lanes(v: &[f32], base: usize) -> &Lanes {
    // `padded` is a multiple of CHUNK and `base` a multiple of CHUNK below it.
    let s = &v[base..base + CHUNK];
    s.try_into().unwrap_or(&[0.0; CHUNK])
}

/// The index and weight lanes of every influence slot of a chunk (the
/// first `d.k` entries are used): joint indices, or with `pairs` the
/// indices of the aligned pair rows.
fn slot_lanes(d: &Deformer, base: usize, pairs: bool) -> [(&IndexLanes, &Lanes); MAX_INFLUENCES] {
    let index = if pairs { &d.pair } else { &d.joint };
    let mut out: [(&IndexLanes, &Lanes); MAX_INFLUENCES] =
        [(&[0; CHUNK], &[0.0; CHUNK]); MAX_INFLUENCES];
    for (s, o) in out.iter_mut().enumerate().take(d.k) {
        let at = s * d.padded + base;
        let js = &index[at..at + CHUNK];
        *o = (js.try_into().unwrap_or(&[0; CHUNK]), lanes(&d.weight, at));
    }
    out
}

/// Scatters the four values of `v` into lanes `at .. at + 4` of `out`.
#[inline(always)]
fn scatter(out: &mut [Lanes], at: usize, i: usize, v: Vec4) {
    let [a, b, c, e] = v.to_array();
    out[at][i] = a;
    out[at + 1][i] = b;
    out[at + 2][i] = c;
    out[at + 3][i] = e;
}

/// The weighted sum of the bones' 3x4 matrices of every vertex (LBS).
fn gather_matrices(d: &Deformer, table: &BoneTable, base: usize, m: &mut [Lanes; 12]) {
    let slots = slot_lanes(d, base, false);
    let slots = &slots[..d.k];
    for i in 0..CHUNK {
        let mut a = [Vec4::ZERO; 3];
        for (js, ws) in slots {
            let row = &table.rows[js[i] as usize];
            let w = Vec4::splat(ws[i]);
            a[0] += row.m[0] * w;
            a[1] += row.m[1] * w;
            a[2] += row.m[2] * w;
        }
        scatter(m, 0, i, a[0]);
        scatter(m, 4, i, a[1]);
        scatter(m, 8, i, a[2]);
    }
}

/// The weighted sums of the bones' 3x4 matrices and of their rotation
/// quaternions (aligned to the heaviest bone's), for every vertex (CoR).
fn gather_matrices_and_rotations(
    d: &Deformer,
    table: &BoneTable,
    base: usize,
    m: &mut [Lanes; 12],
    q: &mut [Lanes; 4],
) {
    let slots = slot_lanes(d, base, true);
    let slots = &slots[..d.k];
    for i in 0..CHUNK {
        let mut a = [Vec4::ZERO; 4];
        for (ps, ws) in slots {
            let row = &table.aligned[ps[i] as usize];
            let w = Vec4::splat(ws[i]);
            a[0] += row.m[0] * w;
            a[1] += row.m[1] * w;
            a[2] += row.m[2] * w;
            a[3] += row.q * w;
        }
        scatter(m, 0, i, a[0]);
        scatter(m, 4, i, a[1]);
        scatter(m, 8, i, a[2]);
        scatter(q, 0, i, a[3]);
    }
}

/// The weighted sums of the bones' dual quaternions (real and dual parts
/// aligned together to the heaviest bone's hemisphere), for every vertex
/// (DQS).
fn gather_dual_quaternions(
    d: &Deformer,
    table: &BoneTable,
    base: usize,
    q: &mut [Lanes; 4],
    dq: &mut [Lanes; 4],
) {
    let slots = slot_lanes(d, base, true);
    let slots = &slots[..d.k];
    for i in 0..CHUNK {
        let mut a = [Vec4::ZERO; 2];
        for (ps, ws) in slots {
            let row = &table.aligned[ps[i] as usize];
            let w = Vec4::splat(ws[i]);
            a[0] += row.q * w;
            a[1] += row.d * w;
        }
        scatter(q, 0, i, a[0]);
        scatter(dq, 0, i, a[1]);
    }
}

/// LBS: the blended matrix applied to the rest position, and its linear
/// part to the normal (renormalised).
fn lbs_lanes(
    m: &[Lanes; 12],
    r: [&Lanes; 3],
    nr: [&Lanes; 3],
    p: &mut [Lanes; 3],
    n: &mut [Lanes; 3],
) {
    for i in 0..CHUNK {
        let (x, y, z) = (r[0][i], r[1][i], r[2][i]);
        p[0][i] = m[0][i] * x + m[1][i] * y + m[2][i] * z + m[3][i];
        p[1][i] = m[4][i] * x + m[5][i] * y + m[6][i] * z + m[7][i];
        p[2][i] = m[8][i] * x + m[9][i] * y + m[10][i] * z + m[11][i];
        let (x, y, z) = (nr[0][i], nr[1][i], nr[2][i]);
        let a = m[0][i] * x + m[1][i] * y + m[2][i] * z;
        let b = m[4][i] * x + m[5][i] * y + m[6][i] * z;
        let c = m[8][i] * x + m[9][i] * y + m[10][i] * z;
        let inv = 1.0 / (a * a + b * b + c * c).max(1e-30).sqrt();
        n[0][i] = a * inv;
        n[1][i] = b * inv;
        n[2][i] = c * inv;
    }
}

/// The rotation matrix of a quaternion that need not be unit (scaled by
/// `2 / |q|^2`, so no square root), row-major.
#[inline(always)]
fn rotation(x: f32, y: f32, z: f32, w: f32) -> [f32; 9] {
    let s = 2.0 / (x * x + y * y + z * z + w * w).max(1e-30);
    let (xs, ys, zs) = (x * s, y * s, z * s);
    let (xx, yy, zz) = (x * xs, y * ys, z * zs);
    let (xy, xz, yz) = (x * ys, x * zs, y * zs);
    let (wx, wy, wz) = (w * xs, w * ys, w * zs);
    [
        1.0 - yy - zz,
        xy - wz,
        xz + wy,
        xy + wz,
        1.0 - xx - zz,
        yz - wx,
        xz - wy,
        yz + wx,
        1.0 - xx - yy,
    ]
}

/// CoR: the blended rotation about the centre, plus the centre moved by
/// the blended matrix; the normal turned by the blended rotation. One
/// fused pass per lane.
fn cor_lanes(
    m: &[Lanes; 12],
    q: &[Lanes; 4],
    r: [&Lanes; 3],
    nr: [&Lanes; 3],
    c: [&Lanes; 3],
    p: &mut [Lanes; 3],
    n: &mut [Lanes; 3],
) {
    for i in 0..CHUNK {
        let rot = rotation(q[0][i], q[1][i], q[2][i], q[3][i]);
        let (cx, cy, cz) = (c[0][i], c[1][i], c[2][i]);
        let tx = m[0][i] * cx + m[1][i] * cy + m[2][i] * cz + m[3][i];
        let ty = m[4][i] * cx + m[5][i] * cy + m[6][i] * cz + m[7][i];
        let tz = m[8][i] * cx + m[9][i] * cy + m[10][i] * cz + m[11][i];
        let (ex, ey, ez) = (r[0][i] - cx, r[1][i] - cy, r[2][i] - cz);
        p[0][i] = rot[0] * ex + rot[1] * ey + rot[2] * ez + tx;
        p[1][i] = rot[3] * ex + rot[4] * ey + rot[5] * ez + ty;
        p[2][i] = rot[6] * ex + rot[7] * ey + rot[8] * ez + tz;
        let (x, y, z) = (nr[0][i], nr[1][i], nr[2][i]);
        n[0][i] = rot[0] * x + rot[1] * y + rot[2] * z;
        n[1][i] = rot[3] * x + rot[4] * y + rot[5] * z;
        n[2][i] = rot[6] * x + rot[7] * y + rot[8] * z;
    }
}

/// DQS: the normalised blended dual quaternion applied to the rest
/// position, its rotation to the normal.
fn dqs_lanes(
    q: &[Lanes; 4],
    dq: &[Lanes; 4],
    r: [&Lanes; 3],
    nr: [&Lanes; 3],
    p: &mut [Lanes; 3],
    n: &mut [Lanes; 3],
) {
    for i in 0..CHUNK {
        let (qx, qy, qz, qw) = (q[0][i], q[1][i], q[2][i], q[3][i]);
        let len2 = qx * qx + qy * qy + qz * qz + qw * qw;
        let rot = rotation(qx, qy, qz, qw);
        // t = 2 (aw b - bw a + a x b) / |a|^2 for real part a, dual part b.
        let s = 2.0 / len2.max(1e-30);
        let (bx, by, bz, bw) = (dq[0][i], dq[1][i], dq[2][i], dq[3][i]);
        let tx = s * (qw * bx - bw * qx + qy * bz - qz * by);
        let ty = s * (qw * by - bw * qy + qz * bx - qx * bz);
        let tz = s * (qw * bz - bw * qz + qx * by - qy * bx);
        let (x, y, z) = (r[0][i], r[1][i], r[2][i]);
        p[0][i] = rot[0] * x + rot[1] * y + rot[2] * z + tx;
        p[1][i] = rot[3] * x + rot[4] * y + rot[5] * z + ty;
        p[2][i] = rot[6] * x + rot[7] * y + rot[8] * z + tz;
        let (x, y, z) = (nr[0][i], nr[1][i], nr[2][i]);
        n[0][i] = rot[0] * x + rot[1] * y + rot[2] * z;
        n[1][i] = rot[3] * x + rot[4] * y + rot[5] * z;
        n[2][i] = rot[6] * x + rot[7] * y + rot[8] * z;
    }
}

fn write(pos: &mut [Vec3], nrm: &mut [Vec3], p: &[Lanes; 3], n: &[Lanes; 3]) {
    for (i, (po, no)) in pos.iter_mut().zip(nrm.iter_mut()).enumerate() {
        *po = Vec3::new(p[0][i], p[1][i], p[2][i]);
        *no = Vec3::new(n[0][i], n[1][i], n[2][i]);
    }
}
