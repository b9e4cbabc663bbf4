//! Segment masses, centres of mass and inertia tensors of the canonical
//! bones, from the body mass and the rest skeleton.
//!
//! Source: P. de Leva (1996), "Adjustments to Zatsiorsky-Seluyanov's segment
//! inertia parameters", Journal of Biomechanics 29(9):1223-1230, table 4,
//! **male** values (reference subject: stature 1741 mm, mass 73 kg). Each
//! segment has a mass fraction, a centre-of-mass position as a fraction of
//! its length from its first landmark, and radii of gyration (fractions of
//! its length) about the sagittal (anteroposterior), transverse
//! (mediolateral) and longitudinal axes.
//!
//! Mapping onto the bones (the bone that starts at a joint):
//!
//! | bone | de Leva segment |
//! |---|---|
//! | `pelvis` | lower trunk (omphalion to mid-hip) |
//! | `spine` | middle trunk (xiphion to omphalion) |
//! | `chest` | upper trunk (C7 to xiphion), less the clavicles' share |
//! | `neck` + `head` | head and neck (vertex to C7), split below |
//! | `*_clavicle` | [`CLAVICLE_FRACTION`] of the body each, taken from the upper trunk |
//! | `*_shoulder` | upper arm |
//! | `*_elbow` | forearm |
//! | `*_wrist` | hand (wrist centre to 3rd metacarpale) |
//! | `*_hip` | thigh |
//! | `*_knee` | shank |
//! | `*_ankle` | foot (heel to toe tip), less the toes' share |
//! | `*_toe` | [`TOE_FRACTION`] of the body each, taken from the foot |
//!
//! Geometry: the three trunk segments are placed where de Leva's landmarks
//! put them on the line from the hip centre (`pelvis`) to the neck base
//! (`neck`, C7), in proportion to his mean lengths (lower 145.7, middle
//! 215.5, upper 242.1 mm). Our `spine` and `chest` joints do not sit at
//! those landmarks, so a trunk segment's centre of mass may lie outside its
//! bone (the middle trunk's lies a little below the `spine` joint); this
//! keeps the whole trunk's centre of mass where de Leva has it. The head and
//! neck segment hangs from the vertex, estimated at `head_y /
//! proportions::HEAD_HEIGHT` above the floor (the skeleton has no stature),
//! with de Leva's length scaled to that stature (242.9 of 1741 mm; the
//! skeleton's own C7-to-vertex distance is longer and would inflate the
//! head's inertia). The neck bone takes [`NECK_SHARE`] of its mass with the
//! centre of mass mid-bone (an assumption: de Leva does not split them); the
//! head takes the rest, placed so that the pair's centre of mass stays at de
//! Leva's 50.02% of the segment below the vertex. Both use de Leva's head
//! radii times that segment length. The hand's length (wrist to 3rd metacarpale) is the
//! forearm's times 86.2/268.9 (de Leva's mean lengths). The foot runs from a
//! heel a quarter foot length behind the ankle to a toe tip a quarter foot
//! length beyond the ball of the foot, with the ball at [`Joint::LeftToe`]
//! (so the foot length is twice the ankle-to-ball distance, as in
//! [`crate::proportions::FOOT`]); its centre of mass is de Leva's fraction
//! along that heel-to-tip line, half way from the ankle down to the height of
//! the ball of the foot. Clavicles and toes are small rods; their
//! share is taken from the segment they belong to in de Leva's table, whose
//! centre of mass is moved so that the pair's stays where de Leva has it.
//!
//! Axes (bone rest frames are the world axes): trunk, neck, head and legs
//! stand along Y, so longitudinal = Y, sagittal (anteroposterior) = Z,
//! transverse (mediolateral) = X. T-pose arms lie along X with their front
//! facing forward: longitudinal = X, sagittal = Z, transverse = Y. The hand
//! (palm down) takes the sagittal radius about the palm normal (Y) and the
//! transverse about Z. The foot lies along Z: longitudinal = Z, sagittal
//! (the larger) about X, transverse about Y.

use glam::{DMat3, DQuat, DVec3};

use crate::joint::{Joint, JointMap};
use crate::pose::BodyPose;
use crate::proportions;
use crate::skeleton::Skeleton;

