//! Planned against realised (issue 41, round 6): the whole-body
//! controller's joint torques for a wanted `qdd`, applied through rapier for
//! one physics step, give that `qdd`.

use posewire_body::glam::DVec3;
use posewire_body::{BodyPose, BodyProfile, Joint, Skeleton};

use super::articulated::{get, put, ArticulatedBody};
use super::joint_frames::AxisRange;
use super::sim_avatar::BodySettings;
use super::whole_body::WholeBody;
use super::world::{AvatarId, PhysicsWorld, WorldSettings};
use super::Scene;

/// A body 2 m above the floor after one step of free fall, with no motors
/// and no springs.
fn airborne(settings: WorldSettings) -> (PhysicsWorld, AvatarId) {
    let profile = BodyProfile::from_stature(1.75);
    let skeleton = Skeleton::from_profile(&profile);
    let mut pose = BodyPose::rest(&skeleton);
    pose.root.y += 2.0;
    let mut world = PhysicsWorld::new(&Scene::default(), settings);
    let id = world.add_avatar(&profile, &pose, &BodySettings::self_supporting());
    for j in Joint::ALL {
        world.release_motors(id, j);
    }
    // rapier sets the bodies' mass properties in its first step.
    world.step();
    (world, id)
}

/// A wanted `qdd` on the joints' free axes (deterministic, of size about
/// `scale` rad/s^2 per joint) with the base's accelerations those of a free
/// body (its rows of `M qdd + h` zero: nothing from outside).
fn free_flight_plan(world: &PhysicsWorld, id: AvatarId, scale: f64) -> (ArticulatedBody, Vec<f64>) {
    let avatar = world.avatar(id).expect("the avatar");
    let (body, _) = ArticulatedBody::from_avatar(avatar, world.rapier()).expect("its segments");
    let mut qdd = vec![0.0; body.dofs()];
    for (i, s) in body.segments.iter().enumerate().skip(1) {
        let (Some(frame), Some(p)) = (avatar.frame(s.joint), s.parent) else {
            continue;
        };
        let axes = frame.world_axes(body.segments[p].rotation);
        let (angles, _) = avatar
            .joint_state(world.rapier(), s.joint)
            .expect("a joint's state");
        let mut a = DVec3::ZERO;
        for (k, r) in frame.axes.iter().enumerate() {
            if let AxisRange::Free { min, max } = *r {
                // A fixed pattern of sizes over the joints, each toward
                // the middle of its range (away from its limits: a
                // straight knee cannot bend backwards).
                let v = (((i * 7 + k * 3) % 4) as f64 + 1.0) * 0.5 * scale;
                let inward = if angles[k] <= 0.5 * (min + max) {
                    1.0
                } else {
                    -1.0
                };
                a += axes.col(k) * v * inward;
            }
        }
        put(&mut qdd, ArticulatedBody::joint_row(i), a);
    }
    let g = DVec3::new(0.0, -9.81, 0.0);
    let gen = body.inverse_dynamics(&qdd, g, true);
    let cols = body.mass_columns(6);
    let mut mbb = [0.0; 36];
    for (c, col) in cols.iter().enumerate() {
        for r in 0..6 {
            mbb[r * 6 + c] = col[r];
        }
    }
    let rhs: Vec<f64> = gen[..6].iter().map(|v| -v).collect();
    let base = super::dense::solve_spd(&mbb, 6, &rhs).expect("M_bb is positive definite");
    qdd[..6].copy_from_slice(&base);
    (body, qdd)
}

/// Realised against planned over one physics step: for each joint (and the
/// base's linear and angular parts), the planned and the realised
/// acceleration, world.
fn one_step(world: &mut PhysicsWorld, id: AvatarId, scale: f64) -> Vec<(Joint, DVec3, DVec3)> {
    let (body, qdd) = free_flight_plan(world, id, scale);
    let g = DVec3::new(0.0, -9.81, 0.0);
    let gen = body.inverse_dynamics(&qdd, g, true);
    let avatar = world.avatar(id).expect("the avatar");
    let controller = WholeBody {
        arms_by_motors: false,
        ..WholeBody::default()
    };
    let (torques, _) = controller.joint_torques(avatar, world.rapier(), &body, &gen);
    let before = body.velocities();
    world.apply_joint_torques(id, &torques);
    let dt = world.dt();
    world.step();
    let avatar = world.avatar(id).expect("the avatar");
    let (after, _) = ArticulatedBody::from_avatar(avatar, world.rapier()).expect("its segments");
    let after = after.velocities();
    let realised: Vec<f64> = after
        .iter()
        .zip(&before)
        .map(|(a, b)| (a - b) / dt)
        .collect();
    let mut out = vec![
        (Joint::Pelvis, get(&qdd, 0), get(&realised, 0)),
        (Joint::Pelvis, get(&qdd, 3), get(&realised, 3)),
    ];
    for (i, s) in body.segments.iter().enumerate().skip(1) {
        let row = ArticulatedBody::joint_row(i);
        out.push((s.joint, get(&qdd, row), get(&realised, row)));
    }
    out
}

/// A world whose one step is one physics step of the daemon's while the
/// controller acts (a 90 Hz tick split in `control_steps`), with
/// `iterations` solver iterations.
fn world_of(control_steps: usize, iterations: usize) -> WorldSettings {
    WorldSettings {
        rate_hz: 90.0 * control_steps as f64,
        control_steps: 1,
        substeps: iterations,
        ..WorldSettings::default()
    }
}

