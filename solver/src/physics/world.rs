//! One physics world: the floor, a scene, and any number of avatars that
//! collide with each other and with the scene, stepped at a fixed rate with
//! rapier3d (its solver iterations are substeps).

use posewire_body::glam::DVec3;
use posewire_body::{BodyPose, BodyProfile, Joint, JointMap, Transform};
use rapier3d::prelude::{
    ColliderBuilder, InteractionGroups, InteractionTestMode, RigidBodyBuilder,
};

use super::convert::{q32, v32, v64};
use super::scene::Scene;
use super::sim_avatar::{all_avatar_groups, BodySettings, SimAvatar, OBJECT_GROUP, SCENE_GROUP};

/// rapier's own world state (bodies, colliders, joints, pipeline), named
/// apart from Posewire's [`PhysicsWorld`] that owns one.
pub type RapierWorld = rapier3d::prelude::PhysicsWorld;

/// Which avatar of a world.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AvatarId(pub usize);

/// How the world is stepped.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WorldSettings {
    /// Steps per second.
    #[serde(skip)]
    pub rate_hz: f64,
    /// rapier solver iterations per step (each one a substep). Measured on
    /// a held arm: 4 leave the shoulder girdle oscillating, 8 leave 2 cm of
    /// sag at the wrist, 16 under 1 cm.
    pub substeps: usize,
    /// rapier stabilization passes per substep (its position-error
    /// correction after the velocity solve; rapier's default is 1).
    /// Measured (callgrind, 6 devices, clip 127_03): 0 saves 14 % of the
    /// instructions, but foot skate on the dev clips rises from 14.8 to
    /// 16.8 cm/s (6 devices, clean, no-prop) and jitter from 0.72 to 0.74.
    pub stabilization_iterations: usize,
    /// Gravity, m/s^2, downward.
    pub gravity: f64,
    /// Physics steps per step of the world (each a rapier step of
    /// `1 / (rate_hz * control_steps)` s, with its own control between
    /// them: [`PhysicsWorld::step_with`]); set from the physics settings
    /// ([`super::leg_support::LegSupport::steps_per_tick`]), not a key.
    #[serde(skip)]
    pub control_steps: usize,
    /// Friction where a body touches itself (an arm against the trunk, a
    /// hand on a thigh), in place of the body's own friction; 0: its parts
    /// slide over each other without passing through (see
    /// [`super::contact_filter`] for why). Contacts between two avatars, and
    /// with the floor and the scene, keep the body's friction.
    pub self_friction: f64,
}

impl Default for WorldSettings {
    fn default() -> Self {
        WorldSettings {
            rate_hz: 90.0,
            substeps: 16,
            stabilization_iterations: 1,
            gravity: 9.81,
            control_steps: 1,
            self_friction: 0.0,
        }
    }
}

/// The floor, the scene and the avatars.
pub struct PhysicsWorld {
    pub(super) rapier: RapierWorld,
    /// The objects in the space (`super::objects`).
    pub(super) objects: super::objects::Objects,
    /// Hands holding objects (`super::grab`).
    pub(super) holds: super::grab::Holds,
    /// By id; a removed avatar leaves `None` so that ids stay valid.
    avatars: Vec<Option<SimAvatar>>,
    settings: WorldSettings,
    /// Kept to rebuild the world fresh when its last avatar leaves.
    scene: Scene,
    /// The avatars' footprints after the last step (none with one avatar).
    footprints: Vec<super::avoid::Footprint>,
    /// Each avatar's contact impulse summed over the last step's physics
    /// steps (kept only when a step has several).
    pub(super) step_hits: Vec<DVec3>,
    /// Bodies simulated elsewhere, held as kinematic capsules
    /// (`super::remote`).
    pub(super) remote: super::remote::RemoteBodies,
}

/// The step rate, 90 Hz where `settings` give none that is usable.
fn rate_hz(settings: &WorldSettings) -> f64 {
    if settings.rate_hz.is_finite() && settings.rate_hz > 0.0 {
        settings.rate_hz
    } else {
        90.0
    }
}

/// Physics steps per world step (1 where `settings` give none).
fn control_steps(settings: &WorldSettings) -> usize {
    settings.control_steps.clamp(1, 16)
}

