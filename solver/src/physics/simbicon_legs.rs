//! The live avatar's legs driven by the stepping controller
//! ([`super::stepping_balance`], SIMBICON) while the body is on its feet
//! (`[solver.physics.simbicon_legs]`, off by default).
//!
//! While it acts, the leg joints have no motors: at every physics substep
//! the controller's stance and swing torques are recomputed from the
//! simulated body and applied, the upper body, head and hands keep
//! tracking the reference through their motors. The body stands on both
//! feet (the quiet stance) and steps when the capture point leaves them,
//! or when it stands farther than a few centimetres from where the person
//! stands (its home, the reference's pelvis), and stands again there. No
//! foot spring acts; the head and hands keep [`SimbiconLegs::end_share`]
//! of their springs, and the pelvis gets the bounded residual of
//! [`SimbiconLegs::residual`] (off by default): both reported as the
//! assist.

use posewire_body::glam::DVec3;
use posewire_body::transform::{yaw_of, yaw_rotation};
use posewire_body::{BodyPose, Joint, JointMap, Skeleton, Transform};

use super::force_array::ForceArray;
use super::landing_plan::LandingPlan;
use super::legs_posture::LegsPosture;
use super::legs_residual::LegsResidual;
use super::locomotion::LEGS;
use super::simbicon_gains::SimbiconGains;
use super::stepping_balance::{SteppingBalance, SteppingSettings, LEG_JOINTS, STEPPING_RATE_HZ};
use super::walk_gait::GaitClock;
use super::world::{AvatarId, PhysicsWorld};

/// Settings of the live stepping legs (`[solver.physics.simbicon_legs]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SimbiconLegs {
    /// Whether the stepping controller drives the legs (off by default:
    /// `docs/notes/own-feet.md`, round 9).
    pub enabled: bool,
    /// Physics steps per 90 Hz tick while it acts (16: the controller's
    /// 1440 Hz).
    pub substeps: usize,
    /// rapier solver iterations per physics step while it acts (the
    /// controller was tuned with 2).
    pub iterations_per_step: usize,
    /// Share of the head's and hands' springs kept while it acts (they
    /// pull from outside the body: the assist).
    pub end_share: f64,
    /// While stepping, the body aims to walk home at its offset from the
    /// person's pelvis times this, 1/s
    /// ([`SteppingSettings::home_rate_per_s`]).
    pub home_rate_per_s: f64,
    /// The largest such speed, m/s.
    pub home_speed_m_s: f64,
    /// The body keeps its heading until the person's differs from it by
    /// more than this, rad (then it turns to the person's).
    pub heading_deadband_rad: f64,
    /// Stand on both feet while calm, stepping when the capture point
    /// leaves the feet ([`SteppingSettings::quiet_stance`]; false: step in
    /// place throughout, which recovers more pushes).
    pub quiet_stance: bool,
    /// Standing ends while the pelvis is turned this far from upright and
    /// the person's heading, rad ([`SteppingSettings::stand_turn_max_rad`]).
    pub stand_turn_max_rad: f64,
    /// A standing body leans toward the person's pelvis by up to this, m.
    pub home_lean_m: f64,
    /// A calm standing body this far from the person's pelvis steps, m.
    pub home_leave_m: f64,
    /// It stands again only within this of it, m.
    pub home_arrive_m: f64,
    /// The controller's gains (`[solver.physics.simbicon_legs.gains]`;
    /// the built-in ones by default).
    pub gains: SimbiconGains,
    /// The bounded residual force and torque on the pelvis toward the
    /// person's (`[solver.physics.simbicon_legs.residual]`, off by
    /// default).
    pub residual: LegsResidual,
    /// While stepping, the placement's velocity feedback is on the body's
    /// velocity against the person's pelvis's (plus the walk home), not
    /// against the walk home alone.
    pub follow_velocity: bool,
    /// The person's pelvis velocity is smoothed over this, s.
    pub follow_smoothing_s: f64,
    /// The knees' bend and the pelvis's tilt taken from the person
    /// (`[solver.physics.simbicon_legs.posture]`, off by default).
    pub posture: LegsPosture,
    /// The swing foot's landing planned at the person's next footfall
    /// while the person walks (`[solver.physics.simbicon_legs.landing]`,
    /// off by default).
    pub landing: LandingPlan,
}