fn report(rows: &[(Joint, DVec3, DVec3)]) -> String {
    rows.iter()
        .map(|(j, p, r)| {
            format!(
                "{j:?}: planned {:.1} realised {:.1} error {:.1}\n",
                p.length(),
                r.length(),
                (*p - *r).length()
            )
        })
        .collect()
}

#[test]
fn in_the_air_the_controller_torques_give_the_planned_accelerations() {
    // The daemon's world while the controller acts: 4 physics steps per
    // 90 Hz tick, 4 solver iterations each.
    let (mut world, id) = airborne(world_of(4, 4));
    let rows = one_step(&mut world, id, 20.0);
    let text = report(&rows);
    println!("{text}");
    for (j, planned, realised) in &rows {
        // f32 state and an iterative joint solve: within 10 % of the
        // joint's planned acceleration and 2 rad/s^2 (or m/s^2).
        let tol = 2.0 + 0.1 * planned.length();
        assert!(
            (*planned - *realised).length() <= tol,
            "{j:?}: planned {planned:.2}, realised {realised:.2}\n{text}"
        );
    }
}

/// The force (N, world) the floor and the scene gave the avatar in the
/// last physics step: rapier's solved contact impulses with fixed bodies
/// over the step's length.
fn floor_force(world: &PhysicsWorld, id: AvatarId) -> DVec3 {
    let Some(me) = world.avatar(id) else {
        return DVec3::ZERO;
    };
    let mut sum = DVec3::ZERO;
    for &c in &me.colliders {
        for (pair, other) in world.pairs_of(c) {
            if !pair.has_any_active_contact() {
                continue;
            }
            let fixed = world
                .rapier()
                .colliders
                .get(other)
                .and_then(|o| o.parent())
                .and_then(|b| world.rapier().bodies.get(b))
                .is_some_and(|b| b.is_fixed());
            if !fixed {
                continue;
            }
            // rapier's impulse pushes collider2 along the contact normal.
            let i = super::convert::v64(pair.total_impulse());
            sum += if pair.collider1 == c { -i } else { i };
        }
    }
    sum / world.dt()
}

#[test]
fn on_the_floor_the_feet_carry_what_the_plan_shares_to_them() {
    // A body standing in its rest pose, held by the controller alone (no
    // motors, no springs), one physics step per world step.
    let profile = BodyProfile::from_stature(1.75);
    let skeleton = Skeleton::from_profile(&profile);
    let pose = BodyPose::rest(&skeleton);
    let mut world = PhysicsWorld::new(&Scene::default(), world_of(4, 4));
    let id = world.add_avatar(&profile, &pose, &BodySettings::self_supporting());
    for j in Joint::ALL {
        world.release_motors(id, j);
    }
    let controller = WholeBody {
        enabled: true,
        ..WholeBody::default()
    };
    let stance = super::balance::Stance {
        left: true,
        right: true,
    };
    let target = super::whole_body::WholeBodyTarget::new(
        &pose,
        None,
        world.dt(),
        stance,
        posewire_body::JointMap::splat((DVec3::ZERO, DVec3::ZERO)),
    );
    let mut rows = Vec::new();
    for step in 0..720 {
        let touching = world.stance(id);
        let avatar = world.avatar(id).expect("the avatar");
        let planned = controller.forces(avatar, world.rapier(), &target, touching);
        let Some(f) = planned else {
            world.step();
            continue;
        };
        world.apply_joint_torques(id, &f.torques);
        world.set_root_wrench(id, f.residual_force, f.residual_moment);
        world.step();
        if step >= 360 {
            rows.push((f.carried, floor_force(&world, id), f.residual_force));
        }
    }
    // The weight of the bodies rapier simulates (the model's).
    let avatar = world.avatar(id).expect("the avatar");
    let (body, _) = ArticulatedBody::from_avatar(avatar, world.rapier()).expect("its segments");
    let weight = body.segments.iter().map(|s| s.mass).sum::<f64>() * 9.81;
    let n = rows.len() as f64;
    let mean = |k: fn(&(DVec3, DVec3, DVec3)) -> DVec3| rows.iter().map(k).sum::<DVec3>() / n;
    let (carried, floor, residual) = (mean(|r| r.0), mean(|r| r.1), mean(|r| r.2));
    let worst = rows
        .iter()
        .map(|r| (r.0 - r.1).length())
        .fold(0.0, f64::max);
    println!(
        "weight {weight:.0} N; mean planned {carried:.1}, floor {floor:.1}, residual {residual:.1}; worst step's gap {worst:.0} N"
    );
    let pelvis = world.pose(id).expect("its pose").root.y;
    println!("pelvis at {pelvis:.2} m");
    assert!(pelvis > 0.75, "the body stands: pelvis at {pelvis:.2} m");
    // Standing still, the feet carry the weight as planned: the vertical
    // mean over the second second within 5 % of the weight. (`floor_force`
    // sums rapier's normal impulses only: friction is left out, and the
    // impulses include its position correction; the momentum balance is the
    // better measure, `whole_body_one_foot`, `docs/notes/own-feet.md`
    // round 7.)
    assert!(
        (carried.y - floor.y).abs() <= 0.05 * weight,
        "planned {carried:.1} N, floor {floor:.1} N (weight {weight:.0} N)"
    );
}