/// One row of de Leva's table 4 (male).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DeLevaSegment {
    /// Share of the body mass.
    pub mass_fraction: f64,
    /// Centre of mass from the segment's first landmark (the cranial one for
    /// trunk and head, the proximal joint for limbs, the heel for the foot),
    /// as a fraction of the segment length.
    pub com_fraction: f64,
    /// Radius of gyration about the sagittal (anteroposterior) axis, per
    /// segment length.
    pub r_sagittal: f64,
    /// Radius of gyration about the transverse (mediolateral) axis, per
    /// segment length.
    pub r_transverse: f64,
    /// Radius of gyration about the longitudinal axis, per segment length.
    pub r_longitudinal: f64,
    /// de Leva's mean segment length, millimetres.
    pub length_mm: f64,
}

const fn seg(mass: f64, com: f64, sag: f64, trans: f64, long: f64, len: f64) -> DeLevaSegment {
    DeLevaSegment {
        mass_fraction: mass / 100.0,
        com_fraction: com / 100.0,
        r_sagittal: sag / 100.0,
        r_transverse: trans / 100.0,
        r_longitudinal: long / 100.0,
        length_mm: len,
    }
}

/// Head and neck, vertex to C7 (cervicale).
pub const HEAD_NECK: DeLevaSegment = seg(6.94, 50.02, 30.3, 31.5, 26.1, 242.9);
/// Upper trunk, C7 to xiphion.
pub const UPPER_TRUNK: DeLevaSegment = seg(15.96, 50.66, 50.5, 32.0, 46.5, 242.1);
/// Middle trunk, xiphion to omphalion.
pub const MIDDLE_TRUNK: DeLevaSegment = seg(16.33, 45.02, 48.2, 38.3, 46.8, 215.5);
/// Lower trunk, omphalion to the mid-point of the hip joint centres.
pub const LOWER_TRUNK: DeLevaSegment = seg(11.17, 61.15, 61.5, 55.1, 58.7, 145.7);
/// Upper arm, shoulder to elbow joint centre.
pub const UPPER_ARM: DeLevaSegment = seg(2.71, 57.72, 28.5, 26.9, 15.8, 281.7);
/// Forearm, elbow to wrist joint centre.
pub const FOREARM: DeLevaSegment = seg(1.62, 45.74, 27.6, 26.5, 12.1, 268.9);
/// Hand, wrist joint centre to the 3rd metacarpale.
pub const HAND: DeLevaSegment = seg(0.61, 79.00, 62.8, 51.3, 40.1, 86.2);
/// Thigh, hip to knee joint centre.
pub const THIGH: DeLevaSegment = seg(14.16, 40.95, 32.9, 32.9, 14.9, 422.2);
/// Shank, knee joint centre to the lateral malleolus.
pub const SHANK: DeLevaSegment = seg(4.33, 44.59, 25.5, 24.9, 10.3, 434.0);
/// Foot, heel to the tip of the longest toe.
pub const FOOT: DeLevaSegment = seg(1.37, 44.15, 25.7, 24.5, 12.4, 258.1);

/// Stature of de Leva's male reference subjects, millimetres.
pub const DE_LEVA_STATURE_MM: f64 = 1741.0;

/// Share of the body mass given to each clavicle bone (taken from the upper
/// trunk, which includes the shoulder girdle in de Leva's table): small but
/// not zero, so that a physics body for it stays well conditioned.
pub const CLAVICLE_FRACTION: f64 = 0.002;
/// Share of the body mass given to each toe bone (taken from the foot).
pub const TOE_FRACTION: f64 = 0.001;
/// Share of the head-and-neck mass given to the neck bone (an assumption;
/// about 1.2% of the body).
pub const NECK_SHARE: f64 = 1.0 / 6.0;

/// Mass properties of one bone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SegmentInertia {
    /// Mass, kg.
    pub mass_kg: f64,
    /// Centre of mass in the bone's rest frame, relative to the bone's joint,
    /// metres.
    pub com_local: DVec3,
    /// Principal moments of inertia about the centre of mass, along the bone
    /// frame's x, y, z axes, kg m^2.
    pub inertia_diag: DVec3,
}