impl Default for SimbiconLegs {
    fn default() -> Self {
        let s = SteppingSettings::default();
        SimbiconLegs {
            enabled: false,
            substeps: (STEPPING_RATE_HZ / 90.0).round() as usize,
            iterations_per_step: 2,
            end_share: 0.0,
            home_rate_per_s: s.home_rate_per_s,
            home_speed_m_s: s.home_speed_m_s,
            heading_deadband_rad: 0.2,
            quiet_stance: true,
            stand_turn_max_rad: s.stand_turn_max_rad,
            home_lean_m: s.home_lean_m,
            home_leave_m: s.home_leave_m,
            home_arrive_m: s.home_arrive_m,
            gains: SimbiconGains::default(),
            residual: LegsResidual::default(),
            follow_velocity: false,
            follow_smoothing_s: 0.2,
            posture: LegsPosture::default(),
            landing: LandingPlan::default(),
        }
    }
}

impl SimbiconLegs {
    /// Physics steps per tick: [`SimbiconLegs::substeps`] (within 1..=16)
    /// when on, else 1.
    pub fn steps_per_tick(&self) -> usize {
        if self.enabled {
            self.substeps.clamp(1, 16)
        } else {
            1
        }
    }

    /// The rapier solver iterations per world step: at least
    /// `iterations_per_step` in each of the tick's physics steps when on
    /// (`configured` otherwise, or when it gives more).
    pub fn world_iterations(&self, configured: usize) -> usize {
        if self.enabled {
            configured.max(self.steps_per_tick() * self.iterations_per_step.clamp(1, 8))
        } else {
            configured
        }
    }

    /// The stepping controller's settings: its gains
    /// ([`SimbiconLegs::gains`]), with the quiet stance and the home rules
    /// of these settings.
    pub fn stepping(&self) -> SteppingSettings {
        let tuned = self.gains.apply(SteppingSettings::default());
        SteppingSettings {
            quiet_stance: self.quiet_stance,
            home_rate_per_s: self.home_rate_per_s,
            home_speed_m_s: self.home_speed_m_s,
            stand_turn_max_rad: self.stand_turn_max_rad,
            home_lean_m: self.home_lean_m,
            home_leave_m: self.home_leave_m,
            home_arrive_m: self.home_arrive_m,
            ..tuned
        }
    }
}

/// The pose a body whose legs the controller drives joins the world in:
/// `reference` with the pelvis upright and the legs straight (the rest
/// pose's, turned to the reference's heading), its feet on the floor under
/// the reference's pelvis: where the controller's standing starts (the
/// reference's bent legs would spring it up).
pub fn standing_start(skeleton: &Skeleton, reference: &BodyPose) -> BodyPose {
    let rest = BodyPose::rest(skeleton);
    let turn = yaw_rotation(yaw_of(reference.rotations[Joint::Pelvis]));
    let mut pose = *reference;
    for j in std::iter::once(Joint::Pelvis).chain(LEGS.into_iter().flatten()) {
        pose.rotations[j] = turn * rest.rotations[j];
    }
    let root = if reference.root.is_finite() {
        reference.root
    } else {
        DVec3::ZERO
    };
    pose.root = DVec3::new(root.x, rest.root.y, root.z);
    pose
}

/// One avatar's stepping legs and what they applied over a tick.
#[derive(Debug, Clone, Default)]
pub struct LiveLegs {
    controller: Option<SteppingBalance>,
    /// The tick's explicit torques on the other joints, applied with the
    /// legs' at every substep.
    explicit: Option<JointMap<DVec3>>,
    balance: ForceArray,
    locomotion: ForceArray,
    substeps: usize,
    steps_reported: usize,
    /// The person's pelvis last tick and its smoothed velocity.
    person: Option<(DVec3, DVec3)>,
    /// The person's step period from its footfalls.
    gait: GaitClock,
}

impl LiveLegs {
    /// Whether the legs are the controller's this tick.
    pub fn active(&self) -> bool {
        self.explicit.is_some()
    }

