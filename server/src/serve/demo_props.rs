//! The demo person's props: each demo avatar gets its own table (static),
//! ball and stack of boxes (dynamic), placed relative to its origin beside
//! its walking circle, and has the ball and boxes put back once per loop.
//!
//! Where they stand: the table and boxes lie on the +Z side of the walking
//! circle (z from `origin.z` + 1.7 m to + 5.5 m), at x between
//! `origin.x` + 0.9 and + 2.2 m: outside every point of the circle (whose z
//! spans `origin.z` ± 1.4 m), so a push along +X at any moment of the loop
//! lands the body on the bare floor, and the circles and props of demo
//! avatars in a row along X (3 m apart, as `bench_crowd` places them) do
//! not meet. The ball is thrown along +Z, away from the point x = 3,
//! z = -3 where tests drop their own objects. An avatar whose origin lies
//! within 1 m of another demo avatar's goes without props (its props would
//! overlap the other's).
//!
//! Every change goes through the loop's object commands, the path
//! `SceneService` takes (the add at start and the put-back each loop, a
//! `SetObjectPose`), so a take being recorded records it.

use posewire_body::glam::{DQuat, DVec3};
use posewire_body::Transform;
use posewire_solver::physics::{ObjectId, ObjectShape, ObjectSpec};
use posewire_solver::SharedSpace;

use super::avatar_runner::{AvatarRunner, SampleSource};
use super::demo_source::{
    DemoPerson, BALL_AT_STANCE, BALL_RADIUS_M, PROPS_RESET_S, TABLE_STANCE, TABLE_TOP_M,
};
use super::live::Command;
use super::object_commands::ObjectChange;
use super::object_convert::object_id;
use super::state::Shared;

/// The table, relative to the stance at it: 0.6 m wide, 0.4 m deep, its
/// front edge 0.3 m ahead of the person (the legs clear it, the ball lies
/// 0.12 m behind the edge).
const TABLE_SIZE: [f64; 3] = [0.6, TABLE_TOP_M, 0.4];
const TABLE_AT_STANCE: [f64; 3] = [-0.2, 0.5 * TABLE_TOP_M, 0.5];
/// The stack, relative to the stance: a pyramid of six 0.3 m boxes (three,
/// two, one; 0.9 m wide and tall) 3.95 m ahead, where the thrown ball
/// comes down through 0.8 .. 0.5 m (measured in the daemon: it leaves the
/// hand at about 5.6 m/s, drifts 0.3 to 0.5 m towards +X, and without the
/// boxes lands 4.7 m ahead).
const STACK_AT_STANCE: [f64; 3] = [0.15, 0.0, 3.95];
const BOX_EDGE_M: f64 = 0.3;
/// (column, row) of each box, bottom row first.
const BOXES: [(f64, f64); 6] = [
    (-1.0, 0.0),
    (0.0, 0.0),
    (1.0, 0.0),
    (-0.5, 1.0),
    (0.5, 1.0),
    (0.0, 2.0),
];
/// Light cardboard boxes, so a 0.4 kg ball at 5 m/s topples them.
const BOX_MASS_KG: f64 = 0.3;
/// A handball's mass.
const BALL_MASS_KG: f64 = 0.4;
/// Two demo avatars closer than this share a place: the second goes
/// without props, metres.
const SHARED_PLACE_M: f64 = 1.0;

