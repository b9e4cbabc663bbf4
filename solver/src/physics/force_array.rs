//! A force array: one torque per joint degree of freedom (in the joint
//! frame's anatomical axes), plus a named root force and torque on the
//! pelvis. Each controller produces one; the solver sums them.

use posewire_body::glam::DVec3;
use posewire_body::JointMap;

/// Torques per joint axis and the root's force and torque.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ForceArray {
    /// Per joint, the torque about each of its frame's three axes, N m
    /// (zero on locked axes and on the pelvis and toes).
    pub torques: JointMap<DVec3>,
    /// Force on the pelvis, world axes, N (a residual "helping hand": not a
    /// force a person can make; reported so its size is visible).
    pub root_force: DVec3,
    /// Torque on the pelvis, world axes, N m (likewise residual).
    pub root_torque: DVec3,
}

impl Default for ForceArray {
    fn default() -> Self {
        ForceArray::ZERO
    }
}

impl ForceArray {
    /// No torque anywhere.
    pub const ZERO: ForceArray = ForceArray {
        torques: JointMap([DVec3::ZERO; posewire_body::Joint::COUNT]),
        root_force: DVec3::ZERO,
        root_torque: DVec3::ZERO,
    };

    /// Component-by-component sum.
    pub fn sum<'a>(arrays: impl IntoIterator<Item = &'a ForceArray>) -> ForceArray {
        let mut s = ForceArray::ZERO;
        for a in arrays {
            s.add(a);
        }
        s
    }

    /// Adds `other` component by component.
    pub fn add(&mut self, other: &ForceArray) {
        for (t, o) in self.torques.0.iter_mut().zip(other.torques.0.iter()) {
            *t += *o;
        }
        self.root_force += other.root_force;
        self.root_torque += other.root_torque;
    }

    /// The largest joint torque magnitude, N m.
    pub fn peak_joint_torque(&self) -> f64 {
        self.torques
            .0
            .iter()
            .map(|t| t.length())
            .fold(0.0, f64::max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::Joint;

    #[test]
    fn arrays_sum_component_by_component() {
        let mut a = ForceArray::ZERO;
        a.torques[Joint::LeftKnee] = DVec3::new(1.0, 0.0, 0.0);
        a.root_force = DVec3::Y;
        let mut b = ForceArray::ZERO;
        b.torques[Joint::LeftKnee] = DVec3::new(2.0, 0.5, 0.0);
        b.torques[Joint::Neck] = DVec3::Z;
        let s = ForceArray::sum([&a, &b]);
        assert_eq!(s.torques[Joint::LeftKnee], DVec3::new(3.0, 0.5, 0.0));
        assert_eq!(s.torques[Joint::Neck], DVec3::Z);
        assert_eq!(s.root_force, DVec3::Y);
        assert!((s.peak_joint_torque() - 3.0f64.hypot(0.5)).abs() < 1e-12);
    }
}