impl std::fmt::Debug for PhysicsWorld {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PhysicsWorld")
            .field("avatars", &self.avatar_count())
            .field("objects", &self.objects.len())
            .field("settings", &self.settings)
            .finish()
    }
}

impl PhysicsWorld {
    /// A world with the floor and `scene` (its boxes and its objects).
    pub fn new(scene: &Scene, settings: WorldSettings) -> PhysicsWorld {
        let rapier = Self::fresh_rapier(scene, &settings);
        let mut world = PhysicsWorld {
            settings: WorldSettings {
                rate_hz: rate_hz(&settings),
                ..settings
            },
            rapier,
            objects: super::objects::Objects::default(),
            holds: super::grab::Holds::default(),
            avatars: Vec::new(),
            scene: scene.clone(),
            footprints: Vec::new(),
            step_hits: Vec::new(),
            remote: Default::default(),
        };
        for o in &scene.objects {
            // A scene is checked when it is read; one built in code with a
            // bad object goes without it.
            // (`Scene::from_toml` refuses such a scene with the reason.)
            if let Ok(spec) = o.spec() {
                let _ = world.add_object(spec);
            }
        }
        world
    }

    /// The rapier world of the floor and `scene`, with no history.
    fn fresh_rapier(scene: &Scene, settings: &WorldSettings) -> RapierWorld {
        let mut rapier = RapierWorld::new();
        rapier.gravity = v32(DVec3::new(0.0, -settings.gravity, 0.0));
        let steps = control_steps(settings);
        rapier.integration_parameters.dt = (1.0 / (rate_hz(settings) * steps as f64)) as f32;
        // The solver iterations are shared out over the control steps.
        rapier.integration_parameters.num_solver_iterations =
            settings.substeps.div_ceil(steps).clamp(1, 64);
        rapier
            .integration_parameters
            .num_internal_stabilization_iterations = settings.stabilization_iterations.min(8);
        let groups = InteractionGroups::new(
            SCENE_GROUP,
            all_avatar_groups() | OBJECT_GROUP,
            InteractionTestMode::And,
        );
        // The floor: a thick slab whose top is y = 0.
        let floor = rapier.bodies.insert(RigidBodyBuilder::fixed().build());
        let slab = ColliderBuilder::cuboid(500.0, 0.5, 500.0)
            .translation(v32(DVec3::new(0.0, -0.5, 0.0)))
            .friction(1.0)
            .collision_groups(groups)
            .build();
        rapier
            .colliders
            .insert_with_parent(slab, floor, &mut rapier.bodies);
        for b in &scene.boxes {
            let body = rapier.bodies.insert(
                RigidBodyBuilder::fixed()
                    .pose(rapier3d::glamx::Pose3::from_parts(
                        v32(DVec3::from_array(b.center)),
                        q32(posewire_body::glam::DQuat::from_rotation_y(
                            b.yaw_deg.to_radians(),
                        )),
                    ))
                    .build(),
            );
            let [x, y, z] = b.half_extents;
            let c = ColliderBuilder::cuboid(x as f32, y as f32, z as f32)
                .friction(0.8)
                .collision_groups(groups)
                .build();
            rapier
                .colliders
                .insert_with_parent(c, body, &mut rapier.bodies);
        }
        rapier
    }

    /// Adds a person standing in `pose`.
    pub fn add_avatar(
        &mut self,
        profile: &BodyProfile,
        pose: &BodyPose,
        settings: &BodySettings,
    ) -> AvatarId {
        let self_friction = self.self_friction();
        let a = SimAvatar::build(
            &mut self.rapier,
            self.avatars.len(),
            profile,
            pose,
            settings,
            self_friction,
        );
        self.avatars.push(Some(a));
        AvatarId(self.avatars.len() - 1)
    }

    /// How many avatars (not counting removed ones).
    pub fn avatar_count(&self) -> usize {
        self.avatars.iter().flatten().count()
    }

