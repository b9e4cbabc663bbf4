//! When a hand takes hold and lets go: the design's attachment and
//! detachment conditions, evaluated per hand per tick from the controller's
//! grip (0 open .. 1 closed), the hand's speed and what it touches.
//!
//! - **Attach**: the hand touches a free-moving object and the fingers are
//!   closing: the grip rose past `close` within the last `closing_window_s`
//!   (a hand that bumps into something with the grip already closed does
//!   not pick it up).
//! - **Detach**: the grip opens below `open`; or, a throw, the hand moves
//!   at `throw_speed_m_s` or faster while the grip is opening below
//!   `close`, so the object leaves at the moment the fingers start to
//!   open, with the hand's momentum.

use super::objects::ObjectId;

/// How hands grab, hold and let go.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GrabSettings {
    /// Whether grips grab at all (off: objects are only pushed around; the
    /// API's GrabObject still works).
    pub enabled: bool,
    /// The grip value that counts as closed, 0..1.
    pub close: f64,
    /// The grip value below which the hand lets go, 0..1 (below `close`).
    pub open: f64,
    /// How long after the grip closed a touch still grabs, seconds.
    pub closing_window_s: f64,
    /// How near the hand's surface must come to the object's, metres.
    pub reach_m: f64,
    /// Hand speed at which an opening grip throws, m/s.
    pub throw_speed_m_s: f64,
    /// The most one hand's hold carries over one 90 Hz step, N s (a
    /// force of this times 90 N): more breaks the hold (a weight too
    /// heavy, a yank). 2.5 N s is 225 N, about 23 kg held still.
    pub break_impulse_n_s: f64,
}

impl Default for GrabSettings {
    fn default() -> Self {
        GrabSettings {
            enabled: true,
            close: 0.6,
            open: 0.3,
            closing_window_s: 0.3,
            reach_m: 0.03,
            throw_speed_m_s: 1.5,
            break_impulse_n_s: 2.5,
        }
    }
}

/// What a hand does this tick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GripAction {
    /// Nothing changes.
    Keep,
    /// Take hold of this object.
    Attach(ObjectId),
    /// Let go of what it holds.
    Release,
}

/// One hand's grip over time.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct HandGrip {
    /// The newest grip from the controller.
    grip: f64,
    /// The grip at the last decision.
    last: f64,
    /// When the grip last rose past `close` (while it stays closed).
    closed_at: Option<f64>,
    /// Whether the grip has been closed during the hold now: a hold an
    /// application made (GrabObject) is let go by the grip only after the
    /// grip closed once.
    closed_in_hold: bool,
}

impl HandGrip {
    /// Takes the controller's newest grip value (0..1; anything else
    /// reads as open).
    pub fn set(&mut self, grip: f64) {
        self.grip = if grip.is_finite() {
            grip.clamp(0.0, 1.0)
        } else {
            0.0
        };
    }

    /// The grip now.
    pub fn grip(&self) -> f64 {
        self.grip
    }

