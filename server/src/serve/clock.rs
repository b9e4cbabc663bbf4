//! Tracking a device sender's clock against the daemon's.
//!
//! A pushed sample carries its capture time in the sender's clock `x`; it
//! arrives at daemon time `a`. The apparent delay `y = a - x` is the clock
//! offset plus the transport delay, and the transport only ever adds delay:
//! the true offset lies along the *lower envelope* of the `(x, y)` points.
//! Two clocks drift apart (crystals differ by tens to hundreds of ppm), so
//! that envelope is a sloped line, not a constant: `y = offset + drift * x`.
//!
//! [`ClockTracker`] keeps the smallest apparent delay of each half-second
//! bin of sender time over a sliding window (30 s), and fits the line that
//! lies below every bin minimum and closest to them (the linear programme
//! of Moon, Skelly and Towsley, "Estimation and removal of clock skew from
//! network delay measurements", 1999: the edge of the points' lower convex
//! hull above their mean time). Delay spikes only raise points above the
//! envelope, so they do not move it; the window lets the line follow a
//! drifting clock. A bin whose minimum lies off the line by more than a
//! threshold (5 ms) is held back as a suspect; when the suspects keep
//! agreeing for 1.5 s, the sender's clock has stepped (a reset, an NTP
//! step, a new route) and the window restarts from them.
//!
//! The map from sender time to daemon time never puts a capture later than
//! its own arrival.

use std::collections::VecDeque;

/// How the tracker follows a clock; the defaults suit devices sending
/// tens to hundreds of samples per second over a LAN.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClockParams {
    /// Width of one bin of sender time, seconds.
    pub bin_s: f64,
    /// How much sender time the fit covers, seconds.
    pub window_s: f64,
    /// A bin minimum farther than this from the fitted line is a suspect
    /// (a possible clock step), seconds.
    pub step_threshold_s: f64,
    /// Suspects agreeing for this long (sender time) are a clock step,
    /// seconds.
    pub step_confirm_s: f64,
    /// Below this span of sender time the drift is not estimated (the
    /// previous estimate, or zero, is kept), seconds.
    pub min_drift_span_s: f64,
    /// The largest drift taken for a clock's, as a fraction (quartz clocks
    /// drift by tens of ppm); a steeper envelope means the sender is not
    /// sending in real time (a replay as fast as possible, a backlog), and
    /// the drift is held at this bound.
    pub max_drift: f64,
}

impl Default for ClockParams {
    fn default() -> Self {
        ClockParams {
            bin_s: 0.5,
            window_s: 30.0,
            step_threshold_s: 0.005,
            step_confirm_s: 1.5,
            min_drift_span_s: 2.0,
            max_drift: 2e-3,
        }
    }
}

/// One point: sender time `x`, apparent delay `y`, seconds.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Point {
    x: f64,
    y: f64,
}

/// A closed bin: its lowest point and the spread of its delays.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Bin {
    low: Point,
    spread_s: f64,
}

/// The bin being filled.
#[derive(Debug, Clone, Copy, PartialEq)]
struct OpenBin {
    start_x: f64,
    low: Point,
    high_y: f64,
}

/// The fitted envelope `y = y0 + drift * (x - x0)`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Line {
    x0: f64,
    y0: f64,
    drift: f64,
}

impl Line {
    fn at(&self, x: f64) -> f64 {
        self.y0 + self.drift * (x - self.x0)
    }
}

/// The tracked offset and drift between a sender's clock and the daemon's
/// (see the module documentation).
#[derive(Debug, Clone, PartialEq)]
pub struct ClockTracker {
    params: ClockParams,
    /// Accepted bins, oldest first.
    bins: VecDeque<Bin>,
    /// Closed bins off the line on the same side, oldest first.
    suspects: Vec<Bin>,
    open: Option<OpenBin>,
    line: Option<Line>,
    last_x: f64,
    steps: u32,
}

impl Default for ClockTracker {
    fn default() -> Self {
        ClockTracker::new(ClockParams::default())
    }
}

impl ClockTracker {
    /// A tracker that has seen nothing yet.
    pub fn new(params: ClockParams) -> ClockTracker {
        ClockTracker {
            params,
            bins: VecDeque::new(),
            suspects: Vec::new(),
            open: None,
            line: None,
            last_x: 0.0,
            steps: 0,
        }
    }