    /// Takes an avatar out of the world: its bodies, shapes, joints and
    /// springs are removed, and its id answers `None` from then on (other
    /// ids are unchanged). Returns whether there was such an avatar.
    pub fn remove_avatar(&mut self, id: AvatarId) -> bool {
        let Some(a) = self.avatars.get_mut(id.0).and_then(Option::take) else {
            return false;
        };
        let anchors = std::iter::once(a.anchor)
            .chain(a.effectors.iter().map(|e| e.anchor))
            .chain(
                a.effectors
                    .iter()
                    .filter_map(|e| e.plant.map(|(ground, _)| ground)),
            );
        for h in a.bodies.0.iter().flatten().copied().chain(anchors) {
            // Removing a body removes its colliders and its joints.
            self.rapier.remove_body(h);
        }
        self.footprints.retain(|f| f.id != id);
        self.forget_holds(Some(id), None);
        if self.avatar_count() == 0 {
            // Nothing of an emptied world's past (arena slots, broad-phase
            // pairs) may reach the next body: a solver restarted alone
            // (a take's start) then steps exactly as a re-solve's new world.
            // The objects go back as they are now.
            let old = std::mem::replace(
                &mut self.rapier,
                Self::fresh_rapier(&self.scene, &self.settings),
            );
            self.objects.rebuild(&old, &mut self.rapier);
            self.relink_tools();
            self.forget_remote_bodies();
        }
        true
    }

    /// An avatar's simulated body.
    pub fn avatar(&self, id: AvatarId) -> Option<&SimAvatar> {
        self.avatars.get(id.0).and_then(Option::as_ref)
    }

    /// The rapier state (for reading contacts and bodies).
    pub fn rapier(&self) -> &RapierWorld {
        &self.rapier
    }

    /// Seconds per step.
    pub fn dt(&self) -> f64 {
        1.0 / self.settings.rate_hz
    }

    /// Seconds per physics step (a step's share when it is split into
    /// control steps).
    pub fn physics_dt(&self) -> f64 {
        self.dt() / self.steps_per_step() as f64
    }

    /// Physics steps per step of the world.
    pub fn steps_per_step(&self) -> usize {
        control_steps(&self.settings)
    }

    /// Sets the force from outside on an avatar's pelvis for the next
    /// physics steps (world axes, N; forces set earlier there are replaced).
    pub fn set_root_force(&mut self, id: AvatarId, force: DVec3) {
        let Some(h) = self.avatar(id).and_then(|a| a.body_handle(Joint::Pelvis)) else {
            return;
        };
        if let Some(b) = self.rapier.bodies.get_mut(h) {
            b.reset_forces(false);
            if force.is_finite() && force != DVec3::ZERO {
                b.add_force(v32(force), true);
            }
        }
    }

    /// Sets the wrench from outside on an avatar's pelvis for the next
    /// physics steps: `force` at the pelvis origin and `moment` about it
    /// (world axes; forces set earlier there are replaced, the joint
    /// torques already set are kept).
    pub fn set_root_wrench(&mut self, id: AvatarId, force: DVec3, moment: DVec3) {
        let Some(h) = self.avatar(id).and_then(|a| a.body_handle(Joint::Pelvis)) else {
            return;
        };
        if let Some(b) = self.rapier.bodies.get_mut(h) {
            b.reset_forces(false);
            if !(force.is_finite() && moment.is_finite()) {
                return;
            }
            // rapier puts a force at the centre of mass: its moment about
            // the origin is taken back from the torque.
            let arm = v64(b.center_of_mass()) - v64(b.translation());
            let torque = moment - arm.cross(force);
            if force != DVec3::ZERO {
                b.add_force(v32(force), true);
            }
            if torque != DVec3::ZERO {
                b.add_torque(v32(torque), true);
            }
        }
    }

    /// An avatar's current pose.
    pub fn pose(&self, id: AvatarId) -> Option<BodyPose> {
        Some(self.avatar(id)?.pose(&self.rapier))
    }

    /// Sets what an avatar's motors aim at this step: per joint the target
    /// angles and rates (frame axes); the reference pose places the
    /// residual root spring (at its pelvis) and the end-effector springs
    /// (at its head, hands and feet).
    pub fn drive(
        &mut self,
        id: AvatarId,
        reference: &BodyPose,
        targets: &JointMap<(DVec3, DVec3)>,
    ) {
        if let Some(Some(a)) = self.avatars.get(id.0) {
            a.set_anchor(
                &mut self.rapier,
                Transform::new(reference.root, reference.rotations[Joint::Pelvis]),
            );
            a.set_motor_targets(&mut self.rapier, targets);
            if !a.effectors.is_empty() {
                let t = reference.transforms(&a.skeleton);
                super::effectors::set_targets(&mut self.rapier, &a.effectors, &t);
            }
        }
    }

