//! Where the stepping legs' swing foot lands while the person walks
//! (`[solver.physics.simbicon_legs.landing]`, off by default): at the
//! person's next footfall on that side, planned from the person's pelvis,
//! its velocity and the step's time left (the pelvis then, plus a lead of
//! part of a step along the velocity, plus the reference's foot's
//! sideways offset), not at where the person's foot is now. SIMBICON's
//! velocity feedback stays on top (against the person's velocity);
//! standing, the controller's own placement acts alone.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::{BodyPose, Joint, Side, Skeleton};

use super::walk_gait::WalkGait;

/// Settings of the planned landing.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LandingPlan {
    /// Whether the swing foot aims at the planned spot while the person
    /// walks (off by default).
    pub enabled: bool,
    /// The person walks while its pelvis's smoothed speed along the floor
    /// is above this, m/s.
    pub walk_speed_m_s: f64,
    /// Share of the swing thigh's angles taken from the plan (the rest
    /// SIMBICON's own placement), 0..1.
    pub share: f64,
    /// The foot lands this many step times of the person's travel ahead
    /// of the person's pelvis at landing.
    pub lead_steps: f64,
    /// The foot's sideways offset from the pelvis is kept within these,
    /// m (its side's sign).
    pub side_min_m: f64,
    /// The largest sideways offset, m.
    pub side_max_m: f64,
    /// While the person walks the body keeps stepping (no quiet stance).
    pub keep_stepping: bool,
    /// Plan the footfall from the body's own centre of mass (where it
    /// will be at landing, plus the person's lead and sideways offset)
    /// instead of from the person's pelvis.
    pub from_body: bool,
    /// The velocity feedback on top of the plan acts on at most this
    /// error, m/s (0: unbounded).
    pub velocity_error_max_m_s: f64,
    /// While the person walks the body's heading is the person's (no dead
    /// band).
    pub heading_follows: bool,
    /// How the legs walk while the person walks
    /// (`[solver.physics.simbicon_legs.landing.gait]`, off by default).
    pub gait: WalkGait,
}

impl Default for LandingPlan {
    fn default() -> Self {
        LandingPlan {
            enabled: false,
            walk_speed_m_s: 0.3,
            share: 1.0,
            lead_steps: 0.5,
            side_min_m: 0.06,
            side_max_m: 0.2,
            keep_stepping: false,
            from_body: false,
            velocity_error_max_m_s: 0.0,
            heading_follows: false,
            gait: WalkGait::default(),
        }
    }
}

/// The walking person a swing foot's landing is planned from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PersonStep {
    /// The person's pelvis, world.
    pub pelvis: DVec3,
    /// Its smoothed velocity along the floor, world, m/s.
    pub velocity: DVec3,
    /// The reference's ankles' sideways offsets from its pelvis (left,
    /// right), in the body's heading frame, m.
    pub side_m: [f64; 2],
    /// [`LandingPlan::share`], clamped to 0..1.
    pub share: f64,
    /// [`LandingPlan::lead_steps`].
    pub lead_steps: f64,
    /// [`LandingPlan::keep_stepping`].
    pub keep_stepping: bool,
    /// [`LandingPlan::from_body`].
    pub from_body: bool,
    /// [`LandingPlan::velocity_error_max_m_s`] (infinite when unbounded).
    pub velocity_error_max_m_s: f64,
    /// The step period while walking, s (`None`: the controller's).
    pub step_time_s: Option<f64>,
    /// [`WalkGait::dcm_gain`].
    pub dcm_gain: f64,
    /// [`WalkGait::velocity_feedback`].
    pub velocity_feedback: bool,
    /// [`WalkGait::forward_max_rad`] (`None`: the controller's).
    pub forward_max_rad: Option<f64>,
    /// [`WalkGait::hold_stance_yaw`].
    pub hold_stance_yaw: bool,
}

impl LandingPlan {
    /// The person to plan from (`None` when off, when the person stands,
    /// or for a reference that is not finite); `velocity` is the pelvis's
    /// smoothed velocity along the floor, `heading` the body's and
    /// `person_step_s` the person's step period from its footfalls, if
    /// known.
    pub fn person_step(
        &self,
        (skeleton, person): (&Skeleton, &BodyPose),
        (velocity, person_step_s): (DVec3, Option<f64>),
        heading: DQuat,
    ) -> Option<PersonStep> {
        let walking = velocity.length() > self.walk_speed_m_s;
        if !(self.enabled && walking && velocity.is_finite() && person.root.is_finite()) {
            return None;
        }
        let p = person.positions(skeleton);
        let (lo, hi) = (
            self.side_min_m.abs(),
            self.side_max_m.abs().max(self.side_min_m.abs()),
        );
        let side = |ankle: Joint, sign: f64| {
            let x = (heading.inverse() * (p[ankle] - person.root)).x * sign;
            sign * if x.is_finite() { x.clamp(lo, hi) } else { lo }
        };
        let share = if self.share.is_finite() {
            self.share.clamp(0.0, 1.0)
        } else {
            0.0
        };
        Some(PersonStep {
            pelvis: person.root,
            velocity: DVec3::new(velocity.x, 0.0, velocity.z),
            side_m: [
                side(Joint::LeftAnkle, Side::Left.sign()),
                side(Joint::RightAnkle, Side::Right.sign()),
            ],
            share,
            lead_steps: if self.lead_steps.is_finite() {
                self.lead_steps
            } else {
                0.0
            },
            keep_stepping: self.keep_stepping,
            from_body: self.from_body,
            velocity_error_max_m_s: if self.velocity_error_max_m_s > 0.0 {
                self.velocity_error_max_m_s
            } else {
                f64::INFINITY
            },
            step_time_s: self.gait.step_time(person_step_s),
            dcm_gain: if self.gait.dcm_gain.is_finite() {
                self.gait.dcm_gain
            } else {
                0.0
            },
            velocity_feedback: self.gait.velocity_feedback,
            forward_max_rad: (self.gait.forward_max_rad > 0.0
                && self.gait.forward_max_rad.is_finite())
            .then_some(self.gait.forward_max_rad),
            hold_stance_yaw: self.gait.hold_stance_yaw,
        })
    }
}

