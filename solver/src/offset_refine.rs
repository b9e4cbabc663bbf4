//! Online refinement of the foot devices' position offsets from the roll of
//! the foot over its ball (and, off by default, of the hand controllers'
//! from the wrist as the hand's still point: [`FootOffsetRefiner::for_hand`]).
//!
//! The calibration poses stand flat-footed, so they show nothing of where a
//! foot tracker sits on its foot: the profile keeps the nominal offset,
//! off by up to 3 cm. Walking shows it. When the heel lifts, the foot rolls
//! over the ball (the toe joint): for a moment that point stands still in
//! the world while the foot turns about the foot's left-right axis. Over a
//! short window of samples the point of the foot that moved least is found
//! by least squares (in the bone frame, relative to the device); where the
//! ball sits relative to the ankle varies little between people (the
//! prior [`OffsetRefineSettings::ball`]), so the ankle follows, and with
//! it the offset's up and forward parts (the left-right part is not seen
//! by a roll about that axis and stays calibrated).
//!
//! A second prior, the heel's still point as the foot lands
//! ([`OffsetRefineSettings::heel`], the offset's z only), is there but off
//! by default (`heel_gate_m = 0`): it helped the training clips and not
//! the validation clips (docs/notes/offset-refinement.md).
//!
//! Windows count only if the foot turned enough, mostly about its
//! left-right axis, and a single still point explains the motion to
//! within a few millimetres near where the ball is expected. The accepted
//! estimates are averaged (weighted by how far the foot turned), shrunk
//! toward the calibrated offset while there are few, bounded to
//! [`OffsetRefineSettings::max_change_m`] from it, and blended in at a
//! limited speed, so the offset in use never jumps.
//!
//! Causal and deterministic: state changes only with the samples pushed,
//! in order; a few microseconds per sample.

use posewire_body::glam::{DMat3, DQuat, DVec3};
use serde::{Deserialize, Serialize};

/// Samples in one pivot window (0.1 s at 90 Hz).
pub const WINDOW: usize = 9;

/// How the foot offsets are refined during use (`[solver.ik.offsets]`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OffsetRefineSettings {
    /// Whether device offsets are refined at all (the feet's; the hands'
    /// also with [`OffsetRefineSettings::hands`]).
    pub enabled: bool,
    /// The ball of the foot (toe joint) in the ankle bone's frame, metres
    /// (x left, y up, z forward at rest): the prior the pivots are read
    /// against.
    pub ball: DVec3,
    /// The heel's still point in the ankle bone's frame, metres: a second
    /// prior, for the roll onto the heel (0 `heel_gate_m`: not used).
    pub heel: DVec3,
    /// How far the window's pivot may lie from the expected heel, metres
    /// (0: heel windows not used).
    pub heel_gate_m: f64,
    /// How far the foot must turn within a window to count, degrees.
    pub min_turn_deg: f64,
    /// How much of the window's turn must be about the foot's left-right
    /// axis (cosine of the axis to it).
    pub min_pitch_share: f64,
    /// The largest RMS distance of the pivot from its mean over the
    /// window, metres.
    pub max_residual_m: f64,
    /// How far the window's pivot may lie from the expected ball, metres.
    pub gate_m: f64,
    /// The accumulated turn (radians) at which the estimate counts half
    /// against the calibrated offset.
    pub half_weight_rad: f64,
    /// The largest change from the calibrated offset, metres.
    pub max_change_m: f64,
    /// How fast the offset in use moves toward the estimate, m/s.
    pub rate_m_per_s: f64,
    /// Whether the hand controllers' offsets are refined too, from the
    /// hand turning about the wrist while the forearm holds still
    /// ([`FootOffsetRefiner::for_hand`]).
    pub hands: bool,
    /// How far a window's still point may lie from the expected wrist,
    /// metres.
    pub hand_gate_m: f64,
    /// Whether the headset's offset is refined too, from the head turning
    /// about its pivot while the body holds still
    /// ([`FootOffsetRefiner::for_head`]).
    pub head: bool,
    /// Where the head's turns pivot, in the head bone's frame relative to
    /// the head joint, metres (the prior a still point is read against).
    pub head_pivot: DVec3,
    /// How far a window's still point may lie from the expected pivot,
    /// metres.
    pub head_gate_m: f64,
}

impl Default for OffsetRefineSettings {
    fn default() -> Self {
        OffsetRefineSettings {
            enabled: true,
            ball: DVec3::new(0.0, -0.056, 0.170),
            heel: DVec3::new(0.0, -0.083, 0.0),
            heel_gate_m: 0.0,
            min_turn_deg: 5.0,
            min_pitch_share: 0.8,
            max_residual_m: 0.005,
            gate_m: 0.08,
            half_weight_rad: 5.0,
            max_change_m: 0.03,
            rate_m_per_s: 0.005,
            hands: false,
            hand_gate_m: 0.04,
            head: false,
            head_pivot: DVec3::ZERO,
            head_gate_m: 0.04,
        }
    }
}