    /// Sets an avatar's assist (its outside help and muscle, shares of the
    /// full settings): what the body's state gives it; `on_feet`: the body
    /// stands or staggers, and the root spring is only a bounded residual.
    pub fn set_assist(&mut self, id: AvatarId, assist: super::sim_avatar::Assist, on_feet: bool) {
        if let Some(Some(a)) = self.avatars.get_mut(id.0) {
            a.set_assist(&mut self.rapier, assist, on_feet);
        }
    }

    /// Sets the stepping legs' residual on an avatar's pelvis (`None`:
    /// the root spring's own motors; see [`super::legs_residual`]).
    pub fn set_legs_residual(
        &mut self,
        id: AvatarId,
        motors: Option<super::legs_residual::RootMotors>,
    ) {
        if let Some(Some(a)) = self.avatars.get_mut(id.0) {
            a.set_legs_residual(&mut self.rapier, motors);
        }
    }

    /// Moves an avatar's root spring's anchor (after [`PhysicsWorld::drive`]
    /// placed it at the reference's pelvis).
    pub fn set_root_anchor(&mut self, id: AvatarId, pelvis: Transform) {
        if let Some(Some(a)) = self.avatars.get(id.0) {
            a.set_anchor(&mut self.rapier, pelvis);
        }
    }

    /// Moves an avatar's root spring's anchor to `pelvis` as given, its
    /// rotation kept whole (the stepping legs' residual otherwise keeps only
    /// the anchor's turn about the vertical).
    pub fn set_root_anchor_tilted(&mut self, id: AvatarId, pelvis: Transform) {
        if let Some(Some(a)) = self.avatars.get(id.0) {
            a.place_anchor(&mut self.rapier, pelvis);
        }
    }

    /// Whether an avatar tracks its person undisturbed (its motors take
    /// the tracking gains, `BodySettings::tracking_hz_share`).
    pub fn set_tracking(&mut self, id: AvatarId, tracking: bool) {
        if let Some(Some(a)) = self.avatars.get_mut(id.0) {
            a.set_tracking(tracking);
        }
    }

    /// Moves one end-effector spring's target (after [`PhysicsWorld::drive`]
    /// placed it at the reference): a planted foot is held where it stands.
    pub fn set_effector_target(&mut self, id: AvatarId, joint: Joint, target: Transform) {
        if let Some(Some(a)) = self.avatars.get(id.0) {
            super::effectors::set_target(&mut self.rapier, &a.effectors, joint, target);
        }
    }

    /// Holds one of an avatar's feet on the floor at `at` (horizontally,
    /// by a joint to the ground) while it is planted, or lets it go
    /// (`None`). Only feet whose springs were built with planting on have
    /// such a joint.
    pub fn plant_foot(&mut self, id: AvatarId, foot: Joint, at: Option<DVec3>) {
        if let Some(Some(a)) = self.avatars.get(id.0) {
            super::effectors::plant(&mut self.rapier, &a.effectors, foot, at);
        }
    }

    /// Sets the friction coefficient of one of an avatar's feet on the
    /// floor (a sliding foot's is lowered).
    pub fn set_foot_friction(&mut self, id: AvatarId, foot: Joint, friction: f64) {
        if let Some(Some(a)) = self.avatars.get(id.0) {
            if friction.is_finite() && friction >= 0.0 {
                a.set_friction(&mut self.rapier, foot, friction);
            }
        }
    }

    /// The horizontal force holding a planted foot, newtons (zero when not
    /// planted).
    pub fn foot_hold_force(&self, id: AvatarId, foot: Joint) -> f64 {
        self.avatar(id).map_or(0.0, |a| {
            super::effectors::hold_force(&self.rapier, &a.effectors, foot)
        })
    }

