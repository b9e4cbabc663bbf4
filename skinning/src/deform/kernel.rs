//! The inner loop: one chunk of [`CHUNK`] vertices at a time. Bone data is
//! gathered per influence slot into lane arrays, then every lane does the
//! same arithmetic on plain `[f32; CHUNK]` arrays, which the compiler turns
//! into SIMD. The three methods share the gather and the layout.

use glam::{Quat, Vec3};

use super::{BoneTransform, Deformer, Method};

/// Vertices per chunk (lanes).
pub const CHUNK: usize = 64;

type Lanes = [f32; CHUNK];

/// Per-frame bone data: 3x4 matrix rows, rotation quaternion, dual part.
pub(crate) struct BoneTable {
    /// `[m00 m01 m02 tx m10 m11 m12 ty m20 m21 m22 tz qx qy qz qw dx dy dz dw]`.
    rows: Vec<[f32; 20]>,
}

impl BoneTable {
    pub(crate) fn new(bones: &[BoneTransform], count: usize) -> BoneTable {
        let rows = (0..count.max(1))
            .map(|j| {
                let b = bones.get(j).copied().unwrap_or(BoneTransform::IDENTITY);
                let q = b.rotation.normalize();
                let m = glam::Mat3::from_quat(q);
                let t = b.translation;
                let d = Quat::from_xyzw(t.x, t.y, t.z, 0.0) * q * 0.5;
                [
                    m.x_axis.x, m.y_axis.x, m.z_axis.x, t.x, //
                    m.x_axis.y, m.y_axis.y, m.z_axis.y, t.y, //
                    m.x_axis.z, m.y_axis.z, m.z_axis.z, t.z, //
                    q.x, q.y, q.z, q.w, d.x, d.y, d.z, d.w,
                ]
            })
            .collect();
        BoneTable { rows }
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
    let rx: &Lanes = lanes(&d.rest[0], base);
    let ry: &Lanes = lanes(&d.rest[1], base);
    let rz: &Lanes = lanes(&d.rest[2], base);
    let nx: &Lanes = lanes(&d.normal[0], base);
    let ny: &Lanes = lanes(&d.normal[1], base);
    let nz: &Lanes = lanes(&d.normal[2], base);
    match method {
        Method::Lbs => {
            let m = blend_matrices(d, table, base);
            let (px, py, pz) = apply_affine(&m, rx, ry, rz);
            let (ox, oy, oz) = apply_linear_normalised(&m, nx, ny, nz);
            write(pos, nrm, (&px, &py, &pz), (&ox, &oy, &oz));
        }
        Method::Cor => {
            let m = blend_matrices(d, table, base);
            let q = blend_quats(d, table, base, 12);
            let r = quat_to_matrix_normalised(&q);
            let cx: &Lanes = lanes(&d.centre[0], base);
            let cy: &Lanes = lanes(&d.centre[1], base);
            let cz: &Lanes = lanes(&d.centre[2], base);
            let (tx, ty, tz) = apply_affine(&m, cx, cy, cz);
            let mut px = [0f32; CHUNK];
            let mut py = [0f32; CHUNK];
            let mut pz = [0f32; CHUNK];
            for i in 0..CHUNK {
                let (ex, ey, ez) = (rx[i] - cx[i], ry[i] - cy[i], rz[i] - cz[i]);
                px[i] = r[0][i] * ex + r[1][i] * ey + r[2][i] * ez + tx[i];
                py[i] = r[3][i] * ex + r[4][i] * ey + r[5][i] * ez + ty[i];
                pz[i] = r[6][i] * ex + r[7][i] * ey + r[8][i] * ez + tz[i];
            }
            let (ox, oy, oz) = apply_rotation(&r, nx, ny, nz);
            write(pos, nrm, (&px, &py, &pz), (&ox, &oy, &oz));
        }
        Method::Dqs => {
            let q = blend_quats(d, table, base, 12);
            let dq = blend_quats_aligned_to(d, table, base, 16, 12);
            let mut inv = [0f32; CHUNK];
            for i in 0..CHUNK {
                let len2 =
                    q[0][i] * q[0][i] + q[1][i] * q[1][i] + q[2][i] * q[2][i] + q[3][i] * q[3][i];
                inv[i] = 1.0 / len2.max(1e-30).sqrt();
            }
            let r = quat_to_matrix_normalised(&q);
            let mut px = [0f32; CHUNK];
            let mut py = [0f32; CHUNK];
            let mut pz = [0f32; CHUNK];
            for i in 0..CHUNK {
                let s = inv[i];
                let (ax, ay, az, aw) = (q[0][i] * s, q[1][i] * s, q[2][i] * s, q[3][i] * s);
                let (bx, by, bz, bw) = (dq[0][i] * s, dq[1][i] * s, dq[2][i] * s, dq[3][i] * s);
                // t = 2 (aw b - bw a + a x b)
                let tx = 2.0 * (aw * bx - bw * ax + ay * bz - az * by);
                let ty = 2.0 * (aw * by - bw * ay + az * bx - ax * bz);
                let tz = 2.0 * (aw * bz - bw * az + ax * by - ay * bx);
                px[i] = r[0][i] * rx[i] + r[1][i] * ry[i] + r[2][i] * rz[i] + tx;
                py[i] = r[3][i] * rx[i] + r[4][i] * ry[i] + r[5][i] * rz[i] + ty;
                pz[i] = r[6][i] * rx[i] + r[7][i] * ry[i] + r[8][i] * rz[i] + tz;
            }
            let (ox, oy, oz) = apply_rotation(&r, nx, ny, nz);
            write(pos, nrm, (&px, &py, &pz), (&ox, &oy, &oz));
        }
    }
}

fn lanes(v: &[f32], base: usize) -> &Lanes {
    // `padded` is a multiple of CHUNK and `base` a multiple of CHUNK below it.
    let s = &v[base..base + CHUNK];
    s.try_into().unwrap_or(&[0.0; CHUNK])
}

/// Weighted sum of the bones' 3x4 matrices.
fn blend_matrices(d: &Deformer, table: &BoneTable, base: usize) -> [Lanes; 12] {
    let mut m = [[0f32; CHUNK]; 12];
    for s in 0..d.k {
        let js = &d.joint[s * d.padded + base..s * d.padded + base + CHUNK];
        let ws = &d.weight[s * d.padded + base..s * d.padded + base + CHUNK];
        for i in 0..CHUNK {
            let row = &table.rows[js[i] as usize];
            let w = ws[i];
            for e in 0..12 {
                m[e][i] += w * row[e];
            }
        }
    }
    m
}

/// Weighted sum of the bones' quaternions at `offset`, each sign-aligned to
/// the vertex's heaviest bone.
fn blend_quats(d: &Deformer, table: &BoneTable, base: usize, offset: usize) -> [Lanes; 4] {
    blend_quats_aligned_to(d, table, base, offset, offset)
}

/// Like [`blend_quats`] for the 4 values at `offset`, signs taken from the
/// rotation quaternion at `align` (so real and dual parts flip together).
fn blend_quats_aligned_to(
    d: &Deformer,
    table: &BoneTable,
    base: usize,
    offset: usize,
    align: usize,
) -> [Lanes; 4] {
    let mut q = [[0f32; CHUNK]; 4];
    let j0 = &d.joint[base..base + CHUNK];
    for s in 0..d.k {
        let js = &d.joint[s * d.padded + base..s * d.padded + base + CHUNK];
        let ws = &d.weight[s * d.padded + base..s * d.padded + base + CHUNK];
        for i in 0..CHUNK {
            let row = &table.rows[js[i] as usize];
            let dom = &table.rows[j0[i] as usize];
            let dot = row[align] * dom[align]
                + row[align + 1] * dom[align + 1]
                + row[align + 2] * dom[align + 2]
                + row[align + 3] * dom[align + 3];
            let w = if dot < 0.0 { -ws[i] } else { ws[i] };
            for e in 0..4 {
                q[e][i] += w * row[offset + e];
            }
        }
    }
    q
}

/// Row-major rotation matrices of the normalised lane quaternions.
fn quat_to_matrix_normalised(q: &[Lanes; 4]) -> [Lanes; 9] {
    let mut r = [[0f32; CHUNK]; 9];
    for i in 0..CHUNK {
        let (x, y, z, w) = (q[0][i], q[1][i], q[2][i], q[3][i]);
        let len2 = x * x + y * y + z * z + w * w;
        let s = 2.0 / len2.max(1e-30);
        let (xx, yy, zz) = (x * x * s, y * y * s, z * z * s);
        let (xy, xz, yz) = (x * y * s, x * z * s, y * z * s);
        let (wx, wy, wz) = (w * x * s, w * y * s, w * z * s);
        r[0][i] = 1.0 - yy - zz;
        r[1][i] = xy - wz;
        r[2][i] = xz + wy;
        r[3][i] = xy + wz;
        r[4][i] = 1.0 - xx - zz;
        r[5][i] = yz - wx;
        r[6][i] = xz - wy;
        r[7][i] = yz + wx;
        r[8][i] = 1.0 - xx - yy;
    }
    r
}

fn apply_affine(m: &[Lanes; 12], x: &Lanes, y: &Lanes, z: &Lanes) -> (Lanes, Lanes, Lanes) {
    let mut o = ([0f32; CHUNK], [0f32; CHUNK], [0f32; CHUNK]);
    for i in 0..CHUNK {
        o.0[i] = m[0][i] * x[i] + m[1][i] * y[i] + m[2][i] * z[i] + m[3][i];
        o.1[i] = m[4][i] * x[i] + m[5][i] * y[i] + m[6][i] * z[i] + m[7][i];
        o.2[i] = m[8][i] * x[i] + m[9][i] * y[i] + m[10][i] * z[i] + m[11][i];
    }
    o
}

fn apply_linear_normalised(
    m: &[Lanes; 12],
    x: &Lanes,
    y: &Lanes,
    z: &Lanes,
) -> (Lanes, Lanes, Lanes) {
    let mut o = ([0f32; CHUNK], [0f32; CHUNK], [0f32; CHUNK]);
    for i in 0..CHUNK {
        let a = m[0][i] * x[i] + m[1][i] * y[i] + m[2][i] * z[i];
        let b = m[4][i] * x[i] + m[5][i] * y[i] + m[6][i] * z[i];
        let c = m[8][i] * x[i] + m[9][i] * y[i] + m[10][i] * z[i];
        let inv = 1.0 / (a * a + b * b + c * c).max(1e-30).sqrt();
        o.0[i] = a * inv;
        o.1[i] = b * inv;
        o.2[i] = c * inv;
    }
    o
}

fn apply_rotation(r: &[Lanes; 9], x: &Lanes, y: &Lanes, z: &Lanes) -> (Lanes, Lanes, Lanes) {
    let mut o = ([0f32; CHUNK], [0f32; CHUNK], [0f32; CHUNK]);
    for i in 0..CHUNK {
        o.0[i] = r[0][i] * x[i] + r[1][i] * y[i] + r[2][i] * z[i];
        o.1[i] = r[3][i] * x[i] + r[4][i] * y[i] + r[5][i] * z[i];
        o.2[i] = r[6][i] * x[i] + r[7][i] * y[i] + r[8][i] * z[i];
    }
    o
}

fn write(
    pos: &mut [Vec3],
    nrm: &mut [Vec3],
    p: (&Lanes, &Lanes, &Lanes),
    n: (&Lanes, &Lanes, &Lanes),
) {
    for (i, (po, no)) in pos.iter_mut().zip(nrm.iter_mut()).enumerate() {
        *po = Vec3::new(p.0[i], p.1[i], p.2[i]);
        *no = Vec3::new(n.0[i], n.1[i], n.2[i]);
    }
}