impl SegmentInertia {
    /// The inertia tensor about the centre of mass in the world frame for a
    /// bone turned by `rotation` (`R diag R^T`).
    pub fn inertia_world(&self, rotation: DQuat) -> DMat3 {
        let r = DMat3::from_quat(rotation);
        r * DMat3::from_diagonal(self.inertia_diag) * r.transpose()
    }
}

/// A segment's principal moments from radii of gyration (fractions of
/// `length`) given per bone-frame axis.
fn moments(mass: f64, length: f64, rx: f64, ry: f64, rz: f64) -> DVec3 {
    DVec3::new(rx, ry, rz).map(|r| mass * (r * length).powi(2))
}

/// Mass, centre of mass, inertia and length of every bone, from the skeleton
/// and the body mass (kg). Masses sum to `mass_kg`. Works for any skeleton
/// (never panics); a degenerate skeleton gives zero lengths and inertias.
pub fn segment_inertias(skeleton: &Skeleton, mass_kg: f64) -> JointMap<SegmentInertia> {
    use Joint::*;
    let m = mass_kg;
    let rest = skeleton.rest_positions();
    let mut out = JointMap::splat(SegmentInertia {
        mass_kg: 0.0,
        com_local: DVec3::ZERO,
        inertia_diag: DVec3::ZERO,
    });
    // Each entry is set from a centre of mass in rest world coordinates.
    let mut set = |joint: Joint, mass: f64, com_world: DVec3, inertia: DVec3| {
        out[joint] = SegmentInertia {
            mass_kg: mass,
            com_local: com_world - rest[joint],
            inertia_diag: inertia,
        };
    };

    // Trunk: the line from the hip centre to C7.
    let hips = rest[Pelvis];
    let trunk_vec = rest[Neck] - hips;
    let trunk_len = trunk_vec.length();
    let up = trunk_vec.try_normalize().unwrap_or(DVec3::Y);
    let total_mm = LOWER_TRUNK.length_mm + MIDDLE_TRUNK.length_mm + UPPER_TRUNK.length_mm;
    let share = |s: &DeLevaSegment| s.length_mm / total_mm * trunk_len;
    let (l_low, l_mid, l_up) = (
        share(&LOWER_TRUNK),
        share(&MIDDLE_TRUNK),
        share(&UPPER_TRUNK),
    );
    // Landmarks measured from the cranial end: CoM height above the hips.
    let low_com = hips + up * (1.0 - LOWER_TRUNK.com_fraction) * l_low;
    let mid_com = hips + up * (l_low + (1.0 - MIDDLE_TRUNK.com_fraction) * l_mid);
    let up_com = hips + up * (l_low + l_mid + (1.0 - UPPER_TRUNK.com_fraction) * l_up);
    let trunk_moments = |s: &DeLevaSegment, mass: f64, len: f64| {
        moments(mass, len, s.r_transverse, s.r_longitudinal, s.r_sagittal)
    };
    let m_low = LOWER_TRUNK.mass_fraction * m;
    let m_mid = MIDDLE_TRUNK.mass_fraction * m;
    set(
        Pelvis,
        m_low,
        low_com,
        trunk_moments(&LOWER_TRUNK, m_low, l_low),
    );
    set(
        Spine,
        m_mid,
        mid_com,
        trunk_moments(&MIDDLE_TRUNK, m_mid, l_mid),
    );

    // Clavicles: slender rods along the bone, centre of mass mid-bone.
    let m_clav = CLAVICLE_FRACTION * m;
    let mut clav_moment_sum = DVec3::ZERO; // mass-weighted CoM sum of both
    for clav in [LeftClavicle, RightClavicle] {
        let shoulder = clav
            .children()
            .next()
            .map(|s| rest[s])
            .unwrap_or(rest[clav]);
        let len = (shoulder - rest[clav]).length();
        let com = (rest[clav] + shoulder) * 0.5;
        clav_moment_sum += com * m_clav;
        set(clav, m_clav, com, moments(m_clav, len, 0.05, 0.289, 0.289));
    }
    let m_up_total = UPPER_TRUNK.mass_fraction * m;
    let m_chest = m_up_total - 2.0 * m_clav;
    let chest_com = if m_chest.abs() > 1e-12 {
        (up_com * m_up_total - clav_moment_sum) / m_chest
    } else {
        up_com
    };
    set(
        Chest,
        m_chest,
        chest_com,
        trunk_moments(&UPPER_TRUNK, m_chest, l_up),
    );

    // Head and neck: de Leva's vertex-C7 segment hung from the vertex
    // (estimated from the skull base height), its length scaled to stature.
    let skull_base = rest[Head];
    let neck_vec = skull_base - rest[Neck];
    let head_dir = neck_vec.try_normalize().unwrap_or(DVec3::Y);
    let stature = (skull_base.y / proportions::HEAD_HEIGHT).max(0.0);
    let vertex = skull_base + head_dir * (stature - skull_base.y).max(0.0);
    let hn_len = HEAD_NECK.length_mm / DE_LEVA_STATURE_MM * stature;
    let m_hn = HEAD_NECK.mass_fraction * m;
    let m_neck = NECK_SHARE * m_hn;
    let m_head = m_hn - m_neck;
    let hn_com = vertex - head_dir * HEAD_NECK.com_fraction * hn_len;
    let neck_com = rest[Neck] + neck_vec * 0.5;
    let head_com = if m_head.abs() > 1e-12 {
        (hn_com * m_hn - neck_com * m_neck) / m_head
    } else {
        hn_com
    };
    let hn = &HEAD_NECK;
    set(
        Neck,
        m_neck,
        neck_com,
        moments(
            m_neck,
            hn_len,
            hn.r_transverse,
            hn.r_longitudinal,
            hn.r_sagittal,
        ),
    );
    set(
        Head,
        m_head,
        head_com,
        moments(
            m_head,
            hn_len,
            hn.r_transverse,
            hn.r_longitudinal,
            hn.r_sagittal,
        ),
    );

    for side in [crate::Side::Left, crate::Side::Right] {
        let pick = |l: Joint| {
            if side == crate::Side::Left {
                l
            } else {
                l.mirror()
            }
        };
        let (sho, elb, wri) = (pick(LeftShoulder), pick(LeftElbow), pick(LeftWrist));
        let (hip, kne, ank, toe) = (
            pick(LeftHip),
            pick(LeftKnee),
            pick(LeftAnkle),
            pick(LeftToe),
        );

        // Limbs: arms along X in the T-pose, legs along Y.
        let limb = |s: &DeLevaSegment, from: Joint, to: Joint| {
            let v = rest[to] - rest[from];
            let len = v.length();
            (s.mass_fraction * m, rest[from] + v * s.com_fraction, len)
        };
        // A limb segment between two joints, its radii of gyration mapped
        // onto the rest frame's x, y, z by `axes`.
        let mut place =
            |s: &DeLevaSegment, from: Joint, to: Joint, axes: fn(&DeLevaSegment) -> [f64; 3]| {
                let (mass, com, len) = limb(s, from, to);
                let [rx, ry, rz] = axes(s);
                set(from, mass, com, moments(mass, len, rx, ry, rz));
            };
        // Arms along X: longitudinal, transverse, sagittal.
        let along_x: fn(&DeLevaSegment) -> [f64; 3] =
            |s| [s.r_longitudinal, s.r_transverse, s.r_sagittal];
        place(&UPPER_ARM, sho, elb, along_x);
        place(&FOREARM, elb, wri, along_x);
        // Legs along Y: transverse, longitudinal, sagittal.
        let along_y: fn(&DeLevaSegment) -> [f64; 3] =
            |s| [s.r_transverse, s.r_longitudinal, s.r_sagittal];
        place(&THIGH, hip, kne, along_y);
        place(&SHANK, kne, ank, along_y);
        // Hand: along the forearm, sized from it (de Leva's length ratio).
        let forearm = rest[wri] - rest[elb];
        let hand_len = forearm.length() * HAND.length_mm / FOREARM.length_mm;
        let hand_dir = forearm.try_normalize().unwrap_or(DVec3::X);
        let mass = HAND.mass_fraction * m;
        let com = rest[wri] + hand_dir * HAND.com_fraction * hand_len;
        let s = &HAND;
        set(
            wri,
            mass,
            com,
            moments(
                mass,
                hand_len,
                s.r_longitudinal,
                s.r_sagittal,
                s.r_transverse,
            ),
        );

        // Foot: heel a quarter foot behind the ankle, tip a quarter beyond
        // the ball; CoM half way down to the ball's height.
        let ball = rest[toe] - rest[ank];
        let foot_len = 2.0 * ball.z.max(0.0);
        let heel_z = -0.25 * foot_len;
        let foot_com =
            rest[ank] + DVec3::new(0.0, 0.5 * ball.y, heel_z + FOOT.com_fraction * foot_len);
        let m_foot_total = FOOT.mass_fraction * m;
        let m_toe = TOE_FRACTION * m;
        let toe_len = 0.25 * foot_len;
        let toe_com = rest[toe] + DVec3::new(0.0, 0.0, 0.5 * toe_len);
        let m_foot = m_foot_total - m_toe;
        let com = if m_foot.abs() > 1e-12 {
            (foot_com * m_foot_total - toe_com * m_toe) / m_foot
        } else {
            foot_com
        };
        let s = &FOOT;
        set(
            ank,
            m_foot,
            com,
            moments(
                m_foot,
                foot_len,
                s.r_sagittal,
                s.r_transverse,
                s.r_longitudinal,
            ),
        );
        set(
            toe,
            m_toe,
            toe_com,
            moments(m_toe, toe_len, 0.289, 0.289, 0.2),
        );
    }
    out
}