/// The props of one demo avatar at `origin` (on the floor): the table
/// first, then the ball and the boxes from the bottom up.
pub fn layout(origin: DVec3) -> Vec<ObjectSpec> {
    let stance = DVec3::new(origin.x, 0.0, origin.z) + DVec3::from_array(TABLE_STANCE);
    let at = |local: DVec3| Transform::new(stance + local, DQuat::IDENTITY);
    let mut table = ObjectSpec::new(
        ObjectShape::Box {
            size: DVec3::from_array(TABLE_SIZE),
        },
        0.0,
        at(DVec3::from_array(TABLE_AT_STANCE)),
    );
    table.name = "demo table".into();
    let mut ball = ObjectSpec::new(
        ObjectShape::Sphere {
            radius_m: BALL_RADIUS_M,
        },
        BALL_MASS_KG,
        at(DVec3::from_array(BALL_AT_STANCE)),
    );
    ball.name = "demo ball".into();
    // Grippy and not too lively: it comes to rest near where it lands.
    ball.friction = 0.8;
    ball.restitution = 0.3;
    let mut props = vec![table, ball];
    for (k, (column, row)) in BOXES.into_iter().enumerate() {
        // 1 mm apart, so that they settle without a start.
        let x = column * (BOX_EDGE_M + 0.001);
        let y = (row + 0.5) * BOX_EDGE_M + row * 0.001;
        let mut b = ObjectSpec::new(
            ObjectShape::Box {
                size: DVec3::splat(BOX_EDGE_M),
            },
            BOX_MASS_KG,
            at(DVec3::from_array(STACK_AT_STANCE) + DVec3::new(x, y, 0.0)),
        );
        b.name = format!("demo box {}", k + 1);
        props.push(b);
    }
    props
}

/// One demo avatar's props in the world.
#[derive(Debug)]
struct PropSet {
    /// The avatar.
    avatar: String,
    /// Its walk's origin when the props were placed.
    origin: DVec3,
    /// Every prop's id (none: it goes without).
    ids: Vec<ObjectId>,
    /// The movable props and where they are put back.
    homes: Vec<(ObjectId, Transform)>,
    /// The avatar's loop time at the last tick.
    last_tau: f64,
}

/// The props of every demo avatar, kept by the loop.
#[derive(Debug, Default)]
pub struct DemoProps {
    sets: Vec<PropSet>,
}

/// The loop's state an object command needs.
pub struct LoopParts<'a> {
    /// The avatars.
    pub avatars: &'a mut Vec<AvatarRunner>,
    /// Which have a body.
    pub was_ready: &'a mut Vec<bool>,
    /// The daemon's shared state.
    pub shared: &'a Shared,
    /// The space.
    pub space: &'a mut SharedSpace,
    /// The coming tick.
    pub sequence: u64,
    /// The scene recording (every avatar of the space), if one runs.
    pub scene_recording: &'a mut Option<super::recorder::LoopRecorder>,
}

/// Applies one object change as a service's command would; the ids it
/// answers with.
fn change(parts: &mut LoopParts<'_>, change: ObjectChange) -> Vec<ObjectId> {
    let (reply, mut answer) = tokio::sync::oneshot::channel();
    super::commands::apply(Command::Objects { change, reply }, parts);
    match answer.try_recv() {
        Ok(Ok(objects)) => objects
            .iter()
            .filter_map(|o| object_id(&o.id).ok())
            .collect(),
        Ok(Err(e)) => {
            tracing::warn!(error = %e.message(), "a demo prop was refused");
            Vec::new()
        }
        Err(_) => Vec::new(),
    }
}

/// Whether loop time went past `at` between two ticks (across the loop's
/// end too).
fn passed(last: f64, now: f64, at: f64) -> bool {
    if now >= last {
        last < at && at <= now
    } else {
        last < at || at <= now
    }
}

impl DemoProps {
    /// Before a tick at time `t`: places the props of demo avatars that
    /// have none, takes away those of avatars gone or changed, and puts
    /// back ball and boxes of each avatar whose loop passed the moment.
    pub fn before_tick(&mut self, parts: &mut LoopParts<'_>, t: f64) {
        if parts.space.world().is_none() {
            return;
        }
        let demos: Vec<(String, DemoPerson)> = parts
            .avatars
            .iter()
            .filter_map(|a| match &a.source {
                SampleSource::Demo(person) => Some((a.id.clone(), person.clone())),
                _ => None,
            })
            .collect();
        self.take_away_stale(parts, &demos);
        for (avatar, person) in demos {
            let tau = person.loop_time(t);
            match self.sets.iter_mut().find(|s| s.avatar == avatar) {
                Some(set) => {
                    let due = passed(set.last_tau, tau, PROPS_RESET_S);
                    set.last_tau = tau;
                    if due {
                        let homes = set.homes.clone();
                        for (id, pose) in homes {
                            let velocity = [DVec3::ZERO; 2];
                            change(parts, ObjectChange::SetPose { id, pose, velocity });
                        }
                    }
                }
                None => self.place(parts, avatar, person.origin(), tau),
            }
        }
    }

