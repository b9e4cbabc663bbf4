//! Passing other avatars: where two people in one shared space walk
//! through each other's place (they stand in different rooms), their
//! bodies cannot. Each body's pull toward its person is routed around the
//! other bodies in its way, on one side kept for the whole encounter, so
//! the two step aside and pass instead of colliding head on and falling.
//! Pure geometry on the floor plane: the controller applies the offset it
//! gives to the whole reference pose.

use posewire_body::glam::DVec3;

use super::world::AvatarId;

/// How bodies pass each other.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AvoidSettings {
    /// Whether bodies route around each other (off: they meet head on and
    /// only the contact solver keeps them apart).
    pub enabled: bool,
    /// Air kept between two bodies' reaches while passing (beyond the
    /// segments' thickness), metres.
    pub margin_m: f64,
    /// The fastest the offset from the person moves, m/s: a sidestep, not
    /// a jump.
    pub shift_speed_m_s: f64,
}

impl Default for AvoidSettings {
    fn default() -> Self {
        AvoidSettings {
            enabled: true,
            margin_m: 0.2,
            shift_speed_m_s: 3.0,
        }
    }
}

/// Where a body stands on the floor and how far it reaches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Footprint {
    /// Whose body.
    pub id: AvatarId,
    /// Its pelvis.
    pub at: DVec3,
    /// The farthest joint from the pelvis along the floor, metres.
    pub reach_m: f64,
}

/// One body's passing state: the offset it applies now and the side it
/// passes each other body on.
#[derive(Debug, Clone, Default)]
pub struct Passing {
    offset: DVec3,
    sides: Vec<(AvatarId, DVec3)>,
}

fn flat(d: DVec3) -> DVec3 {
    DVec3::new(d.x, 0.0, d.z)
}

impl Passing {
    /// The offset (along the floor) to add to the person's pelvis so that
    /// body `me` keeps its reach, the other's and
    /// [`AvoidSettings::margin_m`] from every other body of `bodies`:
    /// `person` is its person's pelvis, `dt` the step. Zero when nobody
    /// is in the way.
    pub fn offset(
        &mut self,
        me: AvatarId,
        person: DVec3,
        bodies: &[Footprint],
        dt: f64,
        s: &AvoidSettings,
    ) -> DVec3 {
        let own = bodies.iter().find(|b| b.id == me);
        let usable = |b: &Footprint| b.at.is_finite() && b.reach_m.is_finite();
        let (Some(own), true) = (own.filter(|b| usable(b)), s.enabled && person.is_finite()) else {
            *self = Passing::default();
            return DVec3::ZERO;
        };
        let clearance = |b: &Footprint| own.reach_m + b.reach_m + s.margin_m.max(0.0);
        let others: Vec<&Footprint> = bodies.iter().filter(|b| b.id != me && usable(b)).collect();
        // Forget the sides of bodies no longer near.
        self.sides.retain(|(id, _)| {
            others
                .iter()
                .any(|b| b.id == *id && flat(b.at - own.at).length() < 2.0 * clearance(b))
        });
        let mut target = flat(person);
        for b in others {
            let c = clearance(b);
            let o = flat(b.at);
            let rel = target - o;
            let d = rel.length();
            if d >= c {
                continue;
            }
            let side = self.side(b.id, flat(own.at), target, o);
            let dir = (rel + side * (c - d)).try_normalize().unwrap_or(side);
            target = o + dir * c;
        }
        let want = target - flat(person);
        let step = s.shift_speed_m_s.max(0.0) * dt.max(0.0);
        let change = want - self.offset;
        self.offset += if change.length() > step {
            change.normalize_or_zero() * step
        } else {
            change
        };
        self.offset
    }