    /// This tick's decision at time `t`: `holding` whether the hand holds
    /// something now, `touching` the free-moving object within reach (if
    /// any; asked only while the fingers close), `hand_speed` m/s.
    pub fn decide(
        &mut self,
        t: f64,
        holding: bool,
        touching: impl FnOnce() -> Option<ObjectId>,
        hand_speed: f64,
        s: &GrabSettings,
    ) -> GripAction {
        let (grip, last) = (self.grip, self.last);
        self.last = grip;
        if grip < s.close {
            self.closed_at = None;
        } else if last < s.close {
            self.closed_at = Some(t);
        }
        if !holding {
            self.closed_in_hold = false;
        } else if grip >= s.close {
            self.closed_in_hold = true;
        }
        if holding {
            if !self.closed_in_hold {
                return GripAction::Keep;
            }
            let opening = grip < last && grip < s.close;
            if grip < s.open || (opening && hand_speed >= s.throw_speed_m_s) {
                return GripAction::Release;
            }
            return GripAction::Keep;
        }
        let closing = self
            .closed_at
            .is_some_and(|c| t - c <= s.closing_window_s.max(0.0));
        if !(s.enabled && closing) {
            return GripAction::Keep;
        }
        match touching() {
            Some(object) => {
                self.closed_at = None;
                self.closed_in_hold = true;
                GripAction::Attach(object)
            }
            None => GripAction::Keep,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(
        hand: &mut HandGrip,
        t: f64,
        grip: f64,
        holding: bool,
        touching: bool,
        speed: f64,
    ) -> GripAction {
        hand.set(grip);
        let touching = touching.then_some(ObjectId(1));
        hand.decide(t, holding, || touching, speed, &GrabSettings::default())
    }

    #[test]
    fn closing_on_an_object_grabs_and_opening_lets_go() {
        let mut h = HandGrip::default();
        assert_eq!(run(&mut h, 0.0, 0.0, false, true, 0.0), GripAction::Keep);
        assert_eq!(run(&mut h, 0.1, 0.5, false, true, 0.0), GripAction::Keep);
        assert_eq!(
            run(&mut h, 0.2, 0.8, false, true, 0.0),
            GripAction::Attach(ObjectId(1))
        );
        assert_eq!(run(&mut h, 0.3, 0.8, true, true, 0.0), GripAction::Keep);
        // Slowly opening: held until the grip is open.
        assert_eq!(run(&mut h, 0.4, 0.4, true, true, 0.5), GripAction::Keep);
        assert_eq!(run(&mut h, 0.5, 0.2, true, true, 0.5), GripAction::Release);
    }

    #[test]
    fn a_closed_hand_bumping_into_an_object_does_not_grab_it() {
        let mut h = HandGrip::default();
        run(&mut h, 0.0, 0.0, false, false, 0.0);
        // Closes in the air, touches a second later.
        assert_eq!(run(&mut h, 0.1, 1.0, false, false, 0.0), GripAction::Keep);
        assert_eq!(run(&mut h, 1.1, 1.0, false, true, 0.0), GripAction::Keep);
        // Closes just before touching: grabs.
        run(&mut h, 1.2, 0.0, false, false, 0.0);
        run(&mut h, 1.3, 1.0, false, false, 0.0);
        assert_eq!(
            run(&mut h, 1.4, 1.0, false, true, 0.0),
            GripAction::Attach(ObjectId(1))
        );
    }

    #[test]
    fn a_fast_hand_throws_as_soon_as_the_grip_opens() {
        let mut h = HandGrip::default();
        run(&mut h, 0.0, 0.0, false, true, 0.0);
        run(&mut h, 0.1, 1.0, false, true, 0.0);
        assert_eq!(run(&mut h, 0.2, 1.0, true, false, 4.0), GripAction::Keep);
        assert_eq!(
            run(&mut h, 0.3, 0.55, true, false, 4.0),
            GripAction::Release
        );
        // The same opening on a slow hand holds on.
        let mut h = HandGrip::default();
        run(&mut h, 0.0, 1.0, true, false, 0.0);
        assert_eq!(run(&mut h, 0.1, 0.55, true, false, 0.5), GripAction::Keep);
        // A NaN grip reads as open.
        assert_eq!(
            run(&mut h, 0.2, f64::NAN, true, false, 0.0),
            GripAction::Release
        );
    }

    #[test]
    fn a_hold_an_application_made_lasts_until_the_grip_closes_and_opens() {
        let mut h = HandGrip::default();
        run(&mut h, 0.0, 0.0, false, false, 0.0);
        // GrabObject made a hold; the grip is open and stays so.
        for k in 1..10 {
            let t = f64::from(k) * 0.1;
            assert_eq!(run(&mut h, t, 0.0, true, false, 3.0), GripAction::Keep);
        }
        assert_eq!(run(&mut h, 1.0, 0.9, true, false, 0.0), GripAction::Keep);
        assert_eq!(run(&mut h, 1.1, 0.1, true, false, 0.0), GripAction::Release);
    }
}