    /// Takes one sample captured at `sender_s` (sender's clock) that
    /// arrived at `arrival_s` (daemon's clock), and returns the capture
    /// time in the daemon's clock: on the tracked line, but never later
    /// than the arrival.
    pub fn observe(&mut self, sender_s: f64, arrival_s: f64) -> f64 {
        let p = Point {
            x: sender_s,
            y: arrival_s - sender_s,
        };
        if !(p.x.is_finite() && p.y.is_finite()) {
            return arrival_s;
        }
        match &mut self.open {
            Some(open) if p.x >= open.start_x && p.x < open.start_x + self.params.bin_s => {
                if p.y < open.low.y {
                    open.low = p;
                }
                open.high_y = open.high_y.max(p.y);
            }
            _ => {
                if let Some(open) = self.open.take() {
                    self.close(Bin {
                        low: open.low,
                        spread_s: open.high_y - open.low.y,
                    });
                }
                self.open = Some(OpenBin {
                    start_x: p.x,
                    low: p,
                    high_y: p.y,
                });
            }
        }
        if self.bins.is_empty() && self.suspects.is_empty() {
            // Before the first bin closes: the smallest delay so far.
            self.refit();
        }
        self.last_x = p.x;
        sender_s + self.offset_at(sender_s).min(p.y)
    }

    /// The offset at sender time `sender_s`: daemon time = sender time +
    /// offset, seconds (0 before any sample).
    pub fn offset_at(&self, sender_s: f64) -> f64 {
        self.line.map_or(0.0, |l| l.at(sender_s))
    }

    /// The offset at the latest sample, seconds (daemon time = sender time
    /// + offset).
    pub fn offset_s(&self) -> f64 {
        self.offset_at(self.last_x)
    }

    /// How fast the offset changes: the daemon's clock gains this much on
    /// the sender's per second, in parts per million (positive: the sender's
    /// clock runs slow).
    pub fn drift_ppm(&self) -> f64 {
        self.line.map_or(0.0, |l| l.drift * 1e6)
    }

    /// The typical spread of the apparent delay (the median, over the
    /// window's bins, of each bin's largest minus smallest delay), seconds.
    pub fn jitter_s(&self) -> f64 {
        let mut spreads: Vec<f64> = self.bins.iter().map(|b| b.spread_s).collect();
        if let Some(open) = &self.open {
            spreads.push(open.high_y - open.low.y);
        }
        if spreads.is_empty() {
            return 0.0;
        }
        spreads.sort_by(f64::total_cmp);
        spreads[spreads.len() / 2]
    }

    /// How many clock steps were detected (the window restarted).
    pub fn steps(&self) -> u32 {
        self.steps
    }

    /// Files a closed bin: accepted, held as a suspect, or (with enough
    /// agreeing suspects) the start of a new window.
    fn close(&mut self, bin: Bin) {
        let residual = self.line.map_or(0.0, |l| bin.low.y - l.at(bin.low.x));
        let threshold = self.params.step_threshold_s;
        if residual.abs() <= threshold || self.bins.is_empty() {
            // Suspects above the line were a delay burst (harmless to the
            // envelope); below it, a glitch that did not last.
            if self.suspects.first().is_some_and(|s| self.is_above(s)) {
                let held: Vec<Bin> = self.suspects.drain(..).collect();
                self.bins.extend(held);
            }
            self.suspects.clear();
            self.bins.push_back(bin);
        } else {
            let same_side = self
                .suspects
                .last()
                .is_none_or(|s| self.is_above(s) == (residual > 0.0));
            if !same_side {
                self.suspects.clear();
            }
            self.suspects.push(bin);
            let span = self.suspects.last().map_or(0.0, |l| l.low.x)
                - self.suspects.first().map_or(0.0, |f| f.low.x);
            if span + self.params.bin_s >= self.params.step_confirm_s {
                tracing::info!(
                    residual_ms = residual * 1e3,
                    "the sender's clock stepped; tracking it afresh"
                );
                self.bins = self.suspects.drain(..).collect();
                self.steps += 1;
            }
        }
        // Keep the window (bins are in arrival order; after a step backwards
        // in sender time the older bins were dropped with the step).
        let newest = bin.low.x;
        while self
            .bins
            .front()
            .is_some_and(|b| b.low.x < newest - self.params.window_s)
        {
            self.bins.pop_front();
        }
        self.refit();
    }

    /// Whether a bin lies above the current line.
    fn is_above(&self, bin: &Bin) -> bool {
        self.line.is_none_or(|l| bin.low.y > l.at(bin.low.x))
    }