/// One foot's refinement: the last samples, the accumulated estimate and
/// the offset in use.
#[derive(Debug, Clone)]
pub struct FootOffsetRefiner {
    rotations: [DQuat; WINDOW],
    positions: [DVec3; WINDOW],
    /// Samples in the window (up to [`WINDOW`]) and where the next goes.
    len: usize,
    next: usize,
    calibrated: DVec3,
    applied: DVec3,
    /// Per bone axis: the turn (radians) behind the estimate, and the
    /// turn-weighted sum of the windows' offsets.
    weight: DVec3,
    weighted_sum: DVec3,
    last_time: Option<f64>,
    /// How many windows were accepted so far, and the last one's estimate.
    windows: usize,
    last_window: Option<(DVec3, f64)>,
    /// A hand controller's refiner: the still point is the wrist itself.
    hand: bool,
    /// The headset's refiner: the still point is the head's pivot.
    head: bool,
}

impl FootOffsetRefiner {
    /// A refiner that starts at (and stays near) the calibrated offset.
    pub fn new(calibrated: DVec3) -> FootOffsetRefiner {
        FootOffsetRefiner {
            rotations: [DQuat::IDENTITY; WINDOW],
            positions: [DVec3::ZERO; WINDOW],
            len: 0,
            next: 0,
            calibrated,
            applied: calibrated,
            weight: DVec3::ZERO,
            weighted_sum: DVec3::ZERO,
            last_time: None,
            windows: 0,
            last_window: None,
            hand: false,
            head: false,
        }
    }

    /// A hand controller's refiner. When the hand turns at the wrist while
    /// the forearm holds still, the wrist (the bone's origin) is the point
    /// of the hand that stays put; a turn about an axis shows the offset
    /// across that axis, not along it.
    pub fn for_hand(calibrated: DVec3) -> FootOffsetRefiner {
        FootOffsetRefiner {
            hand: true,
            ..FootOffsetRefiner::new(calibrated)
        }
    }

    /// The headset's refiner. When the head turns while the body holds
    /// still, the point it turns about (the prior
    /// [`OffsetRefineSettings::head_pivot`] from the head joint) stays put;
    /// as for the hands, a turn shows the offset across its axis.
    pub fn for_head(calibrated: DVec3) -> FootOffsetRefiner {
        FootOffsetRefiner {
            head: true,
            ..FootOffsetRefiner::new(calibrated)
        }
    }

    /// The offset in use (bone frame, metres).
    pub fn offset(&self) -> DVec3 {
        self.applied
    }

    /// The offset the refinement is heading for (bone frame, metres).
    pub fn target(&self, settings: &OffsetRefineSettings) -> DVec3 {
        let half = settings.half_weight_rad.max(1e-9);
        let change = DVec3::from_array(std::array::from_fn(|a| {
            let w = self.weight[a];
            if w <= 0.0 {
                return 0.0;
            }
            (self.weighted_sum[a] / w - self.calibrated[a]) * w / (w + half)
        }));
        self.calibrated + change.clamp_length_max(settings.max_change_m.max(0.0))
    }

    /// How many windows were accepted so far, and the last accepted one's
    /// offset estimate and turn (radians), for development tools.
    pub fn windows(&self) -> (usize, Option<(DVec3, f64)>) {
        (self.windows, self.last_window)
    }

    /// The mean of the accepted windows' offsets (weighted by their turn),
    /// before shrinking and bounding; `None` before the first.
    pub fn raw_estimate(&self) -> Option<DVec3> {
        (self.weight.max_element() > 0.0).then(|| {
            DVec3::from_array(std::array::from_fn(|a| {
                if self.weight[a] > 0.0 {
                    self.weighted_sum[a] / self.weight[a]
                } else {
                    self.calibrated[a]
                }
            }))
        })
    }

    /// How much turning (radians) the estimate rests on.
    pub fn evidence_rad(&self) -> f64 {
        self.weight.max_element()
    }

    /// Takes one accepted sample: the bone's rotation and the device's
    /// position (raw, not smoothed). `restart` (after a loss) empties the
    /// window. Non-finite input is ignored.
    pub fn push(
        &mut self,
        time_s: f64,
        bone_rotation: DQuat,
        device_position: DVec3,
        restart: bool,
        settings: &OffsetRefineSettings,
    ) {
        if !(time_s.is_finite() && bone_rotation.is_finite() && device_position.is_finite()) {
            return;
        }
        let dt = self.last_time.map_or(0.0, |t| (time_s - t).clamp(0.0, 0.1));
        self.last_time = Some(time_s);
        if restart {
            self.len = 0;
            self.next = 0;
        }
        self.rotations[self.next] = bone_rotation;
        self.positions[self.next] = device_position;
        self.next = (self.next + 1) % WINDOW;
        self.len = (self.len + 1).min(WINDOW);
        if self.len == WINDOW {
            if let Some((offset, weight)) = self.window_estimate(settings) {
                self.weight += weight;
                self.weighted_sum += offset * weight;
                self.windows += 1;
                self.last_window = Some((offset, weight.max_element()));
            }
        }
        let step = settings.rate_m_per_s.max(0.0) * dt;
        let towards = self.target(settings) - self.applied;
        self.applied += towards.clamp_length_max(step);
    }