    /// The side (a unit vector on the floor) this body passes body `id` at
    /// `other` on: kept once chosen; first the side the body already is
    /// on, across its way to `target`, or its right when it is dead ahead.
    fn side(&mut self, id: AvatarId, own: DVec3, target: DVec3, other: DVec3) -> DVec3 {
        if let Some((_, side)) = self.sides.iter().find(|(o, _)| *o == id) {
            return *side;
        }
        let ahead = (target - own)
            .try_normalize()
            .or_else(|| (other - own).try_normalize())
            .unwrap_or(DVec3::Z);
        let from = own - other;
        let across = from - ahead * from.dot(ahead);
        let side = if across.length() > 0.02 {
            across.normalize()
        } else {
            DVec3::Y.cross(ahead).normalize_or_zero()
        };
        self.sides.push((id, side));
        side
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DT: f64 = 1.0 / 90.0;
    const ME: AvatarId = AvatarId(0);

    fn bodies(own: DVec3, other: DVec3) -> [Footprint; 2] {
        [
            Footprint {
                id: ME,
                at: own,
                reach_m: 0.3,
            },
            Footprint {
                id: AvatarId(1),
                at: other,
                reach_m: 0.3,
            },
        ]
    }

    #[test]
    fn nobody_near_means_no_offset() {
        let mut p = Passing::default();
        let s = AvoidSettings::default();
        let b = bodies(DVec3::ZERO, DVec3::new(3.0, 0.9, 0.0));
        let o = p.offset(ME, DVec3::new(0.2, 0.9, 0.0), &b, DT, &s);
        assert_eq!(o, DVec3::ZERO);
    }

    #[test]
    fn a_body_in_the_way_is_passed_on_one_side_then_let_go() {
        let mut p = Passing::default();
        let s = AvoidSettings::default();
        let other = DVec3::new(0.5, 0.9, 0.0);
        // The person walks straight through the other body (+X), the body
        // following its target exactly.
        let mut sides = Vec::new();
        let mut nearest = f64::INFINITY;
        for k in 0..300 {
            let person = DVec3::new(-1.0 + 0.01 * f64::from(k), 0.9, 0.0);
            let own = person + p.offset;
            let o = p.offset(ME, person, &bodies(own, other), DT, &s);
            if o.z.abs() > 1e-9 {
                sides.push(o.z.signum());
            }
            nearest = nearest.min(flat(person + o - other).length());
        }
        assert!(!sides.is_empty(), "never stepped aside");
        assert!(sides.iter().all(|&z| z == sides[0]), "changed sides");
        // The clearance is 0.8 m; the offset's rate limit lets the target
        // in a little at first.
        assert!(nearest > 0.6, "came within {nearest} m");
        assert_eq!(p.offset, DVec3::ZERO, "still aside once past");
    }

    #[test]
    fn the_target_keeps_the_clearance_once_settled() {
        let mut p = Passing::default();
        let s = AvoidSettings::default();
        let person = DVec3::new(0.1, 0.9, 0.05);
        let mut o = DVec3::ZERO;
        for _ in 0..100 {
            o = p.offset(
                ME,
                person,
                &bodies(person + o, DVec3::new(0.0, 0.9, 0.0)),
                DT,
                &s,
            );
        }
        let gap = flat(person + o).length();
        assert!((gap - 0.8).abs() < 1e-6, "gap {gap}");
    }

    #[test]
    fn the_offset_moves_no_faster_than_a_sidestep() {
        let mut p = Passing::default();
        let s = AvoidSettings::default();
        let b = bodies(DVec3::ZERO, DVec3::new(0.0, 0.9, 0.1));
        let o = p.offset(ME, DVec3::ZERO, &b, DT, &s);
        assert!(o.length() <= s.shift_speed_m_s * DT + 1e-12);
        assert!(o.length() > 0.0);
    }

    #[test]
    fn off_or_not_finite_gives_no_offset() {
        let mut p = Passing::default();
        let b = bodies(DVec3::ZERO, DVec3::new(0.0, 0.9, 0.0));
        let off = AvoidSettings {
            enabled: false,
            ..AvoidSettings::default()
        };
        assert_eq!(p.offset(ME, DVec3::ZERO, &b, DT, &off), DVec3::ZERO);
        let s = AvoidSettings::default();
        let nan = DVec3::splat(f64::NAN);
        assert_eq!(p.offset(ME, nan, &b, DT, &s), DVec3::ZERO);
        let b = bodies(nan, DVec3::new(0.0, 0.9, 0.0));
        assert_eq!(p.offset(ME, DVec3::ZERO, &b, DT, &s), DVec3::ZERO);
    }
}