    /// This tick, before the world steps: with `on` (the setting on and
    /// the body on its feet) the legs lose their motors and follow the
    /// controller, which keeps the person's heading and walks the body to
    /// the person's pelvis (`person`); the other joints get `explicit`
    /// (the legs' entries are dropped); the residual, when on, pulls the
    /// pelvis toward the drive's (`drive`: the person's, or while
    /// staggering a pull from where the body is) and upright at the
    /// controller's heading. Without `on` the controller and the residual
    /// are dropped (a fallen body starts afresh when it stands again).
    pub fn prepare(
        &mut self,
        settings: &SimbiconLegs,
        on: bool,
        (world, id): (&mut PhysicsWorld, AvatarId),
        (skeleton, person, drive): (&Skeleton, &BodyPose, &BodyPose),
        explicit: &JointMap<DVec3>,
        dt: f64,
    ) {
        self.balance = ForceArray::ZERO;
        self.locomotion = ForceArray::ZERO;
        self.substeps = 0;
        let velocity = self.person_velocity(settings, person.root, dt);
        let person_step_s = self.person_step_period(settings, (skeleton, person), dt);
        if !on {
            self.controller = None;
            self.explicit = None;
            self.steps_reported = 0;
            world.set_legs_residual(id, None);
            return;
        }
        let motors = world
            .avatar(id)
            .and_then(|a| settings.residual.motors(a.mass, a.whole_inertia()));
        world.set_legs_residual(id, motors);
        let yaw = yaw_of(person.rotations[Joint::Pelvis]);
        let c = self.controller.get_or_insert_with(|| {
            let standing = world.pose(id).unwrap_or(*person);
            SteppingBalance::new(skeleton, &standing, settings.stepping())
        });
        // The person's small turns are left alone: a standing body turned
        // to each of them steps to follow and its stance yaws back.
        let off = (yaw - c.heading_rad() + std::f64::consts::PI).rem_euclid(std::f64::consts::TAU)
            - std::f64::consts::PI;
        let landing = &settings.landing;
        let walking = landing.enabled && velocity.length() > landing.walk_speed_m_s;
        let gait = &landing.gait;
        if walking && gait.turn_per_step_max_rad > 0.0 {
            // Turned over each step, not in jumps.
            let step_s = gait
                .step_time(person_step_s)
                .unwrap_or(settings.stepping().step_time_s)
                .max(dt);
            let most = gait.turn_per_step_max_rad;
            c.set_heading(c.heading_rad() + off.clamp(-most, most) * (dt / step_s).min(1.0));
        } else if off.abs() > settings.heading_deadband_rad || (walking && landing.heading_follows)
        {
            c.set_heading(yaw);
        }
        c.set_home(Some(person.root));
        c.set_posture(
            world
                .avatar(id)
                .and_then(|a| settings.posture.of(a, person)),
        );
        let step = landing.person_step(
            (skeleton, person),
            (velocity, person_step_s),
            yaw_rotation(c.heading_rad()),
        );
        if settings.follow_velocity || step.is_some() {
            c.set_home_velocity(velocity);
        } else if settings.landing.enabled {
            c.set_home_velocity(DVec3::ZERO);
        }
        c.set_person_step(step);
        let target = if settings.residual.toward_person {
            person.root
        } else {
            drive.root
        };
        if motors.is_some() && target.is_finite() {
            if settings.posture.enabled {
                world.set_root_anchor_tilted(id, Transform::new(target, c.pelvis_target()));
            } else {
                let anchor = Transform::new(target, yaw_rotation(c.heading_rad()));
                world.set_root_anchor(id, anchor);
            }
        }
        let mut torques = *explicit;
        for j in LEG_JOINTS {
            torques[j] = DVec3::ZERO;
            world.release_motors(id, j);
        }
        self.explicit = Some(torques);
    }

    /// The person's pelvis velocity (horizontal, smoothed over
    /// [`SimbiconLegs::follow_smoothing_s`]) with `root` its pelvis now.
    fn person_velocity(&mut self, settings: &SimbiconLegs, root: DVec3, dt: f64) -> DVec3 {
        if !root.is_finite() || dt.is_nan() || dt <= 0.0 {
            return self.person.map_or(DVec3::ZERO, |p| p.1);
        }
        let (last, smooth) = self.person.unwrap_or((root, DVec3::ZERO));
        let d = root - last;
        let raw = DVec3::new(d.x, 0.0, d.z) / dt;
        let k = (dt / settings.follow_smoothing_s.max(dt)).min(1.0);
        let smooth = smooth + (raw - smooth) * k;
        self.person = Some((root, smooth));
        smooth
    }