    /// The offset the current window implies, and per bone axis how much
    /// it counts (the turn in radians; 0 on the axes the window does not
    /// show), if the window shows a roll over the ball or onto the heel.
    /// The ball shows the offset's y and z, the heel only its z (its still
    /// point wanders up and down by centimetres between windows).
    fn window_estimate(&self, settings: &OffsetRefineSettings) -> Option<(DVec3, DVec3)> {
        let first = self.rotations[self.next % WINDOW];
        let last = self.rotations[(self.next + WINDOW - 1) % WINDOW];
        let relative = first.inverse() * last;
        let (axis, turn) = relative.to_axis_angle();
        let turn = if turn > std::f64::consts::PI {
            2.0 * std::f64::consts::PI - turn
        } else {
            turn
        };
        if turn < settings.min_turn_deg.to_radians() {
            return None;
        }
        if self.hand {
            return self.pivot_estimate(DVec3::ZERO, settings.hand_gate_m, axis, turn, settings);
        }
        if self.head {
            return self.pivot_estimate(
                settings.head_pivot,
                settings.head_gate_m,
                axis,
                turn,
                settings,
            );
        }
        if axis.x.abs() < settings.min_pitch_share {
            return None;
        }
        // The expected pivots (ball, heel), relative to the device.
        [
            (settings.ball, settings.gate_m, DVec3::new(0.0, turn, turn)),
            (
                settings.heel,
                settings.heel_gate_m,
                DVec3::new(0.0, 0.0, turn),
            ),
        ]
        .into_iter()
        .find_map(|(point, gate, weight)| {
            let expected = point - self.applied;
            let pivot = self.still_point(expected)?;
            ((pivot - expected).length() <= gate && self.residual(pivot) <= settings.max_residual_m)
                .then_some((point - pivot, weight))
        })
    }

    /// The offset a hand or head window implies (`point`, the wrist or the
    /// head's pivot in the bone frame, as its still point) and how much it
    /// counts per bone axis: the turn times how square the axis is to the
    /// turn's axis.
    fn pivot_estimate(
        &self,
        point: DVec3,
        gate_m: f64,
        axis: DVec3,
        turn: f64,
        settings: &OffsetRefineSettings,
    ) -> Option<(DVec3, DVec3)> {
        let expected = point - self.applied;
        let pivot = self.still_point(expected)?;
        let near = (pivot - expected).length() <= gate_m;
        let still = self.residual(pivot) <= settings.max_residual_m;
        let across = (DVec3::ONE - axis * axis).max(DVec3::ZERO);
        let across = DVec3::new(across.x.sqrt(), across.y.sqrt(), across.z.sqrt());
        (near && still).then_some((point - pivot, across * turn))
    }

    /// The point (bone frame, relative to the device) that moved least over
    /// the window, regularised toward `prior` along directions the turns do
    /// not show.
    fn still_point(&self, prior: DVec3) -> Option<DVec3> {
        let mats = self.rotations.map(DMat3::from_quat);
        let n = WINDOW as f64;
        let mean_r = mats.iter().fold(DMat3::ZERO, |a, m| a + *m) * (1.0 / n);
        let mean_p = self.positions.iter().copied().sum::<DVec3>() / n;
        let (mut h, mut g) = (DMat3::ZERO, DVec3::ZERO);
        for (m, p) in mats.iter().zip(&self.positions) {
            let a = *m - mean_r;
            h += a.transpose() * a;
            g += a.transpose() * (*p - mean_p);
        }
        let lambda = 0.02 * (h.x_axis.x + h.y_axis.y + h.z_axis.z) / 3.0;
        let regularised = h + DMat3::from_diagonal(DVec3::splat(lambda));
        if regularised.determinant().abs() < 1e-18 {
            return None;
        }
        let q = regularised.inverse() * (lambda * prior - g);
        q.is_finite().then_some(q)
    }

    /// The RMS distance of the point `q` (bone frame, relative to the
    /// device) from its mean world position over the window.
    fn residual(&self, q: DVec3) -> f64 {
        let world: [DVec3; WINDOW] =
            std::array::from_fn(|i| self.positions[i] + self.rotations[i] * q);
        let mean = world.iter().copied().sum::<DVec3>() / WINDOW as f64;
        let sq = world
            .iter()
            .map(|w| (*w - mean).length_squared())
            .sum::<f64>();
        (sq / WINDOW as f64).sqrt()
    }
}

#[cfg(test)]
#[path = "offset_refine_tests.rs"]
mod tests;
