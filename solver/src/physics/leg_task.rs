//! One leg's joint accelerations re-solved so that its foot gets a wanted
//! spatial acceleration: shared by the whole-body controller's stance and
//! swing feet ([`super::whole_body`]) and its stepping
//! ([`super::whole_body_step`]).

use posewire_body::glam::DVec3;
use posewire_body::{Joint, JointMap};

use super::articulated::{get, put, ArticulatedBody, SegmentAcceleration};
use super::joint_frames::AxisRange;
use super::sim_avatar::SimAvatar;
use super::whole_body::parent_axes;

/// A leg's free joint axes (segment index, world axis), hip to ankle.
pub(super) fn leg_columns(
    avatar: &SimAvatar,
    body: &ArticulatedBody,
    index: &JointMap<Option<usize>>,
    leg: &[Joint; 3],
) -> Vec<(usize, DVec3)> {
    let mut cols = Vec::new();
    for &j in leg {
        let (Some(i), Some(frame)) = (index[j], avatar.frame(j)) else {
            continue;
        };
        let axes = parent_axes(body, i, frame);
        for (k, r) in frame.axes.iter().enumerate() {
            if matches!(r, AxisRange::Free { .. }) {
                cols.push((i, axes.col(k)));
            }
        }
    }
    cols
}

/// The foot segment's acceleration with the leg's joints held still (the
/// rest of `qdd` as it is).
pub(super) fn foot_with_leg_still(
    body: &ArticulatedBody,
    index: &JointMap<Option<usize>>,
    leg: &[Joint; 3],
    qdd: &[f64],
    foot: usize,
) -> SegmentAcceleration {
    let mut q0 = qdd.to_vec();
    for &j in leg {
        if let Some(i) = index[j] {
            put(&mut q0, ArticulatedBody::joint_row(i), DVec3::ZERO);
        }
    }
    body.accelerations(&q0, true)[foot]
}

/// A leg in the articulated body: the joint index, its joints hip to
/// ankle, its free axes ([`leg_columns`]).
pub(super) type Leg<'a> = (
    &'a JointMap<Option<usize>>,
    &'a [Joint; 3],
    &'a [(usize, DVec3)],
);

/// What a leg's solve asks: the foot's wanted extra angular and linear
/// accelerations, the weight of the PD's `pd` against them, and the
/// largest joint acceleration kept.
pub(super) struct FootWant {
    pub angular: DVec3,
    pub linear: DVec3,
    pub pd_weight: f64,
    pub cap: f64,
}

/// Replaces the leg's rows of `qdd` by the least-squares accelerations of
/// its free axes `cols` that give the foot (its origin at `foot_origin`)
/// what `want` asks, the PD's `pd` a regulariser in the null space.
/// Returns false (leaving `qdd` as it was) when the system is singular.
pub(super) fn solve_leg(
    (index, leg, cols): Leg<'_>,
    body: &ArticulatedBody,
    foot_origin: DVec3,
    want: &FootWant,
    pd: &[f64],
    qdd: &mut [f64],
) -> bool {
    // Rows: 3 angular (weighted as at 15 cm), 3 linear.
    let wa = 0.15;
    let rows: Vec<[f64; 6]> = cols
        .iter()
        .map(|(i, axis)| {
            let lin = axis.cross(foot_origin - body.segments[*i].origin);
            [axis.x * wa, axis.y * wa, axis.z * wa, lin.x, lin.y, lin.z]
        })
        .collect();
    let (a_w, l_w) = (want.angular, want.linear);
    let rhs = [a_w.x * wa, a_w.y * wa, a_w.z * wa, l_w.x, l_w.y, l_w.z];
    let m = cols.len();
    let eps = want.pd_weight;
    let mut a = vec![0.0; m * m];
    let mut b = vec![0.0; m];
    for r in 0..m {
        for c in 0..m {
            a[r * m + c] = (0..6).map(|k| rows[r][k] * rows[c][k]).sum();
        }
        a[r * m + r] += eps;
        let x_pd = get(pd, ArticulatedBody::joint_row(cols[r].0)).dot(cols[r].1);
        b[r] = (0..6).map(|k| rows[r][k] * rhs[k]).sum::<f64>() + eps * x_pd;
    }
    let Some(x) = super::dense::solve_spd(&a, m, &b) else {
        return false;
    };
    for &j in leg {
        if let Some(i) = index[j] {
            put(qdd, ArticulatedBody::joint_row(i), DVec3::ZERO);
        }
    }
    for ((i, axis), s) in cols.iter().zip(x) {
        let row = ArticulatedBody::joint_row(*i);
        let now = get(qdd, row);
        put(qdd, row, now + *axis * s.clamp(-want.cap, want.cap));
    }
    true
}
