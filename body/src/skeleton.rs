//! A person's rest skeleton: where every canonical joint sits relative to
//! its parent in the canonical T-pose, built from a [`BodyProfile`].

use glam::DVec3;

use crate::joint::{Joint, JointMap};
use crate::profile::BodyProfile;
use crate::proportions as ratio;

/// Rest-pose offsets of every joint from its parent, in the parent bone's
/// rest frame (x left, y up, z forward), metres. The pelvis entry is the
/// pelvis's own rest position above the floor.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Skeleton {
    /// Offset of each joint from its parent (the root's: its rest position).
    pub offsets: JointMap<DVec3>,
}

impl Skeleton {
    /// The skeleton a profile describes.
    ///
    /// The trunk is split by [`ratio::LUMBAR_SHARE`] and
    /// [`ratio::THORACIC_SHARE`]; the clavicles start at the neck base; the
    /// shoulders sit at the profile's shoulder height and forward offset.
    pub fn from_profile(p: &BodyProfile) -> Skeleton {
        use Joint::*;
        let s = &p.segments;
        let b = &p.body;
        let hip_height = b.ankle_height + s.shin + s.thigh;
        let lumbar = ratio::LUMBAR_SHARE * s.trunk;
        let thoracic = ratio::THORACIC_SHARE * s.trunk;
        let cervical_base = s.trunk - lumbar - thoracic;
        let neck_height = hip_height + s.trunk;
        let shoulder_rise = b.shoulder_height - neck_height;
        let mut o = JointMap::splat(DVec3::ZERO);
        o[Pelvis] = DVec3::new(0.0, hip_height, 0.0);
        o[Spine] = DVec3::new(0.0, lumbar, 0.0);
        o[Chest] = DVec3::new(0.0, thoracic, 0.0);
        o[Neck] = DVec3::new(0.0, cervical_base, 0.0);
        o[Head] = DVec3::new(0.0, s.neck, 0.0);
        for side in [1.0, -1.0] {
            let (clav, sho, elb, wri, hip, kne, ank, toe) = if side > 0.0 {
                (
                    LeftClavicle,
                    LeftShoulder,
                    LeftElbow,
                    LeftWrist,
                    LeftHip,
                    LeftKnee,
                    LeftAnkle,
                    LeftToe,
                )
            } else {
                (
                    RightClavicle,
                    RightShoulder,
                    RightElbow,
                    RightWrist,
                    RightHip,
                    RightKnee,
                    RightAnkle,
                    RightToe,
                )
            };
            o[clav] = DVec3::new(0.0, cervical_base, 0.0);
            o[sho] = DVec3::new(
                side * b.shoulder_width / 2.0,
                shoulder_rise,
                b.shoulder_forward,
            );
            o[elb] = DVec3::new(side * s.upper_arm, 0.0, 0.0);
            o[wri] = DVec3::new(side * s.forearm, 0.0, 0.0);
            o[hip] = DVec3::new(side * b.hip_width / 2.0, 0.0, 0.0);
            o[kne] = DVec3::new(0.0, -s.thigh, 0.0);
            o[ank] = DVec3::new(0.0, -s.shin, 0.0);
            o[toe] = DVec3::new(0.0, -0.6 * b.ankle_height, s.foot);
        }
        Skeleton { offsets: o }
    }

    /// Rest positions of every joint (T-pose, pelvis above the origin).
    pub fn rest_positions(&self) -> JointMap<DVec3> {
        let mut p = JointMap::splat(DVec3::ZERO);
        for j in Joint::ALL {
            p[j] = match j.parent() {
                Some(parent) => p[parent] + self.offsets[j],
                None => self.offsets[j],
            };
        }
        p
    }

    /// Length of the bone from a joint's parent to the joint.
    pub fn bone_length(&self, joint: Joint) -> f64 {
        match joint.parent() {
            Some(_) => self.offsets[joint].length(),
            None => 0.0,
        }
    }
}