    /// Sets the explicit joint torques (frame axes, N m) an avatar's
    /// joints apply during the next step, on top of its motors.
    pub fn apply_joint_torques(&mut self, id: AvatarId, torques: &JointMap<DVec3>) {
        if let Some(Some(a)) = self.avatars.get(id.0) {
            a.set_joint_torques(&mut self.rapier, torques);
        }
    }

    /// Takes the motors off one of an avatar's joints, so that only the
    /// explicit torques of [`PhysicsWorld::apply_joint_torques`] (and the
    /// joint's limits) act there. A motor of zero gains is not off (rapier
    /// holds its velocity), so the axes are removed; a later
    /// [`PhysicsWorld::drive`] puts them back.
    pub fn release_motors(&mut self, id: AvatarId, joint: Joint) {
        if let Some(Some(a)) = self.avatars.get(id.0) {
            a.release_motors(&mut self.rapier, joint);
        }
    }

    /// An external push: an impulse (N s, world axes) on a segment's
    /// centre of mass.
    pub fn push(&mut self, id: AvatarId, joint: Joint, impulse: DVec3) -> bool {
        let Some(h) = self.avatar(id).and_then(|a| a.body_handle(joint)) else {
            return false;
        };
        match self.rapier.bodies.get_mut(h) {
            Some(b) if impulse.is_finite() => {
                b.apply_impulse(v32(impulse), true);
                true
            }
            _ => false,
        }
    }

    /// Advances the world by one step.
    pub fn step(&mut self) {
        self.step_with(&mut |_| {});
    }

    /// Advances the world by one step in [`WorldSettings::control_steps`]
    /// physics steps, calling `control` before each (the per-substep
    /// control); the kinematic anchors set for the step glide to their
    /// targets over them.
    pub fn step_with(&mut self, control: &mut dyn FnMut(&mut PhysicsWorld)) {
        let steps = control_steps(&self.settings);
        let glides: Vec<_> = if steps > 1 {
            self.rapier
                .bodies
                .iter()
                .filter(|(_, b)| b.is_kinematic() && b.position() != b.next_position())
                .map(|(h, b)| (h, *b.position(), *b.next_position()))
                .collect()
        } else {
            Vec::new()
        };
        self.step_hits.clear();
        if steps > 1 {
            self.step_hits.resize(self.avatars.len(), DVec3::ZERO);
        }
        for k in 1..=steps {
            for (h, from, to) in &glides {
                if let Some(b) = self.rapier.bodies.get_mut(*h) {
                    b.set_next_kinematic_position(from.lerp(to, k as f32 / steps as f32));
                }
            }
            control(self);
            self.physics_step();
            if !self.step_hits.is_empty() {
                let hits: Vec<DVec3> = (0..self.step_hits.len())
                    .map(|i| self.last_contact_impulse(AvatarId(i)))
                    .collect();
                for (sum, hit) in self.step_hits.iter_mut().zip(hits) {
                    *sum += hit;
                }
            }
        }
        self.footprints = self.measure_footprints();
    }

    /// One rapier step.
    fn physics_step(&mut self) {
        let held = self.held_passes();
        let remote = self.remote_motions();
        let hooks = super::contact_filter::BodyContactHooks {
            self_friction: self.self_friction(),
            held: &held,
            remote: &remote,
        };
        self.rapier.step_with_events(&hooks, &());
        self.break_overloaded_holds();
    }

    /// The friction where a body touches itself, as rapier takes it (a
    /// negative or non-finite setting counts as 0).
    fn self_friction(&self) -> f32 {
        let f = self.settings.self_friction;
        if f.is_finite() && f > 0.0 {
            f as f32
        } else {
            0.0
        }
    }

    /// Which of an avatar's feet touch the floor or the scene.
    pub fn stance(&self, id: AvatarId) -> super::balance::Stance {
        let mut s = super::balance::Stance::default();
        for (j, other) in self.contacts(id) {
            if other.is_some() {
                continue;
            }
            match j {
                Joint::LeftAnkle | Joint::LeftToe => s.left = true,
                Joint::RightAnkle | Joint::RightToe => s.right = true,
                _ => {}
            }
        }
        s
    }