    /// Fits the line to the accepted bins (and the open bin while nothing
    /// else is known).
    fn refit(&mut self) {
        let mut points: Vec<Point> = self.bins.iter().map(|b| b.low).collect();
        if points.is_empty() {
            points.extend(self.open.map(|o| o.low));
        }
        if points.is_empty() {
            return;
        }
        points.sort_by(|a, b| a.x.total_cmp(&b.x));
        let prior = self.line.map_or(0.0, |l| l.drift);
        self.line = Some(lower_envelope(
            &points,
            prior,
            self.params.min_drift_span_s,
            self.params.max_drift,
        ));
    }
}

/// The line below every point (sorted by `x`) that is closest to them in
/// total: the edge of their lower convex hull above their mean `x`. Over a
/// span shorter than `min_span`, the slope `prior` is kept and the line
/// lowered onto the points; a slope steeper than `max_slope` is held at
/// that bound the same way.
fn lower_envelope(points: &[Point], prior: f64, min_span: f64, max_slope: f64) -> Line {
    let mut slope = prior.clamp(-max_slope, max_slope);
    let n = points.len() as f64;
    let mean_x = points.iter().map(|p| p.x).sum::<f64>() / n;
    let span = points.last().map_or(0.0, |l| l.x) - points.first().map_or(0.0, |f| f.x);
    if span >= min_span {
        let mut hull: Vec<Point> = Vec::with_capacity(points.len());
        for &p in points {
            while hull.len() >= 2 {
                let (a, b) = (hull[hull.len() - 2], hull[hull.len() - 1]);
                // Drop b unless a -> b -> p turns left (counter-clockwise).
                let cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
                if cross <= 0.0 {
                    hull.pop();
                } else {
                    break;
                }
            }
            hull.push(p);
        }
        for edge in hull.windows(2) {
            let (a, b) = (edge[0], edge[1]);
            if a.x <= mean_x && mean_x <= b.x && b.x > a.x {
                let drift = (b.y - a.y) / (b.x - a.x);
                if drift.abs() <= max_slope {
                    return Line {
                        x0: a.x,
                        y0: a.y,
                        drift,
                    };
                }
                slope = drift.clamp(-max_slope, max_slope);
            }
        }
    }
    let y0 = points
        .iter()
        .map(|p| p.y - slope * (p.x - mean_x))
        .fold(f64::INFINITY, f64::min);
    Line {
        x0: mean_x,
        y0,
        drift: slope,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (tests need no rand dependency).
    struct Lcg(u64);

    impl Lcg {
        fn uniform(&mut self) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((self.0 >> 11) as f64 + 0.5) / (1u64 << 53) as f64
        }

        /// Exponentially distributed with this mean.
        fn exponential(&mut self, mean: f64) -> f64 {
            -mean * self.uniform().ln()
        }
    }

    /// A sender whose clock runs `ppm` fast against the daemon's, stepped
    /// by `steps` (daemon time, jump in seconds), sending at 90 Hz over a
    /// network with a 0.4 ms floor, exponential jitter (mean 1 ms), 2 % of
    /// samples late by 20-200 ms and a 1 s burst of +30 ms every 40 s.
    /// Returns the worst error, outside `settle_s` after the start and each
    /// step, between where the tracker puts each capture and where it
    /// belongs (capture + floor, in daemon time).
    fn worst_error(ppm: f64, seconds: f64, steps: &[(f64, f64)], settle_s: f64) -> (f64, u32) {
        let mut tracker = ClockTracker::default();
        let mut rng = Lcg(7);
        let floor = 0.0004;
        let mut worst: f64 = 0.0;
        let mut jump = 0.0;
        let mut settled_after = settle_s;
        let frames = (seconds * 90.0) as usize;
        for k in 0..frames {
            let t = k as f64 / 90.0;
            for &(at, by) in steps {
                if t >= at && t - 1.0 / 90.0 < at {
                    jump += by;
                    settled_after = at + settle_s;
                }
            }
            let sender = 5_000.0 + t * (1.0 + ppm * 1e-6) + jump;
            let mut delay = floor + rng.exponential(0.001);
            if rng.uniform() < 0.02 {
                delay += 0.02 + 0.18 * rng.uniform();
            }
            if t % 40.0 > 20.0 && t % 40.0 < 21.0 {
                delay += 0.03;
            }
            let mapped = tracker.observe(sender, t + delay);
            assert!(mapped <= t + delay + 1e-12, "mapped after its arrival");
            if t >= settled_after {
                worst = worst.max((mapped - (t + floor)).abs());
            }
        }
        (worst, tracker.steps())
    }

    #[test]
    fn a_drifting_sender_clock_is_tracked_within_a_quarter_millisecond() {
        // 5 minutes, the sender 200 ppm fast, then 200 ppm slow: 60 ms of
        // drift either way, which an all-time minimum could not follow.
        for ppm in [200.0, -200.0] {
            let (worst, steps) = worst_error(ppm, 300.0, &[], 3.0);
            println!("{ppm} ppm over 300 s: worst error {:.3} ms", worst * 1e3);
            assert!(worst < 0.000_25, "{ppm} ppm: worst error {worst} s");
            assert_eq!(steps, 0, "{ppm} ppm: no step in a smooth drift");
        }
    }

    #[test]
    fn the_drift_and_offset_are_reported() {
        let mut tracker = ClockTracker::default();
        let mut rng = Lcg(3);
        for k in 0..(60 * 90) {
            let t = k as f64 / 90.0;
            let sender = 100.0 + t * (1.0 - 150e-6);
            tracker.observe(sender, t + 0.001 + rng.exponential(0.002));
        }
        // The sender runs slow: the daemon gains 150 ppm.
        let drift = tracker.drift_ppm();
        assert!((drift - 150.0).abs() < 20.0, "drift {drift} ppm");
        // At the last sample (t = 60 s), offset = t + 1 ms - sender.
        let t = (60.0 * 90.0 - 1.0) / 90.0;
        let expected = t + 0.001 - (100.0 + t * (1.0 - 150e-6));
        assert!(
            (tracker.offset_s() - expected).abs() < 0.0005,
            "offset {} vs {expected}",
            tracker.offset_s()
        );
        let jitter = tracker.jitter_s();
        assert!(jitter > 0.001 && jitter < 0.05, "jitter {jitter}");
    }

    #[test]
    fn a_sender_clock_reset_is_recovered() {
        // At 100 s the sender's clock jumps 2.5 s ahead, at 200 s it is
        // reset 1000 s back; within 3 s of each the error is small again.
        let (worst, steps) = worst_error(200.0, 300.0, &[(100.0, 2.5), (200.0, -1000.0)], 3.0);
        println!(
            "steps +2.5 s and -1000 s: worst error {:.3} ms",
            worst * 1e3
        );
        assert!(worst < 0.000_25, "worst error {worst} s");
        assert_eq!(steps, 2);
    }

    #[test]
    fn the_first_sample_gives_its_own_delay() {
        let mut c = ClockTracker::default();
        // Sender clock 1000 s ahead of the daemon; delays 5, 2 and 9 ms.
        assert!((c.observe(1000.0, 0.005) - 0.005).abs() < 1e-9);
        assert!((c.offset_s() + 999.995).abs() < 1e-9);
        c.observe(1000.1, 0.102);
        c.observe(1000.2, 0.209);
        assert!((c.offset_s() + 999.998).abs() < 1e-9, "{}", c.offset_s());
        assert_eq!(c.drift_ppm(), 0.0);
    }

    #[test]
    fn the_envelope_lies_under_every_point() {
        let points: Vec<Point> = (0..20)
            .map(|i| Point {
                x: f64::from(i),
                y: 0.01 * f64::from(i) + if i % 3 == 0 { 0.0 } else { 0.5 },
            })
            .collect();
        let line = lower_envelope(&points, 0.0, 2.0, 0.1);
        assert!((line.drift - 0.01).abs() < 1e-12, "{line:?}");
        assert!(points.iter().all(|p| p.y >= line.at(p.x) - 1e-12));
        // Steeper than a clock can drift: held at the bound, still below.
        let held = lower_envelope(&points, 0.0, 2.0, 0.001);
        assert_eq!(held.drift, 0.001);
        assert!(points.iter().all(|p| p.y >= held.at(p.x) - 1e-12));
    }

    #[test]
    fn a_take_sent_faster_than_real_time_keeps_a_clock_like_drift() {
        // 20 s of samples sent within 0.2 s: not a clock drifting.
        let mut tracker = ClockTracker::default();
        for k in 0..1800 {
            let sender = f64::from(k) / 90.0;
            let arrival = 0.5 + sender / 100.0;
            let mapped = tracker.observe(sender, arrival);
            assert!(mapped <= arrival + 1e-12);
        }
        assert!(
            tracker.drift_ppm().abs() <= 2000.0,
            "{}",
            tracker.drift_ppm()
        );
    }
}
