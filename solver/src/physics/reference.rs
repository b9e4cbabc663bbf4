//! Fitting the kinematic reference to the body's joint limits before the
//! motors aim at it. With a tracked pelvis the `ik` trunk can bend the
//! lumbar spine beyond its range (it bridges a tilted pelvis to the chest);
//! the simulated spine stops at its limit and, tracking local rotations, the
//! whole upper body would lean by the excess. Here each trunk joint's local
//! rotation is clamped into its limits while the next bone keeps its world
//! orientation, so the excess moves up the chain to joints that can take it.

use posewire_body::limits::clamp_local;
use posewire_body::{BodyPose, Joint};

/// The trunk joints, root first, whose excess is passed up.
const TRUNK: [Joint; 4] = [Joint::Spine, Joint::Chest, Joint::Neck, Joint::Head];

/// The reference with the trunk inside its limits (the pelvis, the limbs
/// and every bone's world orientation above the trunk unchanged).
pub fn fit_trunk_to_limits(reference: &BodyPose) -> BodyPose {
    let mut out = *reference;
    for j in TRUNK {
        let Some(parent) = j.parent() else { continue };
        let local = out.rotations[parent].inverse() * reference.rotations[j];
        out.rotations[j] = (out.rotations[parent] * clamp_local(j, local)).normalize();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::glam::DQuat;
    use posewire_body::limits::within_limits;
    use posewire_body::transform::angle_between;
    use posewire_body::{BodyProfile, Skeleton};

    #[test]
    fn an_overbent_lumbar_passes_its_excess_to_the_chest() {
        let sk = Skeleton::from_profile(&BodyProfile::from_stature(1.75));
        let mut pose = BodyPose::rest(&sk);
        // Pelvis tipped forward 40 degrees, the spine upright (a 40 degree
        // lumbar extension, beyond its 25; the chest can extend 20 more),
        // the chest upright too.
        pose.rotations[Joint::Pelvis] = DQuat::from_rotation_x(40f64.to_radians());
        let fitted = fit_trunk_to_limits(&pose);
        for j in TRUNK {
            let parent = j.parent().expect("trunk joints have parents");
            let local = fitted.rotations[parent].inverse() * fitted.rotations[j];
            assert!(within_limits(j, local, 1e-6), "{j} outside its limits");
        }
        // The chest takes the rest: still upright in the world.
        let chest = angle_between(fitted.rotations[Joint::Chest], DQuat::IDENTITY).to_degrees();
        assert!(chest < 1e-6, "the chest moved {chest} degrees");
        // Within limits already: unchanged.
        let upright = BodyPose::rest(&sk);
        assert_eq!(fit_trunk_to_limits(&upright), upright);
    }
}