    /// The person's step period from the reference's footfalls (`None`
    /// unless asked, or until known).
    fn person_step_period(
        &mut self,
        settings: &SimbiconLegs,
        (skeleton, person): (&Skeleton, &BodyPose),
        dt: f64,
    ) -> Option<f64> {
        let gait = &settings.landing.gait;
        if !(settings.landing.enabled && gait.from_person) {
            return None;
        }
        let p = person.positions(skeleton);
        let ankles = (p[Joint::LeftAnkle].y, p[Joint::RightAnkle].y);
        self.gait.update(ankles, dt, gait)
    }

    /// Before each physics step: the controller's leg torques from the
    /// body now, applied with the tick's other explicit torques.
    pub fn substep(&mut self, world: &mut PhysicsWorld, id: AvatarId) {
        let (Some(c), Some(explicit)) = (self.controller.as_mut(), self.explicit) else {
            return;
        };
        let mut torques = explicit;
        if let Some(a) = c.arrays(world, id) {
            for j in LEG_JOINTS {
                torques[j] = a.applied.torques[j];
            }
            self.balance.add(&a.balance);
            self.locomotion.add(&a.locomotion);
            self.substeps += 1;
        }
        world.apply_joint_torques(id, &torques);
    }

    /// The balance and locomotion arrays' means over the tick's substeps
    /// (zero when the legs were not the controller's).
    pub fn arrays(&self) -> (ForceArray, ForceArray) {
        if self.substeps == 0 {
            return (ForceArray::ZERO, ForceArray::ZERO);
        }
        let n = 1.0 / self.substeps as f64;
        let mut b = ForceArray::ZERO;
        let mut l = ForceArray::ZERO;
        for j in Joint::ALL {
            b.torques[j] = self.balance.torques[j] * n;
            l.torques[j] = self.locomotion.torques[j] * n;
        }
        (b, l)
    }

    /// Steps the controller took since this was last asked.
    pub fn new_steps(&mut self) -> usize {
        let steps = self.controller.as_ref().map_or(0, SteppingBalance::steps);
        let new = steps.saturating_sub(self.steps_reported);
        self.steps_reported = steps;
        new
    }

    /// Whether the body stands on both feet (not stepping) now.
    pub fn standing(&self) -> bool {
        self.controller
            .as_ref()
            .is_some_and(SteppingBalance::is_standing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use posewire_body::glam::DQuat;

    #[test]
    fn more_physics_steps_and_iterations_only_while_enabled() {
        let mut s = SimbiconLegs::default();
        assert_eq!(s.steps_per_tick(), 1);
        assert_eq!(s.world_iterations(16), 16);
        s.enabled = true;
        assert_eq!(s.steps_per_tick(), 16);
        assert_eq!(s.world_iterations(16), 32);
        assert_eq!(s.world_iterations(64), 64);
        s.substeps = 1000;
        assert_eq!(s.steps_per_tick(), 16);
    }

    #[test]
    fn the_start_pose_stands_upright_on_the_floor_under_the_reference() {
        let profile = posewire_body::BodyProfile::from_stature(1.75);
        let skeleton = Skeleton::from_profile(&profile);
        let rest = BodyPose::rest(&skeleton);
        let mut reference = rest;
        reference.root = DVec3::new(0.4, rest.root.y - 0.06, -0.2);
        for j in [Joint::Pelvis, Joint::LeftKnee, Joint::RightKnee] {
            reference.rotations[j] = DQuat::from_rotation_y(0.5) * DQuat::from_rotation_x(0.3);
        }
        let start = standing_start(&skeleton, &reference);
        let p = start.positions(&skeleton);
        let r = rest.positions(&skeleton);
        for ankle in [Joint::LeftAnkle, Joint::RightAnkle] {
            assert!(
                (p[ankle].y - r[ankle].y).abs() < 1e-9,
                "{ankle:?} off the floor"
            );
        }
        assert!((start.root.x - 0.4).abs() < 1e-12 && (start.root.z + 0.2).abs() < 1e-12);
        assert!((yaw_of(start.rotations[Joint::Pelvis]) - 0.5).abs() < 1e-6);
        // A bad reference gives a start at the origin, not a NaN body.
        let mut bad = reference;
        bad.root = DVec3::NAN;
        assert!(standing_start(&skeleton, &bad).root.is_finite());
    }
}