impl PersonStep {
    /// Where the person's foot on `side` lands (world, on the floor's
    /// plane of the pelvis: its height is the pelvis's) when the swing
    /// ends `left_s` from now, with steps of `step_s`.
    pub fn spot(&self, side: Side, heading: DQuat, left_s: f64, step_s: f64) -> DVec3 {
        let left_s = left_s.max(0.0);
        let x = self.side_m[usize::from(side == Side::Right)];
        self.pelvis + self.velocity * (left_s + self.lead_steps * step_s) + heading * DVec3::X * x
    }

    /// The same footfall planned from the body: its centre of mass `com`
    /// moving at `com_velocity` (world) until the landing, then the
    /// person's lead and sideways offset.
    pub fn spot_from_body(
        &self,
        (side, heading): (Side, DQuat),
        (com, com_velocity): (DVec3, DVec3),
        left_s: f64,
        step_s: f64,
    ) -> DVec3 {
        let flat = DVec3::new(com_velocity.x, 0.0, com_velocity.z);
        let x = self.side_m[usize::from(side == Side::Right)];
        com + flat * left_s.max(0.0)
            + self.velocity * self.lead_steps * step_s
            + heading * DVec3::X * x
    }

    /// The landing's shift by the capture point's error (Khadiv et al.
    /// 2016): the body's (`com` moving at `com_velocity`, world) less the
    /// person's (its pelvis and velocity), along the floor, times
    /// [`PersonStep::dcm_gain`].
    pub fn dcm_shift(&self, com: DVec3, com_velocity: DVec3) -> DVec3 {
        if self.dcm_gain == 0.0 {
            return DVec3::ZERO;
        }
        let omega = (9.81 / com.y.max(0.3)).sqrt();
        let e = com + com_velocity / omega - (self.pelvis + self.velocity / omega);
        DVec3::new(e.x, 0.0, e.z) * self.dcm_gain
    }

    /// The swing thigh's forward and outward angles (heading frame, rad,
    /// as SIMBICON's) that put a foot hanging `leg_m` below `hip` on
    /// `spot`.
    pub fn thigh_angles(heading: DQuat, hip: DVec3, spot: DVec3, leg_m: f64) -> (f64, f64) {
        let d = heading.inverse() * (spot - hip);
        let h = leg_m.max(0.1);
        (d.z.atan2(h), d.x.atan2(h))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on() -> LandingPlan {
        LandingPlan {
            enabled: true,
            ..LandingPlan::default()
        }
    }

    #[test]
    fn only_while_the_person_walks() {
        let profile = posewire_body::BodyProfile::from_stature(1.75);
        let skeleton = Skeleton::from_profile(&profile);
        let pose = BodyPose::rest(&skeleton);
        let slow = DVec3::new(0.0, 0.0, 0.1);
        let fast = DVec3::new(0.0, 0.0, 1.0);
        let h = DQuat::IDENTITY;
        assert!(on()
            .person_step((&skeleton, &pose), (slow, None), h)
            .is_none());
        assert!(LandingPlan::default()
            .person_step((&skeleton, &pose), (fast, None), h)
            .is_none());
        let step = on()
            .person_step((&skeleton, &pose), (fast, None), h)
            .expect("walking");
        // The left foot lands to the left (+X), ahead of the pelvis then.
        let spot = step.spot(Side::Left, h, 0.2, 0.4);
        assert!(step.side_m[0] > 0.0 && step.side_m[1] < 0.0);
        assert!((spot.z - (pose.root.z + 1.0 * (0.2 + 0.5 * 0.4))).abs() < 1e-12);
        assert!(spot.x > pose.root.x);
    }

    #[test]
    fn the_angles_point_the_leg_at_the_spot() {
        let hip = DVec3::new(0.0, 0.9, 0.0);
        let (f, o) = PersonStep::thigh_angles(DQuat::IDENTITY, hip, DVec3::new(0.1, 0.9, 0.3), 0.8);
        assert!((f - 0.3f64.atan2(0.8)).abs() < 1e-12);
        assert!((o - 0.1f64.atan2(0.8)).abs() < 1e-12);
        // Turned half round, the same spot is behind and to the other side.
        let turn = DQuat::from_rotation_y(std::f64::consts::PI);
        let (f, o) = PersonStep::thigh_angles(turn, hip, DVec3::new(0.1, 0.9, 0.3), 0.8);
        assert!(f < 0.0 && o < 0.0);
    }
}
