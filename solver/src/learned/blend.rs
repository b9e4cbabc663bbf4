//! How every learned component's answer meets the rules it replaces: the
//! answer is smoothed causally (exponentially) and its weight ramps toward
//! its most while answers come and back to 0 when they stop, the last
//! answer held while it fades out, so a switch never jumps.

/// The smoothed answer and its blend weight.
#[derive(Debug, Clone)]
pub struct Blended<T> {
    smoothed: Option<T>,
    weight: f64,
}

impl<T> Default for Blended<T> {
    fn default() -> Self {
        Blended {
            smoothed: None,
            weight: 0.0,
        }
    }
}

/// The share of the way an exponential smoothing with time constant `tau`
/// (seconds; 0: none) moves in `dt`.
pub fn smoothing_share(dt: f64, tau: f64) -> f64 {
    if tau > 0.0 {
        1.0 - (-dt / tau).exp()
    } else {
        1.0
    }
}

impl<T: Copy> Blended<T> {
    /// One tick of `dt` with a `fresh` answer or none: the weight moves by
    /// at most `dt / blend_s` toward `most` (a fresh answer; `most` may
    /// change between ticks) or 0, the answer
    /// toward the fresh one by [`smoothing_share`] (`toward(from, to, a)`),
    /// starting over from a fresh answer once faded out. The smoothed
    /// answer and its weight, while the weight is above 0.
    pub fn update(
        &mut self,
        (dt, blend_s, smoothing_s): (f64, f64, f64),
        most: f64,
        fresh: Option<T>,
        toward: impl Fn(&T, &T, f64) -> T,
    ) -> Option<(T, f64)> {
        let step = dt / blend_s.max(1e-3);
        let target = if fresh.is_some() { most } else { 0.0 };
        self.weight = if self.weight < target {
            (self.weight + step).min(target)
        } else {
            (self.weight - step).max(target)
        };
        if let Some(x) = fresh {
            let a = smoothing_share(dt, smoothing_s);
            self.smoothed = Some(match self.smoothed {
                Some(s) if self.weight > step => toward(&s, &x, a),
                _ => x,
            });
        }
        if self.weight <= 0.0 {
            self.smoothed = None;
        }
        self.smoothed.map(|s| (s, self.weight))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toward(a: &f64, b: &f64, s: f64) -> f64 {
        a + s * (b - a)
    }

    #[test]
    fn the_weight_ramps_in_and_out_and_the_answer_is_smoothed() {
        let mut b = Blended::default();
        let dt = 0.1;
        let first = b.update((dt, 0.3, 0.1), 1.0, Some(1.0), toward);
        assert_eq!(first.map(|(x, _)| x), Some(1.0));
        let w: Vec<f64> = (0..4)
            .filter_map(|_| b.update((dt, 0.3, 0.1), 1.0, Some(2.0), toward))
            .map(|(_, w)| w)
            .collect();
        assert!(
            (w[1] - 1.0).abs() < 1e-9 && (w[3] - 1.0).abs() < 1e-9,
            "{w:?}"
        );
        // Smoothed: 1 -> 2 over 4 ticks of a 0.1 s time constant.
        let (x, _) = b
            .update((dt, 0.3, 0.1), 1.0, Some(2.0), toward)
            .unwrap_or((0.0, 0.0));
        assert!(x > 1.9 && x < 2.0, "{x}");
        // A ceiling below 1, and the fade-out holding the last answer.
        let mut c = Blended::default();
        for _ in 0..10 {
            c.update((dt, 0.3, 0.0), 0.5, Some(3.0), toward);
        }
        let held = c.update((dt, 0.3, 0.0), 0.5, None, toward);
        assert_eq!(held.map(|(x, _)| x), Some(3.0));
        assert!(held.is_some_and(|(_, w)| (w - (0.5 - 1.0 / 3.0)).abs() < 1e-9));
        assert!(c.update((dt, 0.3, 0.0), 0.5, None, toward).is_none());
        assert_eq!(smoothing_share(0.1, 0.0), 1.0);
    }

    #[test]
    fn a_falling_ceiling_lowers_the_weight_at_the_ramp_rate_not_at_once() {
        let mut b = Blended::default();
        for _ in 0..10 {
            b.update((0.1, 0.3, 0.0), 1.0, Some(1.0), toward);
        }
        let w: Vec<f64> = (0..3)
            .filter_map(|_| b.update((0.1, 0.3, 0.0), 0.2, Some(1.0), toward))
            .map(|(_, w)| w)
            .collect();
        assert!((w[0] - (1.0 - 1.0 / 3.0)).abs() < 1e-9, "{w:?}");
        assert!((w[2] - 0.2).abs() < 1e-9, "{w:?}");
    }
}
