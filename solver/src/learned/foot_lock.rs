//! Planted feet for the learned legs: a network's feet are averages over
//! what the person might be doing, so a standing foot drifts. The network
//! also says whether each foot is planted; a planted foot is locked where
//! it is, and let go (blended back to its target over a short time, never
//! a jump) when the network says it lifts, or its target rises or moves
//! far away. A locked foot settles onto its standing height; a foot that
//! stays free for longer than a stride is locked at its contact's next
//! peak.

use posewire_body::glam::DVec3;

/// Settings of the foot lock (`[solver.ik.learned_legs]`).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FootLockSettings {
    /// Whether feet are locked at all.
    pub enabled: bool,
    /// A foot whose contact is above this locks.
    pub lock_contact: f64,
    /// A locked foot is let go when its contact is below this.
    pub release_contact: f64,
    /// ... or its target is further than this from the lock horizontally,
    /// m.
    pub release_distance_m: f64,
    /// ... or higher than this above its floor height, m (and a target
    /// this high never locks).
    pub lift_m: f64,
    /// How long the way back from the lock to the target takes, seconds.
    pub release_s: f64,
    /// A foot that moves over the floor is lifted by this much per m/s of
    /// its (smoothed) horizontal speed, seconds (0: never): a foot moving
    /// at running speed is in the air, not sliding on the floor.
    pub lift_per_speed_s: f64,
    /// The most that lift gives, m.
    pub max_speed_lift_m: f64,
    /// Time constant of the speed's smoothing, seconds.
    pub speed_time_s: f64,
    /// A foot free for longer than this, seconds, also locks at the peak
    /// of its contact if that is above `release_contact` (every foot of a
    /// walker comes down once a stride; on motion unlike its training the
    /// network's contact can peak below `lock_contact` and leave a foot
    /// gliding).
    pub longest_swing_s: f64,
    /// Time constant of a locked foot's settling onto its standing height,
    /// seconds.
    pub settle_s: f64,
}

impl Default for FootLockSettings {
    fn default() -> Self {
        FootLockSettings {
            enabled: true,
            lock_contact: 0.6,
            release_contact: 0.4,
            release_distance_m: 0.25,
            lift_m: 0.1,
            release_s: 0.1,
            lift_per_speed_s: 0.04,
            max_speed_lift_m: 0.08,
            speed_time_s: 0.05,
            longest_swing_s: 0.6,
            settle_s: 0.05,
        }
    }
}

/// One foot's lock.
#[derive(Debug, Clone, Default)]
pub struct FootLock {
    locked: Option<DVec3>,
    /// Where a release started and how far along it is (0-1).
    release: Option<(DVec3, f64)>,
    last_output: Option<DVec3>,
    /// The output's smoothed horizontal speed, m/s.
    speed: f64,
    /// How long the foot has been free, seconds.
    free_s: f64,
    /// The contact of the last tick.
    last_contact: f64,
    /// Whether the lock was made by [`FootLock::overdue`].
    forced: bool,
}

fn flat(v: DVec3) -> DVec3 {
    DVec3::new(v.x, 0.0, v.z)
}

impl FootLock {
    /// Forgets the lock (the foot is not the network's any more).
    pub fn reset(&mut self) {
        *self = FootLock::default();
    }

    /// Whether a foot free for too long is at the peak of its contact.
    fn overdue(&self, s: &FootLockSettings, contact: f64) -> bool {
        self.free_s > s.longest_swing_s
            && contact > s.release_contact
            && contact < self.last_contact
    }

