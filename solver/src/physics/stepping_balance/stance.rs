//! The quiet stance: standing on both feet between bouts of steps, and
//! when to start stepping again.

use posewire_body::glam::DVec3;
use posewire_body::{Joint, Side};

use super::{knee_pd, Leg, LegTorques, Reading, SteppingBalance};
use crate::physics::sim_avatar::SimAvatar;
use crate::physics::world::PhysicsWorld;

impl SteppingBalance {
    /// While standing: the foot that must step because the capture point
    /// (`c + v sqrt(h / g)`) left the feet, or `None` while it stays
    /// within them: the foot that carries less weight (the one farther
    /// from the centre of mass, sideways) steps first.
    pub(super) fn first_swing(&self, r: &Reading, v: DVec3) -> Option<Side> {
        let s = &self.settings;
        let to_body = self.heading.inverse();
        let l = to_body * r.positions[Joint::LeftAnkle];
        let rt = to_body * r.positions[Joint::RightAnkle];
        let c = to_body * r.com;
        let h = (r.com.y - self.ankle_height).max(0.3);
        let cp = c + v * (h / 9.81).sqrt();
        let beyond_left = cp.x - (l.x.max(rt.x) + s.stand_side_m);
        let beyond_right = (l.x.min(rt.x) - s.stand_side_m) - cp.x;
        let ahead = cp.z - (l.z.max(rt.z) + s.stand_toe_m);
        let behind = (l.z.min(rt.z) - s.stand_heel_m) - cp.z;
        if beyond_left > 0.0 || beyond_right > 0.0 || ahead > 0.0 || behind > 0.0 {
            return Some(self.lighter_foot(r));
        }
        None
    }

    /// The foot that carries less weight: the one farther from the centre
    /// of mass, sideways.
    pub(super) fn lighter_foot(&self, r: &Reading) -> Side {
        let to_body = self.heading.inverse();
        let l = to_body * r.positions[Joint::LeftAnkle];
        let rt = to_body * r.positions[Joint::RightAnkle];
        let c = to_body * r.com;
        if (c.x - l.x).abs() > (c.x - rt.x).abs() {
            Side::Left
        } else {
            Side::Right
        }
    }

    /// Standing on both feet: the torso's pitch and yaw through both hips,
    /// the centre of mass held over the feet by a virtual force through
    /// both legs forward and back, and by the hips sideways (the legs and
    /// the pelvis are a parallelogram there: hip roll torques sway it,
    /// where the narrow feet could not).
    pub(super) fn stand(
        &self,
        r: &Reading,
        v: DVec3,
        torso: DVec3,
        out: &mut LegTorques,
        avatar: &SimAvatar,
        world: &PhysicsWorld,
    ) {
        let s = &self.settings;
        let to_body = self.heading.inverse();
        let mid = (r.positions[Joint::LeftAnkle] + r.positions[Joint::RightAnkle]) * 0.5;
        let mid_b = to_body * mid;
        let c = to_body * r.com;
        // Following a person: lean toward home, within the feet.
        let lean = self.home_offset(r).map_or(DVec3::ZERO, |d| {
            let most = s.home_lean_m.abs();
            (-d).clamp(DVec3::splat(-most), DVec3::splat(most))
        });
        let mid_b = mid_b + lean;
        let fz = s.stand_kp * (mid_b.z + s.stand_ahead_m - c.z) - s.stand_kd * v.z;
        let f = self.heading * DVec3::new(0.0, 0.0, fz) * 0.5;
        let fx = s.stand_kp * (mid_b.x - c.x) - s.stand_kd * v.x;
        let torso_b = to_body * torso;
        let mut hip = -torso_b * 0.5;
        hip.z = -(r.com.y - mid.y) * fx * 0.5 - s.stand_roll_share * torso_b.z * 0.5;
        let hip = self.heading * hip;
        for side in [Side::Left, Side::Right] {
            out.balance[side.hip()] += hip;
            for j in [side.hip(), side.knee(), side.ankle()] {
                out.support[j] = -(r.com - r.positions[j]).cross(f);
            }
            let want = self.standing_knee_rad(side);
            out.knee[side.knee()] = knee_pd(s, avatar, world, side, want);
        }
    }
}