    /// Where each avatar stood after the last step and how far it reached
    /// along the floor: the footprints [`super::avoid`] keeps clear of
    /// (none in a world of one avatar: nobody to pass).
    pub fn footprints(&self) -> &[super::avoid::Footprint] {
        &self.footprints
    }

    fn measure_footprints(&self) -> Vec<super::avoid::Footprint> {
        if self.avatar_count() < 2 {
            return Vec::new();
        }
        self.avatars
            .iter()
            .enumerate()
            .filter_map(|(i, a)| {
                let a = a.as_ref()?;
                let pose = a.pose(&self.rapier);
                let reach = pose
                    .positions(&a.skeleton)
                    .0
                    .iter()
                    .map(|&p| DVec3::new(p.x - pose.root.x, 0.0, p.z - pose.root.z).length())
                    .fold(0.0, f64::max);
                Some(super::avoid::Footprint {
                    id: AvatarId(i),
                    at: pose.root,
                    reach_m: reach,
                })
            })
            .collect()
    }

    /// Collider `c`'s contact pairs of the last step, each with the
    /// collider on the pair's other side.
    pub(crate) fn pairs_of(
        &self,
        c: rapier3d::prelude::ColliderHandle,
    ) -> impl Iterator<
        Item = (
            &rapier3d::prelude::ContactPair,
            rapier3d::prelude::ColliderHandle,
        ),
    > + '_ {
        self.rapier
            .narrow_phase
            .contact_pairs_with(c)
            .map(move |pair| {
                let other = if pair.collider1 == c {
                    pair.collider2
                } else {
                    pair.collider1
                };
                (pair, other)
            })
    }

    /// Whether any of an avatar's segments touches another avatar or a
    /// moving body of the scene right now.
    pub fn touches_another(&self, id: AvatarId) -> bool {
        let Some(me) = self.avatar(id) else {
            return false;
        };
        me.colliders.iter().any(|&c| {
            self.pairs_of(c).any(|(pair, other)| {
                pair.has_any_active_contact()
                    && !me.colliders.contains(&other)
                    && self
                        .rapier
                        .colliders
                        .get(other)
                        .and_then(|o| o.parent())
                        .and_then(|b| self.rapier.bodies.get(b))
                        .is_some_and(|b| b.is_dynamic())
            })
        })
    }

    /// How deep avatar `a`'s segments sink into avatar `b`'s right now,
    /// metres (0 when they do not overlap).
    pub fn penetration_between(&self, a: AvatarId, b: AvatarId) -> f64 {
        let (Some(me), Some(other)) = (self.avatar(a), self.avatar(b)) else {
            return 0.0;
        };
        let mut deepest = 0.0_f64;
        for &c in &me.colliders {
            for (pair, o) in self.pairs_of(c) {
                if !other.colliders.contains(&o) {
                    continue;
                }
                for m in pair.manifolds() {
                    for p in &m.points {
                        deepest = deepest.max(-f64::from(p.dist));
                    }
                }
            }
        }
        deepest
    }

    /// Every body an avatar's segments touch in the scene or in other
    /// avatars right now: (own segment, other avatar or `None` for the
    /// scene).
    pub fn contacts(&self, id: AvatarId) -> Vec<(Joint, Option<AvatarId>)> {
        let mut out = Vec::new();
        let Some(me) = self.avatar(id) else {
            return out;
        };
        let owner = |c: rapier3d::prelude::ColliderHandle| -> Option<(usize, Joint)> {
            let body = self.rapier.colliders.get(c)?.parent()?;
            for (i, a) in self.avatars.iter().enumerate() {
                let Some(a) = a else { continue };
                for j in Joint::ALL {
                    if a.body_handle(j) == Some(body) && super::sim_avatar::sim_body_of(j) == j {
                        return Some((i, j));
                    }
                }
            }
            None
        };
        for &c in &me.colliders {
            for (pair, other) in self.pairs_of(c) {
                if !pair.has_any_active_contact() {
                    continue;
                }
                let Some((_, mine)) = owner(c) else { continue };
                match owner(other) {
                    Some((i, _)) if i == id.0 => {}
                    Some((i, _)) => out.push((mine, Some(AvatarId(i)))),
                    None => out.push((mine, None)),
                }
            }
        }
        out
    }
}