    /// Where the foot goes this tick, for `target`, the network's
    /// `contact` and a floor at `floor_y` (the ankle's height standing).
    pub fn update(
        &mut self,
        s: &FootLockSettings,
        dt: f64,
        target: DVec3,
        contact: f64,
        floor_y: f64,
    ) -> DVec3 {
        if !s.enabled || !target.is_finite() || !contact.is_finite() || dt <= 0.0 {
            self.reset();
            return target;
        }
        let low = target.y < floor_y + s.lift_m;
        if let Some(l) = self.locked {
            let away = flat(target - l).length() > s.release_distance_m;
            // A lock the network's contact did not make is not undone by
            // its contact or its height either: the foot waits until its
            // target is away.
            let lifts = (!low || contact < s.release_contact) && !self.forced;
            if lifts || away {
                self.locked = None;
                self.release = Some((l, 0.0));
            }
        } else if low && (contact > s.lock_contact || self.overdue(s, contact)) {
            self.forced = contact <= s.lock_contact;
            // A planted foot stands on the floor, not where the network's
            // average left it (a few centimetres up, on motion unlike its
            // training): it settles there (below).
            self.locked = Some(self.last_output.unwrap_or(target));
            self.release = None;
        }
        if let Some(l) = self.locked.as_mut() {
            let a = 1.0 - (-dt / s.settle_s.max(1e-3)).exp();
            l.y += a * (floor_y - l.y);
        }
        self.free_s = if self.locked.is_some() {
            0.0
        } else {
            self.free_s + dt
        };
        self.last_contact = contact;
        let mut out = match (self.locked, self.release) {
            (Some(l), _) => l,
            (None, Some((from, k))) => {
                let k = (k + dt / s.release_s.max(1e-3)).min(1.0);
                self.release = (k < 1.0).then_some((from, k));
                // Eased (smoothstep): the foot leaves its lock and meets
                // its target without a kick in its speed.
                from.lerp(target, k * k * (3.0 - 2.0 * k))
            }
            (None, None) => target,
        };
        if let Some(last) = self.last_output {
            let v = flat(out - last).length() / dt;
            let a = 1.0 - (-dt / s.speed_time_s.max(1e-3)).exp();
            self.speed += a * (v - self.speed);
        }
        self.last_output = Some(out);
        let lift = (s.lift_per_speed_s * self.speed).min(s.max_speed_lift_m);
        out.y = out.y.max(floor_y + lift);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drifting_planted_foot_stays_put_and_a_step_is_let_go_smoothly() {
        let s = FootLockSettings::default();
        let mut lock = FootLock::default();
        let dt = 1.0 / 90.0;
        let mut outs = Vec::new();
        // 1 s planted while the target drifts 5 cm/s, then a step of
        // 0.4 m at 1.5 m/s, lifted.
        for k in 0..90 {
            let t = k as f64 * dt;
            outs.push(lock.update(&s, dt, DVec3::new(0.05 * t, 0.08, 0.0), 0.9, 0.08));
        }
        let first = outs[0];
        assert!(outs.iter().all(|o| o.distance(first) < 1e-12), "stays put");
        for k in 0..30 {
            let t = k as f64 * dt;
            let target = DVec3::new(0.05 + 1.5 * t, 0.08 + 0.1 * (t * 10.0).min(1.0), 0.0);
            outs.push(lock.update(&s, dt, target, 0.1, 0.08));
        }
        let moves: Vec<f64> = outs.windows(2).map(|w| w[0].distance(w[1])).collect();
        let most = moves.iter().copied().fold(0.0, f64::max);
        // The step moves 1.7 cm a tick; catching up from the lock adds at
        // most as much again, never a jump.
        assert!(most < 0.05, "largest move a tick {most} m");
        assert!(
            outs[119].x > 0.4,
            "the foot followed the step: {}",
            outs[119].x
        );
    }

    #[test]
    fn a_foot_locked_for_being_overdue_settles_onto_the_floor() {
        let s = FootLockSettings::default();
        let mut lock = FootLock::default();
        let dt = 1.0 / 90.0;
        // The network never calls the foot planted (contact 0.45, then
        // 0.44: past its peak) and leaves it 5 cm up.
        let out: Vec<DVec3> = (0..120)
            .map(|k| {
                let contact = if k < 60 { 0.45 } else { 0.44 };
                lock.update(&s, dt, DVec3::new(0.1, 0.13, 0.4), contact, 0.08)
            })
            .collect();
        assert!(lock.locked.is_some() && lock.forced, "locked when overdue");
        let held = out.last().copied().unwrap_or_default();
        assert!((held.y - 0.08).abs() < 1e-3, "held at {held}");
        assert!((held.x - 0.1).abs() < 1e-12 && (held.z - 0.4).abs() < 1e-12);
        // Settling, not snapping: about a centimetre a tick at most (5 cm
        // over the 0.05 s time constant).
        let most = out
            .windows(2)
            .map(|w| w[0].distance(w[1]))
            .fold(0.0, f64::max);
        assert!(most < 0.012, "moved {most} m in a tick");
    }

    #[test]
    fn a_foot_whose_contact_peaks_low_still_comes_down_once_a_stride() {
        let s = FootLockSettings::default();
        let mut lock = FootLock::default();
        let dt = 1.0 / 90.0;
        // A 1 s stride whose contact peaks at 0.57, below `lock_contact`.
        let mut locked_ticks = 0;
        let mut first_lock = None;
        for k in 0..270 {
            let t = k as f64 * dt;
            let contact = 0.34 + 0.23 * (std::f64::consts::TAU * t).cos();
            let target = DVec3::new(0.0, 0.1, 1.0 * t);
            lock.update(&s, dt, target, contact, 0.08);
            if let Some(l) = lock.locked {
                locked_ticks += 1;
                first_lock.get_or_insert(k);
                assert!(l.y <= 0.1 + 1e-12, "planted, settling onto the floor");
            }
        }
        // Free from the start (contact 0.57 falling), overdue after 0.6 s,
        // locked at the next peak (t = 1 s) and each one after.
        assert_eq!(first_lock, Some(91));
        assert!(locked_ticks >= 20, "{locked_ticks} ticks planted");
    }

    #[test]
    fn off_or_non_finite_passes_the_target_through() {
        let mut s = FootLockSettings::default();
        let mut lock = FootLock::default();
        let nan = DVec3::splat(f64::NAN);
        assert!(lock.update(&s, 0.01, nan, 1.0, 0.08).is_nan());
        let p = DVec3::new(1.0, 0.08, 2.0);
        assert_eq!(lock.update(&s, 0.01, p, f64::NAN, 0.08), p);
        s.enabled = false;
        assert_eq!(lock.update(&s, 0.01, p, 1.0, 0.08), p);
    }
}