/// The whole body's centre of mass (world) in a pose: the mass-weighted mean
/// of every bone's centre of mass carried by its rotation. Falls back to the
/// pelvis position when the total mass is not positive.
pub fn centre_of_mass(
    pose: &BodyPose,
    skeleton: &Skeleton,
    segments: &JointMap<SegmentInertia>,
) -> DVec3 {
    let positions = pose.positions(skeleton);
    let mut weighted = DVec3::ZERO;
    let mut total = 0.0;
    for (joint, s) in segments.iter() {
        let com = positions[joint] + pose.rotations[joint] * s.com_local;
        weighted += com * s.mass_kg;
        total += s.mass_kg;
    }
    if total > 0.0 && weighted.is_finite() {
        weighted / total
    } else {
        positions[Joint::Pelvis]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::BodyProfile;

    fn body(stature: f64) -> (BodyProfile, Skeleton, JointMap<SegmentInertia>) {
        let p = BodyProfile::from_stature(stature);
        let s = Skeleton::from_profile(&p);
        let seg = segment_inertias(&s, p.body.mass);
        (p, s, seg)
    }

    #[test]
    fn de_leva_fractions_sum_to_one() {
        let paired = UPPER_ARM.mass_fraction
            + FOREARM.mass_fraction
            + HAND.mass_fraction
            + THIGH.mass_fraction
            + SHANK.mass_fraction
            + FOOT.mass_fraction;
        let single = HEAD_NECK.mass_fraction
            + UPPER_TRUNK.mass_fraction
            + MIDDLE_TRUNK.mass_fraction
            + LOWER_TRUNK.mass_fraction;
        assert!(
            (single + 2.0 * paired - 1.0).abs() < 1e-12,
            "{}",
            single + 2.0 * paired
        );
    }

    #[test]
    fn masses_sum_to_body_mass_and_inertia_is_positive() {
        for stature in [1.55, 1.75, 1.95] {
            let (p, _, seg) = body(stature);
            let total: f64 = seg.iter().map(|(_, s)| s.mass_kg).sum();
            assert!(
                (total - p.body.mass).abs() < 1e-9,
                "{total} vs {}",
                p.body.mass
            );
            for (j, s) in seg.iter() {
                assert!(s.mass_kg > 0.0, "{j}");
                assert!(s.com_local.is_finite(), "{j}");
                for k in s.inertia_diag.to_array() {
                    assert!(k > 0.0 && k.is_finite(), "{j}: {}", s.inertia_diag);
                }
                // The triangle inequality every physical inertia satisfies.
                let [a, b, c] = s.inertia_diag.to_array();
                assert!(
                    a + b >= c && b + c >= a && a + c >= b,
                    "{j}: {}",
                    s.inertia_diag
                );
            }
        }
        let (p, _, seg) = body(1.75);
        let thigh = seg[Joint::LeftHip].mass_kg;
        assert!((thigh - 0.1416 * p.body.mass).abs() < 1e-12);
    }

    #[test]
    fn rest_centre_of_mass_is_near_the_pelvis() {
        for stature in [1.6, 1.75, 1.9] {
            let (p, s, seg) = body(stature);
            let pose = BodyPose::rest(&s);
            let com = centre_of_mass(&pose, &s, &seg);
            let h = com.y / p.body.stature;
            assert!((0.5..0.6).contains(&h), "CoM at {h} of stature");
            assert!(com.x.abs() < 1e-9, "symmetric body, CoM x = {}", com.x);
            assert!(com.z.abs() < 0.02, "CoM z = {}", com.z);
        }
    }

    #[test]
    fn trunk_and_head_keep_de_levas_centres() {
        let (_, s, seg) = body(1.75);
        let rest = s.rest_positions();
        let weighted = |joints: &[Joint]| {
            let m: f64 = joints.iter().map(|j| seg[*j].mass_kg).sum();
            let c = joints
                .iter()
                .map(|j| (rest[*j] + seg[*j].com_local) * seg[*j].mass_kg)
                .sum::<DVec3>();
            c / m
        };
        use Joint::*;
        // Whole trunk (with the clavicles taken from it): de Leva's CERV-MIDH
        // trunk has its CoM 51.38% below C7; the sum of the three sub-segments
        // lands within 1% of the trunk length of it.
        let trunk = weighted(&[Pelvis, Spine, Chest, LeftClavicle, RightClavicle]);
        let t = rest[Neck].y - rest[Pelvis].y;
        let frac_from_c7 = (rest[Neck].y - trunk.y) / t;
        assert!((frac_from_c7 - 0.5138).abs() < 0.01, "{frac_from_c7}");
        // Head and neck together: 50.02% of de Leva's (scaled) length below
        // the vertex, which sits at the stature.
        let hn = weighted(&[Neck, Head]);
        let below_vertex = 1.75 - hn.y;
        assert!((below_vertex - 0.5002 * 242.9 / 1741.0 * 1.75).abs() < 1e-9);
        assert!(hn.y > rest[Head].y, "head CoM above the skull base");
        // Limb centres of mass lie along their bones, toward the joint named.
        let thigh = seg[LeftHip].com_local;
        assert!((thigh - s.offsets[LeftKnee] * 0.4095).length() < 1e-12);
        let upper_arm = seg[RightShoulder].com_local;
        assert!((upper_arm - s.offsets[RightElbow] * 0.5772).length() < 1e-12);
        assert!(seg[LeftWrist].com_local.x > 0.0 && seg[RightWrist].com_local.x < 0.0);
        assert!(
            seg[LeftAnkle].com_local.z > 0.0,
            "foot CoM ahead of the ankle"
        );
    }

    #[test]
    fn centre_of_mass_follows_the_pose() {
        let (_, s, seg) = body(1.75);
        let mut pose = BodyPose::rest(&s);
        let rest_com = centre_of_mass(&pose, &s, &seg);
        // Moving the whole body moves the CoM by the same amount.
        pose.root += DVec3::new(1.0, 0.0, -2.0);
        let moved = centre_of_mass(&pose, &s, &seg);
        assert!((moved - rest_com - DVec3::new(1.0, 0.0, -2.0)).length() < 1e-12);
        // Both arms forward: the CoM moves forward.
        let mut pose = BodyPose::rest(&s);
        for (j, sign) in [(Joint::LeftShoulder, 1.0), (Joint::RightShoulder, -1.0)] {
            let q = DQuat::from_rotation_y(-sign * std::f64::consts::FRAC_PI_2);
            for b in [j, j.children().next().expect("elbow")] {
                pose.rotations[b] = q;
            }
            let wrist = j.children().next().and_then(|e| e.children().next());
            pose.rotations[wrist.expect("wrist")] = q;
        }
        let forward = centre_of_mass(&pose, &s, &seg);
        assert!(
            forward.z > rest_com.z + 0.02,
            "{} vs {}",
            forward.z,
            rest_com.z
        );
        // Rotated inertia stays symmetric with the same trace.
        let i = seg[Joint::Chest].inertia_world(DQuat::from_rotation_x(0.7));
        let d = seg[Joint::Chest].inertia_diag;
        assert!((i.x_axis.x + i.y_axis.y + i.z_axis.z - (d.x + d.y + d.z)).abs() < 1e-12);
        assert!((i.x_axis.y - i.y_axis.x).abs() < 1e-12);
    }
}