    /// Adds an avatar's props (none where another's stand).
    fn place(&mut self, parts: &mut LoopParts<'_>, avatar: String, origin: DVec3, tau: f64) {
        let crowded = self
            .sets
            .iter()
            .any(|s| !s.ids.is_empty() && s.origin.distance(origin) < SHARED_PLACE_M);
        let mut set = PropSet {
            avatar,
            origin,
            ids: Vec::new(),
            homes: Vec::new(),
            last_tau: tau,
        };
        if crowded {
            tracing::info!(avatar = %set.avatar, "a demo avatar shares its place: no props");
        } else {
            for spec in layout(origin) {
                let (pose, movable) = (spec.pose, !spec.is_static());
                for id in change(parts, ObjectChange::Add(Box::new(spec))) {
                    set.ids.push(id);
                    if movable {
                        set.homes.push((id, pose));
                    }
                }
            }
        }
        self.sets.push(set);
    }

    /// Removes the props of avatars no longer demo avatars at the same
    /// origin.
    fn take_away_stale(&mut self, parts: &mut LoopParts<'_>, demos: &[(String, DemoPerson)]) {
        let (kept, stale): (Vec<PropSet>, Vec<PropSet>) =
            std::mem::take(&mut self.sets).into_iter().partition(|s| {
                demos
                    .iter()
                    .any(|(id, p)| *id == s.avatar && p.origin() == s.origin)
            });
        self.sets = kept;
        for set in stale {
            for id in set.ids {
                change(parts, ObjectChange::Remove(id));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn centre(s: &ObjectSpec) -> DVec3 {
        s.pose.position
    }

    /// Half its depth along Z.
    fn half_z(s: &ObjectSpec) -> f64 {
        match &s.shape {
            ObjectShape::Box { size } => 0.5 * size.z,
            ObjectShape::Sphere { radius_m } => *radius_m,
            other => panic!("no demo prop is a {other:?}"),
        }
    }

    #[test]
    fn the_props_stand_off_the_circle_and_away_from_the_test_spot() {
        let props = layout(DVec3::ZERO);
        assert_eq!(props.len(), 2 + BOXES.len());
        assert!(props[0].is_static() && props[1..].iter().all(|p| !p.is_static()));
        for p in &props {
            let c = centre(p);
            // Beyond the circle's +Z edge (1.4 m) with room for a body.
            assert!(c.z - half_z(p) >= 1.4 + 0.3, "{c}");
            assert!(DVec3::new(3.0, c.y, -3.0).distance(c) > 4.0, "{c}");
            // Within the avatar's 3 m strip along X.
            assert!((0.85..2.25).contains(&c.x), "{c}");
        }
        // The ball lies on the table; the boxes stand stacked on the floor.
        let top = props[0].pose.position.y + 0.5 * TABLE_SIZE[1];
        assert!((centre(&props[1]).y - BALL_RADIUS_M - top).abs() < 1e-9);
        assert!((centre(&props[2]).y - 0.5 * BOX_EDGE_M).abs() < 1e-9);
        // Another origin moves everything along.
        let moved = layout(DVec3::new(3.0, 0.0, 0.0));
        assert!((centre(&moved[1]) - centre(&props[1]) - DVec3::X * 3.0).length() < 1e-9);
    }

    #[test]
    fn the_put_back_moment_is_passed_once_per_loop() {
        assert!(passed(12.99, 13.0, 13.0));
        assert!(!passed(13.0, 13.01, 13.0));
        assert!(passed(23.4, 0.01, 0.0) && !passed(23.4, 0.01, 13.0));
    }
}
